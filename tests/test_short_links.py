"""Short links (issue 34, item 3): a position shared as a compact URL-safe code (zlib, then
base64), each move its place among the legal ones; at most 400 characters for every scenario of
the tests, a whole game included; old long links still load; a damaged code is refused in
French."""

from __future__ import annotations

import base64
import importlib
import json
import random
import zlib
from typing import Any
from urllib.parse import quote

import pytest

from tests.test_scenarios import TEXTS, rule_file_scenario
from tutor.engine import scenario as sc
from tutor.games import GAMES
from tutor.ui.bridge import query_value

PAGES = ("vautours", "drahtseilakt", "vampir", "vaiko")
#: the longest address a shared link may have
LIMIT = 400
#: the page's address in the served app, as long as the longest of ours
ORIGIN = "http://127.0.0.1:8866/voila/render/"


def engine(game: str) -> Any:
    return GAMES[game].engine()


def link(game: str, code: str) -> str:
    return f"{ORIGIN}{GAMES[game].notebook}?scenario={code}"


def examples(game: str) -> list[str]:
    """Every scenario text the tests write for ``game``."""
    out = [engine(game).SCENARIO.example, rule_file_scenario(game)[0]]
    return out + ([TEXTS[game]] if game in TEXTS else [])


def whole_game(game: str, players: int, seed: int) -> tuple[Any, list[Any], Any]:
    e = engine(game)
    start = e.new_game(["Alex", "Béa", "Chloé", "Dario", "Léo", "Emma"][:players], seed=seed)
    rng, state, actions = random.Random(seed), start, []
    while not e.is_over(state):
        seat = e.current_seats(state)[0]
        action = rng.choice(e.legal_actions(state, seat))
        state, _ = e.apply(state, action)
        actions.append(action)
    return start, actions, state


@pytest.mark.parametrize("game", PAGES)
def test_every_test_scenario_has_a_link_of_at_most_400_characters(game: str) -> None:
    e = engine(game)
    for text in examples(game):
        data = sc.parse_text(text)
        built = sc.build(e, sc.read(e, data, game))
        actions = [a for a, _, _ in built.steps]
        code = sc.encode_link(e, game, built.start, actions, source=data)
        assert len(link(game, code)) <= LIMIT, (len(link(game, code)), text)
        assert len(quote(text, safe="")) > len(code)
        back = sc.decode_link(e, code, game)
        assert back.start == built.start and back.state == built.state
        assert [a for a, _, _ in back.steps] == actions


@pytest.mark.parametrize("game", PAGES)
def test_a_whole_game_dealt_by_its_number_fits_in_a_link(game: str) -> None:
    e = engine(game)
    for players in (e.MIN_PLAYERS, e.MAX_PLAYERS):
        start, actions, end = whole_game(game, players, seed=11)
        code = sc.encode_link(e, game, start, actions, seed=11)
        assert len(link(game, code)) <= LIMIT, (game, players, len(code))
        assert sc.decode_link(e, code, game).state == end
        # without the game number, the record itself travels (as the scenario text writes
        # it: a record that plays the same): still a valid link
        back = sc.decode_link(e, sc.encode_link(e, game, start, actions), game).state
        assert e.SCENARIO.facts(back) == e.SCENARIO.facts(end)
        assert e.outcome(back) == e.outcome(end)


def test_a_wrong_game_number_is_never_trusted() -> None:
    e = engine("vautours")
    start, actions, end = whole_game("vautours", 3, seed=4)
    code = sc.encode_link(e, "vautours", start, actions, seed=5)  # not the one that dealt it
    assert sc.link_origin(code)[0] is None
    assert sc.decode_link(e, code, "vautours").state == end


def pack(head: dict[str, Any], tail: bytes = b"") -> str:
    raw = zlib.compress(json.dumps(head).encode() + b"\0" + tail)
    return base64.urlsafe_b64encode(raw).rstrip(b"=").decode()


@pytest.mark.parametrize("code, says", [
    ("", "vide ou trop long"),
    ("a" * 5000, "vide ou trop long"),
    ("abc$def", "caractères"),
    ("eJzLSM3JyQcABiwCFQ", "abîmé"),                       # zlib of "hello": not a position
    (pack({"f": 99, "g": "vautours", "p": ["A", "B"]}), "autre version"),
    (pack({"f": 1, "g": "vautours", "p": ["A", "B"], "n": 1}, bytes([200])),
     "coup 1 n’est pas un coup possible"),
    (pack({"f": 1, "g": "vautours", "p": ["A", "B"], "n": -1}), "numéro de partie"),
    (base64.urlsafe_b64encode(zlib.compress(b"\0" * 1_000_000, 9)).decode().rstrip("="),
     "trop de choses"),
])
def test_a_damaged_link_is_refused_in_french(code: str, says: str) -> None:
    with pytest.raises(sc.ScenarioError) as e:
        sc.decode_link(engine("vautours"), code, "vautours")
    assert says in str(e.value).replace("\u202f", " ")
    assert "Copier le lien" in str(e.value) or "copiez" in str(e.value)


def test_a_cut_or_altered_link_is_refused() -> None:
    e = engine("vautours")
    start, actions, _ = whole_game("vautours", 3, seed=4)
    code = sc.encode_link(e, "vautours", start, actions, seed=4)
    for bad in (code[: len(code) // 2], code[:-3], code[:10] + ("A" if code[10] != "A" else "B")
                + code[11:]):
        with pytest.raises(sc.ScenarioError, match="Ce lien ne se lit pas"):
            sc.decode_link(e, bad, "vautours")


def test_a_link_of_another_game_is_refused() -> None:
    e = engine("vampir")
    start, actions, _ = whole_game("vampir", 3, seed=2)
    code = sc.encode_link(e, "vampir", start, actions[:5], seed=2)
    with pytest.raises(sc.ScenarioError, match="pas pour"):
        sc.decode_link(engine("vautours"), code, "vautours")


def sandbox(game: str) -> Any:
    return importlib.import_module(GAMES[game].page_module).sandbox()


@pytest.mark.parametrize("game", PAGES)
def test_the_sandbox_shares_a_short_link_that_opens_the_same_position(game: str) -> None:
    board = sandbox(game)
    rng = random.Random(3)
    for _ in range(12):
        seat = board.acting_seat(board.session.step)
        if seat is None:
            break
        board.play(rng.choice(board.engine.legal_actions(board.session.state, seat)))
    board.scenario.link_button.click()
    assert board.error.value == ""
    url = board.scenario.url.value
    assert board.scenario.copy.text == url and board.scenario.copy.layout.display == ""
    assert len(url) <= LIMIT
    other = sandbox(game)
    other.guard(other.scenario.from_query)("?" + url.split("?", 1)[1])
    assert other.error.value == ""
    assert other.session.state == board.session.state
    assert "Scénario chargé depuis le lien." in other.scenario.status.value
    # the link made again from the opened position is the same
    other.scenario.link_button.click()
    assert query_value("?" + other.scenario.url.value.split("?", 1)[1], "scenario") == \
        query_value("?" + url.split("?", 1)[1], "scenario")


def test_a_position_loaded_from_text_shares_its_written_chance_not_the_whole_record() -> None:
    board = sandbox("drahtseilakt")
    board.scenario.load(TEXTS["drahtseilakt"])
    board.scenario.link_button.click()
    code = query_value("?" + board.scenario.url.value.split("?", 1)[1], "scenario")
    assert code is not None
    seed, chance = sc.link_origin(code)
    assert seed is None and chance is not None and len(chance["donnes"]) == 1
    assert sc.decode_link(board.engine, code, "drahtseilakt").state == board.session.state


def test_an_old_long_link_still_loads() -> None:
    board = sandbox("vampir")
    old = TEXTS["vampir"]  # written with the old location codes (castle, pub…)
    assert "castle" in old
    board.guard(board.scenario.from_query)("?scenario=" + quote(old, safe=""))
    assert board.error.value == ""
    assert board.session.state == sc.load(board.engine, old, "vampir").state


def test_a_damaged_link_in_the_address_shows_a_french_reason_and_changes_nothing() -> None:
    board = sandbox("vautours")
    before = board.session.state
    board.guard(board.scenario.from_query)("?scenario=eJzLSM3JyQcABiwCFQ")
    assert "abîmé" in board.error.value
    assert board.session.state is before

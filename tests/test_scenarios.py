"""Exact scenarios (:mod:`tutor.engine.scenario`, the « Scénario » panel of every sandbox).

Per game: a scenario written as text gives exactly the table it describes (hands, pile or deck,
whose turn); any game's position round-trips through its text (the text rebuilds a position that
plays the same, and a position built from text comes back equal); every impossible scenario is
refused with a French reason and changes nothing, in the engine and in the sandbox; a link's
``?scenario=`` sets the sandbox up and says so.
"""

from __future__ import annotations

import importlib
import json
import random
import subprocess
import sys
from pathlib import Path
from typing import Any
from urllib.parse import quote

import pytest

from tutor import rules
from tutor.engine import IllegalAction
from tutor.engine import scenario as sc
from tutor.games import GAMES
from tutor.ui.bridge import query_value
from tutor.ui.table import Sandbox

NAMES = ["Anke", "Bernd", "Chris", "Doro", "Emil", "Fanny"]

# a scenario per game, written by hand, and the table it must give
TEXTS = {
    "vautours": '''
joueurs = ["Anke", "Bernd", "Chris"]
pioche = [5, 3, -2]
coups = [
  { joueur = "Anke", carte = 10 },
  { joueur = "Bernd", carte = 10 },
  { joueur = "Chris", carte = 10 },
]
''',
    "drahtseilakt": '''
joueurs = ["Alex", "Bea", "Carla"]
donneur = "Bea"
coups = [{ joueur = "Carla", carte = 29 }]

[[donnes]]
score = [3, "0 bleu", 4]
mains.Alex = [1, 2, 3, 4, 5, 6, 7, 8, 9]
mains.Bea = [11, 12, 13, 14, 15, 16, 17, 18, 19]
mains.Carla = [21, 22, 23, 24, 25, 26, 27, 28, 29]
''',
    "vampir": '''
joueurs = ["Anke", "Bernd", "Chris"]
variante = "manche-unique"
premier = "Bernd"
coups = [{ joueur = "Bernd", action = "piocher" }]

[[donnes]]
pioche = ["church:2", "castle:1", "joker"]

[donnes.mains]
Anke = ["castle:1", "castle:2", "pub:1", "joker"]
Bernd = ["docks:1", "docks:2", "church:1", "joker"]
Chris = ["pub:2", "pub:1", "madhouse:1", "graveyard:2"]
''',
    "vaiko": '''
joueurs = ["Alex", "Bea"]
mains = { Alex = [3, 9, "Vision", 0], Bea = [8, 5, "x2", "échange"] }
defausse = 7
pioche = [5, 1]
coups = [{ joueur = "Alex", action = "regarder", carte = 4 }]
''',
}

EXPECTED: dict[str, dict[str, Any]] = {
    "vautours": {"a_jouer": ["Anke", "Bernd", "Chris"], "pile": [5, 3],
                 "gains": {"Anke": [], "Bernd": [], "Chris": []},
                 "mains": {p: [c for c in range(1, 16) if c != 10]
                           for p in ("Anke", "Bernd", "Chris")}},
    "drahtseilakt": {"a_jouer": ["Alex"], "entame": "Carla", "revelees": [3],
                     "pli_en_cours": {"Carla": 29},
                     "mains": {"Alex": list(range(1, 10)), "Bea": list(range(11, 20)),
                               "Carla": list(range(21, 29))}},
    "vampir": {"a_jouer": ["Bernd"], "trait": "Bernd", "phase": "drawn",
               "mains": {"Anke": ["castle:1", "castle:2", "pub:1", "joker"],
                         "Bernd": ["church:2", "castle:1", "docks:1", "docks:2", "church:1",
                                   "joker"],
                         "Chris": ["pub:1", "pub:2", "madhouse:1", "graveyard:2"]}},
    "vaiko": {"a_jouer": ["Bea"], "phase": "peek", "defausse": ["7"],
              "mains": {"Alex": ["3", "9", "Vision", "0"], "Bea": ["8", "5", "×2", "Échange"]}},
}


def engine_of(game: str) -> Any:
    return GAMES[game].engine()


def rule_file_scenario(game: str) -> tuple[str, dict[str, Any]]:
    """A game without a hand-written scenario above: the first ``type = "scenario"`` worked
    example of its rule file with at least one move (the sandbox's undo needs one), as a
    scenario text, and what its ``[attendu]`` says."""
    for example in rules.load(game).examples.values():
        if example.data.get("type") == "scenario" and example.data.get("coups"):
            data = {k: v for k, v in example.data.items() if k not in sc.EXAMPLE_KEYS}
            data.pop("type", None)
            return sc.to_toml(data), dict(example.data.get("attendu", {}))
    raise AssertionError(f"{game}: no worked example of type \"scenario\" with at least one "
                         "move (coups) in its rule file")


def text_of(game: str) -> str:
    return TEXTS[game] if game in TEXTS else rule_file_scenario(game)[0]


def expected_of(game: str) -> dict[str, Any]:
    return EXPECTED[game] if game in EXPECTED else rule_file_scenario(game)[1]


def facts(game: str, state: Any) -> dict[str, Any]:
    engine = engine_of(game)
    out = dict(engine.SCENARIO.facts(state))
    out["a_jouer"] = [] if engine.is_over(state) else list(engine.current_seats(state))
    return out


def sorted_cards(value: Any) -> Any:
    """Hands compared as sets of cards where the game keeps them sorted its own way."""
    return {p: sorted(map(str, cs)) for p, cs in value.items()}


@pytest.mark.parametrize("game", list(GAMES))
def test_a_scenario_written_by_hand_gives_exactly_its_table(game: str) -> None:
    built = sc.load(engine_of(game), text_of(game), game)
    got = facts(game, built.state)
    if game not in EXPECTED:  # from the rule file: the outcome too
        engine = engine_of(game)
        got["fin"] = engine.is_over(built.state)
        if got["fin"]:
            got["vainqueurs"] = list(engine.outcome(built.state).winners)
    for key, value in expected_of(game).items():
        if key == "mains" and game == "vampir":
            assert sorted_cards(got[key]) == sorted_cards(value)
        else:
            assert got[key] == value, key
    assert len(built.steps) == text_of(game).count("joueur =")


def test_what_the_text_leaves_out_comes_from_graine() -> None:
    engine = engine_of("vautours")
    one = sc.load(engine, 'joueurs = ["A", "B"]\npioche = [5]\ngraine = 1\n').state
    same = sc.load(engine, 'joueurs = ["A", "B"]\npioche = [5]\ngraine = 1\n').state
    other = sc.load(engine, 'joueurs = ["A", "B"]\npioche = [5]\ngraine = 2\n').state
    assert one == same and one.deck != other.deck and one.pile == other.pile == (5,)


def random_game(engine: Any, n: int, seed: int, preset: str,
                limit: int = 400) -> tuple[Any, list[Any], Any]:
    start = engine.new_game(NAMES[:n], seed=seed, variant=preset)
    rng = random.Random(seed)
    state, actions = start, list[Any]()
    while not engine.is_over(state) and len(actions) < limit:
        seat = engine.current_seats(state)[0]
        action = rng.choice(engine.legal_actions(state, seat))
        state, _ = engine.apply(state, action)
        actions.append(action)
    return start, actions, state


@pytest.mark.parametrize("game", list(GAMES))
def test_any_position_round_trips_through_its_text(game: str) -> None:
    engine = engine_of(game)
    for k, preset in enumerate(engine.PRESETS):
        n = engine.MIN_PLAYERS + k % (engine.MAX_PLAYERS - engine.MIN_PLAYERS + 1)
        start, actions, state = random_game(engine, n, 3 + k, preset)
        for cut in (0, len(actions) // 2, len(actions)):
            text = sc.dump(engine, game, start, actions[:cut])
            built = sc.load(engine, text, game)
            reached = start
            for action in actions[:cut]:
                reached, _ = engine.apply(reached, action)
            # the text keeps everything play depends on: the same table, the same choices
            assert engine.view(built.state, None) == engine.view(reached, None)
            if not engine.is_over(reached):
                seat = engine.current_seats(reached)[0]
                assert engine.legal_actions(built.state, seat) == engine.legal_actions(
                    reached, seat)
            # a position built from text comes back equal, and its text is a fixed point
            again = sc.dump(engine, game, built.start, [a for a, _, _ in built.steps])
            assert again == text
            assert sc.load(engine, again, game).state == built.state
        # the rest of the game plays out the same from the text as from the original
        half = sc.read(engine, sc.parse_text(sc.dump(engine, game, start, [])), game)
        rest = sc.build(engine, sc.Scenario(half.players, half.variant, half.record,
                                            tuple(actions)))
        assert engine.view(rest.state, None) == engine.view(state, None)
        whole = sc.load(engine, sc.dump(engine, game, start, actions), game).state
        assert engine.view(whole, None) == engine.view(state, None)


def test_vautours_position_from_a_seed_comes_back_exactly() -> None:
    engine = engine_of("vautours")
    start, actions, state = random_game(engine, 4, 9, "standard", limit=30)
    assert sc.load(engine, sc.dump(engine, "vautours", start, actions)).state == state


IMPOSSIBLE = {
    "vautours": {
        "card twice": 'joueurs = ["A", "B"]\npioche = [5, 5]',
        "card not in the game": 'joueurs = ["A", "B"]\npioche = [11]',
        "wrong count": 'joueurs = ["A", "B"]\npioche = [' + ", ".join(["1"] * 16) + "]",
        "unknown player": 'joueurs = ["A", "B"]\ncoups = [{ joueur = "Zoé", carte = 3 }]',
        "illegal earlier move": 'joueurs = ["A", "B"]\ncoups = [{ joueur = "A", carte = 3 },'
                                ' { joueur = "A", carte = 4 }]',
        "too few players": 'joueurs = ["A"]',
    },
    "drahtseilakt": {
        "card twice": 'joueurs = ["A", "B", "C"]\ndonnes = [{ mains = { A = [5], B = [5] } }]',
        "card not in the game": 'joueurs = ["A", "B", "C"]\ndonnes = [{ mains = { A = [77] } }]',
        "wrong count": 'joueurs = ["A", "B", "C"]\ndonnes = [{ mains = { A = [1, 2, 3, 4, 5, '
                       '6, 7, 8, 9, 10] } }]',
        "unknown player": 'joueurs = ["A", "B", "C"]\ndonnes = [{ mains = { Zed = [1] } }]',
        "illegal earlier move": 'joueurs = ["A", "B", "C"]\ndonnes = [{ mains = { C = [40] } }]'
                                '\ncoups = [{ joueur = "C", carte = 40 }]',
        "unknown dealer": 'joueurs = ["A", "B", "C"]\ndonneur = "Zoé"',
        "too many deals": 'joueurs = ["A", "B", "C"]\ndonnes = [{}, {}, {}, {}]',
        "unknown key in a deal": 'joueurs = ["A", "B", "C"]\ndonnes = [{ pioche = [1] }]',
    },
    "vampir": {
        "card twice": 'joueurs = ["A", "B", "C"]\ndonnes = [{ mains = { A = ["castle:2", '
                      '"castle:2", "castle:2", "castle:2"], B = ["castle:2", "castle:2"] } }]',
        "card not in the game": 'joueurs = ["A", "B", "C"]\ndonnes = [{ mains = '
                                '{ A = ["castle:3"] } }]',
        "wrong count": 'joueurs = ["A", "B", "C"]\ndonnes = [{ mains = { A = ["joker", '
                       '"joker", "joker", "joker", "joker"] } }]',
        "unknown player": 'joueurs = ["A", "B", "C"]\ncoups = [{ joueur = "Zoé", '
                          'action = "piocher" }]',
        "illegal earlier move": 'joueurs = ["A", "B", "C"]\ncoups = [{ joueur = "B", '
                                'action = "piocher" }]',
        "too many deals": 'joueurs = ["A", "B", "C"]\nvariante = "manche-unique"\n'
                          'donnes = [{}, {}]',
        "a deal not a table": 'joueurs = ["A", "B", "C"]\ndonnes = [3]',
        "bad card in the deck": 'joueurs = ["A", "B", "C"]\ndonnes = [{ pioche = ["moon:1"] }]',
    },
    "vaiko": {
        "card twice": 'joueurs = ["A", "B"]\nmains = { A = [7, 7, 7], B = [7, 7] }',
        "card not in the game": 'joueurs = ["A", "B"]\nmains = { A = ["Joker"] }',
        "wrong count": 'joueurs = ["A", "B"]\nmains = { A = [1, 2, 3, 4, 5] }',
        "unknown player": 'joueurs = ["A", "B"]\nmains = { Zed = [1] }',
        "illegal earlier move": 'joueurs = ["A", "B"]\ncoups = [{ joueur = "A", '
                                'action = "piocher" }]',
        "unknown move": 'joueurs = ["A", "B"]\ncoups = [{ joueur = "A", action = "tricher" }]',
    },
}
COMMON_IMPOSSIBLE = {
    "huge text": "# " + "x" * (sc.MAX_TEXT + 1),
    "TOML syntax error": 'joueurs = ["A", "B"]\npioche = = [5]\ncoups = []\n',
    "not TOML at all": "import os; os.system('touch /tmp/pwned')",
    "empty": "   \n",
    "wrong game": 'jeu = "autre"\njoueurs = ["A", "B", "C"]',
    "unknown key": 'joueurs = ["A", "B", "C"]\ntricher = true',
    "same name twice": 'joueurs = ["A", "A", "B"]',
    "players not a list": 'joueurs = "A, B, C"',
    "moves not tables": 'joueurs = ["A", "B", "C"]\ncoups = [1, 2]',
    "unknown reading": 'joueurs = ["A", "B", "C"]\nvariante = "la-mienne"',
    "negative graine": 'joueurs = ["A", "B", "C"]\ngraine = -1',
    "nested lists": "a = " + "[" * 5000 + "]" * 5000,
    "nested tables": "a = " + "{ b = " * 3000 + "1" + " }" * 3000,
    "name with a newline": 'joueurs = ["A\\nB", "C", "D"]',
    "name too long": f'joueurs = ["{"A" * 41}", "C", "D"]',
}
CASES = [(g, label, text) for g in GAMES
         for label, text in {**IMPOSSIBLE.get(g, {}), **COMMON_IMPOSSIBLE}.items()]


def french(message: str) -> None:
    assert message.strip()
    for english in ("Traceback", "Error", "Expected", "line ", "invalid", "None"):
        assert english not in message, message


@pytest.mark.parametrize(("game", "label", "text"), CASES,
                         ids=[f"{g}-{label}" for g, label, _ in CASES])
def test_an_impossible_scenario_is_refused_with_a_french_reason(game: str, label: str,
                                                                 text: str) -> None:
    with pytest.raises((sc.ScenarioError, IllegalAction)) as err:
        sc.load(engine_of(game), text, game)
    french(str(err.value))
    if isinstance(err.value, IllegalAction):
        assert err.value.clause.startswith(game + "/")
    if label == "TOML syntax error":
        assert "ligne 2" in str(err.value)


def sandbox(game: str) -> Sandbox[Any, Any, Any, Any]:
    board = importlib.import_module(GAMES[game].page_module).sandbox()
    assert isinstance(board, Sandbox)
    return board


@pytest.mark.parametrize("game", list(GAMES))
def test_the_sandbox_loads_a_scenario_shows_it_and_shares_it(game: str) -> None:
    board = sandbox(game)
    panel = board.scenario
    text = text_of(game)
    built = sc.load(board.engine, text, game)
    panel.text.value = text
    panel.load_button.click()
    assert board.error.value == ""
    assert board.session.state == built.state
    assert board.session.cursor == len(built.steps)
    assert "Scénario chargé." in panel.status.value
    shown = sc.load(board.engine, panel.text.value, game).state
    assert shown == built.state
    # undo goes back towards the set-up; the text follows the step shown
    board.undo_button.click()
    assert sc.load(board.engine, panel.text.value, game).state == board.session.state
    assert len(sc.read(board.engine, sc.parse_text(panel.text.value)).actions) == \
        len(built.steps) - 1
    # the link carries the text of the position shown
    board.redo_button.click()
    panel.link_button.click()
    assert board.error.value == ""
    url = panel.url.value
    assert url.startswith(GAMES[game].notebook + "?scenario=")
    code = query_value("?" + url.split("?", 1)[1], "scenario")
    assert sc.decode_link(board.engine, code, game).state == board.session.state
    assert panel.copy.text == url and len(url) <= 400
    # a move played after loading is in the text
    seat = board.acting_seat(board.session.step)
    if seat is not None:
        action = board.engine.legal_actions(board.session.state, seat)[0]
        board.play(action)
        assert sc.load(board.engine, panel.text.value, game).state == board.session.state


@pytest.mark.parametrize("game", list(GAMES))
def test_a_link_sets_the_sandbox_up_and_says_so(game: str) -> None:
    board = sandbox(game)
    browser = board.surface.page.browser
    browser.query = "?scenario=" + quote(text_of(game), safe="")
    browser.loaded = True
    try:
        assert board.session.state == sc.load(board.engine, text_of(game), game).state
        assert "Scénario chargé depuis le lien." in board.scenario.status.value
    finally:
        browser.loaded = False


@pytest.mark.parametrize("game", list(GAMES))
def test_a_bad_scenario_in_the_sandbox_shows_a_french_reason_and_changes_nothing(
        game: str) -> None:
    board = sandbox(game)
    panel = board.scenario
    before, text_before = board.session.state, panel.text.value
    for label, text in {**IMPOSSIBLE.get(game, {}), **COMMON_IMPOSSIBLE}.items():
        panel.text.value = text
        panel.load_button.click()
        assert "tv-error" in panel.error.value, label
        assert "problème inattendu" not in panel.error.value, label
        assert board.session.state is before and board.session.cursor == 0, label
    # the same through a link, and a link that is not a scenario at all
    for query in ("?scenario=" + quote("joueurs = [", safe=""), "?scenario=%ff%fe",
                  "?scenario=" + "x" * 70000):
        board.guard(panel.from_query)(query)
        assert board.session.state is before
    board.session.version += 1
    assert panel.text.value == text_before


def test_a_page_without_a_scenario_in_its_address_keeps_its_deal() -> None:
    board = sandbox("vautours")
    before = board.session.state
    board.guard(board.scenario.from_query)("?autre=1")
    board.guard(board.scenario.from_query)("")
    assert board.session.state is before and board.error.value == ""


@pytest.mark.parametrize("game", list(GAMES))
def test_a_teacher_pastes_the_sandbox_text_into_a_rule_file_and_check_replays_it(
        game: str, tmp_path: Path) -> None:
    board = sandbox(game)
    board.scenario.load(text_of(game))
    expected = facts(game, board.session.state)
    block = (f'id = "{game}/ex-mon-scenario"\ntitre = "Mon scénario"\ntype = "scenario"\n'
             + board.scenario.text.value
             + f"\n[attendu]\na_jouer = {json.dumps(expected['a_jouer'], ensure_ascii=False)}\n")
    source = rules.path_of(game).read_text(encoding="utf-8")
    cut = source.index("\n### ", source.index("\n## Déroulement")) + 1
    cut = source.index("\n### ", cut + 1) + 1  # after the first clause of « Déroulement »
    path = tmp_path / f"{game}.fr.md"
    path.write_text(source[:cut] + f"```toml exemple\n{block}```\n\n" + source[cut:],
                    encoding="utf-8")
    example = rules.read(path).examples[f"{game}/ex-mon-scenario"]
    assert engine_of(game).run_example(example.data).ok
    if game == "vautours":  # the command itself, once
        done = subprocess.run([sys.executable, "-m", "tutor", "check", str(path)],
                              capture_output=True, text=True, check=False)
        assert done.returncode == 0, done.stdout
        assert "22/22 exemples vérifiés" in done.stdout
    # an expectation that does not hold is reported, not silently passed
    wrong = {**example.data, "attendu": {"a_jouer": ["Personne"]}}
    assert not engine_of(game).run_example(wrong).ok


def test_names_from_a_scenario_are_shown_escaped() -> None:
    board = sandbox("vautours")
    hostile = '<img src=x onerror="alert(1)">'
    board.scenario.load(f"joueurs = ['{hostile}', 'B']\ncoups = [{{ joueur = '{hostile}', "
                        "carte = 3 }]\n")
    assert board.session.state.players[0] == hostile
    assert "onerror" in board.journal.body.value  # the journal names the player...
    for html in (board.table.value, board.journal.body.value, board.scenario.status.value):
        assert "<img" not in html  # ...escaped, as every view does


def test_the_vautours_sandbox_settings_show_the_reading_of_a_loaded_scenario() -> None:
    board = sandbox("vautours")
    shared = board.shared
    board.scenario.load('joueurs = ["A", "B"]\nvariante = { last_pile = "shared", '
                        'final_tiebreak = "highest_mouse" }\ngraine = 3\n')
    assert board.error.value == ""
    assert board.session.state.variant.last_pile == "shared"
    assert shared.value is True and board.preset.value == "livret-souris-alternative"
    assert board.count.value == 2
    board.scenario.load('joueurs = ["A", "B", "C"]\nvariante = "livret-suricate"\ngraine = 3\n')
    assert shared.value is False and board.preset.value == "livret-suricate"
    assert board.count.value == 3
    assert board.session.state.variant.last_pile == "lost"


@pytest.mark.parametrize("number", ["9" * 5000, "1_" * 3000 + "1"])
def test_a_number_too_long_is_refused_in_french(number: str) -> None:
    with pytest.raises(sc.ScenarioError) as refusal:
        sc.parse_text(f'jeu = "vautours"\ngraine = {number}\n')
    message = str(refusal.value)
    assert "ligne 2" in message and "nombre trop long" in message
    assert "Exceeds" not in message and "digits" not in message

"""The slips a learner met on the pages (issue 34, item 5), each fixed with its siblings."""

from __future__ import annotations

import importlib
import random
import re
from collections import Counter
from typing import Any

import pytest

from tutor import fr, rules
from tutor.games import GAMES
from tutor.games import drahtseilakt as d
from tutor.games import vaiko as k
from tutor.games import vautours as v
from tutor.games.drahtseilakt.core import ZERO_BLUE, ZERO_RED
from tutor.games.vaiko.events import Totals
from tutor.games.vautours.events import Cancelled
from tutor.ui import html as h


def text(markup: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", markup))


def played_out(engine: Any, players: list[str], seed: int) -> Any:
    rng = random.Random(seed)
    state = engine.new_game(players, seed=seed)
    while not engine.is_over(state):
        seat = engine.current_seats(state)[0]
        state, _ = engine.apply(state, rng.choice(engine.legal_actions(state, seat)))
    return state


@pytest.mark.parametrize("deck, left", [
    ((1, 2, 3, 4, 5, 6, 7, 8, ZERO_BLUE, 9, ZERO_RED), "0 rouge reste"),
    ((1, 2, 3, 4, 5, 6, 7, 8, 9, ZERO_BLUE, ZERO_RED), "0 bleu et 0 rouge restent"),
])
def test_a_zero_left_under_a_full_manche_is_never_turned(deck: tuple[Any, ...],
                                                          left: str) -> None:
    from tutor.ui.drahtseilakt.explorers import chain_html
    shown = text(chain_html(deck))
    assert "Il manque une carte" not in shown
    assert "La manche est finie après 9 plis." in shown
    assert left in shown


def test_a_zero_at_the_bottom_of_a_short_pile_still_asks_for_a_card() -> None:
    from tutor.ui.drahtseilakt.explorers import chain_html
    assert "Il manque une carte pour finir la chaîne." in text(chain_html((4, ZERO_BLUE)))


def test_drahtseilakt_says_nothing_of_cards_out_of_play_once_the_game_is_over() -> None:
    from tutor.ui.drahtseilakt.play import draw
    state = played_out(d.GAME, ["Alex", "Bea", "Carla"], 3)
    assert "hors jeu" not in text(draw(d.GAME.view(state, "Alex"), ()))
    start = d.GAME.new_game(["Alex", "Bea", "Carla"], seed=3)
    assert "Cartes hors jeu pour cette manche" in text(draw(d.GAME.view(start, "Alex"), ()))


def test_vautours_final_count_shows_every_winning_and_signed_totals() -> None:
    from tutor.ui.table import outcome_panel
    from tutor.ui.vautours.base import SURFACE, draw
    state = played_out(v.GAME, ["Alex", "Carla", "Dario"], 4)
    seen = v.GAME.view(state, "Alex")
    assert all(p.taken is not None and p.score is not None for p in seen.players)
    assert "cartes —" not in text(draw(seen, ()))  # no "gains : 7 cartes" for the others
    final = text(outcome_panel(SURFACE, state))
    for name, score in v.GAME.outcome(state).scores.items():
        assert f"{name} {fr.signed(score)}" in final
    # during the game the others' winnings stay face down
    during = v.GAME.view(v.GAME.new_game(["Alex", "Carla"], seed=1), "Alex")
    assert during.players[1].taken is None


def test_vautours_pages_say_suricate_not_souris_outside_the_booklets_name() -> None:
    book = rules.load("vautours")
    booklet = re.compile("«[ \u202f]souris[ \u202f]»")  # the booklet's name, in quotes
    for example in book.examples.values():
        assert "souris" not in booklet.sub("", example.title), example.title
    for label in v.GAME.PRESET_LABELS.values():
        assert "souris" not in booklet.sub("", label), label


def test_vaiko_totals_without_a_manche_do_not_say_manche_0() -> None:
    said = k.GAME.describe(Totals(scores=(), totals=(("Alex", 60),), manche=0,
                                  clause="vaiko/total"))
    assert said.startswith("Totaux") and "manche 0" not in said
    assert "après la manche 2" in k.GAME.describe(
        Totals(scores=(), totals=(("Alex", 6),), manche=2, clause="vaiko/total"))


@pytest.mark.parametrize("game", list(GAMES))
def test_open_points_show_no_markdown_and_no_second_html_id(game: str) -> None:
    page = importlib.import_module(GAMES[game].page_module)
    body = page.open_points().body
    assert "](#" not in body and "**" not in body
    assert ' id="' not in body  # the clause's own panel, elsewhere on the page, holds its id
    for point in rules.open_points(rules.load(game)):
        assert "](" not in point.summary


def test_a_clause_panel_has_its_id_once_and_copies_none() -> None:
    clause = rules.load("vampir").clause("vampir/lieux")
    assert h.clause_panel(clause).count(' id="') == 1
    assert ' id="' not in h.clause_panel(clause, anchored=False)
    assert ' id="' not in h.clause_panel(clause, current=True)


def test_dropdowns_never_grow_wider_than_the_screen() -> None:
    assert ".widget-dropdown > select { min-width: 0; max-width: 100%;" in h.CSS


def explorers() -> list[tuple[str, Any, Any]]:
    """(game, explorer, a learner's change) for every explorer of the pages."""
    from tutor.ui.drahtseilakt import explorers as dz
    from tutor.ui.vaiko import explorers as vk
    from tutor.ui.vampir import explorers as vp
    from tutor.ui.vautours import explorers as sv

    def tie(x: Any) -> None:
        x.cards[0].value = 13

    def tiebreak(x: Any) -> None:
        x.inputs["Alex"].value = "8, 6, 1"

    def chain(x: Any) -> None:
        x.add(5)

    def pairs(x: Any) -> None:
        x.red.value = 4

    def hunt(x: Any) -> None:
        x.remove_last()

    def scoring(x: Any) -> None:
        x.cells[("Anke", "castle")].value = 8

    def match(x: Any) -> None:
        x.act(1)

    def call(x: Any) -> None:
        x.points["Alex"].value = 9

    return [("vautours", sv.tie_explorer(), tie), ("vautours", sv.tiebreak_compare(), tiebreak),
            ("drahtseilakt", dz.chain_explorer(), chain), ("drahtseilakt", dz.pair_view(), pairs),
            ("vampir", vp.hunt_builder(), hunt), ("vampir", vp.scoring_explorer(), scoring),
            ("vaiko", vk.match_explorer(), match), ("vaiko", vk.call_calculator(), call)]


def test_explorers_count_in_what_the_learner_met_once_changed() -> None:
    for game, explorer, change in explorers():
        page = importlib.import_module(GAMES[game].page_module).PAGE
        before = Counter({c: page.progress.of(c)["example"] for c in page.book().clauses})
        change(explorer)
        assert explorer.error.value == "", (game, type(explorer).__name__)
        after = Counter({c: page.progress.of(c)["example"] for c in page.book().clauses})
        assert after - before, (game, type(explorer).__name__)


def test_an_explorer_built_counts_nothing_before_a_click() -> None:
    from tutor.ui.vautours import explorers as sv
    from tutor.ui.vautours.base import PAGE as page
    before = {c: page.progress.of(c)["example"] for c in page.book().clauses}
    sv.tie_explorer()
    sv.tiebreak_compare()
    assert {c: page.progress.of(c)["example"] for c in page.book().clauses} == before


def test_an_exercise_without_a_tie_does_not_speak_of_the_tie_reading() -> None:
    from tutor.ui.vautours.base import make_question
    seen = {"tie": 0, "none": 0}
    for seed in range(40):
        q = make_question(seed)
        tie = any(isinstance(e, Cancelled) for e in q.events)
        seen["tie" if tie else "none"] += 1
        assert ("Lecture retenue" in q.reading) == tie, seed
    assert seen["tie"] and seen["none"]


def test_the_scenario_loaded_notice_goes_with_the_next_move() -> None:
    from tutor.ui.vautours.base import sandbox
    board = sandbox()
    board.scenario.load('joueurs = ["A", "B"]\ncoups = [{ joueur = "A", carte = 3 }]\n')
    assert "Scénario chargé." in board.scenario.status.value
    seat = board.acting_seat(board.session.step)
    assert seat is not None
    board.play(board.engine.legal_actions(board.session.state, seat)[0])
    assert "Scénario chargé" not in board.scenario.status.value

"""The tests' own game (« Allumettes », a one-heap Nim in ``tests/nimgame``) proves the guide to
adding a game: registered from outside the package, it goes through every shared test (they run
over the registry and adapt to its :class:`~tutor.engine.api.GameType`), the shared UI and
``python -m tutor check``, and never shows on the Accueil."""

from __future__ import annotations

import importlib

from tests.nimgame import GAME, RULES, Take
from tests.pagetext import text
from tutor.__main__ import check
from tutor.engine import IllegalAction
from tutor.games import GAMES
from tutor.ui import home


def test_it_is_registered_with_its_traits_and_kept_off_the_accueil() -> None:
    info = GAMES["nim"]
    assert info.engine() is GAME and not info.listed
    assert GAME.type.information == "perfect" and not GAME.type.chance
    assert "Allumettes" not in text(home.game_cards().value)


def test_a_whole_game_against_the_computer_in_the_shared_play_table() -> None:
    page = importlib.import_module(GAMES["nim"].page_module)
    table = page.play_vs_computer(seed=2)
    clicks = 0
    while (seat := table.acting(table.session.step)) is not None:
        table.act(table.session.step.legal(seat)[-1])  # the « 3 allumettes » button's action
        clicks += 1
        assert table.error.value == ""
    assert clicks >= 2 and table.session.step.over
    shown = text(table.table.value)
    assert "Fin de la partie" in shown and "vainqueur" in shown
    journal = text(table.journal.body.value)
    assert "prend 3 allumettes" in journal and "gagne la partie" in journal
    table.undo_button.click()  # the shared controls work for it too
    assert not table.session.step.over


def test_the_refusals_cite_its_clauses() -> None:
    state = GAME.new_game(["Alex", "Bea"], seed=0)
    for bad, clause in ((Take("Bea", 1), "nim/tour"), (Take("Alex", 4), "nim/prise")):
        try:
            GAME.apply(state, bad)
        except IllegalAction as exc:
            assert exc.clause == clause
        else:
            raise AssertionError(f"{bad} was accepted")


def test_tutor_check_replays_its_rule_file(capsys: object) -> None:
    assert check([str(RULES)]) == 0
    assert "1/1 exemples vérifiés" in capsys.readouterr().out  # type: ignore[attr-defined]

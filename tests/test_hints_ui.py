"""« Conseil » on every game page's table against the computer and sandbox (no browser): one row
per estimate (actions the seat cannot tell apart share one), nothing in the error area, no new
widget model per hint, the hint cleared once the position changes."""

from __future__ import annotations

import importlib
from typing import Any

import ipywidgets as w
import pytest

from tutor import fr
from tutor.games import GAMES
from tutor.ui import hints as hints_ui
from tutor.ui import html as h
from tutor.ui.hints import action_labels, kind_of

PAGES = {"vautours": "tutor.ui.vautours", "drahtseilakt": "tutor.ui.drahtseilakt.play",
         "vampir": "tutor.ui.vampir.play", "vaiko": "tutor.ui.vaiko.base"}


def models() -> int:
    return len(w.widgets.widget._instances)


def check_hint(board: Any) -> None:
    state = board.session.state
    seat = board.acting(state)
    assert seat is not None
    legal = board.engine.legal_actions(state, seat)
    board.hints.button.click()
    assert board.error.value == ""
    result = board.hints.last
    assert result is not None and [r.action for r in result.rows] == list(legal)
    html = board.hints.output.value
    # the header and one row per estimate (actions the seat cannot tell apart share one)
    estimates = len({r.alike for r in result.rows})
    assert html.count("<tr>") == estimates + 1
    assert all(r.action in r.alike for r in result.rows)
    assert html.count("meilleur") == (estimates > 1)  # no "best" among one estimate
    simulated = fr.count(result.playouts * estimates, "partie")  # games actually played
    assert fr.typography(f"En tout : {simulated}.") in html
    assert "Chance de gagner" in html and "intervalle de confiance à 95" in html
    labels = action_labels(board.surface.groups(board.engine.view(state, seat), legal))
    assert all(h.esc(label) in html for label in labels.values())
    before = models()
    board.hints.button.click()
    assert models() == before
    assert board.hints.last == result, "the same position gives the same hint"


@pytest.mark.parametrize("game", list(GAMES))
def test_conseil_at_the_table_against_the_computer(game: str) -> None:
    page = importlib.import_module(PAGES[game])
    table = page.play_vs_computer()
    check_hint(table)
    assert kind_of(table) in table.engine.PLAYER_KINDS
    seat = table.acting(table.session.state)
    table.play(table.engine.legal_actions(table.session.state, seat)[0])
    assert table.hints.last is None and table.hints.output.value == ""


@pytest.mark.parametrize("game", list(GAMES))
def test_conseil_in_the_sandbox_for_the_seat_to_act(game: str) -> None:
    page = importlib.import_module(PAGES[game])
    check_hint(page.sandbox())


def test_no_hint_when_nobody_is_to_act() -> None:
    page = importlib.import_module(PAGES["vautours"])
    table = page.play_vs_computer()
    while table.acting(table.session.state) is not None:
        state = table.session.state
        table.play(table.engine.legal_actions(state, table.acting(state))[0])
    table.hints.button.click()
    assert "Pas de conseil maintenant" in table.error.value


def test_the_hint_says_when_the_smallest_total_wins() -> None:
    for game, low in (("vautours", False), ("drahtseilakt", True)):
        table = importlib.import_module(PAGES[game]).play_vs_computer()
        table.hints.button.click()
        assert table.hints.last is not None and table.hints.last.lowest_wins is low
        assert ("le plus petit total gagne" in table.hints.output.value) is low


def test_clicks_queued_behind_a_hint_compute_nothing_more() -> None:
    table = importlib.import_module(PAGES["vautours"]).play_vs_computer()
    calls = []
    original = hints_ui.hints_for

    def counted(*args: object, **kwargs: object) -> object:
        calls.append(1)
        assert table.hints.button.disabled, "the button shows the hint is being computed"
        return original(*args, **kwargs)

    hints_ui.hints_for = counted  # type: ignore[assignment]
    try:
        for _ in range(5):  # five clicks that reached the kernel while the first was computed
            table.hints.button.click()
        assert len(calls) == 1 and table.hints.last is not None
        assert not table.hints.button.disabled
        state = table.session.state
        table.play(table.engine.legal_actions(state, table.acting(state))[0])
        table.hints.button.click()  # a new position: a new hint
        assert len(calls) == 2
    finally:
        hints_ui.hints_for = original

"""« Conseil » on every game page's table against the computer and sandbox (no browser): one row
per estimate (actions the seat cannot tell apart share one), nothing in the error area, no new
widget model per hint, the hint cleared once the position changes."""

from __future__ import annotations

import asyncio
import dataclasses
import importlib
import time
from typing import Any

import ipywidgets as w
import pytest

from tutor import fr
from tutor.engine.hints import ActionHint, Hints, Race, beats, duel, hints, wilson
from tutor.games import GAMES
from tutor.ui import hints as hints_ui
from tutor.ui import html as h
from tutor.ui.hints import action_labels, in_group, kind_of


def page_of(game: str) -> str:
    return GAMES[game].page_module


def models() -> int:
    return len(w.widgets.widget._instances)


def check_hint(board: Any) -> None:
    state = board.session.state
    seat = board.acting(board.session.step)
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
    # « meilleur » only on an estimate surely ahead of every other one at 95 % (sign test on
    # the playouts they share) and with its interval above theirs
    best = result.separated()
    assert html.count('tv-tag tv-ok">meilleur') == (best is not None)
    if best is not None:
        assert all(beats(*duel(best.rounds, best.won, r.rounds, r.won))
                   and best.win_low > r.win_high for r in result.classes()[1:])
        assert "le hasard ne le ferait pas plus de 2 fois et demie sur 100" in html
    elif estimates > 1:
        assert "à égalité, à la marge près" in html
    simulated = fr.count(sum(r.playouts for r in result.classes()), "partie")  # games played
    until = "de la partie" if result.whole_game else "de la manche en cours"
    assert fr.typography(f"En tout : {simulated}, simulées jusqu’à la fin {until}.") in html
    assert "Chance de gagner" in html and "intervalle de confiance à 95" in html
    labels = action_labels(board.surface.groups(board.engine.view(state, seat), legal))
    assert all(h.esc(label) in html for label in labels.values())
    # the count the hint records replays it exactly: same seed, same budget, same hint
    view = board.engine.view(state, seat)
    assert result.budget is not None
    assert hints(board.engine, view, kind=result.kind, seed=result.seed, budget=result.budget,
                 game_id=board.surface.page.info.id) == result
    before = models()
    board.hints.refine.click()  # « Affiner »: the same race, one more second
    assert models() == before and board.error.value == ""
    refined = board.hints.last
    assert refined is not None and refined.spent >= result.spent
    assert refined.budget is not None and refined.budget > result.budget


@pytest.mark.parametrize("game", list(GAMES))
def test_conseil_at_the_table_against_the_computer(game: str) -> None:
    page = importlib.import_module(page_of(game))
    table = page.play_vs_computer()
    check_hint(table)
    assert kind_of(table) in table.engine.PLAYER_KINDS
    seat = table.acting(table.session.step)
    table.play(table.engine.legal_actions(table.session.state, seat)[0])
    assert table.hints.last is None and table.hints.output.value == ""


@pytest.mark.parametrize("game", list(GAMES))
def test_conseil_in_the_sandbox_for_the_seat_to_act(game: str) -> None:
    page = importlib.import_module(page_of(game))
    check_hint(page.sandbox())


def test_no_hint_when_nobody_is_to_act() -> None:
    page = importlib.import_module(page_of("vautours"))
    table = page.play_vs_computer()
    while table.acting(table.session.step) is not None:
        step = table.session.step
        table.play(step.legal(table.acting(step))[0])
    table.hints.button.click()
    assert "Pas de conseil maintenant" in table.error.value


def test_the_hint_says_when_the_smallest_total_wins() -> None:
    for game, low in (("vautours", False), ("drahtseilakt", True)):
        table = importlib.import_module(page_of(game)).play_vs_computer()
        table.hints.button.click()
        result = table.hints.last
        assert result is not None and result.lowest_wins is low
        # Drahtseilakt's first manche of several: won with the fewest points in it
        assert result.whole_game is not low
        assert ("en y marquant le moins de points" in table.hints.output.value) is low
    # in a game's last manche the final totals decide: the smallest wins
    labels = {result.kind: "Prudent", result.played_by: "Prudent"}
    last = dataclasses.replace(result, whole_game=True)
    assert "le plus petit total gagne" in hints_ui.explanation(last, labels, result.seat)
    assert "le plus petit total gagne" not in hints_ui.explanation(result, labels, result.seat)


def test_cards_counted_as_one_are_named_in_their_row_and_explained() -> None:
    """Drahtseilakt's first hand holds cards with no card still in play between them: one row
    serves them, names the others in its text (not only in a hover title, out of reach of a
    keyboard or a phone) and the explanation says why they have the same chances."""
    table = importlib.import_module(page_of("drahtseilakt")).play_vs_computer()
    table.hints.button.click()
    result = table.hints.last
    assert result is not None and table.error.value == ""
    step = table.session.step
    seat = table.acting(step)
    labels = action_labels(table.surface.groups(step.view(seat), step.legal(seat)))
    shared = [r for r in result.classes() if len(r.alike) > 1]
    assert shared
    html = table.hints.output.value
    for r in shared:
        others = fr.join(labels[a] for a in r.alike if a != r.action)
        assert f"(comme {h.esc(others)}, aux mêmes chances)" in html
    assert table.engine.ALIKE is not None
    assert h.esc(fr.typography(table.engine.ALIKE)) in html


def test_clicks_queued_behind_a_hint_compute_nothing_more() -> None:
    table = importlib.import_module(page_of("vautours")).play_vs_computer()
    calls = []
    original = Race.run_for

    def counted(race: object, *args: object, **kwargs: object) -> object:
        calls.append(1)
        assert table.hints.button.disabled and table.hints.refine.disabled, \
            "the buttons show the hint is being computed"
        return original(race, *args, **kwargs)  # type: ignore[arg-type]

    Race.run_for = counted  # type: ignore[assignment, method-assign]
    try:
        for _ in range(5):  # five clicks that reached the kernel while the first was computed
            table.hints.button.click()
        assert len(calls) == 1 and table.hints.last is not None
        assert not table.hints.button.disabled
        step = table.session.step
        table.play(step.legal(table.acting(step))[0])
        table.hints.button.click()  # a new position: a new hint
        assert len(calls) == 2
    finally:
        Race.run_for = original  # type: ignore[method-assign]


def test_an_action_label_says_its_group_once() -> None:
    """Labels read by the learner in « Conseil », « Et si » and the review: no verb said twice,
    never two colons."""
    assert in_group("Poser une carte", "Poser un vampire violet à 2 têtes") == \
        "Poser un vampire violet à 2 têtes"
    assert in_group("Exposer une chasse", "3 têtes : 3 vampires gris à 1 tête") == \
        "Exposer une chasse (3 têtes : 3 vampires gris à 1 tête)"
    assert in_group("Cartes à échanger", "Ma carte 1 ⇄ carte 3 d’Alex") == \
        "Cartes à échanger : Ma carte 1 ⇄ carte 3 d’Alex"
    assert in_group("", "Piocher 2 cartes") == "Piocher 2 cartes"


def _estimate(action: str, won: range) -> ActionHint:
    rounds = frozenset(range(200))
    low, high = wilson(len(won), len(rounds))
    return ActionHint(action, len(rounds), len(won), low, high, 0.0, 1.0, (action,), rounds,
                      frozenset(won))


@pytest.mark.parametrize("leaders", [2, 3, 4, 11])
def test_the_verdict_names_a_small_leading_group_and_counts_a_large_one(leaders: int) -> None:
    tied = [_estimate(f"coup {k}", range(100)) for k in range(leaders)]  # the same games won
    behind = _estimate("coup perdant", range(0))
    result = Hints("A", "hasard", "hasard", 1, 200, (*tied, behind))
    labels = {r.action: r.action for r in result.rows}
    said = hints_ui.verdict(result, labels)
    assert [r.action for r in result.leaders()] == [r.action for r in tied]
    first = (f"{fr.quote(tied[0].action)}, le premier" if leaders <= hints_ui.NAMED
             else "le premier du tableau")
    assert said.endswith(f"Les autres coups sont derrière {first} : sa marge est au-dessus "
                         "des leurs et il gagne plus souvent qu’eux sur les mêmes parties.")
    if leaders <= hints_ui.NAMED:
        assert all(r.action in said for r in tied)
    else:
        assert f"{leaders} coups, marqués « en tête » dans le tableau" in said
        assert "coup 0" not in said
    assert "coup perdant" not in said
    # the table tags the leading group; when every move is in it, no row (the verdict says so)
    rows = hints_ui.hint_rows(result, labels)
    assert sum("en tête" in row[0] for row in rows) == leaders
    everyone = Hints("A", "hasard", "hasard", 1, 200, tuple(tied))
    assert hints_ui.verdict(everyone, labels).startswith("Aucun coup ne se détache")
    assert not any("en tête" in row[0] for row in hints_ui.hint_rows(everyone, labels))


def test_the_verdict_never_contradicts_the_legend_under_the_table() -> None:
    """Two moves tied at the head, a third behind the first but overlapping the second: the
    verdict says the others are behind the first (what decides), the legend says what « en
    tête » and « devant » mean the same way (never that overlapping margins are a tie), and
    no jargon (« test du signe »)."""
    first = _estimate("coup A", range(120))
    second = _estimate("coup B", range(60, 160))  # 100 wins: not surely behind A
    third = _estimate("coup C", range(0))
    result = Hints("A", "hasard", "hasard", 1, 200, (first, second, third))
    assert [r.action for r in result.leaders()] == ["coup A", "coup B"]
    said = hints_ui.verdict(result, {r.action: r.action for r in result.rows})
    assert "derrière « coup A », le premier" in said.replace(fr.NNBSP, " ")
    for text in (hints_ui.MARGIN_LINE, hints_ui.MARGIN_DETAIL, said):
        assert "test du signe" not in text
        assert "se chevauchent sont à égalité" not in text
    assert "« en tête » : le premier coup et ceux dont il n’est pas devant" in \
        hints_ui.MARGIN_LINE


@pytest.mark.parametrize("whole", [True, False])
def test_the_table_says_whose_chance_the_number_is(whole: bool) -> None:
    heads = hints_ui.table_heads(whole)
    assert heads[1].startswith("Chance de gagner la partie" if whole else
                               "Chance de gagner la manche en cours, pas la partie")


async def _settled(panel: Any, limit: float = 300) -> None:
    """Until the panel has no hint pending (its own state; ``limit``: a bound a healthy run
    never reaches)."""
    await asyncio.sleep(0)  # (the clicks queued before are handled first)
    end = time.monotonic() + limit
    while panel.wanted is not None or panel.running is not None:
        assert time.monotonic() < end, "the hint never ended"
        await asyncio.sleep(0.01)


def test_in_a_kernel_a_hint_on_a_new_position_replaces_the_one_being_computed() -> None:
    """With the kernel's event loop running, a hint is computed beside it: the page's next
    messages are handled meanwhile; a move stops the hint being computed (never shown) and
    « Conseil » on the new position gives that position's hint; « Conseil » again on the
    position being computed does nothing more."""
    table = importlib.import_module(page_of("vautours")).play_vs_computer()
    panel = table.hints

    async def scenario() -> Any:
        panel.button.click()
        first = panel.wanted
        assert first is not None and panel.running is first  # computing in its thread
        assert panel.button.disabled and "Conseil en cours de calcul" in panel.output.value
        panel.button.click()  # a click queued behind it: the same position, nothing more
        assert panel.wanted is first
        step = table.session.step
        table.play(step.legal(table.acting(step))[0])  # handled while the hint computes
        assert first.stopped and panel.wanted is None and not panel.button.disabled
        panel.button.click()  # the new position's hint: computed once the first has stopped
        second = panel.wanted
        assert second is not None and second is not first and panel.running is first
        await _settled(panel)
        return second

    second = asyncio.run(scenario())
    assert table.error.value == ""
    assert panel.last is not None and panel._for is second.state is table.session.state
    assert list(panel.given) == [second.cursor]  # the stopped hint was never shown
    assert "Conseil en cours" not in panel.output.value and "Chance de gagner" in \
        panel.output.value
    budget = panel.last.budget

    async def refine() -> None:
        panel.refine.click()  # « Affiner »: the same race, in its thread too
        await _settled(panel)

    asyncio.run(refine())
    assert panel.last.budget is not None and budget is not None and panel.last.budget > budget


def test_in_a_kernel_a_hint_that_fails_says_so_in_french_and_frees_the_buttons(
        caplog: pytest.LogCaptureFixture) -> None:
    table = importlib.import_module(page_of("vautours")).play_vs_computer()

    def broken(race: object, *args: object, **kwargs: object) -> object:
        raise RuntimeError("a fault in the race")

    async def scenario() -> None:
        table.hints.button.click()
        await _settled(table.hints)

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(Race, "run_for", broken)
        asyncio.run(scenario())
    assert "Un problème inattendu est survenu dans le tuteur" in table.error.value
    assert "a fault in the race" in caplog.text  # the traceback goes to the log
    assert not table.hints.button.disabled and table.hints.last is None

""""Et si… ?" and "Pourquoi je n'ai pas gagné ?" on seeded games with known answers, for every game
(:mod:`tutor.engine.whatif`), and their panel on the shared play table (:mod:`tutor.ui.whatif`)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import pytest

from tutor.engine.api import AnyEngine, Record, bot_action
from tutor.engine.whatif import Played, Replayer, difference, from_record, what_if, why_not
from tutor.games import GAMES
from tutor.games import vautours as v
from tutor.ui.widgets import Refusal

from .conftest import maker

Choose = Callable[[Any, str, tuple[Any, ...]], Any]


def record_game(engine: AnyEngine, origin: Any, me: str, policies: dict[str, tuple[str, int]],
                choose: Choose) -> tuple[tuple[tuple[Any, ...], ...], list[Any]]:
    """A game played as a page's play table plays it: the learner ``me`` by ``choose(state,
    seat, legal)``, the others by fresh bots from ``policies``; steps as a session records them
    and the state before each step."""
    bots = {s: maker(engine, k)(seed=seed) for s, (k, seed) in policies.items() if s != me}
    state = origin
    steps: list[tuple[Any, ...]] = []
    before: list[Any] = []
    current: list[Any] = []

    def replies() -> None:
        nonlocal state
        while not engine.is_over(state) and me not in (seats := engine.current_seats(state)):
            action = bot_action(engine, state, seats[0], bots[seats[0]])
            current.append(action)
            state, _ = engine.apply(state, action)

    before.append(state)
    replies()
    steps.append(tuple(current))
    while not engine.is_over(state):
        before.append(state)
        current = [choose(state, me, engine.legal_actions(state, me))]
        state, _ = engine.apply(state, current[0])
        replies()
        steps.append(tuple(current))
    return tuple(steps), before


def first(state: Any, seat: str, legal: tuple[Any, ...]) -> Any:
    return legal[0]


# --- Stupides Vautours: a known pile order ----------------------------------------------------

ORDER = (-5, 10, 1, 2, 3, 4, 5, 6, 7, 8, 9, -1, -2, -3, -4)
PLAN = (1, 3, 2, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15)  # Camille's cards, in order


def vautours_game(plan: Sequence[int] = PLAN) -> Played:
    players = ("Camille", "Alex")
    policies = {"Camille": ("prudent", 10), "Alex": ("prudent", 15)}
    origin = v.new_game(players, record=Record((ORDER,)))
    cards = iter(plan)
    steps, _ = record_game(v, origin, "Camille", policies,
                           lambda s, seat, legal: v.Play(seat, next(cards)))
    return Played(v, origin, steps, policies, "Camille")


def test_vautours_fifteen_instead_of_three_takes_the_ten() -> None:
    game = vautours_game()
    # step 2: the +10 is on the table; Camille laid her 3, Alex a card of his own
    alex = next(a.card for a in game.steps[2] if a.seat == "Alex")
    assert game.steps[2][0] == v.Play("Camille", 3) and 3 < alex < 15
    actual, other, diff = what_if(game, 2, v.Play("Camille", 15))
    takes = {e.seat for e in actual.events if e.kind == "take"}
    assert takes == {"Alex"}
    assert {e.seat for e in other.events if e.kind == "take"} == {"Camille"}
    assert diff.changed and "Camille" in diff.seats and "Alex" in diff.seats
    assert "vautours/prendre" in diff.clauses or any(c.startswith("vautours/") for c in
                                                     diff.clauses)
    # the game as played is the record: its outcome is the recorded game's
    final = v.replay(("Camille", "Alex"), Record((ORDER,)), [a for s in game.steps for a in s])
    assert actual.outcome == v.outcome(final)
    assert actual.substituted == 0
    # later, Camille had planned her 15 for the last round: it is gone, so that one choice (and
    # only that one) is made by her policy
    assert other.substituted == 1
    assert other.outcome is not None
    assert other.outcome.scores["Camille"] >= actual.outcome.scores["Camille"] + 10 - 15


def test_vautours_the_changed_line_is_the_plan_with_the_fifteen_and_three_swapped() -> None:
    # Alex's careful policy does not look at Camille's cards: he lays the same cards in both
    # lines; Camille's last round has only her 3 left. So the line is the record with Camille's 3
    # and 15 swapped, which the engine replays independently.
    game = vautours_game()
    _, other, _ = what_if(game, 2, v.Play("Camille", 15))
    alex = [a for s in game.steps for a in s if a.seat == "Alex"]
    swapped = [{3: 15, 15: 3}.get(c, c) for c in PLAN]
    actions = [a for pair in zip([v.Play("Camille", c) for c in swapped], alex, strict=True)
               for a in pair]
    assert other.outcome == v.outcome(v.replay(("Camille", "Alex"), Record((ORDER,)), actions))
    assert other.outcome is not None and other.outcome.scores["Camille"] == 20


def test_vautours_why_not_lists_the_ten_taken_with_a_higher_card() -> None:
    game = vautours_game()
    result = why_not(game)
    assert result.outcome is not None and result.outcome.winners == ("Alex",)
    # every step but the last (one card left) offered a real choice
    assert result.examined == 14 and result.tried == sum(range(1, 15)) and result.unplayed == 0
    by_step = {t.step: t for t in result.turnings}
    # Alex's 11 took the +10 over Camille's 3: 12, 13, 14 or 15 take it, 11 cancels his
    ten = by_step[2]
    assert ten.actual.action == v.Play("Camille", 3) and ten.changing == 5
    assert ten.other.action.card in (12, 13, 14, 15)
    assert {e.seat for e in ten.other.events if e.kind == "take"} == {"Camille"}
    assert ten.other.outcome is not None and ten.actual.outcome == result.outcome
    # the best of the four for Camille: a shared win (20 each) against a loss (10 to 30)
    assert ten.other.outcome.scores["Camille"] == 20 and "Camille" in ten.other.outcome.winners
    assert "vautours/gain" in ten.difference.clauses
    # a step where no other card changes who takes the pile is not listed: at step 13 the -3 went
    # to Alex's 2 (his lowest) whatever Camille laid above it
    assert all(t.changing >= 1 for t in result.turnings)


# --- every game: a seeded game against the computer ------------------------------------------


def seeded(game_id: str, seed: int = 4) -> tuple[Played, list[Any]]:
    engine = GAMES[game_id].engine()
    players = ["Camille", "Alex", "Bea"]
    origin = engine.new_game(players, seed=seed)
    kind = [k for k in engine.PLAYER_KINDS if k != "expert"][-1]  # the strongest heuristic
    policies = {p: (kind, seed * 10 + k) for k, p in enumerate(players)}
    steps, before = record_game(engine, origin, "Camille", policies, first)
    return Played(engine, origin, steps, policies, "Camille"), before


@pytest.mark.parametrize("game_id", list(GAMES))
def test_the_replay_before_the_divergence_is_the_recorded_game(game_id: str) -> None:
    played, before = seeded(game_id)
    engine = played.engine
    walk = Replayer(played).walk()
    assert [p.state for p in walk.points[:-1]] == before
    assert engine.is_over(walk.final)
    # the line on the recorded action at any step is the game as played, to the end
    r = Replayer(played)
    for step in (1, len(played.steps) // 2, len(played.steps) - 1):
        line = r.line(step, r.played_action(step))
        assert line.outcome == engine.outcome(walk.final)
        assert line.substituted == line.unrecorded == 0
    # and an alternative line agrees with the recorded one before its step: the position its
    # step starts from is the recorded one
    step = next(k for k in range(1, len(played.steps)) if len(r.alternatives(k)) > 1)
    other = next(a for a in r.alternatives(step) if a != r.played_action(step))
    line = r.line(step, other)
    _, first_events = engine.apply(before[step], other)
    assert line.events[: len(first_events)] == first_events
    assert line.outcome is not None and line.outcome == engine.outcome(line.state)


def test_drahtseilakt_the_highest_card_played_last_takes_the_blue_sticks() -> None:
    from tutor.games import drahtseilakt as d

    played, before = seeded("drahtseilakt")
    r = Replayer(played)
    found = 0
    for k in range(1, len(played.steps)):
        state = before[k]
        if len(state.trick) != 2 or not state.stake.blue:
            continue  # Camille plays last in a trick worth blue sticks
        top = max(c for _, c in state.trick)
        legal = r.alternatives(k)
        best = legal[-1]
        if best.card <= top or best == r.played_action(k):
            continue
        line = r.line(k, best, to_end=False)
        blue = [e for e in line.events if e.kind == "blue"]
        assert blue and blue[0].seat == "Camille", line.events
        assert blue[0].clause == "drahtseilakt/bleus"
        assert isinstance(best, d.Play)
        found += 1
    assert found


def test_vampir_taking_a_location_instead_of_drawing_takes_its_cards() -> None:
    from tutor.games import vampir as vp

    played, _before = seeded("vampir")
    r = Replayer(played)
    k = next(k for k in range(1, len(played.steps))
             if isinstance(r.played_action(k), vp.Draw)
             and any(isinstance(a, vp.Take) for a in r.alternatives(k)))
    take = next(a for a in r.alternatives(k) if isinstance(a, vp.Take))
    actual, other, diff = what_if(played, k, take)
    taken = [e for e in other.events if e.kind == "take"]
    assert taken and taken[0].seat == "Camille"
    assert taken[0].data["location"] == take.location
    assert not [e for e in actual.events if e.kind == "take" and e.seat == "Camille"]
    assert diff.changed and "vampir/recuperer" in diff.clauses


def test_vaiko_looking_at_another_card_shows_that_card() -> None:
    from tutor.games import vaiko as vk

    played, before = seeded("vaiko")
    r = Replayer(played)
    k = next(k for k in range(1, len(played.steps)) if isinstance(r.played_action(k), vk.Peek))
    other = next(a for a in r.alternatives(k) if a != r.played_action(k))
    line = r.line(k, other, to_end=False)
    state = before[k]
    me = state.players.index("Camille")
    face = state.deck.cards[state.hands[me][other.slot]].face
    peek = next(e for e in line.events if e.kind == "peek")
    assert peek.data == {**peek.data, "slot": other.slot, "face": face}
    # the same kind of event by the same seat under the same clause: not a change of resolution
    assert not difference(r.line(k, r.played_action(k), to_end=False).events,
                          line.events).changed


def test_vaiko_a_line_past_its_recorded_shuffles_stops_and_says_why() -> None:
    played, _ = seeded("vaiko")
    engine = played.engine
    record = played.origin.record
    k = next(k for k in range(1, len(played.steps))
             if len(Replayer(played).alternatives(k)) > 1)
    # the same game rebuilt from its record (no seed), without the shuffles after the first deal
    short = from_record(engine, ["Camille", "Alex", "Bea"],
                        Record(record.shuffles[:1], record.setup), None,
                        played.steps[: k + 1], played.policies, "Camille")
    r = Replayer(short)
    other = next(a for a in r.alternatives(k) if a != r.played_action(k))
    line = r.line(k, other)
    assert line.outcome is None
    assert "mélanges enregistrés" in line.stopped or "mélange enregistré" in line.stopped


def test_a_sandbox_line_keeps_the_later_choices_and_counts_those_no_longer_legal() -> None:
    # every seat is the learner's: Camille lays 15 at the first round instead of 1, everyone's
    # other cards are kept; her 15 planned for the last round is gone and is chosen for her
    players = ("Camille", "Alex")
    origin = v.new_game(players, record=Record((ORDER,)))
    plan = [(1, 15), *[(c, 16 - c) for c in range(2, 15)], (15, 1)]
    steps = ((), *[(v.Play(seat, card),) for a, b in plan
                   for seat, card in (("Camille", a), ("Alex", b))])
    game = Played(v, origin, steps, {"Camille": ("hasard", 1), "Alex": ("hasard", 2)}, None)
    line = Replayer(game).line(1, v.Play("Camille", 15))
    assert line.substituted == 1 and line.outcome is not None
    assert line.events == (v.apply(origin, v.Play("Camille", 15))[1])


# --- the panel under the shared play table and sandbox ----------------------------------------


def _session_facts(board: Any) -> tuple[Any, ...]:
    s = board.session
    return (list(s.steps), s.cursor, s.version, s.message)


@pytest.mark.parametrize("game_id", list(GAMES))
def test_the_panel_shows_both_futures_and_leaves_the_game_untouched(game_id: str) -> None:
    import importlib

    from ipywidgets.widgets import widget

    page = importlib.import_module(GAMES[game_id].page_module)
    board = page.play_vs_computer(seed=3)
    engine = board.engine
    clicks = 0
    while not engine.is_over(board.session.state) and clicks < 400:
        _play_first(board)
        clicks += 1
    assert engine.is_over(board.session.state), board.error.value
    panel = board.whatif
    board.session.goto(1)
    step = next(k for k in range(1, len(board.session.steps)) if len(panel.labelled(k)) > 1)
    board.session.goto(step)
    assert panel.step == step and panel.choice.options and not panel.go.disabled
    facts = _session_facts(board)
    panel.go.click()
    assert board.error.value == "", board.error.value
    out = panel.result.value
    assert "Ce qui a été joué" in out and "Et si…" in out and out.count("Fin de la partie") == 2
    assert "Étape" in out and "Python" not in out and "Play(" not in out
    assert panel.why.layout.display != "none"
    panel.why.click()
    assert board.error.value == "", board.error.value
    assert "Pourquoi je n’ai pas gagné" in panel.result.value
    assert _session_facts(board) == facts
    assert_french(out + panel.result.value)
    # asking again and again creates no widget model
    before = len(widget._instances)
    for k in range(1, min(len(board.session.steps), 8)):
        board.session.goto(k)
        if not panel.go.disabled:
            panel.go.click()
    panel.why.click()
    assert len(widget._instances) == before


@pytest.mark.parametrize("game_id", list(GAMES))
def test_during_a_game_the_learner_s_view_keeps_the_other_futures_hidden(game_id: str) -> None:
    """Another future would show the others' hands and the cards to come: in a game against
    the computer it opens at the end or in the teacher's view, never mid-game for the learner."""
    import importlib

    page = importlib.import_module(GAMES[game_id].page_module)
    board = page.play_vs_computer(seed=3)
    panel = board.whatif
    for _ in range(3):
        _play_first(board)
    board.session.goto(1)
    assert not board.session.last.over
    assert panel.go.disabled and "Vue du professeur" in panel.result.value
    with pytest.raises(Refusal, match="fin de la partie"):
        panel.compare()
    board.settings.teacher.value = True  # everything is visible: the futures may be shown
    step = next(k for k in range(1, len(board.session.steps)) if len(panel.labelled(k)) > 1)
    board.session.goto(step)
    assert not panel.go.disabled
    panel.go.click()
    assert board.error.value == "" and "Et si…" in panel.result.value


def _play_first(board: Any) -> None:
    """Play the first legal action offered (a button, or the first entry of a list)."""
    step = board.session.step
    board.play(step.legal(board.acting_seat(step))[0])


def test_the_sandbox_panel_changes_any_seat_s_action() -> None:
    from tutor.ui import vautours as sv

    box = sv.sandbox(seed=2)
    for _ in range(4):
        _play_first(box)
    box.session.goto(2)  # Alex's card of the first round
    panel = box.whatif
    labels = [label for label, _ in panel.choice.options]
    seat = box.session.steps[2].actions[0].seat
    assert panel.options and all(a.seat == seat for a in panel.options)
    assert len(labels) == 14
    panel.go.click()
    assert box.error.value == "" and "Et si…" in panel.result.value
    assert panel.why.layout.display == "none"  # no computer player to explain a defeat against


def assert_french(html: str) -> None:
    """What the panel shows follows the tutor's French rules (``tests/test_french.py``)."""
    import html as html_lib
    import re

    from tests.test_french import misspelt, violations

    html = re.sub(r'<span class="tv-clause-id">[^<]*</span>', " ", html)
    html = re.sub(r"<style>.*?</style>", " ", html, flags=re.S)
    text = html_lib.unescape(re.sub(r"<br>|</li>|</p>|</div>|</td>", "\n", html))
    text = re.sub(r"<[^>]+>", " ", text)
    lines = [re.sub(r"[ \t]+", " ", line).strip() for line in text.splitlines() if line.strip()]
    problems = [p for line in lines for p in violations(line)]
    assert not problems, "\n".join(problems[:10])
    bad = set().union(*(misspelt(line) for line in lines))
    assert not bad, sorted(bad)


@pytest.mark.parametrize("game_id", [g for g, info in GAMES.items() if info.listed])
def test_why_is_hidden_until_a_game_against_the_computer_ends(game_id: str) -> None:
    import importlib

    page = importlib.import_module(GAMES[game_id].page_module)
    assert page.sandbox().whatif.why.layout.display == "none"  # before any move
    assert page.play_vs_computer().whatif.why.layout.display == "none"

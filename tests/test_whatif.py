""""Et si… ?" and "Pourquoi je n'ai pas gagné ?" on seeded games with known answers, for every game
(:mod:`tutor.engine.whatif`), and their panel on the shared play table (:mod:`tutor.ui.whatif`)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from tutor.engine.api import AnyEngine, Record, bot_action
from tutor.engine.whatif import Played, what_if
from tutor.games import vautours as v

Choose = Callable[[Any, str, tuple[Any, ...]], Any]


def record_game(engine: AnyEngine, origin: Any, me: str, policies: dict[str, tuple[str, int]],
                choose: Choose) -> tuple[tuple[tuple[Any, ...], ...], list[Any]]:
    """A game played as a page's play table plays it: the learner ``me`` by ``choose(state,
    seat, legal)``, the others by fresh bots from ``policies``; steps as a session records them
    and the state before each step."""
    kinds = engine.PLAYER_KINDS
    bots = {s: kinds[k][1](seed=seed) for s, (k, seed) in policies.items() if s != me}
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

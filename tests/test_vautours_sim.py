"""Random-simulation invariants and a Hypothesis stateful test for Stupides Vautours."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, invariant, precondition, rule

from tutor import rules
from tutor.engine import IllegalAction
from tutor.games import vautours as v

CLAUSES = set(rules.load("vautours").clauses)
NAMES = ("Alex", "Bea", "Carla", "Dario", "Léo")


def random_game(n: int, seed: int, preset: str) -> tuple[v.State, list[v.Play], list[v.Event]]:
    rng = random.Random(seed)
    state = v.new_game(NAMES[:n], seed=seed, variant=preset)
    actions: list[v.Play] = []
    events = list(v.opening_events(state))
    while not v.is_over(state):
        seats = v.current_seats(state)
        assert seats, "a game in progress always has a seat to act"
        for seat in seats:
            legal = v.legal_actions(state, seat)
            assert legal and list(legal) == sorted(legal, key=lambda a: a.card)
            action = rng.choice(legal)
            state, evs = v.apply(state, action)
            actions.append(action)
            events.extend(evs)
            check_conservation(state)
    return state, actions, events


def check_conservation(state: v.State) -> None:
    points = [*state.deck, *state.pile, *state.lost, *(c for t in state.taken for c in t)]
    assert Counter(points) == Counter(v.POINT_CARDS)
    for hand, chosen, played in zip(state.hands, state.chosen, state.played):
        mine = [*hand, *played, *([] if chosen is None else [chosen])]
        assert sorted(mine) == list(range(1, 16))


CASES = [(n, preset) for preset in v.PRESETS for n in range(2, 6)] + [
    (n, {"last_pile": "shared"}) for n in (2, 5)
]


@pytest.mark.parametrize(("n", "preset"), CASES)
def test_random_games_keep_every_invariant(n: int, preset: str) -> None:
    for seed in range(25):
        state, actions, events = random_game(n, seed, preset)  # type: ignore[arg-type]
        assert all(len(p) == 15 for p in state.played)
        assert {e.clause for e in events} <= CLAUSES
        result = v.outcome(state)
        assert set(result.winners) <= set(state.players) and result.winners
        assert sum(result.scores.values()) + sum(state.lost) == sum(v.POINT_CARDS) + sum(
            state.bonus
        )
        # replaying the recorded order and the actions reproduces the state, no random involved
        assert v.replay(state.players, state.order, actions, state.variant) == state




def test_quiet_apply_reaches_the_same_states() -> None:
    for seed in range(10):
        rng = random.Random(seed)
        loud = quiet = v.new_game(NAMES[:3], seed=seed)
        while not v.is_over(loud):
            for seat in v.current_seats(loud):
                action = rng.choice(v.legal_actions(loud, seat))
                loud, events = v.apply(loud, action)
                quiet, none = v.apply(quiet, action, explain=False)
                assert events and none == ()
                assert loud == quiet


@pytest.mark.parametrize("kind", sorted(v.PLAYER_KINDS))
def test_computer_players_finish_games_with_legal_moves(kind: str) -> None:
    bot_class = v.PLAYER_KINDS[kind][1]
    for seed in range(5):
        state = v.new_game(NAMES[:4], seed=seed)
        bots = {p: bot_class(seed + i) for i, p in enumerate(state.players)}
        while not v.is_over(state):
            for seat in v.current_seats(state):
                state, _ = v.apply(state, bots[seat].choose(state, seat))
        assert v.outcome(state).winners


def test_heuristic_player_beats_random_players_on_average() -> None:
    wins = 0
    for seed in range(60):
        state = v.new_game(("Prudent", "H1", "H2"), seed=seed)
        bots = {"Prudent": v.HeuristicPlayer(seed), "H1": v.RandomPlayer(seed + 100),
                "H2": v.RandomPlayer(seed + 200)}
        while not v.is_over(state):
            for seat in v.current_seats(state):
                state, _ = v.apply(state, bots[seat].choose(state, seat))
        wins += "Prudent" in v.outcome(state).winners
    assert wins > 60 / 3  # better than the random share of the victories


@given(st.lists(st.integers(1, 15), min_size=2, max_size=5),
       st.lists(st.sampled_from(v.POINT_CARDS), min_size=1, max_size=4, unique=True))
def test_winner_played_a_unique_extreme_value(cards: list[int], pile: list[int]) -> None:
    plays = {NAMES[i]: c for i, c in enumerate(cards)}
    r = v.resolve_round(plays, pile)
    counts = Counter(cards)
    unique = [c for c in cards if counts[c] == 1]
    if not unique:
        assert r.winner is None
    else:
        best = max(unique) if sum(pile) >= 0 else min(unique)
        assert r.winner is not None and plays[r.winner] == best


class VautoursMachine(RuleBasedStateMachine):
    """Mixes legal and illegal actions: illegal ones raise and change nothing."""

    def __init__(self) -> None:
        super().__init__()
        self.state = v.new_game(NAMES[:3], seed=0)

    @rule(data=st.data())
    def legal_play(self, data: st.DataObject) -> None:
        seats = v.current_seats(self.state)
        if not seats:
            return
        seat = data.draw(st.sampled_from(seats))
        action = data.draw(st.sampled_from(v.legal_actions(self.state, seat)))
        self.state, events = v.apply(self.state, action)
        assert events[0].kind == "play" and events[0].seat == seat

    @rule(seat=st.sampled_from([*NAMES[:3], "Intrus"]), card=st.integers(-3, 18))
    def any_play(self, seat: str, card: int) -> None:
        before = self.state
        action = v.Play(seat, card)
        legal = seat in before.players and action in v.legal_actions(before, seat)
        try:
            self.state, _ = v.apply(before, action)
        except IllegalAction as e:
            assert not legal and e.clause in CLAUSES and e.reason
            assert self.state == before
        else:
            assert legal

    @precondition(lambda self: v.is_over(self.state))
    @rule()
    def restart(self) -> None:
        assert v.outcome(self.state).winners
        self.state = v.new_game(NAMES[:3], seed=len(self.state.lost) + 1)

    @invariant()
    def conserved(self) -> None:
        check_conservation(self.state)


VautoursMachine.TestCase.settings = settings(max_examples=60, stateful_step_count=60,
                                             deadline=None)
TestVautoursStateful = VautoursMachine.TestCase

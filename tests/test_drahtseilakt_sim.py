"""Random-simulation invariants and a Hypothesis stateful test for Drahtseilakt."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, invariant, precondition, rule

from tutor import rules
from tutor.engine import IllegalAction
from tutor.games import drahtseilakt as d

CLAUSES = set(rules.load("drahtseilakt").clauses)
NAMES = ("Alex", "Bea", "Carla", "Dario", "Emma")


def random_game(n: int, seed: int, preset: str) -> tuple[d.State, list[d.Play], list[d.Event]]:
    rng = random.Random(seed)
    state = d.new_game(NAMES[:n], seed=seed, variant=preset)
    actions: list[d.Play] = []
    events = list(d.opening_events(state))
    tricks = 0
    while not d.is_over(state):
        seats = d.current_seats(state)
        assert seats, "a game in progress always has a seat to act"
        for seat in seats:
            legal = d.legal_actions(state, seat)
            assert legal and list(legal) == sorted(legal, key=lambda a: a.card)
            action = rng.choice(legal)
            state, evs = d.apply(state, action)
            actions.append(action)
            events.extend(evs)
            tricks += any(e.kind == "trick_end" for e in evs)
            check_invariants(state)
    assert tricks == d.TRICKS * n  # 9 tricks per manche, one manche per player
    return state, actions, events


def check_invariants(state: d.State) -> None:
    n = len(state.players)
    if d.is_over(state):
        assert state.red == state.blue == (0,) * n
        return
    # every number card of the deal is in a hand, the trick, the discard or out of the deal
    deal = state.deals[state.manche]
    here = [*(c for h in state.hands for c in h), *(c for _, c in state.trick), *state.discard]
    unseen = deal.cards[d.HAND_SIZE * n:]
    assert Counter(here) + Counter(unseen) == Counter(d.number_cards(state.variant, n))
    # every score card is face down, turned this manche, or was never dealt (impossible)
    assert Counter(state.score_deck) + Counter(state.revealed) == Counter(d.SCORE_CARDS)
    assert len(state.revealed) >= state.tricks + 1
    # sticks: reserve + held = 25 of each colour under the finite reading
    if state.variant.supply == "finite":
        red_left, blue_left = d.reserve(state)
        assert red_left + sum(state.red) == d.STICKS_PER_COLOUR
        assert blue_left + sum(state.blue) == d.STICKS_PER_COLOUR
    if state.variant.pairs == "immediate":
        assert all(not (r and b) for r, b in zip(state.red, state.blue))
    assert all(len(h) == d.HAND_SIZE - state.tricks - (p in dict(state.trick))
               for p, h in zip(state.players, state.hands))


CASES = [(n, preset) for preset in d.PRESETS for n in range(3, 6)]


@pytest.mark.parametrize(("n", "preset"), CASES)
def test_random_games_keep_every_invariant(n: int, preset: str) -> None:
    for seed in range(6):
        state, actions, events = random_game(n, seed, preset)
        assert {e.clause for e in events} <= CLAUSES
        result = d.outcome(state)
        assert set(result.winners) <= set(state.players) and result.winners
        assert result.scores == d.final_totals(dict(zip(state.players, state.history))).totals
        # replaying the recorded deals and the actions reproduces the state, no random involved
        assert d.replay(state.players, state.deals, actions, state.variant) == state






def test_quiet_apply_reaches_the_same_states() -> None:
    for seed, preset in enumerate(d.PRESETS):
        rng = random.Random(seed)
        loud = quiet = d.new_game(NAMES[:4], seed=seed, variant=preset)
        while not d.is_over(loud):
            for seat in d.current_seats(loud):
                action = rng.choice(d.legal_actions(loud, seat))
                loud, events = d.apply(loud, action)
                quiet, none = d.apply(quiet, action, explain=False)
                assert events and none == ()
                assert loud == quiet


@pytest.mark.parametrize("kind", sorted(d.PLAYER_KINDS))
def test_computer_players_finish_games_with_legal_moves(kind: str) -> None:
    bot_class = d.PLAYER_KINDS[kind][1]
    for seed, preset in enumerate(("standard", "chaotique", "tactique")):
        state = d.new_game(NAMES[:4], seed=seed, variant=preset)
        bots = {p: bot_class(seed + i) for i, p in enumerate(state.players)}
        while not d.is_over(state):
            for seat in d.current_seats(state):
                state, _ = d.apply(state, bots[seat].choose(state, seat))
        assert d.outcome(state).winners


def test_computer_players_are_deterministic_by_seed() -> None:
    state = d.new_game(NAMES[:3], seed=1)
    seat = d.current_seats(state)[0]
    for kind in (d.RandomPlayer, d.HeuristicPlayer):
        assert [kind(5).choose(state, seat) for _ in range(3)] == \
            [kind(5).choose(state, seat) for _ in range(3)]


def test_heuristic_player_beats_random_players_on_average() -> None:
    wins = 0
    games = 30
    for seed in range(games):
        state = d.new_game(("Prudent", "H1", "H2"), seed=seed)
        bots = {"Prudent": d.HeuristicPlayer(seed), "H1": d.RandomPlayer(seed + 100),
                "H2": d.RandomPlayer(seed + 200)}
        while not d.is_over(state):
            for seat in d.current_seats(state):
                state, _ = d.apply(state, bots[seat].choose(state, seat))
        wins += "Prudent" in d.outcome(state).winners
    assert wins > games / 2  # well above the random share (a third) of the victories


SCORE = st.sampled_from(d.SCORE_CARDS)


@given(st.permutations(d.SCORE_CARDS))
def test_reveal_always_gives_a_value_from_a_full_deck(deck: list[d.ScoreCard]) -> None:
    r = d.reveal(deck)
    assert r.value in d.SCORE_VALUES and r.revealed + r.rest == tuple(deck)
    assert r.revealed[-1] == r.value and len(r.revealed) <= 3
    zeros = [c for c in r.revealed if c in d.ZEROS]
    if len(zeros) == 1:
        assert (r.blue, r.red) == (zeros[0] != d.ZERO_BLUE, zeros[0] != d.ZERO_RED)
    else:
        assert r.blue and r.red


@given(st.integers(0, 30), st.integers(0, 30))
def test_settle_keeps_the_difference_in_one_colour(red: int, blue: int) -> None:
    r, b = d.settle(red, blue)
    assert min(r, b) == 0 and r - b == red - blue


@given(st.dictionaries(st.sampled_from(NAMES), st.lists(st.integers(0, 12), min_size=1,
                                                         max_size=5), min_size=1))
def test_totals_never_exceed_the_plain_sum(scores: dict[str, list[int]]) -> None:
    t = d.final_totals(scores)
    for p, s in scores.items():
        assert t.totals[p] <= sum(s)
        assert len(t.cancelled[p]) <= s[1:].count(0)
        assert t.totals[p] == sum(v for k, v in enumerate(s) if k not in t.cancelled[p])


class DrahtseilaktMachine(RuleBasedStateMachine):
    """Mixes legal and illegal actions: illegal ones raise and change nothing."""

    def __init__(self) -> None:
        super().__init__()
        self.games = 0
        self.state = d.new_game(NAMES[:3], seed=0)

    @rule(data=st.data())
    def legal_play(self, data: st.DataObject) -> None:
        seats = d.current_seats(self.state)
        if not seats:
            return
        seat = data.draw(st.sampled_from(seats))
        action = data.draw(st.sampled_from(d.legal_actions(self.state, seat)))
        self.state, events = d.apply(self.state, action)
        assert events[0].kind == "play" and events[0].seat == seat

    @rule(seat=st.sampled_from([*NAMES[:3], "Intrus"]), card=st.integers(-2, 52))
    def any_play(self, seat: str, card: int) -> None:
        before = self.state
        action = d.Play(seat, card)
        legal = seat in before.players and action in d.legal_actions(before, seat)
        try:
            self.state, _ = d.apply(before, action)
        except IllegalAction as e:
            assert not legal and e.clause in CLAUSES and e.reason
            assert self.state == before
        else:
            assert legal

    @rule(data=st.data())
    def out_of_turn(self, data: st.DataObject) -> None:
        before = self.state
        waiting = [p for p in before.players if p not in d.current_seats(before)]
        if not waiting:
            return
        seat = data.draw(st.sampled_from(waiting))
        hand = before.hands[before.players.index(seat)]
        card = data.draw(st.sampled_from(hand)) if hand else 1
        with pytest.raises(IllegalAction) as e:
            d.apply(before, d.Play(seat, card))
        assert e.value.clause == ("drahtseilakt/fin" if d.is_over(before) else "drahtseilakt/jouer")
        assert self.state == before

    @rule()
    def fast_forward_a_trick(self) -> None:
        for _ in range(3):
            if d.is_over(self.state):
                return
            seat = d.current_seats(self.state)[0]
            self.state, _ = d.apply(self.state, d.legal_actions(self.state, seat)[0])

    @precondition(lambda self: d.is_over(self.state))
    @rule()
    def restart(self) -> None:
        assert d.outcome(self.state).winners
        self.games += 1
        self.state = d.new_game(NAMES[:3], seed=self.games)

    @invariant()
    def conserved(self) -> None:
        check_invariants(self.state)


DrahtseilaktMachine.TestCase.settings = settings(max_examples=40, stateful_step_count=60,
                                                 deadline=None)
TestDrahtseilaktStateful = DrahtseilaktMachine.TestCase

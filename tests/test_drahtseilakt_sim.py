"""Random-simulation invariants and a Hypothesis stateful test for Drahtseilakt."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, invariant, precondition, rule

from tests.contract import apply_or_refuse
from tutor import rules
from tutor.engine import IllegalAction
from tutor.engine.api import bot_action
from tutor.engine.bots import RandomPlayer
from tutor.games import drahtseilakt as d
from tutor.games.drahtseilakt import engine as drahtseilakt_engine
from tutor.games.drahtseilakt.bots import PLAYER_KINDS
from tutor.games.drahtseilakt.core import (
    HAND_SIZE,
    SCORE_CARDS,
    SCORE_VALUES,
    STICKS_PER_COLOUR,
    ZERO_BLUE,
    ZERO_RED,
    ZEROS,
    ScoreCard,
    final_totals,
    number_cards,
    reveal,
    settle,
)
from tutor.games.drahtseilakt.engine import deals
from tutor.games.drahtseilakt.events import Played

CLAUSES = set(rules.load("drahtseilakt").clauses)
NAMES = ("Alex", "Bea", "Carla", "Dario", "Emma")


def check_invariants(state: d.State) -> None:
    n = len(state.players)
    if d.GAME.is_over(state):
        assert state.red == state.blue == (0,) * n
        return
    # every number card of the deal is in a hand, the trick, the discard or out of the deal
    deal = deals(state)[state.manche]
    here = [*(c for h in state.hands for c in h), *(c for _, c in state.trick), *state.discard]
    unseen = deal.cards[HAND_SIZE * n:]
    assert Counter(here) + Counter(unseen) == Counter(number_cards(state.variant, n))
    # every score card is face down, turned this manche, or was never dealt (impossible)
    assert Counter(state.score_deck) + Counter(state.revealed) == Counter(SCORE_CARDS)
    assert len(state.revealed) >= state.tricks + 1
    # sticks: reserve + held = 25 of each colour under the finite reading
    if state.variant.supply == "finite":
        red_left, blue_left = drahtseilakt_engine.reserve(state)
        assert red_left + sum(state.red) == STICKS_PER_COLOUR
        assert blue_left + sum(state.blue) == STICKS_PER_COLOUR
    if state.variant.pairs == "immediate":
        assert all(not (r and b) for r, b in zip(state.red, state.blue))
    assert all(len(h) == HAND_SIZE - state.tricks - (p in dict(state.trick))
               for p, h in zip(state.players, state.hands))


def test_quiet_apply_reaches_the_same_states() -> None:
    for seed, preset in enumerate(d.GAME.PRESETS):
        rng = random.Random(seed)
        loud = quiet = d.GAME.new_game(NAMES[:4], seed=seed, variant=preset)
        while not d.GAME.is_over(loud):
            for seat in d.GAME.current_seats(loud):
                action = rng.choice(d.GAME.legal_actions(loud, seat))
                loud, events = d.GAME.apply(loud, action)
                quiet, none = d.GAME.apply(quiet, action, explain=False)
                assert events and none == ()
                assert loud == quiet
                check_invariants(loud)


def bot_match(seed: int, strong: str, n: int = 3, preset: str = "standard") -> bool:
    """One game: a ``strong`` player in a seat that rotates with the seed, random players in
    the others, each handed its view only; whether the strong player won (shared wins count)."""
    names = NAMES[:n]
    hero = names[seed % n]
    state = d.GAME.new_game(names, seed=seed, variant=preset)
    bots = {p: (PLAYER_KINDS[strong][1] if p == hero else RandomPlayer)(seed=seed * 7 + i)
            for i, p in enumerate(names)}
    while not d.GAME.is_over(state):
        for seat in d.GAME.current_seats(state):
            state, _ = d.GAME.apply(state, bot_action(d.GAME, state, seat, bots[seat]),
                                    explain=False)
    return hero in d.GAME.outcome(state).winners


@pytest.mark.parametrize("preset", ["standard", "tactique", "chaotique"])
def test_the_careful_player_clearly_beats_random_players(preset: str) -> None:
    games = 60
    wins = sum(bot_match(seed, "prudent", 3, preset) for seed in range(games))
    # a random player wins about a third of these games; over 1,000 games the careful player
    # won 66.5 % (standard), 58.3 % (chaotique), 69.1 % (tactique); 73.8 % at 4 players and
    # 83.5 % at 5 (random share 25 % and 20 %); the former state-reading heuristic, 58.5 %
    assert wins > 0.45 * games


def test_computer_players_see_only_what_their_seat_may_see() -> None:
    """Two states that differ only in what a seat cannot see (the others' hands, the cards out
    of the deal, the score cards to come, the hidden choices of the chaotic variant) make every
    kind of computer player choose the same card."""
    checked = 0
    for seed in range(40):
        preset = ("standard", "chaotique", "tactique")[seed % 3]
        rng = random.Random(seed)
        state = d.GAME.new_game(NAMES[:4], seed=seed, variant=preset)
        for _ in range(rng.randrange(0, 60)):  # somewhere in the first two manches
            seat = d.GAME.current_seats(state)[0]
            state, _ = d.GAME.apply(state, rng.choice(d.GAME.legal_actions(state, seat)),
                                    explain=False)
        seat = d.GAME.current_seats(state)[0]
        other = hide_differently(state, seat, rng)
        assert d.GAME.view(other, seat) == d.GAME.view(state, seat)
        assert other != state or preset == "tactique"
        for kind, (_, make) in PLAYER_KINDS.items():
            first = bot_action(d.GAME, state, seat, make(seed=seed))
            second = bot_action(d.GAME, other, seat, make(seed=seed))
            assert first == second, (kind, seed)
            checked += 1
    assert checked == 40 * len(PLAYER_KINDS)


def hide_differently(state: d.State, seat: str, rng: random.Random) -> d.State:
    """``state`` with the cards ``seat`` cannot see dealt differently: the other hands, the
    cards out of the deal and the hidden choices of this trick are shuffled among themselves
    (hand sizes kept), and the face-down score cards are reordered. (The record, which only
    the teacher's view reads, is left as it was.)"""
    me = state.players.index(seat)
    hidden_trick = state.variant.play == "simultaneous"
    secret = [i for i in range(len(state.players)) if i != me]
    n = len(state.players)
    deal = deals(state)[state.manche]
    out = list(deal.cards[HAND_SIZE * n:])
    pool = [c for i in secret for c in state.hands[i]] + out
    hidden = [k for k, (p, _) in enumerate(state.trick) if hidden_trick and p != seat]
    pool += [state.trick[k][1] for k in hidden]
    rng.shuffle(pool)
    hands = list(state.hands)
    for i in secret:
        hands[i], pool = tuple(sorted(pool[:len(hands[i])])), pool[len(hands[i]):]
    trick = list(state.trick)
    for k in hidden:
        trick[k], pool = (trick[k][0], pool[0]), pool[1:]
    score_deck = tuple(rng.sample(state.score_deck, len(state.score_deck)))
    return state._replace(hands=tuple(hands), trick=tuple(trick), score_deck=score_deck)


SCORE = st.sampled_from(SCORE_CARDS)


@given(st.permutations(SCORE_CARDS))
def test_reveal_always_gives_a_value_from_a_full_deck(deck: list[ScoreCard]) -> None:
    r = reveal(deck)
    assert r.value in SCORE_VALUES and r.revealed + r.rest == tuple(deck)
    assert r.revealed[-1] == r.value and len(r.revealed) <= 3
    zeros = [c for c in r.revealed if c in ZEROS]
    if len(zeros) == 1:
        assert (r.blue, r.red) == (zeros[0] != ZERO_BLUE, zeros[0] != ZERO_RED)
    else:
        assert r.blue and r.red


@given(st.integers(0, 30), st.integers(0, 30))
def test_settle_keeps_the_difference_in_one_colour(red: int, blue: int) -> None:
    r, b = settle(red, blue)
    assert min(r, b) == 0 and r - b == red - blue


@given(st.integers(1, 5).flatmap(lambda k: st.dictionaries(
    st.sampled_from(NAMES), st.lists(st.integers(0, 12), min_size=k, max_size=k), min_size=1)))
def test_totals_never_exceed_the_plain_sum(scores: dict[str, list[int]]) -> None:
    t = final_totals(scores)
    for p, s in scores.items():
        assert t.totals[p] <= sum(s)
        assert len(t.cancelled[p]) <= s[1:].count(0)
        assert t.totals[p] == sum(v for k, v in enumerate(s) if k not in t.cancelled[p])


class DrahtseilaktMachine(RuleBasedStateMachine):
    """Mixes legal and illegal actions: illegal ones raise and change nothing."""

    def __init__(self) -> None:
        super().__init__()
        self.games = 0
        self.state = d.GAME.new_game(NAMES[:3], seed=0)

    @rule(data=st.data())
    def legal_play(self, data: st.DataObject) -> None:
        seats = d.GAME.current_seats(self.state)
        if not seats:
            return
        seat = data.draw(st.sampled_from(seats))
        action = data.draw(st.sampled_from(d.GAME.legal_actions(self.state, seat)))
        self.state, events = d.GAME.apply(self.state, action)
        first = events[0]
        assert isinstance(first, Played) and (first.seat, first.card) == (seat, action.card)

    @rule(seat=st.sampled_from([*NAMES[:3], "Intrus"]), card=st.integers(-2, 52))
    def any_play(self, seat: str, card: int) -> None:
        before = self.state
        action = d.Play(seat, card)
        legal = seat in before.players and action in d.GAME.legal_actions(before, seat)
        self.state = apply_or_refuse(d.GAME, before, action, legal, CLAUSES)

    @rule(data=st.data())
    def out_of_turn(self, data: st.DataObject) -> None:
        before = self.state
        waiting = [p for p in before.players if p not in d.GAME.current_seats(before)]
        if not waiting:
            return
        seat = data.draw(st.sampled_from(waiting))
        hand = before.hands[before.players.index(seat)]
        card = data.draw(st.sampled_from(hand)) if hand else 1
        with pytest.raises(IllegalAction) as e:
            d.GAME.apply(before, d.Play(seat, card))
        over = d.GAME.is_over(before)
        assert e.value.clause == ("drahtseilakt/fin" if over else "drahtseilakt/jouer")
        assert self.state == before

    @rule()
    def fast_forward_a_trick(self) -> None:
        for _ in range(3):
            if d.GAME.is_over(self.state):
                return
            seat = d.GAME.current_seats(self.state)[0]
            self.state, _ = d.GAME.apply(self.state, d.GAME.legal_actions(self.state, seat)[0])

    @precondition(lambda self: d.GAME.is_over(self.state))
    @rule()
    def restart(self) -> None:
        assert d.GAME.outcome(self.state).winners
        self.games += 1
        self.state = d.GAME.new_game(NAMES[:3], seed=self.games)

    @invariant()
    def conserved(self) -> None:
        check_invariants(self.state)


DrahtseilaktMachine.TestCase.settings = settings(max_examples=40, stateful_step_count=60,
                                                 deadline=None)
TestDrahtseilaktStateful = DrahtseilaktMachine.TestCase


def test_sampling_depends_on_the_view_only_whatever_was_sampled_before() -> None:
    # sample_state works out once what a view fixes: views sampled in turn each keep their own
    views = []
    for seed, preset in enumerate(("standard", "chaotique", "tactique")):
        state = d.GAME.new_game(NAMES[:3 + seed], seed=seed, variant=preset)
        rng = random.Random(seed)
        for step in range(40):
            seat = d.GAME.current_seats(state)[0]
            if step % 9 == 4:
                views.append(d.GAME.view(state, seat))
            state, _ = d.GAME.apply(state, rng.choice(d.GAME.legal_actions(state, seat)))
    first = [d.GAME.sample_state(v, random.Random(k)) for k, v in enumerate(views)]
    again = [d.GAME.sample_state(v, random.Random(k)) for k, v in reversed(list(enumerate(views)))]
    assert first == again[::-1]
    assert all(d.GAME.sample_state(v, random.Random(k)) == first[k] for k, v in enumerate(views))
    for v, sample in zip(views, first):
        assert v.seat is not None
        assert d.GAME.view(sample, v.seat) == v


@pytest.mark.parametrize("preset", sorted(d.GAME.PRESETS))
def test_the_cards_in_play_run_from_one(preset: str) -> None:
    # the Prudent player counts the cards out under a card as (card - 1) minus those it has seen
    for n in range(d.GAME.MIN_PLAYERS, d.GAME.MAX_PLAYERS + 1):
        cards = number_cards(d.Variant.coerce(preset), n)
        assert cards == tuple(range(1, len(cards) + 1))

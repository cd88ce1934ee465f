"""Stupides Vautours beyond the common contract tests: quiet simulation, computer players that
see only their view (and their strength), resolution properties and a Hypothesis state machine.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, invariant, precondition, rule

from tests.contract import apply_or_refuse
from tutor import rules
from tutor.engine.api import Seed, bot_action
from tutor.engine.bots import RandomPlayer
from tutor.engine.core import Record
from tutor.games import vautours as v
from tutor.games.vautours.bots import PLAYER_KINDS, CarefulPlayer
from tutor.games.vautours.engine import resolve_round
from tutor.games.vautours.events import Chosen
from tutor.games.vautours.state import POINT_CARDS

CLAUSES = set(rules.load("vautours").clauses)
NAMES = ("Alex", "Bea", "Carla", "Dario", "Léo")


class InOrder:
    """A bench opponent, not offered to learners: plays 1, 2, …, 15 in order."""

    def __init__(self, *, seed: Seed = 0) -> None:
        del seed

    def choose(self, view: v.View, legal: Sequence[v.Play]) -> v.Play:
        return min(legal)


def test_quiet_apply_reaches_the_same_states() -> None:
    for seed in range(10):
        rng = random.Random(seed)
        loud = quiet = v.GAME.new_game(NAMES[:3], seed=seed, variant={"last_pile": "shared"})
        while not v.GAME.is_over(loud):
            for seat in v.GAME.current_seats(loud):
                action = rng.choice(v.GAME.legal_actions(loud, seat))
                loud, events = v.GAME.apply(loud, action)
                quiet, none = v.GAME.apply(quiet, action, explain=False)
                assert events and none == ()
                assert loud == quiet
        # every point counted: scores, lost pile and the shared bonus add up
        scores = v.GAME.outcome(loud).scores
        assert sum(scores.values()) + sum(loud.lost) == sum(POINT_CARDS) + sum(loud.bonus)


def play_match(hero: object, opponents: object, n: int, games: int) -> float:
    """Share of the games the first seat wins (alone or shared) over seeded games."""
    wins = 0
    for seed in range(games):
        state = v.GAME.new_game(NAMES[:n], seed=seed)
        bots = {NAMES[0]: hero(seed=seed)}  # type: ignore[operator]
        bots |= {p: opponents(seed=seed * 10 + i)  # type: ignore[operator]
                 for i, p in enumerate(NAMES[1:n], 1)}
        while not v.GAME.is_over(state):
            plays = [bot_action(v.GAME, state, s, bots[s]) for s in v.GAME.current_seats(state)]
            for play in plays:
                state, _ = v.GAME.apply(state, play, explain=False)
        wins += NAMES[0] in v.GAME.outcome(state).winners
    return wins / games


def test_a_sample_is_the_real_table_but_for_what_the_seat_cannot_see() -> None:
    """The manches played are replayed once per table (:func:`.hidden._replayed`): a sample
    holds the real state's piles, hands, open piles, winnings and lost cards, only the order of
    the cards still face down and the others' face-down cards drawn; views sampled in turn each
    keep their own (a table replayed for one view is never handed to another)."""
    views, states = [], []
    # two games of the same players (their tables differ at the same manche), other readings
    for seed, (n, variant) in enumerate(((3, "standard"), (3, "standard"), (4, "livret-souris"),
                                         (5, "livret-suricate"))):
        state = v.GAME.new_game(NAMES[:n], seed=seed, variant=variant)
        rng = random.Random(seed)
        step = 0
        while not v.GAME.is_over(state):
            seat = v.GAME.current_seats(state)[step % len(v.GAME.current_seats(state))]
            if step % 5 == 2:
                views.append(v.GAME.view(state, seat))
                states.append(state)
            state, _ = v.GAME.apply(state, rng.choice(v.GAME.legal_actions(state, seat)))
            step += 1
    assert len(views) > 20
    first = [v.GAME.sample_state(view, random.Random(k)) for k, view in enumerate(views)]
    again = [v.GAME.sample_state(view, random.Random(k))
             for k, view in reversed(list(enumerate(views)))]
    assert first == again[::-1]
    for view, real, sample in zip(views, states, first, strict=True):
        assert v.GAME.view(sample, view.seat) == view
        assert sorted(sample.deck) == sorted(real.deck)
        assert sample.record.shuffles[0][:len(view.revealed)] == tuple(view.revealed)
        assert sample.record.shuffles[0][len(view.revealed):] == sample.deck
        for field in ("pile", "hands", "played", "taken", "lost", "bonus"):
            if field == "hands":  # the others' face-down cards are drawn from their hands
                assert [sorted(h + ((c,) if c is not None else ()))
                        for h, c in zip(sample.hands, sample.chosen, strict=True)] == \
                       [sorted(h + ((c,) if c is not None else ()))
                        for h, c in zip(real.hands, real.chosen, strict=True)]
            else:
                assert getattr(sample, field) == getattr(real, field), field


@pytest.mark.parametrize(("n", "opponents"), [(2, RandomPlayer), (4, RandomPlayer),
                                              (2, InOrder), (4, InOrder)])
def test_the_strongest_level_clearly_beats_random_and_in_order_players(
        n: int, opponents: object) -> None:
    strongest = PLAYER_KINDS["stratege"][1]
    assert play_match(strongest, opponents, n, 60) > 1.4 / n  # well above a fair share


def test_careful_players_no_longer_lose_to_playing_in_order() -> None:
    assert play_match(InOrder, CarefulPlayer, 5, 40) < 0.4


def test_the_strongest_level_beats_careful_players() -> None:
    strongest = PLAYER_KINDS["stratege"][1]
    assert play_match(strongest, CarefulPlayer, 3, 60) > 1.2 / 3


def hidden_twin(state: v.State, seat: str, rng: random.Random) -> v.State:
    """``state`` with everything ``seat`` cannot see changed: the others' face-down choices
    (swapped with a card of their hands) and the order of the face-down deck."""
    me = state.players.index(seat)
    hands, chosen = list(state.hands), list(state.chosen)
    for i in range(len(state.players)):
        held = chosen[i]
        if i != me and held is not None and hands[i]:
            swap = rng.choice(hands[i])
            hands[i] = tuple(sorted([c for c in hands[i] if c != swap] + [held]))
            chosen[i] = swap
    deck = list(state.deck)
    rng.shuffle(deck)
    order = state.order[:len(state.order) - len(state.deck)] + tuple(deck)
    return state._replace(hands=tuple(hands), chosen=tuple(chosen), deck=tuple(deck),
                          record=Record((order,)))


@pytest.mark.parametrize("kind", sorted(PLAYER_KINDS))
def test_computer_players_choose_from_what_their_seat_sees_only(kind: str) -> None:
    make = PLAYER_KINDS[kind][1]
    checked = 0
    for seed in range(30):
        rng = random.Random(seed)
        state = v.GAME.new_game(NAMES[:4], seed=seed)
        for _ in range(rng.randrange(0, 40)):  # a random position, some choices made
            seat = rng.choice(v.GAME.current_seats(state))
            state, _ = v.GAME.apply(state, rng.choice(v.GAME.legal_actions(state, seat)),
                                    explain=False)
        seat = v.GAME.current_seats(state)[-1]
        twin = hidden_twin(state, seat, rng)
        assert twin != state or not state.deck
        assert v.GAME.view(twin, seat) == v.GAME.view(state, seat)
        a = bot_action(v.GAME, state, seat, make(seed=seed))
        b = bot_action(v.GAME, twin, seat, make(seed=seed))
        assert a == b and a in v.GAME.legal_actions(state, seat)
        checked += 1
    assert checked == 30


@given(st.lists(st.integers(1, 15), min_size=2, max_size=5),
       st.lists(st.sampled_from(POINT_CARDS), min_size=1, max_size=4, unique=True))
def test_winner_played_a_unique_extreme_value(cards: list[int], pile: list[int]) -> None:
    plays = {NAMES[i]: c for i, c in enumerate(cards)}
    r = resolve_round(plays, pile)
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
        self.state = v.GAME.new_game(NAMES[:3], seed=0)
        self.pieces = v.GAME.inventory(self.state)

    @rule(data=st.data())
    def legal_play(self, data: st.DataObject) -> None:
        seats = v.GAME.current_seats(self.state)
        if not seats:
            return
        seat = data.draw(st.sampled_from(seats))
        action = data.draw(st.sampled_from(v.GAME.legal_actions(self.state, seat)))
        self.state, events = v.GAME.apply(self.state, action)
        assert events[0] == Chosen(seat=seat, card=action.card, clause="vautours/choix")

    @rule(seat=st.sampled_from([*NAMES[:3], "Intrus"]), card=st.integers(-3, 18))
    def any_play(self, seat: str, card: int) -> None:
        before = self.state
        action = v.Play(seat, card)
        legal = seat in before.players and action in v.GAME.legal_actions(before, seat)
        self.state = apply_or_refuse(v.GAME, before, action, legal, CLAUSES)

    @precondition(lambda self: v.GAME.is_over(self.state))
    @rule()
    def restart(self) -> None:
        assert v.GAME.outcome(self.state).winners
        self.state = v.GAME.new_game(NAMES[:3], seed=len(self.state.lost) + 1)

    @invariant()
    def conserved(self) -> None:
        assert v.GAME.inventory(self.state) == self.pieces


VautoursMachine.TestCase.settings = settings(max_examples=60, stateful_step_count=60,
                                             deadline=None)
TestVautoursStateful = VautoursMachine.TestCase

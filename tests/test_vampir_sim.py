"""Vampir-specific random simulation: hunts stay valid, cards sit under their own location, the
scores are the pure scoring function's; computer players see only their view and the strongest
beats random players; a Hypothesis stateful test mixing legal and illegal actions. (Conservation,
determinism, replay and sorted legal actions are tested for every game in test_games_common.)"""

from __future__ import annotations

import random

import pytest
from hypothesis import settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, invariant, precondition, rule

from tests.contract import apply_or_refuse
from tutor import rules
from tutor.engine import Event, Won
from tutor.engine.api import bot_action
from tutor.games import vampir as v
from tutor.games.vampir.bots import PLAYER_KINDS
from tutor.games.vampir.cards import KINDS, LOCATIONS, Vampire, sort_cards
from tutor.games.vampir.events import Points
from tutor.games.vampir.hunts import is_valid_hunt, score

CLAUSES = set(rules.load("vampir").clauses)
NAMES = ("Anke", "Bernd", "Chris", "Doro", "Emil")


def check_invariants(state: v.State) -> None:
    for slots in state.displays:
        for loc, hunt in zip(LOCATIONS, slots):
            if hunt:
                check = is_valid_hunt(hunt)
                assert check and check.location == loc and hunt == sort_cards(hunt)
    for loc, under in zip(LOCATIONS, state.under):
        assert all(not isinstance(c, Vampire) or c.location == loc for c in under)
    if not v.GAME.is_over(state):
        assert state.deck, "a manche in progress still has a deck"
        assert all(v.GAME.legal_actions(state, p) == () for p in state.players
                   if p not in v.GAME.current_seats(state)), "one player acts at a time"


def random_game(n: int, seed: int, preset: str) -> tuple[v.State, list[Event]]:
    rng = random.Random(seed)
    state = v.GAME.new_game(NAMES[:n], seed=seed, variant=preset)
    events: list[Event] = list(v.GAME.opening_events(state))
    while not v.GAME.is_over(state):
        state, evs = v.GAME.apply(state, rng.choice(v.GAME.legal_actions(state,
                                                                         v.GAME.current_seats(state)[0])))
        events.extend(evs)
        check_invariants(state)
    return state, events


@pytest.mark.parametrize("preset", list(v.GAME.PRESETS))
def test_random_games_keep_hunts_valid_and_cards_under_their_location(preset: str) -> None:
    for seed in range(2):
        state, events = random_game(3 + seed, seed, preset)
        assert len(state.results) == v.GAME.PRESETS[preset].manches
        assert sum(isinstance(e, Won) for e in events) == 1


def test_scores_match_the_pure_scoring_function() -> None:
    for seed in range(6):
        state, events = random_game(4, seed, "manche-unique")
        shown = {p: [h for h in slots if h] for p, slots in zip(state.players, state.displays)}
        points = score(shown).points
        assert tuple(points[p] for p in state.players) == state.results[0]
        assert dict([e for e in events if isinstance(e, Points)][-1].points) == points


def test_quiet_apply_reaches_the_same_states() -> None:
    for seed in range(3):
        rng = random.Random(seed)
        loud = quiet = v.GAME.new_game(NAMES[:3], seed=seed, variant="manche-unique")
        while not v.GAME.is_over(loud):
            action = rng.choice(v.GAME.legal_actions(loud, v.GAME.current_seats(loud)[0]))
            loud, events = v.GAME.apply(loud, action)
            quiet, none = v.GAME.apply(quiet, action, explain=False)
            assert events and none == ()
            assert loud == quiet


# --- computer players ----------------------------------------------------------------------------


def hidden_reshuffle(state: v.State, seat: str, rng: random.Random) -> v.State:
    """The same position for ``seat``: the other hands and the deck order are dealt anew from
    the same cards (what ``seat`` cannot see), everything public unchanged."""
    me = state.players.index(seat)
    pool = [*state.deck, *(c for i, h in enumerate(state.hands) if i != me for c in h)]
    rng.shuffle(pool)
    hands = list(state.hands)
    for i, hand in enumerate(state.hands):
        if i != me:
            hands[i] = sort_cards(pool[: len(hand)])
            pool = pool[len(hand):]
    return state._replace(hands=tuple(hands), deck=tuple(pool))


def test_sampling_depends_on_the_view_only_whatever_was_sampled_before() -> None:
    """sample_state works out once what a view fixes (the cards the seat does not see, the hand
    sizes): views sampled in turn each keep their own, and every sample shows the seat its
    view, with the real state's cards in all."""
    views, states = [], []
    for seed, n in enumerate((3, 4, 5)):
        state = v.GAME.new_game(NAMES[:n], seed=seed)
        rng = random.Random(seed)
        for step in range(120):
            if v.GAME.is_over(state):
                break
            seat = v.GAME.current_seats(state)[0]
            if step % 11 == 5:
                views.append(v.GAME.view(state, seat))
                states.append(state)
            state, _ = v.GAME.apply(state, rng.choice(v.GAME.legal_actions(state, seat)))
    assert len(views) > 20
    first = [v.GAME.sample_state(view, random.Random(k)) for k, view in enumerate(views)]
    again = [v.GAME.sample_state(view, random.Random(k))
             for k, view in reversed(list(enumerate(views)))]
    assert first == again[::-1]
    assert all(v.GAME.sample_state(view, random.Random(k)) == first[k]
               for k, view in enumerate(views))
    for view, real, sample in zip(views, states, first, strict=True):
        assert v.GAME.view(sample, view.seat) == view
        assert sorted(c.rank for c in (*sample.deck, *sample.removed,
                                       *(c for hand in sample.hands for c in hand))) == \
            sorted(c.rank for c in (*real.deck, *real.removed,
                                    *(c for hand in real.hands for c in hand)))


def test_computer_players_choose_from_what_their_seat_sees_only() -> None:
    rng = random.Random(1)
    positions = 0
    for seed in range(12):
        state = v.GAME.new_game(NAMES[: 3 + seed % 3], seed=seed, variant="manche-unique")
        while not v.GAME.is_over(state):
            seat = v.GAME.current_seats(state)[0]
            legal = v.GAME.legal_actions(state, seat)
            twin = hidden_reshuffle(state, seat, rng)
            assert twin != state or len(state.deck) < 2
            assert v.GAME.view(twin, seat) == v.GAME.view(state, seat)
            for kind, (_label, make) in PLAYER_KINDS.items():
                assert (bot_action(v.GAME, state, seat, make(seed=seed))
                        == bot_action(v.GAME, twin, seat, make(seed=seed))), kind
            positions += 1
            state, _ = v.GAME.apply(state, rng.choice(legal), explain=False)
    assert positions > 600


def bot_match(kinds: list[str], seed: int) -> v.State:
    names = NAMES[: len(kinds)]
    state = v.GAME.new_game(names, seed=seed, variant="manche-unique")
    bots = {p: PLAYER_KINDS[k][1](seed=seed * 10 + i) for i, (p, k) in enumerate(zip(names,
                                                                                   kinds))}
    while not v.GAME.is_over(state):
        seat = v.GAME.current_seats(state)[0]
        state, _ = v.GAME.apply(state, bot_action(v.GAME, state, seat, bots[seat]), explain=False)
    return state


def test_the_strongest_player_clearly_beats_random_players() -> None:
    games, wins = 24, 0
    for seed in range(games):
        kinds = ["hasard"] * 3
        kinds[seed % 3] = "stratege"
        wins += NAMES[seed % 3] in v.GAME.outcome(bot_match(kinds, seed)).winners
    assert wins >= games * 2 // 3  # a random player's share would be a third


def test_a_bot_seed_must_be_an_int_or_a_generator() -> None:
    for kind, (_label, make) in PLAYER_KINDS.items():
        with pytest.raises(ValueError, match="graine"):
            make(seed=1.5)  # type: ignore[arg-type]
        assert make(seed=random.Random(3)) is not None, kind


# --- stateful test -------------------------------------------------------------------------------


CARD = st.sampled_from(KINDS)
SEAT = st.sampled_from([*NAMES[:3], "Intrus"])
ANY_ACTION = st.one_of(
    st.builds(v.Draw, SEAT),
    st.builds(v.Take, SEAT, st.sampled_from([*LOCATIONS, "atlantis"])),
    st.builds(v.Lay, SEAT, CARD, st.sampled_from([*LOCATIONS, "atlantis"])),
    st.builds(v.Hunt, SEAT, st.lists(CARD, max_size=6).map(tuple)),
)


class VampirMachine(RuleBasedStateMachine):
    """Mixes legal and illegal actions: illegal ones raise, cite a clause and change nothing."""

    def __init__(self) -> None:
        super().__init__()
        self.games = 0
        self.state = v.GAME.new_game(NAMES[:3], seed=0, variant="manche-unique")

    @rule(data=st.data())
    def legal_action(self, data: st.DataObject) -> None:
        seats = v.GAME.current_seats(self.state)
        if not seats:
            return
        action = data.draw(st.sampled_from(v.GAME.legal_actions(self.state, seats[0])))
        self.state, events = v.GAME.apply(self.state, action)
        assert events and all(e.clause in CLAUSES for e in events)

    @rule(action=ANY_ACTION)
    def any_action(self, action: v.Action) -> None:
        before = self.state
        canonical = (v.Hunt(action.seat, sort_cards(action.cards))
                     if isinstance(action, v.Hunt) else action)
        legal = (action.seat in before.players
                 and canonical in v.GAME.legal_actions(before, action.seat))
        self.state = apply_or_refuse(v.GAME, before, action, legal, CLAUSES)

    @precondition(lambda self: v.GAME.is_over(self.state))
    @rule()
    def restart(self) -> None:
        assert v.GAME.outcome(self.state).winners
        self.games += 1
        self.state = v.GAME.new_game(NAMES[:3], seed=self.games, variant="manche-unique")

    @invariant()
    def consistent(self) -> None:
        check_invariants(self.state)


VampirMachine.TestCase.settings = settings(max_examples=40, stateful_step_count=50,
                                           deadline=None)
TestVampirStateful = VampirMachine.TestCase

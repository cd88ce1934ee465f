"""Random-simulation invariants, hidden information and a Hypothesis stateful test for Vaiko."""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import replace

import pytest
from hypothesis import settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, invariant, precondition, rule

from tests.contract import apply_or_refuse
from tutor import rules
from tutor.engine.api import bot_action
from tutor.games import vaiko as v
from tutor.games.vaiko import events as ve
from tutor.games.vaiko.bots import PLAYER_KINDS, MemoryPlayer
from tutor.games.vaiko.deck import load_deck
from tutor.games.vaiko.events import VaikoEvent
from tutor.games.vaiko.setup import situation

CLAUSES = set(rules.load("vaiko").clauses)
NAMES = ("Alex", "Bea", "Carla", "Dario", "Emma", "Léo")


def random_game(n: int, seed: int, preset: str,
                each: object = None) -> tuple[v.State, list[v.Action], list[VaikoEvent]]:
    """A whole random game, checking the invariants after every action."""
    rng = random.Random(seed)
    state = v.GAME.new_game(NAMES[:n], seed=seed, variant=preset)
    actions: list[v.Action] = []
    events = list(v.GAME.opening_events(state))
    while not v.GAME.is_over(state):
        seats = v.GAME.current_seats(state)
        assert len(seats) == 1, "exactly one player acts at a time"
        legal = v.GAME.legal_actions(state, seats[0])
        assert legal and all(a.seat == seats[0] for a in legal)
        assert len(set(legal)) == len(legal)
        for other in state.players:
            if other != seats[0]:
                assert v.GAME.legal_actions(state, other) == ()
        action = rng.choice(legal)
        state, evs = v.GAME.apply(state, action)
        actions.append(action)
        events.extend(evs)
        check_conservation(state)
        if callable(each):
            each(state)
    return state, actions, events


def check_conservation(state: v.State) -> None:
    """Every physical card is in exactly one place: a hand (penalties included), the pile, the
    discard or the drawn card."""
    places = [*state.pile, *state.discard, *(c for h in state.hands for c in h)]
    if state.drawn is not None:
        places.append(state.drawn)
    assert Counter(places) == Counter(range(len(state.deck.cards)))
    assert all(k <= frozenset(range(len(state.deck.cards))) for k in state.known)


def test_a_round_score_is_the_hand_plus_the_callers_bonus_or_malus() -> None:
    for seed in range(6):
        _, _, events = random_game(3, seed, "standard")
        for k, e in enumerate(events):
            if not isinstance(e, ve.Revealed):
                continue
            totals = next(x for x in events[k:] if isinstance(x, ve.Totals))
            raw = {p: sum(load_deck().card(f).points for f in faces) for p, faces in e.hands}
            scores = dict(totals.scores)
            diff = {p: scores[p] - raw[p] for p in raw}
            assert sorted(diff.values()) in ([0, 0, 0], [-10, 0, 0], [0, 0, 10])


def test_quiet_apply_reaches_the_same_states() -> None:
    for seed in range(6):
        rng = random.Random(seed)
        loud = quiet = v.GAME.new_game(NAMES[:4], seed=seed)
        while not v.GAME.is_over(loud):
            (seat,) = v.GAME.current_seats(loud)
            action = rng.choice(v.GAME.legal_actions(loud, seat))
            loud, events = v.GAME.apply(loud, action)
            quiet, none = v.GAME.apply(quiet, action, explain=False)
            assert events and none == ()
            assert loud == quiet


# --- hidden information --------------------------------------------------------------------------


def hidden_from(state: v.State, i: int) -> list[int]:
    """The cards player ``i`` has not seen (or has lost track of), wherever they are."""
    places = [*state.pile, *(c for h in state.hands for c in h)]
    if state.drawn is not None:
        places.append(state.drawn)
    return [c for c in places if c not in state.known[i]]


def swap_cards(state: v.State, a: int, b: int) -> v.State:
    """The same position with physical cards ``a`` and ``b`` exchanged everywhere."""
    def sw(c: int) -> int:
        return b if c == a else a if c == b else c

    return replace(
        state, hands=tuple(tuple(sw(c) for c in h) for h in state.hands),
        pile=tuple(sw(c) for c in state.pile), discard=tuple(sw(c) for c in state.discard),
        drawn=None if state.drawn is None else sw(state.drawn),
        known=tuple(frozenset(sw(c) for c in k) for k in state.known))


def check_views(state: v.State) -> None:
    """A player's view shows true faces only for cards they know, and does not change when two
    cards they have not seen are exchanged (nothing else leaks)."""
    teacher = v.GAME.view(state, None)
    cards = state.deck.cards
    for i, seat in enumerate(state.players):
        seen = v.GAME.view(state, seat)
        assert seen.pile is None
        for j, p in enumerate(seen.players):
            assert p.count == len(state.hands[j])
            for slot, f in enumerate(p.cards):
                card = state.hands[j][slot]
                assert f == (cards[card].face if card in state.known[i] else None)
                assert teacher.players[j].cards[slot] == cards[card].face
        hidden = hidden_from(state, i)
        different = [(a, b) for a in hidden for b in hidden if cards[a].face != cards[b].face]
        if different:
            a, b = different[len(different) // 2]
            assert v.GAME.view(swap_cards(state, a, b), seat) == seen


@pytest.mark.parametrize("preset", ["standard", "pioche-ou-defausse", "sans-regard"])
def test_views_never_leak_unseen_cards(preset: str) -> None:
    for seed in range(2):
        random_game(3, seed, preset, each=check_views)


def test_describe_hides_private_faces_from_other_players() -> None:
    _, _, events = random_game(3, 7, "standard")
    for e in events:
        if isinstance(e, (ve.Drew, ve.Peeked, ve.Looked)) and e.seen_by:
            others = [p for p in NAMES[:3] if p not in e.seen_by]
            face = e.face
            if not face.isdigit():
                for viewer in others:
                    assert face not in v.GAME.describe(e, viewer), (e, viewer)
        assert v.GAME.describe(e) and "None" not in v.GAME.describe(e)


# --- computer players ----------------------------------------------------------------------------


def bot_game(kinds: dict[str, str], seed: int, preset: str = "standard") -> v.State:
    """A whole game between computer players, each handed its view only."""
    state = v.GAME.new_game(list(kinds), seed=seed, variant=preset)
    bots = {p: PLAYER_KINDS[k][1](seed=seed * 10 + i) for i, (p,
                                                                     k) in enumerate(kinds.items())}
    while not v.GAME.is_over(state):
        (seat,) = v.GAME.current_seats(state)
        state, _ = v.GAME.apply(state, bot_action(v.GAME, state, seat, bots[seat]))
    return state


def test_memory_player_beats_random_players() -> None:
    games = 40
    wins = sum("Mémoire" in v.GAME.outcome(bot_game(
        {"Mémoire": "memoire", "H1": "hasard", "H2": "hasard"}, seed)).winners
        for seed in range(games))
    assert wins > games * 0.8  # a random player wins a third of such games


def test_memory_player_also_wins_under_the_no_look_reading() -> None:
    games = 20
    wins = sum("Mémoire" in v.GAME.outcome(bot_game(
        {"Mémoire": "memoire", "H1": "hasard", "H2": "hasard"}, seed, "sans-regard")).winners
        for seed in range(games))
    assert wins > games * 0.7


def test_memory_player_throws_a_card_it_knows_matches() -> None:
    def window(known: dict[str, list[tuple[str, int]]]) -> v.State:
        s = situation(["A", "B"], hands={"A": ["7", "3"], "B": ["4", "6"]}, pile=["6"],
                        discard=["5"], known=known)
        s, _ = v.GAME.apply(s, v.Draw("A"))
        s, _ = v.GAME.apply(s, v.Discard("A"))
        return s

    s = window({"B": [("B", 1)]})
    assert bot_action(v.GAME, s, "B", MemoryPlayer(seed=0)) == v.Match("B", 1)
    assert bot_action(v.GAME, window({}), "B", MemoryPlayer(seed=0)) == v.Pass("B")


def hide_from(state: v.State, i: int, rng: random.Random) -> v.State | None:
    """The same position with two cards that seat ``i`` has not seen (faces differing) swapped:
    another hand's card, a pile card, the order of the pile..."""
    cards = state.deck.cards
    hidden = hidden_from(state, i)
    pairs = [(a, b) for a in hidden for b in hidden if cards[a].face != cards[b].face]
    if not pairs:
        return None
    a, b = rng.choice(pairs)
    return swap_cards(state, a, b)


@pytest.mark.parametrize("kind", sorted(PLAYER_KINDS))
def test_computer_players_choose_from_what_their_seat_sees_only(kind: str) -> None:
    """Two positions differing only in what the bot's seat cannot see: same choice."""
    make = PLAYER_KINDS[kind][1]
    rng = random.Random(3)
    checked = 0
    for seed in range(12):
        state = v.GAME.new_game(NAMES[:3], seed=seed)
        steps = 0
        while not v.GAME.is_over(state) and steps < 400:
            (seat,) = v.GAME.current_seats(state)
            i = state.players.index(seat)
            twin = hide_from(state, i, rng)
            if twin is not None:
                assert v.GAME.view(twin, seat) == v.GAME.view(state, seat)
                first = bot_action(v.GAME, state, seat, make(seed=steps))
                assert bot_action(v.GAME, twin, seat, make(seed=steps)) == first
                checked += 1
            state, _ = v.GAME.apply(state, rng.choice(v.GAME.legal_actions(state, seat)))
            steps += 1
    assert checked > 400


# --- Hypothesis: legal and illegal actions mixed -------------------------------------------------

ANY_ACTION = st.one_of(
    st.builds(v.Peek, st.sampled_from(NAMES[:3]), st.integers(-1, 6)),
    st.builds(v.Draw, st.sampled_from(NAMES[:3]), st.sampled_from(["deck", "discard", "x"])),
    st.builds(v.Swap, st.sampled_from(NAMES[:3]), st.integers(-1, 6)),
    st.builds(v.Discard, st.sampled_from([*NAMES[:3], "Intrus"])),
    st.builds(v.LookHand, st.sampled_from(NAMES[:3])),
    st.builds(v.Look, st.sampled_from(NAMES[:3]), st.sampled_from(NAMES[:4]),
              st.integers(-1, 6)),
    st.builds(v.Exchange, st.sampled_from(NAMES[:3]), st.sampled_from(NAMES[:3]),
              st.integers(0, 5), st.sampled_from(NAMES[:3]), st.integers(0, 5)),
    st.builds(v.Match, st.sampled_from(NAMES[:3]), st.integers(-1, 6)),
    st.builds(v.Pass, st.sampled_from(NAMES[:3])),
    st.builds(v.Call, st.sampled_from(NAMES[:3])),
    st.builds(v.EndTurn, st.sampled_from(NAMES[:3])),
)


class VaikoMachine(RuleBasedStateMachine):
    """Mixes legal and illegal actions: illegal ones raise, cite a clause and change nothing."""

    def __init__(self) -> None:
        super().__init__()
        self.state = v.GAME.new_game(NAMES[:3], seed=0)

    @precondition(lambda self: not v.GAME.is_over(self.state))
    @rule(data=st.data())
    def legal_action(self, data: st.DataObject) -> None:
        (seat,) = v.GAME.current_seats(self.state)
        action = data.draw(st.sampled_from(v.GAME.legal_actions(self.state, seat)))
        self.state, events = v.GAME.apply(self.state, action)
        assert events and all(e.clause in CLAUSES for e in events)

    @rule(action=ANY_ACTION)
    def any_action(self, action: v.Action) -> None:
        before = self.state
        legal = v.GAME.is_legal(before, action)
        self.state = apply_or_refuse(v.GAME, before, action, legal, CLAUSES)

    @precondition(lambda self: v.GAME.is_over(self.state))
    @rule()
    def restart(self) -> None:
        assert v.GAME.outcome(self.state).winners
        self.state = v.GAME.new_game(NAMES[:3], seed=self.state.manche)

    @invariant()
    def conserved(self) -> None:
        check_conservation(self.state)


VaikoMachine.TestCase.settings = settings(max_examples=50, stateful_step_count=50,
                                          deadline=None)
TestVaikoStateful = VaikoMachine.TestCase

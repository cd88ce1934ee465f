"""Random-simulation invariants, hidden information and a Hypothesis stateful test for Vaiko."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, invariant, precondition, rule

from tutor import rules
from tutor.engine import Event, IllegalAction
from tutor.games import vaiko as v

CLAUSES = set(rules.load("vaiko").clauses)
NAMES = ("Alex", "Bea", "Carla", "Dario", "Emma", "Léo")


def random_game(n: int, seed: int, preset: str,
                each: object = None) -> tuple[v.State, list[v.Action], list[Event]]:
    """A whole random game, checking the invariants after every action."""
    rng = random.Random(seed)
    state = v.new_game(NAMES[:n], seed=seed, variant=preset)
    actions: list[v.Action] = []
    events = list(v.opening_events(state))
    while not v.is_over(state):
        seats = v.current_seats(state)
        assert len(seats) == 1, "exactly one player acts at a time"
        legal = v.legal_actions(state, seats[0])
        assert legal and all(a.seat == seats[0] for a in legal)
        assert len(set(legal)) == len(legal)
        for other in state.players:
            if other != seats[0]:
                assert v.legal_actions(state, other) == ()
        action = rng.choice(legal)
        state, evs = v.apply(state, action)
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


CASES = [(n, preset) for n in (2, 4, 6) for preset in v.PRESETS] + [
    (3, "standard"), (5, "standard")]


@pytest.mark.parametrize(("n", "preset"), CASES)
def test_random_games_keep_every_invariant(n: int, preset: str) -> None:
    for seed in range(4):
        state, actions, events = random_game(n, seed, preset)
        assert {e.clause for e in events} <= CLAUSES
        result = v.outcome(state)
        assert max(result.scores.values()) >= v.TARGET
        assert result.winners == v.winners(result.scores) and result.clause == "vaiko/fin"
        rounds = [e for e in events if e.kind == "totals"]
        assert len(rounds) == state.manche
        summed = Counter[str]()
        for e in rounds:
            summed.update(e.data["scores"])
        assert dict(summed) == result.scores  # totals are the sum of the round scores
        # replaying the recorded shuffles and the actions reproduces the state, no seed involved
        again = v.replay(state.players, state.shuffles, actions, state.variant)
        assert again._replace(seed=state.seed, script=()) == state


def test_a_round_score_is_the_hand_plus_the_callers_bonus_or_malus() -> None:
    for seed in range(6):
        _, _, events = random_game(3, seed, "standard")
        for k, e in enumerate(events):
            if e.kind != "reveal":
                continue
            totals = next(x for x in events[k:] if x.kind == "totals")
            raw = {p: sum(v.load_deck().card(f).points for f in faces)
                   for p, faces in e.data["hands"].items()}
            diff = {p: totals.data["scores"][p] - raw[p] for p in raw}
            assert sorted(diff.values()) in ([0, 0, 0], [-10, 0, 0], [0, 0, 10])






def test_quiet_apply_reaches_the_same_states() -> None:
    for seed in range(6):
        rng = random.Random(seed)
        loud = quiet = v.new_game(NAMES[:4], seed=seed)
        while not v.is_over(loud):
            (seat,) = v.current_seats(loud)
            action = rng.choice(v.legal_actions(loud, seat))
            loud, events = v.apply(loud, action)
            quiet, none = v.apply(quiet, action, explain=False)
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

    return state._replace(
        hands=tuple(tuple(sw(c) for c in h) for h in state.hands),
        pile=tuple(sw(c) for c in state.pile), discard=tuple(sw(c) for c in state.discard),
        drawn=None if state.drawn is None else sw(state.drawn),
        known=tuple(frozenset(sw(c) for c in k) for k in state.known))


def check_views(state: v.State) -> None:
    """A player's view shows true faces only for cards they know, and does not change when two
    cards they have not seen are exchanged (nothing else leaks)."""
    teacher = v.view(state, None)
    cards = state.deck.cards
    for i, seat in enumerate(state.players):
        seen = v.view(state, seat)
        assert seen["pile"] is None
        for j, p in enumerate(seen["players"]):
            assert p["count"] == len(state.hands[j])
            for slot, f in enumerate(p["cards"]):
                card = state.hands[j][slot]
                assert f == (cards[card].face if card in state.known[i] else None)
                assert teacher["players"][j]["cards"][slot] == cards[card].face
        hidden = hidden_from(state, i)
        different = [(a, b) for a in hidden for b in hidden if cards[a].face != cards[b].face]
        if different:
            a, b = different[len(different) // 2]
            assert v.view(swap_cards(state, a, b), seat) == seen


@pytest.mark.parametrize("preset", ["standard", "pioche-ou-defausse", "regard-avant-echange"])
def test_views_never_leak_unseen_cards(preset: str) -> None:
    for seed in range(2):
        random_game(3, seed, preset, each=check_views)


def test_describe_hides_private_faces_from_other_players() -> None:
    _, _, events = random_game(3, 7, "standard")
    for e in events:
        if e.kind in ("draw", "peek", "look", "look_hand") and e.data.get("seen_by"):
            others = [p for p in NAMES[:3] if p not in e.data["seen_by"]]
            face = e.data.get("face")
            if face and not face.isdigit():
                for viewer in others:
                    assert face not in v.describe(e, viewer), (e, viewer)
        assert v.describe(e) and "None" not in v.describe(e)


# --- computer players ----------------------------------------------------------------------------


@pytest.mark.parametrize("kind", sorted(v.PLAYER_KINDS))
def test_computer_players_finish_games_with_legal_moves(kind: str) -> None:
    bot_class = v.PLAYER_KINDS[kind][1]
    for seed in range(3):
        for preset in ("standard", "pioche-ou-defausse", "regard-avant-echange",
                       "effets-immediats"):
            state = v.new_game(NAMES[:4], seed=seed, variant=preset)
            bots = {p: bot_class(seed + i) for i, p in enumerate(state.players)}
            steps = 0
            while not v.is_over(state):
                (seat,) = v.current_seats(state)
                state, _ = v.apply(state, bots[seat].choose(state, seat))
                steps += 1
                assert steps < 20_000
            assert v.outcome(state).winners


def test_memory_player_beats_random_players_on_average() -> None:
    wins = 0
    for seed in range(30):
        state = v.new_game(("Mémoire", "H1", "H2"), seed=seed)
        bots = {"Mémoire": v.MemoryPlayer(seed), "H1": v.RandomPlayer(seed + 100),
                "H2": v.RandomPlayer(seed + 200)}
        while not v.is_over(state):
            (seat,) = v.current_seats(state)
            state, _ = v.apply(state, bots[seat].choose(state, seat))
        wins += "Mémoire" in v.outcome(state).winners
    assert wins > 30 * 2 / 3


def test_memory_player_throws_a_card_it_knows_matches() -> None:
    s = v.situation(["A", "B"], hands={"A": ["7", "3"], "B": ["4", "6"]}, pile=["6"],
                    discard=["5"], known={"B": [("B", 1)]})
    s, _ = v.apply(s, v.Draw("A"))
    s, _ = v.apply(s, v.Discard("A"))
    assert v.MemoryPlayer(0).choose(s, "B") == v.Match("B", 1)
    blind = v.situation(["A", "B"], hands={"A": ["7", "3"], "B": ["4", "6"]}, pile=["6"],
                        discard=["5"])
    blind, _ = v.apply(blind, v.Draw("A"))
    blind, _ = v.apply(blind, v.Discard("A"))
    assert v.MemoryPlayer(0).choose(blind, "B") == v.Pass("B")


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
        self.state = v.new_game(NAMES[:3], seed=0, variant="effets-immediats")

    @precondition(lambda self: not v.is_over(self.state))
    @rule(data=st.data())
    def legal_action(self, data: st.DataObject) -> None:
        (seat,) = v.current_seats(self.state)
        action = data.draw(st.sampled_from(v.legal_actions(self.state, seat)))
        self.state, events = v.apply(self.state, action)
        assert events and all(e.clause in CLAUSES for e in events)

    @rule(action=ANY_ACTION)
    def any_action(self, action: v.Action) -> None:
        before = self.state
        legal = v.is_legal(before, action)
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
        self.state = v.new_game(NAMES[:3], seed=self.state.manche)

    @invariant()
    def conserved(self) -> None:
        check_conservation(self.state)


VaikoMachine.TestCase.settings = settings(max_examples=50, stateful_step_count=50,
                                          deadline=None)
TestVaikoStateful = VaikoMachine.TestCase

"""Random-simulation invariants, determinism, replay and a Hypothesis stateful test for Vampir."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, invariant, precondition, rule

from tutor import rules
from tutor.engine import Event, IllegalAction
from tutor.games import vampir as v

CLAUSES = set(rules.load("vampir").clauses)
NAMES = ("Anke", "Bernd", "Chris", "Doro", "Emil")


def cards_in_play(state: v.State) -> Counter[v.Card]:
    return Counter([*state.deck, *state.removed, *(c for u in state.under for c in u),
                    *(c for h in state.hands for c in h),
                    *(c for shown in state.displays for h in shown for c in h)])


def check_invariants(state: v.State) -> None:
    assert cards_in_play(state) == Counter(v.FULL_SET), "the 106 cards are conserved"
    for shown in state.displays:
        for loc, hunt in zip(v.LOCATIONS, shown):
            if hunt:
                check = v.is_valid_hunt(hunt)
                assert check and check.location == loc and hunt == v.sort_cards(hunt)
    for loc, under in zip(v.LOCATIONS, state.under):
        assert all(c == v.JOKER or c.location == loc for c in under)  # type: ignore[union-attr]
    if not v.is_over(state):
        assert state.deck, "a manche in progress still has a deck"


def random_game(n: int, seed: int, preset: str
                ) -> tuple[v.State, list[v.Action], list[Event]]:
    rng = random.Random(seed)
    state = v.new_game(NAMES[:n], seed=seed, variant=preset)
    actions: list[v.Action] = []
    events = list(v.opening_events(state))
    steps = 0
    while not v.is_over(state):
        seats = v.current_seats(state)
        assert len(seats) == 1, "exactly one player acts at a time"
        legal = v.legal_actions(state, seats[0])
        assert legal and len(set(legal)) == len(legal)
        for other in state.players:
            if other != seats[0]:
                assert v.legal_actions(state, other) == ()
        action = rng.choice(legal)
        state, evs = v.apply(state, action)
        actions.append(action)
        events.extend(evs)
        check_invariants(state)
        steps += 1
        assert steps < 3000, "random games terminate"
    return state, actions, events


CASES = [(n, preset) for preset in v.PRESETS for n in (3, 4, 5)]


@pytest.mark.parametrize(("n", "preset"), CASES)
def test_random_games_keep_every_invariant(n: int, preset: str) -> None:
    for seed in range(3):
        state, actions, events = random_game(n, seed, preset)
        assert {e.clause for e in events} <= CLAUSES
        assert len(state.results) == v.PRESETS[preset].manches
        result = v.outcome(state)
        assert set(result.winners) <= set(state.players) and result.winners
        assert max(result.scores.values()) == result.scores[result.winners[0]]
        assert sum(e.kind == "winner" for e in events) == 1
        # replaying the recorded shuffles and the actions reproduces the state, no random involved
        assert v.replay(state.players, state.orders, actions, state.variant) == state


def test_scores_match_the_pure_scoring_function() -> None:
    for seed in range(8):
        state, _, events = random_game(4, seed, "manche-unique")
        points = v.score(v.displays_of(state)).points
        assert tuple(points[p] for p in state.players) == state.results[0]
        assert [e for e in events if e.kind == "points"][-1].data["points"] == points






def test_quiet_apply_reaches_the_same_states() -> None:
    for seed in range(4):
        rng = random.Random(seed)
        loud = quiet = v.new_game(NAMES[:3], seed=seed, variant="manche-unique")
        while not v.is_over(loud):
            seat = v.current_seats(loud)[0]
            action = rng.choice(v.legal_actions(loud, seat))
            loud, events = v.apply(loud, action)
            quiet, none = v.apply(quiet, action, explain=False)
            assert events and none == ()
            assert loud == quiet


def play_bots(state: v.State, bots: dict[str, v.RandomPlayer | v.HeuristicPlayer]) -> v.State:
    while not v.is_over(state):
        seat = v.current_seats(state)[0]
        state, _ = v.apply(state, bots[seat].choose(state, seat))
    return state


@pytest.mark.parametrize("kind", sorted(v.PLAYER_KINDS))
def test_computer_players_finish_games_with_legal_moves(kind: str) -> None:
    bot_class = v.PLAYER_KINDS[kind][1]
    for seed in range(3):
        state = v.new_game(NAMES[:4], seed=seed, variant="manche-unique")
        state = play_bots(state, {p: bot_class(seed + i) for i, p in enumerate(state.players)})
        assert v.outcome(state).winners


def test_computer_players_are_deterministic_by_seed() -> None:
    runs = []
    for _ in range(2):
        state = v.new_game(NAMES[:3], seed=9, variant="manche-unique")
        runs.append(play_bots(state, {p: v.HeuristicPlayer(i) for i, p in
                                      enumerate(state.players)}))
    assert runs[0] == runs[1]


def test_heuristic_player_beats_random_players_on_average() -> None:
    wins = 0
    games = 30
    for seed in range(games):
        state = v.new_game(("Chasseur", "H1", "H2"), seed=seed, variant="manche-unique")
        state = play_bots(state, {"Chasseur": v.HeuristicPlayer(seed),
                                  "H1": v.RandomPlayer(seed + 100),
                                  "H2": v.RandomPlayer(seed + 200)})
        wins += "Chasseur" in v.outcome(state).winners
    assert wins > games / 2  # far better than the random share (a third)


CARD = st.sampled_from(v.KINDS)
SEAT = st.sampled_from([*NAMES[:3], "Intrus"])
ANY_ACTION = st.one_of(
    st.builds(v.Draw, SEAT),
    st.builds(v.Take, SEAT, st.sampled_from([*v.LOCATIONS, "atlantis"])),
    st.builds(v.Lay, SEAT, CARD, st.sampled_from([*v.LOCATIONS, "atlantis"])),
    st.builds(v.Hunt, SEAT, st.lists(CARD, max_size=6).map(tuple)),
)


class VampirMachine(RuleBasedStateMachine):
    """Mixes legal and illegal actions: illegal ones raise, cite a clause and change nothing."""

    def __init__(self) -> None:
        super().__init__()
        self.games = 0
        self.state = v.new_game(NAMES[:3], seed=0, variant="manche-unique")

    @rule(data=st.data())
    def legal_action(self, data: st.DataObject) -> None:
        seats = v.current_seats(self.state)
        if not seats:
            return
        action = data.draw(st.sampled_from(v.legal_actions(self.state, seats[0])))
        self.state, events = v.apply(self.state, action)
        assert events and all(e.clause in CLAUSES for e in events)

    @rule(action=ANY_ACTION)
    def any_action(self, action: v.Action) -> None:
        before = self.state
        legal = (action.seat in before.players
                 and v._canonical(action) in v.legal_actions(before, action.seat))
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
        self.games += 1
        self.state = v.new_game(NAMES[:3], seed=self.games, variant="manche-unique")

    @invariant()
    def conserved(self) -> None:
        check_invariants(self.state)


VampirMachine.TestCase.settings = settings(max_examples=50, stateful_step_count=50,
                                           deadline=None)
TestVampirStateful = VampirMachine.TestCase

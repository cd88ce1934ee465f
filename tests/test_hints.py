"""Hints (« Conseil »): states sampled from a seat's view are consistent with it, for every
game; hints read the view only (two states differing in hidden cards give the same hints); a
known best action gets a win chance of 1; hints never raise on reachable states."""

from __future__ import annotations

import dataclasses
import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tutor.engine import hints as hints_module
from tutor.engine.api import AnyEngine
from tutor.engine.bots import RandomPlayer
from tutor.engine.hints import hints, hints_for, mean_margin, wilson
from tutor.games import GAMES

from .conftest import maker

NAMES = ("Alex", "Bea", "Carla", "Dario", "Léo", "Emma")


def engine_of(game: str) -> AnyEngine:
    return GAMES[game].engine()


def positions(engine: AnyEngine, n: int, seed: int, preset: str = "standard",
              kind: str | None = None, every: int = 1) -> list[tuple[Any, str]]:
    """(state, seat to act) along one seeded game, played by random or computer players."""
    rng = random.Random(seed)
    state = engine.new_game(NAMES[:n], seed=seed, variant=preset)
    bots = ({} if kind is None else
            {p: maker(engine, kind)(seed=seed + k) for k, p in enumerate(NAMES[:n])})
    out = []
    step = 0
    while not engine.is_over(state):
        seat = engine.current_seats(state)[0]
        legal = engine.legal_actions(state, seat)
        if step % every == 0:
            out.append((state, seat))
        action = (bots[seat].choose(engine.view(state, seat), legal) if bots
                  else rng.choice(legal))
        state, _ = engine.apply(state, action)
        step += 1
    return out


def check_sample(engine: AnyEngine, state: Any, seat: str, rng_seed: int) -> Any:
    view = engine.view(state, seat)
    sample = engine.sample_state(view, random.Random(rng_seed))
    assert engine.view(sample, seat) == view
    assert dict(engine.inventory(sample)) == dict(engine.inventory(state))
    assert engine.legal_actions(sample, seat) == engine.legal_actions(state, seat)
    assert engine.current_seats(sample) == engine.current_seats(state)
    return sample


@pytest.mark.parametrize("game", list(GAMES))
def test_sampled_states_are_consistent_with_the_view_in_every_preset(game: str) -> None:
    engine = engine_of(game)
    for preset in engine.PRESETS:
        for n in (engine.MIN_PLAYERS, engine.MAX_PLAYERS):
            for k, (state, seat) in enumerate(positions(engine, n, seed=n, preset=preset,
                                                         every=3)):
                check_sample(engine, state, seat, k)


@pytest.mark.parametrize("game", list(GAMES))
def test_sampled_states_are_consistent_along_computer_players_games(game: str) -> None:
    engine = engine_of(game)
    for kind in engine.PLAYER_KINDS:
        for k, (state, seat) in enumerate(positions(engine, 3, seed=11, kind=kind, every=2)):
            check_sample(engine, state, seat, k)


@pytest.mark.parametrize("game", list(GAMES))
@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000), rng_seed=st.integers(0, 10_000), data=st.data())
def test_sampled_states_are_consistent_for_any_seed(game: str, seed: int, rng_seed: int,
                                                    data: st.DataObject) -> None:
    engine = engine_of(game)
    n = data.draw(st.integers(engine.MIN_PLAYERS, engine.MAX_PLAYERS))
    preset = data.draw(st.sampled_from(list(engine.PRESETS)))
    found = positions(engine, n, seed=seed, preset=preset)
    state, seat = found[data.draw(st.integers(0, len(found) - 1))]
    check_sample(engine, state, seat, rng_seed)


@pytest.mark.parametrize("game", list(GAMES))
def test_a_sample_redeals_hidden_cards_and_the_teachers_view_is_refused(game: str) -> None:
    engine = engine_of(game)
    state, seat = positions(engine, engine.MAX_PLAYERS, seed=5)[3]
    view = engine.view(state, seat)
    samples = {repr(engine.sample_state(view, random.Random(k))) for k in range(5)}
    if engine.type.information == "perfect":  # nothing hidden: the sample is the state
        assert samples == {repr(state)}
        return
    assert len(samples) > 1, "hidden cards are re-dealt at random"
    with pytest.raises(ValueError):
        engine.sample_state(engine.view(state, None), random.Random(0))


@pytest.mark.parametrize("game", list(GAMES))
def test_two_states_differing_only_in_hidden_cards_give_the_same_hints(game: str) -> None:
    engine = engine_of(game)
    kind = next(iter(engine.PLAYER_KINDS))
    state, seat = positions(engine, 3, seed=8)[4]
    other = engine.sample_state(engine.view(state, seat), random.Random(99))
    assert (other == state) == (engine.type.information == "perfect")
    assert engine.view(other, seat) == engine.view(state, seat)
    a = hints_for(engine, state, seat, kind=kind, seed=4, game_id=game, playouts=6)
    b = hints_for(engine, other, seat, kind=kind, seed=4, game_id=game, playouts=6)
    assert a == b
    assert [r.action for r in a.rows] == list(engine.legal_actions(state, seat))
    assert all(r.playouts == 6 for r in a.rows)
    c = hints_for(engine, state, seat, kind=kind, seed=5, game_id=game, playouts=6)
    assert [r.action for r in c.rows] == [r.action for r in a.rows]


def vautours_two_manches_left() -> Any:
    """A seeded two-player game of Stupides Vautours before the 14th manche: Alex holds 3 and
    14, the pile is +9; with 14 Alex wins whatever Bea plays, with 3 Alex loses."""
    engine = engine_of("vautours")
    rng = random.Random(50)
    state = engine.new_game(["A", "B"], seed=50)
    while len(engine.view(state, "A").revealed) < 14:
        for p in ("A", "B"):
            state, _ = engine.apply(state, rng.choice(engine.legal_actions(state, p)))
    return state


def test_vautours_the_card_that_decides_the_game_has_win_chance_one() -> None:
    engine = engine_of("vautours")
    state = vautours_two_manches_left()
    assert state.pile == (9,) and state.hands[0] == (3, 14)
    for kind in engine.PLAYER_KINDS:
        result = hints_for(engine, state, "A", kind=kind, seed=1, game_id="vautours")
        by_card = {r.action.card: r for r in result.rows}
        assert by_card[14].wins == by_card[14].playouts and by_card[14].win_low > 0.9
        # the race stopped the 3 once surely behind: fewer playouts, its own wider margin
        assert by_card[3].wins == 0 and by_card[3].playouts < by_card[14].playouts
        assert by_card[14].mean_score > by_card[3].mean_score
        assert result.best() == result.separated() == by_card[14]
        fixed = hints_for(engine, state, "A", kind=kind, seed=1, playouts=40)
        assert {r.action.card: r for r in fixed.rows}[3].win_high < 0.1


def test_the_race_never_drops_an_action_that_surely_wins() -> None:
    """Hand-built ends of the tests' game (« Allumettes »: whoever takes the last match wins):
    with 1 to 3 matches left, taking them all surely wins, and with 5 left, taking 1 leaves
    the other player a lost heap of 4 against a perfect player. Whatever the seed, the kind of
    computer player or the budget, the race keeps the winning action to the end, never calls
    another one best, and calls it best once the others are surely behind."""
    from tests.nimgame import GAME, State, Variant
    from tutor.engine.core import Record

    for heap, winning in ((1, 1), (2, 2), (3, 3), (5, 1)):
        state = State(Variant(), ("A", "B"), Record(), heap, 0, (15 - heap, 0), None)
        for seed in range(4):
            for kind in GAME.PLAYER_KINDS:
                for budget in (30, 300, 3000):
                    result = hints_for(GAME, state, "A", kind=kind, seed=seed, budget=budget)
                    by_count = {r.action.matches: r for r in result.rows}
                    sure = by_count[winning]
                    assert all(sure.playouts >= r.playouts for r in result.rows)
                    if kind == "prudent" or heap <= 3:
                        assert sure.wins == sure.playouts > 0
                    assert result.separated() in (None, sure)
                    if heap in (2, 3) and budget >= 300:  # (with 1 left, one action only)
                        assert result.separated() == sure


def played(arm: Any, playouts: int, wins: int, active: bool) -> None:
    """Give a race's class ``wins`` out of ``playouts`` on rounds 0 onwards (its first rounds
    won), in contention or not."""
    arm.scores, arm.wins, arm.active = [0] * playouts, wins, active
    arm.rounds, arm.won = set(range(playouts)), set(range(wins))


def test_a_class_within_five_points_waits_while_the_leader_and_the_loose_ones_play() -> None:
    """Where a round's playouts go once the race has estimates: the classes not yet within ±5
    points, and the leader while it may still come clear; a class already within them waits,
    its playouts would answer nothing sooner. A tight leader waits too where parting it from
    the others takes more playouts than tightening the loose ones (52 % against 50 % never
    part: the loose class plays alone), and plays where parting is nearer (66 % against 58 %
    over 700 playouts part at 716). While some class in contention is loose, a tight contender
    waits; once every contender is tight (none surely ahead), the loose stopped classes play,
    the tight leader waiting too; with nothing loose, the race has answered."""
    from tests.nimgame import GAME, State, Variant
    from tutor.engine.core import Record

    state = State(Variant(), ("A", "B"), Record(), 7, 0, (8, 0), None)
    race = hints_module.Race(GAME, GAME.view(state, "A"), kind="prudent", seed=1, shown=True)
    leader, tight, loose = race.arms.values()
    assert race._to_play() == [leader, tight, loose]  # nothing played yet: every class

    race.rounds = 500
    played(leader, 500, 260, True)
    played(tight, 500, 250, True)
    played(loose, 40, 10, True)  # in contention, loose: the tight contender waits
    assert leader.tight() and tight.tight() and not loose.tight()
    assert hints_module.playouts_apart(0.52, 0.50) is None
    assert race._to_play() == [loose]  # the leader cannot part from 50 %: it waits too
    race.shown = False  # (for the « Expert », only the sign test decides: the leader plays)
    assert race._to_play() == [leader, loose]
    race.shown = True
    race.rounds = 700
    played(leader, 700, 462, True)
    played(tight, 700, 406, True)
    assert hints_module.playouts_apart(0.66, 0.58) == 716  # 2 × 16 to play, against 247
    assert leader.tight() and tight.tight() and not leader.clear_of(tight)
    assert race._to_play() == [leader, loose]
    loose.active = False  # stopped, every contender tight: the loose class alone
    assert race._to_play() == [loose]
    race.shown = False  # (for the « Expert », only the leader is asked: the contenders play)
    assert race._to_play() == [leader, tight]
    race.shown = True
    played(loose, 500, 100, False)  # every class tight: the race has answered
    assert race._to_play() == [leader, tight] and race.answered()
    played(leader, 40, 30, True)  # a loose leader plays, and so does every loose contender
    played(tight, 40, 20, True)
    assert race._to_play() == [leader, tight]


def test_a_shown_race_tightens_rather_than_chase_a_separation_it_cannot_reach() -> None:
    """The leader alone in contention, a stopped class whose interval still meets its own and both
    within ±5 points: the race plays them on until their intervals part when that is nearer (66
    % against 58 % over 700 playouts each: they part at 716) than bringing the loose class
    within ±5 points (25 % over 40: about 285 needed); at 66 % against 64 % they would not part
    within the most playouts a race plays, so the loose class plays, alone, and once it is
    within ±5 points the race has answered."""
    from tests.nimgame import GAME, State, Variant
    from tutor.engine.core import Record

    state = State(Variant(), ("A", "B"), Record(), 7, 0, (8, 0), None)
    race = hints_module.Race(GAME, GAME.view(state, "A"), kind="prudent", seed=1, shown=True)
    leader, close, loose = race.arms.values()

    race.rounds = 700
    played(leader, 700, 462, True)
    played(close, 700, 406, False)
    played(loose, 40, 10, False)
    assert hints_module.playouts_apart(0.66, 0.58) == 716
    assert 280 <= hints_module.playouts_for_tight(0.25) <= 290  # 245 more than played
    assert leader.tight() and close.tight() and not leader.clear_of(close)
    assert race._to_play() == [leader, close]
    played(close, 700, 448, False)
    assert hints_module.playouts_apart(0.66, 0.64) is None
    assert race._to_play() == [loose] and not race.answered()
    played(loose, 300, 75, False)
    assert loose.tight() and race.answered()
    assert race.result().separated() is None  # « à égalité, à la marge près », all tight


def test_the_same_seed_and_count_give_the_same_hint_and_a_race_goes_on_exactly() -> None:
    engine = engine_of("vautours")
    state = engine.new_game(["A", "B", "C"], seed=3)
    view = engine.view(state, "A")
    once = hints_module.hints(engine, view, kind="prudent", seed=7, budget=6000)
    assert hints_module.hints(engine, view, kind="prudent", seed=7, budget=6000) == once
    race = hints_module.Race(engine, view, kind="prudent", seed=7)
    race.run(budget=2500)
    assert race.run(budget=6000) == once  # « Affiner » continues the same seeded run
    timed = hints_module.Race(engine, view, kind="prudent", seed=7).run_for(0.05)
    # a race plays its first round whatever the budget: on a busy machine 0.05 s may hold less
    first = hints_module.hints(engine, view, kind="prudent", seed=7, budget=1).spent
    assert timed.budget is not None and timed.spent <= max(timed.budget, first) + 15 * 46
    replay = hints_module.hints(engine, view, kind="prudent", seed=7, budget=timed.budget)
    assert replay == timed  # the count the hint records replays it


def test_best_only_when_separated_from_every_other_estimate() -> None:
    engine = engine_of("vautours")
    state = engine.new_game(["A", "B", "C"], seed=1)
    result = hints_for(engine, state, "A", kind="prudent", seed=1, playouts=3)
    best = result.separated()
    ranked = result.classes()
    # on the playouts two classes share, where exactly one of them wins: the leader is
    # « meilleur » only if it wins there so often that an even coin would not (sign test)
    duels = [hints_module.duel(ranked[0].rounds, ranked[0].won, r.rounds, r.won)
             for r in ranked[1:]]
    if best is None:
        assert any(not hints_module.beats(b, c) for b, c in duels)
    else:
        assert all(hints_module.beats(b, c) for b, c in duels)
    assert ranked[0] in result.leaders() and result.best() == ranked[0]


def test_sign_test_and_paired_duels() -> None:
    # 5 of 5 discordant pairs: an even coin does that 1 time in 32 (more than 2.5 in 100)
    assert not hints_module.beats(5, 0) and hints_module.beats(6, 0)
    assert hints_module.beats(15, 3) and not hints_module.beats(14, 6)
    assert not hints_module.beats(40, 40) and not hints_module.beats(0, 9)
    # two classes played on rounds 0-9 and 0-4: compared on 0-4 only
    assert hints_module.duel(frozenset(range(10)), frozenset({0, 1, 2, 7}),
                             frozenset(range(5)), frozenset({2, 3})) == (2, 1)


def test_meilleur_never_with_overlapping_intervals() -> None:
    """Two actions that win on the same deals, except 12 where only the first does: on the
    same deals the first is surely ahead (sign test), but their intervals overlap (60 % against
    48 % of 100): no « meilleur », both lead « à la marge près ». Once the intervals part
    (70 % against 48 %), the first is « meilleur ». Without the shared deals, no verdict."""
    def row(action: int, won: set[int], rounds: int = 100) -> hints_module.ActionHint:
        low, high = wilson(len(won), rounds)
        return hints_module.ActionHint(action, rounds, len(won), low, high, 0.0, 0.0, (action,),
                                       frozenset(range(rounds)), frozenset(won))

    common = set(range(48))
    first, second = row(1, common | set(range(88, 100))), row(2, common)
    assert second.win_high >= first.win_low  # the intervals overlap
    assert hints_module.ahead(first, second)  # yet the paired playouts tell them apart
    result = hints_module.Hints("A", "prudent", "prudent", 0, 100, (first, second))
    assert result.separated() is None and result.leaders() == [first, second]
    far = row(1, common | set(range(78, 100)))
    assert far.win_low > second.win_high
    parted = hints_module.Hints("A", "prudent", "prudent", 0, 100, (far, second))
    assert parted.separated() == far and parted.leaders() == [far]
    apart = hints_module.ActionHint(2, 100, 48, second.win_low, second.win_high, 0.0, 0.0,
                                    (2,), frozenset(range(100, 200)),
                                    frozenset(range(100, 148)))
    alone = hints_module.Hints("A", "prudent", "prudent", 0, 100, (far, apart))
    assert alone.separated() is None and alone.leaders() == [far, apart]
    # intervals that meet at one shown percentage (« 64 à 69 % » over « 59 à 64 % ») do not
    # look apart: no « meilleur », however surely ahead on the shared deals
    touching = dataclasses.replace(far, win_low=0.6415)
    below = dataclasses.replace(second, win_high=0.6405)
    assert touching.win_low > below.win_high and hints_module.ahead(touching, below)
    met = hints_module.Hints("A", "prudent", "prudent", 0, 100, (touching, below))
    assert met.separated() is None and met.leaders() == [touching, below]


@pytest.mark.parametrize("game", list(GAMES))
def test_a_shown_race_never_says_meilleur_over_overlapping_margins(game: str) -> None:
    """The races the page runs (``shown``), at every decision with a choice of a seeded game:
    « meilleur » only with the leader's interval above every other one, and the same
    budget replays the same hint."""
    engine = engine_of(game)
    names = ["A", "B", "C"][:max(engine.MIN_PLAYERS, min(3, engine.MAX_PLAYERS))]
    state = engine.new_game(names, seed=3)
    bots = {p: RandomPlayer(seed=k) for k, p in enumerate(names)}
    checked = 0
    while not engine.is_over(state) and checked < 6:
        seat = engine.current_seats(state)[0]
        legal = engine.legal_actions(state, seat)
        if seat == "A" and len(legal) > 1:
            result = hints_for(engine, state, seat, kind=next(iter(engine.PLAYER_KINDS)),
                               seed=checked, budget=3000, game_id=game)
            best = result.separated()
            if best is not None:  # apart as the table shows them, in whole percentages
                assert all(round(100 * best.win_low) > round(100 * r.win_high)
                           for r in result.classes()[1:])
            checked += 1
        state, _ = engine.apply(state, bots[seat].choose(engine.view(state, seat), legal),
                                explain=False)
    assert checked > 0


@pytest.mark.parametrize("game", list(GAMES))
def test_hints_never_raise_on_reachable_states(game: str) -> None:
    engine = engine_of(game)
    kinds = list(engine.PLAYER_KINDS)
    for k, (state, seat) in enumerate(positions(engine, 3, seed=21, every=7)):
        result = hints_for(engine, state, seat, kind=kinds[k % len(kinds)], seed=k,
                           game_id=game, playouts=2)
        assert len(result.rows) == len(engine.legal_actions(state, seat))
        for row in result.rows:
            assert 0 <= row.win_low <= row.win_rate <= row.win_high <= 1


def test_default_playouts_follow_the_budget_and_slow_players_are_replaced() -> None:
    engine = engine_of("vautours")
    state = engine.new_game(["A", "B", "C"], seed=1)
    result = hints_for(engine, state, "A", kind="stratege", seed=1, game_id="vautours")
    assert result.played_by == "prudent" and result.kind == "stratege"
    # a game from the start takes 45 decisions per playout, 15 actions: the race plays a round
    # while it has spent less than its budget (at least budget / (15 * 46) rounds, more once
    # the classes surely behind stop), and overshoots it by less than one round
    budget = hints_module.STEP_BUDGET["vautours/prudent"]
    assert result.budget == budget <= result.spent < budget + 15 * 46
    assert budget / (15 * 46) - 1 <= result.playouts
    again = hints_for(engine, state, "A", kind="stratege", seed=1, game_id="vautours")
    assert again == result


def test_wilson_interval() -> None:
    assert wilson(0, 0) == (0.0, 1.0)
    low, high = wilson(10, 10)
    assert high == 1.0 and 0.69 < low < 0.73
    low, high = wilson(5, 10)
    assert low < 0.5 < high and abs((low + high) / 2 - 0.5) < 1e-9


def test_score_margin_is_students_and_wider_with_few_playouts() -> None:
    mean, margin = mean_margin([10, 20])
    assert mean == 15 and abs(margin - 12.706 * 5) < 1e-9
    assert mean_margin([10, 20] * 50)[1] < 3
    assert mean_margin([7]) == (7, float("inf"))


def test_an_unknown_kind_is_refused_in_french() -> None:
    engine = engine_of("vautours")
    state = engine.new_game(["A", "B"], seed=1)
    with pytest.raises(ValueError, match="Niveau de joueur inconnu"):
        hints(engine, engine.view(state, "A"), kind="genie")


def set_up_positions() -> list[tuple[AnyEngine, Any, bool]]:
    """Positions set up by hand (``situation``), and whether the sample keeps the inventory (a
    Stupides Vautours set-up leaves cards out of the game, and which ones is hidden)."""
    from tutor.games import drahtseilakt, vaiko, vampir, vautours
    from tutor.games.drahtseilakt import engine as drahtseilakt_engine
    from tutor.games.drahtseilakt.core import SCORE_CARDS
    from tutor.games.vaiko import setup as vaiko_setup
    from tutor.games.vampir import state as vampir_state
    from tutor.games.vampir.cards import JOKER, Vampire
    from tutor.games.vautours import engine as vautours_engine

    v, j = Vampire, JOKER
    three = ["Alex", "Bea", "Carla"]
    return [
        (vautours.GAME, vautours_engine.situation(three, pile=[3, -2], deck=[5, 7],
                                      taken={"Bea": [10], "Alex": [1]},
                                      hands={"Alex": [1, 2, 3], "Bea": [4, 5, 6],
                                             "Carla": [13, 14, 15]}), False),
        (drahtseilakt.GAME, drahtseilakt_engine.situation(
            three, hands={p: list(range(1 + 9 * k, 10 + 9 * k)) for k, p in enumerate(three)},
            score_deck=SCORE_CARDS, red={"Alex": 2}), True),
        (vampir.GAME, vampir_state.situation(three, hands={"Alex": [v("castle", 1), v("castle", 2),
                                                                    j],
                                                "Bea": [v("pub", 1)], "Carla": []},
                                  deck=[v("docks", 1), v("church", 2), j]), True),
        (vaiko.GAME, vaiko_setup.situation(["Alex", "Bea"], hands={"Alex": ["1", "2", "3", "4"],
                                                        "Bea": ["5", "6", "7", "8"]},
                                discard=["9"]), True),
    ]


def test_positions_set_up_by_hand_are_sampled_consistently() -> None:
    for engine, state, conserved in set_up_positions():
        for seat in state.players:
            for k in range(5):
                view = engine.view(state, seat)
                sample = engine.sample_state(view, random.Random(k))
                assert engine.view(sample, seat) == view
                if conserved:
                    assert dict(engine.inventory(sample)) == dict(engine.inventory(state))
            if engine.current_seats(state) and seat == engine.current_seats(state)[0]:
                kind = next(iter(engine.PLAYER_KINDS))
                result = hints_for(engine, state, seat, kind=kind, seed=1, playouts=2)
                assert len(result.rows) == len(engine.legal_actions(state, seat))


def test_french_numbers_of_the_hint_table() -> None:
    from tutor import fr

    assert fr.decimal(12.45) == "12,4" or fr.decimal(12.45) == "12,5"
    assert fr.decimal(-2.35, 1) in ("\u22122,4", "\u22122,3")
    assert fr.decimal(-0.04) == "0,0"
    assert fr.decimal(1234.5) == "1\u202f234,5"
    assert fr.percent(0.675) == "68\u202f%" and fr.percent(1) == "100\u202f%"


def vaiko_exchange(players: int = 3) -> tuple[Any, str]:
    """A Vaiko position where the seat to act plays an Échange (many alike actions)."""
    engine = engine_of("vaiko")
    for seed in range(40):
        for state, seat in positions(engine, players, seed=seed, kind="memoire"):
            if state.phase == "exchange" and len(engine.legal_actions(state, seat)) > 12:
                return state, seat
    raise AssertionError("no Échange in 40 seeded games")


def test_vaiko_slots_are_known_by_owner_and_seen_face() -> None:
    from tutor.games import vaiko as v
    from tutor.games.vaiko import setup as vaiko_setup

    state = vaiko_setup.situation(["Alex", "Bea", "Carla"],
                        hands={"Alex": ["1", "5", "5", "9"], "Bea": ["2", "3", "4", "6"],
                               "Carla": ["7", "8", "9", "10"]}, discard=["3"],
                        known={"Alex": [("Alex", 1), ("Alex", 2), ("Alex", 3), ("Bea", 3)]},
                        turn="Alex")
    view = v.GAME.view(state, "Alex")
    cls = v.GAME.hint_class
    # two 5s of Alex's own hand, two unseen cards of Bea's: alike
    assert cls(view, v.Match("Alex", 1)) == cls(view, v.Match("Alex", 2))
    assert cls(view, v.Look("Alex", "Bea", 0)) == cls(view, v.Look("Alex", "Bea", 2))
    # a card Alex has seen differs from an unseen one, and owners are never mixed up
    assert cls(view, v.Look("Alex", "Bea", 3)) != cls(view, v.Look("Alex", "Bea", 0))
    assert cls(view, v.Look("Alex", "Bea", 0)) != cls(view, v.Look("Alex", "Carla", 0))
    assert cls(view, v.Match("Alex", 0)) != cls(view, v.Match("Alex", 1))
    assert cls(view, v.Swap("Alex", 3)) != cls(view, v.Match("Alex", 3))
    assert cls(view, v.Exchange("Alex", "Alex", 1, "Bea", 0)) == \
        cls(view, v.Exchange("Alex", "Alex", 2, "Bea", 1))
    assert cls(view, v.Exchange("Alex", "Alex", 1, "Bea", 0)) != \
        cls(view, v.Exchange("Alex", "Alex", 1, "Carla", 0))
    assert cls(view, v.Draw("Alex", "deck")) == v.Draw("Alex", "deck")


def test_actions_the_view_cannot_tell_apart_share_one_estimate() -> None:
    engine = engine_of("vaiko")
    state, seat = vaiko_exchange()
    legal = engine.legal_actions(state, seat)
    result = hints_for(engine, state, seat, kind="memoire", seed=3, game_id="vaiko",
                       playouts=3)
    view = engine.view(state, seat)
    assert [r.action for r in result.rows] == list(legal)
    classes = {engine.hint_class(view, a) for a in legal}
    assert 1 < len(classes) < len(legal)
    assert len({r.alike for r in result.rows}) == len(classes)
    for row in result.rows:
        assert row.action in row.alike
        assert {engine.hint_class(view, a) for a in row.alike} == \
            {engine.hint_class(view, row.action)}
        first = next(r for r in result.rows if r.action == row.alike[0])
        assert (row.wins, row.mean_score, row.score_margin) == \
            (first.wins, first.mean_score, first.score_margin)
    # the other games: every action stands alone
    vautours = engine_of("vautours")
    alone = hints_for(vautours, vautours.new_game(["A", "B"], seed=2), "A", kind="hasard",
                      seed=1, game_id="vautours", playouts=2)
    assert all(r.alike == (r.action,) for r in alone.rows)


def test_alike_actions_have_the_same_chances_when_played_one_by_one(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """What sharing rests on: played separately, alike actions (Vaiko's first look, at any of
    four unseen cards) get estimates within each other's margins."""
    engine = engine_of("vaiko")
    state = engine.new_game(["Alex", "Bea", "Carla"], seed=5)
    seat = engine.current_seats(state)[0]
    view = engine.view(state, seat)
    legal = engine.legal_actions(state, seat)
    assert len({engine.hint_class(view, a) for a in legal}) == 1 < len(legal)
    monkeypatch.setattr(engine, "hint_class", lambda view, action: action)
    result = hints_for(engine, state, seat, kind="memoire", seed=2, game_id="vaiko",
                       playouts=120)
    assert all(r.alike == (r.action,) for r in result.rows)
    for a in result.rows:
        for b in result.rows:
            assert b.win_low <= a.win_rate <= b.win_high
            assert abs(a.mean_score - b.mean_score) <= a.score_margin + b.score_margin


def test_vaiko_hints_look_at_the_manche_being_played() -> None:
    engine = engine_of("vaiko")
    states = [s for s, _ in positions(engine, 3, seed=4, kind="memoire")]
    start = states[0]
    later = next(s for s in states if s.manche == start.manche + 1)
    assert engine.span_outcome(start, states[1]) is None
    out = engine.span_outcome(start, later)
    assert out is not None
    points = {p: later.totals[i] - start.totals[i] for i, p in enumerate(later.players)}
    assert dict(out.scores) == points
    assert out.winners == tuple(p for p in points if points[p] == min(points.values()))
    state, seat = vaiko_exchange()
    result = hints_for(engine, state, seat, kind="memoire", seed=1, game_id="vaiko",
                       playouts=2)
    assert result.whole_game is False
    for game in ("vautours", "drahtseilakt", "vampir"):
        other = engine_of(game)
        first = other.new_game(["A", "B", "C"], seed=1)
        assert other.span_outcome(first, first) is None
        seat = other.current_seats(first)[0]
        # a Vampir match lasts three manches, a game of Drahtseilakt as many as players: their
        # hints look at the manche being played; Stupides Vautours is one manche
        assert hints_for(other, first, seat, kind="hasard", seed=1, game_id=game,
                         playouts=1).whole_game is (game == "vautours")


def test_drahtseilakt_hints_look_at_the_manche_then_at_the_game_in_its_last_manche() -> None:
    from tutor.games import drahtseilakt as d
    from tutor.games.drahtseilakt.play import totals

    rng = random.Random(5)
    for n in (3, 4):
        state = d.GAME.new_game(["A", "B", "C", "D"][:n], seed=5)
        starts = {0: state}
        middle = None
        while not d.GAME.is_over(state):
            seat = d.GAME.current_seats(state)[0]
            state, _ = d.GAME.apply(state, rng.choice(d.GAME.legal_actions(state, seat)),
                                    explain=False)
            starts.setdefault(state.manche, state)
            if state.manche == 0 and middle is None and state.trick:
                middle = state
        end = state
        assert middle is not None and d.GAME.span_outcome(starts[0], middle) is None
        for k in range(n - 1):
            out = d.GAME.span_outcome(starts[k], starts[k + 1])
            assert out is not None and out.clause == "drahtseilakt/fin-de-manche"
            before, after = totals(starts[k]), totals(starts[k + 1])
            points = {p: after[p] - before[p] for p in end.players}
            assert dict(out.scores) == points
            assert out.winners == tuple(p for p in points if points[p] == min(points.values()))
            # from the middle of a manche: the same manche, the same points
            if k == 0:
                assert d.GAME.span_outcome(middle, starts[1]) == out
        # the last manche: the whole game decides
        assert d.GAME.span_outcome(starts[n - 1], end) == d.GAME.outcome(end)


def test_vampir_hints_look_at_the_manche_then_at_the_match_in_its_last_manche() -> None:
    from tutor.games import vampir as v

    state = v.GAME.new_game(["A", "B", "C"], seed=3)
    rng = random.Random(3)
    starts = {0: state}
    while not v.GAME.is_over(state):
        seat = v.GAME.current_seats(state)[0]
        state, _ = v.GAME.apply(state, rng.choice(v.GAME.legal_actions(state, seat)), explain=False)
        starts.setdefault(len(state.results), state)
    end = state
    first = v.GAME.span_outcome(starts[0], starts[1])
    assert first is not None and first.clause == "vampir/points"
    assert dict(first.scores) == dict(zip(end.players, end.results[0], strict=True))
    assert first.winners == tuple(p for p, s in first.scores.items()
                                  if s == max(first.scores.values()))
    last = v.GAME.span_outcome(starts[2], end)  # the last manche: the whole match decides
    assert last == v.GAME.outcome(end)


def glancing_kinds() -> list[tuple[str, str]]:
    return [(game, kind) for game, info in GAMES.items()
            for kind, (_, make) in info.engine().PLAYER_KINDS.items()
            if getattr(make, "GLANCES", False)]


def test_some_computer_player_reads_only_the_table() -> None:
    # the test below must have something to check
    assert ("vautours", "prudent") in glancing_kinds()


def test_some_computer_player_is_handed_its_view_with_rows_made_when_read() -> None:
    assert ("vaiko", "memoire") in glancing_kinds()


def reads_as(glance: Any, view: Any) -> bool:
    """Whether ``glance`` answers as ``view`` does: Stupides Vautours' is the view without
    the seats' rows (the table alone); Vaiko's, every field of the view and each player made
    when read."""
    if isinstance(glance, tuple):
        return bool(glance == view._replace(players=()))
    return all(getattr(glance, name) == getattr(view, name) for name in view._fields) and all(
        glance.player(p.name) == p for p in view.players)


@pytest.mark.parametrize(("game", "kind"), glancing_kinds())
def test_a_player_handed_the_glance_chooses_as_with_its_view(game: str, kind: str) -> None:
    """A computer player that says so (``GLANCES``) is handed the game's ``glance`` in hints'
    playouts: at every decision of seeded games (every player count, every preset), two
    players of that kind seeded alike, one handed the view, the other the glance, choose the
    same; and the glance answers as the view (:func:`reads_as`)."""
    engine = engine_of(game)
    make = engine.PLAYER_KINDS[kind][1]
    for n in range(engine.MIN_PLAYERS, engine.MAX_PLAYERS + 1):
        for preset in engine.PRESETS:
            for seed in range(3):
                seen, glancing = make(seed=seed), make(seed=seed)
                for state, seat in positions(engine, n, seed, preset, kind=kind):
                    view, glance = engine.view(state, seat), engine.glance(state, seat)
                    assert reads_as(glance, view), (n, preset, seed)
                    legal = engine.legal_actions(state, seat)
                    assert seen.choose(view, legal) == glancing.choose(
                        engine.glance(state, seat), legal)


def test_a_race_of_players_reading_only_the_table_answers_as_with_whole_views(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The same seed and budget give the same hint whether the playouts hand a glancing
    player the lighter view or the whole one."""
    engine = engine_of("vautours")
    state = engine.new_game(list(NAMES[:4]), seed=3)
    view = engine.view(state, NAMES[0])

    def table() -> list[tuple[Any, int, int]]:
        race = hints_module.Race(engine, view, kind="prudent", seed=5, game_id="vautours")
        result = race.run(budget=6000)
        assert race.spent >= 6000
        return [(r.action, r.wins, r.playouts) for r in result.classes()]

    lighter = table()
    make = engine.PLAYER_KINDS["prudent"][1]
    monkeypatch.setattr(make, "GLANCES", False)
    assert table() == lighter

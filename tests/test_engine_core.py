"""The shared engine core: resolution helper, seeded shuffles, errors, import purity."""

from __future__ import annotations

import dataclasses
import pickle
import random
import re
import subprocess
import sys

import pytest

from tutor.engine import (
    Event,
    IllegalAction,
    Refused,
    Resolution,
    check_choice,
    check_keys,
    check_players,
    shuffled,
    unique_extreme,
)
from tutor.games import GAMES
from tutor.games.drahtseilakt.events import Extreme, NoBlue, Takes, TakesBlue, TakesRed


def test_unique_extreme_plain_high_and_low() -> None:
    assert unique_extreme("abc", (3, 9, 5), "high").winner == "b"
    assert unique_extreme("abc", (3, 9, 5), "low") == ("a", 3, (), False)


def test_unique_extreme_cancels_repeatedly() -> None:
    res = unique_extreme("abcde", (9, 9, 7, 7, 2), "high")
    assert res.winner == "e" and res.value == 2
    assert res.cancelled == ((9, ("a", "b")), (7, ("c", "d")))
    assert not res.stopped_by_limit


def test_unique_extreme_limit_stops_after_one_cancellation() -> None:
    res = unique_extreme("abcde", (9, 9, 7, 7, 2), "high", max_cancellations=1)
    assert res.winner is None and res.stopped_by_limit
    assert res.cancelled == ((9, ("a", "b")),)


def test_unique_extreme_all_tied() -> None:
    res = unique_extreme("ab", (4, 4), "low")
    assert res.winner is None and not res.stopped_by_limit and res.cancelled == ((4, ("a", "b")),)


def test_unique_extreme_is_the_plain_rule() -> None:
    """Against a plain statement: the best value played once wins; every better value, played
    more than once, is cancelled in order with the seats that played it."""
    rng = random.Random(3)
    for _ in range(300):
        values = [rng.randrange(1, 6) for _ in range(rng.randrange(1, 6))]
        seats = "abcde"[:len(values)]
        for prefer in ("high", "low"):
            ranked = sorted(set(values), reverse=prefer == "high")
            once = [v for v in ranked if values.count(v) == 1]
            value = once[0] if once else None
            before = ranked[:ranked.index(once[0])] if once else ranked
            cancelled = tuple((v, tuple(s for s, x in zip(seats, values) if x == v))
                              for v in before)
            winner = seats[values.index(once[0])] if once else None
            res = unique_extreme(seats, values, prefer)
            assert type(res) is Resolution
            assert res == (winner, value, cancelled, False)


def test_shuffled_depends_on_seed_only() -> None:
    first = shuffled(range(15), 42)
    random.seed(0)
    random.shuffle(list(range(10)))
    assert shuffled(range(15), 42) == first
    assert shuffled(range(15), 43) != first
    assert sorted(first) == list(range(15))


@pytest.mark.parametrize("size", [2, 3, 15, 40, 80])
def test_shuffled_draws_like_the_standard_library(size: int) -> None:
    # our own Fisher-Yates keeps the orders CPython's Random.shuffle gives for the same seed
    for seed in range(200):
        expected = list(range(size))
        random.Random(seed).shuffle(expected)
        assert shuffled(range(size), seed) == tuple(expected)
    rng, same = random.Random(7), random.Random(7)
    shuffled(range(size), rng)
    same.shuffle(list(range(size)))
    assert rng.getstate() == same.getstate()  # a shared generator advances the same way too


def test_illegal_action_carries_reason_and_clause() -> None:
    err = IllegalAction("Carte absente.", "vautours/main")
    assert isinstance(err, ValueError)
    assert str(err) == "Carte absente." and err.clause == "vautours/main"
    assert eval(repr(err)).clause == "vautours/main"


def test_event_repr_evaluates_back() -> None:
    ev = Refused(seat="Alex", reason="Carte absente.", clause="vautours/main")
    assert eval(repr(ev), {"Refused": Refused}) == ev


@pytest.mark.parametrize("game", list(GAMES))
def test_every_event_a_game_tells_is_frozen_keyword_only_and_slotted(game: str) -> None:
    told = list(GAMES[game].engine().PHRASES.sentences)
    assert told and all(issubclass(cls, Event) for cls in told)
    for cls in told:
        assert cls.__dataclass_params__.frozen, cls  # type: ignore[attr-defined]
        assert all(f.kw_only for f in dataclasses.fields(cls)), cls
        assert cls.__dictoffset__ == 0, cls  # no instance dict: slots all the way to Event


def test_an_event_on_a_shared_base_has_its_fields_and_stays_its_own_class() -> None:
    blue = TakesBlue(seat="Alex", card=9, count=3, clause="drahtseilakt/bleus")
    red: Event = TakesRed(seat="Alex", card=9, count=3, clause="drahtseilakt/bleus")
    assert [f.name for f in dataclasses.fields(blue)] == ["seat", "clause", "card", "count"]
    assert blue != red and blue.COLOUR == "blue" and TakesRed.COLOUR == "red"
    assert pickle.loads(pickle.dumps(blue)) == blue  # (what the hint worker sends)
    with pytest.raises(dataclasses.FrozenInstanceError):
        blue.card = 1  # type: ignore[misc]
    with pytest.raises(TypeError):
        TakesBlue("Alex", 9, 3, "drahtseilakt/bleus")  # type: ignore[call-arg, arg-type]
    match blue:
        case NoBlue():
            raise AssertionError("matched a sibling class")
        case Takes(card=card, count=count) if isinstance(blue, Extreme):
            assert (card, count) == (9, 3)
        case _:
            raise AssertionError("not matched by its base")


@pytest.mark.parametrize(
    ("players", "message"),
    [
        (["Alex"], "de 2 à 5 joueurs, pas 1"),
        (["A", "B", "C", "D", "E", "F"], "pas 6"),
        (["Alex", "Alex"], "même nom\u202f: «\u202fAlex\u202f»."),
        (["Léo", "léo"], "même nom\u202f: «\u202fLéo\u202f» et «\u202fléo\u202f» (majuscules et "
                         "espaces mis à part)."),
        (["Alex", ""], "Nom de joueur invalide"),
        ("Alex", "suite de noms"),
    ],
)
def test_check_players_rejects(players: list[str], message: str) -> None:
    with pytest.raises(IllegalAction) as e:
        check_players(players, 2, 5, "vautours/joueurs")
    assert message in e.value.reason and e.value.clause == "vautours/joueurs"


def test_configuration_checks_name_valid_values() -> None:
    with pytest.raises(ValueError, match="Valeurs possibles\u202f: a, b"):
        check_choice("x", "z", ("a", "b"))
    with pytest.raises(ValueError, match=re.escape("Clé inconnue pour v\u202f: «\u202fzz\u202f». "
                                                  "Clés possibles\u202f: a")):
        check_keys("v", ["a", "zz"], ["a"])
    with pytest.raises(ValueError, match="«\u202f1\u202f»"):  # keys of any type, no TypeError
        check_keys("v", [1, "a"], ["a"])


def test_engine_and_games_import_no_widget_library() -> None:
    code = (
        "import sys, tutor.engine, tutor.games, tutor.rules, tutor.__main__\n"
        "from tutor.games import GAMES\n"
        "[g.engine() for g in GAMES.values()]\n"
        "bad = [m for m in ('ipywidgets', 'IPython', 'traitlets', 'voila') if m in sys.modules]\n"
        "print(','.join(bad))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == ""


@pytest.mark.parametrize("seed", [1.0, True, "1", None, [1]])
def test_a_computer_player_refuses_a_seed_that_is_not_a_whole_number(seed: object) -> None:
    from tutor.engine.bots import RandomPlayer

    with pytest.raises(ValueError, match="nombre entier"):
        RandomPlayer(seed=seed)  # type: ignore[arg-type]


def test_the_uniform_player_is_deterministic_by_seed() -> None:
    from tutor.engine.bots import RandomPlayer

    legal = list(range(20))
    picks = [RandomPlayer(seed=5).choose(None, legal) for _ in range(2)]
    assert picks[0] == picks[1] and picks[0] in legal


def test_last_only_remembers_its_last_argument_by_identity() -> None:
    from tutor.engine.core import last_only

    calls: list[object] = []

    @last_only
    def size(items: list[int]) -> int:
        calls.append(items)
        if not items:
            raise ValueError("empty")
        return len(items)

    a, b = [1, 2], [1, 2]
    assert size(a) == 2 and size(a) == 2 and calls == [a]  # the same object: remembered
    assert size(b) == 2 and calls == [a, b]  # an equal but other object: computed again
    assert size(a) == 2 and calls == [a, b, a]  # only the last one is remembered
    with pytest.raises(ValueError):
        size([])
    assert size(a) == 2 and len(calls) == 4  # a failure replaces nothing: still remembered


def test_generators_draw_as_freshly_seeded_ones_each_time() -> None:
    import random

    from tutor.engine.core import generators

    seeds = [3, 10**12 + 7, 0]
    for _ in range(3):  # asked again (a round's playouts): restored, not shared
        rngs = generators(seeds)
        fresh = [random.Random(s) for s in seeds]
        assert [r.random() for r in rngs] == [f.random() for f in fresh]
        assert [r.getrandbits(40) for r in rngs] == [f.getrandbits(40) for f in fresh]
    first, again = generators([5]), generators([5])
    first[0].random()
    assert first[0] is not again[0] and again[0].random() == random.Random(5).random()

"""Drahtseilakt's « Conseil » counts as one the cards its view cannot tell apart
(:meth:`tutor.games.drahtseilakt.hidden.Hidden.hint_class`); its playouts run the engine's own
rules through the contract (:func:`tutor.engine.hints.playout`; the rules are guarded by
``tests/test_golden.py``), and Vaiko's call the engine's rule functions themselves."""

from __future__ import annotations

import importlib.util
import itertools
import random
from typing import Any

import pytest

from tutor.engine import hints
from tutor.games import GAMES
from tutor.games.drahtseilakt.engine import Play

from .test_hints import positions


@pytest.mark.parametrize("game", ["drahtseilakt", "vaiko"])
def test_no_game_keeps_a_second_copy_of_its_rules_for_its_playouts(game: str) -> None:
    """No ``rollout`` module: Vaiko's playouts call the engine's own rule functions
    (``tests/test_vaiko_playouts.py`` plays them against the contract's)."""
    assert importlib.util.find_spec(f"tutor.games.{game}.rollout") is None


def test_the_drahtseilakt_playouts_are_the_contracts() -> None:
    """The game plays no playout of its own: the race plays them all through the engine's
    ``step``."""
    engine = GAMES["drahtseilakt"].engine()
    state = engine.new_game(["Alex", "Bea", "Carla"], seed=1)
    for kind in engine.PLAYER_KINDS:
        assert engine.rollout(state, state, kind, [1, 2, 3]) is None
        assert list(engine.rollouts(state, [state, state], kind, [1, 2, 3])) == [None, None]


@pytest.mark.parametrize("kind", ["hasard", "prudent"])
def test_drahtseilakt_cards_it_counts_as_one_give_the_same_games_card_for_card(kind: str) -> None:
    """Drahtseilakt's hint counts as one the cards of a hand with no card that may still be
    played between them (:meth:`.Hidden.hint_class`): from every sampled state and seeds, each
    of them gives the same playout (scores, winners, actions), at every player count and
    reading. Cards with a card still in play
    between them are apart."""
    engine = GAMES["drahtseilakt"].engine()
    rng = random.Random(5)
    make = engine.PLAYER_KINDS[kind][1]
    merged = apart = 0
    for n in range(engine.MIN_PLAYERS, engine.MAX_PLAYERS + 1):
        for variant in engine.PRESETS:
            along = positions(engine, n, 20 + n, variant)
            for state, seat in along[::max(1, len(along) // 10)]:
                view = engine.view(state, seat)
                classes: dict[Any, list[Any]] = {}
                for action in engine.legal_actions(state, seat):
                    classes.setdefault(engine.hint_class(view, action), []).append(action)
                hand = sorted(a.card for a in engine.legal_actions(state, seat))
                known = set(hand) | set(view.played_this_manche)
                for low, high in itertools.pairwise(hand):
                    same_class = (engine.hint_class(view, Play(seat, low))
                                  == engine.hint_class(view, Play(seat, high)))
                    assert same_class == all(x in known for x in range(low + 1, high))
                    apart += not same_class
                for members in classes.values():
                    if len(members) < 2:
                        continue
                    merged += 1
                    for _ in range(3):
                        sample = engine.sample_state(view, random.Random(rng.random()))
                        seeds = [rng.randrange(1 << 30) for _ in range(n)]
                        games = set()
                        for action in members:
                            after, _ = engine.step(sample, action, False)
                            bots = {p: make(seed=s) for p, s in zip(after.players, seeds,
                                                                    strict=True)}
                            scores, winners, steps, whole = hints.playout(
                                engine, sample, after, bots)
                            games.add((tuple(sorted(scores.items())), winners, steps, whole))
                        assert len(games) == 1, (members, games)
    assert merged > 20 and apart > 20

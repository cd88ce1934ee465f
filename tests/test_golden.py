"""Golden counts of every game (:mod:`tests.golden`; the counts in ``tests/data/golden.json``,
computed once on each engine before its « Conseil » playouts were moved onto it, issue 61): a
walk of every legal action to a fixed depth, and seeded random games to the end, for every
reading. A change in the rules, the legal actions, the events (by clause) or the outcomes
changes a count."""

from __future__ import annotations

from typing import Any

import pytest

from tutor.games import GAMES

from .golden import golden_counts, golden_playouts, load

GOLDEN = load()
WALKS = [(game, case) for game, kept in GOLDEN.items() for case in kept["walks"]]
PLAYED = [(game, case) for game, kept in GOLDEN.items() for case in kept["games"]]


def ident(item: tuple[str, dict[str, Any]]) -> str:
    game, case = item
    return f"{game}-{case['players']}j-{case['preset']}"


@pytest.mark.parametrize("game", sorted(GOLDEN))
def test_every_reading_of_a_game_has_its_golden_counts(game: str) -> None:
    presets = set(GAMES[game].engine().PRESETS)
    assert {case["preset"] for case in GOLDEN[game]["walks"]} == presets
    assert {case["preset"] for case in GOLDEN[game]["games"]} == presets


def test_every_game_of_the_four_booklets_has_golden_counts() -> None:
    assert {"vautours", "drahtseilakt", "vaiko", "vampir"} <= set(GOLDEN)


@pytest.mark.parametrize("item", WALKS, ids=[ident(i) for i in WALKS])
def test_the_walk_of_every_legal_action_gives_the_golden_counts(
        item: tuple[str, dict[str, Any]]) -> None:
    game, case = item
    assert golden_counts(game, case["players"], case["preset"], GOLDEN[game]["seed"],
                         case["depth"]) == case["counts"]


@pytest.mark.parametrize("item", PLAYED, ids=[ident(i) for i in PLAYED])
def test_seeded_random_games_give_the_golden_counts(item: tuple[str, dict[str, Any]]) -> None:
    game, case = item
    assert golden_playouts(game, case["players"], case["preset"], GOLDEN[game]["seed"],
                           case["games"]) == case["counts"]

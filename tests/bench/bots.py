"""Computer players' strength, for ``make bench``: each bot level's win rate over seeded games.

For every game and every bot kind in its ``PLAYER_KINDS``, at one more than the game's fewest
players and at its most: the bot sits in one seat against players choosing a legal action uniformly
at random; then one player always choosing the smallest legal action (for Stupides Vautours: 1, 2,
…, 15 in order) sits alone at a table of that level (a level whose players keep cancelling each
other hands it the piles). Last, at the game's fewest players, the bot faces smallest-action
players (at a bigger table they would only cancel each other). The seat taken rotates with the
seed; a win shared by k players counts 1/k. Bots are handed views only (``bot_action``). Not a
test.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from tutor import fr
from tutor.engine.api import AnyEngine, Bot, bot_action
from tutor.engine.bots import RandomPlayer
from tutor.games import GAMES

ROOT = Path(__file__).resolve().parents[2]
NAMES = ("Alex", "Bea", "Carla", "Dario", "Léo", "Emma")


class Smallest:
    """Always the smallest legal action (Stupides Vautours: 1, 2, …, 15 in order)."""

    def __init__(self, *, seed: int | random.Random = 0) -> None:
        del seed

    def choose(self, view: object, legal: Sequence[Any]) -> Any:
        return min(legal)


def opponent_kind(engine: AnyEngine, name: str) -> Callable[..., Bot[Any, Any]]:
    if name == "smallest":
        return Smallest
    if name == "random":
        return RandomPlayer  # the yardstick every level must beat
    return engine.PLAYER_KINDS[name][1]


def win_rate(engine: AnyEngine, kind: str, opponent: str, players: int, games: int) -> float:
    """The share of ``games`` seeded games that ``kind`` (a level, ``"random"`` or
    ``"smallest"``) wins in one seat against ``opponent`` in the others (a shared win counts
    1/k)."""
    wins = 0.0
    make, other = opponent_kind(engine, kind), opponent_kind(engine, opponent)
    names = NAMES[:players]
    for seed in range(games):
        me = names[seed % players]
        bots = {n: (make if n == me else other)(seed=seed * 7 + i) for i, n in enumerate(names)}
        state = engine.new_game(names, seed=seed)
        while not engine.is_over(state):
            for seat in engine.current_seats(state):
                state, _ = engine.apply(state, bot_action(engine, state, seat, bots[seat]))
        result = engine.outcome(state)
        if me in result.winners:
            wins += 1 / len(result.winners)
    return wins / games


def report(games: int, only: Sequence[str] = ()) -> list[dict[str, Any]]:
    rows: list[dict[str, Any]] = []
    for game_id, info in GAMES.items():
        if only and game_id not in only:
            continue
        engine = info.engine()
        counts = sorted({engine.MIN_PLAYERS + 1, engine.MAX_PLAYERS})
        # each level alone against random players; then one smallest-action player (1 to 15 in
        # order for Stupides Vautours) alone against that level: a level that lets it win more
        # than its fair share is beaten by a trivial strategy; then each level face to face with
        # a smallest-action player (at a bigger table, smallest-action players only cancel
        # each other)
        # (the « Expert », about 0.2 s a decision, has its own section: tests/bench/conseil.py)
        levels = [k for k in engine.PLAYER_KINDS if k != "expert"]
        runs = [(n, k, "random") for n in counts for k in levels]
        runs += [(n, "smallest", k) for n in counts for k in levels]
        runs += [(engine.MIN_PLAYERS, k, "smallest") for k in levels]
        for players, hero, opponent in runs:
            start = time.perf_counter()
            rate = win_rate(engine, hero, opponent, players, games)
            rows.append({"game": game_id, "player": hero, "against": opponent,
                         "players": players, "games": games, "win_rate": round(rate, 3),
                         "fair_share": round(1 / players, 3),
                         "seconds": round(time.perf_counter() - start, 1)})
            print(fr.typography(
                f"{game_id:13} {hero:9} seul contre {opponent:9} {players} joueurs : "
                f"{fr.decimal(100 * rate):>5}{fr.NNBSP}% des parties gagnées (part égale "
                f"{fr.percent(1 / players)}, {fr.number(games)} parties)"), flush=True)
    return rows


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--game", action="append", default=[])
    parser.add_argument("--json", type=Path, default=None)
    args = parser.parse_args(argv)
    rows = report(args.games, args.game)
    if args.json:
        args.json.parent.mkdir(parents=True, exist_ok=True)
        args.json.write_text(json.dumps(rows, indent=2, ensure_ascii=False), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())

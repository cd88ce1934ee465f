"""Hints (« Conseil ») for ``make bench``: playouts per second per game and computer player, and
the time of one « Conseil » with the default budget (``tutor.engine.hints.STEP_BUDGET``), at the
first decision of a 3-player game and at a decision in mid-game (a seeded game played by the
computer players). Not a test: nothing here asserts a time.
"""

from __future__ import annotations

import sys
import time
from typing import Any

from tutor.engine.api import AnyEngine
from tutor.engine.hints import hints_for
from tutor.games import GAMES

NAMES = ("Camille", "Alex", "Bea")


def positions(engine: AnyEngine, kind: str) -> list[tuple[str, Any]]:
    """The learner's first decision and one in mid-game (computer players for every seat)."""
    state = engine.new_game(NAMES, seed=1)
    make = engine.PLAYER_KINDS[kind][1]
    bots = {p: make(seed=k) for k, p in enumerate(NAMES)}
    found = [("début", state)]
    steps = []
    while not engine.is_over(state):
        seat = engine.current_seats(state)[0]
        if seat == NAMES[0]:
            steps.append(state)
        action = bots[seat].choose(engine.view(state, seat), engine.legal_actions(state, seat))
        state, _ = engine.apply(state, action, explain=False)
    if steps:
        found.append(("milieu", steps[len(steps) // 2]))
    return found


def report() -> list[dict[str, Any]]:
    rows = []
    for game in GAMES:
        engine = GAMES[game].engine()
        for kind in engine.PLAYER_KINDS:
            for where, state in positions(engine, kind):
                seat = engine.current_seats(state)[0]
                start = time.perf_counter()
                result = hints_for(engine, state, seat, kind=kind, seed=1, game_id=game)
                seconds = time.perf_counter() - start
                total = result.playouts * len(result.rows)
                rows.append({"game": game, "kind": kind, "played_by": result.played_by,
                             "where": where, "actions": len(result.rows),
                             "playouts_per_action": result.playouts, "playouts": total,
                             "seconds": round(seconds, 3),
                             "playouts_per_second": round(total / seconds, 1)})
                print(f"{game:13} {kind:9} {result.played_by:9} {where:7} "
                      f"{len(result.rows):3} coups × {result.playouts:4} = {total:5} parties "
                      f"en {seconds:5.2f} s ({total / seconds:7.1f} parties/s)", flush=True)
    return rows


if __name__ == "__main__":
    print("Conseil : parties simulées par seconde, temps d’un « Conseil »")
    report()
    sys.exit(0)

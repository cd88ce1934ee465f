"""What "Et si… ?" and "Pourquoi je n'ai pas gagné ?" cost per click, for each game: a seeded game
of three players against the pages' computer level (the learner plays its first legal action), then
one "Et si… ?" at the middle step and one "Pourquoi je n'ai pas gagné ?" at the end.

Not a test: nothing here asserts a time. Part of ``make bench``; alone:
``.venv/bin/python tests/bench/whatif.py``.
"""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from tests.test_whatif import first, record_game  # noqa: E402
from tutor.engine.whatif import BUDGET, Played, Replayer, why_not  # noqa: E402
from tutor.games import GAMES  # noqa: E402


def level_of(engine: object) -> str:
    """The computer players' level: the engine's second kind, the first above « Au hasard »
    (as a sandbox's « Conseil » plays)."""
    kinds = list(engine.PLAYER_KINDS)  # type: ignore[attr-defined]
    return str(kinds[min(1, len(kinds) - 1)])


def main() -> list[dict[str, object]]:
    """Print one row per game and return the rows (``make bench`` stores them)."""
    rows: list[dict[str, object]] = []
    print(f"{'jeu':14} {'étapes':>6} {'choix':>6} {'essais':>6} {'non joués':>9} "
          f"{'Et si (s)':>9} {'Pourquoi (s)':>12}")
    for game_id, info in GAMES.items():
        engine = info.engine()
        players = ["Camille", "Alex", "Bea"]
        whatifs, whys = [], []
        for seed in (1, 2, 3):
            origin = engine.new_game(players, seed=seed)
            policies = {p: (level_of(engine), seed * 10 + k) for k, p in enumerate(players)}
            steps, _ = record_game(engine, origin, "Camille", policies, first)
            played = Played(engine, origin, steps, policies, "Camille")
            r = Replayer(played)
            k = next(k for k in range(len(steps) // 2, len(steps)) if len(r.alternatives(k)) > 1)
            other = next(a for a in r.alternatives(k) if a != r.played_action(k))
            start = time.perf_counter()
            Replayer(played).line(k, r.played_action(k))
            Replayer(played).line(k, other)
            whatifs.append(time.perf_counter() - start)
            start = time.perf_counter()
            result = why_not(played, budget=BUDGET)
            whys.append(time.perf_counter() - start)
        print(f"{game_id:14} {len(steps) - 1:6} {result.examined:6} {result.tried:6} "
              f"{result.unplayed:9} {statistics.median(whatifs):9.2f} "
              f"{statistics.median(whys):12.2f}")
        rows.append({"game": game_id, "steps": len(steps) - 1, "examined": result.examined,
                     "tried": result.tried, "unplayed": result.unplayed,
                     "what_if_s": statistics.median(whatifs),
                     "why_not_s": statistics.median(whys)})
    return rows


if __name__ == "__main__":
    main()

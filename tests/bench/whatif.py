"""What "Et si… ?" and "Pourquoi je n'ai pas gagné ?" cost per click, for each game: a seeded game
of three players against the pages' computer level (the learner plays like that level too, as
a learner who plays reasonably), then one averaged "Et si… ?" at the middle decision and one
"Pourquoi je n'ai pas gagné ?" of the whole game (every decision of the learner's judged from
their view, the most suspect confirmed). Goals (issue 35): « Pourquoi » under 2 s for a whole
game, one « Et si » under 1 s, in CPU time of one core (``time.process_time``; the wall time,
shown beside it, depends on what else the shared machine runs). Beside the times: the
decisions judged out of those with a real choice (the three games together: all of them),
the playouts of the screen and of the duels, how many decisions were kept costly, and the
computer decisions spent against the budget (a count: the same game and budget always give
the same review), these of the last game.

Not a test: nothing here asserts a time. Part of ``make bench``; alone:
``.venv/bin/python tests/bench/whatif.py``.
"""

from __future__ import annotations

import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from tests.conftest import maker  # noqa: E402
from tests.test_whatif import record_game  # noqa: E402
from tutor.engine.whatif import (  # noqa: E402
    Played,
    Replayer,
    choices,
    review,
    what_if_averaged,
)
from tutor.games import GAMES  # noqa: E402


def level_of(engine: object) -> str:
    """The computer players' level: the engine's second kind, the first above « Au hasard »
    (as a sandbox's « Conseil » plays)."""
    kinds = list(engine.PLAYER_KINDS)  # type: ignore[attr-defined]
    return str(kinds[min(1, len(kinds) - 1)])


def timed(call: Callable[..., Any], *args: Any) -> tuple[Any, float, float]:
    """``call(*args)``, its result, its CPU time (``time.process_time``: one core's work, what the
    goals are judged on, the machine being shared) and its wall time."""
    cpu, wall = time.process_time(), time.perf_counter()
    out = call(*args)
    return out, time.process_time() - cpu, time.perf_counter() - wall


def main() -> list[dict[str, object]]:
    """Print one row per game and return the rows (``make bench`` stores them)."""
    rows: list[dict[str, object]] = []
    print("Temps médians de 3 parties (processeur : un cœur, le critère ; mur : la machine "
          "partagée)")
    print(f"{'jeu':14} {'étapes':>6} {'jugées':>9} {'tri':>5} {'vérif.':>6} {'retenues':>8} "
          f"{'décisions/budget':>17} {'Et si cpu/mur (s)':>18} {'Pourquoi cpu/mur (s)':>21}")
    for game_id, info in GAMES.items():
        if not info.listed:
            continue
        engine = info.engine()
        players = ["Camille", "Alex", "Bea"]
        level = level_of(engine)
        whatifs, whys, facts = [], [], []
        for seed in (1, 2, 3):
            origin = engine.new_game(players, seed=seed)
            policies = {p: (level, seed * 10 + k) for k, p in enumerate(players)}
            me = maker(engine, level)(seed=seed * 10)

            def choose(state: Any, seat: str, legal: tuple[Any, ...], me: Any = me,
                       engine: Any = engine) -> Any:
                return me.choose(engine.view(state, seat), legal)

            steps, _ = record_game(engine, origin, "Camille", policies, choose)
            played = Played(engine, origin, steps, policies, "Camille")
            r = Replayer(played)
            k = next(k for k in range(len(steps) // 2, len(steps)) if len(r.alternatives(k)) > 1
                     and r.chooser(k) == "Camille")
            other = next(a for a in r.alternatives(k) if a != r.played_action(k))
            _, cpu, wall = timed(what_if_averaged, played, k, other)
            whatifs.append((cpu, wall))
            result, cpu, wall = timed(review, played)
            whys.append((cpu, wall))
            facts.append((len(steps) - 1, len(result.judged), len(choices(played)),
                          result.screened, result.dueled, len(result.costly), result.spent,
                          result.budget))
        steps_n, _, _, screened, dueled, kept, spent, budget = facts[-1]
        judged = sum(f[1] for f in facts)
        could = sum(f[2] for f in facts)
        what_cpu, what_wall = (statistics.median(t[i] for t in whatifs) for i in (0, 1))
        why_cpu, why_wall = (statistics.median(t[i] for t in whys) for i in (0, 1))
        print(f"{game_id:14} {steps_n:6} {f'{judged}/{could}':>9} {screened:5} {dueled:6} "
              f"{kept:8} {f'{spent}/{budget}':>17} "
              f"{f'{what_cpu:.2f} / {what_wall:.2f}':>18} "
              f"{f'{why_cpu:.2f} / {why_wall:.2f}':>21}")
        rows.append({"game": game_id, "steps": steps_n, "judged": judged,
                     "with_a_choice": could, "screen_playouts": screened,
                     "duel_playouts": dueled, "kept": kept, "spent": spent, "budget": budget,
                     "what_if_cpu_s": what_cpu, "what_if_s": what_wall,
                     "what_if_max_cpu_s": max(t[0] for t in whatifs),
                     "why_not_cpu_s": why_cpu, "why_not_s": why_wall,
                     "why_not_max_cpu_s": max(t[0] for t in whys)})
    return rows


if __name__ == "__main__":
    main()

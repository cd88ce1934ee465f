"""What "Et si… ?" and "Pourquoi je n'ai pas gagné ?" cost per click, for each game: a seeded game
of three players against the pages' computer level (the learner plays like that level too, as
a learner who plays reasonably), then one averaged "Et si… ?" at the middle decision and one
"Pourquoi je n'ai pas gagné ?" of the whole game (every decision of the learner's judged from
their view, the most suspect confirmed). Goals (issue 35): « Pourquoi » under 2 s for a whole
game, one « Et si » under 1 s. Beside the times: the decisions judged, the playouts of the
screen and of the duels, how many decisions were kept costly, and the computer decisions spent
against the budget (a count: the same game and budget always give the same review).

Not a test: nothing here asserts a time. Part of ``make bench``; alone:
``.venv/bin/python tests/bench/whatif.py``.
"""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from tests.conftest import maker  # noqa: E402
from tests.test_whatif import record_game  # noqa: E402
from tutor.engine.whatif import Played, Replayer, review, what_if_averaged  # noqa: E402
from tutor.games import GAMES  # noqa: E402


def level_of(engine: object) -> str:
    """The computer players' level: the engine's second kind, the first above « Au hasard »
    (as a sandbox's « Conseil » plays)."""
    kinds = list(engine.PLAYER_KINDS)  # type: ignore[attr-defined]
    return str(kinds[min(1, len(kinds) - 1)])


def main() -> list[dict[str, object]]:
    """Print one row per game and return the rows (``make bench`` stores them)."""
    rows: list[dict[str, object]] = []
    print(f"{'jeu':14} {'étapes':>6} {'jugées':>6} {'tri':>6} {'vérif.':>6} {'retenues':>8} "
          f"{'décisions/budget':>17} {'Et si (s)':>9} {'Pourquoi (s)':>12}")
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
            start = time.perf_counter()
            what_if_averaged(played, k, other)
            whatifs.append(time.perf_counter() - start)
            start = time.perf_counter()
            result = review(played)
            whys.append(time.perf_counter() - start)
            facts.append((len(steps) - 1, len(result.judged), result.screened, result.dueled,
                          len(result.costly), result.spent, result.budget))
        steps_n, judged, screened, dueled, kept, spent, budget = facts[-1]
        print(f"{game_id:14} {steps_n:6} {judged:6} {screened:6} {dueled:6} {kept:8} "
              f"{f'{spent}/{budget}':>17} {statistics.median(whatifs):9.2f} "
              f"{statistics.median(whys):12.2f}")
        rows.append({"game": game_id, "steps": steps_n, "judged": judged,
                     "screen_playouts": screened, "duel_playouts": dueled, "kept": kept,
                     "spent": spent, "budget": budget,
                     "what_if_s": statistics.median(whatifs),
                     "what_if_max_s": max(whatifs),
                     "why_not_s": statistics.median(whys), "why_not_max_s": max(whys)})
    return rows


if __name__ == "__main__":
    main()

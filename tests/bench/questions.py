"""« Une question ? » section of `make bench`: the time to build the index from the rule files
and the time of one query (every question of ``tests/test_search.py``, the open points' too,
and each of its prefixes as typed letter by letter, since the page searches as the learner
types; the words' keys are cached as in the page's kernel). Goal: under 50 ms per query. Not a
test: nothing here asserts a time."""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from tests.test_search import OPEN_POINTS, QUESTIONS  # noqa: E402
from tutor import fr, rules, search  # noqa: E402


def run() -> dict[str, float]:
    """Print the figures and return them (``make bench`` stores them)."""
    start = time.perf_counter()
    index = search.build([rules.read(rules.rules_dir() / f"{g}.fr.md") for g in search.GAMES])
    build_ms = (time.perf_counter() - start) * 1000
    asked = [(p, q) for p, q, _ in QUESTIONS] + [(p, q) for p, q, _, _ in OPEN_POINTS]
    typed = [(p, q[:n]) for p, q in asked for n in range(1, len(q) + 1)]
    times = []
    for page, query in typed:
        start = time.perf_counter()
        index.search(query, game=page if page in search.GAMES else None)
        times.append((time.perf_counter() - start) * 1000)
    times.sort()
    # a page just opened: the first whole question after the index is built (building it
    # computed every indexed word's key, not yet the question's), on ten questions
    cold = []
    for page, query in asked[::max(1, len(asked) // 10)]:
        search._word_key.cache_clear()
        fresh = search.build([rules.read(rules.rules_dir() / f"{g}.fr.md")
                              for g in search.GAMES])
        start = time.perf_counter()
        fresh.search(query, game=page if page in search.GAMES else None)
        cold.append((time.perf_counter() - start) * 1000)
    row = {"cold_median_ms": statistics.median(cold), "cold_max_ms": max(cold),
           "build_ms": build_ms, "queries": len(times), "median_ms": statistics.median(times),
           "p95_ms": times[int(0.95 * (len(times) - 1))], "max_ms": times[-1],
           "documents": len(index.docs)}
    print(fr.typography(
        f"index : {len(index.docs)} textes en {build_ms:.0f} ms ; {fr.number(len(times))} "
        f"requêtes (chaque question tapée lettre par lettre) : médiane "
        f"{fr.decimal(row['median_ms'], 2)} ms, p95 {fr.decimal(row['p95_ms'], 2)} ms, "
        f"pire {fr.decimal(row['max_ms'], 2)} ms (objectif : < 50 ms) ; première question "
        f"entière après la construction : médiane {fr.decimal(row['cold_median_ms'], 2)} ms, pire "
        f"{fr.decimal(row['cold_max_ms'], 2)} ms"))
    return row


if __name__ == "__main__":
    run()

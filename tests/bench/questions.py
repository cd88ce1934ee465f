"""« Une question ? » section of `make bench`: how often the answer is found (top 1, top 3 on
each page, with their 95 % Wilson margins, for the tuning half, the held-out half, the reader's
questions and the new learners' of ``tests/data``, see ``tests/search_eval.py``), the time to
build the index from the rule files and the time of one query (every question of
``tests/test_search.py``, the open points' too, and each of its prefixes as typed letter by
letter, since the page searches as the learner types; the words' keys are cached as in the
page's kernel). Goal: under 20 ms per query. Not a test: nothing here asserts a time. Run
alone, it writes ``bench-results/questions.json``."""

from __future__ import annotations

import argparse
import json
import math
import statistics
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from tests import search_eval  # noqa: E402
from tests.test_search import OPEN_POINTS, QUESTIONS  # noqa: E402
from tutor import fr, rules, search  # noqa: E402
from tutor.games import GAMES  # noqa: E402

PAGE_NAMES = {"accueil": "Accueil", **{g: GAMES[g].title for g in search.GAMES}, "all": "tout"}
SUBSET_NAMES = {"tuning": "moitié de réglage", "heldout": "moitié réservée",
                "reader": "dont questions du lecteur",
                "learners": "questions de nouveaux joueurs (réservées, à part)"}


def wilson(share: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95 % Wilson interval of a share measured on ``n`` questions."""
    if n == 0:
        return 0.0, 1.0
    centre = (share + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(share * (1 - share) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def accuracy() -> dict[str, Any]:
    """Top-1 and top-3 per subset and page, printed as a table and returned."""
    table = search_eval.scores(search_eval.load())
    for subset, pages in table.items():
        print(fr.typography(f"{SUBSET_NAMES[subset]} :"))
        for page, row in pages.items():
            n = int(row["n"])
            cells = []
            for k in ("top1", "top3"):
                lo, hi = wilson(float(row[k]), n)
                cells.append(f"{k} {fr.decimal(100 * row[k], 0)} % "
                             f"[{fr.decimal(100 * lo, 0)} ; {fr.decimal(100 * hi, 0)}]")
            print(fr.typography(f"  {PAGE_NAMES[page]:<18} n = {n:>3}  " + "  ".join(cells)))
    return table


def run() -> dict[str, Any]:
    """Print the figures and return them (``make bench`` stores them)."""
    found = accuracy()
    start = time.perf_counter()
    index = search.build([rules.read(rules.rules_dir() / f"{g}.fr.md") for g in search.GAMES])
    build_ms = (time.perf_counter() - start) * 1000
    asked = [(p, q) for p, q, _ in QUESTIONS] + [(p, q) for p, q, _, _ in OPEN_POINTS]
    typed = [(p, q[:n]) for p, q in asked for n in range(1, len(q) + 1)]
    whole = []
    for item in search_eval.load():
        start = time.perf_counter()
        index.search(item.q, game=item.game)
        whole.append((time.perf_counter() - start) * 1000)
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
           "documents": len(index.docs), "whole_questions": len(whole),
           "whole_median_ms": statistics.median(whole), "whole_max_ms": max(whole)}
    print(fr.typography(
        f"index : {len(index.docs)} textes en {build_ms:.0f} ms ; {fr.number(len(times))} "
        f"requêtes (chaque question tapée lettre par lettre) : médiane "
        f"{fr.decimal(row['median_ms'], 2)} ms, p95 {fr.decimal(row['p95_ms'], 2)} ms, "
        f"pire {fr.decimal(row['max_ms'], 2)} ms (objectif : < 20 ms) ; "
        f"{fr.number(len(whole))} questions entières : médiane "
        f"{fr.decimal(row['whole_median_ms'], 2)} ms, "
        f"pire {fr.decimal(row['whole_max_ms'], 2)} ms ; "
        f"première question "
        f"entière après la construction : médiane {fr.decimal(row['cold_median_ms'], 2)} ms, pire "
        f"{fr.decimal(row['cold_max_ms'], 2)} ms"))
    return {"speed": row, "found": found}


def write(result: dict[str, Any], out: Path) -> None:
    """Store the section's figures as JSON (``bench-results/questions.json``)."""
    out.parent.mkdir(exist_ok=True)
    out.write_text(json.dumps(result, indent=2, ensure_ascii=False), encoding="utf-8")
    print(f"Résultat écrit dans {out}")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--out", default=str(ROOT / "bench-results" / "questions.json"))
    args = parser.parse_args()
    write(run(), Path(args.out))

"""docs/benchmarks.md is written from `make bench`'s JSON results (``tests/bench/benchdoc.py``),
checked here on sample results shaped as the bench writes them (not on a bench run)."""

from __future__ import annotations

import json
from pathlib import Path

from tests.bench import benchdoc

BENCH = {
    "when": "2026-12-02T14:05:09", "python": "3.11.7", "machine": "x86_64", "cpu": "AMD EPYC",
    "cpus": 2, "load": 3.25, "command": "python tests/bench/bench.py --no-pages",
    "revision": "abc1234",
    "engine": [
        {"game": "vautours", "players": 2, "games_per_s": 6189.4, "goofspiel_per_s": 13754.2,
         "ratio": 0.45, "games_per_s_with_events": 3012.0},
        {"game": "vaiko", "players": 6, "games_per_s": 230.25, "games_per_s_with_events": 199.9},
    ],
    "search": {"build_s": 0.41234, "query_ms": [1.5, 0.9, 2.5, 1.1]},
    "conseil": {"positions": 84, "answered": 84,
                "rows": [{"game": "vampir", "players": 5, "seconds": 0.9, "ok": True}]},
    "surface": {"vautours": {"click_ms": {"start": 17.0, "end": 34.0}, "mb": 62.5},
                "vaiko": {"click_ms": {"start": 21.0, "end": 30.0}, "mb": 63.0}},
}
STATIC = {"date": "2026-11-29", "site_mib": 72.04,
          "static": {"stupides-vautours": {"cold": [6.2, 6.0, 6.9], "warm": [5.0]}}}


def test_every_table_says_date_machine_and_command() -> None:
    page = benchdoc.render([("tests/bench/bench.py", Path("bench-x.json"), BENCH)])
    tables = page.split("\n### ")[1:]
    assert {t.split("\n", 1)[0] for t in tables} >= {"engine", "search", "conseil",
                                                     "conseil — rows", "surface"}
    for body in tables:
        assert ("Date: 2026-12-02 14:05:09 · machine: AMD EPYC, 2 cores, x86_64, Python 3.11.7, "
                "load 3.2 at start · command: `python tests/bench/bench.py --no-pages` at "
                "`abc1234` · file: `bench-x.json`") in body
    assert "when" not in page.replace("When", "") and "### revision" not in page


def test_rows_become_a_table_with_every_column_and_figures_rounded() -> None:
    page = benchdoc.render([("tests/bench/bench.py", Path("b.json"), BENCH)])
    assert ("| game | players | games_per_s | goofspiel_per_s | ratio | games_per_s_with_events |"
            in page)
    assert "| vautours | 2 | 6,189 | 13,754 | 0.45 | 3,012 |" in page
    assert "| vaiko | 6 | 230.2 | – | – | 199.9 |" in page  # absent columns shown as –
    assert "| vampir | 5 | 0.9 | oui |" in page


def test_a_list_of_measurements_shows_its_median_range_and_count() -> None:
    page = benchdoc.render([("tests/bench/bench.py", Path("b.json"), BENCH)])
    assert "| query_ms | 1.3 (0.9–2.5, n=4) |" in page
    assert "| build_s | 0.412 |" in page
    static = benchdoc.render([("tests/bench/static.py", Path("s.json"), STATIC)])
    assert "| stupides-vautours | 6.2 (6–6.9, n=3) | 5 |" in static
    assert "Date: 2026-11-29 · machine: machine not recorded" in static  # an older file


def test_a_mapping_of_rows_is_keyed_by_name_with_nested_columns() -> None:
    page = benchdoc.render([("tests/bench/bench.py", Path("b.json"), BENCH)])
    assert "|  | click_ms.start | click_ms.end | mb |" in page
    assert "| vautours | 17 | 34 | 62.5 |" in page


def test_main_writes_the_page_from_the_newest_result_of_each_kind(tmp_path: Path) -> None:
    results = tmp_path / "bench-results"
    results.mkdir()
    old = {**BENCH, "when": "2026-11-01T00:00:00", "engine": [{"game": "ancien"}]}
    (results / "bench-2026-11-01T000000.json").write_text(json.dumps(old))
    (results / "bench-2026-12-02T140509.json").write_text(json.dumps(BENCH))
    (results / "static-2026-11-29.json").write_text(json.dumps(STATIC))
    out = tmp_path / "docs" / "benchmarks.md"
    assert benchdoc.main(["--results", str(results), "--out", str(out)]) == 0
    page = out.read_text()
    assert "ancien" not in page and "| vautours | 2 |" in page
    assert page.index("## `tests/bench/bench.py`") < page.index("## `tests/bench/static.py`")
    assert "### run\n" in page and "| site_mib | 72 |" in page


def test_no_result_yet_says_how_to_get_one(tmp_path: Path) -> None:
    out = tmp_path / "b.md"
    benchdoc.main(["--results", str(tmp_path / "none"), "--out", str(out)])
    assert "No results yet: run `make bench`." in out.read_text()


def test_run_info_records_the_command_and_the_machine() -> None:
    info = benchdoc.run_info(["tests/bench/bench.py", "--no-pages"])
    assert info["command"] == "python tests/bench/bench.py --no-pages"
    assert isinstance(info["cpus"], int) and info["cpus"] >= 1
    assert info["when"][:2] == "20" and "T" in info["when"]

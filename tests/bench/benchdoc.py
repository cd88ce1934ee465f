"""Write docs/benchmarks.md from the JSON results of `make bench` (bench-results/).

`make bench` runs ``tests/bench/bench.py`` (``bench-<time>.json``) and ``tests/bench/static.py``
(``static-<date>.json``), then this script: it takes the newest file of each kind and writes one
Markdown table per measured section, each headed by the run's date, machine and command, so that
the figures shown are the ones measured and nothing is copied by hand. Every section is rendered
the same generic way (a list of rows is a table; a mapping of rows is a table keyed by name; a
list of numbers is shown as its median with its range and count), so a new section of the bench
appears without a change here.

    python tests/bench/benchdoc.py [--results bench-results] [--out docs/benchmarks.md]
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import subprocess
import sys
import time
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]

#: the kinds of result file, newest of each used: (file prefix, what writes it)
KINDS = (("bench-", "tests/bench/bench.py"), ("static-", "tests/bench/static.py"))

#: keys of a report that describe the run, not a measured section
META = {"when", "date", "python", "machine", "cpus", "cpu", "load", "command", "revision"}

Row = dict[str, Any]


def run_info(argv: Sequence[str] | None = None) -> Row:
    """What a result file records of its run, for its tables' heading: the time, the machine
    (processor, cores, Python, load average at the start), the command and the revision."""
    argv = sys.argv if argv is None else argv
    script = Path(argv[0]).resolve()
    shown = script.relative_to(ROOT) if script.is_relative_to(ROOT) else Path(argv[0])
    cpu = ""
    with_model = Path("/proc/cpuinfo")
    if with_model.exists():
        cpu = next((line.split(":", 1)[1].strip() for line in
                    with_model.read_text(errors="replace").splitlines()
                    if line.startswith("model name")), "")
    revision = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, text=True,
                              capture_output=True, check=False).stdout.strip()
    return {"when": time.strftime("%Y-%m-%dT%H:%M:%S"), "python": platform.python_version(),
            "machine": platform.machine(), "cpu": cpu or platform.processor(),
            "cpus": os.cpu_count(), "load": os.getloadavg()[0],
            "command": " ".join(["python", str(shown), *argv[1:]]), "revision": revision}


def is_number(value: Any) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool)


def number(value: float) -> str:
    """A figure as a table shows it: integers grouped by thousands, other values to three
    significant digits (at least one decimal below 1000)."""
    if isinstance(value, int) or (abs(value) >= 1000 and float(value).is_integer()):
        return f"{int(value):,}"
    if abs(value) >= 1000:
        return f"{value:,.0f}"
    if abs(value) >= 100:
        return f"{value:.1f}"
    return f"{value:.3g}"


def cell(value: Any) -> str:
    """One table cell: a number, a text, or a list of numbers as ``median (min–max, n)``."""
    if value is None:
        return "–"
    if isinstance(value, bool):
        return "oui" if value else "non"
    if is_number(value):
        return number(value)
    if isinstance(value, list) and value and all(is_number(v) for v in value):
        if len(value) == 1:
            return number(value[0])
        return (f"{number(statistics.median(value))} ({number(min(value))}–"
                f"{number(max(value))}, n={len(value)})")
    if isinstance(value, list | dict):
        text = json.dumps(value, ensure_ascii=False, separators=(", ", ": "))
        return text if len(text) <= 60 else text[:57] + "…"
    return str(value).replace("|", "\\|").replace("\n", " ")


def flat(row: Row, prefix: str = "") -> Row:
    """A row whose nested mappings become columns named ``outer.inner``."""
    out: Row = {}
    for key, value in row.items():
        name = f"{prefix}{key}"
        if isinstance(value, dict) and value and len(value) <= 12:
            out.update(flat(value, name + "."))
        else:
            out[name] = value
    return out


def table(rows: Sequence[Row], first: str | None = None) -> list[str]:
    """A Markdown table of ``rows`` (columns: every key, in the order first met)."""
    columns: list[str] = []
    for row in rows:
        columns += [key for key in row if key not in columns]
    if first and first in columns:
        columns.remove(first)
        columns.insert(0, first)
    lines = ["| " + " | ".join(columns) + " |", "|" + "---|" * len(columns)]
    for row in rows:
        lines.append("| " + " | ".join(cell(row.get(c)) for c in columns) + " |")
    return lines


def is_scalar(value: Any) -> bool:
    return not isinstance(value, list | dict) or (
        isinstance(value, list) and all(is_number(v) for v in value))


def tables(title: str, value: Any) -> Iterable[tuple[str, list[str]]]:
    """The tables of one section (a title and its Markdown lines each)."""
    if isinstance(value, list) and value and all(isinstance(v, dict) for v in value):
        yield title, table([flat(v) for v in value])
    elif isinstance(value, dict) and value:
        scalars = {k: v for k, v in value.items() if is_scalar(v)}
        nested = {k: v for k, v in value.items() if k not in scalars}
        if scalars:
            yield title, table([{"quantity": k, "value": v} for k, v in scalars.items()])
        if nested and all(isinstance(v, dict) and all(is_scalar(x) or isinstance(x, dict)
                                                        for x in v.values())
                          for v in nested.values()):
            yield (title if not scalars else f"{title} (detail)",
                   table([{"": k, **flat(v)} for k, v in nested.items()], first=""))
        else:
            for key, sub in nested.items():
                yield from tables(f"{title} — {key}", sub)
    elif value not in (None, [], {}):
        yield title, [cell(value)]


def heading(report: Row, source: str, path: Path) -> list[str]:
    """What every table of a report says: when, on what machine, by which command."""
    when = str(report.get("when") or report.get("date") or "date not recorded")
    machine = ", ".join(str(part) for part in (
        report.get("cpu"), f"{report['cpus']} cores" if "cpus" in report else None,
        report.get("machine"), f"Python {report['python']}" if "python" in report else None,
        f"load {report['load']:.1f} at start" if is_number(report.get("load")) else None,
    ) if part) or "machine not recorded"
    command = str(report.get("command") or source)
    revision = f" at `{report['revision']}`" if report.get("revision") else ""
    return [f"Date: {when.replace('T', ' ')} · machine: {machine} · command: `{command}`"
            f"{revision} · file: `{path.name}`"]


def render(reports: Sequence[tuple[str, Path, Row]]) -> str:
    """The whole page from ``(source, path, report)`` triples."""
    lines = ["# Benchmarks", "",
             "Written by `make bench` (`tests/bench/benchdoc.py`) from the newest JSON results "
             "in `bench-results/`: do not edit by hand. Each table gives the run's date, machine "
             "and command; a list of measurements shows its median, its range and its count. "
             "Nothing here is a test: the figures vary with the machine's load.", ""]
    if not reports:
        lines += ["No results yet: run `make bench`.", ""]
    for source, path, report in reports:
        lines += [f"## `{source}`", ""]
        head = heading(report, source, path)
        measured = {k: v for k, v in report.items() if k not in META}
        whole = {k: v for k, v in measured.items() if is_scalar(v)}
        sections = [("run", whole)] if whole else []
        sections += [(k, v) for k, v in measured.items() if k not in whole]
        for key, value in sections:
            for title, body in tables(key, value):
                lines += [f"### {title}", "", *head, "", *body, ""]
    return "\n".join(lines).rstrip("\n") + "\n"


def newest(folder: Path, prefix: str) -> Path | None:
    """The newest result file of a kind (names carry the date, so the last name sorted)."""
    found = sorted(folder.glob(f"{prefix}*.json"))
    return found[-1] if found else None


def collect(folder: Path) -> list[tuple[str, Path, Row]]:
    out = []
    for prefix, source in KINDS:
        path = newest(folder, prefix)
        if path is not None:
            out.append((source, path, json.loads(path.read_text(encoding="utf-8"))))
    return out


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--results", type=Path, default=ROOT / "bench-results")
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "benchmarks.md")
    args = parser.parse_args(argv)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(render(collect(args.results)), encoding="utf-8")
    print(f"{args.out} written")
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""The browser tests split into groups run as parallel pytest processes (``make test``), each
with its own session app server and browser, balanced by the files' recorded times.

``TUTOR_BROWSER_GROUP=k/n`` makes a pytest over ``tests/browser`` run only the tests of group
``k`` of ``n`` (``conftest.py`` deselects the others). The units split are whole files where a
file's tests share a module fixture (a game page loaded once: :func:`whole_files`), single
tests elsewhere (the hostile tests' servers of their own, the keyboard tests' fresh pages), so
that one long file does not set a group's time. The assignment is deterministic: the units,
longest first by the seconds recorded in ``timings.json`` (``seconds`` per file, ``tests`` per
test; a unit missing there counts as the median of its kind), each go to the group with the
least time so far; each group then runs its units longest first (``conftest.py``), so that
the tests waiting on the server's own delays overlap the other groups' work and every group
ends on short tests. Regenerate the
timings from a run's JUnit reports with ``python -m tests.browser.groups timings
test-artefacts/junit-*.xml``; ``python -m tests.browser.groups slowest
test-artefacts/junit-*.xml`` prints the ten slowest tests of all the processes of a run.

The other tests (every file outside ``tests/browser``: ``tests/test_*.py`` and the notebooks
nbval checks) split the same way into ``TUTOR_TEST_GROUP=k/n`` pytest processes
(``tests/conftest.py`` deselects the files of the other groups), by their seconds under
``others`` in ``timings.json`` (a file named by its path: ``tests/test_ui.py``,
``notebooks/vampir.ipynb``).

No Playwright here: ``make test`` runs it before the browser tests, and the unit tests import it.
"""

from __future__ import annotations

import json
import re
import statistics
import sys
import xml.etree.ElementTree as ET
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path

TIMINGS = Path(__file__).with_name("timings.json")
ENV = "TUTOR_BROWSER_GROUP"
OTHERS_ENV = "TUTOR_TEST_GROUP"


def parse(value: str, env: str = ENV) -> tuple[int, int]:
    """``"k/n"`` as ``(k, n)``, with 1 <= k <= n; ValueError (naming ``env``) otherwise."""
    k, sep, n = value.partition("/")
    if not sep or not k.strip().isdigit() or not n.strip().isdigit():
        raise ValueError(f"{env} must read k/n (for example 1/3), not {value!r}")
    group, groups = int(k), int(n)
    if not 1 <= group <= groups:
        raise ValueError(f"{env}={value!r}: the group must be between 1 and {groups}")
    return group, groups


def load(path: Path | None = None, part: str = "seconds") -> dict[str, float]:
    """The committed seconds (in ``path``, else :data:`TIMINGS`) per browser test file (its
    name, e.g. ``test_a11y.py``), or with ``part="others"`` per other test file (its path, e.g.
    ``tests/test_ui.py``)."""
    data = json.loads((path or TIMINGS).read_text(encoding="utf-8"))
    return {str(name): float(seconds) for name, seconds in data.get(part, {}).items()}


def assign(files: Iterable[str], timings: Mapping[str, float], groups: int) -> list[list[str]]:
    """The files split into ``groups`` lists of about equal measured time (longest file first,
    each to the least loaded group, ties to the lowest group number)."""
    names = sorted(set(files))
    known = [timings[f] for f in names if f in timings]
    default = statistics.median(known) if known else 1.0
    order = sorted(names, key=lambda f: (-timings.get(f, default), f))
    loads = [0.0] * groups
    out: list[list[str]] = [[] for _ in range(groups)]
    for name in order:
        least = min(range(groups), key=lambda g: (loads[g], g))
        out[least].append(name)
        loads[least] += timings.get(name, default)
    return [sorted(group) for group in out]


SHARED_SCOPE = re.compile(r"""scope\s*=\s*["'](?:module|class|package)["']""")


def whole_files(directory: Path | None = None) -> set[str]:
    """The browser test files (names) kept whole in one group: those declaring a fixture of
    module, class or package scope (a page loaded once for the file's tests)."""
    folder = directory or Path(__file__).parent
    return {p.name for p in folder.glob("test_*.py")
            if SHARED_SCOPE.search(p.read_text(encoding="utf-8"))}


def unit(file: str, name: str, whole: Iterable[str]) -> str:
    """What the browser groups are balanced by: a whole file (``test_vaiko_app.py``) when it is
    among ``whole`` (:func:`whole_files`), else one test (``test_hostile.py::test_x[chromium]``),
    so that a file of long independent tests (servers of their own, fresh pages) spreads over
    the groups."""
    return file if file in set(whole) else f"{file}::{name}"


def unit_timings(units: Iterable[str], path: Path | None = None) -> dict[str, float]:
    """The committed seconds of each unit (see :func:`unit`): a test's under ``tests``, a whole
    file's under ``seconds``; a unit not recorded counts as the median of its kind."""
    files, tests = load(path), load(path, "tests")
    file_default = statistics.median(files.values()) if files else 1.0
    test_default = statistics.median(tests.values()) if tests else 1.0
    return {u: (tests.get(u, test_default) if "::" in u else files.get(u, file_default))
            for u in units}


def cases(reports: Sequence[Path]) -> list[tuple[float, str]]:
    """Every test case of JUnit reports: (seconds of setup, call and teardown, its id)."""
    found = []
    for report in reports:
        for case in ET.parse(report).getroot().iter("testcase"):
            name = f"{case.get('classname', '')}::{case.get('name', '')}"
            found.append((float(case.get("time") or 0), name))
    return found


def per_file(reports: Sequence[Path]) -> dict[str, float]:
    """Seconds per browser test file (its name), summed over its cases."""
    totals: dict[str, float] = {}
    for seconds, name in cases(reports):
        module = name.split("::")[0]
        if module.startswith("tests.browser."):
            file = module.removeprefix("tests.browser.") + ".py"
            totals[file] = totals.get(file, 0.0) + seconds
    return totals


def other_file(classname: str) -> str | None:
    """The path of the file a JUnit ``classname`` outside ``tests.browser`` comes from
    (``tests.test_ui`` or ``tests.test_vampir_sim.TestVampirStateful``: ``tests/test_ui.py``,
    ``tests/test_vampir_sim.py``; ``notebooks.vampir.ipynb``: ``notebooks/vampir.ipynb``)."""
    if classname.startswith("tests.browser.") or not classname:
        return None
    if classname.endswith(".ipynb"):
        return classname.removesuffix(".ipynb").replace(".", "/") + ".ipynb"
    parts = classname.split(".")
    while len(parts) > 1 and parts[-1][:1].isupper():  # a test class, not a module
        parts.pop()
    return "/".join(parts) + ".py"


def per_test(reports: Sequence[Path]) -> dict[str, float]:
    """Seconds per browser test (``test_hostile.py::test_x[chromium]``): setup, call and
    teardown."""
    totals: dict[str, float] = {}
    for seconds, name in cases(reports):
        module, _, test = name.partition("::")
        if module.startswith("tests.browser."):
            key = f"{module.removeprefix('tests.browser.')}.py::{test}"
            totals[key] = totals.get(key, 0.0) + seconds
    return totals


def per_other_file(reports: Sequence[Path]) -> dict[str, float]:
    """Seconds per other test file (its path), summed over its cases."""
    totals: dict[str, float] = {}
    for seconds, name in cases(reports):
        file = other_file(name.split("::")[0])
        if file is not None:
            totals[file] = totals.get(file, 0.0) + seconds
    return totals


def main(argv: Sequence[str]) -> int:
    if len(argv) >= 2 and argv[0] == "slowest":
        reports = [Path(p) for p in argv[1:] if Path(p).exists()]
        slowest = sorted(cases(reports), reverse=True)[:10]
        print(f"=== the ten slowest tests of the run ({len(reports)} processes; setup, call "
              "and teardown) ===")
        for seconds, name in slowest:
            print(f"{seconds:8.1f} s  {name}")
        return 0
    if len(argv) >= 2 and argv[0] == "timings":
        reports = [Path(p) for p in argv[1:]]
        totals, others = per_file(reports), per_other_file(reports) or load(part="others")
        tests = per_test(reports)
        data = {"about": "seconds per test file in one `make test` run (JUnit reports summed "
                         "per file): tests/browser/groups.py balances the groups by them, the "
                         "browser files' (seconds), each browser test's (tests: for the files "
                         "whose tests share no module fixture, split per test) and the other "
                         "tests' files (others)",
                "seconds": {f: round(s, 1) for f, s in sorted(totals.items())},
                "tests": {t: round(s, 1) for t, s in sorted(tests.items())},
                "others": {f: round(s, 1) for f, s in sorted(others.items())}}
        TIMINGS.write_text(json.dumps(data, indent=1, ensure_ascii=False) + "\n",
                           encoding="utf-8")
        print(f"{TIMINGS}: {len(totals)} browser files, {sum(totals.values()):.0f} s; "
              f"{len(others)} other files, {sum(others.values()):.0f} s")
        return 0
    if len(argv) == 1 and argv[0].isdigit():
        files, whole = [p.name for p in Path(__file__).parent.glob("test_*.py")], whole_files()
        recorded = load(part="tests")
        units = [u for f in files for u in
                 ([f] if f in whole or not any(t.startswith(f"{f}::") for t in recorded)
                  else [t for t in recorded if t.startswith(f"{f}::")])]
        times = unit_timings(units)
        for k, group in enumerate(assign(units, times, int(argv[0])), 1):
            total = sum(times[u] for u in group)
            print(f"group {k}: {total:.0f} s, {len(group)} units")
            for u in sorted(group, key=lambda u: -times[u]):
                print(f"  {times[u]:6.1f}  {u}")
        return 0
    if len(argv) == 2 and argv[0] == "others" and argv[1].isdigit():
        timings = load(part="others")
        for k, group in enumerate(assign(timings, timings, int(argv[1])), 1):
            total = sum(timings[f] for f in group)
            print(f"group {k}: {total:.0f} s  {' '.join(group)}")
        return 0
    print("usage: python -m tests.browser.groups slowest REPORT.xml... | timings REPORT.xml... "
          "| N | others N", file=sys.stderr)
    return 2


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))

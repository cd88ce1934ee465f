"""The browser tests' split into parallel groups (tests/browser/groups.py): every file in exactly
one group, the same split in every process, balanced by the committed timings, and the run's
ten slowest tests read back from JUnit reports."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.browser import groups

BROWSER = Path(__file__).parent / "browser"


def test_every_browser_file_is_in_exactly_one_group_whatever_the_count() -> None:
    files = [p.name for p in BROWSER.glob("test_*.py")]
    timings = groups.load()
    for count in (1, 2, 3, 4):
        split = groups.assign(files, timings, count)
        assert len(split) == count
        flat = [f for group in split for f in group]
        assert sorted(flat) == sorted(files)
        assert all(split), f"an empty group among {count}"


def test_the_split_is_the_same_in_every_process_whatever_the_order() -> None:
    files = [p.name for p in BROWSER.glob("test_*.py")]
    timings = groups.load()
    assert groups.assign(files, timings, 3) == groups.assign(reversed(files), timings, 3)


def test_the_groups_are_balanced_by_the_measured_times() -> None:
    timings = {"a.py": 100.0, "b.py": 60.0, "c.py": 50.0, "d.py": 40.0, "e.py": 10.0}
    # longest first, each to the least loaded group: a | b, c | d to the first | e to the second
    assert groups.assign(timings, timings, 2) == [["a.py", "d.py"], ["b.py", "c.py", "e.py"]]
    # a file not measured yet counts as the median of the others (50 s), not as nothing
    assert groups.assign([*timings, "new.py"], timings, 2) == [
        ["a.py", "e.py", "new.py"], ["b.py", "c.py", "d.py"]]


def test_the_committed_timings_name_the_browser_files_that_exist() -> None:
    files = {p.name for p in BROWSER.glob("test_*.py")}
    timings = groups.load()
    assert set(timings) <= files, set(timings) - files
    assert len(timings) >= len(files) - 3, files - set(timings)  # new files: the median
    known = {f: s for f, s in timings.items() if f in files}
    split = groups.assign(known, known, 3)
    loads = [sum(known[f] for f in group) for group in split]
    # no group waits on another longer than the longest file takes
    assert max(loads) - min(loads) <= max(known.values()), loads


def test_files_sharing_a_module_page_stay_whole_and_the_others_split_per_test() -> None:
    whole = groups.whole_files()
    # the game pages' files load their page once per module: split, each group would load it
    assert {"test_vaiko_app.py", "test_vampir_app.py", "test_vautours_app.py",
            "test_drahtseilakt_app.py"} <= whole
    # the hostile tests start servers of their own, the keyboard tests open fresh pages
    assert not {"test_hostile.py", "test_hostile_server.py", "test_keyboard.py"} & whole
    assert groups.unit("test_vaiko_app.py", "test_a[chromium]", whole) == "test_vaiko_app.py"
    assert (groups.unit("test_hostile.py", "test_a[chromium]", whole)
            == "test_hostile.py::test_a[chromium]")


def test_the_committed_per_test_timings_name_tests_of_files_split_per_test() -> None:
    tests, whole = groups.load(part="tests"), groups.whole_files()
    files = {p.name for p in BROWSER.glob("test_*.py")}
    assert tests, "no per-test timings: the long files would not spread over the groups"
    assert {t.partition("::")[0] for t in tests} <= files
    split = [t for t in tests if t.partition("::")[0] not in whole]
    units = [*split, *(f for f in files if f in whole)]
    seconds = groups.unit_timings(units)
    assert seconds[split[0]] == tests[split[0]]
    loads = [sum(seconds[u] for u in g) for g in groups.assign(units, seconds, 4)]
    # per test, four groups come within the longest unit of each other
    assert max(loads) - min(loads) <= max(seconds.values()), loads


def test_a_unit_not_recorded_counts_as_the_median_of_its_kind(tmp_path: Path) -> None:
    written = tmp_path / "timings.json"
    written.write_text(json.dumps({"seconds": {"a.py": 100.0, "b.py": 20.0, "c.py": 30.0},
                                   "tests": {"d.py::t1": 4.0, "d.py::t2": 6.0}}))
    assert groups.unit_timings(["a.py", "new.py", "d.py::t1", "d.py::t3"], written) == {
        "a.py": 100.0, "new.py": 30.0, "d.py::t1": 4.0, "d.py::t3": 5.0}


@pytest.mark.parametrize(("value", "parsed"), [("1/3", (1, 3)), ("3/3", (3, 3)),
                                               ("1/1", (1, 1))])
def test_a_group_reads_k_of_n(value: str, parsed: tuple[int, int]) -> None:
    assert groups.parse(value) == parsed


@pytest.mark.parametrize("value", ["0/3", "4/3", "3", "a/b", "1/", ""])
def test_a_wrong_group_is_refused(value: str) -> None:
    with pytest.raises(ValueError, match="TUTOR_BROWSER_GROUP"):
        groups.parse(value)


def test_the_slowest_tests_and_the_timings_come_from_junit_reports(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    for name, cases in (("a", [("tests.browser.test_x", "t1", 5.0),
                               ("tests.browser.test_x", "t2", 7.5)]),
                        ("b", [("tests.test_y", f"u{i}", float(i)) for i in range(12)])):
        body = "".join(f'<testcase classname="{c}" name="{n}" time="{t}"/>' for c, n, t in cases)
        (tmp_path / f"{name}.xml").write_text(
            f'<testsuites><testsuite name="pytest">{body}</testsuite></testsuites>')
    reports = sorted(tmp_path.glob("*.xml"))
    assert groups.main(["slowest", *map(str, reports)]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert "ten slowest" in lines[0] and len(lines) == 11
    assert lines[1].split() == ["11.0", "s", "tests.test_y::u11"]
    assert "tests.browser.test_x::t2" in lines[5]  # 7.5 s: after 11, 10, 9 and 8
    assert groups.per_file(reports) == {"test_x.py": 12.5}
    written = tmp_path / "timings.json"
    monkeypatch.setattr(groups, "TIMINGS", written)
    assert groups.main(["timings", *map(str, reports)]) == 0
    assert json.loads(written.read_text())["seconds"] == {"test_x.py": 12.5}
    assert json.loads(written.read_text())["tests"] == {"test_x.py::t1": 5.0,
                                                        "test_x.py::t2": 7.5}
    assert groups.load(written) == {"test_x.py": 12.5}


@pytest.mark.parametrize(("classname", "file"), [
    ("tests.test_ui", "tests/test_ui.py"),
    ("tests.test_vampir_sim.TestVampirStateful", "tests/test_vampir_sim.py"),
    ("notebooks.stupides-vautours.ipynb", "notebooks/stupides-vautours.ipynb"),
    ("tests.nimgame.nim.ipynb", "tests/nimgame/nim.ipynb"),
    ("tests.browser.test_a11y", None),
])
def test_a_junit_classname_names_its_test_file(classname: str, file: str | None) -> None:
    assert groups.other_file(classname) == file


def test_every_other_test_file_is_in_exactly_one_group_and_the_timings_name_real_files() -> None:
    root = BROWSER.parents[1]
    timings = groups.load(part="others")
    assert timings and all((root / f).is_file() for f in timings), \
        [f for f in timings if not (root / f).is_file()]
    files = [p.relative_to(root).as_posix() for p in (root / "tests").glob("test_*.py")]
    for count in (1, 2, 3):
        split = groups.assign(files, timings, count)
        assert sorted(f for group in split for f in group) == sorted(files)
        assert all(split), f"an empty group among {count}"
    known = {f: s for f, s in timings.items() if f in files}
    loads = [sum(known[f] for f in group) for group in groups.assign(known, known, 2)]
    assert max(loads) - min(loads) <= max(known.values()), loads


def test_the_timings_of_the_other_tests_come_from_their_junit_report(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    written = tmp_path / "timings.json"
    written.write_text(json.dumps({"seconds": {}, "others": {"tests/test_old.py": 3.0}}))
    monkeypatch.setattr(groups, "TIMINGS", written)
    browser = tmp_path / "browser.xml"
    browser.write_text('<testsuites><testsuite><testcase classname="tests.browser.test_x" '
                       'name="t" time="2"/></testsuite></testsuites>')
    # browser reports alone: the committed times of the other tests are kept
    assert groups.main(["timings", str(browser)]) == 0
    assert groups.load(written, "others") == {"tests/test_old.py": 3.0}
    others = tmp_path / "others.xml"
    others.write_text('<testsuites><testsuite>'
                      '<testcase classname="tests.test_y" name="a" time="1.5"/>'
                      '<testcase classname="tests.test_y.TestMachine" name="b" time="2"/>'
                      '<testcase classname="notebooks.vaiko.ipynb" name="Cell 0" time="4"/>'
                      '</testsuite></testsuites>')
    assert groups.main(["timings", str(browser), str(others)]) == 0
    assert groups.load(written) == {"test_x.py": 2.0}
    assert groups.load(written, "others") == {"tests/test_y.py": 3.5,
                                              "notebooks/vaiko.ipynb": 4.0}


@pytest.mark.parametrize("value", ["0/2", "x"])
def test_a_wrong_group_of_the_other_tests_names_its_variable(value: str) -> None:
    with pytest.raises(ValueError, match="TUTOR_TEST_GROUP"):
        groups.parse(value, groups.OTHERS_ENV)

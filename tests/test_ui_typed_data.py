"""The tables draw from typed data: no module of ``tutor/ui`` reads an event's ``kind`` or
``data`` (issue 28, item 4). Each game's package turns its events into typed step records
(``tutor/games/<id>/scenes.py``) and typed predicates (``is_private``...); the events themselves
are the journal's text only, told by each game's ``describe`` (the journal reads none either)."""

from __future__ import annotations

import ast

import pytest

from .conftest import ROOT

UI = ROOT / "tutor" / "ui"
#: ``.kind`` read on values that are no events: (file, receiver name)
OTHER_KINDS = {("page.py", "p"),  # an open point of the rule book (its tag)
               ("hints.py", "result")}  # a hint's computer-player kind
#: receivers whose ``.data`` is a worked example's data from the rule file, not an event's
EXAMPLE_NAMES = {"ex", "example"}


def _receiver(node: ast.Attribute) -> str:
    return node.value.id if isinstance(node.value, ast.Name) else ""


def _is_example(node: ast.expr) -> bool:
    """``ex``, ``example`` or ``<...>.examples[...]``: a worked example of the rule file."""
    if isinstance(node, ast.Name):
        return node.id in EXAMPLE_NAMES
    return (isinstance(node, ast.Subscript) and isinstance(node.value, ast.Attribute)
            and node.value.attr == "examples")


def event_reads(source: str, name: str) -> list[str]:
    """Every read of an event's ``kind`` or ``data`` in ``source`` (file ``name``), as
    ``name:line: code``."""
    found = []
    for node in ast.walk(ast.parse(source)):
        bad = False
        if isinstance(node, ast.Attribute) and node.attr == "kind":
            bad = (name, _receiver(node)) not in OTHER_KINDS
        elif isinstance(node, ast.Attribute) and node.attr == "data":
            bad = not _is_example(node.value)
        elif (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
              and node.func.id in ("getattr", "attrgetter") and len(node.args) >= 1):
            names = [a.value for a in node.args if isinstance(a, ast.Constant)]
            bad = "kind" in names or "data" in names
        if bad:
            found.append(f"{name}:{getattr(node, 'lineno', 0)}: {ast.unparse(node)}")
    return found


def test_ui_draws_from_typed_data_not_from_event_kinds_or_data() -> None:
    modules = sorted(UI.rglob("*.py"))
    assert len(modules) > 20  # the whole of tutor/ui is scanned
    reads = [r for p in modules
             for r in event_reads(p.read_text(encoding="utf-8"), p.name)]
    assert reads == [], ("tutor/ui folds events: draw from the game's typed records "
                         "(tutor/games/<id>/scenes.py) instead:\n" + "\n".join(reads))


@pytest.mark.parametrize("code", [
    'ok = e.kind == "play"',
    'ok = event.kind in ("peek_turn", "pass")',
    'ok = e.kind != "reveal"',
    "kinds = {e.kind: e for e in events}",
    'card = e.data["card"]',
    'pile = stake.data.get("pile")',
    "d = e.data",
    'points = dict(events[-1].data["points"])',
    'kind = getattr(e, "kind")',
    'p = next(e for e in events if e.kind == "end").seat',
])
def test_the_scan_finds_each_way_of_reading_an_event(code: str) -> None:
    assert event_reads(code, "table.py"), code


@pytest.mark.parametrize("code", [
    "data = book().examples[example_id].data",
    "run = engine.run_example(ex.data)",
    'tag = f"{p.kind}"',
    "level = labels[result.kind]",
    "kinds = {type(a) for a in legal}",
])
def test_the_scan_lets_example_data_and_other_kinds_through(code: str) -> None:
    name = "hints.py" if "result" in code else "page.py"
    assert event_reads(code, name) == [], code


"""The parts section of ``make bench`` (``tests/bench/parts.py``) on a tiny budget: every part
of a page (the sandbox's cards, undo, redo, the editor's « Jouer à partir d’ici », the worked
examples' « Suivant ») is clicked and set against the game's click, in a report of the shape
``make bench`` stores and prints. Nothing here checks a time."""

from __future__ import annotations

import json

import pytest

from tests.bench import parts


def test_every_part_is_clicked_and_set_against_the_game(
        capsys: pytest.CaptureFixture[str]) -> None:
    rows = parts.report(games=1, only=("vautours",))
    assert [r["game"] for r in rows] == ["vautours"]
    table = rows[0]["parts"]
    names = [p["part"] for p in table]
    assert names == ["partie", "bac à sable", "annuler", "rétablir", "mise en place", "exemple",
                     "explorateur"]
    assert all(p["clicks"] > 0 and p["cpu_median_ms"] >= 0 for p in table)
    assert all("vs_game" in p and p["ok"] == (p["vs_game"] <= parts.TARGET) for p in table[1:])
    assert table[2]["clicks"] == parts.UNDO == table[3]["clicks"]
    json.dumps(rows)
    parts.print_report(rows)
    printed = capsys.readouterr().out
    assert "bac à sable" in printed and "/ partie" in printed

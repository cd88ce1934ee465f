"""The surface section of ``make bench`` (``tests/bench/surface.py``) on a tiny budget: it still
plays a whole game by clicking the ``tv-action`` buttons, sends its widget messages through a
comm that encodes them, measures memory, and gives a report of the shape ``make bench`` stores and
prints. Nothing here checks a time."""

from __future__ import annotations

import json
from typing import Any

import comm
import ipywidgets as w
import pytest

from tests.bench import surface


@pytest.fixture(scope="module")
def report() -> dict[str, Any]:
    saved = comm.create_comm
    result = surface.run(games=1, edge=3, clicks=5, warmup=2, only=("vautours",), profile=False)
    assert comm.create_comm is saved, "the encoding comm is removed after the section"
    return result


def test_the_report_has_every_figure_and_is_json(report: dict[str, Any],
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    json.dumps(report)
    (page,) = report["pages"]
    assert page["game"] == "vautours" and page["games"] == 1
    assert page["clicks_per_game"] == [15], "a whole game of Stupides Vautours: 15 cards played"
    for where in ("start", "end"):
        figures = page[where]
        assert set(figures) == {"median_ms", "p95_ms", "cpu_median_ms", "kb_sent"}
        assert 0 < figures["median_ms"] <= figures["p95_ms"]
        assert figures["kb_sent"] > 0, "widget messages are encoded and counted"
    assert page["vs_fastest"] == 1.0 and isinstance(page["end_ok"], bool)
    rows = report["memory"]
    assert [r["control"] for r in rows] == ["Nouvelle partie", "Question suivante"]
    for r in rows:
        assert r["clicks"] == 5 and isinstance(r["kb_per_click"], float)
        assert r["models_after"] == r["models_before"], "no widget model kept per click"
    assert set(report["targets"]) == {"end_vs_start", "memory"}
    surface.print_table(report)
    out = capsys.readouterr().out
    assert "vautours" in out and "Nouvelle partie" in out and "Objectifs" in out


def test_a_click_plays_one_offered_action_and_a_game_ends() -> None:
    clicks, stats = surface.play_game("vautours", seed=3, profile_last=True)
    assert len(clicks) == 15 and all(c.seconds > 0 and c.sent > 0 for c in clicks)
    assert stats is not None and surface.top_functions(stats, 3)


def test_the_encoding_comm_counts_what_a_kernel_would_send() -> None:
    before = surface.JsonComm.sent
    with surface.serialized():
        label = w.HTML("")
    assert isinstance(label.comm, surface.JsonComm)
    opened = surface.JsonComm.sent
    label.value = "é" * 1000
    assert opened > before, "opening a widget (and its layout and style) sends its state"
    assert surface.JsonComm.sent - opened > 2000  # the new value, in UTF-8: 2 bytes a letter
    label.close()

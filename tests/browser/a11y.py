"""axe-core (npm, installed by ``make`` into build/axe/) run in the page, and its counts."""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page

AXE = Path(__file__).resolve().parents[2] / "build" / "axe" / "node_modules" / "axe-core" / \
    "axe.min.js"


def axe_violations(page: Page) -> list[dict[str, Any]]:
    """The violations axe-core finds in the page as it is now (every impact)."""
    if not AXE.exists():
        pytest.fail(f"axe-core is missing ({AXE}): run `make test`, which installs it")
    if not page.evaluate("typeof window.axe !== 'undefined'"):
        page.add_script_tag(content=AXE.read_text())
    result: dict[str, Any] = page.evaluate("axe.run(document, {resultTypes: ['violations']})")
    return list(result["violations"])


def by_impact(violations: list[dict[str, Any]]) -> dict[str, int]:
    """Nodes in violation per impact (« serious »: 3, …)."""
    count: Counter[str] = Counter()
    for v in violations:
        count[str(v.get("impact"))] += len(v["nodes"])
    return dict(count)


def describe(violations: list[dict[str, Any]]) -> str:
    return "\n".join(f"{v['impact']} {v['id']} ×{len(v['nodes'])}: "
                     f"{[n['target'] for n in v['nodes'][:3]]}" for v in violations)

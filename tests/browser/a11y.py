"""axe-core (npm, installed by ``make`` into build/axe/) run in the page, and its counts; the colour
marks of each meaning; reaching a control with Tab as a keyboard user does."""

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


#: Classes whose colour carries a meaning, by group: within a group, the colour tells one class
#: from the others, so the element's text (symbols, letters, words) must tell it too. Vampir's
#: six locations and its jokers, Drahtseilakt's blue and red sticks and 0 cards, Stupides
#: Vautours' suricate and vulture cards, and the marks every page shares (a won or lost game,
#: a right or wrong answer on the progress map, a message's kind).
COLOUR_GROUPS: dict[str, tuple[str, ...]] = {
    "Vampir": ("vp-castle", "vp-graveyard", "vp-madhouse", "vp-docks", "vp-church", "vp-pub",
               "vp-joker"),
    "bâtonnets": ("dz-blue", "dz-red"),
    "cartes 0": ("dz-zero-blue", "dz-zero-red"),
    "Stupides Vautours": ("tv-suricate", "tv-vautour"),
    "Vaiko": ("tv-hand", "tv-vk-special", "tv-back"),
    "issue": ("tv-ok", "tv-no"),
    "réponses": ("tv-mark-right", "tv-mark-wrong"),
    "carte du progrès": ("tv-met", "tv-missed"),
    "messages": ("tv-error", "tv-success", "tv-info"),
}

_MARKS_JS = """(groups) => {
  // a cell far from the screen is not rendered (content-visibility) and its innerText is then
  // empty: read every cell as it shows once the learner reaches it
  const all = document.createElement("style");
  all.textContent = ".jp-Cell { content-visibility: visible !important; }";
  document.head.appendChild(all);
  const out = {};
  for (const [group, classes] of Object.entries(groups)) {
    out[group] = {};
    for (const cls of classes) {
      out[group][cls] = [...document.getElementsByClassName(cls)]
        .filter((e) => e.getClientRects().length > 0)
        // what remains without colour: the text, any number as « # » (a count is not a mark)
        .map((e) => e.innerText.replace(/\\s/g, "").replace(/[0-9]+/g, "#"));
    }
  }
  all.remove();
  return out;
}"""


def colour_marks(page: Page) -> dict[str, dict[str, list[str]]]:
    """For each group of :data:`COLOUR_GROUPS`, each class's shown elements as their text with
    spaces removed and numbers as « # »: what a reader who sees no colour still has to tell
    them apart."""
    marks: dict[str, dict[str, list[str]]] = page.evaluate(_MARKS_JS, COLOUR_GROUPS)
    return marks


def colour_only(marks: dict[str, dict[str, list[str]]]) -> list[str]:
    """The places where only colour tells two meanings apart: an element with no mark, or one
    mark shown by two classes of a group."""
    faults = []
    for group, classes in marks.items():
        owner: dict[str, str] = {}
        for cls, texts in classes.items():
            for text in texts:
                if not text:
                    faults.append(f"{group}: un élément .{cls} sans aucune marque")
                elif owner.setdefault(text, cls) != cls:
                    faults.append(f"{group}: « {text} » sur .{owner[text]} et sur .{cls}")
    return sorted(set(faults))


#: the colour group (:data:`COLOUR_GROUPS`) of the games whose pages colour
#: their meanings; a game absent here colours none, and the check that colour never stands
#: alone still runs on its page
GROUP = {"vautours": "Stupides Vautours", "drahtseilakt": "bâtonnets", "vampir": "Vampir",
         "vaiko": "Vaiko"}
#: Tab presses to reach a control from wherever the focus was left
MAX_TABS = 800


def assert_accessible(page: Page, when: str) -> None:
    violations = axe_violations(page)
    assert violations == [], f"axe ({when}): {by_impact(violations)}\n{describe(violations)}"


def focused_in(page: Page, selector: str, text: str) -> bool:
    return bool(page.evaluate(
        "([s, t]) => { const e = document.activeElement; return !!e && !!e.closest(s) && "
        "(!t || e.textContent.trim() === t); }", [selector, text]))


def tab_to(page: Page, selector: str, text: str = "") -> None:
    """Press Tab (then Shift+Tab) until the focus is in ``selector`` (on a control reading
    ``text``, if given), as a keyboard user does."""
    for key in ("Tab", "Shift+Tab"):
        for _ in range(MAX_TABS):
            if focused_in(page, selector, text):
                return
            page.keyboard.press(key)
    raise AssertionError(f"{selector} is not reachable with Tab")

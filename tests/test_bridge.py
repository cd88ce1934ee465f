"""The page's link to the learner's browser, seen from the kernel (the browser side is tested in
tests/browser/: a scenario link and progress surviving a reload)."""

from __future__ import annotations

import pytest

from tutor.ui.bridge import MAX_TEXT, BrowserLink, query_value


def arrive(link: BrowserLink, query: str, stored: str) -> None:
    """What the browser sends when the page draws the widget (one state update)."""
    link.set_state({"query": query, "stored": stored, "loaded": True})


def test_callbacks_wait_for_the_browser_then_run_once() -> None:
    link = BrowserLink(key="tutor:test")
    seen: list[tuple[str, str]] = []
    link.on_query(lambda q: seen.append(("query", q)))
    link.on_load(lambda s: seen.append(("stored", s)))
    assert seen == []
    arrive(link, "?scenario=abc", '{"vus": []}')
    assert seen == [("query", "?scenario=abc"), ("stored", '{"vus": []}')]


def test_a_callback_added_late_runs_at_once() -> None:
    link = BrowserLink(key="tutor:test")
    arrive(link, "", "gardé")
    seen: list[str] = []
    link.on_load(seen.append)
    assert seen == ["gardé"]


def test_oversized_texts_from_a_browser_are_dropped_and_refused_from_the_kernel() -> None:
    link = BrowserLink(key="tutor:test")
    arrive(link, "?" + "x" * (MAX_TEXT + 1), "y" * (MAX_TEXT + 1))
    assert (link.query, link.stored) == ("", "")
    with pytest.raises(ValueError, match="Trop de données"):
        link.save("z" * (MAX_TEXT + 1))
    link.save("court")
    assert link.stored == "court"


@pytest.mark.parametrize(("query", "value"), [
    ("?scenario=a%20b", "a b"), ("scenario=d%C3%A9&x=1", "dé"), ("?x=1", None), ("", None),
    ("?scenario=", ""),
])
def test_query_value(query: str, value: str | None) -> None:
    assert query_value(query, "scenario") == value

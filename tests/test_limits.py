"""What one visitor can make a page's kernel do: every text box capped at the widget's value,
the question box's cost bounded by its cap, the tutor's tracebacks in the server's log and
never in the page (tutor.ui.serverlog)."""

from __future__ import annotations

import asyncio
import json
import logging
import os
import resource
import time
import uuid
from typing import Any

import ipywidgets as w
import pytest

from tutor import search
from tutor.ui import question, serverlog
from tutor.ui import widgets as tw
from tutor.ui.widgets import NAME_FIELD, capped


def test_a_capped_box_cuts_what_arrives_before_any_observer_sees_it() -> None:
    box = capped(w.Text(value="Alex"), 12)
    seen: list[str] = []
    box.observe(lambda change: seen.append(change["new"]), names="value")
    box.value = "x" * 200_000  # as a client ignoring the input's maxlength would send it
    assert box.value == "x" * 12 and seen == ["x" * 12]
    assert "tv-max-12" in box._dom_classes  # the page's script sets maxlength="12"


def test_a_megabyte_question_searches_only_its_first_characters(
        monkeypatch: pytest.MonkeyPatch) -> None:
    panel = question.question_box("vautours")
    box = panel.children[0]
    asked: list[int] = []
    real = search.Index.search

    def spy(self: Any, query: str, *args: Any, **kwargs: Any) -> Any:
        asked.append(len(query))
        return real(self, query, *args, **kwargs)

    monkeypatch.setattr(search.Index, "search", spy)
    box.value = "qui distribue " * 80_000  # 1.1 MB
    assert len(box.value) == question.MAX_QUESTION
    assert asked and max(asked) <= question.MAX_QUESTION
    assert "résultat" in panel.children[1].value  # still answered, from its first words


def test_a_player_name_of_200_kb_sends_back_a_few_kb() -> None:
    from tutor.ui.vautours import base as sv

    board = sv.sandbox()
    assert board.editor is not None
    editor = board.editor.open()
    before = _state_size(editor)
    editor.names[0].value = "x" * 200_000
    after = _state_size(editor)
    print(f"a 200 KB name in the editor: its widgets' state {before} -> {after} bytes")
    assert editor.names[0].value == "x" * NAME_FIELD
    assert after - before < 20_000


def _state_size(widget: Any) -> int:
    """Bytes of the state of ``widget`` and every widget below it (what the page is sent)."""
    seen: set[str] = set()
    total = 0
    stack = [widget]
    while stack:
        item = stack.pop()
        if not isinstance(item, w.Widget) or item.model_id in seen:
            continue
        seen.add(item.model_id)
        state = item.get_state()
        total += len(json.dumps(state, default=str))
        stack.extend(v for v in state.values() if isinstance(v, w.Widget))
        for value in state.values():
            if isinstance(value, (list, tuple)):
                stack.extend(v for v in value if isinstance(v, w.Widget))
        stack.extend(getattr(item, "children", ()) or ())
    return total


class KernelStderr:
    """What ipykernel puts in ``sys.stderr``: writes go to the page; ``fileno()`` is the copy
    of the process's real standard error (here a pipe standing for the server's log)."""

    def __init__(self) -> None:
        self.read_fd, self.write_fd = os.pipe()
        self.to_page: list[str] = []

    def write(self, text: str) -> int:
        self.to_page.append(text)
        return len(text)

    def flush(self) -> None:
        pass

    def fileno(self) -> int:
        return self.write_fd


def test_a_callback_bug_is_logged_for_the_server_and_never_sent_to_the_page() -> None:
    stderr = KernelStderr()
    handler = serverlog.handler(stderr)
    log = logging.getLogger(f"tutor.test.{uuid.uuid4().hex}")
    log.addHandler(handler)
    area = tw.ErrorArea()

    @tw.guarded(area)
    def broken() -> None:
        raise ZeroDivisionError("boum")

    real = tw.log
    tw.log = log
    try:
        broken()
    finally:
        tw.log = real
        log.removeHandler(handler)
        assert isinstance(handler, logging.StreamHandler)
        handler.stream.close()  # (a StreamHandler never closes its stream)
    os.close(stderr.write_fd)
    with os.fdopen(stderr.read_fd) as server_log:
        logged = server_log.read()
    assert "Traceback" in logged and "ZeroDivisionError: boum" in logged
    assert stderr.to_page == []
    assert "consigné pour l’équipe" in area.value


def test_a_kernel_logs_ten_errors_a_minute_then_says_how_many_were_held() -> None:
    budget = serverlog.Budget(per_minute=10)
    records = [logging.LogRecord("tutor", logging.ERROR, "", 0, f"erreur {i}", None, None)
               for i in range(25)]
    kept = [r for r in records if budget.filter(r)]
    assert len(kept) == 10 and budget.held == 15
    budget.start -= 61  # a minute later
    late = logging.LogRecord("tutor", logging.ERROR, "", 0, "encore", None, None)
    assert budget.filter(late)
    assert late.getMessage().startswith("15 ligne(s) du journal du noyau supprimée(s)")


def test_pairs_queued_by_one_page_compute_one_hint_for_the_last_position() -> None:
    """90 « Nouvelle partie » + « Conseil » pairs queued by one page, each message a callback
    of the kernel's event loop as the kernel handles them: one hint shown, for the last
    position, no refusal; one race at a time (the first, stopped at its next step, then the
    last). Before: 20 hints at once, then one every 3 s and a French refusal for the others."""
    from tutor.engine.hints import Race
    from tutor.ui.vautours import base as sv

    table = sv.play_vs_computer()
    panel = table.hints
    shown: list[object] = []  # the position of each hint shown (it is said to a screen reader)
    races: list[object] = []
    announce, run_for = table.announce, Race.run_for

    def counted_announce(text: str) -> None:
        if text.startswith("Conseil pour"):
            shown.append(table.session.state)
        announce(text)

    def counted_run(race: Any, *args: Any, **kwargs: Any) -> Any:
        races.append(race)
        return run_for(race, *args, **kwargs)

    async def pairs() -> None:
        loop = asyncio.get_running_loop()
        errors = []
        for _ in range(90):
            loop.call_soon(table.settings.start_button.click)
            loop.call_soon(panel.button.click)
            loop.call_soon(lambda: errors.append(table.error.value))
        handled = loop.create_future()
        loop.call_soon(handled.set_result, None)  # every message handled
        await handled
        await settled(panel)
        assert errors == [""] * 90, "no refusal"

    cpu = _processor()
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(table, "announce", counted_announce)
        patch.setattr(Race, "run_for", counted_run)
        asyncio.run(pairs())
    print(f"90 pairs queued: {len(shown)} hint shown, {len(races)} races run, "
          f"{_processor() - cpu:.1f} s of processor")
    assert shown == [table.session.state] and panel._for is table.session.state
    assert len(races) <= 2 and table.error.value == ""
    assert not panel.button.disabled and panel.output.value.count("<tr>") > 1


async def settled(panel: Any, limit: float = 300) -> None:
    """Until the panel has no hint pending (its own state; ``limit``: a bound a healthy run
    never reaches)."""
    end = time.monotonic() + limit
    while getattr(panel, "wanted", None) is not None or getattr(panel, "running", None) is not None:
        assert time.monotonic() < end, "the hint never ended"
        await asyncio.sleep(0.01)


def _processor() -> float:
    """Processor time of this process and of its collected children (the races' workers)."""
    me, children = (resource.getrusage(who) for who in (resource.RUSAGE_SELF,
                                                         resource.RUSAGE_CHILDREN))
    return me.ru_utime + me.ru_stime + children.ru_utime + children.ru_stime


def _walk(widget: Any) -> list[Any]:
    out, stack = [], [widget]
    while stack:
        item = stack.pop()
        out.append(item)
        stack.extend(getattr(item, "children", ()) or ())
    return out


def test_a_kernel_busy_past_its_processor_budget_is_reported() -> None:
    from tutor.voila.kernels import CpuBudget

    budget = CpuBudget(budget=45, window=60)
    # an honest page: a hint (about 1 s) now and then
    assert all(budget.over("calme", t, t / 20) is None for t in range(0, 120, 2))
    # a page whose kernel computes without pause
    verdicts = [budget.over("occupé", t, 0.95 * t) for t in range(0, 120, 2)]
    first = next(t for t, v in zip(range(0, 120, 2), verdicts, strict=True) if v is not None)
    assert 54 <= first <= 62  # within about a minute of being busy
    budget.forget({"calme"})
    assert budget.over("occupé", 200, 190) is None  # forgotten: a fresh window


def test_stored_progress_is_read_with_the_browsers_json_rules() -> None:
    from tutor.ui import progress_store as store

    key = store.tab_key()
    good = json.dumps({"format": 2, "game": "vautours",
                       "tabs": {store.issue(key): {"vautours/egalite": [6, 0, 0, 0]}}})
    assert store.read(good, "vautours", ["vautours/egalite"], key).tabs
    for constant in ("NaN", "Infinity", "-Infinity"):
        text = good.replace("[6, 0, 0, 0]", f"[6, 0, 0, {constant}]")
        # Python's json reads it; the browser's JSON.parse does not: unreadable, kept aside
        json.loads(text)
        stored = store.read(text, "vautours", ["vautours/egalite"], key)
        assert stored.aside and stored.notice == store.UNREADABLE, constant


def test_only_tab_ids_a_kernel_issued_are_read() -> None:
    """A tab id is a random part signed with the tutor's key: an id of the right shape that no
    kernel issued (forged, or signed with another key) is read as an unreadable entry, as a
    long non-ASCII id is."""
    from tutor.ui import progress_store as store

    key = store.tab_key()
    mine = store.issue(key)
    assert store.TAB_ID.fullmatch(mine) and store.issued(mine, key)
    forged = mine[:13] + ("0" if mine[13] != "0" else "1") + mine[14:]  # one digit changed
    foreign = store.issue(b"another key")
    text = json.dumps({"format": 2, "game": "vautours", "tabs": {
        mine: {"vautours/egalite": [2, 0, 0, 0]},
        forged: {"vautours/egalite": [5, 0, 0, 0]},
        foreign: {"vautours/egalite": [5, 0, 0, 0]},
        "a1b2c3d4e5f6": {"vautours/egalite": [5, 0, 0, 0]},  # the shape issued until now
        "é" * 60: {"vautours/egalite": [5, 0, 0, 0]},
        "x y": {"vautours/egalite": [5, 0, 0, 0]}}}, ensure_ascii=False)
    stored = store.read(text, "vautours", ["vautours/egalite"], key)
    assert list(stored.tabs) == [mine]
    assert stored.notice == store.PART_UNREADABLE


def test_the_tab_key_is_made_once_and_shared_by_every_kernel(
        tmp_path: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    from tutor.ui import progress_store as store

    monkeypatch.delenv(store.KEY_ENV, raising=False)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    store.tab_key.cache_clear()
    try:
        key = store.tab_key()
        path = tmp_path / "tutor" / "tab-key"
        assert path.read_bytes().strip() == key and len(key) == 64
        assert path.stat().st_mode & 0o777 == 0o600
        store.tab_key.cache_clear()  # another kernel: the same key, read
        assert store.tab_key() == key
    finally:
        store.tab_key.cache_clear()


def test_a_save_the_browser_could_not_keep_is_told_in_french() -> None:
    from tutor.ui.bridge import BrowserLink
    from tutor.ui.progress import Progress
    from tutor.ui.vautours import base as sv

    link = BrowserLink(key="tutor:vautours")
    progress = Progress(sv.book(), link)
    link._message(link, {"save_failed": "QuotaExceededError"}, [])
    assert "n’a pas pu garder vos derniers progrès" in progress.notice
    assert "espace de stockage est plein" in progress.notice
    link._message(link, {"save_failed": 12}, [])  # a hostile page: still a French notice
    assert "refuse de garder" in progress.notice

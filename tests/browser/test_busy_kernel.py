"""One page keeping its kernel busy, through the page's own widgets over its websocket (as a
script in the page, or a client speaking the protocol with the page's cookie, would): queued
« Nouvelle partie » + « Conseil » pairs compute one hint (one pending « Conseil » per panel,
tutor/ui/hints.py), and a kernel kept busy past its processor budget
(``TUTOR_KERNEL_CPU_PER_MINUTE``) is culled while the class's other visitor is served. Figures
are printed (``pytest -rP``)."""

from __future__ import annotations

import re
import threading
import time
from pathlib import Path
from typing import Any

import websocket
from playwright.sync_api import Browser, expect

from .conftest import serve
from .kernel import KernelChannel, kernel_id, kernel_pid
from .pages import PLAY, open_part, play_first
from .test_hostile import GAME

PAIRS = 90  # the figure: pairs queued by one page
CULL_LIMIT_MS = 600_000  # a bound a healthy run never reaches: the budget's minute, then a check


def processor(pid: int) -> float:
    """Processor seconds of ``pid`` and of its collected children (a race's worker copies)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return sum(int(f) for f in fields[11:15]) / 100  # utime, stime, cutime, cstime (ticks)


class Table:
    """The comm ids of the game table's « Nouvelle partie », « Conseil », « Affiner » and
    hint output, found in the page's widget states (the table holding the first « Conseil »)."""

    def __init__(self, states: dict[str, dict[str, Any]]) -> None:
        parent: dict[str, str] = {}
        for cid, state in states.items():
            for child in state.get("children", ()) or ():
                if isinstance(child, str):
                    parent[child.removeprefix("IPY_MODEL_")] = cid

        def classed(name: str) -> list[str]:
            return [cid for cid, s in states.items() if name in s.get("_dom_classes", ())]

        def below(root: str) -> set[str]:
            return {cid for cid in states if root in self._ancestors(cid, parent)}

        self.hint = classed("tv-hint-button")[0]
        self.refine = next(c for c in classed("tv-hint-refine")
                           if parent.get(c) == parent.get(self.hint))
        panel = parent[parent[self.hint]]  # the panel holds the buttons' row and the output
        self.output = next(c for c in classed("tv-hints") if parent.get(c) == panel)
        for root in self._ancestors(self.hint, parent):
            starts = [cid for cid in below(root) if states[cid].get("_model_name") ==
                      "ButtonModel" and states[cid].get("description") == "Nouvelle partie"]
            if starts:
                self.start = starts[0]
                break

    @staticmethod
    def _ancestors(cid: str, parent: dict[str, str]) -> list[str]:
        out = [cid]
        while out[-1] in parent:
            out.append(parent[out[-1]])
        return out

    def busy(self, messages: list[dict[str, Any]]) -> list[bool]:
        """The « Conseil » button's disabled states sent, in order (on while a hint computes)."""
        return [m["content"]["data"]["state"]["disabled"] for m in messages
                if m["header"]["msg_type"] == "comm_msg"
                and m["content"].get("comm_id") == self.hint
                and "disabled" in m["content"].get("data", {}).get("state", {})]

    def hints(self, messages: list[dict[str, Any]]) -> list[str]:
        """The hint tables shown, in order."""
        return [value for m in messages if m["header"]["msg_type"] == "comm_msg"
                and m["content"].get("comm_id") == self.output
                and "Chance de gagner" in (value := str(m["content"].get("data", {})
                                                        .get("state", {}).get("value", "")))]


def said(messages: list[dict[str, Any]], text: str) -> int:
    """How many widget updates carried ``text``."""
    return sum(text in str(m["content"].get("data", {}).get("state", {})) for m in messages
               if m["header"]["msg_type"] == "comm_msg")


def test_pairs_queued_by_one_page_compute_one_hint(browser: Browser, app_url: str) -> None:
    page = browser.new_page(viewport={"width": 1280, "height": 800})
    open_part(page, f"{app_url}/voila/render/{GAME}", PLAY)
    channel = KernelChannel.of_page(app_url, page)
    table = Table(channel.widget_states())
    pid = kernel_pid(kernel_id(page.content()))
    assert pid is not None
    cpu, start = processor(pid), time.perf_counter()
    for _ in range(PAIRS):
        channel.click(table.start)
        channel.click(table.hint)
    done = channel.send("kernel_info_request", {})

    def finished(ms: list[dict[str, Any]]) -> bool:
        handled = any(m["parent_header"].get("msg_id") == done
                      and m["content"].get("execution_state") == "idle" for m in ms)
        states = table.busy(ms)
        return handled and bool(states) and not states[-1]  # every click, then the hint

    messages = channel.collect(finished, limit=600)
    wall, spent = time.perf_counter() - start, processor(pid) - cpu
    channel.close()
    shown, refused = table.hints(messages), said(messages, "Trop de conseils")
    print(f"{PAIRS} « Nouvelle partie » + « Conseil » pairs queued: {len(shown)} hint(s) "
          f"shown, {refused} refusal(s), the kernel busy {spent:.1f} s of processor, the last "
          f"hint shown {wall:.1f} s after the first click")
    assert finished(messages), "every click handled and the last hint shown"
    assert len(shown) == 1 and refused == 0, "one hint, for the last position"
    expect(page.locator(".tv-hints tbody tr").first).to_be_visible()
    page.close()


#: the processor budget's window, shortened from the server's minute (TUTOR_KERNEL_CPU_WINDOW):
#: the same check (tutor/voila/kernels.py, CpuBudget) culls the kept-busy kernel in half the time
WINDOW = 30
BUDGET = 3  # processor seconds a window (a tenth of it): a page kept busy passes it, a learner's
#           page does not


def keep_busy(channel: KernelChannel, table: Table, stop: threading.Event,
              asked: list[int]) -> None:
    """What a page keeping its kernel busy sends, each request once the one before has been
    answered (one pending « Conseil » per panel: no queue to fill): a new game, its « Conseil »,
    then « Affiner » five times (each a second more of the same race); until ``stop`` or the
    server closes the connection (the kernel culled)."""
    def answered(ms: list[dict[str, Any]]) -> bool:
        return not stop.is_set() and False in table.busy(ms)

    try:
        while not stop.is_set():
            channel.click(table.start)
            for button in (table.hint, *[table.refine] * 5):
                channel.click(button)
                channel.collect(answered)
                asked[0] += 1
    except (websocket.WebSocketException, OSError, ValueError):  # ValueError: an empty frame
        return  # closed by the server: the kernel was culled


def test_a_kernel_kept_busy_is_culled_and_the_other_visitor_is_served(
        browser: Browser) -> None:
    with serve("voila-busy", TUTOR_POOL_SIZE="0", TUTOR_KERNEL_CPU_PER_MINUTE=str(BUDGET),
               TUTOR_KERNEL_CPU_WINDOW=str(WINDOW), TUTOR_LOG_LINES_PER_MINUTE="100000") as app:
        busy = browser.new_page()  # a context of its own: its own cookie
        open_part(busy, f"{app.url}/voila/render/{GAME}", PLAY)
        kid = kernel_id(busy.content())
        channel = KernelChannel.of_page(app.url, busy)
        table = Table(channel.widget_states())
        stop, asked = threading.Event(), [0]
        worker = threading.Thread(target=keep_busy, args=(channel, table, stop, asked),
                                  daemon=True)
        start = time.monotonic()
        worker.start()
        try:
            # the class's other visitor, meanwhile: a page of its own, and a move answered
            other = browser.new_page()
            open_part(other, f"{app.url}/voila/render/{GAME}", PLAY)
            assert play_first(other, other.locator(".tv-game"))
            # the busy page loses its kernel and says so (its connection closed by the server)
            expect(busy.locator("#tutor-lost")).to_be_visible(timeout=CULL_LIMIT_MS)
            culled = time.monotonic() - start
        finally:
            stop.set()
            worker.join(timeout=180)
            channel.close()
        log = app.log.read_text(errors="replace")
        stopped = re.search(rf"Noyau {kid} arrêté : (\d+) s de processeur en {WINDOW} s "
                            rf"\(limite {BUDGET} s\)", log)
        assert stopped, "the server says which kernel it culled and why"
        print(f"A page kept busy ({asked[0]} « Conseil » / « Affiner » answered): culled "
              f"{culled:.0f} s after it began, {stopped.group(1)} s of processor in its last "
              f"{WINDOW} s (budget {BUDGET} s)")
        # the other visitor kept its kernel and is still served
        expect(other.locator("#tutor-lost")).to_have_count(0)
        assert play_first(other, other.locator(".tv-game"))
        expect(other.locator(".tv-error")).to_have_count(0)
        assert f"Noyau {kernel_id(other.content())} arrêté" not in log
        other.close()
        busy.close()

"""`make load`: 10 learners against one app server, on loopback only, bounded in time.

Two scenarios, each on a fresh server started as `make app` does (same configuration) on a free
127.0.0.1 port, measured once its kernel pools are full:

- *arrivée*: a class arrives, the 10 learners open the page within 5 seconds;
- *simultané*: the 10 learners open the page at the same instant.

Real learners each have their own device; ten Chromium tabs on the server's own two cores would
measure Chromium (one needs about 2.7 s of CPU to draw even a one-widget Voilà page here), not the
server. So most learners are **protocol learners**: they do on the wire exactly what a page does,
without drawing anything. Each one fetches the Stupides Vautours page (HTTP GET), reads its kernel
id, opens the kernel's websocket with a session of its own, asks for every widget state as
ipywidgets 8's front end does (``request_states`` on a ``jupyter.widget.control`` comm), answers
the page's browser link (``tutor/ui/bridge.py``) as its JavaScript would, then plays a whole game
against the computer by clicking the first enabled ``tv-action`` button of the ``tv-game`` box
(at most 15 clicks, each one waited for until its kernel is idle again, widget updates applied to
its copy of the models) and opens the first worked example onto its table, then 5 steps of it
(Suivant, Précédent...). Their "first widget" is the time from the GET to having every widget
state; a click's latency is from sending it to the kernel being idle for it. They measure the
server and the kernels; they do not measure the learner's own browser drawing the page, which
`make bench` measures (its page section, in Chromium, one page at a time).

Among them, ``--browsers`` (default 1) **browser learners** (headless Chromium) take the same path
through the real page, waiting on the page's own signals (``body[data-tutor-ready]``, then the
``.tv-game .tv-action`` buttons, ``body[data-tutor-pending]`` cleared after each click), so that
the whole path is checked end to end; their figures are reported separately (and include the
Chromium's own drawing on this shared machine).

Counted as errors: a page refused or without a kernel id, a step not answered within its bound, an
error shown in the page's error areas (``ErrorArea``) or raised by the kernel, a game not over
after 15 clicks, an example that does not step, and for the browser learner a JavaScript error,
Voilà's error text or the lost-kernel banner. Reported per scenario: errors with their reasons,
time to the first widget p50/p95, click latency p50/p95 (overall and for the clicks made while
others were still arriving), the time to reach a part built on arrival (the game against the
computer, a worked example's table: built by the kernel, its widgets received; overall and during
the arrival), the browser learner's figures, peak memory of the server and its
kernels, the server process's own peak resident memory (without its kernels), the memory each
learner costs (its kernel at the end of its visit and its share of the server's growth), the
memory of the pools at rest, and whether every learner's kernel is gone after the pages are
closed (kernel culling). The JSON report keeps every measured value.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import re
import signal
import socket
import statistics
import struct
import subprocess
import sys
import time
import urllib.error
import urllib.request
import uuid
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import websocket

from tutor import fr

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from tests.browser.kernel import descendants, is_kernel  # noqa: E402

CHROMIUM_ARGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]
PAGE = "stupides-vautours.ipynb"
#: the key of the page's first worked example (tutor/ui/later.py: its id, « / » made « - »)
FIRST_EXAMPLE = "vautours-ex-premiere-carte"
MEMORY_GIB = 24
MAX_CLICKS = 15  # a game of Stupides Vautours is 15 cards
EXAMPLE_STEPS = 5
NEXT, PREVIOUS, OPEN = "Suivant ▶", "◀ Précédent", "Pas à pas sur la table"  # tutor/ui
# Bounds a healthy run never reaches (a busy machine only makes it wait longer)
PAGE_TIMEOUT_S = 180
CLICK_TIMEOUT_S = 120
KERNEL_ID = re.compile(r'"kernelId":\s*"([0-9a-f-]{36})"')  # as tests/browser/kernel.py
TITLE = re.compile(r'<div class="tv-title">(.*?)</div>', re.S)
VOILA_ERROR = "There was an error when executing cell"


class Timeout(Exception):
    """A step not answered within its bound."""


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def rss_mb(pids: list[int]) -> float:
    total = 0
    for pid in pids:
        try:
            m = re.search(r"VmRSS:\s+(\d+) kB", Path(f"/proc/{pid}/status").read_text())
        except OSError:
            continue
        total += int(m.group(1)) if m else 0
    return total / 1024


def kernel_mb(kid: str) -> float | None:
    """Resident memory of the kernel whose connection file names ``kid``."""
    for proc in Path("/proc").iterdir():
        if proc.name.isdigit():
            try:
                if kid in (proc / "cmdline").read_bytes().decode(errors="replace"):
                    return rss_mb([int(proc.name)])
            except OSError:
                continue
    return None


def kernels(pid: int) -> list[int]:
    found = []
    for child in descendants(pid):
        try:
            if is_kernel(Path(f"/proc/{child}/cmdline").read_bytes()):
                found.append(child)
        except OSError:
            continue
    return found


class Figures:
    """What the learners of one scenario measured (appended to from several threads)."""

    def __init__(self) -> None:
        self.page_s: list[float] = []  # protocol learners: the page's HTML
        self.first_widget_s: list[float] = []  # protocol learners: every widget state
        self.kernel_mb: list[float] = []  # each learner's kernel at the end of its visit
        self.clicks: list[tuple[float, float]] = []  # protocol learners: (when, latency ms)
        #: protocol learners reaching a part built on arrival (the game, a worked example's
        #: table): (when, ms until it is built and its widgets sent), apart from the clicks
        self.reaches: list[tuple[float, float]] = []
        self.browser_first_widget_s: list[float] = []
        self.browser_ready_s: list[float] = []
        self.browser_clicks: list[tuple[float, float]] = []
        self.ready_at: list[float] = []  # every learner: when its page was usable
        self.errors: list[str] = []


# --- protocol learners: the page's wire, without drawing ---

class Wire:
    """A page's kernel websocket, spoken as the page's front end speaks it (JSON frames, the
    server's binary frames read), and the page's widget models as the front end would hold them:
    every ``comm_open``, ``update`` and ``comm_close`` received is applied."""

    def __init__(self, base_url: str, kid: str, cookie: str) -> None:
        # the page's client cookie: the tutor opens a kernel's websocket only to its client
        url = (base_url.replace("http://", "ws://")
               + f"/api/kernels/{kid}/channels?session_id={uuid.uuid4()}")
        self.ws = websocket.create_connection(url, timeout=PAGE_TIMEOUT_S, cookie=cookie)
        self.session = uuid.uuid4().hex
        self.models: dict[str, dict[str, Any]] = {}
        self.kernel_errors: list[str] = []

    def send(self, msg_type: str, content: dict[str, Any],
             metadata: dict[str, Any] | None = None) -> str:
        msg_id = uuid.uuid4().hex
        self.ws.send(json.dumps({
            "header": {"msg_id": msg_id, "msg_type": msg_type, "username": "apprenant",
                       "session": self.session, "date": "", "version": "5.3"},
            "parent_header": {}, "metadata": metadata or {}, "content": content,
            "channel": "shell", "buffers": [],
        }))
        return msg_id

    def receive(self, deadline: float) -> dict[str, Any]:
        self.ws.settimeout(max(0.05, deadline - time.monotonic()))
        try:
            raw = self.ws.recv()
        except websocket.WebSocketTimeoutException:
            raise Timeout from None
        if isinstance(raw, bytes):  # the server's binary frames: offsets, then the JSON part
            count = struct.unpack("!I", raw[:4])[0]
            offsets = [*struct.unpack(f"!{count}I", raw[4:4 * (count + 1)]), len(raw)]
            raw = raw[offsets[0]:offsets[1]].decode()
        msg: dict[str, Any] = json.loads(raw)
        return msg

    def apply(self, msg: dict[str, Any]) -> None:
        kind, content = msg["header"]["msg_type"], msg.get("content", {})
        data = content.get("data") or {}
        if kind == "comm_open" and content.get("target_name") == "jupyter.widget":
            self.models[content["comm_id"]] = dict(data.get("state", {}))
        elif kind == "comm_msg" and data.get("method") in ("update", "echo_update"):
            self.models.setdefault(content["comm_id"], {}).update(data.get("state", {}))
        elif kind == "comm_msg" and data.get("method") == "update_states":
            for model_id, model in data.get("states", {}).items():
                self.models[model_id] = dict(model.get("state", {}))
        elif kind == "comm_close":
            self.models.pop(content.get("comm_id"), None)
        elif kind == "error":
            self.kernel_errors.append(f"{content.get('ename')}: {content.get('evalue')}")

    def until_idle(self, msg_id: str, limit: float = CLICK_TIMEOUT_S) -> None:
        """Apply what arrives until the kernel is idle after handling ``msg_id`` (it handles
        shell messages in order: every earlier one is done too)."""
        deadline = time.monotonic() + limit
        while True:
            msg = self.receive(deadline)
            self.apply(msg)
            if (msg["header"]["msg_type"] == "status"
                    and msg["parent_header"].get("msg_id") == msg_id
                    and msg["content"].get("execution_state") == "idle"):
                return

    def request_states(self) -> None:
        """Every widget state, as ipywidgets 8's front end asks for them."""
        control = uuid.uuid4().hex
        self.send("comm_open", {"comm_id": control, "target_name": "jupyter.widget.control",
                                "data": {}}, metadata={"version": "1.0.0"})
        self.until_idle(self.send("comm_msg", {"comm_id": control,
                                               "data": {"method": "request_states"}}),
                        PAGE_TIMEOUT_S)
        if not self.models:
            raise RuntimeError("aucun état de widget reçu")

    def update(self, model_id: str, **state: Any) -> str:
        return self.send("comm_msg", {"comm_id": model_id, "data": {
            "method": "update", "state": state, "buffer_paths": []}})

    def reach(self, link: str, key: str) -> tuple[float, str]:
        """Ask for a part of the page built when the learner reaches it (``tutor/ui/later.py``:
        what the page's browser link sends when it scrolls into view or its button is
        clicked); milliseconds until the kernel is idle, and the built widget's model."""
        start = time.perf_counter()
        self.until_idle(self.send("comm_msg", {"comm_id": link, "data": {
            "method": "custom", "content": {"reach": key}}}))
        built = str(self.models.get(link, {}).get("built", {}).get(key, ""))
        if not built:
            raise RuntimeError(f"partie « {key} » non construite")
        return (time.perf_counter() - start) * 1000, built.removeprefix("IPY_MODEL_")

    def click(self, model_id: str) -> float:
        """Click a button; milliseconds until its kernel is idle again."""
        start = time.perf_counter()
        self.until_idle(self.send("comm_msg", {"comm_id": model_id, "data": {
            "method": "custom", "content": {"event": "click"}}}))
        return (time.perf_counter() - start) * 1000

    # the models as a page draws them
    def classes(self, model_id: str) -> list[str]:
        return list(self.models.get(model_id, {}).get("_dom_classes", []))

    def shown(self, model_id: str) -> bool:
        layout = self.models.get(str(self.models.get(model_id, {}).get("layout", ""))
                                 .removeprefix("IPY_MODEL_"), {})
        return layout.get("display") != "none" and layout.get("visibility") != "hidden"

    def tree(self, root: str) -> list[str]:
        """``root`` and its shown descendants, in page order."""
        out: list[str] = []
        todo = [root]
        while todo:
            model_id = todo.pop()
            if model_id not in self.models or not self.shown(model_id):
                continue
            out.append(model_id)
            children = self.models[model_id].get("children") or []
            todo.extend(str(c).removeprefix("IPY_MODEL_") for c in reversed(children))
        return out

    def with_class(self, css: str) -> list[str]:
        return [m for m in self.models if css in self.classes(m)]

    def buttons(self, root: str, description: str | None = None,
                css: str | None = None) -> list[str]:
        """Enabled buttons under ``root`` (with this description, this CSS class)."""
        return [m for m in self.tree(root)
                if self.models[m].get("_model_name") == "ButtonModel"
                and not self.models[m].get("disabled")
                and (description is None or self.models[m].get("description") == description)
                and (css is None or css in self.classes(m))]

    def text(self, root: str) -> str:
        return "\n".join(str(self.models[m].get("value", "")) for m in self.tree(root)
                         if isinstance(self.models[m].get("value"), str))

    def error_areas(self) -> dict[str, str]:
        """What the page's error areas show (an ``ErrorArea`` in error: its French title)."""
        out = {}
        for m in self.with_class("tv-error-area"):
            value = str(self.models[m].get("value", ""))
            if "tv-error" in value:
                title = TITLE.search(value)
                out[m] = re.sub(r"<[^>]+>", "", title.group(1) if title else value)[:120]
        return out

    def close(self) -> None:
        self.ws.close()


def protocol_learner(base_url: str, index: int, delay: float, figures: Figures) -> None:
    """One learner's whole visit on the wire (run in a thread of its own)."""
    time.sleep(delay)
    who, step = f"apprenant {index}", "ouverture de la page"
    wire: Wire | None = None
    try:
        start = time.perf_counter()
        url = f"{base_url}/voila/render/{PAGE}"
        try:
            with urllib.request.urlopen(url, timeout=PAGE_TIMEOUT_S) as response:
                page = response.read().decode(errors="replace")
                cookie = "; ".join(c.split(";")[0]
                                   for c in response.headers.get_all("Set-Cookie") or [])
        except urllib.error.HTTPError as exc:
            figures.errors.append(f"{who} : page refusée (HTTP {exc.code})")
            return
        figures.page_s.append(time.perf_counter() - start)
        kid = KERNEL_ID.search(page)
        if kid is None:
            figures.errors.append(f"{who} : pas d’identifiant de noyau dans la page")
            return
        step = "états des widgets"
        wire = Wire(base_url, kid.group(1), cookie)
        wire.request_states()
        figures.first_widget_s.append(time.perf_counter() - start)
        step = "lien avec le navigateur"
        links = [m for m, s in wire.models.items() if s.get("_model_name") == "AnyModel"
                 and str(s.get("key", "")).startswith("tutor:")]
        for link in links:
            wire.until_idle(wire.update(link, query="", page=url, stored="", loaded=True))
        figures.ready_at.append(time.perf_counter())
        before = wire.error_areas()
        if not links:
            raise RuntimeError("pas de lien avec le navigateur dans la page")
        step = "partie contre l’ordinateur : arrivée"  # scrolled to: built
        when = time.perf_counter()
        took, built = wire.reach(links[0], "play_vs_computer")
        figures.reaches.append((when, took))
        games = [m for m in wire.tree(built) if "tv-game" in wire.classes(m)]
        if not games:
            raise RuntimeError("pas de partie contre l’ordinateur dans la page")
        played = 0
        while played < MAX_CLICKS and (actions := wire.buttons(games[0], css="tv-action")):
            step = f"carte {played + 1}"
            when = time.perf_counter()
            figures.clicks.append((when, wire.click(actions[0])))
            played += 1
        if wire.buttons(games[0], css="tv-action") or "tv-final" not in wire.text(games[0]):
            figures.errors.append(f"{who} : partie non terminée après {played} clics")
        step = "exemple : ouverture"  # « Pas à pas sur la table » on the first example
        when = time.perf_counter()
        took, example = wire.reach(links[0], FIRST_EXAMPLE)
        figures.reaches.append((when, took))
        for k in range(EXAMPLE_STEPS):  # Suivant, Précédent...: always a change
            step = f"exemple, clic {k + 1}"
            button = wire.buttons(example, NEXT if k % 2 == 0 else PREVIOUS)
            if not button:
                raise RuntimeError(f"pas de bouton « {NEXT if k % 2 == 0 else PREVIOUS} »")
            when = time.perf_counter()
            figures.clicks.append((when, wire.click(button[0])))
            if f"Étape {2 if k % 2 == 0 else 1} sur" not in wire.text(example):
                figures.errors.append(f"{who}, {step} : l’exemple n’a pas changé d’étape")
        shown = {m: t for m, t in wire.error_areas().items() if before.get(m) != t}
        for title in sorted(set(shown.values())):
            figures.errors.append(f"{who} : erreur affichée « {title} »")
        for error in wire.kernel_errors:
            figures.errors.append(f"{who} : erreur du noyau {error[:120]}")
        if (mb := kernel_mb(kid.group(1))) is not None:
            figures.kernel_mb.append(mb)
    except Timeout:
        bound = PAGE_TIMEOUT_S if step == "états des widgets" else CLICK_TIMEOUT_S
        figures.errors.append(f"{who}, {step} : pas de réponse du noyau en {bound} s")
    except Exception as exc:  # a load test counts every failure, whatever its kind
        figures.errors.append(f"{who}, {step} : {type(exc).__name__}: {str(exc)[:120]}")
    finally:
        if wire is not None:
            wire.close()


# --- browser learners: the real page in Chromium ---

# Click ``button`` and resolve with the milliseconds until the page no longer flags the click as
# pending (``body[data-tutor-pending]`` set by the page when the click leaves, removed once the
# kernel is idle for it): the page's own signal, as tests/browser/pages.py waits on it.
CLICK_JS = """(button) => new Promise((resolve) => {
    const body = document.body, t0 = performance.now();
    let seen = false;
    // the click marks the page pending (or marks it again, when another message of the page
    // is still unanswered); it is answered once the mark is gone
    const obs = new MutationObserver((records) => {
        const on = body.hasAttribute("data-tutor-pending");
        seen = seen || on || records.some((r) => r.oldValue === null);
        if (seen && !on) { obs.disconnect(); resolve(performance.now() - t0); }
    });
    obs.observe(body, {attributes: true, attributeFilter: ["data-tutor-pending"],
                       attributeOldValue: true});
    button.click();
    seen = seen || body.hasAttribute("data-tutor-pending");
})"""


async def browser_learner(browser: Any, url: str, index: int, delay: float,
                          figures: Figures) -> None:
    await asyncio.sleep(delay)
    who = f"apprenant {index} (navigateur)"
    page = await browser.new_page(viewport={"width": 1280, "height": 800})
    page.on("pageerror", lambda exc: figures.errors.append(f"{who} : {exc}"))
    step, bound = "ouverture de la page", PAGE_TIMEOUT_S * 1000

    async def click(button: Any) -> None:
        handle = await button.element_handle(timeout=bound)
        when = time.perf_counter()
        ms = await asyncio.wait_for(page.evaluate(CLICK_JS, handle), CLICK_TIMEOUT_S)
        figures.browser_clicks.append((when, float(ms)))

    try:
        start = time.perf_counter()
        await page.goto(url, timeout=bound)
        await page.locator(".widget-button").first.wait_for(state="visible", timeout=bound)
        figures.browser_first_widget_s.append(time.perf_counter() - start)
        await page.locator("body[data-tutor-ready]").wait_for(state="attached", timeout=bound)
        figures.browser_ready_s.append(time.perf_counter() - start)
        figures.ready_at.append(time.perf_counter())
        step = "partie contre l’ordinateur : arrivée"  # built once scrolled to
        await page.locator("[data-tutor-later='play_vs_computer']").scroll_into_view_if_needed(
            timeout=bound)
        game = page.locator(".tv-game")
        actions, final = game.locator(".tv-action:visible"), game.locator(".tv-final")
        pending = page.locator("body[data-tutor-pending]")
        for played in range(MAX_CLICKS + 1):
            step = f"carte {played + 1}"
            await pending.wait_for(state="detached", timeout=bound)
            await actions.first.or_(final).first.wait_for(state="visible", timeout=bound)
            if await final.count():
                break
            if played == MAX_CLICKS:
                figures.errors.append(f"{who} : partie non terminée après {played} clics")
                break
            await click(actions.first)
        step = "exemple : ouverture"
        example = page.locator(".tv-example").first
        await click(example.locator(".tv-open-example"))
        for k in range(EXAMPLE_STEPS):
            step = f"exemple, clic {k + 1}"
            await click(example.get_by_role("button", name=NEXT if k % 2 == 0 else PREVIOUS))
            await example.get_by_text(f"Étape {2 if k % 2 == 0 else 1} sur").wait_for(
                timeout=bound)
        body = await page.locator("body").inner_text()
        if VOILA_ERROR in body or "problème inattendu" in body:
            figures.errors.append(f"{who} : erreur affichée dans la page")
        shown = page.locator(".tv-error-area .tv-error")
        if await shown.count():
            text = " ".join((await shown.first.inner_text()).split())
            figures.errors.append(f"{who} : erreur affichée « {text[:120]} »")
        if await page.locator("#tutor-lost").is_visible():
            figures.errors.append(f"{who} : bannière « connexion perdue »")
        kid = KERNEL_ID.search(await page.content())
        if kid and (mb := kernel_mb(kid.group(1))) is not None:
            figures.kernel_mb.append(mb)
    except Exception as exc:  # a load test counts every failure, whatever its kind
        figures.errors.append(f"{who}, {step} : {type(exc).__name__}: {str(exc)[:120]}")
        shots = ROOT / "test-artefacts"
        shots.mkdir(exist_ok=True)
        await page.screenshot(path=str(shots / f"charge-apprenant-{index}.png"))
    finally:
        await page.close()


def quantiles(values: list[float]) -> tuple[float | None, float | None]:
    """Median and p95 (None when there is nothing to summarise)."""
    if not values:
        return None, None
    if len(values) == 1:
        return values[0], values[0]
    return (statistics.median(values),
            statistics.quantiles(values, n=20, method="inclusive")[-1])


async def run_load(port: int, server_pid: int, learners: int, browsers: int, spread_s: float
                   ) -> dict[str, Any]:
    from playwright.async_api import async_playwright

    figures = Figures()
    peak = server_peak = 0.0
    baseline = rss_mb([server_pid, *descendants(server_pid)])
    server_mb = rss_mb([server_pid])
    pool = len(kernels(server_pid))
    pool_mb = rss_mb(kernels(server_pid))
    stop = asyncio.Event()
    base_url = f"http://127.0.0.1:{port}"
    browsers = max(0, min(browsers, learners))
    in_browser = {round(k * learners / browsers) for k in range(browsers)} if browsers else set()

    async def sample() -> None:
        nonlocal peak, server_peak
        while not stop.is_set():
            peak = max(peak, rss_mb([server_pid, *descendants(server_pid)]))
            server_peak = max(server_peak, rss_mb([server_pid]))
            await asyncio.sleep(0.5)

    async with async_playwright() as pw:
        # Chromium is up before the class arrives: its start is not the server's time
        browser = await pw.chromium.launch(executable_path="/usr/bin/chromium",
                                           args=CHROMIUM_ARGS)
        sampler = asyncio.create_task(sample())
        started = time.perf_counter()
        loop = asyncio.get_running_loop()
        step = spread_s / max(1, learners - 1)
        with ThreadPoolExecutor(max_workers=learners) as threads:
            await asyncio.wait_for(asyncio.gather(*(
                browser_learner(browser, f"{base_url}/voila/render/{PAGE}", i, i * step, figures)
                if i in in_browser else
                loop.run_in_executor(threads, protocol_learner, base_url, i, i * step, figures)
                for i in range(learners))), timeout=900)
        busy_kernels = len(kernels(server_pid))
        await browser.close()
    duration = time.perf_counter() - started
    stop.set()
    await sampler
    closed_at = time.monotonic()
    left: list[int] = []
    while time.monotonic() - closed_at < 150:
        await asyncio.sleep(5)
        left = kernels(server_pid)
        if len(left) <= pool:
            break
    waited = time.monotonic() - closed_at
    # a learner costs its kernel (taken from a pool, which starts another) and its share of
    # the server's growth; the pools at rest are learners' kernels waiting
    per_learner = (statistics.fmean(figures.kernel_mb) if figures.kernel_mb else 0.0) \
        + max(0.0, server_peak - server_mb) / learners
    latencies = [ms for _, ms in figures.clicks]
    arrived = max(figures.ready_at) if figures.ready_at else started
    during = [ms for when, ms in figures.clicks if when < arrived]
    reached = [ms for _, ms in figures.reaches]
    reached_during = [ms for when, ms in figures.reaches if when < arrived]
    first_p50, first_p95 = quantiles(figures.first_widget_s)
    page_p50, page_p95 = quantiles(figures.page_s)
    p50, p95 = quantiles(latencies)
    during_p50, during_p95 = quantiles(during)
    reach_p50, reach_p95 = quantiles(reached)
    reach_during_p50, reach_during_p95 = quantiles(reached_during)
    browser_click_p50, browser_click_p95 = quantiles([ms for _, ms in figures.browser_clicks])
    return {
        "learners": learners,
        "protocol_learners": learners - len(in_browser),
        "browser_learners": len(in_browser),
        "spread_s": spread_s,
        "interactions": len(latencies) + len(reached),
        "errors": figures.errors,
        "page_p50_s": page_p50,
        "page_p95_s": page_p95,
        "first_widget_s": figures.first_widget_s,
        "first_widget_p50_s": first_p50,
        "first_widget_p95_s": first_p95,
        "first_widget_max_s": max(figures.first_widget_s, default=None),
        "click_ms": latencies,
        "latency_p50_ms": p50,
        "latency_p95_ms": p95,
        "clicks_during_arrival": len(during),
        "latency_during_arrival_p50_ms": during_p50,
        "latency_during_arrival_p95_ms": during_p95,
        "reach_ms": reached,
        "reach_p50_ms": reach_p50,
        "reach_p95_ms": reach_p95,
        "reaches_during_arrival": len(reached_during),
        "reach_during_arrival_p50_ms": reach_during_p50,
        "reach_during_arrival_p95_ms": reach_during_p95,
        "browser_first_widget_s": figures.browser_first_widget_s,
        "browser_ready_s": figures.browser_ready_s,
        "browser_interactions": len(figures.browser_clicks),
        "browser_click_ms": [ms for _, ms in figures.browser_clicks],
        "browser_latency_p50_ms": browser_click_p50,
        "browser_latency_p95_ms": browser_click_p95,
        "duration_s": duration,
        "baseline_mb": baseline,
        "pool_kernels": pool,
        "pool_mb": pool_mb,
        "server_mb": server_mb,
        "server_peak_mb": server_peak,
        "peak_mb": peak,
        "kernel_mb_after_visit": figures.kernel_mb,
        "per_learner_mb": per_learner,
        "learners_per_machine_by_memory": int((MEMORY_GIB * 1024 - server_mb) / per_learner)
        if per_learner else None,
        "kernels_during_load": busy_kernels,
        "kernels_left_after_close": max(0, len(left) - pool),
        "culled_within_s": waited,
    }


def wait_for_pools(log: Path, proc: subprocess.Popen[bytes], port: int,
                   bound_s: float = 600) -> float:
    """Until the server listens and says its pools are full (bounded: 10 minutes, 30 for a
    class's pools, warmed at a low priority on a shared machine); the seconds it took."""
    start = time.monotonic()
    deadline = start + bound_s
    while time.monotonic() < deadline and proc.poll() is None:
        if "Réserves pleines" in log.read_text(errors="replace"):
            return time.monotonic() - start
        time.sleep(1)
    raise RuntimeError(f"les réserves de noyaux ne se sont pas remplies (voir {log})")


STAGES = ("total", "kernel", "prepare", "notebook", "template", "send", "lag")


def stage_figures(path: Path) -> dict[str, Any]:
    """The stages of the page's GETs the server recorded (``TUTOR_TIMINGS``, one JSON line
    per GET: :mod:`tutor.voila.timing`): median and p95 of each, how many were served from a
    pool, and the pool's own warming stages of those."""
    rows = []
    if path.exists():
        for line in path.read_text().splitlines():
            row = json.loads(line)
            if row.get("page") == PAGE and row.get("status") == 200:
                rows.append(row)
    out: dict[str, Any] = {"gets": len(rows), "pooled": sum(1 for r in rows if r["pooled"])}
    for name in (*STAGES, "lag_max", "pool_prepare", "pool_notebook", "pool_template"):
        rows_of = [r for r in rows if r["pooled"]] if name.startswith("pool_") else rows
        out[name] = quantiles([float(r.get(name, 0.0)) for r in rows_of])
    return out


def scenario(name: str, learners: int, browsers: int, spread_s: float, env: dict[str, str],
             app_args: list[str] | None = None) -> dict[str, Any]:
    port = free_port()
    (ROOT / "test-artefacts").mkdir(exist_ok=True)
    path = ROOT / "test-artefacts" / f"load-{name}-voila.log"
    timings = ROOT / "test-artefacts" / f"load-{name}-etapes.jsonl"
    timings.unlink(missing_ok=True)
    with path.open("wb") as log:
        proc = subprocess.Popen([sys.executable, "-m", "tutor", "app", "--port", str(port),
                                 *(app_args or [])],
                                cwd=ROOT, stdout=log, stderr=subprocess.STDOUT,
                                start_new_session=True,
                                env={**os.environ, **env, "TUTOR_TIMINGS": str(timings)})
        try:
            ready = wait_for_pools(path, proc, port, 1800 if app_args else 600)
            report = asyncio.run(run_load(port, proc.pid, learners, browsers, spread_s))
            report["ready_s"] = ready
            report["stages"] = stage_figures(timings)
        finally:
            os.killpg(proc.pid, signal.SIGTERM)
            try:
                proc.wait(timeout=15)
            except subprocess.TimeoutExpired:
                os.killpg(proc.pid, signal.SIGKILL)
    report["scenario"] = name
    return report


def ms(value: float | None) -> str:
    return "-" if value is None else f"{fr.number(round(value))} ms"


def sec(value: float) -> str:
    return f"{fr.decimal(value, 2)} s"


def mb(value: float) -> str:
    return f"{fr.number(round(value))} Mo"


def seconds(values: list[float]) -> str:
    return ", ".join(sec(v) for v in values) or "-"


def say(line: str) -> None:
    """Print one line of the report in French typography."""
    print(fr.typography(line))


def print_report(report: dict[str, Any]) -> None:
    title = {"arrivee": f"arrivée d'une classe ({report['learners']} apprenants en "
                        f"{report['spread_s']:.0f} s)",
             "simultane": f"{report['learners']} apprenants simultanés"}[report["scenario"]]
    if report.get("classe"):
        title += ", en mode classe"
    say(f"\nCharge — {title} : {report['protocol_learners']} par le protocole, "
          f"{report['browser_learners']} dans Chromium ; "
          f"{fr.count(report['interactions'] + report['browser_interactions'], 'interaction')} en "
          f"{report['duration_s']:.0f} s")
    say(f"  {fr.count(len(report['errors']), 'erreur')}")
    for line in report["errors"][:10]:
        say(f"    {line}")
    say("  par le protocole (le serveur et les noyaux, sans le dessin de la page par le "
          "navigateur de l'apprenant : voir make bench) :")
    if report["first_widget_p50_s"] is not None:
        say(f"    tous les widgets reçus (de la requête de la page à l'état de chaque widget) :"
              f" médiane {sec(report['first_widget_p50_s'])}, "
              f"p95 {sec(report['first_widget_p95_s'])}, "
              f"pire {sec(report['first_widget_max_s'])} "
              f"(dont la page HTML : médiane {sec(report['page_p50_s'])}, "
              f"p95 {sec(report['page_p95_s'])})")
    say(f"    latence d'un clic (jusqu'au noyau de nouveau au repos) : médiane "
          f"{ms(report['latency_p50_ms'])}, p95 {ms(report['latency_p95_ms'])} "
          f"({fr.count(len(report['click_ms']), 'clic')})")
    if report["scenario"] == "arrivee":
        during = fr.count(report["clicks_during_arrival"], "clic")
        say(f"    pendant l'arrivée ({during}) : médiane "
              f"{ms(report['latency_during_arrival_p50_ms'])}, "
              f"p95 {ms(report['latency_during_arrival_p95_ms'])}")
    say(f"    une partie construite à l'arrivée (la partie contre l'ordinateur, la table d'un "
          f"exemple : construite, ses widgets reçus) : médiane {ms(report['reach_p50_ms'])}, "
          f"p95 {ms(report['reach_p95_ms'])} ({fr.count(len(report['reach_ms']), 'fois', 'fois')})")
    if report["scenario"] == "arrivee" and report["reaches_during_arrival"]:
        times = fr.count(report["reaches_during_arrival"], "fois", "fois")
        say(f"    pendant l'arrivée ({times}) : médiane "
              f"{ms(report['reach_during_arrival_p50_ms'])}, "
              f"p95 {ms(report['reach_during_arrival_p95_ms'])}")
    if report["browser_learners"]:
        say("  dans Chromium (de bout en bout, Chromium sur la même machine que le serveur) :")
        say(f"    premier widget {seconds(report['browser_first_widget_s'])}, page prête "
              f"{seconds(report['browser_ready_s'])} ; latence d'un clic : médiane "
              f"{ms(report['browser_latency_p50_ms'])}, "
              f"p95 {ms(report['browser_latency_p95_ms'])} "
              f"({fr.count(report['browser_interactions'], 'clic')})")
    say(f"  mémoire : repos {mb(report['baseline_mb'])} (dont réserves "
          f"{mb(report['pool_mb'])} pour {report['pool_kernels']} noyaux), "
          f"pic {mb(report['peak_mb'])} ; un apprenant : son noyau et sa part du serveur, "
          f"{mb(report['per_learner_mb'])} "
          f"(≈ {report['learners_per_machine_by_memory']} apprenants pour {MEMORY_GIB} Gio)")
    say(f"  processus du serveur (sans ses noyaux) : {mb(report['server_mb'])} au repos, pic "
          f"{mb(report['server_peak_mb'])} "
          f"(+{mb(max(0.0, report['server_peak_mb'] - report['server_mb']))})")
    stages = report.get("stages") or {}
    if stages.get("gets"):
        say(f"  étapes de la page HTML mesurées par le serveur "
            f"({fr.count(stages['gets'], 'requête')}, dont {fr.count(stages['pooled'], 'servie')}"
            f" par une réserve ; médiane / p95) :")
        names = {"total": "en tout", "kernel": "attente d'un noyau",
                 "prepare": "lecture du notebook et préparation de l'exportateur",
                 "notebook": "le noyau exécute le notebook", "template": "rendu du gabarit",
                 "send": "envoi", "lag": "retard de la boucle d'événements"}
        for key, label in names.items():
            p50, p95 = stages[key]
            say(f"    {label} : {ms(None if p50 is None else 1000 * p50)} / "
                f"{ms(None if p95 is None else 1000 * p95)}")
        if stages["pooled"]:
            pr50, pr95 = stages["pool_prepare"]
            nb50, nb95 = stages["pool_notebook"]
            tp50, tp95 = stages["pool_template"]
            say(f"    payé avant l'arrivée, par la réserve : préparation {ms(1000 * pr50)} / "
                f"{ms(1000 * pr95)}, notebook {ms(1000 * nb50)} / {ms(1000 * nb95)}, gabarit "
                f"{ms(1000 * tp50)} / {ms(1000 * tp95)}")
    say(f"  serveur prêt (réserves pleines) en {sec(report.get('ready_s') or 0.0)}")
    say(f"  noyaux : {report['kernels_during_load']} pendant la charge, "
          f"{fr.count(report['kernels_left_after_close'], 'restant')} "
          f"{report['culled_within_s']:.0f} s après la fermeture des pages")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--learners", type=int, default=10)
    parser.add_argument("--browsers", type=int, default=1,
                        help="learners among them in headless Chromium (the rest: protocol)")
    parser.add_argument("--spread", type=float, default=5.0,
                        help="seconds over which the class arrives (arrival scenario)")
    parser.add_argument("--scenario", choices=["arrivee", "simultane", "both"], default="both")
    parser.add_argument("--pool", type=int, default=None,
                        help="preheated kernels per page (TUTOR_POOL_SIZE; default: the app's)")
    parser.add_argument("--classe", action="store_true",
                        help="serve in class mode (python -m tutor app --classe LEARNERS "
                             "--page stupides-vautours): the page's pool warmed for the class")
    parser.add_argument("--out", default=str(ROOT / "bench-results"))
    args = parser.parse_args()
    env = {"TUTOR_POOL_SIZE": str(args.pool)} if args.pool is not None else {}
    # the whole class comes from this machine's one address (as a class behind one router):
    # the per-address limits meant for a lone visitor are raised to the class's size
    env.update({"TUTOR_ADDRESS_PENDING": str(2 * args.learners),
                "TUTOR_RENDERS_PER_MINUTE": str(10 * args.learners)})
    names = ["arrivee", "simultane"] if args.scenario == "both" else [args.scenario]
    app_args = ["--classe", str(args.learners), "--page", PAGE.removesuffix(".ipynb")] \
        if args.classe else []
    reports = []
    for name in names:
        reports.append(scenario(name + ("-classe" if args.classe else ""), args.learners,
                                args.browsers, args.spread if name == "arrivee" else 0.0, env,
                                app_args))
        reports[-1]["scenario"], reports[-1]["classe"] = name, args.classe
        print_report(reports[-1])
    out = Path(args.out)
    out.mkdir(exist_ok=True)
    path = out / f"load-{time.strftime('%Y-%m-%dT%H%M%S')}.json"
    path.write_text(json.dumps({"pool_size": args.pool, "classe": args.classe,
                                "scenarios": reports}, indent=2,
                               ensure_ascii=False))
    print(f"Rapport écrit dans {path}")
    failed = any(r["errors"] or r["kernels_left_after_close"] for r in reports)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())

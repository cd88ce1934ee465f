"""Hunting the click never answered (issue 58): protocol learners click, fast and under CPU
load, on the Stupides Vautours sandbox's « Mettre en place » (its first click builds the editor,
some 400 widgets; each later click opens or closes it), and every click whose kernel never goes
idle for it within :data:`BOUND_S` is counted, with whether the kernel ever started it (a
``busy`` status for it).

Run it on a fresh server started as the browser tests start theirs, with the server's wire log
(``TUTOR_WIRE_LOG=1``) and the kernels' own debug log, both in
``test-artefacts/lostclick.log``::

    PYTHONPATH=. .venv/bin/python tests/bench/lostclick.py --learners 3 --rounds 40 --burners 2

A click lost then reads in the log as: sent by the page and never received by the server, or
received and passed on (« transmis ») with no ``status busy`` for it from the kernel, or
started and its ``idle`` never sent. Prints one JSON report; exit code 1 if a click was lost.
"""

from __future__ import annotations

import argparse
import json
import os
import signal
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
from tests.bench.load import KERNEL_ID, PAGE, PAGE_TIMEOUT_S, Timeout, Wire  # noqa: E402
from tests.browser.conftest import serve  # noqa: E402

#: a click the kernel has not answered within this long is lost (a healthy click takes well
#: under a second; the first one, building the editor, some seconds on a busy machine)
BOUND_S = 60.0

#: the kernels' own debug log (every message they receive) for the server started here
KERNEL_CONFIG = 'c.IPKernelApp.log_level = "DEBUG"\n'


class Tally:
    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.sent = 0
        self.latencies: list[float] = []
        self.lost: list[dict[str, Any]] = []
        self.errors: list[str] = []
        self.missing: list[str] = []  # models a box holds that never reached the learner


def missing(wire: Wire) -> list[str]:
    """The models the learner's models name (a box's children, a widget's layout) and never
    received: what ipywidgets draws as « Model class … can not be instantiated »."""
    named = {v.removeprefix("IPY_MODEL_") for state in wire.models.values()
             for value in state.values()
             for v in (value if isinstance(value, list) else [value])
             if isinstance(v, str) and v.startswith("IPY_MODEL_")}
    return sorted(named - set(wire.models))


def clicks(wire: Wire, model: str, burst: int, tally: Tally, stall: tuple[int, float] | None
           ) -> None:
    """``burst`` clicks sent back to back, then every one waited for until its kernel is
    idle for it (or :data:`BOUND_S` passed). ``stall``: the server's process id and seconds
    it is stopped for (SIGSTOP) a moment after the clicks left, as a starved server would
    not read its kernels' messages."""
    sent: dict[str, float] = {}
    for _ in range(burst):
        msg_id = wire.send("comm_msg", {"comm_id": model, "data": {
            "method": "custom", "content": {"event": "click"}}})
        sent[msg_id] = time.perf_counter()
    if stall is not None:
        time.sleep(0.3)  # the clicks reach the kernel
        os.kill(stall[0], signal.SIGSTOP)
        try:
            time.sleep(stall[1])
        finally:
            os.kill(stall[0], signal.SIGCONT)
    started: set[str] = set()
    deadline = time.monotonic() + BOUND_S
    waiting = set(sent)
    while waiting:
        try:
            msg = wire.receive(deadline)
        except Timeout:
            break
        wire.apply(msg)
        parent = msg.get("parent_header", {}).get("msg_id")
        if msg["header"]["msg_type"] == "status" and parent in waiting:
            state = msg["content"].get("execution_state")
            if state == "busy":
                started.add(parent)
            elif state == "idle":
                waiting.discard(parent)
                with tally.lock:
                    tally.latencies.append(time.perf_counter() - sent[parent])
    with tally.lock:
        tally.sent += burst
        tally.lost += [{"msg_id": m, "started": m in started} for m in sorted(waiting)]
        tally.missing += missing(wire)


def learner(base_url: str, index: int, rounds: int, burst: int, tally: Tally,
            stall: tuple[int, float] | None) -> None:
    who = f"apprenant {index}"
    wire: Wire | None = None
    try:
        url = f"{base_url}/voila/render/{PAGE}"
        with urllib.request.urlopen(url, timeout=PAGE_TIMEOUT_S) as response:
            page = response.read().decode(errors="replace")
            cookie = "; ".join(c.split(";")[0]
                               for c in response.headers.get_all("Set-Cookie") or [])
        kid = KERNEL_ID.search(page)
        if kid is None:
            raise RuntimeError("pas d’identifiant de noyau")
        wire = Wire(base_url, kid.group(1), cookie)
        wire.request_states()
        links = [m for m, s in wire.models.items() if s.get("_model_name") == "AnyModel"
                 and str(s.get("key", "")).startswith("tutor:")]
        for link in links:
            wire.until_idle(wire.update(link, query="", page=url, stored="", loaded=True))
        _, sandbox = wire.reach(links[0], "sandbox")
        opener = [m for m in wire.tree(sandbox) if "tv-edit-open" in wire.classes(m)]
        if not opener:
            raise RuntimeError("pas de bouton « Mettre en place »")
        for k in range(rounds):
            clicks(wire, opener[0], burst, tally, stall if k == 0 else None)
    except Exception as exc:  # the hunt counts every failure, whatever its kind
        with tally.lock:
            tally.errors.append(f"{who} : {type(exc).__name__}: {str(exc)[:160]}")
    finally:
        if wire is not None:
            wire.close()


def browser_pages(base_url: str, pages: int, rounds: int, fresh: bool, tally: Tally) -> None:
    """The same hunt in Chromium: ``pages`` Stupides Vautours pages, their sandboxes reached,
    then ``rounds`` times « Mettre en place » clicked on every page one after the other without
    waiting, then each page waited for until it no longer flags a click pending, or says a
    click was not received (its « Réessayer » then clicked), or :data:`BOUND_S` passed. What
    each page knew of a click not answered (``window.tutorWire()``) is kept. ``fresh``: each
    round on pages opened anew and read whole (every section built), as tests/browser/
    test_editor.py opens its editor (where the click never answered was seen)."""
    from playwright.sync_api import sync_playwright

    from tests.browser.conftest import CHROMIUM_ARGS, CHROMIUM_FULL
    from tests.browser.pages import (
        READY_TIMEOUT_MS,
        SANDBOX,
        open_page,
        part,
        reach,
        wire_state,
    )

    with sync_playwright() as play:
        browser = play.chromium.launch(executable_path=CHROMIUM_FULL, args=CHROMIUM_ARGS)
        try:
            def opening() -> list[Any]:
                opened = []
                for _ in range(pages):
                    page = browser.new_page(viewport={"width": 1280, "height": 900})
                    page.set_default_timeout(READY_TIMEOUT_MS)
                    open_page(page, f"{base_url}/voila/render/{PAGE}", whole=fresh)
                    if not fresh:
                        reach(page, part(page, SANDBOX))
                    opened.append(page)
                return opened

            opened = opening()
            for k in range(rounds):
                if fresh and k:
                    for page in opened:
                        page.close()
                    opened = opening()
                for page in opened:
                    page.locator(".tv-sandbox .tv-edit-open").click()
                for page in opened:
                    tally.sent += 1
                    done = page.locator("body:not([data-tutor-pending]), "
                                        "body[data-tutor-unanswered]")
                    try:
                        done.wait_for(timeout=BOUND_S * 1000)
                    except Exception:
                        tally.lost.append({"page": page.url, "wire": wire_state(page)})
                        continue
                    if page.locator("body[data-tutor-unanswered]").count():
                        tally.lost.append({"page": page.url, "wire": wire_state(page)})
                        page.locator("#tutor-unanswered button").click()
                        page.locator("body:not([data-tutor-pending])").wait_for(
                            timeout=BOUND_S * 1000)
                    tally.latencies.append(0.0)  # answered (no latency measured here)
        finally:
            browser.close()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--learners", type=int, default=3)
    parser.add_argument("--rounds", type=int, default=40)
    parser.add_argument("--burst", type=int, default=3, help="clicks sent back to back")
    parser.add_argument("--burners", type=int, default=2, help="busy-loop processes")
    parser.add_argument("--browsers", type=int, default=0,
                        help="Chromium pages clicking instead of protocol learners")
    parser.add_argument("--fresh", action="store_true",
                        help="with --browsers: pages opened anew (read whole) each round")
    parser.add_argument("--stall", type=float, default=0.0,
                        help="seconds the server is stopped after each learner's first burst")
    args = parser.parse_args()
    # stopped (a timeout's SIGTERM): the server and the busy loops are stopped too
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(2))
    tally = Tally()
    burners: list[subprocess.Popen[bytes]] = []
    with tempfile.TemporaryDirectory() as ipython_dir:
        profile = Path(ipython_dir, "profile_default")
        profile.mkdir()
        (profile / "ipython_kernel_config.py").write_text(KERNEL_CONFIG)
        env = {"TUTOR_POOL_SIZE": "2", "TUTOR_ADDRESS_PENDING": "100",
               "TUTOR_RENDERS_PER_MINUTE": "6000", "TUTOR_LOG_LINES_PER_MINUTE": "100000",
               "TUTOR_WIRE_LOG": "1", "IPYTHONDIR": ipython_dir}
        with serve("lostclick", **env) as app:
            try:
                burners = [subprocess.Popen([sys.executable, "-c", "while True: pass"])
                           for _ in range(args.burners)]
                started = time.monotonic()
                stall = (app.pid, args.stall) if args.stall > 0 else None
                threads = [threading.Thread(target=learner, args=(
                    app.url, k, args.rounds, args.burst, tally, stall))
                    for k in range(0 if args.browsers else args.learners)]
                if args.browsers:
                    browser_pages(app.url, args.browsers, args.rounds, args.fresh, tally)
                for thread in threads:
                    thread.start()
                for thread in threads:
                    thread.join()
            finally:
                for burner in burners:
                    burner.kill()
                    burner.wait()
            log = str(app.log.relative_to(ROOT))
    lat = sorted(tally.latencies)
    report = {
        "learners": args.learners, "rounds": args.rounds, "burst": args.burst,
        "burners": args.burners, "stall_s": args.stall, "cpus": os.cpu_count(),
        "seconds": round(time.monotonic() - started, 1),
        "clicks": tally.sent, "answered": len(lat), "lost": tally.lost,
        "models_missing": len(set(tally.missing)),
        "latency_p50_ms": round(1000 * statistics.median(lat)) if lat else None,
        "latency_max_ms": round(1000 * lat[-1]) if lat else None,
        "errors": tally.errors, "log": log,
    }
    print(json.dumps(report, indent=1, ensure_ascii=False))
    return 1 if tally.lost or tally.errors or tally.missing else 0


if __name__ == "__main__":
    sys.exit(main())

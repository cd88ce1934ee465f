"""`make load`: 10 learners against one app server, on loopback only, bounded in time.

Two scenarios, each on a fresh server started as `make app` does (same configuration) on a free
127.0.0.1 port, measured once its kernel pools are full:

- *arrivée*: a class arrives, the 10 learners open the page within 5 seconds;
- *simultané*: the 10 learners open the page at the same instant.

Each learner (a Chromium page) opens the Stupides Vautours page, waits for the page's own
readiness signal, and makes 20 interactions: 15 cards played against the computer and 5 steps of
a worked example. Reported: errors, time to the first widget p50/p95, interaction latency p50/p95
(and, for the arrival, of the clicks made while others were still arriving), peak memory of the
server and its kernels, the memory each learner costs, the memory of the pools at rest, and
whether every learner's kernel is gone after the pages are closed (kernel culling).
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
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
CHROMIUM_ARGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]
PAGE = "stupides-vautours.ipynb"
MEMORY_GIB = 24


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def descendants(pid: int) -> list[int]:
    """Every process below ``pid`` (the server's kernels)."""
    children: dict[int, list[int]] = {}
    for proc in Path("/proc").iterdir():
        if proc.name.isdigit():
            try:
                ppid = int((proc / "stat").read_text().rsplit(")", 1)[1].split()[1])
            except (OSError, IndexError, ValueError):
                continue
            children.setdefault(ppid, []).append(int(proc.name))
    out, todo = [], [pid]
    while todo:
        for child in children.get(todo.pop(), []):
            out.append(child)
            todo.append(child)
    return out


def rss_mb(pids: list[int]) -> float:
    total = 0
    for pid in pids:
        try:
            m = re.search(r"VmRSS:\s+(\d+) kB", Path(f"/proc/{pid}/status").read_text())
        except OSError:
            continue
        total += int(m.group(1)) if m else 0
    return total / 1024


def kernels(pid: int) -> list[int]:
    found = []
    for child in descendants(pid):
        try:
            if b"ipykernel" in Path(f"/proc/{child}/cmdline").read_bytes():
                found.append(child)
        except OSError:
            continue
    return found


class Figures:
    """What the learners of one scenario measured."""

    def __init__(self) -> None:
        self.first_widget_s: list[float] = []
        self.clicks: list[tuple[float, float]] = []  # (when, latency ms)
        self.ready_at: list[float] = []
        self.errors: list[str] = []


async def learner(browser: Any, url: str, index: int, delay: float, figures: Figures) -> None:
    await asyncio.sleep(delay)
    page = await browser.new_page(viewport={"width": 1280, "height": 800})
    page.on("pageerror", lambda exc: figures.errors.append(f"apprenant {index} : {exc}"))
    step = "ouverture de la page"
    try:
        start = time.perf_counter()
        await page.goto(url, timeout=180_000)
        await page.locator(".widget-button").first.wait_for(state="visible", timeout=180_000)
        figures.first_widget_s.append(time.perf_counter() - start)
        await page.locator("body[data-tutor-ready]").wait_for(state="attached", timeout=180_000)
        figures.ready_at.append(time.perf_counter())
        game = page.locator(".tv-game")
        hand = game.locator(".tv-hand-buttons button")
        for k in range(15):
            step = f"carte {k + 1}"
            start = time.perf_counter()
            await hand.nth(k).click()
            await page.wait_for_function(
                "([k]) => document.querySelectorAll('.tv-hand-buttons button')[k]"
                ".classList.contains('tv-played')", arg=[k], timeout=30_000)
            figures.clicks.append((start, (time.perf_counter() - start) * 1000))
        if "Scores finaux" not in await game.inner_text():
            figures.errors.append(f"apprenant {index} : pas de scores finaux après 15 cartes")
        steps = page.locator(".tv-example").first
        for k in range(5):  # Suivant, Précédent, Suivant...: always a change to wait for
            name = "Suivant ▶" if k % 2 == 0 else "◀ Précédent"
            step = f"exemple, clic {k + 1}"
            start = time.perf_counter()
            await steps.get_by_role("button", name=name).click()
            # the counter is updated after the steps: once it reads the expected step, the
            # whole explainer (including which buttons are enabled) is up to date
            await steps.get_by_text(f"Étape {2 if k % 2 == 0 else 1} sur").wait_for(
                timeout=30_000)
            figures.clicks.append((start, (time.perf_counter() - start) * 1000))
        body = await page.locator("body").inner_text()
        if "There was an error" in body or "problème inattendu" in body:
            figures.errors.append(f"apprenant {index} : erreur affichée dans la page")
        if await page.locator("#tutor-lost").is_visible():
            figures.errors.append(f"apprenant {index} : bannière « connexion perdue »")
    except Exception as exc:  # a load test counts every failure, whatever its kind
        figures.errors.append(
            f"apprenant {index}, {step} : {type(exc).__name__}: {str(exc)[:120]}")
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
    return statistics.median(values), statistics.quantiles(values, n=20)[-1]


async def run_load(port: int, server_pid: int, learners: int, spread_s: float
                   ) -> dict[str, Any]:
    from playwright.async_api import async_playwright

    figures = Figures()
    peak = 0.0
    baseline = rss_mb([server_pid, *descendants(server_pid)])
    pool = len(kernels(server_pid))
    pool_mb = rss_mb(kernels(server_pid))
    stop = asyncio.Event()

    async def sample() -> None:
        nonlocal peak
        while not stop.is_set():
            peak = max(peak, rss_mb([server_pid, *descendants(server_pid)]))
            await asyncio.sleep(0.5)

    sampler = asyncio.create_task(sample())
    started = time.perf_counter()
    async with async_playwright() as pw:
        browser = await pw.chromium.launch(executable_path="/usr/bin/chromium",
                                           args=CHROMIUM_ARGS)
        url = f"http://127.0.0.1:{port}/voila/render/{PAGE}"
        step = spread_s / max(1, learners - 1)
        await asyncio.wait_for(
            asyncio.gather(*(learner(browser, url, i, i * step, figures)
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
    per_learner = max(0.0, (peak - baseline) / learners)
    latencies = [ms for _, ms in figures.clicks]
    arrived = max(figures.ready_at) if figures.ready_at else started
    during = [ms for when, ms in figures.clicks if when < arrived]
    first_p50, first_p95 = quantiles(figures.first_widget_s)
    p50, p95 = quantiles(latencies)
    during_p50, during_p95 = quantiles(during)
    return {
        "learners": learners,
        "spread_s": spread_s,
        "interactions": len(latencies),
        "errors": figures.errors,
        "first_widget_p50_s": first_p50,
        "first_widget_p95_s": first_p95,
        "first_widget_max_s": max(figures.first_widget_s, default=None),
        "latency_p50_ms": p50,
        "latency_p95_ms": p95,
        "clicks_during_arrival": len(during),
        "latency_during_arrival_p50_ms": during_p50,
        "latency_during_arrival_p95_ms": during_p95,
        "duration_s": duration,
        "baseline_mb": baseline,
        "pool_kernels": pool,
        "pool_mb": pool_mb,
        "peak_mb": peak,
        "per_learner_mb": per_learner,
        "learners_per_machine_by_memory": int((MEMORY_GIB * 1024 - baseline) / per_learner)
        if per_learner else None,
        "kernels_during_load": busy_kernels,
        "kernels_left_after_close": max(0, len(left) - pool),
        "culled_within_s": waited,
    }


def wait_for_pools(log: Path, proc: subprocess.Popen[bytes], port: int) -> None:
    """Until the server listens and says its pools are full (bounded: 10 minutes)."""
    deadline = time.monotonic() + 600
    while time.monotonic() < deadline and proc.poll() is None:
        if "Réserves pleines" in log.read_text(errors="replace"):
            return
        time.sleep(1)
    raise RuntimeError(f"les réserves de noyaux ne se sont pas remplies (voir {log})")


def scenario(name: str, learners: int, spread_s: float, env: dict[str, str]) -> dict[str, Any]:
    port = free_port()
    (ROOT / "test-artefacts").mkdir(exist_ok=True)
    path = ROOT / "test-artefacts" / f"load-{name}-voila.log"
    with path.open("wb") as log:
        proc = subprocess.Popen([sys.executable, "-m", "tutor", "app", "--port", str(port)],
                                cwd=ROOT, stdout=log, stderr=subprocess.STDOUT,
                                start_new_session=True, env={**os.environ, **env})
        try:
            wait_for_pools(path, proc, port)
            report = asyncio.run(run_load(port, proc.pid, learners, spread_s))
        finally:
            os.killpg(proc.pid, signal.SIGTERM)
            try:
                proc.wait(timeout=15)
            except subprocess.TimeoutExpired:
                os.killpg(proc.pid, signal.SIGKILL)
    report["scenario"] = name
    return report


def ms(value: float | None) -> str:
    return "-" if value is None else f"{value:.0f} ms"


def print_report(report: dict[str, Any]) -> None:
    title = {"arrivee": f"arrivée d'une classe ({report['learners']} apprenants en "
                        f"{report['spread_s']:.0f} s)",
             "simultane": f"{report['learners']} apprenants simultanés"}[report["scenario"]]
    print(f"\nCharge — {title} : {report['interactions']} interactions en "
          f"{report['duration_s']:.0f} s")
    print(f"  erreurs : {len(report['errors'])}")
    for line in report["errors"][:10]:
        print(f"    {line}")
    if report["first_widget_p50_s"] is not None:
        print(f"  premier widget : médiane {report['first_widget_p50_s']:.2f} s, "
              f"p95 {report['first_widget_p95_s']:.2f} s, "
              f"pire {report['first_widget_max_s']:.2f} s")
    print(f"  latence d'une interaction : médiane {ms(report['latency_p50_ms'])}, "
          f"p95 {ms(report['latency_p95_ms'])}")
    if report["scenario"] == "arrivee":
        print(f"  pendant l'arrivée ({report['clicks_during_arrival']} clics) : médiane "
              f"{ms(report['latency_during_arrival_p50_ms'])}, "
              f"p95 {ms(report['latency_during_arrival_p95_ms'])}")
    print(f"  mémoire : repos {report['baseline_mb']:.0f} Mo (dont réserves "
          f"{report['pool_mb']:.0f} Mo pour {report['pool_kernels']} noyaux), "
          f"pic {report['peak_mb']:.0f} Mo, "
          f"soit {report['per_learner_mb']:.0f} Mo par apprenant "
          f"(≈ {report['learners_per_machine_by_memory']} apprenants pour {MEMORY_GIB} Gio)")
    print(f"  noyaux : {report['kernels_during_load']} pendant la charge, "
          f"{report['kernels_left_after_close']} restant(s) "
          f"{report['culled_within_s']:.0f} s après la fermeture des pages")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--learners", type=int, default=10)
    parser.add_argument("--spread", type=float, default=5.0,
                        help="seconds over which the class arrives (arrival scenario)")
    parser.add_argument("--scenario", choices=["arrivee", "simultane", "both"], default="both")
    parser.add_argument("--pool", type=int, default=None,
                        help="preheated kernels per page (TUTOR_POOL_SIZE; default: the app's)")
    parser.add_argument("--out", default=str(ROOT / "bench-results"))
    args = parser.parse_args()
    env = {"TUTOR_POOL_SIZE": str(args.pool)} if args.pool is not None else {}
    names = ["arrivee", "simultane"] if args.scenario == "both" else [args.scenario]
    reports = []
    for name in names:
        reports.append(scenario(name, args.learners, args.spread if name == "arrivee" else 0.0,
                                env))
        print_report(reports[-1])
    out = Path(args.out)
    out.mkdir(exist_ok=True)
    path = out / f"load-{time.strftime('%Y-%m-%dT%H%M%S')}.json"
    path.write_text(json.dumps({"pool_size": args.pool, "scenarios": reports}, indent=2,
                               ensure_ascii=False))
    print(f"Rapport écrit dans {path}")
    failed = any(r["errors"] or r["kernels_left_after_close"] for r in reports)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())

"""`make load`: 10 concurrent learners against one app server, on loopback only, bounded in time.

Starts the app as `make app` does (same configuration) on a free 127.0.0.1 port; each learner
(a Chromium page) opens the Stupides Vautours page and makes 20 interactions: 15 cards played
against the computer and 5 steps of a worked example. Reports errors, interaction latency p50/p95,
peak memory of the server and its kernels, the memory each learner costs, and whether every
learner's kernel is gone two minutes after the pages are closed (kernel culling).
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


async def learner(browser: Any, url: str, index: int, latencies: list[float],
                  errors: list[str]) -> None:
    page = await browser.new_page(viewport={"width": 1280, "height": 800})
    page.on("pageerror", lambda exc: errors.append(f"apprenant {index} : {exc}"))
    step = "ouverture de la page"
    try:
        await page.goto(url, timeout=180_000)
        game = page.locator(".tv-game")
        await game.wait_for(state="visible", timeout=180_000)
        hand = game.locator(".tv-hand-buttons button")
        for k in range(15):
            step = f"carte {k + 1}"
            start = time.perf_counter()
            await hand.nth(k).click()
            await page.wait_for_function(
                "([k]) => document.querySelectorAll('.tv-hand-buttons button')[k]"
                ".classList.contains('tv-played')", arg=[k], timeout=30_000)
            latencies.append((time.perf_counter() - start) * 1000)
        if "Scores finaux" not in await game.inner_text():
            errors.append(f"apprenant {index} : pas de scores finaux après 15 cartes")
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
            latencies.append((time.perf_counter() - start) * 1000)
        body = await page.locator("body").inner_text()
        if "There was an error" in body or "problème inattendu" in body:
            errors.append(f"apprenant {index} : erreur affichée dans la page")
    except Exception as exc:  # a load test counts every failure, whatever its kind
        errors.append(f"apprenant {index}, {step} : {type(exc).__name__}: {str(exc)[:120]}")
        shots = ROOT / "test-artefacts"
        shots.mkdir(exist_ok=True)
        await page.screenshot(path=str(shots / f"charge-apprenant-{index}.png"))
    finally:
        await page.close()


async def run_load(port: int, server_pid: int, learners: int) -> dict[str, Any]:
    from playwright.async_api import async_playwright

    latencies: list[float] = []
    errors: list[str] = []
    peak = 0.0
    baseline = rss_mb([server_pid, *descendants(server_pid)])
    pool = len(kernels(server_pid))
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
        await asyncio.wait_for(
            asyncio.gather(*(learner(browser, url, i, latencies, errors)
                             for i in range(learners))), timeout=900)
        busy_kernels = len(kernels(server_pid))
        await browser.close()
    duration = time.perf_counter() - started
    stop.set()
    await sampler
    closed_at = time.monotonic()
    left: list[int] = []
    while time.monotonic() - closed_at < 120:
        await asyncio.sleep(5)
        left = kernels(server_pid)
        if len(left) <= pool:
            break
    waited = time.monotonic() - closed_at
    per_learner = max(0.0, (peak - baseline) / learners)
    return {
        "learners": learners,
        "interactions": len(latencies),
        "errors": errors,
        "latency_p50_ms": statistics.median(latencies) if latencies else None,
        "latency_p95_ms": statistics.quantiles(latencies, n=20)[-1] if len(latencies) > 1
        else None,
        "duration_s": duration,
        "baseline_mb": baseline,
        "peak_mb": peak,
        "per_learner_mb": per_learner,
        "learners_per_machine_by_memory": int((MEMORY_GIB * 1024 - baseline) / per_learner)
        if per_learner else None,
        "kernels_during_load": busy_kernels,
        "pool_kernels": pool,
        "kernels_left_after_close": max(0, len(left) - pool),
        "culled_within_s": waited,
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--learners", type=int, default=10)
    parser.add_argument("--out", default=str(ROOT / "bench-results"))
    args = parser.parse_args()
    port = free_port()
    (ROOT / "test-artefacts").mkdir(exist_ok=True)
    log = (ROOT / "test-artefacts" / "load-voila.log").open("wb")
    proc = subprocess.Popen([sys.executable, "-m", "tutor", "app", "--port", str(port)],
                            cwd=ROOT, stdout=log, stderr=subprocess.STDOUT,
                            start_new_session=True)
    try:
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            with socket.socket() as s:
                if s.connect_ex(("127.0.0.1", port)) == 0:
                    break
            time.sleep(0.2)
        time.sleep(15)  # preheated kernels finish executing their notebooks
        report = asyncio.run(run_load(port, proc.pid, args.learners))
    finally:
        os.killpg(proc.pid, signal.SIGTERM)
        try:
            proc.wait(timeout=15)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
    print(f"\nCharge : {report['learners']} apprenants simultanés, "
          f"{report['interactions']} interactions en {report['duration_s']:.0f} s")
    print(f"  erreurs : {len(report['errors'])}")
    for line in report["errors"][:10]:
        print(f"    {line}")
    if report["latency_p50_ms"] is not None:
        print(f"  latence d'une interaction : médiane {report['latency_p50_ms']:.0f} ms, "
              f"p95 {report['latency_p95_ms']:.0f} ms")
    print(f"  mémoire : repos {report['baseline_mb']:.0f} Mo, pic {report['peak_mb']:.0f} Mo, "
          f"soit {report['per_learner_mb']:.0f} Mo par apprenant "
          f"(≈ {report['learners_per_machine_by_memory']} apprenants pour {MEMORY_GIB} Gio)")
    print(f"  noyaux : {report['kernels_during_load']} pendant la charge, "
          f"{report['kernels_left_after_close']} restant(s) "
          f"{report['culled_within_s']:.0f} s après la fermeture des pages "
          f"(réserve préchauffée : {report['pool_kernels']})")
    out = Path(args.out)
    out.mkdir(exist_ok=True)
    path = out / f"load-{time.strftime('%Y-%m-%dT%H%M%S')}.json"
    path.write_text(json.dumps(report, indent=2, ensure_ascii=False))
    print(f"Rapport écrit dans {path}")
    return 0 if not report["errors"] and not report["kernels_left_after_close"] else 1


if __name__ == "__main__":
    sys.exit(main())

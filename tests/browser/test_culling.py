"""Kernel culling with short delays: closed pages lose their kernel, waiting preheated kernels
(and one just handed to a page) are kept."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

from playwright.sync_api import Browser, expect

from .conftest import ROOT, free_port, stop, wait_for_port
from .pages import open_page

IDLE = 6
INTERVAL = 2


def kernel_count(pid: int) -> int:
    count = 0
    for proc in Path("/proc").iterdir():
        if proc.name.isdigit():
            try:
                if b"ipykernel" not in (proc / "cmdline").read_bytes():
                    continue
                ppid = int((proc / "stat").read_text().rsplit(")", 1)[1].split()[1])
            except (OSError, ValueError, IndexError):
                continue
            count += ppid == pid
    return count


def test_preheated_kernels_survive_and_closed_pages_are_culled(browser: Browser) -> None:
    port = free_port()
    env = {**os.environ, "TUTOR_CULL_IDLE_TIMEOUT": str(IDLE),
           "TUTOR_CULL_INTERVAL": str(INTERVAL)}
    proc = subprocess.Popen([sys.executable, "-m", "tutor", "app", "--port", str(port)],
                            cwd=ROOT, env=env, stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL, start_new_session=True)
    try:
        wait_for_port(port, proc)
        notebooks = len(list((ROOT / "notebooks").glob("*.ipynb")))
        deadline = time.monotonic() + 120
        while kernel_count(proc.pid) < notebooks and time.monotonic() < deadline:
            time.sleep(1)
        assert kernel_count(proc.pid) == notebooks, "one preheated kernel per notebook"
        time.sleep(IDLE + 3 * INTERVAL)  # idle far longer than the culling delay
        assert kernel_count(proc.pid) == notebooks, "waiting preheated kernels are kept"
        page = browser.new_page()
        open_page(page, f"http://127.0.0.1:{port}/voila/render/stupides-vautours.ipynb")
        # the kernel that waited in the pool serves the page: its widgets answer
        game = page.locator(".tv-game")
        game.locator(".tv-hand-buttons button").nth(0).click()
        expect(game.locator(".tv-hand-buttons button").nth(0)).to_have_class(
            __import__("re").compile("tv-played"), timeout=30_000)
        page.close()
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            time.sleep(INTERVAL)
            if kernel_count(proc.pid) == notebooks:
                break
        assert kernel_count(proc.pid) == notebooks, "the closed page's kernel is culled"
    finally:
        stop(proc)
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)

"""Kernel culling with short delays: closed pages lose their kernel, waiting preheated kernels
(and one just handed to a page) are kept."""

from __future__ import annotations

import re
import time
from pathlib import Path

from playwright.sync_api import Browser, expect

from .conftest import ROOT, serve
from .kernel import filled, kernel_id, kernel_pid, kernels_of
from .pages import PLAY, open_part

IDLE = 6
INTERVAL = 2
#: one preheated kernel per page: its pool is emptied by the page and refilled all the same,
#: with half the kernels to start (twice) that two per page cost on a busy machine
POOL = 1


def test_preheated_kernels_survive_and_closed_pages_are_culled(browser: Browser) -> None:
    with serve("voila-culling", TUTOR_CULL_IDLE_TIMEOUT=str(IDLE),
               TUTOR_CULL_INTERVAL=str(INTERVAL), TUTOR_POOL_SIZE=str(POOL)) as app:
        notebooks = len(list((ROOT / "notebooks").glob("*.ipynb")))
        pools = POOL * notebooks
        assert filled(app.pid, pools) == pools, "the pools are filled"
        time.sleep(IDLE + 3 * INTERVAL)  # idle far longer than the culling delay
        assert len(kernels_of(app.pid)) == pools, "waiting preheated kernels are kept"
        page = browser.new_page()
        open_part(page, f"{app.url}/voila/render/stupides-vautours.ipynb", PLAY)
        # the kernel that waited in the pool serves the page: its widgets answer
        game = page.locator(".tv-game")
        first = game.locator(".tv-action").nth(0)
        label = first.inner_text().strip()
        first.click()  # the card played leaves the learner's hand
        expect(game.locator(".tv-action", has_text=re.compile(rf"^\s*{re.escape(label)}\s*$"))
               ).to_have_count(0, timeout=60_000)
        served = kernel_pid(kernel_id(page.content()))
        assert served is not None
        page.close()
        # the closed page's kernel goes; the pool it came from is refilled
        deadline = time.monotonic() + 120
        while Path(f"/proc/{served}").exists() and time.monotonic() < deadline:
            time.sleep(INTERVAL)
        assert not Path(f"/proc/{served}").exists(), "the closed page's kernel is culled"
        assert filled(app.pid, pools) == pools, "its pool is full again"

"""Faults: a page whose kernel dies says so; malformed files stop the app before any page."""

from __future__ import annotations

import os
import re
import shutil
import signal
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, expect

from .conftest import ROOT, free_port, serve
from .kernel import kernel_id, kernel_pid
from .pages import PLAY, open_part, part, play_nth, reach, wait_ready


@pytest.fixture()
def own_app_url() -> Iterator[str]:
    """A server of its own: killing a kernel must not disturb the shared server's pools (a page
    opened on the shared server right after a killed kernel was once seen never to become
    ready; see the closing note of stop 12)."""
    with serve("voila-faults", TUTOR_POOL_SIZE="1") as app:
        yield app.url


def test_a_killed_kernel_is_announced_and_a_reload_gives_a_fresh_game(
    browser: Browser, own_app_url: str, shots: Path
) -> None:
    app_url = own_app_url
    page = browser.new_page(viewport={"width": 1280, "height": 800})
    open_part(page, f"{app_url}/voila/render/stupides-vautours.ipynb", PLAY)
    game = page.locator(".tv-game")
    play_nth(game, 5)
    pid = kernel_pid(kernel_id(page.content()))
    assert pid is not None
    os.kill(pid, signal.SIGKILL)
    banner = page.locator("#tutor-lost")
    expect(banner).to_be_visible(timeout=30_000)
    expect(banner).to_contain_text("La connexion avec le tuteur est perdue")
    page.screenshot(path=str(shots / "noyau-perdu.png"))
    with page.expect_navigation():
        banner.get_by_role("button", name="Recharger la page").click()
    wait_ready(page, whole=False)
    reach(page, part(page, PLAY))
    expect(page.locator(".tv-game")).to_be_visible()
    expect(page.locator("#tutor-lost")).to_have_count(0)
    game = page.locator(".tv-game")
    expect(game.locator(".tv-action")).to_have_count(15)  # a fresh game: the whole hand
    play_nth(game, 5)
    page.close()


@pytest.mark.parametrize(("name", "old", "new", "reason"), [
    ("vautours.fr.md", "## Déroulement", "## Deroulement", "section inconnue « Deroulement »"),
    ("vaiko-paquet.toml", 'effet = "rejouer"', 'effet = "boum"',
     "effet inconnu «\u202fboum\u202f»"),
])
def test_a_malformed_rule_or_deck_file_stops_the_app_with_file_line_and_reason(
    tmp_path: Path, name: str, old: str, new: str, reason: str
) -> None:
    for path in (ROOT / "rules").iterdir():
        shutil.copy(path, tmp_path / path.name)
    broken = tmp_path / name
    assert old in broken.read_text()
    broken.write_text(broken.read_text().replace(old, new, 1))
    env = {**os.environ, "TUTOR_RULES_DIR": str(tmp_path)}
    run = subprocess.run([sys.executable, "-m", "tutor", "app", "--port", str(free_port())],
                         cwd=ROOT, env=env, capture_output=True, text=True, timeout=600)
    assert run.returncode == 1
    assert "Le tuteur ne peut pas démarrer" in run.stderr
    assert re.search(rf"ERREUR {re.escape(str(broken))}:\d+: {re.escape(reason)}", run.stderr)
    check = subprocess.run([sys.executable, "-m", "tutor", "check", str(broken)], cwd=ROOT,
                           capture_output=True, text=True, timeout=600)
    assert check.returncode == 1 and reason in check.stdout

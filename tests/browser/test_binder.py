"""The Binder launch, without Docker: what repo2docker does with `binder/` (a fresh virtual
environment from `binder/requirements.txt`, pip run at the repository root so `-e .` installs the
tutor, then `binder/start` wrapping a Jupyter server), on loopback, driven in Chromium at the
badges' urlpaths. Also: the badges and the Accueil's links all derive from the one address in
`pyproject.toml`.

The launch is run by `make test-static` (skipped by `make test`: the install takes minutes).
"""

from __future__ import annotations

import os
import re
import secrets
import subprocess
import sys
import tomllib
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import quote, unquote, urljoin

import pytest
from playwright.sync_api import Browser, Page, expect

from tutor.ui import home

from .conftest import ARTEFACTS, ROOT, free_port, stop, wait_for_port
from .pages import assert_no_voila_error, full_screenshot

REACH = pytest.mark.skipif(os.environ.get("TUTOR_TEST_REACH") != "1",
                           reason="run by `make test-static` (installs a fresh environment)")
VOILA_URLPATH = "voila/render/notebooks/index.ipynb"
LAB_URLPATH = "lab/tree/notebooks/index.ipynb"
BADGE = re.compile(r"https://mybinder\.org/v2/gh/[^)\s\"']+")
TIMEOUT = 120_000


def repository() -> str:
    return str(tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["urls"]
               ["Repository"])


def test_badges_and_accueil_links_derive_from_the_one_repository_address() -> None:
    repo = repository().removeprefix("https://github.com/").rstrip("/")
    expected = {
        "voila": f"https://mybinder.org/v2/gh/{repo}/HEAD?urlpath={quote(VOILA_URLPATH, '')}",
        "lab": f"https://mybinder.org/v2/gh/{repo}/HEAD?urlpath={quote(LAB_URLPATH, '')}",
    }
    assert home.repository() == repository()
    assert home.binder_links() == expected
    badges = BADGE.findall((ROOT / "README.md").read_text())
    assert sorted(set(badges)) == sorted(expected.values())
    accueil = home.how_to().value
    for link in expected.values():
        assert f'href="{link}"' in accueil


@pytest.fixture(scope="module")
def binder_venv(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A fresh virtual environment made as repo2docker makes it from `binder/`."""
    venv = tmp_path_factory.mktemp("binder") / "venv"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
    log = ARTEFACTS / "binder-install.log"
    ARTEFACTS.mkdir(exist_ok=True)
    with log.open("wb") as out:
        done = subprocess.run(
            [str(venv / "bin" / "pip"), "install", "--progress-bar", "off",
             "-r", "binder/requirements.txt"],
            cwd=ROOT, stdout=out, stderr=subprocess.STDOUT, timeout=1500, check=False)
    assert done.returncode == 0, f"pip install -r binder/requirements.txt failed: see {log}"
    return venv


@pytest.fixture(scope="module")
def binder_url(binder_venv: Path) -> Iterator[str]:
    """`binder/start jupyter server ...` on a free loopback port, from the repository root."""
    port, token = free_port(), secrets.token_hex(16)
    env = {**os.environ, "PATH": f"{binder_venv / 'bin'}:{os.environ['PATH']}",
           "VIRTUAL_ENV": str(binder_venv)}
    env.pop("JUPYTER_PATH", None)
    log = (ARTEFACTS / "binder-server.log").open("wb")
    proc = subprocess.Popen(
        [str(ROOT / "binder" / "start"), "jupyter", "server", "--ip=127.0.0.1",
         f"--port={port}", f"--IdentityProvider.token={token}", "--allow-root",
         "--no-browser"],
        cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
    try:
        wait_for_port(port, proc, timeout=120)
        yield f"http://127.0.0.1:{port}/?token={token}"
    finally:
        stop(proc)
        log.close()


def open_voila(page: Page, url: str, title: str) -> None:
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.goto(url)
    expect(page.locator(".tv-hero h1")).to_have_text(title, timeout=TIMEOUT)
    page.wait_for_function("() => !document.querySelector('.voila-spinner, #loading')"
                           " || document.querySelector('.tv-root')", timeout=TIMEOUT)
    assert_no_voila_error(page)
    # the tutor template is in use: its lost-kernel banner (styled, created on loss)
    assert "tutor-lost" in page.content()
    assert errors == []


@REACH
def test_binder_voila_badge_accueil_and_every_game(browser: Browser, binder_url: str,
                                                  shots: Path) -> None:
    page = browser.new_page(viewport={"width": 1280, "height": 800})
    page.set_default_navigation_timeout(TIMEOUT)  # Voilà's page loads once its cells have run
    base = binder_url.split("?")[0]
    token = binder_url.split("?")[1]
    page.goto(binder_url)  # a launch without urlpath lands on the Accueil (binder/start)
    page.wait_for_url(re.compile(re.escape(VOILA_URLPATH) + r"(\?.*)?$"), timeout=TIMEOUT)
    accueil = f"{base}{VOILA_URLPATH}?{token}"
    open_voila(page, accueil, "Tuteur de règles de jeux de cartes")
    full_screenshot(page, shots / "binder-accueil.png")
    cards = page.locator("a.tv-game-card")
    expect(cards).to_have_count(4)
    links = [(str(cards.nth(i).get_attribute("href")), cards.nth(i).locator("h2").inner_text())
             for i in range(cards.count())]
    for href, title in links:
        target = urljoin(page.url, href)
        assert unquote(target).split("?")[0].endswith(f"/voila/render/notebooks/{href}")
        open_voila(page, target, title)
        full_screenshot(page, shots / f"binder-{href.removesuffix('.ipynb')}.png")
    page.close()


@REACH
def test_binder_lab_badge_opens_the_accueil_notebook(browser: Browser, binder_url: str,
                                                     shots: Path) -> None:
    page = browser.new_page(viewport={"width": 1280, "height": 800})
    page.set_default_navigation_timeout(TIMEOUT)  # Voilà's page loads once its cells have run
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    base, token = binder_url.split("?")
    page.goto(f"{base}{LAB_URLPATH}?{token}")
    notebook = page.locator(".jp-NotebookPanel")
    expect(notebook).to_be_visible(timeout=TIMEOUT)
    expect(notebook.locator(".jp-Cell").first).to_contain_text("from tutor.ui import home",
                                                                timeout=TIMEOUT)
    expect(page.locator(".jp-Notebook-ExecutionIndicator[data-status='idle'], "
                        "#jp-main-statusbar :text('Idle')").first).to_be_visible(timeout=TIMEOUT)
    expect(page.locator(".jp-Dialog")).to_have_count(0)
    page.screenshot(path=str(shots / "binder-lab.png"))
    assert errors == []
    page.close()

"""JupyterLab as `make lab` configures it: a learner runs a game notebook, widgets and all, and
saves it; the saved notebook is byte for byte the committed one (thin, no widget state, the
stored worked examples unchanged), so `make test` stays green."""

from __future__ import annotations

import json
import re

import pytest
from playwright.sync_api import Browser, expect

from tests import test_ui

from .conftest import ROOT
from .lab import Lab, lab_server  # noqa: F401  (the `lab` fixture)

pytestmark = pytest.mark.browser

NOTEBOOK = "stupides-vautours.ipynb"
PROMPTS_DONE = """(n) => {
  const prompts = [...document.querySelectorAll('.jp-Notebook .jp-CodeCell .jp-InputPrompt')];
  return prompts.length === n && prompts.every(p => /^\\[\\d+\\]:$/.test(p.textContent.trim()));
}"""


def test_make_lab_ships_settings_that_do_not_save_widget_state(browser: Browser, lab: Lab) -> None:
    page = browser.new_page()
    plugins = {"@jupyter-widgets/jupyterlab-manager:plugin": ("saveState", False),
               "@jupyterlab/apputils-extension:notification": ("fetchNews", "false")}
    for plugin, (key, value) in plugins.items():
        answer = page.request.get(f"{lab.url}/lab/api/settings/{plugin}",
                                  headers={"Authorization": f"token {lab.token}"})
        assert answer.ok, answer.status
        assert answer.json()["schema"]["properties"][key]["default"] == value, plugin
    page.close()


def test_running_and_saving_a_game_notebook_leaves_it_as_committed(
    browser: Browser, lab: Lab
) -> None:
    committed = (ROOT / "notebooks" / NOTEBOOK).read_bytes()
    cells = json.loads(committed)["cells"]
    n_code = sum(cell["cell_type"] == "code" for cell in cells)
    saved = lab.notebooks / NOTEBOOK
    copied_at = saved.stat().st_mtime_ns

    page = browser.new_page(viewport={"width": 1400, "height": 900})
    page.goto(f"{lab.url}/lab/tree/{NOTEBOOK}?token={lab.token}")
    notebook = page.locator(".jp-NotebookPanel")
    expect(notebook.locator(".jp-Cell")).to_have_count(len(cells), timeout=120_000)
    indicator = page.locator(".jp-Notebook-ExecutionIndicator")
    expect(indicator).to_have_attribute("data-status", "idle", timeout=120_000)

    page.locator(".lm-MenuBar-itemLabel", has_text=re.compile(r"^Run$")).click()
    page.locator('.lm-Menu-item[data-command="runmenu:run-all"]').click()
    page.wait_for_function(PROMPTS_DONE, arg=n_code, timeout=300_000)
    expect(indicator).to_have_attribute("data-status", "idle", timeout=120_000)
    expect(notebook.locator(".jupyter-widgets.widget-box").first).to_be_visible()
    expect(notebook.locator(".tv-root").first).to_be_visible()
    expect(notebook.locator("[data-mime-type='application/vnd.jupyter.stderr']")).to_have_count(0)

    tab = page.locator(".lm-TabBar-tab.jp-mod-current")
    expect(tab).to_have_class(re.compile(r"\bjp-mod-dirty\b"))
    notebook.locator(".jp-Cell").first.click()
    page.keyboard.press("Control+s")
    expect(tab).not_to_have_class(re.compile(r"\bjp-mod-dirty\b"), timeout=60_000)
    page.close()

    assert saved.stat().st_mtime_ns > copied_at, "JupyterLab did not save the notebook"
    test_ui.test_notebooks_are_thin_and_hold_no_widget_state(saved)
    assert saved.read_bytes() == committed

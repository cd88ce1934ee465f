"""Page section of `make bench`: the served app, measured in headless Chromium.

Serves a copy of ``notebooks/`` plus a one-widget reference notebook with the app's own
configuration, twice: with a pool of one preheated kernel per page refilled before each load
("réserve pleine": the page gets a kernel that has already run its notebook) and with no pool
("réserve vide": each load starts a kernel and runs the notebook, as when a pool has run dry).
For each page, six loads, each in a fresh browser context, alternating a first visit (empty
cache) and a visit after the Accueil (Voilà's scripts cached, as for a learner following a link
of the Accueil): time from navigation to the first interactive widget and to the page's own
readiness signal (``body[data-tutor-ready]``: every widget drawn), click-to-update latency
(median and p95 over repeated clicks on a button whose effect is a DOM change) and the resident
memory of the page's kernel.

Each game page is also measured beside its own **text twin** (``_texte-<page>``): the same
notebook run once, every output kept as it was shown except the widget views, and the one-widget
notebook's widget in place of the first of them. The twin is what Voilà and the browser take to
show this page's text with one widget: the floor of a page that teaches this much, against which
the cost of our widgets is read (×texte), beside the one-widget notebook (×n).

Loads go round the pages (first every page's first load, then every page's second...): a change in
the machine's load during the run then weighs on every page alike.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from tutor import fr

ROOT = Path(__file__).resolve().parents[2]
REFERENCE = "_repere.ipynb"
CHROMIUM_ARGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]
# per page: (first interactive widget, button to click, stable element its click changes)
#: an interactive widget (a button or a text field drawn by ipywidgets; not a worked example's
#: « Pas à pas sur la table », plain HTML until the page's browser link acts on it)
INTERACTIVE = ".jupyter-widgets:is(.widget-button, .widget-text)"
REFERENCE_TARGETS = (INTERACTIVE, ".widget-button", ".widget-html")
STEPPER = ".tv-example >> nth=0"  # the first worked example, opened « Pas à pas sur la table »
GAME_TARGETS = (INTERACTIVE, f"{STEPPER} >> button:has-text('Suivant')", STEPPER)
DONE = "body[data-tutor-ready]"  # the page's own signal: every widget drawn
FULL = "Réserves pleines"  # what the server logs each time its pools are full again
MODES = (("pleine", "1"), ("vide", "0"))  # pool state -> TUTOR_POOL_SIZE
LOADS = 6
CLICKS = 20
CLICK_JS = """([button, watched]) => new Promise((resolve) => {
    const before = watched.innerText;
    const t0 = performance.now();
    const obs = new MutationObserver(() => {
        if (watched.innerText !== before) { obs.disconnect(); resolve(performance.now() - t0); }
    });
    obs.observe(watched, {subtree: true, childList: true, characterData: true});
    button.click();
    setTimeout(() => { obs.disconnect(); resolve(null); }, 5000);
})"""


#: the widget views drawn in the page (every ipywidgets view carries this class)
VIEWS_JS = "document.querySelectorAll('.jupyter-widgets').length"


def name_is_explainer(selector: str) -> bool:
    return selector.startswith(STEPPER)


def reference_notebook() -> dict[str, Any]:
    code = ("import ipywidgets as w\n"
            "label = w.HTML('0')\n"
            "button = w.Button(description='Suivant')\n"
            "button.on_click(lambda _: setattr(label, 'value', str(int(label.value) + 1)))\n"
            "w.VBox([button, label])")
    return {"cells": [{"cell_type": "code", "execution_count": None, "id": "c0",
                       "metadata": {}, "outputs": [], "source": code}],
            "metadata": {"kernelspec": {"display_name": "Python 3", "language": "python",
                                        "name": "python3"}},
            "nbformat": 4, "nbformat_minor": 5}


TWIN = "_texte-"
"""Prefix of a game page's text twin (:func:`text_twin`)."""

WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"


def static_markup(model_id: str, state: dict[str, Any]) -> str:
    """What a widget view shows as plain HTML: an HTML widget's markup (its layout's
    ``display`` kept: the page's style sheet is in a hidden one), a box's children one after
    the other; a control (button, field, list...) shows nothing."""
    model = state.get(model_id, {})
    fields = model.get("state", {})
    name = model.get("model_name", "")
    if name in ("HTMLModel", "HTMLMathModel", "LabelModel"):
        layout = state.get(str(fields.get("layout", "")).removeprefix("IPY_MODEL_"), {})
        hidden = layout.get("state", {}).get("display") == "none"
        return f'<div{" hidden" if hidden else ""}>{fields.get("value", "")}</div>'
    if "children" in fields:
        return "<div>" + "".join(static_markup(str(c).removeprefix("IPY_MODEL_"), state)
                                 for c in fields["children"]) + "</div>"
    return ""


def text_twin(notebook: Path) -> dict[str, Any]:
    """``notebook`` run once in a kernel of this environment, rebuilt as a notebook that shows
    the same text with one widget: each code cell displays what it displayed, as raw data,
    each widget view replaced by its markup (:func:`static_markup`: what the learner reads,
    without the controls), and the one-widget notebook's cell after the first cell that showed
    a widget. What Voilà and the browser take to show this page's text: its floor."""
    import nbclient
    import nbformat

    nb = nbformat.read(notebook, as_version=4)  # type: ignore[no-untyped-call]  # not annotated
    nbclient.NotebookClient(nb, timeout=600, kernel_name="python3", store_widget_state=True,
                            resources={"metadata": {"path": str(notebook.parent)}}).execute()
    state = nb.metadata.get("widgets", {}).get(
        "application/vnd.jupyter.widget-state+json", {}).get("state", {})
    cells: list[dict[str, Any]] = []
    widget_placed = False
    for k, cell in enumerate(nb.cells):
        if cell.cell_type != "code":
            cells.append({"cell_type": cell.cell_type, "id": f"t{k}", "metadata": {},
                          "source": cell.source})
            continue
        shown, had_widget = [], False
        for out in cell.get("outputs", []):
            if out.output_type == "stream":
                shown.append({"text/plain": out.text})
            elif out.output_type in ("display_data", "execute_result"):
                data = dict(out.data)
                if WIDGET_VIEW in data:
                    had_widget = True
                    data = {"text/html": static_markup(data[WIDGET_VIEW]["model_id"], state)}
                shown.append(data)
        source = ("from IPython.display import display\n"
                  + "".join(f"display({bundle!r}, raw=True)\n" for bundle in shown)) if shown \
            else ""
        if had_widget and not widget_placed:
            widget_placed = True
            source += reference_notebook()["cells"][0]["source"]
        if source:
            cells.append({"cell_type": "code", "execution_count": None, "id": f"t{k}",
                          "metadata": {}, "outputs": [], "source": source})
    twin = reference_notebook()
    twin["cells"] = cells
    return twin


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def kernel_rss_mb(kernel_id: str) -> float | None:
    for proc in Path("/proc").iterdir():
        if not proc.name.isdigit():
            continue
        try:
            cmd = (proc / "cmdline").read_bytes().decode(errors="replace")
            if kernel_id not in cmd:
                continue
            status = (proc / "status").read_text()
        except OSError:
            continue
        m = re.search(r"VmRSS:\s+(\d+) kB", status)
        if m:
            return int(m.group(1)) / 1024
    return None


def targets(name: str) -> tuple[str, str, str]:
    if name == REFERENCE or name.startswith(TWIN):
        return REFERENCE_TARGETS
    if name == "index.ipynb":
        return (".tv-game-card", "", "")
    return GAME_TARGETS


def measure_page(browser: Any, url: str, targets: tuple[str, str, str],
                 home: str | None = None, after_home: Any = None) -> dict[str, Any]:
    """One load of ``url`` in a fresh browser context: a first visit (empty cache) or, with
    ``home``, after the Accueil was opened in that context (the way a learner arrives: Voilà's
    scripts are then in the browser's cache); ``after_home`` is called between the two (the
    Accueil measured from the Accueil: until its pool has a warm kernel again)."""
    first_sel, click_sel, change_sel = targets
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    page = context.new_page()
    if home is not None:
        page.goto(home)
        page.locator(".tv-game-card").first.wait_for(state="visible", timeout=120_000)
        if after_home is not None:
            after_home()
    start = time.perf_counter()
    page.goto(url)
    page.locator(first_sel).first.wait_for(state="visible", timeout=120_000)
    first = time.perf_counter() - start
    page.locator(DONE).wait_for(state="attached", timeout=120_000)
    last = time.perf_counter() - start
    views = page.evaluate(VIEWS_JS)
    kernel = re.search(r'"kernelId":\s*"([0-9a-f-]{36})"', page.content())
    visit = "" if home is None else "_home"
    result: dict[str, Any] = {f"first_widget{visit}_s": first, f"ready{visit}_s": last,
                              "all_widgets_s": last, "views_at_ready": views,
                              "kernel_mb": kernel_rss_mb(kernel.group(1)) if kernel else None}
    if click_sel:
        latencies = []
        if name_is_explainer(click_sel):  # an example is light until opened
            page.locator(STEPPER).get_by_role("button", name="Pas à pas sur la table").click()
            page.locator(click_sel).first.wait_for(state="visible", timeout=120_000)
            page.locator("body[data-tutor-pending]").wait_for(state="detached")
        button = page.locator(click_sel).first.element_handle()
        watched = page.locator(change_sel).first.element_handle()
        back = page.locator(f"{STEPPER} >> button:has-text('Précédent')").first.element_handle() \
            if name_is_explainer(click_sel) else button
        for k in range(CLICKS):  # an example: Suivant, Précédent, Suivant...: always a change
            ms = page.evaluate(CLICK_JS, [button if k % 2 == 0 else back, watched])
            if ms is not None:
                latencies.append(float(ms))
            page.locator("body[data-tutor-pending]").wait_for(state="detached")
        if latencies:
            result["click_median_ms"] = statistics.median(latencies)
            result["click_p95_ms"] = statistics.quantiles(latencies, n=20)[-1]
    context.close()
    return result


def wait_logged(log: Path, times: int, proc: subprocess.Popen[bytes]) -> None:
    """Until the server has said ``FULL`` at least ``times`` times (bounded: 5 minutes)."""
    deadline = time.monotonic() + 300
    while time.monotonic() < deadline and proc.poll() is None:
        if log.read_text(errors="replace").count(FULL) >= times:
            return
        time.sleep(0.5)


def serving_copy(source: Path, root: Path, twins: bool = False) -> list[str]:
    """Copy the notebooks of ``source`` and the one-widget notebook into ``root``, with
    ``twins`` each game page's text twin (:func:`text_twin`); their names, the one-widget
    notebook first, each twin after its page."""
    root.mkdir(parents=True, exist_ok=True)
    for nb in (source / "notebooks").glob("*.ipynb"):
        shutil.copy(nb, root / nb.name)
    (root / REFERENCE).write_text(json.dumps(reference_notebook()))
    names = [REFERENCE]
    for name in sorted(p.name for p in root.glob("*.ipynb") if p.name != REFERENCE):
        names.append(name)
        if twins and name != "index.ipynb":
            (root / f"{TWIN}{name}").write_text(json.dumps(text_twin(root / name)))
            names.append(f"{TWIN}{name}")
    return names


def run(before: str | None = None, loads: int = LOADS,
        modes: tuple[str, ...] = ("pleine", "vide")) -> dict[str, Any]:
    """Serve, measure every page with a full and an empty pool, stop; the figures as a dict.
    With ``before`` (a git revision, e.g. ``main``), that revision's pages and package are
    measured too, with a full pool, in the same run (« avant »), to compare like with like.
    ``modes``: the pool states measured (``"pleine"``, ``"vide"``)."""

    chromium = shutil.which("chromium")
    if chromium is None:
        return {"skipped": "chromium absent"}
    results: dict[str, Any] = {}
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp) / "pages"
        names = serving_copy(ROOT, root, twins=True)
        if before is not None:
            old = Path(tmp) / "before"
            old.mkdir()
            archive = subprocess.run(["git", "-C", str(ROOT), "archive", before],
                                     check=True, capture_output=True).stdout
            subprocess.run(["tar", "-x", "-C", str(old)], input=archive, check=True)
            old_names = serving_copy(old, Path(tmp) / "before-pages")
            results[f"pleine, avant ({before})"] = measure_server(
                Path(tmp) / "before-pages", old_names, "1", chromium, loads, pythonpath=old)
        for mode, pool in MODES:
            if mode in modes:
                results[mode] = measure_server(root, names, pool, chromium, loads)
    for mode_results in results.values():
        ratios(mode_results)
    return results


#: each figure set beside the one-widget notebook's in the same run: (figure, its ratio's name)
RATIOS = (("first_widget_s", "load_ratio"), ("first_widget_home_s", "load_home_ratio"),
          ("ready_s", "ready_ratio"), ("ready_home_s", "ready_home_ratio"))


def round_ratios(rows: dict[str, Any], name: str, other: str, figure: str) -> list[float]:
    """``name``'s ``figure`` over ``other``'s, load by load (two loads of one round: the same
    kind of visit, minutes apart at most)."""
    pairs = zip(rows[name].get("loads", []), rows[other].get("loads", []))
    return [a[figure] / b[figure] for a, b in pairs if a and b and a.get(figure) and b.get(figure)]


def ratios(mode_results: dict[str, Any]) -> None:
    """Each page's times as multiples of the one-widget notebook's (``…_ratio``) and of its
    text twin's (``…_ratio_text``), served by the same app in the same run (first visit and
    from the Accueil; first widget and readiness): the median of the ratios of the loads of one
    round, and their range (``…_range``)."""
    ref = mode_results.get(REFERENCE, {})
    for name, row in mode_results.items():
        for against, suffix in ((REFERENCE, ""), (TWIN + name, "_text")):
            if against not in mode_results or against == name:
                continue
            for figure, ratio in RATIOS:
                per_round = round_ratios(mode_results, name, against, figure)
                if per_round:
                    row[ratio + suffix] = statistics.median(per_round)
                    row[ratio + suffix + "_range"] = (min(per_round), max(per_round))
        if "click_median_ms" in row and "click_median_ms" in ref:
            row["click_delta_ms"] = row["click_median_ms"] - ref["click_median_ms"]


def measure_server(root: Path, names: list[str], pool: str, chromium: str, loads: int = LOADS,
                   pythonpath: Path | None = None) -> dict[str, Any]:
    """Every page of ``root`` loaded ``loads`` times from one server (``pythonpath``: the
    package it and its kernels import, else this one)."""
    from playwright.sync_api import sync_playwright

    port = free_port()
    log = root / f"voila-{pool}.log"
    code = ("import sys; from tutor.app import make_app; "
            f"make_app({port}, '127.0.0.1', __import__('pathlib').Path({str(root)!r}))"
            ".start()")
    with log.open("wb") as out:
        proc = subprocess.Popen([sys.executable, "-c", code], stdout=out,
                                stderr=subprocess.STDOUT, start_new_session=True,
                                env={**os.environ, "TUTOR_POOL_SIZE": pool,
                                     **({"PYTHONPATH": str(pythonpath)} if pythonpath else {})})
    results: dict[str, Any] = {}
    try:
        wait_logged(log, 1, proc)  # every pool full (at once when there is no pool)
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=chromium, args=CHROMIUM_ARGS)
            runs: dict[str, list[dict[str, Any] | None]] = {name: [] for name in names}
            for k in range(loads):  # round the pages, so that the machine's load weighs alike
                for name in names:
                    seen = [log.read_text(errors="replace").count(FULL)]
                    # loads alternate: a first visit, then arriving from the Accueil
                    home = f"http://127.0.0.1:{port}/voila/render/index.ipynb" if k % 2 else None

                    def refilled(seen: list[int] = seen) -> None:
                        # the Accueil opened from the Accueil: not the kernel it just used
                        wait_logged(log, seen[0] + 1, proc)
                        seen[0] = log.read_text(errors="replace").count(FULL)

                    try:
                        runs[name].append(measure_page(
                            browser, f"http://127.0.0.1:{port}/voila/render/{name}",
                            targets(name), home,
                            refilled if name == "index.ipynb" and pool != "0" else None))
                        done = runs[name][-1] or {}
                        first = done.get("first_widget_s", done.get("first_widget_home_s"))
                        print(fr.typography(
                            f"  réserve {'pleine' if pool != '0' else 'vide'}, {name} "
                            f"#{k + 1}{' depuis l’Accueil' if home else ''} : "
                            f"{'-' if first is None else fr.decimal(first, 2)} s"), flush=True)
                    except Exception as exc:  # a failed load is reported, not fatal
                        runs[name].append(None)
                        print(f"  {name} #{k + 1} : ÉCHEC ({type(exc).__name__})", flush=True)
                    if pool != "0":
                        wait_logged(log, seen[0] + 1, proc)  # its pool is full again
            for name, done_runs in runs.items():
                ok = [r for r in done_runs if r is not None]
                failures = len(done_runs) - len(ok)
                results[name] = {**summarize(ok), "failed_loads": failures} if ok \
                    else {"failed_loads": failures}
                results[name]["loads"] = done_runs
            browser.close()
    finally:
        os.killpg(proc.pid, signal.SIGTERM)
        try:
            proc.wait(timeout=15)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
    return results


def summarize(runs: list[dict[str, Any]]) -> dict[str, Any]:
    """Medians of every figure; the worst time to the first widget, first visit or not."""
    out: dict[str, Any] = {"first_widget_worst_s": max(
        r.get("first_widget_s", r.get("first_widget_home_s", 0.0)) for r in runs)}
    for key in {k for r in runs for k in r}:
        values = [r[key] for r in runs if r.get(key) is not None]
        if values:
            out[key] = statistics.median(values)
    return out


def _cell(r: dict[str, Any], figure: str, ratio: str) -> str:
    value = r.get(figure)
    if value is None:
        return f"{'-':>14}"
    rel = r.get(ratio)
    return f"{value:>6.2f}s" + (f" ×{rel:<5.2f}" if rel is not None else f"{'':>7}")


def print_table(results: dict[str, Any]) -> None:
    if "skipped" in results:
        print(f"\nPages : non mesurées ({results['skipped']})")
        return
    for mode, rows in results.items():
        print(f"\nPages servies par Voilà, réserve {mode} (médianes ; ×n : rapport au carnet à "
              "un seul widget servi dans la même passe)")
        print("(1re visite : cache vide ; « Accueil » : en venant de l’Accueil ; vues : widgets "
              "dessinés quand la page se dit prête)")
        print(f"{'page':<32}{'1er widget':>14}{'1er, Accueil':>15}{'prête':>14}"
              f"{'prête, Accueil':>16}{'vues':>6}{'clic méd.':>11}{'clic p95':>10}{'noyau':>9}")
        for name, r in rows.items():
            if "first_widget_s" not in r and "first_widget_home_s" not in r:
                print(f"{name:<32}{'aucun chargement réussi':>40} ({r['failed_loads']} échecs)")
                continue
            click = (f"{r['click_median_ms']:>9.0f}ms{r['click_p95_ms']:>8.0f}ms"
                     if "click_median_ms" in r else f"{'-':>21}")
            mem = f"{r['kernel_mb']:>6.0f} Mo" if "kernel_mb" in r else f"{'-':>9}"
            views = f"{r['views_at_ready']:>6.0f}" if "views_at_ready" in r else f"{'-':>6}"
            fails = f"  ({r['failed_loads']} échec(s))" if r.get("failed_loads") else ""
            print(f"{name:<32}{_cell(r, 'first_widget_s', 'load_ratio')}"
                  f" {_cell(r, 'first_widget_home_s', 'load_home_ratio')}"
                  f"{_cell(r, 'ready_s', 'ready_ratio')}"
                  f"  {_cell(r, 'ready_home_s', 'ready_home_ratio')}"
                  f"{views}{click}{mem}{fails}")
        print_spread(rows)


def _spread(r: dict[str, Any], ratio: str) -> str:
    if ratio not in r:
        return f"{'-':>20}"
    low, high = r[ratio + "_range"]
    return f"{r[ratio]:>7.2f} [{low:.2f}–{high:.2f}]"


def print_spread(rows: dict[str, Any]) -> None:
    """Each page's ratios with their spread over the rounds: to the one-widget notebook (×n)
    and, for a game page, to its text twin (×texte: the same text, one widget)."""
    print("Rapports, médiane [min–max] des passes : ×n au carnet à un widget ; ×texte à la jumelle "
          "texte de la page (son texte, un seul widget)")
    print(f"{'page':<32}{'':>3}{'1er widget':>20}{'1er, Accueil':>20}{'prête':>20}"
          f"{'prête, Accueil':>20}")
    for name, r in rows.items():
        for suffix, label in (("", "×n"), ("_text", "×texte")):
            if any(ratio + suffix in r for _, ratio in RATIOS):
                print(f"{name:<32}{label:>3}"
                      + "".join(_spread(r, ratio + suffix) for _, ratio in RATIOS))

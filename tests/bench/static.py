"""Time to first widget: the static site (`make static`, Pyodide in the page) beside the Voilà
app (`python -m tutor app`, one server-side kernel per page), in headless Chromium, loopback only.

For each page, the time from navigation until the first interactive widget (a button) is
visible: for the static site on a first visit (a new browser profile) and on the next visit (the
same profile, the page loaded again), and for the Voilà app (preheated kernels, as served). A
profile is a browser's own, on disk, as a learner's is: its cache keeps what the browser
compiled of Pyodide's WebAssembly and the site's scripts for the next visit. A private context
(Playwright's ``new_context``) keeps none of it: there Pyodide alone took 4.3–4.7 s at every
visit against 2.1 s on the next visit with a profile (measured 2026-11-28).
Beside them, in the same run, the floor: a one-widget notebook built into a site of its own by
the same build (`build/static-floor`), so that a page's time reads against what the platform
(Pyodide, Voici) takes for a page doing nothing.
Where a page's seconds go, below the floor: Pyodide alone in a page (its interpreter's start),
then with the packages the kernel preloads and their imports, and the same interpreter restored
from a memory snapshot (Pyodide's ``_makeSnapshot``/``_loadSnapshot``), each in a new browser
profile and again in the same one.
Also one « Conseil » computed in Pyodide (its time, its playouts and decisions). Run `make
static` first; `python tests/bench/static.py [--loads N]`. Not a test.

`--conseil-only` measures the « Conseil » alone. `--before SITE FLOOR` measures, in the same
run and turn about with this tree's, a site and a floor built before (by an earlier tree's
build, into directories of their own): the figures before and after a change side by side,
under the same load. `--static-only` leaves out the Conseil and the Voilà app.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from playwright.sync_api import Browser, BrowserContext, Playwright, sync_playwright

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from tests.bench.benchdoc import run_info  # noqa: E402
from tests.browser.conftest import (  # noqa: E402
    CHROMIUM_ARGS,
    CHROMIUM_FULL,
    free_port,
    stop,
    wait_for_port,
)
from tutor import fr  # noqa: E402

SITE = ROOT / "build" / "static"
FLOOR = ROOT / "build" / "static-floor"
PAGES = ("index", "stupides-vautours")
FLOOR_PAGE = "plancher"
#: the first interactive widget: a button (game pages) or a game card link (Accueil)
FIRST_WIDGET = ".widget-button, a.tv-game-card"
TIMEOUT = 300_000
#: the part of a game page that holds the game against the computer, built once reached
GAME_SECTION = "play_vs_computer"


@contextlib.contextmanager
def profile(p: Playwright) -> Iterator[BrowserContext]:
    """A browser with a new profile of its own on disk (a learner's first visit; loaded
    again, their next visit), closed and removed after."""
    with tempfile.TemporaryDirectory(prefix="tutor-profile-") as folder:
        context = p.chromium.launch_persistent_context(
            folder, executable_path=CHROMIUM_FULL, args=CHROMIUM_ARGS)
        try:
            yield context
        finally:
            context.close()


def first_widget_s(context: BrowserContext, url: str) -> float:
    return load_s(context, url, ready=False)[0]


def load_s(context: BrowserContext, url: str, ready: bool) -> tuple[float, float | None]:
    """Seconds from navigation to the first interactive widget shown and, with ``ready``, to
    the page's readiness (``data-tutor-ready``: on the static site, every cell has run, so a
    click is answered at once)."""
    page = context.new_page()
    page.set_default_navigation_timeout(TIMEOUT)  # Voilà's "load" waits for its cells
    started = time.perf_counter()
    page.goto(url)
    page.locator(FIRST_WIDGET).first.wait_for(state="visible", timeout=TIMEOUT)
    shown = time.perf_counter() - started
    done: float | None = None
    if ready:
        page.locator("body[data-tutor-ready]").wait_for(state="attached", timeout=TIMEOUT)
        done = time.perf_counter() - started
    page.close()
    return shown, done


def says_ready(site: Path) -> bool:
    """Whether ``site``'s pages say when every cell has run (a site built before the signal
    shows its pages only then: its first widget is that time)."""
    return any("data-tutor-ready" in js.read_text(encoding="utf-8", errors="replace")
               for js in (site / "voici" / "build").glob("*.js"))


def server(cmd: list[str], port: int) -> subprocess.Popen[bytes]:
    proc = subprocess.Popen(cmd, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                            start_new_session=True)
    wait_for_port(port, proc)
    return proc


def build_floor() -> None:
    """The floor's site: one notebook whose only cell shows one button, built like the tutor's."""
    import nbformat

    from tutor.static.build import CACHE, build
    with tempfile.TemporaryDirectory(prefix="tutor-floor-") as tmp:
        # nbformat is not annotated: its calls carry ignores
        nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(  # type: ignore[no-untyped-call]
            'import ipywidgets as w\nw.Button(description="Un bouton")')])
        nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3",
                                     "language": "python"}
        path = Path(tmp) / f"{FLOOR_PAGE}.ipynb"
        nbformat.write(nb, path)  # type: ignore[no-untyped-call]
        build(FLOOR, CACHE, [path])


def measure_static(p: Playwright, loads: int,
                   targets: dict[str, tuple[Path, str]]) -> dict[str, dict[str, list[float]]]:
    """Cold and warm times of each target (label -> site, page): a first visit in a new
    browser profile, then the next one in the same profile (:func:`profile`); each site
    served by its own file server; the targets take turns, load after load, so a change of
    load on the machine weighs on all of them alike."""
    servers = {}
    try:
        for label, (site, _) in targets.items():
            port = free_port()
            servers[label] = port, server([sys.executable, "-m", "http.server", str(port),
                                           "--bind", "127.0.0.1", "--directory", str(site)], port)
        out: dict[str, dict[str, list[float]]] = {
            label: {"cold": [], "warm": [], "cold_ready": [], "warm_ready": []}
            for label in targets}
        signals = {label: says_ready(site) for label, (site, _) in targets.items()}
        for _ in range(loads):
            for label, (_, name) in targets.items():
                url = f"http://127.0.0.1:{servers[label][0]}/voici/render/{name}.html"
                with profile(p) as context:
                    for visit in ("cold", "warm"):
                        shown, ready = load_s(context, url, signals[label])
                        out[label][visit].append(shown)
                        # before the signal, a page was shown once every cell had run
                        out[label][f"{visit}_ready"].append(shown if ready is None else ready)
        for label, times in out.items():
            print(fr.typography(
                f"site statique, {label} : premier chargement "
                f"{', '.join(fr.decimal(t, 2) for t in times['cold'])} s (prête "
                f"{', '.join(fr.decimal(t, 2) for t in times['cold_ready'])}), puis "
                f"{', '.join(fr.decimal(t, 2) for t in times['warm'])} s (prête "
                f"{', '.join(fr.decimal(t, 2) for t in times['warm_ready'])})"), flush=True)
    finally:
        for _, proc in servers.values():
            stop(proc)
    return out


#: one page timing Pyodide's own start in the browser (``?mode=``): ``bare``, the interpreter
#: alone; ``preload``, with the packages the kernel preloads (``PRELOAD``) and the imports a page
#: needs; ``snapshot``, an interpreter restored from a memory snapshot of a bare one
START_PAGE = """<!doctype html><html><head><meta charset="utf-8">
<script src="static/pyodide/pyodide.js"></script></head><body><script>
const mode = new URLSearchParams(location.search).get("mode");
const indexURL = new URL("static/pyodide/", location.href).href;
const seconds = (t) => (performance.now() - t) / 1000;
(async () => {
  const out = {};
  try {
    let t = performance.now();
    if (mode === "preload") {
      const py = await loadPyodide({indexURL, packages: %(preload)s});
      out.start = seconds(t); t = performance.now();
      py.runPython("import IPython, ipywidgets, comm, tutor.games, tutor.engine.hints");
      out.imports = seconds(t);
    } else if (mode === "snapshot") {
      const py = await loadPyodide({indexURL, _makeSnapshot: true});
      out.start = seconds(t);
      const image = py.makeMemorySnapshot();
      t = performance.now();
      const restored = await loadPyodide({indexURL, _loadSnapshot: image});
      restored.runPython("import sys");
      out.restore = seconds(t);
      out.mb = image.length / 1e6;
    } else {
      const py = await loadPyodide({indexURL});
      py.runPython("import sys");
      out.start = seconds(t);
    }
  } catch (e) { out.error = String(e).slice(-300); }
  document.body.dataset.result = JSON.stringify(out);
})();
</script></body></html>"""


def measure_start(p: Playwright, loads: int) -> dict[str, dict[str, list[Any]]]:
    """Pyodide's own start in a page (:data:`START_PAGE`), served from the site's copy of
    Pyodide and its wheels: each mode in a new browser profile (``cold``), then again in the
    same profile (``warm``, :func:`profile`), the modes taking turns load after load."""
    from tutor.static.build import PRELOAD
    out: dict[str, dict[str, list[Any]]] = {m: {"cold": [], "warm": []}
                                             for m in ("bare", "preload", "snapshot")}
    with tempfile.TemporaryDirectory(prefix="tutor-start-") as tmp:
        (Path(tmp) / "static").symlink_to(SITE / "static")
        (Path(tmp) / "start.html").write_text(START_PAGE % {"preload": json.dumps(PRELOAD)})
        port = free_port()
        proc = server([sys.executable, "-m", "http.server", str(port), "--bind", "127.0.0.1",
                       "--directory", tmp], port)
        try:
            for _ in range(loads):
                for mode, times in out.items():
                    with profile(p) as context:
                        for visit in ("cold", "warm"):
                            page = context.new_page()
                            page.goto(f"http://127.0.0.1:{port}/start.html?mode={mode}")
                            page.locator("body[data-result]").wait_for(state="attached",
                                                                       timeout=TIMEOUT)
                            times[visit].append(json.loads(page.evaluate(
                                "document.body.dataset.result")))
                            page.close()
        finally:
            stop(proc)

    def said(rows: list[dict[str, Any]], key: str) -> str:
        if any("error" in r for r in rows):
            return "échec (" + str(next(r["error"] for r in rows if "error" in r)) + ")"
        return fr.decimal(statistics.median(r[key] for r in rows), 2) + " s"

    for visit, label in (("cold", "premier chargement"), ("warm", "puis")):
        rows = {mode: times[visit] for mode, times in out.items()}
        print(fr.typography(
            f"Pyodide seul dans une page, {label} (médiane de {loads}) : l’interpréteur "
            f"démarre en {said(rows['bare'], 'start')} ; avec les paquets que le noyau "
            f"précharge, {said(rows['preload'], 'start')}, puis leurs importations "
            f"(IPython, ipywidgets, tutor) {said(rows['preload'], 'imports')} ; rendu depuis "
            f"une image mémoire, {said(rows['snapshot'], 'restore')}"), flush=True)
    return out


def measure_conseil(browser: Browser) -> dict[str, Any]:
    """One « Conseil » in Pyodide: on the static site's Stupides Vautours page, the game against
    the computer's « Conseil » clicked, timed until its panel shows, with the playouts and the
    computer decisions it says it spent (then « Affiner », the same race one more second)."""
    port = free_port()
    proc = server([sys.executable, "-m", "http.server", str(port), "--bind", "127.0.0.1",
                   "--directory", str(SITE)], port)
    out: dict[str, Any] = {}
    try:
        context = browser.new_context()
        page = context.new_page()
        page.set_default_timeout(TIMEOUT)
        page.goto(f"http://127.0.0.1:{port}/voici/render/stupides-vautours.html")
        # the game is built when the learner reaches it (tutor/ui/later.py): scroll to it
        section = page.locator(f"[data-tutor-later='{GAME_SECTION}']")
        section.scroll_into_view_if_needed()
        section.and_(page.locator("[data-tutor-built]")).wait_for(state="attached")
        button = page.locator(".tv-game .tv-hint-button").first
        button.wait_for(state="visible")
        panel = page.locator(".tv-game .tv-hints .tv-panel").first
        for label, target in (("conseil", button),
                              ("affiner", page.locator(".tv-game .tv-hint-refine").first)):
            target.wait_for(state="visible")
            before = panel.inner_text() if panel.count() else ""
            started = time.perf_counter()
            target.click()
            page.wait_for_function(
                "(before) => { const p = document.querySelector('.tv-game .tv-hints .tv-panel');"
                " return p && p.innerText !== before; }", arg=before)
            elapsed = time.perf_counter() - started
            text = panel.inner_text()
            out[label] = {"seconds": round(elapsed, 2), "panel": text[-400:]}
            print(fr.typography(f"Pyodide, « {label} » : {fr.decimal(elapsed, 2)} s — "
                                + " ".join(line for line in text.splitlines()
                                           if "En tout" in line or "Calcul" in line)[:300]),
                  flush=True)
        context.close()
    finally:
        stop(proc)
    return out


def measure_voila(browser: Browser, loads: int) -> dict[str, list[float]]:
    port = free_port()
    proc = server([sys.executable, "-m", "tutor", "app", "--port", str(port)], port)
    out: dict[str, list[float]] = {}
    try:
        context = browser.new_context()
        first_widget_s(context, f"http://127.0.0.1:{port}/voila/render/index.ipynb")  # warm-up
        for name in PAGES:
            url = f"http://127.0.0.1:{port}/voila/render/{name}.ipynb"
            out[name] = [first_widget_s(context, url) for _ in range(loads)]
        context.close()
    finally:
        stop(proc)
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--loads", type=int, default=2)
    parser.add_argument("--before", nargs=2, type=Path, metavar=("SITE", "FLOOR"),
                        help="a site and a floor built before, measured beside these")
    parser.add_argument("--static-only", action="store_true",
                        help="only the static sites (no Conseil, no Voilà app)")
    parser.add_argument("--conseil-only", action="store_true",
                        help="only one « Conseil » in Pyodide (and « Affiner »)")
    args = parser.parse_args()
    if not (SITE / "voici" / "render" / "index.html").exists():
        sys.exit("build/static is missing: run `make static` first")
    if args.conseil_only:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM_FULL, args=CHROMIUM_ARGS)
            measure_conseil(browser)
            browser.close()
        return
    build_floor()
    targets = {FLOOR_PAGE: (FLOOR, FLOOR_PAGE), **{name: (SITE, name) for name in PAGES}}
    if args.before:
        site, floor_site = (path.resolve() for path in args.before)
        targets.update({f"{FLOOR_PAGE} (avant)": (floor_site, FLOOR_PAGE),
                        **{f"{name} (avant)": (site, name) for name in PAGES}})
    conseil: dict[str, Any] = {}
    voila: dict[str, list[float]] = {}
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM_FULL, args=CHROMIUM_ARGS)
        static = measure_static(p, args.loads, targets)
        start = measure_start(p, args.loads)
        if not args.static_only:
            conseil = measure_conseil(browser)
            voila = measure_voila(browser, args.loads)
        browser.close()
    size = sum(f.stat().st_size for f in SITE.rglob("*") if f.is_file())
    report: dict[str, Any] = {**run_info(), "date": time.strftime("%Y-%m-%d"),
                              "site_mib": size / 2**20,
                              "static": static, "pyodide_start": start,
                              "voila": voila, "conseil": conseil}
    print(fr.typography(f"Temps jusqu’au premier widget, médiane de {args.loads} chargements "
                        f"(s) ; site de {fr.decimal(size / 2**20)} Mio"))
    print(fr.typography("(« prête » : chaque cellule a tourné, un clic a sa réponse ; une page "
                        "s’affiche dès que son ouverture a tourné)"))
    print(f"{'page':30} {'statique 1er':>12} {'prête':>6} {'statique 2e':>12} {'prête':>6} "
          f"{'Voilà':>8}")
    for label, times in static.items():
        name = label.removesuffix(" (avant)")
        shown = "plancher (1 widget)" + label.removeprefix(FLOOR_PAGE) if name == FLOOR_PAGE \
            else label
        served = f"{statistics.median(voila[label]):8.1f}" if label in voila else f"{'':>8}"
        print(f"{shown:30} {statistics.median(times['cold']):12.1f} "
              f"{statistics.median(times['cold_ready']):6.1f} "
              f"{statistics.median(times['warm']):12.1f} "
              f"{statistics.median(times['warm_ready']):6.1f} {served}")
    results = ROOT / "bench-results"
    results.mkdir(exist_ok=True)
    (results / f"static-{report['date']}.json").write_text(json.dumps(report, indent=1))


if __name__ == "__main__":
    main()

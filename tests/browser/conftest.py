"""Browser fixtures: the app served as `make app` serves it, on a free loopback port, driven by
Playwright in Debian's Chromium (no browser download is possible here)."""

from __future__ import annotations

import os
import shutil
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Generator, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

from . import groups

# A click on a busy 2-core CI machine has been seen to take 13 s: assertions on what a click
# changes wait up to this long (they return as soon as the change is there).
expect.set_options(timeout=45_000)

ROOT = Path(__file__).resolve().parents[2]
ARTEFACTS = ROOT / "test-artefacts"
#: the full browser, as learners run it: what the benchmarks time pages with
CHROMIUM_FULL = shutil.which("chromium") or "/usr/bin/chromium"
#: the browser the tests drive: Debian's headless shell (package chromium-headless-shell: the same
#: Blink and V8 as chromium, without the desktop browser around them), about half the
#: processor per page load of the full chromium on this 2-core machine, where the suite is
#: processor-bound (docs/testing.md); the full chromium where the shell is missing
CHROMIUM = shutil.which("chromium-headless-shell") or CHROMIUM_FULL
CHROMIUM_ARGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]


#: ``TUTOR_BROWSER_GROUP=k/n``: this process runs group k of n (tests/browser/groups.py)
GROUP = groups.parse(os.environ[groups.ENV]) if os.environ.get(groups.ENV) else None


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    browser = {item for item in items
               if "tests/browser/" in str(item.fspath).replace(os.sep, "/")}
    for item in browser:
        item.add_marker(pytest.mark.browser)
    if GROUP is None:
        return
    group, count = GROUP
    whole = groups.whole_files()
    units = {item: groups.unit(Path(str(item.fspath)).name, item.name, whole)
             for item in browser}
    timings = groups.unit_timings(units.values())
    mine = set(groups.assign(set(units.values()), timings, count)[group - 1])
    kept = [item for item in items if item not in browser or units[item] in mine]
    if len(kept) < len(items):
        config.hook.pytest_deselected(items=[item for item in items if item not in kept])
    # the group's longest units first (a stable sort: a file kept whole stays in one piece): the
    # tests that mostly wait on the server's own delays (culling, a flood, a lost click) run
    # while the other groups keep both cores busy, and every group ends on short tests
    kept.sort(key=lambda item: -timings[units[item]] if item in units else 0.0)
    items[:] = kept


@pytest.fixture(scope="session")
def browser_type_launch_args() -> dict[str, Any]:
    if not Path(CHROMIUM).exists():
        pytest.fail("Debian's chromium is required for the browser tests: run `make test`, "
                    "which installs it (apt-get install chromium).")
    return {"executable_path": CHROMIUM, "args": CHROMIUM_ARGS}


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def wait_for_port(port: int, proc: subprocess.Popen[bytes], timeout: float = 60) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(f"the app exited early with code {proc.returncode}")
        with socket.socket() as s:
            if s.connect_ex(("127.0.0.1", port)) == 0:
                return
        time.sleep(0.2)
    raise TimeoutError(f"the app did not listen on port {port} within {timeout} s")


def stop(proc: subprocess.Popen[bytes]) -> None:
    """SIGTERM to the whole process group (Voilà and its kernels), SIGKILL if it lingers."""
    if proc.poll() is not None:
        return
    os.killpg(proc.pid, signal.SIGTERM)
    try:
        proc.wait(timeout=15)
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)
        proc.wait(timeout=5)


class App:
    """A running `python -m tutor app`: its address and its process (Voilà; kernels below)."""

    def __init__(self, url: str, proc: subprocess.Popen[bytes], log: Path) -> None:
        self.url, self.proc, self.log = url, proc, log

    @property
    def pid(self) -> int:
        return self.proc.pid


def log_path(name: str) -> Path:
    """test-artefacts/<name>.log, or <name>-group<k>.log in group k of ``make test``: two
    groups may run tests of the same server at once, and one writing over the other's log left
    a test reading its refusals there with nothing to read."""
    ARTEFACTS.mkdir(exist_ok=True)
    return ARTEFACTS / (f"{name}-group{GROUP[0]}.log" if GROUP else f"{name}.log")


@contextmanager
def serve(name: str, **env: str) -> Iterator[App]:
    """`python -m tutor app` (what `make app` runs) on a free loopback port, with extra
    environment variables (the operator's knobs); its log goes to :func:`log_path`."""
    port = free_port()
    path = log_path(name)
    with path.open("wb") as log:
        proc = subprocess.Popen(
            [sys.executable, "-m", "tutor", "app", "--port", str(port)],
            cwd=ROOT, stdout=log, stderr=subprocess.STDOUT, start_new_session=True,
            env={**os.environ, **env},
        )
        try:
            wait_for_port(port, proc)
            yield App(f"http://127.0.0.1:{port}", proc, path)
        finally:
            stop(proc)


@pytest.fixture(scope="session")
def app() -> Iterator[App]:
    """The app shared by the browser tests, without preheated kernels: each page is rendered
    with a kernel started for its request, as a learner's is past the pool (the pool's path has
    servers of its own in tests/browser/test_culling.py and test_classe.py). On the
    processor-bound CI machine a pool saves no work: a page taken from it is warmed again at
    once, for the processor time of a page rendered on demand, and each of the ``make test``
    groups' servers would end with a kernel warmed for each of the five pages, never opened
    (docs/testing.md). Every test comes from 127.0.0.1, like a whole class behind one router:
    the limits per address meant for one visitor are raised, its log limit too, so that its log
    keeps every line for debugging (tests/browser/test_hostile.py checks the limits on servers
    of its own)."""
    with serve("voila", TUTOR_POOL_SIZE="0", TUTOR_ADDRESS_PENDING="100",
               TUTOR_RENDERS_PER_MINUTE="6000", TUTOR_LOG_LINES_PER_MINUTE="100000") as running:
        yield running


@pytest.fixture(scope="session")
def app_url(app: App) -> str:
    return app.url


@pytest.fixture(params=["direct", "nginx"])
def shared_front(request: pytest.FixtureRequest, app: App) -> Iterator[Any]:
    """The shared server reached directly or through the nginx of ``deploy/``
    (:func:`tests.browser.front.through`): a test about the HTTP surface takes it to run both
    ways."""
    from .front import through  # (front.py imports this module)

    with through(request.param, app) as reached:
        yield reached


@pytest.fixture(scope="session")
def shots() -> Path:
    path = ARTEFACTS / "screenshots"
    path.mkdir(parents=True, exist_ok=True)
    return path


#: what a failed test reports of each page still open (see :func:`pytest_runtest_makereport`)
PAGE_STATE_JS = """() => {
  const b = document.body;
  const attrs = [...b.attributes].filter(a => a.name.startsWith('data-tutor'))
    .map(a => a.name + (a.value ? '=' + a.value : ''));
  const texts = sel => [...document.querySelectorAll(sel)]
    .map(e => e.textContent.replace(/\\s+/g, ' ').trim()).filter(t => t).slice(0, 5);
  return {attrs, views: document.querySelectorAll('.jupyter-widgets').length,
          errors: texts('.tv-error, .jupyter-widgets-error-widget, '
                        + '[data-mime-type="application/vnd.jupyter.stderr"]'),
          missing: (b.innerText.match(/[Mm]odel not found/g) || []).length,
          unbuilt: document.querySelectorAll('[data-tutor-later]:not([data-tutor-built])').length};
}"""


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]
                              ) -> Generator[None, Any, None]:
    """When a browser test fails, its report says what each page still open showed (its
    readiness flags, widget views, errors shown, widgets whose model never came), keeps a
    screenshot of it in test-artefacts/failures/ and ends with the server log's last lines: a
    rare failure on a busy CI machine can then be read from CI's output alone."""
    outcome = yield
    report = outcome.get_result()
    funcargs = getattr(item, "funcargs", {})
    browser = funcargs.get("browser")
    if report.when != "call" or not report.failed or browser is None:
        return
    lines, folder = [], ARTEFACTS / "failures"
    folder.mkdir(parents=True, exist_ok=True)
    for c, context in enumerate(browser.contexts):
        for p, page in enumerate(context.pages):
            try:
                state = page.evaluate(PAGE_STATE_JS)
                shot = folder / f"{item.name}-{c}-{p}.png"
                page.screenshot(path=str(shot), full_page=True, timeout=30_000)
                lines.append(f"{page.url}\n  {state}\n  screenshot: {shot.relative_to(ROOT)}")
            except Exception as exc:  # a closed or crashed page says so, the report goes on
                lines.append(f"{page.url}\n  not readable: {exc}")
    app = funcargs.get("app")
    if isinstance(app, App) and app.log.exists():
        tail = app.log.read_text(errors="replace").splitlines()[-30:]
        lines.append("server log, last lines:\n" + "\n".join(tail))
    report.sections.append(("pages at failure", "\n".join(lines) or "no page open"))

"""The tutor served to a class through JupyterHub (`deploy/jupyterhub/jupyterhub_config.py`),
for real: JupyterHub with configurable-http-proxy (npm, in build/chp), anonymous learners
(jupyterhub-tmpauthenticator), each learner's own server with Voilà and the tutor's template as
its default page, idle servers culled (jupyterhub-idle-culler). Ten learners arrive at once; each
is logged in without an account, gets the Accueil and the Stupides Vautours page, and their
widgets answer over the protocol (a page's websocket, through the proxy, with the learner's
cookie); once they have left, the culler stops every learner's server and its kernels.

Run by `make test-hub` (installs the `hub` extra and the proxy; skipped elsewhere). Delays are
bounds a healthy run never reaches: a busy two-core machine only makes the test wait longer.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest

from tutor import fr

from .conftest import ARTEFACTS, ROOT, free_port, stop, wait_for_port
from .kernel import KernelChannel, descendants, is_kernel, kernel_id

HUB = pytest.mark.skipif(os.environ.get("TUTOR_TEST_HUB") != "1",
                         reason="run by `make test-hub` (installs JupyterHub and its proxy)")
CONFIG = ROOT / "deploy" / "jupyterhub" / "jupyterhub_config.py"
CHP = ROOT / "build" / "chp" / "node_modules" / ".bin" / "configurable-http-proxy"
LEARNERS = 10
SPAWN_S = 600  # a learner's server started and its page rendered (ten at once, two cores)
CULL_TIMEOUT_S = 60  # idle this long, a learner's server is culled
CULL_EVERY_S = 10
USER = re.compile(r"/(?:user|spawn-pending)/([0-9a-f-]{36})")


def cmdline(pid: int) -> bytes:
    try:
        return Path(f"/proc/{pid}/cmdline").read_bytes()
    except OSError:
        return b""


def rss_mb(pid: int) -> float:
    try:
        found = re.search(r"VmRSS:\s+(\d+) kB", Path(f"/proc/{pid}/status").read_text())
    except OSError:
        return 0.0
    return int(found.group(1)) / 1024 if found else 0.0


def running(pid: int, marker: bytes) -> int:
    """Processes below ``pid`` whose command line holds ``marker``."""
    return sum(marker in cmdline(child) for child in descendants(pid))


def kernels_below(pid: int) -> int:
    """Kernels below ``pid``, whichever launcher started them."""
    return sum(is_kernel(cmdline(child)) for child in descendants(pid))


class Hub:
    def __init__(self, url: str, proc: subprocess.Popen[bytes], log: Path) -> None:
        self.url, self.proc, self.log = url, proc, log


@pytest.fixture(scope="module")
def hub(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Hub]:
    if shutil.which("node") is None or not CHP.exists():
        pytest.fail("configurable-http-proxy is missing: run `make test-hub`, which installs it")
    state = tmp_path_factory.mktemp("hub")
    port = free_port()
    env = {**os.environ, "TUTOR_HUB_STATE": str(state), "TUTOR_HUB_PORT": str(port),
           "TUTOR_HUB_API_PORT": str(free_port()), "TUTOR_HUB_HUB_PORT": str(free_port()),
           "TUTOR_HUB_CULL_TIMEOUT": str(CULL_TIMEOUT_S), "TUTOR_HUB_CULL_EVERY":
           str(CULL_EVERY_S), "TUTOR_HUB_ACTIVITY_INTERVAL": "10", "TUTOR_CHP": str(CHP),
           "PYTHONPATH": str(ROOT)}
    ARTEFACTS.mkdir(exist_ok=True)
    log = ARTEFACTS / "jupyterhub.log"
    with log.open("wb") as out:
        proc = subprocess.Popen([sys.executable, "-m", "jupyterhub", "-f", str(CONFIG)],
                                cwd=state, stdout=out, stderr=subprocess.STDOUT,
                                start_new_session=True, env=env)
        try:
            wait_for_port(port, proc, timeout=180)
            deadline = time.monotonic() + 180
            while "JupyterHub is now running" not in log.read_text(errors="replace"):
                assert proc.poll() is None, f"JupyterHub stopped: see {log}"
                assert time.monotonic() < deadline, f"JupyterHub did not start: see {log}"
                time.sleep(0.5)
            yield Hub(f"http://127.0.0.1:{port}", proc, log)
        finally:
            stop(proc)


def widgets(base: str, kid: str, cookie: str) -> dict[str, dict[str, Any]]:
    channel = KernelChannel(base, kid, cookie=cookie)
    try:
        return channel.widget_states()
    finally:
        channel.close()


def learner(hub: str, index: int) -> dict[str, Any]:
    """One anonymous learner's visit: logged in by opening the hub, its server started, the
    Accueil and a game page with their widgets."""
    import requests

    time.sleep(index * 0.5)  # a class arriving within five seconds
    session = requests.Session()
    start = time.monotonic()
    response = session.get(f"{hub}/", timeout=SPAWN_S)
    name = ""
    while not (response.status_code == 200 and response.url.endswith(
            "/voila/render/index.ipynb")):
        found = USER.search(response.url)
        name = found.group(1) if found else name
        assert name, f"not logged in: {response.status_code} {response.url}"
        assert time.monotonic() - start < SPAWN_S, f"server of {name} not ready"
        time.sleep(2)  # the spawn-pending page: its server is starting
        response = session.get(f"{hub}/user/{name}/", timeout=SPAWN_S)
    accueil_s = time.monotonic() - start
    name = USER.search(response.url).group(1)  # type: ignore[union-attr]
    base = f"{hub}/user/{name}"
    cookie = "; ".join(f"{c.name}={c.value}" for c in session.cookies)
    accueil = response.content.decode()
    home = widgets(base, kernel_id(accueil), cookie)
    game_page = session.get(f"{base}/voila/render/stupides-vautours.ipynb", timeout=SPAWN_S)
    assert game_page.status_code == 200
    game = widgets(base, kernel_id(game_page.content.decode()), cookie)
    return {"name": name, "accueil": accueil, "home": home, "game": game,
            "accueil_s": accueil_s, "total_s": time.monotonic() - start,
            "closed": [session.get(f"{base}/{path}", timeout=60, allow_redirects=False)
                       .status_code for path in ("tree", "lab", "terminals/1",
                                                 "api/terminals")] if index == 0 else []}


@HUB
def test_ten_anonymous_learners_get_the_tutor_through_jupyterhub_and_are_culled(
        hub: Hub) -> None:
    started = time.monotonic()
    with ThreadPoolExecutor(LEARNERS) as pool:
        visits = list(pool.map(lambda i: learner(hub.url, i), range(LEARNERS)))
    served_s = time.monotonic() - started
    assert len({v["name"] for v in visits}) == LEARNERS, "ten learners, ten accounts-free users"
    for visit in visits:
        # the tutor's template (its lost-kernel banner, French page) with Voilà's widgets
        assert 'lang="fr"' in visit["accueil"] and "tutor-lost" in visit["accueil"]
        assert visit["home"], "the Accueil's widgets answer"
        # the game page's link with the browser (tutor/ui/page.py), and its widgets' states
        assert any(s.get("key") == "tutor:vautours" for s in visit["game"].values()), \
            sorted({str(s.get("_model_name")) for s in visit["game"].values()})
    assert all(code in (403, 404) for code in visits[0]["closed"]), \
        f"no file tree, no JupyterLab, no terminal: {visits[0]['closed']}"
    servers = running(hub.proc.pid, b"jupyterhub.singleuser")
    assert servers == LEARNERS
    per_learner_mb = sum(rss_mb(p) for p in descendants(hub.proc.pid)
                         if b"configurable-http-proxy" not in cmdline(p)) / LEARNERS
    # they have left: the culler stops their servers (and their kernels with them)
    left = time.monotonic()
    deadline = left + CULL_TIMEOUT_S + 12 * CULL_EVERY_S + 120
    while time.monotonic() < deadline and (running(hub.proc.pid, b"jupyterhub.singleuser")
                                           or kernels_below(hub.proc.pid)):
        time.sleep(2)
    culled_s = time.monotonic() - left
    assert running(hub.proc.pid, b"jupyterhub.singleuser") == 0, "idle servers are culled"
    assert kernels_below(hub.proc.pid) == 0, "their kernels too"
    accueils = sorted(v["accueil_s"] for v in visits)
    print(fr.typography(
        f"\nJupyterHub : {LEARNERS} apprenants servis en {fr.decimal(served_s, 0)} s (Accueil : "
        f"médiane {fr.decimal(accueils[len(accueils) // 2], 1)} s, pire "
        f"{fr.decimal(accueils[-1], 1)} s), {fr.decimal(per_learner_mb, 0)} Mo par apprenant "
        f"(son serveur et ses deux noyaux), serveurs arrêtés {fr.decimal(culled_s, 0)} s après "
        "leur départ"))

"""``python -m tutor app``: serve the notebooks as a web app with Voilà (what ``make app`` runs).

The configuration lives here, in the repository: preheated kernels, kernel culling so that no
kernel outlives its closed tab for long, sources stripped, tracebacks hidden, and the ``tutor``
page template (``tutor/voila/templates/tutor``: the lab template plus a banner telling the learner
when the page has lost its kernel). The root URL opens the Accueil; the file tree and the contents
API are not served (only the app's pages are). Every rule file is checked before serving, so a
malformed file stops the app with its file, line and reason instead of half-rendering a page.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import Any

from jupyter_server._tz import utcnow
from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager

NOTEBOOKS = Path(__file__).resolve().parent.parent / "notebooks"
HOME = "index.ipynb"
TEMPLATES = Path(__file__).resolve().parent  # holds voila/templates/tutor

CONFIG: dict[str, dict[str, Any]] = {
    "VoilaConfiguration": {
        "preheat_kernel": True,
        "default_pool_size": 1,
        "strip_sources": True,
        "show_tracebacks": False,
        "file_allowlist": [r".*\.(png|jpg|gif|svg)"],
        "multi_kernel_manager_class": "tutor.app.PoolAwareKernelManager",
        "template": "tutor",
    },
    "MappingKernelManager": {
        # a page's kernel is shut down about a minute after its tab is closed
        "cull_idle_timeout": 60,
        "cull_interval": 20,
        "cull_connected": False,
    },
}


class PoolAwareKernelManager(AsyncMappingKernelManager):
    """Culls idle kernels of closed pages, but never the preheated kernels waiting in Voilà's
    pool (they have no connection and no activity by design), nor a preheated kernel just handed
    to a page whose websocket has not connected yet: its idle clock restarts when it leaves the
    pool, otherwise the time it waited there would get it culled under the learner's feet."""

    _pooled: frozenset[str] = frozenset()

    def pooled_kernel_ids(self) -> set[str]:
        ids: set[str] = set()
        for pool in getattr(self, "_pools", {}).values():
            for task in pool:
                if task.done() and not task.cancelled() and task.exception() is None:
                    ids.add(task.result()["kernel_id"])
        return ids

    async def cull_kernels(self) -> None:
        pooled = frozenset(self.pooled_kernel_ids())
        for kernel_id in self._pooled - pooled:  # handed to a page since the last pass
            kernel = self._kernels.get(kernel_id)
            if kernel is not None:
                kernel.last_activity = utcnow()
        self._pooled = pooled
        await super().cull_kernels()  # type: ignore[no-untyped-call]

    async def cull_kernel_if_idle(self, kernel_id: str) -> None:
        if kernel_id in self._pooled:
            return
        await super().cull_kernel_if_idle(kernel_id)  # type: ignore[no-untyped-call]


def make_app(port: int, ip: str, root: Path = NOTEBOOKS) -> Any:
    """A configured Voilà application serving ``root`` (imports Voilà only when called)."""
    from tornado.web import RedirectHandler
    from traitlets.config import Config
    from voila.app import Voila
    from voila.handler import VoilaHandler
    from voila.tornado.contentshandler import VoilaContentsHandler
    from voila.tornado.treehandler import TornadoVoilaTreeHandler

    class TutorVoila(Voila):  # type: ignore[misc]
        """Voilà with the Accueil at the root and no file browser."""

        def init_handlers(self) -> list[Any]:
            handlers = [
                h for h in super().init_handlers()
                if h[1] not in (TornadoVoilaTreeHandler, VoilaContentsHandler)
            ]
            home = f"{self.server_url.rstrip('/')}/voila/render/{HOME}"
            redirect = [(self.server_url.rstrip("/") + r"/?", RedirectHandler, {"url": home}),
                        (self.server_url.rstrip("/") + r"/voila/tree.*", RedirectHandler,
                         {"url": home})]
            assert any(h[1] is VoilaHandler or issubclass(h[1], VoilaHandler) for h in handlers)
            return redirect + handlers

    config = {section: dict(values) for section, values in CONFIG.items()}
    for key, env in (("cull_idle_timeout", "TUTOR_CULL_IDLE_TIMEOUT"),
                     ("cull_interval", "TUTOR_CULL_INTERVAL")):
        if os.environ.get(env):  # operators (and the culling test) may shorten the delays
            config["MappingKernelManager"][key] = int(os.environ[env])
    paths = os.environ.get("JUPYTER_PATH", "")
    if str(TEMPLATES) not in paths.split(os.pathsep):
        os.environ["JUPYTER_PATH"] = os.pathsep.join(p for p in (str(TEMPLATES), paths) if p)
    app = TutorVoila(config=Config(config))
    app.initialize([str(root), "--no-browser", f"--port={port}", f"--Voila.ip={ip}"])
    return app


def preflight() -> list[str]:
    """Problems that would break a page: every registered game's rule file (and any data file
    its engine loads at start) must parse. Returns French lines ``file:line: reason``."""
    from tutor import rules
    from tutor.games import GAMES

    problems: list[str] = []
    for info in GAMES.values():
        try:
            rules.load.cache_clear()
            rules.load(info.id)
            check = getattr(info.module(), "preflight", None)
            if check is not None:
                check()
        except rules.RulesError as exc:
            problems.extend(str(p) for p in exc.problems)
        except (OSError, ValueError) as exc:
            problems.append(str(exc))  # DeckError and the like: "file:line: reason"
    return problems


def serve(port: int = 8866, ip: str = "127.0.0.1") -> int:
    """Serve the tutor until interrupted; refuse to start (exit code 1) on a malformed file."""
    problems = preflight()
    if problems:
        print("Le tuteur ne peut pas démarrer : des fichiers de règles sont mal formés.",
              file=sys.stderr)
        for line in problems:
            print(f"ERREUR {line}", file=sys.stderr)
        return 1
    app = make_app(port, ip)
    print(f"Le tuteur est servi sur http://{ip}:{port}/ (Ctrl+C pour arrêter).", flush=True)
    app.start()
    return 0

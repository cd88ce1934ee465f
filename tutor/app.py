"""``python -m tutor app``: serve the notebooks as a web app with Voilà (what ``make app`` runs).

The configuration lives here, in the repository: sources stripped, tracebacks hidden, the
``tutor`` page template (``tutor/voila/templates/tutor``: the lab template plus a French banner
when the page has lost its kernel, "Calcul en cours…" when a click takes over a second, and a
readiness signal), no template or theme override from the URL, kernel websocket frames checked
before jupyter_server parses them and capped at 1 MiB (``tutor/voila/guards.py``), and the
kernels' management (``tutor/voila/kernels.py``): a cap on their number (a French 503 page past
it), pools of preheated kernels per page refilled one at a time at low priority, a memory limit
per kernel, and culling of closed pages' kernels after a minute and of idle open pages' after
30 minutes. The root URL opens the Accueil; the file tree and the contents API are not served.
Every rule file is checked before serving, so a malformed file stops the app with its file, line
and reason instead of half-rendering a page.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tutor import fr
from tutor.voila.kernels import Limits

NOTEBOOKS = Path(__file__).resolve().parent.parent / "notebooks"
HOME = "index.ipynb"
TEMPLATES = Path(__file__).resolve().parent  # holds voila/templates/tutor
MAX_MESSAGE_BYTES = 1024 * 1024  # a page's widget messages are a few KB

CONFIG: dict[str, dict[str, Any]] = {
    "VoilaConfiguration": {
        "preheat_kernel": True,
        "default_pool_size": 1,
        "strip_sources": True,
        "show_tracebacks": False,
        "file_allowlist": [r".*\.(png|jpg|gif|svg)"],
        "multi_kernel_manager_class": "tutor.voila.kernels.TutorKernelManager",
        "template": "tutor",
        "theme": "light",
        # `?template=` served pages without our banner (and `..` hung); `?theme=` was written
        # unescaped into the page: neither may come from the URL (nor from a notebook)
        "allow_template_override": "NO",
        "allow_theme_override": "NO",
        # only the front-end extensions a page uses: the widgets and the browser link. Others
        # installed beside them (JupyterLite's, by `make static`) failed to load in every page
        # and cost each load about two seconds
        "extension_allowlist": ["@voila-dashboards/widgets-manager8",
                                "@jupyter-widgets/jupyterlab-manager", "anywidget"],
    },
    "Voila": {
        "kernel_websocket_connection_class": "tutor.voila.guards.GuardedConnection",
        # pings every 30 s, a connection whose ping has gone unanswered for as long is closed
        # (guards.KernelSocket; jupyter_server's default timeout of 90 s made Tornado warn that
        # it exceeds the interval)
        "tornado_settings": {"websocket_max_message_size": MAX_MESSAGE_BYTES,
                             "ws_ping_interval": 30_000, "ws_ping_timeout": 30_000},
    },  # headers and the French 404 are added by make_app
    # the pages are French: <html lang="fr"> (screen readers read them with French voices and
    # browsers do not offer to translate them from English); Voilà's exporter is nbconvert's
    "HTMLExporter": {"language_code": "fr"},
    # kernels talk to the server over Unix sockets in the server's own connection directory:
    # over TCP the server picked free ports that the kernel bound a moment later, and on a busy
    # machine another process took one meanwhile (the kernel died on "Address already in use",
    # its traceback in the log); TCP also made every kernel warn that it is unencrypted
    "KernelManager": {"transport": "ipc"},
    "MappingKernelManager": {
        # a page's kernel is shut down about a minute after its tab is closed
        "cull_idle_timeout": 60,
        "cull_interval": 20,
        "cull_connected": False,  # an open but idle page: TutorKernelManager's longer delay
        "kernel_manager_class": "tutor.voila.kernels.TutorKernel",
    },
}


def limits(root: Path = NOTEBOOKS) -> Limits:
    """The kernel cap, pool size and per-kernel limits for serving ``root`` on this machine."""
    return Limits.from_env(pages=len(list(root.glob("*.ipynb"))))


@dataclass(frozen=True)
class Classe:
    """A class expected: ``learners`` on each of ``pages`` (notebook files)."""

    learners: int
    pages: tuple[str, ...]


def classe_from(learners: int | None, pages: list[str] | None, root: Path = NOTEBOOKS,
                env: Mapping[str, str] = os.environ) -> Classe | None:
    """The class of ``--classe``/``--page``, else of ``TUTOR_CLASSE``/``TUTOR_CLASSE_PAGES``
    (pages separated by commas); None without one. A page that does not exist, or a class
    without a page, stops the app with a French message."""
    from tutor.voila.classe import page_file
    from tutor.voila.kernels import env_int

    if learners is None:
        learners = env_int(env, "TUTOR_CLASSE", 0) or None
    if not pages:
        pages = [p for p in env.get("TUTOR_CLASSE_PAGES", "").split(",") if p.strip()]
    if learners is None:
        return None
    if learners < 1:
        raise SystemExit("La classe compte au moins un apprenant (--classe).")
    if not pages:
        raise SystemExit(fr.typography("Indiquez la page où la classe arrive : --page "
                                       "stupides-vautours (ou TUTOR_CLASSE_PAGES)."))
    files = tuple(dict.fromkeys(page_file(p) for p in pages))
    known = sorted(p.stem for p in root.glob("*.ipynb"))
    for name in files:
        if not (root / name).is_file():
            raise SystemExit(fr.typography(f"Page inconnue « {name.removesuffix('.ipynb')} » "
                                           f"(pages : {', '.join(known)})."))
    return Classe(learners, files)


def class_config(classe: Classe, lim: Limits, env: Mapping[str, str] = os.environ,
                 available_mb: int | None = None) -> dict[str, Any]:
    """``TutorKernelManager``'s settings for ``classe``: the class and the memory available now
    (its pools are sized in :mod:`tutor.voila.classe`), one kernel ready for the other pages,
    and the pages one address may have opening at once and the kernels it may hold raised to
    the class (a class behind one router is one address; ``TUTOR_ADDRESS_PENDING`` and
    ``TUTOR_ADDRESS_KERNELS`` still override them)."""
    from tutor.voila.kernels import memory_available_mb

    out: dict[str, Any] = {
        "class_learners": classe.learners, "class_pages": list(classe.pages),
        "class_memory_mb": memory_available_mb() if available_mb is None else available_mb,
        "pool_size": min(1, lim.pool_size)}
    whole = classe.learners * len(classe.pages)
    if not env.get("TUTOR_ADDRESS_PENDING", "").strip():
        out["address_pending"] = max(lim.address_pending, whole)
    if not env.get("TUTOR_ADDRESS_KERNELS", "").strip():
        out["address_kernels"] = max(lim.address_kernels, whole)
    return out


def make_app(port: int, ip: str, root: Path = NOTEBOOKS, classe: Classe | None = None) -> Any:
    """A configured Voilà application serving ``root`` (imports Voilà only when called); with
    ``classe``, the pools of its pages are sized and warmed for it (:mod:`tutor.voila.classe`),
    the other pages keep one kernel ready."""
    from jupyter_server.auth.login import LoginFormHandler
    from jupyter_server.auth.logout import LogoutHandler
    from jupyter_server.services.kernels.handlers import KernelHandler
    from tornado.ioloop import IOLoop
    from tornado.web import RedirectHandler
    from traitlets.config import Config
    from voila import app as voila_app
    from voila.app import Voila
    from voila.handler import VoilaHandler
    from voila.request_info_handler import RequestInfoSocketHandler
    from voila.shutdown_kernel_handler import VoilaShutdownKernelHandler
    from voila.static_file_handler import TemplateStaticFileHandler
    from voila.tornado.contentshandler import VoilaContentsHandler
    from voila.tornado.handler import TornadoVoilaHandler
    from voila.tornado.kernel_websocket_handler import VoilaKernelWebsocketHandler
    from voila.tornado.treehandler import TornadoVoilaTreeHandler

    from tutor.voila import guards, server, timing
    from tutor.voila.kernels import LOG_CLIENT, PoolMixin
    from tutor.voila.timed import TimedPageHandler

    replaced = {TornadoVoilaHandler: TimedPageHandler, VoilaShutdownKernelHandler:
                guards.ShutdownHandler, KernelHandler: guards.KernelHandlerOwnStop,
                TemplateStaticFileHandler: guards.TemplateFiles,
                VoilaKernelWebsocketHandler: guards.KernelSocket}
    max_url = guards.GUARDS.max_url_kb * 1024

    class TutorVoila(Voila):  # type: ignore[misc]
        """Voilà with the Accueil at the root, no file browser, guarded pages and pools."""

        def init_settings(self) -> dict[str, Any]:
            # Voilà wraps the kernel manager class into its preheating one; put our pools
            # (refilled one kernel at a time, within the cap) above that wrapper
            factory = voila_app.voila_kernel_manager_factory

            def with_pools(base: type, *args: Any, **kwargs: Any) -> type:
                return type("TutorPoolKernelManager", (PoolMixin, factory(base, *args, **kwargs)),
                            {})

            voila_app.voila_kernel_manager_factory = with_pools
            try:
                settings: dict[str, Any] = super().init_settings()
            finally:
                voila_app.voila_kernel_manager_factory = factory
            # every unknown address: a French 404 (Tornado's own page is English); every page:
            # a Content-Security-Policy allowing only the server's scripts, no referrer outside
            settings["default_handler_class"] = guards.NotFoundHandler
            settings["headers"] = {**settings.get("headers", {}), **guards.HEADERS}
            settings["log_function"] = guards.log_request  # refusals: a few lines per client
            return settings

        def listen(self) -> None:
            # answer what passes TUTOR_MAX_URL_KB with a French 414 page (and a link past the
            # header limit too: server.TutorHTTPServer)
            app = self.app
            find = app.find_handler

            def listen_wide(port: int, address: str = "", **kw: Any) -> Any:
                # headers read for tens of seconds and a few KB at most, connections bounded
                # per address, the accept loop's errors counted (tutor/voila/server.py)
                limits = server.Connections.from_env()
                wide = max(limits.header_kb * 1024, 4 * max_url)
                http = server.TutorHTTPServer(app, limits=limits, max_header_size=wide)
                http.listen(port, address, **kw)
                return http

            def find_handler(request: Any, **kw: Any) -> Any:
                # whatever this request (and the websocket or kernel it opens) logs counts
                # against its client's log limit (guards.QuietLog)
                LOG_CLIENT.set(str(request.remote_ip or "?"))
                if len(request.uri or "") > max_url:
                    return app.get_handler_delegate(request, guards.LongUrlHandler)
                return find(request, **kw)

            app.listen, app.find_handler = listen_wide, find_handler
            super().listen()

        def init_handlers(self) -> list[Any]:
            handlers = []
            for h in super().init_handlers():
                # no file tree, no contents, no login or logout (no accounts: /logout answered
                # 500 with a traceback, a missing template), no /voila/query/<kernel> (a
                # preheated kernel's query string for anyone naming it; the tutor reads none)
                if h[1] in (TornadoVoilaTreeHandler, VoilaContentsHandler, LoginFormHandler,
                            LogoutHandler, RequestInfoSocketHandler) \
                        or h[0].endswith(("/login", "/logout")):
                    continue
                if h[1] in replaced:
                    h = (h[0], replaced[h[1]], *h[2:])
                if h[0].endswith("/voila/labextensions/(.*)"):
                    # Voilà serves the widget extensions with "no-cache", so every page asked
                    # for each of them again; their names and `?v=` carry their content hash:
                    # the browser may keep them (a learner goes from the Accueil to a game)
                    h = (h[0], h[1], {k: v for k, v in h[2].items() if k != "no_cache_paths"})
                handlers.append(h)
            home = f"{self.server_url.rstrip('/')}/voila/render/{HOME}"
            redirect = [(self.server_url.rstrip("/") + r"/?", RedirectHandler, {"url": home}),
                        (self.server_url.rstrip("/") + r"/voila/tree.*", RedirectHandler,
                         {"url": home})]
            assert any(h[1] is TimedPageHandler for h in handlers)
            assert any(h[1] is guards.KernelSocket for h in handlers)
            assert not any(h[1] in replaced for h in handlers)
            assert all(h[1] is not VoilaHandler for h in handlers)
            # every response: the CSP and the other headers, French error pages
            return [guards.french_errors(h) for h in redirect + handlers]

    config = {section: dict(values) for section, values in CONFIG.items()}
    for key, env in (("cull_idle_timeout", "TUTOR_CULL_IDLE_TIMEOUT"),
                     ("cull_interval", "TUTOR_CULL_INTERVAL")):
        if os.environ.get(env):  # operators (and the culling test) may shorten the delays
            config["MappingKernelManager"][key] = int(os.environ[env])
    lim = limits(root)
    config["VoilaConfiguration"]["default_pool_size"] = lim.pool_size
    config["TutorKernelManager"] = {
        "max_kernels": lim.max_kernels, "pool_size": lim.pool_size,
        "kernel_max_mb": lim.kernel_max_mb, "cull_connected_timeout": lim.cull_connected_timeout,
        "client_kernels": lim.client_kernels, "address_pending": lim.address_pending,
        "connect_grace": lim.connect_grace, "address_kernels": lim.address_kernels,
        "kernel_cpu_per_minute": lim.kernel_cpu_per_minute,
        "kernel_cpu_window": lim.kernel_cpu_window,
    }
    if classe is not None:
        config["TutorKernelManager"].update(class_config(classe, lim))
        # Voilà's own pool size only says whether pages are pooled: PoolMixin sizes each pool
        config["VoilaConfiguration"]["default_pool_size"] = max(1, lim.pool_size)
    paths = os.environ.get("JUPYTER_PATH", "")
    if str(TEMPLATES) not in paths.split(os.pathsep):
        os.environ["JUPYTER_PATH"] = os.pathsep.join(p for p in (str(TEMPLATES), paths) if p)
    app = TutorVoila(config=Config(config))
    app.initialize([str(root), "--no-browser", f"--port={port}", f"--Voila.ip={ip}"])
    guards.QUIET.install(app.log)  # every line a client causes: a few per minute
    # each page GET's stages (waiting for a kernel, the notebook, the template, the loop's lag)
    timing.instrument()
    IOLoop.current().add_callback(timing.LAG.start)
    if classe is None:
        app.log.info("Tuteur : %d noyaux au plus, %d préchauffé(s) par page, %d Mo par noyau "
                     "au plus.", lim.max_kernels, lim.pool_size, lim.kernel_max_mb)
    else:
        app.log.info("Tuteur en mode classe : %d apprenants sur %s, %d Mo par noyau au plus.",
                     classe.learners, ", ".join(classe.pages), lim.kernel_max_mb)
    return app


def preflight() -> list[str]:
    """Problems that would break a page: every registered game's rule file (and any data file
    its engine loads at start) and its « La règle en une minute » must parse. Returns French
    lines ``file:line: reason``."""
    from tutor import minute, rules
    from tutor.games import GAMES

    problems: list[str] = []
    for info in GAMES.values():
        try:
            rules.load.cache_clear()
            rules.load(info.id)
            minute.load.cache_clear()
            minute.load(info.id)
            info.engine().preflight()
        except rules.RulesError as exc:
            problems.extend(str(p) for p in exc.problems)
        except (OSError, ValueError) as exc:
            problems.append(str(exc))  # DeckError and the like: "file:line: reason"
    return problems


def serve(port: int = 8866, ip: str = "127.0.0.1", classe: Classe | None = None) -> int:
    """Serve the tutor until interrupted; refuse to start (exit code 1) on a malformed file.
    With ``classe``, its pages' pools are warmed for it and the time to be ready is printed."""
    problems = preflight()
    if problems:
        print("Le tuteur ne peut pas démarrer : des fichiers de règles sont mal formés.",
              file=sys.stderr)
        for line in problems:
            print(f"ERREUR {line}", file=sys.stderr)
        return 1
    app = make_app(port, ip, classe=classe)
    if classe is not None:
        print(fr.typography(
            f"Mode classe : {classe.learners} apprenants attendus sur "
            f"{', '.join(p.removesuffix('.ipynb') for p in classe.pages)} ; les noyaux se "
            "préchauffent, « Classe prête » s’affichera quand tout sera prêt."), flush=True)
    print(f"Le tuteur est servi sur http://{ip}:{port}/ (Ctrl+C pour arrêter).", flush=True)
    app.start()
    return 0

"""JupyterHub serving the tutor to a class on one machine (local processes; see README.md beside
this file, and ``z2jh-values.yaml`` for Kubernetes).

- Learners are anonymous (``jupyterhub-tmpauthenticator``): opening the hub's address logs in a
  new learner without an account, whose own server starts at once.
- Each learner's server is ``jupyterhub-singleuser`` (jupyter_server) with Voilà as its only
  extension: its default page is the tutor's Accueil rendered by Voilà with the tutor's template
  (``tutor/voila/templates/tutor``), sources stripped, tracebacks hidden; no JupyterLab, no file
  tree, no terminal.
- Idle servers are culled by ``jupyterhub-idle-culler`` (and the anonymous learners with them),
  a page's kernel by the server's own culling.
- Limits a local spawner can enforce: an address-space ceiling on each of a learner's processes
  (``RLIMIT_AS``) and a lower CPU priority (``nice``) for them, so that the hub and the proxy stay
  responsive. A hard per-user cap on memory and CPU needs a container spawner (KubeSpawner, see
  ``z2jh-values.yaml``; DockerSpawner) or SystemdSpawner (cgroups).
- Everything listens on 127.0.0.1 unless ``TUTOR_HUB_IP`` says otherwise.

Environment knobs (the test sets them): ``TUTOR_HUB_PORT`` (8000: the learners' address),
``TUTOR_HUB_API_PORT`` (8001: the proxy's API), ``TUTOR_HUB_HUB_PORT`` (8081),
``TUTOR_HUB_STATE`` (the hub's database and secrets; default ``build/hub`` in the repository),
``TUTOR_HUB_CULL_TIMEOUT`` (600 s idle before a learner's server is culled),
``TUTOR_HUB_CULL_EVERY`` (60 s), ``TUTOR_HUB_ACTIVITY_INTERVAL`` (60 s: how often activity is
reported to the hub), ``TUTOR_HUB_MEM_MB`` (2048: address space per process of a learner),
``TUTOR_HUB_NICE`` (5), ``TUTOR_CHP`` (the ``configurable-http-proxy`` command; default the one
``make test-hub`` installs in ``build/chp``).
"""

from __future__ import annotations

import os
import resource
import sys
from pathlib import Path
from typing import Any

from jupyterhub.spawner import SimpleLocalProcessSpawner

c: Any = get_config()  # type: ignore[name-defined]  # noqa: F821 -- JupyterHub's config loader

ROOT = Path(__file__).resolve().parents[2]
STATE = Path(os.environ.get("TUTOR_HUB_STATE") or ROOT / "build" / "hub")
STATE.mkdir(parents=True, exist_ok=True)
IP = os.environ.get("TUTOR_HUB_IP", "127.0.0.1")


def knob(name: str, default: int) -> int:
    return int(os.environ.get(name) or default)


# --- the hub and its proxy ------------------------------------------------------------------
c.JupyterHub.ip = IP
c.JupyterHub.port = knob("TUTOR_HUB_PORT", 8000)
c.JupyterHub.hub_ip = "127.0.0.1"
c.JupyterHub.hub_port = knob("TUTOR_HUB_HUB_PORT", 8081)
c.JupyterHub.db_url = f"sqlite:///{STATE / 'jupyterhub.sqlite'}"
c.JupyterHub.cookie_secret_file = str(STATE / "jupyterhub_cookie_secret")
c.JupyterHub.pid_file = str(STATE / "jupyterhub.pid")
c.ConfigurableHTTPProxy.api_url = f"http://127.0.0.1:{knob('TUTOR_HUB_API_PORT', 8001)}"
c.ConfigurableHTTPProxy.pid_file = str(STATE / "proxy.pid")
chp = os.environ.get("TUTOR_CHP") or str(ROOT / "build/chp/node_modules/.bin/configurable-http-proxy")
c.ConfigurableHTTPProxy.command = [chp]
# the proxy's record of each route's traffic is read this often: a learner at work is active
c.JupyterHub.last_activity_interval = knob("TUTOR_HUB_ACTIVITY_INTERVAL", 60)
c.JupyterHub.cleanup_servers = True  # the hub stopped: its learners' servers go too

# --- anonymous learners ----------------------------------------------------------------------
c.JupyterHub.authenticator_class = "tmp"
c.Authenticator.allow_all = True  # anyone reaching the hub is a learner (no accounts)
c.JupyterHub.allow_named_servers = False


# --- each learner's server: Voilà with the tutor's template, nothing else --------------------
class TutorSpawner(SimpleLocalProcessSpawner):  # type: ignore[misc]
    """The local spawner (one directory per learner under the state directory, every learner
    run as the hub's own user), with each process of a learner capped in address space and
    started at a lower priority. A local spawner cannot cap a learner's total memory or CPU:
    that takes cgroups (SystemdSpawner) or containers (KubeSpawner, DockerSpawner)."""

    def make_preexec_fn(self, name: str) -> Any:
        parent = super().make_preexec_fn(name)
        limit = knob("TUTOR_HUB_MEM_MB", 2048) * 2**20
        nice = knob("TUTOR_HUB_NICE", 5)

        def preexec() -> None:
            parent()
            resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
            os.nice(nice)

        return preexec


c.JupyterHub.spawner_class = TutorSpawner
c.SimpleLocalProcessSpawner.home_dir_template = str(STATE / "learners" / "{username}")
c.Spawner.cmd = [sys.executable, "-m", "jupyterhub.singleuser"]
c.Spawner.default_url = "/voila/render/index.ipynb"
c.Spawner.notebook_dir = str(ROOT / "notebooks")
c.Spawner.mem_limit = f"{knob('TUTOR_HUB_MEM_MB', 2048)}M"  # told to the server (MEM_LIMIT)
c.Spawner.start_timeout = 300  # a busy machine: a server takes a while to start
c.Spawner.http_timeout = 300
c.Spawner.environment = {
    # the tutor's template, found where `python -m tutor app` finds it
    "JUPYTER_PATH": os.pathsep.join(p for p in (str(ROOT / "tutor"),
                                                os.environ.get("JUPYTER_PATH", "")) if p),
    "PYTHONPATH": os.pathsep.join(p for p in (str(ROOT), os.environ.get("PYTHONPATH", "")) if p),
    "JUPYTERHUB_ACTIVITY_INTERVAL": str(knob("TUTOR_HUB_ACTIVITY_INTERVAL", 60)),
    # kernels talk to their server over Unix sockets (as in `python -m tutor app`), whose paths
    # may not pass 107 bytes: a short runtime directory per learner ({username}: JupyterHub's)
    "JUPYTER_RUNTIME_DIR": "/tmp/tutor-hub-{username}",
}
EXTENSIONS_OFF = ["jupyterlab", "notebook", "notebook_shim", "jupyter_lsp",
                  "jupyter_server_terminals", "jupyterlite_sphinx", "voici", "nbclassic"]
c.Spawner.args = [
    "--allow-root",  # the hub run as root (a container, this CI): its learners' servers too
    "--ServerApp.ip=127.0.0.1",
    "--ServerApp.terminals_enabled=False",
    *[f"--ServerApp.jpserver_extensions={name}=False" for name in EXTENSIONS_OFF],
    "--ServerApp.jpserver_extensions=voila=True",
    "--VoilaConfiguration.template=tutor",
    "--VoilaConfiguration.theme=light",
    "--VoilaConfiguration.strip_sources=True",
    "--VoilaConfiguration.show_tracebacks=False",
    "--VoilaConfiguration.allow_template_override=NO",
    "--VoilaConfiguration.allow_theme_override=NO",
    "--HTMLExporter.language_code=fr",
    "--KernelManager.transport=ipc",
    # a page's kernel: shut down a minute after its tab closes
    "--MappingKernelManager.cull_idle_timeout=60",
    "--MappingKernelManager.cull_interval=20",
    "--MappingKernelManager.cull_connected=False",
]

# --- idle learners' servers culled, and the anonymous learners with them ----------------------
c.JupyterHub.load_roles = [{
    "name": "tutor-idle-culler",
    "scopes": ["list:users", "read:users:activity", "read:servers", "delete:servers",
               "admin:users"],
    "services": ["idle-culler"],
}]
c.JupyterHub.services = [{
    "name": "idle-culler",
    "command": [sys.executable, "-m", "jupyterhub_idle_culler",
                f"--timeout={knob('TUTOR_HUB_CULL_TIMEOUT', 600)}",
                f"--cull-every={knob('TUTOR_HUB_CULL_EVERY', 60)}",
                "--cull-users=True"],
}]

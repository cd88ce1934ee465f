"""The app as a visitor reaches it: directly, or through Debian's nginx configured with
``deploy/nginx/`` (its http and server parts, the upstream port and the listening address
changed for the loopback; TLS is the site file's concern and not exercised here)."""

from __future__ import annotations

import re
import shutil
import socket
import subprocess
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

import pytest

from .conftest import ROOT, App, free_port, serve

NGINX = shutil.which("nginx") or "/usr/sbin/nginx"
DEPLOY = ROOT / "deploy" / "nginx"


@dataclass(frozen=True)
class Front:
    name: str
    app: App
    host: str
    port: int

    @property
    def url(self) -> str:
        return f"http://{self.host}:{self.port}"


def nginx_conf(folder: Path, app_port: int, port: int) -> Path:
    """An nginx.conf for a non-root nginx on 127.0.0.1:``port`` in front of ``app_port``,
    made of deploy/nginx/tutor-http.conf and tutor-proxy.conf as they are."""
    http = (DEPLOY / "tutor-http.conf").read_text()
    http, n = re.subn(r"server 127\.0\.0\.1:8866;", f"server 127.0.0.1:{app_port};", http)
    assert n == 1, "deploy/nginx/tutor-http.conf names the app's upstream"
    (folder / "tutor-http.conf").write_text(http)
    proxy = (DEPLOY / "tutor-proxy.conf").read_text()
    proxy, n = re.subn(r"/srv/tutor/deploy/nginx/pages/", f"{DEPLOY}/pages/", proxy)
    assert n == 1, "deploy/nginx/tutor-proxy.conf serves the French error pages"
    (folder / "tutor-proxy.conf").write_text(proxy)
    conf = folder / "nginx.conf"
    conf.write_text(f"""
worker_processes 1;
pid {folder}/nginx.pid;
error_log {folder}/error.log warn;
events {{ worker_connections 4096; }}
worker_rlimit_nofile 8192;
http {{
    access_log {folder}/access.log;
    client_body_temp_path {folder}/body;
    proxy_temp_path {folder}/proxy;
    fastcgi_temp_path {folder}/fastcgi;
    uwsgi_temp_path {folder}/uwsgi;
    scgi_temp_path {folder}/scgi;
    include {folder}/tutor-http.conf;
    server {{
        listen 127.0.0.1:{port};
        include {folder}/tutor-proxy.conf;
    }}
}}
""")
    return conf


@contextmanager
def nginx_in_front(app: App) -> Iterator[Front]:
    if not Path(NGINX).exists():
        pytest.skip("Debian's nginx is not installed (`make nginx` installs it: apt-get "
                    "install nginx); the deployment test needs it")
    app_port = int(app.url.rsplit(":", 1)[1])
    with tempfile.TemporaryDirectory(prefix="tutor-nginx-") as tmp:
        folder = Path(tmp)
        port = free_port()
        conf = nginx_conf(folder, app_port, port)
        check = subprocess.run([NGINX, "-t", "-p", str(folder), "-c", str(conf)],
                               capture_output=True, text=True)
        assert check.returncode == 0, check.stderr
        proc = subprocess.Popen([NGINX, "-p", str(folder), "-c", str(conf), "-g",
                                 "daemon off;"], stderr=subprocess.PIPE)
        try:
            deadline = time.monotonic() + 60
            while True:  # listening
                assert proc.poll() is None, proc.stderr.read() if proc.stderr else b""
                assert time.monotonic() < deadline, "nginx did not start"
                with socket.socket() as s:
                    if s.connect_ex(("127.0.0.1", port)) == 0:
                        break
                time.sleep(0.1)
            yield Front("nginx", app, "127.0.0.1", port)
        finally:
            proc.terminate()
            try:
                proc.wait(timeout=15)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait(timeout=5)


@contextmanager
def fronts(kind: str, name: str, **env: str) -> Iterator[Front]:
    """The app served as :func:`conftest.serve` serves it, reached ``kind`` ("direct" or
    "nginx": then the app trusts nginx's X-Real-IP, as deploy/systemd/tutor.service sets)."""
    if kind == "nginx":
        with serve(f"{name}-nginx", TUTOR_TRUSTED_PROXIES="127.0.0.1", **env) as app, \
                nginx_in_front(app) as front:
            yield front
    else:
        with serve(name, **env) as app:
            host, port = app.url.removeprefix("http://").rsplit(":", 1)
            yield Front("direct", app, host, int(port))


@contextmanager
def through(kind: str, app: App) -> Iterator[Front]:
    """A server already running (the tests' shared one) reached ``kind``: directly, or through
    nginx started in front of it (the server does not trust nginx's X-Real-IP then: every
    request seems to come from the loopback, as the shared server's visitors all do)."""
    if kind == "nginx":
        with nginx_in_front(app) as front:
            yield front
    else:
        host, port = app.url.removeprefix("http://").rsplit(":", 1)
        yield Front("direct", app, host, int(port))

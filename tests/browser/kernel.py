"""A raw client of a page's kernel websocket, speaking the Jupyter protocol as any page could."""

from __future__ import annotations

import http.client
import json
import re
import time
import urllib.parse
import uuid
from collections.abc import Callable
from pathlib import Path
from typing import Any

import websocket
from playwright.sync_api import Page

from tutor.voila import kernel_app

KERNEL_MARKS = (b"ipykernel", kernel_app.MODULE.encode())
"""What a kernel's command line holds: ipykernel's own launcher (JupyterLab, nbval) or the
served app's (``python -m tutor.voila.kernel_app``)."""


def is_kernel(cmdline: bytes) -> bool:
    """Whether the command line ``cmdline`` (``/proc/<pid>/cmdline``) is a kernel's."""
    return any(mark in cmdline for mark in KERNEL_MARKS)


def kernel_id(page_html: str) -> str:
    m = re.search(r'"kernelId":\s*"([0-9a-f-]{36})"', page_html)
    assert m, "the page names its kernel"
    return m.group(1)


def kernel_pid(kid: str) -> int | None:
    """The process id of the kernel whose connection file names ``kid``."""
    for proc in Path("/proc").iterdir():
        if proc.name.isdigit():
            try:
                if kid in (proc / "cmdline").read_bytes().decode(errors="replace"):
                    return int(proc.name)
            except OSError:
                continue
    return None


def descendants(pid: int) -> list[int]:
    """Every process below ``pid`` (the server's kernels)."""
    children: dict[int, list[int]] = {}
    for proc in Path("/proc").iterdir():
        if proc.name.isdigit():
            try:
                ppid = int((proc / "stat").read_text().rsplit(")", 1)[1].split()[1])
            except (OSError, IndexError, ValueError):
                continue
            children.setdefault(ppid, []).append(int(proc.name))
    out, todo = [], [pid]
    while todo:
        for child in children.get(todo.pop(), []):
            out.append(child)
            todo.append(child)
    return out


def kernels_of(pid: int) -> list[int]:
    """The process ids of the kernels whose parent is ``pid`` (a server)."""
    found = []
    for proc in Path("/proc").iterdir():
        if proc.name.isdigit():
            try:
                if not is_kernel((proc / "cmdline").read_bytes()):
                    continue
                ppid = int((proc / "stat").read_text().rsplit(")", 1)[1].split()[1])
            except (OSError, ValueError, IndexError):
                continue
            if ppid == pid:
                found.append(int(proc.name))
    return found


def filled(pid: int, pools: int, quiet: float = 240) -> int:
    """The kernels of the app ``pid`` once its ``pools`` are filled, or once none has started
    for ``quiet`` seconds: preheated kernels start at a lower priority, so on a loaded machine
    they come slowly, yet they keep coming (only a pool that stopped filling fails)."""
    count, since = len(kernels_of(pid)), time.monotonic()
    while count < pools and time.monotonic() - since < quiet:
        time.sleep(1)
        now = len(kernels_of(pid))
        if now != count:
            count, since = now, time.monotonic()
    return count


def cookie_header(set_cookies: list[str]) -> str:
    """The ``Cookie`` header a browser sends back after these ``Set-Cookie`` headers."""
    return "; ".join(c.split(";")[0] for c in set_cookies)


def first_visit(url: str, source: str = "127.0.0.1") -> tuple[str, str]:
    """A page fetched as a browser's first visit: its HTML and the ``Cookie`` header the
    browser would send with its kernel websocket (the tutor opens a kernel's websocket only
    to the client it gave the kernel to)."""
    parts = urllib.parse.urlsplit(url)
    conn = http.client.HTTPConnection(parts.hostname or "127.0.0.1", parts.port, timeout=180,
                                      source_address=(source, 0))
    try:
        conn.request("GET", parts.path + (f"?{parts.query}" if parts.query else ""))
        response = conn.getresponse()
        body = response.read().decode(errors="replace")
        assert response.status == 200, (response.status, body[:500])
        return body, cookie_header(response.headers.get_all("Set-Cookie") or [])
    finally:
        conn.close()


def page_cookie(page: Page) -> str:
    """The ``Cookie`` header of a browser page's own kernel websocket."""
    return "; ".join(f"{c['name']}={c['value']}" for c in page.context.cookies(page.url))


class KernelChannel:
    """Send Jupyter messages to a kernel through the app's websocket and collect the replies,
    as the client whose cookie is ``cookie`` (see :func:`first_visit`, :func:`page_cookie`)."""

    def __init__(self, base_url: str, kid: str, cookie: str | None = None) -> None:
        session = uuid.uuid4().hex  # a session of its own: never replaces another connection
        url = (base_url.replace("http://", "ws://")
               + f"/api/kernels/{kid}/channels?session_id={session}")
        self.ws = websocket.create_connection(url, timeout=10, cookie=cookie or None)
        self.session = uuid.uuid4().hex

    @classmethod
    def of_page(cls, base_url: str, page: Page) -> KernelChannel:
        """A channel to the kernel of a page open in the browser, as that page's client."""
        return cls(base_url, kernel_id(page.content()), page_cookie(page))

    def send(self, msg_type: str, content: dict[str, Any], channel: str = "shell") -> str:
        msg_id = uuid.uuid4().hex
        self.ws.send(json.dumps({
            "header": {"msg_id": msg_id, "msg_type": msg_type, "username": "test",
                       "session": self.session, "date": "", "version": "5.3"},
            "parent_header": {}, "metadata": {}, "content": content, "channel": channel,
            "buffers": [],
        }))
        return msg_id

    def replies(self, seconds: float) -> list[dict[str, Any]]:
        """Every text message received within ``seconds``."""
        return self.collect(lambda _: False, seconds)

    def collect(self, done: Callable[[list[dict[str, Any]]], bool],
                limit: float = 120) -> list[dict[str, Any]]:
        """Text messages received until ``done(messages)`` holds (or ``limit`` seconds, a bound
        a healthy run never reaches: a busy machine only makes it wait longer)."""
        out: list[dict[str, Any]] = []
        end = time.monotonic() + limit
        while time.monotonic() < end and not done(out):
            self.ws.settimeout(max(0.05, end - time.monotonic()))
            try:
                raw = self.ws.recv()
            except websocket.WebSocketTimeoutException:
                break
            if isinstance(raw, str):
                out.append(json.loads(raw))
        return out

    def reply_to(self, msg_id: str, limit: float = 120,
                 reply: bool = False) -> list[dict[str, Any]]:
        """Messages received until the kernel has finished handling ``msg_id`` (its ``idle``
        status: the kernel handles shell messages in order, so every earlier one is done) and,
        with ``reply``, its shell reply has arrived too: the reply (shell channel) and the
        status (iopub channel) come through different sockets, in either order."""
        def mine(m: dict[str, Any]) -> bool:
            return bool(m["parent_header"].get("msg_id") == msg_id)

        def done(msgs: list[dict[str, Any]]) -> bool:
            idle = any(mine(m) and m["header"]["msg_type"] == "status"
                       and m["content"].get("execution_state") == "idle" for m in msgs)
            answered = not reply or any(
                mine(m) and m["header"]["msg_type"].endswith("_reply") for m in msgs)
            return idle and answered
        return self.collect(done, limit)

    def widget_states(self) -> dict[str, dict[str, Any]]:
        """Every widget model of the page: comm id -> synced state."""
        sent = self.send("comm_info_request", {"target_name": "jupyter.widget"})
        comms: dict[str, Any] = {}
        for msg in self.reply_to(sent, reply=True):
            if msg["header"]["msg_type"] == "comm_info_reply":
                comms = msg["content"]["comms"]
        last = ""
        for comm_id in comms:
            last = self.send("comm_msg", {"comm_id": comm_id,
                                          "data": {"method": "request_state"}})
        states: dict[str, dict[str, Any]] = {}
        for msg in self.reply_to(last) if last else []:
            content = msg.get("content", {})
            data = content.get("data", {})
            if msg["header"]["msg_type"] == "comm_msg" and data.get("method") == "update":
                states.setdefault(content["comm_id"], {}).update(data.get("state", {}))
        return states

    def update(self, comm_id: str, **state: Any) -> None:
        self.send("comm_msg", {"comm_id": comm_id,
                               "data": {"method": "update", "state": state, "buffer_paths": []}})

    def click(self, comm_id: str) -> None:
        self.send("comm_msg", {"comm_id": comm_id,
                               "data": {"method": "custom", "content": {"event": "click"}}})

    def close(self) -> None:
        self.ws.close()

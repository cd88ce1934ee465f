"""The app's HTTP server: what one address may hold open, before any request is read.

Tornado's own server waits up to an hour for a request's headers, reads up to the header size it
is given for each connection, accepts any number of connections from one address, and when the
process runs out of file descriptors its accept loop raises at every attempt (a traceback each
time, the processor spinning). :class:`TutorHTTPServer` bounds all of that (:class:`Connections`,
set from the environment):

- a request's headers (and a keep-alive connection's next request) must come within
  ``idle_seconds``, a body within ``body_seconds``; headers are read up to ``header_kb``;
- one address holds at most ``per_address`` connections (websockets included, until they
  close); the next ones are closed as soon as accepted. Addresses listed in
  ``TUTOR_TRUSTED_PROXIES`` (the reverse proxy of ``deploy/``) are not limited, and for their
  connections only the client address the proxy sends (``X-Real-IP``) is used;
- an address longer than the header limit gets the French 414 page, not a reset connection;
- the accept loop's errors (« Too many open files ») pause accepting for a moment and are
  logged once a minute with their count, without a traceback.
"""

from __future__ import annotations

import errno
import logging
import os
import socket
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from tornado import httputil
from tornado.httpserver import HTTPServer, _ProxyAdapter
from tornado.ioloop import IOLoop
from tornado.iostream import IOStream, UnsatisfiableReadError

from .guards import HEADERS, LONG_MORE, LONG_TEXT, LONG_TITLE, page
from .kernels import env_int

LOG = logging.getLogger("tutor.voila")
ACCEPT_PAUSE = 0.5  # seconds without accepting after an accept error (no spinning)
ACCEPT_BATCH = 128  # connections accepted per wake-up (Tornado's backlog heuristic)
DRAIN_BYTES = 4 * 2**20  # what is read and dropped of an over-long request after its 414
DRAIN_SECONDS = 5.0


@dataclass(frozen=True)
class Connections:
    """What the server accepts from one address (see :meth:`from_env`)."""

    idle_seconds: int
    body_seconds: int
    header_kb: int
    per_address: int
    trusted_proxies: frozenset[str]

    @classmethod
    def from_env(cls, env: Mapping[str, str] = os.environ) -> Connections:
        """``TUTOR_IDLE_SECONDS`` (20: a request's headers, or a kept-alive connection's next
        request, must come within it), ``TUTOR_BODY_SECONDS`` (60), ``TUTOR_HEADER_KB`` (64: the
        request line and headers; at least four times ``TUTOR_MAX_URL_KB`` so that a long link
        still gets its French 414 page), ``TUTOR_CONNECTIONS_PER_ADDRESS`` (256 open
        connections, websockets included: a class behind one router opens about 6 per
        learner), ``TUTOR_TRUSTED_PROXIES`` (comma-separated addresses of a reverse proxy:
        unlimited, their ``X-Real-IP`` taken as the client's address)."""
        proxies = frozenset(p.strip() for p in env.get("TUTOR_TRUSTED_PROXIES", "").split(",")
                            if p.strip())
        return cls(idle_seconds=max(1, env_int(env, "TUTOR_IDLE_SECONDS", 20)),
                   body_seconds=max(1, env_int(env, "TUTOR_BODY_SECONDS", 60)),
                   header_kb=max(4, env_int(env, "TUTOR_HEADER_KB", 64)),
                   per_address=max(1, env_int(env, "TUTOR_CONNECTIONS_PER_ADDRESS", 256)),
                   trusted_proxies=proxies)


class Tally:
    """Events logged at most once a minute per key: the first at once, then one line a minute
    with how many came meanwhile (never a traceback)."""

    def __init__(self, log: logging.Logger | logging.LoggerAdapter[Any], text: str,
                 every: float = 60.0) -> None:
        self.log, self.text, self.every = log, text, every
        self._counts: dict[str, int] = {}

    def note(self, key: str, detail: str) -> None:
        if key in self._counts:
            self._counts[key] += 1
            return
        self._counts[key] = 0
        self.log.warning(self.text, key, 1, detail)
        IOLoop.current().call_later(self.every, self._tell, key, detail)

    def _tell(self, key: str, detail: str) -> None:
        count = self._counts.pop(key, 0)
        if count:
            self.log.warning(self.text + " (en %d s)", key, count, detail, self.every)

    def pending(self, key: str) -> int:
        return self._counts.get(key, 0)


def add_accept_handler(sock: socket.socket, callback: Callable[[socket.socket, Any], None],
                       on_error: Callable[[OSError], None]) -> Callable[[], None]:
    """Tornado's ``add_accept_handler``, except that an accept error (out of file descriptors,
    of memory) is handed to ``on_error`` and accepting pauses :data:`ACCEPT_PAUSE` seconds:
    Tornado's let the error reach the loop, which logged its traceback and called it again at
    once, as long as the listening socket had connections waiting."""
    loop = IOLoop.current()
    state = {"removed": False, "paused": False}

    def resume() -> None:
        if not state["removed"] and state["paused"]:
            state["paused"] = False
            loop.add_handler(sock, accept, IOLoop.READ)

    def accept(fd: Any, events: int) -> None:
        for _ in range(ACCEPT_BATCH):
            if state["removed"]:
                return
            try:
                connection, address = sock.accept()
            except BlockingIOError:
                return
            except ConnectionAbortedError:
                continue
            except OSError as exc:
                on_error(exc)
                state["paused"] = True
                loop.remove_handler(sock)
                loop.call_later(ACCEPT_PAUSE, resume)
                return
            callback(connection, address)

    def remove() -> None:
        if not state["paused"]:
            loop.remove_handler(sock)
        state["removed"] = True

    loop.add_handler(sock, accept, IOLoop.READ)
    return remove


def _drain(sock: socket.socket) -> None:
    """Read and drop what a client still sends after its answer (at most :data:`DRAIN_BYTES`
    for :data:`DRAIN_SECONDS`), then close: closing with unread data resets the connection,
    and the browser would show its own error instead of the page it was sent."""
    loop = IOLoop.current()
    read = [0]

    def done() -> None:
        try:
            loop.remove_handler(sock)
        except (KeyError, ValueError):
            pass
        sock.close()

    def on_read(fd: Any, events: int) -> None:
        try:
            chunk = sock.recv(65536)
        except BlockingIOError:
            return
        except OSError:
            chunk = b""
        read[0] += len(chunk)
        if not chunk or read[0] > DRAIN_BYTES:
            timer_cancel()
            done()

    handle = loop.call_later(DRAIN_SECONDS, done)

    def timer_cancel() -> None:
        loop.remove_timeout(handle)

    loop.add_handler(sock, on_read, IOLoop.READ)


def answer_too_long(stream: IOStream, body: bytes) -> None:
    """Send the 414 page on ``stream``'s socket before the stream closes it (its headers passed
    the limit): written at once (a few KB fit in any socket buffer), then the rest of the
    request read and dropped on a copy of the socket (:func:`_drain`)."""
    sock = stream.socket
    if sock is None:
        return
    head = (b"HTTP/1.1 414 URI Too Long\r\nContent-Type: text/html; charset=utf-8\r\n"
            b"Content-Length: %d\r\nConnection: close\r\nCache-Control: no-store\r\n"
            % len(body))
    head += b"".join(f"{k}: {v}\r\n".encode() for k, v in HEADERS.items()) + b"\r\n"
    try:
        sock.send(head + body)
        sock.shutdown(socket.SHUT_WR)
        copy = sock.dup()
    except OSError:
        return
    copy.setblocking(False)
    _drain(copy)


class TutorHTTPServer(HTTPServer):
    """Tornado's HTTP server with the bounds of :class:`Connections`."""

    def initialize(self, *args: Any, limits: Connections | None = None, **kwargs: Any) -> None:
        self.limits = limits or Connections.from_env()
        kwargs.setdefault("idle_connection_timeout", self.limits.idle_seconds)
        kwargs.setdefault("body_timeout", self.limits.body_seconds)
        kwargs.setdefault("max_header_size", self.limits.header_kb * 1024)
        super().initialize(*args, **kwargs)
        self.open_per_address: dict[str, int] = {}
        self.accept_errors = Tally(LOG, "Connexions non acceptées (%s) : %d erreur(s) : %s")
        self.refused = Tally(LOG, "Connexions refusées à %s : %d, %s")

    def add_sockets(self, sockets: Any) -> None:
        for sock in sockets:
            self._sockets[sock.fileno()] = sock
            self._handlers[sock.fileno()] = add_accept_handler(
                sock, self._handle_connection, self.accept_error)

    def accept_error(self, exc: OSError) -> None:
        name = errno.errorcode.get(exc.errno or 0, "?")
        self.accept_errors.note(name, exc.strerror or str(exc))

    def handle_stream(self, stream: IOStream, address: Any) -> None:
        peer = str(address[0]) if isinstance(address, tuple) and address else ""
        if peer and peer not in self.limits.trusted_proxies:
            held = self.open_per_address.get(peer, 0)
            if held >= self.limits.per_address:
                stream.close()
                self.refused.note(peer, f"plus de {self.limits.per_address} ouvertes")
                return
            self.open_per_address[peer] = held + 1
            self._release_on_close(stream, peer)
        self._answer_long_headers(stream)
        super().handle_stream(stream, address)

    def _release_on_close(self, stream: IOStream, peer: str) -> None:
        """Count the connection against ``peer`` until its stream closes (whatever closes it:
        Tornado, the websocket it became, the client)."""
        close = stream.close
        released = [False]

        def close_and_release(exc_info: Any = False) -> None:
            if not released[0]:
                released[0] = True
                left = self.open_per_address.get(peer, 1) - 1
                if left > 0:
                    self.open_per_address[peer] = left
                else:
                    self.open_per_address.pop(peer, None)
            close(exc_info)

        stream.close = close_and_release  # type: ignore[method-assign]

    def _answer_long_headers(self, stream: IOStream) -> None:
        check = stream._check_max_bytes

        def check_and_answer(delimiter: Any, size: int) -> None:
            try:
                check(delimiter, size)
            except UnsatisfiableReadError:
                answer_too_long(stream, long_page())
                raise

        stream._check_max_bytes = check_and_answer  # type: ignore[method-assign]

    def start_request(self, server_conn: object, request_conn: httputil.HTTPConnection
                      ) -> httputil.HTTPMessageDelegate:
        delegate = super().start_request(server_conn, request_conn)
        context = getattr(request_conn, "context", None)
        if not self.xheaders and getattr(context, "remote_ip", None) \
                in self.limits.trusted_proxies:
            delegate = _ProxyAdapter(delegate, request_conn)
        return delegate


def long_page() -> bytes:
    """The French 414 page (:data:`guards.LONG_TEXT`)."""
    return page("too-long", LONG_TITLE, LONG_TEXT, LONG_MORE, "/", "Aller à l’accueil").encode()

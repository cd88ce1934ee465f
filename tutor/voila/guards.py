"""Guards in front of Voilà and jupyter_server for what any visitor can send.

- :class:`GuardedConnection` checks every websocket frame before jupyter_server parses it: a
  binary frame on the plain JSON protocol is refused (jupyter_server would build a struct format
  as long as the count its first four bytes declare: gigabytes for a 1 KB frame), and a frame of
  the binary ``v1`` protocol must declare a sane number of parts whose offsets lie inside it.
  It also bounds what one connection costs the server (:class:`Guards`, set from the
  environment): a rate of messages and of bytes (a burst allowed, as a page sends hundreds of
  small messages while it loads), a cap on what a client that does not read may leave buffered,
  replayed messages (a ``msg_id`` the kernel already received) dropped without reaching it. A
  connection over a limit is closed with :data:`TOO_MUCH` (its page shows a French banner).
- :class:`TutorPageHandler` serves a page without any ``?template=`` / ``?theme=`` override
  (reflected script injection, pages without our banner, a fresh kernel for each such request),
  ties the kernel it hands out to the client (a cookie and the address), answers 503 with a
  French page when the server already runs its cap of kernels, and 429 with a French page when
  one client holds too many kernels or one address asks for too many pages.
- :class:`ShutdownHandler` stops a kernel only for the client it was given to (a closed tab's
  own request), :class:`NotFoundHandler` answers every unknown address with a French 404, and
  :class:`LongUrlHandler` a French 414 for an address too long to serve. :class:`FrenchErrors`,
  mixed into every handler the app serves, puts :data:`HEADERS` (the CSP) on every response
  and draws every error page in French.
- :class:`KernelSocket` opens a kernel's websocket only for the client (cookie) the kernel was
  given to; :class:`GuardedConnection` drops the messages a page never sends
  (:data:`REFUSED_MESSAGES`: a shutdown, an interrupt); :class:`TutorPageHandler` renders a
  page only for a tab's own navigation (``Sec-Fetch-Dest``/``Sec-Fetch-Mode``) and counts every
  kernel an address holds.
- :class:`KernelSocket` judges a page's keep-alive on the ping it answers: jupyter_server's
  own check closed a live connection whenever a ping went out a few milliseconds late on a
  busy machine (its pong then looked older than the timeout), and the page lost the widget
  messages in flight while it reconnected.
- ``TUTOR_WIRE_LOG=1`` logs every message between a page and its kernel on the server (what
  the page sent, the kernel's status and the parent it answers): the evidence when a click is
  never answered (:data:`WIRE`, off by default).
- :class:`QuietLog` holds every log line one client causes (page renders and kernel starts,
  websocket opens and closes, refusals, jupyter_server's, Voilà's and Tornado's warnings) to a
  few per minute, then one line says how many were held back.
"""

from __future__ import annotations

import asyncio
import contextvars
import html
import itertools
import json
import logging
import os
import secrets
import time
from collections import OrderedDict
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from jupyter_server.base.handlers import APIHandler, JupyterHandler
from jupyter_server.services.kernels.connection.channels import ZMQChannelsWebsocketConnection
from jupyter_server.services.kernels.handlers import KernelHandler
from tornado import web
from tornado.ioloop import IOLoop
from tornado.websocket import WebSocketClosedError
from voila.static_file_handler import TemplateStaticFileHandler
from voila.tornado.handler import TornadoVoilaHandler
from voila.tornado.kernel_websocket_handler import VoilaKernelWebsocketHandler

from tutor import fr

from .kernels import CLIENT, LOG_CLIENT, SEEN, Client, KernelCapReached, env_int, json_part

V1 = "v1.kernel.websocket.jupyter.org"
MAX_BUFFERS = 16  # binary buffers a widget message may carry (ours carry none)
V1_MIN_PARTS = 6  # offsets of: channel, header, parent header, metadata, content, end
OVERRIDES = ("template", "theme")

#: close code of a connection over one of its limits (the page shows :data:`TOO_MUCH_TEXT`)
TOO_MUCH = 4002
CLIENT_COOKIE = "tutor_client"

# Content-Security-Policy of every page: scripts only from the server itself (the page's inline
# configuration, Voilà's bundles, anywidget's module made from a blob), nothing from elsewhere
CSP = "; ".join([
    "default-src 'self'", "script-src 'self' 'unsafe-inline' blob:",
    "style-src 'self' 'unsafe-inline'", "img-src 'self' data: blob:", "font-src 'self' data:",
    "connect-src 'self'", "object-src 'none'", "base-uri 'self'", "form-action 'self'",
    "frame-ancestors 'self'",
])
HEADERS = {"Content-Security-Policy": CSP, "Referrer-Policy": "same-origin"}

BUSY_TITLE = "Trop d’apprenants en ce moment"
BUSY_TEXT = "Trop d’apprenants en ce moment\u202f: réessayez dans une minute."
BUSY_PAGE = """<!doctype html>
<html lang="fr">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{title} — Tuteur de règles</title>
<style>
  body {{ font: 1.1rem/1.5 system-ui, sans-serif; max-width: 40rem; margin: 15vh auto;
    padding: 0 1rem; color: #1f2933; }}
  h1 {{ font-size: 1.5rem; }}
  a {{ color: #1c64a8; }}
</style>
</head>
<body data-tutor-{kind}="">
<h1>{text}</h1>
<p>{more}</p>
<p><a href="{href}">{link}</a></p>
</body>
</html>
"""
BUSY_MORE = ("Le tuteur sert déjà autant de pages qu’il peut en ce moment. Une place se libère "
             "dès qu’un apprenant ferme la sienne.")
# French sentences with their narrow no-break spaces written out (tutor.fr is not imported by
# the server: these pages must answer without loading the tutor's widgets)
HELD_TITLE = "Trop de pages ouvertes"
HELD_TEXT = "Vous avez déjà {n} pages du tuteur ouvertes\u202f: fermez-en une, puis réessayez."
HELD_MORE = ("Chaque page ouverte garde une place sur le serveur. Fermez un onglet du tuteur "
             "dont vous n’avez plus besoin\u202f; sa place se libère aussitôt.")
FLOOD_TITLE = "Trop de demandes"
FLOOD_TEXT = "Trop de pages demandées depuis votre adresse\u202f: réessayez dans une minute."
FLOOD_MORE = ("Le tuteur limite le nombre de pages ouvertes par minute depuis une même adresse, "
              "pour que chacun ait sa place.")
NOT_FOUND_TITLE = "Page introuvable"
NOT_FOUND_TEXT = "Cette page n’existe pas."
NOT_FOUND_MORE = ("L’adresse est peut-être mal recopiée. L’accueil du tuteur mène à toutes "
                  "ses pages.")
LONG_TITLE = "Adresse trop longue"
LONG_TEXT = "Cette adresse est trop longue pour le tuteur."
LONG_MORE = ("Un lien de partage ne dépasse jamais quelques kilo-octets\u202f: celui-ci a "
             "peut-être été coupé ou modifié. L’accueil du tuteur mène à toutes ses pages.")
REFUSED_TITLE = "Action refusée"
REFUSED_TEXT = "Cette page ne vous appartient pas\u202f: le tuteur ne l’arrête pas."
ADDRESS_TITLE = "Trop de pages ouvertes depuis votre adresse"
ADDRESS_TEXT = ("Votre adresse tient déjà {n} pages du tuteur\u202f: fermez-en une, puis "
                "réessayez.")
ADDRESS_MORE = ("Chaque page ouverte garde une place sur le serveur\u202f; une adresse n’en "
                "garde qu’une partie, pour que d’autres apprenants aient la leur.")
NOT_A_PAGE_TITLE = "Page à ouvrir dans un onglet"
NOT_A_PAGE_TEXT = "Les pages du tuteur s’ouvrent dans un onglet du navigateur."
NOT_A_PAGE_MORE = ("Cette page a été demandée par une autre page (une image, un script, un "
                   "cadre)\u202f: le tuteur ne la sert qu’à un onglet ouvert par un lien.")
#: messages a page never sends: another client holding a kernel id must not stop or interrupt
#: the kernel through its websocket (jupyter_server passes them on to the kernel)
REFUSED_MESSAGES = frozenset({"shutdown_request", "interrupt_request", "debug_request"})


def page(kind: str, title: str, text: str, more: str, href: str, link: str) -> str:
    """A small French page of the server's own (busy, too many pages, not found...)."""
    return BUSY_PAGE.format(kind=kind, title=html.escape(title), text=html.escape(text),
                            more=html.escape(more), href=html.escape(href, quote=True),
                            link=html.escape(link))


@dataclass(frozen=True)
class Guards:
    """What one visitor may cost the server (see :meth:`from_env`)."""

    renders_per_minute: int
    ws_messages_per_second: int
    ws_kb_per_second: int
    ws_buffer_mb: int
    max_url_kb: int
    log_lines_per_minute: int = 10

    @classmethod
    def from_env(cls, env: Mapping[str, str] = os.environ) -> Guards:
        """``TUTOR_RENDERS_PER_MINUTE`` (pages per address and minute, 60),
        ``TUTOR_WS_MESSAGES_PER_SECOND`` (100, bursts of 30 s of it),
        ``TUTOR_WS_KB_PER_SECOND`` (256, bursts of 16 s of it), ``TUTOR_WS_BUFFER_MB`` (what a
        client that does not read may leave buffered, 16), ``TUTOR_MAX_URL_KB`` (16),
        ``TUTOR_LOG_LINES_PER_MINUTE`` (log lines one client may cause a minute, 10; errors
        apart, 10 more)."""
        return cls(renders_per_minute=env_int(env, "TUTOR_RENDERS_PER_MINUTE", 60),
                   ws_messages_per_second=env_int(env, "TUTOR_WS_MESSAGES_PER_SECOND", 100),
                   ws_kb_per_second=env_int(env, "TUTOR_WS_KB_PER_SECOND", 256),
                   ws_buffer_mb=env_int(env, "TUTOR_WS_BUFFER_MB", 16),
                   max_url_kb=env_int(env, "TUTOR_MAX_URL_KB", 16),
                   log_lines_per_minute=env_int(env, "TUTOR_LOG_LINES_PER_MINUTE", 10))


GUARDS = Guards.from_env()


class Bucket:
    """A token bucket: ``rate`` per second, at most ``burst`` saved up."""

    def __init__(self, rate: float, burst: float) -> None:
        self.rate, self.burst = rate, burst
        self.tokens, self.at = burst, time.monotonic()

    def take(self, n: float = 1) -> bool:
        now = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (now - self.at) * self.rate)
        self.at = now
        if self.tokens < n:
            return False
        self.tokens -= n
        return True


class Buckets:
    """One :class:`Bucket` per key (an address), the least recently used forgotten past
    ``size`` keys."""

    def __init__(self, rate: float, burst: float, size: int = 4096) -> None:
        self.rate, self.burst, self.size = rate, burst, size
        self._buckets: OrderedDict[str, Bucket] = OrderedDict()

    def take(self, key: str, n: float = 1) -> bool:
        bucket = self._buckets.pop(key, None) or Bucket(self.rate, self.burst)
        self._buckets[key] = bucket
        while len(self._buckets) > self.size:
            self._buckets.popitem(last=False)
        return bucket.take(n)


class QuietLog(logging.Filter):
    """The per-client log limit, a filter on every log handler of the server (:meth:`install`).

    A line logged while a client's request or connection is being handled (:data:`LOG_CLIENT`,
    set for every request and inherited by what it starts: page renders and the kernels they
    start, websocket opens and closes, refusals, the warnings of jupyter_server, Voilà and
    Tornado) counts against that client: at most ``per_minute`` lines a minute, then the lines
    held back are told in one line a minute after the first of them. Errors have a budget of
    their own, so a client's connection noise never hides its real errors (a learner's kernel
    writes its own tracebacks to the log directly, never held). Lines of no client (start-up,
    pools, culling, the memory watch) always pass."""

    def __init__(self, per_minute: int) -> None:
        super().__init__()
        self.per_minute = max(1, per_minute)
        rate = self.per_minute / 60
        self._routine = Buckets(rate, self.per_minute)
        self._errors = Buckets(rate, self.per_minute)
        self._held: dict[str, int] = {}
        #: where the summaries go (the application's log, once installed)
        self.summaries: logging.Logger | logging.LoggerAdapter[Any] = logging.getLogger(
            "tutor.voila")

    def filter(self, record: logging.LogRecord) -> bool:
        verdict = getattr(record, "tutor_kept", None)  # one verdict per line, on every handler
        if isinstance(verdict, bool):
            return verdict
        client = LOG_CLIENT.get()
        kept = True
        if client is not None:
            buckets = self._errors if record.levelno >= logging.ERROR else self._routine
            kept = buckets.take(client)
            if not kept:
                self._hold(client)
        record.tutor_kept = kept
        return kept

    def _hold(self, client: str) -> None:
        held = self._held.get(client, 0)
        self._held[client] = held + 1
        if held:
            return
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            return  # told with the next line held on the server's loop
        # told a minute later, outside of any client's context (the summary is never held)
        loop.call_later(60, self.tell, client, context=contextvars.Context())

    def tell(self, client: str) -> None:
        """One line for the lines of ``client`` held back."""
        held = self._held.pop(client, 0)
        if held:
            self.summaries.warning(
                "Client %s : %s du journal supprimée%s (plus de %d lignes par minute).",
                client, fr.count(held, "ligne"), "s" if held >= 2 else "", self.per_minute)

    def held(self, client: str) -> int:
        """Lines of ``client`` held back and not told yet."""
        return self._held.get(client, 0)

    def warning(self, log: logging.Logger | logging.LoggerAdapter[Any], client: str, msg: str,
                *args: Any) -> None:
        """A warning caused by ``client`` (counted against its limit wherever it is logged)."""
        token = LOG_CLIENT.set(client)
        try:
            log.warning(msg, *args)
        finally:
            LOG_CLIENT.reset(token)

    def install(self, log: logging.Logger | logging.LoggerAdapter[Any]) -> None:
        """Filter every handler the server logs through (those of ``log``, of every logger
        known by now: jupyter_server's, Voilà's, Tornado's, and Python's last resort)."""
        self.summaries = log
        loggers: list[Any] = [logging.getLogger(), getattr(log, "logger", log)]
        loggers += [lg for lg in logging.Logger.manager.loggerDict.values()
                    if isinstance(lg, logging.Logger)]
        handlers = [logging.lastResort] + [h for lg in loggers for h in lg.handlers]
        for handler in handlers:
            if handler is not None and self not in handler.filters:
                handler.addFilter(self)


QUIET = QuietLog(GUARDS.log_lines_per_minute)

#: every message between a page and its kernel, logged with ``TUTOR_WIRE_LOG=1`` (a debugging
#: aid: a click never answered is then either never received, received and never started by
#: the kernel, or answered and lost on the way back)
WIRE = os.environ.get("TUTOR_WIRE_LOG", "") not in ("", "0")


def wire_out(parts: list[Any]) -> str:
    """What the wire log says of a message from the kernel, given its parts after the
    identities (signature, header, parent header, metadata, content...): its type and id, and
    for a status its state and the id of the message it answers."""
    if len(parts) < 5:
        return "message incomplet"
    header = json_part(parts[1])
    line = f"{header.get('msg_type')} {header.get('msg_id')}"
    if header.get("msg_type") == "status":
        state = json_part(parts[4]).get("execution_state")
        line += f" {state} pour {json_part(parts[2]).get('msg_id')}"
    return line


def header_of(message: str | bytes, subprotocol: str | None) -> dict[str, Any]:
    """The header of a (well-formed, see :func:`frame_problem`) websocket frame, or {}."""
    try:
        if subprotocol == V1 and isinstance(message, bytes):
            start = int.from_bytes(message[16:24], "little")
            end = int.from_bytes(message[24:32], "little")
            header = json.loads(message[start:end])
        elif isinstance(message, str):
            header = json.loads(message).get("header")
        else:
            return {}
    except (ValueError, AttributeError, RecursionError):
        return {}
    return header if isinstance(header, dict) else {}


#: each kernel's (messages, bytes) buckets: per kernel, not per connection, so that a client
#: reconnecting does not get a fresh burst
RATES: dict[str, tuple[Bucket, Bucket]] = {}


def rates(kernel_id: str) -> tuple[Bucket, Bucket]:
    if kernel_id not in RATES:
        rate, kb = GUARDS.ws_messages_per_second, GUARDS.ws_kb_per_second
        RATES[kernel_id] = (Bucket(rate, 30 * rate), Bucket(1024 * kb, 16 * 1024 * kb))
    return RATES[kernel_id]


def _forget_rates(alive: set[str]) -> None:
    for kernel_id in list(RATES):
        if kernel_id not in alive:
            del RATES[kernel_id]


def _forget_request_info(alive: set[str]) -> None:
    """Voilà keeps each page request's query string for its kernel (for ``/voila/query/``,
    which the tutor does not serve): forgotten once the kernel is gone."""
    from voila.request_info_handler import RequestInfoSocketHandler

    cache = RequestInfoSocketHandler._cache
    for kernel_id in [k for k in cache if k not in alive]:
        del cache[kernel_id]


SEEN.also.append(_forget_rates)  # the culling pass forgets the rates of kernels gone
SEEN.also.append(_forget_request_info)


def frame_problem(message: str | bytes, subprotocol: str | None) -> str | None:
    """Why a websocket frame from a page must not reach jupyter_server's parser, or None."""
    if subprotocol != V1:
        return "trame binaire sur le protocole JSON" if isinstance(message, bytes) else None
    if not isinstance(message, bytes):
        return "trame texte sur le protocole v1"
    if len(message) < 8:
        return "trame trop courte"
    count = int.from_bytes(message[:8], "little")
    if not V1_MIN_PARTS <= count <= V1_MIN_PARTS + MAX_BUFFERS:
        return f"nombre de parties déclaré invalide ({count})"
    header_end = 8 * (count + 1)
    if header_end > len(message):
        return "en-tête plus long que la trame"
    offsets = [int.from_bytes(message[8 * (i + 1):8 * (i + 2)], "little") for i in range(count)]
    if offsets[0] < header_end or any(b < a for a, b in itertools.pairwise(offsets)) \
            or offsets[-1] > len(message):
        return "décalages hors de la trame"
    return None


def buffered(handler: Any) -> int:
    """Bytes a websocket handler has queued for its client and not yet sent."""
    stream = getattr(getattr(handler, "ws_connection", None), "stream", None)
    return int(getattr(stream, "_total_write_index", 0)
               - getattr(stream, "_total_write_done_index", 0))


def _cut(ws: Any) -> None:
    """Tear a websocket's connection down (Tornado's protocol object: its ``_abort``, which
    closes the stream; tolerant of a connection already gone)."""
    stream = getattr(ws, "stream", None)
    if stream is not None and not stream.closed():
        stream.close()


def _retrieved(future: Any) -> None:
    """Read a finished write's outcome (a write to a page gone fails: nothing to tell)."""
    if not future.cancelled():
        future.exception()


def ping_unanswered(now: float, last_ping: float, last_pong: float, interval_ms: float,
                    timeout_ms: float) -> bool:
    """Whether a kernel websocket is dead when its next keep-alive ping is due at ``now``: the
    last ping (sent at ``last_ping``) has had no pong since (``last_pong`` before it) for
    ``timeout_ms`` or more. A pong that answered it keeps the connection, however late this
    check runs. As in jupyter_server, a check more than two intervals after the last ping (the
    machine was suspended) closes nothing: a fresh ping goes out. (jupyter_server compares the
    age of the last pong with the timeout, at each ping: with a timeout equal to the interval,
    as Tornado requires, any ping sent a few milliseconds later than the one before closed a
    live connection.)"""
    since_ping_ms = 1e3 * (now - last_ping)
    return last_pong < last_ping and timeout_ms <= since_ping_ms < 2 * interval_ms


class KernelSocket(VoilaKernelWebsocketHandler):  # type: ignore[misc]
    """Voilà's kernel websocket, opened only by the client the kernel was given to (its
    cookie: a kernel id alone is no proof), its keep-alive ping judged by
    :func:`ping_unanswered`."""

    last_ping: float  # (jupyter_server's WebSocketMixin: when the last ping went, and pong came)
    last_pong: float

    async def pre_get(self) -> None:
        manager = self.kernel_manager
        if hasattr(manager, "owner"):
            owner = manager.owner(self.kernel_id)
            client = client_of(self)
            if owner is None or not client.cookie or owner.cookie != client.cookie:
                QUIET.warning(self.log, client.address, "Connexion au noyau %s refusée : "
                              "demandée par un autre client que le sien.", self.kernel_id)
                raise web.HTTPError(403)
        await super().pre_get()

    def send_ping(self) -> None:
        ws = self.ws_connection
        if ws is None or ws.client_terminated:
            super().send_ping()  # (stops pinging, or closes: jupyter_server's own handling)
            return
        now, last_ping = IOLoop.current().time(), self.last_ping
        if ping_unanswered(now, last_ping, self.last_pong, self.ping_interval,
                           self.ping_timeout):
            self.log.warning("WebSocket ping timeout after %i ms.", 1e3 * (now - last_ping))
            self.close()
            return
        self.ping(b"")
        self.last_ping = now


class GuardedConnection(ZMQChannelsWebsocketConnection):
    """jupyter_server's kernel websocket connection, refusing malformed frames unparsed and
    bounding what one connection may send and leave buffered (:class:`Guards`)."""

    _over = False

    @property
    def write_message(self) -> Any:
        """The websocket's ``write_message``, quiet once the page is gone: a page closed (or
        cut) while its kernel was talking left Tornado's write failing unread, and asyncio
        logged its traceback ("Task exception was never retrieved"), once per page."""
        write = self.websocket_handler.write_message

        def quiet(message: str | bytes, binary: bool = False) -> Any:
            try:
                future = write(message, binary=binary)
            except WebSocketClosedError:
                return None
            future.add_done_callback(_retrieved)
            return future

        return quiet

    @property
    def client(self) -> str:
        return str(getattr(self.websocket_handler.request, "remote_ip", None) or "?")

    @property
    def kernel(self) -> str:
        return str(getattr(self.websocket_handler, "kernel_id", "?"))

    def too_much(self, reason: str, abort: bool = False) -> None:
        """Close this connection: its page shows that it sent too much (code TOO_MUCH)."""
        self._over = True
        QUIET.warning(self.log, self.client, "Connexion au noyau %s fermée : %s.", self.kernel,
                      reason)
        ws = getattr(self.websocket_handler, "ws_connection", None)
        self.websocket_handler.close(TOO_MUCH, "trop de messages")
        if ws is not None:
            # a client that does not read would never get the close frame: cut at once; else
            # one second for the page to receive it, then no more reading of what it sends
            if abort:
                _cut(ws)
            else:
                IOLoop.current().call_later(1, _cut, ws)

    def handle_incoming_message(self, incoming_msg: Any) -> None:
        if self._over:
            return
        problem = frame_problem(incoming_msg, self.subprotocol)
        if problem is not None:
            QUIET.warning(self.log, self.client, "Trame refusée sur le noyau %s : %s.",
                          self.kernel, problem)
            self.websocket_handler.close(1008, "trame refusée")
            return
        messages, volume = rates(self.kernel)
        if not messages.take():
            self.too_much(f"plus de {GUARDS.ws_messages_per_second} messages par seconde")
            return
        if not volume.take(len(incoming_msg)):
            self.too_much(f"plus de {GUARDS.ws_kb_per_second} Ko par seconde")
            return
        header = header_of(incoming_msg, self.subprotocol)
        if header.get("msg_type") in REFUSED_MESSAGES:
            QUIET.warning(self.log, self.client, "Message %s refusé (noyau %s).",
                          str(header.get("msg_type")), self.kernel)
            return
        msg_id = header.get("msg_id")
        msg_id = msg_id if isinstance(msg_id, str) else None
        if msg_id is not None and not SEEN.first_time(self.kernel, msg_id):
            QUIET.warning(self.log, self.client, "Message rejoué ignoré (noyau %s).", self.kernel)
            return
        if WIRE:
            self.log.info("Fil %s, de la page : %s %s (%s).", self.kernel,
                          header.get("msg_type"), msg_id,
                          "transmis" if self.channels else "connexion fermée, perdu")
        super().handle_incoming_message(incoming_msg)

    def handle_outgoing_message(self, stream: Any, outgoing_msg: list[Any]) -> None:
        if WIRE:
            _, parts = self.session.feed_identities(outgoing_msg)
            self.log.info("Fil %s, du noyau : %s.", self.kernel, wire_out(parts))
        super().handle_outgoing_message(stream, outgoing_msg)

    def _on_zmq_reply(self, stream: Any, msg_list: Any) -> None:
        if self._over:
            return
        if buffered(self.websocket_handler) > GUARDS.ws_buffer_mb * 2**20:
            self.too_much(f"le client ne lit pas ({GUARDS.ws_buffer_mb} Mo en attente)",
                          abort=True)
            return
        super()._on_zmq_reply(stream, msg_list)  # type: ignore[no-untyped-call]


def client_of(handler: Any) -> Client:
    """Who is asking: the client cookie (set with the first page) and the address."""
    cookie = handler.get_cookie(CLIENT_COOKIE) or ""
    if not (cookie.isalnum() and 16 <= len(cookie) <= 64):
        cookie = ""
    return Client(cookie, str(handler.request.remote_ip or "?"))


class TutorPageHandler(TornadoVoilaHandler):  # type: ignore[misc]
    """Voilà's page handler without template or theme overrides, with a kernel cap, kernels tied
    to the client they were given to, and renders rate-limited per address."""

    _renders: Buckets | None = None

    @property
    def content_security_policy(self) -> str:
        return CSP

    async def prepare(self, *args: Any, **kwargs: Any) -> None:
        for name in OVERRIDES:
            self.request.arguments.pop(name, None)
            self.request.query_arguments.pop(name, None)
        if not self.served_file(self.path_kwargs.get("path") or "/".join(self.path_args)):
            raise web.HTTPError(404)  # a mistyped game link: the French 404 page, no kernel
        await super().prepare(*args, **kwargs)

    def served_file(self, path: str) -> bool:
        """Whether ``path`` (the address after ``/voila/render/``) names a notebook file of
        the served folder: a NUL byte or an unreadable name answered 500 with a traceback."""
        if not path:
            return True  # Voilà's own notebook (the root), if any
        if "\x00" in path or not path.endswith(".ipynb"):
            return False
        try:
            root = Path(self.kernel_manager.root_dir).resolve()
            target = (root / path).resolve()
            return target.is_file() and root in target.parents
        except (OSError, ValueError, RuntimeError):
            return False

    async def get(self, path: str | None = None) -> None:
        if not self.top_level():
            self.refuse(403, "not-a-page", NOT_A_PAGE_TITLE, NOT_A_PAGE_TEXT, NOT_A_PAGE_MORE,
                        "page demandée par une autre page (Sec-Fetch-Dest "
                        f"{self.request.headers.get('Sec-Fetch-Dest', '-')[:20]})")
            return
        manager = self.kernel_manager
        notebook = self.notebook_path or path
        client = client_of(self)
        if not client.cookie:
            client = Client(secrets.token_hex(16), client.address)
            self.set_cookie(CLIENT_COOKIE, client.cookie, path="/", httponly=True,
                            samesite="Strict")
        self.xsrf_token  # noqa: B018 -- sets the _xsrf cookie the page's closing request sends
        is_page = bool(notebook) and (Path(manager.root_dir) / str(notebook)).is_file()
        if is_page and hasattr(manager, "kernels_held"):
            held = manager.kernels_held(client)
            if held >= manager.client_kernels:
                self.refuse(429, "held", HELD_TITLE, HELD_TEXT.format(n=held), HELD_MORE,
                            f"{held} noyaux tenus par le client")
                return
            by_address = manager.kernels_of_address(client.address)
            if by_address >= manager.address_kernels:
                self.refuse(429, "address", ADDRESS_TITLE, ADDRESS_TEXT.format(n=by_address),
                            ADDRESS_MORE, f"{by_address} noyaux tenus par l’adresse")
                return
            if manager.kernels_pending(client.address) >= manager.address_pending \
                    or not self.renders().take(client.address):
                self.refuse(429, "flood", FLOOD_TITLE, FLOOD_TEXT, FLOOD_MORE,
                            "trop de pages demandées depuis l’adresse")
                return
        if is_page and getattr(manager, "max_kernels", None) is not None \
                and manager.get_pool_size(notebook) == 0 and not manager.has_room() \
                and not await manager.evict_pooled(notebook):
            self.busy()
            return
        token = CLIENT.set(client)
        try:
            await super().get(path=path)
        except KernelCapReached:
            if self._headers_written:
                raise
            self.clear()
            self.busy()
        finally:
            CLIENT.reset(token)

    def top_level(self) -> bool:
        """Whether the browser asks for this page as a tab's own document (``Sec-Fetch-Dest:
        document``, ``Sec-Fetch-Mode: navigate``): an ``<img>``, a script, a frame or a fetch
        of another site pointing at a game page starts no kernel and counts against no limit
        of the learner's address. Clients that send no such header (browsers before 2020,
        scripts such as ``make load``) are served as before."""
        headers = self.request.headers
        dest, mode = headers.get("Sec-Fetch-Dest"), headers.get("Sec-Fetch-Mode")
        return dest in (None, "document") and mode in (None, "navigate")

    @classmethod
    def renders(cls) -> Buckets:
        if cls._renders is None:
            per_minute = max(1, GUARDS.renders_per_minute)
            cls._renders = Buckets(per_minute / 60, per_minute)
        return cls._renders

    def refuse(self, status: int, kind: str, title: str, text: str, more: str,
               why: str) -> None:
        QUIET.warning(self.log, str(self.request.remote_ip), "Page refusée (%d) : %s.", status,
                      why)
        self.set_status(status)
        self.set_header("Content-Type", "text/html; charset=utf-8")
        self.set_header("Retry-After", "60")
        self.set_header("Cache-Control", "no-cache, no-store, must-revalidate")
        self.finish(page(kind, title, text, more, self.request.path, "Réessayer"))

    def busy(self) -> None:
        self.refuse(503, "busy", BUSY_TITLE, BUSY_TEXT, BUSY_MORE,
                    f"plafond de {getattr(self.kernel_manager, 'max_kernels', '?')} noyaux "
                    "atteint")


class OwnKernelOnly:
    """Stopping a kernel is accepted only from the client it was given to (its cookie); anyone
    else gets 403 with a French page (a kernel id alone is no proof)."""

    async def stop_own(self, kernel_id: str) -> None:
        me: Any = self
        manager = me.kernel_manager
        owner = manager.owner(kernel_id) if hasattr(manager, "owner") else None
        client = client_of(me)
        if owner is None or not client.cookie or owner.cookie != client.cookie:
            QUIET.warning(me.log, client.address,
                          "Arrêt du noyau %s refusé : demandé par un autre client que le sien.",
                          kernel_id)
            me.set_status(403)
            me.set_header("Content-Type", "text/html; charset=utf-8")
            me.finish(page("refused", REFUSED_TITLE, REFUSED_TEXT, "", "/", "Accueil"))
            return
        await manager.shutdown_kernel(kernel_id)
        me.set_status(204)
        me.finish()


class ShutdownHandler(OwnKernelOnly, APIHandler):
    """The page's own request to stop its kernel as its tab closes (Voilà's
    ``/voila/api/shutdown/<id>``, with the ``_xsrf`` cookie the page was given)."""

    async def post(self, kernel_id: str) -> None:
        await self.stop_own(kernel_id)


class KernelHandlerOwnStop(OwnKernelOnly, KernelHandler):
    """jupyter_server's ``/api/kernels/<id>``: the model as before, ``DELETE`` only by the
    kernel's own client."""

    async def delete(self, kernel_id: str) -> None:
        await self.stop_own(kernel_id)


class NotFoundHandler(JupyterHandler):
    """Every address the tutor does not serve: a French 404 page, no traceback logged."""

    def prepare(self) -> None:  # type: ignore[override]
        self.not_found()

    def not_found(self) -> None:
        self.set_status(404)
        self.set_header("Content-Type", "text/html; charset=utf-8")
        self.finish(page("not-found", NOT_FOUND_TITLE, NOT_FOUND_TEXT, NOT_FOUND_MORE,
                         "/", "Aller à l’accueil"))

    def write_error(self, status_code: int, **kwargs: Any) -> None:
        self.not_found()


class LongUrlHandler(NotFoundHandler):
    """An address too long to serve (:attr:`Guards.max_url_kb`): a French 414 page."""

    def not_found(self) -> None:
        self.set_status(414)
        self.set_header("Content-Type", "text/html; charset=utf-8")
        self.finish(page("too-long", LONG_TITLE, LONG_TEXT, LONG_MORE, "/", "Aller à l’accueil"))


class TemplateFiles(TemplateStaticFileHandler):  # type: ignore[misc]
    """Voilà's ``/voila/templates/<template>/static/<file>``; an address of any other shape
    is a French 404, not a 500 with a traceback in the log."""

    def parse_url_path(self, path: str) -> str:
        parts = os.path.normpath(path).split(os.path.sep, 2)  # as Voilà will split it
        if len(parts) != 3 or parts[1] != "static" or not parts[0] or not parts[2] \
                or path.split("/", 2)[:2] != parts[:2]:
            raise web.HTTPError(404)
        try:
            return str(super().parse_url_path(path))
        except (ValueError, AssertionError, OSError):
            raise web.HTTPError(404) from None

    def write_error(self, status_code: int, **kwargs: Any) -> None:
        self.set_header("Content-Type", "text/html; charset=utf-8")
        self.finish(page("not-found", NOT_FOUND_TITLE, NOT_FOUND_TEXT, NOT_FOUND_MORE, "/",
                         "Aller à l’accueil"))


ERROR_PAGES = {
    400: ("Adresse mal formée", "Cette adresse est mal formée.",
          "Elle contient des caractères que le tuteur ne lit pas\u202f: elle a peut-être été "
          "mal recopiée. L’accueil du tuteur mène à toutes ses pages."),
    403: ("Accès refusé", "Le tuteur ne sert pas cette adresse.",
          "L’accueil du tuteur mène à toutes ses pages."),
    404: (NOT_FOUND_TITLE, NOT_FOUND_TEXT, NOT_FOUND_MORE),
    405: ("Action refusée", "Le tuteur ne répond pas à cette demande à cette adresse.",
          "L’accueil du tuteur mène à toutes ses pages."),
    414: (LONG_TITLE, LONG_TEXT, LONG_MORE),
}
ERROR_OTHER = ("Erreur du tuteur", "Le tuteur n’a pas pu répondre à cette demande.",
               "Réessayez dans un moment, ou repartez de l’accueil du tuteur. Le détail "
               "technique a été consigné pour l’équipe.")


def error_page(status: int) -> str:
    """The French page of an error ``status`` (:data:`ERROR_PAGES`, else :data:`ERROR_OTHER`)."""
    title, text, more = ERROR_PAGES.get(status, ERROR_OTHER)
    return page(f"error-{status}", title, text, more, "/", "Aller à l’accueil")


PROXY_FLOOD_TEXT = ("Trop de demandes depuis votre adresse\u202f: réessayez dans une "
                    "minute.")
PROXY_FLOOD_MORE = ("Le tuteur limite le nombre de demandes par minute depuis une même adresse, "
                    "pour que chacun ait sa place.")


def proxy_pages() -> dict[str, str]:
    """The French pages nginx answers itself (deploy/nginx/pages/: a link too long for its
    buffers, an address over its limits, the tutor not answering); the deployment test checks
    that the files are these."""
    return {"414.html": error_page(414),
            "429.html": page("flood", FLOOD_TITLE, PROXY_FLOOD_TEXT, PROXY_FLOOD_MORE, "/",
                             "Aller à l’accueil"),
            "502.html": error_page(502)}


class FrenchErrors:
    """Mixed into every handler the app serves (:func:`french_errors`): every response carries
    :data:`HEADERS` (the Content-Security-Policy included: redirects, static files and errors
    too), and every error page Voilà, jupyter_server or Tornado would draw in English is the
    French :func:`error_page` (the JSON API keeps its JSON errors)."""

    def set_default_headers(self) -> None:
        me: Any = self
        super().set_default_headers()  # type: ignore[misc]
        for name, value in HEADERS.items():
            me.set_header(name, value)

    def write_error(self, status_code: int, **kwargs: Any) -> None:
        me: Any = self
        if isinstance(self, APIHandler) and status_code != 404:
            super().write_error(status_code, **kwargs)  # type: ignore[misc]
            return
        me.set_header("Content-Type", "text/html; charset=utf-8")
        me.set_header("Cache-Control", "no-cache, no-store, must-revalidate")
        me.finish(error_page(status_code))


def french_errors(rule: tuple[Any, ...]) -> tuple[Any, ...]:
    """A handler rule ``(pattern, class, ...)`` with :class:`FrenchErrors` mixed in."""
    cls = rule[1]
    if not isinstance(cls, type) or issubclass(cls, FrenchErrors):
        return rule
    return (rule[0], type(cls.__name__, (FrenchErrors, cls), {}), *rule[2:])


def log_request(handler: Any) -> None:
    """Tornado's access log line, with the address cut to 200 characters and, for refusals
    (4xx, 5xx), counted against the client's log limit (:class:`QuietLog`)."""
    request = handler.request
    uri = request.uri if len(request.uri or "") <= 200 else request.uri[:200] + "…"
    status = handler.get_status()
    log = getattr(handler, "log", None) or logging.getLogger("tornado.access")
    line = "%d %s %s (%s) %.2fms"
    args = (status, request.method, uri, request.remote_ip, 1000 * request.request_time())
    if status < 400:
        log.debug(line, *args)
    else:
        QUIET.warning(log, str(request.remote_ip), line, *args)

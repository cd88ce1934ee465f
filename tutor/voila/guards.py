"""Guards in front of Voilà and jupyter_server for what any visitor can send.

- :class:`GuardedConnection` checks every websocket frame before jupyter_server parses it: a
  binary frame on the plain JSON protocol is refused (jupyter_server would build a struct format
  as long as the count its first four bytes declare: gigabytes for a 1 KB frame), and a frame of
  the binary ``v1`` protocol must declare a sane number of parts whose offsets lie inside it.
- :class:`TutorPageHandler` serves a page without any ``?template=`` / ``?theme=`` override
  (reflected script injection, pages without our banner, a fresh kernel for each such request),
  and answers 503 with a French page when the server already runs its cap of kernels.
"""

from __future__ import annotations

import html
import itertools
from pathlib import Path
from typing import Any

from jupyter_server.services.kernels.connection.channels import ZMQChannelsWebsocketConnection
from voila.tornado.handler import TornadoVoilaHandler

from .kernels import KernelCapReached

V1 = "v1.kernel.websocket.jupyter.org"
MAX_BUFFERS = 16  # binary buffers a widget message may carry (ours carry none)
V1_MIN_PARTS = 6  # offsets of: channel, header, parent header, metadata, content, end
OVERRIDES = ("template", "theme")

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
<body data-tutor-busy="">
<h1>{text}</h1>
<p>Le tuteur sert déjà autant de pages qu’il peut en ce moment. Une place se libère dès qu’un
apprenant ferme la sienne.</p>
<p><a href="{href}">Réessayer</a></p>
</body>
</html>
"""


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


class GuardedConnection(ZMQChannelsWebsocketConnection):
    """jupyter_server's kernel websocket connection, refusing malformed frames unparsed."""

    def handle_incoming_message(self, incoming_msg: Any) -> None:
        problem = frame_problem(incoming_msg, self.subprotocol)
        if problem is not None:
            self.log.warning("Trame refusée sur le noyau %s : %s.",
                             getattr(self.websocket_handler, "kernel_id", "?"), problem)
            self.websocket_handler.close(1008, "trame refusée")
            return
        super().handle_incoming_message(incoming_msg)


class TutorPageHandler(TornadoVoilaHandler):  # type: ignore[misc]
    """Voilà's page handler without template or theme overrides, with a kernel cap."""

    async def prepare(self, *args: Any, **kwargs: Any) -> None:
        for name in OVERRIDES:
            self.request.arguments.pop(name, None)
            self.request.query_arguments.pop(name, None)
        await super().prepare(*args, **kwargs)

    async def get(self, path: str | None = None) -> None:
        manager = self.kernel_manager
        notebook = self.notebook_path or path
        if notebook and getattr(manager, "max_kernels", None) is not None \
                and (Path(manager.root_dir) / notebook).is_file() \
                and manager.get_pool_size(notebook) == 0 and not manager.has_room() \
                and not await manager.evict_pooled(notebook):
            self.busy()
            return
        try:
            await super().get(path=path)
        except KernelCapReached:
            if self._headers_written:
                raise
            self.clear()
            self.busy()

    def busy(self) -> None:
        self.log.warning("Page refusée (503) : plafond de %s noyaux atteint.",
                         getattr(self.kernel_manager, "max_kernels", "?"))
        self.set_status(503)
        self.set_header("Content-Type", "text/html; charset=utf-8")
        self.set_header("Retry-After", "60")
        self.set_header("Cache-Control", "no-cache, no-store, must-revalidate")
        self.finish(BUSY_PAGE.format(title=html.escape(BUSY_TITLE), text=html.escape(BUSY_TEXT),
                                     href=html.escape(self.request.path, quote=True)))

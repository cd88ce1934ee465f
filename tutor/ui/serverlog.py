"""The tutor's log lines, from a page's kernel, go to the server's log, not to the page.

In a kernel, ``sys.stderr`` is ipykernel's stream to the page's websocket: a traceback logged
there (Python's last-resort handler writes to it) reached the visitor, and never the server's
log, while the page said « le détail technique a été consigné pour l’équipe ». ipykernel keeps a
copy of the process's real standard error (the server's log, which kernels inherit) and gives it
as ``sys.stderr.fileno()``: :func:`install` sends every ``tutor`` logger there, at most
:data:`PER_MINUTE` error lines a minute per kernel (a page sending what fails again and again
cannot fill the log), then one line says how many were held back.
"""

from __future__ import annotations

import io
import logging
import os
import sys
import time
from typing import IO, Any

PER_MINUTE = 10
FORMAT = "[tutor %(process)d %(asctime)s] %(levelname)s %(name)s: %(message)s"


def server_stream(stderr: Any = None) -> IO[str]:
    """A text stream on the server's log: the real standard error behind ipykernel's
    ``sys.stderr`` (or ``sys.__stderr__`` where there is no file behind it)."""
    stderr = sys.stderr if stderr is None else stderr
    try:
        fd = stderr.fileno()
    except (AttributeError, OSError, ValueError, io.UnsupportedOperation):
        return sys.__stderr__ or sys.stderr
    return open(os.dup(fd), "w", buffering=1, encoding="utf-8", errors="replace")


class Budget(logging.Filter):
    """At most ``per_minute`` lines a minute; then one line tells how many were held."""

    def __init__(self, per_minute: int = PER_MINUTE) -> None:
        super().__init__()
        self.per_minute, self.start, self.count, self.held = per_minute, 0.0, 0, 0

    def filter(self, record: logging.LogRecord) -> bool:
        now = time.monotonic()
        if now - self.start >= 60:
            if self.held:
                record.msg = (f"{self.held} ligne(s) du journal du noyau supprimée(s) "
                              f"(plus de {self.per_minute} par minute) ; puis : {record.msg}")
            self.start, self.count, self.held = now, 0, 0
        self.count += 1
        if self.count > self.per_minute:
            self.held += 1
            return False
        return True


_installed: logging.Handler | None = None


def handler(stderr: Any = None) -> logging.Handler:
    """A handler writing to :func:`server_stream`, within :class:`Budget`."""
    out = logging.StreamHandler(server_stream(stderr))
    out.setFormatter(logging.Formatter(FORMAT))
    out.addFilter(Budget())
    return out


def install(stderr: Any = None) -> logging.Handler:
    """Give the ``tutor`` loggers :func:`handler` (once per process). Python's last-resort
    handler (ipykernel's ``sys.stderr``, the page) is then never used for them: it only
    writes the lines no handler of the hierarchy takes. (Lines still propagate to handlers
    others set on the root logger, such as pytest's.)"""
    global _installed
    if _installed is None:
        _installed = handler(stderr)
        logging.getLogger("tutor").addHandler(_installed)
    return _installed

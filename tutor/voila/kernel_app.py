"""A page's kernel: ipykernel's own, with room for a page's bursts of messages.

ZeroMQ's publish socket drops what it cannot queue: with its default high-water mark of 1,000
messages, a kernel that sends more than that while the server reads slowly (a busy machine) loses
the tail of its answer, without a word in any log. One click can send over a thousand messages
(the position editor builds its widgets: each one opens a comm and sends its state), and the
tail holds the kernel's ``idle`` status for that click: the page then waits for ever (« Calcul en
cours… »), or draws a box whose children never came (« Model class 'VBoxModel' … can not be
instantiated »). See docs/lost-messages.md.

:class:`TutorKernelApp` creates the kernel's IOPub socket with a high-water mark of
:data:`IOPUB_HWM` messages; the server's side (:class:`tutor.voila.kernels.TutorKernelManager`)
receives with the same. Memory stays bounded: a kernel's burst is what its own widgets send, and
a page that stops reading is disconnected and culled like any other.

Run as ``python -m tutor.voila.kernel_app -f <connection file>`` (the served app's kernels are
launched so, :meth:`tutor.voila.kernels.TutorKernel.format_kernel_cmd`).
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import zmq
from ipykernel.kernelapp import IPKernelApp

IOPUB_HWM = 100_000
"""Messages queued for each reader of a kernel's IOPub channel before ZeroMQ drops any (its
default is 1,000; a burst of the position editor is about 1,100)."""

MODULE = "tutor.voila.kernel_app"
"""What ``python -m`` runs instead of ``ipykernel_launcher``."""


def served(cmd: list[str]) -> list[str]:
    """A kernel's command line (ipykernel's own, from its kernel spec) as the server runs it:
    this module instead of ``ipykernel_launcher``."""
    return [MODULE if part == "ipykernel_launcher" else part for part in cmd]


class TutorKernelApp(IPKernelApp):
    """ipykernel's application, its IOPub socket (and the pipe feeding it) made with room for
    :data:`IOPUB_HWM` messages per reader."""

    def init_iopub(self, context: Any) -> None:
        # The high-water mark of a bound socket is copied into each connection when it is made:
        # it must be set before the socket exists, so as a default of the context, for the
        # sockets init_iopub creates (the XPUB and its event pipe), then the context's defaults
        # put back as they were.
        defaults = dict(context.sockopts)
        context.setsockopt(zmq.SNDHWM, IOPUB_HWM)
        context.setsockopt(zmq.RCVHWM, IOPUB_HWM)
        try:
            super().init_iopub(context)  # type: ignore[no-untyped-call]
        finally:
            context.sockopts.clear()
            context.sockopts.update(defaults)


def main() -> None:
    """Start the kernel as ``ipykernel_launcher`` does (the working directory off the path),
    without the debugger: the server drops a page's ``debug_request`` (tutor/voila/guards.py),
    so a served kernel never needs ``debugpy``, which ipykernel would import as each kernel
    starts (its cost in memory: docs/server.md). Kernels in JupyterLab are ipykernel's own and
    keep it."""
    if sys.path and (sys.path[0] == "" or Path(sys.path[0]) == Path.cwd()):
        del sys.path[0]
    sys.modules.setdefault("debugpy", None)  # type: ignore[arg-type]  # importing it fails
    TutorKernelApp.launch_instance()


if __name__ == "__main__":
    main()

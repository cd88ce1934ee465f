"""A forked copy of the process that plays one job at a time for it, on a spare core.

A « Conseil » (:meth:`tutor.engine.hints.Race.run_for`) plays seeded rounds of playouts whose
results depend on the round's number and the classes it plays only. While the process plays one
round, a copy of it forked for the race (:meth:`Worker.fork`) plays the next one, on the bet that
the same classes will play it; the race takes that round from the copy only when they do, and
plays it itself otherwise or while the copy has not answered. The hint is therefore the one a
single process gives, with the same seed and count; the copy only brings it sooner.

The copy never takes a core from anybody else: it lowers its priority to the least (nice 19) in
the scheduling group of the process it was forked from (Linux groups a session's processes: a
page's kernel and its copy weigh as one kernel against the other kernels). On a machine with a
core idle, it plays about as fast as the process; on a busy one, it hardly plays, and the race
plays every round itself. It lives for one race: :meth:`Worker.close` kills it, and it leaves on
its own when the process that forked it is gone (its requests' pipe closes). Where ``fork`` is
not there or not safe (not Linux: WebAssembly's Pyodide, macOS), :meth:`Worker.fork` gives
``None`` and the race plays alone.

Jobs and answers are pickled through two private pipes between the process and its own fork.
Standard library only.
"""

from __future__ import annotations

import gc
import os
import pickle
import struct
import sys
from collections.abc import Callable
from typing import Any

AVAILABLE = sys.platform == "linux" and hasattr(os, "fork")
"""Whether races may fork a worker here (Linux; the fork of a process with threads is safe
there for a child that touches none of them and leaves by ``os._exit``)."""

_HEADER = struct.Struct("!Q")  # the length of each pickled message


class Worker:
    """A forked copy playing ``work(job)`` for each job asked (:meth:`ask`), one at a time;
    :meth:`answer` gives the answer once it has come."""

    def __init__(self, pid: int, jobs: int, answers: int) -> None:
        self.pid, self._jobs, self._answers = pid, jobs, answers
        self.asked: Any = None  # the job asked and not yet answered
        self.alive = True

    @classmethod
    def fork(cls, work: Callable[[Any], Any]) -> Worker | None:
        """A copy of this process playing ``work`` for each job asked, or ``None`` where none
        can be forked (see :data:`AVAILABLE`)."""
        if not AVAILABLE:
            return None
        jobs_in, jobs_out = os.pipe()
        answers_in, answers_out = os.pipe()
        gc.freeze()  # the copy shares the objects as they are: its collections leave them be
        try:
            pid = os.fork()
        except OSError:
            for fd in (jobs_in, jobs_out, answers_in, answers_out):
                os.close(fd)
            gc.unfreeze()
            return None
        if pid == 0:  # the copy: it never returns from here
            code = 1
            try:
                os.close(jobs_out)
                os.close(answers_in)
                code = _serve(jobs_in, answers_out, work)
            finally:
                os._exit(code)
        gc.unfreeze()
        os.close(jobs_in)
        os.close(answers_out)
        return cls(pid, jobs_out, answers_in)

    def ask(self, job: Any) -> bool:
        """Hand the copy ``job`` (it must have answered the last one): False if it is gone."""
        assert self.asked is None, "one job at a time"
        if not self.alive:
            return False
        try:
            _send(self._jobs, job)
        except OSError:
            self.alive = False
            return False
        self.asked = job
        return True

    def answer(self) -> tuple[Any, Any] | None:
        """The job asked and the copy's answer, once it has come (without waiting); ``None``
        before, or if the copy is gone (it then asks nothing more)."""
        if not self.ready():
            return None
        answer = _receive(self._answers)  # (what ``work`` gave,), or None: the copy is gone
        job, self.asked = self.asked, None
        if answer is None:
            self.alive = False
            return None
        return job, answer[0]

    def ready(self, timeout: float = 0.0) -> bool:
        """Whether the copy's answer to the job asked has come (or the copy is gone), waiting
        for it up to ``timeout`` seconds."""
        if self.asked is None or not self.alive:
            return False
        import select  # (only where a worker runs: WebAssembly builds may lack it)

        return bool(select.select([self._answers], [], [], timeout)[0])

    def close(self) -> None:
        """Stop the copy and collect it (no zombie left behind)."""
        import signal  # (only where a worker runs: WebAssembly builds may lack it)

        for fd in (self._jobs, self._answers):
            try:
                os.close(fd)
            except OSError:
                pass
        try:
            os.kill(self.pid, signal.SIGKILL)
        except OSError:
            pass
        try:
            os.waitpid(self.pid, 0)
        except ChildProcessError:
            pass
        self.alive = False


def _serve(jobs: int, answers: int, work: Callable[[Any], Any]) -> int:
    """The copy's loop: each job read is played and its answer written, until the pipe closes
    (the process that forked it closed it or is gone). Its exit code."""
    import signal

    for signum in (signal.SIGINT, signal.SIGTERM):  # a kernel interrupted or stopped: it ends
        signal.signal(signum, signal.SIG_DFL)
    # a kernel's streams are its sockets, which the copy must not touch: it says nothing
    sys.stdout = sys.stderr = open(os.devnull, "w")
    try:
        os.nice(19)
    except OSError:
        pass
    while True:
        job = _receive(jobs)
        if job is None:
            return 0
        _send(answers, (work(job),))


def _send(fd: int, message: Any) -> None:
    data = pickle.dumps(message, pickle.HIGHEST_PROTOCOL)
    view = memoryview(_HEADER.pack(len(data)) + data)
    while view:
        view = view[os.write(fd, view):]


def _receive(fd: int) -> Any:
    """The next message, or ``None`` once the pipe is closed."""
    header = _read(fd, _HEADER.size)
    if header is None:
        return None
    body = _read(fd, _HEADER.unpack(header)[0])
    return None if body is None else pickle.loads(body)


def _read(fd: int, size: int) -> bytes | None:
    chunks, left = [], size
    while left:
        chunk = os.read(fd, left)
        if not chunk:
            return None
        chunks.append(chunk)
        left -= len(chunk)
    return b"".join(chunks)

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


def spare_core() -> bool:
    """Whether this process may run on two cores at once: two or more in its CPU affinity and,
    under a cgroup quota (a container's ``cpu.max``, as Binder sets), at least two cores'
    worth. With one, a worker would only take turns with the race it helps."""
    if not AVAILABLE or len(os.sched_getaffinity(0)) < 2:
        return False
    try:
        with open("/sys/fs/cgroup/cpu.max") as limit:
            quota, period = limit.read().split()[:2]
    except (OSError, ValueError):
        return True
    return quota == "max" or int(quota) >= 2 * int(period)


class Worker:
    """A forked copy playing ``work(job)`` for each job asked (:meth:`ask`), one at a time;
    :meth:`answer` gives the answer once it has come."""

    def __init__(self, pid: int, jobs: int, answers: int) -> None:
        self.pid, self._jobs, self._answers = pid, jobs, answers
        self.asked: Any = None  # the job asked and not yet answered
        self.alive = True
        self._closed = False

    @classmethod
    def fork(cls, work: Callable[[Any], Any]) -> Worker | None:
        """A copy of this process playing ``work`` for each job asked, or ``None`` where none
        can be forked or would help (:func:`spare_core`)."""
        if not spare_core():
            return None
        import signal  # (only where a worker runs: WebAssembly builds may lack it)

        jobs_in, jobs_out = os.pipe()
        answers_in, answers_out = os.pipe()
        # no interrupt between the fork and the copy's own handlers (it would unwind a copy of
        # the kernel into the kernel's code), nor before the parent holds its worker
        stopping = {signal.SIGINT, signal.SIGTERM}
        blocked = signal.pthread_sigmask(signal.SIG_BLOCK, stopping)
        gc.freeze()  # the copy shares the objects as they are: its collections leave them be
        pid = -1
        try:
            pid = os.fork()
            if pid == 0:  # the copy: it never returns from here
                code = 1
                try:
                    os.close(jobs_out)
                    os.close(answers_in)
                    code = _serve(jobs_in, answers_out, work, blocked)
                finally:
                    os._exit(code)
            worker = cls(pid, jobs_out, answers_in)
        except BaseException:
            if pid > 0:
                _stop(pid)
            for fd in (jobs_in, jobs_out, answers_in, answers_out):
                _close(fd)
            if pid < 0:
                return None  # (the fork itself failed: no worker, the race plays alone)
            raise
        finally:
            gc.unfreeze()
            signal.pthread_sigmask(signal.SIG_SETMASK, blocked)
        os.close(jobs_in)
        os.close(answers_out)
        return worker

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

        poll = select.poll()  # (any descriptor number, unlike select.select)
        poll.register(self._answers, select.POLLIN)
        return bool(poll.poll(int(timeout * 1000)))

    def __del__(self) -> None:  # a worker dropped unclosed (an interrupt at the wrong time)
        try:
            self.close()
        except Exception:  # (at the interpreter's exit, modules may be gone)
            pass

    def close(self) -> None:
        """Stop the copy and collect it (no zombie left behind); once only."""
        if self._closed:
            return
        self._closed, self.alive = True, False
        try:
            _stop(self.pid)
        finally:
            _close(self._jobs)
            _close(self._answers)


def _stop(pid: int) -> None:
    """Kill the copy ``pid`` and collect it (even through an interrupt while waiting)."""
    import signal

    try:
        os.kill(pid, signal.SIGKILL)
    except OSError:
        return
    while True:
        try:
            os.waitpid(pid, 0)
            return
        except ChildProcessError:
            return
        except KeyboardInterrupt:  # killed already: its end is a moment away
            continue


def _close(fd: int) -> None:
    try:
        os.close(fd)
    except OSError:
        pass


def _serve(jobs: int, answers: int, work: Callable[[Any], Any], mask: Any) -> int:
    """The copy's loop: each job read is played and its answer written, until the pipe closes
    (the process that forked it closed it or is gone). Its exit code."""
    import signal

    for signum in (signal.SIGINT, signal.SIGTERM):  # a kernel interrupted or stopped: it ends
        signal.signal(signum, signal.SIG_DFL)
    try:  # the kernel's event loop may have a descriptor woken by signals: not the copy's
        signal.set_wakeup_fd(-1)
    except ValueError:
        pass
    signal.pthread_sigmask(signal.SIG_SETMASK, mask)
    # a kernel's standard streams are its own (captured, sent to the page): the copy writes
    # nothing there, from Python or from C; the kernel's stream objects are kept, not closed
    _KEPT.extend((sys.stdin, sys.stdout, sys.stderr))
    null = os.open(os.devnull, os.O_RDWR)
    for fd in (0, 1, 2):
        os.dup2(null, fd)
    sys.stdout = sys.stderr = open(null, "w", closefd=False)
    try:  # the copy ready to be the first killed should memory run out
        with open("/proc/self/oom_score_adj", "w") as adj:
            adj.write("1000")
    except OSError:
        pass
    try:
        os.nice(19)
    except OSError:
        pass
    while True:
        job = _receive(jobs)
        if job is None:
            return 0
        _send(answers, (work(job),))


_KEPT: list[Any] = []  # (in the copy: the kernel's stream objects, never finalized there)

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

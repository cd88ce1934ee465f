"""Where a page's seconds go: the stages of each page request, recorded on the server.

Every page GET served by :class:`TimedPageHandler` is split into stages, in seconds of wall time:

- ``kernel``: waiting for a kernel (a pooled one taken, or a new one started for the page);
- ``prepare``: reading the notebook and preparing Voilà's exporter (class mode shares this
  between the kernels of one pool: :mod:`tutor.voila.shared`);
- ``notebook``: the kernel running the notebook's cells (connecting to it included);
- ``template``: Voilà rendering the page's template and converting the cells' outputs (what is
  left of the rendering once the cells' execution is taken out);
- ``send``: writing the page out;
- ``lag``: how late the server's event loop ran meanwhile (the sum of the delays of a timer
  ticking every :data:`LAG_TICK_S`: the loop busy with other requests, kernels' messages...).

A page served from a pool was rendered before the learner came: its ``notebook`` and
``template`` stages are the pool's (``pool_prepare``, ``pool_notebook``, ``pool_template``), and
the GET itself
only waits for the kernel and sends the page. With ``TUTOR_TIMINGS=<file>`` each GET appends one
JSON line to the file (``make load`` reads them); without it nothing is written.
"""

from __future__ import annotations

import contextvars
import json
import os
import threading
import time
from collections import deque
from collections.abc import AsyncIterator, Awaitable, Callable, Iterator
from contextlib import contextmanager
from dataclasses import asdict, dataclass, field
from typing import Any

LAG_TICK_S = 0.05
LAG_KEEP = 20_000  # ticks remembered (about 17 minutes): enough for the longest page GET


@dataclass
class Stages:
    """The stages of one page request (or of one pool kernel's warming), in seconds."""

    page: str = ""
    pooled: bool = False
    kernel: float = 0.0
    prepare: float = 0.0
    notebook: float = 0.0
    template: float = 0.0
    send: float = 0.0
    lag: float = 0.0
    lag_max: float = 0.0
    total: float = 0.0
    status: int = 0
    pool_prepare: float = 0.0
    pool_notebook: float = 0.0
    pool_template: float = 0.0
    started: float = field(default_factory=time.monotonic)

    def add(self, stage: str, seconds: float) -> None:
        setattr(self, stage, getattr(self, stage) + seconds)


#: the stages being recorded by the current page request (or pool kernel's warming)
STAGES: contextvars.ContextVar[Stages | None] = contextvars.ContextVar("tutor_stages",
                                                                       default=None)


@contextmanager
def stage(name: str) -> Iterator[None]:
    """Count the time spent inside the block to stage ``name`` of the current recording."""
    current = STAGES.get()
    start = time.monotonic()
    try:
        yield
    finally:
        if current is not None:
            current.add(name, time.monotonic() - start)


class LoopLag:
    """How late the event loop runs: a timer due every :data:`LAG_TICK_S`, its delays kept."""

    def __init__(self, tick: float = LAG_TICK_S, keep: int = LAG_KEEP) -> None:
        self.tick = tick
        self.samples: deque[tuple[float, float]] = deque(maxlen=keep)  # (when, delay)
        self._due = 0.0
        self._handle: Any = None

    def start(self) -> None:
        import asyncio

        if self._handle is not None:
            return
        loop = asyncio.get_event_loop()
        self._due = time.monotonic() + self.tick

        def tick() -> None:
            now = time.monotonic()
            self.samples.append((now, max(0.0, now - self._due)))
            self._due = now + self.tick
            self._handle = loop.call_later(self.tick, tick)

        self._handle = loop.call_later(self.tick, tick)

    def stop(self) -> None:
        if self._handle is not None:
            self._handle.cancel()
            self._handle = None

    def between(self, start: float, end: float) -> tuple[float, float]:
        """The summed and the longest delay of the ticks that fell between ``start`` and ``end``
        (the loop's delays while a request was being served)."""
        delays = [d for when, d in self.samples if start <= when <= end + self.tick]
        return sum(delays), max(delays, default=0.0)


LAG = LoopLag()


class Sink:
    """Where the recorded stages go: one JSON line per page request in ``TUTOR_TIMINGS``."""

    def __init__(self, path: str | None = None) -> None:
        self.path = path if path is not None else os.environ.get("TUTOR_TIMINGS") or None
        self._lock = threading.Lock()

    def write(self, stages: Stages) -> None:
        if not self.path:
            return
        row = {k: (round(v, 4) if isinstance(v, float) else v)
               for k, v in asdict(stages).items() if k != "started"}
        with self._lock, open(self.path, "a", encoding="utf-8") as out:
            out.write(json.dumps(row) + "\n")


SINK = Sink()


def finish(stages: Stages, status: int) -> Stages:
    """Close a page request's recording: total, status, the loop's lag meanwhile; written out."""
    end = time.monotonic()
    stages.total = end - stages.started
    stages.status = status
    stages.lag, stages.lag_max = LAG.between(stages.started, end)
    SINK.write(stages)
    return stages


def timed_generator(renderer: Any, make: Callable[..., Any]) -> Callable[..., AsyncIterator[Any]]:
    """Wrap a renderer's ``generate_content_generator``: the time spent producing its snippets,
    less the cells' execution and the kernel's connection (counted in ``notebook`` by
    :func:`timed_cells`), goes to ``template``."""

    async def generate(*args: Any, **kwargs: Any) -> AsyncIterator[Any]:
        current = STAGES.get()
        inner = make(*args, **kwargs)
        while True:
            before = current.notebook if current is not None else 0.0
            start = time.monotonic()
            try:
                item = await inner.__anext__()
            except StopAsyncIteration:
                return
            finally:
                if current is not None:
                    spent = time.monotonic() - start - (current.notebook - before)
                    current.add("template", max(0.0, spent))
            yield item

    return generate


def timed_stage(name: str, method: Callable[..., Awaitable[Any]]
                ) -> Callable[..., Awaitable[Any]]:
    """Wrap an awaitable method whose time goes to stage ``name``."""

    async def run(*args: Any, **kwargs: Any) -> Any:
        with stage(name):
            return await method(*args, **kwargs)

    return run


def timed_cells(method: Callable[..., Awaitable[Any]]) -> Callable[..., Awaitable[Any]]:
    """Wrap an awaitable method whose time is the kernel running the notebook."""
    return timed_stage("notebook", method)


_instrumented = False


def instrument() -> None:
    """Time Voilà's rendering: the template's generator, the kernel's connection and each cell's
    execution (once per process; the classes are Voilà's own, wrapped in place)."""
    global _instrumented
    if _instrumented:
        return
    from voila.execute import VoilaExecutor
    from voila.notebook_renderer import NotebookRenderer

    generate = NotebookRenderer.generate_content_generator

    def generate_timed(self: Any, *args: Any, **kwargs: Any) -> Any:
        return timed_generator(self, lambda *a, **k: generate(self, *a, **k))(*args, **kwargs)

    NotebookRenderer.generate_content_generator = generate_timed
    NotebookRenderer._jinja_kernel_start = timed_cells(NotebookRenderer._jinja_kernel_start)
    NotebookRenderer.initialize = timed_stage("prepare", NotebookRenderer.initialize)
    VoilaExecutor.execute_cell = timed_cells(VoilaExecutor.execute_cell)
    _instrumented = True

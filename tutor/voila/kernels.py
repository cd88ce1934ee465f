"""Kernels of the served app: a cap on their number, a pool of preheated kernels per page refilled
in the background, and limits on each kernel (memory, priority while warming, culling).

- :class:`TutorKernelManager` (Voilà's ``multi_kernel_manager_class``) refuses to start a kernel
  past ``max_kernels`` (:class:`KernelCapReached`; the page handler answers 503), culls kernels of
  closed pages after ``cull_idle_timeout`` and kernels whose page stays open but idle after
  ``cull_connected_timeout``, and kills a kernel serving a page whose resident memory passes
  ``kernel_max_mb`` (the page then shows its lost-kernel banner).
- :class:`TutorKernel` launches each kernel with an address-space ceiling and, for kernels warming
  a pool, a lower CPU priority (restored when a page takes the kernel).
- :class:`PoolMixin` is placed above Voilà's ``VoilaKernelManager``: one background task refills
  the pools one kernel at a time (emptiest pool first, never past the cap) and waits for each
  kernel to finish running its notebook before starting the next, so that warming never takes
  more than one core from the learners.
"""

from __future__ import annotations

import asyncio
import contextvars
import json
import os
import re
import resource
import signal
import time
from collections import OrderedDict, deque
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any, NamedTuple

import zmq
from jupyter_server._tz import utcnow
from jupyter_server.services.kernels.connection.channels import ZMQChannelsWebsocketConnection
from jupyter_server.services.kernels.kernelmanager import (
    AsyncMappingKernelManager,
    ServerKernelManager,
)
from tornado.ioloop import PeriodicCallback
from traitlets import Int, List, TraitError, Unicode

from tutor import fr

from . import classe, kernel_app, shared, timing

# A page's kernel at rest and what a learner costs with their share of the server and room to
# grow: the sizes below follow what `make bench` (kernel memory) and `make load` (memory per
# learner) measure; their figures are in docs/benchmarks.md and docs/server.md. A kernel's
# weight is Python, the widgets library and the tutor's modules, not the widgets a page built.
KERNEL_MB = 60
LEARNER_MB = 120
MAX_POOL_PER_PAGE = 10  # a class arriving on one page
WARM_PRIORITY = 10  # nice value of kernels warming a pool
WARM_TIMEOUT = 180  # seconds a pool kernel may take to run its notebook
WARM_GUESS_S = 8.0  # seconds to warm one kernel, until one is measured
TAKE_WINDOW_S = 10.0  # pages' takes counted over this window (the rate a pool drains at)
ADDRESS_SPACE_SLACK_MB = 1024  # a kernel at rest maps ~820 MB of address space (threads, libs)



class Seen:
    """The last ``size`` message ids each kernel received (a replayed message is dropped: the
    kernel would refuse its duplicate signature with a traceback in the log each time)."""

    def __init__(self, size: int = 4096) -> None:
        self.size = size
        self._ids: dict[str, OrderedDict[str, None]] = {}
        #: what else forgets the kernels gone (the connection guards' rate buckets)
        self.also: list[Callable[[set[str]], None]] = []

    def first_time(self, kernel_id: str, msg_id: str) -> bool:
        ids = self._ids.setdefault(kernel_id, OrderedDict())
        if msg_id in ids:
            return False
        ids[msg_id] = None
        if len(ids) > self.size:
            ids.popitem(last=False)
        return True

    def forget(self, alive: set[str]) -> None:
        for kernel_id in list(self._ids):
            if kernel_id not in alive:
                del self._ids[kernel_id]
        for forget in self.also:
            forget(alive)


SEEN = Seen()


class Client(NamedTuple):
    """Who a page was served to: the client cookie set with the page, and the address."""

    cookie: str
    address: str


class Owner(NamedTuple):
    cookie: str
    address: str
    since: float  # time.monotonic() when the kernel was handed to the page


#: the client a page request is being served to (set by the page handler around Voilà's code)
CLIENT: contextvars.ContextVar[Client | None] = contextvars.ContextVar("tutor_client",
                                                                        default=None)
#: the address whose request or connection is being handled (set for every request, inherited
#: by what it starts): each line logged meanwhile counts against that client's log limit
#: (:class:`tutor.voila.guards.QuietLog`). Background work (pools, culling, the memory watch)
#: runs without one.
LOG_CLIENT: contextvars.ContextVar[str | None] = contextvars.ContextVar("tutor_log_client",
                                                                         default=None)


class KernelCapReached(RuntimeError):
    """No kernel may be started: the server already runs ``max_kernels``."""


def memory_available_mb(meminfo: str | None = None) -> int:
    """MemAvailable of /proc/meminfo in MB (the whole memory where that file is absent)."""
    try:
        text = meminfo if meminfo is not None else Path("/proc/meminfo").read_text()
        m = re.search(r"^MemAvailable:\s+(\d+) kB", text, re.M)
        if m:
            return int(m.group(1)) // 1024
    except OSError:
        pass
    return int(os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES") // 2**20)


@dataclass(frozen=True)
class Limits:
    """How many kernels the server runs and what each may use (see :meth:`from_env`)."""

    max_kernels: int
    pool_size: int
    kernel_max_mb: int
    cull_connected_timeout: int
    client_kernels: int = 8
    address_pending: int = 10
    connect_grace: int = 60
    address_kernels: int = 0  # 0: three quarters of max_kernels (see from_env)
    kernel_cpu_per_minute: int = 45
    kernel_cpu_window: int = 60

    @classmethod
    def from_env(cls, pages: int, env: Mapping[str, str] = os.environ,
                 available_mb: int | None = None) -> Limits:
        """Defaults from the machine: at most 60 % of the available memory goes to learners'
        kernels (``LEARNER_MB`` each); pools take at most half of that cap, ``MAX_POOL_PER_PAGE``
        per page. ``TUTOR_MAX_KERNELS``, ``TUTOR_POOL_SIZE``, ``TUTOR_KERNEL_MAX_MB`` and
        ``TUTOR_CULL_CONNECTED_TIMEOUT`` (seconds) override them. ``TUTOR_CLIENT_KERNELS``
        (8: kernels one client may hold, a learner with every page open),
        ``TUTOR_ADDRESS_PENDING`` (10: kernels of one address whose page has not connected yet)
        and ``TUTOR_CONNECT_GRACE`` (60 s: how long such a kernel is kept) bound one visitor.
        ``TUTOR_ADDRESS_KERNELS`` (three quarters of the cap, at least 1: kernels one address
        holds, connected or not, whatever its cookies; a class behind one router may be given
        the whole cap) keeps room for other addresses. ``TUTOR_KERNEL_CPU_PER_MINUTE`` (45:
        processor seconds a page's kernel may use in a minute, 0 for no limit) culls a kernel
        kept busy; ``TUTOR_KERNEL_CPU_WINDOW`` (60) is that minute in seconds (the tests shorten
        it, and the budget with it)."""
        avail = memory_available_mb() if available_mb is None else available_mb
        pages = max(pages, 1)
        max_kernels = env_int(env, "TUTOR_MAX_KERNELS", max(2, int(0.6 * avail) // LEARNER_MB))
        default_pool = min(MAX_POOL_PER_PAGE, max_kernels // (2 * pages))
        pool = env_int(env, "TUTOR_POOL_SIZE", default_pool)
        max_kernels = max(1, max_kernels)
        address_kernels = env_int(env, "TUTOR_ADDRESS_KERNELS",
                                  max(1, max_kernels - max_kernels // 4))
        return cls(max_kernels=max_kernels,
                   pool_size=max(0, min(pool, max_kernels // pages)),
                   kernel_max_mb=env_int(env, "TUTOR_KERNEL_MAX_MB", 400),
                   cull_connected_timeout=env_int(env, "TUTOR_CULL_CONNECTED_TIMEOUT", 1800),
                   client_kernels=max(1, env_int(env, "TUTOR_CLIENT_KERNELS", 8)),
                   address_pending=max(1, env_int(env, "TUTOR_ADDRESS_PENDING", 10)),
                   connect_grace=max(1, env_int(env, "TUTOR_CONNECT_GRACE", 60)),
                   address_kernels=max(1, address_kernels),
                   kernel_cpu_per_minute=max(0, env_int(env, "TUTOR_KERNEL_CPU_PER_MINUTE",
                                                        45)),
                   kernel_cpu_window=max(1, env_int(env, "TUTOR_KERNEL_CPU_WINDOW", 60)))


def env_int(env: Mapping[str, str], name: str, default: int) -> int:
    value = env.get(name, "").strip()
    if not value:
        return default
    try:
        return int(value)
    except ValueError:
        raise SystemExit(f"{name} doit être un nombre entier (reçu « {value} »).") from None


def rss_mb(pid: int) -> float | None:
    try:
        m = re.search(r"VmRSS:\s+(\d+) kB", Path(f"/proc/{pid}/status").read_text())
    except OSError:
        return None
    return int(m.group(1)) / 1024 if m else None


def cpu_seconds(pid: int) -> float | None:
    """Processor time (user and system) ``pid`` has used, in seconds."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    except (OSError, ValueError, IndexError):
        return None


def window_text(seconds: int) -> str:
    """The processor budget's window as the server's log says it: « une minute » or « 30 s »."""
    return "une minute" if seconds == 60 else f"{seconds} s"


class CpuBudget:
    """Processor time each kernel used over the last ``window`` seconds (sampled at each
    memory check): a kernel past ``budget`` seconds of it has been busy without pause for
    most of a minute, as no learner's page is (a « Conseil » takes about one second)."""

    def __init__(self, budget: float, window: float = 60.0) -> None:
        self.budget, self.window = budget, window
        self._samples: dict[str, list[tuple[float, float]]] = {}

    def over(self, kernel_id: str, now: float, used: float) -> float | None:
        """Record ``used`` (the kernel's processor seconds) at ``now``; the seconds used over
        the window if past the budget, else None."""
        samples = self._samples.setdefault(kernel_id, [])
        samples.append((now, used))
        while len(samples) > 1 and now - samples[1][0] >= self.window:
            samples.pop(0)
        start, first = samples[0]
        spent = used - first
        if now - start >= self.window * 0.9 and spent > self.budget:
            return spent
        return None

    def forget(self, alive: set[str]) -> None:
        for kernel_id in [k for k in self._samples if k not in alive]:
            del self._samples[kernel_id]


def set_priority(pid: int, nice: int) -> bool:
    """Give every thread of ``pid`` the ``nice`` value, and its autogroup too where Linux groups
    processes by session (``/proc/<pid>/autogroup``): a kernel is launched in a session of its
    own, so that without the group's value its nice would only weigh against itself, and a
    kernel warming a pool would take as much of the processor as a learner's page. False where
    the system refuses (raising a priority needs CAP_SYS_NICE)."""
    try:
        tids = [int(t) for t in os.listdir(f"/proc/{pid}/task")]
    except OSError:
        tids = [pid]
    ok = True
    for tid in tids:
        try:
            os.setpriority(os.PRIO_PROCESS, tid, nice)
        except OSError:
            ok = False
    try:  # only the group of the session it leads, never one it joined (the server's)
        group = Path(f"/proc/{pid}/autogroup") if os.getsid(pid) == pid else None
        if group is not None and group.exists():
            group.write_text(f"{nice}\n")
    except OSError:
        ok = False
    return ok


KERNEL_STOPPED = 4001  # websocket close code: the server stopped this page's kernel


def close_pages(kernel_id: str) -> None:
    """Close the websockets of every page connected to ``kernel_id`` with ``KERNEL_STOPPED``:
    the page shows its lost-kernel banner at once (jupyter_server would leave them open)."""
    for connection in list(ZMQChannelsWebsocketConnection._open_sockets):
        if connection.kernel_id == kernel_id:
            connection.websocket_handler.close(KERNEL_STOPPED, "noyau arrêté")


def _last_activity(kernel: Any) -> Any:
    """A kernel's last activity, or ``None`` while it starts: jupyter_server sets the trait
    once the kernel runs, and reading it before raises a ``TraitError`` (seen in a culling
    pass that met a kernel being started)."""
    try:
        return kernel.last_activity
    except (AttributeError, TraitError):
        return None


def json_part(part: Any) -> dict[str, Any]:
    """One JSON part of a kernel's message (bytes, or a ZeroMQ frame) as a dict; {} when it is
    not one."""
    raw = getattr(part, "bytes", part)
    try:
        value = json.loads(raw)
    except (ValueError, TypeError, RecursionError):
        return {}
    return value if isinstance(value, dict) else {}


class TutorKernel(ServerKernelManager):
    """One kernel: launched with an address-space ceiling (a backstop: the manager's memory
    watch acts first, on resident memory), at a lower priority while it warms a pool, by
    :mod:`tutor.voila.kernel_app` (ipykernel with room for a page's bursts of messages)."""

    def format_kernel_cmd(self, extra_arguments: list[str] | None = None) -> list[str]:
        return kernel_app.served(super().format_kernel_cmd(extra_arguments))

    async def _async_launch_kernel(self, kernel_cmd: list[str], **kw: Any) -> None:
        await super()._async_launch_kernel(kernel_cmd, **kw)
        pid = getattr(self.provisioner, "pid", None)
        if not isinstance(pid, int):
            return
        max_mb = int(getattr(self.parent, "kernel_max_mb", 0) or 0)
        if max_mb > 0 and hasattr(resource, "prlimit"):
            limit = (max_mb + ADDRESS_SPACE_SLACK_MB) * 2**20
            try:
                resource.prlimit(pid, resource.RLIMIT_AS, (limit, limit))
            except (OSError, ValueError) as exc:
                self.log.warning("Limite mémoire non appliquée au noyau %s : %s", pid, exc)
        if (kw.get("env") or {}).get("VOILA_PREHEAT") == "True":
            set_priority(pid, WARM_PRIORITY)


class TutorKernelManager(AsyncMappingKernelManager):
    """The kernels of all pages: a cap, two culling delays, a memory watch."""

    max_kernels = Int(1000, config=True, help="Kernels the server may run at once.")
    pool_size = Int(1, config=True, help="Preheated kernels kept ready per page.")
    kernel_max_mb = Int(400, config=True,
                        help="Resident memory (MB) past which a page's kernel is killed.")
    cull_connected_timeout = Int(1800, config=True,
                                 help="Seconds after which a kernel whose page is still open "
                                      "but idle is culled (0: never).")
    memory_check_interval = Int(2, config=True, help="Seconds between memory checks.")
    kernel_cpu_per_minute = Int(45, config=True,
                                help="Processor seconds a page's kernel may use in a minute "
                                     "before it is culled (0: no limit).")
    kernel_cpu_window = Int(60, config=True,
                            help="The seconds of that minute (the tests shorten it).")
    connect_grace = Int(60, config=True,
                        help="Seconds a kernel handed to a page that never connected is kept.")
    client_kernels = Int(8, config=True, help="Kernels one client (cookie) may hold.")
    address_pending = Int(10, config=True,
                          help="Kernels of one address whose page has not connected yet.")
    address_kernels = Int(1000, config=True,
                          help="Kernels one address may hold, connected or not.")
    # class mode (tutor.voila.classe): pools sized and warmed for a class before it comes
    class_learners = Int(0, config=True, help="Learners of the class expected (0: none).")
    class_pages = List(Unicode(), config=True, help="Pages the class opens (notebook files).")
    class_memory_mb = Int(0, config=True,
                          help="Memory available (MB) when the server started (0: measure).")

    _pooled: frozenset[str] = frozenset()
    _connected_once: set[str]
    _starting = 0
    _memory_watch: PeriodicCallback | None = None
    _owners: dict[str, Owner]

    def __init__(self, **kwargs: Any) -> None:
        self._connected_once = set()
        self._owners = {}
        super().__init__(**kwargs)  # type: ignore[no-untyped-call]
        # the server's ends of every kernel's channels (the pages' IOPub readers among them)
        # queue as much as the kernels' IOPub sockets: ZeroMQ drops past it (kernel_app)
        self.context.setsockopt(zmq.RCVHWM, kernel_app.IOPUB_HWM)

    # --- kernels tied to their client ----------------------------------------------------------
    def own(self, kernel_id: str) -> None:
        """Tie ``kernel_id`` to the client the current page request is served to."""
        client = CLIENT.get()
        if client is not None and kernel_id not in self._owners:
            self._owners[kernel_id] = Owner(client.cookie, client.address, time.monotonic())

    def owner(self, kernel_id: str) -> Owner | None:
        return self._owners.get(kernel_id) if kernel_id in self._kernels else None

    def kernels_held(self, client: Client) -> int:
        """Kernels running for ``client``'s pages."""
        return sum(1 for kid, o in self._owners.items()
                   if o.cookie == client.cookie and kid in self._kernels)

    def kernels_of_address(self, address: str) -> int:
        """Kernels handed to pages of ``address``, connected or not, whatever their cookie."""
        return sum(1 for kid, o in self._owners.items()
                   if o.address == address and kid in self._kernels)

    def kernels_pending(self, address: str) -> int:
        """Kernels handed to pages of ``address`` that have not connected yet."""
        return sum(1 for kid, o in self._owners.items() if o.address == address
                   and kid in self._kernels and kid not in self._connected_once)

    async def shutdown_kernel(  # type: ignore[override]
            self, kernel_id: str, *args: Any, **kwargs: Any) -> None:
        self._owners.pop(kernel_id, None)
        await super().shutdown_kernel(kernel_id, *args, **kwargs)  # type: ignore[no-untyped-call]

    # --- cap -------------------------------------------------------------------------------
    def kernel_count(self) -> int:
        """Kernels running or starting (pools included)."""
        return len(self._kernels) + self._starting

    def has_room(self) -> bool:
        return self.kernel_count() < self.max_kernels

    async def start_kernel(self, *args: Any, **kwargs: Any) -> str:  # type: ignore[override]
        if not self.has_room():
            raise KernelCapReached(f"{self.kernel_count()} noyaux sur {self.max_kernels}")
        self._starting += 1
        try:
            with timing.stage("kernel"):  # a page's own kernel: the GET waits for it
                kernel_id: str = await super().start_kernel(*args, **kwargs)
        finally:
            self._starting -= 1
        if (kwargs.get("env") or {}).get("VOILA_PREHEAT") != "True":
            self.own(kernel_id)  # a page's own kernel (no pool): its client's
        return kernel_id

    # --- pools (filled in by PoolMixin) ------------------------------------------------------
    def pooled_kernel_ids(self) -> set[str]:
        ids: set[str] = set()
        for pool in getattr(self, "_pools", {}).values():
            for task in pool:
                if task.done() and not task.cancelled() and task.exception() is None:
                    ids.add(task.result()["kernel_id"])
        return ids

    # --- culling -----------------------------------------------------------------------------
    async def cull_kernels(self) -> None:
        """As jupyter_server's, but a kernel just handed from a pool to a page restarts its idle
        clock (the time it waited in the pool must not get it culled under the learner)."""
        pooled = frozenset(self.pooled_kernel_ids())
        for kernel_id in self._pooled - pooled:  # handed to a page since the last pass
            kernel = self._kernels.get(kernel_id)
            if kernel is not None:
                kernel.last_activity = utcnow()
        self._pooled = pooled
        self._connected_once &= set(self._kernels)
        self._owners = {k: o for k, o in self._owners.items() if k in self._kernels}
        SEEN.forget(set(self._kernels))
        await super().cull_kernels()  # type: ignore[no-untyped-call]

    def notify_connect(self, kernel_id: str) -> None:
        super().notify_connect(kernel_id)  # type: ignore[no-untyped-call]
        self._connected_once.add(kernel_id)

    def start_watching_activity(self, kernel_id: str) -> None:
        """Watch the kernel's IOPub messages as jupyter_server does (every message is
        activity when it answers a tracked request or the kernel is busy; a status message
        sets the execution state), reading only each message's header and parent header, and
        a status message's content. jupyter_server checks the signature and converts the dates
        of every message the kernel publishes, each widget update of a page included (what
        that cost the server: docs/server.md). The messages come from the kernel the server
        started, over its own local sockets."""
        kernel = self._kernels[kernel_id]
        kernel.reason = ""
        kernel.last_activity = utcnow()
        kernel._activity_stream = kernel.connect_iopub()

        def track(msg_type: object) -> bool:
            return bool(self.track_message_type(msg_type))  # type: ignore[no-untyped-call]

        def record_activity(msg_list: list[bytes]) -> None:
            try:  # after the identities: signature, header, parent header, metadata, content
                _, parts = kernel.session.feed_identities(msg_list)
            except ValueError:
                return  # not a message: no activity
            header = json_part(parts[1]) if len(parts) >= 5 else {}
            if not header:
                return
            msg_type = header.get("msg_type")
            parent_type = json_part(parts[2]).get("msg_type")
            if track(msg_type) or track(parent_type) or kernel.execution_state == "busy":
                self.last_kernel_activity = kernel.last_activity = utcnow()
            if msg_type == "status":
                state = json_part(parts[4]).get("execution_state")
                if state is None:
                    return
                if track(parent_type):
                    kernel.execution_state = state
                elif kernel.execution_state == "starting" and state != "starting":
                    kernel.execution_state = "idle"  # as jupyter_server normalizes it

        kernel._activity_stream.on_recv(record_activity)

    async def cull_kernel_if_idle(self, kernel_id: str) -> None:
        if kernel_id in self._pooled or kernel_id in self.pooled_kernel_ids():
            return  # waiting in a pool: no page, no activity, by design
        kernel = self._kernels.get(kernel_id)
        owner = self._owners.get(kernel_id)
        if owner is not None and kernel_id not in self._connected_once:
            # handed to a page that has not connected (a bare GET, a tab closed at once): kept
            # for the grace only (a busy machine's page takes seconds to open its websocket)
            if time.monotonic() - owner.since > self.connect_grace:
                self.log.info("Noyau %s arrêté : sa page ne s’est pas connectée en %d s.",
                              kernel_id, self.connect_grace)
                await self.shutdown_kernel(kernel_id)
            return
        last = None if kernel is None else _last_activity(kernel)
        if kernel is not None and last is None:
            return  # still starting (its clock is set once it runs): nothing to cull yet
        if kernel_id not in self._connected_once and last is not None \
                and (utcnow() - last).total_seconds() < self.connect_grace:
            # handed to a page that has not connected yet: on a busy machine a page has been
            # seen to take over a minute to load its scripts; culling its kernel meanwhile
            # left the learner with a page that never showed its game
            return
        connections = self._kernel_connections.get(kernel_id, 0)
        if kernel is not None and connections and self.cull_connected_timeout > 0 \
                and last is not None:
            idle = (utcnow() - last).total_seconds()
            if idle > self.cull_connected_timeout and kernel.execution_state != "busy":
                self.log.warning("Noyau %s arrêté : page ouverte mais inactive depuis %d s.",
                                 kernel_id, idle)
                close_pages(kernel_id)
                await self.shutdown_kernel(kernel_id)
                return
        await super().cull_kernel_if_idle(kernel_id)  # type: ignore[no-untyped-call]

    # --- memory ------------------------------------------------------------------------------
    def initialize_culler(self) -> None:
        # started by the first page's kernel: in a context of their own, or every culling and
        # memory line would count against that first client's log limit (and be held back)
        contextvars.Context().run(self._start_watches)

    def _start_watches(self) -> None:
        super().initialize_culler()  # type: ignore[no-untyped-call]
        if self._memory_watch is None and self.kernel_max_mb > 0:
            self._memory_watch = PeriodicCallback(self.check_memory,
                                                  1000 * max(1, self.memory_check_interval))
            self._memory_watch.start()

    def check_memory(self) -> None:
        """Kill every kernel a page is connected to whose resident memory passes
        ``kernel_max_mb``: the page shows its lost-kernel banner (the kernel restarts empty and
        is culled once the tab closes). Then :meth:`check_cpu`."""
        self.check_cpu()
        for kernel_id, kernel in list(self._kernels.items()):
            if not self._kernel_connections.get(kernel_id, 0):
                continue  # no page connected (pooled, or not yet reached): no input to grow on
            pid = getattr(getattr(kernel, "provisioner", None), "pid", None)
            if not isinstance(pid, int):
                continue
            mb = rss_mb(pid)
            if mb is not None and mb > self.kernel_max_mb:
                self.log.warning("Noyau %s tué : %.0f Mo de mémoire (limite %d Mo).",
                                 kernel_id, mb, self.kernel_max_mb)
                try:
                    os.kill(pid, signal.SIGKILL)
                except OSError:
                    pass

    _cpu: CpuBudget | None = None

    def check_cpu(self) -> None:
        """Cull every kernel handed to a page (connected or not) that used more than
        ``kernel_cpu_per_minute`` seconds of processor over the last minute: a page that
        queued work (huge questions, hundreds of clicks) and left, or stays, no longer slows
        every other learner down. Its page shows the lost-kernel banner."""
        if self.kernel_cpu_per_minute <= 0:
            return
        if self._cpu is None:
            self._cpu = CpuBudget(self.kernel_cpu_per_minute, self.kernel_cpu_window)
        now = time.monotonic()
        for kernel_id, kernel in list(self._kernels.items()):
            if kernel_id not in self._owners:
                continue  # a pool's kernel running its notebook: the server's own work
            pid = getattr(getattr(kernel, "provisioner", None), "pid", None)
            used = cpu_seconds(pid) if isinstance(pid, int) else None
            if used is None:
                continue
            spent = self._cpu.over(kernel_id, now, used)
            if spent is not None:
                self.log.warning("Noyau %s arrêté : %.0f s de processeur en %s (limite %d s).",
                                 kernel_id, spent, window_text(self.kernel_cpu_window),
                                 self.kernel_cpu_per_minute)
                close_pages(kernel_id)
                task = asyncio.ensure_future(self.shutdown_kernel(kernel_id, now=True))
                task.add_done_callback(lambda t: t.cancelled() or t.exception())
        self._cpu.forget(set(self._kernels))

    def prioritize(self, kernel_id: str) -> None:
        """A page took this kernel: give it back the normal priority."""
        kernel = self._kernels.get(kernel_id)
        pid = getattr(getattr(kernel, "provisioner", None), "pid", None)
        if isinstance(pid, int) and not set_priority(pid, 0):
            self.log.debug("Priorité normale non rendue au noyau %s (CAP_SYS_NICE).", pid)


class PoolMixin:
    """Pools of preheated kernels, one per page, refilled one kernel at a time. Mixed above
    Voilà's ``VoilaKernelManager`` (whose own ``fill_if_needed`` starts every missing kernel at
    once): pools only ever hold kernels already started, oldest first."""

    _pools: dict[str, list[asyncio.Future[dict[str, Any]]]]
    _pool_kwargs: dict[str, dict[str, Any]]
    _refiller: asyncio.Task[None] | None
    _wake: asyncio.Event | None
    _full = False

    def fill_if_needed(self, delay: float | None = None, notebook_name: str | None = None,
                       extra_kernel_env_variables: dict[str, str] | None = None,
                       **kwargs: Any) -> None:
        if notebook_name is None:
            return
        if not hasattr(self, "_pool_kwargs"):
            self._pool_kwargs, self._refiller, self._wake = {}, None, None
        self._pools.setdefault(notebook_name, [])
        self._pool_kwargs[notebook_name] = self._launch_kwargs(
            notebook_name, extra_kernel_env_variables or {}, kwargs)
        self.wake_refiller()

    def wake_refiller(self) -> None:
        if not hasattr(self, "_pool_kwargs") or getattr(self, "_closing", False):
            return
        if self._wake is None:
            self._wake = asyncio.Event()
        self._wake.set()
        if self._refiller is None or self._refiller.done():
            self._refiller = asyncio.get_event_loop().create_task(self._refill())

    def _launch_kwargs(self, notebook_name: str, extra_env: dict[str, str],
                       kwargs: dict[str, Any]) -> dict[str, Any]:
        """Voilà's ``fill_if_needed`` arguments for one pool kernel (same environment)."""
        manager: Any = self
        pools_config = manager.kernel_pools_config
        default = pools_config.get("default", {})
        env = os.environ.copy()
        env.update(kwargs.get("env", {}))
        for key, value in pools_config.get(notebook_name, default).get(
                "kernel_env_variables", default.get("kernel_env_variables", {})).items():
            env.setdefault(key, value)
        env.update(extra_env)
        parent = manager.parent
        env.update({"VOILA_BASE_URL": parent.base_url, "VOILA_SERVER_URL": parent.server_url,
                    "VOILA_APP_PORT": str(parent.port), "VOILA_PREHEAT": "True"})
        out = dict(kwargs)
        out.setdefault("path", os.path.dirname(notebook_name))
        out["env"] = env
        return out

    # --- sizes: the server's pool size, or a class's (tutor.voila.classe) --------------------
    def class_plan(self) -> classe.Plan | None:
        """The class the pools are warmed for (``class_learners`` on ``class_pages``), or None."""
        manager: Any = self
        if not manager.class_learners or not manager.class_pages:
            return None
        plan = getattr(self, "_class_plan", None)
        if plan is None:
            plan = self._plan_class(float(KERNEL_MB))
        return plan

    def _plan_class(self, kernel_mb: float) -> classe.Plan:
        manager: Any = self
        others = sum(1 for name in self._pools
                     if name not in {classe.page_file(p) for p in manager.class_pages})
        if getattr(self, "_base_max_kernels", None) is None:
            self._base_max_kernels: int | None = int(manager.max_kernels)  # the server's own
        plan = classe.plan(manager.class_learners, manager.class_pages,
                           manager.class_memory_mb or memory_available_mb(), kernel_mb,
                           other_pools=others * manager.pool_size,
                           max_kernels=self._base_max_kernels or 0)
        self._class_plan: classe.Plan | None = plan
        manager.max_kernels = plan.max_kernels
        return plan

    def _target(self, name: str) -> int:
        manager: Any = self
        plan = self.class_plan()
        if plan is not None:
            wanted = classe.target(plan, name, self._served.get(name, 0))
            if wanted is not None:
                return wanted
        return int(manager.pool_size)

    def _held(self, name: str) -> int:
        """Kernels of ``name``'s pool, ready or warming."""
        return len(self._pools.get(name, [])) + self._warming.get(name, 0)

    def _next_pool(self) -> str | None:
        wanting = [(self._held(name), name) for name in self._pools
                   if self._held(name) < self._target(name)]
        if not wanting:
            return None
        # the emptiest pool first; the Accueil before the games at equal size
        return min(wanting, key=lambda item: (item[0], item[1] != "index.ipynb", item[1]))[1]

    def _warmers(self) -> int:
        """Kernels to warm at once (:func:`tutor.voila.classe.warmers` in class mode; one
        otherwise, so that warming never takes more than one core from the learners)."""
        plan = self.class_plan()
        if plan is None:
            return 1
        now = time.monotonic()
        while self._takes and now - self._takes[0] > TAKE_WINDOW_S:
            self._takes.popleft()
        rate = len(self._takes) / TAKE_WINDOW_S
        pools = {name: self._held(name) for name in self._pools}
        targets = {name: self._target(name) for name in self._pools}
        return classe.warmers(pools, targets, rate, self._warm_s, os.cpu_count() or 1,
                              ready=self._class_ready_at is not None)

    def _notebook_renderer_factory(self, notebook_path: str | None = None) -> Any:
        """Voilà's renderer of a pool's page; in class mode, the kernels of one pool share the
        notebook's preparation (:mod:`tutor.voila.shared`)."""
        manager: Any = super()
        renderer = manager._notebook_renderer_factory(notebook_path)
        if notebook_path is not None and self.class_plan() is not None:
            shared.share(renderer)
        return renderer

    def _init_pool_state(self) -> None:
        if not hasattr(self, "_warming"):
            self._warming: dict[str, int] = {}
            self._served: dict[str, int] = {}
            self._takes: deque[float] = deque()
            self._warm_s = float(WARM_GUESS_S)
            self._class_ready_at: float | None = None
            self._started_at = time.monotonic()
            self._warmers_running: set[asyncio.Task[None]] = set()

    async def _refill(self) -> None:
        manager: Any = self
        assert self._wake is not None
        self._init_pool_state()
        # this task's context was copied from a page request: pools own nothing, and what they
        # log is no client's
        CLIENT.set(None)
        LOG_CLIENT.set(None)
        timing.STAGES.set(None)
        while True:
            name = self._next_pool()
            if name is None and not self._warmers_running:
                self._class_ready()
                if not getattr(self, "_full", False):
                    self._full = True
                    manager.log.info("Réserves pleines : %d noyau(x) préchauffé(s) par page.",
                                     manager.pool_size)
            if name is None or not manager.has_room() \
                    or len(self._warmers_running) >= self._warmers():
                self._wake.clear()
                try:  # woken by a page taking a kernel, a kernel warmed or shut down
                    await asyncio.wait_for(self._wake.wait(), timeout=5)
                except TimeoutError:
                    pass
                continue
            self._full = False
            self._warming[name] = self._warming.get(name, 0) + 1
            task = asyncio.get_event_loop().create_task(self._warm_one(name))
            self._warmers_running.add(task)

    async def _warm_one(self, name: str) -> None:
        """Start one kernel for ``name``'s pool and add it once it has run its notebook."""
        manager: Any = self
        started = time.monotonic()
        try:
            # the warming's stages (the notebook, the template) are told to the page that takes
            # the kernel: its GET no longer pays them (timing.Stages.pool_*)
            warming = timing.Stages(page=name, pooled=True)
            token = timing.STAGES.set(warming)
            try:
                content = await manager._initialize(name, None, **self._pool_kwargs[name])
            except KernelCapReached:
                return
            except Exception as exc:
                manager.log.warning("Réserve de %s : noyau non démarré (%s)", name, exc)
                await asyncio.sleep(5)
                return
            finally:
                timing.STAGES.reset(token)
            content["stages"] = warming
            # offered to a page only once it has run its whole notebook. A page handed a kernel
            # still running its cells was seen to draw outputs whose widget models it never
            # received ("model not found").
            try:
                await asyncio.wait_for(asyncio.shield(content["task"]), timeout=WARM_TIMEOUT)
            except Exception as exc:
                manager.log.warning("Réserve de %s : noyau écarté, notebook non exécuté (%s)",
                                    name, exc or type(exc).__name__)
                try:
                    await manager.shutdown_kernel(content["kernel_id"])
                except Exception:
                    pass
                await asyncio.sleep(5)
                return
            took = time.monotonic() - started
            self._warm_s = took if self._warm_s == WARM_GUESS_S else 0.7 * self._warm_s + 0.3 * took
            self._measure_class_kernel(name, content["kernel_id"])
            ready: asyncio.Future[dict[str, Any]] = asyncio.get_event_loop().create_future()
            ready.set_result(content)
            self._pools.setdefault(name, []).append(ready)
        finally:
            self._warming[name] = max(0, self._warming.get(name, 0) - 1)
            self._warmers_running.discard(asyncio.current_task())
            if self._wake is not None:
                self._wake.set()

    def _measure_class_kernel(self, name: str, kernel_id: str) -> None:
        """The first warm kernel of a class page: its resident memory re-sizes the class."""
        plan = self.class_plan()
        if plan is None or name not in plan.pages or getattr(self, "_class_measured", False):
            return
        manager: Any = self
        kernel = manager._kernels.get(kernel_id)
        pid = getattr(getattr(kernel, "provisioner", None), "pid", None)
        mb = rss_mb(pid) if isinstance(pid, int) else None
        if mb is None:
            return
        self._class_measured = True
        plan = self._plan_class(mb)
        manager.log.info("Classe : un noyau prêt pèse %.0f Mo ; %d noyau(x) par page de la "
                         "classe, plafond %d noyaux%s.", mb, plan.per_page, plan.max_kernels,
                         " (mémoire insuffisante pour toute la classe)" if plan.capped else "")

    def _class_ready(self) -> None:
        plan = self.class_plan()
        if plan is None or self._class_ready_at is not None:
            return
        self._class_ready_at = time.monotonic()
        took = self._class_ready_at - self._started_at
        manager: Any = self
        line = fr.typography(
            f"Classe prête en {fr.decimal(took, 1)} s : {plan.per_page} noyau(x) préchauffé(s) "
            f"pour chacune des pages {', '.join(plan.pages)} ({plan.learners} apprenants "
            f"attendus, {fr.number(round(plan.kernel_mb))} Mo par noyau au repos, "
            f"{fr.number(round(plan.kernels * plan.kernel_mb))} Mo en tout).")
        manager.log.info(line)
        print(line, flush=True)

    async def get_rendered_notebook(self, notebook_name: str,
                                    extra_kernel_env_variables: dict[str, str] | None = None,
                                    **kwargs: Any) -> Any:
        manager: Any = super()
        warming = self._warming_of(notebook_name)
        with timing.stage("kernel"):
            result = await manager.get_rendered_notebook(
                notebook_name=notebook_name,
                extra_kernel_env_variables=extra_kernel_env_variables or {}, **kwargs)
        current = timing.STAGES.get()
        if current is not None:
            current.pooled = True
            if warming is not None:
                current.pool_notebook, current.pool_template = warming.notebook, warming.template
                current.pool_prepare = warming.prepare
        me: Any = self
        self._init_pool_state()
        self._served[notebook_name] = self._served.get(notebook_name, 0) + 1
        self._takes.append(time.monotonic())
        me.prioritize(result[2])
        me.own(result[2])
        return result

    def _warming_of(self, notebook_name: str) -> timing.Stages | None:
        """The warming stages of the kernel a page of ``notebook_name`` takes next."""
        pool = self._pools.get(notebook_name) or []
        if pool and pool[0].done() and not pool[0].cancelled() and pool[0].exception() is None:
            stages = pool[0].result().get("stages")
            return stages if isinstance(stages, timing.Stages) else None
        return None

    async def evict_pooled(self, keep: str) -> bool:
        """Shut down one waiting kernel of another page's pool (the fullest) to make room for
        a learner of page ``keep``; False if there is none."""
        candidates = [(len(pool), name) for name, pool in self._pools.items()
                      if name != keep and pool]
        if not candidates:
            return False
        _, name = max(candidates)
        entry = self._pools[name].pop()
        manager: Any = self
        try:
            kernel_id = (await entry)["kernel_id"]
            await manager.shutdown_kernel(kernel_id)
        except Exception as exc:
            manager.log.warning("Réserve de %s : noyau non arrêté (%s)", name, exc)
        return True

    async def shutdown_kernel(self, kernel_id: str, *args: Any, **kwargs: Any) -> Any:
        manager: Any = super()
        try:
            return await manager.shutdown_kernel(kernel_id, *args, **kwargs)
        finally:
            self.wake_refiller()

    async def shutdown_all(self, *args: Any, **kwargs: Any) -> None:
        self._closing = True
        refiller = getattr(self, "_refiller", None)
        if refiller is not None:
            refiller.cancel()
            self._refiller = None
        manager: Any = super()
        await manager.shutdown_all(*args, **kwargs)

"""Class mode: the teacher says how many learners are coming and to which pages, and the pools of
those pages are sized and warmed for them before they come.

Pure arithmetic (no server here), used by :class:`tutor.voila.kernels.PoolMixin`:

- :func:`plan`: how many kernels each class page keeps ready, within memory. Each learner costs
  ``learner_mb`` (its kernel once used, measured at rest and grown; see
  :data:`tutor.voila.kernels.LEARNER_MB`); at most :data:`MEMORY_SHARE` of the memory available
  at start goes to learners' kernels. Fewer than the class when memory is short (``capped``).
- :func:`target`: a class page's pool holds what the learners still expected will take, plus a
  few spares (a reload, a late-comer), so that once the class has arrived the pool shrinks back
  instead of warming a second class.
- :func:`warmers`: how many kernels to warm at once so that the pool refills ahead of demand: one
  (a single core) while the pool holds more than the learners will take during one warming, up to
  one per core when it is draining faster than that.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

MEMORY_SHARE = 0.6  # as tutor.voila.kernels.Limits: the rest for the server and the system
GROWTH_MB = 60  # a kernel's growth from rest to a learner's whole visit (with the server's share)


def page_file(name: str) -> str:
    """``stupides-vautours`` or ``stupides-vautours.ipynb`` -> ``stupides-vautours.ipynb``."""
    name = name.strip()
    return name if name.endswith(".ipynb") else f"{name}.ipynb"


def spares(learners: int) -> int:
    """Kernels kept beyond the class: one per ten learners, at least one."""
    return max(1, math.ceil(learners / 10))


@dataclass(frozen=True)
class Plan:
    """The kernels kept ready for a class."""

    learners: int
    pages: tuple[str, ...]  # notebook files (``stupides-vautours.ipynb``)
    per_page: int  # kernels warmed for each class page before the class comes
    kernel_mb: float  # one kernel at rest (measured once the first one is warm)
    learner_mb: float  # one learner: its kernel grown, its share of the server
    max_kernels: int  # the server's cap while the class is there
    capped: bool  # memory allows fewer than the class

    @property
    def kernels(self) -> int:
        return self.per_page * len(self.pages)


def plan(learners: int, pages: Sequence[str], available_mb: float, kernel_mb: float,
         other_pools: int = 0, max_kernels: int = 0) -> Plan:
    """Pools for ``learners`` learners on each of ``pages``, within ``MEMORY_SHARE`` of
    ``available_mb`` (``other_pools``: kernels kept for the other pages). The cap on kernels is
    raised to hold the class's kernels in use and its pools refilling (never lowered below
    ``max_kernels``, the server's own)."""
    if learners < 1:
        raise ValueError("la classe compte au moins un apprenant")
    if not pages:
        raise ValueError("la classe a au moins une page")
    pages = tuple(dict.fromkeys(page_file(p) for p in pages))
    learner_mb = kernel_mb + GROWTH_MB
    budget = MEMORY_SHARE * available_mb - other_pools * kernel_mb
    # every learner ends up holding one kernel per class page: memory for all of them
    affordable = max(0, int(budget // (learner_mb * len(pages))))
    wanted = learners + spares(learners)
    per_page = min(wanted, affordable)
    in_use = min(learners, affordable) * len(pages)
    cap = max(max_kernels, in_use + per_page * len(pages) + other_pools)
    return Plan(learners=learners, pages=pages, per_page=per_page, kernel_mb=kernel_mb,
                learner_mb=learner_mb, max_kernels=cap, capped=affordable < learners)


def target(p: Plan, page: str, served: int) -> int | None:
    """How many kernels ``page``'s pool should hold once ``served`` learners took one of its
    kernels; None for a page outside the class (the server's own pool size applies)."""
    if page not in p.pages:
        return None
    expected = max(0, p.learners - served)
    return min(p.per_page, expected + spares(p.learners))


def warmers(pools: Mapping[str, int], targets: Mapping[str, int], takes_per_s: float,
            warm_s: float, cores: int, ready: bool) -> int:
    """Kernels to warm at once. Before the class is ready: one per core (the class is not there
    yet, the machine is ours). After: one, unless a pool holds fewer kernels than its learners
    will take while one kernel warms (``takes_per_s`` × ``warm_s``): then as many as it lacks,
    up to one per core."""
    missing = {p: targets[p] - pools.get(p, 0) for p in targets if targets[p] > pools.get(p, 0)}
    if not missing:
        return 0
    cores = max(1, cores)
    if not ready:
        return min(cores, sum(missing.values()))
    demand = takes_per_s * max(warm_s, 0.0)
    short = max((math.ceil(demand - pools.get(p, 0)) for p in missing), default=0)
    return max(1, min(cores, short, sum(missing.values())))

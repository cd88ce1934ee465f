"""Class mode: pools sized for a class within memory, refilled ahead of demand
(tutor/voila/classe.py, tutor/voila/kernels.PoolMixin), and the stage timings' arithmetic
(tutor/voila/timing.py)."""

from __future__ import annotations

import asyncio
import json
import os
import time
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

from tutor.app import Classe, class_config, classe_from
from tutor.voila import classe, timing
from tutor.voila.kernels import Limits, PoolMixin


def test_a_class_of_thirty_fits_in_memory() -> None:
    plan = classe.plan(30, ["stupides-vautours"], available_mb=23_000, kernel_mb=62,
                       other_pools=5, max_kernels=95)
    assert plan.pages == ("stupides-vautours.ipynb",)
    assert plan.per_page == 33  # the class and one spare per ten learners
    assert not plan.capped
    # the cap holds the class's kernels in use and its pool refilling, and the other pools
    assert plan.max_kernels >= 30 + 33 + 5
    assert plan.learner_mb == 62 + classe.GROWTH_MB


def test_short_memory_caps_the_class_and_says_so() -> None:
    # 0.6 × 4000 MB = 2400 MB; 122 MB a learner on two pages: 9 learners
    plan = classe.plan(30, ["stupides-vautours", "vampir"], available_mb=4000, kernel_mb=62)
    assert plan.capped
    assert plan.per_page == 9
    assert plan.kernels * plan.learner_mb <= 0.6 * 4000
    assert classe.plan(5, ["vampir"], available_mb=4000, kernel_mb=62).capped is False


def test_the_cap_is_never_lowered() -> None:
    assert classe.plan(2, ["vampir"], available_mb=23_000, kernel_mb=60,
                       max_kernels=95).max_kernels == 95


@pytest.mark.parametrize("learners,pages", [(0, ["vampir"]), (3, [])])
def test_a_class_needs_learners_and_a_page(learners: int, pages: list[str]) -> None:
    with pytest.raises(ValueError):
        classe.plan(learners, pages, available_mb=8000, kernel_mb=60)


def test_the_pool_shrinks_as_the_class_arrives() -> None:
    plan = classe.plan(30, ["stupides-vautours"], available_mb=23_000, kernel_mb=62)
    page = "stupides-vautours.ipynb"
    assert classe.target(plan, page, served=0) == 33
    assert classe.target(plan, page, served=20) == 13  # ten still expected, three spares
    assert classe.target(plan, page, served=30) == 3
    assert classe.target(plan, page, served=45) == 3  # reloads: the spares stay
    assert classe.target(plan, "vampir.ipynb", served=0) is None  # not the class's page


def test_warming_uses_every_core_before_the_class_and_one_after() -> None:
    pools, targets = {"a": 0}, {"a": 33}
    assert classe.warmers(pools, targets, takes_per_s=0, warm_s=8, cores=2, ready=False) == 2
    # class there, pool comfortable: one core for warming, the other for the learners
    assert classe.warmers({"a": 20}, targets, takes_per_s=2, warm_s=8, cores=2, ready=True) == 1
    # draining faster than one kernel warms: every core
    assert classe.warmers({"a": 3}, targets, takes_per_s=2, warm_s=8, cores=2, ready=True) == 2
    # nothing missing: none
    assert classe.warmers({"a": 33}, targets, takes_per_s=5, warm_s=8, cores=2, ready=True) == 0


class FakeManager(PoolMixin):
    """PoolMixin's sizing over plain attributes (no kernels, no server)."""

    def __init__(self, learners: int, pages: list[str], names: list[str]) -> None:
        self.class_learners, self.class_pages = learners, pages
        self.class_memory_mb, self.pool_size, self.max_kernels = 23_000, 1, 95
        self._pools = {n: [] for n in names}
        self._init_pool_state()

    def has_room(self) -> bool:
        return True


def ready_kernel() -> asyncio.Future[dict[str, Any]]:
    loop = asyncio.new_event_loop()
    future: asyncio.Future[dict[str, Any]] = loop.create_future()
    future.set_result({"kernel_id": "k"})
    loop.close()
    return future


def test_pools_fill_the_class_page_first_then_the_others() -> None:
    m = FakeManager(4, ["stupides-vautours"], ["index.ipynb", "stupides-vautours.ipynb",
                                               "vampir.ipynb"])
    order = []
    for _ in range(8):
        name = m._next_pool()
        if name is None:
            break
        order.append(name)
        m._pools[name].append(ready_kernel())
    # the emptiest first: each page one kernel, then the class's page up to 4 + 1 spare
    assert order[:3] == ["index.ipynb", "stupides-vautours.ipynb", "vampir.ipynb"]
    assert order.count("stupides-vautours.ipynb") == 5
    assert len(order) == 7
    assert m.max_kernels >= 95


def test_kernels_warming_count_as_held() -> None:
    m = FakeManager(2, ["vampir"], ["vampir.ipynb"])
    m._warming["vampir.ipynb"] = 3  # two learners and a spare, all warming
    assert m._next_pool() is None


def test_a_draining_pool_gets_more_warmers() -> None:
    m = FakeManager(30, ["vampir"], ["vampir.ipynb"])
    m._class_ready_at = 1.0  # the class is there
    m._warm_s = 8.0
    assert m._warmers() == 1  # no learner has taken a kernel lately
    now = time.monotonic()
    m._takes.extend(now - k * 0.5 for k in range(10))  # one learner every half second
    assert m._warmers() == min(2, os.cpu_count() or 1)


def test_the_class_comes_from_options_or_the_environment(tmp_path: Path) -> None:
    (tmp_path / "vampir.ipynb").write_text("{}")
    assert classe_from(None, None, tmp_path, env={}) is None
    assert classe_from(3, ["vampir"], tmp_path, env={}) == Classe(3, ("vampir.ipynb",))
    assert classe_from(None, None, tmp_path, env={"TUTOR_CLASSE": "12",
                                                  "TUTOR_CLASSE_PAGES": "vampir"}) \
        == Classe(12, ("vampir.ipynb",))
    with pytest.raises(SystemExit, match=r"Page inconnue «\s*inconnue\s*»"):
        classe_from(3, ["inconnue"], tmp_path, env={})
    with pytest.raises(SystemExit, match="--page"):
        classe_from(3, None, tmp_path, env={})


def test_stages_split_a_get_and_count_the_loops_lag(tmp_path: Path) -> None:
    out = tmp_path / "etapes.jsonl"
    sink, lag = timing.SINK, timing.LAG
    timing.SINK, timing.LAG = timing.Sink(str(out)), timing.LoopLag()
    try:
        stages = timing.Stages(page="vampir.ipynb")
        token = timing.STAGES.set(stages)
        with timing.stage("kernel"):
            time.sleep(0.02)
        timing.STAGES.reset(token)
        start = stages.started
        timing.LAG.samples.extend([(start - 5, 9.0), (start + 0.001, 0.2), (start + 0.002, 0.1)])
        timing.finish(stages, 200)
    finally:
        timing.SINK, timing.LAG = sink, lag
    row = json.loads(out.read_text())
    assert row["kernel"] >= 0.02 and row["total"] >= row["kernel"]
    assert row["lag"] == pytest.approx(0.3) and row["lag_max"] == pytest.approx(0.2)
    assert row["status"] == 200 and row["page"] == "vampir.ipynb"


def test_the_template_stage_leaves_out_the_cells(monkeypatch: pytest.MonkeyPatch) -> None:
    # a clock the test moves itself (a loaded machine's sleeps overrun, the stages must not be
    # judged on them): the template takes 0.02 s, the cell 0.05 s inside it
    clock = [100.0]
    monkeypatch.setattr(timing, "time", SimpleNamespace(monotonic=lambda: clock[0]))

    async def run() -> timing.Stages:
        stages = timing.Stages()
        timing.STAGES.set(stages)

        async def snippets() -> Any:
            clock[0] += 0.02  # the template
            yield "<head>"
            with timing.stage("notebook"):
                clock[0] += 0.05  # a cell
            yield "<cell>"

        got = [s async for s in timing.timed_generator(None, snippets)()]
        assert got == ["<head>", "<cell>"]
        return stages

    stages = asyncio.run(run())
    assert stages.notebook == pytest.approx(0.05)
    assert stages.template == pytest.approx(0.02)


class FakeRenderer:
    """What tutor.voila.shared reads and sets on Voilà's NotebookRenderer."""

    def __init__(self, root: Path) -> None:
        self.contents_manager = type("CM", (), {"root_dir": str(root)})()
        self.notebook_path = "vampir.ipynb"
        self.page_config: dict[str, Any] = {"baseUrl": "/"}
        self.prepared = 0

    async def initialize(self, **kwargs: Any) -> None:
        self.prepared += 1
        self.notebook = {"cells": [{"source": "x"}]}
        self.cwd, self.template_name, self.template_paths = "", "tutor", ["/t"]
        self.theme = "light"
        self.page_config["jupyterLabTheme"] = "light"
        self.resources = {"theme": "light", "page_config": self.page_config}
        self.exporter = object()


def test_the_pages_of_a_pool_share_the_notebooks_preparation(tmp_path: Path) -> None:
    from tutor.voila import shared

    (tmp_path / "vampir.ipynb").write_text("{}")
    shared.PREPARED.clear()
    first, second = FakeRenderer(tmp_path), FakeRenderer(tmp_path)
    shared.share(first)
    shared.share(second)
    asyncio.run(first.initialize())
    asyncio.run(second.initialize())
    assert (first.prepared, second.prepared) == (1, 0)
    assert second.exporter is first.exporter  # the template compiled once
    assert second.notebook == first.notebook and second.notebook is not first.notebook
    assert second.resources["page_config"] is second.page_config  # its own page config
    second.notebook["cells"].clear()  # one page's run never reaches the other's
    assert first.notebook["cells"]
    # the notebook changed on disk: prepared again
    os.utime(tmp_path / "vampir.ipynb", (1, 1))
    third = shared.share(FakeRenderer(tmp_path))
    asyncio.run(third.initialize())
    assert third.prepared == 1


def test_class_mode_keeps_the_per_address_limit_at_the_class_size() -> None:
    lim = Limits.from_env(pages=5, env={}, available_mb=23_000)
    two_pages = Classe(30, ("stupides-vautours.ipynb", "vampir.ipynb"))
    config = class_config(two_pages, lim, env={}, available_mb=23_000)
    assert config["address_pending"] == 60  # thirty learners behind one router, two pages
    assert config["class_learners"] == 30 and config["class_memory_mb"] == 23_000
    assert config["pool_size"] == 1  # the other pages: one kernel ready
    small = class_config(Classe(3, ("vampir.ipynb",)), lim, env={}, available_mb=23_000)
    assert small["address_pending"] == lim.address_pending  # never below the server's own
    operator = class_config(two_pages, lim, env={"TUTOR_ADDRESS_PENDING": "5"}, available_mb=1)
    assert "address_pending" not in operator  # the operator's value stands
    # the kernels one address may hold, connected or not: the whole class too
    assert config["address_kernels"] == max(lim.address_kernels, 60)
    huge = class_config(Classe(120, ("vampir.ipynb",)), lim, env={}, available_mb=23_000)
    assert huge["address_kernels"] == 120 > lim.address_kernels
    held = class_config(two_pages, lim, env={"TUTOR_ADDRESS_KERNELS": "4"}, available_mb=1)
    assert "address_kernels" not in held

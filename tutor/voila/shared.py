"""What the pages of one pool share: the notebook as read from its file and Voilà's exporter
(its Jinja environment and compiled page template), prepared once per notebook instead of once per
kernel. Neither depends on the kernel: each page still gets its own copy of the notebook, run by
its own kernel, and its own rendering of the template.

Used in class mode (:meth:`tutor.voila.kernels.PoolMixin._notebook_renderer_factory`): a class
of thirty warms thirty kernels of one page, and each preparation ran on the server's event loop,
where the learners' pages and clicks wait. A notebook changed on disk is prepared again.
"""

from __future__ import annotations

import copy
import os
from dataclasses import dataclass
from typing import Any

from . import timing


@dataclass
class Prepared:
    stamp: float  # the notebook file's modification time
    notebook: Any
    cwd: str
    template_name: str
    template_paths: list[str]
    theme: str
    resources: dict[str, Any]
    exporter: Any


PREPARED: dict[str, Prepared] = {}
#: how many renderers prepared their notebook, how many reused one prepared before
COUNTS = {"prepared": 0, "shared": 0}


def stamp(renderer: Any) -> float:
    root = str(getattr(renderer.contents_manager, "root_dir", "") or "")
    try:
        return os.path.getmtime(os.path.join(root, str(renderer.notebook_path)))
    except OSError:
        return -1.0


def share(renderer: Any) -> Any:
    """Make ``renderer`` (Voilà's ``NotebookRenderer``) reuse its notebook's preparation."""
    original = renderer.initialize

    async def initialize(**kwargs: Any) -> None:
        path = str(renderer.notebook_path)
        now = stamp(renderer)
        hit = PREPARED.get(path)
        if kwargs or hit is None or hit.stamp != now or now < 0:
            await original(**kwargs)  # timed as Voilà's own (timing.instrument)
            COUNTS["prepared"] += 1
            if not kwargs and now >= 0:
                PREPARED[path] = Prepared(
                    now, copy.deepcopy(renderer.notebook), renderer.cwd,
                    renderer.template_name, list(renderer.template_paths), renderer.theme,
                    copy.deepcopy(renderer.resources), renderer.exporter)
            return
        with timing.stage("prepare"):
            renderer.notebook = copy.deepcopy(hit.notebook)
            renderer.cwd, renderer.template_name = hit.cwd, hit.template_name
            renderer.template_paths, renderer.theme = list(hit.template_paths), hit.theme
            renderer.page_config["jupyterLabTheme"] = hit.theme
            resources = copy.deepcopy({k: v for k, v in hit.resources.items()
                                       if k != "page_config"})
            renderer.resources = {**resources, "page_config": renderer.page_config}
            renderer.exporter = hit.exporter
            COUNTS["shared"] += 1

    renderer.initialize = initialize
    return renderer

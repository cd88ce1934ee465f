"""The page handler whose every GET records its stages (:mod:`tutor.voila.timing`)."""

from __future__ import annotations

from typing import Any

from . import timing
from .guards import TutorPageHandler


class TimedPageHandler(TutorPageHandler):
    """:class:`~tutor.voila.guards.TutorPageHandler` with each GET's stages recorded: waiting
    for a kernel, the kernel running the notebook, the template, sending, the loop's lag."""

    _stages: timing.Stages | None = None

    async def get(self, path: str | None = None) -> None:
        stages = timing.Stages(page=str(self.notebook_path or path or ""))
        self._stages = stages
        token = timing.STAGES.set(stages)
        try:
            await super().get(path=path)
        finally:
            timing.STAGES.reset(token)
            timing.finish(stages, self.get_status())

    def flush(self, *args: Any, **kwargs: Any) -> Any:
        with timing.stage("send"):
            return super().flush(*args, **kwargs)

"""Class mode served for real (`python -m tutor app` with TUTOR_CLASSE / TUTOR_CLASSE_PAGES,
the environment form of `--classe 3 --page stupides-vautours`): the server says when the class's
kernels are warm, each learner of the class gets the page from its pool (its GET recorded by the
server's stage timings) with a kernel of its own whose widgets answer over the protocol; the
pages of the pool are one page but for their ids (their preparation shared). The pool's sizing
and refilling are unit-tested in tests/test_classe.py."""

from __future__ import annotations

import json
import re
import time

from .conftest import ARTEFACTS, serve
from .kernel import KernelChannel, first_visit, kernel_id

LEARNERS = 2  # each gets a kernel of its own from the page's pool: two tell it as three did
PAGE = "stupides-vautours.ipynb"
IDS = re.compile(r"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}|[0-9a-f]{32}")
READY = re.compile(r"Classe prête en [\d,]+\s*s\s*:\s*(\d+)\s*noyau")


def wait_for(pattern: re.Pattern[str], log: str, limit: float = 900) -> re.Match[str]:
    """The log's line matching ``pattern`` (kernels warm at a low priority: on a loaded machine
    they come slowly; the bound is one a healthy run never reaches)."""
    deadline = time.monotonic() + limit
    while time.monotonic() < deadline:
        with open(log, encoding="utf-8", errors="replace") as f:
            found = pattern.search(f.read())
        if found:
            return found
        time.sleep(1)
    raise AssertionError(f"« {pattern.pattern} » absent du journal {log}")


def test_class_mode_warms_the_class_pages_and_serves_each_learner_from_its_pool() -> None:
    timings = ARTEFACTS / "classe-etapes.jsonl"
    timings.unlink(missing_ok=True)
    # no preheated kernel for the pages the class does not open (TUTOR_POOL_SIZE=0; one each
    # otherwise): the class's own pool is all the machine warms before « Classe prête »
    with serve("voila-classe", TUTOR_CLASSE=str(LEARNERS), TUTOR_CLASSE_PAGES="stupides-vautours",
               TUTOR_POOL_SIZE="0", TUTOR_TIMINGS=str(timings), TUTOR_ADDRESS_PENDING="100",
               TUTOR_RENDERS_PER_MINUTE="6000") as app:
        ready = wait_for(READY, str(app.log))
        assert int(ready.group(1)) >= LEARNERS  # the class and its spares
        ids, cookies, pages = [], [], set()
        for _ in range(LEARNERS):  # each learner a client of its own (a first visit)
            html, cookie = first_visit(f"{app.url}/voila/render/{PAGE}")
            ids.append(kernel_id(html))
            cookies.append(cookie)
            pages.add(IDS.sub("", html))
        assert len(set(ids)) == LEARNERS, "each learner has a kernel of its own"
        # the pool's pages shared the notebook's preparation (tutor/voila/shared.py): the same
        # page for each learner but for its kernel's and its widgets' ids
        assert len(pages) == 1
        rows = [json.loads(line) for line in timings.read_text().splitlines()]
        mine = [r for r in rows if r["page"] == PAGE]
        assert len(mine) == LEARNERS
        assert all(r["pooled"] and r["status"] == 200 and r["pool_notebook"] > 0 for r in mine), \
            "every learner's page was rendered in the pool before the class came"
        channel = KernelChannel(app.url, ids[-1], cookies[-1])
        try:
            states = channel.widget_states()
        finally:
            channel.close()
        # the game page's link with the browser (tutor/ui/page.py), and its widgets' states
        assert any(s.get("key") == "tutor:vautours" for s in states.values()), \
            sorted({str(s.get("_model_name")) for s in states.values()})

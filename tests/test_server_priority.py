"""A kernel warming a pool yields the processor to learners' pages, on Linux with autogroups too
(``tutor.voila.kernels.set_priority``)."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from tutor.voila.kernels import WARM_PRIORITY, set_priority

pytestmark = pytest.mark.skipif(not Path("/proc/self/task").exists(), reason="Linux only")


def autogroup_nice(pid: int) -> int | None:
    """The nice value of the session group ``pid`` is in, or None where there is none: no
    autogroups, or the system's default group (its file is empty, as for a process started
    from init's session)."""
    path = Path(f"/proc/{pid}/autogroup")
    if not path.exists():
        return None
    match = re.search(r"nice\s+(-?\d+)", path.read_text())
    return int(match.group(1)) if match else None


@pytest.fixture
def sleeper() -> Iterator[subprocess.Popen[bytes]]:
    """A process in a session of its own, as jupyter_client launches a kernel."""
    proc = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)"],
                            start_new_session=True)
    yield proc
    proc.kill()
    proc.wait()


def test_a_warming_kernel_gets_the_low_priority_in_its_threads_and_its_session_group(
        sleeper: subprocess.Popen[bytes]) -> None:
    assert set_priority(sleeper.pid, WARM_PRIORITY)
    assert os.getpriority(os.PRIO_PROCESS, sleeper.pid) == WARM_PRIORITY
    if autogroup_nice(sleeper.pid) is not None:
        # its own session's group: without it the nice value would weigh only inside the group
        assert autogroup_nice(sleeper.pid) == WARM_PRIORITY


def test_a_kernel_handed_to_a_page_gets_the_normal_priority_back_where_allowed(
        sleeper: subprocess.Popen[bytes]) -> None:
    set_priority(sleeper.pid, WARM_PRIORITY)
    restored = set_priority(sleeper.pid, 0)
    if os.geteuid() != 0:
        pytest.skip("raising a priority back needs CAP_SYS_NICE")
    assert restored
    assert os.getpriority(os.PRIO_PROCESS, sleeper.pid) == 0
    if autogroup_nice(sleeper.pid) is not None:
        assert autogroup_nice(sleeper.pid) == 0


def test_a_process_in_the_servers_session_leaves_the_servers_group_alone() -> None:
    proc = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)"])
    try:
        before = autogroup_nice(os.getpid())
        set_priority(proc.pid, WARM_PRIORITY)
        assert os.getpriority(os.PRIO_PROCESS, proc.pid) == WARM_PRIORITY
        assert autogroup_nice(os.getpid()) == before
    finally:
        proc.kill()
        proc.wait()


def test_a_kernel_still_starting_has_no_last_activity_rather_than_an_error() -> None:
    """The culler met a kernel being started: jupyter_server's ``last_activity`` trait, read
    before it is set, raised a ``TraitError`` into the server's log. It now reads as ``None``
    (the culler leaves that kernel for its next pass)."""
    from datetime import UTC, datetime

    from traitlets import HasTraits, Instance, TraitError

    from tutor.voila.kernels import _last_activity

    class Starting(HasTraits):
        last_activity = Instance(datetime)

    kernel = Starting()
    with pytest.raises(TraitError):
        kernel.last_activity  # noqa: B018 (what the culler met)
    assert _last_activity(kernel) is None
    assert _last_activity(object()) is None
    now = datetime.now(UTC)
    kernel.last_activity = now
    assert _last_activity(kernel) == now

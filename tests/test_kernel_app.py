"""The served kernels never drop a page's messages: a burst larger than ZeroMQ's default
high-water mark (1,000 messages), sent while nobody reads, arrives whole, its ``idle`` status
last (tutor.voila.kernel_app; docs/lost-messages.md). With ipykernel's own launcher and the
default marks, the same burst loses about a third of its messages (3,998 of 6,000 arrived on
2026-12-03, the reader's receive buffer kept small as below)."""

from __future__ import annotations

import time

import zmq
from jupyter_client.manager import KernelManager

from tutor.voila import kernel_app
from tutor.voila.kernels import TutorKernel, TutorKernelManager

BURST = 6000
"""display_data messages of about 4 KB each: far past the default marks and the socket buffers."""


def test_the_served_kernels_are_launched_with_room_for_a_burst() -> None:
    manager = TutorKernelManager()
    kernel = TutorKernel(parent=manager, kernel_name="python3")
    cmd = kernel.format_kernel_cmd()
    assert "-m" in cmd and cmd[cmd.index("-m") + 1] == kernel_app.MODULE
    assert "ipykernel_launcher" not in cmd
    assert manager.context.getsockopt(zmq.RCVHWM) == kernel_app.IOPUB_HWM


class Served(KernelManager):
    """A synchronous kernel manager that launches the kernel as the server does."""

    def format_kernel_cmd(self, extra_arguments: list[str] | None = None) -> list[str]:
        return kernel_app.served(super().format_kernel_cmd(extra_arguments))


def test_a_burst_sent_while_nobody_reads_arrives_whole_with_its_idle_status() -> None:
    # the kernel as the server starts it (its command, its context's marks); a KernelManager's
    # ``kernel_cmd`` is no longer read by jupyter_client 8, so setting it would test ipykernel's
    # own launcher
    km = Served()
    cmd = km.format_kernel_cmd()
    assert cmd[cmd.index("-m") + 1] == kernel_app.MODULE
    km.start_kernel()
    kc = km.client()
    try:
        kc.start_channels()
        kc.wait_for_ready(timeout=120)
        # the reader with ZeroMQ's default mark and a small receive buffer: what does not fit
        # must wait in the kernel's own queue, so the kernel's mark alone decides whether the
        # burst arrives whole (with ipykernel's own launcher, 3,998 of 6,000 arrived on
        # 2026-12-03; with loopback's large default buffers, both launchers passed)
        km.context.setsockopt(zmq.RCVBUF, 1 << 16)
        try:
            reader = km.connect_iopub()
        finally:
            km.context.setsockopt(zmq.RCVBUF, -1)  # the operating system's default again
        time.sleep(0.5)  # the subscription reaches the kernel's XPUB (ZeroMQ's slow joiner)
        msg_id = kc.execute(f"from IPython.display import display\n"
                            f"for i in range({BURST}): display('x' * 4000)")
        reply = kc.get_shell_msg(timeout=600)  # the burst is all sent; nobody has read it
        assert reply["content"]["status"] == "ok"
        shown, idle = 0, False
        while not idle and reader.poll(60_000):
            _, frames = km.session.feed_identities(reader.recv_multipart())
            msg = km.session.deserialize(frames)
            if msg["parent_header"].get("msg_id") != msg_id:
                continue
            if msg["msg_type"] == "display_data":
                shown += 1
            elif msg["msg_type"] == "status":
                idle = msg["content"]["execution_state"] == "idle"
        assert (shown, idle) == (BURST, True)
        reader.close(linger=0)
    finally:
        kc.stop_channels()
        km.shutdown_kernel(now=True)

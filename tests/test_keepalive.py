"""A page's kernel websocket is kept while it answers the server's keep-alive pings
(:func:`tutor.voila.guards.ping_unanswered`, used by :class:`tutor.voila.guards.KernelSocket`).

jupyter_server closed it when, at a ping, the last pong was older than the timeout: with the
timeout equal to the interval (30 s each, as Tornado requires), a ping sent a few milliseconds
later than the one before closed a live connection on a busy machine ("WebSocket ping timeout
after 30001 ms." in the CI's log, six times over one page), and the page, reconnecting, lost
the widget messages in flight (the editor drawn as « Click to show javascript error »)."""

from __future__ import annotations

import pytest

from tutor.voila.guards import ping_unanswered

INTERVAL = TIMEOUT = 30_000.0  # ms, as tutor.app configures them
T = 1_000.0  # s: when the last ping went out


def jupyter_server_closes(now: float, last_pong: float) -> bool:
    """jupyter_server's own rule (``WebSocketMixin.send_ping``), for comparison."""
    return 1e3 * (now - last_pong) > TIMEOUT


@pytest.mark.parametrize("late", [0.0005, 0.002, 0.5, 5.0])
def test_a_ping_answered_keeps_the_connection_however_late_the_next_one_goes(late: float
                                                                             ) -> None:
    pong = T + 0.001  # answered within a millisecond
    now = T + INTERVAL / 1e3 + late  # the next ping, a little late (a busy event loop)
    assert not ping_unanswered(now, T, pong, INTERVAL, TIMEOUT)
    if late > 0.001:  # the case that closed live pages
        assert jupyter_server_closes(now, pong)


def test_a_ping_unanswered_for_the_timeout_closes_the_connection() -> None:
    pong = T - 29.0  # the pong before the last ping
    assert ping_unanswered(T + TIMEOUT / 1e3, T, pong, INTERVAL, TIMEOUT)
    assert ping_unanswered(T + TIMEOUT / 1e3 + 3.0, T, pong, INTERVAL, TIMEOUT)
    assert not ping_unanswered(T + TIMEOUT / 1e3 - 0.5, T, pong, INTERVAL, TIMEOUT)


def test_a_fresh_connection_and_a_suspended_machine_close_nothing() -> None:
    # just opened: no ping sent yet (jupyter_server sets both times to the opening time)
    assert not ping_unanswered(T + 30.0, T, T, INTERVAL, TIMEOUT)
    # the machine slept for minutes after a ping: a fresh ping goes out first
    assert not ping_unanswered(T + 2 * INTERVAL / 1e3, T, T - 30.0, INTERVAL, TIMEOUT)

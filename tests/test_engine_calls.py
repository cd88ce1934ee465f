"""A click asks the engine once: on every page's game against the computer and sandbox, each
position's legal actions and each seat's view are asked at most once, and no action is applied
but those the step records (no speculative ``apply``).

The engine is wrapped in a counting proxy before the page builds its table, so every shared
component (the table, the actions, « Conseil », « Et si… ? », the scenario panel, the journal,
the progress map) goes through it.
"""

from __future__ import annotations

import importlib
import sys
from collections import Counter
from collections.abc import Callable
from typing import Any

import pytest

from tutor.games import GAMES, GameInfo

COUNTED = ("apply", "legal_actions", "view", "current_seats", "is_over")


class Counting:
    """An engine whose verbs record their calls by position (the state's identity) and seat."""

    def __init__(self, engine: Any) -> None:
        self._engine = engine
        self.calls: Counter[tuple[str, int, Any]] = Counter()
        self.applied = 0
        self._seen: list[Any] = []  # every state asked about stays alive: ids are not reused

    def __getattr__(self, name: str) -> Any:
        target = getattr(self._engine, name)
        if name not in COUNTED:
            return target

        def counted(state: Any, *args: Any, **kwargs: Any) -> Any:
            if name == "apply":
                self.applied += 1
            else:
                self._seen.append(state)
                self.calls[(name, id(state), args[0] if args else None)] += 1
            return target(state, *args, **kwargs)
        return counted

    def reset(self) -> None:
        self.calls.clear()
        self.applied = 0
        self._seen.clear()


def _build(monkeypatch: pytest.MonkeyPatch, game_id: str,
           make: Callable[[Any], Any]) -> tuple[Any, Counting]:
    proxy = Counting(GAMES[game_id].engine())
    page = importlib.import_module(GAMES[game_id].page_module)
    monkeypatch.setattr(GameInfo, "engine", lambda self: proxy)
    # the page's engine, which its surface and boards read (they play through it): the proxy
    surfaces = sys.modules[page.play_vs_computer.__module__]
    monkeypatch.setattr(surfaces.SURFACE.page, "engine", proxy)
    board = make(page)
    assert board.engine is proxy
    return board, proxy


def _click(board: Any) -> None:
    """What the first action button does: the board's ``act`` with the first legal action."""
    step = board.session.step
    seat = board.acting(step)
    assert seat is not None, "the board offers an action"
    board.act(step.legal(seat)[0])


@pytest.mark.parametrize("where", ["play_vs_computer", "sandbox"])
@pytest.mark.parametrize("game_id", list(GAMES))
def test_a_click_asks_each_question_once(monkeypatch: pytest.MonkeyPatch, game_id: str,
                                         where: str) -> None:
    board, proxy = _build(monkeypatch, game_id, lambda page: getattr(page, where)())
    for _ in range(4):
        if board.acting(board.session.step) is None:
            break
        proxy.reset()
        _click(board)
        step = board.session.step
        assert proxy.applied == len(step.actions), \
            f"{proxy.applied} apply for {len(step.actions)} actions: a speculative apply"
        repeated = {key: n for key, n in proxy.calls.items() if n > 1}
        assert not repeated, f"asked more than once in one click: {repeated}"
        # the learner's next decision was asked about (it is shown), but only for seats shown
        legal_seats = {seat for (name, _, seat), _ in proxy.calls.items()
                       if name == "legal_actions"}
        bot_decisions = len(step.actions) - 1
        assert len([k for k in proxy.calls if k[0] == "legal_actions"]) <= bot_decisions + 1
        assert legal_seats <= set(step.state.players)


@pytest.mark.parametrize("game_id", list(GAMES))
def test_the_proxy_sees_a_repeated_question(monkeypatch: pytest.MonkeyPatch,
                                            game_id: str) -> None:
    """The counting proxy is no blind spot: a view asked twice of one position is counted
    twice (so the test above can fail)."""
    board, proxy = _build(monkeypatch, game_id, lambda page: page.sandbox())
    proxy.reset()
    state = board.session.state
    board.engine.view(state, None)
    board.engine.view(state, None)
    assert proxy.calls[("view", id(state), None)] == 2

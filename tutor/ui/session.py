"""The controller every view observes: one game's state history, its log and a cursor.

No game logic lives here: actions go to the game module's ``apply``, which validates them. An
illegal action raises :class:`~tutor.engine.IllegalAction` and nothing changes.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import traitlets

from tutor import fr
from tutor.engine import Event, short_repr
from tutor.engine.api import AnyEngine


class Session(traitlets.HasTraits):
    """State history with undo, redo and time travel.

    ``states[k]`` is the position after ``k`` steps and ``logs[k]`` the events of step ``k``
    (``logs[0]``: the set-up), ``actions[k]`` the actions applied in step ``k`` in order
    (``actions[0]``: those given to :meth:`restart`). A step may hold several actions (the
    learner's card and the computer players' cards), so undo goes back to the learner's previous
    decision.
    ``version`` changes on every move of the cursor: views observe it.
    """

    states: traitlets.List[Any] = traitlets.List()
    logs: traitlets.List[tuple[Event, ...]] = traitlets.List()
    actions: traitlets.List[tuple[Any, ...]] = traitlets.List()
    cursor = traitlets.Int(0)
    seat = traitlets.Unicode(None, allow_none=True)
    message = traitlets.Unicode("")
    version = traitlets.Int(0)
    replaced = 0

    def __init__(self, game: AnyEngine, state: Any, opening: Sequence[Event] = (),
                 seat: str | None = None) -> None:
        super().__init__()
        self.game = game
        self.restart(state, opening, seat)

    def restart(self, state: Any, opening: Sequence[Event] = (), seat: str | None = None,
                actions: Sequence[Any] = ()) -> None:
        """Start again from ``state`` (a new game or a set-up situation; ``actions``: those that
        led to it, if any)."""
        self.states = [state]
        self.logs = [tuple(opening)]
        self.actions = [tuple(actions)]
        self.seat = seat
        self.message = ""
        self.cursor = 0
        self.version += 1

    @property
    def state(self) -> Any:
        return self.states[self.cursor]

    @property
    def events(self) -> tuple[Event, ...]:
        """Every event up to the cursor, in order."""
        return tuple(e for log in self.logs[: self.cursor + 1] for e in log)

    @property
    def last_events(self) -> tuple[Event, ...]:
        return tuple(self.logs[self.cursor])

    def act(self, *actions: Any,
            reply: Callable[[Any], Any | None] | None = None) -> tuple[Event, ...]:
        """Apply ``actions`` in order, then the actions ``reply(state)`` gives (the computer
        players') until it gives ``None``, as one step: each action is applied exactly once, and
        all or nothing (an illegal action raises and nothing changes).

        Playing from a past step replaces the steps after it: ``replaced`` then says how many
        were dropped, and ``message`` tells the learner in French.
        """
        state = self.state
        events: list[Event] = []
        applied = list(actions)
        for action in actions:
            state, evs = self.game.apply(state, action)
            events.extend(evs)
        while reply is not None:
            action = reply(state)
            if action is None:
                break
            state, evs = self.game.apply(state, action)
            events.extend(evs)
            applied.append(action)
        keep = self.cursor + 1
        self.replaced = len(self.states) - keep
        self.states = [*self.states[:keep], state]
        self.logs = [*self.logs[:keep], tuple(events)]
        self.actions = [*self.actions[:keep], tuple(applied)]
        dropped = fr.count(self.replaced, "étape suivante a été remplacée",
                           "étapes suivantes ont été remplacées")
        self.message = "" if not self.replaced else fr.typography(
            f"Vous avez rejoué depuis une étape passée : {dropped}.")
        self.cursor = keep
        self.version += 1
        return tuple(events)

    @property
    def can_undo(self) -> bool:
        return self.cursor > 0

    @property
    def can_redo(self) -> bool:
        return self.cursor < len(self.states) - 1

    def undo(self) -> None:
        if self.can_undo:
            self.goto(self.cursor - 1)

    def redo(self) -> None:
        if self.can_redo:
            self.goto(self.cursor + 1)

    def goto(self, step: int) -> None:
        """Travel to step ``step`` (0: the set-up). Steps after it are kept for redo."""
        if not isinstance(step, int) or not 0 <= step < len(self.states):
            raise ValueError(f"Étape inexistante : {short_repr(step)}.")
        self.cursor = step
        self.message = ""
        self.version += 1

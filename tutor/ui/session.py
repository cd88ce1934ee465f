"""The controller every view observes: one game's steps (the step record) and a cursor.

No game logic lives here: actions go to the game's ``apply``, which validates them. An illegal
action raises :class:`~tutor.engine.IllegalAction` and nothing changes.

Data flows one way: a step is computed once (its state, the actions applied, their events, who
chose) and recorded as a :class:`Step`; every view (the table, the actions, « Conseil »,
« Et si… ? », the scenario panel, the journal, the progress map) reads the step, and what a
step's position answers (who must act, whether the game is over, a seat's view and legal
actions) is asked of the engine at most once per step and seat, then kept in the step.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Generic

import traitlets

from tutor import fr
from tutor.engine import short_repr
from tutor.engine.api import A, E, Game, S, V


class Step(Generic[S, A, V, E]):
    """One step of a session: the position ``state`` it led to, the ``actions`` applied in it in
    order, their ``events`` and the ``chooser`` (the seat whose decision the step is; ``None``
    for the set-up). What the position answers is asked of the engine on first use and kept."""

    __slots__ = ("_legal", "_over", "_seats", "_views", "actions", "chooser", "engine",
                 "events", "state")

    def __init__(self, engine: Game[S, A, V, E], state: S, actions: Sequence[A] = (),
                 events: Sequence[E] = (), chooser: str | None = None) -> None:
        self.engine, self.state = engine, state
        self.actions, self.events, self.chooser = tuple(actions), tuple(events), chooser
        self._over: bool | None = None
        self._seats: tuple[str, ...] | None = None
        self._views: dict[str | None, V] = {}
        self._legal: dict[str, tuple[A, ...]] = {}

    @property
    def over(self) -> bool:
        """Whether the game is over at this step."""
        if self._over is None:
            self._over = bool(self.engine.is_over(self.state))
        return self._over

    @property
    def seats(self) -> tuple[str, ...]:
        """Who must act at this step, in order (nobody once the game is over)."""
        if self._seats is None:
            self._seats = () if self.over else tuple(self.engine.current_seats(self.state))
        return self._seats

    def view(self, seat: str | None) -> V:
        """What ``seat`` sees at this step (``None``: the teacher's view)."""
        if seat not in self._views:
            self._views[seat] = self.engine.view(self.state, seat)
        return self._views[seat]

    def legal(self, seat: str) -> tuple[A, ...]:
        """The actions ``seat`` may take at this step."""
        if seat not in self._legal:
            self._legal[seat] = tuple(self.engine.legal_actions(self.state, seat))
        return self._legal[seat]

    def __repr__(self) -> str:
        return (f"Step(actions={short_repr(self.actions)}, chooser={self.chooser!r}, "
                f"events={len(self.events)})")


class Session(traitlets.HasTraits, Generic[S, A, V, E]):
    """The step record with undo, redo and time travel.

    ``steps[k]`` is step ``k`` (``steps[0]``: the set-up, its actions those given to
    :meth:`restart`). A step may hold several actions (the learner's card and the computer
    players' cards), so undo goes back to the learner's previous decision. ``version`` changes
    on every move of the cursor: views observe it; ``steps`` changes when a step is recorded.
    """

    steps: traitlets.List[Step[S, A, V, E]] = traitlets.List()
    cursor = traitlets.Int(0)
    seat = traitlets.Unicode(None, allow_none=True)
    message = traitlets.Unicode("")
    version = traitlets.Int(0)
    replaced = 0

    def __init__(self, game: Game[S, A, V, E], state: S, opening: Sequence[E] = (),
                 seat: str | None = None) -> None:
        super().__init__()
        self.game = game
        self.restart(state, opening, seat)

    def restart(self, state: S, opening: Sequence[E] = (), seat: str | None = None,
                actions: Sequence[A] = ()) -> None:
        """Start again from ``state`` (a new game or a set-up situation; ``actions``: those that
        led to it, if any)."""
        self.steps = [Step(self.game, state, actions, opening)]
        self.seat = seat
        self.message = ""
        self.cursor = 0
        self.version += 1

    @property
    def step(self) -> Step[S, A, V, E]:
        """The step the cursor shows."""
        return self.steps[self.cursor]

    @property
    def state(self) -> S:
        return self.steps[self.cursor].state

    @property
    def last(self) -> Step[S, A, V, E]:
        """The last step recorded (the end of the line the cursor is on)."""
        return self.steps[-1]

    @property
    def events(self) -> tuple[E, ...]:
        """Every event up to the cursor, in order."""
        return tuple(e for step in self.steps[: self.cursor + 1] for e in step.events)

    def actions_played(self) -> list[A]:
        """Every action applied after the set-up, up to the cursor, in order."""
        return [a for step in self.steps[1: self.cursor + 1] for a in step.actions]

    def act(self, *actions: A, chooser: str | None = None,
            reply: Callable[[Step[S, A, V, E]], A | None] | None = None) -> tuple[E, ...]:
        """Apply ``actions`` in order (the decision of ``chooser``), then the actions
        ``reply(step)`` gives (the computer players') until it gives ``None``, as one step:
        each action is applied exactly once, and all or nothing (an illegal action raises and
        nothing changes). ``reply`` reads the position it answers from a :class:`Step`, whose
        answers the new step keeps.

        Playing from a past step replaces the steps after it: ``replaced`` then says how many
        were dropped, and ``message`` tells the learner in French.
        """
        state = self.state
        events: list[E] = []
        applied: list[A] = list(actions)
        for action in actions:
            state, evs = self.game.apply(state, action)
            events.extend(evs)
        probe = Step(self.game, state)
        while reply is not None:
            answer = reply(probe)
            if answer is None:
                break
            state, evs = self.game.apply(state, answer)
            events.extend(evs)
            applied.append(answer)
            probe = Step(self.game, state)
        step = probe
        step.actions, step.events, step.chooser = tuple(applied), tuple(events), chooser
        keep = self.cursor + 1
        self.replaced = len(self.steps) - keep
        self.steps = [*self.steps[:keep], step]
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
        return self.cursor < len(self.steps) - 1

    def undo(self) -> None:
        if self.can_undo:
            self.goto(self.cursor - 1)

    def redo(self) -> None:
        if self.can_redo:
            self.goto(self.cursor + 1)

    def goto(self, step: int) -> None:
        """Travel to step ``step`` (0: the set-up). Steps after it are kept for redo."""
        if not isinstance(step, int) or not 0 <= step < len(self.steps):
            raise ValueError(f"Étape inexistante : {short_repr(step)}.")
        self.cursor = step
        self.message = ""
        self.version += 1

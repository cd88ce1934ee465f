""""Et si… ?" and "Pourquoi je n'ai pas gagné ?": a recorded game replayed with one choice of the
learner's changed, for every game (typed over :data:`~tutor.engine.api.AnyEngine` only).

A :class:`Played` game is where it started (``origin``, the state :func:`new_game` returned: its
``record`` holds every shuffle as drawn and the set-up), its steps as played (``steps[0]``: the
computer players' actions before the learner's first decision; ``steps[k]``, ``k >= 1``: the
learner's action, then the computer players' replies until the learner must act again, as the
pages' sessions record them), the learner's seat (``None``: the learner plays every seat, as in a
sandbox, and each step is one action) and the policies: seat -> ``(kind, seed)`` of
``PLAYER_KINDS``, for the computer players and for the learner's own seat.

:func:`what_if` replays two lines from the origin: the game as played, and the same game with the
learner's action at step ``k`` replaced. In both:

* before step ``k`` every action is the recorded one; the computer players are fresh bots built from
  their seeds and are asked at each of their turns, as during the game, so that their seeded
  policy is in the same state at the divergence (their answer is not used: the recorded action
  is);
* chance is the recorded chance: the origin's record. A game whose chance is all drawn at the
  set-up (Stupides Vautours, Drahtseilakt, Vampir) needs nothing more. Vaiko reshuffles during
  play: from a seeded origin (a page's game) the k-th shuffle is drawn from the game's own seed
  and index (the same order the game itself would draw); from an origin rebuilt from a record
  (``new_game(..., record=...)``), a reshuffle the record does not hold, or holds for other cards,
  stops the line there: the :class:`Line` says so (``stopped``) and has no outcome;
* after step ``k`` the computer players choose by their policy from what their seat sees; the
  learner's later choices are kept where still legal (each seat's recorded choices in order, one
  per decision), otherwise chosen by the learner seat's policy, and :attr:`Line.substituted`
  counts those. The line on the recorded action keeps the whole record as played, then continues
  the same way if the game is not over.

Each line returns that step's resolution (its events: from the learner's action until they must
act again) and the final outcome. :func:`difference` compares two resolutions by who did what
under which clause (``(seat, kind, clause)`` of each event; what was played differs by design and
is not counted): the clauses that made the difference are those cited by the events found in one
resolution only.

:func:`why_not` ("Pourquoi je n'ai pas gagné ?") tries, at each step where the learner chose among
several legal actions, every other one: the steps where the resolution changes are kept, and each
changing alternative is played out to the end to tell the learner's final score and the winners.
The work is bounded honestly, by a number of applied actions (``budget``, deterministic): only steps
with real alternatives are examined, from the last step back, the resolutions of the alternatives
taking at most half the budget (earlier steps left over are counted: :attr:`WhyNot.skipped`), the
playouts to the end what is left (alternatives left over are counted, :attr:`WhyNot.unplayed`, and
shown with their immediate change only).

Standard library only.
"""

from __future__ import annotations

import pickle
from collections import deque
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from tutor.engine.api import AnyEngine, Bot
from tutor.engine.core import Event, IllegalAction, Outcome, Record

Policies = Mapping[str, tuple[str, int]]

#: No game of the tutor lasts longer; a line that does is a bug, not a learner's error.
MAX_ACTIONS = 20_000
#: Default budget of :func:`why_not`: actions applied while playing alternatives out to the end.
BUDGET = 6_000
BUDGET_SPENT = "budget"  # Line.stopped of a line cut short by the budget (never shown)


@dataclass(frozen=True)
class Played:
    """A recorded game (see the module's docstring)."""

    engine: AnyEngine
    origin: Any
    steps: tuple[tuple[Any, ...], ...]
    policies: Policies
    learner: str | None = None

    def learns(self, seat: str) -> bool:
        """Whether ``seat`` is the learner's (every seat in a sandbox)."""
        return self.learner is None or seat == self.learner


def from_record(engine: AnyEngine, players: Sequence[str], record: Record, variant: Any,
                steps: Sequence[Sequence[Any]], policies: Policies,
                learner: str | None = None) -> Played:
    """A :class:`Played` game rebuilt from its record (``new_game(..., record=record)``)."""
    origin = engine.new_game(players, record=record, variant=variant)
    return Played(engine, origin, tuple(tuple(s) for s in steps), dict(policies), learner)


@dataclass(frozen=True)
class Line:
    """One future: the learner's ``action`` at the step, that step's resolution (``events``), the
    last state, its ``outcome`` (``None`` when ``stopped``), how many of the learner's recorded
    later choices were no longer legal and chosen by policy (``substituted``), how many choices
    beyond the record (a game not finished) were chosen by policy (``unrecorded``) and, when the
    line could not go on, why (``stopped``, French)."""

    action: Any
    events: tuple[Event, ...]
    state: Any
    outcome: Outcome | None
    substituted: int = 0
    stopped: str = ""
    actions: int = 0
    unrecorded: int = 0


@dataclass(frozen=True)
class Difference:
    """What differs between two resolutions of one step: the events found only in the first
    (``only_a``) and only in the second (``only_b``), compared by ``(seat, kind, clause)``; the
    clauses that made the difference and the seats concerned."""

    only_a: tuple[Event, ...]
    only_b: tuple[Event, ...]

    @property
    def changed(self) -> bool:
        return bool(self.only_a or self.only_b)

    @property
    def clauses(self) -> tuple[str, ...]:
        return tuple(dict.fromkeys(e.clause for e in (*self.only_a, *self.only_b)))

    @property
    def seats(self) -> tuple[str, ...]:
        return tuple(dict.fromkeys(e.seat for e in (*self.only_a, *self.only_b)
                                   if e.seat is not None))


def _signature(event: Event) -> tuple[str | None, str, str]:
    return event.seat, event.kind, event.clause


def difference(a: Sequence[Event], b: Sequence[Event]) -> Difference:
    """The events of resolution ``a`` that ``b`` lacks and those of ``b`` that ``a`` lacks, by
    ``(seat, kind, clause)`` (as multisets; the data of an event, such as the card played, is not
    compared)."""
    return Difference(_lacking(a, b), _lacking(b, a))


def _lacking(a: Sequence[Event], b: Sequence[Event]) -> tuple[Event, ...]:
    """The events of ``a`` left once each event of ``b`` has struck one alike out."""
    rest = [_signature(e) for e in b]
    only: list[Event] = []
    for event in a:
        sig = _signature(event)
        if sig in rest:
            rest.remove(sig)
        else:
            only.append(event)
    return tuple(only)


@dataclass
class _Run:
    """A line being played on: where it is, its events, what it cost and counted."""

    state: Any
    events: list[Event] = field(default_factory=list)
    applied: int = 0
    substituted: int = 0
    unrecorded: int = 0
    stopped: str = ""


@dataclass
class _Point:
    """The position before one step of the recorded game, with the bots as they were then
    (pickled: a line unpickles its own copy, five times faster than ``copy.deepcopy``)."""

    state: Any
    bots: bytes


@dataclass
class _Walk:
    """The recorded game walked once: the position before each step, each action's seat."""

    points: list[_Point] = field(default_factory=list)
    seats: list[tuple[str, ...]] = field(default_factory=list)
    final: Any = None


class Replayer:
    """Lines of one :class:`Played` game (the recorded walk is done once and shared)."""

    def __init__(self, played: Played) -> None:
        self.played = played
        self.engine = played.engine
        self._walk: _Walk | None = None
        self._later: dict[int, dict[str, list[Any]]] = {}

    # -- the recorded game ------------------------------------------------------------------
    def _bots(self) -> dict[str, Bot[Any, Any]]:
        kinds = self.engine.PLAYER_KINDS
        return {seat: kinds[kind][1](seed=seed)
                for seat, (kind, seed) in self.played.policies.items()}

    def actor(self, state: Any, action: Any) -> str:
        """The seat that may play ``action`` now (``ValueError`` when none may)."""
        for seat in self.engine.current_seats(state):
            if action in self.engine.legal_actions(state, seat):
                return seat
        raise ValueError("Cette action enregistrée n’est jouable par personne à ce moment de "
                         "la partie.")

    def walk(self) -> _Walk:
        """The recorded game, once: the position (and bots) before each step."""
        if self._walk is not None:
            return self._walk
        engine, played = self.engine, self.played
        walk = _Walk()
        state, bots = played.origin, self._bots()
        for step in played.steps:
            walk.points.append(_Point(state, pickle.dumps(bots)))
            seats = []
            for action in step:
                seat = self.actor(state, action)
                seats.append(seat)
                if not played.learns(seat) and seat in bots:
                    bots[seat].choose(engine.view(state, seat),  # the bot's turn, as in play
                                      engine.legal_actions(state, seat))
                state, _ = engine.apply(state, action)
            walk.seats.append(tuple(seats))
        walk.points.append(_Point(state, pickle.dumps(bots)))
        walk.final = state
        self._walk = walk
        return walk

    def chooser(self, step: int) -> str:
        """The seat whose choice step ``step`` (``>= 1``) starts with."""
        walk = self.walk()
        if not 1 <= step < len(self.played.steps) or not self.played.steps[step]:
            raise ValueError(f"Étape sans choix à changer : {step}.")
        return walk.seats[step][0]

    def alternatives(self, step: int) -> tuple[Any, ...]:
        """The legal actions of the chooser of step ``step`` at that step (the played one too)."""
        state = self.walk().points[step].state
        return self.engine.legal_actions(state, self.chooser(step))

    def played_action(self, step: int) -> Any:
        return self.played.steps[step][0]

    # -- a line ---------------------------------------------------------------------------
    def line(self, step: int, action: Any, *, to_end: bool = True,
             budget: int = MAX_ACTIONS) -> Line:
        """The line where the learner plays ``action`` at step ``step`` (the recorded action: the
        game as played). ``to_end=False`` stops after that step's resolution."""
        engine = self.engine
        walk = self.walk()
        chooser = self.chooser(step)
        point = walk.points[step]
        if action not in engine.legal_actions(point.state, chooser):
            raise ValueError(f"Cette action n’est pas permise à {chooser} à cette étape.")
        if action == self.played_action(step):
            # the game as played: its own record, then the same rule as any line
            state, bots = walk.final, pickle.loads(walk.points[-1].bots)
            out = self._recorded_events(step)
            count = sum(len(s) for s in self.played.steps[step:])
            queues: dict[str, deque[Any]] = {}
            if not to_end:
                return self._finish(action, out, _Run(state), count, False)
        else:
            bots = pickle.loads(point.bots)
            state, events = engine.apply(point.state, action)
            out = list(events)
            queues = self._queues(step)
            run = self._continue(state, bots, queues, until_turn=True, budget=budget)
            out.extend(run.events)
            state, count = run.state, 1 + run.applied
            if run.stopped or not to_end:
                return self._finish(action, out, run, count, to_end)
        run = self._continue(state, bots, queues, until_turn=False, budget=budget)
        return self._finish(action, out, run, count + run.applied, True)

    def _recorded_events(self, step: int) -> list[Event]:
        engine, walk = self.engine, self.walk()
        state = walk.points[step].state
        out: list[Event] = []
        for a in self.played.steps[step]:
            state, events = engine.apply(state, a)
            out.extend(events)
        return out

    def _finish(self, action: Any, events: Sequence[Event], run: _Run, count: int,
                to_end: bool) -> Line:
        over = self.engine.is_over(run.state)
        outcome = (self.engine.outcome(run.state) if over and to_end and not run.stopped
                   else None)
        return Line(action, tuple(events), run.state, outcome, run.substituted, run.stopped,
                    count, run.unrecorded)

    def _queues(self, step: int) -> dict[str, deque[Any]]:
        """Each learner seat's recorded choices after step ``step``, in order (a fresh copy)."""
        if step not in self._later:
            walk = self.walk()
            later: dict[str, list[Any]] = {}
            for actions, seats in zip(self.played.steps[step + 1:], walk.seats[step + 1:],
                                      strict=True):
                for action, seat in zip(actions, seats, strict=True):
                    if self.played.learns(seat):
                        later.setdefault(seat, []).append(action)
            self._later[step] = later
        return {seat: deque(actions) for seat, actions in self._later[step].items()}

    def _learner_turn(self, state: Any) -> bool:
        return any(self.played.learns(s) for s in self.engine.current_seats(state))

    def _continue(self, state: Any, bots: dict[str, Bot[Any, Any]],
                  queues: dict[str, deque[Any]], *, until_turn: bool, budget: int) -> _Run:
        """Play on from ``state``: until the learner must choose (``until_turn``) or the end."""
        engine, played = self.engine, self.played
        run = _Run(state)
        kinds = engine.PLAYER_KINDS
        while not engine.is_over(run.state):
            state = run.state
            seats = engine.current_seats(state)
            mine = [s for s in seats if played.learns(s)]
            if until_turn and mine:
                break
            if run.applied >= budget:
                run.stopped = BUDGET_SPENT
                return run
            seat = mine[0] if mine else seats[0]
            legal = engine.legal_actions(state, seat)
            action = None
            if played.learns(seat):
                queue = queues.get(seat)
                if queue:
                    kept = queue.popleft()
                    action = kept if kept in legal else None
                    run.substituted += action is None
                else:
                    run.unrecorded += 1
            if action is None:
                if seat not in bots:
                    kind, seed = next(iter(kinds)), len(bots) + 1
                    bots[seat] = kinds[kind][1](seed=seed)
                action = bots[seat].choose(engine.view(state, seat), legal)
            try:
                run.state, events = engine.apply(state, action)
            except IllegalAction:
                raise  # a bot or a kept choice offered an illegal action: a bug, not chance
            except ValueError as error:  # recorded chance ran out (a Vaiko reshuffle)
                run.stopped = str(error)
                return run
            run.events.extend(events)
            run.applied += 1
            if run.applied > MAX_ACTIONS:
                raise AssertionError("line longer than any game")
        return run


def what_if(played: Played, step: int, action: Any) -> tuple[Line, Line, Difference]:
    """The game as played and the game with ``action`` at step ``step`` (see the module), and the
    difference between that step's two resolutions."""
    r = Replayer(played)
    actual = r.line(step, r.played_action(step))
    other = r.line(step, action)
    return actual, other, difference(actual.events, other.events)


@dataclass(frozen=True)
class Turning:
    """A step where another choice changes the resolution: the game as played (``actual``), the
    best of the alternatives that change it (``other``, played out to the end unless the budget
    was spent: then its outcome is ``None``), their difference, and how many alternatives of this
    step change the resolution (``changing``) out of ``tried``."""

    step: int
    actual: Line
    other: Line
    difference: Difference
    changing: int
    tried: int


@dataclass(frozen=True)
class WhyNot:
    """"Pourquoi je n'ai pas gagné ?": the turning steps in order, the final outcome as played,
    how many steps with real alternatives were examined (``examined``) and left out for want of
    budget (``skipped``, the earliest ones), how many alternatives were tried, how many changing
    ones were not played out for want of budget (``unplayed``) and the actions applied."""

    turnings: tuple[Turning, ...]
    outcome: Outcome | None
    examined: int
    tried: int
    unplayed: int
    actions: int
    skipped: int = 0


def lower_wins(*outcomes: Outcome | None) -> bool:
    """Whether the lowest score wins, read from the outcomes (the winners hold the lowest score
    while someone holds more)."""
    for out in outcomes:
        if out is None or not out.winners:
            continue
        best = out.scores[out.winners[0]]
        values = out.scores.values()
        if best == min(values) < max(values):
            return True
        if best == max(values) > min(values):
            return False
    return False


def _rank(line: Line, seat: str, low: bool) -> tuple[int, int]:
    out = line.outcome
    if out is None:
        return (-1, 0)
    score = out.scores.get(seat, 0)
    return (1 if seat in out.winners else 0, -score if low else score)


def why_not(played: Played, *, budget: int = BUDGET) -> WhyNot:
    """The steps where another choice of the learner's changes the resolution (see the module)."""
    if played.learner is None:
        raise ValueError("« Pourquoi je n’ai pas gagné ? » demande une partie contre "
                         "l’ordinateur (un joueur à qui répondre).")
    r = Replayer(played)
    engine = played.engine
    walk = r.walk()
    mine = [step for step in range(1, len(played.steps))
            if played.steps[step] and walk.seats[step][0] == played.learner]
    if engine.is_over(walk.final):
        outcome: Outcome | None = engine.outcome(walk.final)
        final = walk.final
    elif mine:  # not over yet: the game as played, continued as any line
        end = r.line(mine[0], r.played_action(mine[0]))
        outcome, final = end.outcome, end.state
    else:
        outcome, final = None, walk.final
    found: list[tuple[int, Line, list[Line]]] = []
    examined = tried = skipped = spent = 0
    # each step's resolution under every other choice, from the last step back, within half the
    # budget (what is left of it goes to the playouts to the end)
    for step in reversed(mine):
        legal = r.alternatives(step)
        if len(legal) < 2:
            continue
        if spent >= budget // 2:
            skipped += 1
            continue
        examined += 1
        recorded = r.played_action(step)
        base = r._recorded_events(step)
        changing = []
        for action in legal:
            if action == recorded:
                continue
            tried += 1
            short = r.line(step, action, to_end=False)
            spent += short.actions
            if difference(base, short.events).changed:
                changing.append(short)
        if changing:
            found.append((step, r.line(step, recorded, to_end=False), changing))
    # play the changing alternatives out to the end, from the last step back, within budget
    unplayed = 0
    turnings: list[Turning] = []
    low = lower_wins(outcome)
    for step, actual, changing in found:
        lines = []
        for short in changing:
            if spent >= budget:
                unplayed += 1
                lines.append(short)
                continue
            full = r.line(step, short.action, budget=budget - spent)
            spent += full.actions
            if full.stopped == BUDGET_SPENT:
                unplayed += 1
                full = short
            lines.append(full)
        best = max(lines, key=lambda ln: _rank(ln, played.learner or "", low))
        full_actual = Line(actual.action, actual.events, final, outcome)
        turnings.append(Turning(step, full_actual, best, difference(actual.events, best.events),
                                len(changing), len(r.alternatives(step)) - 1))
    turnings.reverse()
    return WhyNot(tuple(turnings), outcome, examined, tried, unplayed, spent, skipped)

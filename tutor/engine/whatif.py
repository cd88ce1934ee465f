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

The real cards make a first continuation to show, not a judgement: a single future decided by
hidden cards the learner could not see. :func:`review` ("Pourquoi je n'ai pas gagné ?") judges
each of the learner's decisions from their view at the time, as « Conseil » does
(:mod:`tutor.engine.hints`: hidden cards re-dealt, many continuations, the learner's later moves
played by the same policy in both branches, common random numbers), keeps the one to three that
cost the most beyond the 95 % margin and names the rule-level lessons the game shows
(``LESSONS`` of the game). :func:`what_if_averaged` ("Et si… ?") adds to :func:`what_if` the two
actions compared the same way over many continuations.

Standard library only.
"""

from __future__ import annotations

import pickle
from collections import deque
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from tutor.engine.api import AnyEngine, Bot
from tutor.engine.core import Event, IllegalAction, Lesson, Outcome, Record
from tutor.engine.hints import (
    MIN_PAIRED,
    STEP_BUDGET,
    ActionHint,
    Duel,
    Hints,
    Paired,
    Race,
    rollout_kind,
)

Policies = Mapping[str, tuple[str, int]]

#: No game of the tutor lasts longer; a line that does is a bug, not a learner's error.
MAX_ACTIONS = 20_000
BUDGET_SPENT = "budget"  # Line.stopped of a line cut short by ``budget`` (never shown)


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
    #: ``unrecorded`` seat by seat, in the order of their first such choice
    unrecorded_by: tuple[tuple[str, int], ...] = ()


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
    return event.seat, type(event).__qualname__, event.clause


def difference(a: Sequence[Event], b: Sequence[Event]) -> Difference:
    """The events of resolution ``a`` that ``b`` lacks and those of ``b`` that ``a`` lacks, by
    ``(seat, class, clause)`` (as multisets; the fields of an event, such as the card played, are
    not compared)."""
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
    unrecorded_by: dict[str, int] = field(default_factory=dict)


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
    events: list[Event] = field(default_factory=list)
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
                state, events = engine.apply(state, action)
                walk.events.extend(events)
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
                    count, run.unrecorded, tuple(run.unrecorded_by.items()))

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
                    run.unrecorded_by[seat] = run.unrecorded_by.get(seat, 0) + 1
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
    return _what_if(Replayer(played), step, action)


def _what_if(r: Replayer, step: int, action: Any) -> tuple[Line, Line, Difference]:
    actual = r.line(step, r.played_action(step))
    other = r.line(step, action)
    return actual, other, difference(actual.events, other.events)


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


def _ordering(a: Paired) -> tuple[bool, float]:
    """The costliest first: a win chance surely lost before points alone, each ranked by what
    is surely lost (the near end of its 95 % interval: the win chance's, else the points'),
    not by a wide estimate."""
    sure = a.wins_more
    return (sure, a.win_low if sure else a.score_gain - a.score_margin)


@dataclass(frozen=True)
class Judgement:
    """One decision of the learner's judged from what they could see then: ``screen`` is the
    « Conseil » race at that decision (the same seed and kind as the page's « Conseil » at that
    position, so the same samples, to the review's smaller or larger count); ``duel``, when
    the race's leader is another class than the action played, that leader against the
    action played on fresh samples (:class:`~tutor.engine.hints.Duel`: the same sampled
    states and computer players for both, the learner's later moves played by the same policy
    in both branches); ``kept`` when the leader is better beyond the 95 % margin."""

    step: int
    seat: str
    action: Any
    screen: Hints
    duel: Paired | None = None

    @property
    def leader(self) -> ActionHint | None:
        return self.screen.best()

    @property
    def kept(self) -> bool:
        return self.duel is not None and self.duel.better


@dataclass(frozen=True)
class Review:
    """« Pourquoi je n’ai pas gagné ? »: every decision of the learner's with a real choice
    (``judged``, in the order of the game), the one to three that cost the most beyond the
    margin (``costly``, the costliest first: a win chance surely lost before points alone), the
    rule-level ``lessons`` the game shows the learner missed, the final ``outcome``, the
    computer players' kind (``level``) and the work done (``spent`` computer decisions of
    ``budget``, ``screened`` playouts in the races, ``dueled`` in the duels)."""

    judged: tuple[Judgement, ...]
    costly: tuple[Judgement, ...]
    lessons: tuple[Lesson, ...]
    outcome: Outcome | None
    level: str
    budget: int
    spent: int
    screened: int
    dueled: int


#: What one review may spend, in « Conseil » budgets (:data:`~tutor.engine.hints.STEP_BUDGET` holds
#: about a fifth of a second of one core's CPU time on the 2-core machine ``make bench`` runs on): a
#: whole game in under two seconds of one core (``tests/bench/whatif.py``). The screen's first round
#: of every decision is played whatever the budget (every decision is judged): a long game may spend
#: more, never judge fewer decisions.
REVIEW_SECONDS = 3.0
#: The share of a review's budget that screens the decisions (the first round of every race
#: included); the rest, never less than the remaining share whatever the first rounds cost,
#: confirms the most suspect ones on fresh samples.
SCREEN_SHARE = 0.4
#: What a review spends at most, in budgets, when the first round of every race costs more
#: than the screen's share (a long game, many moves to tell apart): the duels get what is left
#: below it, and never less than :data:`DUEL_FLOOR` of the budget.
REVIEW_CAP = 2.0
DUEL_FLOOR = 0.2
#: The screen's refinement: the suspect decisions (the race leads with another move than
#: the one played), the most suspect first, are played on to these counts of rounds.
SCREEN_ROUNDS = (2, 4, 8, 16, 32, 64)
#: Decisions confirmed at most (the most suspect after the screen, while the duels' share of
#: the budget lasts).
MAX_DUELS = 10
#: Kept at most: the costliest decisions beyond the margin.
MAX_COSTLY = 3
#: The duels' samples are drawn from another seed than the races' (fresh samples: a leader
#: picked among many noisy estimates is confirmed on playouts that did not pick it).
DUEL_SEED = 1_000_000
#: The counts of rounds a duel is read at (a sequential test with its looks fixed in advance):
#: it goes on to the next one only while the move played is not surely better (then the
#: race's leader was a fluke, and the decision is not costly: stopping there never makes a
#: claim) and its share of the budget holds that many rounds at the pace so far; its verdict
#: is the one of the last count reached, so a kept decision is read at one count only.
DUEL_CHECKS = tuple(MIN_PAIRED << n for n in range(6))

def computer_kind(played: Played) -> str:
    """The computer players' kind in ``played`` (the first seat that is not the learner's)."""
    for seat, (kind, _) in played.policies.items():
        if not played.learns(seat):
            return kind
    return next(iter(played.engine.PLAYER_KINDS))


def review_budget(engine: AnyEngine, kind: str) -> int:
    """The computer decisions one review may spend (see :data:`REVIEW_SECONDS`)."""
    game_id = engine.type.id
    played_by = rollout_kind(game_id, kind)
    per_second = STEP_BUDGET.get(f"{game_id}/{played_by}", STEP_BUDGET.get(game_id, 4000))
    return int(REVIEW_SECONDS * per_second)


def decisions(played: Played, seat: str | None = None, *,
              replayer: Replayer | None = None) -> list[int]:
    """The steps that start with a choice of ``seat`` (the learner's by default)."""
    r = replayer or Replayer(played)
    walk = r.walk()
    who = seat if seat is not None else played.learner
    return [k for k in range(1, len(played.steps))
            if played.steps[k] and (who is None or walk.seats[k][0] == who)]


def choices(played: Played, *, replayer: Replayer | None = None) -> dict[int, Any]:
    """The learner's decisions with a real choice (more than one class of actions their view
    can tell apart): each step and the learner's view then."""
    if played.learner is None:
        return {}
    engine = played.engine
    r = replayer or Replayer(played)
    walk = r.walk()
    views: dict[int, Any] = {}
    for step in decisions(played, replayer=r):
        view = engine.view(walk.points[step].state, played.learner)
        if len({engine.hint_class(view, a) for a in r.alternatives(step)}) > 1:
            views[step] = view
    return views


def judge(played: Played, step: int, *, kind: str | None = None, budget: int = 2000,
          duel_budget: int = 0) -> Judgement:
    """Judge the learner's decision at ``step`` from their view then: a race of ``budget``
    computer decisions (seed ``step``: the page's « Conseil » at that position), then, when
    its leader is another class, a duel of ``duel_budget`` decisions (none when 0)."""
    r = Replayer(played)
    seat = r.chooser(step)
    kind = kind or computer_kind(played)
    view = played.engine.view(r.walk().points[step].state, seat)
    game_id = played.engine.type.id
    screen = Race(played.engine, view, kind=kind, seed=step, game_id=game_id).run(budget=budget)
    judged = Judgement(step, seat, r.played_action(step), screen)
    return _confirm(played, judged, kind, duel_budget, r) if duel_budget else judged


class Comparisons:
    """The paired comparisons of one game's decisions (:func:`compare_step`), each computed once
    and kept: a page's « Pourquoi je n’ai pas gagné ? » and « Et si… ? » read the same figure for
    the same step and the same two moves, whichever asked first. Keyed by the position before
    the step, the chooser, the two moves' classes (:meth:`~tutor.engine.api.Game.hint_class`)
    and the computer players' kind: another game, or the same step after other moves, is
    another key."""

    def __init__(self) -> None:
        self._kept: dict[tuple[Any, ...], Paired] = {}

    def __len__(self) -> int:
        return len(self._kept)

    def get(self, key: tuple[Any, ...]) -> Paired | None:
        return self._kept.get(key)

    def keep(self, key: tuple[Any, ...], paired: Paired) -> None:
        self._kept[key] = paired


def compare_step(played: Played, step: int, first: Any, second: Any, *, kind: str,
                 budget: int, replayer: Replayer | None = None,
                 kept: Comparisons | None = None) -> Paired:
    """The one figure of step ``step``: ``second`` against ``first`` (the move played, for
    « Pourquoi » and « Et si… ? » alike) from the chooser's view then, on fresh samples (seed
    :data:`DUEL_SEED` + ``step``: the same states and computer players for both, the chooser's
    later moves played by the same policy in both branches), read at the counts of
    :data:`DUEL_CHECKS` within ``budget`` computer decisions (:data:`MIN_PAIRED` rounds at
    least: it goes on only while ``first`` is not surely better). With ``kept``, a comparison
    already made there is returned as it was (see :class:`Comparisons`)."""
    r = replayer or Replayer(played)
    engine = played.engine
    seat = r.chooser(step)
    state = r.walk().points[step].state
    view = engine.view(state, seat)
    key = (state, seat, engine.hint_class(view, first), engine.hint_class(view, second), kind)
    if kept is not None:
        known = kept.get(key)
        if known is not None:
            return known
    duel = Duel(engine, view, first, second, kind=kind, seed=DUEL_SEED + step,
                game_id=engine.type.id)
    paired = duel.play(rounds=DUEL_CHECKS[0])
    for rounds in DUEL_CHECKS[1:]:
        if paired.worse or paired.alike or duel.spent * rounds > budget * duel.rounds:
            break
        paired = duel.play(rounds=rounds)
    if kept is not None:
        kept.keep(key, paired)
    return paired


def _confirm(played: Played, judged: Judgement, kind: str, budget: int,
             replayer: Replayer | None = None, kept: Comparisons | None = None) -> Judgement:
    """The race's leader against the move played (:func:`compare_step`, within ``budget``
    computer decisions; the same game and budget give the same duel)."""
    leader = judged.leader
    if leader is None or judged.action in leader.alike:
        return judged
    paired = compare_step(played, judged.step, judged.action, leader.action, kind=kind,
                          budget=budget, replayer=replayer, kept=kept)
    return replace(judged, duel=paired)


def review(played: Played, *, kind: str | None = None, budget: int | None = None,
           kept: Comparisons | None = None) -> Review:
    """« Pourquoi je n’ai pas gagné ? » (see :class:`Review`): every decision of the learner's
    with a real choice judged from their view by a race (one round each at least, however
    long the game); the screen's share of the ``budget`` (by default :func:`review_budget`)
    refines the suspect ones, the most suspect first; the :data:`MAX_DUELS` where the action
    played trails the leader most are confirmed by duels (:func:`_confirm`) while the rest
    lasts; no real hidden card is read. Deterministic: the same game and budget give the
    same review."""
    if played.learner is None:
        raise ValueError("« Pourquoi je n’ai pas gagné ? » demande une partie contre "
                         "l’ordinateur (un joueur à qui répondre).")
    engine = played.engine
    kind = kind or computer_kind(played)
    total = budget if budget is not None else review_budget(engine, kind)
    r = Replayer(played)
    walk = r.walk()
    game_id = engine.type.id
    views = choices(played, replayer=r)
    # the screen: one round of every race (every class once, on one sampled deal), then more
    # rounds for the suspect decisions, the most suspect first, while its share lasts (a race
    # that has answered, :meth:`Race.answered`, is settled: more rounds would not change it)
    races = {step: Race(engine, view, kind=kind, seed=step, game_id=game_id)
             for step, view in views.items()}
    for race in races.values():
        race.run(rounds=1)
    used = sum(race.spent for race in races.values())
    screen_budget = int(total * SCREEN_SHARE)
    for rounds in SCREEN_ROUNDS:
        if used >= screen_budget:
            break
        screens = {s: race.result() for s, race in races.items()
                   if race.rounds < rounds and not race.answered()}
        suspects = sorted((s for s, screen in screens.items()
                           if _suspect(screen, r.played_action(s))),
                          key=lambda s: _trail_of(screens[s], r.played_action(s)),
                          reverse=True)
        for step in suspects:
            if used >= screen_budget:
                break
            race = races[step]
            before = race.spent
            race.run(rounds=rounds)
            used += race.spent - before
    judged: dict[int, Judgement] = {}
    for step, race in races.items():
        judged[step] = Judgement(step, played.learner, r.played_action(step), race.result())
    spent = used
    screened = sum(race.playouts for race in races.values())
    suspects_j = sorted((j for j in judged.values()
                         if j.leader is not None and j.action not in j.leader.alike),
                        key=lambda j: _trail(j), reverse=True)[:MAX_DUELS]
    dueled = 0
    # the duels: what the screen left, their share when its first round overran it, within
    # twice the budget in all (a long game's first round may cost more than the budget:
    # every decision is judged), and never less than their floor
    duel_budget = max(total - used, int(total * DUEL_FLOOR),
                      min(total - screen_budget, int(total * REVIEW_CAP) - used))
    for n, j in enumerate(suspects_j):
        if duel_budget <= 0:  # the duels' share is spent: the less suspect stay unconfirmed
            break
        each = duel_budget // (len(suspects_j) - n)
        known = len(kept) if kept is not None else 0
        done = _confirm(played, j, kind, each, r, kept)
        assert done.duel is not None
        if kept is None or len(kept) > known:  # computed now, not read from ``kept``
            duel_budget -= done.duel.spent
            spent += done.duel.spent
            dueled += 2 * done.duel.playouts
        judged[j.step] = done
    costly = sorted((j for j in judged.values() if j.kept),
                    key=lambda j: _ordering(j.duel) if j.duel else (False, 0.0),
                    reverse=True)[:MAX_COSTLY]
    if engine.is_over(walk.final):
        outcome: Outcome | None = engine.outcome(walk.final)
    else:
        outcome = None
    return Review(tuple(judged[k] for k in sorted(judged)), tuple(costly),
                  missed_lessons(played, replayer=r), outcome, kind, total, spent, screened,
                  dueled)


def _suspect(screen: Hints, action: Any) -> bool:
    """Whether the race leads with another class than the action played."""
    lead = screen.best()
    return lead is not None and action not in lead.alike


def _trail_of(screen: Hints, action: Any) -> tuple[float, float]:
    """How far the action played trails the race's leader (win chance, then points)."""
    lead = screen.best()
    mine = next(row for row in screen.rows if action in row.alike)
    assert lead is not None
    sign = -1 if screen.lowest_wins else 1
    return (lead.win_rate - mine.win_rate, sign * (lead.mean_score - mine.mean_score))


def _trail(j: Judgement) -> tuple[float, float]:
    """How far the action played trails the race's leader (win chance, then points)."""
    return _trail_of(j.screen, j.action)


def missed_lessons(played: Played, *, replayer: Replayer | None = None
                   ) -> tuple[Lesson, ...]:
    """The game's rule-level lessons (``LESSONS``) the learner's game shows: when one of
    their decisions offered an action the lesson names (:attr:`Lesson.action`; any game when
    none is named), the lesson's event never came their way (:attr:`Lesson.event`), or, with
    no event named, they never made such an action; a lesson on a costly move
    (:attr:`Lesson.made`) when its event did come their way."""
    seat = played.learner
    if seat is None:
        return ()
    engine = played.engine
    r = replayer or Replayer(played)
    walk = r.walk()
    mine = decisions(played, replayer=r)
    out = []
    for lesson in engine.LESSONS:
        could = lesson.action is None or any(
            lesson.action(a) for k in mine for a in r.alternatives(k))
        if lesson.event is not None:
            test_e = lesson.event
            made = any(e.seat == seat and test_e(e) for e in walk.events)
        else:
            assert lesson.action is not None
            test = lesson.action
            made = any(test(a) for k in mine
                       for a, who in zip(played.steps[k], walk.seats[k], strict=True)
                       if who == seat)
        if (made if lesson.made else could and not made):
            out.append(lesson)
    return tuple(out)


@dataclass(frozen=True)
class Averaged:
    """« Et si… ? » averaged: the action played and another one at one step, compared from the
    chooser's view then (:class:`~tutor.engine.hints.Paired`), and the first continuation with
    the real cards of each (the game as played, and the other line: :func:`what_if`)."""

    step: int
    seat: str
    actual: Line
    other: Line
    difference: Difference
    paired: Paired


def what_if_averaged(played: Played, step: int, action: Any, *, kind: str | None = None,
                     budget: int | None = None, kept: Comparisons | None = None) -> Averaged:
    """:func:`what_if`, and the two actions compared over many continuations from what the
    chooser could see (:func:`compare_step`, within ``budget`` computer decisions; by default a
    third of a review's): the figure « Pourquoi » gives for the same step and moves."""
    r = Replayer(played)
    actual, other, diff = _what_if(r, step, action)
    seat = r.chooser(step)
    kind = kind or computer_kind(played)
    if budget is None:
        budget = review_budget(played.engine, kind) // 3
    paired = compare_step(played, step, r.played_action(step), action, kind=kind,
                          budget=budget, replayer=r, kept=kept)
    return Averaged(step, seat, actual, other, diff, paired)

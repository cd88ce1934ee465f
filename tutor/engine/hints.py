"""Hints grounded in play: for each legal action of one seat, seeded playouts from that seat's
view only, played to the end by the computer players, give a win chance and a mean final score
with an honest margin.

How one hint is computed (:func:`hints`):

* The seat's :class:`View` is all it reads. Each playout ``k`` re-deals what the seat cannot see
  with the game's own ``sample_state(view, rng)`` (hidden hands, face-down piles, unrevealed
  orders; everything visible kept exactly), from a generator seeded by ``(seed, k)``.
* Actions the view cannot tell apart (the game's ``hint_class``: Vaiko's two unseen cards of one
  hand) have the same chances: one of them is played for all (the first in the legal order),
  and each row says which actions share its estimate (``alike``).
* Every action played is tried on the same ``playouts`` sampled states (common random numbers:
  differences between actions are not blurred by different deals), then the game is played on
  by computer players of one kind for every seat, the learner's seat included after its first
  action, to the end of what the game's hints look at (``span_outcome``: the whole game; for
  a game of many manches, Vaiko, Vampir and Drahtseilakt, the manche being played, scored by
  its points, and the whole game in the last manche when the game has one); their seeds
  depend on ``(seed, k)`` only, the same for every action.
* A game may play the playouts of its computer players with its own code (its ``rollout``),
  on its own rules (one rules path): the same choices from the same seeded generators, so the
  same scores and winners as :func:`playout` through the contract (Vampir plays them on the
  counts its engine's rules are written on; ``tests/test_vampir_playouts.py`` plays both);
  any other kind of player, and every player of a game without one, goes through the
  contract, the engine's own ``step``: Drahtseilakt and Vaiko have none. A round's playouts
  are handed to the game together (its ``rollouts``): Stupides Vautours plays the seats they
  share once for all of them, through its engine's rules (docs/conseil.md).
* A playout is won when the seat is among the winners: a shared victory counts as a win (the
  rules make every tied player a winner).
* The margin is a 95 % interval: Wilson's for the win chance (honest at 0 % and 100 %),
  Student's for the mean score (wider with few playouts).
* Two classes are compared on the playouts they share (:func:`beats`): the same sampled deal
  and the same computer players' seeds, only the action tried differs. Where one wins and the
  other loses, the leader must win so much more often than not that chance alone would do so
  less than 2.5 times in 100 (an exact sign test; two-sided 95 %): then it is **surely ahead**
  of that class, even when their two intervals overlap (their common part, the deals both win
  or both lose, does not blur the difference).
* Playouts go where they decide (:class:`Race`): rounds are played for the classes still in
  contention only; after rounds 4, 8, 16, 32… a class the leader is surely ahead of stops (its
  estimate stays, with its own, wider margin), and its share of the budget goes to the close
  contenders; a contender already within ±5 points waits (its playouts would answer
  nothing sooner) while the leader and the others play on. In a race for the page, a leader
  already within ±5 points waits too where parting it from the others would take more
  playouts than bringing them within ±5 points (:meth:`Race._shorter_to_tighten`). When the
  contenders are all within ±5 points and none is surely ahead, the stopped classes are
  refined, beside the leader.
  A race whose every class is within ±5 points, or whose leader is surely ahead of every
  other one and within ±5 points, has answered and stops.
  The budget is a count of computer decisions (a round is played while less is spent): the
  same seed and count always give the same hint, and a race continued to a larger count
  gives what a race run to that count at once gives (« Affiner »). :meth:`Race.run_for`
  plays for the time one second holds on the machine, and the hint records the count it
  spent. There, a forked worker (:mod:`tutor.engine.worker`) plays rounds ahead beside the
  race on a spare core; a round's playouts depend only on its number and the classes it
  plays, so a round it played is taken only for those classes: the same hint, sooner.
* « meilleur » is earned: :meth:`Hints.separated` is the leading class only when it is surely
  ahead of every other class **and** its interval lies wholly above theirs (:func:`clear`):
  what the table shows never contradicts the word. A race run for the page (``shown``) goes
  on refining the stopped classes whose interval still meets the leader's, and has answered
  only once the table can say so; when those classes and the leader are all within ±5 points
  already, it takes the shorter way to an answer, at the rates estimated: parting their
  intervals (:func:`playouts_apart`) or bringing every other class within ±5 points
  (:func:`playouts_for_tight`).

The result depends only on the view, the kind of computer player, the seed and the number of
playouts or the budget: never on the hidden cards of the real state. Standard library only.
"""

from __future__ import annotations

import functools
import math
import random
import time
from collections.abc import Callable, Generator, Hashable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol, cast

from tutor.engine.core import Event, Outcome
from tutor.engine.worker import Worker

Rollout = tuple[Mapping[str, int], tuple[str, ...], int, bool]
"""What one playout gives (:func:`playout`, a game's own :meth:`HintEngine.rollout`): the scores
of the stretch of play looked at, its winners, the actions played and whether the scores are the
whole game's."""


class Chooser(Protocol):
    """A computer player as hints use it (:class:`tutor.engine.api.Bot`)."""

    def choose(self, view: Any, legal: Sequence[Any]) -> Any: ...


class HintEngine(Protocol):
    """What hints read of a game (a part of :class:`tutor.engine.api.Game`, named here so
    that this module needs nothing above it: the game base builds its « Expert » from it)."""

    @property
    def PLAYER_KINDS(self) -> Mapping[str, tuple[str, Callable[..., Chooser]]]: ...

    def sample_state(self, view: Any, rng: random.Random) -> Any: ...

    def hint_class(self, view: Any, action: Any) -> Hashable: ...

    def span_outcome(self, start: Any, now: Any) -> Outcome | None: ...

    def rollout(self, start: Any, state: Any, kind: str, seeds: Sequence[int]
                ) -> Rollout | None: ...

    def rollouts(self, start: Any, states: Sequence[Any], kind: str, seeds: Sequence[int]
                 ) -> Sequence[Rollout | None]: ...

    def step(self, state: Any, action: Any, explain: bool) -> tuple[Any, tuple[Event, ...]]: ...

    def view(self, state: Any, seat: str | None) -> Any: ...

    def glance(self, state: Any, seat: str) -> Any: ...

    def legal_actions(self, state: Any, seat: str) -> tuple[Any, ...]: ...

    def current_seats(self, state: Any) -> tuple[str, ...]: ...

    def is_over(self, state: Any) -> bool: ...

    def outcome(self, state: Any) -> Outcome: ...


Z95 = 1.959963984540054
"""The normal quantile of a two-sided 95 % interval."""

MAX_STEPS = 20_000
"""A playout longer than this many actions is a bug in a game (every game ends much sooner)."""

STEP_BUDGET: dict[str, int] = {
    "vautours": 90000,
    "vautours/prudent": 65000,
    "drahtseilakt": 36000,
    "drahtseilakt/prudent": 19000,
    "vampir": 24000,
    "vampir/stratege": 15000,
    "vaiko": 18000,
}
"""Computer players' decisions a fixed-count « Conseil » (:func:`hints`) may spend, all actions
and playouts together, per game (``"<game>/<kind>"``: for the playouts of one kind of computer
player, when it is slower than the others); the unit of a « Pourquoi » review's budget
(:data:`tutor.engine.whatif.REVIEW_SECONDS`). Each count is set to about a fifth of a second of
one core at the speed of the games' own playouts (the slower kind of a key), as
``tests/bench/conseil.py`` measures it: its figures are in docs/benchmarks.md, their history in
docs/conseil.md. A count, not a time: the same seed always gives the same hint. The page's
« Conseil » is timed instead (:meth:`Race.run_for`: one second on the serving machine)."""

ROLLOUT_KIND: dict[tuple[str, str], str] = {
    ("vautours", "stratege"): "prudent",
}
"""Computer players too slow to play hundreds of games in a second (the Stratège imagines forty
deals at each decision): their playouts are played by the kind given here, and the hint says so."""

MIN_PLAYOUTS = 2
"""Fewest playouts per action, whatever the budget (the margin then says how little they tell:
with many actions and long games, as Vaiko's Échange, the budget is exceeded rather than give
no hint)."""

MAX_PLAYOUTS = 2000
"""Most playouts per action (near the end of a game, playouts are short)."""

STAGES = (4, 8, 16, 32, 64, 128, 256, 512, 1024)
"""The rounds after which the race stops the classes that are surely behind the leader."""

TIGHT = 0.05
"""Once every other class is surely behind, the leader's estimate is refined to this margin."""

SECOND = 1.0
"""What one « Conseil » may take, in seconds, on the machine that serves the page."""

FIRST_STEP = 40
"""A race for the time (:meth:`Race.run_for`) plays its first step for this fraction of it (a
fortieth: 25 ms of a second) before forking its worker, then steps of a tenth: a hint that
answers within its first step never pays for a fork, and a slow one gets its worker early (the
comparison with a first tenth is in docs/conseil.md)."""


@dataclass(frozen=True)
class ActionHint:
    """What the playouts of one action gave: ``wins`` out of ``playouts``, the 95 % interval
    ``[win_low, win_high]`` of the win chance, the ``mean_score`` and its ``score_margin``
    (half-width of its 95 % interval); ``alike``: the legal actions that share this estimate
    (the view cannot tell them apart), this one included, in the legal order; ``rounds``: the
    race's rounds it was played in (each round one sampled deal and one set of computer
    players, the same for every class), ``won`` those it won."""

    action: Any
    playouts: int
    wins: int
    win_low: float
    win_high: float
    mean_score: float
    score_margin: float
    alike: tuple[Any, ...] = ()
    rounds: frozenset[int] = field(default=frozenset(), repr=False)
    won: frozenset[int] = field(default=frozenset(), repr=False)

    @property
    def win_rate(self) -> float:
        return self.wins / self.playouts if self.playouts else 0.0

    @property
    def win_margin(self) -> float:
        """Half the width of the win chance's interval."""
        return (self.win_high - self.win_low) / 2


@dataclass(frozen=True)
class Hints:
    """The hints for ``seat``: one :class:`ActionHint` per legal action, in the order of the
    legal actions; ``playouts`` per action, the computer players' ``kind`` asked for and the
    kind that ``played_by`` the playouts (:func:`rollout_kind`), and the ``seed``;
    ``lowest_wins`` when the playouts' winners had the smallest score (Drahtseilakt, Vaiko);
    ``whole_game`` unless the playouts stopped at the end of the manche being played (the
    game's ``span_outcome``: Vaiko, Vampir, Drahtseilakt), their scores then being the
    manche's points."""

    seat: str
    kind: str
    played_by: str
    seed: int
    playouts: int
    rows: tuple[ActionHint, ...]
    lowest_wins: bool = False
    whole_game: bool = True
    budget: int | None = None
    spent: int = 0

    def classes(self) -> list[ActionHint]:
        """One row per estimate (actions the view cannot tell apart share one), best first:
        by win chance, then by mean score (the smaller when the smallest total wins)."""
        seen: set[tuple[Any, ...]] = set()
        out = []
        for r in self.rows:
            if r.alike not in seen:
                seen.add(r.alike)
                out.append(r)
        sign = -1 if self.lowest_wins else 1
        return sorted(out, key=lambda r: (-r.win_rate, -sign * r.mean_score))

    def best(self) -> ActionHint | None:
        """The leading estimate (highest win chance, then best mean score), separated or not."""
        ranked = self.classes()
        return ranked[0] if ranked else None

    def separated(self) -> ActionHint | None:
        """The leading estimate when it is clear of every other one (:func:`clear`: surely
        ahead at 95 % and its interval above theirs): the only row that may be called
        « meilleur » (``None`` otherwise, or alone)."""
        ranked = self.classes()
        if len(ranked) < 2 or not all(clear(ranked[0], r) for r in ranked[1:]):
            return None
        return ranked[0]

    def leaders(self) -> list[ActionHint]:
        """The leader and the estimates it is not clear of (:func:`clear`): « à égalité, à la
        marge près »."""
        ranked = self.classes()
        return [r for k, r in enumerate(ranked) if k == 0 or not clear(ranked[0], r)]

    @property
    def total_playouts(self) -> int:
        """Games actually simulated (one per playout of each estimate)."""
        return sum(r.playouts for r in self.classes())


@functools.lru_cache(maxsize=4096)
def beats(better: int, worse: int) -> bool:
    """Whether ``better`` against ``worse`` is surely not chance: of the ``better + worse``
    paired playouts where exactly one of two actions won, the one that won ``better`` of them
    wins more often than an even coin would at the two-sided 95 % level (the exact sign test:
    an even coin gives ``better`` or more at most 2.5 times in 100)."""
    n = better + worse
    if better <= worse:
        return False
    tail = sum(math.comb(n, i) for i in range(better, n + 1))
    return tail * 40 <= 1 << n


def duel(a_rounds: frozenset[int] | set[int], a_won: frozenset[int] | set[int],
         b_rounds: frozenset[int] | set[int], b_won: frozenset[int] | set[int]
         ) -> tuple[int, int]:
    """On the rounds both played: how many ``a`` won and ``b`` lost, and the reverse."""
    common = a_rounds & b_rounds
    a, b = a_won & common, b_won & common
    return len(a - b), len(b - a)


def ahead(a: ActionHint, b: ActionHint) -> bool:
    """Whether ``a`` is surely ahead of ``b``: on the playouts both played (same deal, same
    computer players), ``a`` wins where ``b`` loses more often than chance allows
    (:func:`beats`)."""
    return beats(*duel(a.rounds, a.won, b.rounds, b.won))


def above(low: float, high: float) -> bool:
    """Whether an interval starting at ``low`` lies wholly above one ending at ``high`` as a
    reader sees them, in whole percentages (:func:`tutor.fr.percent`'s rounding): 64.2 % and
    63.9 % both read « 64 % », and two intervals that meet there do not look apart."""
    return round(100 * low) > round(100 * high)


def points_apart(gain: float, margin: float) -> bool:
    """Whether a mean gain of points is beyond its 95 % margin as a reader sees them, each to
    one decimal (:func:`tutor.fr.decimal`): « 0,2 point (± 0,2) » is not beyond it, even when
    the unrounded 0,24 and 0,16 are."""
    return round(gain, 1) > round(margin, 1) and gain - margin > 0


def clear(a: ActionHint, b: ActionHint) -> bool:
    """Whether ``a`` is clear of ``b``: surely ahead (:func:`ahead`) and with its win chance's
    interval wholly above ``b``'s as the table shows them (:func:`above`), so that the margins
    a reader sees agree with the verdict."""
    return above(a.win_low, b.win_high) and ahead(a, b)


def wilson(wins: int, n: int, z: float = Z95) -> tuple[float, float]:
    """Wilson's score interval of a proportion ``wins / n`` (``(0, 1)`` when ``n`` is 0)."""
    if n <= 0:
        return 0.0, 1.0
    p = wins / n
    denominator = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denominator
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denominator
    low = 0.0 if wins == 0 else max(0.0, centre - half)
    high = 1.0 if wins == n else min(1.0, centre + half)
    return low, high


T975: dict[int, float] = {1: 12.706, 2: 4.303, 3: 3.182, 4: 2.776, 5: 2.571, 6: 2.447,
                         7: 2.365, 8: 2.306, 9: 2.262, 10: 2.228, 12: 2.179, 15: 2.131,
                         20: 2.086, 30: 2.042, 60: 2.000, 120: 1.980}
"""Student's two-sided 95 % quantiles by degrees of freedom (a few playouts: wider margins)."""


def t975(df: int) -> float:
    """Student's 95 % quantile for ``df`` degrees of freedom (the nearest tabulated ``df`` at or
    below, so never narrower than the truth; the normal one beyond 120)."""
    if df > 120:
        return Z95
    return T975[max(k for k in T975 if k <= df)]


def within_tight(wins: int, n: int) -> bool:
    """Whether ``wins`` out of ``n`` playouts give a win chance within ±5 points
    (:data:`TIGHT`: half its interval's width)."""
    low, high = wilson(wins, n)
    return (high - low) / 2 <= TIGHT


@functools.lru_cache(maxsize=1024)
def playouts_for_tight(rate: float) -> int:
    """How many playouts bring the win chance's interval (Wilson's) within ±5 points
    (:data:`TIGHT`) around ``rate`` (rounded to a thousandth), found by halving: an estimate
    of what is left to play (near 0 % and 100 % a few smaller counts may be within them)."""
    rate = round(rate, 3)
    return _first(lambda n: within_tight(round(rate * n), n), 1024)  # (at 50 %: 385)


@functools.lru_cache(maxsize=4096)
def playouts_apart(higher: float, lower: float) -> int | None:
    """How many playouts, the same for two classes winning at ``higher`` and ``lower``
    (rounded to a thousandth), part their intervals as the table shows them (:func:`above`),
    found by halving up to :data:`MAX_PLAYOUTS`; ``None`` if even those do not: the race
    cannot show them apart."""
    higher, lower = round(higher, 3), round(lower, 3)

    def apart(n: int) -> bool:
        return above(wilson(round(higher * n), n)[0], wilson(round(lower * n), n)[1])

    return _first(apart, MAX_PLAYOUTS) if apart(MAX_PLAYOUTS) else None


def _first(holds: Callable[[int], bool], most: int) -> int:
    """The first count of playouts from 1 to ``most`` for which ``holds`` is true, by halving
    (intervals narrow as playouts grow: once true, true for more, but for a rounding)."""
    low, high = 1, most
    while low < high:
        middle = (low + high) // 2
        if holds(middle):
            high = middle
        else:
            low = middle + 1
    return low


def mean_margin(values: Sequence[float]) -> tuple[float, float]:
    """The mean of ``values`` and the half-width of its 95 % interval (Student's)."""
    n = len(values)
    if n == 0:
        return 0.0, 0.0
    mean = sum(values) / n
    if n == 1:
        return mean, math.inf
    variance = sum((v - mean) ** 2 for v in values) / (n - 1)
    return mean, t975(n - 1) * math.sqrt(variance / n)


def rollout_kind(game_id: str, kind: str) -> str:
    """The computer players' kind that plays the playouts of a hint against ``kind``."""
    return ROLLOUT_KIND.get((game_id, kind), kind)


def _covers(job: tuple[int, tuple[int, ...]] | None, want: tuple[int, tuple[int, ...]]
            ) -> bool:
    """Whether a round played (or being played) for ``job`` gives the one ``want`` asks: the
    same round, for the same classes or more (each class's playout depends only on the round's
    number and its own action)."""
    return job is not None and job[0] == want[0] and (
        job[1] == want[1] or set(want[1]).issubset(job[1]))


def _rng(seed: int, k: int) -> random.Random:
    return random.Random(seed * 1_000_003 + k)


def legal_from_view(engine: HintEngine, view: Any, seed: int = 0) -> tuple[Any, ...]:
    """The legal actions of the view's seat, read from a state sampled from the view (the same
    in every sampled state: the view holds all a seat needs to know what it may do)."""
    seat = view.seat
    if seat is None:
        raise ValueError("Un conseil se donne à un joueur : la vue du professeur n’en est pas une.")
    state = engine.sample_state(view, _rng(seed, 0))
    if engine.is_over(state):
        return ()
    return tuple(engine.legal_actions(state, seat))


def playout(engine: HintEngine, start: Any, state: Any, bots: dict[str, Chooser]) -> Rollout:
    """Play on from ``state`` (reached from ``start`` by the action tried), each seat's action
    chosen by its bot from its view only, until the stretch hints look at is over (the game's
    ``span_outcome``): its scores and winners, the number of actions played and whether they
    are the whole game's (the game is over and the scores are its final scores). A game's own
    :meth:`HintEngine.rollout` gives the same for its computer players, faster."""
    # inside the engine: every action is one of the legal actions a bot was handed, so the
    # game's own step is called without the boundary's check (parse once, trust inside)
    step_, legal, current, scored = (engine.step, engine.legal_actions, engine.current_seats,
                                     engine.span_outcome)
    # what each seat is handed to look at: nothing for a player that looks at nothing but the
    # legal actions (``BLIND``), the game's lighter view without the seats' rows for one that
    # reads only the table (``GLANCES``), else its view
    looks = {seat: None if getattr(bot, "BLIND", False) else
             engine.glance if getattr(bot, "GLANCES", False) else engine.view
             for seat, bot in bots.items()}
    choose = {seat: bot.choose for seat, bot in bots.items()}
    for step in range(MAX_STEPS):
        out = scored(start, state)
        if out is not None:
            whole = engine.is_over(state) and engine.outcome(state).scores == out.scores
            return out.scores, out.winners, step, whole
        seat = current(state)[0]
        look = looks[seat]
        action = choose[seat](None if look is None else look(state, seat), legal(state, seat))
        state, _ = step_(state, action, False)
    raise AssertionError(f"playout longer than {MAX_STEPS} actions")


@dataclass
class _Arm:
    """One class of alike actions in the race: the action played for it and what it gave."""

    action: Any
    key: int  # its key in the race's arms
    wins: int = 0
    scores: list[int] = field(default_factory=list)
    active: bool = True
    rounds: set[int] = field(default_factory=set)
    won: set[int] = field(default_factory=set)

    @property
    def playouts(self) -> int:
        return len(self.scores)

    @property
    def rate(self) -> float:
        return self.wins / self.playouts if self.playouts else 0.0

    def interval(self) -> tuple[float, float]:
        return wilson(self.wins, self.playouts)

    def ahead_of(self, other: _Arm) -> bool:
        return beats(*duel(self.rounds, self.won, other.rounds, other.won))

    def clear_of(self, other: _Arm) -> bool:
        """Surely ahead and with its interval above the other's (:func:`clear`)."""
        return above(self.interval()[0], other.interval()[1]) and self.ahead_of(other)

    def tight(self) -> bool:
        return within_tight(self.wins, self.playouts)


class Race:
    """A deterministic race between the classes of ``view.seat``'s legal actions (see the
    module docstring): :meth:`run` plays rounds until the budget (a count of computer
    decisions) or the rounds asked for are spent, and can be called again to go on.
    ``shown``: the race answers a table a learner reads (:func:`hints`, the « Conseil »
    panel): once the leader is the only class in contention, the stopped classes whose
    interval still meets the leader's are played too, and the race has answered only when the
    leader is clear of every other class (:func:`clear`) or every class is within ±5 points.
    Without it (the « Expert », the review), the sign test alone decides."""

    def __init__(self, engine: HintEngine, view: Any, *, kind: str, seed: int = 0,
                 game_id: str = "", race: bool = True, shown: bool = False) -> None:
        if kind not in engine.PLAYER_KINDS:
            raise ValueError(f"Niveau de joueur inconnu : {kind} (niveaux : "
                             f"{', '.join(engine.PLAYER_KINDS)}).")
        self.engine, self.view, self.kind, self.seed = engine, view, kind, seed
        self.racing, self.shown = race, shown
        self.legal = legal_from_view(engine, view, seed)
        first: dict[Hashable, int] = {}
        self.same = [first.setdefault(engine.hint_class(view, a), i)
                     for i, a in enumerate(self.legal)]
        self.arms = {i: _Arm(self.legal[i], i) for i in first.values()}
        maker = engine.PLAYER_KINDS[kind][1]
        # an « Expert » imagines its games with its own rollout players, and so do its hints
        self.played_by = (maker.rollout if isinstance(maker, ExpertKind)
                          else rollout_kind(game_id, kind))
        self.make = engine.PLAYER_KINDS[self.played_by][1]
        self.players = tuple(p.name for p in view.players)
        self.rounds = self.spent = self.playouts = 0
        self.whole = True
        self.lowest = self.highest = 0
        self.budget: int | None = None
        self.rate: float | None = None  # computer decisions per second, once measured
        self._worker: Worker | None = None  # a copy playing rounds beside it (run_for)
        # the rounds played ahead, by the race or its worker (True), and the one it plays
        self._ready: dict[tuple[int, tuple[int, ...]], tuple[list[Rollout], bool]] = {}
        self._busy: tuple[tuple[int, tuple[int, ...]], Iterator[None]] | None = None
        self.helped = 0  # rounds the worker played for the race

    def contenders(self) -> list[_Arm]:
        return [arm for arm in self.arms.values() if arm.active]

    def _round(self) -> None:
        k, arms = self.rounds, self._to_play()
        outs = self._outs(k, arms)
        seat = self.view.seat
        for arm, out in zip(arms, outs, strict=True):
            scores, winners, steps, over = out
            self.spent += steps + 1
            self.playouts += 1
            self.whole = self.whole and over
            arm.rounds.add(k)
            if seat in winners:
                arm.wins += 1
                arm.won.add(k)
            best = [scores[p] for p in winners]
            if best and min(scores.values()) < max(scores.values()):
                self.lowest += max(best) == min(scores.values())
                self.highest += min(best) == max(scores.values())
            arm.scores.append(scores[seat])
        self.rounds += 1
        if self.racing and self.rounds in STAGES:
            self._cut()

    def _play(self, k: int, arms: Sequence[_Arm]) -> list[Rollout]:
        """Round ``k``'s playouts for ``arms``: each one's action tried on the round's sample,
        then played on by the computer players (the game's own playouts, or through the
        contract)."""
        steps = self._steps(k, arms, False)
        try:
            while True:
                next(steps)
        except StopIteration as done:
            return cast(list[Rollout], done.value)

    def _steps(self, k: int, arms: Sequence[_Arm], by_arm: bool
               ) -> Generator[None, None, list[Rollout]]:
        """:meth:`_play` as a generator returning the round's playouts: ``by_arm``, pausing
        after each arm's playout; otherwise all at once (the game may play them together)."""
        engine = self.engine
        sample = engine.sample_state(self.view, _rng(self.seed, k))
        base = (self.seed * 1_000_003 + k) * 16
        seeds = [base + j for j in range(len(self.players))]
        states = [engine.step(sample, arm.action, False)[0]  # a legal action (see legal)
                  for arm in arms]
        played: list[Rollout] = []
        if by_arm:  # each arm's playout whole, its own or through the contract, then a pause
            for state in states:
                out = engine.rollouts(sample, [state], self.played_by, seeds)[0]
                played.append(self._contract(sample, state, seeds) if out is None else out)
                yield
        else:  # the game may play them together (its rollouts)
            outs = engine.rollouts(sample, states, self.played_by, seeds)
            played = [self._contract(sample, state, seeds) if out is None else out
                      for state, out in zip(states, outs, strict=True)]
        return played

    def _contract(self, sample: Any, state: Any, seeds: Sequence[int]) -> Rollout:
        """One playout through the contract (:func:`playout`), by players of the race's
        rollout kind seeded with ``seeds``."""
        bots = {p: self.make(seed=s) for p, s in zip(self.players, seeds, strict=True)}
        return playout(self.engine, sample, state, bots)

    def _job(self, job: tuple[int, tuple[int, ...]]) -> list[Rollout]:
        """What the race's worker plays: round ``k`` for the classes of keys ``keys``."""
        k, keys = job
        return self._play(k, [self.arms[key] for key in keys])

    def _outs(self, k: int, arms: list[_Arm]) -> list[Rollout]:
        """Round ``k``'s playouts, with the race's worker where it has one
        (:mod:`tutor.engine.worker`): a round's playouts depend only on its number and its
        classes (``job``), each class's on the round's number alone, so both play rounds ahead,
        betting that the classes of the round being played will play the next ones too, and a
        round played by either is taken when its turn comes for those classes or some of them
        (:func:`_covers`: a class stopped or waiting meanwhile; one played without a class
        that now plays is dropped). The worker is handed a new round whenever it has answered
        (the round asked when nobody plays it, else one of the next two); while it plays the
        round asked, the race plays one ahead, or the same one if both ahead are played (the
        first to finish gives it), arm by arm, so as to hand the worker its next round as soon
        as it has answered."""
        if self._worker is None or not self._worker.alive:
            return self._play(k, arms)
        worker, ready = self._worker, self._ready
        keys = tuple(arm.key for arm in arms)
        want = (k, keys)
        for job in [job for job in ready if job[0] < k]:
            del ready[job]
        if self._busy is not None and self._busy[0][0] < k:
            self._busy = None
        while True:
            self._feed(k, keys)
            done = next((job for job in ready if _covers(job, want)), None)
            if done is not None:
                outs, by_worker = ready.pop(done)
                self.helped += by_worker
                if done[1] != keys:  # played for more classes: those asked, in their order
                    of = dict(zip(done[1], outs, strict=True))
                    outs = [of[key] for key in keys]
                return outs
            busy = self._busy
            asked = _covers(worker.asked, want)
            if busy is None or (not asked and not _covers(busy[0], want)):
                job = want
                if asked:  # play ahead meanwhile, or the same round
                    job = next((j for j in self._free(k + 1, keys)), want)
                # arm by arm, to hand the worker a round as soon as it is free, unless the
                # game plays a round's playouts together: then arm by arm only while both
                # play the same round (the first to finish gives it)
                by_arm = not getattr(self.engine, "ROLLOUTS_TOGETHER", False) or (
                    job == want and asked)
                self._busy = busy = (job, self._steps(job[0], arms, by_arm))
            try:
                next(busy[1])
            except StopIteration as played:
                ready[busy[0]] = (played.value, False)
                self._busy = None

    def _free(self, k: int, keys: tuple[int, ...]) -> Iterator[tuple[int, tuple[int, ...]]]:
        """The rounds from ``k`` to two past the one asked, for ``keys``, that nobody has
        played or plays (for those classes or more)."""
        assert self._worker is not None
        for j in range(k, self.rounds + 3):
            job = (j, keys)
            if not _covers(self._worker.asked, job) and \
                    (self._busy is None or not _covers(self._busy[0], job)) and \
                    not any(_covers(done, job) for done in self._ready):
                yield job

    def _feed(self, k: int, keys: tuple[int, ...]) -> None:
        """Take the worker's answer if it has come, and hand it a round if it has none."""
        worker = self._worker
        assert worker is not None
        got = worker.answer()
        if got is not None and got[0][0] >= k:  # (a round already played is dropped)
            self._ready[got[0]] = (got[1], True)
        if worker.asked is None and worker.alive:
            job = next(self._free(k, keys), None)
            if job is not None:
                worker.ask(job)

    def _to_play(self) -> list[_Arm]:
        """The classes a round plays: the leader and the classes in contention not yet within ±5
        points (one already within them waits: its playouts would answer nothing sooner; in a
        race ``shown``, so does a leader within them when tightening the others is the shorter
        way to an answer, :meth:`_shorter_to_tighten`); once every contender is within ±5
        points, none surely ahead of the others, the stopped classes not yet within ±5 points in
        a race ``shown`` (the race cannot decide more: its time makes every estimate tight), the
        contenders in another (the « Expert », the review: only the leader is asked, the stopped
        classes' margins are not read). In a race ``shown``, once the leader alone is in
        contention, the stopped classes it is not yet clear of (:func:`clear`) play beside it,
        unless the leader is within ±5 points already and bringing every class within them
        takes fewer playouts than parting their intervals (:meth:`_shorter_to_tighten`): then
        the classes not yet within ±5 points."""
        live = self.contenders()
        if self.shown and self.racing and len(live) == 1 and self.rounds >= STAGES[0]:
            # the sign test has stopped every other class: their margins must now leave the
            # leader's, or the table would call it « meilleur » against what it shows
            unclear = [arm for arm in self.arms.values()
                       if not arm.active and not live[0].clear_of(arm)]
            loose = [arm for arm in self.arms.values() if not arm.tight()]
            if loose and self._shorter_to_tighten(live[0], unclear, loose):
                return loose
            return live + unclear
        if len(live) < 2 or not self.racing or not all(arm.playouts for arm in live):
            return live
        leader = max(live, key=lambda arm: arm.rate)
        if not all(arm.tight() for arm in live):
            if self.shown and leader.tight():
                # a tight leader plays on only where its playouts may part it from the others
                unclear = [arm for arm in self.arms.values()
                           if arm is not leader and not leader.clear_of(arm)]
                loose = [arm for arm in self.arms.values() if not arm.tight()]
                if self._shorter_to_tighten(leader, unclear, loose):
                    return [arm for arm in live if not arm.tight()]
            return [arm for arm in live if arm is leader or not arm.tight()]
        if not self.shown:  # the leader is all that is asked: telling the contenders apart
            return live
        loose = [arm for arm in self.arms.values() if not arm.active and not arm.tight()]
        return loose or live

    @staticmethod
    def _shorter_to_tighten(leader: _Arm, unclear: list[_Arm], loose: list[_Arm]) -> bool:
        """Whether, the leader being within ±5 points already, bringing the ``loose`` classes
        within ±5 points takes fewer playouts, at the rates estimated, than parting the
        leader's interval from those of the ``unclear`` classes (those it is not clear of),
        each played as often as parting it from the closest one asks (:func:`playouts_apart`):
        the race then answers by tightening (« à égalité, à la marge près », every margin shown
        under 5 points) rather than playing on for a separation it may not reach."""
        if not unclear or not leader.tight():
            return False
        apart = [playouts_apart(leader.rate, arm.rate) for arm in unclear]
        tighten = sum(max(0, playouts_for_tight(arm.rate) - arm.playouts) for arm in loose)
        if any(n is None for n in apart):
            return True
        rounds = max(n for n in apart if n is not None)
        part = sum(max(0, rounds - arm.playouts) for arm in (leader, *unclear))
        return tighten < part

    def _leader(self) -> _Arm:
        """The class with the best win rate so far (one in contention first, on a tie)."""
        return max((arm for arm in self.arms.values() if arm.playouts),
                   key=lambda arm: (arm.rate, arm.active))

    def _cut(self) -> bool:
        """Stop the classes the leader is surely ahead of (:func:`beats`, on the rounds they
        share), and bring back a stopped one it is no longer surely ahead of (a new leader).
        Whether the race is decided (the leader surely ahead of every other class)."""
        played = [arm for arm in self.arms.values() if arm.playouts]
        if len(played) < 2:
            return len(self.arms) < 2
        leader = self._leader()
        decided = True
        for arm in played:
            if arm is not leader:
                behind = leader.ahead_of(arm)
                arm.active = not behind
                decided = decided and behind
        leader.active = True
        return decided

    def answered(self) -> bool:
        """Whether the race has answered (nothing changed by asking): nothing left to play,
        the most playouts played, every class within ±5 points, or the leader surely ahead
        of every other class and itself within ±5 points."""
        live = self.contenders()
        if not live or self.rounds >= MAX_PLAYOUTS:
            return True
        if self.rounds < MIN_PLAYOUTS:
            return False
        if all(arm.tight() for arm in self.arms.values()):
            return True
        played = [arm for arm in self.arms.values() if arm.playouts]
        if len(played) < len(self.arms):
            return False
        leader = self._leader()
        apart = leader.clear_of if self.shown else leader.ahead_of
        return leader.tight() and all(apart(arm) for arm in played if arm is not leader)

    def _go_on(self, rounds: int | None, until_answered: bool) -> bool:
        live = self.contenders()
        if not live or self.rounds >= MAX_PLAYOUTS:
            return False
        if rounds is not None:
            return self.rounds < rounds
        if self.rounds < MIN_PLAYOUTS:
            return True
        if until_answered and self.answered():
            return False
        assert self.budget is not None
        return self.spent < self.budget

    def run(self, budget: int | None = None, rounds: int | None = None, *,
            until_answered: bool = False) -> Hints:
        """Play on while less than ``budget`` computer decisions are spent in all (with
        :data:`MIN_PLAYOUTS` rounds at least), or for ``rounds`` rounds, then the hint so far;
        ``until_answered``: stop sooner once the race has answered (:meth:`answered`)."""
        if budget is not None:
            self.budget = budget
        elif rounds is None and self.budget is None:
            raise ValueError("Un conseil se calcule dans un budget de décisions ou de parties.")
        while self._go_on(rounds, until_answered):
            self._round()
        return self.result()

    def run_for(self, seconds: float = SECOND,
                clock: Callable[[], float] = time.perf_counter, *, worker: bool = True
                ) -> Hints:
        """Play on for about ``seconds`` on this machine, or less once the race has answered
        (:meth:`answered`; when called again, « Affiner », the race had answered already:
        it refines for the whole time). In steps of about a tenth of the time (the first one
        a fortieth, :data:`FIRST_STEP`), the pace (computer decisions per second) measured so
        far sets the count of decisions the time holds. The hint records the count it spent as
        its ``budget``: the race plays a round while less is spent, so the same seed and count
        replay the same hint (:meth:`run`), and calling this again goes on for as long.
        ``worker``: once that first step has not answered, a copy of the process plays rounds
        beside the race on a spare core, where there is one (:meth:`_outs`,
        :mod:`tutor.engine.worker`): the same hint, sooner."""
        start, before = clock(), self.spent
        early = not self.answered()
        steps = 0
        try:
            self.run(budget=self.spent)  # the first rounds (or none): the pace of this position
            while True:
                elapsed = clock() - start
                if elapsed >= seconds or (early and self.answered()) or not self.contenders() \
                        or self.rounds >= MAX_PLAYOUTS:
                    break
                if worker and steps == 1 and self._worker is None:
                    self._worker = Worker.fork(self._job)  # not answered within the first step
                steps += 1
                self.rate = max(self.spent - before, 1) / max(elapsed, 1e-6)
                target = before + int(self.rate * seconds)
                step = max(1, int(self.rate * seconds / (FIRST_STEP if steps == 1 else 10)))
                if target <= self.spent:
                    break
                self.run(budget=min(target, self.spent + step), until_answered=early)
        finally:
            done, self._worker, self._busy = self._worker, None, None
            self._ready.clear()
            if done is not None:
                done.close()
        # the count spent replays it: every round before the last began under it
        self.budget = self.spent
        return self.result()

    def result(self) -> Hints:
        rows = []
        for i, action in enumerate(self.legal):
            arm = self.arms[self.same[i]]
            low, high = arm.interval()
            mean, margin = mean_margin(arm.scores)
            alike = tuple(self.legal[j] for j in range(len(self.legal))
                          if self.same[j] == self.same[i])
            rows.append(ActionHint(action, arm.playouts, arm.wins, low, high, mean, margin,
                                   alike, frozenset(arm.rounds), frozenset(arm.won)))
        return Hints(self.view.seat, self.kind, self.played_by, self.seed, self.rounds,
                     tuple(rows), self.lowest > self.highest, self.whole, self.budget,
                     self.spent)


MIN_PAIRED = 8
"""Fewest paired playouts before two actions may be told apart (:attr:`Paired.better`): with
fewer, a difference that happened to be the same every time would show a margin of zero."""


@dataclass(frozen=True)
class Paired:
    """Two actions of one seat compared on the same sampled states and the same computer
    players (:class:`Duel`), playout by playout. The win chance: ``win_gain`` is the share of
    playouts won by the second action and not the first, minus the reverse; its 95 % interval
    ``[win_low, win_high]`` subtracts the two shares' Wilson intervals (wider than needed, never
    narrower, and honest when every playout went one way). The final score: ``score_gain`` is
    the mean of the paired differences, oriented so that a positive gain is better for the seat
    (the smaller score when the smallest total wins), ``score_margin`` the half-width of its 95 %
    interval (Student's). ``first`` and ``second`` are each action's own estimate."""

    first: ActionHint
    second: ActionHint
    playouts: int
    win_gain: float
    win_low: float
    win_high: float
    score_gain: float
    score_margin: float
    lowest_wins: bool
    whole_game: bool
    spent: int
    seed: int
    alike: bool = False

    @property
    def better(self) -> bool:
        """The second action is surely better at 95 % (on the win chance, or on the score),
        after :data:`MIN_PAIRED` playouts at least."""
        if self.playouts < MIN_PAIRED:
            return False
        return self.wins_more or points_apart(self.score_gain, self.score_margin)

    @property
    def worse(self) -> bool:
        """The second action is surely worse at 95 % (the first surely better)."""
        if self.playouts < MIN_PAIRED:
            return False
        return self.wins_less or points_apart(-self.score_gain, self.score_margin)

    @property
    def wins_more(self) -> bool:
        """The second action's win chance is surely higher, as a reader sees the interval of
        the gap (whole percentage points: « de +1 à +9 », never « de 0 à +9 »)."""
        return above(self.win_low, 0.0)

    @property
    def wins_less(self) -> bool:
        """The second action's win chance is surely lower, as the interval reads."""
        return above(0.0, self.win_high)


class Duel(Race):
    """Two legal actions ``first`` and ``second`` of ``view.seat``, played on the same sampled
    states (the samples of a :class:`Race` of the same seed) and finished by the same computer
    players, every round for both (no race): paired differences (:meth:`paired`). Actions the
    view cannot tell apart (one :meth:`HintEngine.hint_class`) are not compared: the result
    says so (``alike``) with no playout."""

    def __init__(self, engine: HintEngine, view: Any, first: Any, second: Any, *, kind: str,
                 seed: int = 0, game_id: str = "") -> None:
        super().__init__(engine, view, kind=kind, seed=seed, game_id=game_id, race=False)
        for action in (first, second):
            if action not in self.legal:
                raise ValueError(f"Ce coup n’est pas permis à {view.seat} ici : {action!r}.")
        self.first, self.second = first, second
        self.alike = engine.hint_class(view, first) == engine.hint_class(view, second)
        self.arms = {} if self.alike else {0: _Arm(first, 0), 1: _Arm(second, 1)}

    def paired(self) -> Paired:
        """The comparison so far (see :class:`Paired`)."""
        if self.alike:
            empty = ActionHint(self.first, 0, 0, 0.0, 1.0, 0.0, math.inf)
            return Paired(empty, ActionHint(self.second, 0, 0, 0.0, 1.0, 0.0, math.inf), 0,
                          0.0, -1.0, 1.0, 0.0, math.inf, False, self.whole, 0, self.seed, True)
        a, b = self.arms[0], self.arms[1]
        lowest = self.lowest > self.highest
        sign = -1 if lowest else 1
        n = a.playouts
        minus, plus = duel(a.rounds, a.won, b.rounds, b.won)  # both play every round
        plus_low, plus_high = wilson(plus, n)
        minus_low, minus_high = wilson(minus, n)
        win_gain = (plus - minus) / n if n else 0.0
        score_gain, score_margin = mean_margin([sign * (y - x) for x, y in
                                                zip(a.scores, b.scores, strict=True)])
        rows = []
        for arm in (a, b):
            low, high = arm.interval()
            mean, margin = mean_margin(arm.scores)
            rows.append(ActionHint(arm.action, arm.playouts, arm.wins, low, high, mean, margin,
                                   (arm.action,)))
        return Paired(rows[0], rows[1], n, win_gain, plus_low - minus_high,
                      plus_high - minus_low, score_gain, score_margin, lowest, self.whole,
                      self.spent, self.seed)

    def play(self, *, rounds: int | None = None, budget: int | None = None) -> Paired:
        """Play on until ``rounds`` rounds or ``budget`` computer decisions in all (at least
        :data:`MIN_PLAYOUTS` rounds), then the comparison so far."""
        if budget is None and rounds is None:
            raise ValueError("Une comparaison se calcule dans un budget de décisions ou de "
                             "parties.")
        if budget is not None:
            self.budget = budget
        while self._go_on(rounds, False):
            self._round()
        return self.paired()

    def result(self) -> Hints:
        """The two actions' own estimates, as a hint of two rows."""
        p = self.paired()
        assert self.view.seat is not None
        return Hints(self.view.seat, self.kind, self.played_by, self.seed, self.rounds,
                     (p.first, p.second), p.lowest_wins, self.whole, self.budget, self.spent)


def hints(engine: HintEngine, view: Any, *, kind: str, seed: int = 0,
          playouts: int | None = None, game_id: str = "", budget: int | None = None) -> Hints:
    """For every legal action of ``view.seat``: seeded playouts against computer players of
    ``kind`` (a key of the game's ``PLAYER_KINDS``; a slow kind is replaced,
    :func:`rollout_kind`), from ``view`` only.

    With ``playouts`` given, exactly that many rounds for every class (no race). Otherwise a
    :class:`Race` within ``budget`` computer decisions (by default the game's
    :data:`STEP_BUDGET`). Decisions are counted, not timed: the same seed and budget always
    give the same hint."""
    race = Race(engine, view, kind=kind, seed=seed, game_id=game_id, race=playouts is None,
                shown=True)
    if playouts is not None:
        return race.run(rounds=playouts)
    if budget is None:
        played = race.played_by
        budget = STEP_BUDGET.get(f"{game_id}/{played}", STEP_BUDGET.get(game_id, 4000))
    return race.run(budget=budget)


def hints_for(engine: HintEngine, state: Any, seat: str, *, kind: str, seed: int = 0,
              playouts: int | None = None, game_id: str = "", budget: int | None = None
              ) -> Hints:
    """:func:`hints` for ``seat`` in ``state``: only ``seat``'s view of it is handed on, so two
    states that differ in cards ``seat`` cannot see give the same hints."""
    return hints(engine, engine.view(state, seat), kind=kind, seed=seed, playouts=playouts,
                 game_id=game_id, budget=budget)


class ExpertPlayer:
    """« Expert »: at each decision, plays what a « Conseil » with a small budget would choose,
    from its own view only (the view and the legal actions it is handed, like every computer
    player): a race of ``budget`` computer decisions against players of the ``rollout`` kind,
    seeded from its own generator, then the leading class (its first action)."""

    def __init__(self, engine: HintEngine, rollout: str, budget: int, *,
                 seed: int | random.Random = 0) -> None:
        self.engine, self.rollout, self.budget = engine, rollout, budget
        if type(seed) is not int and not isinstance(seed, random.Random):
            raise ValueError(f"La graine d’un joueur artificiel est un nombre entier, pas "
                             f"{seed!r}.")
        self.rng = seed if isinstance(seed, random.Random) else random.Random(seed)

    def choose(self, view: Any, legal: Sequence[Any]) -> Any:
        if len(legal) == 1:
            return legal[0]
        race = Race(self.engine, view, kind=self.rollout, seed=self.rng.randrange(1 << 30))
        best = race.run(budget=self.budget, until_answered=True).best()
        assert best is not None and best.action in legal
        return best.action


@dataclass(frozen=True)
class ExpertKind:
    """How an « Expert » is made (a kind of ``PLAYER_KINDS``): ``ExpertKind(...)(seed=...)``."""

    engine: HintEngine
    rollout: str
    budget: int

    def __call__(self, *, seed: int | random.Random = 0) -> ExpertPlayer:
        return ExpertPlayer(self.engine, self.rollout, self.budget, seed=seed)

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
  Vaiko, whose games last many manches, the manche being played, scored by its points); their
  seeds depend on ``(seed, k)`` only, the same for every action.
* A playout is won when the seat is among the winners: a shared victory counts as a win (the
  rules make every tied player a winner).
* The margin is a 95 % interval: Wilson's for the win chance (honest at 0 % and 100 %),
  Student's for the mean score (wider with few playouts).

The result depends only on the view, the kind of computer player, the seed and the number of
playouts: never on the hidden cards of the real state, never on the clock. Standard library only.
"""

from __future__ import annotations

import math
import random
from collections.abc import Hashable, Sequence
from dataclasses import dataclass
from typing import Any

from tutor.engine.api import AnyEngine, Bot
from tutor.engine.core import Outcome

Z95 = 1.959963984540054
"""The normal quantile of a two-sided 95 % interval."""

MAX_STEPS = 20_000
"""A playout longer than this many actions is a bug in a game (every game ends much sooner)."""

STEP_BUDGET: dict[str, int] = {
    "vautours": 9000,
    "vautours/prudent": 7500,
    "drahtseilakt": 7500,
    "drahtseilakt/prudent": 4200,
    "vampir": 6000,
    "vampir/stratege": 3800,
    "vaiko": 4500,
}
"""Computer players' decisions one « Conseil » may spend, all actions and playouts together, per
game (``"<game>/<kind>"``: for the playouts of one kind of computer player, when it is slower
than the others): from the speed measured by ``make bench`` (``tests/bench/bench.py``, section
« hints ») so that a hint takes under a second on the reference machine. A count, not a time:
the same seed always gives the same hint."""

ROLLOUT_KIND: dict[tuple[str, str], str] = {
    ("vautours", "stratege"): "prudent",
}
"""Computer players too slow to play hundreds of games in a second (the Stratège imagines forty
deals at each decision): their playouts are played by the kind given here, and the hint says so."""

MIN_PLAYOUTS = 2
"""Fewest playouts per action, whatever the budget (the margin then says how little they tell:
with many actions and long games, as Vaiko's Échange, the budget is exceeded rather than give
no hint)."""

MAX_PLAYOUTS = 400
"""Most playouts per action (near the end of a game, playouts are short)."""


@dataclass(frozen=True)
class ActionHint:
    """What the playouts of one action gave: ``wins`` out of ``playouts``, the 95 % interval
    ``[win_low, win_high]`` of the win chance, the ``mean_score`` and its ``score_margin``
    (half-width of its 95 % interval); ``alike``: the legal actions that share this estimate
    (the view cannot tell them apart), this one included, in the legal order."""

    action: Any
    playouts: int
    wins: int
    win_low: float
    win_high: float
    mean_score: float
    score_margin: float
    alike: tuple[Any, ...] = ()

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
    game's ``span_outcome``: Vaiko), their scores then being the manche's points."""

    seat: str
    kind: str
    played_by: str
    seed: int
    playouts: int
    rows: tuple[ActionHint, ...]
    lowest_wins: bool = False
    whole_game: bool = True

    def best(self) -> ActionHint | None:
        """The action with the highest win chance (the first of them on a tie)."""
        return max(self.rows, key=lambda r: r.wins, default=None)


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


def _rng(seed: int, k: int) -> random.Random:
    return random.Random(seed * 1_000_003 + k)


def legal_from_view(engine: AnyEngine, view: Any, seed: int = 0) -> tuple[Any, ...]:
    """The legal actions of the view's seat, read from a state sampled from the view (the same
    in every sampled state: the view holds all a seat needs to know what it may do)."""
    seat = view.seat
    if seat is None:
        raise ValueError("Un conseil se donne à un joueur : la vue du professeur n’en est pas une.")
    state = engine.sample_state(view, _rng(seed, 0))
    if engine.is_over(state):
        return ()
    return tuple(engine.legal_actions(state, seat))


def playout(engine: AnyEngine, start: Any, state: Any, bots: dict[str, Bot[Any, Any]]
            ) -> tuple[Outcome, int, bool]:
    """Play on from ``state`` (reached from ``start`` by the action tried), each seat's action
    chosen by its bot from its view only, until the stretch hints look at is over (the game's
    ``span_outcome``); its outcome, the number of actions played and whether it is the outcome
    of the whole game (the game is over and the scores are its final scores)."""
    apply, view, legal, current, scored = (engine.apply, engine.view, engine.legal_actions,
                                           engine.current_seats, engine.span_outcome)
    for step in range(MAX_STEPS):
        out = scored(start, state)
        if out is not None:
            whole = engine.is_over(state) and engine.outcome(state).scores == out.scores
            return out, step, whole
        seat = current(state)[0]
        action = bots[seat].choose(view(state, seat), legal(state, seat))
        state, _ = apply(state, action, explain=False)
    raise AssertionError(f"playout longer than {MAX_STEPS} actions")


def hints(engine: AnyEngine, view: Any, *, kind: str, seed: int = 0,
          playouts: int | None = None, game_id: str = "") -> Hints:
    """For every legal action of ``view.seat``: seeded playouts against computer players of
    ``kind`` (a key of the game's ``PLAYER_KINDS``; a slow kind is replaced,
    :func:`rollout_kind`), from ``view`` only.

    Playouts go in rounds: round ``k`` samples one state and plays every action from it. With
    ``playouts`` given, exactly that many rounds; by default rounds go on while the next one,
    predicted from the decisions the previous rounds took, fits the game's budget
    (:data:`STEP_BUDGET`), between :data:`MIN_PLAYOUTS` and :data:`MAX_PLAYOUTS`. Decisions are
    counted, not timed: the same seed always gives the same hint."""
    if kind not in engine.PLAYER_KINDS:
        raise ValueError(f"Niveau de joueur inconnu : {kind} (niveaux : "
                         f"{', '.join(engine.PLAYER_KINDS)}).")
    seat = view.seat
    legal = legal_from_view(engine, view, seed)
    first: dict[Hashable, int] = {}
    same = [first.setdefault(engine.hint_class(view, action), i) for i, action in enumerate(legal)]
    actions = [legal[i] for i in first.values()]  # one action played for each class
    played = rollout_kind(game_id, kind)
    make = engine.PLAYER_KINDS[played][1]
    players = tuple(p.name for p in view.players)
    budget = STEP_BUDGET.get(f"{game_id}/{played}", STEP_BUDGET.get(game_id, 4000))
    wins = [0] * len(actions)
    scores: list[list[int]] = [[] for _ in actions]
    spent = k = 0
    whole = True  # every playout went to the end of the game
    lowest = highest = 0  # playouts won by the smallest, by the largest score
    while actions and k < MAX_PLAYOUTS and (
            k < playouts if playouts is not None
            else k < MIN_PLAYOUTS or spent + spent / k <= budget):
        sample = engine.sample_state(view, _rng(seed, k))
        base = (seed * 1_000_003 + k) * 16
        for a, action in enumerate(actions):
            state, _ = engine.apply(sample, action, explain=False)
            bots = {p: make(seed=base + j) for j, p in enumerate(players)}
            out, steps, over = playout(engine, sample, state, bots)
            spent += steps + 1
            whole = whole and over
            wins[a] += seat in out.winners
            best = [out.scores[p] for p in out.winners]
            if best and min(out.scores.values()) < max(out.scores.values()):
                lowest += max(best) == min(out.scores.values())
                highest += min(best) == max(out.scores.values())
            scores[a].append(out.scores[seat])
        k += 1
    rows = []
    played_index = {i: a for a, i in enumerate(first.values())}
    for i, action in enumerate(legal):
        a = played_index[same[i]]
        low, high = wilson(wins[a], k)
        mean, margin = mean_margin(scores[a])
        alike = tuple(legal[j] for j in range(len(legal)) if same[j] == same[i])
        rows.append(ActionHint(action, k, wins[a], low, high, mean, margin, alike))
    return Hints(seat, kind, played, seed, k, tuple(rows), lowest > highest, whole)


def hints_for(engine: AnyEngine, state: Any, seat: str, *, kind: str, seed: int = 0,
              playouts: int | None = None, game_id: str = "") -> Hints:
    """:func:`hints` for ``seat`` in ``state``: only ``seat``'s view of it is handed on, so two
    states that differ in cards ``seat`` cannot see give the same hints."""
    return hints(engine, engine.view(state, seat), kind=kind, seed=seed, playouts=playouts,
                 game_id=game_id)

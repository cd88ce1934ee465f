"""Vampir's computer players. Each sees only its seat's :class:`View` and the legal actions
(shared code hands them ``view(state, seat)``, never the state).

* ``hasard``: a uniformly random legal action.
* ``chasseur``: goes for big hunts; takes a location when the hunt that follows adds at least 4
  heads, shows its best hunt after drawing when it adds at least 4 heads, else lays its least
  useful card.
* ``stratege``: the same, but values every hunt by what it would score if the manche ended now,
  reading the public table (every shown hunt): a colour where it would be the weakest of a full
  table is worth nothing, a colour someone lacks is safe; it lays cards where they help the
  others least.

The hunters choose on counts (:mod:`.counts`): :func:`choose_take` at the start of a turn,
:func:`choose_next` once cards are drawn or taken. The page's players read them from their view;
a hint's playouts (:mod:`.playouts`) call the same two functions on the counts they play, with
the same draws of each player's generator: one implementation of each player.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from functools import lru_cache
from typing import Any

from tutor.engine.api import Seed
from tutor.engine.bots import RandomPlayer as RandomPlayer
from tutor.engine.bots import below, bot_rng

from .actions import Action, Draw, EndTurn, Hunt, Lay, Take
from .cards import KINDS, LOCATIONS
from .counts import (
    JOKER_RANK,
    NOTHING,
    Counts,
    Option,
    colours,
    options,
    piles,
    required,
    shown_heads,
)
from .counts import Lay as LayCounts
from .counts import lays as lays_of
from .hunts import rank_counts
from .state import View

_INDEX = {loc: k for k, loc in enumerate(LOCATIONS)}
_NO_FEEDS = (0.0,) * len(LOCATIONS)

Gain = Callable[[Any, int, int], float]
"""What a hunt of some heads and jokers adds, from its colour's context."""


@lru_cache(maxsize=1 << 12)
def _hunter_gain(old: int, heads: int, jokers: int) -> float:
    """What a hunt of ``heads`` and ``jokers`` adds to a colour showing ``old`` heads (0: not
    shown, worth a bonus), a joker kept being worth 0.3."""
    bonus = 1.5 if not old else 0.0
    return heads - old + bonus - 0.3 * jokers


@lru_cache(maxsize=1 << 16)
def best_of_colour(gain: Gain, context: Any, counts: Counts, joker_heads: int
                   ) -> tuple[float, tuple[int, ...], Option]:
    """The hunt of one colour (its :data:`.counts.Counts`) a hunter weighs the best: the most
    ``gain`` from the colour's ``context``, then the highest ranks; with that gain and ranks."""
    best: tuple[float, tuple[int, ...], Option] | None = None
    for option in options(counts, joker_heads):
        key = (gain(context, option[4], option[3]), option[5], option)
        if best is None or key[:2] > best[:2]:
            best = key
    assert best is not None  # a colour of counts.colours has a hunt
    return best


def choose_take(gain: Gain, threshold: float, last_turn: bool, hand: Sequence[int],
                piles: Sequence[Sequence[int]], takes: Sequence[int], contexts: Sequence[Any],
                joker_heads: int, draw: Callable[[], float]) -> int:
    """A hunter's choice at the start of its turn: the location to take (its index) or -1, the
    draw. Each location it may take (``takes``) is worth the best hunt that may follow, 0 if
    none, and a ``draw`` of the player's generator, in turn; it takes the first of the most
    worth among those worth ``threshold``, else, when the manche may end before its next turn
    (``last_turn``), among all."""
    if not takes:
        return -1
    take = -1
    good: tuple[float, float] | None = None
    most: tuple[float, float] | None = None
    fallback = -1
    for k in takes:
        ones, twos, jokers = piles[k]
        value = None  # the best hunt that may follow, else 0
        for counts in colours(hand, (k if ones + twos else -1, ones, twos, jokers), True):
            hunt = best_of_colour(gain, contexts[counts[0]], counts, joker_heads)[0]
            if value is None or hunt > value:
                value = hunt
        worth = (0.0 if value is None else value, draw())
        if worth[0] >= threshold and (good is None or worth > good):
            good, take = worth, k
        if good is None and (most is None or worth > most):
            most, fallback = worth, k
    return fallback if good is None and last_turn else take


def choose_next(gain: Gain, threshold: float, closing: bool, phase: str, hand: Sequence[int],
                piles: Sequence[Sequence[int]], found: Sequence[Counts], drawn: Sequence[int],
                drawn_only: bool, contexts: Sequence[Any], feeds: Sequence[float],
                joker_heads: int, draw: Callable[[], float], getrandbits: Callable[[int], int]
                ) -> Option | LayCounts | None:
    """A hunter's choice once cards are drawn (``phase`` ``"drawn"``), taken (``"taken"``) or a
    hunt shown (``"hunted"``): its best hunt (the best of each colour ``found``:
    :func:`best_of_colour`) when it follows a take, adds ``threshold`` or, ``closing`` (the hand
    is lost at the end), anything; else the end of the turn (``None``) after a hunt, or the
    cheapest of the lays (:func:`.counts.lays` of the cards ``drawn``: :func:`cheapest`); with
    no lay, a hunt at random (the legal actions are then the hunts)."""
    best: tuple[float, tuple[int, ...], Option] | None = None
    for counts in found:  # the best hunt of each colour, then the best of all
        top = best_of_colour(gain, contexts[counts[0]], counts, joker_heads)
        if best is None or top[:2] > best[:2]:
            best = top
    if best is not None and (phase == "taken" or best[0] >= threshold
                             or (closing and best[0] > 0)):
        return best[2]
    if phase == "hunted":
        return None
    lays = lays_of(hand, drawn, drawn_only)
    if not lays:  # rng.choice(legal): the legal actions are the hunts
        hunts = [o for counts in found for o in options(counts, joker_heads)]
        return hunts[below(getrandbits, len(hunts))]
    return cheapest(lays, hand, piles, feeds, draw)


JOKER_LAY = 100.0
"""A joker fits any hunt: never give it away."""


def lay_cost(held: int, heads: int, pile: int) -> int:
    """Laying a vampire with ``heads`` heads, the hand holding ``held`` cards of its colour, under
    a location holding ``pile`` cards: the more of its colour kept and the bigger the pile given
    to the next player, the dearer."""
    return held * 3 + heads * 2 + pile


def cheapest(lays: Sequence[LayCounts], hand: Sequence[int], piles: Sequence[Sequence[int]],
             feeds: Sequence[float], draw: Callable[[], float]) -> LayCounts:
    """The lay of ``lays`` that gives away the least: :func:`lay_cost`, plus ``feeds`` by
    location (the strategist's :func:`feeding`, 0 for the hunter), a ``draw`` of the player's
    generator for each lay in turn settling a tie (the first lay wins a tie of both). A joker's
    lay costs :data:`JOKER_LAY` at least: once a vampire's lay costs less, the jokers' lays
    (last in ``lays``) only draw."""
    chosen = lays[0]
    least, tie = math.inf, math.inf  # every (cost, draw) is below them
    for lay in lays:
        r, k = lay
        if r == JOKER_RANK:
            if least < JOKER_LAY:  # no joker's lay is the cheapest: each still draws
                draw()
                continue
            cost = JOKER_LAY + feeds[k]
        else:  # (a vampire's heads: 1, or 2 for the second rank of its colour)
            cost = lay_cost(hand[r & ~1] + hand[r | 1], (r & 1) + 1, sum(piles[k])) + feeds[k]
        d = draw()
        if cost < least or (cost == least and d < tie):
            least, tie, chosen = cost, d, lay
    return chosen


class HeuristicPlayer:
    """Goes for big hunts, from its own hand and the locations (see the module docstring)."""

    THRESHOLD = 4.0
    #: what a hunt adds, from its colour's context (:meth:`contexts`), heads and jokers
    gain = staticmethod(_hunter_gain)
    #: whether its contexts read every player's shown hunts (:meth:`read`), not its own only
    READS = False

    def __init__(self, *, seed: Seed = 0) -> None:
        self.rng = bot_rng(seed)

    @staticmethod
    def read(column: tuple[int, ...]) -> tuple[tuple[Any, float], ...]:
        """One colour as the player at each seat weighs it, from every player's heads in it
        (``column``, 0: not shown): its context for :attr:`gain` (the heads the seat shows)
        and what a card laid under its location feeds the others (nothing)."""
        return tuple((own, 0.0) for own in column)

    @staticmethod
    def last_turn(deck_size: int, players: int) -> bool:
        """Whether the manche may end before this player's next turn (takes then pay)."""
        return deck_size <= 2

    @staticmethod
    def closing(deck_size: int, players: int) -> bool:
        """Whether it is time to show whatever adds heads (the hand is lost at the end)."""
        return deck_size <= 4

    def choose(self, view: View, legal: Sequence[Action]) -> Action:
        me, seat = None, -1  # view.me and its index, without its two calls
        if view.seat is not None:
            for k, player in enumerate(view.players):
                if player.name == view.seat:
                    me, seat = player, k
                    break
            else:
                view.player(view.seat)  # refused: nobody has that name
        if me is None or me.hand is None or not legal:
            return self.rng.choice(list(legal))
        name, phase = me.name, view.phase
        # the choice made on counts is handed back as the very legal action (the legal actions
        # are listed from the same counts, in this order: draw, takes, lays, hunts, end of turn)
        if phase == "turn":
            offered = [a for a in legal if type(a) is Take]
            if not offered:
                return _found(legal, 0, Draw) or Draw(name)
            takes = [_INDEX[a.location] for a in offered]
        jh = view.variant.joker_heads
        hand, table, n = rank_counts(me.hand), piles(view.under), len(view.players)
        if self.READS:  # every player's shown hunts
            contexts, feeds = _contexts(
                self.read, tuple([shown_heads(p.hunts, jh) for p in view.players]), seat)
        else:  # its own: read() gives each seat its heads and no feed
            contexts, feeds = shown_heads(me.hunts, jh), _NO_FEEDS
        if phase == "turn":
            k = choose_take(self.gain, self.THRESHOLD, self.last_turn(view.deck_size, n), hand,
                            table, takes, contexts, jh, self.rng.random)
            return (_found(legal, 0, Draw) or Draw(name)) if k < 0 else offered[takes.index(k)]
        assert view.pending is not None  # the seat's own drawn or taken cards
        found = colours(hand, required(view.pending) if phase == "taken" else NOTHING, False)
        drawn, drawn_only = [c.rank for c in view.pending], view.variant.draw == "drawn"
        choice = choose_next(self.gain, self.THRESHOLD, self.closing(view.deck_size, n), phase,
                             hand, table, found, drawn, drawn_only, contexts, feeds, jh,
                             self.rng.random, self.rng.getrandbits)
        if choice is None:
            return _found(legal, len(legal) - 1, EndTurn) or EndTurn(name)
        lays = lays_of(hand, drawn, drawn_only) if phase == "drawn" else ()
        if len(choice) == 2:
            r, k = choice
            return _found(legal, lays.index(choice), Lay) or Lay(name, KINDS[r], LOCATIONS[k])
        at = len(lays)
        for colour in found:
            hunts = options(colour, jh)
            if choice in hunts:
                at += hunts.index(choice)
                break
            at += len(hunts)
        return _found(legal, at, Hunt) or Hunt(name, tuple(KINDS[r] for r in choice[5]))


def _found(legal: Sequence[Action], at: int, kind: type[Action]) -> Action | None:
    """The legal action at ``at`` if it is of that ``kind`` (the legal actions as listed)."""
    return legal[at] if 0 <= at < len(legal) and type(legal[at]) is kind else None


@lru_cache(maxsize=1 << 12)
def _contexts(read: Callable[[tuple[int, ...]], tuple[tuple[Any, float], ...]],
              rows: tuple[tuple[int, ...], ...], seat: int
              ) -> tuple[tuple[Any, ...], tuple[float, ...]]:
    """The contexts and feeds by colour (``read``: :meth:`HeuristicPlayer.read`) of the player
    at ``seat``, from every player's heads by colour (``rows``)."""
    both = [read(column)[seat] for column in zip(*rows)]
    return tuple(c for c, _ in both), tuple(f for _, f in both)


Context = tuple[int, int, int, int]
"""One colour as the strategist reads it (:func:`colour_context`): the fewest heads another
player shows in it (0: nobody else shows it), how many other players show it, how many do not,
and the heads this player shows in it (0: none)."""


@lru_cache(maxsize=1 << 12)
def colour_context(others: tuple[int, ...], own: int) -> Context:
    """One colour's :data:`Context` from the heads each other player shows in it (``others``,
    0: none) and this player's (``own``): all that :func:`_strategist_gain` and
    :func:`feeding` read of the table."""
    shown = [h for h in others if h]
    return min(shown, default=0), len(shown), len(others) - len(shown), own


def _worth(low: int, missing: int, heads: int) -> float:
    """Expected points of ``heads`` in a colour where the weakest other player shows ``low``
    heads (0: nobody else shows it) and ``missing`` other players show none."""
    if heads == 0:
        return 0.0
    if low and heads < low:
        keep = 0.45 if missing else 0.0  # the weakest: lost once every player shows it
    elif low and heads == low:
        keep = 0.55 if missing else 0.0
    else:
        keep = 0.9 if missing else 1.0
    return heads * keep


@lru_cache(maxsize=1 << 12)
def _strategist_gain(context: Context, heads: int, jokers: int) -> float:
    """What a hunt of ``heads`` and ``jokers`` would score, from its colour's ``context``
    (:func:`colour_context`), a joker kept being worth 0.3."""
    low, _, missing, old = context
    value = (_worth(low, missing, heads) - _worth(low, missing, old) if old
             else _worth(low, missing, heads) + 1.0)
    return value - 0.3 * jokers


def feeding(context: Context) -> float:
    """The strategist's half point for every other player showing the location's colour
    (``context``: :func:`colour_context`): they could use what is laid."""
    return 0.5 * context[1]


@lru_cache(maxsize=1 << 12)
def _read(column: tuple[int, ...]) -> tuple[tuple[Context, float], ...]:
    """:meth:`StrategistPlayer.read`: each seat's :data:`Context` of one colour and its
    :func:`feeding`."""
    out = []
    for me, own in enumerate(column):
        context = colour_context(column[:me] + column[me + 1:], own)
        out.append((context, feeding(context)))
    return tuple(out)


class StrategistPlayer(HeuristicPlayer):
    """The hunter, reading the public table: a hunt is worth what it would score at the end;
    a card laid under a location feeds whoever takes it next: it prefers colours the next
    players cannot use (they show no hunt of it and the pile stays small)."""

    gain = staticmethod(_strategist_gain)
    READS = True
    ROUNDS_LEFT = 1.0

    @staticmethod
    def read(column: tuple[int, ...]) -> tuple[tuple[Any, float], ...]:
        """By seat: the colour's context (:func:`colour_context`: the heads each other player
        shows, and the seat's) and its :func:`feeding`."""
        return _read(column)

    @staticmethod
    def last_turn(deck_size: int, players: int) -> bool:
        # the others draw up to 2 cards each before this player's next turn
        return deck_size <= 2 * (players - 1) * StrategistPlayer.ROUNDS_LEFT

    @staticmethod
    def closing(deck_size: int, players: int) -> bool:
        return deck_size <= 2 * players * (StrategistPlayer.ROUNDS_LEFT + 1)


PLAYER_KINDS: dict[str, tuple[str, type[RandomPlayer] | type[HeuristicPlayer]]] = {
    "hasard": ("Au hasard", RandomPlayer),
    "chasseur": ("Chasseur (vise les grosses chasses)", HeuristicPlayer),
    "stratege": ("Stratège (lit les chasses de la table)", StrategistPlayer),
}

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
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from operator import itemgetter
from typing import Any

from tutor.engine.api import Seed
from tutor.engine.bots import RandomPlayer as RandomPlayer
from tutor.engine.bots import bot_rng

from .actions import Action, Draw, EndTurn, Hunt, Lay, Take
from .cards import JOKER, LOCATIONS, Card, Vampire
from .hunts import hunt_kinds, rank_counts
from .state import SeatView, View


def _heads(cards: Sequence[Card], joker_heads: int) -> int:
    return sum(c.heads if isinstance(c, Vampire) else joker_heads for c in cards)


_INDEX = {loc: k for k, loc in enumerate(LOCATIONS)}
_VALUE_AND_DRAW = itemgetter(0, 1)


@lru_cache(maxsize=1 << 12)
def _kind(cards: tuple[Card, ...], joker_heads: int) -> tuple[int, int, int, tuple[int, ...]]:
    """A hunt as it is weighed: its colour (a location's index), heads and jokers; then its
    cards' ranks (hunts of one seat sort as their ranks do)."""
    colour = next(c.location for c in cards if isinstance(c, Vampire))
    return (_INDEX[colour], _heads(cards, joker_heads), cards.count(JOKER),
            tuple(c.rank for c in cards))


@lru_cache(maxsize=1 << 12)
def _shown(hunts: tuple[tuple[Card, ...], ...], joker_heads: int) -> tuple[int, ...]:
    """The heads of one player's shown hunts, by location (0: that colour is not shown)."""
    return tuple(_heads(hunt, joker_heads) if hunt else 0 for hunt in hunts)


@lru_cache(maxsize=1 << 12)
def _hunter_gain(old: int, heads: int, jokers: int) -> float:
    """What a hunt of ``heads`` and ``jokers`` adds to a colour showing ``old`` heads (0: not
    shown, worth a bonus), a joker kept being worth 0.3."""
    bonus = 1.5 if not old else 0.0
    return heads - old + bonus - 0.3 * jokers


class HeuristicPlayer:
    """Goes for big hunts, from its own hand and the locations (see the module docstring)."""

    THRESHOLD = 4.0
    #: what a hunt adds, from its colour's context (:meth:`contexts`), heads and jokers
    gain = staticmethod(_hunter_gain)

    def __init__(self, *, seed: Seed = 0) -> None:
        self.rng = bot_rng(seed)

    def contexts(self, view: View, me: SeatView, joker_heads: int) -> tuple[Any, ...]:
        """What :attr:`gain` weighs a hunt against, by location: the heads this player shows."""
        return _shown(me.hunts, joker_heads)

    def last_turn(self, view: View) -> bool:
        """Whether the manche may end before this player's next turn (takes then pay)."""
        return view.deck_size <= 2

    def closing(self, view: View) -> bool:
        """Whether it is time to show whatever adds heads (the hand is lost at the end)."""
        return view.deck_size <= 4

    def lay_costs(self, view: View, hand: Sequence[Card], lays: Sequence[Lay],
                  contexts: tuple[Any, ...]) -> list[float]:
        """What laying each of ``lays`` gives away (the cheapest is laid)."""
        held = [0] * (len(LOCATIONS) + 1)  # the hand's cards of each colour (rank >> 1)
        for card in hand:
            held[card.rank >> 1] += 1
        under = view.under
        costs: list[float] = []
        for lay in lays:
            card = lay.card
            if not isinstance(card, Vampire):
                costs.append(JOKER_LAY)
                continue
            costs.append(lay_cost(held[card.rank >> 1], card.heads,
                                  len(under[_INDEX[lay.location]])))
        return costs

    def choose(self, view: View, legal: Sequence[Action]) -> Action:
        me = None  # view.me, without its two calls
        if view.seat is not None:
            for player in view.players:
                if player.name == view.seat:
                    me = player
                    break
            else:
                me = view.player(view.seat)  # refused: nobody has that name
        if me is None or me.hand is None or not legal:
            return self.rng.choice(list(legal))
        jh = view.variant.joker_heads
        gain = self.gain
        if view.phase == "turn":
            worth: list[tuple[float, float, Take]] = []
            for take in legal:
                if not isinstance(take, Take):
                    continue
                if not worth:  # the first take: what every take is weighed against
                    contexts = self.contexts(view, me, jh)
                    held = rank_counts(me.hand)
                value = None  # the best hunt that may follow, else 0
                for colour, heads, jokers in hunt_kinds(
                        held, view.under[_INDEX[take.location]], jh):
                    hunt = gain(contexts[_INDEX[colour]], heads, jokers)
                    if value is None or hunt > value:
                        value = hunt
                worth.append((0.0 if value is None else value, self.rng.random(), take))
            if worth:
                good = [w for w in worth if w[0] >= self.THRESHOLD]
                if good or self.last_turn(view):
                    return max(good or worth, key=_VALUE_AND_DRAW)[2]
            return next(a for a in legal if isinstance(a, Draw))
        hunts, lays = [], []
        for action in legal:
            if isinstance(action, Hunt):
                hunts.append(action)
            elif isinstance(action, Lay):
                lays.append(action)
        if view.phase == "taken" and len(hunts) == 1:
            return hunts[0]  # the one hunt that may follow the take: nothing to weigh
        contexts = self.contexts(view, me, jh)

        def key(action: Hunt) -> tuple[float, tuple[int, ...]]:
            k, heads, jokers, ranks = _kind(action.cards, jh)
            return gain(contexts[k], heads, jokers), ranks

        best = max(hunts, key=key) if hunts else None
        if view.phase == "taken":
            assert best is not None
            return best
        if best is not None:
            best_gain = key(best)[0]
            if best_gain >= self.THRESHOLD or (self.closing(view) and best_gain > 0):
                return best
        if view.phase == "hunted":  # another hunt is not worth it: the turn ends
            return EndTurn(me.name)
        if not lays:
            return self.rng.choice(list(legal))
        costs = self.lay_costs(view, me.hand, lays, contexts)
        random = self.rng.random
        return min(zip(costs, [random() for _ in lays], lays), key=_VALUE_AND_DRAW)[2]


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


@lru_cache(maxsize=1 << 12)
def _table(hunts: tuple[tuple[tuple[Card, ...], ...], ...], me: int, joker_heads: int
           ) -> tuple[Context, ...]:
    """Each colour's :data:`Context` for the player at ``me`` from every player's shown
    ``hunts``."""
    shown = [_shown(slots, joker_heads) for slots in hunts]
    mine = shown.pop(me)
    return tuple(colour_context(others, own) for others, own in zip(zip(*shown), mine))


class StrategistPlayer(HeuristicPlayer):
    """The hunter, reading the public table: a hunt is worth what it would score at the end."""

    gain = staticmethod(_strategist_gain)

    def contexts(self, view: View, me: SeatView, joker_heads: int) -> tuple[Any, ...]:
        """By location: the heads each other player shows, and this player's."""
        players = view.players
        return _table(tuple([p.hunts for p in players]), players.index(me), joker_heads)

    ROUNDS_LEFT = 1.0

    def last_turn(self, view: View) -> bool:
        # the others draw up to 2 cards each before this player's next turn
        return view.deck_size <= 2 * (len(view.players) - 1) * self.ROUNDS_LEFT

    def closing(self, view: View) -> bool:
        return view.deck_size <= 2 * len(view.players) * (self.ROUNDS_LEFT + 1)

    def lay_costs(self, view: View, hand: Sequence[Card], lays: Sequence[Lay],
                  contexts: tuple[Any, ...]) -> list[float]:
        # a card laid under a location feeds whoever takes it next: prefer colours the next
        # players cannot use (they show no hunt of it and the pile stays small)
        return [cost + feeding(contexts[_INDEX[lay.location]])
                for cost, lay in zip(super().lay_costs(view, hand, lays, contexts), lays)]


# What a lay gives away, on plain numbers (:meth:`HeuristicPlayer.lay_costs`,
# :meth:`StrategistPlayer.lay_costs`; a hint's own playouts, :mod:`.rollout`, ask them too).

JOKER_LAY = 100.0
"""A joker fits any hunt: never give it away."""


def lay_cost(held: int, heads: int, pile: int) -> int:
    """Laying a vampire with ``heads`` heads, the hand holding ``held`` cards of its colour, under
    a location holding ``pile`` cards: the more of its colour kept and the bigger the pile given
    to the next player, the dearer."""
    return held * 3 + heads * 2 + pile


def feeding(context: Context) -> float:
    """The strategist's half point for every other player showing the location's colour
    (``context``: :func:`colour_context`): they could use what is laid."""
    return 0.5 * context[1]


PLAYER_KINDS: dict[str, tuple[str, type[RandomPlayer] | type[HeuristicPlayer]]] = {
    "hasard": ("Au hasard", RandomPlayer),
    "chasseur": ("Chasseur (vise les grosses chasses)", HeuristicPlayer),
    "stratege": ("Stratège (lit les chasses de la table)", StrategistPlayer),
}

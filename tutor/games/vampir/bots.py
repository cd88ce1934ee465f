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

from tutor.engine.api import Seed
from tutor.engine.bots import RandomPlayer as RandomPlayer
from tutor.engine.bots import bot_rng

from .actions import Action, Draw, EndTurn, Hunt, Lay, Take
from .cards import JOKER, LOCATIONS, Card, Vampire
from .hunts import hunt_kinds
from .state import SeatView, View


def _heads(cards: Sequence[Card], joker_heads: int) -> int:
    return sum(c.heads if isinstance(c, Vampire) else joker_heads for c in cards)


@lru_cache(maxsize=1 << 12)
def _kind(cards: tuple[Card, ...], joker_heads: int) -> tuple[str, int, int, tuple[int, ...]]:
    """A hunt as it is weighed: its colour, heads and jokers; then its cards' ranks (hunts of
    one seat sort as their ranks do)."""
    colour = next(c.location for c in cards if isinstance(c, Vampire))
    return (colour, _heads(cards, joker_heads), cards.count(JOKER),
            tuple(c.rank for c in cards))


def _shown(hunt: tuple[Card, ...], joker_heads: int) -> int:
    """The heads of a shown hunt (0: that colour is not shown)."""
    return _kind(hunt, joker_heads)[1] if hunt else 0


_VAMPIRES = {loc: (Vampire(loc, 1), Vampire(loc, 2)) for loc in LOCATIONS}

class HeuristicPlayer:
    """Goes for big hunts, from its own hand and the locations (see the module docstring)."""

    THRESHOLD = 4.0

    def __init__(self, *, seed: Seed = 0) -> None:
        self.rng = bot_rng(seed)

    def hunt_value(self, view: View, me: SeatView, loc: str, heads: int) -> float:
        """What showing ``heads`` in colour ``loc`` adds for this player."""
        hunt = me.hunts[LOCATIONS.index(loc)]
        old = _shown(hunt, view.variant.joker_heads)
        bonus = 1.5 if not hunt else 0.0
        return heads - old + bonus

    def last_turn(self, view: View) -> bool:
        """Whether the manche may end before this player's next turn (takes then pay)."""
        return view.deck_size <= 2

    def closing(self, view: View) -> bool:
        """Whether it is time to show whatever adds heads (the hand is lost at the end)."""
        return view.deck_size <= 4

    def lay_costs(self, view: View, hand: Sequence[Card], lays: Sequence[Lay]) -> list[float]:
        """What laying each of ``lays`` gives away (the cheapest is laid)."""
        costs: list[float] = []
        for lay in lays:
            card = lay.card
            if not isinstance(card, Vampire):
                costs.append(100.0)  # a joker fits any hunt: never give it away
                continue
            one, two = _VAMPIRES[card.location]
            same = hand.count(one) + hand.count(two)
            pile = len(view.under[LOCATIONS.index(lay.location)])
            costs.append(same * 3 + card.heads * 2 + pile)
        return costs

    def choose(self, view: View, legal: Sequence[Action]) -> Action:
        me = view.me
        if me is None or me.hand is None or not legal:
            return self.rng.choice(list(legal))
        jh = view.variant.joker_heads
        gains: dict[tuple[str, int, int], float] = {}

        def gain(colour: str, heads: int, jokers: int) -> float:
            """What a hunt of this colour, heads and jokers adds (each weighed once), a joker
            kept being worth 0.3."""
            value = gains.get((colour, heads, jokers))
            if value is None:
                value = gains[colour, heads, jokers] = (
                    self.hunt_value(view, me, colour, heads) - 0.3 * jokers)
            return value

        def key(action: Hunt) -> tuple[float, tuple[int, ...]]:
            colour, heads, jokers, ranks = _kind(action.cards, jh)
            return gain(colour, heads, jokers), ranks

        hunts = [a for a in legal if isinstance(a, Hunt)]
        best = max(hunts, key=key, default=None)
        if view.phase == "taken":
            assert best is not None
            return best
        if view.phase == "turn":
            worth = []
            for take in (a for a in legal if isinstance(a, Take)):
                cards = view.under[LOCATIONS.index(take.location)]
                value = max((gain(*kind) for kind in hunt_kinds(me.hand + cards, cards, jh)),
                            default=0.0)
                worth.append((value, self.rng.random(), take))
            good = [w for w in worth if w[0] >= self.THRESHOLD]
            if good or (self.last_turn(view) and worth):
                return max(good or worth, key=lambda w: (w[0], w[1]))[2]
            return next(a for a in legal if isinstance(a, Draw))
        best_gain = 0.0 if best is None else key(best)[0]
        if best is not None and (best_gain >= self.THRESHOLD
                                 or (self.closing(view) and best_gain > 0)):
            return best
        if view.phase == "hunted":  # another hunt is not worth it: the turn ends
            return EndTurn(me.name)
        lays = [a for a in legal if isinstance(a, Lay)]
        if not lays:
            return self.rng.choice(list(legal))
        costs = self.lay_costs(view, me.hand, lays)
        return min(zip(costs, lays), key=lambda cost_lay: (cost_lay[0], self.rng.random()))[1]


class StrategistPlayer(HeuristicPlayer):
    """The hunter, reading the public table: a hunt is worth what it would score at the end."""

    def hunt_value(self, view: View, me: SeatView, loc: str, heads: int) -> float:
        k = LOCATIONS.index(loc)
        jh = view.variant.joker_heads
        others = [_kind(p.hunts[k], jh)[1] if p.hunts[k] else 0
                  for p in view.players if p.name != me.name]
        old = _shown(me.hunts[k], jh)
        return self._worth(others, heads) - self._worth(others, old) if old else \
            self._worth(others, heads) + 1.0

    @staticmethod
    def _worth(others: Sequence[int], heads: int) -> float:
        """Expected points of ``heads`` in a colour where the others show ``others`` (0: none)."""
        if heads == 0:
            return 0.0
        shown = [h for h in others if h]
        missing = len(others) - len(shown)
        low = min(shown, default=0)
        if shown and heads < low:
            keep = 0.45 if missing else 0.0  # the weakest: lost once every player shows it
        elif shown and heads == low:
            keep = 0.55 if missing else 0.0
        else:
            keep = 0.9 if missing else 1.0
        return heads * keep

    ROUNDS_LEFT = 1.0

    def last_turn(self, view: View) -> bool:
        # the others draw up to 2 cards each before this player's next turn
        return view.deck_size <= 2 * (len(view.players) - 1) * self.ROUNDS_LEFT

    def closing(self, view: View) -> bool:
        return view.deck_size <= 2 * len(view.players) * (self.ROUNDS_LEFT + 1)

    def lay_costs(self, view: View, hand: Sequence[Card], lays: Sequence[Lay]) -> list[float]:
        # a card laid under a location feeds whoever takes it next: prefer colours the next
        # players cannot use (they show no hunt of it and the pile stays small)
        fed = [sum(1 for p in view.players if p.name != view.seat and p.hunts[k])
               for k in range(len(LOCATIONS))]
        return [cost + 0.5 * fed[LOCATIONS.index(lay.location)]
                for cost, lay in zip(super().lay_costs(view, hand, lays), lays)]


PLAYER_KINDS: dict[str, tuple[str, type[RandomPlayer] | type[HeuristicPlayer]]] = {
    "hasard": ("Au hasard", RandomPlayer),
    "chasseur": ("Chasseur (vise les grosses chasses)", HeuristicPlayer),
    "stratege": ("Stratège (lit les chasses de la table)", StrategistPlayer),
}

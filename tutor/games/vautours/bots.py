"""Computer players for Stupides Vautours. Each sees only its seat's :class:`View` and the
legal plays (never the state), and draws its randomness from its own seeded generator.

* :class:`RandomPlayer` (« Au hasard »): any card of the hand.
* :class:`CarefulPlayer` (« Prudent »): bids in proportion to the pile's value, with noise.
* :class:`StrategistPlayer` (« Stratège »): remembers every card shown (each player's open pile,
  the point cards revealed), imagines what the others may play from the cards they still hold
  and how they bid so far, and weighs, around the careful bid, the chance of taking the pile
  (avoiding ties) against the cost of spending a strong card.
"""

from __future__ import annotations

from collections.abc import Sequence

from tutor.engine.api import Seed
from tutor.engine.bots import RandomPlayer as RandomPlayer
from tutor.engine.bots import bot_rng
from tutor.games.vautours.state import HAND, POINT_CARDS, Play, View


def _bid(total: int, hand: Sequence[int], deck_left: Sequence[int], noise: float) -> float:
    """Where in ``hand`` (0: lowest card, 1: highest) a pile worth ``total`` deserves a bid,
    relative to the point cards still to come."""
    biggest = max((abs(c) for c in deck_left), default=0)
    scale = max(abs(total), biggest, 1)
    if total >= 0:
        level = total / scale
    else:
        level = 0.35 + 0.5 * (-total / scale)
    return min(1.0, max(0.0, level + noise))


def _at(hand: Sequence[int], level: float) -> int:
    """The card of ``hand`` (sorted) at ``level`` between its lowest (0) and highest (1)."""
    return hand[round(level * (len(hand) - 1))]


class CarefulPlayer:
    """Bids a card in proportion to the pile's value (« Prudent »).

    Big Suricate piles deserve high cards, small ones low cards; against a Vautour pile it plays
    high enough not to be the lowest, the more so the worse the vulture. Seeded noise keeps two
    careful players from always choosing the same card.
    """

    def __init__(self, *, seed: Seed = 0) -> None:
        self.rng = bot_rng(seed)

    def choose(self, view: View, legal: Sequence[Play]) -> Play:
        # the legal plays come sorted by card: the card at a level is the play at that place
        hand = [a.card for a in legal]
        level = _bid(view.total, hand, _unseen(view), self.rng.uniform(-0.2, 0.2))
        return legal[round(level * (len(legal) - 1))]


def _unseen(view: View) -> list[int]:
    """The point cards not revealed yet."""
    seen = set(view.revealed)
    return [c for c in POINT_CARDS if c not in seen]


class StrategistPlayer:
    """Weighs each card of its hand against what the others may still play (« Stratège »).

    Everything it uses is public: the point cards revealed and every card each player has shown
    (so what each may still hold). Its candidates are the cards of its hand within ``REACH``
    places of the careful bid. For each, it imagines the others' cards ``SAMPLES`` times, each
    opponent bidding as they did before on piles of similar value (their habits), or, early on,
    like a careful player or at random; it scores the pile's value when the card takes it (a tie
    takes nothing), minus a cost for spending a strong card that later piles will need.
    """

    SAMPLES = 40
    RANDOM_SHARE = 0.3
    COST = 0.4
    REACH = 2
    SPREAD = 0.7

    def __init__(self, *, seed: Seed = 0) -> None:
        self.rng = bot_rng(seed)

    def choose(self, view: View, legal: Sequence[Play]) -> Play:
        me = view.me()
        hand = sorted(a.card for a in legal)
        if len(hand) == 1:
            return legal[0]
        others = [sorted(set(HAND) - set(p.played)) for p in view.players if p.name != me.name]
        deck_left = _unseen(view)
        total = view.total
        future = sum(abs(c) for c in deck_left) / max(1, len(deck_left))
        habits = [_habits(p.played, view.revealed) for p in view.players if p.name != me.name]
        gains = dict.fromkeys(hand, 0.0)
        high = total >= 0
        for _ in range(self.SAMPLES):
            bids = [self._imagine(total, cards, deck_left, past)
                    for cards, past in zip(others, habits)]
            for card in hand:
                gains[card] += total * _wins(card, bids, high)
        target = round(_bid(total, hand, deck_left, 0.0) * (len(hand) - 1))
        near = hand[max(0, target - self.REACH):target + self.REACH + 1]
        value = {c: gains[c] / self.SAMPLES - self.COST * future * hand.index(c) / (len(hand) - 1)
                 for c in near}
        top = max(value.values())
        # players of one level reason alike and would keep cancelling each other's cards: pick
        # among the near-best cards at random (seeded), so that a table of them is not beaten
        # by a trivial strategy (1, 2, …, 15 in order)
        close = [c for c in near if value[c] >= top - self.SPREAD * (abs(total) + 1)]
        best = self.rng.choice(close)
        return next(a for a in legal if a.card == best)

    def _imagine(self, total: int, cards: list[int], deck_left: list[int],
                 past: list[tuple[int, float]]) -> int:
        if past and self.rng.random() < len(past) / (len(past) + 2):
            near = sorted(past, key=lambda h: (abs(h[0] - total), self.rng.random()))[:3]
            level = self.rng.choice(near)[1] + self.rng.uniform(-0.1, 0.1)
            return _at(cards, min(1.0, max(0.0, level)))
        if self.rng.random() < self.RANDOM_SHARE:
            return self.rng.choice(cards)
        return _at(cards, _bid(total, cards, deck_left, self.rng.uniform(-0.2, 0.2)))


def _habits(played: Sequence[int], revealed: Sequence[int]) -> list[tuple[int, float]]:
    """How a player has bid so far: for each manche played, the point card revealed and where
    the card played stood in the hand then (0: lowest, 1: highest)."""
    out = []
    for k, card in enumerate(played):
        held = sorted(set(HAND) - set(played[:k]))
        if len(held) > 1 and k < len(revealed):
            out.append((revealed[k], held.index(card) / (len(held) - 1)))
    return out


def _wins(card: int, bids: list[int], high: bool) -> bool:
    """Whether ``card`` is the best value played once among ``card`` and ``bids``."""
    if card in bids:
        return False
    values = [*bids, card]
    unique = [x for x in values if values.count(x) == 1]
    return (max(unique) if high else min(unique)) == card


PLAYER_KINDS: dict[str, tuple[str, type[RandomPlayer] | type[CarefulPlayer]
                              | type[StrategistPlayer]]] = {
    "hasard": ("Au hasard", RandomPlayer),
    "prudent": ("Prudent (enchérit selon la valeur de la pile)", CarefulPlayer),
    "stratege": ("Stratège (se souvient des cartes jouées)", StrategistPlayer),
}

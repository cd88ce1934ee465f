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
from itertools import repeat, starmap
from typing import NamedTuple

from tutor.engine.api import Seed
from tutor.engine.bots import RandomPlayer as RandomPlayer
from tutor.engine.bots import below, bot_rng
from tutor.games.vautours.state import HAND, POINT_CARDS, Play, View

_BY_SIZE = tuple(sorted(POINT_CARDS, key=abs, reverse=True))
"""The point cards, the biggest (in absolute value) first."""


def _level(total: int, revealed: Sequence[int]) -> float:
    """Where in a hand (0: lowest card, 1: highest) a pile worth ``total`` deserves a bid,
    relative to the point cards still to come (those not ``revealed``): to the biggest of
    them, in absolute value."""
    scale = 1  # max(abs(total), the biggest card to come, 1)
    for c in _BY_SIZE:
        if c not in revealed:
            scale = abs(c)
            break
    if abs(total) > scale:
        scale = abs(total)
    if total >= 0:
        return total / scale
    return 0.35 + 0.5 * (-total / scale)


def _bid(level: float, noise: float) -> float:
    """The bid at ``level`` moved by ``noise``, kept between 0 and 1."""
    bid = level + noise
    return 0.0 if bid <= 0.0 else bid if bid < 1.0 else 1.0  # min(1.0, max(0.0, bid))


class CarefulPlayer:
    """Bids a card in proportion to the pile's value (« Prudent »).

    Big Suricate piles deserve high cards, small ones low cards; against a Vautour pile it plays
    high enough not to be the lowest, the more so the worse the vulture. Seeded noise keeps two
    careful players from always choosing the same card.
    """

    #: it reads the pile's total and the point cards revealed, none of the seats' rows: a
    #: hint's playouts hand it the game's lighter view (``glance``)
    GLANCES = True

    def __init__(self, *, seed: Seed = 0) -> None:
        self.rng = bot_rng(seed)

    def choose(self, view: View, legal: Sequence[Play]) -> Play:
        # the legal plays come sorted by card: the card at a level is the play at that place
        return legal[careful_place(_level(view.total, view.revealed), self.rng.random(),
                                   len(legal))]


def careful_place(level: float, draw: float, size: int) -> int:
    """The place, in a hand of ``size`` cards sorted, of the card a careful player bids on a
    pile of ``level`` (:func:`_level`), ``draw`` being its generator's next ``random()``: the
    level moved by ``rng.uniform(-0.2, 0.2)`` (that number, by uniform's formula), kept between
    0 and 1 (:func:`_bid`): what :meth:`CarefulPlayer.choose` plays."""
    return round(_bid(level, -0.2 + (0.2 - -0.2) * draw) * (size - 1))


def _unseen(view: View) -> list[int]:
    """The point cards not revealed yet."""
    seen = set(view.revealed)
    return [c for c in POINT_CARDS if c not in seen]


class _Opponent(NamedTuple):
    """What a strategist knows of one opponent for one decision: the ``cards`` they may still
    hold (sorted), the ``levels`` of their habits (:func:`_habits`, in order), how often to
    follow them (``share``) and the three habits on the piles nearest in value to this one
    (``nearest``), in order of distance: each as the places in ``levels`` of the habits at its
    distance and its rank among them (habits at one distance come in random order)."""

    cards: list[int]
    levels: list[float]
    share: float
    nearest: list[tuple[list[int], int]]


def _opponent(cards: list[int], past: list[tuple[int, float]], total: int) -> _Opponent:
    """The :class:`_Opponent` holding ``cards`` with the habits ``past``, on a pile worth
    ``total``."""
    groups: dict[int, list[int]] = {}
    for place, (card, _) in enumerate(past):
        groups.setdefault(abs(card - total), []).append(place)
    nearest = [(groups[d], k) for d in sorted(groups) for k in range(len(groups[d]))][:3]
    return _Opponent(cards, [level for _, level in past], len(past) / (len(past) + 2), nearest)


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
        deck_left = _unseen(view)
        total = view.total
        future = sum(abs(c) for c in deck_left) / max(1, len(deck_left))
        level = _level(total, view.revealed)
        opponents = []
        for p in view.players:
            if p.name != me.name:
                opponents.append(_opponent([c for c in HAND if c not in p.played],
                                           _habits(p.played, view.revealed), total))
        target = round(_bid(level, 0.0) * (len(hand) - 1))
        near = hand[max(0, target - self.REACH):target + self.REACH + 1]
        # only the cards near the careful bid are weighed: count how often each takes the pile
        wins = dict.fromkeys(near, 0)
        high = total >= 0
        for bids in self._imagine(opponents, level):
            for card in _takers(near, bids, high):
                wins[card] += 1
        # (total * wins: the sum of the pile's value over the samples won, exactly)
        value = {c: total * wins[c] / self.SAMPLES
                 - self.COST * future * hand.index(c) / (len(hand) - 1) for c in near}
        top = max(value.values())
        # players of one level reason alike and would keep cancelling each other's cards: pick
        # among the near-best cards at random (seeded), so that a table of them is not beaten
        # by a trivial strategy (1, 2, …, 15 in order)
        close = [c for c in near if value[c] >= top - self.SPREAD * (abs(total) + 1)]
        best = self.rng.choice(close)
        return next(a for a in legal if a.card == best)

    def _imagine(self, opponents: list[_Opponent], level: float) -> list[list[int]]:
        """``SAMPLES`` times, the cards ``opponents`` might play on this pile (``level``: the
        careful bid on it)."""
        random, getrandbits = self.rng.random, self.rng.getrandbits
        samples = []
        for _ in range(self.SAMPLES):
            bids = []
            for cards, levels, share, nearest in opponents:
                if levels and random() < share:
                    # one of its three habits on the piles nearest in value, ties in random
                    # order: a random number for each habit, then the one followed
                    drawn = list(starmap(random, repeat((), len(levels))))
                    places, k = nearest[below(getrandbits, len(nearest))]  # choice(nearest)
                    place = (places[0] if len(places) == 1
                             else sorted(places, key=drawn.__getitem__)[k])
                    # levels[place] + rng.uniform(-0.1, 0.1), uniform's documented formula
                    bid = levels[place] + (-0.1 + (0.1 - -0.1) * random())
                elif random() < self.RANDOM_SHARE:
                    bids.append(cards[below(getrandbits, len(cards))])  # rng.choice(cards)
                    continue
                else:
                    bid = level + (-0.2 + (0.2 - -0.2) * random())  # rng.uniform(-0.2, 0.2)
                # the card at that level of its hand (0: lowest, 1: highest), the level kept
                # between 0 and 1 as _bid does (spelt out: this is the strategist's inner loop)
                bids.append(cards[round((0.0 if bid <= 0.0 else bid if bid < 1.0 else 1.0)
                                        * (len(cards) - 1))])
            samples.append(bids)
        return samples


def _habits(played: Sequence[int], revealed: Sequence[int]) -> list[tuple[int, float]]:
    """How a player has bid so far: for each manche played, the point card revealed and where
    the card played stood in the hand then (0: lowest, 1: highest)."""
    out = []
    held = list(HAND)
    for k, card in enumerate(played):
        if len(held) > 1 and k < len(revealed):
            out.append((revealed[k], held.index(card) / (len(held) - 1)))
        if card in held:
            held.remove(card)
    return out


def _takers(cards: Sequence[int], bids: list[int], high: bool) -> list[int]:
    """Those of ``cards`` that would take the pile against ``bids``: the best value played once
    (``high``: the highest), a card equal to a bid cancelled with it."""
    unique = [b for b in bids if bids.count(b) == 1]
    if not unique:
        return [c for c in cards if c not in bids]
    if high:
        bar = max(unique)
        return [c for c in cards if c > bar and c not in bids]
    bar = min(unique)
    return [c for c in cards if c < bar and c not in bids]


PLAYER_KINDS: dict[str, tuple[str, type[RandomPlayer] | type[CarefulPlayer]
                              | type[StrategistPlayer]]] = {
    "hasard": ("Au hasard", RandomPlayer),
    "prudent": ("Prudent (enchérit selon la valeur de la pile)", CarefulPlayer),
    "stratege": ("Stratège (se souvient des cartes jouées)", StrategistPlayer),
}

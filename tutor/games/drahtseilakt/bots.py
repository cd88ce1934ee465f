"""Drahtseilakt's computer players. They are handed their seat's :class:`View` and the legal
actions only, never the state: what they know is what a player at the table knows (their hand,
the cards of this trick and of the finished tricks of this manche, the score cards turned, every
player's sticks and the reserve)."""

from __future__ import annotations

import functools
import math
from bisect import bisect_left
from collections.abc import Callable, Sequence

from tutor.engine.api import Seed
from tutor.engine.bots import RandomPlayer as RandomPlayer
from tutor.engine.bots import bot_rng
from tutor.games.drahtseilakt.core import (
    HAND_SIZE,
    NUMBER_CARDS,
    SCORE_VALUES,
    TRICKS,
    ScoreCard,
)
from tutor.games.drahtseilakt.engine import Play, View


def _all_below(below: int, size: int, draws: int) -> float:
    """Chance that ``draws`` cards taken at random among ``size`` are all among ``below``."""
    p = 1.0
    for j in range(draws):
        if size - j <= 0:
            break
        p *= max(0, below - j) / (size - j)
    return p


class _Tables(dict[tuple[int, int, int], tuple[tuple[float, ...], tuple[float, ...]]]):
    """For each ``(size, waiting, others)`` and ``below`` = 0 to ``size``: the chance that the
    ``waiting`` cards still to come this trick, drawn among the ``size`` cards still out, are
    all among ``below`` of them (:func:`_all_below`), and ``(below / share) ** others``
    (``share``: ``size``, or 1 when nothing is left): the chance that ``others`` cards, each
    drawn from the cards still out, are all under a card with ``below`` of them under it.
    Computed on the first lookup of each key (a lookup that finds them calls no Python code)."""

    def __missing__(self, key: tuple[int, int, int]
                    ) -> tuple[tuple[float, ...], tuple[float, ...]]:
        size, waiting, others = key
        share = size or 1
        tables = self[key] = (tuple(_all_below(b, size, waiting) for b in range(size + 1)),
                              tuple((b / share) ** others for b in range(size + 1)))
        return tables


_TABLES = _Tables()


@functools.lru_cache(maxsize=4096)
def _mean_left(revealed: tuple[ScoreCard, ...]) -> float:
    """The mean of the score values 1 to 9 not among ``revealed`` (0 when none is left)."""
    turned = {c for c in revealed if type(c) is int}
    future = [v for v in SCORE_VALUES if v not in turned]
    return sum(future) / len(future) if future else 0.0


class CarefulPlayer:
    """A careful player reasoning from public information only.

    For each card, it estimates the chance of being the highest or the lowest of the trick (the
    cards still unseen this manche are spread at random among the players still to play) and
    what the sticks would cost once pairs are given back (a blue stick is welcome to a player
    holding reds); then it adds what keeping the card would cost later: a card that will be
    extreme among the cards still out is a liability, weighted by the average score card still
    to come. It plays the cheapest card (a tiny random amount, drawn for every card in turn,
    settles near ties)."""

    def __init__(self, *, seed: Seed = 0, foresight: float = 1.0) -> None:
        self.rng = bot_rng(seed)
        self.foresight = foresight

    def choose(self, view: View, legal: Sequence[Play]) -> Play:
        options = legal if type(legal) is tuple else list(legal)
        seat, stake, players = view.seat, view.stake, view.players
        for me in players:  # :meth:`View.me`, inline
            if me.name == seat:
                break
        else:
            return options[0]  # the teacher's view
        if me.hand is None or stake is None or len(options) == 1:
            return options[0]
        trick = [c for p, c in view.trick if c is not None and p != seat] if view.trick else []
        k = careful_choice([a.card for a in options], trick, view.played_this_manche,
                           len(players), view.unseen_count, me.red, me.blue, stake,
                           view.reserve, view.variant.supply == "finite", view.trick_number,
                           view.revealed, self.foresight, self.rng.random)
        return options[k]


def careful_choice(cards: Sequence[int], trick: Sequence[int], played: Sequence[int], n: int,
                   unseen_count: int, red: int, blue: int, stake: tuple[int, bool, bool],
                   reserve: tuple[int, int], finite: bool, trick_number: int,
                   revealed: Sequence[ScoreCard], foresight: float,
                   noise: Callable[[], float]) -> int:
    """The place in ``cards`` (the seat's hand, in the legal order) of the card a careful
    player lays (:class:`CarefulPlayer`), from what its seat sees: the ``trick``'s cards of the
    others shown to it, the cards ``played`` in the finished tricks of this manche, the number
    of players ``n`` and of cards out of the deal, its sticks, the ``stake``, the ``reserve``
    (red, blue), whether it is ``finite``, the trick's number (from 1), the score cards
    ``revealed``; ``noise`` draws the tiny random amount added to every card's score, in
    turn (the player's generator): what :meth:`CarefulPlayer.choose` plays."""
    # the cards seen: this seat's, those played this manche; the others are still out
    seen = sorted({*cards, *played, *trick})
    # the others whose card this seat has not seen (a card in the trick is shown on its
    # player's row too)
    waiting = n - 1 - len(trick)
    # the cards in play (:meth:`View.cards_in_play`): 9 dealt to each seat, the rest unseen
    size = HAND_SIZE * n + unseen_count - len(seen)
    value, pays_blue, pays_red = stake
    red_left, blue_left = reserve
    later = TRICKS - trick_number
    get_blue = min(value, blue_left) if finite else value
    get_red = min(value, red_left) if finite else value
    now = abs(red - blue)
    cost_blue = (abs(red - blue - get_blue) - now) if pays_blue else 0
    cost_red = (abs(red + get_red - blue) - now) if pays_red else 0
    # the score cards still to come: what an extreme card kept for later will cost
    mean = _mean_left(tuple(revealed))
    later_blue = abs(red - blue - mean) - now
    later_red = abs(red + mean - blue) - now
    alone, kept = _TABLES[size, waiting, n - 1]
    best = math.inf  # every score is below it (a nan score never is: the first option stays)
    choice = 0
    # no card played yet: every card is above a top of 0 and below a bottom past the deck
    top = max(trick) if trick else 0
    bottom = min(trick) if trick else len(NUMBER_CARDS) + 1
    for k, c in enumerate(cards):
        # the cards out under c: the cards in play are 1 to N, c - 1 of them under c
        below = c - 1 - bisect_left(seen, c)
        above = size - below
        p_high = alone[below] if c > top else 0.0
        p_low = alone[above] if c < bottom else 0.0
        risk = p_high * cost_blue + p_low * cost_red
        # kept, c is played in a later trick against the n - 1 cards still out
        keep = (kept[below] * later_blue + kept[above] * later_red) if later else 0.0
        # uniform(0, 0.01) is 0 + (0.01 - 0) * random(): the same number
        score = risk - foresight * keep + 0.01 * noise()
        if score < best:
            best, choice = score, k
    return choice


PLAYER_KINDS: dict[str, tuple[str, type[RandomPlayer] | type[CarefulPlayer]]] = {
    "hasard": ("Au hasard", RandomPlayer),
    "prudent": ("Prudent (garde le moins de bâtonnets possible, maintenant et pour la suite)",
                CarefulPlayer),
}

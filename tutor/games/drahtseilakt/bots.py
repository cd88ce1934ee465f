"""Drahtseilakt's computer players. They are handed their seat's :class:`View` and the legal
actions only, never the state: what they know is what a player at the table knows (their hand,
the cards of this trick and of the finished tricks of this manche, the score cards turned, every
player's sticks and the reserve)."""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Sequence

from tutor.engine.api import Seed
from tutor.engine.bots import RandomPlayer as RandomPlayer
from tutor.engine.bots import bot_rng
from tutor.games.drahtseilakt.core import SCORE_VALUES, TRICKS
from tutor.games.drahtseilakt.engine import Play, View


def _all_below(below: int, size: int, draws: int) -> float:
    """Chance that ``draws`` cards taken at random among ``size`` are all among ``below``."""
    p = 1.0
    for j in range(draws):
        if size - j <= 0:
            break
        p *= max(0, below - j) / (size - j)
    return p


class CarefulPlayer:
    """A careful player reasoning from public information only.

    For each card, it estimates the chance of being the highest or the lowest of the trick (the
    cards still unseen this manche are spread at random among the players still to play) and
    what the sticks would cost once pairs are given back (a blue stick is welcome to a player
    holding reds); then it adds what keeping the card would cost later: a card that will be
    extreme among the cards still out is a liability, weighted by the average score card still
    to come. It plays the cheapest card."""

    def __init__(self, *, seed: Seed = 0, foresight: float = 1.0) -> None:
        self.rng = bot_rng(seed)
        self.foresight = foresight

    def choose(self, view: View, legal: Sequence[Play]) -> Play:
        options = list(legal)
        me = view.me()
        if me is None or me.hand is None or view.stake is None or len(options) == 1:
            return options[0]
        n = len(view.players)
        trick = [c for p, c in view.trick if c is not None and p != view.seat]
        mine = set(me.hand)
        gone = set(view.played_this_manche) | set(trick)
        pool = sorted(c for c in view.cards_in_play() if c not in mine and c not in gone)
        waiting = sum(1 for p in view.players if p.name != view.seat
                      and (p.played is None))
        size = len(pool)
        red, blue = me.red, me.blue
        value, pays_blue, pays_red = view.stake
        red_left, blue_left = view.reserve
        finite = view.variant.supply == "finite"
        later = TRICKS - view.trick_number
        get_blue = min(value, blue_left) if finite else value
        get_red = min(value, red_left) if finite else value
        now = abs(red - blue)
        cost_blue = (abs(red - blue - get_blue) - now) if pays_blue else 0
        cost_red = (abs(red + get_red - blue) - now) if pays_red else 0
        # the score cards still to come: what an extreme card kept for later will cost
        turned = {c for c in view.revealed if type(c) is int}
        future = [v for v in SCORE_VALUES if v not in turned]
        mean = sum(future) / len(future) if future else 0.0
        later_blue = abs(red - blue - mean) - now
        later_red = abs(red + mean - blue) - now
        others = n - 1
        best: tuple[float, int] | None = None
        choice = options[0]
        top, bottom = max(trick, default=None), min(trick, default=None)
        for action in options:
            c = action.card
            below = bisect_left(pool, c)  # the pool is sorted: the cards under c
            above = size - below
            p_high = _all_below(below, size, waiting) if top is None or c > top else 0.0
            p_low = _all_below(above, size, waiting) if bottom is None or c < bottom else 0.0
            risk = p_high * cost_blue + p_low * cost_red
            # kept, c is played in a later trick against ``others`` cards still out
            share = size or 1
            keep = ((below / share) ** others * later_blue
                    + (above / share) ** others * later_red) if later else 0.0
            score = risk - self.foresight * keep + self.rng.uniform(0, 0.01)
            if best is None or score < best[0]:
                best, choice = (score, c), action
        return choice


PLAYER_KINDS: dict[str, tuple[str, type[RandomPlayer] | type[CarefulPlayer]]] = {
    "hasard": ("Au hasard", RandomPlayer),
    "prudent": ("Prudent (évite d’être le plus fort ou le plus faible)", CarefulPlayer),
}

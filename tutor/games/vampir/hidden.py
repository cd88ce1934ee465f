"""Vampir: a full state from one seat's view (what hints play from).

A seat sees the cards under the locations, every hunt shown, its own hand, the hand sizes, the
deck size and the cards just taken. It cannot see the other hands, the face-down deck, the
cards out of the game (replaced hunts, unused cards) and the two cards another player has just
drawn: :func:`sample_state` deals them at random among the cards it does not see, and shuffles
the later manches anew.
"""

from __future__ import annotations

import random
from collections import Counter

from tutor.engine import shuffled
from tutor.engine.core import Record

from .cards import FULL_SET, SHUFFLED, Card
from .state import State, View


def sample_state(view: View, rng: random.Random) -> State:
    """A state consistent with ``view`` (``view(state, view.seat) == view``): the cards the seat
    does not see dealt at random to the other hands (their sizes kept), the deck (its size kept)
    and out of the game; another player's two drawn cards picked from their hand."""
    seat = view.seat
    me = None if seat is None else view.player(seat)
    if me is None or me.hand is None:
        raise ValueError("La vue du professeur montre déjà tout : rien à redistribuer.")
    names = tuple(p.name for p in view.players)
    n = len(names)
    visible: Counter[Card] = Counter(me.hand)
    for cards in view.under:
        visible.update(cards)
    for p in view.players:
        for hunt in p.hunts:
            visible.update(hunt)
    pool = list((Counter(FULL_SET) - visible).elements())
    rng.shuffle(pool)
    hands = []
    for p in view.players:
        if p.name == seat:
            hands.append(me.hand)
        else:
            hands.append(tuple(sorted(pool.pop() for _ in range(p.hand_size))))
    deck = tuple(pool.pop() for _ in range(view.deck_size))
    removed = tuple(pool)
    turn = names.index(view.turn)
    pending = view.pending
    if pending is None:  # another player's draw: two cards of their hand
        hand = list(hands[turn])
        rng.shuffle(hand)
        pending = tuple(hand[:min(2, len(hand))])
    start = names.index(view.start)
    first = names[(start - (view.manche - 1)) % n]
    record = Record(tuple(shuffled(SHUFFLED, rng) for _ in range(view.manches)),
                    (("first", first),))
    return State(view.variant, names, record, view.manche, start, deck, view.under,
                 tuple(hands), tuple(p.hunts for p in view.players), removed, turn, view.phase,
                 pending, view.results)

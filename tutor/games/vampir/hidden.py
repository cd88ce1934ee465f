"""Vampir: a full state from one seat's view (what hints play from).

A seat sees the cards under the locations, every hunt shown, its own hand, the hand sizes, the
deck size and the cards just taken. It cannot see the other hands, the face-down deck, the
cards out of the game (replaced hunts, unused cards) and the two cards another player has just
drawn: :meth:`Hidden.sample_state` deals them at random among the cards it does not see, and
shuffles the later manches anew.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import NamedTuple

from tutor.engine import shuffled
from tutor.engine.core import Record, last_only

from .cards import FULL_SET, SHUFFLED, Card
from .state import State, View


class _Setup(NamedTuple):
    """What :meth:`Hidden.sample_state` reads of one view, worked out once: a hint samples the same
    view hundreds of times."""

    names: tuple[str, ...]
    hand: tuple[Card, ...]  # the seat's own
    pool: tuple[Card, ...]  # the cards the seat does not see, in :data:`.cards.FULL_SET` order
    sizes: tuple[int | None, ...]  # each other player's hand size (None: the seat's own)
    first: str  # who began the first manche


@last_only
def _setup(view: View) -> _Setup:
    """The part of :meth:`Hidden.sample_state` that depends on the view only (checked here)."""
    seat = view.seat
    me = None if seat is None else view.player(seat)
    if me is None or me.hand is None:
        raise ValueError("La vue du professeur montre déjà tout : rien à redistribuer.")
    names = tuple(p.name for p in view.players)
    visible: Counter[Card] = Counter(me.hand)
    for cards in view.under:
        visible.update(cards)
    for p in view.players:
        for hunt in p.hunts:
            visible.update(hunt)
    start = names.index(view.start)
    setup = _Setup(names, me.hand, tuple((Counter(FULL_SET) - visible).elements()),
                   tuple(None if p.name == seat else p.hand_size for p in view.players),
                   names[(start - (view.manche - 1)) % len(names)])
    return setup


class Hidden:
    """What a seat cannot see, as a method of the game's class (:class:`~.game.Vampir`): a full
    state drawn from its view."""

    def sample_state(self, view: View, rng: random.Random) -> State:
        """A state consistent with ``view`` (``view(state, view.seat) == view``): the cards the
        seat does not see dealt at random to the other hands (their sizes kept), the deck (its
        size kept) and out of the game; another player's two drawn cards picked from their
        hand."""
        names, mine, pool_, sizes, first = _setup(view)
        pool = list(shuffled(pool_, rng))  # (as rng.shuffle(list(pool_)) draws, faster)
        hands = [mine if size is None else tuple(sorted(pool.pop() for _ in range(size)))
                 for size in sizes]
        deck = tuple(pool.pop() for _ in range(view.deck_size))
        removed = tuple(pool)
        turn = names.index(view.turn)
        pending = view.pending
        if pending is None:  # another player's draw: two cards of their hand
            hand = list(hands[turn])
            rng.shuffle(hand)
            pending = tuple(hand[:min(2, len(hand))])
        record = Record(tuple(shuffled(SHUFFLED, rng) for _ in range(view.manches)),
                        (("first", first),))
        return State(view.variant, names, record, view.manche, names.index(view.start), deck,
                     view.under, tuple(hands), tuple(p.hunts for p in view.players), removed,
                     turn, view.phase, pending, view.results)

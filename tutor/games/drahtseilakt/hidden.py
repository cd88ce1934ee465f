"""Drahtseilakt: a full state from one seat's view (what hints play from).

A seat sees its hand, the cards played this manche (the current trick, the finished tricks), the
score cards turned, everybody's sticks and scores. It cannot see the other hands, the cards out
of the deal, the order of the score cards still face down, the later manches' deals and, in the
chaotic variant, the cards the others have chosen for this trick: :func:`sample_state` draws
them at random among the cards it does not see.
"""

from __future__ import annotations

import random
from collections.abc import Hashable

from tutor.engine import shuffled
from tutor.engine.core import Record
from tutor.games.drahtseilakt.core import HAND_SIZE, SCORE_CARDS, number_cards
from tutor.games.drahtseilakt.engine import FIRST_DEALER, State, View


def sample_state(view: View, rng: random.Random) -> State:
    """A state consistent with ``view`` (``view(state, view.seat) == view``) for a game in
    progress: the unseen number cards dealt at random to the other hands (their sizes kept) and
    out of the deal, the face-down score cards shuffled, the later manches shuffled anew."""
    seat = view.seat
    me = view.me()
    if seat is None or me is None or me.hand is None:
        raise ValueError("La vue du professeur montre déjà tout : rien à redistribuer.")
    if view.over:
        raise ValueError("La partie est finie : plus rien de caché à redistribuer.")
    assert view.stake is not None and view.leader is not None
    names = tuple(p.name for p in view.players)
    n = len(names)
    manche = view.manche - 1
    cards = number_cards(view.variant, n)
    trick = dict(view.trick)
    seen = {*me.hand, *view.played_this_manche, *(c for c in trick.values() if c is not None)}
    pool = [c for c in cards if c not in seen]
    rng.shuffle(pool)
    hands: list[tuple[int, ...]] = []
    chosen: dict[str, int] = {}
    for p in view.players:
        if p.name == seat:
            hands.append(me.hand)
            continue
        hand = tuple(sorted(pool.pop() for _ in range(p.hand_size)))
        hands.append(hand)
        if p.has_played and trick.get(p.name) is None:
            chosen[p.name] = pool.pop()
    unseen = tuple(pool)
    assert len(unseen) == view.unseen_count
    played = tuple((p, c if c is not None else chosen[p]) for p, c in view.trick)
    # the recorded deal of this manche: each seat's nine cards (hand, trick card, its share of
    # the finished tricks: which card was whose does not matter to the position), then the rest
    discard = list(view.played_this_manche)
    tricks = view.trick_number - 1
    dealt: list[int] = []
    for i, name in enumerate(names):
        own = [*hands[i], *(c for p, c in played if p == name)]
        take = HAND_SIZE - len(own)
        own += discard[:take]
        del discard[:take]
        dealt += own
    rest = [c for c in SCORE_CARDS if c not in view.revealed]
    rng.shuffle(rest)
    score_deck = tuple(rest)
    drawn: list[tuple[Hashable, ...]] = []
    for k in range(n):
        if k == manche:
            drawn += [tuple(dealt) + unseen, tuple(view.revealed) + score_deck]
        else:
            drawn += [shuffled(cards, rng), shuffled(SCORE_CARDS, rng)]
    first_dealer = (names.index(view.dealer) - manche) % n
    record = Record(tuple(drawn), ((FIRST_DEALER, first_dealer),))
    return State(
        view.variant, names, record, first_dealer, manche, tuple(hands), score_deck,
        view.revealed, view.stake, names.index(view.leader), played, tricks,
        view.played_this_manche, tuple(p.red for p in view.players),
        tuple(p.blue for p in view.players), tuple(p.history for p in view.players),
        tuple(p.cancelled for p in view.players))

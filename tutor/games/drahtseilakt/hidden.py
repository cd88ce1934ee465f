"""Drahtseilakt: a full state from one seat's view (what hints play from).

A seat sees its hand, the cards played this manche (the current trick, the finished tricks), the
score cards turned, everybody's sticks and scores. It cannot see the other hands, the cards out
of the deal, the order of the score cards still face down, the later manches' deals and, in the
chaotic variant, the cards the others have chosen for this trick: :meth:`Hidden.sample_state`
draws them at random among the cards it does not see.
"""

from __future__ import annotations

import random
from collections.abc import Hashable
from typing import NamedTuple

from tutor.engine import shuffled
from tutor.engine.core import Record, last_only
from tutor.games.drahtseilakt.core import HAND_SIZE, SCORE_CARDS, ScoreCard, Stake, number_cards
from tutor.games.drahtseilakt.engine import FIRST_DEALER, Play, State, View


class _Setup(NamedTuple):
    """What :meth:`Hidden.sample_state` reads of one view, worked out once: a hint samples the same
    view hundreds of times."""

    hand: tuple[int, ...]
    names: tuple[str, ...]
    manche: int
    cards: tuple[int, ...]
    pool: tuple[int, ...]  # the number cards the seat does not see, in order
    seats: tuple[tuple[str, bool, int, bool, tuple[int, ...]], ...]
    # per seat: name, whether it is the seat's own, hand size, whether its card for this trick
    # is hidden (to be drawn), its share of the finished tricks in the recorded deal
    rest: tuple[ScoreCard, ...]  # the face-down score cards, in order
    first_dealer: int
    leader: int
    stake: Stake
    red: tuple[int, ...]
    blue: tuple[int, ...]
    history: tuple[tuple[int, ...], ...]
    cancelled: tuple[tuple[int, ...], ...]


@last_only
def _setup(view: View) -> _Setup:
    """The part of :meth:`Hidden.sample_state` that depends on the view only (checked here)."""
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
    pool = tuple(c for c in cards if c not in seen)
    assert len(pool) - sum(p.hand_size + (p.has_played and trick.get(p.name) is None)
                           for p in view.players if p.name != seat) == view.unseen_count
    # the recorded deal of this manche: each seat's nine cards (hand, trick card, its share of
    # the finished tricks: which card was whose does not matter to the position), then the rest
    discard = list(view.played_this_manche)
    seats = []
    for p in view.players:
        take = HAND_SIZE - p.hand_size - (p.name in trick)
        seats.append((p.name, p.name == seat, p.hand_size,
                      p.has_played and trick.get(p.name) is None, tuple(discard[:take])))
        del discard[:take]
    setup = _Setup(
        me.hand, names, manche, cards, pool, tuple(seats),
        tuple(c for c in SCORE_CARDS if c not in view.revealed),
        (names.index(view.dealer) - manche) % n, names.index(view.leader), view.stake,
        tuple(p.red for p in view.players), tuple(p.blue for p in view.players),
        tuple(p.history for p in view.players), tuple(p.cancelled for p in view.players))
    return setup


class Hidden:
    """What a seat cannot see, as methods of the game's class (:class:`~.game.Drahtseilakt`): which
    of its actions one estimate serves, and a full state drawn from its view."""

    def hint_class(self, view: View, action: object) -> Hashable:
        """What ``view`` tells of ``action``: a card of the seat's hand is known by its rank among
        the cards that may still be played this manche. The rules compare number cards only by
        rank (blue sticks to the highest of a trick, red to the lowest, the highest leads next),
        and so do the computer players (what they weigh is how many cards still out lie under a
        card: :func:`.bots.careful_choice`). Two cards of the hand with no such card between them
        (every number between them is in the hand or was played in a finished trick of this
        manche; a card of the trick being played is still on the table) are exchangeable: playing
        one or the other gives the same game, card for card, the other one kept standing for it.
        One estimate serves such a run of cards, named by its lowest card."""
        me = view.me()
        if type(action) is not Play or me is None or me.hand is None or action.card not in me.hand:
            return action
        out = set(view.played_this_manche)
        hand = sorted(me.hand)
        i = hand.index(action.card)
        while i > 0 and all(x in out for x in range(hand[i - 1] + 1, hand[i])):
            i -= 1
        return "rang", action.seat, hand[i]

    def sample_state(self, view: View, rng: random.Random) -> State:
        """A state consistent with ``view`` (``view(state, view.seat) == view``) for a game in
        progress: the unseen number cards dealt at random to the other hands (their sizes kept) and
        out of the deal, the face-down score cards shuffled, the later manches shuffled anew."""
        s = _setup(view)
        pool = list(s.pool)
        rng.shuffle(pool)
        hands: list[tuple[int, ...]] = []
        chosen: dict[str, int] = {}
        for name, mine, size, hidden, _ in s.seats:
            if mine:
                hands.append(s.hand)
                continue
            # the last ``size`` cards of the shuffled pool (dealt from its end), sorted
            cut = len(pool) - size
            hands.append(tuple(sorted(pool[cut:])))
            del pool[cut:]
            if hidden:
                chosen[name] = pool.pop()
        unseen = tuple(pool)
        played = tuple((p, c if c is not None else chosen[p]) for p, c in view.trick)
        dealt: list[int] = []
        for i, (name, _, _, _, share) in enumerate(s.seats):
            dealt += hands[i]
            dealt += [c for p, c in played if p == name]
            dealt += share
        rest = list(s.rest)
        rng.shuffle(rest)
        score_deck = tuple(rest)
        drawn: list[tuple[Hashable, ...]] = []
        cards = s.cards
        for k in range(len(s.names)):
            if k == s.manche:
                drawn += [tuple(dealt) + unseen, view.revealed + score_deck]
            else:
                drawn += [shuffled(cards, rng), shuffled(SCORE_CARDS, rng)]
        record = Record(tuple(drawn), ((FIRST_DEALER, s.first_dealer),))
        return State(
            view.variant, s.names, record, s.first_dealer, s.manche, tuple(hands), score_deck,
            view.revealed, s.stake, s.leader, played, view.trick_number - 1,
            view.played_this_manche, s.red, s.blue, s.history, s.cancelled)

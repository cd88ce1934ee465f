"""Vaiko: a full state from one seat's view (what hints play from), the rules of :class:`Hidden`.

A seat sees the discard, the sizes of the pile and of every hand, and, slot by slot, the faces
it has seen and still tracks (its own cards and others' seen by a Vision), the card it drew.
Everything else is re-dealt by :meth:`Hidden.sample_state` among the cards it does not see: the
pile's order, the cards it never saw or has lost track of, another player's drawn card. What the
other players remember cannot be seen either: each is assumed to remember each of its own cards
with one chance in two (all of them after looking at its hand), the discard and the card it drew.

So the slots of one hand that show the seat the same face (two cards it has not seen, two 5s it
knows) are alike: :meth:`Hidden.hint_class` lets one hint serve every action that differs only by
them.
"""

from __future__ import annotations

import random
from collections.abc import Hashable

from tutor.engine.core import Record
from tutor.games.vaiko import state as vs
from tutor.games.vaiko.state import LOOKED, Action, State, View

SLOT_FIELDS: dict[type, tuple[tuple[str, str], ...]] = {
    vs.Peek: (("seat", "slot"),),
    vs.Swap: (("seat", "slot"),),
    vs.Match: (("seat", "slot"),),
    vs.Look: (("owner", "slot"),),
    vs.Exchange: (("owner_a", "slot_a"), ("owner_b", "slot_b")),
}
"""The actions that name a card by its slot: (owner field, slot field) of each card named."""


class Hidden:
    """What a seat cannot see, as methods of the game's class (:class:`~.game.Vaiko`): which of its
    actions one estimate serves, and a full state drawn from its view."""

    def hint_class(self, view: View, action: Action) -> Hashable:
        """What ``view`` tells of ``action``: a card named by its slot is known by its owner and the
        face the seat sees there (``None``: unseen), not by the slot's number. Two slots of one hand
        showing the same face are exchangeable for :meth:`sample_state` (it deals unseen cards at
        random and gives every other player's memory of each card the same chance) and for the
        computer players (they choose a card by its face, among unseen ones at random): actions
        that differ only by such slots have the same chances, and one estimate serves them all."""
        fields = SLOT_FIELDS.get(type(action))
        if fields is None:
            return action
        faces = {p.name: p.cards for p in view.players}
        cards = tuple((getattr(action, owner), faces[getattr(action, owner)][getattr(action, slot)])
                      for owner, slot in fields)
        return type(action).__name__, action.seat, cards

    def sample_state(self, view: View, rng: random.Random) -> State:
        """A state consistent with ``view`` (``view(state, view.seat) == view``): the faces the seat
        sees laid exactly, every other card dealt at random among the cards it does not see."""
        seat = view.seat
        if seat is None:
            raise ValueError("La vue du professeur montre déjà tout : rien à redistribuer.")
        deck = view.deck
        names = tuple(p.name for p in view.players)
        me = names.index(seat)
        free: dict[str, list[int]] = {}
        for k, card in enumerate(deck.cards):
            free.setdefault(card.face, []).append(k)

        def take(face: str) -> int:
            ids = free.get(face)
            if not ids:
                raise ValueError(f"La vue montre plus de cartes {face} que le paquet n’en compte.")
            return ids.pop(0)

        discard = tuple(take(f) for f in view.discard)
        slots = [[None if f is None else take(f) for f in p.cards] for p in view.players]
        drawn = None if view.drawn is None else take(view.drawn)
        pool = [k for ids in free.values() for k in ids]
        pool.sort()
        rng.shuffle(pool)
        seen = {k for hand in slots for k in hand if k is not None} | set(discard)
        if drawn is not None:
            seen.add(drawn)
        hands = tuple(tuple(pool.pop() if k is None else k for k in hand) for hand in slots)
        if view.has_drawn and drawn is None:
            drawn = pool.pop()
        pile = tuple(pool[:view.pile_size])  # a set-up may leave cards out of the game
        turn = names.index(view.turn)
        known = []
        for i, hand in enumerate(hands):
            if i == me:
                known.append(frozenset(seen))
                continue
            mine = {k for k in hand if rng.random() < 0.5}
            if view.phase == LOOKED and i == turn:
                mine = set(hand)
            if drawn is not None and i == turn and view.drawn_from == "deck":
                mine.add(drawn)
            known.append(frozenset(mine | set(discard)))
        acting = turn if view.acting is None else names.index(view.acting)
        return State(
            view.variant, names, deck,
            Record((), (("deck", deck),)), view.manche, names.index(view.starter),
            tuple(p.total for p in view.players), hands, pile, discard, tuple(known), view.phase,
            turn, acting, drawn, view.drawn_from, tuple(names.index(p) for p in view.window),
            None if view.caller is None else names.index(view.caller),
            seed=rng.getrandbits(48))

"""The special cards' effects (``vaiko/x2``, ``vaiko/vision``, ``vaiko/echange``): what a
discarded special card opens, and what Vision's look and Échange's swap do to the position.

A special card acts only when it lands on the discard: played in one's turn (drawn and thrown,
or swapped out of one's hand), or, by default, thrown in the immediate discard (Vision and
Échange; never ×2, which cannot be thrown there). Which turn phase follows is decided by
:mod:`.turns`.
"""

from __future__ import annotations

from tutor.games.vaiko.events import Exchanged, Looked, SpecialActs, SpecialIgnored
from tutor.games.vaiko.setup import Out
from tutor.games.vaiko.state import (
    C_EXCHANGE,
    C_MATCH,
    C_V_EFFECT,
    C_VISION,
    EXCHANGE,
    VISION,
    Exchange,
    Look,
    State,
    evolve,
)

ACTIVE = ("vision", "echange")  # effects that open a phase of their own


def learn(known: tuple[frozenset[int], ...], seats: tuple[int, ...],
          cards: tuple[int, ...]) -> tuple[frozenset[int], ...]:
    """``known`` after ``seats`` (distinct) have seen ``cards``."""
    new = list(known)
    for i in seats:
        new[i] = known[i] | frozenset(cards)
    return tuple(new)


def begin(state: State, i: int, card: int, out: Out, *, matched: bool = False) -> State:
    """Player ``i`` has discarded the special ``card`` (Vision or Échange): its effect opens.

    In the immediate discard it acts only under the default reading; under
    ``matched_special="no_effect"`` the state is returned unchanged (the caller goes on)."""
    c = state.deck.cards[card]
    seat = state.players[i]
    if matched and state.variant.matched_special == "no_effect":
        if out is not None:
            out.append(SpecialIgnored(seat=seat, effect=c.effect, face=c.face, clause=C_V_EFFECT))
        return state
    clause = C_MATCH if matched else (C_VISION if c.effect == "vision" else C_EXCHANGE)
    if out is not None:
        out.append(SpecialActs(seat=seat, effect=c.effect, face=c.face, matched=matched,
                               clause=clause))
    return evolve(state, phase=VISION if c.effect == "vision" else EXCHANGE, acting=i)


def look(state: State, action: Look, out: Out) -> State:
    """Vision: the acting player looks at one card, anyone's, and puts it back."""
    i = state.acting
    j = state.players.index(action.owner)
    card = state.hands[j][action.slot]
    if out is not None:
        out.append(Looked(seat=action.seat, owner=action.owner, slot=action.slot,
                          face=state.deck.cards[card].face, seen_by=(action.seat,),
                          clause=C_VISION))
    return evolve(state, known=learn(state.known, (i,), (card,)))


def exchange(state: State, action: Exchange, out: Out) -> State:
    """Échange: two cards of two different players change places, face down."""
    a = state.players.index(action.owner_a)
    b = state.players.index(action.owner_b)
    ca, cb = state.hands[a][action.slot_a], state.hands[b][action.slot_b]
    hands = list(state.hands)
    hands[a] = _put(hands[a], action.slot_a, cb)
    hands[b] = _put(hands[b], action.slot_b, ca)
    faces = state.deck.cards
    if out is not None:
        out.append(Exchanged(seat=action.seat, owner_a=action.owner_a, slot_a=action.slot_a,
                             owner_b=action.owner_b, slot_b=action.slot_b,
                             faces=(faces[ca].face, faces[cb].face), seen_by=(),
                             clause=C_EXCHANGE))
    return evolve(state, hands=tuple(hands))


def _put(hand: tuple[int, ...], slot: int, card: int) -> tuple[int, ...]:
    return hand[:slot] + (card,) + hand[slot + 1:]

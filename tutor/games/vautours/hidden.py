"""Stupides Vautours: a full state from one seat's view (what hints play from).

A seat sees the point cards revealed so far and every card each player has shown, manche by
manche: the winnings of every player follow from them (a player with a good memory knows them).
What it cannot see is the order of the point cards still face down and the card another player
has already laid face down this manche: :func:`sample_state` draws both at random.
"""

from __future__ import annotations

import functools
import random

from tutor.engine.api import Game
from tutor.engine.core import Record
from tutor.games.vautours.events import VautoursEvent
from tutor.games.vautours.state import HAND, POINT_CARDS, Play, State, Variant, View

Rules = Game[State, Play, View, VautoursEvent]


def sample_state(game: Rules, view: View, rng: random.Random) -> State:
    """A state consistent with ``view`` (``view(state, view.seat) == view``): the manches
    played replayed from the cards revealed and shown, the rest of the point cards shuffled,
    the face-down card of each other player who has chosen drawn from their hand."""
    seat = view.seat
    if seat is None:
        raise ValueError("La vue du professeur montre déjà tout : rien à redistribuer.")
    names = tuple(p.name for p in view.players)
    done = len(view.revealed) - (0 if view.over else 1)
    if len(view.revealed) + view.deck_size != len(POINT_CARDS) or any(
            len(p.played) != done for p in view.players):
        return _set_up(view, seat, rng)
    rest = [c for c in POINT_CARDS if c not in view.revealed]
    rng.shuffle(rest)
    # the manches played follow from the cards shown, whatever the order of those still face
    # down: replayed once per table, the order drawn here put in
    played = _replayed(game, names, view.variant, tuple(view.revealed),
                       tuple(p.played for p in view.players))
    state = played._replace(record=Record((tuple(view.revealed) + tuple(rest),)),
                            deck=tuple(rest))
    for p in view.players:
        if not p.has_chosen or view.over:
            continue
        if p.name == seat:
            card = p.chosen
        else:
            hand = [c for c in HAND if c not in p.played]
            card = hand[rng.randrange(len(hand))]
        assert card is not None
        state, _ = game.step(state, Play(p.name, card), False)
    return state


@functools.lru_cache(maxsize=64)
def _replayed(game: Rules, names: tuple[str, ...], variant: Variant,
              revealed: tuple[int, ...], played: tuple[tuple[int, ...], ...]) -> State:
    """The state after the manches whose cards are ``revealed`` and ``played`` (each player's
    shown cards, in order), the cards still face down in increasing order: the game's own
    steps (the cards shown were legal plays, so without the boundary's check)."""
    state = game.new_game(names, record=Record((revealed + tuple(
        c for c in POINT_CARDS if c not in revealed),)), variant=variant)
    for r in range(len(played[0])):
        for name, cards in zip(names, played, strict=True):
            state, _ = game.step(state, Play(name, cards[r]), False)
    return state


def _set_up(view: View, seat: str, rng: random.Random) -> State:
    """A position set up by hand (:func:`~.engine.situation`): its history is not on the table,
    so the point cards the seat does not see are dealt at random to the face-down deck and the
    others' winnings (their counts kept), and the other hands (their sizes kept) are drawn from
    the cards their players have not shown; as in a set-up, the cards left over are not in the
    game. Which cards a set-up leaves out is hidden too: the sample's ``inventory`` is not the
    set-up's, only a game's real states conserve it."""
    me = view.me()
    assert me.hand is not None and me.taken is not None
    pool = [c for c in POINT_CARDS if c not in view.revealed and c not in me.taken]
    rng.shuffle(pool)
    deck = tuple(pool.pop() for _ in range(view.deck_size))
    hands, chosen, taken = [], [], []
    for p in view.players:
        if p.name == seat:
            hands.append(me.hand)
            chosen.append(me.chosen)
            taken.append(me.taken)
            continue
        free = [c for c in HAND if c not in p.played]
        rng.shuffle(free)
        held = sorted(free[:p.hand_size])
        pick = held.pop(rng.randrange(len(held))) if p.has_chosen else None
        hands.append(tuple(held))
        chosen.append(pick)
        taken.append(tuple(pool.pop() for _ in range(p.taken_count)))
    n = len(view.players)
    return State(variant=view.variant, players=tuple(p.name for p in view.players),
                 record=Record((tuple(view.revealed) + deck,)), deck=deck, pile=view.pile,
                 hands=tuple(hands), chosen=tuple(chosen),
                 played=tuple(p.played for p in view.players), taken=tuple(taken),
                 lost=(), bonus=(0,) * n)

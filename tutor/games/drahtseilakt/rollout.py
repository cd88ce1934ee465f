"""Drahtseilakt: a hint's playout on plain lists (:meth:`~tutor.engine.api.Game.rollout`).

A « Conseil » plays thousands of manches to their end. Played through the contract, each card
builds a view, a tuple of legal plays and a new state; here, the same manche is played on plain
lists by the same computer players (« Au hasard », « Prudent »: :func:`.bots.careful_choice`
itself): each draws from its own seeded generator exactly what it draws when handed its view and
legal plays, so the playout gives the same points and winners, card for card, as
:func:`tutor.engine.hints.playout` (a test plays both on many positions).

The rules it applies are :mod:`.play`'s, on the same helpers: the turn in seating order or, in
the chaotic reading, the first seat that has not chosen (``drahtseilakt/jouer``,
``drahtseilakt/variante-chaotique``); the trick resolved by :func:`.core.resolve`'s rule, blue
sticks to the highest card then red to the lowest, cut to the reserve when it is finite and
pairs given back at once (the engine's own :func:`.play._give`), or pairs given back at the
manche's end (:func:`.core.unpaired`); the next score card turned (:func:`.core.turn`); at the
manche's end, a clean manche erasing the best earlier one (:func:`.core._cancellation`) and the
span of :func:`.play.span_outcome`: the manche's points, or the game's totals in its last
manche, the fewest winning (:func:`tutor.engine.core.best_totals`).
"""

from __future__ import annotations

from collections.abc import Sequence

from tutor.engine.bots import below
from tutor.engine.core import best_totals, generators
from tutor.engine.hints import Rollout
from tutor.games.drahtseilakt.bots import careful_choice
from tutor.games.drahtseilakt.core import (
    HAND_SIZE,
    STICKS_PER_COLOUR,
    TRICKS,
    _cancellation,
    turn,
    unpaired,
)
from tutor.games.drahtseilakt.engine import State
from tutor.games.drahtseilakt.play import _give

KINDS = ("hasard", "prudent")
"""The computer players this playout plays (the others are played through the contract)."""


def play(start: State, state: State, kind: str, seeds: Sequence[int]) -> Rollout | None:
    """Play ``state`` (reached from ``start`` by the action tried) to the end of ``start``'s
    manche, seat ``j``'s cards chosen by a computer player of ``kind`` seeded with
    ``seeds[j]``: the manche's points (the game's totals in its last manche), the winners, the
    number of cards played and whether the scores are the whole game's; ``None`` for a kind
    not in :data:`KINDS`, or when that manche is already over (nothing to play: the contract's
    playout answers at once)."""
    if kind not in KINDS or state.manche != start.manche:
        return None
    (variant, players, record, _, manche, hands_, deck, revealed, stake, leader, trick_, tricks,
     discard_, red_, blue_, history, cancelled) = state
    n = len(players)
    careful = kind == "prudent"
    rngs = generators(seeds)
    uniform = [r.random for r in rngs]
    getrandbits = [r.getrandbits for r in rngs]
    in_turn = variant.play == "in_turn"
    finite = variant.supply == "finite"
    at_once = variant.pairs == "immediate"
    unseen = len(record.shuffles[2 * manche]) - HAND_SIZE * n
    hands = [list(h) for h in hands_]
    red, blue = list(red_), list(blue_)
    discard = list(discard_)
    seats = [players.index(p) for p, _ in trick_]
    cards = [c for _, c in trick_]
    value, pays_blue, pays_red = stake
    steps = 0
    while True:
        if len(seats) < n:
            i = (leader + len(seats)) % n if in_turn else \
                next(j for j in range(n) if j not in seats)
            hand = hands[i]
            if careful and len(hand) == 1:  # (no choice: it draws nothing)
                card = hand[0]
            elif careful:
                # CarefulPlayer.choose: the others' cards shown (none in the chaotic reading)
                left_red, left_blue = STICKS_PER_COLOUR - sum(red), STICKS_PER_COLOUR - sum(blue)
                card = hand[careful_choice(
                    hand, cards if in_turn else (), discard, n, unseen, red[i], blue[i],
                    (value, pays_blue, pays_red),
                    (left_red if left_red > 0 else 0, left_blue if left_blue > 0 else 0),
                    finite, tricks + 1, revealed, 1.0, uniform[i])]
            else:  # RandomPlayer.choose: rng.choice of the hand
                card = hand[below(getrandbits[i], len(hand))]
            hand.remove(card)
            seats.append(i)
            cards.append(card)
            steps += 1
            continue
        # the trick is complete: blue to the highest card, red to the lowest (the engine's
        # own hand-out, on these lists)
        high, low = seats[cards.index(max(cards))], seats[cards.index(min(cards))]
        if pays_blue:
            _give(variant, players, red, blue, high, "blue", value, [], False)
        if pays_red:
            _give(variant, players, red, blue, low, "red", value, [], False)
        tricks += 1
        if tricks == TRICKS:
            break
        value, pays_blue, pays_red, turned, deck, _ = turn(deck, False)
        revealed += turned
        discard += cards
        leader, seats, cards = high, [], []
    if not at_once:
        for j in range(n):
            red[j], blue[j] = unpaired(red[j], blue[j])
    scores = [r + b for r, b in zip(red, blue, strict=True)]
    points = {}
    totals = {}
    for j, name in enumerate(players):
        gone = cancelled[j]
        if manche > 0 and scores[j] == 0:  # a clean manche erases the best earlier one
            found = _cancellation(history[j], gone)
            if found is not None:
                gone = (*gone, found)
        points[name] = scores[j] - sum(history[j][k] for k in gone if k not in cancelled[j])
        totals[name] = sum(s for k, s in enumerate((*history[j], scores[j])) if k not in gone)
    whole = manche >= n - 1
    out = totals if whole else points
    return out, best_totals(out, lowest=True)[0], steps, whole

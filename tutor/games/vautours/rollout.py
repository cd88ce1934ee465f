"""Stupides Vautours: a hint's playout on plain lists (:meth:`~tutor.engine.api.Game.rollout`).

A « Conseil » plays thousands of games to their end. Played through the contract, each decision
builds a view, a tuple of legal plays and a new state; here, the same game is played on plain
lists, by the same computer players (« Au hasard », « Prudent »): each draws from its own seeded
generator exactly what it draws when handed its view and legal plays, so the playout gives the
same scores and winners, action for action, as :func:`tutor.engine.hints.playout` (a test plays
both on many positions). The rules it applies are :mod:`.engine`'s own: one card per seat and
manche (``vautours/choix``), the pile to the best card played once (:func:`_taker`, the rule
of :func:`tutor.engine.core.unique_extreme`), an unattributed pile carried over or, after the
last manche, lost or shared (``vautours/derniere-manche``), the winners by
:func:`.score.decide`.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from tutor.engine.bots import below
from tutor.games.vautours.bots import _level
from tutor.games.vautours.score import decide
from tutor.games.vautours.state import State

KINDS = ("hasard", "prudent")
"""The computer players this playout plays (the others are played through the contract)."""


def _taker(laid: list[int], high: bool, limit: int | None) -> int | None:
    """The seat whose card takes the pile: the best value laid by one seat only (the highest
    when ``high``), values laid by several seats cancelled first, at most ``limit`` of them
    (``None``: no limit); ``None`` when nobody takes it."""
    best = max(laid) if high else min(laid)
    if laid.count(best) == 1:
        return laid.index(best)
    cancelled = 0
    for value in sorted(set(laid), reverse=high):
        if laid.count(value) == 1:
            return laid.index(value)
        if limit is not None and cancelled >= limit:
            return None
        cancelled += 1
    return None


def play(state: State, kind: str, seeds: Sequence[int]
         ) -> tuple[dict[str, int], tuple[str, ...], int, bool] | None:
    """Play ``state`` to the end of the game, seat ``j``'s choices made by a computer player of
    ``kind`` seeded with ``seeds[j]``: the final scores, the winners, the number of choices made
    and ``True`` (a hint looks at the whole game); ``None`` for a kind not in :data:`KINDS`."""
    if kind not in KINDS:
        return None
    variant, players, record, deck_, pile_, hands_, chosen, _, taken_, _, bonus_ = state
    careful = kind == "prudent"
    n = len(players)
    rngs = [random.Random(s) for s in seeds]
    uniform = [r.random for r in rngs]
    getrandbits = [r.getrandbits for r in rngs]
    hands = [list(h) for h in hands_]
    laid = list(chosen)
    taken = [list(t) for t in taken_]
    bonus = list(bonus_)
    limit = 1 if variant.ties == "one_level" else None
    shared = variant.last_pile == "shared"
    order: tuple[int, ...] = record.shuffles[0] if record.shuffles else ()  # type: ignore
    deck, pile = list(deck_), list(pile_)
    level = 0.0
    steps = 0
    while pile or deck:
        total = sum(pile)
        if careful:
            level = _level(total, order[:len(order) - len(deck)])
        for j in range(n):
            if laid[j] is not None:
                continue
            hand = hands[j]
            if careful:
                # CarefulPlayer.choose: the card at its noisy level of the hand (sorted), the
                # level kept between 0 and 1 (:func:`.bots._bid`, inlined)
                bid = level + (-0.2 + (0.2 - -0.2) * uniform[j]())
                k = round((0.0 if bid <= 0.0 else bid if bid < 1.0 else 1.0) * (len(hand) - 1))
            else:  # RandomPlayer.choose: rng.choice of the hand
                k = below(getrandbits[j], len(hand))
            card = hand.pop(k)
            laid[j] = card
            steps += 1
        cards: list[int] = laid  # type: ignore[assignment]  # (every seat has laid a card)
        best = max(cards) if total >= 0 else min(cards)
        w = cards.index(best) if cards.count(best) == 1 else _taker(cards, total >= 0, limit)
        if w is not None:
            taken[w] += pile
            pile = []
        elif not deck:
            if shared:
                for j in range(n):
                    if cards[j] == best:
                        bonus[j] += total
            pile = []
        if deck:
            pile.append(deck.pop(0))
        laid = [None] * n
    scores = {p: sum(t) + b for p, t, b in zip(players, taken, bonus, strict=True)}
    winners = decide(scores, dict(zip(players, taken, strict=True)), variant.final_tiebreak)[0]
    return scores, winners, steps, True

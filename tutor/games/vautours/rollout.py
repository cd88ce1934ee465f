"""Stupides Vautours: a hint's playout on plain lists (:meth:`~tutor.engine.api.Game.rollout`).

A « Conseil » plays thousands of games to their end. Played through the contract, each decision
builds a view, a tuple of legal plays and a new state; here, the same game is played on plain
lists, by the same computer players (« Au hasard », « Prudent »): each draws from its own seeded
generator exactly what it draws when handed its view and legal plays, so the playout gives the
same scores and winners, action for action, as :func:`tutor.engine.hints.playout` (a test plays
both on many positions). The rules it applies are :mod:`.engine`'s own: one card per seat and
manche (``vautours/choix``), the pile to the best card played once (the engine's own
:func:`.engine._resolution`), an unattributed pile carried over or, after the last manche, lost
or shared among the best cards (``vautours/derniere-manche``, :func:`.engine._best_seats`), the
winners by :func:`.score.decide`.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from tutor.engine.bots import below
from tutor.games.vautours.bots import _level, careful_place
from tutor.games.vautours.engine import _best_seats, _resolution
from tutor.games.vautours.score import decide
from tutor.games.vautours.state import State

KINDS = ("hasard", "prudent")
"""The computer players this playout plays (the others are played through the contract)."""


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
            if careful:  # CarefulPlayer.choose (the pile's level is the manche's)
                k = careful_place(level, uniform[j](), len(hand))
            else:  # RandomPlayer.choose: rng.choice of the hand
                k = below(getrandbits[j], len(hand))
            card = hand.pop(k)
            laid[j] = card
            steps += 1
        cards: list[int] = laid  # type: ignore[assignment]  # (every seat has laid a card)
        stake = tuple(pile)
        winner = _resolution(players, cards, stake, variant).winner
        if winner is not None:
            taken[players.index(winner)] += pile
            pile = []
        elif not deck:
            if shared:
                for name in _best_seats(players, cards, stake):
                    bonus[players.index(name)] += total
            pile = []
        if deck:
            pile.append(deck.pop(0))
        laid = [None] * n
    scores = {p: sum(t) + b for p, t, b in zip(players, taken, bonus, strict=True)}
    winners = decide(scores, dict(zip(players, taken, strict=True)), variant.final_tiebreak)[0]
    return scores, winners, steps, True

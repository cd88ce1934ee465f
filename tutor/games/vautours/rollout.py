"""Stupides Vautours: a hint's playouts on plain lists (:meth:`~tutor.engine.api.Game.rollouts`).

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

**Several playouts at once.** A race plays, in each of its rounds, one playout per action tried,
every one from the same sampled state and with the same seeds (common random numbers): they
differ only in the advised seat's card. A seat's generator is seeded afresh for each playout, so
its ``k``-th draw is the same in all of them; a careful player's card depends only on the pile's
level (its total and the point cards revealed), its hand and that draw, a random player's on its
hand and its draws. So the other seats play the same cards in every playout of the round as long
as their piles went the same way, and :func:`play_many` plays those seats once for all the
playouts that share them (a *group*), the advised seat's card and the manche's resolution once
per playout; a group splits when a manche's pile is taken in some of its playouts and carried
over in others (nobody's card alone: ``vautours/egalite``). Each playout's result is the one
:func:`play` gives alone (a test plays both).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import NamedTuple

from tutor.engine.bots import below
from tutor.engine.hints import Rollout
from tutor.games.vautours.bots import _level, careful_place
from tutor.games.vautours.engine import _best_seats, _resolution
from tutor.games.vautours.score import decide
from tutor.games.vautours.state import HAND, State, Variant

KINDS = ("hasard", "prudent")
"""The computer players this playout plays (the others are played through the contract)."""


def play(state: State, kind: str, seeds: Sequence[int]) -> Rollout | None:
    """Play ``state`` to the end of the game, seat ``j``'s choices made by a computer player of
    ``kind`` seeded with ``seeds[j]``: the final scores, the winners, the number of choices made
    and ``True`` (a hint looks at the whole game); ``None`` for a kind not in :data:`KINDS`."""
    played = play_many([state], kind, seeds)
    return None if played is None else played[0]


class _Draws:
    """What seat ``j``'s generator, seeded with ``seeds[j]`` afresh for every playout, decides at
    each of its choices (:meth:`place`), drawn once for all the playouts."""

    def __init__(self, seeds: Sequence[int], careful: bool) -> None:
        self.seeds, self.careful = seeds, careful
        self._uniform: dict[int, list[float]] = {}
        self._places: dict[tuple[int, int], list[int]] = {}

    def place(self, j: int, first: int, hand: list[int], level: float) -> int:
        """The place in ``hand`` of the card seat ``j`` chooses on a pile of ``level`` (its
        choice number ``first - len(hand)``, ``first`` being the size of the hand it first
        chose from): a careful player's :func:`.bots.careful_place` with its generator's next
        ``random()``, a random player's ``rng.choice`` (its draws depend on the sizes of the
        hands it chose from: each choice takes one card)."""
        d = first - len(hand)
        if self.careful:  # one random() per choice, whatever the hand's size
            uniform = self._uniform.get(j)
            if uniform is None:
                rng = random.Random(self.seeds[j])
                uniform = self._uniform[j] = [rng.random() for _ in HAND]
            return careful_place(level, uniform[d], len(hand))
        places = self._places.get((j, first))
        if places is None:
            getrandbits = random.Random(self.seeds[j]).getrandbits
            places = self._places[j, first] = [below(getrandbits, size)
                                               for size in range(first, 0, -1)]
        return places[d]


class _Playout:
    """One playout: the advised seats' hands, the sizes of the hands every seat first chooses
    from, the advised seats' cards laid (``None`` for the others), every seat's winnings and
    bonus, and the choices made."""

    __slots__ = ("bonus", "first", "hands", "laid", "steps", "taken")

    def __init__(self, state: State, own: Sequence[int]) -> None:
        n = len(state.players)
        self.hands: list[list[int]] = [list(state.hands[j]) if j in own else [] for j in range(n)]
        self.first = [len(hand) for hand in state.hands]
        self.laid: list[int | None] = [state.chosen[j] if j in own else None for j in range(n)]
        self.taken = [list(t) for t in state.taken]
        self.bonus = list(state.bonus)
        self.steps = 0

    def result(self, players: tuple[str, ...], variant: Variant) -> Rollout:
        scores = {p: sum(t) + b for p, t, b in zip(players, self.taken, self.bonus, strict=True)}
        winners = decide(scores, dict(zip(players, self.taken, strict=True)),
                         variant.final_tiebreak)[0]
        return scores, winners, self.steps, True


class _Group(NamedTuple):
    """Playouts at the same point of the game, their shared seats' hands and cards alike: the
    point cards still in the deck, the pile, the shared seats' hands and cards laid (the
    advised seats' entries unused), the playouts."""

    deck: list[int]
    pile: list[int]
    hands: list[list[int]]
    laid: list[int | None]
    playouts: list[_Playout]


def _taker(players: tuple[str, ...], laid: list[int | None], own: tuple[int, ...],
           cards: tuple[int, ...], stake: tuple[int, ...], variant: Variant, *, last: bool,
           share: bool) -> tuple[int | None, tuple[int, ...]]:
    """Who takes ``stake`` (the seat's place, or ``None``) when the ``own`` seats lay ``cards``
    and the others what ``laid`` holds (:func:`.engine._resolution`), and, for the last pile
    nobody took, the places of the seats that share it (none when it is lost)."""
    every = list(laid)
    for j, card in zip(own, cards, strict=True):
        every[j] = card
    winner = _resolution(players, every, stake, variant).winner  # type: ignore[arg-type]
    if winner is not None:
        return players.index(winner), ()
    if last and share:
        best = _best_seats(players, every, stake)  # type: ignore[arg-type]
        return None, tuple(players.index(name) for name in best)
    return None, ()


def play_many(states: Sequence[State], kind: str, seeds: Sequence[int]
              ) -> list[Rollout] | None:
    """:func:`play` for each of ``states`` with the same ``seeds``, the seats that are the same
    in all of them played once for all (see the module docstring): the results in the order of
    ``states``; ``None`` for a kind not in :data:`KINDS`."""
    if kind not in KINDS:
        return None
    if not states:
        return []
    first = states[0]
    variant, players, record = first.variant, first.players, first.record
    if any(s.variant != variant or s.players != players or s.record != record for s in states):
        return [_play_all([s], kind, seeds)[0] for s in states]
    return _play_all(states, kind, seeds)


def _play_all(states: Sequence[State], kind: str, seeds: Sequence[int]) -> list[Rollout]:
    """:func:`play_many` for states of one game (the same reading, players and deal)."""
    first = states[0]
    variant, players, record = first.variant, first.players, first.record
    n = len(players)
    # the advised seats: those whose hand or card laid is not the same in every state
    own = tuple(j for j in range(n) if any(s.hands[j] != first.hands[j]
                                           or s.chosen[j] != first.chosen[j] for s in states))
    shared = tuple(j for j in range(n) if j not in own)
    draws = _Draws(seeds, kind == "prudent")
    playouts = [_Playout(s, own) for s in states]
    sizes = playouts[0].first  # (the shared seats' are every playout's)
    alike: dict[tuple[object, ...], list[int]] = {}
    for i, s in enumerate(states):
        alike.setdefault((s.deck, s.pile, tuple(s.hands[j] for j in shared),
                          tuple(s.chosen[j] for j in shared)), []).append(i)
    todo = []
    for indices in alike.values():
        s = states[indices[0]]
        todo.append(_Group(list(s.deck), list(s.pile),
                           [list(h) if j in shared else [] for j, h in enumerate(s.hands)],
                           [s.chosen[j] if j in shared else None for j in range(n)],
                           [playouts[i] for i in indices]))
    order: tuple[int, ...] = record.shuffles[0] if record.shuffles else ()  # type: ignore
    careful = kind == "prudent"
    share_last = variant.last_pile == "shared"
    while todo:
        deck, pile, hands, laid, group = todo.pop()
        while pile or deck:
            total = sum(pile)
            # CarefulPlayer.choose: the pile's level is the manche's
            level = _level(total, order[:len(order) - len(deck)]) if careful else 0.0
            made = 0  # the shared seats' choices this manche, made once for every playout
            for j in shared:
                if laid[j] is None:
                    hand = hands[j]
                    laid[j] = hand.pop(draws.place(j, sizes[j], hand, level))
                    made += 1
            stake = tuple(pile)
            # the advised seats' places (alike in the group's playouts: the same choice of
            # the same generators from hands of the same size) and who takes the pile for
            # each set of cards they lay (the engine's rule, asked once per set)
            places: dict[tuple[int, int, int], int] = {}
            taking: dict[tuple[int, ...], tuple[int | None, tuple[int, ...]]] = {}
            kept: list[_Playout] = []  # the playouts where nobody took the pile
            done: list[_Playout] = []  # and those where it was taken, or the game ended
            for p in group:
                mine = []
                for j in own:
                    card = p.laid[j]
                    if card is None:
                        hand = p.hands[j]
                        at = (j, p.first[j], len(hand))
                        k = places.get(at)
                        if k is None:
                            k = places[at] = draws.place(j, p.first[j], hand, level)
                        card = hand.pop(k)
                        p.steps += 1
                    else:
                        p.laid[j] = None
                    mine.append(card)
                p.steps += made
                cards = tuple(mine)
                taker = taking.get(cards)
                if taker is None:
                    taker = taking[cards] = _taker(players, laid, own, cards, stake, variant,
                                                   last=not deck, share=share_last)
                winner, best = taker
                if winner is None and deck:
                    kept.append(p)
                    continue
                if winner is not None:
                    p.taken[winner] += pile
                else:  # the last pile: lost, or shared among the best cards
                    for b in best:
                        p.bonus[b] += total
                done.append(p)
            laid = [None] * n
            if kept and done:  # the group parts: the carried pile's own
                todo.append(_Group(deck[1:], [*pile, deck[0]], [list(h) for h in hands],
                                   list(laid), kept))
            if done:
                group, pile = done, []
            if deck:
                pile.append(deck.pop(0))
    return [p.result(players, variant) for p in playouts]

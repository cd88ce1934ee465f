"""Vampir: a hint's playout (:meth:`Playouts.rollout`, a method of the game's class
:class:`~.game.Vampir`) played on counts.

There is no rule here. A « Conseil » plays thousands of manches to their end; played through the
contract, each decision builds a view, a tuple of legal actions and a new state. Here the same
manche is played on the counts the rules are written on (:mod:`.counts`): each action is played
by :func:`.counts.draw`, :func:`.counts.take`, :func:`.counts.lay` or :func:`.counts.hunt`
(what :meth:`.engine.Rules.step` plays), among the actions :func:`.counts.takes`,
:func:`.counts.colours` and :func:`.counts.lays` open (what :meth:`.engine.Rules.legal_actions`
lists), chosen by the game's computer players' own choices on counts (:func:`.bots.choose_take`,
:func:`.bots.choose_next`; « Au hasard » draws its index among the legal actions as
:class:`~tutor.engine.bots.RandomPlayer` does). Each player draws from its own seeded generator
what it draws when handed its view and the legal actions, in the same order, so the playout gives
the same scores, winners and number of actions as :func:`tutor.engine.hints.playout`
(``tests/test_vampir_playouts.py`` plays both). The manche is scored by
:func:`.hunts.seat_points`; the playout stops where :meth:`.engine.Rules.span_outcome` says a
hint stops: at the end of the manche being played, with its points or, in the last manche, the
match's totals.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from typing import Any

from tutor.engine.bots import RandomPlayer, below
from tutor.engine.core import best_totals, generators
from tutor.engine.hints import Rollout

from . import counts
from .bots import PLAYER_KINDS, HeuristicPlayer, StrategistPlayer, choose_next, choose_take
from .cards import SHUFFLED
from .counts import NOTHING, Lay, Option, Required, colours, options
from .engine import Rules
from .hunts import rank_counts, seat_points
from .state import State


class Playouts(Rules):
    """A hint's playout on counts, as a method of the game's class (:class:`~.game.Vampir`)."""

    def rollout(self, start: State, state: State, kind: str, seeds: Sequence[int]
                ) -> Rollout | None:
        """Play ``state`` (reached from ``start`` by the action tried) to the end of the stretch
        a hint looks at (:meth:`~.engine.Rules.span_outcome`), seat ``j``'s actions chosen by a
        computer player of ``kind`` seeded with ``seeds[j]``: the scores, the winners, the
        number of actions played and whether they are the whole match's; ``None`` for a kind
        whose player is not one of :data:`.bots.PLAYER_KINDS`' three (played through the
        contract)."""
        player = PLAYER_KINDS[kind][1] if kind in PLAYER_KINDS else None
        if player not in (RandomPlayer, HeuristicPlayer, StrategistPlayer):
            return None
        if len(state.results) != len(start.results):  # the action tried ended the manche
            out = self.span_outcome(start, state)
            assert out is not None
            return (out.scores, out.winners, 0,
                    self.is_over(state) and self.outcome(state).scores == out.scores)
        return _play(start, state, player, seeds)


def _play(start: State, state: State, player: object, seeds: Sequence[int]) -> Rollout:
    """:meth:`Playouts.rollout` within the manche being played, by computer players of the
    class ``player`` (one of the three)."""
    (variant, players, record, manche, _, deck_, under, hands_, displays, _, turn, phase,
     pending, results) = state
    n = len(players)
    jh = variant.joker_heads
    free, several = variant.take == "free", variant.hunts == "several"
    drawn_only = variant.draw == "drawn"
    piles = [list(pile) for pile in counts.piles(under)]
    hands = [rank_counts(hand) for hand in hands_]
    deck = [card.rank for card in reversed(deck_)]
    heads = [list(counts.shown_heads(slots, jh)) for slots in displays]
    taken: Required = counts.required(pending) if phase == "taken" else NOTHING
    drawn = tuple(sorted(card.rank for card in pending))  # the cards just drawn
    rngs = generators(seeds)
    uniform = [rng.random for rng in rngs]
    getrandbits = [rng.getrandbits for rng in rngs]
    blind = player is RandomPlayer
    hunter = StrategistPlayer if player is StrategistPlayer else HeuristicPlayer
    gain, threshold, read = hunter.gain, hunter.THRESHOLD, hunter.read
    last_turn, closing = _moments(hunter, n)
    # each seat's contexts and feeds by colour (HeuristicPlayer.read), kept as hunts are shown
    # (« Au hasard » reads none)
    contexts: list[list[Any]] = [[None] * len(heads[0]) for _ in range(n)]
    feeds = [[0.0] * len(heads[0]) for _ in range(n)]
    for c in range(0 if blind else len(heads[0])):
        for row, feed, (context, fed) in zip(contexts, feeds,
                                             read(tuple(shown[c] for shown in heads))):
            row[c], feed[c] = context, fed
    # the rule functions, looked up once
    takes_, draw_, take_, lays_, lay_, hunt_ = (counts.takes, counts.draw, counts.take,
                                                counts.lays, counts.lay, counts.hunt)
    # a manche ends within a few hundred actions (no MAX_STEPS to watch): each draw shortens
    # the deck, only a lay after a draw refills a location, a take empties one
    steps = 0
    while True:
        steps += 1
        hand = hands[turn]
        if phase == "turn":  # legal: the draw, then the takes
            takes = takes_(hand, piles, free)
            if blind:
                x = below(getrandbits[turn], len(takes) + 1)
                take = takes[x - 1] if x else -1
            elif takes:
                take = choose_take(gain, threshold, len(deck) in last_turn, hand, piles, takes,
                                   contexts[turn], jh, uniform[turn])
            else:
                take = -1
            if take < 0:
                drawn = draw_(hand, deck)
                if not deck:  # vampir/fin-pioche
                    break
                phase = "drawn"
            else:
                taken = take_(hand, piles, take)
                if colours(hand, taken, False):
                    phase = "taken"
                else:  # vampir/variante-recuperation-libre: no hunt may follow
                    turn, phase = (turn + 1) % n, "turn"
            continue
        found = colours(hand, taken if phase == "taken" else NOTHING, False)
        choice: Option | Lay | None = None
        if blind:  # legal: the lays, the hunts colour by colour, then the end of the turn
            lays = lays_(hand, drawn, drawn_only) if phase == "drawn" else ()
            groups = [options(c, jh) for c in found]
            x = below(getrandbits[turn], len(lays) + sum(map(len, groups)) + (phase == "hunted"))
            if x < len(lays):
                choice = lays[x]
            else:
                x -= len(lays)
                for group in groups:
                    if x < len(group):
                        choice = group[x]
                        break
                    x -= len(group)
        else:
            choice = choose_next(gain, threshold, len(deck) in closing, phase, hand, piles, found,
                                 drawn, drawn_only, contexts[turn], feeds[turn], jh, uniform[turn],
                                 getrandbits[turn])
        if choice is not None and len(choice) > 2:
            hunt: Option = choice
            after = hunt_(hand, heads[turn], hunt, several)
            if not blind:
                colour = hunt[0]
                for row, feed, (context, fed) in zip(
                        contexts, feeds, read(tuple(shown[colour] for shown in heads))):
                    row[colour], feed[colour] = context, fed
            if after == "six":
                break
            if after == "hunted":
                phase = "hunted"
                continue
        elif choice is not None:
            lay_(hand, piles, *choice)
        turn, phase = (turn + 1) % n, "turn"
    points = dict(zip(players, seat_points(heads), strict=True))
    over = manche >= len(record.shuffles)  # Rules._end_manche: no manche follows
    if over or len(results) + 1 == len(start.record.shuffles):  # the match's totals
        totals = {p: points[p] + sum(r[k] for r in results) for k, p in enumerate(players)}
        return totals, best_totals(totals)[0], steps, over
    scores = {p: points[p] for p in players}
    return scores, best_totals(scores)[0], steps, False


@cache
def _moments(hunter: type[HeuristicPlayer], n: int) -> tuple[frozenset[int], frozenset[int]]:
    """The deck sizes at which ``hunter`` with ``n`` seats thinks its turn may be its last
    (:meth:`.bots.HeuristicPlayer.last_turn`) and shows whatever adds heads
    (:meth:`.bots.HeuristicPlayer.closing`)."""
    sizes = range(len(SHUFFLED) + 1)
    return (frozenset(d for d in sizes if hunter.last_turn(d, n)),
            frozenset(d for d in sizes if hunter.closing(d, n)))

"""Vampir: a hint's playout on plain lists (:meth:`~tutor.engine.api.Game.rollout`).

A « Conseil » plays thousands of manches to their end. Played through the contract, each
decision builds a view, a tuple of legal actions and a new state; here, the same manche is
played on plain data: each hand a list of card counts by rank (:func:`.hunts.rank_counts`), the
deck a list of ranks (its top last), each location's cards counted as one-head and two-head
vampires of its colour and jokers, each player's shown hunts as their heads by colour (0: not
shown). The computer players are the same (« Au hasard », « Chasseur », « Stratège »): each
draws from its own seeded generator exactly what it draws when handed its view and the legal
actions, in the same order, so the playout gives the same scores, winners and number of actions
as :func:`tutor.engine.hints.playout`, action for action (a test plays both on many positions).

The rules are :mod:`.engine`'s. The legal actions come in its order
(:func:`.engine.legal_actions`: draw, the takes, the lays, the hunts, the end of the turn); the
hunts of one colour are :func:`.hunts.colour_hunts`' own, the colours that have some are found
as :func:`.hunts.colour_counts` finds them (:func:`_colours`), the takes as
:func:`.hunts.takeable` finds them (:func:`_takes`, ``vampir/recuperer``), the lays as the
engine lists them (:func:`_lays`, ``vampir/poser``, ``vampir/variante-pioche-autre-carte``).
The play loop re-expresses :func:`.engine.step` (``vampir/piocher``, ``vampir/fin-pioche``,
``vampir/chasse``, ``vampir/chasse-exposee``, ``vampir/fin-six-couleurs``,
``vampir/variante-recuperation-libre``, ``vampir/variante-plusieurs-chasses``); the manche is
scored by :func:`.hunts.seat_points` and the playout stops where :func:`.engine.span_outcome` says a
hint stops: at the end of the manche being played, with its points or, in the last manche, the
match's totals.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from functools import cache, lru_cache
from itertools import compress
from typing import Any

from tutor.engine.bots import RandomPlayer, below
from tutor.engine.core import best_totals, generators
from tutor.engine.hints import Rollout

from .bots import (
    JOKER_LAY,
    PLAYER_KINDS,
    Context,
    HeuristicPlayer,
    StrategistPlayer,
    colour_context,
    feeding,
    lay_cost,
)
from .cards import JOKER, KINDS, LOCATIONS, SHUFFLED, Vampire
from .engine import _heads, is_over, outcome, span_outcome
from .hunts import Variant, colour_hunts, rank_counts, seat_points
from .state import SeatView, State, View

_JOKER = JOKER.rank
_COLOURS = range(len(LOCATIONS))
_VAMPIRE_LAYS = tuple((r, r >> 1) for r in range(_JOKER))
_JOKER_LAYS = tuple((_JOKER, k) for k in _COLOURS)
_PAIRS = tuple((c, 2 * c, 2 * c + 1) for c in _COLOURS)  # each colour, its two vampires' ranks

Option = tuple[int, int, int, int, int, tuple[int, ...]]
"""A hunt as the playout plays it: its colour (a location's index), how many one-head and
two-head vampires and jokers it takes from the hand, its heads and its cards' ranks."""

Counts = tuple[int, int, int, int, int, int, int]
"""One colour a hunt may have, as :func:`.hunts.colour_counts` gives it (the colour as its
index): its one-head and two-head vampires and the jokers in all, then those of each the hunt
must contain."""

_NOTHING = (-1, 0, 0, 0)
"""No card a hunt must contain, written as the cards just taken are: ``(colour, one-head,
two-head, jokers)``, colour -1 for any."""


def play(start: State, state: State, kind: str, seeds: Sequence[int]) -> Rollout | None:
    """Play ``state`` (reached from ``start`` by the action tried) to the end of the stretch a
    hint looks at (:func:`.engine.span_outcome`), seat ``j``'s actions chosen by a computer
    player of ``kind`` seeded with ``seeds[j]``: the scores, the winners, the number of actions
    played and whether they are the whole match's; ``None`` for a kind whose player is not one
    of :data:`.bots.PLAYER_KINDS`' three, or for a vampire under another colour's location (no
    lay puts it there: the playout counts a location's cards as its colour's)."""
    player = PLAYER_KINDS[kind][1] if kind in PLAYER_KINDS else None
    if player not in (RandomPlayer, HeuristicPlayer, StrategistPlayer):
        return None
    if len(state.results) != len(start.results):  # the action tried ended the manche
        return _settled(start, state)
    (variant, players, record, manche, _, deck_, under, hands_, displays, _, turn, phase,
     pending, results) = state
    piles = []
    for k, cards in enumerate(under):
        pile = _pile(cards, k)
        if pile is None:
            return None
        piles.append(pile)
    taken = _taken(pending) if phase == "taken" else _NOTHING  # the cards just taken
    if taken is None:
        return None
    n = len(players)
    jh = variant.joker_heads
    free, several = variant.take == "free", variant.hunts == "several"
    drawn_only = variant.draw == "drawn"
    hands = [rank_counts(hand) for hand in hands_]
    deck = [card.rank for card in reversed(deck_)]
    heads = [[_heads(hunt, jh) if hunt else 0 for hunt in slots] for slots in displays]
    drawn = tuple(sorted(card.rank for card in pending))  # the cards just drawn
    rngs = generators(seeds)
    uniform = [rng.random for rng in rngs]
    getrandbits = [rng.getrandbits for rng in rngs]
    blind = player is RandomPlayer
    reads = player is StrategistPlayer
    hunter = StrategistPlayer if reads else HeuristicPlayer
    gain, threshold = hunter.gain, hunter.THRESHOLD
    last_turn, closing = _moments(reads, n)
    # each seat's contexts by colour (HeuristicPlayer.contexts: the heads it shows, its own row
    # of heads; StrategistPlayer.contexts: each colour's heads, every player's, read from its
    # seat by _read) and what a lay under each location feeds the others (the strategist's
    # feeding, 0 for the hunter), kept as the hunts are shown
    contexts: list[list[Any]] = heads
    feeds = [[0.0] * len(_COLOURS) for _ in range(n)]
    if reads:
        contexts = [[None] * len(_COLOURS) for _ in range(n)]
        for c in _COLOURS:
            for row, feed, (read, fed) in zip(contexts, feeds,
                                              _read(tuple(shown[c] for shown in heads))):
                row[c], feed[c] = read, fed
    # a manche ends within a few hundred actions (no MAX_STEPS to watch): each draw shortens
    # the deck, only a lay after a draw refills a location, a take empties one
    steps = 0
    while True:
        steps += 1
        hand = hands[turn]
        if phase == "turn":
            takes = _takes(hand, piles, free)
            take = -1  # draw
            if blind:  # RandomPlayer.choose: rng.choice(legal), the draw first
                x = below(getrandbits[turn], len(takes) + 1)
                if x:
                    take = takes[x - 1]
            elif takes:  # HeuristicPlayer.choose, phase "turn"
                context = contexts[turn]
                draw = uniform[turn]
                held = hand[_JOKER]
                # each take's worth and a draw, in turn; the first of the most worth (among
                # those worth the threshold, else among all when the turn may be the last)
                good: tuple[float, float] | None = None
                most: tuple[float, float] | None = None
                fallback = -1
                for k in takes:
                    ones, twos, jokers = piles[k]
                    value = None  # the best hunt that may follow, else 0
                    if ones + twos:  # its colour's only (_colours, the required colour k)
                        n1, n2, nj = hand[2 * k] + ones, hand[2 * k + 1] + twos, held + jokers
                        if n1 + n2 + nj >= 3:
                            value = _best(gain, context[k], (k, n1, n2, nj, ones, twos, jokers),
                                          jh)[0]
                    else:
                        for counts in _colours(hand, (-1, 0, 0, jokers), True):
                            hunt = _best(gain, context[counts[0]], counts, jh)[0]
                            if value is None or hunt > value:
                                value = hunt
                    worth = (0.0 if value is None else value, draw())
                    if worth[0] >= threshold and (good is None or worth > good):
                        good, take = worth, k
                    if good is None and (most is None or worth > most):
                        most, fallback = worth, k
                if good is None and len(deck) in last_turn:
                    take = fallback
            if take < 0:  # vampir/piocher: the deck's top 2 cards join the hand
                drawn = tuple(sorted(deck[-2:]))
                del deck[-2:]
                for r in drawn:
                    hand[r] += 1
                if not deck:  # vampir/fin-pioche
                    break
                phase = "drawn"
            else:  # vampir/recuperer: a location's cards join the hand, then a hunt with them
                ones, twos, jokers = piles[take]
                piles[take] = [0, 0, 0]
                hand[2 * take] += ones
                hand[2 * take + 1] += twos
                hand[_JOKER] += jokers
                taken = (take if ones + twos else -1, ones, twos, jokers)
                if _colours(hand, taken, False):
                    phase = "taken"
                else:  # vampir/variante-recuperation-libre: no hunt may follow
                    turn, phase = (turn + 1) % n, "turn"
            continue
        colours = _colours(hand, taken if phase == "taken" else _NOTHING, False)
        hunt_: Option | None = None
        lay: tuple[int, int] | None = None
        if blind:  # RandomPlayer.choose over the lays, the hunts, then the end of the turn
            lays = _laid(hand, drawn, drawn_only) if phase == "drawn" else ()
            groups = [_hunts(counts, jh) for counts in colours]
            x = below(getrandbits[turn], len(lays) + sum(map(len, groups)) + (phase == "hunted"))
            if x < len(lays):
                lay = lays[x]
            else:
                x -= len(lays)
                for group in groups:
                    if x < len(group):
                        hunt_ = group[x]
                        break
                    x -= len(group)
        else:  # HeuristicPlayer.choose once a card is drawn or a location taken
            context = contexts[turn]
            best: tuple[float, tuple[int, ...], Option] | None = None
            for counts in colours:  # the best hunt of each colour, then the best of all
                top = _best(gain, context[counts[0]], counts, jh)
                if best is None or top[:2] > best[:2]:
                    best = top
            if best is not None and (phase == "taken" or best[0] >= threshold
                                     or (len(deck) in closing and best[0] > 0)):
                hunt_ = best[2]
            elif phase == "drawn":
                lays = _laid(hand, drawn, drawn_only)
                if not lays:  # rng.choice(legal): the legal actions are the hunts
                    options = [o for counts in colours for o in _hunts(counts, jh)]
                    hunt_ = options[below(getrandbits[turn], len(options))]
                else:
                    lay = _cheapest(lays, hand, piles, feeds[turn], uniform[turn])
        if hunt_ is not None:  # vampir/chasse, replacing a hunt of its colour (chasse-exposee)
            colour, ones, twos, jokers, h, _ = hunt_
            hand[2 * colour] -= ones
            hand[2 * colour + 1] -= twos
            hand[_JOKER] -= jokers
            shown = heads[turn]
            shown[colour] = h
            if reads:
                for row, feed, (read, fed) in zip(contexts, feeds,
                                                     _read(tuple(row[colour] for row in heads))):
                    row[colour], feed[colour] = read, fed
            if all(shown):  # vampir/fin-six-couleurs
                break
            if several and _colours(hand, _NOTHING, False):  # variante-plusieurs-chasses
                phase = "hunted"
                continue
        elif lay is not None:  # vampir/poser
            r, k = lay
            hand[r] -= 1
            piles[k][2 if r == _JOKER else r & 1] += 1
        turn, phase = (turn + 1) % n, "turn"
    points = dict(zip(players, seat_points(heads), strict=True))
    over = manche >= len(record.shuffles)  # the engine's _end_manche: no manche follows
    if over or len(results) + 1 == len(start.record.shuffles):  # the match's totals
        totals = {p: points[p] + sum(r[k] for r in results) for k, p in enumerate(players)}
        return totals, best_totals(totals)[0], steps, over
    scores = {p: points[p] for p in players}
    return scores, best_totals(scores)[0], steps, False


def _settled(start: State, state: State) -> Rollout:
    """What :func:`tutor.engine.hints.playout` gives when the action tried ended the manche."""
    out = span_outcome(start, state)
    assert out is not None
    return out.scores, out.winners, 0, is_over(state) and outcome(state).scores == out.scores


def _pile(cards: Sequence[Any], k: int) -> list[int] | None:
    """``cards`` (under the location of index ``k``; -1: any one colour) as their one-head and
    two-head vampires and jokers, or ``None`` if they hold vampires of another colour or two."""
    pile = [0, 0, 0]
    for card in cards:
        if type(card) is Vampire:
            colour = card.rank >> 1
            if k < 0:
                k = colour
            elif colour != k:
                return None
        pile[card.rank & 1 if card is not JOKER else 2] += 1
    return pile


def _taken(cards: Sequence[Any]) -> tuple[int, int, int, int] | None:
    """The cards just taken as ``(colour, one-head, two-head, jokers)``, colour -1 for jokers
    only; ``None`` if they hold vampires of two colours."""
    colour = next((card.rank >> 1 for card in cards if type(card) is Vampire), -1)
    pile = _pile(cards, colour)
    return None if pile is None else (colour, pile[0], pile[1], pile[2])


def _takes(hand: list[int], piles: list[list[int]], free: bool) -> list[int]:
    """The locations ``hand`` may take, in :data:`LOCATIONS` order: under
    ``vampir/variante-recuperation-libre`` every one with cards, else those with which a hunt
    may follow (:func:`.hunts.takeable`: a pile's colour, any colour for jokers only, with a
    vampire and, every joker counted, 3 cards)."""
    if free:
        return [k for k in _COLOURS if sum(piles[k])]
    jokers = hand[_JOKER]
    out = []
    most = -1  # the most cards of one colour the hand holds, once asked
    for k in _COLOURS:
        ones, twos, pile_jokers = piles[k]
        if ones + twos:  # vampires of the location's colour
            if hand[2 * k] + hand[2 * k + 1] + jokers >= 3 - ones - twos - pile_jokers:
                out.append(k)
        elif pile_jokers:  # jokers only: the colour the hand holds most of
            if most < 0:
                most = max(hand[2 * c] + hand[2 * c + 1] for c in _COLOURS)
            if most > 0 and most + jokers >= 3 - pile_jokers:
                out.append(k)
    return out


def _colours(hand: list[int], required: tuple[int, int, int, int], apart: bool
             ) -> list[Counts]:
    """:func:`.hunts.colour_counts` on counts: each colour (a location's index) a hunt
    containing the ``required`` cards (``(colour, one-head, two-head, jokers)``, colour -1 for
    any) may have and of which they and ``hand`` (holding them, unless ``apart``) hold a
    vampire and, jokers counted, 3 cards, in :data:`LOCATIONS` order: its vampires and jokers
    in all, and those ``required`` holds."""
    k, need1, need2, need_j = required
    jokers = hand[_JOKER] + need_j if apart else hand[_JOKER]
    if k >= 0:  # the colour of the required vampires
        n1, n2 = hand[2 * k], hand[2 * k + 1]
        if apart:
            n1, n2 = n1 + need1, n2 + need2
        return [(k, n1, n2, jokers, need1, need2, need_j)] \
            if n1 + n2 and n1 + n2 + jokers >= 3 else []
    return [(c, hand[one], hand[two], jokers, 0, 0, need_j) for c, one, two in _PAIRS
            if hand[one] + hand[two] and hand[one] + hand[two] + jokers >= 3]


@lru_cache(maxsize=1 << 14)
def _hunts(counts: Counts, joker_heads: int) -> tuple[Option, ...]:
    """The hunts of one colour (:func:`.hunts.colour_hunts`, in its order) from its ``counts``
    (:func:`_colours`)."""
    colour = counts[0]
    one, two = KINDS[2 * colour], KINDS[2 * colour + 1]
    assert isinstance(one, Vampire) and isinstance(two, Vampire)
    out = []
    for hunt in colour_hunts(one, two, *counts[1:]):
        ranks = tuple(card.rank for card in hunt)
        out.append((colour, ranks.count(2 * colour), ranks.count(2 * colour + 1),
                    ranks.count(_JOKER), _heads(hunt, joker_heads), ranks))
    return tuple(out)


@lru_cache(maxsize=1 << 16)
def _best(gain: Callable[[Any, int, int], float], context: Any, counts: Counts,
          joker_heads: int) -> tuple[float, tuple[int, ...], Option]:
    """The hunt of one colour a hunter weighs the best (:meth:`.bots.HeuristicPlayer.choose`:
    the most ``gain`` from the colour's ``context``, then the highest ranks) and that gain."""
    best: tuple[float, tuple[int, ...], Option] | None = None
    for option in _hunts(counts, joker_heads):
        key = (gain(context, option[4], option[3]), option[5], option)
        if best is None or key[:2] > best[:2]:
            best = key
    assert best is not None  # a colour of _colours has a hunt
    return best


def _laid(hand: list[int], drawn: tuple[int, ...], drawn_only: bool
          ) -> Sequence[tuple[int, int]]:
    """The lays open once cards are drawn, in the legal actions' order, each (rank, location):
    a card of ``hand`` or, under ``vampir/variante-pioche-autre-carte``, one of the cards just
    ``drawn`` (:func:`_lays`)."""
    if drawn_only:
        return _lays(drawn)
    lays = list(compress(_VAMPIRE_LAYS, hand))  # (hand[r]: the vampires of rank r held)
    if hand[_JOKER]:
        lays += _JOKER_LAYS
    return lays


@lru_cache(maxsize=1 << 10)
def _lays(ranks: tuple[int, ...]) -> tuple[tuple[int, int], ...]:
    """The lays of cards of ``ranks`` (sorted), in the legal actions' order, each (rank,
    location): a vampire under its colour's location, a joker under any (``vampir/poser``)."""
    out: list[tuple[int, int]] = []
    for r in sorted(set(ranks)):
        out += _JOKER_LAYS if r == _JOKER else [(r, r >> 1)]
    return tuple(out)


def _cheapest(lays: Sequence[tuple[int, int]], hand: list[int], piles: list[list[int]],
              feeds: Sequence[float], draw: Callable[[], float]) -> tuple[int, int]:
    """The lay of ``lays`` the hunters lay (:meth:`.bots.HeuristicPlayer.choose`): the one that
    gives away the least (:meth:`.bots.HeuristicPlayer.lay_costs`: :func:`.bots.lay_cost`, plus
    ``feeds``, by location: the strategist's :func:`.bots.feeding`, 0 for the hunter), from the
    hand's and the locations' counts, a ``draw`` of the player's generator for each lay in turn
    settling a tie (the first lay wins a tie of both). A joker's lay costs
    :data:`.bots.JOKER_LAY` at least: once a vampire's lay costs less, the jokers' lays (last
    in ``lays``) only draw."""
    chosen = lays[0]
    least, tie = math.inf, math.inf  # every (cost, draw) is below them
    for lay in lays:
        r, k = lay
        if r == _JOKER:
            if least < JOKER_LAY:  # no joker's lay is the cheapest: each still draws
                draw()
                continue
            cost = JOKER_LAY + feeds[k]
        else:  # (a vampire's heads: 1, or 2 for the second rank of its colour)
            cost = lay_cost(hand[r & ~1] + hand[r | 1], (r & 1) + 1, sum(piles[k])) + feeds[k]
        d = draw()
        if cost < least or (cost == least and d < tie):
            least, tie, chosen = cost, d, lay
    return chosen


@lru_cache(maxsize=1 << 12)
def _read(column: tuple[int, ...]) -> tuple[tuple[Context, float], ...]:
    """One colour as the strategist at each seat reads it, from every player's heads in it
    (``column``, 0: not shown): its context (:func:`.bots.colour_context`, as
    :func:`.bots._table` reads it) and what a card laid under its location feeds the others
    (:func:`.bots.feeding`)."""
    out = []
    for me, own in enumerate(column):
        context = colour_context(column[:me] + column[me + 1:], own)
        out.append((context, feeding(context)))
    return tuple(out)


@cache
def _moments(reads: bool, n: int) -> tuple[frozenset[int], frozenset[int]]:
    """The deck sizes at which the hunter (the strategist if ``reads``) thinks its turn may be
    its last (:meth:`.bots.HeuristicPlayer.last_turn`) and shows whatever adds heads
    (:meth:`.bots.HeuristicPlayer.closing`), asked of the player itself with ``n`` seats (both
    read the deck size and the number of players only)."""
    hunter = (StrategistPlayer if reads else HeuristicPlayer)()
    seats = tuple(SeatView(str(k), None, 0, ((),) * len(LOCATIONS), 0, False) for k in range(n))
    table = View(None, Variant(), 1, 1, "turn", "0", None, ((),) * len(LOCATIONS), 0, None,
                 None, seats, (), False)
    sizes = range(len(SHUFFLED) + 1)
    return (frozenset(d for d in sizes if hunter.last_turn(table._replace(deck_size=d))),
            frozenset(d for d in sizes if hunter.closing(table._replace(deck_size=d))))

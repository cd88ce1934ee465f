"""Vampir's rules of a turn on counts: the one place they are written.

The engine (:mod:`.engine`: the legal actions, :meth:`.engine.Rules.step`'s phases), the computer
players (:mod:`.bots`) and a hint's playouts (:mod:`.playouts`) all ask these functions. Cards are
counted, never compared: a hand is a list of card counts by rank (:func:`.hunts.rank_counts`; the
vampires of the location of index ``c`` are the ranks ``2c`` (one head) and ``2c + 1`` (two
heads), the joker the last rank), a location's pile its one-head and two-head vampires of its
colour and its jokers (:func:`pile`), the deck a list of ranks (its top last), and the cards a
hunt must contain (just taken from a location) a :data:`Required`.

* :func:`takes`: the locations a player may take (``vampir/recuperer``,
  ``vampir/variante-recuperation-libre``).
* :func:`colours` and :func:`options`: the hunts a hand may show, colour by colour
  (``vampir/chasse``), those containing the cards just taken when a take is followed.
* :func:`lays`: the lays open after a draw (``vampir/poser``,
  ``vampir/variante-pioche-autre-carte``).
* :func:`draw`, :func:`take`, :func:`lay`, :func:`hunt`: an action played on counts, each
  returning what decides the phase that follows (``vampir/piocher``, ``vampir/fin-pioche``,
  ``vampir/chasse-exposee``, ``vampir/fin-six-couleurs``, ``vampir/variante-plusieurs-chasses``).
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from itertools import compress

from .cards import JOKER, KINDS, LOCATIONS, Card, Vampire
from .hunts import colour_hunts

JOKER_RANK = JOKER.rank
COLOURS = range(len(LOCATIONS))
_VAMPIRE_LAYS = tuple((r, r >> 1) for r in range(JOKER_RANK))
_JOKER_LAYS = tuple((JOKER_RANK, k) for k in COLOURS)
_PAIRS = tuple((c, 2 * c, 2 * c + 1) for c in COLOURS)  # each colour, its two vampires' ranks

Required = tuple[int, int, int, int]
"""Cards a hunt must contain, as ``(colour, one-head, two-head, jokers)``: the colour as a
location's index, -1 for any (jokers only)."""

NOTHING: Required = (-1, 0, 0, 0)
"""No card a hunt must contain."""

Counts = tuple[int, int, int, int, int, int, int]
"""One colour a hunt may have (:func:`colours`): its index, its one-head and two-head vampires
and the jokers in all, then those of each the hunt must contain."""

Option = tuple[int, int, int, int, int, tuple[int, ...]]
"""A hunt: its colour (a location's index), how many one-head and two-head vampires and jokers
it takes from the hand, its heads and its cards' ranks (sorted)."""

Lay = tuple[int, int]
"""A lay: the rank of the card laid and the index of the location it goes under."""


@lru_cache(maxsize=1 << 12)
def pile(cards: tuple[Card, ...]) -> tuple[int, int, int]:
    """Cards under one location (or just taken from it) as ``(one-head, two-head, jokers)``: a
    vampire lies under its own colour's location only (``vampir/poser``; a position set up by
    hand is held to it too)."""
    out = [0, 0, 0]
    for card in cards:
        out[2 if card.rank == JOKER_RANK else card.rank & 1] += 1
    return out[0], out[1], out[2]


def piles(under: tuple[tuple[Card, ...], ...]) -> tuple[tuple[int, int, int], ...]:
    """Every location's :func:`pile`, in :data:`LOCATIONS` order."""
    return tuple(map(pile, under))


@lru_cache(maxsize=1 << 12)
def shown_heads(hunts: tuple[tuple[Card, ...], ...], joker_heads: int) -> tuple[int, ...]:
    """The heads of one player's shown hunts, by location (0: that colour is not shown); a
    joker shows ``joker_heads`` heads (``vampir/jokers``)."""
    return tuple(sum(c.heads if type(c) is Vampire else joker_heads for c in hunt)
                 for hunt in hunts)


@lru_cache(maxsize=1 << 12)
def option(cards: tuple[Card, ...], joker_heads: int) -> Option:
    """A legal hunt's ``cards`` (sorted, with a vampire) as its :data:`Option`."""
    ranks = tuple(card.rank for card in cards)
    colour = next(r >> 1 for r in ranks if r != JOKER_RANK)
    n1, n2, nj = ranks.count(2 * colour), ranks.count(2 * colour + 1), ranks.count(JOKER_RANK)
    return (colour, n1, n2, nj, n1 + 2 * n2 + joker_heads * nj, ranks)


@lru_cache(maxsize=1 << 12)
def required(cards: tuple[Card, ...]) -> Required:
    """``cards`` just taken from a location as the :data:`Required` of the hunt that follows."""
    colour = next((card.rank >> 1 for card in cards if type(card) is Vampire), -1)
    ones, twos, jokers = pile(cards)
    return colour, ones, twos, jokers


def takes(hand: Sequence[int], piles: Sequence[Sequence[int]], free: bool) -> list[int]:
    """The locations (their indexes, in :data:`LOCATIONS` order) ``hand`` may take
    (``vampir/recuperer``): under ``vampir/variante-recuperation-libre`` every one with cards,
    else those after which a hunt may follow, one containing all their cards: a vampire of the
    pile's colour (of any colour for jokers only) and, counting every joker, 3 cards."""
    if free:
        return [k for k in COLOURS if sum(piles[k])]
    jokers = hand[JOKER_RANK]
    out = []
    most = -1  # the most cards of one colour the hand holds, once asked
    for k in COLOURS:
        ones, twos, pile_jokers = piles[k]
        if ones + twos:  # vampires of the location's colour
            if hand[2 * k] + hand[2 * k + 1] + jokers >= 3 - ones - twos - pile_jokers:
                out.append(k)
        elif pile_jokers:  # jokers only: the colour the hand holds most of
            if most < 0:
                most = max(hand[2 * c] + hand[2 * c + 1] for c in COLOURS)
            if most > 0 and most + jokers >= 3 - pile_jokers:
                out.append(k)
    return out


def colours(hand: Sequence[int], need: Required, apart: bool) -> list[Counts]:
    """Each colour a hunt containing the cards ``need`` may have (``vampir/chasse``: at least 3
    cards of one colour, jokers allowed, never jokers only), in :data:`LOCATIONS` order: one of
    which ``need`` and ``hand`` (holding them, unless ``apart``) hold a vampire and, jokers
    counted, 3 cards; as its :data:`Counts`."""
    k, need1, need2, need_j = need
    jokers = hand[JOKER_RANK] + need_j if apart else hand[JOKER_RANK]
    if k >= 0:  # the colour of the required vampires
        n1, n2 = hand[2 * k], hand[2 * k + 1]
        if apart:
            n1, n2 = n1 + need1, n2 + need2
        return [(k, n1, n2, jokers, need1, need2, need_j)] \
            if n1 + n2 and n1 + n2 + jokers >= 3 else []
    return [(c, hand[one], hand[two], jokers, 0, 0, need_j) for c, one, two in _PAIRS
            if hand[one] + hand[two] and hand[one] + hand[two] + jokers >= 3]


@lru_cache(maxsize=1 << 14)
def options(counts: Counts, joker_heads: int) -> tuple[Option, ...]:
    """The hunts of one colour from its ``counts`` (:func:`colours`), in the legal actions'
    order (sorted by their cards' ranks: :func:`.hunts.colour_hunts`); a joker shows
    ``joker_heads`` heads (``vampir/jokers``)."""
    colour = counts[0]
    one, two = KINDS[2 * colour], KINDS[2 * colour + 1]
    assert isinstance(one, Vampire) and isinstance(two, Vampire)
    out = []
    for cards in colour_hunts(one, two, *counts[1:]):
        ranks = tuple(card.rank for card in cards)
        n1, n2, nj = ranks.count(2 * colour), ranks.count(2 * colour + 1), ranks.count(JOKER_RANK)
        out.append((colour, n1, n2, nj, n1 + 2 * n2 + joker_heads * nj, ranks))
    return tuple(out)


def lays(hand: Sequence[int], drawn: Sequence[int], drawn_only: bool) -> Sequence[Lay]:
    """The lays open once two cards are drawn, in the legal actions' order (by rank, then
    location): a vampire of ``hand`` under its colour's location, a joker under any
    (``vampir/poser``); under ``vampir/variante-pioche-autre-carte``, one of the cards just
    ``drawn`` (their ranks) only."""
    if drawn_only:
        return _lays(tuple(sorted(set(drawn))))
    out = list(compress(_VAMPIRE_LAYS, hand))  # (hand[r]: the vampires of rank r held)
    if hand[JOKER_RANK]:
        out += _JOKER_LAYS
    return out


@lru_cache(maxsize=1 << 10)
def _lays(ranks: tuple[int, ...]) -> tuple[Lay, ...]:
    out: list[Lay] = []
    for r in ranks:
        out += _JOKER_LAYS if r == JOKER_RANK else [(r, r >> 1)]
    return tuple(out)


# --- an action played on counts ------------------------------------------------------------------


def draw(hand: list[int], deck: list[int]) -> tuple[int, ...]:
    """``vampir/piocher``: the deck's top 2 cards join the hand; their ranks, sorted. An empty
    deck after it ends the manche (``vampir/fin-pioche``)."""
    drawn = tuple(sorted(deck[-2:]))
    del deck[-2:]
    for r in drawn:
        hand[r] += 1
    return drawn


def take(hand: list[int], piles: list[list[int]], k: int) -> Required:
    """``vampir/recuperer``: the cards under the location of index ``k`` join the hand; what the
    hunt that follows must contain. With no hunt possible (``colours(hand, need, False)`` is
    empty: ``vampir/variante-recuperation-libre``) the turn passes."""
    ones, twos, jokers = piles[k]
    piles[k] = [0, 0, 0]
    hand[2 * k] += ones
    hand[2 * k + 1] += twos
    hand[JOKER_RANK] += jokers
    return (k if ones + twos else -1, ones, twos, jokers)


def lay(hand: list[int], piles: list[list[int]], r: int, k: int) -> None:
    """``vampir/poser``: a card of rank ``r`` leaves the hand for the location of index ``k``."""
    hand[r] -= 1
    piles[k][2 if r == JOKER_RANK else r & 1] += 1


def hunt(hand: list[int], shown: list[int], option: Option, several: bool) -> str:
    """``vampir/chasse``: the hunt's cards leave the hand, its heads shown in its colour
    (``shown``: the player's heads by colour, 0: none), replacing a hunt of that colour
    (``vampir/chasse-exposee``). What follows: ``"six"``, the manche ends
    (``vampir/fin-six-couleurs``); ``"hunted"``, another hunt may follow
    (``vampir/variante-plusieurs-chasses``); else ``"turn"``, the turn passes."""
    colour, ones, twos, jokers, heads, _ = option
    hand[2 * colour] -= ones
    hand[2 * colour + 1] -= twos
    hand[JOKER_RANK] -= jokers
    shown[colour] = heads
    if all(shown):
        return "six"
    if several and colours(hand, NOTHING, False):
        return "hunted"
    return "turn"

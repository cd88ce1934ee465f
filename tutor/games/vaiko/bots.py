"""Computer players. Each sees only its seat's :class:`~.state.View` and the legal actions
(``tutor.engine.api.bot_action`` hands them over), never the state."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from typing import Protocol

from tutor.engine.api import Seed
from tutor.engine.bots import RandomPlayer as RandomPlayer
from tutor.engine.bots import bot_rng
from tutor.games.vaiko import state as vs
from tutor.games.vaiko.deck import Deck
from tutor.games.vaiko.state import Action, PlayerView


class Seen(Protocol):
    """What :class:`MemoryPlayer` reads of a seat's view: a :class:`~.state.View`, or the same
    fields made when read (:class:`.setup.Glance`, in a hint's playouts)."""

    @property
    def phase(self) -> str: ...

    @property
    def deck(self) -> Deck: ...

    @property
    def discard_top(self) -> str | None: ...

    @property
    def discard(self) -> tuple[str, ...]: ...

    @property
    def drawn(self) -> str | None: ...

    @property
    def players(self) -> tuple[PlayerView, ...]: ...

    def player(self, name: str) -> PlayerView: ...


THRESHOLD = 8
"""The estimated hand under which a :class:`MemoryPlayer` may say "Vaiko" (by default)."""


class MemoryPlayer:
    """A player that remembers what it has seen and nothing else: it reads only its view.

    It values an unseen card at the average of the cards it has not seen anywhere (its own
    known cards, the others' cards it saw, the whole discard, its drawn card are taken out of
    the deck's composition), keeps low cards and throws high ones, looks at its cards before
    swapping, uses special cards, looks at its unknown cards with Vision, gives its worst known
    card away with Échange, throws a card in the immediate discard only when it knows it
    matches, and says "Vaiko" when its estimated hand is clearly the lightest.
    """

    #: it reads its view's fields one by one: a hint's playouts hand it the game's view with its
    #: rows made when read (``glance``, :class:`.setup.Glance`)
    GLANCES = True

    def __init__(self, *, seed: Seed = 0, threshold: int = THRESHOLD) -> None:
        if isinstance(seed, random.Random):
            self._rng: random.Random | None = seed
        else:  # a seed is checked now, its generator made when first drawn from
            if type(seed) is not int:
                bot_rng(seed)  # refused in French
            self._rng, self._seed = None, seed
        self.threshold = threshold
        self._deck: Deck | None = None
        self._points: Mapping[str, int] = {}
        self._effects: Mapping[str, str] = {}
        self._values: Mapping[int, int] = {}

    @property
    def rng(self) -> random.Random:
        """Its own generator, seeded from its seed when first drawn from (most of the players a
        hint's playouts make never draw: a generator seeded for nothing costs as much as ten
        of their decisions)."""
        if self._rng is None:
            self._rng = bot_rng(self._seed)
        return self._rng

    def _read_deck(self, deck: Deck) -> None:
        """Each face's points and effect and the deck's points, read once per deck (a player
        decides hundreds of times in one game, always with the same deck; a hint's playouts
        make five new players per playout, all reading the same deck: :func:`deck_tables`)."""
        self._deck = deck
        self._points, self._effects, self._values = deck_tables(deck)

    def choose(self, view: Seen, legal: Sequence[Action]) -> Action:
        seat = legal[0].seat
        me = view.player(seat)
        phase = view.phase
        if phase == vs.MATCH:  # the most frequent decision, and the simplest (no points read)
            top = view.discard_top
            for s, f in enumerate(me.cards):
                if f is not None and f == top:
                    return vs.Match(seat, s)
            return legal[-1]  # Pass, last of the sorted legal actions
        if view.deck is not self._deck:
            self._read_deck(view.deck)
        points, effects = self._points, self._effects
        unknown: list[int] = []  # its slots it does not know, and (points, slot) of the others
        known: list[tuple[int, int]] = []
        for s, f in enumerate(me.cards):
            if f is None:
                unknown.append(s)
            else:
                known.append((points[f], s))
        if phase == vs.PEEK:
            return vs.Peek(seat, peek_slot(unknown, self.rng))
        if phase == vs.DRAW:
            top = view.discard_top
            if top is not None and vs.Draw(seat, "discard") in legal and takes_discard(
                    points[top], effects[top] == "aucun", known, unknown):
                return vs.Draw(seat, "discard")
            return vs.Draw(seat, "deck")
        if phase == vs.LOOKED:  # it must swap: its worst known card goes
            return vs.Swap(seat, worst_slot(known))
        if phase == vs.DECIDE:
            unseen = self._unseen_average(view, points, self._values)
            drawn = view.drawn
            slot = decide(points[drawn] if drawn is not None else unseen,
                          drawn is not None and effects[drawn] != "aucun", known, unknown,
                          unseen, vs.Discard(seat) in legal, vs.LookHand(seat) in legal,
                          self.rng)
            return (vs.Discard(seat) if slot == DISCARD else vs.LookHand(seat)
                    if slot == LOOK_HAND else vs.Swap(seat, slot))
        if phase == vs.VISION:
            owner, slot = vision_look(seat, [(a.owner, a.slot) for a in legal
                                             if isinstance(a, vs.Look)],
                                      self._table(view), unknown, self.rng)
            return vs.Look(seat, owner, slot)
        if phase == vs.EXCHANGE:
            return vs.Exchange(seat, *exchange_cards(
                seat, [(a.owner_a, a.slot_a, a.owner_b, a.slot_b) for a in legal
                       if isinstance(a, vs.Exchange)], self._table(view), known, self.rng))
        if phase == vs.CALL:
            unseen = self._unseen_average(view, points, self._values)
            # the other hands as it knows them, each worked out only when read (calls reads
            # them only for a light hand)
            others = (tuple(points[f] if f is not None else None for f in p.cards)
                      for p in view.players if p.name != seat)
            return vs.Call(seat) if calls(known, len(unknown), unseen, others,
                                          self.threshold) else vs.EndTurn(seat)
        return self.rng.choice(list(legal))

    def _table(self, view: Seen) -> dict[str, tuple[int | None, ...]]:
        """Every player's cards as this seat knows them: their points, ``None`` if unseen."""
        points = self._points
        return {p.name: tuple(points[f] if f is not None else None for f in p.cards)
                for p in view.players}

    @staticmethod
    def _unseen_average(view: Seen, points: Mapping[str, int], values: Mapping[int, int]
                        ) -> float:
        """The mean value of the cards this seat has not seen anywhere (``values``: how many
        cards of the deck are worth each number of points)."""
        left = dict(values)
        for p in view.players:
            for face in p.cards:
                if face is not None:
                    left[points[face]] -= 1
        for face in view.discard:
            left[points[face]] -= 1
        if view.drawn is not None:
            left[points[view.drawn]] -= 1
        count = total = 0
        for v, n in left.items():
            if n > 0:  # below zero when more were seen than the deck holds: none left
                count += n
                total += v * n
        return total / count if count else 5.0


DeckTables = tuple[Mapping[str, int], Mapping[str, str], Mapping[int, int]]
"""Each face's points, each face's effect, the count of cards worth each number of points."""


def deck_tables(deck: Deck) -> DeckTables:
    """Each face's points, each face's effect, and how many cards of ``deck`` are worth each
    number of points: read once for the deck last asked about (the players of a hint's
    playouts all play with one deck). The tables are shared: read-only (``Mapping``)."""
    last = _LAST_DECK[0]
    if last is not None and last[0] is deck:
        return last[1]
    tables = ({card.face: card.points for card, _ in deck.kinds},
              {card.face: card.effect for card, _ in deck.kinds},
              dict(Counter(card.points for card in deck.cards)))
    _LAST_DECK[0] = (deck, tables)
    return tables


_LAST_DECK: list[tuple[Deck, DeckTables] | None] = [None]
"""The deck :func:`deck_tables` last read and its tables, replaced whole (one entry: the deck
stays alive while it is there, so its identity names it)."""


# The decisions of :class:`MemoryPlayer`, on plain data. ``known``: the (points, slot) of the
# cards of its hand the seat has seen, slot by slot; ``unknown``: the slots of the others;
# ``rng``: its own generator.

DISCARD, LOOK_HAND = -1, -2
"""What :func:`decide` answers besides a slot to swap: discard the drawn card, look first."""


def peek_slot(unknown: Sequence[int], rng: random.Random) -> int:
    """The set-up look: one of its unseen cards, at random."""
    return rng.choice(unknown) if unknown else 0


def takes_discard(top: int, plain: bool, known: Sequence[tuple[int, int]],
                  unknown: Sequence[int]) -> bool:
    """Whether it draws the discard's top card (worth ``top`` points, ``plain``: no effect)
    rather than the pile's, where the reading allows it: a plain card of 2 points or less that
    beats its worst known card, or any such card while it holds unseen ones."""
    return plain and top <= 2 and (bool(unknown) or max(known)[0] > top)


def worst_slot(known: Sequence[tuple[int, int]]) -> int:
    """The slot of its worst known card (the last such slot on a tie)."""
    return max(known)[1]


def decide(value: float, special: bool, known: Sequence[tuple[int, int]],
           unknown: Sequence[int], unseen: float, can_discard: bool, can_look: bool,
           rng: random.Random) -> int:
    """Swap or discard the drawn card, worth ``value`` (``unseen``, the mean of the cards it
    has not seen, when it did not see it; ``special``: it has an effect): the slot to swap, or
    :data:`DISCARD`, or :data:`LOOK_HAND`. A special card is played; a card better than its
    worst known one replaces it (if that one is no better than an unseen card); a card better
    than an unseen one replaces an unseen card (after a look at its hand, where allowed);
    otherwise the card is thrown, or, where it must be swapped, replaces its worst card."""
    worst = max(known) if known else None
    if special and can_discard:
        return DISCARD
    if worst is not None and worst[0] > value and (not unknown or worst[0] >= unseen):
        return worst[1]
    if unknown and value < unseen:
        if can_look:
            return LOOK_HAND
        return rng.choice(unknown)
    if can_discard:
        return DISCARD
    return worst[1] if worst is not None else rng.choice(unknown)


def calls(known: Sequence[tuple[int, int]], unseen_count: int, unseen: float,
          others: Iterable[Sequence[int | None]], threshold: int) -> bool:
    """Whether it says "Vaiko": its estimated hand (an unseen card counted as ``unseen``) is at
    most ``threshold`` and more than 3 points under each other hand's estimate (``others``:
    each other player's cards as it knows them, their points or ``None``; read only when its
    own hand is light enough)."""
    mine = sum(p for p, _ in known) + unseen_count * unseen
    if mine > threshold:
        return False
    sums = [sum(v if v is not None else unseen for v in cards) for cards in others]
    return all(mine + 3 < o for o in sums)


def vision_look(seat: str, targets: Sequence[tuple[str, int]],
                table: Mapping[str, Sequence[int | None]], unknown: Sequence[int],
                rng: random.Random) -> tuple[str, int]:
    """Vision: the card it looks at, as (owner, slot), among ``targets`` (the legal looks, in
    their order): one of its own unseen cards at random, else an unseen card of another player
    (``table``: every player's cards as it knows them), else any card."""
    if unknown:
        return seat, rng.choice(unknown)
    looks = [t for t in targets if t[0] != seat and table[t[0]][t[1]] is None]
    return rng.choice(looks or list(targets))


def exchange_cards(seat: str, targets: Sequence[tuple[str, int, str, int]],
                   table: Mapping[str, Sequence[int | None]],
                   known: Sequence[tuple[int, int]], rng: random.Random
                   ) -> tuple[str, int, str, int]:
    """Échange: the swap it makes, as (owner_a, slot_a, owner_b, slot_b), among ``targets``
    (the legal swaps, in their order): its worst known card goes for the lowest known card
    under it of another player (the first found, seat by seat), else, when worth 7 or more, for
    an unseen card of another player at random; otherwise two other players' cards at random
    (``table``: every player's cards as it knows them, in seating order)."""
    mine = [t for t in targets if t[0] == seat]
    if known and mine:
        value, slot = max(known)
        best: tuple[int, tuple[str, int, str, int]] | None = None
        for name, cards in table.items():
            if name == seat:
                continue
            for s, v in enumerate(cards):
                if v is not None and v < value and (best is None or v < best[0]):
                    best = (v, (seat, slot, name, s))
        if best is not None:
            return best[1]
        if value >= 7:
            blind = [t for t in mine if t[1] == slot and table[t[2]][t[3]] is None]
            if blind:
                return rng.choice(blind)
    others = [t for t in targets if t[0] != seat]
    return rng.choice(others or list(targets))


PLAYER_KINDS: dict[str, tuple[str, type[RandomPlayer] | type[MemoryPlayer]]] = {
    "hasard": ("Au hasard", RandomPlayer),
    "memoire": ("Avec de la mémoire (retient les cartes vues)", MemoryPlayer),
}

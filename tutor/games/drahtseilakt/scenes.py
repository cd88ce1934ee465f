"""What a stretch of Drahtseilakt's events showed at the table, as typed records: the pages draw
their tables and worked examples from these, never by reading the events themselves. The
events are this package's own (:mod:`.events`, emitted by :mod:`.core`, :mod:`.play` and
:mod:`.engine`), so this is the one place besides the French text (:mod:`.text`) that folds
their fields into what the table shows.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Literal

from tutor.engine import Event, Refused, Won
from tutor.games.drahtseilakt.core import ScoreCard, Stake
from tutor.games.drahtseilakt.events import (
    Chose,
    CleanManche,
    Dealt,
    DoubleZero,
    Leads,
    NoBlue,
    NoRed,
    PairsBack,
    Played,
    ReserveShort,
    Revealed,
    Shown,
    TakesBlue,
    TakesRed,
    Tokens,
    Totalled,
    Trick,
    TrickEnds,
    ZeroTurned,
)

Change = Literal["blue", "red", "short", "tokens", "pairs"]
TRICK_EVENTS = (Shown, TakesBlue, TakesRed, NoBlue, NoRed, PairsBack, ReserveShort, Tokens)
"""The events of a trick besides its cards played or chosen: what a finished trick showed."""


@dataclass(frozen=True)
class Gain:
    """What one event did to a seat's sticks: ``change`` is ``"blue"`` or ``"red"`` (``count``
    received), ``"short"`` (the reserve gave only ``got`` of ``count``), ``"tokens"`` (``count``
    tokens stood in for missing sticks) or ``"pairs"`` (``count`` pairs given back, leaving
    ``red`` and ``blue``)."""

    seat: str
    change: Change
    count: int
    got: int = 0
    colour: str = ""
    red: int = 0
    blue: int = 0


@dataclass(frozen=True)
class TrickSeen:
    """A trick as the table showed it up to some event: the score cards ``turned`` (``void``:
    the 0 cards cancelled by a second 0), the ``stake``, the cards ``played`` by seat, the seats
    that ``chose`` face down, every change of ``gains`` in order, whether a move was
    ``refused``, and who played the ``highest`` and ``lowest`` card once all have played."""

    turned: tuple[ScoreCard, ...] = ()
    void: frozenset[ScoreCard] = frozenset()
    stake: Stake | None = None
    played: tuple[tuple[str, int], ...] = ()
    chose: frozenset[str] = frozenset()
    gains: tuple[Gain, ...] = ()
    refused: bool = False

    def card_of(self, seat: str) -> int | None:
        return dict(self.played).get(seat)


def trick_seen(events: Sequence[Event], played: Trick = ()) -> TrickSeen:
    """Fold the events of a trick (its score cards, its cards, its sticks) into what the
    table shows after the last of them; ``played``: the trick's cards known before them (a
    trick's end names them all)."""
    turned: list[ScoreCard] = []
    void: set[ScoreCard] = set()
    stake: Stake | None = None
    cards: dict[str, int] = dict(played)
    chose: set[str] = set()
    gains: list[Gain] = []
    refused = False
    for e in events:
        who = str(e.seat)
        match e:
            case ZeroTurned(card=card):
                turned.append(card)
            case Revealed(stake=revealed):
                turned.append(revealed.value)
                stake = revealed
            case DoubleZero(cards=cancelled):
                void.update(cancelled)
            case Played(card=card):
                cards[who] = card
            case Chose():
                chose.add(who)
            case Shown(plays=plays):
                cards.update(plays)
            case TakesBlue(count=count) | TakesRed(count=count):
                gains.append(Gain(who, e.COLOUR, count))
            case ReserveShort(colour=colour, wanted=wanted, got=got):
                gains.append(Gain(who, "short", wanted, got, colour))
            case Tokens(colour=colour, missing=missing):
                gains.append(Gain(who, "tokens", missing, colour=colour))
            case PairsBack(pairs=pairs, red=red, blue=blue):
                gains.append(Gain(who, "pairs", pairs, red=red, blue=blue))
            case Refused():
                refused = True
    return TrickSeen(tuple(turned), frozenset(void), stake, tuple(cards.items()),
                     frozenset(chose), tuple(gains), refused)


def last_trick(events: Sequence[Event]) -> TrickSeen | None:
    """The last trick finished within ``events`` (its end names every card of it, played in
    this step or before), with its score card; ``None`` when no trick ends there."""
    ends = [(k, e) for k, e in enumerate(events) if isinstance(e, TrickEnds)]
    if not ends:
        return None
    last, end = ends[-1]
    start = ends[-2][0] if len(ends) > 1 else -1
    stake = [e for e in reversed(events[:last]) if isinstance(e, Revealed)][:1]
    trick = [e for e in events[start + 1:last] if isinstance(e, TRICK_EVENTS)]
    return trick_seen([*stake, *trick], played=end.plays)


@dataclass(frozen=True)
class DealSeen:
    """A deal as told so far: whether the cards are dealt, how many stay out of the deal, and
    who leads."""

    dealt: bool = False
    unseen: int = 0
    lead: str | None = None


def deal_seen(events: Sequence[Event]) -> DealSeen:
    deal = next((e for e in events if isinstance(e, Dealt)), None)
    lead = next((e.seat for e in events if isinstance(e, Leads)), None)
    return DealSeen(deal is not None, deal.unseen if deal is not None else 0, lead)


@dataclass(frozen=True)
class CountSeen:
    """A manche count as told so far: the manche scores ``cancelled`` (seat, index), the
    ``totals`` once told and the ``winners``."""

    cancelled: frozenset[tuple[str, int]] = frozenset()
    totals: dict[str, int] | None = None
    winners: tuple[str, ...] = field(default=())


def count_seen(events: Sequence[Event]) -> CountSeen:
    cancelled = frozenset((str(e.seat), e.target[0] - 1) for e in events
                          if isinstance(e, CleanManche) and e.target)
    totals = next((dict(zip(e.players, e.totals, strict=True)) for e in events
                   if isinstance(e, Totalled)), None)
    winners = next((e.outcome.winners for e in events if isinstance(e, Won)), ())
    return CountSeen(cancelled, totals, winners)

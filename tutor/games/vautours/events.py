"""Stupides Vautours: what can happen, as typed events (:class:`VautoursEvent`).

Each class is one kind of event that :meth:`.Rules.step`, :meth:`.Rules.opening_events`,
:func:`~.engine.resolve_round` or a worked example tells; each carries the clause that made it
happen (``clause``) and, when one player is concerned, their name (``seat``). The readers (the
French text, the scenes, the lessons, the page) ``match`` on these classes and read their fields.
Cards are ints (point cards −5 to +10, playing cards 1 to 15); the cards laid in a manche are
:class:`~.state.Play` pairs in seat order.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple, TypeAlias

from tutor.engine.core import Event, Refused, Won
from tutor.games.vautours.state import Play


@dataclass(frozen=True, kw_only=True, slots=True)
class Seated(Event):
    """The players took their seats, in this order."""

    players: tuple[str, ...]


@dataclass(frozen=True, kw_only=True, slots=True)
class HandsDealt(Event):
    """Every player took the same complete series of playing cards in hand."""

    hand: tuple[int, ...]


@dataclass(frozen=True, kw_only=True, slots=True)
class PointsListed(Event):
    """The fifteen point cards of the game were set out (Vautour cards, then Suricate cards)."""

    cards: tuple[int, ...]


@dataclass(frozen=True, kw_only=True, slots=True)
class Shuffled(Event):
    """The point cards were shuffled into the face-down deck, in this order (top first)."""

    order: tuple[int, ...]


@dataclass(frozen=True, kw_only=True, slots=True)
class Revealed(Event):
    """The point card ``card`` was turned up for manche ``manche``; ``pile``: all at stake."""

    card: int
    pile: tuple[int, ...]
    manche: int


@dataclass(frozen=True, kw_only=True, slots=True)
class Kept(Event):
    """A position set up by hand: ``seat`` had already won ``cards`` before the first move."""

    cards: tuple[int, ...]


@dataclass(frozen=True, kw_only=True, slots=True)
class Chosen(Event):
    """``seat`` laid ``card`` face down for this manche (hidden from the others until shown)."""

    card: int


@dataclass(frozen=True, kw_only=True, slots=True)
class Shown(Event):
    """Every player turned up the card they laid: ``plays``, in seat order."""

    plays: tuple[Play, ...]


@dataclass(frozen=True, kw_only=True, slots=True)
class Staked(Event):
    """The ``pile`` at stake totals ``total``: it plays as a ``mode`` card (``"suricate"``:
    the highest card wins it; ``"vautour"``: the lowest)."""

    pile: tuple[int, ...]
    total: int
    mode: str


@dataclass(frozen=True, kw_only=True, slots=True)
class Cancelled(Event):
    """``seats`` laid the same ``value``: those cards cancel out and no longer count."""

    value: int
    seats: tuple[str, ...]


@dataclass(frozen=True, kw_only=True, slots=True)
class PileWon(Event):
    """``seat`` won the ``pile`` (worth ``total``, played as a ``mode`` card) with ``card``."""

    card: int
    pile: tuple[int, ...]
    total: int
    mode: str


@dataclass(frozen=True, kw_only=True, slots=True)
class NoWinner(Event):
    """Nobody won the ``pile`` (worth ``total``, played as a ``mode`` card): every card was
    cancelled, or the one-level tie reading stopped the search (``clause`` tells which)."""

    pile: tuple[int, ...]
    total: int
    mode: str


@dataclass(frozen=True, kw_only=True, slots=True)
class Taken(Event):
    """``seat`` took the point ``cards`` they won, face down until the count."""

    cards: tuple[int, ...]


@dataclass(frozen=True, kw_only=True, slots=True)
class PileShared(Event):
    """The last manche had no winner and the ``shared`` variant gave the ``pile``'s ``total``
    to each of ``seats``, who laid the best card."""

    pile: tuple[int, ...]
    total: int
    seats: tuple[str, ...]


@dataclass(frozen=True, kw_only=True, slots=True)
class PileLost(Event):
    """The last manche had no winner: its ``pile`` (worth ``total``) is lost to everyone."""

    pile: tuple[int, ...]
    total: int


@dataclass(frozen=True, kw_only=True, slots=True)
class Discarded(Event):
    """Every player put the card they laid (``plays``, in seat order) on their open pile."""

    plays: tuple[Play, ...]


@dataclass(frozen=True, kw_only=True, slots=True)
class Ended(Event):
    """The fifteenth manche was played: the game is over; ``lost``: the point cards nobody won."""

    lost: tuple[int, ...]


@dataclass(frozen=True, kw_only=True, slots=True)
class Counted(Event):
    """The final count: each player's score (``scores``) and the point cards they won
    (``taken``), as ``(name, value)`` pairs in seat order."""

    scores: tuple[tuple[str, int], ...]
    taken: tuple[tuple[str, tuple[int, ...]], ...]


@dataclass(frozen=True, kw_only=True, slots=True)
class RefusedPlay(Refused):
    """A worked example's move the engine refused: ``action``, the play it tried, and the
    ``reason`` (``clause``: the clause it breaks)."""

    action: Play


VautoursEvent: TypeAlias = (
    Seated | HandsDealt | PointsListed | Shuffled | Revealed | Kept | Chosen | Shown | Staked
    | Cancelled | PileWon | NoWinner | Taken | PileShared | PileLost | Discarded | Ended
    | Counted | RefusedPlay | Refused | Won
)
"""Every event of Stupides Vautours (the end of the game is the shared :class:`Won`, carrying
the :class:`~tutor.engine.core.Outcome`)."""

RoundEvent: TypeAlias = Staked | Cancelled | PileWon | NoWinner
"""The events of one resolution (:func:`~.engine.resolve_round`): the stake, the cards
cancelled, then who wins the pile or that nobody does."""


class RoundResult(NamedTuple):
    """What :func:`resolve_round` found: ``winner`` (``None`` if nobody takes the pile), the
    winning ``card``, ``mode`` (``"suricate"`` or ``"vautour"``), the pile ``total``, the values
    ``cancelled`` by ties (with who played them) and the explained ``events``."""

    winner: str | None
    card: int | None
    mode: str
    total: int
    cancelled: tuple[tuple[int, tuple[str, ...]], ...]
    events: tuple[RoundEvent, ...]

"""Stupides Vautours: what can happen, as typed events (:class:`VautoursEvent`).

Each class (declared with :func:`~tutor.engine.core.event`) is one kind of event that
:meth:`.Rules.step`, :meth:`.Rules.opening_events`, :func:`~.engine.resolve_round` or a
worked example tells; each carries the clause that made it happen (``clause``) and, when one
player is concerned, their name (``seat``). Events about a manche's pile share its base,
:class:`Pile`, never emitted itself. The readers (the French text, the scenes, the lessons,
the page) ``match`` on these classes and read their fields.
Cards are ints (point cards −5 to +10, playing cards 1 to 15); the cards laid in a manche are
:class:`~.state.Play` pairs in seat order.
"""

from __future__ import annotations

from typing import NamedTuple, TypeAlias

from tutor.engine.core import Event, Refused, Won, event
from tutor.engine.core import Seated as Seated  # re-exported: the shared set-up event
from tutor.games.vautours.state import Play


@event
class HandsDealt(Event):
    """Every player took the same complete series of playing cards in hand."""

    hand: tuple[int, ...]


@event
class PointsListed(Event):
    """The fifteen point cards of the game were set out (Vautour cards, then Suricate cards)."""

    cards: tuple[int, ...]


@event
class Shuffled(Event):
    """The point cards were shuffled into the face-down deck, in this order (top first)."""

    order: tuple[int, ...]


@event
class Revealed(Event):
    """The point card ``card`` was turned up for manche ``manche``; ``pile``: all at stake."""

    card: int
    pile: tuple[int, ...]
    manche: int


@event
class Kept(Event):
    """A position set up by hand: ``seat`` had already won ``cards`` before the first move."""

    cards: tuple[int, ...]


@event
class Chosen(Event):
    """``seat`` laid ``card`` face down for this manche (hidden from the others until shown)."""

    card: int


@event
class Shown(Event):
    """Every player turned up the card they laid: ``plays``, in seat order."""

    plays: tuple[Play, ...]


@event
class Pile(Event):
    """The base of the events that tell a manche's pile: the point cards at stake (``pile``)
    and their ``total``."""

    pile: tuple[int, ...]
    total: int


@event
class PileAs(Pile):
    """The base of the events of a pile's resolution: the pile plays as a ``mode`` card
    (``"suricate"``: the highest card wins it; ``"vautour"``: the lowest)."""

    mode: str


@event
class Staked(PileAs):
    """The ``pile`` at stake totals ``total``: it plays as a ``mode`` card."""


@event
class Cancelled(Event):
    """``seats`` laid the same ``value``: those cards cancel out and no longer count."""

    value: int
    seats: tuple[str, ...]


@event
class PileWon(PileAs):
    """``seat`` won the ``pile`` (worth ``total``, played as a ``mode`` card) with ``card``."""

    card: int


@event
class NoWinner(PileAs):
    """Nobody won the ``pile`` (worth ``total``, played as a ``mode`` card): every card was
    cancelled, or the one-level tie reading stopped the search (``clause`` tells which)."""


@event
class Taken(Event):
    """``seat`` took the point ``cards`` they won, face down until the count."""

    cards: tuple[int, ...]


@event
class PileShared(Pile):
    """The last manche had no winner and the ``shared`` variant gave the ``pile``'s ``total``
    to each of ``seats``, who laid the best card."""

    seats: tuple[str, ...]


@event
class PileLost(Pile):
    """The last manche had no winner: its ``pile`` (worth ``total``) is lost to everyone."""


@event
class Discarded(Event):
    """Every player put the card they laid (``plays``, in seat order) on their open pile."""

    plays: tuple[Play, ...]


@event
class Ended(Event):
    """The fifteenth manche was played: the game is over; ``lost``: the point cards nobody won."""

    lost: tuple[int, ...]


@event
class Counted(Event):
    """The final count: each player's score (``scores``) and the point cards they won
    (``taken``), as ``(name, value)`` pairs in seat order."""

    scores: tuple[tuple[str, int], ...]
    taken: tuple[tuple[str, tuple[int, ...]], ...]


@event
class RefusedPlay(Refused):
    """A worked example's move the engine refused: ``action``, the play it tried, and the
    ``reason`` (``clause``: the clause it breaks)."""

    action: Play


VautoursEvent: TypeAlias = (
    Seated | HandsDealt | PointsListed | Shuffled | Revealed | Kept | Chosen | Shown | Staked
    | Cancelled | PileWon | NoWinner | Taken | PileShared | PileLost | Discarded | Ended
    | Counted | RefusedPlay | Refused | Won
)
"""Every event of Stupides Vautours (the seating is the shared :class:`Seated`; the end of the
game the shared :class:`Won`, carrying the :class:`~tutor.engine.core.Outcome`)."""

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

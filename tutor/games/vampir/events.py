"""Vampir's events: one class per thing that can happen at the table (declared with
:func:`~tutor.engine.core.event`), each with its typed fields, the seat concerned (``seat``,
``None`` for the table) and the clause of ``rules/vampir.fr.md`` that made it happen
(``clause``); a hunt's events share its base, :class:`Hunt`, never emitted itself.

:data:`VampirEvent` is the closed union of them (with the shared :class:`Refused` and
:class:`Won`): what :meth:`~tutor.games.vampir.engine.Rules.step`, the set-up
(:meth:`~tutor.games.vampir.engine.Rules.opening_events`), the scoring and the worked examples
emit. Readers ``match`` on the classes; :mod:`.text` tells each in French. Per-seat numbers are
``(seat, number)`` pairs in seating order; the verdict on a hunt (:class:`HuntCheck`) and the
scoring of a colour (:class:`ColourScore`) are the values :mod:`.hunts` answers with, kept here
so that the events carry them as they are.
"""

from __future__ import annotations

from typing import Literal, NamedTuple, TypeAlias

from tutor.engine.core import Event, Refused, Seated, Won, event

from .cards import Card

SeatNumbers: TypeAlias = tuple[tuple[str, int], ...]
"""A number per seat, as ``(seat, number)`` pairs in seating order."""


# --- the values some events carry (also what :mod:`.hunts` answers) ----------------------------


class HuntCheck(NamedTuple):
    """The verdict of :func:`.hunts.is_valid_hunt`: truthy when valid; ``reason`` says why in
    French, ``location`` is the hunt's colour (``None`` if it has none) and ``clause`` the rule
    applied."""

    ok: bool
    reason: str
    location: str | None
    heads: int
    clause: str

    def __bool__(self) -> bool:
        return self.ok


class ColourScore(NamedTuple):
    """The scoring of one colour: the ``heads`` of each player who shows it (``(player, heads)``
    pairs in seating order), the players ``absent`` from it, who must ``discard`` it, and the
    ``clause`` that decided."""

    location: str
    heads: SeatNumbers
    absent: tuple[str, ...]
    discard: tuple[str, ...]
    clause: str


# --- the set-up ----------------------------------------------------------------------------------


@event
class Seating(Seated):
    """The players sat down, clockwise, in the order of ``players``."""


@event
class MatchLength(Event):
    """The match was announced: ``manches`` manches, their points added up."""

    manches: int


@event
class LocationsLaidOut(Event):
    """The six locations were laid out in a row, in the order of ``locations``."""

    locations: tuple[str, ...]


@event
class VampireCards(Event):
    """The vampire cards were presented: 16 per colour, one or two heads each."""


@event
class JokerCards(Event):
    """The jokers were presented: each stands for any colour and counts ``heads`` heads."""

    heads: int


@event
class Totals(Event):
    """A later manche opened on each seat's ``totals`` after manche ``manche``."""

    manche: int
    totals: SeatNumbers


@event
class StartersLaid(Event):
    """Manche ``manche`` set up: one one-head vampire of its colour under each location."""

    manche: int


@event
class Dealt(Event):
    """Each of ``players`` players was dealt ``hand`` cards; ``deck`` cards form the deck."""

    hand: int
    deck: int
    players: int


@event
class Starts(Event):
    """``seat`` starts manche ``manche``."""

    manche: int


# --- a turn --------------------------------------------------------------------------------------


@event
class Drew(Event):
    """``seat`` drew ``cards`` (hidden from the others), leaving ``left`` cards in the deck."""

    cards: tuple[Card, ...]
    left: int


@event
class Laid(Event):
    """``seat`` laid ``card`` under ``location``."""

    card: Card
    location: str


@event
class Took(Event):
    """``seat`` took every card under ``location``: ``cards``."""

    location: str
    cards: tuple[Card, ...]


@event
class Kept(Event):
    """No hunt could follow a free take: ``seat`` simply kept ``cards`` in hand."""

    cards: tuple[Card, ...]


@event
class Hunt(Event):
    """The base of the events of one of ``seat``'s hunts: its ``cards``, of ``location``'s
    colour."""

    location: str
    cards: tuple[Card, ...]


@event
class HuntReplaced(Hunt):
    """``seat``'s earlier hunt of ``location``'s colour, ``cards``, left the game."""


@event
class HuntShown(Hunt):
    """``seat`` showed a hunt of ``location``'s colour: ``cards``, worth ``heads`` heads."""

    heads: int


@event
class MayHuntAgain(Event):
    """Under several hunts a turn, ``seat`` may show another hunt or end the turn."""


@event
class TurnEnded(Event):
    """``seat`` ended the turn after a hunt (several hunts a turn)."""


@event
class Turn(Event):
    """The turn passed to ``seat``."""


# --- the end of a manche -------------------------------------------------------------------------


@event
class MancheEnded(Event):
    """Manche ``manche`` stopped at once: ``seat`` drew the last card (``reason`` ``"deck"``) or
    showed all six colours (``"six"``)."""

    reason: Literal["deck", "six"]
    manche: int


@event
class HandsDiscarded(Event):
    """Every hand was discarded without scoring: each seat's ``hands``, in seating order."""

    hands: tuple[tuple[str, tuple[Card, ...]], ...]


@event
class ColourScored(Event):
    """One colour was scored, as ``score`` tells (its ``clause`` the score's)."""

    score: ColourScore


@event
class Points(Event):
    """The manche's ``points``, seat by seat, once every colour was scored."""

    points: SeatNumbers


# --- the worked examples -------------------------------------------------------------------------


@event
class HuntChecked(Event):
    """``cards`` were checked as a hunt: ``check`` is the verdict (a worked example's)."""

    cards: tuple[Card, ...]
    check: HuntCheck


VampirEvent: TypeAlias = (
    Seating | MatchLength | LocationsLaidOut | VampireCards | JokerCards | Totals | StartersLaid
    | Dealt | Starts | Drew | Laid | Took | Kept | HuntReplaced | HuntShown | MayHuntAgain
    | TurnEnded | Turn | MancheEnded | HandsDiscarded | ColourScored | Points | HuntChecked
    | Refused | Won
)
"""Every event of Vampir (a closed union: a reader's ``match`` covers these)."""

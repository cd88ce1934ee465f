"""Vampir's actions, totally ordered (draw, takes, lays, hunts, end of turn) so that
``legal_actions`` is sorted; a look-alike field never breaks the order."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from .cards import (
    KINDS,
    LOCATIONS,
    Card,
)


def _key(value: object, known: Sequence[object]) -> tuple[int, str]:
    """A sort key that never fails: known values by position, anything else after them."""
    for k, item in enumerate(known):
        if value is item or (type(value) is type(item) and value == item):
            return (k, "")
    return (len(known), repr(value))


class _Action:
    """Common base of the actions: totally ordered (draw, takes, lays, hunts, end of turn; then
    by seat, location and cards), so that ``legal_actions`` is sorted."""

    __slots__ = ()
    ORDER: ClassVar[int] = 0
    seat: str

    def sort_key(self) -> tuple[Any, ...]:
        return (self.ORDER, _key(self.seat, ()))

    def __lt__(self, other: object) -> bool:
        if not isinstance(other, _Action):
            return NotImplemented
        return self.sort_key() < other.sort_key()

    def __le__(self, other: object) -> bool:
        if not isinstance(other, _Action):
            return NotImplemented
        return self == other or self < other

    def __gt__(self, other: object) -> bool:
        if not isinstance(other, _Action):
            return NotImplemented
        return other < self

    def __ge__(self, other: object) -> bool:
        if not isinstance(other, _Action):
            return NotImplemented
        return self == other or other < self


@dataclass(frozen=True, slots=True)
class Draw(_Action):
    """Draw the top 2 cards of the deck into the hand (``vampir/piocher``)."""

    ORDER: ClassVar[int] = 0
    seat: str


@dataclass(frozen=True, slots=True)
class Take(_Action):
    """Take every card under ``location`` into the hand (``vampir/recuperer``)."""

    ORDER: ClassVar[int] = 1
    seat: str
    location: str

    def sort_key(self) -> tuple[Any, ...]:
        return (self.ORDER, _key(self.seat, ()), _key(self.location, LOCATIONS))


@dataclass(frozen=True, slots=True)
class Lay(_Action):
    """After drawing, lay ``card`` from the hand under ``location`` (``vampir/poser``)."""

    ORDER: ClassVar[int] = 2
    seat: str
    card: Card
    location: str

    def sort_key(self) -> tuple[Any, ...]:
        return (self.ORDER, _key(self.seat, ()), _key(self.card, KINDS),
                _key(self.location, LOCATIONS))


@dataclass(frozen=True, slots=True)
class Hunt(_Action):
    """Show the hand ``cards`` as a hunt in front of oneself (``vampir/chasse``)."""

    ORDER: ClassVar[int] = 3
    seat: str
    cards: tuple[Card, ...]

    def sort_key(self) -> tuple[Any, ...]:
        cards = self.cards if isinstance(self.cards, (tuple, list)) else (self.cards,)
        return (self.ORDER, _key(self.seat, ()), tuple(_key(c, KINDS) for c in cards))


@dataclass(frozen=True, slots=True)
class EndTurn(_Action):
    """End the turn after a hunt instead of showing another one (only under the reading
    ``hunts="several"``, ``vampir/variante-plusieurs-chasses``)."""

    ORDER: ClassVar[int] = 4
    seat: str


Action = Draw | Take | Lay | Hunt | EndTurn
ACTION_TYPES = (Draw, Take, Lay, Hunt, EndTurn)

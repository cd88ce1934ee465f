"""The shared, pure engine core (standard library only)."""

from tutor.engine.core import (
    Event,
    IllegalAction,
    Outcome,
    Refused,
    Resolution,
    Seated,
    Won,
    best_totals,
    check_choice,
    check_keys,
    check_players,
    event,
    short_repr,
    shuffled,
    unique_extreme,
)
from tutor.engine.variant import VariantBase
from tutor.fr import join as join_names
from tutor.fr import signed

__all__ = [
    "Event",
    "IllegalAction",
    "Outcome",
    "Refused",
    "Resolution",
    "Seated",
    "VariantBase",
    "Won",
    "best_totals",
    "check_choice",
    "check_keys",
    "check_players",
    "event",
    "join_names",
    "short_repr",
    "shuffled",
    "signed",
    "unique_extreme",
]

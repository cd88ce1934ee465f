"""The shared, pure engine core (standard library only)."""

from tutor.engine.core import (
    Event,
    IllegalAction,
    Outcome,
    Resolution,
    check_choice,
    check_keys,
    check_players,
    join_names,
    short_repr,
    shuffled,
    signed,
    unique_extreme,
)
from tutor.engine.variant import VariantBase

__all__ = [
    "Event",
    "IllegalAction",
    "Outcome",
    "Resolution",
    "VariantBase",
    "check_choice",
    "check_keys",
    "check_players",
    "join_names",
    "short_repr",
    "shuffled",
    "signed",
    "unique_extreme",
]

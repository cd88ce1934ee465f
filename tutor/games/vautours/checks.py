"""Stupides Vautours: how the game checks what callers hand it (exact types, French refusals)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tutor import fr
from tutor.engine import IllegalAction
from tutor.games.vautours.state import Variant

VariantLike = Variant | str | Mapping[str, Any] | None


def refuse(reason: str, clause: str) -> IllegalAction:
    """The refusal citing ``clause``, its French ``reason`` set in French typography."""
    return IllegalAction(fr.message(reason), clause)


def shown(value: object) -> str:
    """A value quoted for a learner: a number as itself, anything else between « »."""
    if type(value) is int:
        return fr.number(value)
    text = value if isinstance(value, str) else repr(value)
    return fr.quote(text if len(text) <= 24 else text[:23] + "…")


def is_int(value: object) -> bool:
    """True for a genuine ``int`` (not a bool, a float equal to an int, or a string)."""
    return type(value) is int


def coerce_variant(variant: object) -> Variant:
    """:meth:`Variant.coerce`, turning every wrong input into a French :class:`ValueError`."""
    try:
        return Variant.coerce(variant)
    except ValueError:
        raise
    except Exception:
        raise ValueError(f"Variante illisible : {shown(variant)}.") from None

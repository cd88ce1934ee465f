"""What every game's ``Variant`` shares: validation of each reading, presets, and coercion."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import fields
from typing import Any, ClassVar, TypeVar

from tutor.engine.core import check_choice, check_keys, short_repr

V = TypeVar("V", bound="VariantBase")


class VariantBase:
    """Base of each game's frozen ``Variant`` dataclass (one field per reading of the rules).

    A subclass declares ``GAME`` (the game's French name, for messages) and ``CHOICES`` (each
    field's valid values); its module registers the named presets in ``PRESETS`` once they
    exist. Construction refuses any value outside ``CHOICES``: configuration never falls back to
    a default silently.
    """

    GAME: ClassVar[str] = ""
    CHOICES: ClassVar[Mapping[str, tuple[Any, ...]]] = {}
    PRESETS: ClassVar[Mapping[str, Any]] = {}

    def __post_init__(self) -> None:
        for name, valid in self.CHOICES.items():
            check_choice(name, getattr(self, name), valid)

    @classmethod
    def from_mapping(cls: type[V], values: Mapping[str, Any]) -> V:
        """Build a variant from a mapping, refusing unknown keys (listing the valid ones)."""
        check_keys(f"la variante de {cls.GAME}", values,
                   [f.name for f in fields(cls)])  # type: ignore[arg-type]
        return cls(**values)

    @classmethod
    def preset(cls: type[V], name: str) -> V:
        """One of the named presets."""
        check_choice("préréglage", name, cls.PRESETS)
        preset: V = cls.PRESETS[name]
        return preset

    @classmethod
    def coerce(cls: type[V], value: object) -> V:
        """Accept a variant, a preset name, a mapping of flags, or ``None`` (the default: the
        ``"standard"`` preset, every reading at its default)."""
        if value is None:
            default: V = cls.PRESETS["standard"]
            return default
        if isinstance(value, cls):
            return value
        if isinstance(value, str):
            return cls.preset(value)
        if isinstance(value, Mapping):
            return cls.from_mapping(value)
        raise ValueError(f"Variante illisible : {short_repr(value)}.")

"""What every game's ``Variant`` shares: validation of each reading, presets, and coercion."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, fields
from typing import (
    Any,
    ClassVar,
    Literal,
    TypeVar,
    dataclass_transform,
    get_args,
    get_origin,
    get_type_hints,
)

from tutor.engine.core import check_choice, check_keys, short_repr

V = TypeVar("V", bound="VariantBase")


@dataclass_transform(frozen_default=True)
class VariantBase:
    """Base of each game's ``Variant``: every subclass is a frozen dataclass, one field per
    reading of the rules.

    A subclass names its game in French (``class Variant(VariantBase, game="Vampir")``, for
    messages) and declares each reading as a field annotated ``Literal[...]`` (its valid values)
    with its default; ``CHOICES`` (each field's valid values) is read from those annotations, so
    the values are written once. Its module then names the presets with :meth:`presets`.
    Construction refuses any value outside ``CHOICES``: configuration never falls back to a
    default silently.
    """

    GAME: ClassVar[str] = ""
    CHOICES: ClassVar[Mapping[str, tuple[Any, ...]]] = {}
    PRESETS: ClassVar[Mapping[str, Any]] = {}

    def __init_subclass__(cls, *, game: str, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        cls.GAME = game
        cls.CHOICES = {name: get_args(hint) for name, hint in get_type_hints(cls).items()
                       if get_origin(hint) is Literal}
        dataclass(frozen=True)(cls)

    def __post_init__(self) -> None:
        for name, valid in self.CHOICES.items():
            check_choice(name, getattr(self, name), valid)

    @classmethod
    def presets(cls: type[V], standard: str, others: Mapping[str, tuple[str, Mapping[str, Any]]]
                ) -> tuple[dict[str, V], dict[str, str]]:
        """Register the named presets and return them with their French labels, built from one
        table: ``"standard"`` (every reading at its default, labelled ``standard``) first, then
        ``others``, each name mapped to its label and the readings it changes
        (``{"deck": "tactical"}``)."""
        table = {"standard": (standard, {}), **others}
        named = {name: cls.from_mapping(readings) for name, (_, readings) in table.items()}
        cls.PRESETS = named
        return named, {name: label for name, (label, _) in table.items()}

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

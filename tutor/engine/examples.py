"""Shared support for running the worked examples written in ``rules/`` against a game engine."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, NamedTuple

from tutor import fr
from tutor.engine.core import Event

COMMON_KEYS = ("id", "titre", "type", "note", "variante", "articles")


class ExampleError(ValueError):
    """A malformed worked example (missing or unknown key, wrong type). French message."""


class ExampleRun(NamedTuple):
    """What replaying a worked example gave: the explained ``events`` and the ``mismatches``
    between what the example expects and what the engine says (empty when it passes)."""

    events: tuple[Event, ...]
    mismatches: tuple[str, ...]

    @property
    def ok(self) -> bool:
        return not self.mismatches


def check_keys(where: str, data: Mapping[str, Any], required: Sequence[str],
               optional: Sequence[str]) -> None:
    """Refuse missing required keys and unknown keys, naming them and the valid ones."""
    missing = [k for k in required if k not in data]
    if missing:
        said = "clé manquante" if len(missing) == 1 else "clés manquantes"
        raise ExampleError(f"{where} : {said} {fr.join(fr.quote(k) for k in missing)}.")
    allowed = set(required) | set(optional)
    unknown = sorted(set(data) - allowed)
    if unknown:
        said = "clé inconnue" if len(unknown) == 1 else "clés inconnues"
        raise ExampleError(
            f"{where} : {said} {fr.join(fr.quote(k) for k in unknown)} "
            f"(clés possibles : {', '.join(sorted(allowed))})."
        )


def int_list(where: str, value: object) -> tuple[int, ...]:
    """A TOML array of integers, or :class:`ExampleError`."""
    if not isinstance(value, list) or not all(type(v) is int for v in value):
        raise ExampleError(f"{where} doit être une liste d’entiers")
    return tuple(value)


def int_table(where: str, value: object) -> dict[str, int]:
    """A TOML table of integers keyed by player name, or :class:`ExampleError`."""
    if not isinstance(value, dict) or not all(type(v) is int for v in value.values()):
        raise ExampleError(f"{where} doit être une table joueur = entier")
    return dict(value)


def list_table(where: str, value: object) -> dict[str, tuple[int, ...]]:
    """A TOML table of integer lists keyed by player name, or :class:`ExampleError`."""
    if not isinstance(value, dict):
        raise ExampleError(f"{where} doit être une table joueur = [cartes]")
    return {k: int_list(f"{where}.{k}", v) for k, v in value.items()}


def compare(label: str, expected: object, got: object, out: list[str]) -> None:
    """Record a mismatch line when ``expected`` differs from ``got``."""
    if expected != got:
        out.append(f"{label} : attendu {expected!r}, obtenu {got!r}")


Kind = Callable[[Mapping[str, Any], Any], ExampleRun]

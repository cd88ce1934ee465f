"""Engine core shared by every game: events, errors, outcomes, seeded chance, resolution helpers.

Standard library only. Nothing here knows about widgets or notebooks.
"""

from __future__ import annotations

import functools
import random
from collections.abc import Callable, Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Literal, NamedTuple, TypeVar, cast, dataclass_transform

from tutor.fr import join, quote, shown, typography

T = TypeVar("T")
K = TypeVar("K")
R = TypeVar("R")


@dataclass_transform(kw_only_default=True, frozen_default=True)
def event(cls: type[T]) -> type[T]:
    """Declare ``cls`` an event: a frozen dataclass with slots whose fields are given by
    keyword (``Seated(players=..., clause=...)``). Every event class of every game is
    declared with it, deriving from :class:`Event` or from an event base sharing fields."""
    return dataclass(frozen=True, kw_only=True, slots=True)(cls)


@event
class Event:
    """Something that happened, and the rule clause that made it happen: the base of every
    game's events.

    Each game declares its events with :func:`event`, deriving from this one, with typed
    fields (``tutor.games.<id>.events``), and its ``step`` gives a tuple of them. ``seat`` is the
    player concerned (``None`` for the table), ``clause`` the id of the clause in ``rules/`` that
    caused it. Readers ``match`` on the classes and read their fields.
    """

    seat: str | None = None
    clause: str


@event
class Seated(Event):
    """The players sit down, in playing order (``players``): the first event of every game's
    set-up."""

    players: tuple[str, ...]


@event
class Refused(Event):
    """A move the engine refused, told as an event (the worked examples tell refusals):
    ``reason`` is the French sentence of the :class:`IllegalAction`, ``clause`` the clause it
    violates. A game whose refusals name more (the card tried) derives its own."""

    reason: str


@event
class Won(Event):
    """The end of the game, as its :class:`Outcome` tells it (``clause``: the outcome's)."""

    outcome: Outcome


def is_refusal(event: Event) -> bool:
    """A refused move told as an event (every game's worked examples tell refusals alike)."""
    return isinstance(event, Refused)


class IllegalAction(ValueError):
    """A user-caused error: the action breaks a rule. The state it was applied to is unchanged.

    ``reason`` is a French sentence for the learner, ``clause`` the id of the violated clause.
    """

    def __init__(self, reason: str, clause: str) -> None:
        reason = typography(reason)  # every refusal a learner reads is set in French typography
        super().__init__(reason)
        self.reason = reason
        self.clause = clause

    def __repr__(self) -> str:
        return f"IllegalAction({self.reason!r}, {self.clause!r})"

    def __reduce__(self) -> tuple[Any, ...]:
        return (IllegalAction, (self.reason, self.clause))


@dataclass(frozen=True)
class Outcome:
    """The end of a game: final ``scores`` per player, the ``winners`` (several on a shared win),
    a French ``reason`` and the ``clause`` that decided it."""

    scores: Mapping[str, int]
    winners: tuple[str, ...]
    reason: str
    clause: str


@dataclass(frozen=True)
class Lesson:
    """A rule-level lesson a finished game can show a learner: a kind of move that scores, which
    they never made though they could. ``action`` tells the actions that open the way to it
    (the learner could, when one was legal at one of their decisions; ``None``: always);
    ``event`` the event that shows it made (read on their seat's events; ``None``: making such
    an action is enough). ``text``: one French sentence naming the rule; ``clause``: its id.
    With ``made``, the lesson is the other way round: a kind of move that costs, shown when its
    ``event`` did come the learner's way (e.g. a penalty card for a missed throw)."""

    clause: str
    text: str
    action: Callable[[Any], bool] | None = None
    event: Callable[[Event], bool] | None = None
    made: bool = False


@dataclass(frozen=True)
class Record:
    """What chance and the set-up decided in one game, as drawn: replayed with the same actions,
    it gives the same game, move for move, without any random state.

    ``shuffles`` holds every shuffle in the order it was drawn (each a tuple of cards, top first;
    a game that reshuffles during play appends to it); ``setup`` holds the set-up choices that
    fix the game without being chance (who starts, which deck file), as ``(name, value)`` pairs.
    """

    shuffles: tuple[tuple[Hashable, ...], ...] = ()
    setup: tuple[tuple[str, Hashable], ...] = ()

    def option(self, name: str, default: Hashable = None) -> Hashable:
        """The set-up value ``name`` (``default`` when not recorded)."""
        return dict(self.setup).get(name, default)

    def drawn(self, shuffle: Sequence[Hashable]) -> Record:
        """This record with one more shuffle appended (the state keeps the new record)."""
        return Record((*self.shuffles, tuple(shuffle)), self.setup)



def evolve(value: T, **changes: Any) -> T:
    """A copy of the frozen, slotted dataclass ``value`` with ``changes``: what
    :func:`dataclasses.replace` gives, without re-running ``__init__`` (the hot path of a game's
    states, whose fields were checked when they entered the engine)."""
    cls = type(value)
    new = object.__new__(cls)
    for name in cls.__slots__:  # type: ignore[attr-defined]
        object.__setattr__(new, name, changes.pop(name) if name in changes
                           else getattr(value, name))
    if changes:
        raise TypeError(f"{cls.__name__} has no field {', '.join(changes)}")
    return new


def last_only(compute: Callable[[K], R]) -> Callable[[K], R]:
    """``compute`` remembering its last argument, by identity, and what it gave: a hint asks
    the same view hundreds of times in a row (a game's ``sample_state``). One pair, read and
    written at once (safe across threads)."""
    last: list[tuple[object, Any]] = [(object(), None)]  # (nothing is ever that object)

    @functools.wraps(compute)
    def remembered(arg: K) -> R:
        seen, out = last[0]
        if seen is arg:
            return cast(R, out)
        made = compute(arg)
        last[0] = (arg, made)
        return made

    return remembered


@functools.lru_cache(maxsize=16)
def _seeded(seeds: tuple[int, ...]) -> tuple[tuple[Any, ...], ...]:
    return tuple(random.Random(seed).getstate() for seed in seeds)


def generators(seeds: Sequence[int]) -> list[random.Random]:
    """``[random.Random(seed) for seed in seeds]``, sooner when the same seeds come again: a
    hint's round plays one playout per action tried, each seat's player seeded alike in all of
    them. Each generator is restored from the state its seed gives, kept for the last seeds
    asked (the same draws as seeding it anew)."""
    out = []
    for state in _seeded(tuple(seeds)):
        rng = random.Random.__new__(random.Random)  # not seeded: setstate sets all it holds
        rng.setstate(state)
        out.append(rng)
    return out


def shuffled(items: Iterable[T], seed: int | random.Random) -> tuple[T, ...]:
    """Return ``items`` in a shuffled order drawn from ``seed`` only (never the global ``random``).

    The order is returned so that the caller records it: a game is replayed from the recorded
    order, without any random state. The shuffle is our own Fisher-Yates over
    ``Random.getrandbits`` (whose output Python guarantees for a given seed), drawing exactly as
    CPython's ``Random.shuffle`` does today: the same seed gives the same order as
    ``random.Random(seed).shuffle``, and keeps giving it should that method ever change.
    """
    rng = seed if isinstance(seed, random.Random) else random.Random(seed)
    out = list(items)
    getrandbits = rng.getrandbits
    for i in range(len(out) - 1, 0, -1):
        # a uniform j in 0..i: draw bit_length(i + 1) bits until the value is small enough
        bits = (i + 1).bit_length()
        j = getrandbits(bits)
        while j > i:
            j = getrandbits(bits)
        out[i], out[j] = out[j], out[i]
    return tuple(out)


class Resolution(NamedTuple):
    """Result of :func:`unique_extreme`: the winner (or ``None``), the values cancelled by ties in
    the order they were set aside, and whether the cancellation limit stopped the search."""

    winner: str | None
    value: int | None
    cancelled: tuple[tuple[int, tuple[str, ...]], ...]
    stopped_by_limit: bool


def unique_extreme(
    seats: Sequence[str],
    values: Sequence[int],
    prefer: Literal["high", "low"],
    max_cancellations: int | None = None,
) -> Resolution:
    """Find the best value played by exactly one player ("the highest unique card wins"):
    ``seats[i]`` played ``values[i]`` (two sequences in the same order, as a game's state holds
    them: no mapping built for a simulation's every round).

    Values are examined from best to worst (highest first for ``"high"``, lowest first for
    ``"low"``). A value played by two or more players is cancelled and the next one examined. With
    ``max_cancellations`` set, the search gives up once that many values have been cancelled.
    """
    best = max(values) if prefer == "high" else min(values)
    if values.count(best) == 1:  # the usual case, answered without sorting
        # (a plain tuple: the named tuple's keyword machinery costs more than the search)
        return tuple.__new__(Resolution, (seats[values.index(best)], best, (), False))
    counts: dict[int, list[str]] = {}
    for seat, value in zip(seats, values):
        counts.setdefault(value, []).append(seat)
    cancelled: list[tuple[int, tuple[str, ...]]] = []
    for value in sorted(counts, reverse=prefer == "high"):
        tied = counts[value]
        if len(tied) == 1:
            return Resolution(tied[0], value, tuple(cancelled), False)
        if max_cancellations is not None and len(cancelled) >= max_cancellations:
            return Resolution(None, None, tuple(cancelled), True)
        cancelled.append((value, tuple(tied)))
    return Resolution(None, None, tuple(cancelled), False)


def best_totals(totals: Mapping[str, int], lowest: bool = False) -> tuple[tuple[str, ...], int]:
    """The players with the best total (the highest, or the lowest when ``lowest``), in the
    order of ``totals``, and that total: several players share a win on a tie."""
    best = min(totals.values()) if lowest else max(totals.values())
    return tuple(p for p, t in totals.items() if t == best), best


def check_players(players: Sequence[str], low: int, high: int, clause: str) -> tuple[str, ...]:
    """Validate a list of player names: count within ``low..high``, non-empty, distinct names
    (two names that differ only by capitals or surrounding spaces are the same name).

    Raises :class:`IllegalAction` citing ``clause`` (the game's "players" clause).
    """
    if isinstance(players, str) or not isinstance(players, Sequence):
        raise IllegalAction("La liste des joueurs doit être une suite de noms.", clause)
    names = tuple(players)
    if not low <= len(names) <= high:
        raise IllegalAction(
            f"Ce jeu se joue de {low} à {high} joueurs, pas {len(names)}.", clause
        )
    for name in names:
        if not isinstance(name, str) or not name.strip():
            raise IllegalAction(typography(f"Nom de joueur invalide : {short_repr(name)}."),
                                clause)
    # « Léo » and « léo » (or « Léo ») would be two seats a reader cannot tell apart
    keys = [name.strip().casefold() for name in names]
    if len(set(keys)) != len(keys):
        same = {k for k in keys if keys.count(k) > 1}
        twice = sorted({n for n, k in zip(names, keys) if k in same})
        apart = " (majuscules et espaces mis à part)" if len(twice) > len(same) else ""
        raise IllegalAction(typography(
            "Deux joueurs ne peuvent pas porter le même nom : "
            + join(quote(n) for n in twice) + apart + "."),
            clause)
    return names


def check_choice(name: str, value: object, valid: Iterable[object]) -> None:
    """Reject a configuration value not in ``valid`` (same type too: ``True`` is not ``1``),
    naming the valid ones (no silent default)."""
    options = tuple(valid)
    if type(value) not in {type(o) for o in options} or value not in options:
        raise ValueError(typography(
            f"Valeur inconnue pour « {name} » : {short_repr(value)}. Valeurs possibles : "
            + ", ".join(str(o) for o in options) + "."))


def check_keys(kind: str, given: Iterable[object], valid: Iterable[str]) -> None:
    """Reject unknown configuration keys (of any type), listing the valid ones, in French."""
    known = tuple(valid)
    unknown = sorted({shown(k) for k in given if not (isinstance(k, str) and k in known)})
    if unknown:
        raise ValueError(typography(
            f"{'Clé inconnue' if len(unknown) == 1 else 'Clés inconnues'} pour {kind} : "
            f"{', '.join(unknown)}. Clés possibles : {', '.join(known)}."))


def short_repr(value: object, limit: int = 24) -> str:
    """An untrusted value quoted for a learner (« 12.0 », never a Python repr), cut to
    ``limit`` characters."""
    return shown(value, limit)

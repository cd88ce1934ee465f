"""What a stretch of Stupides Vautours' events showed at the table, as typed records: the page
draws its table, its worked examples and the manche just resolved from these, never by reading
the events itself. The events are this package's own (:mod:`.events`), so this is the one
place besides the French text (:mod:`.text`) that folds them.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from tutor.engine import Event, Refused, Won
from tutor.games.vautours.events import (
    Cancelled,
    Chosen,
    NoWinner,
    PileWon,
    Revealed,
    Shown,
    Staked,
)


@dataclass(frozen=True)
class MancheSeen:
    """One manche as told so far: the ``pile`` at stake, the cards ``played`` (``None`` until
    shown), the values ``cancelled`` by ties, the ``winner`` and whether it is ``resolved``."""

    pile: tuple[int, ...] = ()
    played: dict[str, int] | None = None
    cancelled: tuple[int, ...] = ()
    winner: str | None = None
    resolved: bool = False


@dataclass(frozen=True)
class ManchesSeen:
    """The manche being told and the one resolved before it, and the reason of a refused move
    (``""``: none)."""

    current: MancheSeen | None
    previous: MancheSeen | None
    refused: str = ""


def manches_seen(events: Sequence[Event], pile: Sequence[int] = (),
                 played: Mapping[str, int] | None = None) -> ManchesSeen:
    """Fold ``events`` into the manche being resolved and the one before it: ``pile``, the one
    at stake first, and ``played``, the cards already shown in it (a worked example that
    starts at the resolution of one manche)."""
    now = MancheSeen(tuple(pile), None if played is None else dict(played))
    previous: MancheSeen | None = None
    cancelled: list[int] = []
    refused = ""
    for e in events:
        match e:
            case Revealed(pile=revealed):
                if now.played is not None:
                    previous = MancheSeen(now.pile, now.played, tuple(cancelled), now.winner,
                                          now.resolved)
                now, cancelled = MancheSeen(revealed), []
            case Shown(plays=plays):
                now = MancheSeen(now.pile, dict(plays), (), now.winner, now.resolved)
            case Staked(pile=stake):
                now = MancheSeen(stake, now.played, (), now.winner, now.resolved)
            case Cancelled(value=value):
                cancelled.append(value)
            case PileWon() | NoWinner():
                now = MancheSeen(now.pile, now.played, (), e.seat, True)
            case Refused(reason=reason):
                refused = reason
    current = MancheSeen(now.pile, now.played, tuple(cancelled), now.winner, now.resolved) \
        if now.pile else None
    return ManchesSeen(current, previous, refused)


def last_manche(events: Sequence[Event]) -> MancheSeen | None:
    """The last manche resolved within ``events`` (``None``: none)."""
    found = next(((k, e) for k, e in reversed(list(enumerate(events))) if isinstance(e, Shown)),
                 None)
    if found is None:
        return None
    start, shown = found
    part = events[start + 1:]
    stake = next(e for e in part if isinstance(e, Staked))
    end = next(e for e in part if isinstance(e, PileWon | NoWinner))
    return MancheSeen(stake.pile, dict(shown.plays),
                      tuple(e.value for e in part if isinstance(e, Cancelled)), end.seat, True)


def winners_told(events: Sequence[Event]) -> tuple[str, ...]:
    """The winners once the final count has named them (``()`` before)."""
    return next((e.outcome.winners for e in reversed(events) if isinstance(e, Won)), ())


def is_private(event: Event, viewer: str | None) -> bool:
    """Whether ``viewer`` (``None``: the teacher) may not read ``event``: a card chosen face
    down by another player."""
    return viewer is not None and isinstance(event, Chosen) and event.seat != viewer


def is_choice(event: Event) -> bool:
    """A card chosen face down (worked examples tell the reveal instead)."""
    return isinstance(event, Chosen)

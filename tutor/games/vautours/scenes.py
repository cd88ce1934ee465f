"""What a stretch of Stupides Vautours' events showed at the table, as typed records: the page
draws its table, its worked examples and the manche just resolved from these, never by reading
event kinds and data keys itself. The events are this package's own (:mod:`.engine`), so this
is the one place besides the French text (:mod:`.text`) that knows their kinds.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from tutor.engine import Event, Tagged
from tutor.games.vautours.state import C_SHOW


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


def manches_seen(events: Sequence[Event], pile: Sequence[int] = ()) -> ManchesSeen:
    """Fold ``events`` (``pile``: the one at stake first) into the manche being resolved and
    the one before it."""
    now = MancheSeen(tuple(pile))
    previous: MancheSeen | None = None
    cancelled: list[int] = []
    refused = ""
    for e in events:
        if e.kind == "reveal":
            if now.played is not None:
                previous = MancheSeen(now.pile, now.played, tuple(cancelled), now.winner,
                                      now.resolved)
            now, cancelled = MancheSeen(tuple(e.data["pile"])), []
        elif e.kind == "show":
            now = MancheSeen(now.pile, dict(e.data["plays"]), (), now.winner, now.resolved)
        elif e.kind == "stake":
            now = MancheSeen(tuple(e.data["pile"]), now.played, (), now.winner, now.resolved)
        elif e.kind == "cancel":
            cancelled.append(e.data["value"])
        elif e.kind in ("win", "no_winner"):
            now = MancheSeen(now.pile, now.played, (), e.seat, True)
        elif e.kind == "refused":
            refused = e.data["reason"]
    current = MancheSeen(now.pile, now.played, tuple(cancelled), now.winner, now.resolved) \
        if now.pile else None
    return ManchesSeen(current, previous, refused)


def shown_plays(plays: dict[str, int]) -> Event:
    """The event that shows ``plays`` (a worked example that starts at the reveal)."""
    return Tagged("show", None, {"plays": plays}, C_SHOW)


def last_manche(events: Sequence[Event]) -> MancheSeen | None:
    """The last manche resolved within ``events`` (``None``: none)."""
    start = max((k for k, e in enumerate(events) if e.kind == "show"), default=None)
    if start is None:
        return None
    part = [e for e in events[start:] if e.kind != "reveal"]
    stake = next(e for e in part if e.kind == "stake")
    end = next(e for e in part if e.kind in ("win", "no_winner"))
    return MancheSeen(tuple(stake.data["pile"]), dict(part[0].data["plays"]),
                      tuple(e.data["value"] for e in part if e.kind == "cancel"), end.seat,
                      True)


def winners_told(events: Sequence[Event]) -> tuple[str, ...]:
    """The winners once the final count has named them (``()`` before)."""
    return next((tuple(e.data["winners"]) for e in reversed(events) if e.kind == "winner"), ())


def is_private(event: Event, viewer: str | None) -> bool:
    """Whether ``viewer`` (``None``: the teacher) may not read ``event``: a card chosen face
    down by another player."""
    return viewer is not None and event.kind == "play" and event.seat != viewer


def is_choice(event: Event) -> bool:
    """A card chosen face down (worked examples tell the reveal instead)."""
    return event.kind == "play"

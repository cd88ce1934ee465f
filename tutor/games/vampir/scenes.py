"""What a stretch of Vampir's events showed at the table, as typed records: the page draws the
scoring of a manche from these, never by reading event kinds and data keys itself (the events
are this package's own; :mod:`.text` tells them)."""

from __future__ import annotations

from collections.abc import Sequence

from tutor.engine import Event
from tutor.games.vampir.hunts import ColourScore, Scoring


def manche_scored(events: Sequence[Event]) -> tuple[int, Scoring] | None:
    """The scoring of the last manche that ended within ``events``: its number and the detail,
    colour by colour (``None``: no manche ended there)."""
    ends = [k for k, e in enumerate(events) if e.kind == "end"]
    if not ends:
        return None
    colours, points = [], {}
    for e in events[ends[-1]:]:
        if e.kind == "colour":
            d = e.data
            colours.append(ColourScore(d["location"], d["heads"], d["absent"], d["discard"],
                                       e.clause))
        elif e.kind == "points":
            points = dict(e.data["points"])
            break
    return int(events[ends[-1]].data["manche"]), Scoring(points, tuple(colours), ())


def scoring_steps(events: Sequence[Event]) -> int:
    """How many steps of a colour-by-colour scoring ``events`` have told."""
    return sum(1 for e in events if e.kind in ("colour", "points"))

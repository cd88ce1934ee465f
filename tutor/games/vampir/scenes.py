"""What a stretch of Vampir's events showed at the table, as typed records: the page draws the
scoring of a manche from these, never by reading the events itself (the events are this
package's own, :mod:`.events`; :mod:`.text` tells them)."""

from __future__ import annotations

from collections.abc import Sequence

from tutor.engine import Event
from tutor.games.vampir.events import ColourScored, MancheEnded, Points
from tutor.games.vampir.hunts import Scoring


def manche_scored(events: Sequence[Event]) -> tuple[int, Scoring] | None:
    """The scoring of the last manche that ended within ``events``: its number and the detail,
    colour by colour (``None``: no manche ended there)."""
    for at in range(len(events) - 1, -1, -1):  # the last manche that ended
        end = events[at]
        if isinstance(end, MancheEnded):
            break
    else:
        return None
    colours, points = [], {}
    for e in events[at:]:
        if isinstance(e, ColourScored):
            colours.append(e.score)
        elif isinstance(e, Points):
            points = dict(e.points)
            break
    return end.manche, Scoring(points, tuple(colours), ())


def scoring_steps(events: Sequence[Event]) -> int:
    """How many steps of a colour-by-colour scoring ``events`` have told."""
    return sum(1 for e in events if isinstance(e, ColourScored | Points))

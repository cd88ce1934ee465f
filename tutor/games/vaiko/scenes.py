"""What a stretch of Vaiko's events showed at the table, as typed records and predicates: the
page draws the count of a manche and filters what it tells from these, never by reading event
kinds and data keys itself (the events are this package's own; :mod:`.text` tells them)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from tutor.engine import Event, Won
from tutor.games.vaiko.events import Bonus, Malus, Passed, PeekTurn, Revealed, RoundEnds, Totals


@dataclass(frozen=True)
class RoundSeen:
    """The count of a manche: its number, each player's revealed ``hands`` (faces), the
    manche's ``scores`` and the running ``totals``, and the events that say what the count
    decided (bonus, malus, the end of the game), to be told in French."""

    manche: int
    hands: tuple[tuple[str, tuple[str, ...]], ...]
    scores: dict[str, int]
    totals: dict[str, int]
    told: tuple[Bonus | Malus | Won, ...]


def last_round(events: Sequence[Event]) -> RoundSeen | None:
    """The count of the last manche ended within ``events`` (``None``: none ended)."""
    ends = [k for k, e in enumerate(events) if isinstance(e, RoundEnds)]
    if not ends:
        return None
    tail = events[ends[-1]:]
    reveal = next(e for e in tail if isinstance(e, Revealed))
    totals = next(e for e in tail if isinstance(e, Totals))
    return RoundSeen(totals.manche, reveal.hands, dict(totals.scores), dict(totals.totals),
                     tuple(e for e in tail if isinstance(e, (Bonus, Malus, Won))))


def is_prompt(event: Event) -> bool:
    """An event that only asks a player to act (the first look): worked examples skip it."""
    return isinstance(event, PeekTurn)


def is_quiet(event: Event) -> bool:
    """An event the journal leaves out: a prompt, or a pass in an immediate discard."""
    return isinstance(event, (PeekTurn, Passed))

"""What a stretch of Drahtseilakt's events showed at the table, as typed records: the pages draw
their tables and worked examples from these, never by reading event kinds and data keys
themselves. The events are this package's own (:mod:`.core`, :mod:`.play`, :mod:`.engine`), so
this is the one place besides the French text (:mod:`.text`) that knows their kinds.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Literal

from tutor.engine import Event, Tagged
from tutor.games.drahtseilakt.core import C_PLAY, ScoreCard, Stake

Change = Literal["blue", "red", "short", "tokens", "pairs"]
TRICK_KINDS = ("play", "show", "blue", "red", "no_blue", "no_red", "pairs", "short", "tokens")


@dataclass(frozen=True)
class Gain:
    """What one event did to a seat's sticks: ``change`` is ``"blue"`` or ``"red"`` (``count``
    received), ``"short"`` (the reserve gave only ``got`` of ``count``), ``"tokens"`` (``count``
    tokens stood in for missing sticks) or ``"pairs"`` (``count`` pairs given back, leaving
    ``red`` and ``blue``)."""

    seat: str
    change: Change
    count: int
    got: int = 0
    colour: str = ""
    red: int = 0
    blue: int = 0


@dataclass(frozen=True)
class TrickSeen:
    """A trick as the table showed it up to some event: the score cards ``turned`` (``void``:
    the 0 cards cancelled by a second 0), the ``stake``, the cards ``played`` by seat, the seats
    that ``chose`` face down, every change of ``gains`` in order, whether a move was
    ``refused``, and who played the ``highest`` and ``lowest`` card once all have played."""

    turned: tuple[ScoreCard, ...] = ()
    void: frozenset[ScoreCard] = frozenset()
    stake: Stake | None = None
    played: tuple[tuple[str, int], ...] = ()
    chose: frozenset[str] = frozenset()
    gains: tuple[Gain, ...] = ()
    refused: bool = False

    def card_of(self, seat: str) -> int | None:
        return dict(self.played).get(seat)


def trick_seen(events: Sequence[Event]) -> TrickSeen:
    """Fold the events of a trick (its score cards, its cards, its sticks) into what the
    table shows after the last of them."""
    turned: list[ScoreCard] = []
    void: set[ScoreCard] = set()
    stake: Stake | None = None
    played: dict[str, int] = {}
    chose: set[str] = set()
    gains: list[Gain] = []
    refused = False
    for e in events:
        who, data = str(e.seat), e.data
        if e.kind in ("zero", "reveal"):
            turned.append(data["card"])
            if e.kind == "reveal":
                stake = Stake(data["value"], data["blue"], data["red"])
        elif e.kind == "double_zero":
            void.update(data["cards"])
        elif e.kind == "play":
            played[who] = data["card"]
        elif e.kind == "choose":
            chose.add(who)
        elif e.kind == "show":
            played.update(data["plays"])
        elif e.kind in ("blue", "red"):
            gains.append(Gain(who, "blue" if e.kind == "blue" else "red", data["count"]))
        elif e.kind == "short":
            gains.append(Gain(who, "short", data["wanted"], data["got"], data["colour"]))
        elif e.kind == "tokens":
            gains.append(Gain(who, "tokens", data["missing"], colour=data["colour"]))
        elif e.kind == "pairs":
            gains.append(Gain(who, "pairs", data["pairs"], red=data["red"], blue=data["blue"]))
        elif e.kind == "refused":
            refused = True
    return TrickSeen(tuple(turned), frozenset(void), stake, tuple(played.items()),
                     frozenset(chose), tuple(gains), refused)


def last_trick(events: Sequence[Event]) -> TrickSeen | None:
    """The last trick finished within ``events`` (its end names every card of it, played in
    this step or before), with its score card; ``None`` when no trick ends there."""
    ends = [k for k, e in enumerate(events) if e.kind == "trick_end"]
    if not ends:
        return None
    start = max(ends[:-1], default=-1)
    stake = next((e for e in reversed(events[:ends[-1]]) if e.kind == "reveal"), None)
    plays = events[ends[-1]].data["plays"]
    trick: list[Event] = [Tagged("play", p, {"card": c}, C_PLAY) for p, c in plays.items()]
    trick += [e for e in events[start + 1:ends[-1]] if e.kind in TRICK_KINDS and e.kind != "play"]
    return trick_seen(([stake] if stake is not None else []) + trick)


@dataclass(frozen=True)
class DealSeen:
    """A deal as told so far: whether the cards are dealt, how many stay out of the deal, and
    who leads."""

    dealt: bool = False
    unseen: int = 0
    lead: str | None = None


def deal_seen(events: Sequence[Event]) -> DealSeen:
    deal = next((e for e in events if e.kind == "deal"), None)
    lead = next((e.seat for e in events if e.kind == "lead"), None)
    return DealSeen(deal is not None, deal.data["unseen"] if deal is not None else 0, lead)


@dataclass(frozen=True)
class CountSeen:
    """A manche count as told so far: the manche scores ``cancelled`` (seat, index), the
    ``totals`` once told and the ``winners``."""

    cancelled: frozenset[tuple[str, int]] = frozenset()
    totals: dict[str, int] | None = None
    winners: tuple[str, ...] = field(default=())


def count_seen(events: Sequence[Event]) -> CountSeen:
    cancelled = frozenset((str(e.seat), e.data["target"][0] - 1) for e in events
                          if e.kind == "clean" and e.data["target"])
    totals = next((dict(e.data["totals"]) for e in events if e.kind == "totals"), None)
    winners = next((tuple(e.data["winners"]) for e in events if e.kind == "winner"), ())
    return CountSeen(cancelled, totals, winners)

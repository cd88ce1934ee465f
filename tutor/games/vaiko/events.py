"""Vaiko's events: one class per thing that happens at the table (declared with
:func:`~tutor.engine.core.event`), each with typed fields and the clause that made it happen
(:class:`~tutor.engine.core.Event`); events whose fields mean one thing share a base (the
private ones, :class:`Private`), never emitted itself.

The engine (:mod:`.setup`, :mod:`.turns`, :mod:`.specials`, :mod:`.scoring`) emits them; the
French text (:mod:`.text`), the scenes (:mod:`.scenes`), the worked examples (:mod:`.examples`),
the lessons and the pages read their fields. Faces are the cards' names as the deck file spells
them (``"7"``, ``"Vision"``); slots count from 0. Per-player facts are ``(player, value)`` pairs
in seating order.
"""

from __future__ import annotations

from typing import Literal, TypeAlias

from tutor.engine.core import Event, Refused, Won, event
from tutor.engine.core import Seated as Seated  # re-exported: the shared set-up event

Hands: TypeAlias = tuple[tuple[str, tuple[str, ...]], ...]
"""Each player's cards, slot by slot, by face: ``(player, faces)`` pairs in seating order."""

Points: TypeAlias = tuple[tuple[str, int], ...]
"""A number of points per player: ``(player, points)`` pairs in seating order."""

Seen: TypeAlias = tuple[str, ...] | None
"""Who saw the faces an event shows (``None``: everybody)."""

# --- the bases of events that share fields -----------------------------------------------------


@event
class Private(Event):
    """The base of the events that show faces to some players only: ``seen_by`` names who saw
    them (``()``: nobody but the teacher; ``None``: everybody, the card lay face up)."""

    seen_by: Seen


@event
class SeenInSlot(Private):
    """The base of the private events of one card in a hand: ``face``, in ``slot``."""

    slot: int
    face: str


@event
class Special(Event):
    """The base of the events of a special card on the discard: ``face``, whose ``effect`` is
    ``"vision"`` or ``"echange"``."""

    effect: str
    face: str


@event
class CallScored(Event):
    """The base of :class:`Bonus` and :class:`Malus`: the caller's points for the manche go
    from ``before`` to ``after``; ``tied``: the other players with the manche's smallest
    score."""

    before: int
    after: int
    tied: tuple[str, ...]


# --- set-up and deal ---------------------------------------------------------------------------


@event
class DeckUsed(Event):
    """The deck of ``size`` cards called ``title`` is used (a ``hypothesis`` of the tutor's
    when the booklet does not give its composition)."""

    title: str
    size: int
    hypothesis: bool


@event
class Shuffled(Event):
    """Every card is shuffled for manche ``manche``, into ``order`` (card ids, top first)."""

    manche: int
    order: tuple[int, ...]


@event
class Dealt(Private):
    """Every player is dealt their cards face down, unseen (``seen_by``: nobody)."""

    hands: Hands


@event
class FirstDiscard(Event):
    """The pile's first card, ``face``, is turned over and starts the discard."""

    face: str


@event
class PeekTurn(Event):
    """The seat is asked to choose one of their cards to look at (the first look)."""


@event
class Peeked(SeenInSlot):
    """The seat looks at their card in ``slot``, ``face``, and puts it back face down."""


# --- a turn ------------------------------------------------------------------------------------


@event
class TurnStarts(Event):
    """It is the seat's turn to play."""


@event
class Drew(Private):
    """The seat draws ``face`` from the pile (``source="deck"``, seen by them only) or takes it
    from the discard (``"discard"``, face up)."""

    source: Literal["deck", "discard"]
    face: str


@event
class Reshuffled(Event):
    """The pile is empty: the discard's ``count`` cards but its top one are shuffled into a new
    pile, in ``order`` (card ids, top first)."""

    count: int
    order: tuple[int, ...]


@event
class Swapped(SeenInSlot):
    """The seat puts the card they took, ``face``, in ``slot`` and discards the card that was
    there, ``out``; ``source``: where the card was taken."""

    out: str
    source: Literal["deck", "discard"]


@event
class Discarded(Event):
    """The seat throws the card they drew, ``face``, straight onto the discard."""

    face: str


@event
class LookedAtHand(Private):
    """The seat looks at all their cards, ``faces``, before swapping (a reading of the rule)."""

    faces: tuple[str, ...]


@event
class PlaysAgain(Event):
    """The ×2 card ``face`` is discarded: the turn's seat plays again at once."""

    face: str


@event
class NoReplay(Event):
    """The ×2 card ``face`` is discarded while the pile is empty: the turn's seat does not play
    again (the tutor's reading of ``vaiko/x2``), and its turn ends."""

    face: str


# --- the special cards -------------------------------------------------------------------------


@event
class SpecialActs(Special):
    """The special card ``face`` lands on the discard and acts: the seat plays its ``effect``
    (``matched``: thrown in an immediate discard)."""

    matched: bool


@event
class SpecialIgnored(Special):
    """The seat threw the special card ``face`` in an immediate discard: under this reading its
    ``effect`` does not act."""


@event
class SwappedSpecialIgnored(Event):
    """The seat swapped the special card ``face`` out of their hand: under this reading it
    does not act."""

    face: str


@event
class Looked(SeenInSlot):
    """Vision: the seat looks at ``owner``'s card in ``slot``, ``face``, and puts it back."""

    owner: str


@event
class Exchanged(Private):
    """Échange: the seat swaps ``owner_a``'s card in ``slot_a`` with ``owner_b``'s in
    ``slot_b``, face down (``faces``: theirs, in that order, seen by nobody)."""

    owner_a: str
    slot_a: int
    owner_b: str
    slot_b: int
    faces: tuple[str, str]


# --- the immediate discard ---------------------------------------------------------------------


@event
class WindowOpens(Event):
    """The immediate discard opens on ``face``: the players are asked in ``order``."""

    face: str
    order: tuple[str, ...]


@event
class Matched(Event):
    """The seat throws their card in ``slot``, ``face``, the same as the discard's top."""

    slot: int
    face: str


@event
class OneMatchOnly(Event):
    """Under this reading, the seat's card was their only one on this discard."""


@event
class Missed(Event):
    """The seat tried their card in ``slot``, ``face``, on ``top``, a different card: it goes
    back, seen by everybody."""

    slot: int
    face: str
    top: str


@event
class Penalty(SeenInSlot):
    """The seat gets the pile's top card, ``face``, as a penalty, face down in ``slot``."""


@event
class NoPenalty(Event):
    """The seat missed, but no card is left to give as a penalty."""


@event
class Passed(Event):
    """The seat throws nothing on this immediate discard."""


# --- the call and the end of a turn ------------------------------------------------------------


@event
class Called(Event):
    """The seat says « Vaiko »; ``call_end`` (the reading): who plays once more before the
    count, up to the caller (``"caller"``) or to the manche's starter (``"starter"``)."""

    call_end: Literal["caller", "starter"]


@event
class EndedTurn(Event):
    """The seat ends their turn without calling."""


# --- the count ---------------------------------------------------------------------------------


@event
class RoundEnds(Event):
    """Manche ``manche`` stops: a hand is ``"empty"`` (the seat's), the go-around after the
    ``"call"`` is over (the seat: the caller) or the pile is ``"exhausted"``."""

    reason: Literal["empty", "call", "exhausted"]
    manche: int


@event
class Revealed(Event):
    """Every card is turned face up: each player's ``hands``."""

    hands: Hands


@event
class RoundPoints(Event):
    """The points of each hand at the count."""

    points: Points


@event
class Bonus(CallScored):
    """The seat called and has the manche's smallest score (``tied`` with these players): its
    points go from ``before`` to ``after``, ten fewer."""


@event
class Malus(CallScored):
    """The seat called without the manche's smallest score (or only ``tied`` for it under the
    strict reading): its points go from ``before`` to ``after``, ten more."""


@event
class Totals(Event):
    """After manche ``manche`` (0: a worked example's totals, no manche named), each player's
    ``scores`` for it, bonus or malus included, and their running ``totals``."""

    scores: Points
    totals: Points
    manche: int


@event
class NewRound(Event):
    """Nobody reached the target: manche ``manche`` is dealt, and the seat starts it."""

    manche: int


ScoreEvent: TypeAlias = RoundPoints | Bonus | Malus
"""What the count of a manche tells (:func:`~.scoring.score_round`)."""

VaikoEvent: TypeAlias = (
    Seated | DeckUsed | Shuffled | Dealt | FirstDiscard | PeekTurn | Peeked | TurnStarts | Drew
    | Reshuffled | Swapped | Discarded | LookedAtHand | PlaysAgain | NoReplay | SpecialActs
    | SpecialIgnored | SwappedSpecialIgnored | Looked | Exchanged | WindowOpens | Matched
    | OneMatchOnly | Missed | Penalty | NoPenalty | Passed | Called | EndedTurn | RoundEnds
    | Revealed | RoundPoints | Bonus | Malus | Totals | NewRound | Refused | Won
)
"""Every event of Vaiko: the game's own, the seating (the shared
:class:`~tutor.engine.core.Seated`), a refused move (worked examples) and the end of the game
(:class:`~tutor.engine.core.Won`, its outcome)."""

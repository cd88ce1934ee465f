"""Drahtseilakt's events: one class per thing that happens at the table (declared with
:func:`~tutor.engine.core.event`), each with typed fields and the clause that made it happen
(:class:`~tutor.engine.core.Event`); events whose fields mean one thing share a base
(:class:`ScoreSheet`, :class:`Extreme`), never emitted itself.

The engine (:mod:`.core`, :mod:`.engine`, :mod:`.play`) emits them, the French text
(:mod:`.text`), the scenes (:mod:`.scenes`), the worked examples and the pages read their
fields. Per-player facts follow the seating: ``players[i]`` holds ``red[i]``, ``scores[i]``...
(the state's own order), and a trick's cards are its ``(player, card)`` pairs in playing order.
The values they carry are here too, :data:`ScoreCard` and :class:`Stake` (the engine's own,
which :mod:`.core` imports from here).
"""

from __future__ import annotations

from typing import ClassVar, Literal, NamedTuple, TypeAlias

from tutor.engine.core import Event, Refused, Seated, Won, event

ScoreCard: TypeAlias = int | str
"""A score card: its value from 1 to 9, or one of the two 0 cards, ``"0 bleu"`` and
``"0 rouge"`` (:data:`.core.SCORE_CARDS`)."""


class Stake(NamedTuple):
    """What the current trick pays: the score ``value`` and whether ``blue`` and ``red`` sticks
    are handed out."""

    value: int
    blue: bool
    red: bool


Colour = Literal["blue", "red"]
"""A colour of sticks: blue for the highest card, red for the lowest."""

Trick = tuple[tuple[str, int], ...]
"""A trick's cards: ``(player, card)`` pairs in playing order."""

# --- set-up ------------------------------------------------------------------------------------


@event
class CardsInPlay(Event):
    """The number cards in play are 1 to ``count``, each once."""

    count: int


@event
class ScoreCards(Event):
    """The eleven score cards of the game are set out."""

    cards: tuple[ScoreCard, ...]


@event
class Reserve(Event):
    """The reserve holds ``red`` and ``blue`` sticks (``each`` of each colour in the box)."""

    each: int
    red: int
    blue: int


@event
class Held(Event):
    """A position set up by hand: the seat already holds these sticks before the first move."""

    red: int
    blue: int


@event
class ScoreSheet(Event):
    """The base of :class:`Past` and :class:`Totalled`: each of ``players``' manche ``scores``
    and the ``cancelled`` ones (indices from 0), in seating order."""

    players: tuple[str, ...]
    scores: tuple[tuple[int, ...], ...]
    cancelled: tuple[tuple[int, ...], ...]


@event
class Past(ScoreSheet):
    """A position set up by hand: the manches already scored, each player's erased ones."""


# --- a manche's start and a trick's score cards --------------------------------------------------


@event
class MancheStarts(Event):
    """Manche ``manche`` of ``of`` begins; the seat deals."""

    manche: int
    of: int


@event
class Dealt(Event):
    """The seat deals: ``cards`` number cards in play, ``unseen`` of them left out of the deal."""

    cards: int
    unseen: int


@event
class Leads(Event):
    """The seat, on the dealer's left, leads the first trick."""


@event
class ZeroTurned(Event):
    """A 0 score card is turned: its ``colour`` is not paid this trick, another card follows."""

    card: ScoreCard
    colour: Colour


@event
class DoubleZero(Event):
    """A second 0 in a row: the two 0 ``cards`` cancel each other and are set aside."""

    cards: tuple[ScoreCard, ...]


@event
class Revealed(Event):
    """A score card gives the trick its ``stake``; ``cards``: every score card turned for it."""

    stake: Stake
    cards: tuple[ScoreCard, ...]


# --- playing a trick ---------------------------------------------------------------------------


@event
class Played(Event):
    """The seat plays ``card`` face up, ``position``-th in the trick."""

    card: int
    position: int


@event
class Chose(Event):
    """The seat chooses ``card`` face down (the chaotic reading)."""

    card: int


@event
class Shown(Event):
    """Everybody turns their chosen card over (the chaotic reading)."""

    plays: Trick


@event
class Extreme(Event):
    """The base of the events of a trick's extreme cards: the seat's ``card`` is the highest
    (``COLOUR`` blue) or the lowest (red)."""

    card: int
    COLOUR: ClassVar[Colour]


@event
class Takes(Extreme):
    """The base of :class:`TakesBlue` and :class:`TakesRed`: the extreme ``card`` takes
    ``count`` sticks of its colour."""

    count: int


@event
class TakesBlue(Takes):
    """The seat's ``card``, the highest, takes ``count`` blue sticks."""

    COLOUR = "blue"


@event
class TakesRed(Takes):
    """The seat's ``card``, the lowest, takes ``count`` red sticks."""

    COLOUR = "red"


@event
class NoBlue(Extreme):
    """The seat's ``card`` is the highest, but the blue 0 was turned: no blue sticks."""

    COLOUR = "blue"


@event
class NoRed(Extreme):
    """The seat's ``card`` is the lowest, but the red 0 was turned: no red sticks."""

    COLOUR = "red"


@event
class ReserveShort(Event):
    """The reserve runs short: the seat gets ``got`` sticks of ``colour`` instead of
    ``wanted``."""

    colour: Colour
    wanted: int
    got: int


@event
class Tokens(Event):
    """The unlimited reserve: ``missing`` tokens stand in for sticks of ``colour``."""

    colour: Colour
    missing: int


@event
class PairsBack(Event):
    """The seat gives ``pairs`` pairs (one red, one blue) back, keeping ``red`` and ``blue``."""

    pairs: int
    red: int
    blue: int


@event
class TrickEnds(Event):
    """The trick's cards (``plays``) are discarded; the seat, with the highest, leads next
    (unless it was the ``last`` trick of the manche)."""

    plays: Trick
    last: bool


# --- counting ------------------------------------------------------------------------------------


@event
class MancheEnds(Event):
    """Manche ``manche`` ends: each player scores the sticks held (``red`` + ``blue``)."""

    manche: int
    players: tuple[str, ...]
    red: tuple[int, ...]
    blue: tuple[int, ...]
    scores: tuple[int, ...]


@event
class CleanManche(Event):
    """The seat ends manche ``manche`` without a stick: ``target``, the earlier manche erased
    (numbered from 1) and its score, or ``None`` when none scored."""

    manche: int
    target: tuple[int, int] | None


@event
class Totalled(ScoreSheet):
    """The game's count: the score sheet and each player's ``totals``."""

    totals: tuple[int, ...]


@event
class PlayRefused(Refused):
    """A worked example's move refused: the seat may not play ``card`` (``reason``)."""

    card: int


DrahtseilaktEvent: TypeAlias = (
    Seated | CardsInPlay | ScoreCards | Reserve | Held | Past | MancheStarts | Dealt | Leads
    | ZeroTurned | DoubleZero | Revealed | Played | Chose | Shown | TakesBlue | TakesRed | NoBlue
    | NoRed | ReserveShort | Tokens | PairsBack | TrickEnds | MancheEnds | CleanManche
    | Totalled | PlayRefused | Refused | Won)
"""Every event Drahtseilakt emits (the seating and the game's end: the shared :class:`Seated`
and :class:`Won`)."""

__all__ = [
    "CardsInPlay",
    "Chose",
    "CleanManche",
    "Colour",
    "Dealt",
    "DoubleZero",
    "DrahtseilaktEvent",
    "Extreme",
    "Held",
    "Leads",
    "MancheEnds",
    "MancheStarts",
    "NoBlue",
    "NoRed",
    "PairsBack",
    "Past",
    "PlayRefused",
    "Played",
    "Refused",
    "Reserve",
    "ReserveShort",
    "Revealed",
    "ScoreCard",
    "ScoreCards",
    "ScoreSheet",
    "Seated",
    "Shown",
    "Stake",
    "Takes",
    "TakesBlue",
    "TakesRed",
    "Tokens",
    "Totalled",
    "Trick",
    "TrickEnds",
    "Won",
    "ZeroTurned",
]

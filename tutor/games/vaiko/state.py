"""Vaiko's vocabulary: clause ids, phases, the variant, the actions, the state and the view.

Everything here is data; the rules that move it are in :mod:`.legality` (who may do what) and
:mod:`.play` (what an action does).
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from operator import attrgetter
from typing import Any, ClassVar, Literal, NamedTuple

from tutor.engine import VariantBase
from tutor.engine.core import Record
from tutor.games.vaiko.deck import Deck
from tutor.games.vaiko.events import ScoreEvent

GAME_ID = "vaiko"
MIN_PLAYERS = 2
MAX_PLAYERS = 6
HAND_SIZE = 4
TARGET = 70
CALL_POINTS = 10

C_GOAL = "vaiko/but"
C_MEMORY = "vaiko/memoire"
C_DECK = "vaiko/paquet"
C_SPECIALS = "vaiko/cartes-speciales"
C_PLAYERS = "vaiko/joueurs"
C_DEAL = "vaiko/donne"
C_PEEK = "vaiko/premier-regard"
C_ORDER = "vaiko/sens"
C_DRAW = "vaiko/pioche"
C_SWAP = "vaiko/echange-ou-defausse"
C_LOOK = "vaiko/ne-pas-regarder"
C_RESHUFFLE = "vaiko/pioche-epuisee"
C_MATCH = "vaiko/defausse-immediate"
C_MISS = "vaiko/erreur"
C_X2 = "vaiko/x2"
C_VISION = "vaiko/vision"
C_EXCHANGE = "vaiko/echange"
C_CALL = "vaiko/annonce"
C_EMPTY = "vaiko/fin-main-vide"
C_CALL_END = "vaiko/fin-annonce"
C_COUNT = "vaiko/decompte"
C_BONUS = "vaiko/bonus"
C_MALUS = "vaiko/malus"
C_TOTAL = "vaiko/total"
C_END = "vaiko/fin"
C_V_DISCARD = "vaiko/variante-defausse"
C_V_LOOK = "vaiko/variante-regard"
C_V_EFFECT = "vaiko/variante-effet-immediat"
C_V_STRICT = "vaiko/variante-egalite-stricte"
C_V_TABLE = "vaiko/variante-tour-de-table"
C_V_ONE = "vaiko/variante-une-seule-carte"
C_V_SWAPPED = "vaiko/variante-speciale-remplacee"

# phases of a round
PEEK, DRAW, DECIDE, LOOKED, VISION, EXCHANGE, MATCH, CALL, OVER = (
    "peek", "draw", "decide", "looked", "vision", "exchange", "match", "call", "over")
PHASE_LABELS = {
    PEEK: "regard de départ", DRAW: "pioche", DECIDE: "échanger ou jeter",
    LOOKED: "échanger (cartes regardées)", VISION: "effet Vision", EXCHANGE: "effet Échange",
    MATCH: "défausse immédiate", CALL: "annoncer « Vaiko » ?", OVER: "partie finie",
}


# --- configuration -------------------------------------------------------------------------------


class Variant(VariantBase, game="Vaiko"):
    """The readings of the rules in force for one game; validated at construction.

    ``draw_from``: ``"deck"`` (default) or ``"deck_or_discard"``; ``look``: ``"before_swap"``
    (default: a player who has drawn may look at their cards, then must swap) or ``"never"``;
    ``matched_special``: ``"effect"`` (default: a Vision or Échange thrown in the immediate
    discard acts) or ``"no_effect"``; ``caller_tie``: ``"bonus"`` (default) or ``"malus"``;
    ``call_end``: ``"caller"`` (default) or ``"starter"``; ``matches``: ``"several"``
    (default: a player who threw a matching card may throw another one on the same discard) or
    ``"one"`` (one card per player and per discard); ``swapped_special``: ``"effect"``
    (default: a special card that leaves the hand by a swap acts) or ``"no_effect"`` (only a
    card drawn and thrown at once acts).
    """

    draw_from: Literal["deck", "deck_or_discard"] = "deck"
    look: Literal["before_swap", "never"] = "before_swap"
    matched_special: Literal["effect", "no_effect"] = "effect"
    caller_tie: Literal["bonus", "malus"] = "bonus"
    call_end: Literal["caller", "starter"] = "caller"
    matches: Literal["several", "one"] = "several"
    swapped_special: Literal["effect", "no_effect"] = "effect"


PRESETS, PRESET_LABELS = Variant.presets("Standard (lectures retenues par le tuteur)", {
    "pioche-ou-defausse": ("Pioche ou défausse (on peut prendre la carte de la défausse)",
                           {"draw_from": "deck_or_discard"}),
    "sans-regard": ("Sans regard (on ne regarde jamais ses cartes avant d’échanger)",
                    {"look": "never"}),
    "sans-effet-immediat": ("Sans effet immédiat (une spéciale jetée par-dessus n’agit pas)",
                            {"matched_special": "no_effect"}),
    "egalite-stricte": ("Égalité stricte (l’annonceur à égalité prend le malus)",
                        {"caller_tie": "malus"}),
    "tour-de-table": ("Tour de table (après l’annonce, on finit le tour commencé)",
                      {"call_end": "starter"}),
    "une-seule-carte": ("Une seule carte (chacun jette au plus une carte par défausse)",
                        {"matches": "one"}),
    "speciale-remplacee": ("Spéciale remplacée sans effet (seule une carte piochée puis jetée "
                           "agit)", {"swapped_special": "no_effect"}),
})


# --- actions -------------------------------------------------------------------------------------


_FIELDS: dict[type, tuple[tuple[str, type], ...]] = {}
_KEYS: dict[type, attrgetter[Any]] = {}


@dataclass(frozen=True, slots=True)
class ActionBase:
    """What every Vaiko action shares: the acting ``seat``, typed equality (a :class:`Pass`
    never equals a :class:`Call`), a total order (by kind in the order of
    :data:`ACTION_TYPES`, then field by field) and a field type check. The kinds that need
    nothing but the seat add no field."""

    RANK: ClassVar[int] = 0
    seat: str

    def _fields(self) -> tuple[tuple[str, type], ...]:
        """Each field's name and type, read once per kind (sorting and checking are hot)."""
        found = _FIELDS.get(type(self))
        if found is None:
            found = _FIELDS[type(self)] = tuple(
                (f.name, int if f.type == "int" else str) for f in fields(self))
        return found

    def key(self) -> tuple[Any, ...]:
        """The sort key: the kind's rank, then the fields in order (a hint's playouts sort
        every Exchange of a position: one getter per kind, made once)."""
        get = _KEYS.get(type(self))
        if get is None:  # RANK and at least the seat: the getter always gives a tuple
            get = _KEYS[type(self)] = attrgetter("RANK", *(name for name, _ in self._fields()))
        return get(self)

    def well_typed(self) -> bool:
        """Whether every field has exactly its declared type (no bool for an int, no float)."""
        for name, want in self._fields():
            if type(getattr(self, name)) is not want:
                return False
        return True

    def __lt__(self, other: object) -> bool:
        if not isinstance(other, ActionBase):
            return NotImplemented
        return self.key() < other.key()

    def __le__(self, other: object) -> bool:
        return self == other or self.__lt__(other) is True

    def __gt__(self, other: object) -> bool:
        if not isinstance(other, ActionBase):
            return NotImplemented
        return other.__lt__(self)

    def __ge__(self, other: object) -> bool:
        return self == other or self.__gt__(other) is True


@dataclass(frozen=True, slots=True)
class Peek(ActionBase):
    """Set-up: ``seat`` looks at its card number ``slot`` (0-based) and puts it back."""

    slot: int


@dataclass(frozen=True, slots=True)
class Draw(ActionBase):
    """Draw the top card of the pile (``source="deck"``) or of the discard (variant)."""

    source: str = "deck"


class Discard(ActionBase):
    """Discard the drawn card directly."""

    __slots__ = ()


class LookHand(ActionBase):
    """Look at one's cards before swapping (default reading); then a swap must follow."""

    __slots__ = ()


@dataclass(frozen=True, slots=True)
class Swap(ActionBase):
    """Put the drawn card in place of card ``slot``; the replaced card is discarded face up."""

    slot: int


@dataclass(frozen=True, slots=True)
class Look(ActionBase):
    """Vision: ``seat`` looks at card ``slot`` of ``owner`` (possibly itself)."""

    owner: str
    slot: int


@dataclass(frozen=True, slots=True)
class Exchange(ActionBase):
    """Échange: swap card ``slot_a`` of ``owner_a`` with card ``slot_b`` of ``owner_b``."""

    owner_a: str
    slot_a: int
    owner_b: str
    slot_b: int


@dataclass(frozen=True, slots=True)
class Match(ActionBase):
    """Immediate discard: ``seat`` throws its card ``slot``, claiming it is the same card."""

    slot: int


class Pass(ActionBase):
    """Immediate discard: ``seat`` does not try."""

    __slots__ = ()


class Call(ActionBase):
    """``seat`` says "Vaiko" at the end of its turn."""

    __slots__ = ()


class EndTurn(ActionBase):
    """``seat`` ends its turn without calling."""

    __slots__ = ()


Action = (Peek | Draw | Swap | Discard | LookHand | Look | Exchange | Match | Pass | Call
          | EndTurn)
ACTION_TYPES = (Peek, Draw, Swap, Discard, LookHand, Look, Exchange, Match, Pass, Call, EndTurn)
"""Every kind of action, in the order legal actions are sorted (each kind's ``RANK``)."""
_kind: type[ActionBase]
for _rank, _kind in enumerate(ACTION_TYPES):
    _kind.RANK = _rank


# --- state and view ------------------------------------------------------------------------------


@dataclass(frozen=True)
class State:
    """One position of a game. Immutable; every change goes through :func:`~.play.apply`.

    Cards are ids into ``deck.cards``. ``hands`` hold ids slot by slot (a penalty card is added
    last); ``pile`` is the face-down draw pile (top first), ``discard`` the discard (top last).
    ``known[i]`` is the set of card ids whose face player ``i`` has seen and still tracks.
    ``phase`` says what is expected from ``acting``; ``turn`` is whose turn it is; ``window`` the
    seats still to be asked in the immediate-discard window (the first is asked now); ``caller``
    the seat that said "Vaiko". ``record`` holds every shuffle drawn so far and the deck (set-up);
    ``seed`` (where further shuffles come from) and ``script`` (the shuffles of a game being
    replayed) are not part of the position and are left out of comparisons.
    """

    variant: Variant
    players: tuple[str, ...]
    deck: Deck
    record: Record
    manche: int
    starter: int
    totals: tuple[int, ...]
    hands: tuple[tuple[int, ...], ...]
    pile: tuple[int, ...]
    discard: tuple[int, ...]
    known: tuple[frozenset[int], ...]
    phase: str
    turn: int
    acting: int
    drawn: int | None
    drawn_from: str | None
    window: tuple[int, ...]
    caller: int | None
    seed: int | None = field(default=None, compare=False)
    script: tuple[tuple[int, ...], ...] = field(default=(), compare=False)


def evolve(state: State, **changes: Any) -> State:
    """A copy of ``state`` with ``changes``: what :func:`dataclasses.replace` gives, without
    re-running ``__init__`` (a state's fields are checked where it enters the engine). The hot
    path of every step: the fields are copied as the instance's dictionary, in one go (a
    state has no slots for that reason), the changes written over them."""
    new = _new(State)
    values = state.__dict__.copy()
    values.update(changes)
    _set(new, "__dict__", values)
    return new


_new, _set = object.__new__, object.__setattr__


class PlayerView(NamedTuple):
    """One player as a seat sees them: name, total, the faces the seat knows slot by slot
    (``None`` for a card it has not seen or lost track of) and whether they called."""

    name: str
    total: int
    cards: tuple[str | None, ...]
    count: int  # type: ignore[assignment]  # a field named as tuple.count, never called here
    caller: bool


class View(NamedTuple):
    """What one seat may see (``seat=None``: the teacher, every face shown).

    The deck's composition is public (``deck``); ``discard`` lists the faces of the discard,
    bottom first (every card there was shown when it was thrown); ``pile`` is given to the
    teacher only. ``window``: the players still to be asked in the immediate-discard window, in
    order (the first is asked now); ``variant``: the readings in force.
    """

    seat: str | None
    manche: int
    phase: str
    phase_label: str
    turn: str
    acting: str | None
    starter: str
    caller: str | None
    pile_size: int
    discard_top: str | None
    discard_size: int
    discard: tuple[str, ...]
    has_drawn: bool
    drawn: str | None
    drawn_from: str | None
    pile: tuple[str, ...] | None
    players: tuple[PlayerView, ...]
    over: bool
    deck_hypothesis: bool
    deck: Deck
    window: tuple[str, ...] = ()
    variant: Variant = Variant()

    def player(self, name: str) -> PlayerView:
        """The player called ``name`` (``ValueError`` if nobody is)."""
        for p in self.players:
            if p.name == name:
                return p
        raise ValueError(f"Aucun joueur ne s’appelle {name} dans cette partie.")


@dataclass(frozen=True, slots=True)
class RoundScore:
    """What :func:`~.scoring.score_round` found: each player's ``points`` for the round after
    the caller's bonus or malus, and the explained ``events``."""

    points: dict[str, int]
    events: tuple[ScoreEvent, ...]

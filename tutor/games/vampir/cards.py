"""Vampir's cards, locations and clause ids, and how the tutor writes them in French.

A card is a value: :class:`Vampire` (a location and 1 or 2 heads) or the joker :data:`JOKER`.
Each of the 13 kinds exists once in memory (``Vampire("castle", 1) is Vampire("castle", 1)``), so
cards compare and hash at C speed; a wrong location or a head count that is not exactly the int 1
or 2 (``1.0``, ``True``) is refused at construction with a French ``ValueError``.
"""

from __future__ import annotations

from collections.abc import Sequence
from operator import attrgetter
from typing import Any, ClassVar

from tutor import fr
from tutor.engine import IllegalAction
from tutor.engine.examples import ExampleError
from tutor.engine.scenario import plain

GAME_ID = "vampir"
MIN_PLAYERS = 3
MAX_PLAYERS = 5
HAND_SIZE = 4
ONE_HEAD_PER_COLOUR = 11
TWO_HEAD_PER_COLOUR = 5
JOKERS = 10

LOCATIONS: tuple[str, ...] = ("castle", "graveyard", "madhouse", "docks", "church", "pub")
LOCATION_NAMES: dict[str, str] = {
    "castle": "Château", "graveyard": "Cimetière", "madhouse": "Asile", "docks": "Docks",
    "church": "Église", "pub": "Taverne",
}
COLOUR_NAMES: dict[str, str] = {
    "castle": "rouge", "graveyard": "vert", "madhouse": "violet", "docks": "gris",
    "church": "jaune", "pub": "orange",
}
_THE: dict[str, str] = {
    "castle": "le Château", "graveyard": "le Cimetière", "madhouse": "l’Asile",
    "docks": "les Docks", "church": "l’Église", "pub": "la Taverne",
}
_OF: dict[str, str] = {
    "castle": "du Château", "graveyard": "du Cimetière", "madhouse": "de l’Asile",
    "docks": "des Docks", "church": "de l’Église", "pub": "de la Taverne",
}
# colour adjective: masculine singular, masculine plural, feminine singular, feminine plural
_AGREE: dict[str, tuple[str, str, str, str]] = {
    "castle": ("rouge", "rouges", "rouge", "rouges"),
    "graveyard": ("vert", "verts", "verte", "vertes"),
    "madhouse": ("violet", "violets", "violette", "violettes"),
    "docks": ("gris", "gris", "grise", "grises"),
    "church": ("jaune", "jaunes", "jaune", "jaunes"),
    "pub": ("orange", "orange", "orange", "orange"),
}

C_GOAL = "vampir/but"
C_LOCATIONS = "vampir/lieux"
C_VAMPIRES = "vampir/cartes-vampire"
C_JOKERS = "vampir/jokers"
C_PLAYERS = "vampir/joueurs"
C_SETUP = "vampir/mise-en-place"
C_DEAL = "vampir/distribution"
C_START = "vampir/premier-joueur"
C_TURN = "vampir/tour"
C_DRAW = "vampir/piocher"
C_LAY = "vampir/poser"
C_TAKE = "vampir/recuperer"
C_HUNT = "vampir/chasse"
C_SHOWN = "vampir/chasse-exposee"
C_END_DECK = "vampir/fin-pioche"
C_END_SIX = "vampir/fin-six-couleurs"
C_DISCARD = "vampir/defausse-des-mains"
C_COLOUR = "vampir/decompte-par-couleur"
C_TIE = "vampir/egalite-des-plus-faibles"
C_ABSENT = "vampir/couleur-absente"
C_POINTS = "vampir/points"
C_WINNER = "vampir/vainqueur"
C_MATCH = "vampir/trois-manches"
C_V_DRAWN = "vampir/variante-pioche-autre-carte"
C_V_FREE = "vampir/variante-recuperation-libre"
C_V_JOKER = "vampir/variante-joker-deux-tetes"
C_V_ONE = "vampir/variante-manche-unique"
C_V_HUNTS = "vampir/variante-plusieurs-chasses"


def refused(message: str) -> ValueError:
    """A French ``ValueError`` for a wrong argument (French typography applied)."""
    return ValueError(fr.typography(message))


def illegal(reason: str, clause: str) -> IllegalAction:
    """The :class:`IllegalAction` for ``reason`` (French typography applied) and ``clause``."""
    return IllegalAction(fr.typography(reason), clause)


def shown(value: object, limit: int = 24) -> str:
    """Untrusted input quoted for a learner, without Python quotes: ``« atlantis »``."""
    text = value if isinstance(value, str) else repr(value)
    return fr.quote(text if len(text) <= limit else text[: limit - 1] + "…")


def check_location(value: object, clause: str = C_LOCATIONS) -> str:
    """``value`` if it is one of the six location ids, else :class:`IllegalAction` (French)."""
    if type(value) is not str or value not in LOCATIONS:
        raise illegal(f"Lieu inconnu {shown(value)} (lieux : {', '.join(LOCATIONS)}).",
                      clause)
    return value


# --- cards -------------------------------------------------------------------------------------


class Card:
    """Base of the two kinds of card; each kind exists once (compare with ``==`` or ``is``).
    Cards sort by ``rank`` (:data:`RANK` sorts them the same way, faster): a vampire's is twice
    its location's index in :data:`LOCATIONS`, plus 1 for two heads, and the joker's comes
    last, so ``rank >> 1`` is the index of a card's colour (the joker's: ``len(LOCATIONS)``)."""

    __slots__ = ()
    rank: int

    def __lt__(self, other: Card) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self.rank < other.rank

    def __copy__(self) -> Card:
        return self

    def __deepcopy__(self, memo: dict[int, Any]) -> Card:
        return self


class Vampire(Card):
    """A vampire card: the ``location`` whose colour it has and its ``heads`` (1 or 2)."""

    __slots__ = ("heads", "location", "rank")
    _made: ClassVar[dict[tuple[str, int], Vampire]] = {}
    location: str
    heads: int

    def __new__(cls, location: str, heads: int) -> Vampire:
        card = cls._made.get((location, heads)) if type(location) is str and type(heads) is int \
            else None
        if card is None:
            if type(location) is not str or location not in LOCATIONS:
                raise refused(f"Lieu inconnu pour un vampire : {shown(location)} (lieux : "
                                 f"{', '.join(LOCATIONS)}).")
            if type(heads) is not int or heads not in (1, 2):
                raise refused(f"Un vampire a 1 ou 2 têtes (un nombre entier), pas "
                                 f"{shown(heads)}.")
            card = object.__new__(cls)
            object.__setattr__(card, "location", location)
            object.__setattr__(card, "heads", heads)
            object.__setattr__(card, "rank", 2 * LOCATIONS.index(location) + heads - 1)
            cls._made[(location, heads)] = card
        return card

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("une carte ne change pas")

    def __reduce__(self) -> tuple[Any, ...]:
        return (Vampire, (self.location, self.heads))

    def __repr__(self) -> str:
        return f"Vampire({self.location!r}, {self.heads})"


class Joker(Card):
    """The Somewhere card, a joker standing for any colour. There is one: :data:`JOKER`."""

    __slots__ = ()
    rank = 2 * len(LOCATIONS)
    _the: ClassVar[Joker | None] = None

    def __new__(cls) -> Joker:
        if cls._the is None:
            cls._the = object.__new__(cls)
        return cls._the

    def __reduce__(self) -> tuple[Any, ...]:
        return (Joker, ())

    def __repr__(self) -> str:
        return "JOKER"


JOKER = Joker()
RANK = attrgetter("rank")
"""A card's rank: ``sorted(cards, key=RANK)`` is ``sorted(cards)``, without a Python-level
``<`` per comparison."""

KINDS: tuple[Card, ...] = tuple(
    Vampire(loc, h) for loc in LOCATIONS for h in (1, 2)
) + (JOKER,)
COMPOSITION: dict[Card, int] = {
    **{Vampire(loc, 1): ONE_HEAD_PER_COLOUR for loc in LOCATIONS},
    **{Vampire(loc, 2): TWO_HEAD_PER_COLOUR for loc in LOCATIONS},
    JOKER: JOKERS,
}
FULL_SET: tuple[Card, ...] = tuple(c for c in KINDS for _ in range(COMPOSITION[c]))
STARTERS: tuple[Vampire, ...] = tuple(Vampire(loc, 1) for loc in LOCATIONS)


def _without_starters() -> tuple[Card, ...]:
    rest = list(FULL_SET)
    for starter in STARTERS:
        rest.remove(starter)
    return tuple(rest)


SHUFFLED: tuple[Card, ...] = _without_starters()  # the 100 cards shuffled at each manche


def is_card(value: object) -> bool:
    """Whether ``value`` is one of the 13 kinds of card (safe on any input)."""
    return type(value) is Vampire or value is JOKER


def check_cards(values: object, clause: str, what: str = "Une liste de cartes") -> tuple[Card, ...]:
    """``values`` as a tuple of cards, or :class:`IllegalAction` (French, citing ``clause``)."""
    if not isinstance(values, (tuple, list)):
        raise illegal(f"{what} est attendue, pas {shown(values)}.", clause)
    for v in values:
        if not is_card(v):
            raise illegal(f"{shown(v)} n’est pas une carte de Vampir.", clause)
    return tuple(values)


def sort_cards(cards: Sequence[Card]) -> tuple[Card, ...]:
    """Cards in the tutor's canonical order: by location, one head before two, jokers last.
    Anything but a list or tuple of cards raises :class:`IllegalAction` (French)."""
    return tuple(sorted(check_cards(cards, C_VAMPIRES)))


def check_location_name(location: object) -> str:
    """``location`` if it is a location id, else a French ``ValueError``."""
    if type(location) is not str or location not in LOCATIONS:
        raise refused(f"Lieu inconnu {shown(location)} (lieux : {', '.join(LOCATIONS)}).")
    return location


# --- French ------------------------------------------------------------------------------------


def location_label(location: str) -> str:
    """``le Château (rouge)``."""
    return f"{_THE[check_location_name(location)]} ({COLOUR_NAMES[location]})"


def the_location(location: str) -> str:
    """``le Château``, ``l’Asile``, ``les Docks``."""
    return _THE[check_location_name(location)]


def of_location(location: str) -> str:
    """``du Château``, ``de l’Asile``, ``des Docks``."""
    return _OF[check_location_name(location)]


def colour_word(location: str, *, feminine: bool = False, plural: bool = False) -> str:
    """The colour adjective agreed: ``vert``, ``vertes``, ``grise``..."""
    return _AGREE[check_location_name(location)][2 * bool(feminine) + bool(plural)]


def heads_text(heads: int) -> str:
    """``1 tête``, ``5 têtes``."""
    if type(heads) is not int:
        raise refused(f"Un nombre de têtes est un nombre entier, pas {shown(heads)}.")
    return fr.count(heads, "tête")


def card_text(card: Card, count: int | None = None) -> str:
    """A card in French: ``vampire rouge à 2 têtes``, ``3 vampires verts à 1 tête``, ``joker``."""
    if not is_card(card):
        raise refused(f"{shown(card)} n’est pas une carte de Vampir.")
    if count is not None and (type(count) is not int or count < 0):
        raise refused(f"Un nombre de cartes est un entier positif, pas {shown(count)}.")
    many = count is not None and count > 1
    prefix = f"{count} " if count is not None else ""
    if isinstance(card, Vampire):
        return (f"{prefix}{fr.plural(count or 1, 'vampire')} "
                f"{colour_word(card.location, plural=many)} à {heads_text(card.heads)}")
    return f"{prefix}{fr.plural(count or 1, 'joker')}"


def cards_text(cards: Sequence[Card]) -> str:
    """Several cards in French, grouped: ``2 vampires rouges à 1 tête et 1 joker``."""
    check_cards(cards, C_VAMPIRES)
    if not cards:
        return "aucune carte"
    out = []
    for kind in KINDS:
        k = list(cards).count(kind)
        if k:
            out.append(card_text(kind, k))
    return fr.join(out)


#: each location as a scenario writes it: its name on the table, in lower case
LOCATION_WORDS: dict[str, str] = {loc: name.lower() for loc, name in LOCATION_NAMES.items()}
_LOCATION_READ = {**{plain(w): loc for loc, w in LOCATION_WORDS.items()},
                  **{loc: loc for loc in LOCATIONS}}


def parse_location(text: Any) -> Any:
    """A location as written: its name on the table in any case, with or without accents
    (``"Château"``, ``"eglise"``), or the worked examples' code (``"castle"``); anything else
    is returned as it is, for the engine to refuse."""
    return _LOCATION_READ.get(plain(text), text) if isinstance(text, str) else text


def parse_card(text: object) -> Card:
    """Read a card as the worked examples and scenarios write it: ``"château:1"``
    (``"castle:1"`` too), ``"taverne:2"``, ``"joker"``. Anything else raises
    :class:`ExampleError` (a ``ValueError``) with a French reason."""
    if type(text) is str and plain(text) == "joker":
        return JOKER
    if type(text) is str and ":" in text:
        loc, _, heads = text.partition(":")
        where = parse_location(loc)
        if where in LOCATIONS and heads.strip() in ("1", "2"):
            return Vampire(str(where), int(heads))
    raise ExampleError(f"carte illisible {shown(text)} (écrire le lieu et le nombre de têtes, "
                       f"par exemple « château:1 », « taverne:2 », ou « joker » ; lieux : "
                       f"{', '.join(LOCATION_WORDS.values())})")


def card_word(card: Card) -> str:
    """How a scenario writes ``card``: ``"château:1"``, ``"joker"`` (read by
    :func:`parse_card`)."""
    if not is_card(card):
        raise refused(f"{shown(card)} n’est pas une carte de Vampir.")
    return (f"{LOCATION_WORDS[card.location]}:{card.heads}" if isinstance(card, Vampire)
            else "joker")


def card_code(card: Card) -> str:
    """The example notation of ``card`` (inverse of :func:`parse_card`)."""
    if not is_card(card):
        raise refused(f"{shown(card)} n’est pas une carte de Vampir.")
    return f"{card.location}:{card.heads}" if isinstance(card, Vampire) else "joker"

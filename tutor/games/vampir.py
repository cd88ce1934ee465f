"""Vampir (Reiner Knizia, 2000): the whole game as data and pure functions.

Rules in brief (clauses in ``rules/vampir.fr.md``): 3 to 5 players. Six locations (castle,
graveyard, madhouse, docks, church, pub), one colour each, start with one one-head vampire of their
colour underneath. The other 90 vampire cards (16 per colour: 11 one-head, 5 two-head) and the 10
Somewhere jokers are shuffled; each player gets 4, the rest is the face-down deck. On their turn a
player either draws 2 cards (both join the hand) and then lays any one hand card under the location
of its colour (a joker under any location) or shows a hunt; or takes every card under one location
and must show a hunt containing them. A hunt is at least 3 cards of one colour, jokers allowed but
never jokers only; once shown it never changes, and a new hunt of the same colour replaces it (the
old one leaves the game). The manche ends at once when the last card is drawn or when a player shows
all six colours. Hands are discarded; then colour by colour, if every player shows that colour, the
players with the fewest heads discard it. One point per head left; 3 manches, cumulative scores.

Parameters (:class:`Variant`, presets in :data:`PRESETS`):

* ``draw``: ``"hand"`` (default: both drawn cards join the hand, any hand card is then laid) or
  ``"drawn"`` (literal misreading: the laid card must be one of the two just drawn).
* ``take``: ``"hunt_required"`` (default: taking a location is allowed only when a hunt containing
  the taken cards can follow) or ``"free"`` (always allowed; without a possible hunt the cards stay
  in hand).
* ``second_hunt``: ``"replace"`` (default: a new hunt of a colour already shown replaces the old
  one, which leaves the game) or ``"forbidden"`` (one hunt per colour for the whole manche).
* ``joker_heads``: ``1`` (default, the German edition's carriage shows one head) or ``2``.
* ``manches``: ``3`` (default, cumulative scores) or ``1``.

API shared by every game: :func:`new_game`, :func:`current_seats`, :func:`legal_actions`,
:func:`apply`, :func:`view`, :func:`is_over`, :func:`outcome`, plus :func:`opening_events`,
:func:`replay`, :func:`situation` and the pure helpers :func:`is_valid_hunt` and :func:`score`.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, ClassVar, NamedTuple

from tutor.engine import (
    Event,
    IllegalAction,
    Outcome,
    VariantBase,
    check_players,
    join_names,
    short_repr,
    shuffled,
)
from tutor.engine.examples import COMMON_KEYS, ExampleError, ExampleRun, check_keys, compare

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
    "castle": "le Château", "graveyard": "le Cimetière", "madhouse": "l'Asile",
    "docks": "les Docks", "church": "l'Église", "pub": "la Taverne",
}
_OF: dict[str, str] = {
    "castle": "du Château", "graveyard": "du Cimetière", "madhouse": "de l'Asile",
    "docks": "des Docks", "church": "de l'Église", "pub": "de la Taverne",
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
C_V_DRAWN = "vampir/variante-pioche-litterale"
C_V_FREE = "vampir/variante-recuperation-libre"
C_V_SINGLE = "vampir/variante-chasse-unique"
C_V_JOKER = "vampir/variante-joker-deux-tetes"
C_V_ONE = "vampir/variante-manche-unique"

DRAWS = ("hand", "drawn")
TAKES = ("hunt_required", "free")
SECOND_HUNTS = ("replace", "forbidden")
JOKER_HEADS = (1, 2)
MANCHES = (3, 1)


# --- cards -------------------------------------------------------------------------------------


class Vampire(NamedTuple):
    """A vampire card: the ``location`` whose colour it has, and its ``heads`` (1 or 2)."""

    location: str
    heads: int


class Joker(NamedTuple):
    """The Somewhere card: a joker that stands for any colour. Use the constant :data:`JOKER`."""

    def __repr__(self) -> str:
        return "JOKER"


JOKER = Joker()
Card = Vampire | Joker

KINDS: tuple[Card, ...] = tuple(
    Vampire(loc, h) for loc in LOCATIONS for h in (1, 2)
) + (JOKER,)
_RANK: dict[Card, int] = {card: k for k, card in enumerate(KINDS)}
COMPOSITION: dict[Card, int] = {
    **{Vampire(loc, 1): ONE_HEAD_PER_COLOUR for loc in LOCATIONS},
    **{Vampire(loc, 2): TWO_HEAD_PER_COLOUR for loc in LOCATIONS},
    JOKER: JOKERS,
}
FULL_SET: tuple[Card, ...] = tuple(c for c in KINDS for _ in range(COMPOSITION[c]))
STARTERS: tuple[Card, ...] = tuple(Vampire(loc, 1) for loc in LOCATIONS)


def _without_starters() -> tuple[Card, ...]:
    rest = list(FULL_SET)
    for starter in STARTERS:
        rest.remove(starter)
    return tuple(rest)


SHUFFLED: tuple[Card, ...] = _without_starters()  # the 100 cards shuffled at each manche


def sort_cards(cards: Sequence[Card]) -> tuple[Card, ...]:
    """Cards in the tutor's canonical order: by location, one head before two, jokers last."""
    return tuple(sorted(cards, key=_RANK.__getitem__))


def is_card(value: object) -> bool:
    """Whether ``value`` is one of the 13 kinds of card (safe on untrusted input)."""
    try:
        return type(value) in (Vampire, Joker) and value in _RANK
    except TypeError:
        return False


def location_label(location: str) -> str:
    """``le Château (rouge)``."""
    return f"{_THE[location]} ({COLOUR_NAMES[location]})"


def of_location(location: str) -> str:
    """``du Château``, ``de l'Asile``, ``des Docks``."""
    return _OF[location]


def colour_word(location: str, *, feminine: bool = False, plural: bool = False) -> str:
    """The colour adjective agreed: ``vert``, ``vertes``, ``grise``..."""
    return _AGREE[location][2 * feminine + plural]


def of_name(name: str) -> str:
    """``de Bernd``, ``d'Anke``: the preposition elided before a vowel."""
    return f"d'{name}" if name[:1].lower() in "aeiouyéèêâîôûh" else f"de {name}"


def card_text(card: Card, count: int | None = None) -> str:
    """A card in French: ``vampire rouge à 2 têtes``, ``3 vampires verts à 1 tête``, ``joker``."""
    many = count is not None and count > 1
    prefix = f"{count} " if count is not None else ""
    if isinstance(card, Vampire):
        return (f"{prefix}vampire{'s' if many else ''} {colour_word(card.location, plural=many)} "
                f"à {card.heads} tête{'s' if card.heads > 1 else ''}")
    return f"{prefix}joker{'s' if many else ''}"


def cards_text(cards: Sequence[Card]) -> str:
    """Several cards in French, grouped: ``2 vampires rouges à 1 tête et 1 joker``."""
    if not cards:
        return "aucune carte"
    out = []
    for kind in KINDS:
        k = list(cards).count(kind)
        if k:
            out.append(card_text(kind, k))
    return join_names(out)


def parse_card(text: object) -> Card:
    """Read the notation of the worked examples: ``"castle:1"``, ``"pub:2"``, ``"joker"``."""
    if text == "joker":
        return JOKER
    if isinstance(text, str) and ":" in text:
        loc, _, heads = text.partition(":")
        if loc in LOCATIONS and heads in ("1", "2"):
            return Vampire(loc, int(heads))
    raise ExampleError(f"carte illisible {short_repr(text)} (écrire par exemple « castle:1 », "
                       f"« pub:2 » ou « joker » ; lieux : {', '.join(LOCATIONS)})")


def card_code(card: Card) -> str:
    """The example notation of ``card`` (inverse of :func:`parse_card`)."""
    return f"{card.location}:{card.heads}" if isinstance(card, Vampire) else "joker"


# --- configuration -----------------------------------------------------------------------------


@dataclass(frozen=True)
class Variant(VariantBase):
    """The readings of the rules in force for one game; validated at construction."""

    GAME: ClassVar[str] = "Vampir"
    CHOICES: ClassVar[Mapping[str, tuple[Any, ...]]] = {
        "draw": DRAWS,
        "take": TAKES,
        "second_hunt": SECOND_HUNTS,
        "joker_heads": JOKER_HEADS,
        "manches": MANCHES,
    }

    draw: str = "hand"
    take: str = "hunt_required"
    second_hunt: str = "replace"
    joker_heads: int = 1
    manches: int = 3


PRESETS: dict[str, Variant] = {
    "standard": Variant(),
    "manche-unique": Variant(manches=1),
    "pioche-litterale": Variant(draw="drawn"),
    "recuperation-libre": Variant(take="free"),
    "chasse-unique": Variant(second_hunt="forbidden"),
    "joker-deux-tetes": Variant(joker_heads=2),
}
Variant.PRESETS = PRESETS

PRESET_LABELS: dict[str, str] = {
    "standard": "Règle publiée, trois manches (lectures retenues)",
    "manche-unique": "Une seule manche",
    "pioche-litterale": "Pioche lue à la lettre (on pose l'une des deux cartes piochées)",
    "recuperation-libre": "Récupération libre (même sans chasse possible)",
    "chasse-unique": "Une seule chasse par couleur",
    "joker-deux-tetes": "Joker à deux têtes",
}


# --- actions and state ---------------------------------------------------------------------------


class Draw(NamedTuple):
    """Draw the top 2 cards of the deck into the hand (``vampir/piocher``)."""

    seat: str


class Take(NamedTuple):
    """Take every card under ``location`` into the hand (``vampir/recuperer``)."""

    seat: str
    location: str


class Lay(NamedTuple):
    """After drawing, lay ``card`` from the hand under ``location`` (``vampir/poser``)."""

    seat: str
    card: Card
    location: str


class Hunt(NamedTuple):
    """Show the hand ``cards`` as a hunt in front of oneself (``vampir/chasse``)."""

    seat: str
    cards: tuple[Card, ...]


Action = Draw | Take | Lay | Hunt
ACTION_TYPES = (Draw, Take, Lay, Hunt)


class State(NamedTuple):
    """One position of a match. Immutable; every change goes through :func:`apply`.

    ``orders`` holds the recorded shuffle of each manche (100 cards, top first); ``manche`` is the
    current one (1-based); ``deck`` the face-down cards left; ``under`` the cards under each
    location (in :data:`LOCATIONS` order); ``displays`` each player's shown hunts, one slot per
    location (empty: colour not shown); ``removed`` the cards out of the game this manche;
    ``turn`` the index of the player to act and ``phase`` what they must do (``"turn"``: draw or
    take; ``"drawn"``: lay or hunt; ``"taken"``: hunt with the ``pending`` taken cards; ``"over"``);
    ``pending`` the cards just drawn or taken; ``results`` the points of each finished manche.
    """

    variant: Variant
    players: tuple[str, ...]
    orders: tuple[tuple[Card, ...], ...]
    manche: int
    start: int
    deck: tuple[Card, ...]
    under: tuple[tuple[Card, ...], ...]
    hands: tuple[tuple[Card, ...], ...]
    displays: tuple[tuple[tuple[Card, ...], ...], ...]
    removed: tuple[Card, ...]
    turn: int
    phase: str
    pending: tuple[Card, ...]
    results: tuple[tuple[int, ...], ...]


class HuntCheck(NamedTuple):
    """The verdict of :func:`is_valid_hunt`: truthy when valid; ``reason`` says why in French,
    ``location`` is the hunt's colour (``None`` if it has none) and ``clause`` the rule applied."""

    ok: bool
    reason: str
    location: str | None
    heads: int
    clause: str

    def __bool__(self) -> bool:
        return self.ok


class ColourScore(NamedTuple):
    """The scoring of one colour: ``heads`` of each player who shows it, the players ``absent``
    from it, who must ``discard`` it, and the ``clause`` that decided."""

    location: str
    heads: Mapping[str, int]
    absent: tuple[str, ...]
    discard: tuple[str, ...]
    clause: str


class Scoring(NamedTuple):
    """What :func:`score` found: ``points`` per player, the per-colour detail and the events."""

    points: Mapping[str, int]
    colours: tuple[ColourScore, ...]
    events: tuple[Event, ...]


# --- hunts and scoring (pure rule helpers) -----------------------------------------------------


def heads_of(card: Card, joker_heads: int = 1) -> int:
    """Heads shown by a card; a joker shows ``joker_heads`` (``vampir/jokers``)."""
    return card.heads if isinstance(card, Vampire) else joker_heads


def is_valid_hunt(cards: Sequence[Card], variant: Variant | str | Mapping[str, Any] | None = None
                  ) -> HuntCheck:
    """Whether ``cards`` form a hunt (``vampir/chasse``): at least 3 cards, all vampires of one
    colour, jokers allowed but not jokers only. The reason is given either way."""
    rules = Variant.coerce(variant)
    if isinstance(cards, (str, bytes)) or not isinstance(cards, Sequence):
        return HuntCheck(False, "Une chasse est une liste de cartes.", None, 0, C_HUNT)
    for card in cards:
        if not is_card(card):
            return HuntCheck(False, f"{short_repr(card)} n'est pas une carte de Vampir.", None, 0,
                             C_VAMPIRES)
    colours = sorted({c.location for c in cards if isinstance(c, Vampire)},
                     key=LOCATIONS.index)
    heads = sum(heads_of(c, rules.joker_heads) for c in cards)
    jokers = sum(1 for c in cards if isinstance(c, Joker))
    if len(colours) > 1:
        names = join_names([f"le {COLOUR_NAMES[c]} ({LOCATION_NAMES[c]})" for c in colours])
        return HuntCheck(False, f"Une chasse est d'une seule couleur : ici {names} sont "
                                "mélangés.", None, heads, C_HUNT)
    if len(cards) < 3:
        return HuntCheck(False, f"Une chasse compte au moins 3 cartes : {len(cards)} ne "
                                "suffisent pas.", colours[0] if colours else None, heads, C_HUNT)
    if not colours:
        return HuntCheck(False, "Une chasse ne peut pas être faite uniquement de jokers : il lui "
                                "faut au moins un vampire de sa couleur.", None, heads, C_HUNT)
    loc = colours[0]
    with_jokers = f", dont {jokers} joker{'s' if jokers > 1 else ''}" if jokers else ""
    return HuntCheck(True, f"Chasse valide : {len(cards)} cartes "
                           f"{colour_word(loc, feminine=True, plural=True)} "
                           f"({LOCATION_NAMES[loc]}){with_jokers}, {heads} têtes.",
                     loc, heads, C_HUNT)


def score(
    displays: Mapping[str, Sequence[Sequence[Card]]],
    variant: Variant | str | Mapping[str, Any] | None = None,
) -> Scoring:
    """Score the hunts shown by each player at the end of a manche, colour by colour.

    In each colour every player counts their heads, jokers included
    (``vampir/decompte-par-couleur``). If a player shows no vampire of that colour, nobody
    discards it (``vampir/couleur-absente``, which takes precedence). Otherwise the player with
    the fewest heads discards it, and all of them on a tie for fewest
    (``vampir/egalite-des-plus-faibles``). Each player then scores one point per head kept
    (``vampir/points``). Raises :class:`IllegalAction` on an invalid hunt or two hunts of one
    colour for a player.
    """
    rules = Variant.coerce(variant)
    if not isinstance(displays, Mapping) or not displays:
        raise IllegalAction("Il faut les chasses d'au moins un joueur.", C_COLOUR)
    by_colour: dict[str, dict[str, int]] = {p: {} for p in displays}
    for player, hunts in displays.items():
        for hunt in hunts:
            check = is_valid_hunt(hunt, rules)
            if not check:
                raise IllegalAction(f"Chasse de {player} : {check.reason}", check.clause)
            assert check.location is not None
            if check.location in by_colour[player]:
                raise IllegalAction(f"{player} montre deux chasses "
                                    f"{colour_word(check.location, feminine=True, plural=True)}"
                                    " : une seule chasse par couleur reste exposée.", C_SHOWN)
            by_colour[player][check.location] = check.heads
    return _score(by_colour)


def _score(by_colour: Mapping[str, Mapping[str, int]]) -> Scoring:
    players = tuple(by_colour)
    points = dict.fromkeys(players, 0)
    colours = []
    events = []
    for loc in LOCATIONS:
        heads = {p: by_colour[p][loc] for p in players if loc in by_colour[p]}
        if not heads:
            continue
        absent = tuple(p for p in players if p not in heads)
        if absent:
            discard: tuple[str, ...] = ()
            clause = C_ABSENT
        else:
            low = min(heads.values())
            discard = tuple(p for p in players if heads[p] == low)
            clause = C_TIE if len(discard) > 1 else C_COLOUR
        for p, h in heads.items():
            if p not in discard:
                points[p] += h
        colours.append(ColourScore(loc, heads, absent, discard, clause))
        events.append(Event("colour", None, {"location": loc, "heads": heads, "absent": absent,
                                             "discard": discard}, clause))
    events.append(Event("points", None, {"points": dict(points)}, C_POINTS))
    return Scoring(points, tuple(colours), tuple(events))


def _hunt_heads(state: State) -> dict[str, dict[str, int]]:
    jh = state.variant.joker_heads
    return {p: {loc: sum(heads_of(c, jh) for c in hunt)
                for loc, hunt in zip(LOCATIONS, shown) if hunt}
            for p, shown in zip(state.players, state.displays)}


def displays_of(state: State) -> dict[str, tuple[tuple[Card, ...], ...]]:
    """Each player's shown hunts (non-empty ones), as :func:`score` takes them."""
    return {p: tuple(h for h in shown if h) for p, shown in zip(state.players, state.displays)}


# --- setup -------------------------------------------------------------------------------------


def new_game(
    players: Sequence[str],
    *,
    seed: int | random.Random | None = None,
    variant: Variant | str | Mapping[str, Any] | None = None,
    orders: Sequence[Sequence[Card]] | None = None,
    first: str | None = None,
) -> State:
    """Start a match (``vampir/joueurs``, ``vampir/mise-en-place``, ``vampir/distribution``).

    The 100 cards are shuffled for each manche from ``seed``, or laid in the recorded ``orders``
    when replaying; exactly one of the two must be given. ``first`` names the start player
    (``vampir/premier-joueur``; by default the first listed).
    """
    names = check_players(players, MIN_PLAYERS, MAX_PLAYERS, C_PLAYERS)
    rules = Variant.coerce(variant)
    if (seed is None) == (orders is None):
        raise ValueError("Donnez soit une graine (seed), soit les ordres enregistrés des pioches.")
    if orders is None:
        assert seed is not None
        rng = seed if isinstance(seed, random.Random) else random.Random(seed)
        decks = tuple(shuffled(SHUFFLED, rng) for _ in range(rules.manches))
    else:
        decks = tuple(tuple(o) for o in orders)
        full = sorted(SHUFFLED, key=_RANK.__getitem__)
        if len(decks) != rules.manches or any(
            not all(is_card(c) for c in d) or sorted(d, key=_RANK.__getitem__) != full
            for d in decks
        ):
            raise IllegalAction(
                f"Il faut {rules.manches} ordre(s) de pioche, chacun avec les 100 cartes battues "
                "(les 90 vampires restants et les 10 jokers) exactement une fois.", C_DEAL)
    start = 0 if first is None else _index(names, first)
    return _setup_manche(rules, names, decks, 1, start, ())


def _index(players: tuple[str, ...], seat: object) -> int:
    try:
        return players.index(seat)  # type: ignore[arg-type,unused-ignore]
    except ValueError:
        raise IllegalAction(
            f"Aucun joueur ne s'appelle {short_repr(seat)} dans cette partie "
            f"(joueurs : {', '.join(players)}).", C_PLAYERS) from None


def _setup_manche(rules: Variant, names: tuple[str, ...], decks: tuple[tuple[Card, ...], ...],
                  manche: int, start: int, results: tuple[tuple[int, ...], ...]) -> State:
    n = len(names)
    order = decks[manche - 1]
    hands = tuple(sort_cards(order[HAND_SIZE * i: HAND_SIZE * (i + 1)]) for i in range(n))
    return State(rules, names, decks, manche, start, order[HAND_SIZE * n:],
                 tuple((c,) for c in STARTERS), hands, (((),) * 6,) * n, (), start, "turn", (),
                 results)


def opening_events(state: State) -> tuple[Event, ...]:
    """The events of the set-up of the current manche."""
    n = len(state.players)
    events = []
    if state.manche == 1:
        events += [
            Event("setup", None, {"players": state.players}, C_PLAYERS),
            Event("match", None, {"manches": len(state.orders)},
                  C_MATCH if len(state.orders) > 1 else C_V_ONE),
            Event("locations", None, {"locations": LOCATIONS}, C_LOCATIONS),
            Event("vampires", None, {}, C_VAMPIRES),
            Event("jokers", None, {"heads": state.variant.joker_heads}, C_JOKERS),
        ]
    events += [
        Event("starters", None, {"manche": state.manche}, C_SETUP),
        Event("deal", None, {"hand": HAND_SIZE, "deck": len(state.deck), "players": n,
                             "order": state.orders[state.manche - 1] if state.orders else ()},
              C_DEAL),
        Event("start", state.players[state.start], {"manche": state.manche}, C_START),
    ]
    return tuple(events)


def situation(
    players: Sequence[str],
    *,
    hands: Mapping[str, Sequence[Card]],
    deck: Sequence[Card],
    under: Mapping[str, Sequence[Card]] | None = None,
    displays: Mapping[str, Mapping[str, Sequence[Card]]] | None = None,
    turn: str | None = None,
    variant: Variant | str | Mapping[str, Any] | None = None,
) -> State:
    """A position set up by hand (sandbox, worked examples), always a single manche.

    ``under`` defaults to one one-head vampire under each location; ``displays`` gives each
    player's shown hunts by location. The cards used must exist in the game (at most the
    published number of each kind); the others are out of the game. Raises :class:`IllegalAction`.
    """
    names = check_players(players, MIN_PLAYERS, MAX_PLAYERS, C_PLAYERS)
    rules = Variant.coerce(variant)
    if set(hands) != set(names):
        raise IllegalAction("Il faut donner la main de chaque joueur, et seulement d'eux.",
                            C_PLAYERS)
    if not deck:
        raise IllegalAction("La pioche ne peut pas être vide : la manche serait déjà finie.",
                            C_END_DECK)
    spots: dict[str, tuple[Card, ...]] = {loc: (STARTERS[k],) for k, loc in enumerate(LOCATIONS)}
    for loc, cards in (under or {}).items():
        if loc not in LOCATIONS:
            raise IllegalAction(f"Lieu inconnu {short_repr(loc)} (lieux : "
                                f"{', '.join(LOCATIONS)}).", C_LOCATIONS)
        spots[loc] = _cards(cards, C_LOCATIONS)
        for card in spots[loc]:
            if isinstance(card, Vampire) and card.location != loc:
                raise IllegalAction(f"Un {card_text(card)} ne peut pas être sous "
                                    f"{_THE[loc]} : un vampire va sous le lieu de sa "
                                    "couleur.", C_LAY)
    shown = []
    for p in names:
        slots: list[tuple[Card, ...]] = [()] * 6
        for loc, cards in ((displays or {}).get(p) or {}).items():
            hunt = sort_cards(_cards(cards, C_HUNT))
            check = is_valid_hunt(hunt, rules)
            if loc not in LOCATIONS or not check or check.location != loc:
                raise IllegalAction(f"Chasse de {p} sous « {short_repr(loc)} » : "
                                    + (check.reason if not check else "ce n'est pas sa couleur."),
                                    C_HUNT)
            slots[LOCATIONS.index(loc)] = hunt
        shown.append(tuple(slots))
    if displays and set(displays) - set(names):
        raise IllegalAction("Chasses attribuées à un joueur absent.", C_PLAYERS)
    held = tuple(sort_cards(_cards(hands[p], C_DEAL)) for p in names)
    top = _cards(deck, C_DEAL)
    used = [*top, *(c for h in held for c in h), *(c for s in spots.values() for c in s),
            *(c for slots in shown for h in slots for c in h)]
    rest = list(FULL_SET)
    for card in used:
        if card not in rest:
            raise IllegalAction(f"Trop de cartes « {card_text(card)} » : le jeu n'en compte que "
                                f"{COMPOSITION[card]}.", C_JOKERS if card == JOKER
                                else C_VAMPIRES)
        rest.remove(card)
    start = 0 if turn is None else _index(names, turn)
    return State(rules, names, (tuple(top),), 1, start, tuple(top),
                 tuple(spots[loc] for loc in LOCATIONS), held, tuple(shown), tuple(rest), start,
                 "turn", (), ())


def _cards(values: object, clause: str) -> tuple[Card, ...]:
    if isinstance(values, (str, bytes)) or not isinstance(values, Sequence):
        raise IllegalAction("Une liste de cartes est attendue.", clause)
    for v in values:
        if not is_card(v):
            raise IllegalAction(f"{short_repr(v)} n'est pas une carte de Vampir.", clause)
    return tuple(values)


# --- queries -----------------------------------------------------------------------------------


def seat_index(state: State, seat: object) -> int:
    """Index of ``seat`` in the players, or :class:`IllegalAction` if nobody has that name."""
    return _index(state.players, seat)


def is_over(state: State) -> bool:
    """True once the last manche is scored."""
    return state.phase == "over"


def current_seats(state: State) -> tuple[str, ...]:
    """The player who must act now (players act in turn, clockwise)."""
    if state.phase == "over":
        return ()
    return (state.players[state.turn],)


def legal_actions(state: State, seat: str) -> tuple[Action, ...]:
    """Every action ``seat`` may take now, in a fixed order (draw, takes, lays, hunts); empty if it
    is not that player's turn. This is the only legality rule: :func:`apply` refuses anything else.
    """
    i = seat_index(state, seat)
    if state.phase == "over" or i != state.turn:
        return ()
    banned = _banned(state, i)
    hand = state.hands[i]
    if state.phase == "turn":
        takes = tuple(Take(seat, loc) for loc, cards in zip(LOCATIONS, state.under)
                      if cards and (state.variant.take == "free"
                                    or _hunts(sort_cards(hand + cards), cards, banned)))
        return (Draw(seat), *takes)
    if state.phase == "taken":
        return tuple(Hunt(seat, h) for h in _hunts(hand, state.pending, banned))
    layable = state.pending if state.variant.draw == "drawn" else hand
    return _lays(seat, sort_cards(tuple(set(layable)))) + tuple(
        Hunt(seat, h) for h in _hunts(hand, (), banned))


def _banned(state: State, i: int) -> frozenset[str]:
    if state.variant.second_hunt == "replace":
        return frozenset()
    return frozenset(loc for loc, h in zip(LOCATIONS, state.displays[i]) if h)


@lru_cache(maxsize=1 << 14)
def _lays(seat: str, kinds: tuple[Card, ...]) -> tuple[Lay, ...]:
    out = []
    for card in kinds:
        if isinstance(card, Vampire):
            out.append(Lay(seat, card, card.location))
        else:
            out.extend(Lay(seat, card, loc) for loc in LOCATIONS)
    return tuple(out)


@lru_cache(maxsize=1 << 16)
def _hunts(hand: tuple[Card, ...], required: tuple[Card, ...],
           banned: frozenset[str]) -> tuple[tuple[Card, ...], ...]:
    """Every hunt (canonical multiset) that can be made from ``hand`` and contains ``required``
    (which is part of ``hand``), avoiding the ``banned`` colours."""
    jokers = hand.count(JOKER)
    need_j = required.count(JOKER)
    need_colours = {c.location for c in required if isinstance(c, Vampire)}
    if len(need_colours) > 1:
        return ()
    out: list[tuple[Card, ...]] = []
    for loc in LOCATIONS:
        if loc in banned or (need_colours and loc not in need_colours):
            continue
        one, two = Vampire(loc, 1), Vampire(loc, 2)
        n1, n2 = hand.count(one), hand.count(two)
        if n1 + n2 == 0:
            continue
        for a in range(required.count(one), n1 + 1):
            for b in range(required.count(two), n2 + 1):
                if a + b == 0:
                    continue
                for j in range(max(need_j, 3 - a - b), jokers + 1):
                    out.append((one,) * a + (two,) * b + (JOKER,) * j)
    return tuple(out)


def _explain(state: State, action: object) -> IllegalAction:
    """Why ``action`` is not among the legal actions (called only once legality said no)."""
    if type(action) not in ACTION_TYPES:
        return IllegalAction(
            f"Action inconnue pour Vampir : {short_repr(action, 60)}. Une action est Draw(joueur), "
            "Take(joueur, lieu), Lay(joueur, carte, lieu) ou Hunt(joueur, cartes).", C_TURN)
    assert isinstance(action, ACTION_TYPES)
    i = seat_index(state, action.seat)
    seat = state.players[i]
    if state.phase == "over":
        return IllegalAction("La partie est terminée : plus aucune action n'est possible.",
                             C_MATCH if len(state.orders) > 1 else C_WINNER)
    if i != state.turn:
        return IllegalAction(f"Ce n'est pas le tour {of_name(seat)} : c'est à "
                             f"{state.players[state.turn]} de jouer.", C_TURN)
    hand = state.hands[i]
    if isinstance(action, (Draw, Take)) and state.phase != "turn":
        what = ("poser une carte ou exposer une chasse" if state.phase == "drawn"
                else "exposer une chasse avec les cartes récupérées")
        return IllegalAction(f"{seat} a déjà choisi son action de ce tour : il reste à {what}.",
                             C_TURN)
    if isinstance(action, Take):
        if action.location not in LOCATIONS:
            return IllegalAction(f"Lieu inconnu {short_repr(action.location)} (lieux : "
                                 f"{', '.join(LOCATIONS)}).", C_LOCATIONS)
        cards = state.under[LOCATIONS.index(action.location)]
        if not cards:
            return IllegalAction(f"Il n'y a aucune carte sous {location_label(action.location)}.",
                                 C_TAKE)
        return IllegalAction(
            f"{seat} ne pourrait exposer aucune chasse contenant les cartes "
            f"{of_location(action.location)} ({cards_text(cards)}) : on ne récupère un lieu que "
            "si une chasse peut suivre.",
            C_V_SINGLE if _banned(state, i) and _hunts(sort_cards(hand + cards), cards,
                                                        frozenset()) else C_TAKE)
    if state.phase == "turn":
        return IllegalAction(f"{seat} doit d'abord piocher 2 cartes ou récupérer les cartes d'un "
                             "lieu.", C_TURN)
    if isinstance(action, Lay):
        if state.phase == "taken":
            return IllegalAction(f"{seat} a récupéré des cartes : il doit maintenant exposer une "
                                 "chasse qui les contient, pas poser une carte.", C_TAKE)
        if not is_card(action.card) or action.card not in hand:
            return IllegalAction(f"{seat} n'a pas de {_quote(action.card)} en main.", C_LAY)
        if state.variant.draw == "drawn" and action.card not in state.pending:
            return IllegalAction(f"Dans cette lecture, on pose l'une des deux cartes piochées "
                                 f"({cards_text(state.pending)}), pas une autre.", C_V_DRAWN)
        if action.location not in LOCATIONS:
            return IllegalAction(f"Lieu inconnu {short_repr(action.location)} (lieux : "
                                 f"{', '.join(LOCATIONS)}).", C_LOCATIONS)
        assert isinstance(action.card, Vampire)
        return IllegalAction(f"Un {card_text(action.card)} se pose sous "
                             f"{location_label(action.card.location)}, le lieu de sa couleur, "
                             f"pas sous {location_label(action.location)}.", C_LAY)
    assert isinstance(action, Hunt)
    cards = action.cards
    check = is_valid_hunt(cards if isinstance(cards, Sequence) else (), state.variant)
    if not isinstance(cards, (tuple, list)) or not check:
        return IllegalAction(check.reason, check.clause)
    missing = list(hand)
    for card in cards:
        if card not in missing:
            return IllegalAction(f"{seat} n'a pas en main toutes les cartes de cette chasse : "
                                 f"il manque un {card_text(card)}.", C_HUNT)
        missing.remove(card)
    if state.phase == "taken":
        rest = list(cards)
        for card in state.pending:
            if card not in rest:
                return IllegalAction(f"La chasse doit contenir toutes les cartes récupérées "
                                     f"({cards_text(state.pending)}).", C_TAKE)
            rest.remove(card)
    return IllegalAction(f"{seat} montre déjà une chasse "
                         f"{colour_word(str(check.location), feminine=True)} :"
                         " dans cette lecture, on ne peut pas en exposer une seconde.", C_V_SINGLE)


def _quote(card: object) -> str:
    return card_text(card) if is_card(card) else short_repr(card)  # type: ignore[arg-type]


def _canonical(action: object) -> object:
    """A hunt given in any card order is read in the canonical order."""
    if type(action) is Hunt and isinstance(action.cards, (tuple, list)) and all(
            is_card(c) for c in action.cards):
        return Hunt(action.seat, sort_cards(action.cards))
    return action


# --- applying an action --------------------------------------------------------------------------


def apply(
    state: State, action: Action, *, explain: bool = True
) -> tuple[State, tuple[Event, ...]]:
    """Play ``action`` and return the new state and what happened.

    ``Draw`` puts 2 cards in the hand (``vampir/piocher``); drawing the last card ends the manche
    at once (``vampir/fin-pioche``). ``Lay`` lays a hand card under its location, a joker under any
    (``vampir/poser``). ``Take`` moves a location's cards to the hand (``vampir/recuperer``), then
    a ``Hunt`` containing them is due. ``Hunt`` shows cards of one colour (``vampir/chasse``),
    replacing a hunt of that colour (``vampir/chasse-exposee``); showing all six colours ends the
    manche (``vampir/fin-six-couleurs``). An illegal action raises :class:`IllegalAction`;
    ``state`` is never modified. ``explain=False`` skips building the events; the state is the same.
    """
    action = _canonical(action)  # type: ignore[assignment]
    if (type(action) not in ACTION_TYPES
                  or action not in legal_actions(state, action.seat)):
        raise _explain(state, action)
    i = state.turn
    seat = state.players[i]
    events: list[Event] = []
    hands = list(state.hands)
    if type(action) is Draw:
        drawn = state.deck[:2]
        hands[i] = sort_cards(hands[i] + drawn)
        deck = state.deck[2:]
        if explain:
            events.append(Event("draw", seat, {"cards": drawn, "left": len(deck)},
                                C_V_DRAWN if state.variant.draw == "drawn" else C_DRAW))
        new = state._replace(deck=deck, hands=tuple(hands), phase="drawn", pending=drawn)
        if not deck:
            return _end_manche(new, "deck", events, explain)
        return new, tuple(events)
    if type(action) is Take:
        k = LOCATIONS.index(action.location)
        cards = state.under[k]
        hands[i] = sort_cards(hands[i] + cards)
        under = state.under[:k] + ((),) + state.under[k + 1:]
        new = state._replace(under=under, hands=tuple(hands), phase="taken", pending=cards)
        if explain:
            events.append(Event("take", seat, {"location": action.location, "cards": cards},
                                C_TAKE))
        if not _hunts(hands[i], cards, _banned(state, i)):
            if explain:
                events.append(Event("keep", seat, {"cards": cards}, C_V_FREE))
            return _next_turn(new, events, explain)
        return new, tuple(events)
    if type(action) is Lay:
        k = LOCATIONS.index(action.location)
        hand = list(hands[i])
        hand.remove(action.card)
        hands[i] = tuple(hand)
        under = state.under[:k] + (state.under[k] + (action.card,),) + state.under[k + 1:]
        if explain:
            events.append(Event("lay", seat, {"card": action.card, "location": action.location},
                                C_V_DRAWN if state.variant.draw == "drawn" else C_LAY))
        return _next_turn(state._replace(under=under, hands=tuple(hands)), events, explain)
    assert type(action) is Hunt
    cards = action.cards
    hand = list(hands[i])
    for card in cards:
        hand.remove(card)
    hands[i] = tuple(hand)
    loc = next(c.location for c in cards if isinstance(c, Vampire))
    k = LOCATIONS.index(loc)
    shown = state.displays[i]
    old = shown[k]
    removed = state.removed + old
    if explain:
        if old:
            events.append(Event("replace", seat, {"location": loc, "cards": old}, C_SHOWN))
        events.append(Event("hunt", seat, {"location": loc, "cards": cards,
                                           "heads": sum(heads_of(c, state.variant.joker_heads)
                                                        for c in cards)}, C_HUNT))
    shown = shown[:k] + (cards,) + shown[k + 1:]
    displays = state.displays[:i] + (shown,) + state.displays[i + 1:]
    new = state._replace(hands=tuple(hands), displays=displays, removed=removed)
    if all(shown):
        return _end_manche(new, "six", events, explain)
    return _next_turn(new, events, explain)


def _next_turn(state: State, events: list[Event], explain: bool
               ) -> tuple[State, tuple[Event, ...]]:
    turn = (state.turn + 1) % len(state.players)
    if explain:
        events.append(Event("turn", state.players[turn], {}, C_TURN))
    return state._replace(turn=turn, phase="turn", pending=()), tuple(events)


def _end_manche(state: State, reason: str, events: list[Event], explain: bool
                ) -> tuple[State, tuple[Event, ...]]:
    """The manche is over: discard the hands, score colour by colour, then the next manche."""
    seat = state.players[state.turn]
    discarded = tuple(c for h in state.hands for c in h)
    result = _score(_hunt_heads(state))
    points = tuple(result.points[p] for p in state.players)
    results = state.results + (points,)
    n = len(state.players)
    if explain:
        events.append(Event("end", seat, {"reason": reason, "manche": state.manche},
                            C_END_DECK if reason == "deck" else C_END_SIX))
        events.append(Event("discard_hands", None,
                            {"hands": dict(zip(state.players, state.hands))}, C_DISCARD))
        events.extend(result.events)
    if state.manche < len(state.orders):
        new = _setup_manche(state.variant, state.players, state.orders, state.manche + 1,
                            (state.start + 1) % n, results)
        if explain:
            events.append(Event("totals", None, {"manche": state.manche,
                                                 "totals": _totals(new)}, C_MATCH))
            events.extend(opening_events(new))
        return new, tuple(events)
    new = state._replace(hands=((),) * n, removed=state.removed + discarded, phase="over",
                         pending=(), results=results)
    if explain:
        out = outcome(new)
        events.append(Event("winner", None, {"winners": out.winners, "reason": out.reason,
                                             "scores": out.scores}, out.clause))
    return new, tuple(events)


def _totals(state: State) -> dict[str, int]:
    return {p: sum(r[k] for r in state.results) for k, p in enumerate(state.players)}


def outcome(state: State) -> Outcome:
    """The cumulative scores and the winners (``vampir/vainqueur``, ``vampir/trois-manches``).
    Players tied for the best total share the victory."""
    if not is_over(state):
        raise IllegalAction("La partie n'est pas terminée : pas encore de vainqueur.", C_WINNER)
    totals = _totals(state)
    best = max(totals.values())
    winners = tuple(p for p in state.players if totals[p] == best)
    many = len(state.orders) > 1
    clause = C_MATCH if many else C_WINNER
    after = f"Après {len(state.orders)} manches, " if many else ""
    if len(winners) == 1:
        reason = f"{after}{winners[0]} a le plus de points ({best})."
    else:
        reason = f"{after}{join_names(winners)} sont à égalité avec {best} points : ils " \
                 "partagent la victoire."
    return Outcome(totals, winners, reason[0].upper() + reason[1:], clause)


def replay(
    players: Sequence[str],
    orders: Sequence[Sequence[Card]],
    actions: Sequence[Action],
    variant: Variant | str | Mapping[str, Any] | None = None,
    first: str | None = None,
) -> State:
    """Rebuild a match from its recorded shuffles and its actions, without any random state."""
    state = new_game(players, orders=orders, variant=variant, first=first)
    for action in actions:
        state, _ = apply(state, action)
    return state


def view(state: State, seat: str | None) -> dict[str, Any]:
    """What ``seat`` may see. ``seat=None`` is the teacher's view (everything visible).

    Everyone sees the locations and the cards under them, every shown hunt, hand sizes and the
    deck size; a player sees their own hand (and the cards they just drew).
    """
    everything = seat is None
    me = None if everything else seat_index(state, seat)
    totals = _totals(state)
    players = []
    for i, name in enumerate(state.players):
        mine = everything or i == me
        players.append({
            "name": name,
            "hand": state.hands[i] if mine else None,
            "hand_size": len(state.hands[i]),
            "hunts": {loc: h for loc, h in zip(LOCATIONS, state.displays[i]) if h},
            "colours": sum(1 for h in state.displays[i] if h),
            "total": totals[name],
            "to_play": i == state.turn and state.phase != "over",
        })
    acting = state.turn == me or everything
    return {
        "seat": seat,
        "manche": state.manche,
        "manches": len(state.orders),
        "phase": state.phase,
        "turn": state.players[state.turn],
        "pending": state.pending if acting else None,
        "under": dict(zip(LOCATIONS, state.under)),
        "deck_size": len(state.deck),
        "deck": state.deck if everything else None,
        "players": players,
        "results": state.results,
        "over": is_over(state),
    }


# --- French descriptions -----------------------------------------------------------------------


def describe(event: Event) -> str:
    """One French sentence telling what ``event`` means, without revealing hidden cards."""
    d = event.data
    kind = event.kind
    who = event.seat
    if kind == "setup":
        return f"Joueurs, dans le sens horaire : {join_names(d['players'])}."
    if kind == "match":
        if d["manches"] == 1:
            return "On joue une seule manche."
        return f"On joue {d['manches']} manches et on additionne les points."
    if kind == "locations":
        return "Les six lieux sont posés en rangée : " + ", ".join(
            location_label(loc) for loc in d["locations"]) + "."
    if kind == "vampires":
        return ("96 cartes Vampire, 16 par couleur : 11 à une tête et 5 à deux têtes.")
    if kind == "jokers":
        return (f"10 jokers Somewhere remplacent n'importe quelle couleur ; chacun compte "
                f"{d['heads']} tête{'s' if d['heads'] > 1 else ''}.")
    if kind == "starters":
        return (f"Manche {d['manche']} : sous chaque lieu, on pose un vampire à une tête de sa "
                "couleur.")
    if kind == "deal":
        return (f"On bat les autres cartes ; chacun en reçoit {d['hand']}, les {d['deck']} "
                "restantes forment la pioche face cachée.")
    if kind == "start":
        return f"{who} commence la manche {d['manche']}."
    if kind == "draw":
        n = len(d["cards"])
        return f"{who} pioche {n} carte{'s' if n > 1 else ''} (il en reste {d['left']})."
    if kind == "lay":
        return f"{who} pose un {card_text(d['card'])} sous {location_label(d['location'])}."
    if kind == "take":
        return (f"{who} récupère les cartes {of_location(d['location'])} : "
                f"{cards_text(d['cards'])}.")
    if kind == "keep":
        return (f"Aucune chasse n'est possible : {who} garde simplement les cartes récupérées "
                "en main.")
    if kind == "replace":
        return (f"{who} défausse sa chasse {colour_word(d['location'], feminine=True)} précédente "
                f"({cards_text(d['cards'])}) : elle quitte le jeu.")
    if kind == "hunt":
        return (f"{who} expose une chasse {colour_word(d['location'], feminine=True)} "
                f"({LOCATION_NAMES[d['location']]}) : {cards_text(d['cards'])}, "
                f"{d['heads']} têtes.")
    if kind == "turn":
        return f"C'est au tour {of_name(str(who))}."
    if kind == "end":
        if d["reason"] == "deck":
            return f"{who} a tiré la dernière carte de la pioche : la manche s'arrête aussitôt."
        return f"{who} montre des chasses des six couleurs : la manche s'arrête aussitôt."
    if kind == "discard_hands":
        count = sum(len(h) for h in d["hands"].values())
        return (f"Les cartes encore en main ({count}) sont défaussées : elles ne comptent pas.")
    if kind == "colour":
        loc = d["location"]
        heads = ", ".join(f"{p} {h}" for p, h in d["heads"].items())
        label = f"{COLOUR_NAMES[loc].capitalize()} ({LOCATION_NAMES[loc]}) : {heads}"
        if d["absent"]:
            verb = "n'a" if len(d["absent"]) == 1 else "n'ont"
            return (f"{label}. {join_names(d['absent'])} {verb} aucun vampire de cette couleur : "
                    "personne ne défausse.")
        if len(d["discard"]) > 1:
            return (f"{label}. {join_names(d['discard'])} sont à égalité avec le moins de têtes : "
                    "ils défaussent tous cette couleur.")
        if len(d["heads"]) == 1:
            return (f"{label}. Seul joueur dans cette couleur, {d['discard'][0]} en a forcément "
                    "le moins et la défausse.")
        return f"{label}. {d['discard'][0]} a le moins de têtes et défausse cette couleur."
    if kind == "points":
        return "Points de la manche : " + ", ".join(
            f"{p} {s}" for p, s in d["points"].items()) + "."
    if kind == "totals":
        return (f"Après la manche {d['manche']}, totaux : "
                + ", ".join(f"{p} {s}" for p, s in d["totals"].items()) + ".")
    if kind == "winner":
        return str(d["reason"])
    if kind == "hunt_check":
        return str(d["reason"])
    if kind == "refused":
        return f"Refusé : {d['reason']}"
    raise AssertionError(f"unknown event kind {kind!r}")


# --- worked examples ---------------------------------------------------------------------------


def run_example(data: Mapping[str, Any]) -> ExampleRun:
    """Replay a worked example of ``rules/vampir.fr.md`` on the engine.

    ``type = "chasse"``: the ``cartes`` and whether they form a hunt (``valide``, optional
    ``couleur``). ``type = "decompte"``: each player's ``chasses`` (table lieu = [1, 2, "joker"])
    to the expected ``points`` and optional ``defaussent`` (table lieu = [joueurs]).
    ``type = "tour"``: a position (``joueurs``, ``mains``, ``pioche``, optional ``lieux``,
    ``chasses``, ``trait``) and the ``[[coups]]`` played, then the expected ``[attendu]``
    (``mains``, ``lieux``, ``chasses``, ``fin``, ``points``) or ``refus``: the clause id the last
    coup breaks. Cards are written ``"castle:1"``, ``"pub:2"``, ``"joker"``. Raises
    :class:`ExampleError` if the data is malformed.
    """
    kind = data.get("type")
    try:
        rules = Variant.coerce(data.get("variante"))
    except ValueError as exc:
        raise ExampleError(f"variante : {exc}") from None
    if kind == "chasse":
        return _example_hunt(data, rules)
    if kind == "decompte":
        return _example_score(data, rules)
    if kind == "tour":
        return _example_turns(data, rules)
    raise ExampleError(f"type d'exemple inconnu {kind!r} (types possibles : chasse, decompte, "
                       "tour)")


def _card_list(where: str, value: object) -> tuple[Card, ...]:
    if not isinstance(value, list):
        raise ExampleError(f"{where} doit être une liste de cartes")
    return tuple(parse_card(v) for v in value)


def _hunt_spec(where: str, location: str, value: object) -> tuple[Card, ...]:
    """``[2, 1, "joker"]`` under ``location`` -> the cards of that hunt."""
    if location not in LOCATIONS:
        raise ExampleError(f"{where} : lieu inconnu {location!r} (lieux : {', '.join(LOCATIONS)})")
    if not isinstance(value, list):
        raise ExampleError(f"{where}.{location} doit être une liste (1, 2 ou \"joker\")")
    out: list[Card] = []
    for v in value:
        if v == "joker":
            out.append(JOKER)
        elif type(v) is int and v in (1, 2):
            out.append(Vampire(location, v))
        else:
            raise ExampleError(f"{where}.{location} : {v!r} n'est ni 1, ni 2, ni \"joker\"")
    return sort_cards(out)


def _hunts_table(where: str, value: object) -> dict[str, dict[str, tuple[Card, ...]]]:
    if not isinstance(value, dict):
        raise ExampleError(f"{where} doit être une table joueur = {{ lieu = [têtes] }}")
    out = {}
    for player, hunts in value.items():
        if not isinstance(hunts, dict):
            raise ExampleError(f"{where}.{player} doit être une table lieu = [têtes]")
        out[player] = {loc: _hunt_spec(f"{where}.{player}", loc, v) for loc, v in hunts.items()}
    return out


def _example_hunt(data: Mapping[str, Any], rules: Variant) -> ExampleRun:
    check_keys("exemple", data, ("cartes", "valide"), COMMON_KEYS + ("couleur",))
    cards = _card_list("cartes", data["cartes"])
    result = is_valid_hunt(cards, rules)
    out: list[str] = []
    compare("chasse valide", data["valide"], result.ok, out)
    if "couleur" in data:
        compare("couleur", data["couleur"], result.location, out)
    event = Event("hunt_check", None, {"cards": cards, "ok": result.ok, "reason": result.reason,
                                       "location": result.location}, result.clause)
    return ExampleRun((event,), tuple(out))


def _example_score(data: Mapping[str, Any], rules: Variant) -> ExampleRun:
    check_keys("exemple", data, ("chasses",), COMMON_KEYS + ("points", "defaussent"))
    table = _hunts_table("chasses", data["chasses"])
    try:
        result = score({p: tuple(h.values()) for p, h in table.items()}, rules)
    except IllegalAction as exc:
        raise ExampleError(f"situation impossible : {exc.reason}") from None
    out: list[str] = []
    if "points" in data:
        compare("points", dict(data["points"]), dict(result.points), out)
    if "defaussent" in data:
        expected = data["defaussent"]
        if not isinstance(expected, dict):
            raise ExampleError("defaussent doit être une table lieu = [joueurs]")
        got = {c.location: list(c.discard) for c in result.colours if c.discard}
        compare("défausses", {k: list(v) for k, v in expected.items() if v}, got, out)
    return ExampleRun(result.events, tuple(out))


_MOVE_KEYS = ("joueur", "action", "carte", "lieu", "cartes")


def _move(k: int, spec: object) -> Action:
    if not isinstance(spec, dict):
        raise ExampleError(f"coup {k} : table attendue")
    check_keys(f"coup {k}", spec, ("joueur", "action"), _MOVE_KEYS)
    seat, what = spec["joueur"], spec["action"]
    if what == "piocher":
        return Draw(seat)
    if what == "recuperer":
        return Take(seat, spec.get("lieu", ""))
    if what == "poser":
        card = parse_card(spec.get("carte"))
        return Lay(seat, card, spec.get("lieu", card.location if isinstance(card, Vampire)
                                        else ""))
    if what == "chasser":
        return Hunt(seat, _card_list(f"coup {k}.cartes", spec.get("cartes")))
    raise ExampleError(f"coup {k} : action inconnue {what!r} (actions possibles : piocher, poser, "
                       "recuperer, chasser)")


def _example_turns(data: Mapping[str, Any], rules: Variant) -> ExampleRun:
    check_keys("exemple", data, ("joueurs", "mains", "pioche", "coups"),
               COMMON_KEYS + ("lieux", "chasses", "trait", "attendu", "refus"))
    players = data["joueurs"]
    hands = data["mains"]
    if not isinstance(hands, dict):
        raise ExampleError("mains doit être une table joueur = [cartes]")
    lieux = data.get("lieux", {})
    if not isinstance(lieux, dict):
        raise ExampleError("lieux doit être une table lieu = [cartes]")
    shown = _hunts_table("chasses", data.get("chasses", {}))
    try:
        state = situation(players, hands={p: _card_list(f"mains.{p}", c) for p, c in hands.items()},
                          deck=_card_list("pioche", data["pioche"]),
                          under={loc: _card_list(f"lieux.{loc}", c) for loc, c in lieux.items()},
                          displays=shown, turn=data.get("trait"), variant=rules)
    except IllegalAction as exc:
        raise ExampleError(f"situation impossible : {exc.reason}") from None
    moves = data["coups"]
    if not isinstance(moves, list) or not moves:
        raise ExampleError("il faut au moins un [[coups]]")
    events: list[Event] = []
    out: list[str] = []
    refusal = data.get("refus")
    for k, spec in enumerate(moves, 1):
        action = _move(k, spec)
        last = k == len(moves)
        try:
            state, evs = apply(state, action)
        except IllegalAction as exc:
            if not (last and refusal):
                raise ExampleError(f"coup {k} : coup impossible : {exc.reason}") from None
            events.append(Event("refused", action.seat, {"reason": exc.reason}, exc.clause))
            compare("article enfreint", refusal, exc.clause, out)
            return ExampleRun(tuple(events), tuple(out))
        events.extend(evs)
    if refusal:
        out.append(f"coup refusé : attendu un refus ({refusal}), le coup a été accepté")
    _expect_position(data.get("attendu", {}), state, events, out)
    return ExampleRun(tuple(events), tuple(out))


def _expect_position(expected: object, state: State, events: Sequence[Event],
                     out: list[str]) -> None:
    if not isinstance(expected, dict):
        raise ExampleError("attendu doit être une table")
    check_keys("attendu", expected, (), ("mains", "lieux", "chasses", "fin", "points"))
    final = [e for e in events if e.kind == "discard_hands"]
    if "mains" in expected:
        hands = final[-1].data["hands"] if final else dict(zip(state.players, state.hands))
        for p, cards in expected["mains"].items():
            compare(f"main de {p}", [card_code(c) for c in sort_cards(_card_list(p, cards))],
                    [card_code(c) for c in hands.get(p, ())], out)
    if "lieux" in expected:
        for loc, cards in expected["lieux"].items():
            if loc not in LOCATIONS:
                raise ExampleError(f"attendu.lieux : lieu inconnu {loc!r}")
            compare(f"cartes sous {loc}", sorted(card_code(c) for c in _card_list(loc, cards)),
                    sorted(card_code(c) for c in state.under[LOCATIONS.index(loc)]), out)
    if "chasses" in expected:
        for p, hunts in _hunts_table("attendu.chasses", expected["chasses"]).items():
            got = dict(zip(LOCATIONS, state.displays[_index(state.players, p)]))
            compare(f"chasses de {p}", {k: [card_code(c) for c in v] for k, v in hunts.items()},
                    {k: [card_code(c) for c in v] for k, v in got.items() if v}, out)
    if "fin" in expected:
        compare("manche finie", expected["fin"], is_over(state), out)
    if "points" in expected:
        got_points = [e for e in events if e.kind == "points"]
        compare("points", expected["points"],
                dict(got_points[-1].data["points"]) if got_points else None, out)


# --- computer players --------------------------------------------------------------------------


class RandomPlayer:
    """Picks a legal action uniformly at random, from its own seeded generator."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def choose(self, state: State, seat: str) -> Action:
        return self.rng.choice(legal_actions(state, seat))


class HeuristicPlayer:
    """A sensible player that looks only at what its seat may see.

    It takes a location when the hunt that follows is worth at least 4 heads more than what it
    already shows in that colour; after drawing, it shows its best hunt when that adds at least 4
    heads (or completes a colour it lacks with 3), otherwise it lays its least useful card: a
    vampire of the colour it holds least, never a joker, preferably under an almost empty location.
    """

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def choose(self, state: State, seat: str) -> Action:
        options = legal_actions(state, seat)
        seen = view(state, seat)
        me = next(p for p in seen["players"] if p["name"] == seat)
        jh = state.variant.joker_heads

        def gain(action: Action) -> float:
            if not isinstance(action, Hunt):
                return 0.0
            loc = next(c.location for c in action.cards if isinstance(c, Vampire))
            heads = sum(heads_of(c, jh) for c in action.cards)
            old = sum(heads_of(c, jh) for c in me["hunts"].get(loc, ()))
            bonus = 1.5 if loc not in me["hunts"] else 0.0
            return heads - old + bonus - 0.3 * action.cards.count(JOKER)

        hunts = [a for a in options if isinstance(a, Hunt)]
        best = max(hunts, key=lambda a: (gain(a), len(a.cards)), default=None)
        if seen["phase"] == "taken":
            assert best is not None
            return best
        if seen["phase"] == "turn":
            takes = [a for a in options if isinstance(a, Take)]
            worth = []
            for take in takes:
                cards = seen["under"][take.location]
                after = _hunts(sort_cards(me["hand"] + cards), cards, _banned(state,
                                                                             seat_index(state,
                                                                                        seat)))
                value = max((sum(heads_of(c, jh) for c in h) for h in after), default=0)
                old = sum(heads_of(c, jh) for c in me["hunts"].get(take.location, ()))
                worth.append((value - old, self.rng.random(), take))
            good = [w for w in worth if w[0] >= 4]
            if good or (seen["deck_size"] <= 2 and worth):
                return max(good or worth)[2]
            return next(a for a in options if isinstance(a, Draw))
        if best is not None and (gain(best) >= 4 or (seen["deck_size"] <= 4 and gain(best) > 0)):
            return best
        lays = [a for a in options if isinstance(a, Lay)]
        hand = list(me["hand"])

        def cost(lay: Lay) -> tuple[float, float]:
            if isinstance(lay.card, Joker):
                return (100.0, self.rng.random())
            same = sum(1 for c in hand if isinstance(c, Vampire)
                       and c.location == lay.card.location)
            pile = len(seen["under"][lay.location])
            return (same * 3 + lay.card.heads * 2 + pile, self.rng.random())

        return min(lays, key=cost) if lays else self.rng.choice(options)


PLAYER_KINDS: dict[str, tuple[str, type[RandomPlayer] | type[HeuristicPlayer]]] = {
    "hasard": ("Au hasard", RandomPlayer),
    "chasseur": ("Chasseur (vise les grosses chasses)", HeuristicPlayer),
}


"""Vampir's state, what one seat may see of it (:class:`View`), a manche dealt from the record
(the set-up itself is :class:`.engine.Rules`' draw, setup and opening_events) and positions set
up by hand (:func:`situation`, :func:`resume`)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any, NamedTuple, cast

from tutor import fr
from tutor.engine import check_players
from tutor.engine.core import Record

from .cards import (
    C_DEAL,
    C_END_DECK,
    C_END_SIX,
    C_HUNT,
    C_JOKERS,
    C_LAY,
    C_LOCATIONS,
    C_PLAYERS,
    C_VAMPIRES,
    COMPOSITION,
    FULL_SET,
    HAND_SIZE,
    JOKER,
    LOCATIONS,
    MAX_PLAYERS,
    MIN_PLAYERS,
    RANK,
    SHUFFLED,
    STARTERS,
    Card,
    Vampire,
    card_text,
    check_cards,
    check_location,
    illegal,
    is_card,
    location_label,
    refused,
    shown,
    sort_cards,
)
from .hunts import Variant, _verdict


def _sorted(cards: Iterable[Card]) -> tuple[Card, ...]:
    """Cards in the canonical order (the cards' own ``<``, compared by rank at C speed)."""
    return tuple(sorted(cards, key=RANK))


_SORTED_SHUFFLED = _sorted(SHUFFLED)


class State(NamedTuple):
    """One position of a match. Immutable; every change goes through ``apply``.

    ``record`` holds the recorded shuffle of each manche (100 cards, top first) and the start
    player; ``manche`` is the current one (1-based); ``deck`` the face-down cards left; ``under``
    the cards under each location (in :data:`LOCATIONS` order); ``displays`` each player's shown
    hunts, one slot per location (empty: colour not shown); ``removed`` the cards out of the game
    this manche; ``turn`` the index of the player to act and ``phase`` what they must do
    (``"turn"``: draw or take; ``"drawn"``: lay or hunt; ``"taken"``: hunt with the ``pending``
    taken cards; ``"hunted"``: under ``hunts="several"``, another hunt or the end of the turn;
    ``"over"``); ``pending`` the cards just drawn or taken; ``results`` the points of
    each finished manche.
    """

    variant: Variant
    players: tuple[str, ...]
    record: Record
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


class SeatView(NamedTuple):
    """One player as a seat sees them: ``hand`` is ``None`` unless it is that seat's own (or the
    teacher's view); ``hunts`` has one slot per location (empty: colour not shown)."""

    name: str
    hand: tuple[Card, ...] | None
    hand_size: int
    hunts: tuple[tuple[Card, ...], ...]
    total: int
    to_play: bool

    @property
    def shown(self) -> dict[str, tuple[Card, ...]]:
        """The hunts shown, by location."""
        return {loc: h for loc, h in zip(LOCATIONS, self.hunts) if h}

    @property
    def colours(self) -> int:
        return sum(1 for h in self.hunts if h)


class View(NamedTuple):
    """What one seat may see (``seat=None``: the teacher's view, every card visible).

    Everyone sees the readings in force, the locations and the cards under them (face up), every
    shown hunt, hand sizes, the deck size and the cards just taken from a location; a seat sees
    its own hand and the two cards it just drew. ``deck`` and ``removed`` are ``None`` except in
    the teacher's view. ``start`` is the manche's start player (the next manche starts on their
    left).
    """

    seat: str | None
    variant: Variant
    manche: int
    manches: int
    phase: str
    turn: str
    pending: tuple[Card, ...] | None
    under: tuple[tuple[Card, ...], ...]
    deck_size: int
    deck: tuple[Card, ...] | None
    removed: tuple[Card, ...] | None
    players: tuple[SeatView, ...]
    results: tuple[tuple[int, ...], ...]
    over: bool
    start: str = ""

    def player(self, name: str) -> SeatView:
        """The player called ``name``."""
        for p in self.players:
            if p.name == name:
                return p
        raise illegal(f"Aucun joueur ne s’appelle {shown(name)} dans cette partie.",
                      C_PLAYERS)

    def cards_under(self, location: str) -> tuple[Card, ...]:
        return self.under[LOCATIONS.index(check_location(location))]

    @property
    def me(self) -> SeatView | None:
        return None if self.seat is None else self.player(self.seat)


# --- set-up --------------------------------------------------------------------------------------


def _check_record(record: object, rules: Variant, names: tuple[str, ...],
                  first: str | None) -> None:
    if not isinstance(record, Record):
        raise refused(f"L’enregistrement doit être un Record, pas {shown(record)}.")
    if not isinstance(record.shuffles, tuple) or len(record.shuffles) != rules.manches or any(
        not isinstance(d, tuple) or not all(is_card(c) for c in d)
        or _sorted(cast(tuple[Card, ...], d)) != _SORTED_SHUFFLED
        for d in record.shuffles
    ):
        raise refused(
            f"L’enregistrement doit contenir {fr.count(rules.manches, 'ordre')} de pioche, chacun "
            "avec les 100 cartes battues (les 90 vampires restants et les 10 jokers) exactement "
            "une fois.")
    if not isinstance(record.setup, tuple) or not all(
            isinstance(s, tuple) and len(s) == 2 for s in record.setup):
        raise refused("Le réglage enregistré (setup) doit être une suite de paires "
                         "(nom, valeur).")
    chosen = record.option("first", names[0])
    if type(chosen) is not str or chosen not in names or (first is not None and first != chosen):
        raise refused(f"Le premier joueur enregistré {shown(chosen)} ne convient pas "
                         f"(joueurs : {', '.join(names)}).")


def _index(players: tuple[str, ...], seat: object) -> int:
    if type(seat) is str and seat in players:
        return players.index(seat)
    raise illegal(
        f"Aucun joueur ne s’appelle {shown(seat)} dans cette partie "
        f"(joueurs : {', '.join(players)}).", C_PLAYERS)


def _setup_manche(rules: Variant, names: tuple[str, ...], record: Record,
                  order: tuple[Card, ...], manche: int, start: int,
                  results: tuple[tuple[int, ...], ...]) -> State:
    n = len(names)
    hands = tuple(_sorted(order[HAND_SIZE * i: HAND_SIZE * (i + 1)]) for i in range(n))
    return State(rules, names, record, manche, start, order[HAND_SIZE * n:],
                 tuple((c,) for c in STARTERS), hands, (((),) * 6,) * n, (), start, "turn", (),
                 results)


def _take(deck: list[Card], card: Card, where: str, elsewhere: str) -> None:
    """Take ``card`` out of ``deck`` for a position being set up (:func:`resume`), or refuse:
    the game has no copy of it left (the others are ``elsewhere``)."""
    if card not in deck:
        raise illegal(fr.typography(
            f"{where} : plus de « {card_text(card)} » dans la pioche (le jeu en compte "
            f"{COMPOSITION[card]}, les autres sont {elsewhere})."),
            C_JOKERS if card == JOKER else C_VAMPIRES)
    deck.remove(card)


def resume(state: State, *, hunts: Mapping[str, Mapping[str, Sequence[Card]]] | None = None,
           under: Mapping[str, Sequence[Card]] | None = None) -> State:
    """The manche of ``state`` (just dealt) taken up with hunts already exposed in front of the
    players (``hunts``: player -> location -> cards; ``vampir/chasse``) and cards already laid
    under the locations (``under``: location -> cards laid on top of its one-head vampire of the
    set-up; ``vampir/poser``: a vampire under its own colour, a joker anywhere). Each hunt must
    be a valid hunt of that location's colour, one per location and player, five colours at
    most (``vampir/fin-six-couleurs``: six would have ended the manche). Every card comes
    out of the face-down deck, the hunts' first, from the top (the cards are conserved: a card
    the deck no longer holds, all its copies being in the hands or elsewhere on the table, is
    refused; the deck must keep at least one card). Raises :class:`IllegalAction` (French,
    naming who, where and what)."""
    names, rules = state.players, state.variant
    given = {} if hunts is None else hunts
    if not isinstance(given, Mapping) or set(given) - set(names):
        strangers = sorted(set(given) - set(names)) if isinstance(given, Mapping) else [given]
        raise illegal(f"Chasses : aucun joueur ne s’appelle {shown(strangers[0])} "
                      f"(joueurs : {', '.join(names)}).", C_PLAYERS)
    deck = list(state.deck)
    displays = []
    for p in names:
        slots: list[tuple[Card, ...]] = [()] * len(LOCATIONS)
        table = given.get(p) or {}
        if not isinstance(table, Mapping):
            raise illegal(f"Les chasses {fr.of(p)} sont une table lieu -> cartes.", C_HUNT)
        for loc, cards in table.items():
            where = f"Chasse {fr.of(p)} sous {location_label(check_location(loc, C_HUNT))}"
            hunt = sort_cards(check_cards(cards, C_HUNT))
            check = _verdict(hunt, rules.joker_heads)
            if not check or check.location != loc:
                why = check.reason[:1].lower() + check.reason[1:] if not check else \
                    "ce n’est pas sa couleur."
                raise illegal(f"{where} : {why}", C_HUNT)
            for card in hunt:
                _take(deck, card, where, "dans les mains ou sous les lieux")
            slots[LOCATIONS.index(loc)] = hunt
        if all(slots):
            raise illegal(fr.typography(
                f"Chasses {fr.of(p)} : les six couleurs sont exposées, la manche serait déjà "
                "finie ; donnez-lui cinq chasses au plus."), C_END_SIX)
        displays.append(tuple(slots))
    laid = [list(cards) for cards in state.under]
    if under is not None and not isinstance(under, Mapping):
        raise illegal("Les cartes sous les lieux sont une table lieu -> cartes.", C_LOCATIONS)
    for loc, cards in (under or {}).items():
        where = f"Sous {location_label(check_location(loc))}"
        for card in check_cards(cards, C_LAY):
            if isinstance(card, Vampire) and card.location != loc:
                raise illegal(fr.typography(
                    f"{where} : un {card_text(card)} ne peut pas y être posé ; un vampire va "
                    "sous le lieu de sa couleur (un joker, sous n’importe lequel)."), C_LAY)
            _take(deck, card, where, "dans les mains, les chasses ou sous les lieux")
            laid[LOCATIONS.index(loc)].append(card)
    if not deck:
        raise illegal("Ces cartes prennent toute la pioche : la manche serait déjà finie.",
                      C_END_DECK)
    return state._replace(deck=tuple(deck), displays=tuple(displays),
                          under=tuple(tuple(cards) for cards in laid))


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
    if not isinstance(hands, Mapping) or set(hands) != set(names):
        raise illegal("Il faut donner la main de chaque joueur, et seulement d’eux.",
                      C_PLAYERS)
    top = check_cards(deck, C_DEAL, "Une pioche (liste de cartes)")
    if not top:
        raise illegal("La pioche ne peut pas être vide : la manche serait déjà finie.",
                      C_END_DECK)
    spots: dict[str, tuple[Card, ...]] = {loc: (STARTERS[k],) for k, loc in enumerate(LOCATIONS)}
    if under is not None and not isinstance(under, Mapping):
        raise illegal("Les lieux sont une table lieu -> cartes.", C_LOCATIONS)
    for loc, cards in (under or {}).items():
        spots[check_location(loc)] = check_cards(cards, C_LOCATIONS)
        for card in spots[loc]:
            if isinstance(card, Vampire) and card.location != loc:
                raise illegal(f"Un {card_text(card)} ne peut pas être sous "
                              f"{location_label(loc)} : un vampire va sous le lieu de sa "
                              "couleur.", C_LAY)
    if displays is not None and (not isinstance(displays, Mapping)
                                 or not set(displays) <= set(names)):
        raise illegal("Les chasses sont une table joueur -> (lieu -> cartes), pour les "
                      "joueurs de la partie.", C_PLAYERS)
    shown_hunts = []
    for p in names:
        slots: list[tuple[Card, ...]] = [()] * 6
        hunts = (displays or {}).get(p) or {}
        if not isinstance(hunts, Mapping):
            raise illegal(f"Les chasses {fr.of(p)} sont une table lieu -> cartes.", C_HUNT)
        for loc, cards in hunts.items():
            check_location(loc, C_HUNT)
            hunt = sort_cards(check_cards(cards, C_HUNT))
            check = _verdict(hunt, rules.joker_heads)
            if not check or check.location != loc:
                raise illegal(f"Chasse {fr.of(p)} sous {location_label(loc)} : "
                              + (check.reason if not check else "ce n’est pas sa couleur."),
                              C_HUNT)
            slots[LOCATIONS.index(loc)] = hunt
        shown_hunts.append(tuple(slots))
    held = tuple(sort_cards(check_cards(hands[p], C_DEAL)) for p in names)
    used = [*top, *(c for h in held for c in h), *(c for s in spots.values() for c in s),
            *(c for slots in shown_hunts for h in slots for c in h)]
    rest = list(FULL_SET)
    for card in used:
        if card not in rest:
            raise illegal(f"Trop de cartes « {card_text(card)} » : le jeu n’en compte que "
                          f"{COMPOSITION[card]}.", C_JOKERS if card == JOKER
                          else C_VAMPIRES)
        rest.remove(card)
    start = 0 if turn is None else _index(names, turn)
    record = Record((tuple(top),), (("first", names[start]),))
    return State(rules, names, record, 1, start, tuple(top),
                 tuple(spots[loc] for loc in LOCATIONS), held, tuple(shown_hunts), tuple(rest),
                 start, "turn", (), ())



"""The readings in force (:class:`Variant`), hunts and the end-of-manche scoring: pure helpers.

A hunt is at least 3 cards of one colour, jokers allowed but never jokers only
(``vampir/chasse``). Scoring goes colour by colour (``vampir/decompte-par-couleur``): a colour
that some player lacks is kept by all (``vampir/couleur-absente``, which takes precedence);
otherwise the players with the fewest heads discard it (``vampir/egalite-des-plus-faibles`` on a
tie); then one point per head kept (``vampir/points``).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping, Sequence
from functools import lru_cache
from typing import Any, Literal, NamedTuple

from tutor import fr
from tutor.engine import VariantBase

from .cards import (
    C_ABSENT,
    C_COLOUR,
    C_HUNT,
    C_JOKERS,
    C_POINTS,
    C_SHOWN,
    C_TIE,
    C_VAMPIRES,
    COLOUR_NAMES,
    JOKER,
    KINDS,
    LOCATION_NAMES,
    LOCATIONS,
    Card,
    Joker,
    Vampire,
    check_cards,
    colour_word,
    heads_text,
    illegal,
    is_card,
    refused,
    shown,
)
from .events import ColourScore, ColourScored, HuntCheck, Points


class Variant(VariantBase, game="Vampir"):
    """The readings of the rules in force for one game; validated at construction.

    ``draw``: ``"hand"`` (both drawn cards join the hand, any hand card is then laid) or
    ``"drawn"`` (one drawn card is kept, the other is the one laid). ``take``:
    ``"hunt_required"`` (a location may be taken only if a hunt containing its cards can follow)
    or ``"free"``. ``joker_heads``: 1 or 2. ``manches``: 3 (cumulative) or 1. ``hunts``:
    ``"one"`` (one hunt per turn, then the turn passes) or ``"several"`` (after a hunt, the
    player may show another one or end the turn).
    """

    draw: Literal["hand", "drawn"] = "hand"
    take: Literal["hunt_required", "free"] = "hunt_required"
    joker_heads: Literal[1, 2] = 1
    manches: Literal[3, 1] = 3
    hunts: Literal["one", "several"] = "one"

    @classmethod
    def coerce(cls, value: object) -> Variant:
        """A variant, a preset name, a mapping of flags or ``None`` (the standard preset);
        anything else, or a mapping with a key that is not a text, is a French ``ValueError``."""
        if isinstance(value, Mapping) and not all(type(k) is str for k in value):
            raise refused(f"Variante de Vampir illisible : les clés sont des noms "
                             f"({', '.join(cls.CHOICES)}), pas {shown(list(value))}.")
        if value is not None and not isinstance(value, (cls, str, Mapping)):
            raise refused(f"Variante de Vampir illisible : {shown(value)}.")
        result: Variant = super().coerce(value)
        return result


PRESETS, PRESET_LABELS = Variant.presets("Lectures retenues par le tuteur, trois manches", {
    "manche-unique": ("Une seule manche", {"manches": 1}),
    "pioche-autre-carte": ("Pioche\u202f: on garde une carte tirée et on pose l’autre",
                           {"draw": "drawn"}),
    "recuperation-libre": ("Récupération libre (même sans chasse possible)", {"take": "free"}),
    "joker-deux-tetes": ("Joker à deux têtes", {"joker_heads": 2}),
    "plusieurs-chasses": ("Plusieurs chasses par tour", {"hunts": "several"}),
})


class Scoring(NamedTuple):
    """What :func:`score` found: ``points`` per player, the per-colour detail and the events."""

    points: Mapping[str, int]
    colours: tuple[ColourScore, ...]
    events: tuple[ColourScored | Points, ...]


def heads_of(card: Card, joker_heads: int = 1) -> int:
    """Heads shown by a card; a joker shows ``joker_heads`` (``vampir/jokers``)."""
    if not is_card(card):
        raise illegal(f"{shown(card)} n’est pas une carte de Vampir.", C_VAMPIRES)
    if type(joker_heads) is not int or joker_heads not in Variant.CHOICES["joker_heads"]:
        raise illegal(f"Un joker compte 1 ou 2 têtes, pas {shown(joker_heads)}.", C_JOKERS)
    return card.heads if isinstance(card, Vampire) else joker_heads


def is_valid_hunt(cards: Sequence[Card], variant: Variant | str | Mapping[str, Any] | None = None
                  ) -> HuntCheck:
    """Whether ``cards`` form a hunt (``vampir/chasse``): at least 3 cards, all vampires of one
    colour, jokers allowed but not jokers only. The reason is given either way. A ``cards`` that
    is not a list or tuple of cards raises :class:`IllegalAction` (French)."""
    rules = Variant.coerce(variant)
    return _verdict(check_cards(cards, C_HUNT, "Une chasse (liste de cartes)"), rules.joker_heads)


def _verdict(cards: tuple[Card, ...], joker_heads: int) -> HuntCheck:
    check = _raw_verdict(cards, joker_heads)
    return check._replace(reason=fr.typography(check.reason))


def _raw_verdict(cards: tuple[Card, ...], joker_heads: int) -> HuntCheck:
    colours = sorted({c.location for c in cards if isinstance(c, Vampire)},
                     key=LOCATIONS.index)
    heads = sum(c.heads if isinstance(c, Vampire) else joker_heads for c in cards)
    jokers = sum(1 for c in cards if isinstance(c, Joker))
    if len(colours) > 1:
        names = fr.join([f"le {COLOUR_NAMES[c]} ({LOCATION_NAMES[c]})" for c in colours])
        return HuntCheck(False, f"Une chasse est d’une seule couleur : ici {names} sont "
                                "mélangés.", None, heads, C_HUNT)
    if len(cards) < 3:
        have = "aucune carte" if not cards else f"{fr.count(len(cards), 'carte')} ne suffisent" \
            if len(cards) > 1 else "une carte ne suffit"
        tail = "." if not cards else " pas."
        return HuntCheck(False, f"Une chasse compte au moins 3 cartes : {have}{tail}",
                         colours[0] if colours else None, heads, C_HUNT)
    if not colours:
        return HuntCheck(False, "Une chasse ne peut pas être faite uniquement de jokers : il lui "
                                "faut au moins un vampire de sa couleur.", None, heads, C_HUNT)
    loc = colours[0]
    with_jokers = f", dont {fr.count(jokers, 'joker')}" if jokers else ""
    return HuntCheck(True, f"Chasse valide : {len(cards)} cartes "
                           f"{colour_word(loc, feminine=True, plural=True)} "
                           f"({LOCATION_NAMES[loc]}){with_jokers}, {heads_text(heads)}.",
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
    (``vampir/points``). Raises :class:`IllegalAction` (French) on wrong types, an invalid hunt
    or two hunts of one colour for a player.
    """
    rules = Variant.coerce(variant)
    if not isinstance(displays, Mapping) or not displays:
        raise illegal("Il faut une table des chasses d’au moins un joueur "
                      "(joueur -> liste de chasses).", C_COLOUR)
    by_colour: dict[str, dict[str, int]] = {}
    for player, hunts in displays.items():
        if type(player) is not str or not player.strip():
            raise illegal(f"Nom de joueur invalide : {shown(player)}.", C_COLOUR)
        if not isinstance(hunts, (tuple, list)):
            raise illegal(f"Les chasses {fr.of(player)} doivent être une liste de "
                          f"chasses, pas {shown(hunts)}.", C_COLOUR)
        by_colour[player] = {}
        for hunt in hunts:
            check = is_valid_hunt(hunt, rules)
            if not check:
                raise illegal(f"Chasse {fr.of(player)} : {check.reason}", check.clause)
            assert check.location is not None
            if check.location in by_colour[player]:
                raise illegal(f"{player} montre deux chasses "
                              f"{colour_word(check.location, feminine=True, plural=True)}"
                              " : une seule chasse par couleur reste exposée.", C_SHOWN)
            by_colour[player][check.location] = check.heads
    return score_heads(by_colour)


def score_heads(by_colour: Mapping[str, Mapping[str, int]]) -> Scoring:
    """The scoring from each player's heads per colour (``{player: {location: heads}}``)."""
    if not isinstance(by_colour, Mapping) or not by_colour or not all(
            type(p) is str and isinstance(h, Mapping) and all(
                type(loc) is str and loc in LOCATIONS and type(n) is int and n >= 0
                for loc, n in h.items())
            for p, h in by_colour.items()):
        raise illegal("Il faut une table joueur -> (lieu -> nombre de têtes).", C_COLOUR)
    return _score(by_colour)


def _score(by_colour: Mapping[str, Mapping[str, int]], explain: bool = True) -> Scoring:
    """:func:`score_heads` of a table already checked; ``explain=False`` gives the points alone
    (no per-colour detail, no events)."""
    players = tuple(by_colour)
    points = dict.fromkeys(players, 0)
    colours = []
    events: list[ColourScored | Points] = []
    for loc in LOCATIONS:
        heads = {p: by_colour[p][loc] for p in players if loc in by_colour[p]}
        if not heads:
            continue
        absent = tuple(p for p in players if p not in heads)
        low = discarding([heads.get(p, 0) for p in players])
        discard = () if absent else tuple(p for p in players if heads[p] == low)
        clause = C_ABSENT if absent else C_TIE if len(discard) > 1 else C_COLOUR
        for p, h in heads.items():
            if p not in discard:
                points[p] += h
        if explain:
            scored = ColourScore(loc, tuple(heads.items()), absent, discard, clause)
            colours.append(scored)
            events.append(ColourScored(score=scored, clause=clause))
    if explain:
        events.append(Points(points=tuple(points.items()), clause=C_POINTS))
    return Scoring(points, tuple(colours), tuple(events))


def discarding(column: Sequence[int]) -> int:
    """The heads whose hunts are discarded in one colour, from each player's heads in it
    (``column``, 0: no hunt of it shown): the fewest shown (``vampir/decompte-par-couleur``,
    every player holding them on a tie, ``vampir/egalite-des-plus-faibles``), or 0, nobody,
    when a player shows none (``vampir/couleur-absente``)."""
    return 0 if 0 in column else min(column)


def seat_points(rows: Sequence[Sequence[int]]) -> list[int]:
    """Each seat's points (``vampir/points``) from its heads by colour (``rows``, one per seat,
    the colours in :data:`LOCATIONS` order, 0: no hunt shown): :func:`score`'s points on plain
    numbers, for a hint's playouts."""
    points = [0] * len(rows)
    for column in zip(*rows):
        low = discarding(column)
        for seat, heads in enumerate(column):
            if heads != low:
                points[seat] += heads
    return points


def possible_hunts(hand: Sequence[Card], required: Sequence[Card] = ()
                   ) -> tuple[tuple[Card, ...], ...]:
    """Every hunt (canonical multiset, sorted) that can be made from the cards of ``hand`` and
    contains the cards of ``required`` (which must be among them); :class:`IllegalAction` on
    anything but lists or tuples of cards."""
    mine = tuple(sorted(check_cards(hand, C_HUNT, "Une main (liste de cartes)")))
    need = tuple(sorted(check_cards(required, C_HUNT, "Une liste de cartes")))
    rest = list(mine)
    for card in need:
        if card not in rest:
            raise illegal("Les cartes exigées doivent faire partie de la main.", C_HUNT)
        rest.remove(card)
    return hunts_from(mine, need)


@lru_cache(maxsize=1 << 16)
def hunts_from(hand: tuple[Card, ...], required: tuple[Card, ...] = ()
               ) -> tuple[tuple[Card, ...], ...]:
    """:func:`possible_hunts` for a sorted ``hand`` already checked (the engine's fast path).
    The hunts of each colour come in turn, in :data:`LOCATIONS` order (each starts with a
    vampire of its colour, so that is their sorted order)."""
    out: tuple[tuple[Card, ...], ...] = ()
    for counts in colour_counts(rank_counts(hand, required), required):
        out += colour_hunts(*counts)
    return out


_PAIRS = {loc: (Vampire(loc, 1), Vampire(loc, 2)) for loc in LOCATIONS}


def rank_counts(cards: Iterable[Card], less: Iterable[Card] = ()) -> list[int]:
    """How many of each kind ``cards`` holds, by rank, one of each card of ``less`` taken away
    (counted so, two cards are never compared with ``==``, a Python-level call)."""
    held = [0] * len(KINDS)
    for card in cards:
        held[card.rank] += 1
    for card in less:
        held[card.rank] -= 1
    return held


def colour_counts(held: Sequence[int], required: tuple[Card, ...]
                  ) -> Iterator[tuple[Vampire, Vampire, int, int, int, int, int, int]]:
    """For each colour a hunt containing ``required`` may have and of which ``required`` and the
    cards ``held`` besides (by rank) hold a vampire and, jokers counted, 3 cards, in
    :data:`LOCATIONS` order: its two vampires, how many of each and of jokers there are in all
    and how many of each ``required`` holds."""
    colours, need = _required(required)
    need_j = need[JOKER.rank]
    jokers = held[JOKER.rank] + need_j
    for one, two in colours:
        need1, need2 = need[one.rank], need[two.rank]
        n1, n2 = held[one.rank] + need1, held[two.rank] + need2
        if n1 + n2 and n1 + n2 + jokers >= 3:
            yield one, two, n1, n2, jokers, need1, need2, need_j


@lru_cache(maxsize=1 << 12)
def _required(cards: tuple[Card, ...]
              ) -> tuple[tuple[tuple[Vampire, Vampire], ...], tuple[int, ...]]:
    """The colours a hunt containing ``cards`` may have, as their two vampires (none if they
    are vampires of two colours; every colour if none is a vampire), and their
    :func:`rank_counts`."""
    colours = {c.location for c in cards if isinstance(c, Vampire)}
    counts = tuple(rank_counts(cards))
    if len(colours) > 1:
        return (), counts
    return tuple(_PAIRS[loc] for loc in colours or LOCATIONS), counts


@lru_cache(maxsize=1 << 14)
def colour_hunts(one: Vampire, two: Vampire, n1: int, n2: int, jokers: int, need1: int,
                  need2: int, need_j: int) -> tuple[tuple[Card, ...], ...]:
    """The hunts of one colour from ``n1`` one-head, ``n2`` two-head vampires and ``jokers``,
    with at least ``need1``, ``need2`` and ``need_j`` of each, sorted."""
    out: list[tuple[Card, ...]] = []
    for a in range(need1, n1 + 1):
        for b in range(need2, n2 + 1):
            if a + b == 0:
                continue
            for j in range(max(need_j, 3 - a - b), jokers + 1):
                out.append((one,) * a + (two,) * b + (JOKER,) * j)
    return tuple(sorted(out, key=lambda hunt: [c.rank for c in hunt]))

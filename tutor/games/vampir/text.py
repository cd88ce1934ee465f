"""Vampir's events told in French (:func:`describe`), through the helpers of :mod:`tutor.fr`.

Players are always named, never referred to by a pronoun; hidden cards are never revealed (a draw
says how many cards were drawn, not which).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from tutor import fr
from tutor.engine import Event
from tutor.engine.phrases import Phrasebook

from .cards import (
    COLOUR_NAMES,
    HAND_SIZE,
    LOCATION_NAMES,
    card_text,
    cards_text,
    colour_word,
    heads_text,
    location_label,
    of_location,
)


def _by_player(values: Mapping[str, int], unit: str | None = None) -> str:
    """``Anke 3, Bernd 4`` (or ``Anke 3 points, Bernd 1 point`` with a unit)."""
    return ", ".join(f"{p} {fr.count(n, unit) if unit else fr.number(n)}"
                     for p, n in values.items())


def _match(d: Mapping[str, Any], who: str) -> str:
    if d["manches"] == 1:
        return "On joue une seule manche."
    return f"On joue {d['manches']} manches et on additionne les points."


def _draw(d: Mapping[str, Any], who: str) -> str:
    left = ("la pioche est vide" if d["left"] == 0
            else f"{fr.count(d['left'], 'carte')} dans la pioche")
    return f"{who} pioche {fr.count(len(d['cards']), 'carte')} ({left})."


def _end(d: Mapping[str, Any], who: str) -> str:
    if d["reason"] == "deck":
        return f"{who} a tiré la dernière carte de la pioche : la manche s’arrête aussitôt."
    return f"{who} montre des chasses des six couleurs : la manche s’arrête aussitôt."


def _discard_hands(d: Mapping[str, Any], who: str) -> str:
    count = sum(len(h) for h in d["hands"].values())
    return f"Les mains sont défaussées ({fr.count(count, 'carte')}) : elles ne comptent pas."


def _deal(d: Mapping[str, Any], who: str) -> str:
    return (f"On bat les 100 autres cartes ; chaque joueur en reçoit {d.get('hand', HAND_SIZE)}"
            f", les {d['deck']} restantes forment la pioche face cachée.")


PHRASES = Phrasebook("Vampir", {
    "setup": lambda d, who: fr.seating(d["players"]),
    "match": _match,
    "locations": "Les six lieux sont posés en rangée : {locations:locations}.",
    "vampires": "96 cartes Vampire, 16 par couleur : 11 à une tête et 5 à deux têtes.",
    "jokers": "10 jokers Somewhere remplacent n’importe quelle couleur ; chacun compte "
              "{heads:heads}.",
    "starters": "Manche {manche} : sous chaque lieu, on pose un vampire à une tête de sa couleur.",
    "deal": _deal,
    "start": "{who} commence la manche {manche}.",
    "draw": _draw,
    "lay": "{who} pose un {card:card} sous {location:location}.",
    "take": "{who} récupère les cartes {location:of_location} : {cards:cards}.",
    "keep": "Aucune chasse n’est possible : {who} garde simplement les cartes récupérées en "
            "main.",
    "replace": "{who} défausse sa chasse {location:colour} précédente ({cards:cards}) : elle "
               "quitte le jeu.",
    "hunt": "{who} expose une chasse {location:colour} ({location:place}) : {cards:cards}, "
            "{heads:heads}.",
    "turn": "C’est au tour {who:of}.",
    "hunt_again": "Dans cette variante, {who} peut exposer une autre chasse ou finir son tour.",
    "end_turn": "{who} finit son tour.",
    "end": _end,
    "discard_hands": _discard_hands,
    "colour": lambda d, who: _colour(d),
    "points": "Points de la manche : {points:points}.",
    "totals": "Après la manche {manche}, totaux : {totals:points}.",
    "hunt_check": "{reason}",
}, writers={
    "card": card_text,
    "cards": cards_text,
    "colour": lambda location: colour_word(location, feminine=True),
    "heads": heads_text,
    "location": location_label,
    "locations": lambda locations: ", ".join(location_label(loc) for loc in locations),
    "of_location": of_location,
    "place": LOCATION_NAMES.__getitem__,
    "points": lambda values: _by_player(values, "point"),
})


def describe(event: Event) -> str:
    """One French sentence telling what ``event`` means, without revealing hidden cards.
    Anything but an event of this game raises a French ``ValueError``."""
    return PHRASES.describe(event)


def _colour(d: Mapping[str, Any]) -> str:
    loc = d["location"]
    heads: dict[str, int] = d["heads"]
    absent: tuple[str, ...] = d["absent"]
    discard: tuple[str, ...] = d["discard"]
    label = (f"{fr.capitalize(COLOUR_NAMES[loc])} ({LOCATION_NAMES[loc]}) : "
             f"{_by_player(heads, 'tête')}")
    if absent:
        verb = "n’a" if len(absent) == 1 else "n’ont"
        return f"{label}. {fr.join(absent)} {verb} aucun vampire de cette couleur : personne ne " \
               "défausse."
    if len(discard) > 1:
        return (f"{label}. {fr.join(discard)} sont à égalité pour le moins de têtes "
                f"({fr.count(heads[discard[0]], 'tête')}) : {fr.join(discard)} défaussent cette "
                "couleur.")
    if len(heads) == 1:
        return (f"{label}. Personne d’autre ne montre cette couleur : {discard[0]} a forcément "
                "le moins de têtes et la défausse.")
    return f"{label}. {discard[0]} a le moins de têtes et défausse cette couleur."


def where_lost(events: Sequence[Event], seat: str) -> tuple[str, ...]:
    """Where ``seat``'s points went in a finished game, read from its events, as French phrases
    (« Pourquoi je n’ai pas gagné ? » opens with them): per manche, the hunts discarded as the
    weakest of their colour (``vampir/decompte-par-couleur``) and the points kept."""
    manche = 1
    lost: dict[int, list[str]] = {}
    kept: dict[int, int] = {}
    shown: dict[int, int] = {}
    for e in events:
        if e.kind == "end":
            manche = e.data["manche"]
        elif e.kind == "colour" and seat in e.data["heads"]:
            shown[manche] = shown.get(manche, 0) + 1
        if e.kind == "colour" and seat in e.data["discard"]:
            heads = e.data["heads"]
            others = [h for p, h in heads.items() if p != seat]
            why = ("à égalité pour le moins de têtes" if len(e.data["discard"]) > 1 else
                   "le moins de têtes de la couleur" if others else
                   "seule chasse de la couleur, donc la plus faible")
            lost.setdefault(manche, []).append(
                f"{of_location(e.data['location'])} ({heads_text(heads[seat])}, {why})")
        elif e.kind == "points":
            kept[manche] = e.data["points"].get(seat, 0)
    out = []
    several = len(kept) > 1
    for m in sorted(kept):
        where = f"à la manche {m}, " if several else ""
        if m in lost:
            hunts = lost[m]
            noun = "votre chasse" if len(hunts) == 1 else "vos chasses"
            verb = "a été défaussée" if len(hunts) == 1 else "ont été défaussées"
            out.append(f"{where}{noun} {fr.join(hunts)} {verb}, "
                       f"{fr.count(kept[m], 'point')} gardé{'s' if kept[m] >= 2 else ''}")
        elif not shown.get(m):
            out.append(f"{where}aucune chasse exposée, donc aucun point")
        else:
            out.append(f"{where}aucune de vos chasses défaussée, "
                       f"{fr.count(kept[m], 'point')} gardé{'s' if kept[m] >= 2 else ''}")
    return tuple(out)

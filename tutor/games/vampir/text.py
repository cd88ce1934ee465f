"""Vampir's events told in French (:func:`describe`), through the helpers of :mod:`tutor.fr`.

Players are always named, never referred to by a pronoun; hidden cards are never revealed (a draw
says how many cards were drawn, not which).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tutor import fr
from tutor.engine import Event

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
    refused,
    shown,
)


def _by_player(values: Mapping[str, int], unit: str | None = None) -> str:
    """``Anke 3, Bernd 4`` (or ``Anke 3 points, Bernd 1 point`` with a unit)."""
    return ", ".join(f"{p} {fr.count(n, unit) if unit else fr.number(n)}"
                     for p, n in values.items())


def describe(event: Event) -> str:
    """One French sentence telling what ``event`` means, without revealing hidden cards.
    Anything but an event of this game raises a French ``ValueError``."""
    if type(event) is not Event or not isinstance(event.data, Mapping):
        raise refused(f"{shown(event, 40)} n’est pas un événement de Vampir.")
    try:
        return fr.typography(_describe(event.kind, event.data, str(event.seat)))
    except (KeyError, TypeError, AttributeError, IndexError, ValueError):
        raise refused(f"Événement de Vampir illisible : {shown(event, 60)}.") from None


def _describe(kind: str, d: Mapping[str, Any], who: str) -> str:
    """The sentence for an event of ``kind`` with data ``d``, done by ``who``."""
    if kind == "setup":
        return fr.seating(d["players"])
    if kind == "match":
        if d["manches"] == 1:
            return "On joue une seule manche."
        return f"On joue {d['manches']} manches et on additionne les points."
    if kind == "locations":
        return "Les six lieux sont posés en rangée : " + ", ".join(
            location_label(loc) for loc in d["locations"]) + "."
    if kind == "vampires":
        return "96 cartes Vampire, 16 par couleur : 11 à une tête et 5 à deux têtes."
    if kind == "jokers":
        return (f"10 jokers Somewhere remplacent n’importe quelle couleur ; chacun compte "
                f"{heads_text(d['heads'])}.")
    if kind == "starters":
        return (f"Manche {d['manche']} : sous chaque lieu, on pose un vampire à une tête de sa "
                "couleur.")
    if kind == "deal":
        return (f"On bat les 100 autres cartes ; chaque joueur en reçoit {d.get('hand', HAND_SIZE)}"
                f", les {d['deck']} restantes forment la pioche face cachée.")
    if kind == "start":
        return f"{who} commence la manche {d['manche']}."
    if kind == "draw":
        left = ("la pioche est vide" if d["left"] == 0
                else f"{fr.count(d['left'], 'carte')} dans la pioche")
        return f"{who} pioche {fr.count(len(d['cards']), 'carte')} ({left})."
    if kind == "lay":
        return f"{who} pose un {card_text(d['card'])} sous {location_label(d['location'])}."
    if kind == "take":
        return (f"{who} récupère les cartes {of_location(d['location'])} : "
                f"{cards_text(d['cards'])}.")
    if kind == "keep":
        return (f"Aucune chasse n’est possible : {who} garde simplement les cartes récupérées "
                "en main.")
    if kind == "replace":
        return (f"{who} défausse sa chasse {colour_word(d['location'], feminine=True)} précédente "
                f"({cards_text(d['cards'])}) : elle quitte le jeu.")
    if kind == "hunt":
        return (f"{who} expose une chasse {colour_word(d['location'], feminine=True)} "
                f"({LOCATION_NAMES[d['location']]}) : {cards_text(d['cards'])}, "
                f"{heads_text(d['heads'])}.")
    if kind == "turn":
        return f"C’est au tour {fr.of(who)}."
    if kind == "end":
        if d["reason"] == "deck":
            return f"{who} a tiré la dernière carte de la pioche : la manche s’arrête aussitôt."
        return f"{who} montre des chasses des six couleurs : la manche s’arrête aussitôt."
    if kind == "discard_hands":
        count = sum(len(h) for h in d["hands"].values())
        return (f"Les mains sont défaussées ({fr.count(count, 'carte')}) : elles ne comptent "
                "pas.")
    if kind == "colour":
        return _colour(d)
    if kind == "points":
        return f"Points de la manche : {_by_player(d['points'], 'point')}."
    if kind == "totals":
        return f"Après la manche {d['manche']}, totaux : {_by_player(d['totals'], 'point')}."
    if kind in ("winner", "hunt_check"):
        return str(d["reason"])
    if kind == "refused":
        return fr.refusal(d["reason"])
    raise refused(f"Événement de Vampir inconnu : {shown(kind)}.")


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
        return (f"{label}. {fr.join(discard)} ont ensemble le moins de têtes : "
                f"{fr.join(discard)} défaussent cette couleur.")
    if len(heads) == 1:
        return (f"{label}. Personne d’autre ne montre cette couleur : {discard[0]} a forcément "
                "le moins de têtes et la défausse.")
    return f"{label}. {discard[0]} a le moins de têtes et défausse cette couleur."

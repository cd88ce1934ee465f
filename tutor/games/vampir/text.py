"""Vampir's events told in French (:data:`PHRASES`, through the helpers of :mod:`tutor.fr`), and
what a game's events tell of a player's points (:class:`Telling`).

Players are always named, never referred to by a pronoun; hidden cards are never revealed (a draw
says how many cards were drawn, not which).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from tutor import fr
from tutor.engine import Event
from tutor.engine.phrases import Phrasebook

from . import events as ev
from .cards import (
    COLOUR_NAMES,
    LOCATION_NAMES,
    card_text,
    cards_text,
    colour_word,
    heads_text,
    location_label,
    of_location,
)


def _by_player(values: Iterable[tuple[str, int]], unit: str | None = None) -> str:
    """``Anke 3, Bernd 4`` (or ``Anke 3 points, Bernd 1 point`` with a unit), from
    ``(player, number)`` pairs."""
    return ", ".join(f"{p} {fr.count(n, unit) if unit else fr.number(n)}" for p, n in values)


def _match(e: ev.MatchLength, context: Mapping[str, Any]) -> str:
    if e.manches == 1:
        return "On joue une seule manche."
    return f"On joue {e.manches} manches et on additionne les points."


def _draw(e: ev.Drew, context: Mapping[str, Any]) -> str:
    left = ("la pioche est vide" if e.left == 0
            else f"{fr.count(e.left, 'carte')} dans la pioche")
    return f"{context['who']} pioche {fr.count(len(e.cards), 'carte')} ({left})."


def _end(e: ev.MancheEnded, context: Mapping[str, Any]) -> str:
    who = context["who"]
    if e.reason == "deck":
        return f"{who} a tiré la dernière carte de la pioche : la manche s’arrête aussitôt."
    return f"{who} montre des chasses des six couleurs : la manche s’arrête aussitôt."


def _discard_hands(e: ev.HandsDiscarded, context: Mapping[str, Any]) -> str:
    count = sum(len(hand) for _, hand in e.hands)
    return f"Les mains sont défaussées ({fr.count(count, 'carte')}) : elles ne comptent pas."


def _deal(e: ev.Dealt, context: Mapping[str, Any]) -> str:
    return (f"On bat les 100 autres cartes ; chaque joueur en reçoit {e.hand}"
            f", les {e.deck} restantes forment la pioche face cachée.")


PHRASES = Phrasebook("Vampir", {
    ev.Seating: lambda e, context: fr.seating(e.players),
    ev.MatchLength: _match,
    ev.LocationsLaidOut: "Les six lieux sont posés en rangée : {locations:locations}.",
    ev.VampireCards: "96 cartes Vampire, 16 par couleur : 11 à une tête et 5 à deux têtes.",
    ev.JokerCards: "10 jokers Somewhere remplacent n’importe quelle couleur ; chacun compte "
                "{heads:heads}.",
    ev.StartersLaid: "Manche {manche} : sous chaque lieu, on pose un vampire à une tête de sa "
                  "couleur.",
    ev.Dealt: _deal,
    ev.Starts: "{who} commence la manche {manche}.",
    ev.Drew: _draw,
    ev.Laid: "{who} pose un {card:card} sous {location:location}.",
    ev.Took: "{who} récupère les cartes {location:of_location} : {cards:cards}.",
    ev.Kept: "Aucune chasse n’est possible : {who} garde simplement les cartes récupérées en "
          "main.",
    ev.HuntReplaced: "{who} défausse sa chasse {location:colour} précédente ({cards:cards}) : elle "
                  "quitte le jeu.",
    ev.HuntShown: "{who} expose une chasse {location:colour} ({location:place}) : {cards:cards}, "
               "{heads:heads}.",
    ev.Turn: "C’est au tour {who:of}.",
    ev.MayHuntAgain: "Dans cette variante, {who} peut exposer une autre chasse ou finir son tour.",
    ev.TurnEnded: "{who} finit son tour.",
    ev.MancheEnded: _end,
    ev.HandsDiscarded: _discard_hands,
    ev.ColourScored: lambda e, context: _colour(e.score),
    ev.Points: "Points de la manche : {points:points}.",
    ev.Totals: "Après la manche {manche}, totaux : {totals:points}.",
    ev.HuntChecked: "{check.reason}",
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


def _colour(score: ev.ColourScore) -> str:
    loc, absent, discard = score.location, score.absent, score.discard
    heads = dict(score.heads)
    label = (f"{fr.capitalize(COLOUR_NAMES[loc])} ({LOCATION_NAMES[loc]}) : "
             f"{_by_player(score.heads, 'tête')}")
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


class Telling:
    """What a game's events tell of a player's points, as a method of the game's class
    (:class:`~.game.Vampir`)."""

    def where_lost(self, events: Sequence[Event], seat: str) -> tuple[str, ...]:
        """Where ``seat``'s points went in a finished game, read from its events, as French
        phrases (« Pourquoi je n’ai pas gagné ? » opens with them): per manche, the hunts
        discarded as the weakest of their colour (``vampir/decompte-par-couleur``) and the points
        kept."""
        manche = 1
        lost: dict[int, list[str]] = {}
        kept: dict[int, int] = {}
        shown: dict[int, int] = {}
        for e in events:
            match e:
                case ev.MancheEnded(manche=number):
                    manche = number
                case ev.ColourScored(score=ev.ColourScore(location=loc, heads=pairs,
                                                          discard=discard)):
                    heads = dict(pairs)
                    if seat in heads:
                        shown[manche] = shown.get(manche, 0) + 1
                    if seat in discard:
                        others = [h for p, h in heads.items() if p != seat]
                        why = ("à égalité pour le moins de têtes" if len(discard) > 1 else
                               "le moins de têtes de la couleur" if others else
                               "seule chasse de la couleur, donc la plus faible")
                        lost.setdefault(manche, []).append(
                            f"{of_location(loc)} ({heads_text(heads[seat])}, {why})")
                case ev.Points(points=points):
                    kept[manche] = dict(points).get(seat, 0)
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

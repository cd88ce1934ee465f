"""Stupides Vautours in French words: one sentence per event, through :mod:`tutor.fr`."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from tutor import fr
from tutor.engine import Event
from tutor.engine.phrases import Phrasebook
from tutor.games.vautours.state import C_ONE_LEVEL


def pile_text(pile: Sequence[int]) -> str:
    """``+7`` or ``+5 et −2`` for a pile of point cards."""
    return fr.join([fr.signed(c) for c in pile])


def mode_text(mode: str) -> str:
    """The kind of card a pile plays as: ``une carte Suricate`` or ``une carte Vautour``."""
    return "une carte Suricate" if mode == "suricate" else "une carte Vautour"


def _stake(d: Mapping[str, Any], who: str) -> str:
    rule = "la plus forte" if d["mode"] == "suricate" else "la plus faible"
    pile: Sequence[int] = d["pile"]
    total: int = d["total"]
    if len(pile) > 1:
        return (f"La pile {pile_text(pile)} totalise {fr.signed(total)} : elle se joue comme "
                f"{mode_text(str(d['mode']))}, {rule} carte l’emporte.")
    return f"La carte {fr.signed(total)} est {mode_text(str(d['mode']))} : {rule} carte l’emporte."


def _reveal(d: Mapping[str, Any], who: str) -> str:
    text = f"Manche {d['manche']} : on révèle {fr.signed(d['card'])}."
    if len(d["pile"]) > 1:
        text += (f" Elle rejoint la pile en attente : {pile_text(d['pile'])}, "
                 f"soit {fr.signed(sum(d['pile']))} en jeu.")
    return text


def _no_winner(d: Mapping[str, Any], who: str) -> str:
    if d.get("clause") == C_ONE_LEVEL:
        return ("La deuxième carte est encore à égalité : lue à la lettre, la règle du livret "
                f"{fr.quote('suricate')} n’attribue pas la pile.")
    return "Il ne reste aucune carte posée par un seul joueur : personne ne remporte la pile."


def _by_seat(values: Mapping[str, int]) -> str:
    """``Alex 3, Carla 12`` (cards) or, for scores, signed: ``Alex +3, Carla −2``."""
    return ", ".join(f"{p} {v}" for p, v in values.items())


PHRASES = Phrasebook("Stupides Vautours", {
    "setup": "Joueurs : {players:names}.",
    "hands": "Chaque joueur prend en main une série complète, de 1 à 15.",
    "points": "Quinze cartes Points : dix cartes Suricate (+1 à +10) et cinq cartes Vautour "
              "(−5 à −1).",
    "shuffle": "Les cartes Points sont battues et forment la pioche, face cachée.",
    "reveal": _reveal,
    "play": "{who} pose une carte face cachée.",
    "show": "Tout le monde révèle sa carte : {plays:plays}.",
    "stake": _stake,
    "cancel": "{seats:names} ont posé la même valeur, {value} : ces cartes s’annulent et ne "
              "comptent plus.",
    "win": "{who} remporte la pile ({pile:pile}) avec le {card}.",
    "no_winner": _no_winner,
    "take": "{who} garde {cards:pile}, face cachée, jusqu’au décompte.",
    "discard": "Chacun pose la carte jouée sur sa pile ouverte, face visible.",
    "end": "C’était la dernière manche : la partie est finie.",
    "kept": lambda d, who: (f"Devant {who}, avant le premier coup : "
                            f"{pile_text(d['cards'])} (total {fr.signed(sum(d['cards']))})."),
    "pile_lost": "Dernière manche sans gagnant : la pile ({pile:pile}) est perdue.",
    "pile_shared": "Dernière manche sans gagnant : {seats:names} comptent chacun {total:signed} "
                   "(pile partagée).",
    "scores": "Décompte : {scores:scores}.",
}, writers={
    "pile": pile_text,
    "plays": _by_seat,
    "scores": lambda scores: ", ".join(f"{p} {fr.signed(s)}" for p, s in scores.items()),
})


def describe(event: Event) -> str:
    """One French sentence telling what ``event`` means, without revealing hidden choices.

    Raises :class:`ValueError` (French) for anything that is not an event of this game."""
    return PHRASES.describe(event)


def where_lost(events: Sequence[Event], seat: str) -> tuple[str, ...]:
    """Where ``seat``'s points went in a finished game, read from its events, as French phrases
    (« Pourquoi je n’ai pas gagné ? » opens with them): the piles kept, good and bad, the cards
    cancelled by an equal one and the last pile lost."""
    good = [sum(e.data["cards"]) for e in events
            if e.kind == "take" and e.seat == seat and sum(e.data["cards"]) > 0]
    bad = [sum(e.data["cards"]) for e in events
           if e.kind == "take" and e.seat == seat and sum(e.data["cards"]) <= 0]
    cancelled = sum(1 for e in events if e.kind == "cancel" and seat in e.data["seats"])
    out = []
    if good:
        out.append(f"{fr.count(len(good), 'pile')} de points gardée{'s' if len(good) > 1 else ''}"
                   f" ({fr.signed(sum(good))})")
    else:
        out.append("aucune pile de points gardée")
    if bad:
        out.append(f"{fr.count(len(bad), 'pile')} de vautours prise{'s' if len(bad) > 1 else ''}"
                   f" ({fr.signed(sum(bad))})")
    if cancelled:
        out.append(f"votre carte annulée {fr.count(cancelled, 'fois', 'fois')} par une carte "
                   "de même valeur")
    for e in events:
        if e.kind == "pile_lost":
            out.append(f"la dernière pile ({pile_text(e.data['pile'])}) perdue pour tout le "
                       "monde")
    return tuple(out)

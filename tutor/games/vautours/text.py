"""Stupides Vautours in French words: one sentence per event, through :mod:`tutor.fr`."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from tutor import fr
from tutor.engine import Event
from tutor.games.vautours.state import C_ONE_LEVEL


def pile_text(pile: Sequence[int]) -> str:
    """``+7`` or ``+5 et −2`` for a pile of point cards."""
    return fr.join([fr.signed(c) for c in pile])


def mode_text(mode: str) -> str:
    """The kind of card a pile plays as: ``une carte Suricate`` or ``une carte Vautour``."""
    return "une carte Suricate" if mode == "suricate" else "une carte Vautour"


def _stake(d: dict[str, Any]) -> str:
    rule = "la plus forte" if d["mode"] == "suricate" else "la plus faible"
    pile: Sequence[int] = d["pile"]
    total: int = d["total"]
    if len(pile) > 1:
        return (f"La pile {pile_text(pile)} totalise {fr.signed(total)} : elle se joue comme "
                f"{mode_text(str(d['mode']))}, {rule} carte l’emporte.")
    return f"La carte {fr.signed(total)} est {mode_text(str(d['mode']))} : {rule} carte l’emporte."


_FIXED = {
    "hands": "Chaque joueur prend en main une série complète, de 1 à 15.",
    "points": "Quinze cartes Points : dix cartes Suricate (+1 à +10) et cinq cartes Vautour "
              "(−5 à −1).",
    "shuffle": "Les cartes Points sont battues et forment la pioche, face cachée.",
    "discard": "Chacun pose la carte jouée sur sa pile ouverte, face visible.",
    "end": "C’était la dernière manche : la partie est finie.",
}


def describe(event: Event) -> str:
    """One French sentence telling what ``event`` means, without revealing hidden choices.

    Raises :class:`ValueError` (French) for anything that is not an event of this game."""
    try:
        return fr.typography(_describe(event))
    except (KeyError, TypeError, AttributeError, IndexError, ValueError):
        raise ValueError("Événement illisible pour Stupides Vautours : "
                         f"{fr.quote(repr(event)[:40])}.") from None


def _describe(event: Event) -> str:
    d = dict(event.data)
    kind = event.kind
    if kind in _FIXED:
        return _FIXED[kind]
    if kind == "setup":
        return f"Joueurs : {fr.join(d['players'])}."
    if kind == "reveal":
        text = f"Manche {d['manche']} : on révèle {fr.signed(d['card'])}."
        if len(d["pile"]) > 1:
            text += (f" Elle rejoint la pile en attente : {pile_text(d['pile'])}, "
                     f"soit {fr.signed(sum(d['pile']))} en jeu.")
        return text
    if kind == "play":
        return f"{event.seat} pose une carte face cachée."
    if kind == "show":
        plays = ", ".join(f"{p} {c}" for p, c in d["plays"].items())
        return f"Tout le monde révèle sa carte : {plays}."
    if kind == "stake":
        return _stake(d)
    if kind == "cancel":
        return (f"{fr.join(d['seats'])} ont posé la même valeur, {d['value']} : ces cartes "
                "s’annulent et ne comptent plus.")
    if kind == "win":
        return f"{event.seat} remporte la pile ({pile_text(d['pile'])}) avec le {d['card']}."
    if kind == "no_winner":
        if event.clause == C_ONE_LEVEL:
            return ("La deuxième carte est encore à égalité : lue à la lettre, la règle du livret "
                    f"{fr.quote('suricate')} n’attribue pas la pile.")
        return "Il ne reste aucune carte posée par un seul joueur : personne ne remporte la pile."
    if kind == "take":
        return f"{event.seat} garde {pile_text(d['cards'])}, face cachée, jusqu’au décompte."
    if kind == "pile_lost":
        return f"Dernière manche sans gagnant : la pile ({pile_text(d['pile'])}) est perdue."
    if kind == "pile_shared":
        return (f"Dernière manche sans gagnant : {fr.join(d['seats'])} comptent chacun "
                f"{fr.signed(d['total'])} (pile partagée).")
    if kind == "scores":
        return ("Décompte : " + ", ".join(f"{p} {fr.signed(s)}" for p, s in d["scores"].items())
                + ".")
    if kind == "winner":
        return str(d["reason"])
    if kind == "refused":
        return fr.refusal(d["reason"])
    raise ValueError(f"Événement inconnu de Stupides Vautours : {fr.quote(str(kind))}.")

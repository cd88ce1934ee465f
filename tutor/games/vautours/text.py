"""Stupides Vautours in French words: one sentence per event, through :mod:`tutor.fr`."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from tutor import fr
from tutor.engine import Event
from tutor.engine.phrases import Phrasebook
from tutor.games.vautours import events as ev
from tutor.games.vautours.state import C_ONE_LEVEL


def pile_text(pile: Sequence[int]) -> str:
    """``+7`` or ``+5 et −2`` for a pile of point cards."""
    return fr.join([fr.signed(c) for c in pile])


def mode_text(mode: str) -> str:
    """The kind of card a pile plays as: ``une carte Suricate`` or ``une carte Vautour``."""
    return "une carte Suricate" if mode == "suricate" else "une carte Vautour"


def _stake(e: ev.Staked, context: Mapping[str, object]) -> str:
    rule = "la plus forte" if e.mode == "suricate" else "la plus faible"
    if len(e.pile) > 1:
        return (f"La pile {pile_text(e.pile)} totalise {fr.signed(e.total)} : elle se joue comme "
                f"{mode_text(e.mode)}, {rule} carte l’emporte.")
    return f"La carte {fr.signed(e.total)} est {mode_text(e.mode)} : {rule} carte l’emporte."


def _reveal(e: ev.Revealed, context: Mapping[str, object]) -> str:
    text = f"Manche {e.manche} : on révèle {fr.signed(e.card)}."
    if len(e.pile) > 1:
        text += (f" Elle rejoint la pile en attente : {pile_text(e.pile)}, "
                 f"soit {fr.signed(sum(e.pile))} en jeu.")
    return text


def _no_winner(e: ev.NoWinner, context: Mapping[str, object]) -> str:
    if e.clause == C_ONE_LEVEL:
        return ("La deuxième carte est encore à égalité : lue à la lettre, la règle du livret "
                f"{fr.quote('suricate')} n’attribue pas la pile.")
    return "Il ne reste aucune carte posée par un seul joueur : personne ne remporte la pile."


def _kept(e: ev.Kept, context: Mapping[str, object]) -> str:
    return (f"Devant {context['who']}, avant le premier coup : "
            f"{pile_text(e.cards)} (total {fr.signed(sum(e.cards))}).")


def _by_seat(pairs: Sequence[tuple[str, int]]) -> str:
    """``Alex 3, Carla 12``: each player's card, in seat order."""
    return ", ".join(f"{p} {v}" for p, v in pairs)


def _scores(pairs: Sequence[tuple[str, int]]) -> str:
    """``Alex +3, Carla −2``: each player's score, signed, in seat order."""
    return ", ".join(f"{p} {fr.signed(s)}" for p, s in pairs)


PHRASES = Phrasebook("Stupides Vautours", {
    ev.Seated: "Joueurs : {players:names}.",
    ev.HandsDealt: "Chaque joueur prend en main une série complète, de 1 à 15.",
    ev.PointsListed: "Quinze cartes Points : dix cartes Suricate (+1 à +10) et cinq cartes "
                  "Vautour (−5 à −1).",
    ev.Shuffled: "Les cartes Points sont battues et forment la pioche, face cachée.",
    ev.Revealed: _reveal,
    ev.Chosen: "{who} pose une carte face cachée.",
    ev.Shown: "Tout le monde révèle sa carte : {plays:plays}.",
    ev.Staked: _stake,
    ev.Cancelled: "{seats:names} ont posé la même valeur, {value} : ces cartes s’annulent et ne "
               "comptent plus.",
    ev.PileWon: "{who} remporte la pile ({pile:pile}) avec le {card}.",
    ev.NoWinner: _no_winner,
    ev.Taken: "{who} garde {cards:pile}, face cachée, jusqu’au décompte.",
    ev.Discarded: "Chacun pose la carte jouée sur sa pile ouverte, face visible.",
    ev.Ended: "C’était la dernière manche : la partie est finie.",
    ev.Kept: _kept,
    ev.PileLost: "Dernière manche sans gagnant : la pile ({pile:pile}) est perdue.",
    ev.PileShared: "Dernière manche sans gagnant : {seats:names} comptent chacun {total:signed} "
                "(pile partagée).",
    ev.Counted: "Décompte : {scores:scores}.",
}, writers={
    "pile": pile_text,
    "plays": _by_seat,
    "scores": _scores,
})
"""The French sentence of each event of :mod:`.events` (the refusals and the end of the game:
:data:`~tutor.engine.phrases.COMMON`'s)."""


def describe(event: Event) -> str:
    """One French sentence telling what ``event`` means, without revealing hidden choices.

    Raises :class:`ValueError` (French) for anything that is not an event of this game."""
    return PHRASES.describe(event)


class Telling:
    """What the game tells in French beyond its phrasebook, as a method of the game's class
    (:class:`~.game.Vautours`)."""

    def where_lost(self, events: Sequence[Event], seat: str) -> tuple[str, ...]:
        """Where ``seat``'s points went in a finished game, read from its events, as French phrases
        (« Pourquoi je n’ai pas gagné ? » opens with them): the piles kept, good and bad, the cards
        cancelled by an equal one and the last pile lost."""
        kept = [sum(e.cards) for e in events if isinstance(e, ev.Taken) and e.seat == seat]
        good = [total for total in kept if total > 0]
        bad = [total for total in kept if total <= 0]
        cancelled = sum(1 for e in events if isinstance(e, ev.Cancelled) and seat in e.seats)
        out = []
        if good:
            plural = "s" if len(good) > 1 else ""
            out.append(f"{fr.count(len(good), 'pile')} de points gardée{plural}"
                       f" ({fr.signed(sum(good))})")
        else:
            out.append("aucune pile de points gardée")
        if bad:
            plural = "s" if len(bad) > 1 else ""
            out.append(f"{fr.count(len(bad), 'pile')} de vautours prise{plural}"
                       f" ({fr.signed(sum(bad))})")
        if cancelled:
            out.append(f"votre carte annulée {fr.count(cancelled, 'fois', 'fois')} par une carte "
                       "de même valeur")
        for e in events:
            if isinstance(e, ev.PileLost):
                out.append(f"la dernière pile ({pile_text(e.pile)}) perdue pour tout le "
                           "monde")
        return tuple(out)

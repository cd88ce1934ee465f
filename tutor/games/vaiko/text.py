"""Vaiko in French: one sentence per event (:func:`describe`), for a given viewer.

A player is never told a face they could not see: each private event lists who saw it
(``seen_by``); the teacher (``viewer=None``) sees everything. Every number, list, elision and
quotation goes through :mod:`tutor.fr`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from tutor import fr
from tutor.engine import Event
from tutor.engine.phrases import Phrasebook
from tutor.games.vaiko.state import CALL_POINTS, HAND_SIZE, TARGET


def is_number(face: str) -> bool:
    """Whether a card's face is a number (``7``, ``−2``) rather than a name (``Vision``)."""
    return face.lstrip("-\u2212").isdigit()


def card_text(face: str) -> str:
    """``un 7``, ``un 0``, ``une carte ×2``, ``une carte Vision``."""
    return f"un {face}" if is_number(face) else f"une carte {face}"


def _it(face: str) -> str:
    """The pronoun for a card: ``le`` (un 7), ``la`` (une carte Vision)."""
    return "le" if is_number(face) else "la"


def points_text(value: int) -> str:
    """An integer with the true minus sign when negative (no plus sign), thousands grouped."""
    return fr.number(value)


def _sees(d: Mapping[str, Any]) -> bool:
    """Whether the reader (``viewer``; ``None``: the teacher) saw the faces this event shows."""
    viewer, seen_by = d.get("viewer"), d.get("seen_by")
    return viewer is None or seen_by is None or viewer in seen_by


def _card_of(owner: str, slot: int, actor: str | None) -> str:
    return f"sa carte {slot + 1}" if owner == actor else f"la carte {slot + 1} {fr.of(owner)}"


def _deck(d: Mapping[str, Any], who: str) -> str:
    text = f"Le paquet compte {fr.count(d['size'], 'carte')}"
    if d["hypothesis"]:
        text += " (composition supposée par le tuteur : le livret ne la donne pas)"
    return text + "."


def _deal(d: Mapping[str, Any], who: str) -> str:
    text = f"Chaque joueur reçoit {HAND_SIZE} cartes face cachée, sans les regarder."
    if _sees(d):
        text += " Vue du professeur : " + " ; ".join(
            f"{p} {', '.join(faces)}" for p, faces in d["hands"].items()) + "."
    return text


def _peek(d: Mapping[str, Any], who: str) -> str:
    n = d["slot"] + 1
    if _sees(d):
        return (f"{who} regarde sa carte {n} ({card_text(d['face'])}) et la remet face "
                "cachée.")
    return f"{who} regarde sa carte {n}, puis la remet face cachée."


def _draw(d: Mapping[str, Any], who: str) -> str:
    if d["source"] == "discard":
        return f"{who} prend {card_text(d['face'])} sur la défausse."
    if _sees(d):
        return f"{who} pioche {card_text(d['face'])} et {_it(d['face'])} regarde en secret."
    return f"{who} pioche une carte et la regarde en secret."


def _swap(d: Mapping[str, Any], who: str) -> str:
    placed = f"la carte piochée ({d['face']})" if _sees(d) else "la carte piochée"
    return (f"{who} met {placed} à la place de sa carte {d['slot'] + 1} et défausse "
            f"{card_text(d['out'])}.")


def _look_hand(d: Mapping[str, Any], who: str) -> str:
    if _sees(d):
        return f"{who} regarde ses cartes avant d’échanger : {', '.join(d['faces'])}."
    return f"{who} regarde ses cartes avant d’échanger."


def _special(d: Mapping[str, Any], who: str) -> str:
    verb = ("va regarder une carte, la sienne ou celle d’un autre joueur"
            if d["effect"] == "vision" else "va échanger deux cartes")
    how = ("jetée en défausse immédiate, elle agit aussi" if d.get("matched")
           else "elle agit maintenant")
    return f"La carte {d['face']} est défaussée, {how} : {who} {verb}."


def _look(d: Mapping[str, Any], who: str) -> str:
    target = _card_of(d["owner"], d["slot"], who)
    if _sees(d):
        return f"{who} regarde {target} : c’est {card_text(d['face'])}."
    return f"{who} regarde {target}, sans la montrer."


def _exchange(d: Mapping[str, Any], who: str) -> str:
    first = _card_of(d["owner_a"], d["slot_a"], who)
    second = _card_of(d["owner_b"], d["slot_b"], None)
    text = f"{who} échange {first} avec {second}, faces cachées."
    if d.get("viewer") is None:
        text += f" (Vue du professeur : {d['faces'][0]} contre {d['faces'][1]}.)"
    return text


def _window(d: Mapping[str, Any], who: str) -> str:
    face = d["face"]
    return (f"Défausse immédiate : qui a aussi {card_text(face)} peut {_it(face)} jeter "
            f"maintenant (on demande dans l’ordre : {fr.join(d['order'])}).")


def _match(d: Mapping[str, Any], who: str) -> str:
    face = d["face"]
    also = "lui aussi" if _it(face) == "le" else "elle aussi"
    return f"{who} jette sa carte {d['slot'] + 1} : {card_text(face)} {also}. Bien vu !"


def _miss(d: Mapping[str, Any], who: str) -> str:
    return (f"{who} tente sa carte {d['slot'] + 1} : c’est {card_text(d['face'])}, pas "
            f"{card_text(d['top'])}. Erreur : la carte reprend sa place, et tout le monde "
            "l’a vue.")


def _penalty(d: Mapping[str, Any], who: str) -> str:
    text = f"{who} reçoit en pénalité une carte face cachée (sa carte {d['slot'] + 1})"
    return text + (f" : {card_text(d['face'])}." if _sees(d) else ".")


def _vaiko(d: Mapping[str, Any], who: str) -> str:
    said = f"{who} dit {fr.quote('Vaiko')} !"
    if d["call_end"] == "starter":
        return f"{said} On finit le tour de table, puis on compte les points."
    return f"{said} Chacun des autres joue encore une fois, puis on compte les points."


def _round_end(d: Mapping[str, Any], who: str) -> str:
    reason = d["reason"]
    if reason == "empty":
        return f"{who} n’a plus aucune carte : la manche s’arrête immédiatement."
    if reason == "call":
        return f"Le tour est fini depuis l’annonce {fr.of(who)} : la manche s’arrête."
    return "Plus aucune carte à piocher : la manche s’arrête."


def _reveal(d: Mapping[str, Any], who: str) -> str:
    return "On retourne toutes les cartes : " + " ; ".join(
        f"{p} {', '.join(faces) or 'aucune carte'}" for p, faces in d["hands"].items()) + "."


def _points(d: Mapping[str, Any], who: str) -> str:
    return "Points de la manche : " + ", ".join(
        f"{p} {fr.count(v, 'point')}" for p, v in d["points"].items()) + "."


def _bonus(d: Mapping[str, Any], who: str) -> str:
    tie = f", à égalité avec {fr.join(d['tied'])}" if d["tied"] else ""
    return (f"{who} a annoncé et a le plus petit score de la manche{tie} : bonus de "
            f"{fr.signed(-CALL_POINTS)} ({points_text(d['before'])} − {CALL_POINTS} = "
            f"{fr.count(d['after'], 'point')}).")


def _malus(d: Mapping[str, Any], who: str) -> str:
    if d["tied"]:
        why = f"est à égalité avec {fr.join(d['tied'])}, ce qui ne suffit pas ici"
    else:
        why = "n’a pas le plus petit score de la manche"
    return (f"{who} a annoncé mais {why} : malus de {fr.signed(CALL_POINTS)} "
            f"({points_text(d['before'])} + {CALL_POINTS} = {fr.count(d['after'], 'point')}).")


def _totals(d: Mapping[str, Any], who: str) -> str:
    # a worked example gives totals without saying after which manche (``manche`` 0)
    head = f"Totaux après la manche {d['manche']}" if d["manche"] else "Totaux"
    return f"{head} : " + ", ".join(
        f"{p} {fr.count(t, 'point')}" for p, t in d["totals"].items()) + "."


ALIKE = "deux cartes jamais vues d’une même main, par exemple"
"""Which actions a « Conseil » counts as one (:func:`.hidden.hint_class`)."""

PHRASES = Phrasebook("Vaiko", {
    "setup": "Joueurs : {players:names}.",
    "deck": _deck,
    "shuffle": "Manche {manche} : on bat toutes les cartes.",
    "deal": _deal,
    "first_discard": "On retourne la première carte de la pioche : {face:card} commence la "
                     "défausse.",
    "peek_turn": "{who} choisit une de ses cartes à regarder.",
    "peek": _peek,
    "turn": "C’est {who:to} de jouer.",
    "draw": _draw,
    "reshuffle": "La pioche est vide : les {count:count carte} de la défausse, sauf celle du "
                 "dessus, sont battues et forment une nouvelle pioche.",
    "swap": _swap,
    "discard": "{who} jette directement la carte piochée : {face:card}.",
    "look_hand": _look_hand,
    "again": "La carte {face} est défaussée : {who} rejoue tout de suite. Personne ne peut la "
             "jeter par-dessus.",
    "special": _special,
    "special_ignored": "{who} a jeté la carte {face} en défausse immédiate : dans cette "
                       "variante, elle n’agit pas.",
    "special_swapped_ignored": "{who} a sorti la carte {face} de sa main en échangeant : dans "
                               "cette variante, elle n’agit pas.",
    "look": _look,
    "exchange": _exchange,
    "window": _window,
    "match": _match,
    "match_once": "Dans cette variante, c’est la seule carte {who:of} sur cette défausse.",
    "miss": _miss,
    "penalty": _penalty,
    "no_penalty": "Plus aucune carte à distribuer : {who} ne reçoit pas de carte de pénalité.",
    "pass": "{who} passe.",
    "vaiko": _vaiko,
    "end_turn": "{who} finit son tour sans annoncer.",
    "round_end": _round_end,
    "reveal": _reveal,
    "points": _points,
    "bonus": _bonus,
    "malus": _malus,
    "totals": _totals,
    "new_round": "Personne n’a atteint {target} points : on joue la manche {manche}, et c’est "
                 "{who:to} de commencer.",
    "game_over": "{reason}",
}, writers={"card": card_text})


def describe(event: Event, viewer: str | None = None) -> str:
    """One French sentence telling what ``event`` means to ``viewer`` (``None``: the teacher,
    who sees every face; a player only sees the faces they have seen in the game); a French
    :class:`ValueError` for anything that is not an event of this game."""
    return PHRASES.describe(event, viewer=viewer, target=TARGET)


def where_lost(events: Sequence[Event], seat: str) -> tuple[str, ...]:
    """Where ``seat``'s points came from in a finished game (the smallest total wins), read from
    its events, as French phrases (« Pourquoi je n’ai pas gagné ? » opens with them): each
    manche's points, and an announcement's malus or bonus."""
    out = []
    manche = 0
    for e in events:
        if e.kind == "points" and seat in e.data["points"]:
            manche += 1
            out.append(f"manche {manche} : {fr.count(e.data['points'][seat], 'point')}")
        elif e.kind == "malus" and e.seat == seat and out:
            out[-1] += f", puis malus d’annonce ({fr.count(e.data['after'], 'point')})"
        elif e.kind == "bonus" and e.seat == seat and out:
            out[-1] += f", puis bonus d’annonce ({fr.count(e.data['after'], 'point')})"
    return tuple(out)

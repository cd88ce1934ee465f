"""Vaiko in French: one sentence per event (:func:`describe`), for a given viewer.

A player is never told a face they could not see: each private event lists who saw it
(``seen_by``); the teacher (``viewer=None``) sees everything. Every number, list, elision and
quotation goes through :mod:`tutor.fr`.
"""

from __future__ import annotations

from collections.abc import Callable

from tutor import fr
from tutor.engine import Event
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


def _sees(event: Event, viewer: str | None) -> bool:
    if viewer is None:
        return True
    seen_by = event.data.get("seen_by")
    return seen_by is None or viewer in seen_by


def _card_of(owner: str, slot: int, actor: str | None) -> str:
    return f"sa carte {slot + 1}" if owner == actor else f"la carte {slot + 1} {fr.of(owner)}"


def describe(event: Event, viewer: str | None = None) -> str:
    """One French sentence telling what ``event`` means to ``viewer`` (``None``: the teacher,
    who sees every face; a player only sees the faces they have seen in the game)."""
    kind = event.kind
    for table in (_SETUP, _TURN, _END):
        if kind in table:
            return fr.typography(table[kind](event, event.seat or "", _sees(event, viewer),
                                             viewer))
    raise AssertionError(f"unknown event kind {kind!r}")



def _deck(e: Event, who: str, sees: bool, viewer: str | None) -> str:
    text = f"Le paquet compte {fr.count(e.data['size'], 'carte')}"
    if e.data["hypothesis"]:
        text += " (composition supposée par le tuteur : le livret ne la donne pas)"
    return text + "."


def _deal(e: Event, who: str, sees: bool, viewer: str | None) -> str:
    text = f"Chaque joueur reçoit {HAND_SIZE} cartes face cachée, sans les regarder."
    if sees:
        text += " Vue du professeur : " + " ; ".join(
            f"{p} {', '.join(faces)}" for p, faces in e.data["hands"].items()) + "."
    return text


def _peek(e: Event, who: str, sees: bool, viewer: str | None) -> str:
    n = e.data["slot"] + 1
    if sees:
        return (f"{who} regarde sa carte {n} ({card_text(e.data['face'])}) et la remet face "
                "cachée.")
    return f"{who} regarde sa carte {n}, puis la remet face cachée."


def _draw(e: Event, who: str, sees: bool, viewer: str | None) -> str:
    d = e.data
    if d["source"] == "discard":
        return f"{who} prend {card_text(d['face'])} sur la défausse."
    if sees:
        return f"{who} pioche {card_text(d['face'])} et {_it(d['face'])} regarde en secret."
    return f"{who} pioche une carte et la regarde en secret."


def _swap(e: Event, who: str, sees: bool, viewer: str | None) -> str:
    d = e.data
    placed = f"la carte piochée ({d['face']})" if sees else "la carte piochée"
    return (f"{who} met {placed} à la place de sa carte {d['slot'] + 1} et défausse "
            f"{card_text(d['out'])}.")


def _look_hand(e: Event, who: str, sees: bool, viewer: str | None) -> str:
    if sees:
        return f"{who} regarde ses cartes avant d’échanger : {', '.join(e.data['faces'])}."
    return f"{who} regarde ses cartes avant d’échanger."


def _special(e: Event, who: str, sees: bool, viewer: str | None) -> str:
    d = e.data
    verb = ("va regarder une carte, la sienne ou celle d’un autre joueur"
            if d["effect"] == "vision" else "va échanger deux cartes")
    how = ("jetée en défausse immédiate, elle agit aussi" if d.get("matched")
           else "elle agit maintenant")
    return f"La carte {d['face']} est défaussée, {how} : {who} {verb}."


def _ignored(e: Event, who: str, sees: bool, viewer: str | None) -> str:
    return (f"{who} a jeté la carte {e.data['face']} en défausse immédiate : dans cette "
            "variante, elle n’agit pas.")


def _look(e: Event, who: str, sees: bool, viewer: str | None) -> str:
    target = _card_of(e.data["owner"], e.data["slot"], who)
    if sees:
        return f"{who} regarde {target} : c’est {card_text(e.data['face'])}."
    return f"{who} regarde {target}, sans la montrer."


def _exchange(e: Event, who: str, sees: bool, viewer: str | None) -> str:
    d = e.data
    first = _card_of(d["owner_a"], d["slot_a"], who)
    second = _card_of(d["owner_b"], d["slot_b"], None)
    text = f"{who} échange {first} avec {second}, faces cachées."
    if viewer is None:
        text += f" (Vue du professeur : {d['faces'][0]} contre {d['faces'][1]}.)"
    return text


def _window(e: Event, who: str, sees: bool, viewer: str | None) -> str:
    face = e.data["face"]
    return (f"Défausse immédiate : qui a aussi {card_text(face)} peut {_it(face)} jeter "
            f"maintenant (on demande dans l’ordre : {fr.join(e.data['order'])}).")


def _match(e: Event, who: str, sees: bool, viewer: str | None) -> str:
    face = e.data["face"]
    also = "lui aussi" if _it(face) == "le" else "elle aussi"
    return f"{who} jette sa carte {e.data['slot'] + 1} : {card_text(face)} {also}. Bien vu !"


def _miss(e: Event, who: str, sees: bool, viewer: str | None) -> str:
    d = e.data
    return (f"{who} tente sa carte {d['slot'] + 1} : c’est {card_text(d['face'])}, pas "
            f"{card_text(d['top'])}. Erreur : la carte reprend sa place, et tout le monde "
            "l’a vue.")


def _penalty(e: Event, who: str, sees: bool, viewer: str | None) -> str:
    text = f"{who} reçoit en pénalité une carte face cachée (sa carte {e.data['slot'] + 1})"
    return text + (f" : {card_text(e.data['face'])}." if sees else ".")


def _vaiko(e: Event, who: str, sees: bool, viewer: str | None) -> str:
    said = f"{who} dit {fr.quote('Vaiko')} !"
    if e.data["call_end"] == "starter":
        return f"{said} On finit le tour de table, puis on compte les points."
    return f"{said} Chacun des autres joue encore une fois, puis on compte les points."


def _round_end(e: Event, who: str, sees: bool, viewer: str | None) -> str:
    reason = e.data["reason"]
    if reason == "empty":
        return f"{who} n’a plus aucune carte : la manche s’arrête immédiatement."
    if reason == "call":
        return f"Le tour est fini depuis l’annonce {fr.of(who)} : la manche s’arrête."
    return "Plus aucune carte à piocher : la manche s’arrête."


def _reveal(e: Event, who: str, sees: bool, viewer: str | None) -> str:
    return "On retourne toutes les cartes : " + " ; ".join(
        f"{p} {', '.join(faces) or 'aucune carte'}" for p, faces in e.data["hands"].items()) + "."


def _points(e: Event, who: str, sees: bool, viewer: str | None) -> str:
    return "Points de la manche : " + ", ".join(
        f"{p} {fr.count(v, 'point')}" for p, v in e.data["points"].items()) + "."


def _bonus(e: Event, who: str, sees: bool, viewer: str | None) -> str:
    d = e.data
    tie = f", à égalité avec {fr.join(d['tied'])}" if d["tied"] else ""
    return (f"{who} a annoncé et a le plus petit score de la manche{tie} : bonus de "
            f"{fr.signed(-CALL_POINTS)} ({points_text(d['before'])} − {CALL_POINTS} = "
            f"{fr.count(d['after'], 'point')}).")


def _malus(e: Event, who: str, sees: bool, viewer: str | None) -> str:
    d = e.data
    if d["tied"]:
        why = f"est à égalité avec {fr.join(d['tied'])}, ce qui ne suffit pas ici"
    else:
        why = "n’a pas le plus petit score de la manche"
    return (f"{who} a annoncé mais {why} : malus de {fr.signed(CALL_POINTS)} "
            f"({points_text(d['before'])} + {CALL_POINTS} = {fr.count(d['after'], 'point')}).")


def _totals(e: Event, who: str, sees: bool, viewer: str | None) -> str:
    return f"Totaux après la manche {e.data['manche']} : " + ", ".join(
        f"{p} {fr.count(t, 'point')}" for p, t in e.data["totals"].items()) + "."


_Tell = Callable[[Event, str, bool, "str | None"], str]

_SETUP: dict[str, _Tell] = {
    "setup": lambda e, who, sees, viewer: f"Joueurs : {fr.join(e.data['players'])}.",
    "deck": _deck,
    "shuffle": lambda e, who, sees, viewer: f"Manche {e.data['manche']} : on bat toutes les "
                                            "cartes.",
    "deal": _deal,
    "first_discard": lambda e, who, sees, viewer: (
        f"On retourne la première carte de la pioche : {card_text(e.data['face'])} commence "
        "la défausse."),
    "peek_turn": lambda e, who, sees, viewer: f"{who} choisit une de ses cartes à regarder.",
    "peek": _peek,
}
_TURN: dict[str, _Tell] = {
    "turn": lambda e, who, sees, viewer: f"C’est {fr.to(who)} de jouer.",
    "draw": _draw,
    "reshuffle": lambda e, who, sees, viewer: (
        f"La pioche est vide : les {fr.count(e.data['count'], 'carte')} de la défausse, sauf "
        "celle du dessus, sont battues et forment une nouvelle pioche."),
    "swap": _swap,
    "discard": lambda e, who, sees, viewer: (
        f"{who} jette directement la carte piochée : {card_text(e.data['face'])}."),
    "look_hand": _look_hand,
    "again": lambda e, who, sees, viewer: (
        f"La carte {e.data['face']} est défaussée : {who} rejoue tout de suite. Personne ne "
        "peut la jeter par-dessus."),
    "special": _special,
    "special_ignored": _ignored,
    "look": _look,
    "exchange": _exchange,
    "window": _window,
    "match": _match,
    "miss": _miss,
    "penalty": _penalty,
    "no_penalty": lambda e, who, sees, viewer: (
        f"Plus aucune carte à distribuer : {who} ne reçoit pas de carte de pénalité."),
    "pass": lambda e, who, sees, viewer: f"{who} passe.",
    "vaiko": _vaiko,
    "end_turn": lambda e, who, sees, viewer: f"{who} finit son tour sans annoncer.",
    "refused": lambda e, who, sees, viewer: fr.refusal(e.data["reason"]),
}
_END: dict[str, _Tell] = {
    "round_end": _round_end,
    "reveal": _reveal,
    "points": _points,
    "bonus": _bonus,
    "malus": _malus,
    "totals": _totals,
    "new_round": lambda e, who, sees, viewer: (
        f"Personne n’a atteint {TARGET} points : on joue la manche {e.data['manche']}, et "
        f"c’est {fr.to(who)} de commencer."),
    "game_over": lambda e, who, sees, viewer: str(e.data["reason"]),
}

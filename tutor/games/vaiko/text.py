"""Vaiko in French: one sentence per event (:meth:`Telling.describe`), for a given viewer.

A player is never told a face they could not see: each private event lists who saw it
(``seen_by``); the teacher (``viewer=None``) sees everything. Every number, list, elision and
quotation goes through :mod:`tutor.fr`.
"""

from __future__ import annotations

from collections.abc import Sequence

from tutor import fr
from tutor.engine import Event
from tutor.engine.phrases import Context, Phrasebook
from tutor.games.vaiko.events import (
    Bonus,
    Called,
    Dealt,
    DeckUsed,
    Discarded,
    Drew,
    EndedTurn,
    Exchanged,
    FirstDiscard,
    Looked,
    LookedAtHand,
    Malus,
    Matched,
    Missed,
    NewRound,
    NoPenalty,
    NoReplay,
    OneMatchOnly,
    Passed,
    Peeked,
    PeekTurn,
    Penalty,
    PlaysAgain,
    Reshuffled,
    Revealed,
    RoundEnds,
    RoundPoints,
    Seated,
    Shuffled,
    SpecialActs,
    SpecialIgnored,
    Swapped,
    SwappedSpecialIgnored,
    Totals,
    TurnStarts,
    WindowOpens,
)
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


def _sees(event: Dealt | Peeked | Drew | Swapped | LookedAtHand | Looked | Penalty,
          context: Context) -> bool:
    """Whether the reader (``viewer``; ``None``: the teacher) saw the faces ``event`` shows."""
    viewer, seen_by = context.get("viewer"), event.seen_by
    return viewer is None or seen_by is None or viewer in seen_by


def _card_of(owner: str, slot: int, actor: str | None) -> str:
    return f"sa carte {slot + 1}" if owner == actor else f"la carte {slot + 1} {fr.of(owner)}"


def _deck(e: DeckUsed, context: Context) -> str:
    text = f"Le paquet compte {fr.count(e.size, 'carte')}"
    if e.hypothesis:
        text += " (composition supposée par le tuteur : le livret ne la donne pas)"
    return text + "."


def _deal(e: Dealt, context: Context) -> str:
    text = f"Chaque joueur reçoit {HAND_SIZE} cartes face cachée, sans les regarder."
    if _sees(e, context):
        text += " Vue du professeur : " + " ; ".join(
            f"{p} {', '.join(faces)}" for p, faces in e.hands) + "."
    return text


def _peek(e: Peeked, context: Context) -> str:
    who, n = context["who"], e.slot + 1
    if _sees(e, context):
        return (f"{who} regarde sa carte {n} ({card_text(e.face)}) et la remet face "
                "cachée.")
    return f"{who} regarde sa carte {n}, puis la remet face cachée."


def _draw(e: Drew, context: Context) -> str:
    who = context["who"]
    if e.source == "discard":
        return f"{who} prend {card_text(e.face)} sur la défausse."
    if _sees(e, context):
        return f"{who} pioche {card_text(e.face)} et {_it(e.face)} regarde en secret."
    return f"{who} pioche une carte et la regarde en secret."


def _swap(e: Swapped, context: Context) -> str:
    placed = f"la carte piochée ({e.face})" if _sees(e, context) else "la carte piochée"
    return (f"{context['who']} met {placed} à la place de sa carte {e.slot + 1} et défausse "
            f"{card_text(e.out)}.")


def _look_hand(e: LookedAtHand, context: Context) -> str:
    who = context["who"]
    if _sees(e, context):
        return f"{who} regarde ses cartes avant d’échanger : {', '.join(e.faces)}."
    return f"{who} regarde ses cartes avant d’échanger."


def _special(e: SpecialActs, context: Context) -> str:
    verb = ("va regarder une carte, la sienne ou celle d’un autre joueur"
            if e.effect == "vision" else "va échanger deux cartes")
    how = ("jetée en défausse immédiate, elle agit aussi" if e.matched
           else "elle agit maintenant")
    return f"La carte {e.face} est défaussée, {how} : {context['who']} {verb}."


def _look(e: Looked, context: Context) -> str:
    who = context["who"]
    target = _card_of(e.owner, e.slot, who)
    if _sees(e, context):
        return f"{who} regarde {target} : c’est {card_text(e.face)}."
    return f"{who} regarde {target}, sans la montrer."


def _exchange(e: Exchanged, context: Context) -> str:
    who = context["who"]
    first = _card_of(e.owner_a, e.slot_a, who)
    second = _card_of(e.owner_b, e.slot_b, None)
    text = f"{who} échange {first} avec {second}, faces cachées."
    if context.get("viewer") is None:
        text += f" (Vue du professeur : {e.faces[0]} contre {e.faces[1]}.)"
    return text


def _window(e: WindowOpens, context: Context) -> str:
    return (f"Défausse immédiate : qui a aussi {card_text(e.face)} peut {_it(e.face)} jeter "
            f"maintenant (on demande dans l’ordre : {fr.join(e.order)}).")


def _match(e: Matched, context: Context) -> str:
    also = "lui aussi" if _it(e.face) == "le" else "elle aussi"
    return (f"{context['who']} jette sa carte {e.slot + 1} : {card_text(e.face)} {also}. "
            "Bien vu !")


def _miss(e: Missed, context: Context) -> str:
    return (f"{context['who']} tente sa carte {e.slot + 1} : c’est {card_text(e.face)}, pas "
            f"{card_text(e.top)}. Erreur : la carte reprend sa place, et tout le monde "
            "l’a vue.")


def _penalty(e: Penalty, context: Context) -> str:
    text = (f"{context['who']} reçoit en pénalité une carte face cachée (sa carte "
            f"{e.slot + 1})")
    return text + (f" : {card_text(e.face)}." if _sees(e, context) else ".")


def _vaiko(e: Called, context: Context) -> str:
    said = f"{context['who']} dit {fr.quote('Vaiko')} !"
    if e.call_end == "starter":
        return f"{said} On finit le tour de table, puis on compte les points."
    return f"{said} Chacun des autres joue encore une fois, puis on compte les points."


def _round_end(e: RoundEnds, context: Context) -> str:
    who = context["who"]
    if e.reason == "empty":
        return f"{who} n’a plus aucune carte : la manche s’arrête immédiatement."
    if e.reason == "call":
        return f"Le tour est fini depuis l’annonce {fr.of(who)} : la manche s’arrête."
    return "Plus aucune carte à piocher : la manche s’arrête."


def _reveal(e: Revealed, context: Context) -> str:
    return "On retourne toutes les cartes : " + " ; ".join(
        f"{p} {', '.join(faces) or 'aucune carte'}" for p, faces in e.hands) + "."


def _points(e: RoundPoints, context: Context) -> str:
    return "Points de la manche : " + ", ".join(
        f"{p} {fr.count(v, 'point')}" for p, v in e.points) + "."


def _bonus(e: Bonus, context: Context) -> str:
    tie = f", à égalité avec {fr.join(e.tied)}" if e.tied else ""
    return (f"{context['who']} a annoncé et a le plus petit score de la manche{tie} : bonus de "
            f"{fr.signed(-CALL_POINTS)} ({points_text(e.before)} − {CALL_POINTS} = "
            f"{fr.count(e.after, 'point')}).")


def _malus(e: Malus, context: Context) -> str:
    if e.tied:
        why = f"est à égalité avec {fr.join(e.tied)}, ce qui ne suffit pas ici"
    else:
        why = "n’a pas le plus petit score de la manche"
    return (f"{context['who']} a annoncé mais {why} : malus de {fr.signed(CALL_POINTS)} "
            f"({points_text(e.before)} + {CALL_POINTS} = {fr.count(e.after, 'point')}).")


def _totals(e: Totals, context: Context) -> str:
    # a worked example gives totals without saying after which manche (``manche`` 0)
    head = f"Totaux après la manche {e.manche}" if e.manche else "Totaux"
    return f"{head} : " + ", ".join(
        f"{p} {fr.count(t, 'point')}" for p, t in e.totals) + "."


ALIKE = "deux cartes jamais vues d’une même main, par exemple"
"""Which actions a « Conseil » counts as one (:meth:`.hidden.Hidden.hint_class`)."""

PHRASES = Phrasebook("Vaiko", {
    Seated: "Joueurs : {players:names}.",
    DeckUsed: _deck,
    Shuffled: "Manche {manche} : on bat toutes les cartes.",
    Dealt: _deal,
    FirstDiscard: "On retourne la première carte de la pioche : {face:card} commence la "
                  "défausse.",
    PeekTurn: "{who} choisit une de ses cartes à regarder.",
    Peeked: _peek,
    TurnStarts: "C’est {who:to} de jouer.",
    Drew: _draw,
    Reshuffled: "La pioche est vide : les {count:count carte} de la défausse, sauf celle du "
                "dessus, sont battues et forment une nouvelle pioche.",
    Swapped: _swap,
    Discarded: "{who} jette directement la carte piochée : {face:card}.",
    LookedAtHand: _look_hand,
    PlaysAgain: "La carte {face} est défaussée : {who} rejoue tout de suite. Personne ne peut "
                "la jeter par-dessus.",
    NoReplay: "La carte {face} est défaussée, mais la pioche est vide : {who} ne rejoue pas et "
              "son tour s’achève. Personne ne peut la jeter par-dessus.",
    SpecialActs: _special,
    SpecialIgnored: "{who} a jeté la carte {face} en défausse immédiate : dans cette "
                    "variante, elle n’agit pas.",
    SwappedSpecialIgnored: "{who} a sorti la carte {face} de sa main en échangeant : dans "
                           "cette variante, elle n’agit pas.",
    Looked: _look,
    Exchanged: _exchange,
    WindowOpens: _window,
    Matched: _match,
    OneMatchOnly: "Dans cette variante, c’est la seule carte {who:of} sur cette défausse.",
    Missed: _miss,
    Penalty: _penalty,
    NoPenalty: "Plus aucune carte à distribuer : {who} ne reçoit pas de carte de pénalité.",
    Passed: "{who} passe.",
    Called: _vaiko,
    EndedTurn: "{who} finit son tour sans annoncer.",
    RoundEnds: _round_end,
    Revealed: _reveal,
    RoundPoints: _points,
    Bonus: _bonus,
    Malus: _malus,
    Totals: _totals,
    NewRound: "Personne n’a atteint {target} points : on joue la manche {manche}, et c’est "
              "{who:to} de commencer.",
}, writers={"card": card_text})


class Telling:
    """What the game tells in French, as methods of the game's class (:class:`~.game.Vaiko`): each
    event for a viewer, and where a seat's points came from."""

    def describe(self, event: Event, viewer: str | None = None) -> str:
        """One French sentence telling what ``event`` means to ``viewer`` (``None``: the teacher,
        who sees every face; a player only sees the faces they have seen in the game); a French
        :class:`ValueError` for anything that is not an event of this game."""
        return PHRASES.describe(event, viewer=viewer, target=TARGET)

    def where_lost(self, events: Sequence[Event], seat: str) -> tuple[str, ...]:
        """Where ``seat``'s points came from in a finished game (the smallest total wins), read from
        its events, as French phrases (« Pourquoi je n’ai pas gagné ? » opens with them): each
        manche's points, and an announcement's malus or bonus."""
        out = []
        manche = 0
        for e in events:
            match e:
                case RoundPoints(points=points) if seat in (table := dict(points)):
                    manche += 1
                    out.append(f"manche {manche} : {fr.count(table[seat], 'point')}")
                case Malus(after=after) if e.seat == seat and out:
                    out[-1] += f", puis malus d’annonce ({fr.count(after, 'point')})"
                case Bonus(after=after) if e.seat == seat and out:
                    out[-1] += f", puis bonus d’annonce ({fr.count(after, 'point')})"
        return tuple(out)

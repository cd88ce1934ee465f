"""Drahtseilakt in French: event descriptions and the words for sticks and manches.

Every sentence goes through :mod:`tutor.fr` (agreement, elision, typography); players are named,
never referred to by a gendered pronoun.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from tutor import fr
from tutor.engine import Event
from tutor.engine.phrases import Phrasebook, Teller
from tutor.games.drahtseilakt.core import shown

COLOURS = {"blue": ("bleu", "bleus"), "red": ("rouge", "rouges")}


def _checked(count: object, colour: object = "red") -> None:
    if type(count) is not int or count < 0 or type(colour) is not str or colour not in COLOURS:
        raise ValueError(f"Un nombre de bâtonnets est un entier positif ou nul et une couleur "
                         f"vaut {fr.quote('blue')} ou {fr.quote('red')} : pas "
                         f"{shown(count)}, {shown(colour)}.")


def sticks_text(count: int, colour: str) -> str:
    """``1 bâtonnet bleu``, ``3 bâtonnets rouges``, ``aucun bâtonnet``."""
    _checked(count, colour)
    if count == 0:
        return "aucun bâtonnet"
    one, many = COLOURS[colour]
    return f"{fr.count(count, 'bâtonnet')} {fr.plural(count, one, many)}"


def colour_count(count: int, colour: str) -> str:
    """``1 bleu``, ``4 rouges`` (sticks, the noun understood)."""
    _checked(count, colour)
    one, many = COLOURS[colour]
    return f"{fr.number(count)} {fr.plural(count, one, many)}"


def holding_text(red: int, blue: int) -> str:
    """What a player holds: ``2 bâtonnets rouges``, ``aucun bâtonnet``..."""
    _checked(red)
    _checked(blue)
    parts = [sticks_text(red, "red")] if red else []
    if blue:
        parts.append(sticks_text(blue, "blue"))
    return fr.join(parts) if parts else "aucun bâtonnet"


def manche_word(k: int) -> str:
    """``1re manche``, ``2e manche``."""
    if type(k) is not int or k < 1:
        raise ValueError(f"Une manche se numérote à partir de 1, pas {shown(k)}.")
    return f"{fr.ordinal(k)} manche"


def _deal(d: Mapping[str, Any], who: str) -> str:
    text = (f"{who} bat les cartes score en pioche face cachée et distribue 9 cartes "
            "numérotées à chaque joueur")
    if d["unseen"]:
        return text + f" ; les {d['unseen']} autres restent cachées pour cette manche."
    return text + f" : avec {d['cards']} cartes, toutes sont en jeu."


def _reveal(d: Mapping[str, Any], who: str) -> str:
    n = d["value"]
    if d["blue"] and d["red"]:
        paid = (f"la plus forte carte prendra {colour_count(n, 'blue')}, la plus faible "
                f"{colour_count(n, 'red')}")
    elif d["red"]:
        paid = f"seule la plus faible carte prendra {colour_count(n, 'red')}"
    else:
        paid = f"seule la plus forte carte prendra {colour_count(n, 'blue')}"
    return f"Carte score : {n} ; {paid}."


def _taken(colour: str, takes: bool = True) -> Teller:
    """The sentence for the best (blue) or worst (red) card of a trick; ``takes=False``: the 0
    of that colour was turned, the card takes nothing."""
    extreme = "forte" if colour == "blue" else "faible"

    def tell(d: Mapping[str, Any], who: str) -> str:
        head = f"{who} a la plus {extreme} carte ({d['card']})"
        if takes:
            return f"{head} : {sticks_text(d['count'], colour)}."
        one = COLOURS[colour][0]
        return f"{head}, mais le 0 {one} : aucun bâtonnet {one}."

    return tell


def _short(d: Mapping[str, Any], who: str) -> str:
    one = COLOURS[d["colour"]][0]
    wanted = d["wanted"]
    if d["got"] == 0:
        return (f"La réserve n’a plus aucun bâtonnet {one} : {who} ne reçoit rien au lieu "
                f"de {wanted}.")
    if d["got"] == 1:
        return (f"La réserve n’a plus qu’un bâtonnet {one} : {who} n’en reçoit qu’un au "
                f"lieu de {wanted}.")
    return (f"La réserve n’a plus que {sticks_text(d['got'], d['colour'])} : {who} n’en "
            f"reçoit que {d['got']} au lieu de {wanted}.")


def _pairs(d: Mapping[str, Any], who: str) -> str:
    kept = (f"garde {holding_text(d['red'], d['blue'])}" if d["red"] or d["blue"]
            else "ne garde aucun bâtonnet")
    return f"{who} rend {fr.count(d['pairs'], 'paire')} rouge + bleu à la réserve et {kept}."


def _trick_end(d: Mapping[str, Any], who: str) -> str:
    if d["last"]:
        return "Les cartes du pli sont défaussées face cachée ; c’était le neuvième pli."
    return (f"Les cartes du pli sont défaussées face cachée ; {who}, qui a posé la plus "
            "forte, entame le pli suivant.")


def _sticks(d: Mapping[str, Any], who: str) -> str:
    each = d["each"]
    red, blue = d.get("red", each), d.get("blue", each)
    if red == blue == each:
        return f"La réserve compte {each} bâtonnets rouges et {each} bâtonnets bleus."
    def left(count: int, colour: str) -> str:
        one = COLOURS[colour][0]
        return sticks_text(count, colour) if count else f"aucun bâtonnet {one}"

    return (f"Dans la réserve : {left(red, 'red')} et {left(blue, 'blue')} ({each} de chaque "
            "couleur au départ ; les autres sont devant les joueurs).")


def _past(d: Mapping[str, Any], who: str) -> str:
    """The manches scored before a position set up by hand, each erased score said so."""
    parts = []
    for name, scores in d["scores"].items():
        gone = d["cancelled"].get(name, ())
        shown_scores = [f"{s} (effacé)" if k in gone else str(s)
                        for k, s in enumerate(scores)]
        total = sum(s for k, s in enumerate(scores) if k not in gone)
        parts.append(f"{name} {', '.join(shown_scores)} (total {fr.count(total, 'point')})")
    return f"Manches déjà jouées : {' ; '.join(parts)}."


def _clean(d: Mapping[str, Any], who: str) -> str:
    if d["target"] is None:
        return (f"{who} finit la {manche_word(d['manche'])} sans bâtonnet, mais n’a aucun "
                "score à effacer dans les manches précédentes.")
    k, score = d["target"]
    return (f"{who} finit la {manche_word(d['manche'])} sans bâtonnet : le score "
            f"{fr.of(who)} à la {manche_word(k)} ({fr.count(score, 'point')}) est effacé.")


def _points(values: Mapping[str, int]) -> str:
    """``Alex 3 points et Béa 1 point``."""
    return fr.join(f"{p} {fr.count(v, 'point')}" for p, v in values.items())


ALIKE = ("deux cartes de la main qui se suivent sans carte encore en jeu entre elles : seul "
         "le rang des cartes compte")
"""Which actions a « Conseil » counts as one (:func:`.hidden.hint_class`)."""

PHRASES = Phrasebook("Drahtseilakt", {
    "setup": lambda d, who: fr.seating(d["players"]),
    "cards": "Cartes numérotées en jeu : de 1 à {count}, chacune une seule fois.",
    "score_cards": "Onze cartes score : de 1 à 9, un 0 bleu et un 0 rouge.",
    "sticks": _sticks,
    "held": lambda d, who: (f"Devant {who}, avant le premier coup : "
                            f"{holding_text(d['red'], d['blue'])}."),
    "past": _past,
    "manche": "Manche {manche} sur {of} : {who} donne les cartes.",
    "deal": _deal,
    "lead": "{who}, à gauche du donneur, entame le premier pli.",
    "zero": "On retourne le {card} : pas de bâtonnets {colour:colours} pour ce pli, et on "
            "retourne aussitôt la carte suivante.",
    "double_zero": "Deuxième 0 d’affilée : les deux 0 s’annulent et sont mis de côté ; on "
                   "retourne une troisième carte.",
    "reveal": _reveal,
    "play": "{who} pose le {card} face visible.",
    "choose": "{who} choisit une carte en secret.",
    "show": "Tout le monde révèle sa carte : {plays:plays}.",
    "blue": _taken("blue"),
    "no_blue": _taken("blue", takes=False),
    "red": _taken("red"),
    "no_red": _taken("red", takes=False),
    "short": _short,
    "tokens": "La réserve manque de bâtonnets {colour:colours} : {who} reçoit "
              "{missing:count jeton} à leur place.",
    "pairs": _pairs,
    "trick_end": _trick_end,
    "manche_end": "Fin de la manche {manche} : chaque joueur marque ses bâtonnets "
                  "({scores:points}), puis les rend à la réserve.",
    "clean": _clean,
    "totals": "Totaux : {totals:points}.",
}, writers={
    "colours": lambda colour: COLOURS[colour][1],
    "plays": lambda plays: fr.join(f"{p} {c}" for p, c in plays.items()),
    "points": _points,
})


def describe(event: Event) -> str:
    """One French sentence telling what ``event`` means, without revealing hidden choices;
    a French :class:`ValueError` for anything that is not an event of this game."""
    return PHRASES.describe(event)


def where_lost(events: Sequence[Event], seat: str) -> tuple[str, ...]:
    """Where ``seat``'s points came from in a finished game (the smallest total wins), read from
    its events, as French phrases (« Pourquoi je n’ai pas gagné ? » opens with them): per
    manche, the sticks kept at its end and the scores erased."""
    out = []
    for e in events:
        if e.kind == "manche_end" and seat in e.data["scores"]:
            red, blue = e.data["red"][seat], e.data["blue"][seat]
            out.append(f"{manche_word(e.data['manche'])} : {holding_text(red, blue)}, "
                       f"{fr.count(e.data['scores'][seat], 'point')}")
        elif e.kind == "clean" and e.seat == seat and e.data["target"] is not None:
            k, score = e.data["target"]
            out.append(f"votre score de la {manche_word(k)} ({fr.count(score, 'point')}) "
                       "effacé")
    return tuple(out)

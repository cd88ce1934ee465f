"""Drahtseilakt in French: event descriptions and the words for sticks and manches.

Every sentence goes through :mod:`tutor.fr` (agreement, elision, typography); players are named,
never referred to by a gendered pronoun.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tutor import fr
from tutor.engine import Event
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


def describe(event: Event) -> str:
    """One French sentence telling what ``event`` means, without revealing hidden choices."""
    text = _describe(event.kind, event.data, str(event.seat))
    return fr.typography(fr.capitalize(text))


def _describe(kind: str, d: Mapping[str, Any], who: str) -> str:
    """The sentence for an event of ``kind`` with data ``d``, done by ``who``."""
    if kind == "setup":
        return fr.seating(d["players"])
    if kind == "cards":
        return f"Cartes numérotées en jeu : de 1 à {d['count']}, chacune une seule fois."
    if kind == "score_cards":
        return "Onze cartes score : de 1 à 9, un 0 bleu et un 0 rouge."
    if kind == "sticks":
        return (f"La réserve compte {d['each']} bâtonnets rouges et {d['each']} bâtonnets "
                "bleus.")
    if kind == "manche":
        return f"Manche {d['manche']} sur {d['of']} : {who} donne les cartes."
    if kind == "deal":
        text = (f"{who} bat les cartes score en pioche face cachée et distribue 9 cartes "
                "numérotées à chaque joueur")
        if d["unseen"]:
            return text + f" ; les {d['unseen']} autres restent cachées pour cette manche."
        return text + f" : avec {d['cards']} cartes, toutes sont en jeu."
    if kind == "lead":
        return f"{who}, à gauche du donneur, entame le premier pli."
    if kind == "zero":
        colour = COLOURS[d["colour"]][1]
        return (f"On retourne le {d['card']} : pas de bâtonnets {colour} pour ce pli, et on "
                "retourne aussitôt la carte suivante.")
    if kind == "double_zero":
        return ("Deuxième 0 d’affilée : les deux 0 s’annulent et sont mis de côté ; on retourne "
                "une troisième carte.")
    if kind == "reveal":
        n = d["value"]
        if d["blue"] and d["red"]:
            paid = (f"la plus forte carte prendra {colour_count(n, 'blue')}, la plus faible "
                    f"{colour_count(n, 'red')}")
        elif d["red"]:
            paid = f"seule la plus faible carte prendra {colour_count(n, 'red')}"
        else:
            paid = f"seule la plus forte carte prendra {colour_count(n, 'blue')}"
        return f"Carte score : {n} ; {paid}."
    if kind == "play":
        return f"{who} pose le {d['card']} face visible."
    if kind == "choose":
        return f"{who} choisit une carte en secret."
    if kind == "show":
        plays = fr.join(f"{p} {c}" for p, c in d["plays"].items())
        return f"Tout le monde révèle sa carte : {plays}."
    if kind in ("blue", "red", "no_blue", "no_red"):
        colour = kind.removeprefix("no_")
        extreme = "forte" if colour == "blue" else "faible"
        head = f"{who} a la plus {extreme} carte ({d['card']})"
        if kind == colour:
            return f"{head} : {sticks_text(d['count'], colour)}."
        one = COLOURS[colour][0]
        return f"{head}, mais le 0 {one} : aucun bâtonnet {one}."
    if kind == "short":
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
    if kind == "tokens":
        many = COLOURS[d["colour"]][1]
        return (f"La réserve manque de bâtonnets {many} : {who} reçoit "
                f"{fr.count(d['missing'], 'jeton')} à leur place.")
    if kind == "pairs":
        pairs = fr.count(d["pairs"], "paire")
        kept = (f"garde {holding_text(d['red'], d['blue'])}" if d["red"] or d["blue"]
                else "ne garde aucun bâtonnet")
        return f"{who} rend {pairs} rouge + bleu à la réserve et {kept}."
    if kind == "trick_end":
        if d["last"]:
            return "Les cartes du pli sont défaussées face cachée ; c’était le neuvième pli."
        return (f"Les cartes du pli sont défaussées face cachée ; {who}, qui a posé la plus "
                "forte, entame le pli suivant.")
    if kind == "manche_end":
        scores = fr.join(f"{p} {fr.count(s, 'point')}" for p, s in d["scores"].items())
        return (f"Fin de la manche {d['manche']} : chaque joueur marque ses bâtonnets "
                f"({scores}), puis les rend à la réserve.")
    if kind == "clean":
        if d["target"] is None:
            return (f"{who} finit la {manche_word(d['manche'])} sans bâtonnet, mais n’a aucun "
                    "score à effacer dans les manches précédentes.")
        k, score = d["target"]
        return (f"{who} finit la {manche_word(d['manche'])} sans bâtonnet : le score "
                f"{fr.of(who)} à la {manche_word(k)} ({fr.count(score, 'point')}) est effacé.")
    if kind == "totals":
        return "Totaux : " + fr.join(f"{p} {fr.count(t, 'point')}"
                                     for p, t in d["totals"].items()) + "."
    if kind == "winner":
        return str(d["reason"])
    if kind == "refused":
        return fr.refusal(d["reason"])
    raise AssertionError(f"unknown event kind {kind!r}")

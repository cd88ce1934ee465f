"""Drahtseilakt in French: event descriptions (:data:`PHRASES`), the words for sticks and manches,
and what a game's events tell of a player's points (:class:`Telling`).

Every sentence goes through :mod:`tutor.fr` (agreement, elision, typography); players are named,
never referred to by a gendered pronoun.
"""

from __future__ import annotations

from collections.abc import Sequence

from tutor import fr
from tutor.engine import Event
from tutor.engine.phrases import Context, Phrasebook
from tutor.games.drahtseilakt import events as ev
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


def _deal(e: ev.Dealt, context: Context) -> str:
    text = (f"{context['who']} bat les cartes score en pioche face cachée et distribue 9 cartes "
            "numérotées à chaque joueur")
    if e.unseen:
        return text + f" ; les {e.unseen} autres restent cachées pour cette manche."
    return text + f" : avec {e.cards} cartes, toutes sont en jeu."


def _reveal(e: ev.Revealed, context: Context) -> str:
    n, blue, red = e.stake
    if blue and red:
        paid = (f"la plus forte carte prendra {colour_count(n, 'blue')}, la plus faible "
                f"{colour_count(n, 'red')}")
    elif red:
        paid = f"seule la plus faible carte prendra {colour_count(n, 'red')}"
    else:
        paid = f"seule la plus forte carte prendra {colour_count(n, 'blue')}"
    return f"Carte score : {n} ; {paid}."


def _extreme(e: ev.TakesBlue | ev.TakesRed | ev.NoBlue | ev.NoRed, who: str) -> str:
    """Who has the best (blue) or worst (red) card of a trick, and which."""
    extreme = "forte" if e.COLOUR == "blue" else "faible"
    return f"{who} a la plus {extreme} carte ({e.card})"


def _takes(e: ev.TakesBlue | ev.TakesRed, context: Context) -> str:
    return f"{_extreme(e, context['who'])} : {sticks_text(e.count, e.COLOUR)}."


def _takes_nothing(e: ev.NoBlue | ev.NoRed, context: Context) -> str:
    """The 0 of that colour was turned: the card takes nothing."""
    one = COLOURS[e.COLOUR][0]
    return f"{_extreme(e, context['who'])}, mais le 0 {one} : aucun bâtonnet {one}."


def _short(e: ev.ReserveShort, context: Context) -> str:
    who, one, wanted = context["who"], COLOURS[e.colour][0], e.wanted
    if e.got == 0:
        return (f"La réserve n’a plus aucun bâtonnet {one} : {who} ne reçoit rien au lieu "
                f"de {wanted}.")
    if e.got == 1:
        return (f"La réserve n’a plus qu’un bâtonnet {one} : {who} n’en reçoit qu’un au "
                f"lieu de {wanted}.")
    return (f"La réserve n’a plus que {sticks_text(e.got, e.colour)} : {who} n’en "
            f"reçoit que {e.got} au lieu de {wanted}.")


def _pairs(e: ev.PairsBack, context: Context) -> str:
    kept = (f"garde {holding_text(e.red, e.blue)}" if e.red or e.blue
            else "ne garde aucun bâtonnet")
    return (f"{context['who']} rend {fr.count(e.pairs, 'paire')} rouge + bleu à la réserve et "
            f"{kept}.")


def _trick_end(e: ev.TrickEnds, context: Context) -> str:
    if e.last:
        return "Les cartes du pli sont défaussées face cachée ; c’était le neuvième pli."
    return (f"Les cartes du pli sont défaussées face cachée ; {context['who']}, qui a posé la "
            "plus forte, entame le pli suivant.")


def _sticks(e: ev.Reserve, context: Context) -> str:
    each, red, blue = e.each, e.red, e.blue
    if red == blue == each:
        return f"La réserve compte {each} bâtonnets rouges et {each} bâtonnets bleus."
    def left(count: int, colour: str) -> str:
        one = COLOURS[colour][0]
        return sticks_text(count, colour) if count else f"aucun bâtonnet {one}"

    return (f"Dans la réserve : {left(red, 'red')} et {left(blue, 'blue')} ({each} de chaque "
            "couleur au départ ; les autres sont devant les joueurs).")


def _past(e: ev.Past, context: Context) -> str:
    """The manches scored before a position set up by hand, each erased score said so."""
    parts = []
    for name, scores, gone in zip(e.players, e.scores, e.cancelled, strict=True):
        shown_scores = [f"{s} (effacé)" if k in gone else str(s)
                        for k, s in enumerate(scores)]
        total = sum(s for k, s in enumerate(scores) if k not in gone)
        parts.append(f"{name} {', '.join(shown_scores)} (total {fr.count(total, 'point')})")
    return f"Manches déjà jouées : {' ; '.join(parts)}."


def _clean(e: ev.CleanManche, context: Context) -> str:
    who = context["who"]
    if e.target is None:
        return (f"{who} finit la {manche_word(e.manche)} sans bâtonnet, mais n’a aucun "
                "score à effacer dans les manches précédentes.")
    k, score = e.target
    return (f"{who} finit la {manche_word(e.manche)} sans bâtonnet : le score "
            f"{fr.of(who)} à la {manche_word(k)} ({fr.count(score, 'point')}) est effacé.")


def _points(players: Sequence[str], values: Sequence[int]) -> str:
    """``Alex 3 points et Béa 1 point``."""
    return fr.join(f"{p} {fr.count(v, 'point')}" for p, v in zip(players, values, strict=True))


def _manche_end(e: ev.MancheEnds, context: Context) -> str:
    return (f"Fin de la manche {fr.number(e.manche)} : chaque joueur marque ses bâtonnets "
            f"({_points(e.players, e.scores)}), puis les rend à la réserve.")


def _totals(e: ev.Totalled, context: Context) -> str:
    return f"Totaux : {_points(e.players, e.totals)}."


ALIKE = ("deux cartes de la main qui se suivent sans carte encore en jeu entre elles : seul "
         "le rang des cartes compte")
"""Which actions a « Conseil » counts as one (:meth:`.hidden.Hidden.hint_class`)."""

PHRASES = Phrasebook("Drahtseilakt", {
    ev.Seated: lambda e, context: fr.seating(e.players),
    ev.CardsInPlay: "Cartes numérotées en jeu : de 1 à {count}, chacune une seule fois.",
    ev.ScoreCards: "Onze cartes score : de 1 à 9, un 0 bleu et un 0 rouge.",
    ev.Reserve: _sticks,
    ev.Held: lambda e, context: (f"Devant {context['who']}, avant le premier coup : "
                              f"{holding_text(e.red, e.blue)}."),
    ev.Past: _past,
    ev.MancheStarts: "Manche {manche} sur {of} : {who} donne les cartes.",
    ev.Dealt: _deal,
    ev.Leads: "{who}, à gauche du donneur, entame le premier pli.",
    ev.ZeroTurned: "On retourne le {card} : pas de bâtonnets {colour:colours} pour ce pli, et on "
                "retourne aussitôt la carte suivante.",
    ev.DoubleZero: "Deuxième 0 d’affilée : les deux 0 s’annulent et sont mis de côté ; on "
                "retourne une troisième carte.",
    ev.Revealed: _reveal,
    ev.Played: "{who} pose le {card} face visible.",
    ev.Chose: "{who} choisit une carte en secret.",
    ev.Shown: "Tout le monde révèle sa carte : {plays:plays}.",
    ev.TakesBlue: _takes,
    ev.NoBlue: _takes_nothing,
    ev.TakesRed: _takes,
    ev.NoRed: _takes_nothing,
    ev.ReserveShort: _short,
    ev.Tokens: "La réserve manque de bâtonnets {colour:colours} : {who} reçoit "
            "{missing:count jeton} à leur place.",
    ev.PairsBack: _pairs,
    ev.TrickEnds: _trick_end,
    ev.MancheEnds: _manche_end,
    ev.CleanManche: _clean,
    ev.Totalled: _totals,
}, writers={
    "colours": lambda colour: COLOURS[colour][1],
    "plays": lambda plays: fr.join(f"{p} {c}" for p, c in plays),
})


class Telling:
    """What the game tells in French beyond its phrasebook, as a method of the game's class
    (:class:`~.game.Drahtseilakt`)."""

    def where_lost(self, events: Sequence[Event], seat: str) -> tuple[str, ...]:
        """Where ``seat``'s points came from in a finished game (the smallest total wins), read
        from its events, as French phrases (« Pourquoi je n’ai pas gagné ? » opens with them):
        per manche, the sticks kept at its end and the scores erased."""
        out = []
        for e in events:
            match e:
                case ev.MancheEnds(manche=manche, players=players) if seat in players:
                    i = players.index(seat)
                    out.append(f"{manche_word(manche)} : {holding_text(e.red[i], e.blue[i])}, "
                               f"{fr.count(e.scores[i], 'point')}")
                case ev.CleanManche(seat=who, target=(k, score)) if who == seat:
                    out.append(f"votre score de la {manche_word(k)} "
                               f"({fr.count(score, 'point')}) effacé")
        return tuple(out)

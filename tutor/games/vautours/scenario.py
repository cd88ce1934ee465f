"""How Stupides Vautours writes an exact scenario (:data:`SCENARIO`).

What chance decides is the order of the point cards: ``pioche = [5, -2, 3]`` (top first, the
first one is revealed at once; those not written follow in an order drawn from ``graine``).
A move is written ``{ joueur = "Alex", carte = 15 }``, as in the worked examples.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from tutor.engine.core import Record
from tutor.engine.examples import check_keys
from tutor.engine.scenario import Notation, Reading, listed, rest, take
from tutor.games.vautours.engine import _scores, manche
from tutor.games.vautours.state import C_POINTS, POINT_CARDS, Play, State


def _read_chance(data: Mapping[str, Any], players: tuple[str, ...], variant: Any,
                 seed: int) -> Record:
    pool = list(POINT_CARDS)
    given = listed("pioche", data.get("pioche", []), len(POINT_CARDS))
    top = take("pioche", given, pool, C_POINTS, known=POINT_CARDS)
    return Record((tuple(top) + rest(pool, random.Random(seed)),))


def _write_chance(state: State) -> dict[str, Any]:
    return {"pioche": list(state.order)}


def _read_action(where: str, move: Mapping[str, Any]) -> Play:
    check_keys(where, move, ("joueur", "carte"), ())
    return Play(move["joueur"], move["carte"])


def _write_action(action: Play) -> dict[str, Any]:
    return {"joueur": action.seat, "carte": action.card}


def _facts(state: State) -> dict[str, Any]:
    names = state.players
    return {
        "manche": manche(state),
        "pile": list(state.pile),
        "pioche": list(state.deck),
        "mains": {p: list(h) for p, h in zip(names, state.hands)},
        "gains": {p: list(t) for p, t in zip(names, state.taken)},
        "perdues": list(state.lost),
        "points": _scores(state),
    }


READINGS = (
    Reading("egalites", "ties", {"repeated": "annulation répétée", "one_level": "un seul niveau"},
            "égalités :"),
    Reading("departage", "final_tiebreak", {"second_best": "deuxième meilleur score",
                                            "highest_mouse": "plus haute carte Suricate"},
            "départage :"),
    Reading("derniere_pile", "last_pile", {"lost": "perdue", "shared": "partagée"},
            "pile finale"),
)

GUIDE = ("pioche : l’ordre des cartes Points, du dessus vers le dessous (la première est "
         "retournée aussitôt) ; coups : { joueur = …, carte = 1 à 15 }.")

EXAMPLE = """joueurs = ["Alex", "Chloé", "Léo"]
variante = { egalites = "un seul niveau", derniere_pile = "partagée" }
pioche = [7, -2, 10]
coups = [
  { joueur = "Alex", carte = 14 },
  { joueur = "Chloé", carte = 12 },
  { joueur = "Léo", carte = 14 },
]
"""

SCENARIO: Notation[State, Play] = Notation(("pioche",), _read_chance, _write_chance,
                                           _read_action, _write_action, _facts,
                                           READINGS, GUIDE, EXAMPLE)

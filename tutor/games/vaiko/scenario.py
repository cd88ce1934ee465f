"""How Vaiko writes an exact scenario (:data:`SCENARIO`).

What chance decides is the order of the shuffled deck at the first deal, written as what it
gives: ``mains = { Alex = ["3", "Vision", "10", "×2"] }`` (each player's 4 cards, place 1 to 4;
``3`` may be written without quotes, ``x2`` for ``×2``), ``defausse = "7"`` (the first card
turned face up) and ``pioche = ["5", "0"]`` (the face-down pile, top first). Whatever is not
written is drawn from ``graine``, and so is every later shuffle (a pile remade, a new round).
Cards are those of the tutor's deck (``rules/vaiko-paquet.toml``). A move is written as in the
worked examples: ``{ joueur = "Alex", action = "echanger", carte = 2 }``…
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any, cast

from tutor import fr
from tutor.engine.core import Record
from tutor.engine.scenario import (
    Notation,
    Reading,
    ScenarioError,
    listed,
    per_player,
    plain,
    rest,
    take,
)
from tutor.games.vaiko import state as vs
from tutor.games.vaiko.deck import coerce_deck
from tutor.games.vaiko.examples import parse_move
from tutor.games.vaiko.setup import resume
from tutor.games.vaiko.state import C_DEAL, HAND_SIZE, Action, State


def _face(where: str, value: object, faces: tuple[str, ...]) -> str:
    """A card as the learner writes it: its face, an integer, ``x2`` for ``×2``, any case."""
    if type(value) is int:
        value = str(value)
    if not isinstance(value, str):
        raise ScenarioError(fr.typography(f"{where} : une carte s’écrit par son nom, par "
                                          "exemple \"7\" ou \"Vision\"."))
    match = [f for f in faces if plain(f) == plain(value)]
    return match[0] if match else value


def _read_chance(data: Mapping[str, Any], players: tuple[str, ...], variant: Any,
                 seed: int) -> Record:
    deck = coerce_deck(None)
    faces = tuple(c.face for c in deck.cards)
    kinds = tuple(dict.fromkeys(faces))
    pool = list(faces)
    hands = {}
    for p, h in per_player("mains", data.get("mains", {}), players).items():
        where = f"main {fr.of(p)}"
        hands[p] = take(where, [_face(where, c, kinds) for c in listed(where, h, HAND_SIZE)],
                        pool, C_DEAL, known=faces)
    first = data.get("defausse")
    down = [] if first is None else take("defausse", [_face("defausse", first, kinds)], pool,
                                         C_DEAL, known=faces)
    top = take("pioche", [_face("pioche", c, kinds) for c in listed("pioche",
                                                                     data.get("pioche", []))],
               pool, C_DEAL, known=faces)
    others = list(rest(pool, random.Random(seed)))
    n = len(players)
    full = {}
    for p in players:
        mine = hands.get(p, [])
        need = HAND_SIZE - len(mine)
        full[p] = mine + others[:need]
        others = others[need:]
    if not down:
        down, others = others[:1], others[1:]
    order = [full[players[j]][s] for s in range(HAND_SIZE) for j in range(n)]
    order += down + top + others
    ids: dict[str, list[int]] = {}
    for i, f in enumerate(faces):
        ids.setdefault(f, []).append(i)
    return Record((tuple(ids[f].pop(0) for f in order),), (("deck", deck), ("seed", seed)))


def _write_chance(state: State) -> dict[str, Any]:
    if state.seed is None or not state.record.shuffles:
        raise ScenarioError("Cette partie ne dit pas d’où viennent ses prochains mélanges : "
                            "elle ne s’écrit pas en scénario.")
    if state.deck != coerce_deck(None):
        raise ScenarioError("Un scénario s’écrit avec le paquet du tuteur, pas avec un autre "
                            "paquet.")
    cards = state.deck.cards
    order = [cards[i].face for i in cast(tuple[int, ...], state.record.shuffles[0])]
    n = len(state.players)
    return {
        "graine": state.seed,
        "mains": {p: [order[s * n + j] for s in range(HAND_SIZE)]
                  for j, p in enumerate(state.players)},
        "defausse": order[HAND_SIZE * n],
        "pioche": order[HAND_SIZE * n + 1:],
    }


def _read_start(data: Mapping[str, Any], start: State) -> State:
    """The position of ``manche`` and ``totaux`` (see :func:`~tutor.games.vaiko.resume`)."""
    totals = data.get("totaux", {})
    if not isinstance(totals, dict):
        raise ScenarioError(fr.typography(
            "totaux : une table joueur = total, par exemple totaux = { Alex = 45, Chloé = 12 }."))
    return resume(start, manche=data.get("manche", 1), totals=totals)


def _write_start(state: State) -> dict[str, Any]:
    if state.manche == 1 and not any(state.totals):
        return {}
    return {"manche": state.manche, "totaux": dict(zip(state.players, state.totals))}


def _write_action(action: Action) -> dict[str, Any]:
    move: dict[str, Any] = {"joueur": action.seat}
    if isinstance(action, vs.Peek):
        move.update(action="regarder", carte=action.slot + 1)
    elif isinstance(action, vs.Draw):
        move.update(action="piocher", source="pioche" if action.source == "deck" else "defausse")
    elif isinstance(action, vs.Look):
        move.update(action="vision", cible=action.owner, carte=action.slot + 1)
    elif isinstance(action, vs.Exchange):
        move.update(action="echange", cartes=[[action.owner_a, action.slot_a + 1],
                                              [action.owner_b, action.slot_b + 1]])
    elif isinstance(action, vs.Swap):
        move.update(action="echanger", carte=action.slot + 1)
    elif isinstance(action, vs.Match):
        move.update(action="tenter", carte=action.slot + 1)
    else:
        names = {vs.Discard: "jeter", vs.LookHand: "regarder-main", vs.Pass: "passer",
                 vs.Call: "vaiko", vs.EndTurn: "finir"}
        move.update(action=names[type(action)])
    return move


def _facts(state: State) -> dict[str, Any]:
    names = state.players
    cards = state.deck.cards
    return {
        "manche": state.manche,
        "phase": state.phase,
        "tour": names[state.turn],
        "mains": {p: [cards[c].face for c in h] for p, h in zip(names, state.hands)},
        "defausse": [cards[c].face for c in state.discard],
        "pioche": len(state.pile),
        "totaux": dict(zip(names, state.totals)),
    }


READINGS = (
    Reading("piocher", "draw_from", {"deck": "pioche seulement",
                                     "deck_or_discard": "pioche ou défausse"}),
    Reading("regarder", "look", {"before_swap": "oui, puis échanger", "never": "jamais"}),
    Reading("speciale_en_defausse", "matched_special", {"effect": "avec effet",
                                                        "no_effect": "sans effet"}),
    Reading("annonceur_a_egalite", "caller_tie", {"bonus": "bonus", "malus": "malus"}),
    Reading("apres_l_annonce", "call_end", {"caller": "chacun rejoue une fois",
                                            "starter": "fin du tour de table"}),
    Reading("cartes_par_defausse", "matches", {"several": "plusieurs",
                                               "one": "une seule"}),
    Reading("speciale_remplacee", "swapped_special", {"effect": "avec effet",
                                                      "no_effect": "sans effet"}),
)

GUIDE = ("mains.Nom = [4 cartes, place 1 à 4] ; defausse = la première carte retournée ; "
         "pioche = [du dessus vers le dessous] ; pour commencer plus loin : manche = 3, "
         "totaux.Nom = son total des manches jouées (le premier joueur nommé commence) ; "
         "une carte s’écrit par son nom (7, \"Vision\", \"×2\" ou \"x2\", \"échange\") ; "
         "coups : { joueur = …, action = \"piocher\" }, \"regarder\" ou \"échanger\" ou "
         "\"tenter\" avec carte (sa place), \"jeter\", \"passer\", \"vaiko\"…")

EXAMPLE = """joueurs = ["Alex", "Chloé"]
variante = { annonceur_a_egalite = "malus" }
mains.Alex = [3, 9, "Vision", 0]
mains.Chloé = [8, 5, "×2", "échange"]
defausse = 7
pioche = [5, 1]
coups = [{ joueur = "Alex", action = "regarder", carte = 4 }]
"""

SCENARIO: Notation[State, Action] = Notation(
    ("mains", "defausse", "pioche"), _read_chance, _write_chance,
    lambda where, move: parse_move(dict(move)), _write_action, _facts, READINGS, GUIDE, EXAMPLE,
    ("manche", "totaux"), _read_start, _write_start)

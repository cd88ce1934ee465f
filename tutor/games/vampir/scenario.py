"""How Vampir writes an exact scenario (:data:`SCENARIO`).

What chance decides: ``premier`` (the start player; by default the first listed) and, manche by
manche, ``donnes = [{ mains = { Anke = ["château:1", "taverne:2", "joker", …] }, pioche = [ … ]
}]``: each player's 4 cards and the face-down deck, top first, each location by its name on the
table (``"château:1"``, ``"taverne:2"``, ``"joker"``; the worked examples' ``"castle:1"`` is read
too). Whatever is not written (a hand or part of it, the rest
of the deck, a whole manche) is drawn from ``graine``. A move is written as in the worked
examples: ``{ joueur = "Anke", action = "piocher" }``, ``action = "poser"`` with ``carte`` (and
``lieu`` for a joker), ``action = "recuperer"`` with ``lieu``, ``action = "chasser"`` with
``cartes``, ``action = "finir"`` (after a hunt, under the reading « plusieurs chasses »).
"""

from __future__ import annotations

import random
from collections.abc import Hashable, Mapping
from typing import Any, cast

from tutor import fr
from tutor.engine import scenario as sc
from tutor.engine.core import Record

from .actions import Action, Draw, EndTurn, Lay, Take
from .cards import (
    C_DEAL,
    HAND_SIZE,
    LOCATION_WORDS,
    LOCATIONS,
    SHUFFLED,
    Card,
    Vampire,
    card_code,
    card_word,
    parse_card,
    parse_location,
)
from .examples import parse_move
from .state import State, _index, resume


def _cards(where: str, value: object, limit: int) -> list[Card]:
    return [parse_card(v) for v in sc.listed(where, value, limit)]


def _read_chance(data: Mapping[str, Any], players: tuple[str, ...], variant: Any,
                 seed: int) -> Record:
    rng = random.Random(seed)
    first = players[_index(players, data.get("premier", players[0]))]
    drawn: list[tuple[Hashable, ...]] = []
    for where, spec in sc.written_deals(data, variant.manches, ("mains", "pioche")):
        pool = list(SHUFFLED)
        hands = sc.written_hands(where, spec, players, lambda w, h: _cards(w, h, HAND_SIZE),
                                 pool, C_DEAL, card_word, SHUFFLED)
        with sc.as_scenario_error():
            written = _cards(f"{where}, pioche", spec.get("pioche", []), len(SHUFFLED))
            deck = sc.take(f"{where}, pioche", written, pool, C_DEAL, card_word, SHUFFLED)
        dealt, others = sc.deal(players, hands, sc.rest(pool, rng), HAND_SIZE)
        drawn.append((*dealt, *deck, *others))
    return Record(tuple(drawn), (("first", first),))


def _write_chance(state: State) -> dict[str, Any]:
    n = len(state.players)
    donnes = []
    for order in state.record.shuffles:
        cards = cast(tuple[Card, ...], order)
        donnes.append({
            "mains": {p: [card_word(c) for c in sorted(cards[HAND_SIZE * i:HAND_SIZE * (i + 1)])]
                      for i, p in enumerate(state.players)},
            "pioche": [card_word(c) for c in cards[HAND_SIZE * n:]],
        })
    return {"premier": state.record.option("first", state.players[0]), "donnes": donnes}


def _read_start(data: Mapping[str, Any], start: State) -> State:
    """The position of ``chasses`` (see :func:`~tutor.games.vampir.resume`): the hunts exposed
    in front of the players, by location, cards written as in the deals."""
    table = sc.per_player("chasses", data.get("chasses", {}), start.players)
    hunts: dict[str, dict[str, list[Card]]] = {}
    for p, spots in table.items():
        if not isinstance(spots, dict):
            raise sc.ScenarioError(fr.typography(
                f"chasses.{p} : une table lieu = [cartes], par exemple chasses.{p} = "
                "{ château = [\"château:1\", \"château:2\", \"joker\"] }."))
        hunts[p] = {}
        for loc, cards in spots.items():
            where = f"chasses.{p}.{loc}"
            with sc.as_scenario_error():
                hunts[p][parse_location(loc)] = _cards(where, cards, len(SHUFFLED))
    spots = data.get("lieux", {})
    if not isinstance(spots, dict):
        raise sc.ScenarioError(fr.typography(
            "lieux : une table lieu = [cartes posées sur le vampire de la mise en place], par "
            "exemple lieux = { château = [\"château:2\", \"joker\"] }."))
    under: dict[str, list[Card]] = {}
    for loc, cards in spots.items():
        with sc.as_scenario_error():
            under[parse_location(loc)] = _cards(f"lieux.{loc}", cards, len(SHUFFLED))
    return resume(start, hunts=hunts, under=under)


def _write_start(state: State) -> dict[str, Any]:
    if state.manche != 1:
        return {}
    hunts = {p: {LOCATION_WORDS[loc]: [card_word(c) for c in h]
                 for loc, h in zip(LOCATIONS, slots) if h}
             for p, slots in zip(state.players, state.displays)}
    hunts = {p: spots for p, spots in hunts.items() if spots}
    laid = {LOCATION_WORDS[loc]: [card_word(c) for c in cards[1:]]
            for loc, cards in zip(LOCATIONS, state.under) if cards[1:]}
    return {**({"chasses": hunts} if hunts else {}), **({"lieux": laid} if laid else {})}


def _write_action(action: Action) -> dict[str, Any]:
    if isinstance(action, Draw):
        return {"joueur": action.seat, "action": "piocher"}
    if isinstance(action, Take):
        return {"joueur": action.seat, "action": "recuperer",
                "lieu": LOCATION_WORDS[action.location]}
    if isinstance(action, Lay):
        move = {"joueur": action.seat, "action": "poser", "carte": card_word(action.card)}
        if not (isinstance(action.card, Vampire) and action.card.location == action.location):
            move["lieu"] = LOCATION_WORDS[action.location]  # a joker's location
        return move
    if isinstance(action, EndTurn):
        return {"joueur": action.seat, "action": "finir"}
    return {"joueur": action.seat, "action": "chasser",
            "cartes": [card_word(c) for c in action.cards]}


def _facts(state: State) -> dict[str, Any]:
    names = state.players
    return {
        "manche": state.manche,
        "trait": names[state.turn],
        "phase": state.phase,
        "mains": {p: [card_code(c) for c in h] for p, h in zip(names, state.hands)},
        "lieux": {loc: [card_code(c) for c in cs] for loc, cs in zip(LOCATIONS, state.under)},
        "chasses": {p: {loc: [card_code(c) for c in h] for loc, h in zip(LOCATIONS, slots) if h}
                    for p, slots in zip(names, state.displays)},
        "pioche": len(state.deck),
    }


READINGS = (
    sc.Reading("apres_la_pioche", "draw", {"hand": "en main", "drawn": "une des deux tirées"}),
    sc.Reading("recuperer", "take", {"hunt_required": "si une chasse suit", "free": "toujours"}),
    sc.Reading("joker", "joker_heads", {1: "1 tête", 2: "2 têtes"}),
    sc.Reading("manches", "manches", {3: "3 manches", 1: "1 manche"}),
    sc.Reading("chasses_par_tour", "hunts", {"one": "une", "several": "plusieurs"}),
)

GUIDE = ("premier : qui joue en premier ; [[donnes]], une par manche : mains.Nom = [4 cartes], "
         "pioche = [du dessus vers le dessous] ; une carte s’écrit lieu:têtes (\"château:1\", "
         "\"taverne:2\") ou \"joker\" ; lieux : cimetière, asile, taverne, château, église, "
         "docks ; des chasses déjà exposées : chasses.Nom = { château = [cartes] } ; des "
         "cartes déjà posées sous un lieu, sur son vampire de départ : lieux = { château = "
         "[cartes] } ; "
         "coups : { joueur = …, action = \"piocher\" }, \"poser\" avec carte (et lieu "
         "pour un joker), \"récupérer\" avec lieu, \"chasser\" avec cartes, \"finir\" "
         "(après une chasse, si l’on joue plusieurs chasses par tour).")

EXAMPLE = """joueurs = ["Anke", "Bernd", "Chloé"]
variante = "manche-unique"
premier = "Bernd"
coups = [{ joueur = "Bernd", action = "piocher" }]

[[donnes]]
pioche = ["église:2", "château:1", "joker"]
mains.Anke = ["château:1", "château:2", "taverne:1", "joker"]
mains.Bernd = ["docks:1", "docks:2", "église:1", "joker"]
mains.Chloé = ["taverne:2", "taverne:1", "asile:1", "cimetière:2"]
"""

SCENARIO: sc.Notation[State, Action] = sc.Notation(
    ("premier", "donnes"), _read_chance, _write_chance, parse_move, _write_action, _facts,
    READINGS, GUIDE, EXAMPLE, ("chasses", "lieux"), _read_start, _write_start)

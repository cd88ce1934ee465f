"""How Drahtseilakt writes an exact scenario (:data:`SCENARIO`).

What chance decides: ``donneur`` (the first dealer; by default the first player, so the second
one leads) and, manche by manche, ``donnes = [{ mains = { Alex = [1, 7, 12, …] }, score = [3,
"0 bleu", …] }]``: each player's 9 cards and the score cards, top first. Whatever is not written
(a hand or part of it, the rest of the score cards, a whole manche) is drawn from ``graine``.
A move is written ``{ joueur = "Alex", carte = 12 }``, as in the worked examples.
"""

from __future__ import annotations

import random
from collections.abc import Hashable, Mapping
from typing import Any

from tutor import fr
from tutor.engine import scenario as sc
from tutor.engine.core import Record
from tutor.engine.examples import check_keys
from tutor.games.drahtseilakt.core import (
    C_CARDS,
    C_SCORE_CARDS,
    HAND_SIZE,
    SCORE_CARDS,
    number_cards,
)
from tutor.games.drahtseilakt.engine import (
    FIRST_DEALER,
    Play,
    State,
    deals,
    resume,
    seat_index_in,
)
from tutor.games.drahtseilakt.examples import parse_move


def _read_chance(data: Mapping[str, Any], players: tuple[str, ...], variant: Any,
                 seed: int) -> Record:
    rng = random.Random(seed)
    n = len(players)
    cards = number_cards(variant, n)
    first = seat_index_in(players, data.get("donneur", players[0]))
    drawn: list[tuple[Hashable, ...]] = []
    for where, spec in sc.written_deals(data, n, ("mains", "score")):
        pool = list(cards)
        hands = sc.written_hands(where, spec, players, lambda w, h: sc.listed(w, h, HAND_SIZE),
                                 pool, C_CARDS, known=cards)
        dealt, others = sc.deal(players, hands, sc.rest(pool, rng), HAND_SIZE)
        scores_pool = list(SCORE_CARDS)
        written = sc.listed(f"{where}, score", spec.get("score", []), len(SCORE_CARDS))
        top = sc.take(f"{where}, score", written, scores_pool, C_SCORE_CARDS, known=SCORE_CARDS)
        drawn += [tuple(dealt) + tuple(sorted(others)), tuple(top) + sc.rest(scores_pool, rng)]
    return Record(tuple(drawn), ((FIRST_DEALER, first),))


def _write_chance(state: State) -> dict[str, Any]:
    names = state.players
    return {
        "donneur": names[state.first_dealer],
        "donnes": [{"mains": {p: sorted(d.cards[HAND_SIZE * i:HAND_SIZE * (i + 1)])
                              for i, p in enumerate(names)},
                    "score": list(d.scores)} for d in deals(state)],
    }


def _read_start(data: Mapping[str, Any], start: State) -> State:
    """The position of ``manche``, ``manches_jouees`` and ``batons`` (see :func:`resume`)."""
    where = "batons"
    sticks = sc.per_player(where, data.get("batons", {}), start.players)
    red, blue = {}, {}
    for p, held in sticks.items():
        if not isinstance(held, dict):
            raise sc.ScenarioError(fr.typography(
                f"batons.{p} : une table {{ rouges = …, bleus = … }}, par exemple "
                f"batons.{p} = {{ rouges = 2, bleus = 0 }}."))
        with sc.as_scenario_error():
            check_keys(f"batons.{p}", held, (), ("rouges", "bleus"))
        red[p], blue[p] = held.get("rouges", 0), held.get("bleus", 0)
    history = sc.per_player("manches_jouees", data.get("manches_jouees", {}), start.players)
    for p, scores in history.items():
        if not isinstance(scores, list):
            raise sc.ScenarioError(fr.typography(
                f"manches_jouees.{p} : la liste de ses scores des manches jouées, par exemple "
                f"manches_jouees.{p} = [4, 0]."))
    return resume(start, manche=data.get("manche", 1), history=history, red=red, blue=blue)


def _write_start(state: State) -> dict[str, Any]:
    if state.manche == 0 and not any(state.red) and not any(state.blue):
        return {}
    # a game over (a score sheet set up, or played to the end): the manche after the last
    out: dict[str, Any] = {"manche": state.manche + 1}
    if state.manche:
        out["manches_jouees"] = {p: list(h) for p, h in zip(state.players, state.history)}
    sticks = {p: {k: v for k, v in (("rouges", r), ("bleus", b)) if v}
              for p, r, b in zip(state.players, state.red, state.blue) if r or b}
    if sticks:
        out["batons"] = sticks
    return out


def _write_action(action: Play) -> dict[str, Any]:
    return {"joueur": action.seat, "carte": action.card}


def _facts(state: State) -> dict[str, Any]:
    names = state.players
    return {
        "manche": min(state.manche + 1, len(names)),
        "pli": state.tricks + 1,
        "entame": names[state.leader],
        "mains": {p: list(h) for p, h in zip(names, state.hands)},
        "revelees": list(state.revealed),
        "pli_en_cours": {p: c for p, c in state.trick},
        "batons": {p: {"rouges": r, "bleus": b}
                   for p, r, b in zip(names, state.red, state.blue)},
        "manches_jouees": {p: list(h) for p, h in zip(names, state.history)},
    }


READINGS = (
    sc.Reading("cartes", "deck", {"full": "1 à 50", "tactical": "tactique"}),
    sc.Reading("on_joue", "play", {"in_turn": "à tour de rôle", "simultaneous": "en même temps"}),
    sc.Reading("reserve", "supply", {"finite": "limitée", "unlimited": "jetons"}),
    sc.Reading("paires", "pairs", {"immediate": "aussitôt", "end_of_manche": "en fin de manche"}),
)

GUIDE = ("donneur : qui donne la première manche (le joueur suivant entame) ; [[donnes]], une "
         "par manche : mains.Nom = [9 cartes], score = [cartes score du dessus vers le dessous, "
         "\"0 bleu\", \"0 rouge\"] ; pour commencer plus loin : manche = 2, "
         "manches_jouees.Nom = [ses scores des manches d’avant], batons.Nom = { rouges = …, "
         "bleus = … } ; coups : { joueur = …, carte = … }.")

EXAMPLE = """joueurs = ["Alex", "Béa", "Chloé"]
donneur = "Béa"
coups = [{ joueur = "Chloé", carte = 29 }]

[[donnes]]
score = [3, "0 bleu", 4]
mains.Alex = [1, 2, 3, 4, 5, 6, 7, 8, 9]
mains.Béa = [11, 12, 13, 14, 15, 16, 17, 18, 19]
mains.Chloé = [21, 22, 23, 24, 25, 26, 27, 28, 29]
"""

SCENARIO: sc.Notation[State, Play] = sc.Notation(
    ("donneur", "donnes"), _read_chance, _write_chance, parse_move, _write_action, _facts,
    READINGS, GUIDE, EXAMPLE, ("manche", "manches_jouees", "batons"), _read_start,
    _write_start)

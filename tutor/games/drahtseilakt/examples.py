"""Drahtseilakt's worked-example kinds: the ```toml exemple``` blocks of the rule file, replayed.

``type = "pli"``: one trick of the first manche: the score cards on top of the ``pioche``, the
``cartes`` in playing order (the first player leads), the sticks held ``avant``; expected
``valeur``, ``bleus`` and ``rouges`` received, sticks held ``apres`` and the player who leads the
``suivant`` trick. ``type = "refus"``: the ``coups`` played, then the refused ``coup`` citing
``article``. ``type = "decompte"``: the ``scores`` of each manche to the ``totaux``, the
``annulees`` manches (numbered from 1) and the ``vainqueurs``. ``type = "donne"``: a deal for
``joueurs`` with expected ``en_jeu`` cards and ``cachees`` cards.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import partial
from typing import Any

from tutor import fr
from tutor.engine import Event, IllegalAction, Won, api
from tutor.engine import examples as ex
from tutor.games.drahtseilakt import events as ev
from tutor.games.drahtseilakt.core import (
    HAND_SIZE,
    SCORE_CARDS,
    ZERO_BLUE,
    ZERO_RED,
    ScoreCard,
    Variant,
    final_totals,
    is_score_card,
    number_cards,
    reveal,
    shown,
    winners_of,
)
from tutor.games.drahtseilakt.engine import (
    Play,
    State,
    View,
    deals,
    situation,
)

Game = api.Game[State, Play, View, ev.DrahtseilaktEvent]


def kinds(game: Game) -> dict[str, ex.Kind]:
    """The kinds of worked example of ``rules/drahtseilakt.fr.md`` (see the module docstring),
    played on ``game``; each raises only :class:`ExampleError` (a French reason) when the data
    is malformed or describes an impossible position."""
    return {"pli": partial(_example_trick, game), "refus": partial(_example_refusal, game),
            "decompte": lambda d, _: _example_count(d), "donne": partial(_example_deal, game)}

def _names(where: str, value: object) -> list[str]:
    if not isinstance(value, list) or not all(type(v) is str for v in value):
        raise ex.ExampleError(f"{where} doit être une liste de noms")
    return list(value)


def _score_list(where: str, value: object) -> tuple[ScoreCard, ...]:
    if not isinstance(value, list) or not all(is_score_card(c) for c in value):
        raise ex.ExampleError(f"{where} doit être une liste de cartes score (1 à 9, "
                              f"{fr.quote(ZERO_BLUE)}, {fr.quote(ZERO_RED)})")
    if len(set(value)) != len(value):
        raise ex.ExampleError(f"{where} : chaque carte score n’existe qu’une fois")
    return tuple(value)


def _holdings(where: str, value: object) -> dict[str, tuple[int, int]]:
    if not isinstance(value, dict):
        raise ex.ExampleError(f"{where} doit être une table joueur = {{ rouges = n, bleus = n }}")
    out = {}
    for p, spec in value.items():
        if not isinstance(spec, dict):
            raise ex.ExampleError(f"{where}.{p} doit être une table {{ rouges = n, bleus = n }}")
        ex.check_keys(f"{where}.{p}", spec, (), ("rouges", "bleus"))
        counts = ex.int_table(f"{where}.{p}", spec)
        out[p] = (counts.get("rouges", 0), counts.get("bleus", 0))
    return out


def parse_move(where: str, value: object) -> Play:
    """One move as worked examples and scenarios write it: ``{ joueur = ..., carte = ... }``."""
    if not isinstance(value, dict):
        raise ex.ExampleError(f"{where} doit être une table {{ joueur = ..., carte = ... }}")
    ex.check_keys(where, value, ("joueur", "carte"), ())
    if type(value["joueur"]) is not str or type(value["carte"]) is not int:
        raise ex.ExampleError(f"{where} : joueur est un nom et carte un nombre entier")
    return Play(value["joueur"], value["carte"])


def _example_state(data: Mapping[str, Any], rules: Variant,
                   hands_spec: Mapping[str, Sequence[int]]) -> State:
    names = list(hands_spec)
    pile = _score_list("pioche", data["pioche"])
    deck = pile + tuple(c for c in SCORE_CARDS if c not in pile)
    cards = number_cards(rules, len(names)) if 3 <= len(names) <= 5 else ()
    used = {c for cs in hands_spec.values() for c in cs}
    spare = [c for c in cards if c not in used]
    hands: dict[str, list[int]] = {}
    for p in names:
        mine = list(hands_spec[p])
        need = HAND_SIZE - len(mine)
        if need < 0:
            raise ex.ExampleError(f"main {fr.of(p)} : au plus {HAND_SIZE} cartes")
        hands[p] = mine + spare[:need]
        spare = spare[need:]
    before = _holdings("avant", data.get("avant", {}))
    return situation(names, hands=hands, score_deck=deck, variant=rules,
                     red={p: r for p, (r, _) in before.items()},
                     blue={p: b for p, (_, b) in before.items()})


def _example_trick(game: Game, data: Mapping[str, Any], rules: Variant) -> ex.ExampleRun:
    ex.check_keys("exemple", data, ("pioche", "cartes"),
                  ex.COMMON_KEYS + ("avant", "valeur", "bleus", "rouges", "apres", "suivant"))
    plays = ex.int_table("cartes", data["cartes"])
    state = _example_state(data, rules, {p: [c] for p, c in plays.items()})
    events: list[Event] = list(reveal(deals(state)[0].scores).events)
    out: list[str] = []
    before = state
    for p, c in plays.items():
        state, evs = game.apply(state, Play(p, c))
        events.extend(evs)
    cut = next(k for k, e in enumerate(events) if isinstance(e, ev.TrickEnds))
    events = events[: cut + 1]
    if "valeur" in data:
        ex.compare("valeur", data["valeur"], before.stake.value, out)
    received: dict[str, dict[str, int]] = {"bleus": {}, "rouges": {}}
    for e in events:
        match e:
            case ev.TakesBlue(seat=str(who), count=count) | ev.TakesRed(seat=str(who), count=count):
                received["bleus" if e.COLOUR == "blue" else "rouges"][who] = count
            case ev.ReserveShort(seat=str(who), colour=colour, got=given):
                received["bleus" if colour == "blue" else "rouges"][who] = given
    for key in ("bleus", "rouges"):
        if key in data:
            ex.compare(f"{key} reçus", ex.int_table(key, data[key]), received[key], out)
    if "apres" in data:
        for p, (r, b) in _holdings("apres", data["apres"]).items():
            k = state.players.index(p) if p in state.players else None
            got = None if k is None else (state.red[k], state.blue[k])
            ex.compare(f"bâtonnets {fr.of(p)} après le pli (rouges, bleus)", (r, b), got, out)
    if "suivant" in data:
        ex.compare("entame du pli suivant", data["suivant"], state.players[state.leader], out)
    return ex.ExampleRun(tuple(events), tuple(out))


def _example_refusal(game: Game, data: Mapping[str, Any], rules: Variant
                     ) -> ex.ExampleRun:
    ex.check_keys("exemple", data, ("pioche", "mains", "coup", "article"),
                  ex.COMMON_KEYS + ("coups", "avant"))
    mains = data["mains"]
    if not isinstance(mains, dict):
        raise ex.ExampleError("mains doit être une table joueur = [cartes]")
    hands = {p: ex.int_list(f"mains.{p}", v) for p, v in mains.items()}
    state = _example_state(data, rules, hands)
    events: list[Event] = list(reveal(deals(state)[0].scores).events)
    moves = data.get("coups", [])
    if not isinstance(moves, list):
        raise ex.ExampleError("coups doit être une liste de tables { joueur = ..., carte = ... }")
    for k, move in enumerate(moves, 1):
        try:
            state, evs = game.apply(state, parse_move(f"coup {k}", move))
        except IllegalAction as exc:
            raise ex.ExampleError(f"coup {k} impossible : {exc.reason}") from None
        events.extend(evs)
    refused = parse_move("coup", data["coup"])
    out: list[str] = []
    try:
        game.apply(state, refused)
    except IllegalAction as exc:
        events.append(ev.PlayRefused(seat=refused.seat, card=refused.card, reason=exc.reason,
                                     clause=exc.clause))
        ex.compare("article enfreint", data["article"], exc.clause, out)
    else:
        out.append(f"coup refusé : attendu un refus ({shown(data['article'])}), le coup a "
                   "été accepté")
    return ex.ExampleRun(tuple(events), tuple(out))


def _example_count(data: Mapping[str, Any]) -> ex.ExampleRun:
    ex.check_keys("exemple", data, ("scores",),
                  ex.COMMON_KEYS + ("totaux", "annulees", "vainqueurs"))
    raw = data["scores"]
    if not isinstance(raw, dict):
        raise ex.ExampleError("scores doit être une table joueur = [score de chaque manche]")
    scores = {p: ex.int_list(f"scores.{p}", v) for p, v in raw.items()}
    result = final_totals(scores)
    won = winners_of(result.totals)
    out: list[str] = []
    if "totaux" in data:
        ex.compare("totaux", ex.int_table("totaux", data["totaux"]), result.totals, out)
    if "annulees" in data:
        if not isinstance(data["annulees"], dict):
            raise ex.ExampleError("annulees doit être une table joueur = [manches]")
        expected = {p: sorted(ex.int_list(f"annulees.{p}", v)) for p, v in data["annulees"].items()}
        got = {p: sorted(k + 1 for k in v) for p, v in result.cancelled.items() if v}
        ex.compare("manches annulées", expected, got, out)
    if "vainqueurs" in data:
        ex.compare("vainqueurs", tuple(_names("vainqueurs", data["vainqueurs"])), won.winners, out)
    events = (*result.events, Won(outcome=won, clause=won.clause))
    return ex.ExampleRun(events, tuple(out))


def _example_deal(game: Game, data: Mapping[str, Any], rules: Variant) -> ex.ExampleRun:
    ex.check_keys("exemple", data, ("joueurs",), ex.COMMON_KEYS + ("graine", "en_jeu", "cachees"))
    names = _names("joueurs", data["joueurs"])
    seed = data.get("graine", 0)
    if type(seed) is not int:
        raise ex.ExampleError("graine doit être un nombre entier")
    state = game.new_game(names, seed=seed, variant=rules)
    seen = game.view(state, None)
    out: list[str] = []
    if "en_jeu" in data:
        ex.compare("cartes en jeu", data["en_jeu"], len(seen.cards_in_play()), out)
    if "cachees" in data:
        ex.compare("cartes non distribuées", data["cachees"], seen.unseen_count, out)
    events = game.opening_events(state)
    told = tuple(e for e in events
                 if isinstance(e, (ev.CardsInPlay, ev.MancheStarts, ev.Dealt, ev.Leads)))
    return ex.ExampleRun(told, tuple(out))

"""Vampir's worked-example kinds: the ```toml exemple``` blocks of ``rules/vampir.fr.md``,
replayed (:func:`kinds`). Cards are written ``"castle:1"``, ``"pub:2"``, ``"joker"``.

``type = "chasse"`` (are these cards a hunt?): the ``cartes`` and whether they form a hunt
(``valide``, optional ``couleur``). ``type = "decompte"`` (score hunts colour by colour): each
player's ``chasses`` (table lieu = [1, 2, "joker"]) to the expected ``points`` and optional
``defaussent`` (table lieu = [joueurs]). ``type = "tour"`` (a position and the moves played): a
position (``joueurs``, ``mains``, ``pioche``, optional ``lieux``, ``chasses``, ``trait``) and the
``[[coups]]`` played, then the expected ``[attendu]`` (``mains``, ``lieux``, ``chasses``, ``fin``,
``points``) or ``refus``: the clause id the last coup breaks. Any malformed example raises
:class:`~tutor.engine.examples.ExampleError` with a French reason, never another exception.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import partial
from typing import Any

from tutor.engine import Event, IllegalAction, Refused, api
from tutor.engine import examples as ex

from . import events as ev
from .actions import Action, Draw, EndTurn, Hunt, Lay, Take
from .cards import (
    JOKER,
    LOCATIONS,
    Card,
    Vampire,
    card_code,
    parse_card,
    parse_location,
    shown,
    sort_cards,
)
from .hunts import Variant, is_valid_hunt, score
from .state import State, View, situation

Game = api.Game[State, Action, View, ev.VampirEvent]


def _table(where: str, value: object, what: str) -> dict[str, Any]:
    if not isinstance(value, dict) or not all(type(k) is str for k in value):
        raise ex.ExampleError(f"{where} doit être une table {what}")
    return value


def _card_list(where: str, value: object) -> tuple[Card, ...]:
    if not isinstance(value, list):
        raise ex.ExampleError(f"{where} doit être une liste de cartes")
    return tuple(parse_card(v) for v in value)


def _hunt_spec(where: str, location: str, value: object) -> tuple[Card, ...]:
    """``[2, 1, "joker"]`` under ``location`` -> the cards of that hunt."""
    if location not in LOCATIONS:
        raise ex.ExampleError(f"{where} : lieu inconnu {shown(location)} (lieux : "
                              f"{', '.join(LOCATIONS)})")
    if not isinstance(value, list):
        raise ex.ExampleError(f"{where}.{location} doit être une liste (1, 2 ou « joker »)")
    out: list[Card] = []
    for v in value:
        if v == "joker" and type(v) is str:
            out.append(JOKER)
        elif type(v) is int and v in (1, 2):
            out.append(Vampire(location, v))
        else:
            raise ex.ExampleError(f"{where}.{location} : {shown(v)} n’est ni 1, ni 2, ni « joker »")
    return sort_cards(out)


def _hunts_table(where: str, value: object) -> dict[str, dict[str, tuple[Card, ...]]]:
    out = {}
    for player, hunts in _table(where, value, "joueur = { lieu = [têtes] }").items():
        table = _table(f"{where}.{player}", hunts, "lieu = [têtes]")
        out[player] = {loc: _hunt_spec(f"{where}.{player}", loc, v) for loc, v in table.items()}
    return out


def hunts_of_example(data: Mapping[str, Any]) -> dict[str, list[tuple[Card, ...]]]:
    """The hunts of a ``decompte`` example, as :func:`score` takes them (for the page)."""
    table = _table("exemple", data, "TOML")
    return {p: list(h.values()) for p, h in _hunts_table("chasses", table.get("chasses")).items()}


def _example_hunt(data: Mapping[str, Any], rules: Variant) -> ex.ExampleRun:
    ex.check_keys("exemple", data, ("cartes", "valide"), ex.COMMON_KEYS + ("couleur",))
    cards = _card_list("cartes", data["cartes"])
    result = is_valid_hunt(cards, rules)
    out: list[str] = []
    ex.compare("chasse valide", data["valide"], result.ok, out)
    if "couleur" in data:
        ex.compare("couleur", data["couleur"], result.location, out)
    event = ev.HuntChecked(cards=cards, check=result, clause=result.clause)
    return ex.ExampleRun((event,), tuple(out))


def _example_score(data: Mapping[str, Any], rules: Variant) -> ex.ExampleRun:
    ex.check_keys("exemple", data, ("chasses",), ex.COMMON_KEYS + ("points", "defaussent"))
    result = score(hunts_of_example(data), rules)
    out: list[str] = []
    if "points" in data:
        ex.compare("points", _table("points", data["points"], "joueur = points"),
                   dict(result.points), out)
    if "defaussent" in data:
        expected = _table("defaussent", data["defaussent"], "lieu = [joueurs]")
        if not all(isinstance(v, list) for v in expected.values()):
            raise ex.ExampleError("defaussent doit être une table lieu = [joueurs]")
        got = {c.location: list(c.discard) for c in result.colours if c.discard}
        ex.compare("défausses", {k: list(v) for k, v in expected.items() if v}, got, out)
    return ex.ExampleRun(result.events, tuple(out))


_MOVE_KEYS = ("joueur", "action", "carte", "lieu", "cartes")


def parse_move(where: str, spec: object) -> Action:
    """One move as worked examples and scenarios write it (``joueur``, ``action`` and the
    action's ``carte``, ``lieu`` or ``cartes``); :class:`ExampleError` naming ``where``."""
    if not isinstance(spec, dict):
        raise ex.ExampleError(f"{where} : table attendue")
    ex.check_keys(where, spec, ("joueur", "action"), _MOVE_KEYS)
    seat, what = spec["joueur"], spec["action"]
    if what == "piocher":
        return Draw(seat)
    if what == "recuperer":
        return Take(seat, parse_location(spec.get("lieu", "")))
    if what == "poser":
        card = parse_card(spec.get("carte"))
        here = card.location if isinstance(card, Vampire) else ""
        return Lay(seat, card, parse_location(spec.get("lieu", here)))
    if what == "chasser":
        return Hunt(seat, _card_list(f"{where}.cartes", spec.get("cartes")))
    if what == "finir":
        return EndTurn(seat)
    raise ex.ExampleError(f"{where} : action inconnue {shown(what)} (actions possibles : piocher, "
                          "poser, recuperer, chasser, finir)")


def _example_turns(game: Game, data: Mapping[str, Any], rules: Variant) -> ex.ExampleRun:
    ex.check_keys("exemple", data, ("joueurs", "mains", "pioche", "coups"),
                  ex.COMMON_KEYS + ("lieux", "chasses", "trait", "attendu", "refus"))
    hands = _table("mains", data["mains"], "joueur = [cartes]")
    lieux = _table("lieux", data.get("lieux", {}), "lieu = [cartes]")
    state = situation(data["joueurs"],
                      hands={p: _card_list(f"mains.{p}", c) for p, c in hands.items()},
                      deck=_card_list("pioche", data["pioche"]),
                      under={loc: _card_list(f"lieux.{loc}", c) for loc, c in lieux.items()},
                      displays=_hunts_table("chasses", data.get("chasses", {})),
                      turn=data.get("trait"), variant=rules)
    moves = data["coups"]
    if not isinstance(moves, list) or not moves:
        raise ex.ExampleError("il faut au moins un [[coups]]")
    events: list[Event] = []
    out: list[str] = []
    refusal = data.get("refus")
    for k, spec in enumerate(moves, 1):
        action = parse_move(f"coup {k}", spec)
        try:
            state, evs = game.apply(state, action)
        except IllegalAction as exc:
            if not (k == len(moves) and refusal):
                raise ex.ExampleError(f"coup {k} : coup impossible : {exc.reason}") from None
            seat = action.seat if type(action.seat) is str else None
            events.append(Refused(seat=seat, reason=exc.reason, clause=exc.clause))
            ex.compare("article enfreint", refusal, exc.clause, out)
            return ex.ExampleRun(tuple(events), tuple(out))
        events.extend(evs)
    if refusal:
        out.append(f"coup refusé : attendu un refus ({refusal}), le coup a été accepté")
    _expect_position(game, data.get("attendu", {}), state, events, out)
    return ex.ExampleRun(tuple(events), tuple(out))


def _expect_position(game: Game, expected: object, state: State, events: Sequence[Event],
                     out: list[str]) -> None:
    table = _table("attendu", expected, "")
    ex.check_keys("attendu", table, (), ("mains", "lieux", "chasses", "fin", "points"))
    final = [e for e in events if isinstance(e, ev.HandsDiscarded)]
    if "mains" in table:
        hands = dict(final[-1].hands if final else zip(state.players, state.hands))
        for p, cards in _table("attendu.mains", table["mains"], "joueur = [cartes]").items():
            if p not in hands:
                raise ex.ExampleError(f"attendu.mains : joueur inconnu {shown(p)}")
            ex.compare(f"main de {p}", [card_code(c) for c in sort_cards(_card_list(p, cards))],
                       [card_code(c) for c in hands[p]], out)
    if "lieux" in table:
        for loc, cards in _table("attendu.lieux", table["lieux"], "lieu = [cartes]").items():
            if loc not in LOCATIONS:
                raise ex.ExampleError(f"attendu.lieux : lieu inconnu {shown(loc)}")
            ex.compare(f"cartes sous {loc}", sorted(card_code(c) for c in _card_list(loc, cards)),
                       sorted(card_code(c) for c in state.under[LOCATIONS.index(loc)]), out)
    if "chasses" in table:
        for p, hunts in _hunts_table("attendu.chasses", table["chasses"]).items():
            if p not in state.players:
                raise ex.ExampleError(f"attendu.chasses : joueur inconnu {shown(p)}")
            got = dict(zip(LOCATIONS, state.displays[state.players.index(p)]))
            ex.compare(f"chasses de {p}", {k: [card_code(c) for c in v] for k, v in hunts.items()},
                       {k: [card_code(c) for c in v] for k, v in got.items() if v}, out)
    if "fin" in table:
        ex.compare("manche finie", table["fin"], game.is_over(state), out)
    if "points" in table:
        got_points = [e for e in events if isinstance(e, ev.Points)]
        ex.compare("points", table["points"],
                   dict(got_points[-1].points) if got_points else None, out)


def kinds(game: Game) -> dict[str, ex.Kind]:
    """The kinds of worked example (see the module docstring), the moves played on ``game``."""
    return {"chasse": _example_hunt, "decompte": _example_score,
            "tour": partial(_example_turns, game)}

"""The worked examples of ``rules/vautours.fr.md``, replayed on the engine.

``type = "manche"``: one resolution (``pile``, ``cartes``, expected ``gagnant`` or
``sans_gagnant``, optional ``annulees`` and ``mode``). ``type = "suite"``: consecutive manches
from the point cards ``revelees`` (``derniere = true`` when they end the game) with expected
results per manche and a final ``[resultat]``. ``type = "decompte"``: final ``gains`` to
``scores`` and ``vainqueurs``. ``type = "refus"``: after the manches of a ``suite``, the ``coup``
is refused citing ``article``.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import partial
from typing import Any

from tutor import fr
from tutor.engine import Event, IllegalAction, Won, api
from tutor.engine import examples as ex
from tutor.games.vautours.engine import (
    _resolve,
    _scores,
    resolve_round,
    situation,
)
from tutor.games.vautours.events import Counted, RefusedPlay, RoundResult, VautoursEvent
from tutor.games.vautours.score import final_result
from tutor.games.vautours.state import (
    C_COUNT,
    HAND,
    POINT_CARDS,
    Play,
    State,
    Variant,
    View,
)

ROUND_KEYS = ("gagnant", "sans_gagnant", "annulees", "mode")


Game = api.Game[State, Play, View, VautoursEvent]


def kinds(game: Game) -> dict[str, ex.Kind]:
    """The kinds of worked example of this game, for ``game.run_example`` (those that play
    manches play them on ``game``)."""
    return {"manche": _example_round, "suite": partial(_example_sequence, game),
            "decompte": _example_count, "refus": partial(_example_refusal, game)}



def _text(value: object) -> str:
    return fr.quote(value if isinstance(value, str) else repr(value))


def _name(where: str, value: object) -> str | None:
    if value is not None and type(value) is not str:
        raise ex.ExampleError(f"{where} doit être un nom de joueur")
    return value


def _names(where: str, value: object) -> tuple[str, ...]:
    if not isinstance(value, list) or not all(type(v) is str for v in value):
        raise ex.ExampleError(f"{where} doit être une liste de noms de joueurs")
    return tuple(value)


def _table(where: str, value: object) -> Mapping[str, Any]:
    if not isinstance(value, Mapping):
        raise ex.ExampleError(f"{where} doit être une table")
    return value


def _expect_round(where: str, spec: Mapping[str, Any], result: RoundResult, out: list[str]) -> None:
    if "gagnant" in spec and "sans_gagnant" in spec:
        raise ex.ExampleError(f"{where} : « gagnant » et « sans_gagnant » s’excluent")
    if "gagnant" in spec:
        ex.compare(f"{where} gagnant", _name(f"{where}.gagnant", spec["gagnant"]), result.winner,
                   out)
    elif spec.get("sans_gagnant") is True:
        ex.compare(f"{where} gagnant", None, result.winner, out)
    else:
        raise ex.ExampleError(f"{where} : donner « gagnant » ou « sans_gagnant = true »")
    if "annulees" in spec:
        ex.compare(f"{where} valeurs annulées", ex.int_list(f"{where}.annulees", spec["annulees"]),
                   tuple(v for v, _ in result.cancelled), out)
    if "mode" in spec:
        if spec["mode"] not in ("suricate", "vautour"):
            raise ex.ExampleError(f"{where}.mode vaut « suricate » ou « vautour »")
        ex.compare(f"{where} mode", spec["mode"], result.mode, out)


def _example_round(data: Mapping[str, Any], rules: Variant) -> ex.ExampleRun:
    ex.check_keys("exemple", data, ("pile", "cartes"), ex.COMMON_KEYS + ROUND_KEYS)
    result = resolve_round(ex.int_table("cartes", data["cartes"]),
                           ex.int_list("pile", data["pile"]), rules)
    out: list[str] = []
    _expect_round("manche", data, result, out)
    return ex.ExampleRun(result.events, tuple(out))


def _example_sequence(game: Game, data: Mapping[str, Any], rules: Variant
                      ) -> ex.ExampleRun:
    ex.check_keys("exemple", data, ("revelees", "manches"),
                  ex.COMMON_KEYS + ("derniere", "resultat"))
    state, events, out = _play_sequence(game, data, rules)
    final = _table("resultat", data.get("resultat", {}))
    ex.check_keys("resultat", final, (), ("perdues", "scores", "vainqueurs"))
    if "perdues" in final:
        ex.compare("cartes perdues", sorted(ex.int_list("perdues", final["perdues"])),
                   sorted(state.lost), out)
    if "scores" in final:
        ex.compare("scores", ex.int_table("scores", final["scores"]), _scores(state), out)
    if "vainqueurs" in final:
        got = game.outcome(state).winners if game.is_over(state) else None
        ex.compare("vainqueurs", _names("vainqueurs", final["vainqueurs"]), got, out)
    return ex.ExampleRun(tuple(events), tuple(out))


def _example_refusal(game: Game, data: Mapping[str, Any], rules: Variant
                     ) -> ex.ExampleRun:
    ex.check_keys("exemple", data, ("revelees", "manches", "coup", "article"),
                  ex.COMMON_KEYS + ("derniere",))
    state, events, out = _play_sequence(game, data, rules)
    move = _table("coup", data["coup"])
    ex.check_keys("coup", move, ("joueur", "carte"), ())
    if type(data["article"]) is not str:
        raise ex.ExampleError("article doit être l’identifiant d’un article (vautours/...)")
    action = Play(move["joueur"], move["carte"])
    try:
        game.apply(state, action)
    except IllegalAction as exc:
        events.append(RefusedPlay(seat=_name("coup.joueur", move["joueur"]), action=action,
                                  reason=exc.reason, clause=exc.clause))
        ex.compare("article enfreint", data["article"], exc.clause, out)
    else:
        out.append(f"coup refusé : attendu un refus ({data['article']}), le coup a été accepté")
    return ex.ExampleRun(tuple(events), tuple(out))


def _play_sequence(game: Game, data: Mapping[str, Any], rules: Variant
                   ) -> tuple[State, list[Event], list[str]]:
    """Set up the manches of a ``suite`` or ``refus`` example and play them, checking each."""
    revealed = ex.int_list("revelees", data["revelees"])
    rounds = data["manches"]
    if not isinstance(rounds, list) or not rounds or len(rounds) > len(revealed):
        raise ex.ExampleError("il faut une entrée [[manches]] par carte révélée (au plus)")
    plays = []
    for k, spec in enumerate(rounds, 1):
        spec = _table(f"manche {k}", spec)
        ex.check_keys(f"manche {k}", spec, ("cartes",), ROUND_KEYS + ("gains",))
        plays.append(ex.int_table(f"manche {k}.cartes", spec["cartes"]))
    names = list(plays[0])
    if any(list(p) != names for p in plays):
        raise ex.ExampleError("chaque manche doit donner une carte pour les mêmes joueurs")
    last = data.get("derniere", False)
    if type(last) is not bool:
        raise ex.ExampleError("derniere vaut true ou false")
    if last and len(rounds) != len(revealed):
        raise ex.ExampleError("avec « derniere = true », il faut une manche par carte révélée")
    filler = () if last else tuple(c for c in POINT_CARDS if c not in revealed)
    hands = {}
    for p in names:
        mine = [r[p] for r in plays]
        spare = [c for c in HAND if c not in mine][: len(filler) + len(revealed) - len(rounds)]
        hands[p] = mine + spare
    state = situation(names, pile=revealed[:1], deck=revealed[1:] + filler, hands=hands,
                      variant=rules)
    events: list[Event] = []
    out: list[str] = []
    for k, (spec, round_plays) in enumerate(zip(rounds, plays), 1):
        result = _resolve(round_plays, state.pile, rules, False)
        for seat, card in round_plays.items():
            try:
                state, evs = game.apply(state, Play(seat, card))
            except IllegalAction as exc:
                raise ex.ExampleError(f"manche {k} : coup impossible : {exc.reason}") from None
            events.extend(evs)
        if "gagnant" in spec or "sans_gagnant" in spec:
            _expect_round(f"manche {k}", spec, result, out)
        if "gains" in spec:
            for p, cards in ex.list_table(f"manche {k}.gains", spec["gains"]).items():
                ex.compare(f"manche {k} gains {fr.of(p)}", sorted(cards),
                           sorted(state.taken[names.index(p)]) if p in names else None, out)
    return state, events, out


def _example_count(data: Mapping[str, Any], rules: Variant) -> ex.ExampleRun:
    ex.check_keys("exemple", data, ("gains",), ex.COMMON_KEYS + ("scores", "vainqueurs"))
    gains = ex.list_table("gains", data["gains"])
    if not gains:
        raise ex.ExampleError("gains doit nommer au moins un joueur")
    scores = {p: sum(cards) for p, cards in gains.items()}
    result = final_result(scores, gains, rules)
    out: list[str] = []
    if "scores" in data:
        ex.compare("scores", ex.int_table("scores", data["scores"]), scores, out)
    if "vainqueurs" in data:
        ex.compare("vainqueurs", _names("vainqueurs", data["vainqueurs"]), result.winners, out)
    events = (
        Counted(scores=tuple(scores.items()), taken=tuple(gains.items()), clause=C_COUNT),
        Won(outcome=result, clause=result.clause),
    )
    return ex.ExampleRun(events, tuple(out))

"""The worked examples of ``rules/vaiko.fr.md``, replayed on the engine (:func:`kinds`).

Any malformed example (wrong types, empty tables, unknown player names, missing keys) gives an
:class:`~tutor.engine.examples.ExampleError` with a French reason, never another exception.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import partial
from typing import Any

from tutor import fr
from tutor.engine import Event, IllegalAction, Outcome, Refused, Won, api
from tutor.engine import examples as ex
from tutor.games.vaiko import state as vs
from tutor.games.vaiko.events import Penalty, RoundEnds, Totals, VaikoEvent
from tutor.games.vaiko.scoring import is_game_over, score_round, winner_text, winners
from tutor.games.vaiko.setup import situation

Game = api.Game[vs.State, vs.Action, vs.View, VaikoEvent]


def kinds(game: Game) -> dict[str, ex.Kind]:
    """The kinds of worked example of ``rules/vaiko.fr.md``, played on ``game``.

    ``type = "partie"``: a position (``mains``, ``pioche``, ``defausse``, optional ``tour``,
    ``connues``, ``annonce``, ``totaux``, ``debut = "regard"``, ``reste = "defausse"``) then the
    ``coups`` in order, each checked, then the ``[attendu]`` facts and, with ``[refus]``, one
    more move that must be refused citing ``article``. ``type = "decompte"``:
    :func:`~.scoring.score_round` from ``points`` and ``annonceur`` to ``scores``.
    ``type = "fin"``: ``totaux`` to ``fin`` and ``vainqueurs``.
    Raises :class:`ExampleError` if the data is malformed.
    """
    return {"partie": partial(_example_game, game), "decompte": _example_count,
            "fin": lambda d, _: _example_end(d)}

_MOVE_KEYS = ("joueur", "action", "carte", "cible", "cartes", "source")
_MOVES = ("regarder", "piocher", "echanger", "jeter", "regarder-main", "vision", "echange",
          "tenter", "passer", "vaiko", "finir")


def parse_move(move: object) -> vs.Action:
    """A move of a worked example (``{ joueur = "Alex", action = "echanger", carte = 2 }``, card
    numbers from 1) as an engine action."""
    if not isinstance(move, dict):
        raise ex.ExampleError("un coup doit être une table { joueur = ..., action = ... }")
    ex.check_keys("coup", move, ("joueur", "action"), _MOVE_KEYS[2:])
    seat, what = move["joueur"], move["action"]
    if not isinstance(seat, str) or not isinstance(what, str):
        raise ex.ExampleError("un coup demande joueur = \"Nom\" et action = \"...\" (des textes)")

    def slot(key: str = "carte") -> int:
        if key not in move or type(move[key]) is not int:
            raise ex.ExampleError(f"le coup {fr.quote(what)} demande {fr.quote(key)} (un numéro "
                                  "de carte)")
        return int(move[key]) - 1

    if what == "regarder":
        return vs.Peek(seat, slot())
    if what == "piocher":
        source = move.get("source", "pioche")
        if source not in ("pioche", "defausse"):
            raise ex.ExampleError("source : « pioche » ou « defausse »")
        return vs.Draw(seat, "deck" if source == "pioche" else "discard")
    if what == "vision":
        if not isinstance(move.get("cible"), str):
            raise ex.ExampleError("le coup « vision » demande « cible » (un joueur)")
        return vs.Look(seat, move["cible"], slot())
    if what == "echange":
        pair = move.get("cartes")
        if (not isinstance(pair, list) or len(pair) != 2 or not all(
                isinstance(p, list) and len(p) == 2 and isinstance(p[0], str)
                and type(p[1]) is int for p in pair)):
            raise ex.ExampleError("le coup « echange » demande cartes = [[joueur, n], [joueur, n]]")
        (a, s), (b, t) = pair
        return vs.Exchange(seat, a, s - 1, b, t - 1)
    if what == "echanger":
        return vs.Swap(seat, slot())
    if what == "tenter":
        return vs.Match(seat, slot())
    simple: dict[str, type[vs.Discard | vs.LookHand | vs.Pass | vs.Call | vs.EndTurn]] = {
        "jeter": vs.Discard, "regarder-main": vs.LookHand, "passer": vs.Pass, "vaiko": vs.Call,
        "finir": vs.EndTurn}
    if what in simple:
        return simple[what](seat)
    raise ex.ExampleError(f"action inconnue {fr.quote(what)} (actions possibles : "
                          f"{', '.join(_MOVES)})")


_GAME_KEYS = ("tour", "connues", "annonce", "totaux", "debut", "reste", "attendu", "refus")
_EXPECT_KEYS = ("mains", "defausse", "a_jouer", "connues", "points", "totaux", "fin_de_manche",
                "fin", "vainqueurs", "penalites", "pioche")


def _faces(where: str, value: object) -> tuple[str, ...]:
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise ex.ExampleError(f"{where} doit être une liste de cartes (textes)")
    return tuple(value)


def _names(where: str, value: object, players: Sequence[str]) -> tuple[str, ...]:
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise ex.ExampleError(f"{where} doit être une liste de joueurs")
    for name in value:
        _player(where, name, players)
    return tuple(value)


def _player(where: str, name: object, players: Sequence[str]) -> str:
    if not isinstance(name, str) or name not in players:
        raise ex.ExampleError(f"{where} : joueur inconnu {fr.quote(str(name))} (joueurs : "
                              f"{fr.join(players)})")
    return name


def _table(where: str, value: object, players: Sequence[str]) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise ex.ExampleError(f"{where} doit être une table joueur = ...")
    for name in value:
        _player(where, name, players)
    return value


def _spots(where: str, value: object, players: Sequence[str]) -> list[tuple[str, int]]:
    """``["Carla:2", ...]`` as ``(owner, slot)`` pairs, 0-based."""
    if not isinstance(value, list):
        raise ex.ExampleError(f"{where} doit être une liste « Joueur:n »")
    out = []
    for item in value:
        owner, _, num = str(item).rpartition(":")
        if not isinstance(item, str) or not owner or not num.isdigit() or int(num) < 1:
            raise ex.ExampleError(f"{where} : {fr.quote(str(item))} n’est pas de la forme "
                                  "« Joueur:n »")
        out.append((_player(where, owner, players), int(num) - 1))
    return out


def _flag(where: str, value: object) -> bool:
    if type(value) is not bool:
        raise ex.ExampleError(f"{where} doit valoir true ou false")
    return value


def example_start(data: Mapping[str, Any], rules: vs.Variant | None = None) -> vs.State:
    """The position a ``partie`` example starts from (:class:`ExampleError` if malformed)."""
    if rules is None:
        try:
            rules = vs.Variant.coerce(data.get("variante"))
        except ValueError as exc:
            raise ex.ExampleError(f"variante : {exc}") from None
    ex.check_keys("exemple", data, ("mains", "defausse", "coups"),
                  ex.COMMON_KEYS + ("pioche",) + _GAME_KEYS)
    mains = data["mains"]
    if not isinstance(mains, dict) or not mains:
        raise ex.ExampleError("mains doit être une table joueur = [cartes]")
    hands = {p: _faces(f"mains.{p}", v) for p, v in mains.items()}
    players = list(hands)
    known = {p: _spots(f"connues.{p}", v, players)
             for p, v in _table("connues", data.get("connues", {}), players).items()}
    start = data.get("debut")
    rest = data.get("reste", "pioche")
    if start not in (None, "regard") or rest not in ("pioche", "defausse"):
        raise ex.ExampleError("debut vaut « regard » ; reste vaut « pioche » ou « defausse »")
    try:
        return situation(
            players, hands=hands, pile=_faces("pioche", data.get("pioche", [])),
            discard=_faces("defausse", data["defausse"]),
            turn=_player("tour", data["tour"], players) if "tour" in data else None,
            known=known,
            caller=_player("annonce", data["annonce"], players) if "annonce" in data else None,
            totals=ex.int_table("totaux", _table("totaux", data.get("totaux", {}), players)),
            peek=start == "regard", rest="discard" if rest == "defausse" else "pile",
            variant=rules)
    except IllegalAction as exc:
        raise ex.ExampleError(f"situation impossible : {exc.reason}") from None


def _example_game(game: Game, data: Mapping[str, Any], rules: vs.Variant) -> ex.ExampleRun:
    state = example_start(data, rules)
    moves = data["coups"]
    if not isinstance(moves, list):
        raise ex.ExampleError("coups doit être une liste de coups")
    events: list[Event] = []
    for k, move in enumerate(moves, 1):
        action = parse_move(move)
        try:
            state, evs = game.apply(state, action)
        except IllegalAction as exc:
            raise ex.ExampleError(f"coup {k} impossible : {exc.reason}") from None
        events.extend(evs)
    out: list[str] = []
    expect = data.get("attendu", {})
    if not isinstance(expect, dict):
        raise ex.ExampleError("attendu doit être une table")
    ex.check_keys("attendu", expect, (), _EXPECT_KEYS)
    _check_expected(game, state, events, expect, out)
    refusal = data.get("refus")
    if refusal is not None:
        if not isinstance(refusal, dict):
            raise ex.ExampleError("refus doit être une table { coup = ..., article = ... }")
        ex.check_keys("refus", refusal, ("coup", "article"), ())
        action = parse_move(refusal["coup"])
        try:
            game.apply(state, action)
        except IllegalAction as exc:
            events.append(Refused(seat=action.seat, reason=exc.reason, clause=exc.clause))
            ex.compare("article enfreint", refusal["article"], exc.clause, out)
        else:
            out.append(f"coup refusé : attendu un refus ({refusal['article']}), le coup a été "
                       "accepté")
    return ex.ExampleRun(tuple(events), tuple(out))


def _check_expected(game: Game, state: vs.State, events: Sequence[Event], expect: Mapping[str, Any],
                    out: list[str]) -> None:
    cards = state.deck.cards
    players = state.players
    for p, faces in _table("attendu.mains", expect.get("mains", {}), players).items():
        got = tuple(cards[c].face for c in state.hands[players.index(p)])
        ex.compare(f"main {fr.of(p)}", _faces(f"attendu.mains.{p}", faces), got, out)
    if "defausse" in expect:
        ex.compare("dessus de la défausse", expect["defausse"],
                   cards[state.discard[-1]].face if state.discard else None, out)
    if "pioche" in expect:
        ex.compare("cartes dans la pioche", expect["pioche"], len(state.pile), out)
    if "a_jouer" in expect:
        now = game.current_seats(state)
        ex.compare("joueur attendu", expect["a_jouer"], now[0] if now else None, out)
    for p, spots in _table("attendu.connues", expect.get("connues", {}), players).items():
        i = players.index(p)
        want = sorted(_spots(f"attendu.connues.{p}", spots, players))
        spots_known = sorted((owner, s) for j, owner in enumerate(players)
                             for s, c in enumerate(state.hands[j]) if c in state.known[i])
        ex.compare(f"cartes connues {fr.of(p)}", want, spots_known, out)
    totals_events = [e for e in events if isinstance(e, Totals)]
    if "points" in expect:
        got_points = dict(totals_events[-1].scores) if totals_events else None
        ex.compare("points de la manche", ex.int_table("attendu.points", expect["points"]),
                   got_points, out)
    if "totaux" in expect:
        ex.compare("totaux", ex.int_table("attendu.totaux", expect["totaux"]),
                   dict(zip(players, state.totals)), out)
    if "fin_de_manche" in expect:
        ex.compare("fin de manche", _flag("attendu.fin_de_manche", expect["fin_de_manche"]),
                   any(isinstance(e, RoundEnds) for e in events), out)
    if "penalites" in expect:
        wanted = ex.int_table("attendu.penalites", _table("attendu.penalites",
                                                          expect["penalites"], players))
        ex.compare("cartes de pénalité", wanted,
                   {p: sum(1 for e in events if isinstance(e, Penalty) and e.seat == p)
                    for p in wanted}, out)
    if "fin" in expect:
        ex.compare("partie finie", _flag("attendu.fin", expect["fin"]), game.is_over(state), out)
    if "vainqueurs" in expect:
        want_names = _names("attendu.vainqueurs", expect["vainqueurs"], players)
        ex.compare("vainqueurs", want_names,
                   game.outcome(state).winners if game.is_over(state) else None, out)


def _example_count(data: Mapping[str, Any], rules: vs.Variant) -> ex.ExampleRun:
    ex.check_keys("exemple", data, ("points",), ex.COMMON_KEYS + ("annonceur", "scores"))
    points = ex.int_table("points", data["points"])
    caller = data.get("annonceur")
    if caller is not None:
        _player("annonceur", caller, list(points))
    result = score_round(points, caller, rules)
    out: list[str] = []
    if "scores" in data:
        ex.compare("scores", ex.int_table("scores", _table("scores", data["scores"], list(points))),
                   result.points, out)
    return ex.ExampleRun(result.events, tuple(out))


def _example_end(data: Mapping[str, Any]) -> ex.ExampleRun:
    ex.check_keys("exemple", data, ("totaux",), ex.COMMON_KEYS + ("fin", "vainqueurs"))
    totals = ex.int_table("totaux", data["totaux"])
    if not totals:
        raise ex.ExampleError("totaux ne peut pas être vide")
    over = is_game_over(totals)
    out: list[str] = []
    if "fin" in data:
        ex.compare("partie finie", _flag("fin", data["fin"]), over, out)
    if over:
        events: tuple[VaikoEvent, ...] = (Won(outcome=Outcome(
            totals, winners(totals), winner_text(totals), vs.C_END), clause=vs.C_END),)
        if "vainqueurs" in data:
            ex.compare("vainqueurs", _names("vainqueurs", data["vainqueurs"], list(totals)),
                       winners(totals), out)
    else:
        events = (Totals(scores=(), totals=tuple(totals.items()), manche=0, clause=vs.C_TOTAL),)
        if "vainqueurs" in data:
            out.append("vainqueurs : la partie n’est pas finie, il n’y a pas encore de vainqueur")
    return ex.ExampleRun(events, tuple(out))

"""Counting a round and ending the game (``vaiko/decompte``, ``vaiko/bonus``, ``vaiko/malus``,
``vaiko/total``, ``vaiko/fin``): pure helpers, checked against look-alike input; the game's
outcome and a hint playout's are :class:`Scoring`'s methods."""

from __future__ import annotations

from collections.abc import Mapping

from tutor import fr
from tutor.engine import IllegalAction, Outcome, best_totals, short_repr
from tutor.games.vaiko.deck import Deck, coerce_deck
from tutor.games.vaiko.events import Bonus, Malus, RoundPoints, ScoreEvent
from tutor.games.vaiko.state import (
    C_BONUS,
    C_CALL,
    C_COUNT,
    C_END,
    C_MALUS,
    C_TOTAL,
    C_V_STRICT,
    CALL_POINTS,
    OVER,
    TARGET,
    RoundScore,
    State,
    Variant,
)


def check_points(points: object, clause: str, deck: Deck | None = None,
                 what: str = "Les points de la manche") -> dict[str, int]:
    """``points`` as a table player -> integer, every value possible with ``deck`` (a hand's
    points lie between the sum of the deck's negative cards and the sum of its positive ones:
    with the tutor's deck, from 0 up); :class:`IllegalAction` in French otherwise."""
    if not isinstance(points, Mapping) or not points:
        raise IllegalAction(f"{what} doivent être une table joueur = points, non vide.", clause)
    low, high = (deck or coerce_deck(None)).point_range()
    out: dict[str, int] = {}
    for name, value in points.items():
        if type(name) is not str or not name.strip():
            raise IllegalAction(f"Nom de joueur invalide : {short_repr(name)}.", clause)
        if type(value) is not int:
            raise IllegalAction(f"{what} {fr.of(name)} doivent être un nombre entier, pas "
                                f"{short_repr(value)}.", clause)
        if not low <= value <= high:
            raise IllegalAction(f"{fr.count(value, 'point')} pour {name}, c’est impossible avec "
                                f"ce paquet (de {fr.number(low)} à {fr.number(high)}).", clause)
        out[name] = value
    return out


def score_round(
    points: Mapping[str, int],
    caller: str | None,
    variant: Variant | str | Mapping[str, object] | None = None,
    *,
    deck: Deck | None = None,
) -> RoundScore:
    """Each player's points for the round (``vaiko/decompte``), after the caller's bonus or malus.

    ``points`` are the points of each hand at the count (possible with ``deck``, the tutor's by
    default). "Le plus petit score" compares these round points, not the game totals. A caller
    with the smallest score gets −10 (``vaiko/bonus``), otherwise +10 (``vaiko/malus``). A caller
    tied for the smallest score has it (bonus) by default; under ``caller_tie="malus"``
    (``vaiko/variante-egalite-stricte``) the caller must be strictly the smallest.
    """
    rules = Variant.coerce(variant)
    table = check_points(points, C_COUNT, deck)
    if caller is not None and (type(caller) is not str or caller not in table):
        raise IllegalAction(f"L’annonceur {short_repr(caller)} ne fait pas partie des joueurs "
                            f"({fr.join(table)}).", C_CALL)
    return _score(table, caller, rules)


def _score(points: Mapping[str, int], caller: str | None, rules: Variant) -> RoundScore:
    result = dict(points)
    events: list[ScoreEvent] = [RoundPoints(points=tuple(points.items()), clause=C_COUNT)]
    if caller is None:
        return RoundScore(result, tuple(events))
    mine = points[caller]
    low = min(points.values())
    tied = tuple(p for p, v in points.items() if v == mine and p != caller) if mine == low else ()
    smallest = mine == low and (not tied or rules.caller_tie == "bonus")
    before = result[caller]
    if smallest:
        result[caller] = before - CALL_POINTS
        events.append(Bonus(seat=caller, before=before, after=result[caller], tied=tied,
                            clause=C_BONUS))
    else:
        result[caller] = before + CALL_POINTS
        clause = C_V_STRICT if mine == low else C_MALUS
        events.append(Malus(seat=caller, before=before, after=result[caller], tied=tied,
                            clause=clause))
    return RoundScore(result, tuple(events))


def check_totals(totals: object) -> dict[str, int]:
    """Game totals as a table player -> integer (any sign: a bonus can make a total negative)."""
    if not isinstance(totals, Mapping) or not totals:
        raise IllegalAction("Les totaux doivent être une table joueur = total, non vide.", C_TOTAL)
    out: dict[str, int] = {}
    for name, value in totals.items():
        if type(name) is not str or not name.strip():
            raise IllegalAction(f"Nom de joueur invalide : {short_repr(name)}.", C_TOTAL)
        if type(value) is not int or abs(value) > 10**6:
            raise IllegalAction(f"Le total {fr.of(name)} doit être un nombre entier, pas "
                                f"{short_repr(value)}.", C_TOTAL)
        out[name] = value
    return out


def is_game_over(totals: Mapping[str, int]) -> bool:
    """True when a player's total has reached 70 points or more (``vaiko/fin``)."""
    return any(t >= TARGET for t in check_totals(totals).values())


def winners(totals: Mapping[str, int]) -> tuple[str, ...]:
    """The players with the lowest total (all of them share the victory on a tie)."""
    return best_totals(check_totals(totals), lowest=True)[0]


def winner_text(totals: Mapping[str, int]) -> str:
    """Why the game is over and who wins, in French."""
    best = winners(totals)
    reached = [p for p, t in totals.items() if t >= TARGET]
    low = fr.count(totals[best[0]], "point")
    who = fr.join(reached)
    verb = "atteint" if len(reached) == 1 else "atteignent"
    return (f"{who} {verb} {TARGET} points : la partie est finie. "
            + fr.victory(best, low, lowest=True))


def _outcome(state: State) -> Outcome:
    """The final totals and the winners: the lowest total wins (``vaiko/fin``); also told when
    a step ends the game (:func:`.turns._end_round`)."""
    if state.phase != OVER:
        raise IllegalAction("La partie n’est pas terminée : pas encore de vainqueur.", C_END)
    totals = dict(zip(state.players, state.totals, strict=True))
    return Outcome(totals, winners(totals), winner_text(totals), C_END)


class Scoring:
    """What a game and a hint playout score, as methods of the game's class
    (:class:`~.game.Vaiko`); counting a round stays a function."""

    def span_outcome(self, start: State, now: State) -> Outcome | None:
        """What one hint playout scores from ``start``: a game lasts many manches, so hints look
        at the manche being played. ``None`` until it ends, then the points each player scored in
        it (their totals' rise, bonus and malus included); the fewest win, as totals do
        (``vaiko/fin``)."""
        if now.phase != OVER and now.manche == start.manche:
            return None
        points = {p: now.totals[i] - start.totals[i] for i, p in enumerate(now.players)}
        best = winners(points)
        return Outcome(points, best, fr.fewest_in_manche(best, start.manche), C_COUNT)

    def outcome(self, state: State) -> Outcome:
        """The final totals and the winners: the lowest total wins (``vaiko/fin``)."""
        return _outcome(state)

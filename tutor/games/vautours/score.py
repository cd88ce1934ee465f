"""Stupides Vautours: the final scores and who wins (``vautours/vainqueur``,
``vautours/departage`` and the ``highest_mouse`` alternative)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from tutor import fr
from tutor.engine import Outcome, best_totals
from tutor.games.vautours.checks import VariantLike, coerce_variant, is_int, shown
from tutor.games.vautours.state import C_MOUSE, C_TIEBREAK, C_WINNER


def _outcome(scores: dict[str, int], winners: tuple[str, ...], reason: str,
             clause: str) -> Outcome:
    return Outcome(scores, winners, fr.message(reason), clause)


def _check_scores(scores: object, taken: object) -> tuple[dict[str, int],
                                                          dict[str, tuple[int, ...]] | None]:
    if not isinstance(scores, Mapping) or not scores:
        raise ValueError("Les scores se donnent joueur par joueur (au moins un joueur).")
    if not all(type(p) is str for p in scores) or not all(is_int(s) for s in scores.values()):
        raise ValueError("Chaque score est un nombre entier, donné sous le nom d’un joueur.")
    if taken is None:
        return dict(scores), None
    if not isinstance(taken, Mapping):
        raise ValueError("Les cartes gagnées se donnent joueur par joueur.")
    cards = {}
    for p, won in taken.items():
        if isinstance(won, str | bytes) or not isinstance(won, Sequence) \
                or not all(is_int(c) for c in won):
            raise ValueError(f"Les cartes gagnées par {shown(p)} doivent être une liste "
                             "de nombres entiers.")
        cards[p] = tuple(won)
    return dict(scores), cards


def final_result(
    scores: Mapping[str, int],
    taken: Mapping[str, Sequence[int]] | None = None,
    variant: VariantLike = None,
) -> Outcome:
    """The winners from the final ``scores`` (``vautours/vainqueur``).

    With several players tied for the best score, ``final_tiebreak="second_best"``
    (``vautours/departage``) gives the victory to the player(s) with the next best score; if every
    player is tied, they share it. ``"highest_mouse"`` (``vautours/variante-departage-souris``)
    gives it to the tied player holding the highest Suricate card in ``taken``; if none of them
    holds one, they share it.
    """
    rules = coerce_variant(variant)
    points, cards = _check_scores(scores, taken)
    return result(points, cards, rules.final_tiebreak)


def result(points: dict[str, int], cards: Mapping[str, Sequence[int]] | None,
           tiebreak: str) -> Outcome:
    """:func:`final_result` of checked scores and cards won (a finished game's own: the engine's
    :meth:`~.engine.Rules.outcome`, at the end of every playout of a hint)."""
    winners, case, best, other = decide(points, cards, tiebreak)
    if case == "alone":
        return _outcome(points, winners, fr.victory(winners, fr.signed(best)), C_WINNER)
    tied = fr.join(p for p, s in points.items() if s == best)
    if case == "all_tied":
        return _outcome(points, winners, f"Tous les joueurs sont à égalité ({fr.signed(best)}) : "
                       "la victoire est partagée.", C_TIEBREAK)
    if case == "second":
        return _outcome(points, winners,
                       f"{tied} sont à égalité en tête ({fr.signed(best)}) : le deuxième "
                       f"meilleur score ({fr.signed(other)}) l’emporte.", C_TIEBREAK)
    if case == "no_mouse":
        return _outcome(points, winners, f"{tied} sont à égalité ({fr.signed(best)}) et "
                       "personne n’a de carte Suricate : la victoire est partagée.", C_MOUSE)
    return _outcome(points, winners, f"{tied} sont à égalité ({fr.signed(best)}) : "
                   f"{winners[0]} a la plus haute carte Suricate ({fr.signed(other)}).", C_MOUSE)


def decide(points: Mapping[str, int], cards: Mapping[str, Sequence[int]] | None,
           tiebreak: str) -> tuple[tuple[str, ...], str, int, int]:
    """The rule of :func:`final_result` without its words: the winners, the case that named
    them (``"alone"``, ``"all_tied"``, ``"second"``, ``"no_mouse"``, ``"mouse"``), the best
    score and the score or card that broke the tie (0 when none did)."""
    top, best = best_totals(points)
    if len(top) == 1:
        return top, "alone", best, 0
    if tiebreak == "second_best":
        rest = [s for s in points.values() if s < best]
        if not rest:
            return top, "all_tied", best, 0
        second = max(rest)
        return tuple(p for p, s in points.items() if s == second), "second", best, second
    if cards is None:
        raise ValueError("Le départage par la plus haute carte Suricate demande les cartes "
                         "gagnées.")
    mice = {p: max((c for c in cards.get(p, ()) if c > 0), default=0) for p in top}
    high = max(mice.values())
    if high == 0:
        return top, "no_mouse", best, 0
    return (next(p for p in top if mice[p] == high),), "mouse", best, high

"""The manches that lead to a position set by hand (« Mettre en place »): each player has played
the cards ``played`` and won the point cards ``taken``; :func:`past_manches` finds, for each
manche, the card each player laid, so that replaying them with the engine gives that position.

The manches are searched, never assumed: each candidate manche is resolved by the engine's own
rule (:func:`~tutor.games.vautours.engine._resolve`, the one that :func:`apply` uses), and the
scenario built from the result is replayed by the engine, which checks every move again. A
manche reveals one point card, so a player has won at most as many cards as manches were
played; the manches without a winner come last, their cards still at stake.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from itertools import product

from tutor import fr
from tutor.games.vautours.checks import VariantLike, coerce_variant, refuse
from tutor.games.vautours.engine import _resolve
from tutor.games.vautours.state import C_CARDS, C_HAND, C_NO_WINNER, C_TAKE, HAND, Variant

#: the most manches tried before the search gives up (a few thousand answer any position a
#: learner sets in practice; the refusal says that the tutor found none)
BUDGET = 40_000


def past_manches(players: Sequence[str], played: Mapping[str, Sequence[int]],
                 taken: Mapping[str, Sequence[int]], variant: VariantLike = None,
                 carried: Sequence[int] = ()) -> list[tuple[int, dict[str, int]]]:
    """The manches already played, in order: each the point card revealed and the card each
    player laid. Every card of ``played`` is laid once; each point card of ``taken`` is won by
    its player in a manche of its own; then one manche without a winner for each card of
    ``carried`` (still at stake). Raises :class:`IllegalAction` (French) naming what does not
    fit, or when the search finds no such manches."""
    rules = coerce_variant(variant)
    sets: dict[str, list[int]] = {}
    for p in players:
        cards = list(played.get(p, ()))
        if any(c not in HAND for c in cards) or len(set(cards)) != len(cards):
            raise refuse(f"Cartes jouées {fr.of(p)} : des cartes distinctes de 1 à 15.",
                         C_CARDS)
        sets[p] = sorted(cards)
    counts = {p: len(c) for p, c in sets.items()}
    manches = max(counts.values(), default=0)
    short = [p for p, n in counts.items() if n != manches]
    if short:
        raise refuse(fr.typography(
            f"Chacun pose une carte par manche : {fr.join(short)} "
            f"{fr.plural(len(short), 'a', 'ont')} joué moins de cartes que "
            f"{fr.count(manches, 'manche')} (ce que d’autres ont joué)."), C_HAND)
    tasks = [(card, p) for p in players for card in taken.get(p, ())]
    if len(tasks) + len(carried) != manches:
        raise refuse(fr.typography(
            f"{fr.count(manches, 'manche')} jouée{'s' if manches > 1 else ''}, mais "
            f"{fr.count(len(tasks), 'carte')} Points gagnée{'s' if len(tasks) > 1 else ''}"
            + (f" et {fr.count(len(carried), 'carte')} encore en jeu" if carried else "")
            + " : chaque manche retourne une carte Points, qui est gagnée ou reste en jeu. "
            "Jouez autant de cartes que de cartes gagnées et en jeu."), C_TAKE)
    found = _search(tuple(players), sets, tasks, list(carried), rules)
    if found is None:
        raise refuse(fr.typography(
            "Le tuteur ne trouve pas de manches qui mènent à ces gains avec ces cartes "
            "jouées : un gagnant doit poser la plus forte carte (la plus faible pour une "
            "carte Vautour) posée par un seul joueur. Changez les cartes jouées ou les "
            "gains."), C_NO_WINNER if carried else C_TAKE)
    return found


def _search(players: tuple[str, ...], sets: dict[str, list[int]],
            tasks: list[tuple[int, str]], carried: list[int], rules: Variant
            ) -> list[tuple[int, dict[str, int]]] | None:
    """A depth-first search over the manches, the most constrained first; ``None`` when the
    budget runs out or every way fails."""
    left = [BUDGET]
    # the manches without a winner first (they need equal cards), then the winners' manches
    # grouped by winner and direction
    todo: list[tuple[int, str | None]] = [(c, None) for c in carried]
    todo += sorted(tasks, key=lambda t: (players.index(t[1]), t[0] < 0, -abs(t[0])))

    def go(k: int, hands: dict[str, list[int]]) -> list[dict[str, int]] | None:
        if k == len(todo):
            return []
        card, winner = todo[k]
        pile = tuple(carried[:k + 1]) if winner is None else (card,)
        for plays in _candidates(players, hands, card, winner):
            left[0] -= 1
            if left[0] < 0:
                return None
            if _resolve(plays, pile, rules, False).winner != winner:
                continue
            rest = {p: [c for c in hands[p] if c != plays[p]] for p in players}
            after = go(k + 1, rest)
            if after is not None:
                return [plays, *after]
            if left[0] < 0:
                return None
        return None

    chosen = go(0, sets)
    if chosen is None:
        return None
    manches = list(zip((card for card, _ in todo), chosen))
    wins = [m for m, (_, w) in zip(manches, todo) if w is not None]
    ties = [m for m, (_, w) in zip(manches, todo) if w is None]
    return wins + ties


def _candidates(players: tuple[str, ...], hands: dict[str, list[int]], card: int,
                winner: str | None) -> Iterator[dict[str, int]]:
    """The manches to try: without a winner, groups of players laying equal cards; with one,
    the winner's cards from the weakest that may win, the others' from their least useful
    (their lowest for a Suricate card, their highest for a Vautour card)."""
    if winner is None:
        yield from _ties(players, hands)
        return
    high = card > 0
    others = [p for p in players if p != winner]
    dump = [sorted(hands[p], reverse=not high)[:3] for p in others]
    mine = sorted(hands[winner], reverse=not high)
    for laid in sorted(product(*dump), key=lambda t: sum(
            sorted(hands[p], reverse=not high).index(c) for p, c in zip(others, t))):
        beat = [c for c in mine if c not in laid and (c > max(laid) if high
                                                      else c < min(laid))]
        tries = dict.fromkeys([*beat[:2], *mine[-1:], *(c for c in mine if c not in beat)])
        for c in tries:
            yield {winner: c, **dict(zip(others, laid))}


def _ties(players: tuple[str, ...], hands: dict[str, list[int]]) -> Iterator[dict[str, int]]:
    """Manches where no card is laid by a single player: everyone the same card, or two groups
    of at least two players, each group its own card."""
    n = len(players)
    groups: list[tuple[tuple[str, ...], ...]] = [(players,)]
    if n >= 4:
        for mask in range(1, 2 ** n - 1):
            a = tuple(p for i, p in enumerate(players) if mask >> i & 1)
            b = tuple(p for p in players if p not in a)
            if len(a) >= 2 and len(b) >= 2 and players[0] in a:
                groups.append((a, b))
    for split in groups:
        commons = [sorted(set.intersection(*(set(hands[p]) for p in g))) for g in split]
        for values in product(*commons):
            if len(set(values)) == len(values):
                yield {p: value for g, value in zip(split, values) for p in g}

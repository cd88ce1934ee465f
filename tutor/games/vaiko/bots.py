"""Computer players. Each sees only its seat's :class:`~.state.View` and the legal actions
(``tutor.engine.api.bot_action`` hands them over), never the state."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from tutor.engine.api import Seed
from tutor.engine.bots import RandomPlayer as RandomPlayer
from tutor.engine.bots import bot_rng
from tutor.games.vaiko import state as vs
from tutor.games.vaiko.deck import Deck
from tutor.games.vaiko.state import Action, View


class MemoryPlayer:
    """A player that remembers what it has seen and nothing else: it reads only its view.

    It values an unseen card at the average of the cards it has not seen anywhere (its own
    known cards, the others' cards it saw, the whole discard, its drawn card are taken out of
    the deck's composition), keeps low cards and throws high ones, looks at its cards before
    swapping, uses special cards, looks at its unknown cards with Vision, gives its worst known
    card away with Échange, throws a card in the immediate discard only when it knows it
    matches, and says "Vaiko" when its estimated hand is clearly the lightest.
    """

    def __init__(self, *, seed: Seed = 0, threshold: int = 8) -> None:
        self.rng = bot_rng(seed)
        self.threshold = threshold
        self._deck: Deck | None = None
        self._points: dict[str, int] = {}
        self._effects: dict[str, str] = {}
        self._values: dict[int, int] = {}

    def _read_deck(self, deck: Deck) -> None:
        """Each face's points and effect and the deck's points, read once per deck (a player
        decides hundreds of times in one game, always with the same deck)."""
        self._deck = deck
        self._points = {card.face: card.points for card, _ in deck.kinds}
        self._effects = {card.face: card.effect for card, _ in deck.kinds}
        self._values = dict(Counter(card.points for card in deck.cards))

    def choose(self, view: View, legal: Sequence[Action]) -> Action:
        seat = legal[0].seat
        if view.deck is not self._deck:
            self._read_deck(view.deck)
        points, effects = self._points, self._effects
        me = view.player(seat)
        phase = view.phase
        if phase == vs.MATCH:  # the most frequent decision, and the simplest
            top = view.discard_top
            for s, f in enumerate(me.cards):
                if f is not None and f == top:
                    return vs.Match(seat, s)
            return legal[-1]  # Pass, last of the sorted legal actions
        unknown: list[int] = []  # its slots it does not know, and (points, slot) of the others
        known: list[tuple[int, int]] = []
        for s, f in enumerate(me.cards):
            if f is None:
                unknown.append(s)
            else:
                known.append((points[f], s))
        if phase == vs.PEEK:
            return vs.Peek(seat, self.rng.choice(unknown) if unknown else 0)
        if phase == vs.DRAW:
            top = view.discard_top
            if top is not None and effects[top] == "aucun" and points[top] <= 2 \
                    and vs.Draw(seat, "discard") in legal \
                    and (unknown or max(known)[0] > points[top]):
                return vs.Draw(seat, "discard")
            return vs.Draw(seat, "deck")
        if phase == vs.LOOKED:  # it must swap: its worst known card goes
            return vs.Swap(seat, max(known)[1])
        if phase == vs.DECIDE:
            unseen = self._unseen_average(view, points, self._values)
            return self._decide(view, seat, legal, known, unknown, unseen, points, effects)
        if phase == vs.VISION:
            if unknown:
                return vs.Look(seat, seat, self.rng.choice(unknown))
            looks = [a for a in legal if isinstance(a, vs.Look) and a.owner != seat
                     and view.player(a.owner).cards[a.slot] is None]
            return self.rng.choice(looks or list(legal))
        if phase == vs.EXCHANGE:
            return self._exchange(view, seat, legal, known, points)
        if phase == vs.CALL:
            unseen = self._unseen_average(view, points, self._values)
            mine = sum(p for p, _ in known) + len(unknown) * unseen
            if mine > self.threshold:
                return vs.EndTurn(seat)
            others = [sum(points[f] if f is not None else unseen for f in p.cards)
                      for p in view.players if p.name != seat]
            if all(mine + 3 < o for o in others):
                return vs.Call(seat)
            return vs.EndTurn(seat)
        return self.rng.choice(list(legal))

    @staticmethod
    def _unseen_average(view: View, points: dict[str, int], values: dict[int, int]) -> float:
        """The mean value of the cards this seat has not seen anywhere (``values``: how many
        cards of the deck are worth each number of points)."""
        left = values.copy()
        for p in view.players:
            for face in p.cards:
                if face is not None:
                    left[points[face]] -= 1
        for face in view.discard:
            left[points[face]] -= 1
        if view.drawn is not None:
            left[points[view.drawn]] -= 1
        count = total = 0
        for v, n in left.items():
            if n > 0:  # below zero when more were seen than the deck holds: none left
                count += n
                total += v * n
        return total / count if count else 5.0

    def _decide(self, view: View, seat: str, legal: Sequence[Action],
                known: list[tuple[int, int]], unknown: list[int], unseen: float,
                points: dict[str, int], effects: dict[str, str]) -> Action:
        drawn = view.drawn
        value = points[drawn] if drawn is not None else unseen
        special = drawn is not None and effects[drawn] != "aucun"
        worst = max(known) if known else None
        if special and vs.Discard(seat) in legal:
            return vs.Discard(seat)
        if worst is not None and worst[0] > value and (not unknown or worst[0] >= unseen):
            return vs.Swap(seat, worst[1])
        if unknown and value < unseen:
            if vs.LookHand(seat) in legal:
                return vs.LookHand(seat)
            return vs.Swap(seat, self.rng.choice(unknown))
        if vs.Discard(seat) in legal:
            return vs.Discard(seat)
        return vs.Swap(seat, worst[1] if worst is not None else self.rng.choice(unknown))

    def _exchange(self, view: View, seat: str, legal: Sequence[Action],
                  known: list[tuple[int, int]], points: dict[str, int]) -> Action:
        mine = [a for a in legal if isinstance(a, vs.Exchange) and a.owner_a == seat]
        if known and mine:
            value, slot = max(known)
            best: tuple[int, Action] | None = None
            for p in view.players:
                if p.name == seat:
                    continue
                for s, f in enumerate(p.cards):
                    if f is not None and points[f] < value and (
                            best is None or points[f] < best[0]):
                        best = (points[f], vs.Exchange(seat, seat, slot, p.name, s))
            if best is not None:
                return best[1]
            if value >= 7:
                blind = [a for a in mine if a.slot_a == slot
                         and view.player(a.owner_b).cards[a.slot_b] is None]
                if blind:
                    return self.rng.choice(blind)
        others = [a for a in legal if isinstance(a, vs.Exchange) and a.owner_a != seat]
        return self.rng.choice(others or list(legal))


PLAYER_KINDS: dict[str, tuple[str, type[RandomPlayer] | type[MemoryPlayer]]] = {
    "hasard": ("Au hasard", RandomPlayer),
    "memoire": ("Avec de la mémoire (retient les cartes vues)", MemoryPlayer),
}

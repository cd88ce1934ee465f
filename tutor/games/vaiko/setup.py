"""Starting a game: chance (recorded shuffles), the deal, positions set up by hand, replay, and
what each seat may see (``vaiko/joueurs``, ``vaiko/donne``, ``vaiko/premier-regard``); the rules
among them are :class:`Setup`'s methods."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Hashable, Mapping, Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any

from tutor import fr
from tutor.engine import IllegalAction, check_players, short_repr, shuffled
from tutor.engine.api import Seed
from tutor.engine.core import Record
from tutor.games.vaiko.deck import Deck, coerce_deck
from tutor.games.vaiko.events import (
    Dealt,
    DeckUsed,
    FirstDiscard,
    Hands,
    PeekTurn,
    Seated,
    Shuffled,
    VaikoEvent,
)
from tutor.games.vaiko.legality import index_of, seat_index
from tutor.games.vaiko.scoring import check_totals
from tutor.games.vaiko.state import (
    C_DEAL,
    C_DECK,
    C_END,
    C_PEEK,
    C_PLAYERS,
    C_TOTAL,
    DRAW,
    HAND_SIZE,
    MAX_PLAYERS,
    MIN_PLAYERS,
    OVER,
    PEEK,
    PHASE_LABELS,
    TARGET,
    PlayerView,
    State,
    Variant,
    View,
    evolve,
)

Out = list[VaikoEvent] | None
"""Where a step's events go (``None``: events are not wanted, and none is built)."""


def next_order(state: State, ids: Sequence[int]) -> tuple[tuple[int, ...], Record]:
    """The next shuffle of ``ids`` and the record with it appended: the recorded shuffle when
    replaying, else one drawn from the game's seed."""
    k = len(state.record.shuffles)
    if k < len(state.script):
        order = tuple(state.script[k])
        if not all(type(c) is int for c in order) or sorted(order) != sorted(ids):
            raise ValueError(f"Le mélange enregistré n° {k + 1} ne correspond pas aux cartes à "
                             "mélanger.")
    elif state.seed is None:
        raise ValueError("Partie rejouée au-delà de ses mélanges enregistrés.")
    else:
        order = shuffled(ids, random.Random(f"vaiko/{state.seed}/{k}"))
    return order, state.record.drawn(order)


def deal(state: State, out: Out) -> State:
    """Shuffle the whole deck, deal 4 cards each from the starter, turn the first discard."""
    n = len(state.players)
    order, record = next_order(state, range(len(state.deck.cards)))
    hands: list[list[int]] = [[] for _ in range(n)]
    k = 0
    for _ in range(HAND_SIZE):
        for j in range(n):
            hands[(state.starter + j) % n].append(order[k])
            k += 1
    first = order[k]
    new = evolve(
        state, record=record, hands=tuple(tuple(h) for h in hands), pile=order[k + 1:],
        discard=(first,), known=(frozenset((first,)),) * n, phase=PEEK, turn=state.starter,
        acting=state.starter, drawn=None, drawn_from=None, window=(), caller=None)
    if out is not None:
        out.extend((Shuffled(manche=state.manche, order=order, clause=C_DEAL),
                    Dealt(hands=_hands(state, new.hands), seen_by=(), clause=C_DEAL),
                    FirstDiscard(face=state.deck.cards[first].face, clause=C_DEAL),
                    PeekTurn(seat=state.players[state.starter], clause=C_PEEK)))
    return new


def _check_seed(seed: object) -> int | None:
    if seed is None:
        return None
    if isinstance(seed, random.Random):
        return seed.getrandbits(48)
    if type(seed) is not int:
        raise ValueError(f"Graine illisible : {short_repr(seed)} (un entier ou un "
                         "random.Random).")
    return seed


def resume(state: State, *, manche: object = 1, totals: Mapping[str, int] | None = None) -> State:
    """The game of ``state`` (a new game, just dealt) taken up at manche ``manche`` (1 for the
    first), the running totals of the earlier manches given (``vaiko/total``: any sign, a bonus
    may make one negative; below 70 for everyone, or the game would be over, ``vaiko/fin``).
    The deal is the same; the first player listed starts this manche. Raises
    :class:`IllegalAction` (French, naming who and what) for an impossible position."""
    if type(manche) is not int or not 1 <= manche <= 999:
        raise IllegalAction(f"La manche est un nombre entier de 1 à 999, pas "
                            f"{short_repr(manche)}.", C_TOTAL)
    given = {} if totals is None else check_totals(totals) if totals else {}
    strangers = [p for p in given if p not in state.players]
    if strangers:
        raise IllegalAction(f"Totaux : aucun joueur ne s’appelle {short_repr(strangers[0])} "
                            f"(joueurs : {', '.join(state.players)}).", C_PLAYERS)
    for p, t in given.items():
        if t >= TARGET:
            raise IllegalAction(fr.typography(
                f"Total {fr.of(p)} : {t} points ; à {TARGET} points la partie est finie, un "
                f"total en cours de partie reste en dessous de {TARGET}."), C_END)
    if manche == 1 and any(given.values()):
        raise IllegalAction(fr.typography(
            "Totaux : avant la première manche, tout le monde a 0 point ; choisissez une manche "
            "plus loin pour donner des totaux."), C_TOTAL)
    return replace(state, manche=manche,
                   totals=tuple(given.get(p, 0) for p in state.players))


def _check_deck_size(deck: Deck, n: int) -> None:
    need = n * HAND_SIZE + 2
    if len(deck.cards) < need:
        raise IllegalAction(f"Ce paquet de {fr.count(len(deck.cards), 'carte')} est trop petit "
                            f"pour {n} joueurs : il en faut au moins {need}.", C_DECK)


def _hands(state: State, hands: tuple[tuple[int, ...], ...]) -> Hands:
    """``hands`` (card ids, seat by seat) by face, each with its player."""
    faces = state.deck.cards
    return tuple((p, tuple(faces[c].face for c in h)) for p, h in zip(state.players, hands))


def _faces(where: str, value: object) -> tuple[str, ...]:
    if isinstance(value, (str, bytes)) or not isinstance(value, Sequence) or not all(
            type(v) is str for v in value):
        raise IllegalAction(f"{where} doit être une liste de cartes (leurs noms).", C_DEAL)
    return tuple(value)


def situation(
    players: Sequence[str],
    *,
    hands: Mapping[str, Sequence[str]],
    pile: Sequence[str] = (),
    discard: Sequence[str] = (),
    turn: str | None = None,
    known: Mapping[str, Sequence[tuple[str, int]]] | None = None,
    caller: str | None = None,
    totals: Mapping[str, int] | None = None,
    peek: bool = False,
    rest: str = "pile",
    variant: Variant | str | Mapping[str, Any] | None = None,
    deck: Deck | str | Path | None = None,
    seed: int = 0,
) -> State:
    """A position set up by hand (worked examples, explorers), by card faces.

    ``hands`` gives each player's cards slot by slot, ``pile`` the top of the draw pile,
    ``discard`` the discard (top last); the deck's other cards lie below the pile
    (``rest="pile"``, in the deck file's order) or under the discard (``rest="discard"``, so that
    the pile holds exactly ``pile``). ``known`` is what each player has already seen
    (``(owner, slot)`` pairs, 0-based) and ``turn`` whose turn it is (the round's first player;
    with ``peek=True`` the position is the set-up look). Later shuffles are drawn from ``seed``.
    Raises :class:`IllegalAction` for an impossible position.
    """
    names = check_players(players, MIN_PLAYERS, MAX_PLAYERS, C_PLAYERS)
    rules = Variant.coerce(variant)
    cards = coerce_deck(deck)
    if type(seed) is not int or rest not in ("pile", "discard") or type(peek) is not bool:
        raise IllegalAction("Réglage de la position illisible (graine, reste ou regard).", C_DEAL)
    if not isinstance(hands, Mapping) or set(hands) != set(names):
        raise IllegalAction("Il faut donner les cartes de chaque joueur, et seulement d’eux.",
                            C_PLAYERS)
    pool: dict[str, list[int]] = {}
    for i, card in enumerate(cards.cards):
        pool.setdefault(card.face, []).append(i)

    def take(face: str) -> int:
        if face not in pool:
            raise IllegalAction(f"Aucune carte {fr.quote(short_repr(face))} dans le paquet "
                                f"(cartes : {', '.join(cards.faces())}).", C_DECK)
        if not pool[face]:
            raise IllegalAction(f"Le paquet n’a pas assez de cartes {fr.quote(face)}.", C_DECK)
        return pool[face].pop(0)

    held = []
    for p in names:
        faces = _faces(f"La main {fr.of(p)}", hands[p])
        if not faces:
            raise IllegalAction(f"{p} doit avoir au moins une carte.", C_DEAL)
        held.append(tuple(take(f) for f in faces))
    down_faces = _faces("La défausse", discard)
    if not down_faces:
        raise IllegalAction("La défausse ne peut pas être vide : la donne la commence.", C_DEAL)
    top_pile = [take(f) for f in _faces("La pioche", pile)]
    down = tuple(take(f) for f in down_faces)
    others = tuple(sorted(i for ids in pool.values() for i in ids))
    if rest == "discard":
        new_pile, down = tuple(top_pile), (*others, *down)
    else:
        new_pile = (*top_pile, *others)
    n = len(names)
    seen: list[set[int]] = [{down[-1]} for _ in range(n)]
    if known is not None and not isinstance(known, Mapping):
        raise IllegalAction("Les cartes connues doivent être une table joueur = places.", C_DEAL)
    for who, spots in (known or {}).items():
        i = index_of(names, who)
        if isinstance(spots, (str, bytes)) or not isinstance(spots, Sequence):
            raise IllegalAction(f"Les cartes connues {fr.of(who)} doivent être une liste.", C_DEAL)
        for spot in spots:
            if not isinstance(spot, tuple) or len(spot) != 2:
                raise IllegalAction(f"Place illisible : {short_repr(spot)}.", C_DEAL)
            owner, slot = spot
            j = index_of(names, owner)
            if type(slot) is not int or not 0 <= slot < len(held[j]):
                raise IllegalAction(f"{owner} n’a pas de carte n° {short_repr(slot)}.", C_DEAL)
            seen[i].add(held[j][slot])
    start = index_of(names, turn) if turn is not None else 0
    table = check_totals(totals) if totals else {}
    scores = tuple(table.get(p, 0) for p in names)
    return State(rules, names, cards, Record((), (("deck", cards),)), 1, start, scores,
                 tuple(held), new_pile, down, tuple(frozenset(s) for s in seen),
                 PEEK if peek else DRAW, start, start, None, None, (),
                 index_of(names, caller) if caller is not None else None, seed=seed)


_LAST_DISCARD: list[tuple[tuple[int, ...], tuple[str, ...], tuple[str, ...]]] = [((), (), ())]
"""The discard last viewed, the faces it was read with and what they show (a discard stays the
same tuple from state to state until a card is thrown: the players asked in turn in the
immediate-discard window see it again). One entry, replaced whole."""
_new = tuple.__new__


class _Nones(dict[int, tuple[None, ...]]):
    """``k`` -> a hand of ``k`` cards none of which the seat has seen, as a view shows it (made
    once, shared)."""

    def __missing__(self, k: int) -> tuple[None, ...]:
        row = self[k] = (None,) * k
        return row


_UNSEEN = _Nones()


def discard_faces(discard: tuple[int, ...], faces: tuple[str, ...]) -> tuple[str, ...]:
    """The faces of the cards of ``discard`` (``faces``: the deck's faces by card id), bottom
    first: the discard last read is kept (:data:`_LAST_DISCARD`)."""
    last = _LAST_DISCARD[0]
    if last[0] is discard and last[1] is faces:
        return last[2]
    shown = tuple([faces[c] for c in discard])
    _LAST_DISCARD[0] = (discard, faces, shown)
    return shown


def row(hand: tuple[int, ...], mine: frozenset[int], faces: tuple[str, ...]
        ) -> tuple[str | None, ...]:
    """``hand`` as a seat that knows the cards ``mine`` sees it, slot by slot: each face it
    knows, ``None`` for the others (``faces``: the deck's faces by card id)."""
    if mine.isdisjoint(hand):  # most hands: no card seen, a shared row
        return _UNSEEN[len(hand)]
    if mine.issuperset(hand):
        return tuple(map(faces.__getitem__, hand))
    return tuple([faces[c] if c in mine else None for c in hand])


def rows(state: State, mine: frozenset[int]) -> tuple[PlayerView, ...]:
    """Every player as a seat that knows the cards ``mine`` sees them (:func:`row`)."""
    hands, totals, caller = state.hands, state.totals, state.caller
    faces = state.deck.card_faces
    return tuple([_new(PlayerView, (name, totals[i], row(hands[i], mine, faces), len(hands[i]),
                                    caller == i))
                  for i, name in enumerate(state.players)])


class Glance:
    """``seat``'s view with its rows made when read: what :meth:`Setup.glance` hands a computer
    player in a hint's playouts (``GLANCES``: :class:`.bots.MemoryPlayer`). Every field of
    :class:`~.state.View` reads as the view's (``tests/test_hints.py`` compares them at every
    decision of seeded games); the ones a player reads at each decision are worked out from the
    state when read (most decisions are the immediate-discard window's, where a player reads its
    own row and the discard's top card only), the others taken from the whole view, made once
    when first asked. Not a :class:`~.state.View` (no equality, no tuple): only a player reads
    it, for one decision."""

    __slots__ = ("_mine", "_players", "_state", "_whole", "seat")

    def __init__(self, state: State, seat: str) -> None:
        self._state, self.seat = state, seat
        self._mine = state.known[index_of(state.players, seat)]
        self._players: tuple[PlayerView, ...] | None = None
        self._whole: View | None = None

    @property
    def phase(self) -> str:
        return self._state.phase

    @property
    def deck(self) -> Deck:
        return self._state.deck

    @property
    def discard_top(self) -> str | None:
        state = self._state
        return state.deck.card_faces[state.discard[-1]] if state.discard else None

    @property
    def discard(self) -> tuple[str, ...]:
        state = self._state
        return discard_faces(state.discard, state.deck.card_faces)

    @property
    def drawn(self) -> str | None:
        state = self._state
        drawn = state.drawn
        return state.deck.card_faces[drawn] if drawn is not None and drawn in self._mine \
            else None

    def player(self, name: str) -> PlayerView:
        """The player called ``name``, as :meth:`.state.View.player` gives them."""
        state = self._state
        try:
            i = state.players.index(name)
        except ValueError:
            raise ValueError(f"Aucun joueur ne s’appelle {name} dans cette partie.") from None
        hand = state.hands[i]
        return _new(PlayerView, (name, state.totals[i], row(hand, self._mine,
                                                             state.deck.card_faces),
                                 len(hand), state.caller == i))

    @property
    def players(self) -> tuple[PlayerView, ...]:
        if self._players is None:
            self._players = rows(self._state, self._mine)
        return self._players

    def __getattr__(self, name: str) -> Any:
        """Any other field of the view: the whole view's, made once."""
        if name.startswith("_") or name not in View._fields:
            raise AttributeError(name)
        if self._whole is None:
            self._whole = see(self._state, self.seat)
        return getattr(self._whole, name)


def face(state: State, card: int) -> str:
    """The face of card id ``card``."""
    return state.deck.cards[card].face


def hand_points(state: State, seat: str) -> int:
    """The points of ``seat``'s cards (``vaiko/decompte``)."""
    i = seat_index(state, seat)
    return sum(state.deck.cards[c].points for c in state.hands[i])


def see(state: State, seat: str | None) -> View:
    """What ``seat`` may see. ``seat=None`` is the teacher's view (every face visible).

    A player sees the number of cards of every hand and, slot by slot, the faces it has seen and
    still tracks; the discard (every card there was shown when thrown); the size of the pile;
    the drawn card if it saw it; the deck's composition. The named tuples are made from plain
    tuples, without their keyword machinery (a player handed views in a hint's playouts has one
    built at every decision; « Avec de la mémoire » is handed a :class:`Glance`).
    """
    names, hands, totals, caller = state.players, state.hands, state.totals, state.caller
    faces = state.deck.card_faces
    drawn = state.drawn
    if seat is None:
        face = faces.__getitem__
        players = tuple([_new(PlayerView, (name, totals[i], tuple(map(face, hands[i])),
                                           len(hands[i]), caller == i))
                         for i, name in enumerate(names)])
        drawn_face = None if drawn is None else faces[drawn]
    else:
        mine = state.known[index_of(names, seat)]
        players = rows(state, mine)
        drawn_face = faces[drawn] if drawn is not None and drawn in mine else None
    phase, discard = state.phase, state.discard
    shown = discard_faces(discard, faces)
    over = phase == OVER
    return _new(View, (
        seat, state.manche, phase, PHASE_LABELS[phase], names[state.turn],
        None if over else names[state.acting], names[state.starter],
        None if caller is None else names[caller], len(state.pile),
        shown[-1] if shown else None, len(discard), shown, drawn is not None, drawn_face,
        state.drawn_from, tuple([faces[c] for c in state.pile]) if seat is None else None,
        players, over, state.deck.hypothesis, state.deck,
        tuple(map(names.__getitem__, state.window)), state.variant))


class Setup:
    """The set-up and what each seat sees, as methods of the game's class (:class:`~.game.Vaiko`):
    chance, the first position, the opening events, views and the deck's inventory; the helpers
    above stay functions."""

    def draw(self, players: tuple[str, ...], variant: Variant, seed: Seed,
             options: Mapping[str, Any]) -> Record:
        """The chance of a new game (``vaiko/donne``): nothing drawn ahead; the record names the
        deck (``options["deck"]``: a :class:`~.deck.Deck` or a deck file, the tutor's hypothesis
        by default) and the seed each manche's shuffle is drawn from when it is dealt."""
        return Record((), (("deck", options.get("deck")), ("seed", _check_seed(seed))))

    def setup(self, players: tuple[str, ...], variant: Variant, record: Record,
              options: Mapping[str, Any]) -> State:
        """The first position of a recorded game (``vaiko/joueurs``, ``vaiko/donne``): the deck
        of ``options["deck"]`` or of the record, the recorded shuffles, and past them the shuffles
        drawn from the record's ``("seed", n)`` (a new game, or an exact scenario)."""
        deck = options.get("deck")
        if deck is None:
            deck = record.option("deck")
        base = _check_seed(record.option("seed"))
        script = tuple(tuple(c for c in s if type(c) is int) if all(type(c) is int for c in s)
                       else (-1,) for s in record.shuffles)
        cards = coerce_deck(deck)
        _check_deck_size(cards, len(players))
        n = len(players)
        state = State(variant, players, cards, Record((), (("deck", cards),)), 1, 0, (0,) * n,
                      ((),) * n, (), (), (frozenset(),) * n, PEEK, 0, 0, None, None, (), None,
                      seed=base, script=script)
        return deal(state, None)

    def opening_events(self, state: State) -> tuple[VaikoEvent, ...]:
        """The events of the set-up: players, the deck (a hypothesis), the deal, the first
        discard."""
        out: list[VaikoEvent] = [
            Seated(players=state.players, clause=C_PLAYERS),
            DeckUsed(title=state.deck.title, size=len(state.deck.cards),
                     hypothesis=state.deck.hypothesis, clause=C_DECK),
            Dealt(hands=_hands(state, state.hands), seen_by=(), clause=C_DEAL),
        ]
        if state.discard:
            out.append(FirstDiscard(face=state.deck.cards[state.discard[-1]].face, clause=C_DEAL))
        if state.phase == PEEK:
            out.append(PeekTurn(seat=state.players[state.acting], clause=C_PEEK))
        return tuple(out)

    def view(self, state: State, seat: str | None) -> View:
        """What ``seat`` may see (:func:`see`). ``seat=None`` is the teacher's view."""
        return see(state, seat)

    def glance(self, state: State, seat: str) -> Glance:
        """``seat``'s view with its rows made when read (:class:`Glance`): what a computer player
        that says so (``GLANCES``) is handed in a hint's playouts."""
        return Glance(state, seat)

    def inventory(self, state: State) -> Mapping[Hashable, int]:
        """Every card of the deck by face, wherever it lies (hands, pile, discard, drawn card)."""
        cards = state.deck.cards
        ids = [c for h in state.hands for c in h] + list(state.pile) + list(state.discard)
        if state.drawn is not None:
            ids.append(state.drawn)
        return dict(Counter(cards[c].face for c in ids))

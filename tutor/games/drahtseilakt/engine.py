"""Drahtseilakt's state: set-up, legality, views and the inventory of pieces, the rules of
:class:`Table` (playing a card is in :mod:`tutor.games.drahtseilakt.play`).

The state is immutable; ``apply`` returns a new one and the events, each citing its clause.
Chance is recorded in ``state.record``: two shuffles per manche (the number cards, then the score
cards, top first) and the first dealer's seat in ``record.setup``.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass
from operator import itemgetter
from typing import Any, NamedTuple

from tutor import fr
from tutor.engine import IllegalAction, Won, check_players, shuffled
from tutor.engine.api import Seed
from tutor.engine.core import Record
from tutor.games.drahtseilakt.core import (
    C_CARDS,
    C_CHAOTIC,
    C_DEAL,
    C_END,
    C_HAND,
    C_LEAD,
    C_MANCHE_END,
    C_MANCHES,
    C_PAIRS,
    C_PLAY,
    C_PLAYERS,
    C_SCORE_CARDS,
    C_STICKS,
    C_TACTICAL,
    HAND_SIZE,
    MAX_PLAYERS,
    MIN_PLAYERS,
    NUMBER_CARDS,
    SCORE_CARDS,
    STICKS_PER_COLOUR,
    TRICKS,
    ScoreCard,
    Stake,
    Variant,
    _cancellation,
    check_score_cards,
    final_totals,
    is_int,
    number_cards,
    reveal,
    shown,
    turn,
    winners_of,
)
from tutor.games.drahtseilakt.events import (
    CardsInPlay,
    Dealt,
    DrahtseilaktEvent,
    Held,
    Leads,
    MancheStarts,
    Past,
    Reserve,
    ScoreCards,
    Seated,
)

FIRST_DEALER = "first_dealer"


@dataclass(frozen=True, slots=True, order=True)
class Play:
    """A player's card for the current trick (``Play(seat="Alex", card=12)``)."""

    seat: str
    card: int


Action = Play


class Deal(NamedTuple):
    """The recorded chance of one manche: the shuffled number cards (the first 9 x players are
    dealt, 9 to each seat in seating order) and the shuffled score cards (top first)."""

    cards: tuple[int, ...]
    scores: tuple[ScoreCard, ...]


class State(NamedTuple):
    """One position of a game. Immutable; every change goes through :meth:`~.play.Turns.step`.

    ``record`` holds every shuffle (see :func:`deals`); ``manche`` is the index of the current
    manche (the number of players once the game is over); ``first_dealer`` the seat index of
    the first dealer. ``score_deck`` holds the face-down score cards, ``revealed`` those turned
    this manche (visible to all), ``stake`` what the current trick pays. ``trick`` lists the
    cards played this trick in playing order, ``leader`` the seat index that leads it, ``tricks``
    the tricks finished this manche, ``discard`` the number cards of finished tricks of this
    manche (face down, but everybody saw them played). ``red`` and ``blue`` are the sticks held;
    ``history`` the scores of finished manches and ``cancelled`` the indices of the manches
    cancelled by a stick-free manche, per player.
    """

    variant: Variant
    players: tuple[str, ...]
    record: Record
    first_dealer: int
    manche: int
    hands: tuple[tuple[int, ...], ...]
    score_deck: tuple[ScoreCard, ...]
    revealed: tuple[ScoreCard, ...]
    stake: Stake
    leader: int
    trick: tuple[tuple[str, int], ...]
    tricks: int
    discard: tuple[int, ...]
    red: tuple[int, ...]
    blue: tuple[int, ...]
    history: tuple[tuple[int, ...], ...]
    cancelled: tuple[tuple[int, ...], ...]


class PlayerView(NamedTuple):
    """One player as a seat sees them: the ``hand`` only for that seat (or the teacher), the
    card ``played`` in this trick (hidden in the chaotic variant until all have chosen), the
    sticks in front of them, their manche scores and the manches they cancelled."""

    name: str
    hand: tuple[int, ...] | None
    hand_size: int
    played: int | None
    has_played: bool
    red: int
    blue: int
    history: tuple[int, ...]
    cancelled: tuple[int, ...]


class View(NamedTuple):
    """What one seat may see (``seat=None``: the teacher, who sees everything).

    Public to all: the reading in force, the manche, the dealer, the leader, who must act, the
    score cards turned this manche and the ``stake``, the cards of the current trick (in the
    chaotic variant only one's own until all have chosen), ``played_this_manche`` (the cards of
    the finished tricks: they lie face down, but everybody saw them played), every player's
    sticks and scores, the reserve and the number of cards out of the deal. Teacher only:
    ``score_deck`` (the score cards to come) and ``unseen`` (the cards out of the deal).

    Guaranteed while the game goes on (what the « Prudent » player counts on): the cards in
    play (:meth:`cards_in_play`) are 1 to ``HAND_SIZE`` x players + ``unseen_count`` (nine
    dealt to each seat, the rest out of the deal), and a player's ``played`` card is the one
    shown for them in ``trick`` (``None`` when they have not played or their card is hidden)."""

    seat: str | None
    variant: Variant
    manche: int
    manches: int
    dealer: str
    leader: str | None
    to_play: tuple[str, ...]
    trick_number: int
    trick: tuple[tuple[str, int | None], ...]
    stake: Stake | None
    revealed: tuple[ScoreCard, ...]
    deck_size: int
    played_this_manche: tuple[int, ...]
    reserve: tuple[int, int]
    unseen_count: int
    players: tuple[PlayerView, ...]
    over: bool
    score_deck: tuple[ScoreCard, ...] | None
    unseen: tuple[int, ...] | None

    def me(self) -> PlayerView | None:
        """The seat's own entry (``None`` for the teacher)."""
        seat = self.seat
        for p in self.players:
            if p.name == seat:
                return p
        return None

    def cards_in_play(self) -> tuple[int, ...]:
        """Every number card of this reading and player count."""
        return number_cards(self.variant, len(self.players))


# --- set-up ------------------------------------------------------------------------------------


def deals(state: State) -> tuple[Deal, ...]:
    """The deal of every manche, from the recorded shuffles."""
    s = state.record.shuffles
    return tuple(Deal(s[k], s[k + 1]) for k in range(0, len(s), 2))  # type: ignore[arg-type]


def _check_record(record: object, names: tuple[str, ...], cards: tuple[int, ...]) -> int:
    """The first dealer's seat of a valid ``record``; ``ValueError`` (French) otherwise."""
    n = len(names)
    if not isinstance(record, Record) or not isinstance(record.shuffles, tuple):
        raise ValueError(f"Enregistrement illisible : {shown(record)}.")
    shuffles = record.shuffles
    if len(shuffles) != 2 * n:
        raise IllegalAction(f"Il faut deux mélanges par manche ({2 * n} pour {n} joueurs), "
                            f"pas {len(shuffles)}.", C_DEAL)
    for k in range(n):
        dealt, scores = shuffles[2 * k], shuffles[2 * k + 1]
        # exact ints only (the types gathered in one pass), then every card once
        if not isinstance(dealt, tuple) or not {*map(type, dealt)} <= {int} \
                or sorted(dealt) != list(cards):  # type: ignore[type-var]
            raise IllegalAction(f"Chaque donne contient toutes les cartes numérotées en jeu "
                                f"(1 à {len(cards)}), chacune une fois.", C_DEAL)
        check_score_cards(scores)
        if len(scores) != len(SCORE_CARDS):
            raise IllegalAction("Chaque donne contient les onze cartes score.", C_SCORE_CARDS)
    first = record.option(FIRST_DEALER, 0)
    if not is_int(first) or not 0 <= first < n:  # type: ignore[operator]
        raise ValueError(f"Premier donneur illisible dans l’enregistrement : {shown(first)}.")
    return first  # type: ignore[return-value]


def start_manche(rules: Variant, names: tuple[str, ...], record: Record, first_dealer: int,
                  manche: int, history: tuple[tuple[int, ...], ...],
                  cancelled: tuple[tuple[int, ...], ...]) -> State:
    n = len(names)
    cards: tuple[int, ...] = record.shuffles[2 * manche]  # type: ignore[assignment]
    scores: tuple[ScoreCard, ...] = record.shuffles[2 * manche + 1]  # type: ignore[assignment]
    hands = tuple(tuple(sorted(cards[HAND_SIZE * i:HAND_SIZE * (i + 1)])) for i in range(n))
    first = turn(scores, False)  # the record was checked
    leader = (first_dealer + manche + 1) % n
    return tuple.__new__(State, (  # built without the keyword machinery (every manche)
        rules, names, record, first_dealer, manche, hands, first.rest, first.revealed,
        tuple.__new__(Stake, first[:3]), leader, (), 0, (), (0,) * n, (0,) * n, history,
        cancelled))


def dealer(state: State) -> str:
    """The dealer of the current manche (``drahtseilakt/manches``): one seat left each manche."""
    players, manche = state.players, state.manche
    n = len(players)
    return players[(state.first_dealer + (manche if manche < n else n - 1)) % n]


def manche_events(state: State) -> list[DrahtseilaktEvent]:
    """The events of a manche's start: the dealer, the deal, the leader, the first score card."""
    n = len(state.players)
    cards = number_cards(state.variant, n)
    tactical = state.variant.deck == "tactical"
    events: list[DrahtseilaktEvent] = [
        MancheStarts(seat=dealer(state), manche=state.manche + 1, of=n, clause=C_MANCHES),
        Dealt(seat=dealer(state), cards=len(cards), unseen=len(cards) - HAND_SIZE * n,
              clause=C_TACTICAL if tactical else C_DEAL),
        Leads(seat=state.players[state.leader], clause=C_LEAD),
    ]
    events.extend(reveal(deals(state)[state.manche].scores).events)
    return events


def situation(
    players: Sequence[str],
    *,
    hands: Mapping[str, Sequence[int]],
    score_deck: Sequence[ScoreCard],
    leader: str | None = None,
    red: Mapping[str, int] | None = None,
    blue: Mapping[str, int] | None = None,
    variant: Any = None,
    seed: int = 0,
) -> State:
    """A position set up by hand (worked examples, exercises): the first trick of the first
    manche, with each player's 9 ``hands`` cards, the whole ``score_deck`` (top first), the
    ``leader`` (default: the first player) and the sticks already held. Later manches are dealt
    from ``seed``. Raises :class:`IllegalAction` for an impossible position.
    """
    names = check_players(players, MIN_PLAYERS, MAX_PLAYERS, C_PLAYERS)
    rules = Variant.coerce(variant)
    n = len(names)
    cards = number_cards(rules, n)
    if not isinstance(hands, Mapping) or set(hands) != set(names):
        raise IllegalAction("Il faut donner la main de chaque joueur, et seulement d’eux.",
                            C_PLAYERS)
    dealt: list[int] = []
    for p in names:
        hand = hands[p]
        if not isinstance(hand, (list, tuple)) or len(hand) != HAND_SIZE \
                or any(not is_int(c) or c not in cards for c in hand):
            raise IllegalAction(f"La main de {p} doit compter {HAND_SIZE} cartes numérotées "
                                f"de 1 à {len(cards)}.", C_DEAL)
        dealt.extend(hand)
    if len(set(dealt)) != len(dealt):
        raise IllegalAction("Chaque carte numérotée n’existe qu’une fois.", C_CARDS)
    deck = check_score_cards(score_deck)
    if len(deck) != len(SCORE_CARDS):
        raise IllegalAction("La pioche de cartes score doit contenir les onze cartes.",
                            C_SCORE_CARDS)
    if not is_int(seed):
        raise ValueError(f"Une graine est un nombre entier, pas {shown(seed)}.")
    held = {}
    for colour, given in (("red", red), ("blue", blue)):
        given = {} if given is None else given
        if not isinstance(given, Mapping) or set(given) - set(names):
            raise IllegalAction("Bâtonnets attribués à un joueur absent.", C_PLAYERS)
        counts = tuple(given.get(p, 0) for p in names)
        if any(not is_int(c) or c < 0 for c in counts):
            raise IllegalAction("Un nombre de bâtonnets est un entier positif ou nul.", C_STICKS)
        if rules.supply == "finite" and sum(counts) > STICKS_PER_COLOUR:
            raise IllegalAction(f"Il n’y a que {STICKS_PER_COLOUR} bâtonnets de chaque couleur.",
                                C_STICKS)
        held[colour] = counts
    if rules.pairs == "immediate" and any(r and b for r, b in zip(held["red"], held["blue"])):
        raise IllegalAction("Personne ne garde des bâtonnets des deux couleurs : les paires "
                            "repartent aussitôt.", C_PAIRS)
    lead = 0 if leader is None else seat_index_in(names, leader)
    rest = tuple(c for c in cards if c not in set(dealt))
    rng = random.Random(seed)
    drawn: list[tuple[Hashable, ...]] = [tuple(dealt) + rest, deck]
    for _ in names[1:]:
        drawn += [shuffled(cards, rng), shuffled(SCORE_CARDS, rng)]
    record = Record(tuple(drawn), ((FIRST_DEALER, (lead - 1) % n),))
    state = start_manche(rules, names, record, (lead - 1) % n, 0, ((),) * n, ((),) * n)
    return state._replace(red=held["red"], blue=held["blue"])


def _sticks(names: tuple[str, ...], rules: Variant, red: Mapping[str, int] | None,
            blue: Mapping[str, int] | None) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The sticks in front of each player, checked: whole numbers, never more than the reserve
    holds (``drahtseilakt/batonnets``), and nobody with both colours when pairs go back at once
    (``drahtseilakt/paires``). :class:`IllegalAction` naming who and what."""
    held = {}
    for colour, word, given in (("red", "rouges", red), ("blue", "bleus", blue)):
        given = {} if given is None else given
        if not isinstance(given, Mapping) or set(given) - set(names):
            stranger = next(iter(set(given) - set(names))) if isinstance(given, Mapping) else ""
            raise IllegalAction(f"Bâtonnets {word} : aucun joueur ne s’appelle {shown(stranger)} "
                                f"(joueurs : {', '.join(names)}).", C_PLAYERS)
        counts = tuple(given.get(p, 0) for p in names)
        for p, c in zip(names, counts):
            if not is_int(c) or c < 0:
                raise IllegalAction(f"Bâtonnets {word} {fr.of(p)} : un nombre entier positif ou "
                                    f"nul, pas {shown(c)}.", C_STICKS)
        if rules.supply == "finite" and sum(counts) > STICKS_PER_COLOUR:
            raise IllegalAction(fr.typography(
                f"Bâtonnets {word} : {sum(counts)} devant les joueurs, mais le jeu n’en a que "
                f"{STICKS_PER_COLOUR}."), C_STICKS)
        held[colour] = counts
    if rules.pairs == "immediate":
        for p, r, b in zip(names, held["red"], held["blue"]):
            if r and b:
                raise IllegalAction(fr.typography(
                    f"Bâtonnets {fr.of(p)} : {fr.count(r, 'rouge')} et {fr.count(b, 'bleu')} ; "
                    "personne ne garde les deux couleurs, les paires repartent aussitôt à la "
                    "réserve."), C_PAIRS)
    return held["red"], held["blue"]


def resume(state: State, *, manche: object = 1,
           history: Mapping[str, Sequence[int]] | None = None,
           red: Mapping[str, int] | None = None, blue: Mapping[str, int] | None = None) -> State:
    """The game of ``state`` (a new game: its record deals every manche) taken up at the start
    of manche ``manche`` (1 for the first; ``drahtseilakt/manches``) with the scores of the
    earlier manches (``history``: one score per earlier manche for every player; a manche
    without any stick cancels the best earlier one, ``drahtseilakt/manche-propre``) and the
    sticks already in front of the players (``red``, ``blue``). Raises :class:`IllegalAction`
    (French, naming who and what) for an impossible position."""
    names, rules, n = state.players, state.variant, len(state.players)
    if not is_int(manche) or not 1 <= manche <= n + 1:  # type: ignore[operator]
        raise IllegalAction(f"Une partie à {n} joueurs compte {n} manches : la manche va de 1 à "
                            f"{n} ({n + 1} : la partie finie, toutes les manches comptées), "
                            f"pas {shown(manche)}.", C_MANCHES)
    k = int(manche) - 1  # type: ignore[call-overload]
    history = {} if history is None else history
    if not isinstance(history, Mapping) or set(history) - set(names):
        raise IllegalAction(f"Scores des manches jouées : donnez-les par joueur "
                            f"({', '.join(names)}).", C_PLAYERS)
    top = 2 * STICKS_PER_COLOUR if rules.supply == "unlimited" else STICKS_PER_COLOUR
    scores = []
    for p in names:
        given = tuple(history.get(p, ()))
        if len(given) != k:
            raise IllegalAction(fr.typography(
                f"Scores des manches jouées {fr.of(p)} : {fr.count(k, 'manche')} avant la manche "
                f"{k + 1}, donc {fr.count(k, 'score')}, pas {len(given)}."), C_MANCHES)
        for j, s in enumerate(given, 1):
            if not is_int(s) or not 0 <= s <= top:
                raise IllegalAction(fr.typography(
                    f"Score {fr.of(p)} à la manche {j} : un nombre de bâtonnets de 0 à {top}, pas "
                    f"{shown(s)}."), C_STICKS)
        scores.append(given)
    cancelled = []
    for given in scores:
        found: list[int] = []
        for j in range(1, len(given)):
            if given[j] == 0:
                best = _cancellation(given[:j], found)
                if best is not None:
                    found.append(best)
        cancelled.append(tuple(found))
    red_held, blue_held = _sticks(names, rules, red, blue)
    if k == n:  # after the last manche: the score sheet alone, the game over
        if any(red_held) or any(blue_held):
            raise IllegalAction("La partie est finie : plus aucun bâtonnet devant les joueurs "
                                "(chaque manche les rend à la réserve).", C_MANCHES)
        last = start_manche(rules, names, state.record, state.first_dealer, n - 1,
                            tuple(s[:-1] for s in scores), tuple(
                                tuple(j for j in c if j < n - 1) for c in cancelled))
        return last._replace(manche=n, hands=((),) * n, trick=(), tricks=TRICKS,
                             history=tuple(scores), cancelled=tuple(cancelled))
    start = start_manche(rules, names, state.record, state.first_dealer, k, tuple(scores),
                         tuple(cancelled))
    return start._replace(red=red_held, blue=blue_held)


# --- queries -----------------------------------------------------------------------------------


def seat_index_in(players: tuple[str, ...], seat: object) -> int:
    """Index of ``seat`` in ``players``, or :class:`IllegalAction` if nobody has that name."""
    if type(seat) is str and seat in players:
        return players.index(seat)
    raise IllegalAction(
        f"Aucun joueur ne s’appelle {shown(seat)} dans cette partie "
        f"(joueurs : {', '.join(players)}).",
        C_PLAYERS,
    )


def seat_index(state: State, seat: object) -> int:
    """Index of ``seat`` in the players, or :class:`IllegalAction` if nobody has that name."""
    return seat_index_in(state.players, seat)


_PLAYS: dict[str, list[Play]] = {}
"""Each seat's 51 possible plays (card 0 unused), made once: a :class:`Play` is immutable, so
the legal actions of every position share them instead of building new ones."""


def _plays(seat: str) -> list[Play]:
    """``seat``'s row of :data:`_PLAYS` (made on first use)."""
    row = _PLAYS.get(seat)
    if row is None:
        if len(_PLAYS) >= 256:  # names typed by learners: keep the table small
            _PLAYS.clear()
        row = _PLAYS[seat] = [Play(seat, c) for c in range(len(NUMBER_CARDS) + 1)]
    return row


def reserve(state: State) -> tuple[int, int]:
    """Sticks left in the reserve (red, blue); never below 0 (``drahtseilakt/batonnets``)."""
    red, blue = STICKS_PER_COLOUR - sum(state.red), STICKS_PER_COLOUR - sum(state.blue)
    return red if red > 0 else 0, blue if blue > 0 else 0


def _out_of_deal(record: Record, manche: int, n: int) -> tuple[int, ...]:
    """The cards out of this manche's deal, sorted (none once the game is over)."""
    if manche >= n:
        return ()
    deal: tuple[int, ...] = record.shuffles[2 * manche]  # type: ignore[assignment]
    return tuple(sorted(deal[HAND_SIZE * n:]))


class Table:
    """The rules of the table, as methods of the game's class (:class:`~.game.Drahtseilakt`): the
    set-up, who acts, what is legal and what each seat sees (playing a card is
    :class:`.play.Turns`'s); the helpers above stay functions."""

    def draw(self, players: tuple[str, ...], variant: Variant, seed: Seed,
             options: Mapping[str, Any]) -> Record:
        """The chance of a new game (``drahtseilakt/manches``, ``drahtseilakt/donne``): the shuffles
        of every manche drawn at once, the first player dealing first."""
        rng = seed if isinstance(seed, random.Random) else random.Random(seed)
        cards = number_cards(variant, len(players))
        drawn: list[tuple[Hashable, ...]] = []
        for _ in players:
            drawn += [shuffled(cards, rng), shuffled(SCORE_CARDS, rng)]
        return Record(tuple(drawn), ((FIRST_DEALER, 0),))

    def setup(self, players: tuple[str, ...], variant: Variant, record: Record,
              options: Mapping[str, Any]) -> State:
        """The first position of a recorded game (``drahtseilakt/joueurs``): the player on the
        dealer's left leads and turns the first score card."""
        first = _check_record(record, players, number_cards(variant, len(players)))
        return start_manche(variant, players, record, first, 0, ((),) * len(players),
                            ((),) * len(players))

    def opening_events(self, state: State) -> tuple[DrahtseilaktEvent, ...]:
        """The events of the set-up: players, material, then the first manche's deal and reveal."""
        events: list[DrahtseilaktEvent] = [
            Seated(players=state.players, clause=C_PLAYERS),
            CardsInPlay(count=len(number_cards(state.variant, len(state.players))), clause=C_CARDS),
            ScoreCards(cards=SCORE_CARDS, clause=C_SCORE_CARDS),
            Reserve(each=STICKS_PER_COLOUR, red=max(0, STICKS_PER_COLOUR - sum(state.red)),
                    blue=max(0, STICKS_PER_COLOUR - sum(state.blue)), clause=C_STICKS),
        ]
        # a position set up by hand: the sticks already held and the manches already scored are
        # told before the first move (the journal then agrees with the table)
        events.extend(Held(seat=name, red=r, blue=b, clause=C_STICKS)
                      for name, r, b in zip(state.players, state.red, state.blue, strict=True)
                      if r or b)
        if self.is_over(state):  # a score sheet set up: the whole count, each erased score cited
            sheet = final_totals(dict(zip(state.players, state.history, strict=True)))
            events.extend(sheet.events)
            result = winners_of(sheet.totals)
            events.append(Won(outcome=result, clause=result.clause))
        elif any(state.history):
            events.append(Past(players=state.players, scores=state.history,
                               cancelled=state.cancelled, clause=C_MANCHE_END))
        if not self.is_over(state):
            events.extend(manche_events(state))
        return tuple(events)

    def is_over(self, state: State) -> bool:
        """True once every manche has been played (``drahtseilakt/fin``)."""
        return state.manche >= len(state.players)

    def current_seats(self, state: State) -> tuple[str, ...]:
        """The players who must act now: the next player clockwise, or, in the chaotic variant,
        every player who has not chosen a card for this trick yet."""
        players, trick = state.players, state.trick
        n = len(players)
        if state.manche >= n:  # over
            return ()
        if state.variant.play == "in_turn":
            return (players[(state.leader + len(trick)) % n],)
        done = {p for p, _ in trick}
        return tuple(p for p in players if p not in done)

    def legal_actions(self, state: State, seat: str) -> tuple[Play, ...]:
        """Every card ``seat`` may play now, sorted; empty if that player has nothing to do.

        This is the only legality rule: :meth:`~.play.Turns.step` refuses anything not listed here.
        """
        players = state.players
        if type(seat) is not str or seat not in players:
            seat_index(state, seat)  # raises: nobody has that name
        n, i = len(players), players.index(seat)
        if state.manche >= n:  # over
            return ()
        if state.variant.play == "in_turn":  # :meth:`current_seats`, on the seat's index
            if (state.leader + len(state.trick)) % n != i:
                return ()
        elif seat not in self.current_seats(state):
            return ()
        row = _PLAYS.get(seat) or _plays(seat)
        hand = state.hands[i]
        if len(hand) > 1:  # the plays of the hand's cards, picked in one call
            return itemgetter(*hand)(row)  # type: ignore[no-any-return]
        return tuple([row[c] for c in hand])

    def refusal(self, state: State, action: object) -> IllegalAction:
        """Why ``action`` is not among the legal actions (called only once legality said no)."""
        if type(action) is not Play:
            return IllegalAction(
                f"Action inconnue pour Drahtseilakt : {shown(action, 60)}. Une action est "
                "Play(seat=joueur, card=carte).",
                C_PLAY,
            )
        i = seat_index(state, action.seat)
        if self.is_over(state):
            return IllegalAction("La partie est terminée : plus aucune carte ne se joue.", C_END)
        if state.variant.play == "simultaneous":
            if action.seat not in self.current_seats(state):
                return IllegalAction(f"{action.seat} a déjà choisi sa carte pour ce pli : une "
                                     "seule carte par pli.", C_CHAOTIC)
        else:
            turn = self.current_seats(state)[0]
            if action.seat != turn:
                return IllegalAction(
                    f"Ce n’est pas le tour {fr.of(action.seat)} : c’est à {turn} de jouer "
                    "(on joue chacun son tour, dans le sens des aiguilles d’une montre).", C_PLAY)
        if not is_int(action.card):
            return IllegalAction(f"Une carte numérotée est un nombre entier, pas "
                                 f"{shown(action.card)}.", C_CARDS)
        return IllegalAction(
            f"{action.seat} n’a pas la carte {action.card} en main "
            f"(main : {', '.join(map(str, state.hands[i]))}).",
            C_HAND,
        )

    def inventory(self, state: State) -> dict[Hashable, int]:
        """Every physical piece wherever it lies: each number card (hands, trick, discard of this
        manche, cards out of the deal), each score card (face down or turned), and the sticks of
        each colour (reserve and players; the tokens of the unlimited reading are not pieces)."""
        n = len(state.players)
        deal = deals(state)[min(state.manche, n - 1)]
        pieces: Counter[Hashable] = Counter()
        for hand in state.hands:
            pieces.update(("carte", c) for c in hand)
        pieces.update(("carte", c) for _, c in state.trick)
        pieces.update(("carte", c) for c in state.discard)
        pieces.update(("carte", c) for c in deal.cards[HAND_SIZE * n:])
        pieces.update(("carte score", c) for c in (*state.score_deck, *state.revealed))
        for colour, held, left in (("rouge", state.red, reserve(state)[0]),
                                   ("bleu", state.blue, reserve(state)[1])):
            tokens = max(0, sum(held) - STICKS_PER_COLOUR)
            pieces[("bâtonnet", colour)] = left + sum(held) - tokens
        return dict(pieces)

    def view(self, state: State, seat: str | None) -> View:
        """What ``seat`` may see (``seat=None``: the teacher's view, everything visible); see
        :class:`View`."""
        (variant, players, record, first_dealer, manche, hands, score_deck, revealed, stake, leader,
         trick, tricks, discard, red, blue, history, cancelled) = state
        everything = seat is None
        if not everything and (type(seat) is not str or seat not in players):
            seat_index(state, seat)  # raises: nobody has that name
        n = len(players)
        over = manche >= n
        in_turn = variant.play == "in_turn"
        # a player sees their own hand only, the others' cards of this trick too except in the
        # chaotic variant
        shows_trick = everything or in_turn
        card_of = dict(trick).get
        new = tuple.__new__  # the named tuples below, built without their keyword machinery
        rows = []
        i = 0
        for name in players:
            hand = hands[i]
            card = card_of(name)
            if everything or name == seat:
                rows.append(new(PlayerView, (name, hand, len(hand), card, card is not None, red[i],
                                             blue[i], history[i], cancelled[i])))
            else:
                rows.append(new(PlayerView, (name, None, len(hand), card if shows_trick else None,
                                             card is not None, red[i], blue[i], history[i],
                                             cancelled[i])))
            i += 1
        # the dealer, who must act and the reserve (:func:`dealer`, :meth:`current_seats` and
        # :func:`reserve`, worked out from the fields unpacked above)
        if over:
            to_act: tuple[str, ...] = ()
            unseen_count = 0
        else:
            to_act = ((players[(leader + len(trick)) % n],) if in_turn
                      else self.current_seats(state))
            # this manche's recorded deal holds every card in play: those past the hands were not
            # dealt
            unseen_count = len(record.shuffles[2 * manche]) - HAND_SIZE * n
        red_left, blue_left = STICKS_PER_COLOUR - sum(red), STICKS_PER_COLOUR - sum(blue)
        return new(View, (
            seat, variant, n if over else manche + 1, n,
            players[(first_dealer + (n - 1 if over else manche)) % n],
            None if over else players[leader], to_act,
            tricks + 1 if tricks < TRICKS else TRICKS,
            trick if shows_trick else tuple((p, c if p == seat else None) for p, c in trick),
            None if over else stake, revealed, len(score_deck), discard,
            (red_left if red_left > 0 else 0, blue_left if blue_left > 0 else 0), unseen_count,
            tuple(rows), over, score_deck if everything else None,
            _out_of_deal(record, manche, n) if everything else None,
        ))

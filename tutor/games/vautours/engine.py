"""Stupides Vautours: set-up, legality, resolution, views and the end of the game.

Every rule is pure: a :class:`State` in, a new one (and the events, each citing its clause)
out. The rules are the methods of :class:`Rules` (the game's class derives from it);
:meth:`Rules.legal_actions` is the only legality rule; ``apply`` checks it.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Hashable, Mapping, Sequence
from operator import add, itemgetter
from typing import Any

from tutor import fr
from tutor.engine import (
    IllegalAction,
    Outcome,
    Resolution,
    Won,
    check_players,
    shuffled,
    unique_extreme,
)
from tutor.engine.api import Game, Seed
from tutor.engine.core import Record
from tutor.games.vautours.checks import VariantLike, coerce_variant, is_int, refuse, shown
from tutor.games.vautours.events import (
    Cancelled,
    Chosen,
    Counted,
    Discarded,
    Ended,
    HandsDealt,
    Kept,
    NoWinner,
    PileLost,
    PileShared,
    PileWon,
    PointsListed,
    Revealed,
    RoundEvent,
    RoundResult,
    Seated,
    Shown,
    Shuffled,
    Staked,
    Taken,
    VautoursEvent,
)
from tutor.games.vautours.score import result
from tutor.games.vautours.state import (
    C_CARDS,
    C_CHOICE,
    C_COUNT,
    C_DECK,
    C_END,
    C_END_ROUND,
    C_HAND,
    C_LAST,
    C_NO_WINNER,
    C_ONE_LEVEL,
    C_PLAYERS,
    C_POINTS,
    C_REVEAL,
    C_SHARED,
    C_SHOW,
    C_SUM,
    C_SURICATE,
    C_TAKE,
    C_TIE,
    C_VAUTOUR,
    HAND,
    MANCHES,
    MAX_PLAYERS,
    MIN_PLAYERS,
    POINT_CARDS,
    Play,
    SeatView,
    State,
    Variant,
    View,
)


def _int_sequence(name: str, value: object, clause: str) -> tuple[int, ...]:
    if isinstance(value, str | bytes) or not isinstance(value, Sequence):
        raise refuse(f"{fr.capitalize(name)} doit être une liste de nombres entiers.",
                     clause)
    if not all(is_int(c) for c in value):
        raise refuse(f"{fr.capitalize(name)} ne doit contenir que des nombres entiers.",
                     clause)
    return tuple(value)


# --- set-up ------------------------------------------------------------------------------------


_SORTED_POINTS = sorted(POINT_CARDS)
"""The point cards in increasing order: what a recorded shuffle holds once sorted."""


def situation(
    players: Sequence[str],
    *,
    pile: Sequence[int],
    hands: Mapping[str, Sequence[int]],
    deck: Sequence[int] = (),
    taken: Mapping[str, Sequence[int]] | None = None,
    variant: VariantLike = None,
) -> State:
    """A position set up by hand (sandbox, worked examples): the ``pile`` at stake, the face-down
    ``deck`` still to come, each player's ``hands`` and the point cards already ``taken``.

    Every point card appears at most once; each hand holds distinct cards from 1 to 15 and as many
    cards as manches are left (``len(deck) + 1``). Raises :class:`IllegalAction` otherwise.
    """
    names = check_players(players, MIN_PLAYERS, MAX_PLAYERS, C_PLAYERS)
    rules = coerce_variant(variant)
    pile_cards = _int_sequence("la pile", pile, C_POINTS)
    deck_cards = _int_sequence("la pioche", deck, C_POINTS)
    if taken is not None and not isinstance(taken, Mapping):
        raise refuse("Les gains se donnent joueur par joueur.", C_PLAYERS)
    if not isinstance(hands, Mapping):
        raise refuse("Les mains se donnent joueur par joueur.", C_PLAYERS)
    strangers = sorted(map(str, set(taken or {}) - set(names)))
    if strangers:
        raise refuse("Cartes gagnées attribuées à un joueur absent : "
                     + fr.join(strangers) + ".", C_PLAYERS)
    won = {p: _int_sequence(f"les gains {fr.of(p)}", (taken or {}).get(p, ()), C_POINTS)
           for p in names}
    if not pile_cards:
        raise refuse("La pile en jeu ne peut pas être vide : chaque manche commence par "
                     "une carte Points révélée.", C_REVEAL)
    points = [*pile_cards, *deck_cards, *(c for p in names for c in won[p])]
    if any(c not in POINT_CARDS for c in points) or len(set(points)) != len(points):
        raise refuse("Chaque carte Points (−5 à −1, +1 à +10) ne peut figurer qu’une fois "
                     "dans la pile, la pioche et les gains.", C_POINTS)
    if set(hands) != set(names):
        raise refuse("Il faut donner la main de chaque joueur, et seulement d’eux.",
                     C_PLAYERS)
    size = len(deck_cards) + 1
    cards = []
    for p in names:
        hand = tuple(sorted(_int_sequence(f"la main {fr.of(p)}", hands[p], C_CARDS)))
        if any(c not in HAND for c in hand) or len(set(hand)) != len(hand):
            raise refuse(f"La main {fr.of(p)} doit contenir des cartes distinctes de "
                         "1 à 15.", C_CARDS)
        if len(hand) != size:
            raise refuse(
                f"{p} doit avoir {fr.count(size, 'carte')} en main : une par manche restante "
                f"({fr.count(len(deck_cards), 'carte')} Points en pioche plus la pile en jeu).",
                C_HAND)
        cards.append(hand)
    n = len(names)
    return State(variant=rules, players=names, record=Record((pile_cards + deck_cards,)),
                 deck=deck_cards, pile=pile_cards, hands=tuple(cards), chosen=(None,) * n,
                 played=((),) * n, taken=tuple(won[p] for p in names), lost=(), bonus=(0,) * n)


# --- queries -----------------------------------------------------------------------------------


def seat_index(state: State, seat: object) -> int:
    """Index of ``seat`` in the players, or :class:`IllegalAction` if nobody has that name."""
    if type(seat) is str and seat in state.players:
        return state.players.index(seat)
    raise refuse(f"Aucun joueur ne s’appelle {shown(seat)} dans cette partie "
                 f"(joueurs : {fr.join(state.players)}).", C_PLAYERS)


def manche(state: State) -> int:
    """Number of the current manche (1 to 15); 15 once the game is over."""
    return MANCHES - len(state.deck)


_PLAYS: dict[str, tuple[Play, ...]] = {}
"""Each seat's 16 possible plays (card 0 unused), made once: a :class:`Play` is immutable, so
the legal actions of every position share them instead of building new ones."""


def _plays(seat: str) -> tuple[Play, ...]:
    """``seat``'s row of :data:`_PLAYS` (made on first use)."""
    row = _PLAYS.get(seat)
    if row is None:
        if len(_PLAYS) >= 256:  # names typed by learners: keep the table small
            _PLAYS.clear()
        row = _PLAYS[seat] = tuple(Play(seat, c) for c in range(len(HAND) + 1))
    return row


def _playable(state: State, i: int) -> tuple[int, ...]:
    """The rule itself: the cards player ``i`` may lay now, sorted (the whole hand while
    nothing is chosen this manche; nothing after). :func:`legal_actions` and :func:`apply`
    both ask it."""
    return state.hands[i] if state.chosen[i] is None else ()


# --- resolution --------------------------------------------------------------------------------


def _check_round(plays: object, pile: object) -> tuple[dict[str, int], tuple[int, ...]]:
    if not isinstance(plays, Mapping):
        raise refuse("Les cartes posées se donnent joueur par joueur.", C_PLAYERS)
    if not MIN_PLAYERS <= len(plays) <= MAX_PLAYERS:
        raise refuse(f"Une manche oppose {MIN_PLAYERS} à {MAX_PLAYERS} joueurs, "
                     f"pas {len(plays)}.", C_PLAYERS)
    for seat, card in plays.items():
        if type(seat) is not str or not seat.strip():
            raise refuse(f"Nom de joueur invalide : {shown(seat)}.", C_PLAYERS)
        if not is_int(card) or card not in HAND:
            raise refuse(f"{seat} ne peut pas jouer {shown(card)} : les cartes de jeu "
                         "vont de 1 à 15.", C_HAND)
    cards = _int_sequence("la pile", pile, C_POINTS)
    if not cards:
        raise refuse("La pile en jeu ne peut pas être vide : on révèle toujours une "
                     "carte Points en début de manche.", C_REVEAL)
    if any(c not in POINT_CARDS for c in cards) or len(set(cards)) != len(cards):
        raise refuse("La pile doit contenir des cartes Points distinctes, de −5 à −1 et "
                     "de +1 à +10.", C_POINTS)
    return dict(plays), cards


def resolve_round(plays: Mapping[str, int], pile: Sequence[int],
                  variant: VariantLike = None) -> RoundResult:
    """Who takes ``pile`` given the cards revealed in ``plays``, step by step.

    The pile's total decides the mode (``vautours/somme``: 0 or more plays as a Suricate card,
    below 0 as a Vautour card). A Suricate pile goes to the highest card (``vautours/suricate``), a
    Vautour pile to the lowest (``vautours/vautour``). Tied values are cancelled first
    (``vautours/egalite``): repeatedly by default, once only under ``ties="one_level"``
    (``vautours/variante-egalite-simple``). If nobody is left, the pile is not attributed
    (``vautours/sans-attribution``).
    """
    rules = coerce_variant(variant)
    checked, cards = _check_round(plays, pile)
    return _resolve(checked, cards, rules, True)


def _resolution(players: Sequence[str], laid: Sequence[int], pile: tuple[int, ...],
                rules: Variant) -> Resolution:
    """Who takes ``pile`` when ``players`` laid ``laid`` (in the same order): the tie rule of
    :func:`unique_extreme`, the highest card first on a pile worth 0 or more, the lowest first
    on a negative one, one level of cancellation only under ``ties="one_level"``. The rule of
    :func:`_resolve` (events, results) and of a simulation's :func:`step` (the winner alone)."""
    return unique_extreme(players, laid, "high" if sum(pile) >= 0 else "low",
                          1 if rules.ties == "one_level" else None)


def _resolve(plays: Mapping[str, int], pile: tuple[int, ...], rules: Variant,
             explain: bool) -> RoundResult:
    total = sum(pile)
    mode = "suricate" if total >= 0 else "vautour"
    res = _resolution(tuple(plays), list(plays.values()), pile, rules)
    if not explain:  # (a plain tuple: the keyword machinery costs more than the rest)
        return tuple.__new__(RoundResult, (res.winner, res.value, mode, total, res.cancelled, ()))
    mode_clause = C_SURICATE if mode == "suricate" else C_VAUTOUR
    events: list[RoundEvent] = [Staked(pile=pile, total=total, mode=mode,
                                       clause=C_SUM if len(pile) > 1 else mode_clause)]
    events += [Cancelled(value=value, seats=seats, clause=C_TIE)
               for value, seats in res.cancelled]
    if res.winner is not None and res.value is not None:  # (a winner always has a card)
        events.append(PileWon(seat=res.winner, card=res.value, pile=pile, total=total,
                              mode=mode, clause=mode_clause))
    else:
        events.append(NoWinner(pile=pile, total=total, mode=mode,
                               clause=C_ONE_LEVEL if res.stopped_by_limit else C_NO_WINNER))
    return RoundResult(res.winner, res.value, mode, total, res.cancelled, tuple(events))


def lay(state: State, plays: Sequence[Play]) -> State:
    """The state after the legal ``plays``, in order, all in the manche being played (the last
    card of the manche, if it is one of them, comes last): what :func:`step` gives them one by
    one without events. A card laid stays hidden (``vautours/choix``); the last one resolves
    the pile (:func:`_resolution`) and starts the next manche (:func:`_next_manche`). A hint's
    playouts lay a manche's cards in one call."""
    variant, players, record, deck, pile, _, _, played, taken, lost, bonus = state
    hands, laid = _laid(state, plays)
    if None in laid:  # the others still choose
        return State(variant, players, record, deck, pile, hands, tuple(laid), played, taken,
                     lost, bonus)
    cards: list[int] = laid  # type: ignore[assignment]  # (no None left)
    return _next_manche(variant, players, record, deck, pile, hands, cards, played, taken, lost,
                        bonus, _resolution(players, cards, pile, variant).winner)


def _laid(state: State, plays: Sequence[Play]) -> tuple[tuple[tuple[int, ...], ...],
                                                         list[int | None]]:
    """The hands and the cards laid this manche once ``plays`` are laid: each card leaves its
    player's hand (``vautours/main``) and lies face down (``vautours/choix``)."""
    players = state.players
    hands = list(state.hands)
    laid = list(state.chosen)
    for seat, card in plays:
        i = players.index(seat)
        hand = hands[i]
        k = hand.index(card)
        hands[i] = hand[:k] + hand[k + 1:]
        laid[i] = card
    return tuple(hands), laid


def _end_of_manche(state: State, after: State, plays: dict[str, int],
                   result: RoundResult) -> list[VautoursEvent]:
    """The events of the reveal and resolution that led from ``state`` to ``after``."""
    laid = tuple(Play(seat, card) for seat, card in plays.items())
    events: list[VautoursEvent] = [Shown(plays=laid, clause=C_SHOW), *result.events]
    total = sum(state.pile)
    if result.winner is not None:
        events.append(Taken(seat=result.winner, cards=state.pile, clause=C_TAKE))
    elif not state.deck and state.variant.last_pile == "shared":
        seats = _best_seats(state.players, list(plays.values()), state.pile)
        events.append(PileShared(pile=state.pile, total=total, seats=seats, clause=C_SHARED))
    elif not state.deck:
        events.append(PileLost(pile=state.pile, total=total, clause=C_LAST))
    events.append(Discarded(plays=laid, clause=C_END_ROUND))
    if state.deck:
        events.append(Revealed(card=state.deck[0], pile=after.pile, manche=manche(after),
                               clause=C_REVEAL))
    else:
        events += _final_events(after)
    return events


def _best_seats(players: tuple[str, ...], chosen: Sequence[int],
                pile: tuple[int, ...]) -> tuple[str, ...]:
    """Who played the best card of the manche (for the ``shared`` last pile)."""
    best = max(chosen) if sum(pile) >= 0 else min(chosen)
    return tuple(p for p, c in zip(players, chosen) if c == best)


def _next_manche(variant: Variant, players: tuple[str, ...], record: Record,
                 deck: tuple[int, ...], pile: tuple[int, ...], hands: tuple[tuple[int, ...], ...],
                 laid: list[int], played: tuple[tuple[int, ...], ...],
                 taken: tuple[tuple[int, ...], ...], lost: tuple[int, ...],
                 bonus: tuple[int, ...], winner: str | None) -> State:
    """The state after a manche where everyone has laid a card (``laid``, by seat) and the pile
    is resolved (``winner`` takes it, or nobody): winnings, open piles, next point card (or the
    end). The arguments are the fields of the state after the last choice, in order."""
    if winner is not None:
        won = list(taken)
        w = players.index(winner)
        won[w] += pile
        taken = tuple(won)
        pile = ()
    elif not deck:
        if variant.last_pile == "shared":
            best = _best_seats(players, laid, pile)
            bonus = tuple(b + (sum(pile) if p in best else 0) for p, b in zip(players, bonus))
        lost, pile = lost + pile, ()
    shown_ = tuple(map(add, played, zip(laid)))  # each open pile + (its card,)
    return tuple.__new__(State, (variant, players, record, deck[1:], pile + deck[:1], hands,
                                 (None,) * len(players), shown_, taken, lost, bonus))


# --- the end -----------------------------------------------------------------------------------


def _scores(state: State) -> dict[str, int]:
    return {p: sum(t) + b for p, t, b in zip(state.players, state.taken, state.bonus)}


def _outcome(state: State) -> Outcome:
    """The final scores and winners of a game over (:meth:`Rules.outcome`)."""
    return result(_scores(state), dict(zip(state.players, state.taken)),
                  state.variant.final_tiebreak)


def _final_events(state: State) -> list[VautoursEvent]:
    """The events of the end: the game over, the final count, the outcome."""
    result = _outcome(state)
    return [
        Ended(lost=state.lost, clause=C_END),
        Counted(scores=tuple(result.scores.items()),
                taken=tuple(zip(state.players, state.taken, strict=True)), clause=C_COUNT),
        Won(outcome=result, clause=result.clause),
    ]

# --- the rules as methods of the game's class --------------------------------------------------


class Rules(Game[State, Play, View, VautoursEvent]):
    """The rules of Stupides Vautours, as the methods of the game's class (its type, players and
    texts are :class:`~tutor.games.vautours.game.Vautours`'s); the helpers above stay functions."""

    def draw(self, players: tuple[str, ...], variant: Variant, seed: Seed,
             options: Mapping[str, Any]) -> Record:
        """The chance of a new game (``vautours/pioche``): one shuffle of the point cards."""
        return Record((shuffled(POINT_CARDS, seed),))

    def setup(self, players: tuple[str, ...], variant: Variant, record: Record,
              options: Mapping[str, Any]) -> State:
        """The first position of a recorded game (clauses ``vautours/joueurs`` and
        ``vautours/pioche``): the point cards laid as recorded, the first one revealed."""
        if (type(record.shuffles) is not tuple or len(record.shuffles) != 1
                or type(record.shuffles[0]) is not tuple):
            raise ValueError("L’enregistrement doit contenir exactement un mélange des cartes "
                             "Points.")
        deck = record.shuffles[0]
        # every card a genuine int (as :func:`is_int` says), each point card once
        if set(map(type, deck)) != {int} or sorted(deck) != _SORTED_POINTS:  # type: ignore
            raise refuse("L’ordre de la pioche doit contenir chaque carte Points (−5 à −1, "
                         "+1 à +10) exactement une fois.", C_POINTS)
        order: tuple[int, ...] = deck  # type: ignore[assignment]
        n = len(players)
        # (a plain tuple, as :func:`step` builds its states: the keywords cost more than the rest)
        return tuple.__new__(State, (variant, players, record, order[1:], order[:1], (HAND,) * n,
                                     (None,) * n, ((),) * n, ((),) * n, (), (0,) * n))

    def opening_events(self, state: State) -> tuple[VautoursEvent, ...]:
        """The events of the set-up: players seated, recorded shuffle, first point card revealed."""
        return (
            Seated(players=state.players, clause=C_PLAYERS),
            HandsDealt(hand=HAND, clause=C_CARDS),
            PointsListed(cards=POINT_CARDS, clause=C_POINTS),
            Shuffled(order=state.order, clause=C_DECK),
            Revealed(card=state.pile[0], pile=state.pile, manche=manche(state), clause=C_REVEAL),
            # a position set up by hand: the piles already won, before the first move
            *(Kept(seat=name, cards=cards, clause=C_TAKE)
              for name, cards in zip(state.players, state.taken, strict=True) if cards),
        )

    def is_over(self, state: State) -> bool:
        """True once the 15 manches are played (``vautours/fin``)."""
        return not state.pile and not state.deck

    def current_seats(self, state: State) -> tuple[str, ...]:
        """The players who still have to choose a card this manche (all act simultaneously)."""
        if not state.pile and not state.deck:  # is_over()
            return ()
        chosen = state.chosen
        waiting = chosen.count(None)
        if waiting == len(chosen):  # the manche's first choice: everyone
            return state.players
        if waiting == 1:  # its last choice
            return (state.players[chosen.index(None)],)
        return tuple([p for p, c in zip(state.players, chosen) if c is None])

    def legal_actions(self, state: State, seat: str) -> tuple[Play, ...]:
        """Every card ``seat`` may play now, sorted; empty if that player has nothing to do.

        This is the only legality rule: a player plays one card of their hand per manche
        (``vautours/main``, ``vautours/choix``), and nothing once the hands are empty
        (``vautours/fin``). :func:`apply` accepts exactly these actions.
        """
        players = state.players
        if type(seat) is not str or seat not in players:
            seat_index(state, seat)  # raises: nobody has that name
        row = _PLAYS.get(seat) or _plays(seat)
        cards = _playable(state, players.index(seat))
        if len(cards) < 2:  # (an itemgetter of one card gives the play itself, of none fails)
            return tuple([row[c] for c in cards])
        return itemgetter(*cards)(row)  # type: ignore[no-any-return]

    def refusal(self, state: State, action: object) -> IllegalAction:
        """Why ``action`` is not among the legal actions (called only once legality said no)."""
        if type(action) is not Play:
            return refuse(f"Action inconnue pour Stupides Vautours : {shown(action)}. Une "
                          "action est Play(seat=joueur, card=carte).", C_CHOICE)
        seat, card = action
        i = seat_index(state, seat)
        if self.is_over(state):
            return refuse("La partie est terminée : plus aucune carte ne se joue.", C_END)
        if state.chosen[i] is not None:
            return refuse(f"{seat} a déjà choisi sa carte pour cette manche : une seule carte "
                          "par manche.", C_CHOICE)
        if not is_int(card) or card not in HAND:
            return refuse(f"{seat} n’a pas la carte {shown(card)} : les cartes de jeu vont de 1 "
                          "à 15.", C_CARDS)
        return refuse(f"{seat} n’a plus la carte {card} en main "
                      f"(main : {', '.join(map(str, state.hands[i]))}).", C_HAND)

    def view(self, state: State, seat: str | None) -> View:
        """What ``seat`` may see. ``seat=None`` is the teacher's view (everything visible).

        A player sees the pile at stake, the point cards revealed so far, the number of face-down
        point cards, their own hand, choice and winnings, who has chosen (not what), and every card
        shown so far (the open piles, remembered). Once the game is over, the final count shows
        everyone's winnings and totals (``vautours/decompte``).
        """
        variant, names, record, deck, pile, hands, chosen, played, taken, _, bonus = state
        if seat is not None and (type(seat) is not str or seat not in names):
            seat_index(state, seat)  # raises: nobody has that name
        over = not pile and not deck
        new = tuple.__new__  # the named tuples below, built without their keyword machinery
        players = []
        if seat is None or over:  # the teacher's view, the final count: everyone's cards shown
            for name, card, hand, shown_, won, extra in zip(names, chosen, hands, played, taken,
                                                            bonus):
                laid = card is not None
                players.append(new(SeatView, (name, laid, card, hand, len(hand) + laid,
                                              shown_[-1] if shown_ else None, shown_, won, len(won),
                                              sum(won) + extra)))
        else:  # the seat's own row, and the others' with what they chose, hold and won hidden
            i = names.index(seat)
            for j in range(len(names)):
                card, shown_ = chosen[j], played[j]
                if j == i:
                    hand, won = hands[i], taken[i]
                    players.append(new(SeatView, (names[i], card is not None, card, hand,
                                                  len(hand) + (card is not None),
                                                  shown_[-1] if shown_ else None, shown_, won,
                                                  len(won), sum(won) + bonus[i])))
                else:
                    players.append(new(SeatView, (names[j], card is not None, None, None,
                                                  len(hands[j]) + (card is not None),
                                                  shown_[-1] if shown_ else None, shown_, None,
                                                  len(taken[j]), None)))
        shuffles, left = record.shuffles, len(deck)
        order = shuffles[0] if shuffles else ()  # State.order
        return new(View, (seat, variant, MANCHES - left, pile, sum(pile), left,
                          deck if seat is None else None, order[:len(order) - left],
                          tuple(players), over))

    def glance(self, state: State, seat: str) -> View:
        """``seat``'s view without the seats' rows (``players`` empty): the table alone, what a
        computer player that reads nothing else is handed in a hint's playouts (``GLANCES``).
        Every other field is :func:`view`'s."""
        variant, _, record, deck, pile, _, _, _, _, _, _ = state
        left = len(deck)
        shuffles = record.shuffles
        order = shuffles[0] if shuffles else ()  # State.order
        return tuple.__new__(View, (seat, variant, MANCHES - left, pile, sum(pile), left, None,
                                    order[:len(order) - left], (), not pile and not deck))

    def inventory(self, state: State) -> dict[Hashable, int]:
        """Every card of the game wherever it lies: each point card once (deck, pile, winnings,
        lost), each playing-card value once per player (hand, face down, open pile)."""
        points: Counter[Hashable] = Counter(("Points", c) for c in
                         (*state.deck, *state.pile, *state.lost,
                          *(c for t in state.taken for c in t)))
        cards: Counter[Hashable] = Counter(("jeu", c) for i in range(len(state.players))
                        for c in (*state.hands[i], *state.played[i],
                                  *(() if state.chosen[i] is None else (state.chosen[i],))))
        return dict(points + cards)

    def is_legal(self, state: State, action: object) -> bool:
        """Whether ``action`` is one of the legal actions now (the same rule, :func:`_playable`)."""
        if type(action) is not Play:
            return False
        seat, card = action
        players = state.players
        return (type(seat) is str and type(card) is int and seat in players  # is_int(card)
                and card in _playable(state, players.index(seat)))

    def step(self, state: State, action: Play, explain: bool
             ) -> tuple[State, tuple[VautoursEvent, ...]]:
        """Play the legal ``action`` and return the new state and what happened.

        A choice stays hidden until every player has chosen (``vautours/choix``); the last choice
        of a manche reveals all cards (``vautours/devoilement``), resolves the pile
        (:func:`resolve_round`),
        moves the played cards to the open piles (``vautours/fin-de-manche``) and reveals the next
        point card (``vautours/revelation``) or ends the game (``vautours/fin``). ``explain=False``
        skips building the events (simulations): the state is :func:`lay`'s, the same.
        """
        if not explain:
            return lay(state, (action,)), ()
        variant, players, record, deck, pile, _, _, played, taken, lost, bonus = state
        hands, laid = _laid(state, (action,))
        state = State(variant, players, record, deck, pile, hands, tuple(laid), played, taken, lost,
                      bonus)
        events: tuple[VautoursEvent, ...] = (Chosen(seat=action.seat, card=action.card,
                                                    clause=C_CHOICE),)
        if None in laid:  # the others still choose: the card stays hidden
            return state, events
        cards: list[int] = laid  # type: ignore[assignment]  # (no None left)
        plays = dict(zip(players, cards))
        result = _resolve(plays, pile, variant, True)
        after = _next_manche(variant, players, record, deck, pile, hands, cards, played, taken,
                             lost, bonus, result.winner)
        return after, events + tuple(_end_of_manche(state, after, plays, result))

    def outcome(self, state: State) -> Outcome:
        """The final scores and winners (``vautours/decompte``, then
        :func:`~.score.final_result`'s rule)."""
        if not self.is_over(state):
            raise refuse("La partie n’est pas terminée : pas encore de vainqueur.", C_END)
        return _outcome(state)

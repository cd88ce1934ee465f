"""Stupides Vautours (Hol's der Geier, Alex Randolph): the whole game as data and pure functions.

Rules in brief (clauses in ``rules/vautours.fr.md``): 2 to 5 players hold the same 15 cards
(1 to 15). Fifteen point cards (+1..+10 Suricate, -1..-5 Vautour) are shuffled face down. Each
manche one point card is revealed and joins the pile at stake; every player secretly chooses a card;
all are revealed together. A pile worth 0 or more goes to the highest card played by exactly one
player, a negative pile to the lowest such card; tied values cancel. An unattributed pile stays and
grows with the next card. After 15 manches the highest score wins.

Parameters (:class:`Variant`, presets in :data:`PRESETS`):

* ``ties``: ``"repeated"`` (default: the highest/lowest *unique* card wins, publisher rule and the
  souris booklet) or ``"one_level"`` (literal suricate booklet: one level of cancellation, then a
  second tie leaves the pile unattributed).
* ``final_tiebreak``: ``"second_best"`` (default, both booklets) or ``"highest_mouse"`` (souris
  booklet alternative: the tied player holding the highest Suricate card wins).
* ``last_pile``: ``"lost"`` (default, souris booklet: a pile still unattributed after the last
  manche is out of the game) or ``"shared"`` (house rule: every player who played the best card
  of that manche counts the pile's value).

API shared by every game: :func:`new_game`, :func:`current_seats`, :func:`legal_actions`,
:func:`apply`, :func:`view`, :func:`is_over`, :func:`outcome`, plus :func:`opening_events`,
:func:`replay` and the pure helpers :func:`resolve_round` and :func:`final_result`.
"""

from __future__ import annotations

import random
from bisect import bisect_left
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from operator import attrgetter
from typing import Any, ClassVar, NamedTuple

from tutor.engine import (
    Event,
    IllegalAction,
    Outcome,
    VariantBase,
    check_players,
    join_names,
    short_repr,
    shuffled,
    signed,
    unique_extreme,
)
from tutor.engine.examples import (
    COMMON_KEYS,
    ExampleError,
    ExampleRun,
    check_keys,
    compare,
    int_list,
    int_table,
    list_table,
)

GAME_ID = "vautours"
MIN_PLAYERS = 2
MAX_PLAYERS = 5
HAND: tuple[int, ...] = tuple(range(1, 16))
SURICATES: tuple[int, ...] = tuple(range(1, 11))
VAUTOURS: tuple[int, ...] = tuple(range(-5, 0))
POINT_CARDS: tuple[int, ...] = VAUTOURS + SURICATES

C_CARDS = "vautours/cartes-de-jeu"
C_POINTS = "vautours/cartes-points"
C_PLAYERS = "vautours/joueurs"
C_DECK = "vautours/pioche"
C_REVEAL = "vautours/revelation"
C_CHOICE = "vautours/choix"
C_HAND = "vautours/main"
C_SHOW = "vautours/devoilement"
C_SURICATE = "vautours/suricate"
C_VAUTOUR = "vautours/vautour"
C_TIE = "vautours/egalite"
C_NO_WINNER = "vautours/sans-attribution"
C_SUM = "vautours/somme"
C_TAKE = "vautours/gain"
C_END_ROUND = "vautours/fin-de-manche"
C_LAST = "vautours/derniere-manche"
C_END = "vautours/fin"
C_COUNT = "vautours/decompte"
C_WINNER = "vautours/vainqueur"
C_TIEBREAK = "vautours/departage"
C_ONE_LEVEL = "vautours/variante-egalite-simple"
C_MOUSE = "vautours/variante-departage-souris"
C_SHARED = "vautours/variante-pile-partagee"

TIES = ("repeated", "one_level")
FINAL_TIEBREAKS = ("second_best", "highest_mouse")
LAST_PILES = ("lost", "shared")


@dataclass(frozen=True)
class Variant(VariantBase):
    """The readings of the rules in force for one game; validated at construction."""

    GAME: ClassVar[str] = "Stupides Vautours"
    CHOICES: ClassVar[Mapping[str, tuple[Any, ...]]] = {
        "ties": TIES,
        "final_tiebreak": FINAL_TIEBREAKS,
        "last_pile": LAST_PILES,
    }

    ties: str = "repeated"
    final_tiebreak: str = "second_best"
    last_pile: str = "lost"


PRESETS: dict[str, Variant] = {
    "standard": Variant(),
    "livret-suricate": Variant(ties="one_level"),
    "livret-souris": Variant(),
    "livret-souris-alternative": Variant(final_tiebreak="highest_mouse"),
}
Variant.PRESETS = PRESETS

PRESET_LABELS: dict[str, str] = {
    "standard": "Règle de l'éditeur (valeur unique la plus forte)",
    "livret-suricate": "Livret « suricate », lu à la lettre (un seul niveau d'égalité)",
    "livret-souris": "Livret « souris »",
    "livret-souris-alternative": "Livret « souris », départage par la plus haute souris",
}


class Play(NamedTuple):
    """A player's hidden choice of one card from their hand for the current manche."""

    seat: str
    card: int


class State(NamedTuple):
    """One position of a game. Immutable; every change goes through :func:`apply`.

    ``order`` is the recorded shuffle of the point cards (top first); ``deck`` what is still face
    down; ``pile`` the point cards at stake this manche (more than one after unattributed
    manches); ``actions`` each player's hand at the start of the manche, sorted, as the
    :class:`Play` actions playing its cards (what :func:`legal_actions` offers until the player
    has chosen; :attr:`hands` gives the cards actually held); ``chosen`` the hidden choices of
    this manche (``None``: not chosen yet); ``played`` each player's open pile
    (last card on top); ``taken`` the point cards won; ``lost`` the cards never attributed;
    ``bonus`` the points counted by the ``shared`` last-pile variant.
    """

    variant: Variant
    players: tuple[str, ...]
    order: tuple[int, ...]
    deck: tuple[int, ...]
    pile: tuple[int, ...]
    actions: tuple[tuple[Play, ...], ...]
    chosen: tuple[int | None, ...]
    played: tuple[tuple[int, ...], ...]
    taken: tuple[tuple[int, ...], ...]
    lost: tuple[int, ...]
    bonus: tuple[int, ...]

    @property
    def hands(self) -> tuple[tuple[int, ...], ...]:
        """The cards each player still holds, sorted (a chosen card has left the hand)."""
        return tuple([tuple([a.card for a in acts if a.card != c])
                      for acts, c in zip(self.actions, self.chosen)])


class RoundResult(NamedTuple):
    """What :func:`resolve_round` found: ``winner`` (``None`` if nobody takes the pile), the
    winning ``card``, ``mode`` (``"suricate"`` or ``"vautour"``), the pile ``total``, the values
    ``cancelled`` by ties (with who played them) and the explained ``events``."""

    winner: str | None
    card: int | None
    mode: str
    total: int
    cancelled: tuple[tuple[int, tuple[str, ...]], ...]
    events: tuple[Event, ...]


# --- setup -------------------------------------------------------------------------------------


def new_game(
    players: Sequence[str],
    *,
    seed: int | random.Random | None = None,
    variant: Variant | str | Mapping[str, Any] | None = None,
    order: Sequence[int] | None = None,
) -> State:
    """Start a game (clauses ``vautours/joueurs`` and ``vautours/pioche``).

    The point cards are shuffled from ``seed``, or laid in the recorded ``order`` when replaying;
    exactly one of the two must be given. The first point card is revealed.
    """
    names = check_players(players, MIN_PLAYERS, MAX_PLAYERS, C_PLAYERS)
    rules = Variant.coerce(variant)
    if (seed is None) == (order is None):
        raise ValueError("Donnez soit une graine (seed), soit l'ordre enregistré de la pioche.")
    if order is None:
        assert seed is not None
        deck = shuffled(POINT_CARDS, seed)
    else:
        deck = tuple(order)
        if sorted(deck) != sorted(POINT_CARDS) or not all(type(c) is int for c in deck):
            raise IllegalAction(
                "L'ordre de la pioche doit contenir chaque carte Points (−5 à −1, +1 à +10) "
                "exactement une fois.",
                C_POINTS,
            )
    n = len(names)
    return State(
        variant=rules,
        players=names,
        order=deck,
        deck=deck[1:],
        pile=deck[:1],
        actions=tuple([_play_row(p)[1:] for p in names]),
        chosen=(None,) * n,
        played=((),) * n,
        taken=((),) * n,
        lost=(),
        bonus=(0,) * n,
    )


def opening_events(state: State) -> tuple[Event, ...]:
    """The events of the set-up: players seated, recorded shuffle, first point card revealed."""
    return (
        Event("setup", None, {"players": state.players}, C_PLAYERS),
        Event("hands", None, {"hand": HAND}, C_CARDS),
        Event("points", None, {"cards": POINT_CARDS}, C_POINTS),
        Event("shuffle", None, {"order": state.order}, C_DECK),
        Event("reveal", None, {"card": state.order[0], "pile": state.order[:1], "manche": 1},
              C_REVEAL),
    )


def situation(
    players: Sequence[str],
    *,
    pile: Sequence[int],
    hands: Mapping[str, Sequence[int]],
    deck: Sequence[int] = (),
    taken: Mapping[str, Sequence[int]] | None = None,
    variant: Variant | str | Mapping[str, Any] | None = None,
) -> State:
    """A position set up by hand (sandbox, worked examples): the ``pile`` at stake, the face-down
    ``deck`` still to come, each player's ``hands`` and the point cards already ``taken``.

    Every point card appears at most once; each hand holds distinct cards from 1 to 15 and as many
    cards as manches are left (``len(deck) + 1``). Raises :class:`IllegalAction` otherwise.
    """
    names = check_players(players, MIN_PLAYERS, MAX_PLAYERS, C_PLAYERS)
    rules = Variant.coerce(variant)
    won = {p: tuple(taken.get(p, ())) for p in names} if taken else {p: () for p in names}
    if taken and set(taken) - set(names):
        raise IllegalAction("Cartes gagnées attribuées à un joueur absent : "
                            + ", ".join(sorted(set(taken) - set(names))) + ".", C_PLAYERS)
    points = [*pile, *deck, *(c for p in names for c in won[p])]
    if not pile:
        raise IllegalAction("La pile en jeu ne peut pas être vide : chaque manche commence par "
                            "une carte Points révélée.", C_REVEAL)
    if any(type(c) is not int or c not in POINT_CARDS for c in points) or len(set(points)) != len(
        points
    ):
        raise IllegalAction("Chaque carte Points (−5 à −1, +1 à +10) ne peut figurer qu'une fois "
                            "dans la pile, la pioche et les gains.", C_POINTS)
    if set(hands) != set(names):
        raise IllegalAction("Il faut donner la main de chaque joueur, et seulement d'eux.",
                            C_PLAYERS)
    size = len(deck) + 1
    cards = []
    for p in names:
        hand = tuple(sorted(hands[p]))
        if any(type(c) is not int or c not in HAND for c in hand) or len(set(hand)) != len(hand):
            raise IllegalAction(f"La main de {p} doit contenir des cartes distinctes de 1 à 15.",
                                C_CARDS)
        if len(hand) != size:
            raise IllegalAction(
                f"{p} doit avoir {size} carte(s) en main : une par manche restante "
                f"({len(deck)} carte(s) Points en pioche plus la pile en jeu).", C_HAND)
        cards.append(hand)
    n = len(names)
    return State(
        variant=rules,
        players=names,
        order=tuple(pile) + tuple(deck),
        deck=tuple(deck),
        pile=tuple(pile),
        actions=tuple([_plays(p, hand) for p, hand in zip(names, cards)]),
        chosen=(None,) * n,
        played=((),) * n,
        taken=tuple(won[p] for p in names),
        lost=(),
        bonus=(0,) * n,
    )


# --- queries -----------------------------------------------------------------------------------


def seat_index(state: State, seat: object) -> int:
    """Index of ``seat`` in the players, or :class:`IllegalAction` if nobody has that name."""
    try:
        return state.players.index(seat)
    except ValueError:
        raise seat_error(state, seat) from None


def seat_error(state: State, seat: object) -> IllegalAction:
    """The refusal of a name that is not one of the players (``vautours/joueurs``)."""
    return IllegalAction(
        f"Aucun joueur ne s'appelle {short_repr(seat)} dans cette partie "
        f"(joueurs : {', '.join(state.players)}).",
        C_PLAYERS,
    )


def manche(state: State) -> int:
    """Number of the current manche (1 to 15); 15 once the game is over."""
    return len(POINT_CARDS) - len(state.deck)


def is_over(state: State) -> bool:
    """True once the 15 manches are played (``vautours/fin``)."""
    return not state.actions[0] and state.chosen[0] is None


def current_seats(state: State) -> tuple[str, ...]:
    """The players who still have to choose a card this manche (all act simultaneously)."""
    chosen = state.chosen
    if chosen.count(None) == len(chosen):  # start of a manche: everybody, unless it is over
        return state.players if state.actions[0] else ()
    return tuple([p for p, c in zip(state.players, chosen) if c is None])


def legal_actions(state: State, seat: str) -> tuple[Play, ...]:
    """Every card ``seat`` may play now, sorted; empty if that player has nothing to do.

    This is the only legality rule: a player plays one card of their hand per manche
    (``vautours/main``, ``vautours/choix``), and nothing once the hands are empty
    (``vautours/fin``). :func:`apply` accepts exactly these actions.
    """
    try:
        i = state.players.index(seat)
    except ValueError:
        raise seat_error(state, seat) from None
    return _options(state.actions, state.chosen, i)


def _options(
    actions: tuple[tuple[Play, ...], ...], chosen: Sequence[int | None], i: int
) -> tuple[Play, ...]:
    """The legality rule itself, for the player at index ``i`` given the hands at the start of
    the manche and the choices made so far (see :func:`legal_actions`)."""
    return actions[i] if chosen[i] is None else ()


def _plays(seat: str, hand: tuple[int, ...]) -> tuple[Play, ...]:
    """The actions playing each card of ``hand``, shared from :func:`_play_row`."""
    return tuple(map(_play_row(seat).__getitem__, hand))


@lru_cache(maxsize=256)
def _play_row(seat: str) -> tuple[Play, ...]:
    """``Play(seat, card)`` for every card, indexed by the card (index 0 unused)."""
    return tuple(Play(seat, c) for c in range(len(HAND) + 1))


def _explain(state: State, action: object) -> IllegalAction:
    """Why ``action`` is not among the legal actions (called only once legality said no)."""
    if not isinstance(action, Play):
        return IllegalAction(
            f"Action inconnue pour Stupides Vautours : {short_repr(action, 60)}. Une action est "
            "Play(seat=joueur, card=carte).",
            C_CHOICE,
        )
    i = seat_index(state, action.seat)
    if is_over(state):
        return IllegalAction("La partie est terminée : plus aucune carte ne se joue.", C_END)
    if state.chosen[i] is not None:
        return IllegalAction(
            f"{action.seat} a déjà choisi sa carte pour cette manche : une seule carte par manche.",
            C_CHOICE,
        )
    return IllegalAction(
        f"{action.seat} n'a pas la carte {short_repr(action.card)} en main "
        f"(main : {', '.join(map(str, state.hands[i]))}).",
        C_HAND,
    )


def view(state: State, seat: str | None) -> dict[str, Any]:
    """What ``seat`` may see. ``seat=None`` is the teacher's view (everything visible).

    A player sees the pile at stake, the number of face-down point cards, their own hand and
    choice, who has chosen (not what), the top card of every open pile and their own winnings.
    """
    everything = seat is None
    me = None if everything else seat_index(state, seat)
    scores = _scores(state)
    hands = state.hands
    players = []
    for i, name in enumerate(state.players):
        mine = everything or i == me
        players.append({
            "name": name,
            "has_chosen": state.chosen[i] is not None,
            "chosen": state.chosen[i] if mine else None,
            "hand": hands[i] if mine else None,
            "hand_size": len(hands[i]) + (state.chosen[i] is not None),
            "top": state.played[i][-1] if state.played[i] else None,
            "played": state.played[i] if mine else None,
            "taken": state.taken[i] if mine else None,
            "taken_count": len(state.taken[i]),
            "score": scores[name] if mine else None,
        })
    return {
        "seat": seat,
        "manche": manche(state),
        "pile": state.pile,
        "total": sum(state.pile),
        "deck_size": len(state.deck),
        "deck": state.deck if everything else None,
        "players": players,
        "over": is_over(state),
    }


# --- rules -------------------------------------------------------------------------------------


def _check_situation(plays: Mapping[str, int], pile: Sequence[int]) -> None:
    if not MIN_PLAYERS <= len(plays) <= MAX_PLAYERS:
        raise IllegalAction(
            f"Une manche oppose {MIN_PLAYERS} à {MAX_PLAYERS} joueurs, pas {len(plays)}.", C_PLAYERS
        )
    for seat, card in plays.items():
        if type(card) is not int or card not in HAND:
            raise IllegalAction(
                f"{seat} ne peut pas jouer {short_repr(card)} : les cartes de jeu vont de 1 à 15.",
                C_HAND
            )
    if not pile:
        raise IllegalAction("La pile en jeu ne peut pas être vide : on révèle toujours une "
                            "carte Points en début de manche.", C_REVEAL)
    if any(type(c) is not int or c not in POINT_CARDS for c in pile) or len(set(pile)) != len(pile):
        raise IllegalAction(
            "La pile doit contenir des cartes Points distinctes, de −5 à −1 et de +1 à +10.",
            C_POINTS,
        )


def resolve_round(
    plays: Mapping[str, int],
    pile: Sequence[int],
    variant: Variant | str | Mapping[str, Any] | None = None,
) -> RoundResult:
    """Who takes ``pile`` given the cards revealed in ``plays``, step by step.

    The pile's total decides the mode (``vautours/somme``: 0 or more plays as a Suricate card,
    below 0 as a Vautour card). A Suricate pile goes to the highest card (``vautours/suricate``), a
    Vautour pile to the lowest (``vautours/vautour``). Tied values are cancelled first
    (``vautours/egalite``): repeatedly by default, once only under ``ties="one_level"``
    (``vautours/variante-egalite-simple``). If nobody is left, the pile is not attributed
    (``vautours/sans-attribution``).
    """
    rules = Variant.coerce(variant)
    _check_situation(plays, pile)
    return _resolve(plays, tuple(pile), rules, True)


def _resolve(plays: Mapping[str, int], pile: tuple[int, ...], rules: Variant,
             explain: bool) -> RoundResult:
    total = sum(pile)
    mode = "suricate" if total >= 0 else "vautour"
    res = unique_extreme(
        plays, "high" if total >= 0 else "low", _tie_limit(rules)
    )
    if not explain:
        return RoundResult(res.winner, res.value, mode, total, res.cancelled, ())
    mode_clause = C_SURICATE if mode == "suricate" else C_VAUTOUR
    events = [
        Event("stake", None, {"pile": pile, "total": total, "mode": mode},
              C_SUM if len(pile) > 1 else mode_clause)
    ]
    for value, seats in res.cancelled:
        events.append(Event("cancel", None, {"value": value, "seats": seats}, C_TIE))
    if res.winner is not None:
        events.append(Event("win", res.winner,
                            {"card": res.value, "pile": pile, "total": total, "mode": mode},
                            mode_clause))
    else:
        events.append(Event("no_winner", None, {"pile": pile, "total": total, "mode": mode},
                            C_ONE_LEVEL if res.stopped_by_limit else C_NO_WINNER))
    return RoundResult(res.winner, res.value, mode, total, res.cancelled, tuple(events))


def apply(
    state: State, action: Play, *, explain: bool = True
) -> tuple[State, tuple[Event, ...]]:
    """Play ``action`` and return the new state and what happened.

    A choice stays hidden until every player has chosen (``vautours/choix``); the last choice of a
    manche reveals all cards (``vautours/devoilement``), resolves the pile (:func:`resolve_round`),
    moves the played cards to the open piles (``vautours/fin-de-manche``) and reveals the next
    point card (``vautours/revelation``) or ends the game (``vautours/fin``). An illegal action
    raises :class:`IllegalAction`; ``state`` is never modified. ``explain=False`` skips building
    the events (simulations); the resulting state is the same.
    """
    if type(action) is not Play:
        raise _explain(state, action)
    seat, card = action
    try:
        i = state.players.index(seat)
    except ValueError:
        raise seat_error(state, seat) from None
    # ``type(card)``: ``True`` or ``3.0`` compare equal to a card but are refused
    if type(card) is not int or action not in _options(state.actions, state.chosen, i):
        raise _explain(state, action)
    chosen = list(state.chosen)
    chosen[i] = card
    if None in chosen:  # the manche goes on: only this player's hidden choice changes
        fields = list(state)
        fields[_CHOSEN] = tuple(chosen)
        return _tuple_new(State, fields), (
            (Event("play", seat, {"card": card}, C_CHOICE),) if explain else ())
    return _end_of_manche(state, chosen, action, explain)  # type: ignore[arg-type]


# The hot path of :func:`apply` copies a state's fields and changes some by index, then builds
# the new :class:`State` with ``tuple.__new__`` (the generated constructor takes keywords).
_tuple_new: Any = tuple.__new__
_SINGLE = tuple((c,) for c in range(len(HAND) + 1))  # ``(card,)``, shared by every open pile
_CARD = attrgetter("card")
_CHOSEN = State._fields.index("chosen")


def _end_of_manche(
    state: State, chosen: list[int], action: Play, explain: bool,
) -> tuple[State, tuple[Event, ...]]:
    """The last choice of a manche (``action``) is made: reveal, resolve, discard, next card."""
    players = state.players
    actions = []
    for acts, c in zip(state.actions, chosen):  # each hand loses its chosen card
        k = bisect_left(acts, c, key=_CARD)
        actions.append(acts[:k] + acts[k + 1:])
    events: list[Event] = []
    taken, pile, lost, bonus = state.taken, state.pile, state.lost, state.bonus
    rules = state.variant
    last = not state.deck
    if explain:
        plays = dict(zip(players, chosen))
        result = _resolve(plays, pile, rules, True)
        events.append(Event("play", action.seat, {"card": action.card}, C_CHOICE))
        events.append(Event("show", None, {"plays": plays}, C_SHOW))
        events.extend(result.events)
        w = None if result.winner is None else players.index(result.winner)
    else:
        w = _winner_index(players, chosen, sum(pile) >= 0, rules)
    if w is not None:
        won = list(taken)
        won[w] += pile
        taken = tuple(won)
        if explain:
            events.append(Event("take", players[w], {"cards": pile}, C_TAKE))
        pile = ()
    elif last:
        total = sum(pile)
        if rules.last_pile == "shared":
            best = max(chosen) if total >= 0 else min(chosen)
            seats = tuple(p for p, c in zip(players, chosen) if c == best)
            bonus = tuple(b + (total if c == best else 0) for c, b in zip(chosen, bonus))
            if explain:
                events.append(Event("pile_shared", None,
                                    {"pile": pile, "total": total, "seats": seats}, C_SHARED))
        elif explain:
            events.append(Event("pile_lost", None, {"pile": pile, "total": total}, C_LAST))
        lost, pile = lost + pile, ()
    played = tuple([p + _SINGLE[c] for p, c in zip(state.played, chosen)])
    if explain:
        events.append(Event("discard", None, {"plays": dict(zip(players, chosen))}, C_END_ROUND))
    deck = state.deck
    if deck:
        pile = pile + deck[:1]
        if explain:
            events.append(Event("reveal", None,
                                {"card": deck[0], "pile": pile, "manche": 16 - len(deck)},
                                C_REVEAL))
        deck = deck[1:]
    new = _tuple_new(State, (rules, players, state.order, deck, pile, tuple(actions),
                             (None,) * len(players), played, taken, lost, bonus))
    if last and explain:
        events.extend(_final_events(new))
    return new, tuple(events)


def _tie_limit(rules: Variant) -> int | None:
    """How many levels of tied values may cancel: one under ``ties="one_level"``, else any."""
    return 1 if rules.ties == "one_level" else None


def _winner_index(players: tuple[str, ...], chosen: list[int], high: bool,
                  rules: Variant) -> int | None:
    """Index of the player who takes the pile, as :func:`_resolve` finds it, without explaining:
    the best card if played once (the usual case), else :func:`unique_extreme` on the plays."""
    best = max(chosen) if high else min(chosen)
    if chosen.count(best) == 1:
        return chosen.index(best)
    res = unique_extreme(dict(zip(players, chosen)), "high" if high else "low", _tie_limit(rules))
    return None if res.winner is None else players.index(res.winner)


def _scores(state: State) -> dict[str, int]:
    return {p: sum(t) + b for p, t, b in zip(state.players, state.taken, state.bonus)}


def final_result(
    scores: Mapping[str, int],
    taken: Mapping[str, Sequence[int]] | None = None,
    variant: Variant | str | Mapping[str, Any] | None = None,
) -> Outcome:
    """The winners from the final ``scores`` (``vautours/vainqueur``).

    With several players tied for the best score, ``final_tiebreak="second_best"``
    (``vautours/departage``) gives the victory to the player(s) with the next best score; if every
    player is tied, they share it. ``"highest_mouse"`` (``vautours/variante-departage-souris``)
    gives it to the tied player holding the highest Suricate card in ``taken``.
    """
    rules = Variant.coerce(variant)
    best = max(scores.values())
    top = tuple(p for p, s in scores.items() if s == best)
    if len(top) == 1:
        return Outcome(dict(scores), top, f"{top[0]} a le plus de points ({signed(best)}).",
                       C_WINNER)
    tied = join_names(top)
    if rules.final_tiebreak == "second_best":
        rest = [s for s in scores.values() if s < best]
        if not rest:
            return Outcome(dict(scores), top,
                           f"Tous les joueurs sont à égalité ({signed(best)}) : "
                           "ils partagent la victoire.",
                           C_TIEBREAK)
        second = max(rest)
        winners = tuple(p for p, s in scores.items() if s == second)
        return Outcome(dict(scores), winners,
                       f"{tied} sont à égalité en tête ({signed(best)}) : le deuxième meilleur "
                       f"score ({signed(second)}) l'emporte.", C_TIEBREAK)
    if taken is None:
        raise ValueError("Le départage par la plus haute souris demande les cartes gagnées.")
    mice = {p: max((c for c in taken.get(p, ()) if c > 0), default=0) for p in top}
    high = max(mice.values())
    if high == 0:
        return Outcome(dict(scores), top,
                       f"{tied} sont à égalité ({signed(best)}) et aucun n'a de carte Suricate : "
                       "ils partagent la victoire.", C_MOUSE)
    winner = next(p for p in top if mice[p] == high)
    return Outcome(dict(scores), (winner,),
                   f"{tied} sont à égalité ({signed(best)}) : {winner} a la plus haute carte "
                   f"Suricate "
                   f"(+{high}).", C_MOUSE)


def outcome(state: State) -> Outcome:
    """The final scores and winners (``vautours/decompte``, then :func:`final_result`)."""
    if not is_over(state):
        raise IllegalAction("La partie n'est pas terminée : pas encore de vainqueur.", C_END)
    return final_result(_scores(state), dict(zip(state.players, state.taken)), state.variant)


def _final_events(state: State) -> tuple[Event, ...]:
    result = outcome(state)
    return (
        Event("end", None, {"lost": state.lost}, C_END),
        Event("scores", None, {"scores": result.scores,
                               "taken": dict(zip(state.players, state.taken))}, C_COUNT),
        Event("winner", None, {"winners": result.winners, "reason": result.reason}, result.clause),
    )


def replay(
    players: Sequence[str],
    order: Sequence[int],
    actions: Sequence[Play],
    variant: Variant | str | Mapping[str, Any] | None = None,
) -> State:
    """Rebuild a game from its recorded shuffle and its actions, without any random state."""
    state = new_game(players, order=order, variant=variant)
    for action in actions:
        state, _ = apply(state, action)
    return state


# --- French descriptions ---------------------------------------------------------------------


def pile_text(pile: Sequence[int]) -> str:
    """``+7`` or ``+5 et −2`` for a pile of point cards."""
    return join_names([signed(c) for c in pile])


def mode_text(mode: str) -> str:
    return "une carte Suricate" if mode == "suricate" else "une carte Vautour"


def describe(event: Event) -> str:
    """One French sentence telling what ``event`` means, without revealing hidden choices."""
    d = event.data
    kind = event.kind
    if kind == "setup":
        return f"Joueurs : {join_names(d['players'])}."
    if kind == "hands":
        return "Chaque joueur prend en main une série complète, de 1 à 15."
    if kind == "points":
        return "Quinze cartes Points : dix Suricate (+1 à +10) et cinq Vautour (−5 à −1)."
    if kind == "shuffle":
        return "Les cartes Points sont battues et forment la pioche, face cachée."
    if kind == "reveal":
        text = f"Manche {d['manche']} : on révèle {signed(d['card'])}."
        if len(d["pile"]) > 1:
            text += (f" Elle rejoint la pile en attente : {pile_text(d['pile'])}, "
                     f"soit {signed(sum(d['pile']))} en jeu.")
        return text
    if kind == "play":
        return f"{event.seat} pose une carte face cachée."
    if kind == "show":
        plays = ", ".join(f"{p} {c}" for p, c in d["plays"].items())
        return f"Tout le monde révèle sa carte : {plays}."
    if kind == "stake":
        rule = "la plus forte" if d["mode"] == "suricate" else "la plus faible"
        if len(d["pile"]) > 1:
            return (f"La pile {pile_text(d['pile'])} totalise {signed(d['total'])} : elle se joue "
                    f"comme {mode_text(d['mode'])}, {rule} carte l'emporte.")
        return f"La carte {signed(d['total'])} est {mode_text(d['mode'])} : {rule} carte l'emporte."
    if kind == "cancel":
        return (f"{join_names(d['seats'])} ont posé {d['value']} : ces cartes s'annulent "
                "et ne comptent plus.")
    if kind == "win":
        return f"{event.seat} remporte la pile ({pile_text(d['pile'])}) avec son {d['card']}."
    if kind == "no_winner":
        if event.clause == C_ONE_LEVEL:
            return ("La deuxième carte est encore à égalité : lue à la lettre, la règle du livret "
                    "« suricate » n'attribue pas la pile.")
        return "Il ne reste aucune carte posée par un seul joueur : personne ne remporte la pile."
    if kind == "take":
        return f"{event.seat} garde {pile_text(d['cards'])}, face cachée, jusqu'au décompte."
    if kind == "discard":
        return "Chacun pose sa carte jouée sur sa pile, face visible."
    if kind == "pile_lost":
        return f"Dernière manche sans gagnant : la pile ({pile_text(d['pile'])}) est perdue."
    if kind == "pile_shared":
        return (f"Dernière manche sans gagnant : {join_names(d['seats'])} comptent chacun "
                f"{signed(d['total'])} (pile partagée).")
    if kind == "end":
        return "C'était la dernière manche : la partie est finie."
    if kind == "scores":
        return "Décompte : " + ", ".join(f"{p} {signed(s)}" for p, s in d["scores"].items()) + "."
    if kind == "winner":
        return str(d["reason"])
    if kind == "refused":
        return f"Refusé : {d['reason']}"
    raise AssertionError(f"unknown event kind {kind!r}")


# --- worked examples ---------------------------------------------------------------------------


def run_example(data: Mapping[str, Any]) -> ExampleRun:
    """Replay a worked example of ``rules/vautours.fr.md`` on the engine.

    ``type = "manche"``: one resolution (``pile``, ``cartes``, expected ``gagnant`` or
    ``sans_gagnant``, optional ``annulees`` and ``mode``). ``type = "suite"``: consecutive manches
    from the point cards ``revelees`` (``derniere = true`` when they end the game) with expected
    results per manche and a final ``[resultat]``. ``type = "decompte"``: final ``gains`` to
    ``scores`` and ``vainqueurs``. ``type = "refus"``: after the manches of a ``suite``, the
``coup`` is refused citing ``article``. Raises :class:`ExampleError` if the data is malformed.
    """
    kind = data.get("type")
    try:
        rules = Variant.coerce(data.get("variante"))
    except ValueError as exc:
        raise ExampleError(f"variante : {exc}") from None
    if kind == "manche":
        return _example_round(data, rules)
    if kind == "suite":
        return _example_sequence(data, rules)
    if kind == "decompte":
        return _example_count(data, rules)
    if kind == "refus":
        return _example_refusal(data, rules)
    raise ExampleError(
        f"type d'exemple inconnu {kind!r} (types possibles : manche, suite, decompte, refus)"
    )


def _expect_round(where: str, spec: Mapping[str, Any], result: RoundResult, out: list[str]) -> None:
    if "gagnant" in spec and "sans_gagnant" in spec:
        raise ExampleError(f"{where} : « gagnant » et « sans_gagnant » s'excluent")
    if "gagnant" in spec:
        compare(f"{where} gagnant", spec["gagnant"], result.winner, out)
    elif spec.get("sans_gagnant") is True:
        compare(f"{where} gagnant", None, result.winner, out)
    else:
        raise ExampleError(f"{where} : donner « gagnant » ou « sans_gagnant = true »")
    if "annulees" in spec:
        compare(f"{where} valeurs annulées", int_list(f"{where}.annulees", spec["annulees"]),
                tuple(v for v, _ in result.cancelled), out)
    if "mode" in spec:
        compare(f"{where} mode", spec["mode"], result.mode, out)


def _round_keys() -> tuple[str, ...]:
    return ("gagnant", "sans_gagnant", "annulees", "mode")


def _example_round(data: Mapping[str, Any], rules: Variant) -> ExampleRun:
    check_keys("exemple", data, ("pile", "cartes"), COMMON_KEYS + _round_keys())
    plays = int_table("cartes", data["cartes"])
    pile = int_list("pile", data["pile"])
    try:
        result = resolve_round(plays, pile, rules)
    except IllegalAction as exc:
        raise ExampleError(f"situation impossible : {exc.reason}") from None
    out: list[str] = []
    _expect_round("manche", data, result, out)
    return ExampleRun(result.events, tuple(out))


def _example_sequence(data: Mapping[str, Any], rules: Variant) -> ExampleRun:
    check_keys("exemple", data, ("revelees", "manches"), COMMON_KEYS + ("derniere", "resultat"))
    state, events, out = _play_sequence(data, rules)
    final = data.get("resultat", {})
    check_keys("resultat", final, (), ("perdues", "scores", "vainqueurs"))
    if "perdues" in final:
        compare("cartes perdues", sorted(int_list("perdues", final["perdues"])),
                sorted(state.lost), out)
    if "scores" in final:
        compare("scores", int_table("scores", final["scores"]), _scores(state), out)
    if "vainqueurs" in final:
        got = outcome(state).winners if is_over(state) else None
        compare("vainqueurs", tuple(final["vainqueurs"]), got, out)
    return ExampleRun(tuple(events), tuple(out))


def _example_refusal(data: Mapping[str, Any], rules: Variant) -> ExampleRun:
    check_keys("exemple", data, ("revelees", "manches", "coup", "article"),
               COMMON_KEYS + ("derniere",))
    state, events, out = _play_sequence(data, rules)
    move = data["coup"]
    if not isinstance(move, dict):
        raise ExampleError("coup doit être une table { joueur = ..., carte = ... }")
    check_keys("coup", move, ("joueur", "carte"), ())
    try:
        apply(state, Play(move["joueur"], move["carte"]))
    except IllegalAction as exc:
        events.append(Event("refused", move["joueur"], {"card": move["carte"],
                                                        "reason": exc.reason}, exc.clause))
        compare("article enfreint", data["article"], exc.clause, out)
    else:
        out.append(f"coup refusé : attendu un refus ({data['article']}), le coup a été accepté")
    return ExampleRun(tuple(events), tuple(out))


def _play_sequence(
    data: Mapping[str, Any], rules: Variant
) -> tuple[State, list[Event], list[str]]:
    """Set up the manches of a ``suite`` or ``refus`` example and play them, checking each."""
    revealed = int_list("revelees", data["revelees"])
    rounds = data["manches"]
    if not isinstance(rounds, list) or not rounds or len(rounds) > len(revealed):
        raise ExampleError("il faut une entrée [[manches]] par carte révélée (au plus)")
    plays = []
    for k, spec in enumerate(rounds, 1):
        if not isinstance(spec, dict):
            raise ExampleError(f"manche {k} : table attendue")
        check_keys(f"manche {k}", spec, ("cartes",), _round_keys() + ("gains",))
        plays.append(int_table(f"manche {k}.cartes", spec["cartes"]))
    names = list(plays[0])
    if any(list(p) != names for p in plays):
        raise ExampleError("chaque manche doit donner une carte pour les mêmes joueurs")
    last = data.get("derniere", False) is True
    if last and len(rounds) != len(revealed):
        raise ExampleError("avec « derniere = true », il faut une manche par carte révélée")
    filler_deck = () if last else tuple(c for c in POINT_CARDS if c not in revealed)
    hands = {}
    for p in names:
        mine = [r[p] for r in plays]
        spare = [c for c in HAND if c not in mine][: len(filler_deck) + len(revealed) - len(rounds)]
        hands[p] = mine + spare
    try:
        state = situation(names, pile=revealed[:1], deck=revealed[1:] + filler_deck, hands=hands,
                          variant=rules)
    except IllegalAction as exc:
        raise ExampleError(f"situation impossible : {exc.reason}") from None
    events: list[Event] = []
    out: list[str] = []
    for k, (spec, round_plays) in enumerate(zip(rounds, plays), 1):
        result = _resolve(round_plays, state.pile, rules, False)
        for seat, card in round_plays.items():
            try:
                state, evs = apply(state, Play(seat, card))
            except IllegalAction as exc:
                raise ExampleError(f"manche {k} : coup impossible : {exc.reason}") from None
            events.extend(evs)
        if "gagnant" in spec or "sans_gagnant" in spec:
            _expect_round(f"manche {k}", spec, result, out)
        if "gains" in spec:
            gains = list_table(f"manche {k}.gains", spec["gains"])
            for p, cards in gains.items():
                compare(f"manche {k} gains de {p}", sorted(cards),
                        sorted(state.taken[names.index(p)]) if p in names else None, out)
    return state, events, out


def _example_count(data: Mapping[str, Any], rules: Variant) -> ExampleRun:
    check_keys("exemple", data, ("gains",), COMMON_KEYS + ("scores", "vainqueurs"))
    gains = list_table("gains", data["gains"])
    scores = {p: sum(cards) for p, cards in gains.items()}
    result = final_result(scores, gains, rules)
    out: list[str] = []
    if "scores" in data:
        compare("scores", int_table("scores", data["scores"]), scores, out)
    if "vainqueurs" in data:
        compare("vainqueurs", tuple(data["vainqueurs"]), result.winners, out)
    events = (
        Event("scores", None, {"scores": scores, "taken": gains}, C_COUNT),
        Event("winner", None, {"winners": result.winners, "reason": result.reason},
              result.clause),
    )
    return ExampleRun(events, tuple(out))


# --- computer players --------------------------------------------------------------------------


class RandomPlayer:
    """Plays a legal card uniformly at random, from its own seeded generator."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def choose(self, state: State, seat: str) -> Play:
        return self.rng.choice(legal_actions(state, seat))


class HeuristicPlayer:
    """A sensible player: bids a card in proportion to the pile's value.

    Big Suricate piles deserve high cards, small ones low cards; for a Vautour pile it plays high
    enough not to be the lowest, the more so the worse the vulture. It picks the card of its hand
    closest to that target, with a little seeded noise, looking only at :func:`view`.
    """

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def choose(self, state: State, seat: str) -> Play:
        options = legal_actions(state, seat)
        total = sum(state.pile)
        if total >= 0:
            target = 1.0 + min(total, 14) * 1.4
        else:
            target = 4.0 + min(-total, 10) * 1.8
        target += self.rng.uniform(-1.5, 1.5)
        return min(options, key=lambda a: (abs(a.card - target), a.card))


PLAYER_KINDS: dict[str, tuple[str, type[RandomPlayer] | type[HeuristicPlayer]]] = {
    "hasard": ("Au hasard", RandomPlayer),
    "prudent": ("Prudent (enchérit selon la valeur de la pile)", HeuristicPlayer),
}

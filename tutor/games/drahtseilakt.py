"""Drahtseilakt (Reiner Knizia, 1999): the whole game as data and pure functions.

Rules in brief (clauses in ``rules/drahtseilakt.fr.md``): 3 to 5 players, as many manches as
players, the dealer moving one seat to the left each manche. The dealer shuffles the eleven score
cards (1 to 9, a blue 0 and a red 0) into a face-down pile and deals 9 of the 50 number cards to
each player; the rest stay unseen. Each trick, the leader turns the top score card; a 0 card
makes him turn another one at once and cancels its colour for the trick (two 0 cards in a row
cancel each other). Then everybody plays one card face up, in turn, clockwise. The highest card
takes as many blue sticks as the score card says, the lowest as many red sticks; a player holding
both colours gives pairs (one red, one blue) back to the reserve. The highest card leads the next
trick. After 9 tricks each player scores the sticks held; a manche finished without any stick
cancels that player's highest earlier manche. The lowest total wins.

Parameters (:class:`Variant`, presets in :data:`PRESETS`):

* ``deck``: ``"full"`` (default, cards 1 to 50) or ``"tactical"`` (variant "tactique": only the
  cards 1 to 9 x players, so every card is in play).
* ``play``: ``"in_turn"`` (default: face up, in turn, clockwise) or ``"simultaneous"`` (variant
  "chaotique": every player chooses in secret, all cards are revealed together).
* ``supply``: ``"finite"`` (default: 25 sticks of each colour; when the reserve runs short, the
  player takes what is left) or ``"unlimited"`` (missing sticks are replaced by tokens).
* ``pairs``: ``"immediate"`` (default: pairs go back as soon as a player holds both colours) or
  ``"end_of_manche"`` (pairs are only given back before counting the manche).

API shared by every game: :func:`new_game`, :func:`current_seats`, :func:`legal_actions`,
:func:`apply`, :func:`view`, :func:`is_over`, :func:`outcome`, plus :func:`opening_events`,
:func:`replay`, :func:`situation` and the pure helpers :func:`reveal`, :func:`resolve_trick`,
:func:`settle` and :func:`final_totals`.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
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
)
from tutor.engine.examples import (
    COMMON_KEYS,
    ExampleError,
    ExampleRun,
    check_keys,
    compare,
    int_table,
)

GAME_ID = "drahtseilakt"
MIN_PLAYERS = 3
MAX_PLAYERS = 5
HAND_SIZE = 9
TRICKS = 9
NUMBER_CARDS: tuple[int, ...] = tuple(range(1, 51))
STICKS_PER_COLOUR = 25

ZERO_BLUE = "0 bleu"
ZERO_RED = "0 rouge"
ScoreCard = int | str
SCORE_VALUES: tuple[int, ...] = tuple(range(1, 10))
SCORE_CARDS: tuple[ScoreCard, ...] = (*SCORE_VALUES, ZERO_BLUE, ZERO_RED)
ZEROS = (ZERO_BLUE, ZERO_RED)

C_GOAL = "drahtseilakt/but"
C_CARDS = "drahtseilakt/cartes"
C_SCORE_CARDS = "drahtseilakt/cartes-score"
C_STICKS = "drahtseilakt/batonnets"
C_PLAYERS = "drahtseilakt/joueurs"
C_MANCHES = "drahtseilakt/manches"
C_DEAL = "drahtseilakt/donne"
C_LEAD = "drahtseilakt/entame"
C_REVEAL = "drahtseilakt/revelation"
C_PLAY = "drahtseilakt/jouer"
C_HAND = "drahtseilakt/main"
C_BLUE = "drahtseilakt/bleus"
C_RED = "drahtseilakt/rouges"
C_ZERO = "drahtseilakt/zero"
C_DOUBLE = "drahtseilakt/double-zero"
C_PAIRS = "drahtseilakt/paires"
C_SHORT = "drahtseilakt/reserve-epuisee"
C_TRICK_END = "drahtseilakt/fin-de-pli"
C_MANCHE_END = "drahtseilakt/fin-de-manche"
C_CLEAN = "drahtseilakt/manche-propre"
C_END = "drahtseilakt/fin"
C_WINNER = "drahtseilakt/vainqueur"
C_TACTICAL = "drahtseilakt/variante-tactique"
C_CHAOTIC = "drahtseilakt/variante-chaotique"
C_UNLIMITED = "drahtseilakt/variante-reserve-illimitee"
C_LATE_PAIRS = "drahtseilakt/variante-paires-en-fin-de-manche"

DECKS = ("full", "tactical")
PLAYS = ("in_turn", "simultaneous")
SUPPLIES = ("finite", "unlimited")
PAIRS = ("immediate", "end_of_manche")


@dataclass(frozen=True)
class Variant(VariantBase):
    """The readings of the rules in force for one game; validated at construction."""

    GAME: ClassVar[str] = "Drahtseilakt"
    CHOICES: ClassVar[Mapping[str, tuple[Any, ...]]] = {
        "deck": DECKS,
        "play": PLAYS,
        "supply": SUPPLIES,
        "pairs": PAIRS,
    }

    deck: str = "full"
    play: str = "in_turn"
    supply: str = "finite"
    pairs: str = "immediate"


PRESETS: dict[str, Variant] = {
    "standard": Variant(),
    "tactique": Variant(deck="tactical"),
    "chaotique": Variant(play="simultaneous"),
    "reserve-illimitee": Variant(supply="unlimited"),
    "paires-en-fin-de-manche": Variant(pairs="end_of_manche"),
}
Variant.PRESETS = PRESETS

PRESET_LABELS: dict[str, str] = {
    "standard": "Règle de base (cartes 1 à 50, à tour de rôle)",
    "tactique": "Variante tactique (seulement les cartes 1 à 9 × joueurs)",
    "chaotique": "Variante chaotique (cartes révélées ensemble)",
    "reserve-illimitee": "Réserve illimitée (on complète avec des jetons)",
    "paires-en-fin-de-manche": "Paires rendues seulement en fin de manche",
}


class Play(NamedTuple):
    """A player's card for the current trick."""

    seat: str
    card: int


class Deal(NamedTuple):
    """The recorded chance of one manche: the shuffled number cards (the first 9 x players are
    dealt, 9 to each seat in seating order) and the shuffled score cards (top first)."""

    cards: tuple[int, ...]
    scores: tuple[ScoreCard, ...]


class Stake(NamedTuple):
    """What the current trick pays: the score ``value`` and whether ``blue`` and ``red`` sticks
    are handed out."""

    value: int
    blue: bool
    red: bool


class State(NamedTuple):
    """One position of a game. Immutable; every change goes through :func:`apply`.

    ``deals`` records the shuffles of every manche; ``manche`` is the index of the current one
    (``len(deals)`` once the game is over); ``first_dealer`` the seat index of the first dealer.
    ``score_deck`` holds the face-down score cards, ``revealed`` those turned this manche (visible
    to all), ``stake`` what the current trick pays. ``trick`` lists the cards played this trick
    in playing order, ``leader`` the seat index that leads it, ``tricks`` the tricks finished
    this manche, ``discard`` the number cards of finished tricks (face down). ``red`` and ``blue``
    are the sticks held; ``history`` the scores of finished manches and ``cancelled`` the indices
    of the manches cancelled by a stick-free manche, per player.
    """

    variant: Variant
    players: tuple[str, ...]
    deals: tuple[Deal, ...]
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


class Reveal(NamedTuple):
    """What :func:`reveal` turned: the trick's ``value``, whether ``blue`` and ``red`` sticks
    are paid, the cards ``revealed`` (in order), the ``rest`` of the deck and the ``events``."""

    value: int
    blue: bool
    red: bool
    revealed: tuple[ScoreCard, ...]
    rest: tuple[ScoreCard, ...]
    events: tuple[Event, ...] = ()


class TrickResult(NamedTuple):
    """What :func:`resolve_trick` found: the players of the ``highest`` and ``lowest`` cards,
    the ``blue`` and ``red`` sticks each receives (0 when a 0 card cancels that colour) and the
    explained ``events``. The reserve is not considered here (see :func:`apply`)."""

    highest: str
    lowest: str
    blue: int
    red: int
    events: tuple[Event, ...]


class Totals(NamedTuple):
    """What :func:`final_totals` found: each player's ``totals``, the indices of the manches
    ``cancelled`` by stick-free manches (0 for the first manche) and the explained ``events``."""

    totals: dict[str, int]
    cancelled: dict[str, tuple[int, ...]]
    events: tuple[Event, ...]


# --- pure rule helpers ---------------------------------------------------------------------------


def card_text(card: ScoreCard) -> str:
    """A score card in French: ``4``, ``0 bleu``, ``0 rouge``."""
    return str(card)


def check_score_cards(cards: Sequence[object]) -> None:
    """Refuse anything but distinct score cards (``drahtseilakt/cartes-score``)."""
    if any(c not in SCORE_CARDS or type(c) is bool for c in cards) or len(set(cards)) != len(
        cards
    ):
        raise IllegalAction(
            "Les cartes score sont 1 à 9, « 0 bleu » et « 0 rouge », chacune une seule fois "
            f"(reçu : {short_repr(tuple(cards), 60)}).",
            C_SCORE_CARDS,
        )


def reveal(score_deck: Sequence[ScoreCard], explain: bool = True) -> Reveal:
    """Turn score cards from the top of ``score_deck`` until one gives a value.

    A card 1 to 9 is the trick's value, both colours paid (``drahtseilakt/revelation``). A 0 card
    makes the leader turn the next card at once, and its colour is not paid this trick
    (``drahtseilakt/zero``). Two 0 cards in a row cancel each other: both are discarded and the
    third card is played normally, both colours paid (``drahtseilakt/double-zero``, which takes
    precedence over ``drahtseilakt/zero``). Raises :class:`IllegalAction` if the deck runs out.
    """
    deck = tuple(score_deck)
    check_score_cards(deck)
    events: list[Event] = []
    turned: list[ScoreCard] = []
    zero: ScoreCard | None = None
    for card in deck:
        turned.append(card)
        if isinstance(card, str):
            if zero is None:
                zero = card
                if explain:
                    colour = "blue" if card == ZERO_BLUE else "red"
                    events.append(Event("zero", None, {"card": card, "colour": colour}, C_ZERO))
                continue
            zero = None
            if explain:
                events.append(Event("double_zero", None, {"cards": tuple(turned[-2:])},
                                    C_DOUBLE))
            continue
        blue = zero != ZERO_BLUE
        red = zero != ZERO_RED
        rest = deck[len(turned):]
        if explain:
            clause = C_REVEAL if len(turned) == 1 else (C_ZERO if zero else C_DOUBLE)
            events.append(Event("reveal", None, {"card": card, "value": card, "blue": blue,
                                                 "red": red, "cards": tuple(turned)}, clause))
        return Reveal(card, blue, red, tuple(turned), rest, tuple(events))
    raise IllegalAction(
        "La pioche des cartes score est épuisée avant d'avoir donné une valeur "
        f"(cartes retournées : {', '.join(map(card_text, turned)) or 'aucune'}).",
        C_REVEAL,
    )


def _check_plays(plays: Mapping[str, int], top: int = 50) -> None:
    if not MIN_PLAYERS <= len(plays) <= MAX_PLAYERS:
        raise IllegalAction(
            f"Un pli se joue de {MIN_PLAYERS} à {MAX_PLAYERS} joueurs, pas {len(plays)}.",
            C_PLAYERS,
        )
    for seat, card in plays.items():
        if type(card) is not int or not 1 <= card <= top:
            raise IllegalAction(
                f"{seat} ne peut pas jouer {short_repr(card)} : les cartes numérotées vont de 1 "
                f"à {top}.", C_CARDS)
    values = list(plays.values())
    if len(set(values)) != len(values):
        twice = sorted({c for c in values if values.count(c) > 1})
        raise IllegalAction(
            "Chaque carte numérotée n'existe qu'une fois : deux joueurs ne peuvent pas poser "
            f"la même ({', '.join(map(str, twice))}).", C_CARDS)


def resolve_trick(plays: Mapping[str, int], stake: Reveal | Stake) -> TrickResult:
    """Who receives sticks for the cards ``plays`` under the score card(s) of ``stake``.

    The highest card takes ``value`` blue sticks (``drahtseilakt/bleus``), the lowest ``value``
    red sticks (``drahtseilakt/rouges``), except the colour cancelled by a 0 card
    (``drahtseilakt/zero``). Cards are all different, so there is no tie.
    """
    _check_plays(plays)
    return _resolve(plays, stake.value, stake.blue, stake.red, True)


def _resolve(plays: Mapping[str, int], value: int, blue: bool, red: bool,
             explain: bool) -> TrickResult:
    highest = max(plays, key=plays.__getitem__)
    lowest = min(plays, key=plays.__getitem__)
    nb, nr = (value if blue else 0), (value if red else 0)
    if not explain:
        return TrickResult(highest, lowest, nb, nr, ())
    events = [
        Event("blue", highest, {"card": plays[highest], "count": nb}, C_BLUE) if blue else
        Event("no_blue", highest, {"card": plays[highest]}, C_ZERO),
        Event("red", lowest, {"card": plays[lowest], "count": nr}, C_RED) if red else
        Event("no_red", lowest, {"card": plays[lowest]}, C_ZERO),
    ]
    return TrickResult(highest, lowest, nb, nr, tuple(events))


def settle(red: int, blue: int) -> tuple[int, int]:
    """Sticks left after giving back pairs of one red and one blue (``drahtseilakt/paires``):
    only the colour held in greater number remains, reduced by the other."""
    pairs = min(red, blue)
    return red - pairs, blue - pairs


def clean_cancellation(scores: Sequence[int], cancelled: Sequence[int]) -> int | None:
    """The earlier manche that a stick-free manche cancels (``drahtseilakt/manche-propre``): the
    highest score among the earlier manches not yet cancelled (the first one on a tie), or
    ``None`` when no earlier manche scores anything."""
    best: int | None = None
    for k, score in enumerate(scores):
        if k in cancelled or score <= 0:
            continue
        if best is None or score > scores[best]:
            best = k
    return best


def final_totals(round_scores: Mapping[str, Sequence[int]]) -> Totals:
    """Each player's total from the scores of their manches, in order (``drahtseilakt/fin``).

    Each manche scored 0 cancels, when it ends, the highest earlier manche not yet cancelled
    (``drahtseilakt/manche-propre``); the total adds the manches left.
    """
    totals: dict[str, int] = {}
    cancelled: dict[str, tuple[int, ...]] = {}
    events: list[Event] = []
    for seat, scores in round_scores.items():
        if any(type(s) is not int or s < 0 for s in scores):
            raise IllegalAction(f"Les scores de {seat} doivent être des nombres de bâtonnets "
                                "(entiers positifs ou nuls).", C_MANCHE_END)
        gone: list[int] = []
        for k, score in enumerate(scores):
            if score == 0 and k > 0:
                target = clean_cancellation(scores[:k], gone)
                if target is not None:
                    gone.append(target)
                events.append(Event("clean", seat, {"manche": k + 1, "target": _target(
                    target, scores)}, C_CLEAN))
        cancelled[seat] = tuple(gone)
        totals[seat] = sum(s for k, s in enumerate(scores) if k not in gone)
    events.append(Event("totals", None, {"scores": {p: tuple(s) for p, s in round_scores.items()},
                                         "cancelled": dict(cancelled), "totals": dict(totals)},
                        C_END))
    return Totals(totals, cancelled, tuple(events))


def _target(target: int | None, scores: Sequence[int]) -> tuple[int, int] | None:
    return None if target is None else (target + 1, scores[target])


def winners_of(totals: Mapping[str, int]) -> Outcome:
    """The lowest total wins (``drahtseilakt/vainqueur``); equal lowest totals share the win."""
    best = min(totals.values())
    top = tuple(p for p, t in totals.items() if t == best)
    if len(top) == 1:
        reason = f"{top[0]} a le total le plus bas ({best}) et gagne la partie."
    else:
        reason = f"{join_names(top)} ont le même total, le plus bas ({best}) : ils partagent " \
                 "la victoire."
    return Outcome(dict(totals), top, reason, C_WINNER)


# --- setup -------------------------------------------------------------------------------------


def number_cards(variant: Variant, n: int) -> tuple[int, ...]:
    """The number cards in play: 1 to 50, or 1 to 9 x players
    (``drahtseilakt/variante-tactique``)."""
    return tuple(range(1, HAND_SIZE * n + 1)) if variant.deck == "tactical" else NUMBER_CARDS


def new_game(
    players: Sequence[str],
    *,
    seed: int | random.Random | None = None,
    variant: Variant | str | Mapping[str, Any] | None = None,
    deals: Sequence[Deal] | None = None,
) -> State:
    """Start a game (``drahtseilakt/joueurs``, ``drahtseilakt/manches``, ``drahtseilakt/donne``).

    The shuffles of every manche are drawn from ``seed`` at once, or taken from the recorded
    ``deals`` when replaying; exactly one of the two must be given. The first player deals,
    the player on his left leads and turns the first score card.
    """
    names = check_players(players, MIN_PLAYERS, MAX_PLAYERS, C_PLAYERS)
    rules = Variant.coerce(variant)
    if (seed is None) == (deals is None):
        raise ValueError("Donnez soit une graine (seed), soit les donnes enregistrées (deals).")
    n = len(names)
    cards = number_cards(rules, n)
    if deals is None:
        assert seed is not None
        rng = seed if isinstance(seed, random.Random) else random.Random(seed)
        recorded = tuple(Deal(shuffled(cards, rng), shuffled(SCORE_CARDS, rng)) for _ in names)
    else:
        recorded = tuple(Deal(tuple(d[0]), tuple(d[1])) for d in deals)
        if len(recorded) != n or any(sorted(d.cards) != list(cards) for d in recorded):
            raise IllegalAction(
                f"Il faut une donne par manche ({n}), chacune avec toutes les cartes "
                f"numérotées en jeu (1 à {len(cards)}).", C_DEAL)
        for d in recorded:
            check_score_cards(d.scores)
            if len(d.scores) != len(SCORE_CARDS):
                raise IllegalAction("Chaque donne doit contenir les onze cartes score.",
                                    C_SCORE_CARDS)
    return _start_manche(rules, names, recorded, 0, 0, ((),) * n, ((),) * n)


def _start_manche(rules: Variant, names: tuple[str, ...], deals: tuple[Deal, ...],
                  first_dealer: int, manche: int, history: tuple[tuple[int, ...], ...],
                  cancelled: tuple[tuple[int, ...], ...]) -> State:
    n = len(names)
    deal = deals[manche]
    hands = tuple(tuple(sorted(deal.cards[HAND_SIZE * i:HAND_SIZE * (i + 1)])) for i in range(n))
    first = reveal(deal.scores, explain=False)
    leader = (first_dealer + manche + 1) % n
    return State(rules, names, deals, first_dealer, manche, hands, first.rest, first.revealed,
                 Stake(first.value, first.blue, first.red), leader, (), 0, (), (0,) * n,
                 (0,) * n, history, cancelled)


def dealer(state: State) -> str:
    """The dealer of the current manche (``drahtseilakt/manches``): one seat left each manche."""
    n = len(state.players)
    return state.players[(state.first_dealer + min(state.manche, n - 1)) % n]


def _manche_events(state: State) -> list[Event]:
    n = len(state.players)
    deal = state.deals[state.manche]
    cards = number_cards(state.variant, n)
    tactical = state.variant.deck == "tactical"
    events = [
        Event("manche", dealer(state), {"manche": state.manche + 1, "of": len(state.deals)},
              C_MANCHES),
        Event("deal", dealer(state), {"cards": len(cards), "unseen": len(cards) - HAND_SIZE * n},
              C_TACTICAL if tactical else C_DEAL),
        Event("lead", state.players[state.leader], {}, C_LEAD),
    ]
    events.extend(reveal(deal.scores).events)
    return events


def opening_events(state: State) -> tuple[Event, ...]:
    """The events of the set-up: players, material, then the first manche's deal and reveal."""
    events = [
        Event("setup", None, {"players": state.players}, C_PLAYERS),
        Event("cards", None, {"count": len(number_cards(state.variant, len(state.players)))},
              C_CARDS),
        Event("score_cards", None, {"cards": SCORE_CARDS}, C_SCORE_CARDS),
        Event("sticks", None, {"each": STICKS_PER_COLOUR}, C_STICKS),
    ]
    if state.manche < len(state.deals):
        events.extend(_manche_events(state))
    return tuple(events)


def situation(
    players: Sequence[str],
    *,
    hands: Mapping[str, Sequence[int]],
    score_deck: Sequence[ScoreCard],
    leader: str | None = None,
    red: Mapping[str, int] | None = None,
    blue: Mapping[str, int] | None = None,
    variant: Variant | str | Mapping[str, Any] | None = None,
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
    if set(hands) != set(names):
        raise IllegalAction("Il faut donner la main de chaque joueur, et seulement d'eux.",
                            C_PLAYERS)
    dealt: list[int] = []
    for p in names:
        hand = list(hands[p])
        if len(hand) != HAND_SIZE or any(type(c) is not int or c not in cards for c in hand):
            raise IllegalAction(f"La main de {p} doit compter {HAND_SIZE} cartes numérotées "
                                f"de 1 à {len(cards)}.", C_DEAL)
        dealt.extend(hand)
    if len(set(dealt)) != len(dealt):
        raise IllegalAction("Chaque carte numérotée n'existe qu'une fois.", C_CARDS)
    deck = tuple(score_deck)
    check_score_cards(deck)
    if len(deck) != len(SCORE_CARDS):
        raise IllegalAction("La pioche de cartes score doit contenir les onze cartes.",
                            C_SCORE_CARDS)
    rest = tuple(c for c in cards if c not in set(dealt))
    rng = random.Random(seed)
    deals = (Deal(tuple(dealt) + rest, deck),) + tuple(
        Deal(shuffled(cards, rng), shuffled(SCORE_CARDS, rng)) for _ in names[1:])
    lead = 0 if leader is None else _index(names, leader)
    state = _start_manche(rules, names, deals, (lead - 1) % n, 0, ((),) * n, ((),) * n)
    reds = tuple((red or {}).get(p, 0) for p in names)
    blues = tuple((blue or {}).get(p, 0) for p in names)
    for counts in (reds, blues):
        if any(type(c) is not int or c < 0 for c in counts):
            raise IllegalAction("Un nombre de bâtonnets est un entier positif ou nul.", C_STICKS)
        if rules.supply == "finite" and sum(counts) > STICKS_PER_COLOUR:
            raise IllegalAction(f"Il n'y a que {STICKS_PER_COLOUR} bâtonnets de chaque couleur.",
                                C_STICKS)
    if set(red or {}) - set(names) or set(blue or {}) - set(names):
        raise IllegalAction("Bâtonnets attribués à un joueur absent.", C_PLAYERS)
    if rules.pairs == "immediate" and any(r and b for r, b in zip(reds, blues)):
        raise IllegalAction("Un joueur ne garde jamais des bâtonnets des deux couleurs : il rend "
                            "les paires aussitôt.", C_PAIRS)
    return state._replace(red=reds, blue=blues)


# --- queries -----------------------------------------------------------------------------------


def _index(players: tuple[str, ...], seat: object) -> int:
    try:
        return players.index(seat)
    except ValueError:
        raise IllegalAction(
            f"Aucun joueur ne s'appelle {short_repr(seat)} dans cette partie "
            f"(joueurs : {', '.join(players)}).",
            C_PLAYERS,
        ) from None


def seat_index(state: State, seat: object) -> int:
    """Index of ``seat`` in the players, or :class:`IllegalAction` if nobody has that name."""
    return _index(state.players, seat)


def is_over(state: State) -> bool:
    """True once every manche has been played (``drahtseilakt/fin``)."""
    return state.manche >= len(state.deals)


def to_play(state: State) -> str | None:
    """The player whose turn it is when cards are played in turn (``None`` when simultaneous
    or over)."""
    if is_over(state) or state.variant.play == "simultaneous":
        return None
    return state.players[(state.leader + len(state.trick)) % len(state.players)]


def current_seats(state: State) -> tuple[str, ...]:
    """The players who must act now: the next player clockwise, or, in the chaotic variant,
    every player who has not chosen a card for this trick yet."""
    if is_over(state):
        return ()
    if state.variant.play == "in_turn":
        return (state.players[(state.leader + len(state.trick)) % len(state.players)],)
    done = {p for p, _ in state.trick}
    return tuple(p for p in state.players if p not in done)


def legal_actions(state: State, seat: str) -> tuple[Play, ...]:
    """Every card ``seat`` may play now, sorted; empty if that player has nothing to do.

    This is the only legality rule: :func:`apply` refuses anything not listed here.
    """
    i = seat_index(state, seat)
    if seat not in current_seats(state):
        return ()
    return _plays(seat, state.hands[i])


@lru_cache(maxsize=1 << 16)
def _plays(seat: str, hand: tuple[int, ...]) -> tuple[Play, ...]:
    return tuple([Play(seat, c) for c in hand])


def _explain(state: State, action: object) -> IllegalAction:
    """Why ``action`` is not among the legal actions (called only once legality said no)."""
    if not isinstance(action, Play):
        return IllegalAction(
            f"Action inconnue pour Drahtseilakt : {short_repr(action, 60)}. Une action est "
            "Play(seat=joueur, card=carte).",
            C_PLAY,
        )
    i = seat_index(state, action.seat)
    if is_over(state):
        return IllegalAction("La partie est terminée : plus aucune carte ne se joue.", C_END)
    if state.variant.play == "simultaneous":
        if action.seat not in current_seats(state):
            return IllegalAction(f"{action.seat} a déjà choisi sa carte pour ce pli : une seule "
                                 "carte par pli.", C_CHAOTIC)
    else:
        turn = current_seats(state)[0]
        if action.seat != turn:
            return IllegalAction(
                f"Ce n'est pas le tour de {action.seat} : c'est à {turn} de jouer "
                "(on joue chacun son tour, dans le sens des aiguilles d'une montre).", C_PLAY)
    return IllegalAction(
        f"{action.seat} n'a pas la carte {short_repr(action.card)} en main "
        f"(main : {', '.join(map(str, state.hands[i]))}).",
        C_HAND,
    )


def reserve(state: State) -> tuple[int, int]:
    """Sticks left in the reserve (red, blue); never below 0 (``drahtseilakt/batonnets``)."""
    return (max(0, STICKS_PER_COLOUR - sum(state.red)),
            max(0, STICKS_PER_COLOUR - sum(state.blue)))


def view(state: State, seat: str | None) -> dict[str, Any]:
    """What ``seat`` may see. ``seat=None`` is the teacher's view (everything visible).

    Everybody sees the score cards turned this manche, the sticks of every player, the manche
    scores and the cards of the current trick (in the chaotic variant, only who has chosen).
    A player sees their own hand; the teacher also sees every hand, the score cards to come, the
    discarded cards and the cards left out of the deal.
    """
    everything = seat is None
    me = None if everything else seat_index(state, seat)
    hidden_trick = state.variant.play == "simultaneous"
    played = dict(state.trick)
    players = []
    for i, name in enumerate(state.players):
        mine = everything or i == me
        card = played.get(name)
        players.append({
            "name": name,
            "hand": state.hands[i] if mine else None,
            "hand_size": len(state.hands[i]),
            "played": card if (mine or not hidden_trick) else None,
            "has_played": card is not None,
            "red": state.red[i],
            "blue": state.blue[i],
            "history": state.history[i],
            "cancelled": state.cancelled[i],
        })
    over = is_over(state)
    n = len(state.players)
    dealt = set(c for h in state.hands for c in h) | set(state.discard) | set(played.values())
    unseen = () if over else tuple(c for c in number_cards(state.variant, n) if c not in dealt)
    return {
        "seat": seat,
        "manche": min(state.manche + 1, len(state.deals)),
        "manches": len(state.deals),
        "dealer": dealer(state),
        "leader": None if over else state.players[state.leader],
        "to_play": current_seats(state),
        "trick_number": state.tricks + 1,
        "trick": tuple((p, c) for p, c in state.trick) if (everything or not hidden_trick)
        else tuple((p, c if p == seat else None) for p, c in state.trick),
        "stake": None if over else state.stake,
        "revealed": state.revealed,
        "deck_size": len(state.score_deck),
        "score_deck": state.score_deck if everything else None,
        "discard": state.discard if everything else None,
        "unseen": unseen if everything else None,
        "unseen_count": len(unseen),
        "reserve": reserve(state),
        "players": players,
        "over": over,
    }


# --- playing -----------------------------------------------------------------------------------


def apply(
    state: State, action: Play, *, explain: bool = True
) -> tuple[State, tuple[Event, ...]]:
    """Play ``action`` and return the new state and what happened.

    The card leaves the hand and joins the trick (``drahtseilakt/jouer``; hidden until all have
    chosen in ``drahtseilakt/variante-chaotique``). The last card of a trick resolves it
    (:func:`resolve_trick`), hands out the sticks from the reserve (``drahtseilakt/bleus``,
    ``drahtseilakt/rouges``, ``drahtseilakt/reserve-epuisee``), gives pairs back
    (``drahtseilakt/paires``), discards the cards and lets the highest card lead
    (``drahtseilakt/fin-de-pli``), then turns the next score card, or ends the manche
    (``drahtseilakt/fin-de-manche``) or the game. An illegal action raises
    :class:`IllegalAction`; ``state`` is never modified. ``explain=False`` skips building the
    events (simulations); the resulting state is the same.
    """
    if type(action) is not Play or action not in legal_actions(state, action.seat):
        raise _explain(state, action)
    seat, card = action
    i = state.players.index(seat)
    hand = state.hands[i]
    k = hand.index(card)
    hands = state.hands[:i] + (hand[:k] + hand[k + 1:],) + state.hands[i + 1:]
    trick = state.trick + ((seat, card),)
    events: list[Event] = []
    if explain:
        if state.variant.play == "simultaneous":
            events.append(Event("choose", seat, {"card": card}, C_CHAOTIC))
        else:
            events.append(Event("play", seat, {"card": card, "position": len(trick)}, C_PLAY))
    if len(trick) < len(state.players):
        return state._replace(hands=hands, trick=trick), tuple(events)
    return _end_of_trick(state._replace(hands=hands, trick=trick), events, explain)


def _give(state: State, seat: int, colour: str, count: int, events: list[Event],
          explain: bool) -> tuple[list[int], list[int]]:
    """Hand ``count`` sticks of ``colour`` to ``seat`` from the reserve, then settle pairs."""
    red, blue = list(state.red), list(state.blue)
    held = blue if colour == "blue" else red
    left = STICKS_PER_COLOUR - sum(held)
    name = state.players[seat]
    if count > left:
        if state.variant.supply == "finite":
            if explain:
                events.append(Event("short", name, {"colour": colour, "wanted": count,
                                                    "got": max(0, left)}, C_SHORT))
            count = max(0, left)
        elif explain:
            events.append(Event("tokens", name, {"colour": colour,
                                                 "missing": count - max(0, left)}, C_UNLIMITED))
    held[seat] += count
    if state.variant.pairs == "immediate" and red[seat] and blue[seat]:
        r, b = settle(red[seat], blue[seat])
        if explain:
            events.append(Event("pairs", name, {"pairs": red[seat] - r, "red": r, "blue": b},
                                C_PAIRS))
        red[seat], blue[seat] = r, b
    return red, blue


def _end_of_trick(state: State, events: list[Event], explain: bool
                  ) -> tuple[State, tuple[Event, ...]]:
    plays = dict(state.trick)
    players = state.players
    if explain and state.variant.play == "simultaneous":
        events.append(Event("show", None, {"plays": plays}, C_CHAOTIC))
    stake = state.stake
    result = _resolve(plays, stake.value, stake.blue, stake.red, explain)
    events.extend(result.events)
    hi, lo = players.index(result.highest), players.index(result.lowest)
    red, blue = list(state.red), list(state.blue)
    if result.blue:
        red, blue = _give(state, hi, "blue", result.blue, events, explain)
        state = state._replace(red=tuple(red), blue=tuple(blue))
    if result.red:
        red, blue = _give(state, lo, "red", result.red, events, explain)
    discard = state.discard + tuple(c for _, c in state.trick)
    tricks = state.tricks + 1
    if explain:
        events.append(Event("trick_end", result.highest,
                            {"plays": plays, "last": tricks == TRICKS}, C_TRICK_END))
    if tricks < TRICKS:
        turned = reveal(state.score_deck, explain)
        events.extend(turned.events)
        new = state._replace(score_deck=turned.rest, revealed=state.revealed + turned.revealed,
                             stake=Stake(turned.value, turned.blue, turned.red), leader=hi,
                             trick=(), tricks=tricks, discard=discard, red=tuple(red),
                             blue=tuple(blue))
        return new, tuple(events)
    return _end_of_manche(state, red, blue, events, explain)


def _end_of_manche(state: State, red: list[int], blue: list[int], events: list[Event],
                   explain: bool) -> tuple[State, tuple[Event, ...]]:
    players = state.players
    if state.variant.pairs == "end_of_manche":
        for i, name in enumerate(players):
            if red[i] and blue[i]:
                r, b = settle(red[i], blue[i])
                if explain:
                    events.append(Event("pairs", name, {"pairs": red[i] - r, "red": r, "blue": b},
                                        C_LATE_PAIRS))
                red[i], blue[i] = r, b
    scores = [r + b for r, b in zip(red, blue)]
    history = tuple(h + (s,) for h, s in zip(state.history, scores))
    if explain:
        events.append(Event("manche_end", None,
                            {"manche": state.manche + 1, "scores": dict(zip(players, scores)),
                             "red": dict(zip(players, red)), "blue": dict(zip(players, blue))},
                            C_MANCHE_END))
    cancelled = list(state.cancelled)
    if state.manche > 0:
        for i, name in enumerate(players):
            if scores[i]:
                continue
            target = clean_cancellation(state.history[i], state.cancelled[i])
            if target is not None:
                cancelled[i] = cancelled[i] + (target,)
            if explain:
                events.append(Event("clean", name, {"manche": state.manche + 1,
                                                    "target": _target(target, state.history[i])},
                                    C_CLEAN))
    manche = state.manche + 1
    if manche < len(state.deals):
        new = _start_manche(state.variant, players, state.deals, state.first_dealer, manche,
                            history, tuple(cancelled))
        if explain:
            events.extend(_manche_events(new))
        return new, tuple(events)
    n = len(players)
    new = state._replace(manche=manche, hands=((),) * n, score_deck=(), trick=(),
                         tricks=TRICKS, discard=state.discard + tuple(c for _, c in state.trick),
                         red=(0,) * n, blue=(0,) * n, history=history,
                         cancelled=tuple(cancelled))
    if explain:
        events.extend(_final_events(new))
    return new, tuple(events)


def totals(state: State) -> dict[str, int]:
    """Each player's total so far: the finished manches that are not cancelled."""
    return {p: sum(s for k, s in enumerate(h) if k not in c)
            for p, h, c in zip(state.players, state.history, state.cancelled)}


def outcome(state: State) -> Outcome:
    """The final totals and winners (``drahtseilakt/fin``, ``drahtseilakt/vainqueur``)."""
    if not is_over(state):
        raise IllegalAction("La partie n'est pas terminée : pas encore de vainqueur.", C_END)
    return winners_of(totals(state))


def _final_events(state: State) -> list[Event]:
    result = outcome(state)
    return [
        Event("totals", None, {"scores": dict(zip(state.players, state.history)),
                               "cancelled": dict(zip(state.players, state.cancelled)),
                               "totals": dict(result.scores)}, C_END),
        Event("winner", None, {"winners": result.winners, "reason": result.reason},
              result.clause),
    ]


def replay(
    players: Sequence[str],
    deals: Sequence[Deal],
    actions: Sequence[Play],
    variant: Variant | str | Mapping[str, Any] | None = None,
) -> State:
    """Rebuild a game from its recorded deals and its actions, without any random state."""
    state = new_game(players, deals=deals, variant=variant)
    for action in actions:
        state, _ = apply(state, action)
    return state


# --- French descriptions ---------------------------------------------------------------------


def sticks_text(count: int, colour: str) -> str:
    """``1 bâtonnet bleu``, ``3 bâtonnets rouges``, ``aucun bâtonnet``."""
    if count == 0:
        return "aucun bâtonnet"
    word = "bleu" if colour == "blue" else "rouge"
    return f"{count} bâtonnet{'s' if count > 1 else ''} {word}{'s' if count > 1 else ''}"


def holding_text(red: int, blue: int) -> str:
    """What a player holds: ``2 bâtonnets rouges``, ``rien``..."""
    parts = [sticks_text(red, "red")] if red else []
    if blue:
        parts.append(sticks_text(blue, "blue"))
    return " et ".join(parts) if parts else "aucun bâtonnet"


def plural(count: int) -> str:
    return "s" if count > 1 else ""


def _manche_word(k: int) -> str:
    return "1re manche" if k == 1 else f"{k}e manche"


def describe(event: Event) -> str:
    """One French sentence telling what ``event`` means, without revealing hidden choices."""
    d = event.data
    kind = event.kind
    who = event.seat
    if kind == "setup":
        return f"Joueurs, dans le sens des aiguilles d'une montre : {join_names(d['players'])}."
    if kind == "cards":
        return f"Cartes numérotées en jeu : de 1 à {d['count']}, chacune une seule fois."
    if kind == "score_cards":
        return "Onze cartes score : de 1 à 9, un 0 bleu et un 0 rouge."
    if kind == "sticks":
        return f"La réserve compte {d['each']} bâtonnets rouges et {d['each']} bleus."
    if kind == "manche":
        return f"Manche {d['manche']} sur {d['of']} : {who} donne les cartes."
    if kind == "deal":
        text = (f"{who} bat les cartes score en pioche face cachée et distribue 9 cartes "
                "numérotées à chacun")
        if d["unseen"]:
            return text + f" ; les {d['unseen']} autres restent cachées pour cette manche."
        return text + f" : avec {d['cards']} cartes, toutes sont en jeu."
    if kind == "lead":
        return f"{who}, à gauche du donneur, entame le premier pli."
    if kind == "zero":
        colour = "bleus" if d["colour"] == "blue" else "rouges"
        return (f"On retourne le {d['card']} : pas de bâtonnets {colour} pour ce pli, et on "
                "retourne aussitôt la carte suivante.")
    if kind == "double_zero":
        return ("Deuxième 0 d'affilée : les deux 0 s'annulent, sont défaussés, et on retourne "
                "une troisième carte.")
    if kind == "reveal":
        n, s = d["value"], plural(d["value"])
        if d["blue"] and d["red"]:
            paid = f"le plus fort prendra {n} bleu{s}, le plus faible {n} rouge{s}"
        elif d["red"]:
            paid = f"seul le plus faible prendra {n} rouge{s}"
        else:
            paid = f"seul le plus fort prendra {n} bleu{s}"
        return f"Carte score : {d['value']} ; {paid}."
    if kind == "play":
        return f"{who} pose le {d['card']} face visible."
    if kind == "choose":
        return f"{who} choisit une carte en secret."
    if kind == "show":
        plays = ", ".join(f"{p} {c}" for p, c in d["plays"].items())
        return f"Tout le monde révèle sa carte : {plays}."
    if kind == "blue":
        return f"{who} a la plus forte carte ({d['card']}) : {sticks_text(d['count'], 'blue')}."
    if kind == "no_blue":
        return f"{who} a la plus forte carte ({d['card']}), mais le 0 bleu : aucun bâtonnet bleu."
    if kind == "red":
        return f"{who} a la plus faible carte ({d['card']}) : {sticks_text(d['count'], 'red')}."
    if kind == "no_red":
        return (f"{who} a la plus faible carte ({d['card']}), mais le 0 rouge : aucun bâtonnet "
                "rouge.")
    if kind == "short":
        colour = "bleu" if d["colour"] == "blue" else "rouge"
        if d["got"] == 0:
            return (f"La réserve n'a plus aucun bâtonnet {colour} : {who} ne reçoit rien au lieu "
                    f"de {d['wanted']}.")
        if d["got"] == 1:
            return (f"La réserve n'a plus qu'un seul bâtonnet {colour} : {who} n'en reçoit "
                    f"qu'un au lieu de {d['wanted']}.")
        return (f"La réserve n'a plus que {d['got']} bâtonnets {colour}s : {who} ne reçoit que "
                f"{d['got']} au lieu de {d['wanted']}.")
    if kind == "tokens":
        colour = "bleus" if d["colour"] == "blue" else "rouges"
        return (f"La réserve manque de bâtonnets {colour} : {who} reçoit {d['missing']} "
                f"jeton{plural(d['missing'])} à leur place.")
    if kind == "pairs":
        return (f"{who} rend {d['pairs']} paire{plural(d['pairs'])} rouge + bleu à la réserve ; "
                f"il lui reste {holding_text(d['red'], d['blue'])}.")
    if kind == "trick_end":
        if d["last"]:
            return "Les cartes du pli sont défaussées face cachée ; c'était le neuvième pli."
        return (f"Les cartes du pli sont défaussées face cachée ; {who}, qui a posé la plus "
                "forte, entame le pli suivant.")
    if kind == "manche_end":
        scores = ", ".join(f"{p} {s}" for p, s in d["scores"].items())
        return (f"Fin de la manche {d['manche']} : chacun marque ses bâtonnets ({scores}), "
                "puis les rend à la réserve.")
    if kind == "clean":
        if d["target"] is None:
            return (f"{who} finit la {_manche_word(d['manche'])} sans bâtonnet, mais n'a aucun "
                    "score à effacer dans les manches précédentes.")
        k, score = d["target"]
        return (f"{who} finit la {_manche_word(d['manche'])} sans bâtonnet : son score de la "
                f"{_manche_word(k)} ({score}) est effacé.")
    if kind == "totals":
        return "Totaux : " + ", ".join(f"{p} {t}" for p, t in d["totals"].items()) + "."
    if kind == "winner":
        return str(d["reason"])
    if kind == "refused":
        return f"Refusé : {d['reason']}"
    raise AssertionError(f"unknown event kind {kind!r}")


# --- worked examples ---------------------------------------------------------------------------


def run_example(data: Mapping[str, Any]) -> ExampleRun:
    """Replay a worked example of ``rules/drahtseilakt.fr.md`` on the engine.

    ``type = "pli"``: one trick of the first manche: the score cards on top of the ``pioche``,
    the ``cartes`` in playing order (the first player leads), the sticks held ``avant``; expected
    ``valeur``, ``bleus`` and ``rouges`` received, sticks held ``apres`` and the player who leads
    the ``suivant`` trick. ``type = "refus"``: the ``coups`` played, then the refused ``coup``
    citing ``article``. ``type = "decompte"``: the ``scores`` of each manche to the ``totaux``,
    the ``annulees`` manches (numbered from 1) and the ``vainqueurs``. ``type = "donne"``: a deal
    for ``joueurs`` with expected ``en_jeu`` cards and ``cachees`` cards. Raises
    :class:`ExampleError` if the data is malformed.
    """
    kind = data.get("type")
    try:
        rules = Variant.coerce(data.get("variante"))
    except ValueError as exc:
        raise ExampleError(f"variante : {exc}") from None
    if kind == "pli":
        return _example_trick(data, rules)
    if kind == "refus":
        return _example_refusal(data, rules)
    if kind == "decompte":
        return _example_count(data)
    if kind == "donne":
        return _example_deal(data, rules)
    raise ExampleError(
        f"type d'exemple inconnu {kind!r} (types possibles : pli, refus, decompte, donne)"
    )


def _score_list(where: str, value: object) -> tuple[ScoreCard, ...]:
    if not isinstance(value, list) or not all(
        (type(c) is int and c in SCORE_VALUES) or c in ZEROS for c in value
    ):
        raise ExampleError(f"{where} doit être une liste de cartes score (1 à 9, "
                           f"« {ZERO_BLUE} », « {ZERO_RED} »)")
    return tuple(value)


def _holdings(where: str, value: object) -> dict[str, tuple[int, int]]:
    if not isinstance(value, dict):
        raise ExampleError(f"{where} doit être une table joueur = {{ rouges = n, bleus = n }}")
    out = {}
    for p, spec in value.items():
        if not isinstance(spec, dict):
            raise ExampleError(f"{where}.{p} doit être une table {{ rouges = n, bleus = n }}")
        check_keys(f"{where}.{p}", spec, (), ("rouges", "bleus"))
        counts = int_table(f"{where}.{p}", spec)
        out[p] = (counts.get("rouges", 0), counts.get("bleus", 0))
    return out


def _example_state(data: Mapping[str, Any], rules: Variant,
                   hands_spec: Mapping[str, Sequence[int]]) -> State:
    names = list(hands_spec)
    pile = _score_list("pioche", data["pioche"])
    if len(set(pile)) != len(pile):
        raise ExampleError("pioche : chaque carte score n'existe qu'une fois")
    deck = pile + tuple(c for c in SCORE_CARDS if c not in pile)
    try:
        cards = number_cards(rules, len(names))
    except ValueError as exc:  # pragma: no cover - the variant is already valid
        raise ExampleError(str(exc)) from None
    used = {c for cs in hands_spec.values() for c in cs}
    spare = [c for c in cards if c not in used]
    hands: dict[str, list[int]] = {}
    for p in names:
        mine = list(hands_spec[p])
        need = HAND_SIZE - len(mine)
        if need < 0:
            raise ExampleError(f"main de {p} : au plus {HAND_SIZE} cartes")
        hands[p] = mine + spare[:need]
        spare = spare[need:]
    before = _holdings("avant", data.get("avant", {}))
    try:
        return situation(names, hands=hands, score_deck=deck, variant=rules,
                         red={p: r for p, (r, _) in before.items()},
                         blue={p: b for p, (_, b) in before.items()})
    except IllegalAction as exc:
        raise ExampleError(f"situation impossible : {exc.reason}") from None


def _example_trick(data: Mapping[str, Any], rules: Variant) -> ExampleRun:
    check_keys("exemple", data, ("pioche", "cartes"),
               COMMON_KEYS + ("avant", "valeur", "bleus", "rouges", "apres", "suivant"))
    plays = int_table("cartes", data["cartes"])
    state = _example_state(data, rules, {p: [c] for p, c in plays.items()})
    events = list(reveal(state.deals[0].scores).events)
    out: list[str] = []
    before = state
    for p, c in plays.items():
        try:
            state, evs = apply(state, Play(p, c))
        except IllegalAction as exc:
            raise ExampleError(f"coup impossible : {exc.reason}") from None
        events.extend(evs)
    cut = next(k for k, e in enumerate(events) if e.kind == "trick_end")
    events = events[: cut + 1]
    if "valeur" in data:
        compare("valeur", data["valeur"], before.stake.value, out)
    received: dict[str, dict[str, int]] = {"bleus": {}, "rouges": {}}
    for e in events:
        if e.kind in ("blue", "red"):
            received["bleus" if e.kind == "blue" else "rouges"][str(e.seat)] = e.data["count"]
        if e.kind == "short":
            received["bleus" if e.data["colour"] == "blue" else "rouges"][str(e.seat)] = \
                e.data["got"]
    for key in ("bleus", "rouges"):
        if key in data:
            compare(f"{key} reçus", int_table(key, data[key]), received[key], out)
    if "apres" in data:
        for p, (r, b) in _holdings("apres", data["apres"]).items():
            k = state.players.index(p) if p in state.players else None
            got = None if k is None else (state.red[k], state.blue[k])
            compare(f"bâtonnets de {p} après le pli (rouges, bleus)", (r, b), got, out)
    if "suivant" in data:
        compare("entame du pli suivant", data["suivant"], state.players[state.leader], out)
    return ExampleRun(tuple(events), tuple(out))


def _example_refusal(data: Mapping[str, Any], rules: Variant) -> ExampleRun:
    check_keys("exemple", data, ("pioche", "mains", "coup", "article"),
               COMMON_KEYS + ("coups", "avant"))
    mains = data["mains"]
    if not isinstance(mains, dict) or not all(
        isinstance(v, list) and all(type(c) is int for c in v) for v in mains.values()
    ):
        raise ExampleError("mains doit être une table joueur = [cartes]")
    state = _example_state(data, rules, mains)
    events = list(reveal(state.deals[0].scores).events)
    for k, move in enumerate(data.get("coups", []), 1):
        if not isinstance(move, dict):
            raise ExampleError(f"coup {k} : table {{ joueur = ..., carte = ... }} attendue")
        check_keys(f"coup {k}", move, ("joueur", "carte"), ())
        try:
            state, evs = apply(state, Play(move["joueur"], move["carte"]))
        except IllegalAction as exc:
            raise ExampleError(f"coup {k} impossible : {exc.reason}") from None
        events.extend(evs)
    move = data["coup"]
    if not isinstance(move, dict):
        raise ExampleError("coup doit être une table { joueur = ..., carte = ... }")
    check_keys("coup", move, ("joueur", "carte"), ())
    out: list[str] = []
    try:
        apply(state, Play(move["joueur"], move["carte"]))
    except IllegalAction as exc:
        events.append(Event("refused", move["joueur"], {"card": move["carte"],
                                                        "reason": exc.reason}, exc.clause))
        compare("article enfreint", data["article"], exc.clause, out)
    else:
        out.append(f"coup refusé : attendu un refus ({data['article']}), le coup a été accepté")
    return ExampleRun(tuple(events), tuple(out))


def _example_count(data: Mapping[str, Any]) -> ExampleRun:
    check_keys("exemple", data, ("scores",), COMMON_KEYS + ("totaux", "annulees", "vainqueurs"))
    raw = data["scores"]
    if not isinstance(raw, dict) or not all(
        isinstance(v, list) and all(type(s) is int for s in v) for v in raw.values()
    ):
        raise ExampleError("scores doit être une table joueur = [score de chaque manche]")
    try:
        result = final_totals(raw)
    except IllegalAction as exc:
        raise ExampleError(f"situation impossible : {exc.reason}") from None
    won = winners_of(result.totals)
    out: list[str] = []
    if "totaux" in data:
        compare("totaux", int_table("totaux", data["totaux"]), result.totals, out)
    if "annulees" in data:
        expected = {p: sorted(v) for p, v in data["annulees"].items()}
        got = {p: sorted(k + 1 for k in v) for p, v in result.cancelled.items() if v}
        compare("manches annulées", expected, got, out)
    if "vainqueurs" in data:
        compare("vainqueurs", tuple(data["vainqueurs"]), won.winners, out)
    events = (*result.events, Event("winner", None, {"winners": won.winners,
                                                     "reason": won.reason}, won.clause))
    return ExampleRun(events, tuple(out))


def _example_deal(data: Mapping[str, Any], rules: Variant) -> ExampleRun:
    check_keys("exemple", data, ("joueurs",), COMMON_KEYS + ("graine", "en_jeu", "cachees"))
    names = data["joueurs"]
    if not isinstance(names, list):
        raise ExampleError("joueurs doit être une liste de noms")
    seed = data.get("graine", 0)
    if type(seed) is not int:
        raise ExampleError("graine doit être un entier")
    try:
        state = new_game(names, seed=seed, variant=rules)
    except IllegalAction as exc:
        raise ExampleError(f"situation impossible : {exc.reason}") from None
    seen = view(state, None)
    out: list[str] = []
    in_play = len(number_cards(rules, len(names)))
    if "en_jeu" in data:
        compare("cartes en jeu", data["en_jeu"], in_play, out)
    if "cachees" in data:
        compare("cartes non distribuées", data["cachees"], seen["unseen_count"], out)
    if any(len(h) != HAND_SIZE for h in state.hands):  # pragma: no cover - engine invariant
        out.append("chaque joueur doit recevoir 9 cartes")
    events = opening_events(state)
    return ExampleRun(tuple(e for e in events if e.kind in ("cards", "manche", "deal", "lead")),
                      tuple(out))


# --- computer players --------------------------------------------------------------------------


class RandomPlayer:
    """Plays a legal card uniformly at random, from its own seeded generator."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def choose(self, state: State, seat: str) -> Play:
        return self.rng.choice(legal_actions(state, seat))


class HeuristicPlayer:
    """A careful player: for each card, estimates the chance of being the highest or the lowest
    of the trick (from the cards already played and the cards it cannot see) and what the
    sticks would cost after giving pairs back, then plays the cheapest card. When nothing is at
    stake it gets rid of its most dangerous card (a very high or very low one). Looks only at
    what :func:`view` shows its seat."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def choose(self, state: State, seat: str) -> Play:
        options = legal_actions(state, seat)
        seen = view(state, seat)
        me = seat_index(state, seat)
        n = len(state.players)
        top = len(number_cards(state.variant, n))
        mine = set(seen["players"][me]["hand"])
        played = [c for _, c in seen["trick"] if c is not None]
        gone = set(played) | _discarded_public(state)
        pool = [c for c in range(1, top + 1) if c not in mine and c not in gone]
        waiting = n - 1 - len(played)
        red, blue = state.red[me], state.blue[me]
        value, pays_blue, pays_red = state.stake
        cost_blue = abs(red - value) - red if red else value  # delta of sticks held
        cost_red = abs(blue - value) - blue if blue else value
        if not pays_blue:
            cost_blue = 0
        if not pays_red:
            cost_red = 0
        size = max(1, len(pool))
        best: tuple[float, int] | None = None
        choice = options[0]
        for action in options:
            c = action.card
            below = sum(1 for x in pool if x < c) / size
            p_high = (below ** waiting) if all(c > x for x in played) else 0.0
            p_low = ((1 - below) ** waiting) if all(c < x for x in played) else 0.0
            risk = p_high * cost_blue + p_low * cost_red
            danger = abs(c - (top + 1) / 2) / top
            score = risk - 0.8 * danger + self.rng.uniform(0, 0.05)
            if best is None or score < best[0]:
                best, choice = (score, c), action
        return choice


def _discarded_public(state: State) -> set[int]:
    """The number cards played face up in earlier tricks of this manche (everybody saw them)."""
    return set(state.discard)


PLAYER_KINDS: dict[str, tuple[str, type[RandomPlayer] | type[HeuristicPlayer]]] = {
    "hasard": ("Au hasard", RandomPlayer),
    "prudent": ("Prudent (évite d'être le plus fort ou le plus faible)", HeuristicPlayer),
}

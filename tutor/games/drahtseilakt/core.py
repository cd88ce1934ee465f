"""Drahtseilakt's material, readings and pure rule helpers (no game state here).

Every public helper checks the exact types of its arguments (``type(x) is int``: no bool, no
float) and refuses anything else with :class:`~tutor.engine.IllegalAction` (a ``ValueError``
carrying a French reason and the clause id), so that a notebook cell fed a wrong value explains
the rule instead of showing a traceback.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping, Sequence
from typing import Literal, NamedTuple

from tutor import fr
from tutor.engine import IllegalAction, Outcome, VariantBase, best_totals
from tutor.games.drahtseilakt.events import (
    CleanManche,
    Colour,
    DoubleZero,
    DrahtseilaktEvent,
    NoBlue,
    NoRed,
    Revealed,
    TakesBlue,
    TakesRed,
    Totalled,
    ZeroTurned,
)
from tutor.games.drahtseilakt.events import ScoreCard as ScoreCard  # the material's own types,
from tutor.games.drahtseilakt.events import Stake as Stake  # exported with it (events carry them)

GAME_ID = "drahtseilakt"
MIN_PLAYERS = 3
MAX_PLAYERS = 5
HAND_SIZE = 9
TRICKS = 9
NUMBER_CARDS: tuple[int, ...] = tuple(range(1, 51))
STICKS_PER_COLOUR = 25

ZERO_BLUE = "0 bleu"
ZERO_RED = "0 rouge"
SCORE_VALUES: tuple[int, ...] = tuple(range(1, 10))
SCORE_CARDS: tuple[ScoreCard, ...] = (*SCORE_VALUES, ZERO_BLUE, ZERO_RED)
ZEROS = (ZERO_BLUE, ZERO_RED)


class Variant(VariantBase, game="Drahtseilakt"):
    """The readings of the rules in force for one game; validated at construction."""

    deck: Literal["full", "tactical"] = "full"
    play: Literal["in_turn", "simultaneous"] = "in_turn"
    supply: Literal["finite", "unlimited"] = "finite"
    pairs: Literal["immediate", "end_of_manche"] = "immediate"


PRESETS, PRESET_LABELS = Variant.presets("Règle de base (cartes 1 à 50, à tour de rôle)", {
    "tactique": ("Variante tactique (seulement les cartes 1 à 9 × joueurs)", {"deck": "tactical"}),
    "chaotique": ("Variante chaotique (cartes révélées ensemble)", {"play": "simultaneous"}),
    "reserve-illimitee": ("Réserve illimitée (on complète avec des jetons)",
                          {"supply": "unlimited"}),
    "paires-en-fin-de-manche": ("Paires rendues seulement en fin de manche",
                                {"pairs": "end_of_manche"}),
})

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


class Reveal(NamedTuple):
    """What :func:`reveal` turned: the trick's ``value``, whether ``blue`` and ``red`` sticks
    are paid, the cards ``revealed`` (in order), the ``rest`` of the deck and the ``events``."""

    value: int
    blue: bool
    red: bool
    revealed: tuple[ScoreCard, ...]
    rest: tuple[ScoreCard, ...]
    events: tuple[DrahtseilaktEvent, ...] = ()


class TrickResult(NamedTuple):
    """What :func:`resolve_trick` found: the players of the ``highest`` and ``lowest`` cards,
    the ``blue`` and ``red`` sticks each receives (0 when a 0 card cancels that colour) and the
    explained ``events``. The reserve is not considered here (see ``apply``)."""

    highest: str
    lowest: str
    blue: int
    red: int
    events: tuple[DrahtseilaktEvent, ...]


class Totals(NamedTuple):
    """What :func:`final_totals` found: each player's ``totals``, the indices of the manches
    ``cancelled`` by stick-free manches (0 for the first manche) and the explained ``events``."""

    totals: dict[str, int]
    cancelled: dict[str, tuple[int, ...]]
    events: tuple[DrahtseilaktEvent, ...]


# --- type checks ---------------------------------------------------------------------------------


def is_int(value: object) -> bool:
    """An exact ``int`` (``True`` and ``12.0`` are not)."""
    return type(value) is int


def is_score_card(card: object) -> bool:
    """One of the eleven score cards, with its exact type."""
    return (type(card) is int and card in SCORE_VALUES) or (type(card) is str and card in ZEROS)


def _sequence(value: object) -> bool:
    return isinstance(value, (list, tuple))


def check_score_cards(cards: object) -> tuple[ScoreCard, ...]:
    """Refuse anything but distinct score cards (``drahtseilakt/cartes-score``)."""
    if not isinstance(cards, (list, tuple)) or not all(is_score_card(c) for c in cards) \
            or len(set(cards)) != len(cards):
        raise IllegalAction(
            "Les cartes score sont 1 à 9, « 0 bleu » et « 0 rouge », chacune une seule fois "
            f"(reçu : {shown(cards, 60)}).",
            C_SCORE_CARDS,
        )
    return tuple(cards)


def check_count(value: object, what: str, clause: str = C_STICKS) -> int:
    """A number of sticks or points: an exact ``int``, 0 or more."""
    if not is_int(value) or value < 0:  # type: ignore[operator]
        raise IllegalAction(f"{fr.capitalize(what)} doit être un nombre entier positif ou nul, "
                            f"pas {shown(value)}.", clause)
    return value  # type: ignore[return-value]


def check_name(value: object) -> str:
    """A player's name: a non-empty text."""
    if type(value) is not str or not value.strip():
        raise IllegalAction(f"Nom de joueur invalide : {shown(value)}.", C_PLAYERS)
    return value


def shown(value: object, limit: int = 24) -> str:
    """An untrusted value quoted for a learner (:func:`tutor.fr.shown`)."""
    return fr.shown(value, limit)


def card_text(card: ScoreCard) -> str:
    """A score card in French: ``4``, ``0 bleu``, ``0 rouge``."""
    return str(card)


# --- pure rule helpers ---------------------------------------------------------------------------


def reveal(score_deck: Sequence[ScoreCard], explain: bool = True) -> Reveal:
    """Turn score cards from the top of ``score_deck`` until one gives a value.

    A card 1 to 9 is the trick's value, both colours paid (``drahtseilakt/revelation``). A 0 card
    makes the leader turn the next card at once, and its colour is not paid this trick
    (``drahtseilakt/zero``). Two 0 cards in a row cancel each other: both are set aside and the
    third card is played normally, both colours paid (``drahtseilakt/double-zero``, which takes
    precedence over ``drahtseilakt/zero``). Raises :class:`IllegalAction` if the deck runs out
    (which a real manche never does: 9 tricks use at most the 9 value cards).
    """
    deck = check_score_cards(score_deck)
    if type(explain) is not bool:
        raise IllegalAction(f"L’option {fr.quote('explain')} vaut True ou False, pas "
                            f"{shown(explain)}.", C_REVEAL)
    return turn(deck, explain)


def turn(deck: tuple[ScoreCard, ...], explain: bool) -> Reveal:
    """:func:`reveal` on a checked deck (the engine's own path: its decks come from the checked
    record)."""
    if not explain and deck and type(deck[0]) is int:  # one card, both colours paid
        return tuple.__new__(Reveal, (deck[0], True, True, deck[:1], deck[1:], ()))
    events: list[DrahtseilaktEvent] = []
    turned: list[ScoreCard] = []
    zero: ScoreCard | None = None
    for card in deck:
        turned.append(card)
        if isinstance(card, str):
            if zero is None:
                zero = card
                if explain:
                    colour: Colour = "blue" if card == ZERO_BLUE else "red"
                    events.append(ZeroTurned(card=card, colour=colour, clause=C_ZERO))
                continue
            zero = None
            if explain:
                events.append(DoubleZero(cards=tuple(turned[-2:]), clause=C_DOUBLE))
            continue
        blue = zero != ZERO_BLUE
        red = zero != ZERO_RED
        rest = deck[len(turned):]
        if explain:
            clause = C_REVEAL if len(turned) == 1 else (C_ZERO if zero else C_DOUBLE)
            events.append(Revealed(stake=Stake(card, blue, red), cards=tuple(turned),
                                   clause=clause))
        return Reveal(card, blue, red, tuple(turned), rest, tuple(events))
    seen = fr.join(map(card_text, turned)) or "aucune"
    raise IllegalAction(
        f"La pioche des cartes score est épuisée avant d’avoir donné une valeur "
        f"(cartes retournées : {seen}).",
        C_REVEAL,
    )


def check_plays(plays: object, top: int = 50) -> dict[str, int]:
    """The cards of one trick, by player: 3 to 5 players, distinct cards from 1 to ``top``."""
    if not isinstance(plays, Mapping):
        raise IllegalAction("Un pli se donne comme une table joueur = carte, pas "
                            f"{shown(plays)}.", C_PLAY)
    if not MIN_PLAYERS <= len(plays) <= MAX_PLAYERS:
        raise IllegalAction(
            f"Un pli se joue de {MIN_PLAYERS} à {MAX_PLAYERS} joueurs, pas {len(plays)}.",
            C_PLAYERS,
        )
    out: dict[str, int] = {}
    for seat, card in plays.items():
        name = check_name(seat)
        if not is_int(card) or not 1 <= card <= top:
            raise IllegalAction(
                f"{name} ne peut pas jouer {shown(card)} : les cartes numérotées vont de 1 "
                f"à {top}.", C_CARDS)
        out[name] = card
    values = list(out.values())
    if len(set(values)) != len(values):
        twice = sorted({c for c in values if values.count(c) > 1})
        raise IllegalAction(
            "Chaque carte numérotée n’existe qu’une fois : deux joueurs ne peuvent pas poser "
            f"la même ({fr.join(map(str, twice))}).", C_CARDS)
    return out


def check_stake(stake: object) -> Stake:
    """A trick's stake: a :class:`Stake` or :class:`Reveal` with a value from 1 to 9."""
    if not isinstance(stake, (Stake, Reveal)) or not is_int(stake.value) \
            or stake.value not in SCORE_VALUES or type(stake.blue) is not bool \
            or type(stake.red) is not bool:
        raise IllegalAction("L’enjeu d’un pli est une carte score de 1 à 9 (avec les couleurs "
                            f"payées), pas {shown(stake, 60)}.", C_REVEAL)
    return Stake(stake.value, stake.blue, stake.red)


def resolve_trick(plays: Mapping[str, int], stake: Reveal | Stake) -> TrickResult:
    """Who receives sticks for the cards ``plays`` under the score card(s) of ``stake``.

    The highest card takes ``value`` blue sticks (``drahtseilakt/bleus``), the lowest ``value``
    red sticks (``drahtseilakt/rouges``), except the colour cancelled by a 0 card
    (``drahtseilakt/zero``). Cards are all different, so there is no tie.
    """
    checked = check_plays(plays)
    s = check_stake(stake)
    return resolve(tuple(checked.items()), s.value, s.blue, s.red, True)


def resolve(trick: Sequence[tuple[str, int]], value: int, blue: bool, red: bool,
            explain: bool) -> TrickResult:
    """:func:`resolve_trick` on checked arguments (the engine's own path), the cards given as
    the trick's (player, card) pairs."""
    highest, top = lowest, bottom = trick[0]
    for seat, card in trick:  # cards are all different: no tie
        if card > top:
            highest, top = seat, card
        elif card < bottom:
            lowest, bottom = seat, card
    nb, nr = (value if blue else 0), (value if red else 0)
    if not explain:
        return tuple.__new__(TrickResult, (highest, lowest, nb, nr, ()))
    events: tuple[DrahtseilaktEvent, ...] = (
        TakesBlue(seat=highest, card=top, count=nb, clause=C_BLUE) if blue else
        NoBlue(seat=highest, card=top, clause=C_ZERO),
        TakesRed(seat=lowest, card=bottom, count=nr, clause=C_RED) if red else
        NoRed(seat=lowest, card=bottom, clause=C_ZERO),
    )
    return TrickResult(highest, lowest, nb, nr, events)


def settle(red: int, blue: int) -> tuple[int, int]:
    """Sticks left after giving back pairs of one red and one blue (``drahtseilakt/paires``):
    only the colour held in greater number remains, reduced by the other."""
    r = check_count(red, "le nombre de bâtonnets rouges", C_PAIRS)
    b = check_count(blue, "le nombre de bâtonnets bleus", C_PAIRS)
    return unpaired(r, b)


def unpaired(red: int, blue: int) -> tuple[int, int]:
    """:func:`settle` on checked counts (the engine's own path)."""
    pairs = min(red, blue)
    return red - pairs, blue - pairs


def _scores(value: object, who: str) -> tuple[int, ...]:
    if not _sequence(value) or not all(is_int(s) and s >= 0 for s in value):  # type: ignore
        raise IllegalAction(f"Les scores {fr.of(who)} doivent être une liste de nombres de "
                            "bâtonnets (entiers positifs ou nuls), pas "
                            f"{shown(value)}.", C_MANCHE_END)
    return tuple(value)  # type: ignore[arg-type]


def clean_cancellation(scores: Sequence[int], cancelled: Sequence[int]) -> int | None:
    """The earlier manche that a stick-free manche cancels (``drahtseilakt/manche-propre``): the
    highest score among the earlier manches not yet cancelled (the first one on a tie), or
    ``None`` when no earlier manche scores anything."""
    checked = _scores(scores, "manche")
    if not _sequence(cancelled) or not all(is_int(k) and 0 <= k < len(checked)
                                           for k in cancelled):
        raise IllegalAction("Les manches déjà effacées se donnent par leur rang (0 pour la "
                            f"première), pas {shown(cancelled)}.", C_CLEAN)
    return _cancellation(checked, tuple(cancelled))


def _cancellation(scores: Sequence[int], cancelled: Sequence[int]) -> int | None:
    best: int | None = None
    for k, score in enumerate(scores):
        if k in cancelled or score <= 0:
            continue
        if best is None or score > scores[best]:
            best = k
    return best


def target(target: int | None, scores: Sequence[int]) -> tuple[int, int] | None:
    """The cancelled manche as (number from 1, its score), for event data."""
    return None if target is None else (target + 1, scores[target])


def final_totals(round_scores: Mapping[str, Sequence[int]]) -> Totals:
    """Each player's total from the scores of their manches, in order (``drahtseilakt/fin``).

    Each manche scored 0 cancels, when it ends, the highest earlier manche not yet cancelled
    (``drahtseilakt/manche-propre``); the total adds the manches left.
    """
    if not isinstance(round_scores, Mapping) or not round_scores:
        raise IllegalAction("Les scores se donnent comme une table joueur = [score de chaque "
                            f"manche], pas {shown(round_scores)}.", C_MANCHE_END)
    table = {check_name(p): _scores(s, str(p)) for p, s in round_scores.items()}
    if len({len(s) for s in table.values()}) != 1:
        raise IllegalAction("Chaque joueur a joué le même nombre de manches.", C_MANCHE_END)
    totals: dict[str, int] = {}
    cancelled: dict[str, tuple[int, ...]] = {}
    events: list[DrahtseilaktEvent] = []
    for seat, scores in table.items():
        gone: list[int] = []
        for k, score in enumerate(scores):
            if score == 0 and k > 0:
                found = _cancellation(scores[:k], gone)
                if found is not None:
                    gone.append(found)
                events.append(CleanManche(seat=seat, manche=k + 1,
                                          target=target(found, scores), clause=C_CLEAN))
        cancelled[seat] = tuple(gone)
        totals[seat] = sum(s for k, s in enumerate(scores) if k not in gone)
    events.append(Totalled(players=tuple(table), scores=tuple(table.values()),
                           cancelled=tuple(cancelled.values()), totals=tuple(totals.values()),
                           clause=C_END))
    return Totals(totals, cancelled, tuple(events))


def winners_of(totals: Mapping[str, int]) -> Outcome:
    """The lowest total wins (``drahtseilakt/vainqueur``); equal lowest totals share the win."""
    if not isinstance(totals, Mapping) or not totals:
        raise IllegalAction("Les totaux se donnent comme une table joueur = total, pas "
                            f"{shown(totals)}.", C_WINNER)
    checked = {check_name(p): check_count(t, f"le total {fr.of(str(p))}", C_WINNER)
               for p, t in totals.items()}
    return winners(checked)


def winners(totals: dict[str, int]) -> Outcome:
    """:func:`winners_of` on checked totals (the engine's own path)."""
    top, best = best_totals(totals, lowest=True)
    return Outcome(totals, top, _victory(top, best), C_WINNER)


@functools.lru_cache(maxsize=1024)
def _victory(top: tuple[str, ...], best: int) -> str:
    """Why ``top`` win with ``best`` points, in French (the same few sentences end every
    simulated game: written once)."""
    return fr.typography(fr.victory(top, fr.count(best, "point"), lowest=True))


def number_cards(variant: Variant, n: int) -> tuple[int, ...]:
    """The number cards in play: 1 to 50, or 1 to 9 x players
    (``drahtseilakt/variante-tactique``)."""
    if not isinstance(variant, Variant):
        raise IllegalAction(f"Variante illisible : {shown(variant)}.", C_TACTICAL)
    if not is_int(n) or not MIN_PLAYERS <= n <= MAX_PLAYERS:
        raise IllegalAction(f"Ce jeu se joue de {MIN_PLAYERS} à {MAX_PLAYERS} joueurs, pas "
                            f"{shown(n)}.", C_PLAYERS)
    return tuple(range(1, HAND_SIZE * n + 1)) if variant.deck == "tactical" else NUMBER_CARDS

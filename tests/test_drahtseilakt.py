"""Drahtseilakt: one test (or more) per clause, and every kind of bad input."""

from __future__ import annotations

from typing import get_args

import pytest

from tutor.engine import Event, IllegalAction, Refused, Won, event
from tutor.engine.core import Record
from tutor.games import drahtseilakt as d
from tutor.games.drahtseilakt import Play, Variant
from tutor.games.drahtseilakt import core as drahtseilakt_core
from tutor.games.drahtseilakt import engine as drahtseilakt_engine
from tutor.games.drahtseilakt import play as drahtseilakt_play
from tutor.games.drahtseilakt.core import (
    NUMBER_CARDS,
    SCORE_CARDS,
    ZERO_BLUE,
    ZERO_RED,
    clean_cancellation,
    final_totals,
    resolve_trick,
    reveal,
    settle,
    winners,
    winners_of,
)
from tutor.games.drahtseilakt.engine import dealer, deals, situation
from tutor.games.drahtseilakt.events import (
    CardsInPlay,
    Chose,
    CleanManche,
    Dealt,
    DoubleZero,
    DrahtseilaktEvent,
    Held,
    Leads,
    MancheEnds,
    MancheStarts,
    NoBlue,
    NoRed,
    PairsBack,
    Past,
    Played,
    PlayRefused,
    Reserve,
    ReserveShort,
    Revealed,
    ScoreCards,
    Seated,
    Shown,
    TakesBlue,
    TakesRed,
    Tokens,
    Totalled,
    TrickEnds,
    ZeroTurned,
)

NAMES = ("Alex", "Bea", "Carla")
NB = "\u202f"  # the narrow no-break space French typography puts before « : » and « ; »
DECK = (3, ZERO_BLUE, 4, 7, 1, ZERO_RED, 8, 2, 5, 6, 9)
HANDS = {
    "Alex": [10, 20, 30, 40, 50, 11, 21, 31, 41],
    "Bea": [1, 2, 3, 4, 5, 6, 7, 8, 9],
    "Carla": [12, 22, 32, 42, 13, 23, 33, 43, 49],
}


def table(**kw: object) -> d.State:
    options: dict[str, object] = {"hands": HANDS, "score_deck": DECK}
    options.update(kw)
    return situation(NAMES, **options)  # type: ignore[arg-type]


def play(state: d.State, *cards: tuple[str, int]) -> tuple[d.State, list[Event]]:
    events: list[Event] = []
    for seat, card in cards:
        state, evs = d.GAME.apply(state, Play(seat, card))
        events.extend(evs)
    return state, events


def kinds(events: list[Event]) -> list[type[Event]]:
    return [type(e) for e in events]


# --- material and set-up -----------------------------------------------------------------------


def test_score_cards_are_one_to_nine_and_two_zeros() -> None:
    assert SCORE_CARDS == (1, 2, 3, 4, 5, 6, 7, 8, 9, "0 bleu", "0 rouge")
    assert NUMBER_CARDS == tuple(range(1, 51))


@pytest.mark.parametrize("n", [3, 4, 5])
def test_new_game_deals_nine_cards_and_left_of_dealer_leads(n: int) -> None:
    s = d.GAME.new_game(list("ABCDE"[:n]), seed=4)
    assert [len(h) for h in s.hands] == [9] * n
    assert len({c for h in s.hands for c in h}) == 9 * n
    assert len(deals(s)) == n and dealer(s) == "A" and d.GAME.current_seats(s) == ("B",)
    seen = d.GAME.view(s, None)
    assert seen.unseen_count == 50 - 9 * n and seen.reserve == (25, 25)
    events = d.GAME.opening_events(s)
    assert [e.clause for e in events[4:7]] == ["drahtseilakt/manches", "drahtseilakt/donne",
                                                 "drahtseilakt/entame"]


@pytest.mark.parametrize("players", [("A", "B"), tuple("ABCDEF"), ("A", "A", "B")])
def test_bad_player_lists_are_refused(players: tuple[str, ...]) -> None:
    with pytest.raises(IllegalAction) as e:
        d.GAME.new_game(players, seed=1)
    assert e.value.clause == "drahtseilakt/joueurs"


def test_tactical_variant_deals_every_card_from_one_to_nine_times_players() -> None:
    s = d.GAME.new_game(list("ABCD"), seed=2, variant="tactique")
    assert sorted(c for h in s.hands for c in h) == list(range(1, 37))
    assert d.GAME.view(s, None).unseen_count == 0
    assert d.GAME.opening_events(s)[5].clause == "drahtseilakt/variante-tactique"


def test_unknown_variant_key_value_and_preset_are_refused() -> None:
    with pytest.raises(ValueError, match="Clés possibles\u202f: deck, play, supply, pairs"):
        d.GAME.new_game(NAMES, seed=1, variant={"paquet": "x"})
    with pytest.raises(ValueError, match="Valeurs possibles\u202f: finite, unlimited"):
        Variant(supply="beaucoup")  # type: ignore[arg-type]  # deliberately
    with pytest.raises(ValueError, match="tactique"):
        d.GAME.new_game(NAMES, seed=1, variant="inconnu")


def test_bad_records_are_refused() -> None:
    good = d.GAME.new_game(NAMES, seed=5).record
    with pytest.raises(IllegalAction) as e:
        d.GAME.new_game(NAMES, record=Record(good.shuffles[:4], good.setup))
    assert e.value.clause == "drahtseilakt/donne"
    with pytest.raises(IllegalAction) as e:
        d.GAME.new_game(NAMES, record=Record((*good.shuffles[:5], (1, 2, 3)), good.setup))
    assert e.value.clause == "drahtseilakt/cartes-score"
    with pytest.raises(ValueError, match="Premier donneur"):
        d.GAME.new_game(NAMES, record=Record(good.shuffles, (("first_dealer", 7),)))
    with pytest.raises(ValueError, match="graine"):
        d.GAME.new_game(NAMES)
    assert deals(d.GAME.new_game(NAMES, record=good))[0].cards == good.shuffles[0]


def test_dealer_rotates_left_each_manche() -> None:
    s = d.GAME.new_game(NAMES, seed=3)
    dealers = []
    while not d.GAME.is_over(s):
        if s.tricks == 0 and not s.trick:
            dealers.append(dealer(s))
            assert d.GAME.current_seats(s) == (NAMES[(NAMES.index(dealer(s)) + 1) % 3],)
        seat = d.GAME.current_seats(s)[0]
        s, _ = d.GAME.apply(s, d.GAME.legal_actions(s, seat)[0])
    assert dealers == ["Alex", "Bea", "Carla"]


# --- revealing score cards ---------------------------------------------------------------------


def test_reveal_a_plain_card() -> None:
    r = reveal((5, ZERO_RED, 2))
    assert (r.value, r.blue, r.red, r.revealed, r.rest) == (5, True, True, (5,), (ZERO_RED, 2))
    assert [e.clause for e in r.events] == ["drahtseilakt/revelation"]


@pytest.mark.parametrize(("zero", "blue", "red"), [(ZERO_BLUE, False, True),
                                                   (ZERO_RED, True, False)])
def test_a_zero_cancels_its_colour_and_chains(zero: str, blue: bool, red: bool) -> None:
    r = reveal((zero, 4, 9))
    assert (r.value, r.blue, r.red, r.revealed, r.rest) == (4, blue, red, (zero, 4), (9,))
    assert kinds(list(r.events)) == [ZeroTurned, Revealed]
    assert r.events[-1] == Revealed(stake=drahtseilakt_core.Stake(4, blue, red), cards=(zero, 4),
                                    clause="drahtseilakt/zero")


def test_two_zeros_in_a_row_cancel_each_other() -> None:
    r = reveal((ZERO_BLUE, ZERO_RED, 7, 1))
    assert (r.value, r.blue, r.red, r.revealed, r.rest) == (7, True, True,
                                                            (ZERO_BLUE, ZERO_RED, 7), (1,))
    assert [e.clause for e in r.events] == ["drahtseilakt/zero", "drahtseilakt/double-zero",
                                            "drahtseilakt/double-zero"]


@pytest.mark.parametrize("deck", [(), (ZERO_BLUE,), (ZERO_BLUE, ZERO_RED)])
def test_reveal_on_an_exhausted_deck_is_refused(deck: tuple[str, ...]) -> None:
    with pytest.raises(IllegalAction) as e:
        reveal(deck)
    assert e.value.clause == "drahtseilakt/revelation"


@pytest.mark.parametrize("deck", [(0,), (10,), (3, 3), ("0 vert",), (True,)])
def test_reveal_refuses_cards_that_do_not_exist(deck: tuple[object, ...]) -> None:
    with pytest.raises(IllegalAction) as e:
        reveal(deck)  # type: ignore[arg-type]
    assert e.value.clause == "drahtseilakt/cartes-score"


def test_revealed_score_cards_stay_visible_to_everyone() -> None:
    s, _ = play(table(), ("Alex", 50), ("Bea", 1), ("Carla", 12))
    seen = d.GAME.view(s, "Bea")
    assert seen.revealed == (3, ZERO_BLUE, 4) and seen.stake == drahtseilakt_core.Stake(4, False,
                                                                                        True)
    assert seen.score_deck is None and d.GAME.view(s, None).score_deck == DECK[3:]
    assert seen.played_this_manche == (50, 1, 12)  # face down, but everybody saw them


# --- playing a trick ---------------------------------------------------------------------------


def test_cards_are_played_in_turn_clockwise_and_face_up() -> None:
    s, events = play(table(leader="Bea"), ("Bea", 5))
    assert d.GAME.current_seats(s) == ("Carla",) and events[0].clause == "drahtseilakt/jouer"
    assert d.GAME.view(s, "Alex").trick == (("Bea", 5),)
    assert d.GAME.legal_actions(s, "Alex") == ()


def test_legal_actions_are_the_sorted_hand_of_the_player_to_play() -> None:
    s = table()
    assert [a.card for a in d.GAME.legal_actions(s, "Alex")] == sorted(HANDS["Alex"])


@pytest.mark.parametrize(
    ("action", "clause", "words"),
    [
        (Play("Bea", 5), "drahtseilakt/jouer", "Ce n’est pas le tour de Bea"),
        (Play("Alex", 5), "drahtseilakt/main", "n’a pas la carte 5"),
        (Play("Alex", 12.0), "drahtseilakt/cartes", "nombre entier"),  # type: ignore[arg-type]
        (Play("Alex", True), "drahtseilakt/cartes", "nombre entier"),
        (Play("Alex", "10"), "drahtseilakt/cartes", "nombre entier"),  # type: ignore[arg-type]
        (Play("Zoé", 10), "drahtseilakt/joueurs", "Aucun joueur ne s’appelle «\u202fZoé\u202f»"),
        ("Alex joue 10", "drahtseilakt/jouer", "Action inconnue"),
    ],
)
def test_illegal_actions_leave_the_state_unchanged(action: object, clause: str,
                                                   words: str) -> None:
    s = table()
    before = s
    with pytest.raises(IllegalAction) as e:
        d.GAME.apply(s, action)  # type: ignore[arg-type]
    assert e.value.clause == clause and words in e.value.reason
    assert s == before


def test_blue_to_highest_red_to_lowest_and_highest_leads_next() -> None:
    s, events = play(table(), ("Alex", 30), ("Bea", 9), ("Carla", 49))
    assert (s.blue, s.red) == ((0, 0, 3), (0, 3, 0))
    assert kinds(events)[-3:] == [TrickEnds, ZeroTurned, Revealed]
    assert TrickEnds(seat="Carla", plays=(("Alex", 30), ("Bea", 9), ("Carla", 49)), last=False,
                     clause="drahtseilakt/fin-de-pli") in events
    assert d.GAME.current_seats(s) == ("Carla",) and s.discard == (30, 9, 49)
    clauses = [e.clause for e in events]
    assert clauses.index("drahtseilakt/bleus") < clauses.index("drahtseilakt/rouges")
    assert "drahtseilakt/fin-de-pli" in clauses


def test_resolve_trick_pays_nothing_in_the_cancelled_colour() -> None:
    r = resolve_trick({"A": 7, "B": 28, "C": 36}, reveal((ZERO_BLUE, 4)))
    assert (r.highest, r.lowest, r.blue, r.red) == ("C", "A", 0, 4)
    assert kinds(list(r.events)) == [NoBlue, TakesRed]
    r = resolve_trick({"A": 7, "B": 28, "C": 36}, drahtseilakt_core.Stake(3, True, True))
    assert (r.highest, r.lowest, r.blue, r.red) == ("C", "A", 3, 3)


@pytest.mark.parametrize(
    ("plays", "clause"),
    [({"A": 1, "B": 2}, "drahtseilakt/joueurs"), ({"A": 1, "B": 1, "C": 3}, "drahtseilakt/cartes"),
     ({"A": 0, "B": 2, "C": 3}, "drahtseilakt/cartes"),
     ({"A": 51, "B": 2, "C": 3}, "drahtseilakt/cartes")],
)
def test_resolve_trick_refuses_impossible_tricks(plays: dict[str, int], clause: str) -> None:
    with pytest.raises(IllegalAction) as e:
        resolve_trick(plays, drahtseilakt_core.Stake(3, True, True))
    assert e.value.clause == clause


# --- sticks ------------------------------------------------------------------------------------


@pytest.mark.parametrize(("red", "blue", "left"),
                         [(5, 3, (2, 0)), (3, 5, (0, 2)), (4, 4, (0, 0)), (0, 6, (0, 6))])
def test_settle_gives_back_pairs(red: int, blue: int, left: tuple[int, int]) -> None:
    assert settle(red, blue) == left


def test_pairs_go_back_as_soon_as_a_player_holds_both_colours() -> None:
    s, events = play(table(red={"Carla": 5}), ("Alex", 30), ("Bea", 9), ("Carla", 49))
    assert (s.red[2], s.blue[2]) == (2, 0)
    pairs = next(e for e in events if isinstance(e, PairsBack))
    assert pairs == PairsBack(seat="Carla", pairs=3, red=2, blue=0, clause="drahtseilakt/paires")
    assert drahtseilakt_engine.reserve(s) == (25 - 2 - 3, 25)


def test_end_of_manche_reading_keeps_both_colours_until_the_count() -> None:
    s, events = play(table(red={"Carla": 5}, variant="paires-en-fin-de-manche"),
                     ("Alex", 30), ("Bea", 9), ("Carla", 49))
    assert (s.red[2], s.blue[2]) == (5, 3) and PairsBack not in kinds(events)


def test_a_short_reserve_gives_what_is_left() -> None:
    s, events = play(table(blue={"Carla": 24}), ("Alex", 30), ("Bea", 9), ("Carla", 49))
    assert s.blue[2] == 25 and drahtseilakt_engine.reserve(s) == (22, 0)
    short = next(e for e in events if isinstance(e, ReserveShort))
    assert short == ReserveShort(seat="Carla", colour="blue", wanted=3, got=1,
                                 clause="drahtseilakt/reserve-epuisee")
    s, events = play(table(blue={"Carla": 24}, variant="reserve-illimitee"),
                     ("Alex", 30), ("Bea", 9), ("Carla", 49))
    assert s.blue[2] == 27 and drahtseilakt_engine.reserve(s) == (22, 0)
    tokens = next(e for e in events if isinstance(e, Tokens))
    assert (tokens.colour, tokens.missing) == ("blue", 2)


def test_empty_reserve_gives_nothing() -> None:
    s, events = play(table(blue={"Carla": 20, "Alex": 5}), ("Alex", 30), ("Bea", 9),
                     ("Carla", 49))
    assert s.blue == (5, 0, 20)
    assert "ne reçoit rien" in d.GAME.describe(next(e for e in events
                                               if isinstance(e, ReserveShort)))


@pytest.mark.parametrize(
    ("kw", "clause"),
    [({"red": {"Alex": 2}, "blue": {"Alex": 1}}, "drahtseilakt/paires"),
     ({"blue": {"Alex": 20, "Bea": 6}}, "drahtseilakt/batonnets"),
     ({"red": {"Alex": -1}}, "drahtseilakt/batonnets"),
     ({"red": {"Zoé": 1}}, "drahtseilakt/joueurs"),
     ({"score_deck": DECK[:5]}, "drahtseilakt/cartes-score"),
     ({"hands": {**HANDS, "Bea": HANDS["Alex"]}}, "drahtseilakt/cartes"),
     ({"hands": {**HANDS, "Bea": [1, 2]}}, "drahtseilakt/donne"),
     ({"hands": {"Alex": HANDS["Alex"]}}, "drahtseilakt/joueurs")],
)
def test_impossible_situations_are_refused(kw: dict[str, object], clause: str) -> None:
    with pytest.raises(IllegalAction) as e:
        table(**kw)
    assert e.value.clause == clause


# --- end of manche and of the game ---------------------------------------------------------------


def test_clean_cancellation_picks_the_highest_earlier_manche_not_yet_cancelled() -> None:
    assert clean_cancellation([4, 7, 7], []) == 1
    assert clean_cancellation([4, 7, 7], [1]) == 2
    assert clean_cancellation([0, 0], []) is None
    assert clean_cancellation([], []) is None


def test_final_totals_apply_the_cancellation_in_order() -> None:
    t = final_totals({"A": [0, 5, 0, 3], "B": [2, 2, 2, 2]})
    assert t.totals == {"A": 3, "B": 8} and t.cancelled == {"A": (1,), "B": ()}
    assert kinds(list(t.events)) == [CleanManche, Totalled]  # no earlier manche for the first
    assert t.events == (
        CleanManche(seat="A", manche=3, target=(2, 5), clause="drahtseilakt/manche-propre"),
        Totalled(players=("A", "B"), scores=((0, 5, 0, 3), (2, 2, 2, 2)), cancelled=((1,), ()),
                 totals=(3, 8), clause="drahtseilakt/fin"))
    with pytest.raises(IllegalAction) as e:
        final_totals({"A": [-1]})
    assert e.value.clause == "drahtseilakt/fin-de-manche"


def test_lowest_total_wins_and_ties_share() -> None:
    assert winners_of({"A": 4, "B": 2, "C": 9}).winners == ("B",)
    assert winners_of({"A": 2, "B": 2, "C": 9}).winners == ("A", "B")


def test_a_whole_game_ends_with_scores_totals_and_a_winner() -> None:
    s = d.GAME.new_game(NAMES, seed=8)
    events: list[Event] = []
    while not d.GAME.is_over(s):
        seat = d.GAME.current_seats(s)[0]
        s, evs = d.GAME.apply(s, d.GAME.legal_actions(s, seat)[-1])
        events.extend(evs)
    assert [len(h) for h in s.history] == [3, 3, 3]
    assert kinds(events).count(MancheEnds) == 3 and kinds(events)[-2:] == [Totalled, Won]
    result = d.GAME.outcome(s)
    assert events[-1] == Won(outcome=result, clause="drahtseilakt/vainqueur")
    assert result.scores == drahtseilakt_play.totals(s)
    assert result.clause == "drahtseilakt/vainqueur"
    assert min(result.scores.values()) == result.scores[result.winners[0]]
    with pytest.raises(IllegalAction) as e:
        d.GAME.apply(s, Play("Alex", 1))
    assert e.value.clause == "drahtseilakt/fin"
    assert d.GAME.current_seats(s) == () and d.GAME.legal_actions(s, "Alex") == ()


def test_outcome_before_the_end_is_refused() -> None:
    with pytest.raises(IllegalAction) as e:
        d.GAME.outcome(table())
    assert e.value.clause == "drahtseilakt/fin"


def test_stick_free_manche_cancels_an_earlier_score_in_a_game() -> None:
    from tutor.games.drahtseilakt.engine import start_manche
    s = d.GAME.new_game(NAMES, seed=8)
    s = start_manche(s.variant, s.players, s.record, 0, 1, ((6,), (2,), (4,)), s.cancelled)
    events: list[Event] = []
    while s.manche == 1:
        seat = d.GAME.current_seats(s)[0]
        options = d.GAME.legal_actions(s, seat)
        s, evs = d.GAME.apply(s, options[len(options) // 2])
        events.extend(evs)
    end = next(e for e in events if isinstance(e, MancheEnds))
    assert end.players == NAMES and end.manche == 2
    for name, score in zip(end.players, end.scores, strict=True):
        k = NAMES.index(name)
        assert s.history[k][1] == score
        assert (s.cancelled[k] == (0,)) == (score == 0)


# --- chaotic variant ---------------------------------------------------------------------------


def test_chaotic_variant_hides_choices_until_everyone_has_chosen() -> None:
    s = table(variant="chaotique")
    assert d.GAME.current_seats(s) == NAMES
    s, events = play(s, ("Carla", 49))
    assert events[0].clause == "drahtseilakt/variante-chaotique"
    assert "49" not in d.GAME.describe(events[0])
    assert d.GAME.view(s, "Alex").trick == (("Carla", None),)
    assert d.GAME.view(s, "Carla").trick == (("Carla", 49),)
    assert d.GAME.current_seats(s) == ("Alex", "Bea")
    with pytest.raises(IllegalAction) as e:
        d.GAME.apply(s, Play("Carla", 12))
    assert e.value.clause == "drahtseilakt/variante-chaotique"
    s, events = play(s, ("Bea", 9), ("Alex", 30))
    assert Shown(plays=(("Carla", 49), ("Bea", 9), ("Alex", 30)),
                 clause="drahtseilakt/variante-chaotique") in events
    assert s.blue[2] == 3 and s.red[1] == 3


# --- descriptions --------------------------------------------------------------------------------


@event
class Mystery(Event):
    """An event no game emits."""


def test_describe_refuses_unknown_event_kinds() -> None:
    with pytest.raises(ValueError, match=f"Événement de Drahtseilakt inconnu : «{NB}Mystery{NB}»"):
        d.GAME.describe(Mystery(clause="drahtseilakt/jouer"))

ABC = ("Alex", "Béa", "Chloé")
TOLD: list[tuple[Event, str]] = [
    # every event class as the engine emits it (seeded games, worked examples, set-ups), and
    # its sentence in the journal as the string-and-dict events were told before typed events
    (Seated(players=ABC, clause="drahtseilakt/joueurs"),
     f"Joueurs, dans le sens des aiguilles d’une montre{NB}: Alex, Béa et Chloé."),
    (CardsInPlay(count=50, clause="drahtseilakt/cartes"),
     f"Cartes numérotées en jeu{NB}: de 1 à 50, chacune une seule fois."),
    (ScoreCards(cards=SCORE_CARDS, clause="drahtseilakt/cartes-score"),
     f"Onze cartes score{NB}: de 1 à 9, un 0 bleu et un 0 rouge."),
    (Reserve(each=25, red=25, blue=25, clause="drahtseilakt/batonnets"),
     "La réserve compte 25 bâtonnets rouges et 25 bâtonnets bleus."),
    (Reserve(each=25, red=23, blue=0, clause="drahtseilakt/batonnets"),
     f"Dans la réserve{NB}: 23 bâtonnets rouges et aucun bâtonnet bleu (25 de chaque couleur "
     f"au départ{NB}; les autres sont devant les joueurs)."),
    (Held(seat="Alex", red=2, blue=0, clause="drahtseilakt/batonnets"),
     f"Devant Alex, avant le premier coup{NB}: 2 bâtonnets rouges."),
    (Past(players=ABC, scores=((4, 0), (3, 0), (0, 5)), cancelled=((0,), (0,), ()),
          clause="drahtseilakt/fin-de-manche"),
     f"Manches déjà jouées{NB}: Alex 4 (effacé), 0 (total 0 point){NB}; Béa 3 (effacé), 0 "
     f"(total 0 point){NB}; Chloé 0, 5 (total 5 points)."),
    (MancheStarts(seat="Alex", manche=1, of=3, clause="drahtseilakt/manches"),
     f"Manche 1 sur 3{NB}: Alex donne les cartes."),
    (Dealt(seat="Alex", cards=50, unseen=23, clause="drahtseilakt/donne"),
     "Alex bat les cartes score en pioche face cachée et distribue 9 cartes numérotées à "
     f"chaque joueur{NB}; les 23 autres restent cachées pour cette manche."),
    (Dealt(seat="Alex", cards=27, unseen=0, clause="drahtseilakt/variante-tactique"),
     "Alex bat les cartes score en pioche face cachée et distribue 9 cartes numérotées à "
     f"chaque joueur{NB}: avec 27 cartes, toutes sont en jeu."),
    (Leads(seat="Béa", clause="drahtseilakt/entame"),
     "Béa, à gauche du donneur, entame le premier pli."),
    (ZeroTurned(card=ZERO_BLUE, colour="blue", clause="drahtseilakt/zero"),
     f"On retourne le 0 bleu{NB}: pas de bâtonnets bleus pour ce pli, et on retourne aussitôt "
     "la carte suivante."),
    (DoubleZero(cards=(ZERO_RED, ZERO_BLUE), clause="drahtseilakt/double-zero"),
     f"Deuxième 0 d’affilée{NB}: les deux 0 s’annulent et sont mis de côté{NB}; on retourne "
     "une troisième carte."),
    (Revealed(stake=drahtseilakt_core.Stake(7, True, True), cards=(7,),
              clause="drahtseilakt/revelation"),
     f"Carte score{NB}: 7{NB}; la plus forte carte prendra 7 bleus, la plus faible 7 rouges."),
    (Revealed(stake=drahtseilakt_core.Stake(4, False, True), cards=(ZERO_BLUE, 4),
              clause="drahtseilakt/zero"),
     f"Carte score{NB}: 4{NB}; seule la plus faible carte prendra 4 rouges."),
    (Played(seat="Béa", card=35, position=1, clause="drahtseilakt/jouer"),
     "Béa pose le 35 face visible."),
    (Chose(seat="Alex", card=37, clause="drahtseilakt/variante-chaotique"),
     "Alex choisit une carte en secret."),
    (Shown(plays=(("Alex", 37), ("Béa", 35), ("Chloé", 4)),
           clause="drahtseilakt/variante-chaotique"),
     f"Tout le monde révèle sa carte{NB}: Alex 37, Béa 35 et Chloé 4."),
    (TakesBlue(seat="Chloé", card=41, count=7, clause="drahtseilakt/bleus"),
     f"Chloé a la plus forte carte (41){NB}: 7 bâtonnets bleus."),
    (TakesRed(seat="Alex", card=1, count=7, clause="drahtseilakt/rouges"),
     f"Alex a la plus faible carte (1){NB}: 7 bâtonnets rouges."),
    (NoBlue(seat="Alex", card=29, clause="drahtseilakt/zero"),
     f"Alex a la plus forte carte (29), mais le 0 bleu{NB}: aucun bâtonnet bleu."),
    (NoRed(seat="Chloé", card=2, clause="drahtseilakt/zero"),
     f"Chloé a la plus faible carte (2), mais le 0 rouge{NB}: aucun bâtonnet rouge."),
    (ReserveShort(seat="Béa", colour="blue", wanted=9, got=5,
                  clause="drahtseilakt/reserve-epuisee"),
     f"La réserve n’a plus que 5 bâtonnets bleus{NB}: Béa n’en reçoit que 5 au lieu de 9."),
    (Tokens(seat="Béa", colour="blue", missing=4,
            clause="drahtseilakt/variante-reserve-illimitee"),
     f"La réserve manque de bâtonnets bleus{NB}: Béa reçoit 4 jetons à leur place."),
    (PairsBack(seat="Alex", pairs=5, red=2, blue=0, clause="drahtseilakt/paires"),
     "Alex rend 5 paires rouge + bleu à la réserve et garde 2 bâtonnets rouges."),
    (TrickEnds(seat="Chloé", plays=(("Béa", 35), ("Chloé", 41), ("Alex", 1)), last=False,
               clause="drahtseilakt/fin-de-pli"),
     f"Les cartes du pli sont défaussées face cachée{NB}; Chloé, qui a posé la plus forte, "
     "entame le pli suivant."),
    (MancheEnds(manche=1, players=ABC, red=(0, 0, 13), blue=(4, 6, 0), scores=(4, 6, 13),
                clause="drahtseilakt/fin-de-manche"),
     f"Fin de la manche 1{NB}: chaque joueur marque ses bâtonnets (Alex 4 points, Béa 6 points "
     "et Chloé 13 points), puis les rend à la réserve."),
    (CleanManche(seat="Alex", manche=3, target=(2, 17), clause="drahtseilakt/manche-propre"),
     f"Alex finit la 3e manche sans bâtonnet{NB}: le score d’Alex à la 2e manche (17 points) "
     "est effacé."),
    (Totalled(players=ABC, scores=((4, 12, 16), (6, 2, 15), (13, 9, 6)), cancelled=((), (), ()),
              totals=(32, 23, 28), clause="drahtseilakt/fin"),
     f"Totaux{NB}: Alex 32 points, Béa 23 points et Chloé 28 points."),
    (PlayRefused(seat="Béa", card=30, reason=f"Ce n’est pas le tour de Béa{NB}: c’est à Alex.",
                 clause="drahtseilakt/jouer"),
     f"Coup refusé. Ce n’est pas le tour de Béa{NB}: c’est à Alex."),
    (Won(outcome=winners({"Alex": 32, "Béa": 23, "Chloé": 28}),
         clause="drahtseilakt/vainqueur"),
     "Béa gagne avec le total le plus bas (23 points)."),
]


@pytest.mark.parametrize(("event", "said"), TOLD, ids=lambda v: type(v).__name__)
def test_every_event_is_told_as_before_typed_events(event: Event, said: str) -> None:
    assert d.GAME.describe(event) == said


def test_the_told_events_cover_every_class_the_engine_emits() -> None:
    emitted = set(get_args(DrahtseilaktEvent)) - {Refused}  # a refusal names its card
    assert {type(e) for e, _ in TOLD} == emitted


def test_actions_and_states_print_as_runnable_code() -> None:
    s = table()
    assert eval(repr(Play("Alex", 10)), {"Play": Play}) == Play("Alex", 10)
    assert "Stake(value=3, blue=True, red=True)" in repr(s)


@pytest.mark.parametrize("n", [3, 4, 5])
@pytest.mark.parametrize("variant", [None, "tactique", "chaotique"])
def test_view_counts_the_careful_player_reads(n: int, variant: str | None) -> None:
    # what View guarantees and the « Prudent » player counts on: the cards in play are 1 to
    # 9 x players + unseen_count, and a row's ``played`` is the card its player shows in the trick
    players = NAMES + ("Dario", "Léo")[:n - 3]
    s = d.GAME.new_game(players, seed=n, variant=variant)
    while not d.GAME.is_over(s):
        for seat in (*players, None):
            v = d.GAME.view(s, seat)
            assert v.cards_in_play() == tuple(range(1, 9 * n + v.unseen_count + 1))
            shown = dict(v.trick)
            assert [p.played for p in v.players] == [shown.get(p.name) for p in v.players]
        seat = d.GAME.current_seats(s)[0]
        s, _ = d.GAME.apply(s, d.GAME.legal_actions(s, seat)[0])

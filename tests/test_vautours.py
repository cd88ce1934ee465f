"""Stupides Vautours: one test (or more) per clause, and every kind of bad input."""

from __future__ import annotations

from typing import get_args

import pytest

from tutor.engine import Event, IllegalAction, Refused, Won
from tutor.engine.core import Record
from tutor.games import vautours as v
from tutor.games.vautours import Play, Variant
from tutor.games.vautours import engine as vautours_engine
from tutor.games.vautours import events as ev
from tutor.games.vautours.engine import resolve_round, situation
from tutor.games.vautours.score import final_result
from tutor.games.vautours.state import HAND, POINT_CARDS

ORDER = (6, -2, 7, 3, -5, 10, 1, -1, 9, 2, 8, -4, 4, -3, 5)


def fresh(players: tuple[str, ...] = ("Alex", "Carla"), **kw: object) -> v.State:
    return v.GAME.new_game(players, record=Record((ORDER,)), **kw)  # type: ignore[arg-type]


def play_round(state: v.State, **cards: int) -> tuple[v.State, list[Event]]:
    events: list[Event] = []
    for seat, card in cards.items():
        state, evs = v.GAME.apply(state, Play(seat, card))
        events.extend(evs)
    return state, events


def kinds(events: list[Event]) -> list[type[Event]]:
    return [type(e) for e in events]


# --- set-up ----------------------------------------------------------------------------------


def test_new_game_deals_full_hands_and_reveals_first_card() -> None:
    s = fresh(("Alex", "Carla", "Dario"))
    assert s.hands == (tuple(range(1, 16)),) * 3
    assert s.pile == (6,) and len(s.deck) == 14 and vautours_engine.manche(s) == 1
    assert v.GAME.current_seats(s) == ("Alex", "Carla", "Dario")
    assert [e.clause for e in v.GAME.opening_events(s)][-1] == "vautours/revelation"


def test_seed_gives_a_permutation_of_the_fifteen_point_cards() -> None:
    s = v.GAME.new_game(["A", "B"], seed=7)
    assert sorted(s.order) == sorted(POINT_CARDS) == [-5, -4, -3, -2, -1, *range(1, 11)]
    assert v.GAME.new_game(["A", "B"], seed=7).order == s.order


@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_two_to_five_players(n: int) -> None:
    assert len(fresh(tuple("ABCDE"[:n])).players) == n


@pytest.mark.parametrize("players", [("Solo",), ("A", "B", "C", "D", "E", "F"), ("A", "A")])
def test_bad_player_lists_are_refused(players: tuple[str, ...]) -> None:
    with pytest.raises(IllegalAction) as e:
        fresh(players)
    assert e.value.clause == "vautours/joueurs"


def test_unknown_variant_key_and_value_are_refused() -> None:
    with pytest.raises(ValueError, match="Clés possibles\u202f: ties, final_tiebreak, last_pile"):
        fresh(variant={"egalites": "x"})
    with pytest.raises(ValueError, match="Valeurs possibles\u202f: repeated, one_level"):
        Variant(ties="twice")  # type: ignore[arg-type]  # deliberately
    with pytest.raises(ValueError, match="standard"):
        fresh(variant="inconnu")


def test_bad_recorded_order_is_refused() -> None:
    with pytest.raises(IllegalAction) as e:
        v.GAME.new_game(["A", "B"], record=Record(((1, 2, 3),)))
    assert e.value.clause == "vautours/cartes-points"
    with pytest.raises(IllegalAction):
        v.GAME.new_game(["A", "B"], record=Record(((*ORDER[1:], 1.0),)))
    for bad in (Record(()), Record((ORDER, ORDER)), (ORDER,)):
        with pytest.raises(ValueError, match="enregistrement"):
            v.GAME.new_game(["A", "B"], record=bad)  # type: ignore[arg-type]
    with pytest.raises(ValueError):
        v.GAME.new_game(["A", "B"])  # neither seed nor record


# --- choosing a card -------------------------------------------------------------------------


def test_choices_stay_hidden_until_everyone_has_chosen() -> None:
    s, events = play_round(fresh(), Alex=12)
    assert events == [ev.Chosen(seat="Alex", card=12, clause="vautours/choix")]
    assert v.GAME.view(s, "Carla").players[0] == v.SeatView(
        name="Alex", has_chosen=True, chosen=None, hand=None, hand_size=15, top=None,
        played=(), taken=None, taken_count=0, score=None)
    assert v.GAME.view(s, "Alex").players[0].chosen == 12
    assert v.GAME.view(s, "Alex").players[0].hand == tuple(c for c in range(1, 16) if c != 12)
    assert s.hands == (tuple(c for c in range(1, 16) if c != 12), tuple(range(1, 16)))
    assert v.GAME.current_seats(s) == ("Carla",)
    assert v.GAME.legal_actions(s, "Alex") == ()


def test_legal_actions_are_sorted_plays_of_the_hand() -> None:
    s, _ = play_round(fresh(), Alex=3, Carla=4)
    acts = v.GAME.legal_actions(s, "Alex")
    assert [a.card for a in acts] == [c for c in range(1, 16) if c != 3]
    assert all(a.seat == "Alex" for a in acts)


@pytest.mark.parametrize(
    ("action", "clause", "words"),
    [
        (Play("Alex", 16), "vautours/cartes-de-jeu", "Alex n’a pas la carte 16"),
        (Play("Alex", "3"), "vautours/cartes-de-jeu",  # type: ignore[arg-type]
         "Alex n’a pas la carte «\u202f3\u202f»"),
        (Play("Zoé", 3), "vautours/joueurs", "Aucun joueur ne s’appelle «\u202fZoé\u202f»"),
        ("Alex joue 3", "vautours/choix", "Action inconnue"),
    ],
)
def test_illegal_actions_leave_the_state_unchanged(action: object, clause: str, words: str) -> None:
    s = fresh()
    before = s
    with pytest.raises(IllegalAction) as e:
        v.GAME.apply(s, action)  # type: ignore[arg-type]
    assert e.value.clause == clause and words in e.value.reason
    assert s == before


def test_second_play_in_the_same_manche_is_refused() -> None:
    s, _ = play_round(fresh(), Alex=9)
    with pytest.raises(IllegalAction) as e:
        v.GAME.apply(s, Play("Alex", 10))
    assert e.value.clause == "vautours/choix" and "déjà choisi" in e.value.reason


def test_a_card_already_played_is_no_longer_in_hand() -> None:
    s, _ = play_round(fresh(), Alex=9, Carla=2)
    with pytest.raises(IllegalAction) as e:
        v.GAME.apply(s, Play("Alex", 9))
    assert e.value.clause == "vautours/main"


# --- resolution --------------------------------------------------------------------------------


def test_suricate_goes_to_the_highest_card() -> None:
    r = resolve_round({"A": 3, "B": 11, "C": 7}, [5])
    assert (r.winner, r.mode, r.card) == ("B", "suricate", 11)
    assert [e.clause for e in r.events] == ["vautours/suricate", "vautours/suricate"]


def test_vautour_goes_to_the_lowest_card() -> None:
    r = resolve_round({"A": 3, "B": 11, "C": 7}, [-3])
    assert (r.winner, r.mode) == ("A", "vautour")


@pytest.mark.parametrize(
    ("plays", "pile", "winner", "cancelled"),
    [
        ({"A": 9, "B": 9, "C": 4}, [2], "C", (9,)),  # 3 players
        ({"A": 1, "B": 1, "C": 5, "D": 6}, [-1], "C", (1,)),  # 4 players, vautour
        ({"A": 15, "B": 15, "C": 14, "D": 14, "E": 1}, [10], "E", (15, 14)),  # 5 players, 2 levels
        ({"A": 2, "B": 2, "C": 3, "D": 3, "E": 3}, [-5], None, (2, 3)),  # 5 players, all tied
        ({"A": 7, "B": 7, "C": 7}, [4], None, (7,)),
    ],
)
def test_ties_cancel_repeatedly(
    plays: dict[str, int], pile: list[int], winner: str | None, cancelled: tuple[int, ...]
) -> None:
    r = resolve_round(plays, pile)
    assert r.winner == winner and tuple(x for x, _ in r.cancelled) == cancelled
    assert [e.clause for e in r.events].count("vautours/egalite") == len(cancelled)
    if winner is None:
        assert r.events[-1].clause == "vautours/sans-attribution"


def test_one_level_reading_stops_after_the_second_tie() -> None:
    plays = {"A": 15, "B": 15, "C": 14, "D": 14, "E": 1}
    r = resolve_round(plays, [10], "livret-suricate")
    assert r.winner is None and r.events[-1].clause == "vautours/variante-egalite-simple"
    r = resolve_round({"A": 15, "B": 15, "C": 14, "D": 2}, [10], "livret-suricate")
    assert r.winner == "C"


def test_sum_exactly_zero_plays_as_suricate() -> None:
    r = resolve_round({"A": 1, "B": 15}, [4, -4])
    assert (r.mode, r.total, r.winner) == ("suricate", 0, "B")
    assert r.events[0].clause == "vautours/somme"


@pytest.mark.parametrize(
    ("plays", "pile", "clause"),
    [
        ({"A": 1}, [3], "vautours/joueurs"),
        ({"A": 0, "B": 2}, [3], "vautours/main"),
        ({"A": 1, "B": 2}, [], "vautours/revelation"),
        ({"A": 1, "B": 2}, [0], "vautours/cartes-points"),
        ({"A": 1, "B": 2}, [3, 3], "vautours/cartes-points"),
    ],
)
def test_resolve_round_refuses_impossible_situations(
    plays: dict[str, int], pile: list[int], clause: str
) -> None:
    with pytest.raises(IllegalAction) as e:
        resolve_round(plays, pile)
    assert e.value.clause == clause


# --- manches in a game -------------------------------------------------------------------------


def test_winner_takes_the_pile_and_next_card_is_revealed() -> None:
    s, events = play_round(fresh(), Alex=12, Carla=4)
    assert s.taken == ((6,), ()) and s.pile == (-2,) and vautours_engine.manche(s) == 2
    assert s.played == ((12,), (4,))
    assert kinds(events) == [ev.Chosen, ev.Chosen, ev.Shown, ev.Staked, ev.PileWon, ev.Taken,
                             ev.Discarded, ev.Revealed]
    laid = (Play("Alex", 12), Play("Carla", 4))
    assert events[2:] == [
        ev.Shown(plays=laid, clause="vautours/devoilement"),
        ev.Staked(pile=(6,), total=6, mode="suricate", clause="vautours/suricate"),
        ev.PileWon(seat="Alex", card=12, pile=(6,), total=6, mode="suricate",
                   clause="vautours/suricate"),
        ev.Taken(seat="Alex", cards=(6,), clause="vautours/gain"),
        ev.Discarded(plays=laid, clause="vautours/fin-de-manche"),
        ev.Revealed(card=-2, pile=(-2,), manche=2, clause="vautours/revelation")]
    assert v.GAME.view(s, "Carla").players[0].top == 12


def test_carry_over_of_two_then_three_cards() -> None:
    s, events = play_round(fresh(), Alex=5, Carla=5)
    assert s.pile == (6, -2) and s.taken == ((), ())
    assert ev.NoWinner in kinds(events) and s.played == ((5,), (5,))
    s, _ = play_round(s, Alex=6, Carla=6)
    assert s.pile == (6, -2, 7)
    s, events = play_round(s, Alex=1, Carla=2)
    assert s.taken == ((), (6, -2, 7)) and s.pile == (3,)
    assert events[3] == ev.Staked(pile=(6, -2, 7), total=11, mode="suricate",
                                  clause="vautours/somme")


def test_negative_carried_pile_plays_as_vautour() -> None:
    s = v.GAME.new_game(["A", "B"],
                   record=Record(((-4, 2, *[c for c in POINT_CARDS if c not in (-4, 2)]),)))
    s, _ = play_round(s, A=8, B=8)
    s, events = play_round(s, A=3, B=9)
    assert s.taken == ((-4, 2), ()) and isinstance(events[3], ev.Staked)
    assert events[3].mode == "vautour"


def play_out(state: v.State, last: dict[str, int] | None = None) -> tuple[v.State, list[Event]]:
    """Play every manche with each player's lowest card (the last one as given)."""
    events: list[Event] = []
    while not v.GAME.is_over(state):
        if len(state.deck) == 0 and last is not None:
            state, evs = play_round(state, **last)
        else:
            state, evs = play_round(state, **{p: h[0] for p, h in zip(state.players, state.hands)})
        events.extend(evs)
    return state, events


def test_last_manche_tie_loses_the_pile() -> None:
    s = situation(["A", "B"], pile=[4], hands={"A": [7], "B": [7]})
    s, events = play_round(s, A=7, B=7)
    assert v.GAME.is_over(s) and s.lost == (4,)
    assert [e for e in events if isinstance(e, ev.PileLost)] == [
        ev.PileLost(pile=(4,), total=4, clause="vautours/derniere-manche")]
    assert v.GAME.outcome(s).scores == {"A": 0, "B": 0}


def test_last_manche_shared_variant_counts_for_tied_best() -> None:
    s = situation(["A", "B", "C"], pile=[-3], hands={"A": [2], "B": [2], "C": [9]},
                    variant={"last_pile": "shared"})
    # lowest is 2 (tied) then 9 is unique: C takes the vautour; no sharing needed
    s2, _ = play_round(s, A=2, B=2, C=9)
    assert s2.taken[2] == (-3,)
    s = situation(["A", "B"], pile=[-3], hands={"A": [2], "B": [2]},
                    variant={"last_pile": "shared"})
    s, events = play_round(s, A=2, B=2)
    assert v.GAME.outcome(s).scores == {"A": -3, "B": -3}
    assert ev.PileShared(pile=(-3,), total=-3, seats=("A", "B"),
                         clause="vautours/variante-pile-partagee") in events


def test_full_game_ends_after_fifteen_manches() -> None:
    s, events = play_out(fresh(("A", "B", "C")))
    assert v.GAME.is_over(s) and v.GAME.current_seats(s) == () and s.deck == () and s.pile == ()
    assert all(len(p) == 15 for p in s.played)
    assert kinds(events[-3:]) == [ev.Ended, ev.Counted, Won]
    end, count, won = events[-3:]
    assert isinstance(end, ev.Ended) and end.lost == s.lost
    assert isinstance(count, ev.Counted) and isinstance(won, Won)
    assert dict(count.scores) == won.outcome.scores == v.GAME.outcome(s).scores
    assert count.taken == tuple(zip(s.players, s.taken)) and won.clause == won.outcome.clause
    with pytest.raises(IllegalAction) as e:
        v.GAME.apply(s, Play("A", 1))
    assert e.value.clause == "vautours/fin"
    assert v.GAME.legal_actions(s, "A") == ()


def test_outcome_before_the_end_is_refused() -> None:
    with pytest.raises(IllegalAction) as e:
        v.GAME.outcome(fresh())
    assert e.value.clause == "vautours/fin"


# --- final scores ------------------------------------------------------------------------------


def test_highest_score_wins() -> None:
    o = final_result({"A": 3, "B": 9, "C": -1})
    assert o.winners == ("B",) and o.clause == "vautours/vainqueur"


def test_second_best_breaks_a_tie_at_the_top() -> None:
    o = final_result({"A": 9, "B": 9, "C": 4, "D": 1})
    assert o.winners == ("C",) and o.clause == "vautours/departage"


def test_second_best_shared_and_everyone_tied() -> None:
    assert final_result({"A": 9, "B": 9, "C": 4, "D": 4}).winners == ("C", "D")
    o = final_result({"A": 5, "B": 5})
    assert o.winners == ("A", "B") and "partagée" in o.reason


def test_highest_mouse_breaks_a_tie_in_the_alternative() -> None:
    taken = {"A": [10, -1], "B": [6, 3], "C": [2]}
    o = final_result({"A": 9, "B": 9, "C": 2}, taken, "livret-souris-alternative")
    assert o.winners == ("A",) and o.clause == "vautours/variante-departage-souris"
    o = final_result({"A": 0, "B": 0}, {"A": [], "B": []}, "livret-souris-alternative")
    assert o.winners == ("A", "B")


# --- views and situations --------------------------------------------------------------------


def test_teacher_view_shows_everything_player_view_hides_others() -> None:
    s, _ = play_round(fresh(), Alex=12, Carla=4)
    s, _ = play_round(s, Alex=3)
    teacher = v.GAME.view(s, None)
    assert teacher.deck == s.deck and teacher.players[0].chosen == 3
    carla = v.GAME.view(s, "Carla")
    assert carla.deck is None and carla.players[0].hand is None
    assert carla.players[1].hand == s.hands[1] and carla.me().name == "Carla"
    assert carla.revealed == ORDER[:2] and carla.players[0].played == (12,)
    assert carla.players[0].taken is None and carla.players[0].taken_count == 1


@pytest.mark.parametrize(
    ("kwargs", "clause"),
    [
        ({"pile": [], "hands": {"A": [1], "B": [2]}}, "vautours/revelation"),
        ({"pile": [3], "hands": {"A": [1, 2], "B": [2]}}, "vautours/main"),
        ({"pile": [3], "deck": [3], "hands": {"A": [1, 2], "B": [2, 4]}}, "vautours/cartes-points"),
        ({"pile": [3], "hands": {"A": [16], "B": [2]}}, "vautours/cartes-de-jeu"),
        ({"pile": [3], "hands": {"A": [1]}}, "vautours/joueurs"),
    ],
)
def test_situation_refuses_impossible_positions(kwargs: dict[str, object], clause: str) -> None:
    with pytest.raises(IllegalAction) as e:
        situation(["A", "B"], **kwargs)  # type: ignore[arg-type]
    assert e.value.clause == clause


# --- the two readings of ties (rules/vautours.fr.md, vautours/egalite) --------------------------


def test_the_two_tie_readings_differ_only_with_five_players() -> None:
    """Exhaustive over every multiset of cards played, both kinds of pile: the clause says the
    readings can only differ at five players (two tied pairs, then a single card)."""
    from itertools import combinations_with_replacement

    differ = set()
    for n in range(2, 6):
        names = ("A", "B", "C", "D", "E")[:n]
        for cards in combinations_with_replacement(HAND, n):
            plays = dict(zip(names, cards))
            for pile in ([3], [-3]):
                repeated = resolve_round(plays, pile).winner
                one_level = resolve_round(plays, pile, "livret-suricate").winner
                if repeated != one_level:
                    differ.add(n)
    assert differ == {5}


# --- the events in French ----------------------------------------------------------------------

NB = "\u202f"  # the narrow no-break space before « : » and inside « »
LAID = (Play("Alex", 9), Play("Léo", 9), Play("Carla", 2))
TOLD: list[tuple[Event, str]] = [
    (ev.Seated(players=("Alex", "Léo"), clause="vautours/joueurs"), f"Joueurs{NB}: Alex et Léo."),
    (ev.HandsDealt(hand=HAND, clause="vautours/cartes-de-jeu"),
     "Chaque joueur prend en main une série complète, de 1 à 15."),
    (ev.PointsListed(cards=POINT_CARDS, clause="vautours/cartes-points"),
     f"Quinze cartes Points{NB}: dix cartes Suricate (+1 à +10) et cinq cartes Vautour "
     "(−5 à −1)."),
    (ev.Shuffled(order=ORDER, clause="vautours/pioche"),
     "Les cartes Points sont battues et forment la pioche, face cachée."),
    (ev.Revealed(card=3, pile=(3,), manche=1, clause="vautours/revelation"),
     f"Manche 1{NB}: on révèle +3."),
    (ev.Revealed(card=-2, pile=(5, -2), manche=4, clause="vautours/revelation"),
     f"Manche 4{NB}: on révèle −2. Elle rejoint la pile en attente{NB}: +5 et −2, soit +3 en "
     "jeu."),
    (ev.Kept(seat="Léo", cards=(7, -4), clause="vautours/gain"),
     f"Devant Léo, avant le premier coup{NB}: +7 et −4 (total +3)."),
    (ev.Chosen(seat="Léo", card=12, clause="vautours/choix"), "Léo pose une carte face cachée."),
    (ev.Shown(plays=LAID, clause="vautours/devoilement"),
     f"Tout le monde révèle sa carte{NB}: Alex 9, Léo 9, Carla 2."),
    (ev.Staked(pile=(-3,), total=-3, mode="vautour", clause="vautours/vautour"),
     f"La carte −3 est une carte Vautour{NB}: la plus faible carte l’emporte."),
    (ev.Staked(pile=(5, -2), total=3, mode="suricate", clause="vautours/somme"),
     f"La pile +5 et −2 totalise +3{NB}: elle se joue comme une carte Suricate, la plus forte "
     "carte l’emporte."),
    (ev.Cancelled(value=9, seats=("Alex", "Léo"), clause="vautours/egalite"),
     f"Alex et Léo ont posé la même valeur, 9{NB}: ces cartes s’annulent et ne comptent plus."),
    (ev.PileWon(seat="Carla", card=2, pile=(5, -2), total=3, mode="suricate",
                clause="vautours/suricate"), "Carla remporte la pile (+5 et −2) avec le 2."),
    (ev.NoWinner(pile=(4,), total=4, mode="suricate", clause="vautours/sans-attribution"),
     f"Il ne reste aucune carte posée par un seul joueur{NB}: personne ne remporte la pile."),
    (ev.NoWinner(pile=(4,), total=4, mode="suricate",
                 clause="vautours/variante-egalite-simple"),
     f"La deuxième carte est encore à égalité{NB}: lue à la lettre, la règle du livret "
     f"«{NB}suricate{NB}» n’attribue pas la pile."),
    (ev.Taken(seat="Carla", cards=(5, -2), clause="vautours/gain"),
     "Carla garde +5 et −2, face cachée, jusqu’au décompte."),
    (ev.PileShared(pile=(-3,), total=-3, seats=("Alex", "Léo"),
                   clause="vautours/variante-pile-partagee"),
     f"Dernière manche sans gagnant{NB}: Alex et Léo comptent chacun −3 (pile partagée)."),
    (ev.PileLost(pile=(5, -2), total=3, clause="vautours/derniere-manche"),
     f"Dernière manche sans gagnant{NB}: la pile (+5 et −2) est perdue."),
    (ev.Discarded(plays=LAID, clause="vautours/fin-de-manche"),
     "Chacun pose la carte jouée sur sa pile ouverte, face visible."),
    (ev.Ended(lost=(4,), clause="vautours/fin"),
     f"C’était la dernière manche{NB}: la partie est finie."),
    (ev.Counted(scores=(("Alex", 5), ("Léo", -2)), taken=(("Alex", (7, -2)), ("Léo", (-2,))),
                clause="vautours/decompte"), f"Décompte{NB}: Alex +5, Léo −2."),
    (ev.RefusedPlay(seat="Alex", action=Play("Alex", 15),
                    reason="Alex n’a plus la carte 15 en main.", clause="vautours/main"),
     "Coup refusé. Alex n’a plus la carte 15 en main."),
    (Refused(seat="Alex", reason="La partie est terminée.", clause="vautours/fin"),
     "Coup refusé. La partie est terminée."),
    (Won(outcome=final_result({"Alex": 5, "Léo": -2}), clause="vautours/vainqueur"),
     "Alex gagne avec le total le plus haut (+5)."),
]


@pytest.mark.parametrize(("event", "sentence"), TOLD, ids=[type(e).__name__ for e, _ in TOLD])
def test_every_event_is_told_in_its_french_sentence(event: Event, sentence: str) -> None:
    assert v.GAME.describe(event) == sentence


def test_every_kind_of_event_has_its_sentence() -> None:
    assert set(get_args(ev.VautoursEvent)) == {type(e) for e, _ in TOLD}


def test_the_events_of_a_game_are_its_typed_events() -> None:
    state = fresh(("A", "B", "C"))
    events: list[Event] = list(v.GAME.opening_events(state))
    state, played = play_out(state)
    events += played
    told = set(kinds(events))
    assert told <= set(get_args(ev.VautoursEvent))  # (no tagged event, no stranger)
    assert {ev.Seated, ev.HandsDealt, ev.PointsListed, ev.Shuffled, ev.Revealed, ev.Chosen,
            ev.Shown, ev.Staked, ev.Discarded, ev.Ended, ev.Counted, Won} <= told

"""Vampir: one test (or more) per clause, and every kind of bad input."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from tutor import fr
from tutor.engine import IllegalAction, Won
from tutor.engine.core import Record
from tutor.games import vampir as v
from tutor.games.vampir import Draw, EndTurn, Hunt, Lay, Take, Variant, counts
from tutor.games.vampir import cards as vampir_cards
from tutor.games.vampir import events as ev
from tutor.games.vampir import hunts as vampir_hunts
from tutor.games.vampir.cards import (
    FULL_SET,
    JOKER,
    KINDS,
    LOCATIONS,
    SHUFFLED,
    Card,
    Vampire,
    card_text,
    sort_cards,
)
from tutor.games.vampir.hunts import (
    hunts_from,
    is_valid_hunt,
    rank_counts,
    score_heads,
    seat_points,
)
from tutor.games.vampir.state import situation

R1, R2 = Vampire("castle", 1), Vampire("castle", 2)
G1, G2 = Vampire("graveyard", 1), Vampire("graveyard", 2)
P1, P2 = Vampire("pub", 1), Vampire("pub", 2)
M1 = Vampire("madhouse", 1)
D1 = Vampire("docks", 1)
NAMES = ("Anke", "Bernd", "Chris")


def spot(**kw: object) -> v.State:
    """A position: Anke holds R1 R1 G1 JOKER, Bernd P1 P1 M1 D1, Chris G2 G2 D1 D1."""
    args: dict[str, object] = {
        "hands": {"Anke": [R1, R1, G1, JOKER], "Bernd": [P1, P1, M1, D1],
                  "Chris": [G2, G2, D1, D1]},
        "deck": [P2, JOKER, R2, G1, M1, D1],
    }
    args.update(kw)
    return situation(NAMES, **args)  # type: ignore[arg-type]


# --- material and set-up -----------------------------------------------------------------------


def test_material_counts_106_cards() -> None:
    assert len(FULL_SET) == 106 and FULL_SET.count(JOKER) == 10
    for loc in LOCATIONS:
        assert FULL_SET.count(Vampire(loc, 1)) == 11 and FULL_SET.count(Vampire(loc, 2)) == 5
    assert len(SHUFFLED) == 100 and SHUFFLED.count(R1) == 10


def test_cards_and_actions_repr_evaluate_back() -> None:
    ns = {**vars(v), **vars(vampir_cards)}  # the actions, and the cards they hold
    for obj in (R2, JOKER, Hunt("Anke", (R1, R1, JOKER)), Lay("Bernd", JOKER, "pub"),
                Take("Chris", "docks"), Draw("Anke")):
        assert eval(repr(obj), ns) == obj


def test_new_game_lays_starters_deals_four_and_starts_with_first_player() -> None:
    s = v.GAME.new_game(["A", "B", "C", "D"], seed=3)
    assert s.under == tuple((Vampire(loc, 1),) for loc in LOCATIONS)
    assert [len(h) for h in s.hands] == [4, 4, 4, 4] and len(s.deck) == 84
    assert v.GAME.current_seats(s) == ("A",) and s.phase == "turn" and s.manche == 1
    assert len(s.record.shuffles) == 3 and all(Counter(o) == Counter(SHUFFLED)
                                               for o in s.record.shuffles)
    assert s.record.option("first") == "A"
    clauses = [e.clause for e in v.GAME.opening_events(s)]
    assert clauses[0] == "vampir/joueurs" and "vampir/mise-en-place" in clauses
    assert clauses[-1] == "vampir/premier-joueur"
    started = v.GAME.new_game(["A", "B", "C"], seed=3, first="C")
    assert v.GAME.current_seats(started) == ("C",)
    assert v.GAME.new_game(["A", "B", "C"], record=started.record) == started


@pytest.mark.parametrize("players", [("A", "B"), ("A", "B", "C", "D", "E", "F"), ("A", "A", "B")])
def test_three_to_five_distinct_players(players: tuple[str, ...]) -> None:
    with pytest.raises(IllegalAction) as e:
        v.GAME.new_game(players, seed=1)
    assert e.value.clause == "vampir/joueurs"


def test_unknown_variant_keys_and_values_list_the_valid_ones() -> None:
    with pytest.raises(ValueError, match="Clés possibles\u202f: draw, take, joker_heads"):
        v.GAME.new_game(NAMES, seed=1, variant={"pioche": "x"})
    with pytest.raises(ValueError, match="Valeurs possibles\u202f: hand, drawn"):
        Variant(draw="main")  # type: ignore[arg-type]  # a value its type refuses
    with pytest.raises(ValueError, match="Valeurs possibles\u202f: 1, 2"):
        Variant(joker_heads=3)  # type: ignore[arg-type]  # a value its type refuses
    with pytest.raises(ValueError, match="standard"):
        v.GAME.new_game(NAMES, seed=1, variant="inconnu")


def test_bad_records_are_refused_in_french() -> None:
    good = v.GAME.new_game(NAMES, seed=1).record
    for bad in (Record((SHUFFLED[:-1],) * 3), Record((SHUFFLED,) * 2),
                Record((SHUFFLED,) * 3, (("first", "Zoé"),)), "record", None):
        with pytest.raises(ValueError, match=r"enregistr|Donnez"):
            v.GAME.new_game(NAMES, record=bad)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="premier joueur"):
        v.GAME.new_game(NAMES, record=good, first="Chris")
    for seed in ([1], 1.0, True, "1"):
        with pytest.raises(ValueError, match="graine"):
            v.GAME.new_game(NAMES, seed=seed)  # type: ignore[arg-type]


def test_situation_refuses_too_many_cards_of_a_kind() -> None:
    with pytest.raises(IllegalAction) as e:
        spot(hands={"Anke": [JOKER] * 11, "Bernd": [], "Chris": []})
    assert e.value.clause == "vampir/jokers" and "10" in e.value.reason


# --- the turn ----------------------------------------------------------------------------------


def test_turn_offers_draw_and_takes_with_a_possible_hunt() -> None:
    s = spot()
    # Anke: castle (R1 + her R1 R1) yes; graveyard (G1 + G1 + joker) yes; docks (D1 + joker) no
    assert v.GAME.legal_actions(s, "Anke") == (Draw("Anke"), Take("Anke", "castle"),
                                          Take("Anke", "graveyard"))
    assert v.GAME.legal_actions(s, "Bernd") == ()


def test_only_the_player_whose_turn_it_is_may_act() -> None:
    s = spot()
    with pytest.raises(IllegalAction) as e:
        v.GAME.apply(s, Draw("Bernd"))
    assert e.value.clause == "vampir/tour"
    assert e.value.reason == fr.typography("Ce n’est pas le tour de Bernd : c’est à Anke de jouer.")


def test_draw_puts_both_cards_in_hand_then_any_card_is_laid() -> None:
    s, events = v.GAME.apply(spot(), Draw("Anke"))
    assert s.hands[0] == sort_cards([R1, R1, G1, JOKER, P2, JOKER]) and s.phase == "drawn"
    assert [e.clause for e in events] == ["vampir/piocher"]
    lays = [a for a in v.GAME.legal_actions(s, "Anke") if isinstance(a, Lay)]
    assert Lay("Anke", R1, "castle") in lays and Lay("Anke", JOKER, "docks") in lays
    assert Lay("Anke", R1, "pub") not in lays
    s, events = v.GAME.apply(s, Lay("Anke", R1, "castle"))
    assert s.under[0] == (R1, R1) and v.GAME.current_seats(s) == ("Bernd",)
    assert [e.clause for e in events] == ["vampir/poser", "vampir/tour"]


def test_a_second_action_in_the_same_turn_is_refused() -> None:
    s, _ = v.GAME.apply(spot(), Draw("Anke"))
    with pytest.raises(IllegalAction) as e:
        v.GAME.apply(s, Draw("Anke"))
    assert e.value.clause == "vampir/tour" and "déjà choisi" in e.value.reason
    with pytest.raises(IllegalAction) as e:
        v.GAME.apply(spot(), Lay("Anke", R1, "castle"))
    assert e.value.clause == "vampir/tour" and "d’abord" in e.value.reason


TWO_HUNTS = {"hands": {"Anke": [R1, R2, G1, G2], "Bernd": [P1, P1, M1, D1],
                       "Chris": [G2, G2, D1, D1]}, "deck": [R1, G1, P2, JOKER, M1, D1]}
RED, GREEN = (R1, R1, R2), (G1, G1, G2)


def test_by_default_one_hunt_ends_the_turn_even_if_another_is_possible() -> None:
    s, _ = v.GAME.apply(spot(**TWO_HUNTS), Draw("Anke"))
    s, events = v.GAME.apply(s, Hunt("Anke", RED))
    assert events[-1].clause == "vampir/tour" and v.GAME.current_seats(s) == ("Bernd",)
    before = s
    with pytest.raises(IllegalAction) as e:
        v.GAME.apply(s, Hunt("Anke", GREEN))
    assert e.value.clause == "vampir/tour" and s == before
    with pytest.raises(IllegalAction) as e:
        v.GAME.apply(spot(), EndTurn("Anke"))
    assert e.value.clause == "vampir/tour" and "Passer n’est pas permis" in e.value.reason


def test_several_hunts_variant_keeps_the_turn_after_a_hunt_until_the_player_ends_it() -> None:
    s, _ = v.GAME.apply(spot(**TWO_HUNTS, variant="plusieurs-chasses"), Draw("Anke"))
    s, events = v.GAME.apply(s, Hunt("Anke", RED))
    assert [type(e) for e in events] == [ev.HuntShown, ev.MayHuntAgain]
    assert events[-1].clause == "vampir/variante-plusieurs-chasses"
    assert s.phase == "hunted" and v.GAME.current_seats(s) == ("Anke",)
    assert v.GAME.legal_actions(s, "Anke") == (Hunt("Anke", GREEN), EndTurn("Anke"))
    two, events = v.GAME.apply(s, Hunt("Anke", GREEN))  # the hand is empty: the turn passes
    assert two.displays[0][:2] == (RED, GREEN) and two.hands[0] == ()
    assert type(events[-1]) is ev.Turn and v.GAME.current_seats(two) == ("Bernd",)
    one, events = v.GAME.apply(s, EndTurn("Anke"))
    assert [type(e) for e in events] == [ev.TurnEnded, ev.Turn] and one.hands[0] == GREEN
    assert v.GAME.current_seats(one) == ("Bernd",)


def test_several_hunts_variant_refuses_a_lay_or_a_draw_after_a_hunt() -> None:
    s, _ = v.GAME.apply(spot(**TWO_HUNTS, variant="plusieurs-chasses"), Draw("Anke"))
    s, _ = v.GAME.apply(s, Hunt("Anke", RED))
    for action, words in ((Lay("Anke", G1, "graveyard"), "pas à poser une carte"),
                          (Draw("Anke"), "exposer une autre chasse ou finir son tour")):
        with pytest.raises(IllegalAction) as e:
            v.GAME.apply(s, action)
        assert e.value.clause == "vampir/variante-plusieurs-chasses" and words in e.value.reason
    with pytest.raises(IllegalAction) as e:
        v.GAME.apply(spot(variant="plusieurs-chasses"), EndTurn("Anke"))
    assert e.value.clause == "vampir/variante-plusieurs-chasses"


def test_several_hunts_variant_ends_the_turn_when_no_other_hunt_is_possible() -> None:
    s, _ = v.GAME.apply(spot(variant="plusieurs-chasses"), Draw("Anke"))
    s, events = v.GAME.apply(s, Hunt("Anke", (R1, R1, JOKER)))  # G1 JOKER P2 left: no hunt
    assert type(events[-1]) is ev.Turn and v.GAME.current_seats(s) == ("Bernd",)


def test_several_hunts_variant_keeps_hidden_cards_hidden_and_samples_a_hunted_turn() -> None:
    import random

    s, _ = v.GAME.apply(spot(**TWO_HUNTS, variant="plusieurs-chasses"), Draw("Anke"))
    s, _ = v.GAME.apply(s, Hunt("Anke", RED))
    seen = v.GAME.view(s, "Bernd")
    assert seen.pending == () and seen.player("Anke").hand is None
    sample = v.GAME.sample_state(seen, random.Random(0))
    assert sample.phase == "hunted" and v.GAME.view(sample, "Bernd") == seen


@pytest.mark.parametrize(
    ("action", "clause", "words"),
    [
        (Lay("Anke", R1, "graveyard"), "vampir/poser", "sous le Château (rouge)"),
        (Lay("Anke", M1, "madhouse"), "vampir/poser", "n’a pas de vampire violet"),
        (Lay("Anke", R1, "atlantis"), "vampir/lieux", "Lieu inconnu"),
        (Hunt("Anke", (R1, G1, JOKER)), "vampir/chasse", "une seule couleur"),
        (Hunt("Anke", (R1, R1)), "vampir/chasse", "au moins 3 cartes"),
        (Hunt("Anke", (JOKER, JOKER, JOKER)), "vampir/chasse", "uniquement de jokers"),
        (Hunt("Anke", (R1, R1, R1, R1)), "vampir/chasse", "un vampire rouge à 1 tête manque"),
        (Hunt("Anke", ("castle", 1)), "vampir/chasse", "n’est pas une carte"),  # type: ignore[arg-type]
        (Lay("Anke", R1, 1.0), "vampir/lieux", "Lieu inconnu « 1.0 »"),  # type: ignore[arg-type]
        ("Anke pioche", "vampir/tour", "Action inconnue"),
        (Draw("Zoé"), "vampir/joueurs", "Aucun joueur ne s’appelle « Zoé »"),
    ],
)
def test_illegal_actions_leave_the_state_unchanged(action: object, clause: str, words: str) -> None:
    s, _ = v.GAME.apply(spot(), Draw("Anke"))
    before = s
    with pytest.raises(IllegalAction) as e:
        v.GAME.apply(s, action)  # type: ignore[arg-type]
    assert e.value.clause == clause and fr.typography(words) in e.value.reason
    assert s == before


def test_a_hunt_in_any_card_order_is_accepted() -> None:
    s, _ = v.GAME.apply(spot(), Draw("Anke"))
    s, events = v.GAME.apply(s, Hunt("Anke", (JOKER, R1, R1)))
    assert s.displays[0][0] == (R1, R1, JOKER)
    assert [type(e) for e in events] == [ev.HuntShown, ev.Turn]
    assert events[0] == ev.HuntShown(seat="Anke", location="castle", cards=(R1, R1, JOKER),
                                      heads=3, clause="vampir/chasse")


def test_take_moves_the_cards_and_requires_a_hunt_containing_them() -> None:
    s, events = v.GAME.apply(spot(), Take("Anke", "castle"))
    assert s.under[0] == () and s.phase == "taken" and s.pending == (R1,)
    assert events[0].clause == "vampir/recuperer"
    hunts = v.GAME.legal_actions(s, "Anke")
    assert hunts and all(isinstance(a, Hunt) and a.cards.count(R1) >= 1 for a in hunts)
    assert Hunt("Anke", (R1, R1, R1)) in hunts and Hunt("Anke", (R1, R1, JOKER)) in hunts
    with pytest.raises(IllegalAction) as e:
        v.GAME.apply(s, Hunt("Anke", (G1, G1, JOKER)))  # only one G1 in hand: not legal anyway
    assert e.value.clause in ("vampir/chasse", "vampir/recuperer")
    with pytest.raises(IllegalAction) as e:
        v.GAME.apply(s, Lay("Anke", G1, "graveyard"))
    assert e.value.clause == "vampir/recuperer"


def test_taking_an_empty_location_or_one_without_hunt_is_refused() -> None:
    s = spot(under={"docks": []})
    with pytest.raises(IllegalAction) as e:
        v.GAME.apply(s, Take("Anke", "docks"))
    assert e.value.clause == "vampir/recuperer" and "aucune carte" in e.value.reason
    with pytest.raises(IllegalAction) as e:
        v.GAME.apply(spot(), Take("Anke", "madhouse"))
    assert e.value.clause == "vampir/recuperer" and "aucune chasse" in e.value.reason


def test_free_take_keeps_the_cards_in_hand_when_no_hunt_can_follow() -> None:
    s = spot(variant="recuperation-libre")
    assert Take("Anke", "madhouse") in v.GAME.legal_actions(s, "Anke")
    s, events = v.GAME.apply(s, Take("Anke", "madhouse"))
    assert M1 in s.hands[0] and v.GAME.current_seats(s) == ("Bernd",)
    assert "vampir/variante-recuperation-libre" in [e.clause for e in events]


def test_a_location_of_jokers_only_can_be_taken_for_any_colour() -> None:
    s = spot(under={"pub": [JOKER, JOKER]})
    assert Take("Anke", "pub") in v.GAME.legal_actions(s, "Anke")
    s, _ = v.GAME.apply(s, Take("Anke", "pub"))
    hunts = v.GAME.legal_actions(s, "Anke")
    assert {next(c.location for c in h.cards if isinstance(c, Vampire))  # type: ignore[union-attr]
            for h in hunts} == {"castle", "graveyard"}
    assert all(h.cards.count(JOKER) >= 2 for h in hunts)  # type: ignore[union-attr]


def test_the_rules_on_counts_agree_with_the_hunts_listed() -> None:
    """The rules on counts (:mod:`tutor.games.vampir.counts`: a take is legal, the hunts a hand
    may show, with the cards just taken or not, in the legal order, and their heads) say what
    listing every hunt of the cards says."""
    rng = random.Random(3)

    def listed(found: list[counts.Counts], jh: int) -> list[tuple[Card, ...]]:
        out = []
        for colour in found:
            for option in counts.options(colour, jh):
                cards = tuple(KINDS[r] for r in option[5])
                assert option == counts.option(cards, jh)
                assert option[4] == sum(c.heads if isinstance(c, Vampire) else jh
                                        for c in cards)
                out.append(cards)
        return out

    for _ in range(3000):
        hand = tuple(sorted(rng.choice(KINDS) for _ in range(rng.randint(0, 12))))
        # a location's pile: vampires of its colour (one or two heads) and jokers
        piles = [tuple(sorted(rng.choice((KINDS[2 * k], KINDS[2 * k + 1], JOKER))
                              for _ in range(rng.randint(0, 4)))) for k in range(6)]
        table = [counts.pile(pile) for pile in piles]
        held = rank_counts(hand)
        jh = rng.choice((1, 2))
        assert counts.takes(held, table, False) == [
            k for k, pile in enumerate(piles) if pile and hunts_from(hand + pile, pile)]
        assert counts.takes(held, table, True) == [k for k, pile in enumerate(piles) if pile]
        assert listed(counts.colours(held, counts.NOTHING, False), jh) == list(hunts_from(hand))
        for pile in piles:  # what taking each location opens: before the take, then after
            hunts = list(hunts_from(tuple(sorted(hand + pile)), pile))
            need = counts.required(pile)
            assert listed(counts.colours(held, need, True), jh) == hunts
            assert listed(counts.colours(rank_counts(hand + pile), need, False), jh) == hunts


def test_other_draw_reading_lays_one_of_the_drawn_cards() -> None:
    s, _ = v.GAME.apply(spot(variant="pioche-autre-carte"), Draw("Anke"))
    lays = [a for a in v.GAME.legal_actions(s, "Anke") if isinstance(a, Lay)]
    assert {a.card for a in lays} == {P2, JOKER}
    with pytest.raises(IllegalAction) as e:
        v.GAME.apply(s, Lay("Anke", R1, "castle"))
    assert e.value.clause == "vampir/variante-pioche-autre-carte"


# --- hunts -------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("cards", "ok", "location", "heads"),
    [
        ((R1, R2, R1), True, "castle", 4),
        ((G2, JOKER, JOKER), True, "graveyard", 4),
        ((P1, P1, P1, P2, JOKER), True, "pub", 6),
        ((JOKER, JOKER, JOKER), False, None, 3),
        ((R1, G1, JOKER), False, None, 3),
        ((D1, D1), False, "docks", 2),
        ((), False, None, 0),
        ([R1, R1, R1], True, "castle", 3),
    ],
)
def test_is_valid_hunt_with_its_reason(cards: tuple[vampir_cards.Card, ...], ok: bool,
                                       location: str | None, heads: int) -> None:
    check = is_valid_hunt(cards)
    assert bool(check) is ok and check.location == location and check.heads == heads
    assert check.reason and check.clause == "vampir/chasse"


def test_joker_heads_variant_changes_hunt_heads() -> None:
    assert is_valid_hunt((G1, JOKER, JOKER), "joker-deux-tetes").heads == 5


def test_a_new_hunt_of_a_colour_replaces_the_old_one() -> None:
    s = spot(displays={"Anke": {"castle": [R2, R2, R1]}},
             hands={"Anke": [R1, R1, G1, JOKER], "Bernd": [P1], "Chris": [G2]})
    s, _ = v.GAME.apply(s, Draw("Anke"))
    removed_before = len(s.removed)
    s, events = v.GAME.apply(s, Hunt("Anke", (R1, R1, JOKER)))
    assert s.displays[0][0] == (R1, R1, JOKER) and len(s.removed) == removed_before + 3
    assert [e.clause for e in events][:2] == ["vampir/chasse-exposee", "vampir/chasse"]


# --- end of the manche and scoring -------------------------------------------------------------


def test_drawing_the_last_card_ends_the_manche_at_once() -> None:
    s = spot(deck=[P2])
    s, events = v.GAME.apply(s, Draw("Anke"))
    assert v.GAME.is_over(s) and s.hands == ((), (), ()) and v.GAME.current_seats(s) == ()
    kinds = [type(e) for e in events]
    assert kinds[:3] == [ev.Drew, ev.MancheEnded, ev.HandsDiscarded] and kinds[-1] is Won
    assert events[1] == ev.MancheEnded(seat="Anke", reason="deck", manche=1,
                                       clause="vampir/fin-pioche")
    assert events[1].clause == "vampir/fin-pioche"
    with pytest.raises(IllegalAction) as e:
        v.GAME.apply(s, Draw("Bernd"))
    assert e.value.clause == "vampir/vainqueur"


def test_showing_all_six_colours_ends_the_manche() -> None:
    five = {loc: [Vampire(loc, 1)] * 3 for loc in LOCATIONS[:5]}
    s = spot(displays={"Anke": five}, hands={"Anke": [P1, P1, P2], "Bernd": [], "Chris": []})
    s, _ = v.GAME.apply(s, Draw("Anke"))
    s, events = v.GAME.apply(s, Hunt("Anke", (P1, P1, P2)))
    assert v.GAME.is_over(s)
    assert "vampir/fin-six-couleurs" in [e.clause for e in events]
    assert v.GAME.outcome(s).scores == {"Anke": 19, "Bernd": 0, "Chris": 0}


def test_scoring_fewest_discard_ties_all_discard_absent_keeps() -> None:
    r = vampir_hunts.score({"A": [(G1, G1, G1)], "B": [(G2, G1, G1)], "C": [(G2, G2, G1)]})
    assert r.points == {"A": 0, "B": 4, "C": 5}
    assert r.colours[0].discard == ("A",) and r.colours[0].clause == "vampir/decompte-par-couleur"
    r = vampir_hunts.score({"A": [(G1, G1, G1)], "B": [(G1, G1, JOKER)], "C": [(G2, G2, G1)]})
    assert r.colours[0].discard == ("A", "B") and r.colours[0].clause == \
        "vampir/egalite-des-plus-faibles"
    r = vampir_hunts.score({"A": [(G1, G1, G1)], "B": [(G2, G2, G2)], "C": [(R1, R1, R1)]})
    assert r.points == {"A": 3, "B": 6, "C": 3}
    assert {c.clause for c in r.colours} == {"vampir/couleur-absente"}
    assert r.events[-1].clause == "vampir/points"


def test_score_refuses_invalid_or_duplicate_hunts() -> None:
    with pytest.raises(IllegalAction) as e:
        vampir_hunts.score({"A": [(G1, G1)]})
    assert e.value.clause == "vampir/chasse"
    with pytest.raises(IllegalAction) as e:
        vampir_hunts.score({"A": [(G1, G1, G1), (G2, G1, G1)]})
    assert e.value.clause == "vampir/chasse-exposee"
    bad: object
    for bad in ({1: [(G1, G1, G1)]}, {"A": (G1, G1, G1)}, {"A": [("castle", 1)] * 3}, [],
                {"A": [[G1, G1, "joker"]]}, {"A": "x"}, None, {}):
        with pytest.raises(IllegalAction):
            vampir_hunts.score(bad)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="Variante"):
        vampir_hunts.score({"A": [(G1, G1, G1)]}, {1: "x"})  # type: ignore[dict-item]
    assert e.value.clause == "vampir/chasse-exposee"


def test_three_manches_add_up_and_rotate_the_start_player() -> None:
    s = v.GAME.new_game(NAMES, seed=5)
    manches = []
    while not v.GAME.is_over(s):
        seat = v.GAME.current_seats(s)[0]
        before = s.manche
        s, events = v.GAME.apply(s, v.GAME.legal_actions(s,
                                                         seat)[0])  # always draw: the deck runs out
        if s.manche != before:
            manches.append(events)
            assert v.GAME.current_seats(s) == (NAMES[s.manche - 1],)
            assert any(e.clause == "vampir/trois-manches" for e in events)
    assert len(s.results) == 3 and len(manches) == 2
    out = v.GAME.outcome(s)
    assert out.scores == {p: sum(r[k] for r in s.results) for k, p in enumerate(NAMES)}
    assert out.clause == "vampir/trois-manches" and out.reason.startswith("Après 3 manches")
    assert v.GAME.replay(NAMES, s.record, []) == v.GAME.new_game(NAMES, seed=5)


def test_single_manche_variant_ends_after_one_manche() -> None:
    s = v.GAME.new_game(NAMES, seed=5, variant="manche-unique")
    assert v.GAME.opening_events(s)[1].clause == "vampir/variante-manche-unique"
    while not v.GAME.is_over(s):
        seat = v.GAME.current_seats(s)[0]
        s, _ = v.GAME.apply(s, v.GAME.legal_actions(s, seat)[0])  # draw, then lay
    assert len(s.results) == 1 and v.GAME.outcome(s).clause == "vampir/vainqueur"


def test_ties_for_the_best_total_share_the_victory() -> None:
    s = spot(deck=[P2])
    s, _ = v.GAME.apply(s, Draw("Anke"))
    out = v.GAME.outcome(s)
    assert out.winners == NAMES and out.reason == fr.typography(
        "Anke, Bernd et Chris partagent la victoire avec le total le plus haut (0 point).")


def test_outcome_before_the_end_is_refused() -> None:
    with pytest.raises(IllegalAction) as e:
        v.GAME.outcome(spot())
    assert e.value.clause == "vampir/vainqueur"


# --- views -------------------------------------------------------------------------------------


def test_views_hide_other_hands_and_the_deck() -> None:
    s, _ = v.GAME.apply(spot(), Draw("Anke"))
    bernd = v.GAME.view(s, "Bernd")
    assert bernd.players[0].hand is None and bernd.players[0].hand_size == 6
    assert bernd.deck is None and bernd.pending is None and bernd.removed is None
    assert bernd.players[1].hand == s.hands[1] and bernd.me == bernd.players[1]
    anke = v.GAME.view(s, "Anke")
    assert anke.pending == (P2, JOKER)
    teacher = v.GAME.view(s, None)
    assert teacher.deck == s.deck and teacher.cards_under("castle") == (R1,)
    taken, _ = v.GAME.apply(spot(), Take("Anke", "castle"))
    assert v.GAME.view(taken, "Chris").pending == (R1,)  # cards taken from a location are public


# --- French ------------------------------------------------------------------------------------


def test_every_event_class_is_emitted_and_told_by_a_sentence_of_its_own() -> None:
    """The union :data:`ev.VampirEvent` is closed and complete: random games of every reading
    and the worked examples emit each of its classes and nothing else, and the phrasebook tells
    each by its own entry. Their fields hold no mapping: they hash."""
    import typing

    from tests.contract import played_events

    union = set(typing.get_args(ev.VampirEvent))
    seen: set[type] = set()
    for events in played_events(v.GAME, NAMES, random.Random(4)):
        for event in events:
            assert type(event) in union, event
            assert v.GAME.describe(event).strip()
            if not isinstance(event, Won):  # immutable all through (an outcome holds a mapping)
                hash(event)
        seen.update(type(e) for e in events)
    assert seen == union
    assert union <= set(v.GAME.PHRASES.sentences)  # not told by a base class's sentence


def test_typed_events_are_told_in_the_same_words() -> None:
    """The sentences typed events are told in (the same as when events were tags and data)."""
    assert v.GAME.describe(ev.Totals(manche=2, totals=(("Anke", 12), ("Bernd", 1)),
                                clause="vampir/trois-manches")) == fr.typography(
        "Après la manche 2, totaux : Anke 12 points, Bernd 1 point.")
    assert v.GAME.describe(ev.HandsDiscarded(hands=(("Anke", (R1, G1)), ("Bernd", (P1,))),
                                        clause="vampir/defausse-des-mains")) == fr.typography(
        "Les mains sont défaussées (3 cartes) : elles ne comptent pas.")
    assert v.GAME.describe(ev.Dealt(hand=4, deck=88, players=3, clause="vampir/distribution")) == (
        fr.typography("On bat les 100 autres cartes ; chaque joueur en reçoit 4, les 88 "
                      "restantes forment la pioche face cachée."))
    assert v.GAME.describe(ev.MancheEnded(seat="Anke", reason="six", manche=1,
                                     clause="vampir/fin-six-couleurs")) == fr.typography(
        "Anke montre des chasses des six couleurs : la manche s’arrête aussitôt.")
    assert v.GAME.describe(ev.Kept(seat="Bernd", cards=(R1,), clause="vampir/variante-recuperation-"
                              "libre")) == fr.typography(
        "Aucune chasse n’est possible : Bernd garde simplement les cartes récupérées en main.")
    check = is_valid_hunt((R1, R1))
    assert v.GAME.describe(ev.HuntChecked(cards=(R1, R1), check=check, clause=check.clause)) == (
        check.reason)
    s, _ = v.GAME.apply(spot(deck=[P2]), Draw("Anke"))
    won = Won(outcome=v.GAME.outcome(s), clause="vampir/vainqueur")
    assert v.GAME.describe(won) == fr.capitalize(v.GAME.outcome(s).reason)


def test_french_sentences_elide_agree_and_never_use_a_pronoun_for_a_player() -> None:
    assert v.GAME.describe(ev.Turn(seat="Anke", clause="vampir/tour")) == "C’est au tour d’Anke."
    assert v.GAME.describe(ev.Turn(seat="Bernd", clause="vampir/tour")) == "C’est au tour de Bernd."
    _, events = v.GAME.apply(spot(), Draw("Anke"))
    assert v.GAME.describe(events[0]) == "Anke pioche 2 cartes (4 cartes dans la pioche)."
    _, events = v.GAME.apply(spot(deck=[P2]), Draw("Anke"))
    assert v.GAME.describe(events[0]) == "Anke pioche 1 carte (la pioche est vide)."
    tie = vampir_hunts.score({"Anke": [(G1, G1, G1)], "Bernd": [(G1, G1, JOKER)],
                              "Chris": [(G2, G2, G1)]})
    text = v.GAME.describe(tie.events[0])
    assert "Anke et Bernd défaussent" in text and " ils " not in text
    assert v.GAME.describe(tie.events[-1]) == fr.typography(
        "Points de la manche : Anke 0 point, Bernd 0 point, Chris 5 points.")
    assert card_text(R2) == "vampire rouge à 2 têtes" and card_text(R1, 3) == \
        "3 vampires rouges à 1 tête"
    for sentence in (v.GAME.describe(e) for e in events):
        assert " il " not in sentence and " elle " not in sentence and "'" not in sentence


def test_seat_points_score_plain_rows_as_the_scoring_does() -> None:
    # a hint's playouts score rows of heads (0: no hunt of that colour shown)
    rng = random.Random(11)
    for _ in range(400):
        n = rng.randint(1, 5)
        rows = [[rng.choice((0, 0, 3, 3, 4, 5, 6, 9)) for _ in LOCATIONS] for _ in range(n)]
        names = [f"J{k}" for k in range(n)]
        table = {p: {loc: h for loc, h in zip(LOCATIONS, row, strict=True) if h}
                 for p, row in zip(names, rows, strict=True)}
        assert seat_points(rows) == [score_heads(table).points[p] for p in names]
    # the rules' own cases: the fewest discard, all of them on a tie, nobody if one shows none
    assert seat_points([[4, 0, 0, 0, 0, 0], [3, 0, 0, 0, 0, 0], [5, 0, 0, 0, 0, 0]]) == [4, 0, 5]
    assert seat_points([[3, 0, 0, 0, 0, 0], [3, 0, 0, 0, 0, 0], [5, 0, 0, 0, 0, 0]]) == [0, 0, 5]
    assert seat_points([[3, 0, 0, 0, 0, 0], [7, 0, 0, 0, 0, 0], [0, 0, 0, 0, 0, 3]]) == [3, 7, 3]

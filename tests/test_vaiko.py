"""Vaiko: the deck file, one test (or more) per clause, and every kind of bad input."""

from __future__ import annotations

from pathlib import Path

import pytest

from tutor import fr, rules
from tutor.engine import Event, IllegalAction
from tutor.engine.examples import ExampleError
from tutor.games import vaiko as v
from tutor.games.vaiko import events as ve
from tutor.games.vaiko import setup as vaiko_setup
from tutor.games.vaiko.deck import DECK_FILE, EFFECTS, DeckError, deck_path, load_deck
from tutor.games.vaiko.scoring import is_game_over, score_round, winners
from tutor.games.vaiko.state import CALL, DRAW, EXCHANGE, MATCH, PEEK, VISION
from tutor.games.vaiko.text import card_text

BOOK = rules.load("vaiko")
BOOK_PATH = rules.rules_dir() / "vaiko.fr.md"
DECK_TEXT = (rules.rules_dir() / DECK_FILE).read_text(encoding="utf-8")


def pos(**kw: object) -> v.State:
    """A position with Alex to play: Alex 7 3 9 2, Carla 4 1 6 8, pile 6 8 ..., discard 5."""
    base: dict[str, object] = {
        "hands": {"Alex": ["7", "3", "9", "2"], "Carla": ["4", "1", "6", "8"]},
        "pile": ["6", "8"], "discard": ["5"],
    }
    base.update(kw)
    hands = base["hands"]
    assert isinstance(hands, dict)
    return vaiko_setup.situation(list(hands), **base)  # type: ignore[arg-type]


def play(state: v.State, *actions: v.Action) -> tuple[v.State, list[Event]]:
    events: list[Event] = []
    for action in actions:
        state, evs = v.GAME.apply(state, action)
        events.extend(evs)
    return state, events


def faces(state: v.State, seat: str) -> list[str]:
    return [state.deck.cards[c].face for c in state.hands[state.players.index(seat)]]


# --- the deck file -------------------------------------------------------------------------------


def test_the_shipped_deck_is_a_marked_hypothesis() -> None:
    deck = load_deck()
    assert deck.hypothesis and "hypothèse" in DECK_TEXT.lower()
    assert len(deck.cards) == 56
    assert [c.face for c, _ in deck.kinds][-3:] == ["×2", "Vision", "Échange"]
    assert {c.effect for c in deck.cards} == set(EFFECTS)
    assert deck.card("Vision").points == 10 and deck.card("7").points == 7


@pytest.mark.parametrize(
    ("change", "line", "reason"),
    [
        (('effet = "vision"', 'effet = "voir"'), 92, "effet inconnu «\u202fvoir\u202f»"),
        (('points = 3', 'points = "trois"'), 39, fr.quote("points") + " doit être un entier"),
        (('exemplaires = 4\n\n[[carte]]\nnom = "1"', 'exemplaires = 0\n\n[[carte]]\nnom = "1"'),
         22, fr.quote("exemplaires") + " doit être un entier"),
        (('nom = "2"', 'nom = "1"'), 31, f"carte {fr.quote('1')} décrite deux fois"),
        (('hypothese = true', 'hypothese = "oui"'), 15, "hypothese = true"),
        (('nom = "5"', 'nom = "5"\ncouleur = "rouge"'), 50, f"clé inconnue {fr.quote('couleur')}"),
        (('points = 6\n', ''), 54, f"clé manquante {fr.quote('points')}"),
        (('titre = "Paquet supposé de Vaiko"', 'titre = "Paquet'), 14, "TOML illisible"),
    ],
)
def test_a_malformed_deck_file_is_refused_with_line_and_reason(
    change: tuple[str, str], line: int, reason: str, tmp_path: Path
) -> None:
    assert change[0] in DECK_TEXT
    bad = tmp_path / "paquet.toml"
    bad.write_text(DECK_TEXT.replace(change[0], change[1], 1), encoding="utf-8")
    with pytest.raises(DeckError) as e:
        load_deck(bad)
    assert (e.value.line, e.value.path) == (line, str(bad)), e.value
    assert reason in e.value.reason
    assert str(e.value).startswith(f"{bad}:{line}: ")


def test_any_valid_deck_file_is_accepted(tmp_path: Path) -> None:
    small = tmp_path / "petit.toml"
    small.write_text('titre = "Petit paquet"\nhypothese = false\n'
                     '[[carte]]\nnom = "1"\neffet = "aucun"\npoints = 1\nexemplaires = 8\n'
                     '[[carte]]\nnom = "Œil"\neffet = "vision"\npoints = 0\nexemplaires = 4\n',
                     encoding="utf-8")
    state = v.GAME.new_game(["A", "B"], seed=1, deck=small)
    assert len(state.deck.cards) == 12 and not state.deck.hypothesis
    assert len(state.pile) == 12 - 8 - 1
    with pytest.raises(IllegalAction) as e:
        v.GAME.new_game(["A", "B", "C"], seed=1, deck=small)
    assert e.value.clause == "vaiko/paquet" and "trop petit pour 3 joueurs" in e.value.reason


def test_unreadable_deck_file_is_reported(tmp_path: Path) -> None:
    with pytest.raises(DeckError, match="fichier illisible"):
        load_deck(tmp_path / "absent.toml")


# --- set-up --------------------------------------------------------------------------------------


def test_new_game_deals_four_cards_each_and_turns_the_first_discard() -> None:
    s = v.GAME.new_game(["Alex", "Carla", "Dario"], seed=5)
    assert [len(h) for h in s.hands] == [4, 4, 4]
    assert len(s.discard) == 1 and len(s.pile) == 56 - 12 - 1
    assert s.phase == PEEK and v.GAME.current_seats(s) == ("Alex",)
    assert all(k == frozenset(s.discard) for k in s.known)  # only the discard is known
    clauses = [e.clause for e in v.GAME.opening_events(s)]
    assert clauses[:3] == ["vaiko/joueurs", "vaiko/paquet", "vaiko/donne"]


@pytest.mark.parametrize("n", [2, 3, 4, 5, 6])
def test_two_to_six_players(n: int) -> None:
    assert len(v.GAME.new_game([f"J{i}" for i in range(n)], seed=0).players) == n


@pytest.mark.parametrize("players", [("Solo",), tuple("ABCDEFG"), ("A", "A")])
def test_bad_player_lists_are_refused(players: tuple[str, ...]) -> None:
    with pytest.raises(IllegalAction) as e:
        v.GAME.new_game(players, seed=0)
    assert e.value.clause == "vaiko/joueurs"


def test_unknown_variant_key_and_value_are_refused() -> None:
    with pytest.raises(ValueError, match="Clés possibles\u202f: draw_from, look, matched_special"):
        v.GAME.new_game(["A", "B"], seed=0, variant={"pioche": "x"})
    with pytest.raises(ValueError, match="Valeurs possibles\u202f: bonus, malus"):
        v.Variant(caller_tie="moitié")  # type: ignore[arg-type]  # deliberately
    with pytest.raises(ValueError, match="standard"):
        v.GAME.new_game(["A", "B"], seed=0, variant="inconnu")
    with pytest.raises(ValueError, match="graine"):
        v.GAME.new_game(["A", "B"])


def test_each_player_looks_at_exactly_one_card_in_turn() -> None:
    s = v.GAME.new_game(["Alex", "Carla"], seed=2)
    s, events = play(s, v.Peek("Alex", 2))
    assert s.known[0] - frozenset(s.discard) == {s.hands[0][2]}
    assert events[0].clause == "vaiko/premier-regard"
    assert v.GAME.view(s, "Alex").players[0].cards[2] is not None
    assert v.GAME.view(s, "Carla").players[0].cards == (None,) * 4
    with pytest.raises(IllegalAction) as e:
        v.GAME.apply(s, v.Peek("Alex", 1))
    assert e.value.clause == "vaiko/premier-regard"
    s, events = play(s, v.Peek("Carla", 0))
    assert s.phase == DRAW and v.GAME.current_seats(s) == ("Alex",)
    assert isinstance(events[-1], ve.TurnStarts) and events[-1].clause == "vaiko/sens"


# --- a turn --------------------------------------------------------------------------------------


def test_draw_is_seen_only_by_the_drawer() -> None:
    s, events = play(pos(), v.Draw("Alex"))
    assert v.GAME.view(s, "Alex").drawn == "6" and v.GAME.view(s, "Carla").drawn is None
    assert v.GAME.view(s, "Carla").has_drawn
    assert "6" not in v.GAME.describe(events[0], "Carla") and "6" in v.GAME.describe(events[0],
                                                                                     "Alex")


def test_swap_puts_the_drawn_card_in_place_and_discards_the_old_one() -> None:
    s, events = play(pos(), v.Draw("Alex"), v.Swap("Alex", 2))
    assert faces(s, "Alex") == ["7", "3", "6", "2"]
    assert s.deck.cards[s.discard[-1]].face == "9"
    assert v.GAME.view(s, "Alex").players[0].cards == (None, None, "6", None)
    assert [type(e) for e in events] == [ve.Drew, ve.Swapped, ve.WindowOpens]
    assert s.phase == MATCH and v.GAME.current_seats(s) == ("Carla",)


def test_drawing_from_the_discard_is_refused_by_default_and_allowed_by_the_variant() -> None:
    with pytest.raises(IllegalAction) as e:
        v.GAME.apply(pos(), v.Draw("Alex", "discard"))
    assert e.value.clause == "vaiko/pioche"
    s, events = play(pos(variant="pioche-ou-defausse"), v.Draw("Alex", "discard"))
    assert v.GAME.view(s, "Carla").drawn == "5"  # a public card
    assert events[0].clause == "vaiko/variante-defausse"
    assert v.Discard("Alex") not in v.GAME.legal_actions(s, "Alex")


def test_looking_before_swapping_commits_to_the_swap_and_the_variant_forbids_it() -> None:
    s, _ = play(pos(variant="sans-regard"), v.Draw("Alex"))
    with pytest.raises(IllegalAction) as e:
        v.GAME.apply(s, v.LookHand("Alex"))
    assert e.value.clause == "vaiko/variante-regard"
    s, _ = play(pos(), v.Draw("Alex"), v.LookHand("Alex"))
    assert v.GAME.view(s, "Alex").players[0].cards == ("7", "3", "9", "2")
    with pytest.raises(IllegalAction) as e:
        v.GAME.apply(s, v.Discard("Alex"))
    assert e.value.clause == "vaiko/ne-pas-regarder"


def test_actions_of_different_types_with_equal_fields_are_not_confused() -> None:
    s, _ = play(pos(), v.Draw("Alex"), v.Discard("Alex"))  # window: Carla may Pass
    assert v.Pass("Carla") in v.GAME.legal_actions(s, "Carla")
    for wrong in (v.Call("Carla"), v.EndTurn("Carla"), v.Discard("Carla"), v.LookHand("Carla")):
        assert not v.GAME.is_legal(s, wrong)
        with pytest.raises(IllegalAction):
            v.GAME.apply(s, wrong)


@pytest.mark.parametrize(
    ("action", "clause", "words"),
    [
        (v.Swap("Alex", 0), "vaiko/pioche", "doit d’abord piocher"),
        (v.Draw("Carla"), "vaiko/sens", "Ce n’est pas à Carla de jouer\u202f: c’est à Alex"),
        (v.Draw("Zoé"), "vaiko/joueurs", "Aucun joueur ne s’appelle «\u202fZoé\u202f»"),
        (v.Match("Carla", 0), "vaiko/defausse-immediate", "Aucune défausse immédiate"),
        (v.Call("Alex"), "vaiko/annonce", "à la fin de son tour"),
        ("Alex pioche", "vaiko/sens", "Action inconnue"),
    ],
)
def test_illegal_actions_leave_the_state_unchanged(action: object, clause: str, words: str) -> None:
    s = pos()
    before = s
    with pytest.raises(IllegalAction) as e:
        v.GAME.apply(s, action)  # type: ignore[arg-type]
    assert e.value.clause == clause and words in e.value.reason
    assert s == before


def test_a_slot_that_does_not_exist_is_named_in_french() -> None:
    s, _ = play(pos(), v.Draw("Alex"))
    with pytest.raises(IllegalAction) as e:
        v.GAME.apply(s, v.Swap("Alex", 4))
    assert e.value.clause == "vaiko/echange-ou-defausse"
    assert "Alex n’a pas de carte n° 5 (cartes 1 à 4)" in e.value.reason


# --- immediate discard ---------------------------------------------------------------------------


def test_right_attempt_discards_the_card_and_the_player_may_try_again() -> None:
    s, events = play(pos(), v.Draw("Alex"), v.Discard("Alex"), v.Match("Carla", 2))
    assert faces(s, "Carla") == ["4", "1", "8"]
    assert isinstance(events[-1], ve.Matched) and events[-1].clause == "vaiko/defausse-immediate"
    assert v.GAME.current_seats(s) == ("Carla",)  # asked again: she might hold another 6
    s, _ = play(s, v.Pass("Carla"), v.Pass("Alex"))
    assert s.phase == CALL and v.GAME.current_seats(s) == ("Alex",)


TWO_SIXES = {"Alex": ["7", "3", "9", "2"], "Carla": ["6", "1", "6", "8"]}


def test_by_default_a_player_throws_every_identical_card_one_after_the_other() -> None:
    s, _ = play(pos(hands=TWO_SIXES), v.Draw("Alex"), v.Discard("Alex"), v.Match("Carla", 0))
    assert v.Match("Carla", 1) in v.GAME.legal_actions(s, "Carla")
    s, _ = play(s, v.Match("Carla", 1))
    assert faces(s, "Carla") == ["1", "8"] and v.GAME.current_seats(s) == ("Carla",)


def test_one_card_variant_moves_on_after_a_success_and_refuses_the_second_card() -> None:
    s, events = play(pos(hands=TWO_SIXES, variant="une-seule-carte"), v.Draw("Alex"),
                     v.Discard("Alex"), v.Match("Carla", 0))
    assert [type(e) for e in events[-2:]] == [ve.Matched, ve.OneMatchOnly]
    assert events[-1].clause == "vaiko/variante-une-seule-carte"
    assert faces(s, "Carla") == ["1", "6", "8"]
    assert v.GAME.current_seats(s) == ("Alex",) and not v.GAME.legal_actions(s, "Carla")
    before = s
    with pytest.raises(IllegalAction) as e:
        v.GAME.apply(s, v.Match("Carla", 1))
    assert e.value.clause == "vaiko/variante-une-seule-carte"
    assert "au plus une carte par défausse" in e.value.reason and s == before
    s, _ = play(s, v.Pass("Alex"))
    assert s.phase == CALL and faces(s, "Carla") == ["1", "6", "8"]


def test_one_card_variant_lets_a_thrown_vision_act_before_moving_on() -> None:
    s = pos(hands={"Alex": ["7", "3", "9", "2"], "Carla": ["Vision", "1", "Vision", "8"]},
            pile=["Vision", "0"], variant="une-seule-carte")
    s, _ = play(s, v.Draw("Alex"), v.Discard("Alex"), v.Look("Alex", "Alex", 0),
                v.Match("Carla", 0))
    assert s.phase == VISION and v.GAME.current_seats(s) == ("Carla",)
    s, events = play(s, v.Look("Carla", "Alex", 1))
    assert isinstance(events[-1], ve.Looked)
    assert s.phase == MATCH and v.GAME.current_seats(s) == ("Alex",)
    assert faces(s, "Carla") == ["1", "Vision", "8"]


def test_a_player_whose_chance_is_over_is_told_so_after_a_miss() -> None:
    s, _ = play(pos(), v.Draw("Alex"), v.Discard("Alex"), v.Match("Carla", 0))
    with pytest.raises(IllegalAction) as e:
        v.GAME.apply(s, v.Match("Carla", 1))
    assert e.value.clause == "vaiko/defausse-immediate" and "déjà eu sa chance" in e.value.reason


def test_wrong_attempt_shows_the_card_to_all_and_adds_a_face_down_penalty() -> None:
    s, events = play(pos(), v.Draw("Alex"), v.Discard("Alex"), v.Match("Carla", 1))
    assert faces(s, "Carla") == ["4", "1", "6", "8", "8"]
    assert [type(e) for e in events[-2:]] == [ve.Missed, ve.Penalty]
    assert all(e.clause == "vaiko/erreur" for e in events[-2:])
    for seat in ("Alex", "Carla"):
        cards = v.GAME.view(s, seat).players[1].cards
        assert cards[1] == "1" and cards[4] is None  # the penalty is unknown to everyone
    assert v.GAME.current_seats(s) == ("Alex",)  # Carla’s chance is over


def test_x2_is_never_discarded_immediately_and_gives_another_turn() -> None:
    s = pos(hands={"Alex": ["7", "3", "9", "2"], "Carla": ["×2", "1", "6", "8"]},
            pile=["×2", "0"])
    s, events = play(s, v.Draw("Alex"), v.Discard("Alex"))
    assert isinstance(events[-1], ve.PlaysAgain) and events[-1].clause == "vaiko/x2"
    assert s.phase == DRAW and v.GAME.current_seats(s) == ("Alex",)
    with pytest.raises(IllegalAction) as e:
        v.GAME.apply(s, v.Match("Carla", 0))
    assert e.value.clause == "vaiko/defausse-immediate" and "×2" in e.value.reason


def test_window_asks_clockwise_from_the_next_player_and_ends_with_the_discarder() -> None:
    s = vaiko_setup.situation(["A", "B", "C", "D"], hands={p: ["1", "2"] for p in "ABCD"},
                    pile=["9"], discard=["5"], turn="C")
    s, events = play(s, v.Draw("C"), v.Discard("C"))
    opened = events[-1]
    assert isinstance(opened, ve.WindowOpens) and opened.order == ("D", "A", "B", "C")
    asked = []
    while s.phase == MATCH:
        (seat,) = v.GAME.current_seats(s)
        asked.append(seat)
        s, _ = v.GAME.apply(s, v.Pass(seat))
    assert asked == ["D", "A", "B", "C"] and v.GAME.current_seats(s) == ("C",)


# --- special cards -------------------------------------------------------------------------------


def test_vision_lets_the_player_look_at_any_card() -> None:
    s = pos(pile=["Vision"])
    s, events = play(s, v.Draw("Alex"), v.Discard("Alex"))
    assert s.phase == VISION and events[-1].clause == "vaiko/vision"
    looks = v.GAME.legal_actions(s, "Alex")
    assert len(looks) == 8 and all(isinstance(a, v.Look) for a in looks)
    s, events = play(s, v.Look("Alex", "Carla", 3))
    assert v.GAME.view(s, "Alex").players[1].cards == (None, None, None, "8")
    assert v.GAME.view(s, "Carla").players[1].cards == (None,) * 4
    assert "8" not in v.GAME.describe(events[0], "Carla")
    assert s.phase == MATCH  # then the window on the Vision


def test_exchange_swaps_blind_and_knowledge_follows_the_cards() -> None:
    s = pos(pile=["Échange"], known={"Alex": [("Alex", 0)], "Carla": [("Carla", 2)]})
    s, _ = play(s, v.Draw("Alex"), v.Discard("Alex"))
    assert s.phase == EXCHANGE
    s, events = play(s, v.Exchange("Alex", "Alex", 0, "Carla", 2))
    assert faces(s, "Alex")[0] == "6" and faces(s, "Carla")[2] == "7"
    assert v.GAME.view(s, "Alex").players[1].cards[2] == "7"  # Alex follows his 7
    assert v.GAME.view(s, "Carla").players[0].cards[0] == "6"  # Carla follows her 6
    assert v.GAME.view(s, "Alex").players[0].cards[0] is None  # but never saw her 6
    assert events[0].clause == "vaiko/echange"


def test_exchange_between_two_other_players_and_its_refusals() -> None:
    hands = {"A": ["1", "2"], "B": ["3", "4"], "C": ["5", "6"]}
    s = vaiko_setup.situation(["A", "B", "C"], hands=hands, pile=["Échange"], discard=["9"])
    s, _ = play(s, v.Draw("A"), v.Discard("A"))
    legal = v.GAME.legal_actions(s, "A")
    assert v.Exchange("A", "B", 0, "C", 1) in legal and len(legal) == 2 * 4 + 4
    for bad, words in ((v.Exchange("A", "B", 0, "B", 1), "deux joueurs différents"),
                       (v.Exchange("A", "B", 0, "A", 1), "propre carte en premier"),
                       (v.Exchange("A", "B", 5, "C", 0), "B n’a pas de carte n° 6")):
        with pytest.raises(IllegalAction) as e:
            v.GAME.apply(s, bad)
        assert e.value.clause == "vaiko/echange" and words in e.value.reason
    s, _ = play(s, v.Exchange("A", "B", 0, "C", 1))
    assert faces(s, "B") == ["6", "4"] and faces(s, "C") == ["5", "3"]


def test_matched_special_acts_unless_the_variant_says_otherwise() -> None:
    hands = {"Alex": ["7", "3"], "Carla": ["Vision", "1"]}
    for variant, phase in (("standard", VISION), ("sans-effet-immediat", MATCH)):
        s = vaiko_setup.situation(["Alex", "Carla"], hands=hands, pile=["Vision"], discard=["5"],
                        variant=variant)
        s, _ = play(s, v.Draw("Alex"), v.Discard("Alex"), v.Look("Alex", "Alex", 0),
                    v.Match("Carla", 0))
        assert s.phase == phase and v.GAME.current_seats(s) == ("Carla",)


def test_a_special_card_swapped_out_of_the_hand_acts_unless_the_variant_says_otherwise() -> None:
    """vaiko/cartes-speciales: a Vision or a ×2 that leaves the hand by a swap acts (a look, a
    second go); under « spéciale remplacée sans effet » the immediate discard opens at once,
    the event citing the variant."""
    for face, acted in (("Vision", VISION), ("×2", DRAW)):
        hands = {"Alex": ["7", face], "Carla": ["2", "8"]}
        for variant, phase in (("standard", acted), ("speciale-remplacee", MATCH)):
            s = vaiko_setup.situation(["Alex", "Carla"], hands=hands, pile=["1", "4"],
                                      discard=["5"],
                            variant=variant)
            s, events = play(s, v.Draw("Alex"), v.Swap("Alex", 1))
            assert s.phase == phase, (face, variant)
            assert v.GAME.current_seats(s) == (("Carla",) if phase == MATCH else ("Alex",))
            ignored = [e for e in events if isinstance(e, ve.SwappedSpecialIgnored)]
            assert [e.clause for e in ignored] == (
                ["vaiko/variante-speciale-remplacee"] if variant != "standard" else [])
        thrown = vaiko_setup.situation(["Alex", "Carla"], hands=hands, pile=[face, "4"],
                                       discard=["5"],
                             variant="speciale-remplacee")
        thrown, _ = play(thrown, v.Draw("Alex"), v.Discard("Alex"))
        assert thrown.phase == acted, face  # a special card drawn and thrown still acts


# --- the call and the end of a round -------------------------------------------------------------


def end_turn_quietly(s: v.State, seat: str) -> v.State:
    s, _ = play(s, v.Draw(seat), v.Discard(seat))
    while s.phase == MATCH:
        s, _ = v.GAME.apply(s, v.Pass(v.GAME.current_seats(s)[0]))
    return s


def test_after_the_call_each_other_player_plays_once_then_the_round_ends() -> None:
    hands = {"A": ["0", "1"], "B": ["9", "9"], "C": ["8", "8"]}
    s = vaiko_setup.situation(["A", "B", "C"], hands=hands, pile=["7", "6", "5", "4"],
                              discard=["3"])
    s = end_turn_quietly(s, "A")
    s, events = play(s, v.Call("A"))
    assert isinstance(events[0], ve.Called) and s.caller == 0
    s = end_turn_quietly(s, "B")
    assert s.phase == DRAW and v.GAME.current_seats(s) == ("C",)  # no second call
    s, events = play(s, v.Draw("C"), v.Discard("C"), v.Pass("A"), v.Pass("B"), v.Pass("C"))
    ends = [e for e in events if isinstance(e, ve.RoundEnds)]
    assert [(e.reason, e.seat, e.clause) for e in ends] == [("call", "A", "vaiko/fin-annonce")]
    assert dict(zip(s.players, s.totals)) == {"A": 1 - 10, "B": 18, "C": 16}
    assert s.manche == 2 and s.starter == 1 and s.phase == PEEK


def test_tour_de_table_reading_stops_before_the_starter() -> None:
    hands = {"A": ["0", "1"], "B": ["9", "9"], "C": ["8", "8"]}
    s = vaiko_setup.situation(["A", "B", "C"], hands=hands, pile=["7", "6", "5", "4"],
                              discard=["3"],
                    variant="tour-de-table")
    s = end_turn_quietly(s, "A")
    s, _ = play(s, v.EndTurn("A"))
    s = end_turn_quietly(s, "B")
    s, _ = play(s, v.Call("B"))
    s = end_turn_quietly(s, "C")
    assert s.manche == 2  # A, who started the round, does not play again


def test_score_round_bonus_malus_and_ties() -> None:
    assert score_round({"A": 4, "B": 9}, "A").points == {"A": -6, "B": 9}
    assert score_round({"A": 12, "B": 8}, "A").points == {"A": 22, "B": 8}
    assert score_round({"A": 5, "B": 5}, "A").points == {"A": -5, "B": 5}
    strict = score_round({"A": 5, "B": 5}, "A", "egalite-stricte")
    assert strict.points == {"A": 15, "B": 5}
    assert strict.events[-1].clause == "vaiko/variante-egalite-stricte"
    plain = score_round({"A": 5, "B": 7}, None)
    assert plain.points == {"A": 5, "B": 7} and [e.clause for e in plain.events] == [
        "vaiko/decompte"]
    assert [e.clause for e in score_round({"A": 4, "B": 9}, "A").events] == [
        "vaiko/decompte", "vaiko/bonus"]
    with pytest.raises(IllegalAction) as e:
        score_round({"A": 4}, "Zoé")
    assert e.value.clause == "vaiko/annonce"


def test_game_over_at_seventy_and_lowest_total_wins() -> None:
    assert not is_game_over({"A": 69, "B": 0})
    assert is_game_over({"A": 70, "B": 0})
    assert winners({"A": 70, "B": 12, "C": 12}) == ("B", "C")


def test_empty_hand_ends_the_round_at_once_and_may_end_the_game() -> None:
    s = vaiko_setup.situation(["A", "B"], hands={"A": ["7", "8"], "B": ["6"]}, pile=["6"],
                    discard=["5"], known={"B": [("B", 0)]}, totals={"A": 60, "B": 3})
    s, events = play(s, v.Draw("A"), v.Discard("A"), v.Match("B", 0))
    assert v.GAME.is_over(s) and v.GAME.current_seats(s) == () and v.GAME.legal_actions(s,
                                                                                        "A") == ()
    assert [e.clause for e in events if isinstance(e, ve.RoundEnds)] == ["vaiko/fin-main-vide"]
    result = v.GAME.outcome(s)
    assert result.scores == {"A": 75, "B": 3} and result.winners == ("B",)
    assert result.clause == "vaiko/fin"
    with pytest.raises(IllegalAction) as e:
        v.GAME.apply(s, v.Draw("A"))
    assert e.value.clause == "vaiko/fin"


def test_outcome_before_the_end_is_refused() -> None:
    with pytest.raises(IllegalAction) as e:
        v.GAME.outcome(pos())
    assert e.value.clause == "vaiko/fin"


# --- worked examples and descriptions ------------------------------------------------------------


def test_a_wrong_expectation_in_an_example_is_reported() -> None:
    data = dict(BOOK.examples["vaiko/ex-defausse-ratee"].data)
    data["attendu"] = {"penalites": {"Carla": 0}, "defausse": "7"}
    run = v.GAME.run_example(data)
    assert not run.ok and len(run.mismatches) == 2


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"type": "tournoi"}, "type d’exemple inconnu"),
        ({"coups": [{"joueur": "Alex", "action": "danser"}]}, "action inconnue"),
        ({"coups": [{"joueur": "Alex", "action": "jeter"}]}, "coup 1 impossible"),
        ({"mains": {"Alex": ["11"], "Carla": ["1"]}}, "situation impossible"),
        ({"attendu": {"gagnant": "Alex"}}, "clé inconnue «\u202fgagnant\u202f»"),
    ],
)
def test_malformed_examples_are_refused(change: dict[str, object], message: str) -> None:
    data = {**BOOK.examples["vaiko/ex-jeter"].data, **change}
    with pytest.raises(ExampleError, match=message.replace("(", r"\(").replace(")", r"\)")):
        v.GAME.run_example(data)


def test_private_faces_are_hidden_from_other_players_in_descriptions() -> None:
    run = v.GAME.run_example(BOOK.examples["vaiko/ex-regard-depart"].data)
    peek = run.events[0]
    assert "(un 0)" in v.GAME.describe(peek) and "(un 0)" in v.GAME.describe(peek, "Alex")
    assert "0" not in v.GAME.describe(peek, "Carla").replace("carte 2", "")
    state = v.GAME.new_game(["Alex", "Carla"], seed=3)
    deal = v.GAME.opening_events(state)[2]
    assert "Vue du professeur" in v.GAME.describe(deal)
    assert "Vue du professeur" not in v.GAME.describe(deal, "Alex")


def test_french_elision_and_true_minus_sign() -> None:
    run = v.GAME.run_example(BOOK.examples["vaiko/ex-annonce"].data)
    texts = [v.GAME.describe(e) for e in run.events]
    assert "Le tour est fini depuis l’annonce d’Alex\u202f: la manche s’arrête." in texts
    assert any("4 − 10 = −6" in t for t in texts)


# --- record, replay and the deck file ------------------------------------------------------------


def test_replay_rebuilds_a_game_with_a_non_default_deck_and_its_reshuffles(
        tmp_path: Path) -> None:
    import random

    small = tmp_path / "petit.toml"
    small.write_text('titre = "Petit paquet"\nhypothese = false\n'
                     '[[carte]]\nnom = "1"\neffet = "aucun"\npoints = 1\nexemplaires = 8\n'
                     '[[carte]]\nnom = "9"\neffet = "aucun"\npoints = 9\nexemplaires = 6\n',
                     encoding="utf-8")
    rng = random.Random(2)
    state = v.GAME.new_game(["A", "B"], seed=4, deck=small)
    actions: list[v.Action] = []
    while not v.GAME.is_over(state) and state.manche < 3:
        (seat,) = v.GAME.current_seats(state)
        legal = v.GAME.legal_actions(state, seat)
        quiet = [a for a in legal if not isinstance(a, (v.Call, v.Match))] if len(actions) < 300 \
            else list(legal)
        action = rng.choice(quiet or list(legal))
        state, _ = v.GAME.apply(state, action)
        actions.append(action)
    assert dict(state.record.setup)["deck"] == state.deck and not state.deck.hypothesis
    assert len(state.record.shuffles) > state.manche  # reshuffles during play are recorded
    assert v.GAME.replay(["A", "B"], state.record, actions) == state


def test_read_data_file_judges_by_content(tmp_path: Path) -> None:
    assert v.GAME.read_data_file(str(deck_path())) == (
        "paquet de Vaiko valide, 56 cartes (14 sortes, hypothèse du tuteur)")
    other = tmp_path / "autre.toml"
    other.write_text('nom = "pas un paquet"\n', encoding="utf-8")
    assert v.GAME.read_data_file(str(other)) is None
    assert v.GAME.read_data_file(str(BOOK_PATH)) is None
    renamed = tmp_path / "notes.txt"
    renamed.write_text(DECK_TEXT.replace("points = 3", "points = 3.5"), encoding="utf-8")
    with pytest.raises(ValueError, match=r"notes\.txt:\d+: "):
        v.GAME.read_data_file(str(renamed))
    v.GAME.preflight()


def test_describe_never_tells_a_face_to_a_viewer_who_did_not_see_it() -> None:
    import random

    rng = random.Random(5)
    state = v.GAME.new_game(["Alex", "Carla", "Dario"], seed=5)
    checked = 0
    while not v.GAME.is_over(state) and state.manche < 3:
        (seat,) = v.GAME.current_seats(state)
        state, events = v.GAME.apply(state, rng.choice(v.GAME.legal_actions(state, seat)))
        for e in events:
            match e:
                case ve.Drew(source="discard") | ve.Swapped(source="discard"):
                    continue  # taken from the discard: face up
                case ve.Dealt(hands=hands, seen_by=seen_by):
                    faces = [f for _, hand in hands for f in hand]
                case ve.LookedAtHand(faces=shown, seen_by=seen_by) | ve.Exchanged(
                        faces=shown, seen_by=seen_by):
                    faces = list(shown)
                case (ve.Drew(face=face, seen_by=seen_by) | ve.Peeked(face=face, seen_by=seen_by)
                      | ve.Looked(face=face, seen_by=seen_by)
                      | ve.Swapped(face=face, seen_by=seen_by)
                      | ve.Penalty(face=face, seen_by=seen_by)):
                    faces = [face]
                case _:
                    continue
            for viewer in state.players:
                if viewer in (seen_by or ()):
                    continue
                text = v.GAME.describe(e, viewer)
                for f in faces:
                    assert card_text(f) not in text and f"({f})" not in text, (e, viewer)
                    checked += 1
    assert checked > 50

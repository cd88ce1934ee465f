"""The Vampir page's widgets: each part works, refuses bad input in French and changes nothing;
the shared play components, quiz and steppers serve it without leaking widget models."""

from __future__ import annotations

import random

import ipywidgets as widgets
import ipywidgets.widgets.widget as widget_module
import pytest

from tests.pagetext import text
from tutor import rules
from tutor.engine import Event, Won
from tutor.games import vampir as v
from tutor.games.vampir import events as ev
from tutor.games.vampir.cards import JOKER, KINDS, LOCATION_NAMES, Vampire
from tutor.games.vampir.state import situation
from tutor.ui import guarded
from tutor.ui import vampir as vp
from tutor.ui.vampir import play as vp_play
from tutor.ui.widgets import Refusal

BOOK = rules.load("vampir")


def live() -> int:
    return len(widget_module._instances)


def test_every_card_says_its_location_and_heads_not_only_its_colour() -> None:
    for card in KINDS:
        shown = text(vp.card_html(card))
        if isinstance(card, Vampire):
            assert LOCATION_NAMES[card.location] in shown and str(card.heads) in shown
        else:
            assert "joker" in shown and "Somewhere" in shown


def test_hunt_builder_says_valid_or_why_not_with_the_rule_inside_the_verdict() -> None:
    box = vp.hunt_builder()
    assert box.check and "Chasse valide" in text(box.verdict.value)
    assert 'href="#regle-vampir-chasse"' in box.verdict.value
    assert box.verdict.value.rindex("</div>") > box.verdict.value.index("Règle")
    box.clear()
    for _ in range(3):
        box.add(JOKER)
    assert not box.check and "uniquement de jokers" in text(box.verdict.value)
    box.remove_last()
    box.add(Vampire("pub", 2))
    assert box.check and box.check.location == "pub"
    box.add(Vampire("castle", 1))
    assert "une seule couleur" in text(box.verdict.value)
    guarded(box.error)(box.add)("castle:1")  # type: ignore[arg-type]
    assert "Ce n'est pas une carte de Vampir." in text(box.error.value)


def test_hunt_builder_holds_no_more_cards_than_the_game() -> None:
    box = vp.hunt_builder()
    box.clear()
    for _ in range(12):
        guarded(box.error)(box.add)(JOKER)
    assert box.cards.count(JOKER) == 10 and "que 10 jokers" in text(box.error.value)
    box.clear()
    for _ in range(20):
        guarded(box.error)(box.add)(Vampire("church", 2))
    assert len(box.cards) == 5 and "5 vampires jaunes à 2 têtes" in text(box.error.value)
    for _ in range(12):
        guarded(box.error)(box.add)(Vampire("church", 1))
    assert len(box.cards) == 16 and box.check and box.check.heads == 21


def test_scoring_explorer_starts_on_the_booklet_example_and_follows_changes() -> None:
    box = vp.scoring_explorer()
    assert dict(box.scoring.points) == {"Anke": 28, "Bernd": 27, "Chris": 20, "Doro": 19}
    assert "3 ✗ défausse" in text(box.out.value)
    box.cells[("Doro", "castle")].value = 4  # Doro now shows red: the red colour is complete
    assert box.scoring.colours[0].discard == ("Doro",)
    box.count.value = 3
    assert set(box.scoring.points) == {"Anke", "Bernd", "Chris"}


def test_scoring_explorer_refuses_more_heads_than_the_cards_of_a_colour() -> None:
    box = vp.scoring_explorer()
    box.cells[("Anke", "castle")].value = 26
    assert "Trop de têtes rouges" in text(box.error.value) and box.out.value == ""
    box.cells[("Anke", "castle")].value = 7
    assert box.error.value == "" and dict(box.scoring.points)["Anke"] == 28
    with pytest.raises(Refusal):
        vp.hunts_with_heads({"Anke": {"pub": 2}})
    hunts = vp.hunts_with_heads({"Anke": {"pub": 31}})  # 11 + 2 × 5 + 10 jokers
    assert hunts["Anke"][0].count(JOKER) == 10


def test_every_worked_example_steps_on_its_table_and_never_shows_the_result_early() -> None:
    for example_id in BOOK.examples:
        assert "Résultat conforme à l’exemple." in repr(vp.example(example_id))
        box = vp.stepper(example_id).unfold()
        assert repr(box) == repr(vp.example(example_id)) and box.scene_html.value
    box = vp.stepper("vampir/ex-livret-allemand").unfold()
    first = text(box.scene_html.value)
    assert "Étape 1 sur" in text(box.counter.value) and "28" not in first.split("Points")[-1]
    assert "à décompter" in first and "Points" not in first
    box.move(+1)
    assert text(box.scene_html.value) != first
    box.show_all()
    last = text(box.scene_html.value)
    assert "Points 28 27 20 19" in last and "à décompter" not in last
    turns = vp.stepper("vampir/ex-recuperer-taverne").unfold()
    before = turns.scene_html.value
    turns.show_all()
    assert turns.scene_html.value != before


def test_clause_lists_are_lists_and_references_jump() -> None:
    body = vp.clause("vampir/piocher").body
    assert body.count("<li>") == 2 and 'href="#regle-vampir-poser"' in body


def test_game_against_the_computer_refuses_an_action_out_of_turn_without_change() -> None:
    game = vp.play_vs_computer(seed=4)
    before = game.session.state
    for hostile in (v.Draw("Anke"), v.Lay(vp.YOU, JOKER, "castle"), "piocher", None):
        guarded(game.error)(game.play)(hostile)  # type: ignore[arg-type]
        assert game.error.value and game.session.state == before
    game.actions.buttons[0].click()  # "Piocher 2 cartes"
    assert game.session.state.phase == "drawn" and game.session.cursor == 1


def visible_action(board: object) -> widgets.Button:
    panel = board.actions  # type: ignore[attr-defined]
    for child in panel.children[1:]:
        for b in getattr(child, "children", ()):
            if isinstance(b, widgets.Button) and "tv-action" in b._dom_classes:
                return b
    raise AssertionError("no action")


def test_a_whole_game_by_clicks_stays_bounded_and_undoes() -> None:
    game = vp.play_vs_computer(seed=2)
    game.settings.preset.value = "manche-unique"
    game.start()
    start = live()
    clicks = 0
    while not v.GAME.is_over(game.session.state):
        visible_action(game).click()
        clicks += 1
        assert game.error.value == ""
    assert clicks > 5 and live() - start < 40
    assert "Fin de la partie" in text(game.table.value)
    assert "Décompte de la manche 1" in text(game.table.value)
    assert "vampir/points" in text(game.journal.body.value)
    game.session.undo()
    assert not v.GAME.is_over(game.session.state)


def test_hunts_are_a_list_with_one_button_and_draw_take_are_buttons() -> None:
    state = situation(["A", "B", "C"], hands={
        "A": [Vampire("pub", 1)] * 3 + [JOKER] * 3, "B": [], "C": []},
        deck=[JOKER] * 4, turn="A")
    groups = vp.groups(v.GAME.view(state, "A"), v.GAME.legal_actions(state, "A"))
    assert [g.button for g in groups] == ["", "Poser cette carte", "Exposer cette chasse"]
    assert groups[0].items[0][0] == "Piocher 2 cartes"
    state, _ = v.GAME.apply(state, v.Draw("A"))
    groups = vp.groups(v.GAME.view(state, "A"), v.GAME.legal_actions(state, "A"))
    assert len(groups[1].items) > 1 and len(groups[2].items) > 3 and not groups[0].items


def test_several_hunts_reading_offers_another_hunt_or_finir_son_tour_and_is_listed() -> None:
    red = [Vampire("castle", 1)] * 3
    state = situation(["A", "B", "C"], hands={"A": red + [Vampire("pub", 1)] * 3,
                                                "B": [], "C": []},
                        deck=[JOKER] * 4, turn="A", variant="plusieurs-chasses")
    state, _ = v.GAME.apply(state, v.Draw("A"))
    state, _ = v.GAME.apply(state, v.Hunt("A", tuple(red)))
    seen = v.GAME.view(state, "A")
    groups = vp.groups(seen, v.GAME.legal_actions(state, "A"))
    assert [label for label, _ in groups[0].items] == ["Finir son tour"]
    assert not groups[1].items and groups[2].items
    assert "finissez votre tour" in vp_play.prompt(seen)
    table = text(vp.readings().body)
    assert "Chasses par tour" in table and "plusieurs, puis on finit son tour" in table


def test_sandbox_plays_every_seat_and_travels_in_time() -> None:
    box = vp.sandbox()
    visible_action(box).click()
    visible_action(box).click()
    assert box.session.cursor == 2 and box.time.max == 2
    box.time.value = 0
    assert box.session.cursor == 0


def test_fifty_new_games_and_fifty_questions_create_no_widget_models() -> None:
    box = vp.sandbox()
    quiz = vp.exercises(seed=1)
    box.new_button.click()
    quiz.next_button.click()
    start = live()
    for k in range(50):
        box.seed.value = str(k)
        box.new_button.click()
        quiz.next_button.click()
    assert live() == start and box.error.value == "" and quiz.error.value == ""


def test_exercises_score_and_explain() -> None:
    quiz = vp.exercises(seed=3)
    right, asked = quiz.score_counts()  # the page's progress keeps other tests' answers
    q = quiz.question
    assert q.answer in q.options and len(set(q.options)) == 4 and q.reading
    quiz.answer(q.answer)
    assert "Bonne réponse" in text(quiz.feedback.value)
    assert f"{right + 1} / {asked + 1}" in text(quiz.score.value)
    quiz.new_question()
    wrong = next(o for o in quiz.question.options if o != quiz.question.answer)
    quiz.answer(wrong)
    assert "Pas tout à fait" in text(quiz.feedback.value)
    assert f"{right + 1} / {asked + 2}" in text(quiz.score.value)
    for seed in range(40):  # every generated layout is made of the game's cards
        q = vp.make_question(seed)
        assert q.answer in q.options


def test_describe_never_prints_none_or_a_hyphen_minus_sign() -> None:
    rng = random.Random(2)
    state = v.GAME.new_game(["A", "B", "C"], seed=1, variant="manche-unique")
    events: list[Event] = list(v.GAME.opening_events(state))
    while not v.GAME.is_over(state):
        state, evs = v.GAME.apply(state, rng.choice(v.GAME.legal_actions(state,
                                                                         v.GAME.current_seats(state)[0])))
        events.extend(evs)
    for example in BOOK.examples.values():
        events.extend(v.GAME.run_example(example.data).events)
    kinds = set()
    for event in events:
        sentence = v.GAME.describe(event)
        kinds.add(type(event))
        assert sentence and "None" not in sentence and " - " not in sentence
    assert {ev.Drew, ev.Laid, ev.Took, ev.HuntShown, ev.ColourScored, ev.Points, Won} <= kinds

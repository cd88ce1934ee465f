"""The Vaiko page on the shared components: table, actions, sandbox, explorers, exercises."""

from __future__ import annotations

import time

import ipywidgets as w
import pytest

from tests.pagetext import text
from tutor import fr, rules
from tutor.games import vaiko as v
from tutor.games.vaiko import events as ve
from tutor.games.vaiko.setup import situation
from tutor.ui import guarded
from tutor.ui import vaiko as vk

BOOK = rules.load("vaiko")


def len_models() -> int:
    """How many widget models are alive."""
    return len(w.widgets.widget._instances)


def test_every_worked_example_is_a_stepper_that_never_shows_the_result_early() -> None:
    for example_id in BOOK.examples:
        example = vk.stepper(example_id)
        assert "Résultat conforme à l’exemple." in repr(example), example_id
        assert example.unfold().scene_html.value and example.unfold() is example.unfold()
    step = vk.stepper("vaiko/ex-echange-avec-carla").unfold()
    first = text(step.scene_html.value)
    step.show_all()
    assert "Vue du professeur" in first and first != text(step.scene_html.value)


def test_deck_panel_says_it_is_a_hypothesis_and_specials_show_one_symbol() -> None:
    panel = vk.deck_panel()
    assert "Hypothèse du tuteur" in text(panel.body) and "56 cartes" in text(panel.body)
    assert "×2 (4 exemplaires, 10 points)" in repr(panel)
    assert "x2" not in vk.card("×2") and vk.card("×2").count("×2") == 2  # label + value once
    assert "Échange" in vk.card("Échange") and "⇄" in vk.card("Échange")


def test_a_player_table_hides_what_the_player_has_not_seen() -> None:
    state = situation(["Alex", "Carla"], hands={"Alex": ["7", "3"], "Carla": ["Vision", "1"]},
                        discard=["5"], known={"Alex": [("Alex", 0)]})
    mine = text(vk.draw(v.GAME.view(state, "Alex")))
    assert "7" in mine and "Vision" not in mine and mine.count("?") >= 3
    everything = text(vk.draw(v.GAME.view(state, None)))
    assert "Vision" in everything and "toutes les faces sont visibles" in everything
    assert "cadre" not in everything


def test_readings_and_prose_use_the_renamed_presets_and_new_defaults() -> None:
    body = text(vk.readings().body)
    assert "Sans regard" in body and "Sans effet immédiat" in body
    assert "oui, puis il faut échanger" in body
    assert "Cartes jetées par défausse" in body and "Une seule carte" in body
    assert "toutes ses cartes identiques" in body and "une seule carte" in body


def test_memory_exercise_asks_after_hiding_and_scores() -> None:
    ex = vk.memory_exercise(seed=2)
    guarded(ex.error)(ex.answer)(0)
    assert "Cachez d'abord les cartes" in text(ex.error.value)
    ex.hide()
    ex.answer(ex.cards.index("2"))
    assert "Bonne réponse" in text(ex.feedback.value) and "1 / 1" in text(ex.score.value)
    ex.new_round()
    ex.hide()
    assert ex.swap is not None and "Échange" in text(ex.cards_html.value)
    ex.answer((ex.cards.index("2") + 1) % 4)
    assert "Non" in text(ex.feedback.value) and "1 / 2" in text(ex.score.value)


def test_match_explorer_tells_only_what_carla_may_know() -> None:
    box = vk.match_explorer()
    box.act(1)
    assert isinstance(box.events[-1], ve.Matched) and v.GAME.current_seats(box.state) == ("Carla",)
    box.restart()
    box.act(2)
    assert [type(e) for e in box.events[-2:]] == [ve.Missed, ve.Penalty]
    assert all(b.disabled for b in box.buttons.children)
    shown = " ".join(box.explainer.describe(e) for e in box.explainer.events)
    assert "pioche une carte" in shown or "pioche un 6" not in shown
    penalty = box.events[-1]
    assert v.GAME.describe(penalty) != box.explainer.describe(penalty)  # the penalty card is hidden
    guarded(box.error)(box.act)(0)
    assert "défausse immédiate" in text(box.error.value).lower()


def test_call_calculator_compares_both_readings_and_refuses_negative_points() -> None:
    box = vk.call_calculator()
    assert "4 − 10 = −6" in text(box.out.value)
    box.points["Carla"].value = 4
    out = text(box.out.value)
    assert "Alex −6" in out and "Alex 14" in out
    box.points["Dario"].value = -3
    assert "impossible" in text(box.error.value) and box.out.value == ""
    box.points["Dario"].value = 15
    box.caller.value = ""
    assert not box.error.value and "bonus de" not in text(box.out.value)


def test_exercises_grade_with_the_reading_in_force() -> None:
    quiz = vk.exercises(seed=3)
    right, asked = quiz.score_counts()  # the page's progress keeps other tests' answers
    quiz.answer(quiz.question.answer)
    assert "Bonne réponse" in text(quiz.feedback.value)
    assert f"{right + 1} / {asked + 1}" in text(quiz.score.value)
    ties = [vk.question(k) for k in range(60)]
    assert any("lecture retenue" in q.reading for q in ties)
    assert all(len(set(q.options)) == 3 and q.answer in q.options for q in ties)


def test_game_against_the_computer_refuses_hostile_input_without_change() -> None:
    game = vk.play_vs_computer(seed=4)
    before = game.session.state
    assert game.me is not None
    for hostile in ("Piocher", v.Draw("Alex"), v.Peek(game.me, 9), None, v.Call(game.me)):
        guarded(game.error)(game.play)(hostile)  # type: ignore[arg-type]  # deliberately
        assert game.error.value and game.session.state == before


def click_first(panel: w.Widget) -> None:
    """Click the first visible action of the panel (a list plays its first option)."""
    for child in panel.children[1:]:
        if isinstance(child, w.HBox) and child.children:
            first = child.children[0]
            (child.children[1] if isinstance(first, w.Dropdown) else first).click()
            return
    raise AssertionError("no action to click")


def test_a_whole_game_by_clicks_with_bounded_widgets_and_a_hidden_log() -> None:
    game = vk.play_vs_computer(seed=2)
    game.settings.opponents.value = 2
    game.start()
    widgets = len_models()
    times = []
    for _ in range(3000):
        if v.GAME.is_over(game.session.state):
            break
        t = time.process_time()  # this process's own time: the machine's load leaves it be
        click_first(game.actions)
        times.append(time.process_time() - t)
        assert not game.error.value, game.error.value
    else:
        pytest.fail("the game did not end")
    assert "Fin de la partie" in text(game.table.value)
    assert len_models() - widgets < 40
    journal = text(game.journal.body.value)
    assert "pioche une carte et la regarde en secret" in journal
    game.settings.teacher.value = True
    draws = [e for e in game.session.events if isinstance(e, ve.Drew) and e.seat != game.me]
    assert v.GAME.describe(draws[-1]) in text(game.journal.body.value + game.table.value) or \
        "pioche un" in text(game.journal.body.value)
    start, end = sorted(times[:20])[10], sorted(times[-20:])[10]
    assert end < 3 * start + 0.05, (start, end)


def test_sandbox_plays_every_seat_with_each_seat_memory_and_redo() -> None:
    box = vk.sandbox(seed=5)
    assert box.memory.value and "Vue d" in text(box.table.value)
    first = box.acting_seat(box.session.step)
    click_first(box.actions)  # the first seat looks at its card 1
    assert box.acting_seat(box.session.step) != first
    box.session.undo()
    box.session.redo()
    assert box.session.cursor == 1
    box.memory.value = False
    assert "toutes les faces sont visibles" in text(box.table.value)


def test_no_widget_model_leaks_in_sandbox_and_quiz() -> None:
    box, quiz = vk.sandbox(), vk.exercises()
    box.new_button.click()
    quiz.next_button.click()
    before = len_models()
    for _ in range(50):
        box.new_button.click()
        quiz.next_button.click()
    assert len_models() == before


def test_the_memory_sandbox_shows_what_the_seat_that_has_just_played_saw() -> None:
    # a learner clicked « Regarder ma carte 1 »: the table turned to the next seat's memory at
    # once and the card looked at showed only in the journal
    board = vk.sandbox()
    seat = board.acting_seat(board.session.step)
    assert seat is not None
    peek = next(a for a in board.engine.legal_actions(board.session.state, seat)
                if type(a).__name__ == "Peek")
    board.play(peek)
    assert board.acting_seat(board.session.step) != seat
    seen = text(board.seen.value)
    assert seen.startswith(f"Ce {fr.elide('que', seat)} vient de faire et de voir")
    assert f"{seat} regarde sa carte" in seen and "(un " in seen, seen
    board.memory.value = False  # the teacher's view shows every face: nothing to add
    assert text(board.seen.value) == ""

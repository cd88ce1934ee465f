"""The Stupides Vautours page creates no widget models as it is used (no leaks)."""

from __future__ import annotations

from ipywidgets.widgets import widget

from tutor.games import vautours as v
from tutor.ui import vautours as sv


def live() -> int:
    return len(widget._instances)


def test_fifty_new_sandbox_deals_create_no_widget_models() -> None:
    box = sv.sandbox()
    box.new_button.click()
    before = live()
    for k in range(50):
        box.seed.value = str(k)
        box.new_button.click()
    assert live() - before == 0


def test_fifty_new_questions_create_no_widget_models() -> None:
    quiz = sv.exercises(seed=1)
    quiz.next_button.click()
    before = live()
    for _ in range(50):
        quiz.buttons[0].click()
        quiz.next_button.click()
    assert live() - before == 0


def test_a_whole_game_of_clicks_stays_bounded() -> None:
    game = sv.play_vs_computer(seed=5)
    game.actions.buttons[0].click()
    before = live()
    while not v.GAME.is_over(game.session.state):
        game.actions.buttons[0].click()
    game.undo_button.click()
    game.redo_button.click()
    assert live() - before <= 5

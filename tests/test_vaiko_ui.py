"""The Vaiko widgets: explorers, memory exercise, calculator, game against the computer."""

from __future__ import annotations

import pytest

from tests.pagetext import text
from tutor import rules
from tutor.games import vaiko as v
from tutor.ui import guarded
from tutor.ui import vaiko as vk

BOOK = rules.load("vaiko")



def test_worked_example_transcripts_match_the_engine() -> None:
    for example_id in BOOK.examples:
        transcript = vk.example(example_id)
        assert "Résultat conforme à l'exemple." in repr(transcript)
        assert all(step.clause.id in BOOK.clauses for step in transcript.steps)


def test_example_explainer_draws_the_table_of_each_step() -> None:
    box = vk.example_explainer("vaiko/ex-echange-avec-carla")
    explainer = box.children[1]
    first = text(explainer.scene_html.value)
    explainer.show_all()
    last = text(explainer.scene_html.value)
    assert "Vue du professeur" in first and first != last
    assert "effet Échange" in text(vk.table_html(vk.example_positions(
        BOOK.examples["vaiko/ex-echange-avec-carla"].data)[1][1][1], None, True))


def test_deck_panel_says_it_is_a_hypothesis() -> None:
    panel = vk.deck_panel()
    assert "Hypothèse du tuteur" in text(panel.body) and "56 cartes" in text(panel.body)
    assert "×2 (4 exemplaires, 10 points)" in repr(panel)


def test_a_player_table_hides_what_the_player_has_not_seen() -> None:
    state = v.situation(["Alex", "Carla"], hands={"Alex": ["7", "3"], "Carla": ["Vision", "1"]},
                        discard=["5"], known={"Alex": [("Alex", 0)]})
    mine = text(vk.table_html(state, "Alex", False))
    assert "7" in mine and "Vision" not in mine and mine.count("?") >= 3
    everything = text(vk.table_html(state, "Alex", True))
    assert "Vision" in everything and "toutes les faces sont visibles" in everything


def test_memory_exercise_asks_after_hiding_and_scores() -> None:
    ex = vk.memory_exercise(seed=2)
    guarded(ex.error)(ex.answer)(0)
    assert "Cachez d'abord les cartes" in text(ex.error.value)
    ex.hide()
    where = ex.cards.index("2")
    ex.answer(where)
    assert "Bonne réponse" in text(ex.feedback.value) and "1 / 1" in text(ex.score.value)
    ex.new_round()
    ex.hide()
    assert ex.swap is not None and "Échange" in text(ex.prompt.value)
    ex.answer((ex.cards.index("2") + 1) % 4)
    assert "Non" in text(ex.feedback.value) and "1 / 2" in text(ex.score.value)


def test_match_explorer_right_and_wrong_attempts() -> None:
    box = vk.match_explorer()
    box.act(1)
    assert box.events[-1].kind == "match" and v.current_seats(box.state) == ("Carla",)
    box.restart()
    box.act(2)
    kinds = [e.kind for e in box.events[-2:]]
    assert kinds == ["miss", "penalty"] and len(box.state.hands[1]) == 5
    assert all(b.disabled for b in box.buttons.children)
    guarded(box.error)(box.act)(0)
    assert "défausse immédiate" in text(box.error.value).lower()


def test_call_calculator_compares_both_readings() -> None:
    box = vk.call_calculator()
    assert "4 − 10 = −6" in text(box.out.value)
    box.points["Carla"].value = 4
    out = text(box.out.value)
    assert "Alex −6" in out and "Alex 14" in out
    box.caller.value = ""
    assert "bonus de" not in text(box.out.value) and "malus de" not in text(box.out.value)


def test_game_against_the_computer_refuses_hostile_input_without_change() -> None:
    game = vk.play_vs_computer(seed=4)
    before, cursor = game.session.state, game.session.cursor
    for hostile in ("Piocher", v.Draw("Alex"), v.Peek(game.me, 9), None, v.Call(game.me)):
        guarded(game.error)(game.play)(hostile)
        assert game.error.value and game.session.state == before
    game.play(v.Peek(game.me, 0))
    assert game.session.cursor == cursor + 1


def play_round(game: vk.GameVsComputer) -> None:
    """Click through one round: look, draw, throw, always pass, call "Vaiko" at once."""
    start = game.session.state.manche
    for _ in range(300):
        state = game.session.state
        if state.manche != start or v.is_over(state):
            return
        legal = v.legal_actions(state, game.me)
        choice = next((a for kind in (v.Pass, v.Peek, v.Draw, v.Discard, v.Call, v.Look,
                                      v.Exchange, v.Swap)
                       for a in legal if type(a) is kind), legal[0])
        game.play(choice)
    pytest.fail("the round did not end")


def test_game_against_the_computer_plays_a_round_and_undoes() -> None:
    game = vk.play_vs_computer(seed=2)
    play_round(game)
    assert "Fin de la manche 1" in text(game.summary.value)
    assert "vaiko/decompte" in text(game.journal.value)
    game.session.undo()
    assert game.summary.value == "" or "Fin de la manche" not in text(game.summary.value)


def test_log_hides_the_computer_players_private_cards_unless_teacher_view() -> None:
    game = vk.play_vs_computer(seed=3)
    draws = [e for e in game.session.events if e.kind == "draw" and e.seat != game.me]
    while not draws:
        play_round(game)
        draws = [e for e in game.session.events if e.kind == "draw" and e.seat != game.me]
    hidden = text(game.journal.value)
    assert "pioche une carte et la regarde en secret" in hidden
    game.teacher.value = True
    assert vk.v.describe(draws[0]) in text(game.journal.value)


def test_vision_and_exchange_controls_build_legal_actions() -> None:
    game = vk.play_vs_computer(seed=1)
    state = v.situation([game.me, "Alex", "Carla"],
                        hands={game.me: ["7", "3"], "Alex": ["1", "2"], "Carla": ["4", "5"]},
                        pile=["Échange"], discard=["9"])
    game.bots = {"Alex": v.MemoryPlayer(seed=1), "Carla": v.MemoryPlayer(seed=2)}
    game.session.restart(state, (), seat=game.me)
    game.play(v.Draw(game.me))
    game.play(v.Discard(game.me))
    assert game.session.state.phase == v.EXCHANGE
    game.target_a.value = ("Alex", 1)
    game.target_b.value = (game.me, 0)  # own card second: the tutor puts it first
    game._exchange()
    assert v.face(game.session.state, game.session.state.hands[0][0]) == "2"


def test_exercises_score_and_explain() -> None:
    ex = vk.exercises(seed=3)
    expected = v.score_round(ex.points, ex.caller).points[ex.caller]
    ex.answer(expected)
    assert "Bonne réponse" in text(ex.feedback.value) and "1 / 1" in text(ex.score.value)
    ex.answer(expected)
    assert "déjà répondu" in text(ex.feedback.value) and "1 / 1" in text(ex.score.value)
    ex.new_question()
    right = v.score_round(ex.points, ex.caller).points[ex.caller]
    ex.answer(right + 20)
    assert "Pas tout à fait" in text(ex.feedback.value) and "1 / 2" in text(ex.score.value)


def test_exercise_generator_makes_both_bonus_and_malus() -> None:
    kinds = set()
    for k in range(40):
        points, caller = vk.make_question(k)
        kinds.add(v.score_round(points, caller).events[-1].kind)
    assert kinds == {"bonus", "malus"}

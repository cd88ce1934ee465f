"""The Drahtseilakt page's widgets: explorers, game, sandbox, exercises, hostile input."""

from __future__ import annotations

import re
from typing import Any

import ipywidgets as w

from tests.pagetext import text
from tutor import rules
from tutor.engine import Event
from tutor.games import drahtseilakt as d
from tutor.games.drahtseilakt import events as ev
from tutor.games.drahtseilakt.core import SCORE_CARDS, ZERO_BLUE, ZERO_RED
from tutor.ui import drahtseilakt as dz
from tutor.ui import guarded

BOOK = rules.load("drahtseilakt")


def test_chain_explorer_resolves_zero_cards_trick_by_trick() -> None:
    explorer = dz.chain_explorer()
    assert [(r.value, r.blue, r.red) for r in explorer.tricks] == [(4, False, True),
                                                                  (3, True, True)]
    explorer.set_deck(())
    for card in (ZERO_RED, ZERO_BLUE, 6):
        explorer.buttons[card].click()
    assert [(r.value, r.blue, r.red) for r in explorer.tricks] == [(6, True, True)]
    assert "annulé" in text(explorer.out.value) and explorer.buttons[6].disabled
    explorer.buttons[ZERO_RED].click()  # already in the pile: refused, nothing changes
    assert explorer.deck == [ZERO_RED, ZERO_BLUE, 6]
    explorer.undo_button.click()
    assert explorer.deck == [ZERO_RED, ZERO_BLUE]
    assert "Il manque une carte" in text(explorer.out.value) and explorer.tricks == []


def test_chain_explorer_refuses_hostile_cards_in_french() -> None:
    explorer = dz.chain_explorer()
    before = list(explorer.deck)
    for hostile in ("0 vert", 10, None, "x" * 5000, 4):
        guarded(explorer.error)(explorer.add)(hostile)
        assert "carte score" in text(explorer.error.value)
        assert explorer.deck == before
    explorer.shuffle_button.click()
    assert sorted(map(str, explorer.deck)) == sorted(map(str, SCORE_CARDS))
    assert len(explorer.tricks) >= 9


def test_pair_view_tells_colours_apart_without_colour() -> None:
    view = dz.pair_view()
    assert view.left == (2, 0)
    shown = text(view.out.value)
    assert "3 paires rouge + bleu" in shown and "Il reste 2 bâtonnets rouges" in shown
    assert view.out.value.count('aria-label="bâtonnet rouge') == 5
    assert view.out.value.count('aria-label="bâtonnet bleu') == 3
    assert 'aria-label="bâtonnet rouge rendu"' in view.out.value
    view.red.value = 0
    assert view.left == (0, 3) and "aucune paire" in text(view.out.value)


def play_first(board: Any) -> None:
    """Click the first visible action, as a learner would."""
    board.actions.buttons[0].click()


def test_game_against_the_computer_refuses_hostile_input_without_change() -> None:
    game = dz.play_vs_computer(seed=4)
    before = game.session.state
    for hostile in (d.Play("Camille", 99), d.Play("Alex", 12), "12", None, d.Play("Camille", -3)):
        guarded(game.error)(game.play)(hostile)  # type: ignore[arg-type]  # deliberately
        assert "drahtseilakt/" in game.error.value and "Traceback" not in game.error.value
        assert game.session.state == before


def test_game_against_the_computer_plays_to_the_end_and_undoes() -> None:
    game = dz.play_vs_computer(seed=2)
    plays = 0
    while not d.GAME.is_over(game.session.state):
        assert len(game.actions.bound) >= len(game.session.state.hands[0])
        play_first(game)
        plays += 1
    assert plays == 27 and "Fin de la partie" in text(game.table.value)
    assert "drahtseilakt/vainqueur" in game.journal.body.value
    game.session.undo()
    assert not d.GAME.is_over(game.session.state) and not game.undo_button.disabled
    game.session.redo()
    assert d.GAME.is_over(game.session.state)


def test_game_in_chaotic_variant_and_with_computers_leading() -> None:
    game = dz.play_vs_computer(seed=3)
    game.settings.preset.value = "chaotique"
    game.settings.opponents.value = 4
    game.start()
    assert d.GAME.current_seats(game.session.state) == game.session.state.players
    play_first(game)
    assert game.session.state.tricks == 1 and "Dernier pli" in text(game.table.value)
    game.settings.preset.value = "standard"
    game.settings.seed.value = "5"
    game.settings.name.value = "Zoé"
    game.start()
    assert d.GAME.current_seats(game.session.state) == ("Zoé",)
    assert "à vous" in text(game.table.value) and "Votre main" in text(game.actions.titles[0].value)


def test_game_number_and_name_are_read_strictly_in_french() -> None:
    game = dz.play_vs_computer()
    for seed in ("1.5", "-2", "x"):
        game.settings.seed.value = seed
        game.settings.start_button.click()
        assert "numéro de partie" in text(game.error.value)
    game.settings.seed.value = "1"
    game.settings.name.value = "x" * 60
    game.settings.start_button.click()
    assert "trop long" in text(game.error.value)


def test_teacher_view_shows_hands_and_score_cards_to_come() -> None:
    game = dz.play_vs_computer(seed=9)
    assert "cartes score à venir" not in text(game.table.value)
    assert "Main :" not in text(game.table.value)
    game.settings.teacher.value = True
    assert "cartes score à venir" in text(game.table.value) and "Main :" in text(game.table.value)


def test_sandbox_plays_every_seat_and_travels_in_time() -> None:
    box = dz.sandbox()
    for _ in range(4):
        play_first(box)
    assert box.session.cursor == 4 and box.time.max == 4
    assert box.session.state.tricks == 1
    box.time.value = 0
    assert box.session.cursor == 0 and box.session.state.trick == ()
    box.redo_button.click()
    assert box.session.cursor == 1
    box.preset.value = "chaotique"
    box.count.value = 5
    box.new_button.click()
    assert len(box.session.state.players) == 5
    assert "Main de Camille" in text(box.actions.titles[0].value)


def test_exercises_score_and_explain() -> None:
    ex = dz.exercises(seed=3)
    right, asked = ex.score_counts()  # the page's progress keeps other tests' answers
    ex.answer(ex.question.answer)
    one = f"{right + 1} / {asked + 1}"
    assert "Bonne réponse" in text(ex.feedback.value) and one in text(ex.score.value)
    ex.answer(ex.question.options[-1])
    assert "déjà répondu" in text(ex.feedback.value) and one in text(ex.score.value)
    ex.new_question()
    wrong = next(o for o in ex.question.options if o != ex.question.answer)
    ex.answer(wrong)
    assert "Pas tout à fait" in text(ex.feedback.value)
    assert f"{right + 1} / {asked + 2}" in text(ex.score.value)


def test_exercise_options_differ_and_zero_cards_are_frequent() -> None:
    questions = [dz.make_question(k) for k in range(100)]
    assert sum("sans" in q.situation for q in questions) > 50
    for q in questions:
        assert len(set(q.options)) == len(q.options) == 4 and q.answer in q.options
        assert not any(ch.isdigit() for o in q.options for ch in o)
    assert {q.options.index(q.answer) for q in questions} == {0, 1, 2}


def test_no_widget_model_leaks() -> None:
    instances = w.widgets.widget._instances
    box = dz.sandbox()
    box.new_button.click()
    before = len(instances)
    for _ in range(50):
        box.new_button.click()
    assert len(instances) == before
    quiz = dz.exercises()
    quiz.next_button.click()
    before = len(instances)
    for _ in range(50):
        quiz.next_button.click()
    assert len(instances) == before
    game = dz.play_vs_computer(seed=6)
    before = len(instances)
    while not d.GAME.is_over(game.session.state):
        play_first(game)
    assert len(instances) - before < 20


def test_worked_examples_are_told_on_their_table() -> None:
    for example_id in BOOK.examples:
        shown = dz.stepper(example_id).unfold()
        assert "Résultat conforme" in repr(shown) and "tv-panel" in shown.scene_html.value
    livret = dz.stepper("drahtseilakt/ex-pli-livret").unfold()
    assert "dz-number" not in livret.scene_html.value  # nothing played before its step
    assert "bâtonnets bleus" not in text(livret.scene_html.value)
    livret.show_all()
    scene = text(livret.scene_html.value)
    assert "3 bâtonnets bleus ▲" in scene and "3 bâtonnets rouges ▼" in scene
    assert "plus forte" in scene and "plus faible" in scene
    count = dz.stepper("drahtseilakt/ex-manche-propre").unfold()
    assert "vainqueur" not in count.scene_html.value and "effacé" in text(count.scene_html.value)


def test_open_points_list_the_rule_file_ambiguities() -> None:
    shown = dz.open_points()
    assert "Ambiguïté" in repr(shown) and "reserve-epuisee" in repr(shown)


def test_describe_tells_every_event_in_french() -> None:
    import random

    rng = random.Random(5)
    kinds: set[type[Event]] = set()
    events: list[Event] = []
    for preset in d.GAME.PRESETS:
        state = d.GAME.new_game([f"J{i}" for i in range(3)], seed=rng.randrange(999),
                                variant=preset)
        events.extend(d.GAME.opening_events(state))
        while not d.GAME.is_over(state):
            for seat in d.GAME.current_seats(state):
                state, evs = d.GAME.apply(state, rng.choice(d.GAME.legal_actions(state, seat)))
                events.extend(evs)
    for example in BOOK.examples.values():
        events.extend(d.GAME.run_example(example.data).events)
    for event in events:
        said = d.GAME.describe(event)
        kinds.add(type(event))
        assert said and "None" not in said and "(s)" not in said
        assert "-" not in re.sub(r"[\w']-[\w']", "", said)
    assert {ev.ZeroTurned, ev.DoubleZero, ev.Revealed, ev.TakesBlue, ev.TakesRed, ev.NoBlue,
            ev.PairsBack, ev.ReserveShort, ev.Tokens, ev.CleanManche, ev.MancheEnds,
            ev.Totalled, ev.Won} <= kinds


def test_pair_view_agrees_in_number_and_says_when_nothing_is_left() -> None:
    view = dz.pair_view()
    view.red.value, view.blue.value = 5, 1
    shown = text(view.out.value)
    assert "1 paire rouge + bleu retourne à la réserve" in shown and "barrées" not in shown
    view.red.value, view.blue.value = 3, 3
    shown = text(view.out.value)
    assert "Il ne reste aucun bâtonnet, soit 0 point" in shown and "Il reste aucun" not in shown


def test_table_shows_the_cards_already_played_this_manche_to_everyone() -> None:
    state = d.GAME.new_game(["Alex", "Bea", "Carla"], seed=1)
    for _ in range(3):
        seat = d.GAME.current_seats(state)[0]
        state, _ = d.GAME.apply(state, d.GAME.legal_actions(state, seat)[0])
    played = d.GAME.view(state, "Alex").played_this_manche
    assert len(played) == 3
    shown = text(dz.table_html(d.GAME.view(state, "Alex")))
    assert "Déjà jouées cette manche" in shown
    assert all(str(c) in shown for c in played)


def test_zero_score_cards_say_which_colour_is_not_paid_in_words() -> None:
    blue, red = dz.score_card(ZERO_BLUE), dz.score_card(ZERO_RED)
    assert "sans bleus ▲" in blue and "sans rouges ▼" in red
    assert ".tv-root .tv-card .tv-kind { text-transform: none;" in dz.CSS  # never "PAS DE ▲"

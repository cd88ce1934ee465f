"""The Drahtseilakt page's widgets: explorers, game, sandbox, exercises, hostile input."""

from __future__ import annotations

import re

from tests.pagetext import text
from tutor import rules
from tutor.games import drahtseilakt as d
from tutor.ui import drahtseilakt as dz
from tutor.ui import guarded

BOOK = rules.load("drahtseilakt")



def test_chain_explorer_resolves_zero_cards_trick_by_trick() -> None:
    explorer = dz.chain_explorer()
    assert [(r.value, r.blue, r.red) for r in explorer.tricks] == [(4, False, True),
                                                                  (3, True, True)]
    explorer.set_deck(())
    for card in (d.ZERO_RED, d.ZERO_BLUE, 6):
        explorer.buttons[card].click()
    assert [(r.value, r.blue, r.red) for r in explorer.tricks] == [(6, True, True)]
    assert "annulé" in text(explorer.out.value) and explorer.buttons[6].disabled
    explorer.buttons[d.ZERO_RED].click()  # already in the pile: refused, nothing changes
    assert explorer.deck == [d.ZERO_RED, d.ZERO_BLUE, 6]
    explorer.undo_button.click()
    assert explorer.deck == [d.ZERO_RED, d.ZERO_BLUE]
    assert "Il manque une carte" in text(explorer.out.value) and explorer.tricks == []


def test_chain_explorer_refuses_hostile_cards_in_french() -> None:
    explorer = dz.chain_explorer()
    before = list(explorer.deck)
    for hostile in ("0 vert", 10, None, "x" * 5000, 4):
        guarded(explorer.error)(explorer.add)(hostile)
        assert "carte score" in text(explorer.error.value)
        assert explorer.deck == before
    explorer.shuffle_button.click()
    assert sorted(map(str, explorer.deck)) == sorted(map(str, d.SCORE_CARDS))
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


def test_game_against_the_computer_refuses_hostile_input_without_change() -> None:
    game = dz.play_vs_computer(seed=4)
    before = game.session.state
    for hostile in ("12", 99, None, "x" * 10_000, -3):
        guarded(game.error)(game.play)(hostile)
        shown = text(game.error.value)
        assert "n'a pas la carte" in shown or "nombre entier" in shown, shown
        assert game.session.state == before


def test_game_against_the_computer_plays_to_the_end_and_undoes() -> None:
    game = dz.play_vs_computer(seed=2)
    plays = 0
    while not d.is_over(game.session.state):
        assert len(game.hand.children) == len(game.session.state.hands[0])
        game.hand.children[0].click()
        plays += 1
    assert plays == 27 and "Totaux finaux" in text(game.table.value)
    assert "drahtseilakt/vainqueur" in game.journal.value
    game.session.undo()
    assert not d.is_over(game.session.state) and game.undo_button.disabled is False


def test_game_in_chaotic_variant_and_with_computers_leading() -> None:
    game = dz.play_vs_computer(seed=3)
    game.preset.value = "chaotique"
    game.opponents.value = 4
    game.start()
    assert d.current_seats(game.session.state) == game.session.state.players
    game.hand.children[-1].click()
    assert game.session.state.tricks == 1 and "Dernier pli" in text(game.last.value)
    game.preset.value = "standard"
    game.seed.value = 5
    game.name.value = "Zoé"
    game.start()
    state = game.session.state
    assert d.current_seats(state) == ("Zoé",)
    assert "à vous" in text(game.table.value)


def test_same_name_as_a_computer_player_is_refused_in_french() -> None:
    game = dz.play_vs_computer()
    game.name.value = "Alex"
    guarded(game.error)(game.start)()
    assert "Deux joueurs ne peuvent pas porter le même nom : Alex." in text(game.error.value)


def test_teacher_view_shows_hands_and_score_cards_to_come() -> None:
    game = dz.play_vs_computer(seed=9)
    assert "cartes score à venir" not in text(game.table.value)
    game.teacher.value = True
    assert "cartes score à venir" in text(game.table.value) and "Main" in text(game.table.value)


def test_sandbox_plays_every_seat_and_travels_in_time() -> None:
    box = dz.sandbox()
    for _ in range(4):
        box.play()
    assert box.session.cursor == 4 and box.time.max == 4
    assert box.session.state.tricks == 1
    box.time.value = 0
    assert box.session.cursor == 0 and box.session.state.trick == ()
    box.preset.value = "chaotique"
    box.start()
    assert len(box.choices.children) == 3


def test_exercises_score_and_explain() -> None:
    ex = dz.exercises(seed=3)
    ex.answer(ex.expected())
    assert "Bonne réponse" in text(ex.feedback.value) and "1 / 1" in text(ex.score.value)
    ex.answer("Personne")
    assert "déjà répondu" in text(ex.feedback.value) and "1 / 1" in text(ex.score.value)
    ex.new_question()
    wrong = next(o for o in ex.options() if o != ex.expected())
    ex.answer(wrong)
    assert "Pas tout à fait" in text(ex.feedback.value) and "1 / 2" in text(ex.score.value)


def test_exercise_generator_uses_zero_cards_often() -> None:
    questions = [dz.make_question(k) for k in range(100)]
    with_zero = sum(any(c in d.ZEROS for c in q[1]) for q in questions)
    assert with_zero > 50
    assert sum(dz.exercises(k).expected() == "Personne" for k in range(10)) >= 1


def test_worked_example_transcripts_match_the_engine() -> None:
    for example_id in BOOK.examples:
        transcript = dz.example(example_id)
        assert "Résultat conforme à l'exemple." in repr(transcript)
        assert all(step.clause.id in BOOK.clauses for step in transcript.steps)


def test_example_explainer_scene_shows_cards_and_sticks() -> None:
    box = dz.example_explainer("drahtseilakt/ex-pli-livret")
    explainer = box.children[1]
    explainer.show_all()
    scene = text(explainer.scene_html.value)
    assert "3 bâtonnets bleus ▲" in scene and "3 bâtonnets rouges ▼" in scene
    assert "plus forte" in scene and "plus faible" in scene


def test_describe_tells_every_event_in_french() -> None:
    import random

    rng = random.Random(5)
    kinds = set()
    events = []
    for preset in d.PRESETS:
        state = d.new_game([f"J{i}" for i in range(3)], seed=rng.randrange(999), variant=preset)
        events.extend(d.opening_events(state))
        while not d.is_over(state):
            for seat in d.current_seats(state):
                state, evs = d.apply(state, rng.choice(d.legal_actions(state, seat)))
                events.extend(evs)
    for example in BOOK.examples.values():
        events.extend(d.run_example(example.data).events)
    for event in events:
        said = d.describe(event)
        kinds.add(event.kind)
        assert said and "None" not in said and "(s)" not in said
        assert "-" not in re.sub(r"[\w']-[\w']", "", said)
    assert {"zero", "double_zero", "reveal", "blue", "red", "no_blue", "pairs", "short",
            "tokens", "clean", "manche_end", "totals", "winner"} <= kinds


def test_pair_view_agrees_in_number_and_says_when_nothing_is_left() -> None:
    view = dz.pair_view()
    view.red.value, view.blue.value = 5, 1
    shown = text(view.out.value)
    assert "1 paire rouge + bleu retourne à la réserve" in shown and "barrées" not in shown
    view.red.value, view.blue.value = 3, 3
    shown = text(view.out.value)
    assert "Il ne reste aucun bâtonnet, soit 0 point" in shown and "Il reste aucun" not in shown


def test_table_shows_the_cards_already_played_this_manche_to_everyone() -> None:
    state = d.new_game(["Alex", "Bea", "Carla"], seed=1)
    for _ in range(3):
        seat = d.current_seats(state)[0]
        state, _ = d.apply(state, d.legal_actions(state, seat)[0])
    played = d.view(state, "Alex").played_this_manche
    assert len(played) == 3
    shown = text(dz.table_html(state, "Alex", False))
    assert "Déjà jouées cette manche" in shown
    assert all(str(c) in shown for c in played)


def test_zero_score_cards_say_which_colour_is_not_paid_in_words() -> None:
    assert "sans bleus ▲" in dz.score_card(d.ZERO_BLUE)
    assert "sans rouges ▼" in dz.score_card(d.ZERO_RED)
    assert "text-transform: none" in dz.CSS

"""The Vampir page's widgets: each part works, refuses bad input in French and changes nothing."""

from __future__ import annotations

from tests.pagetext import text
from tutor import rules
from tutor.games import vampir as v
from tutor.ui import guarded
from tutor.ui import vampir as vp

BOOK = rules.load("vampir")



def test_every_card_says_its_location_and_heads_not_only_its_colour() -> None:
    for card in v.KINDS:
        shown = text(vp.card_html(card))
        if isinstance(card, v.Vampire):
            assert v.LOCATION_NAMES[card.location] in shown and str(card.heads) in shown
        else:
            assert "joker" in shown


def test_hunt_builder_says_valid_or_why_not() -> None:
    box = vp.hunt_builder()
    assert box.check and "Chasse valide" in text(box.verdict.value)
    box.clear()
    for _ in range(3):
        box.add(v.JOKER)
    assert not box.check and "uniquement de jokers" in text(box.verdict.value)
    box.remove_last()
    box.add(v.Vampire("pub", 2))
    assert box.check and box.check.location == "pub"
    box.add(v.Vampire("castle", 1))
    assert "une seule couleur" in text(box.verdict.value)
    guarded(box.error)(box.add)("castle:1")
    assert "n'est pas une carte" not in text(box.verdict.value)
    assert "Ce n'est pas une carte de Vampir." in text(box.error.value)


def test_scoring_explorer_starts_on_the_booklet_example_and_follows_changes() -> None:
    box = vp.scoring_explorer()
    assert dict(box.scoring.points) == {"Anke": 28, "Bernd": 27, "Chris": 20, "Doro": 19}
    assert "3 ✗ défausse" in text(box.out.value)
    box.cells[("Doro", "castle")].value = 4  # Doro now shows red: the red colour is complete
    assert box.scoring.colours[0].discard == ("Doro",)
    box.count.value = 3
    assert set(box.scoring.points) == {"Anke", "Bernd", "Chris"}


def test_game_against_the_computer_refuses_an_action_out_of_turn_without_change() -> None:
    game = vp.play_vs_computer(seed=4)
    before = game.session.state
    for hostile in (v.Draw("Anke"), v.Lay(vp.YOU, v.JOKER, "castle"), "piocher", None):
        guarded(game.error)(game.play)(hostile)  # type: ignore[arg-type]
        assert game.error.value and game.session.state == before
    game.actions.buttons.children[0].click()  # "Piocher 2 cartes"
    assert game.session.state.phase == "drawn" and game.session.cursor == 1


def test_game_against_the_computer_plays_a_whole_manche_and_undoes() -> None:
    game = vp.play_vs_computer(seed=2)
    game.preset.value = "manche-unique"
    game.start()
    while not v.is_over(game.session.state):
        if game.session.state.phase == "turn":
            game.actions.buttons.children[0].click()
        else:
            game.actions.lay_button.click()
        assert game.error.value == ""
    assert "Scores finaux" in text(game.table.value)
    assert "Décompte de la manche 1" in text(game.scoring.value)
    assert "vampir/points" in text(game.journal.value)
    game.session.undo()
    assert not v.is_over(game.session.state)


def test_sandbox_plays_every_seat_and_travels_in_time() -> None:
    box = vp.sandbox()
    box.actions.buttons.children[0].click()
    box.actions.hunt_button.click() if box.actions.hunt.options else box.actions.lay_button.click()
    assert box.session.cursor == 2 and box.time.max == 2
    assert v.current_seats(box.session.state) == ("Bernd",)
    box.time.value = 0
    assert box.session.cursor == 0 and v.current_seats(box.session.state) == ("Anke",)


def test_exercises_score_and_explain() -> None:
    ex = vp.exercises(seed=3)
    assert ex.expected in ex.options and len(set(ex.options)) == 4
    ex.answer(ex.expected)
    assert "Bonne réponse" in text(ex.feedback.value) and "1 / 1" in text(ex.score.value)
    ex.answer(ex.options[0])
    assert "déjà répondu" in text(ex.feedback.value) and "1 / 1" in text(ex.score.value)
    ex.new_question()
    wrong = next(o for o in ex.options if o != ex.expected)
    ex.answer(wrong)
    assert "Pas tout à fait" in text(ex.feedback.value) and "1 / 2" in text(ex.score.value)


def test_worked_example_transcripts_and_explainers_match_the_engine() -> None:
    for example_id in BOOK.examples:
        transcript = vp.example(example_id)
        assert "Résultat conforme à l'exemple." in repr(transcript)
    box = vp.example_explainer("vampir/ex-livret-allemand")
    assert "28" in text(box.children[0].value) and "✗ défausse" in text(box.children[0].value)


def test_describe_never_prints_none_or_a_hyphen_minus_sign() -> None:
    import random

    rng = random.Random(2)
    state = v.new_game(["A", "B", "C"], seed=1, variant="manche-unique")
    events = list(v.opening_events(state))
    while not v.is_over(state):
        state, evs = v.apply(state, rng.choice(v.legal_actions(state, v.current_seats(state)[0])))
        events.extend(evs)
    for example in BOOK.examples.values():
        events.extend(v.run_example(example.data).events)
    kinds = set()
    for event in events:
        sentence = v.describe(event)
        kinds.add(event.kind)
        assert sentence and "None" not in sentence and " - " not in sentence
    assert {"draw", "lay", "take", "hunt", "colour", "points", "winner"} <= kinds

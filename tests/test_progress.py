"""What the learner has met: sandboxes, steppers and exercises mark the clauses they resolve; the
progress kept in the browser round-trips, merges with what was done before it arrived, and a
malformed or hostile stored text is ignored with a French notice; the exercises on what is not
met yet only ask about such clauses and are graded by the engine."""

from __future__ import annotations

import html
import importlib
import json
import re
from collections.abc import Iterator
from typing import Any

import pytest
from ipywidgets.widgets import widget

from tests.test_french import misspelt, violations
from tutor import fr
from tutor.games import GAMES
from tutor.games.vautours.events import RefusedPlay
from tutor.ui import progress_store as store
from tutor.ui import vautours as sv
from tutor.ui.bridge import BrowserLink
from tutor.ui.exercises import Exercises, seeded_games
from tutor.ui.page import GamePage
from tutor.ui.progress import Progress
from tutor.ui.progress_map import ProgressMap, map_html
from tutor.ui.progress_store import FORMAT, MAX_STORED, OTHER_FORMAT, PART_UNREADABLE, UNREADABLE

MODULES = {game: info.page_module for game, info in GAMES.items()}


def page_of(game_id: str) -> GamePage[Any, Any, Any, Any]:
    page: GamePage[Any, Any, Any, Any] = importlib.import_module(MODULES[game_id]).PAGE
    return page


@pytest.fixture(autouse=True)
def fresh_progress() -> Iterator[None]:
    """Each test starts with nothing met on every page (pages are module-level singletons)."""
    pages = [page_of(g) for g in MODULES]
    for page in pages:
        page._progress = Progress(page.book())
    yield
    for page in pages:
        page._progress = None


def arrive(link: BrowserLink, stored: str) -> None:
    """What the browser sends when the page draws the link (one state update)."""
    link.set_state({"query": "", "stored": stored, "loaded": True})


def test_the_steps_played_in_a_sandbox_mark_their_clauses_met_in_play() -> None:
    progress = sv.PAGE.progress
    box = sv.sandbox()
    assert progress.counts == {}  # the deal shown at load is not the learner's doing
    while len(box.session.steps) < 4:  # every seat lays a card: the manche resolves
        seat = box.acting_seat(box.session.step)
        assert seat is not None
        box.play(box.engine.legal_actions(box.session.state, seat)[0])
    played = {e.clause for st in box.session.steps[1:] for e in st.events}
    assert {"vautours/choix", "vautours/devoilement"} <= played
    for clause in played:
        assert progress.of(clause)["play"] >= 1, clause
    html = map_html(progress)
    assert 'data-clause="vautours/devoilement" data-status="met"' in html
    assert 'data-clause="vautours/but" data-status="none"' in html
    # travelling in the history counts nothing new
    before = dict((c, list(v)) for c, v in progress.counts.items())
    box.undo_button.click()
    box.redo_button.click()
    assert progress.counts == before


def test_a_game_against_the_computer_marks_its_clauses_met_in_play() -> None:
    progress = sv.PAGE.progress
    game = sv.play_vs_computer(seed=2)
    assert progress.counts == {}
    game.actions.buttons[0].click()  # the learner's card, then the computer players'
    assert progress.of("vautours/choix")["play"] >= 2
    assert progress.of("vautours/devoilement")["play"] == 1
    # the deal this game was played from counts once, with the learner's first move (a
    # learner saw the journal cite the set-up while the map said « pas encore rencontré »)
    steps = game.session.steps
    later = {e.clause for st in steps[1:] for e in st.events}
    dealt = [e.clause for e in steps[0].events if e.clause not in later]
    assert dealt
    for clause in dealt:
        assert progress.of(clause)["play"] == dealt.count(clause), clause
    game.actions.buttons[0].click()
    for clause in dealt:
        assert progress.of(clause)["play"] == dealt.count(clause), clause


def test_a_refusal_asks_which_clause_forbids_the_move_it_tells() -> None:
    page = sv.PAGE
    for example_id in page.book().examples:
        sv.stepper(example_id)
    exercises = Exercises(page, page.progress)
    (step,) = [s for s in exercises.steps["vautours/main"] if isinstance(s.event, RefusedPlay)]
    q = exercises.question(step)
    assert q.answer == page.book().clause("vautours/main").title
    assert "n’a plus la carte 15" in q.situation and len(set(q.options)) == 3


def test_stepping_through_a_worked_example_marks_what_was_shown() -> None:
    progress = sv.PAGE.progress
    example = sv.stepper("vautours/ex-egalite-livret")
    assert progress.counts == {}  # shown as text only: not stepped through
    stepper = example.unfold()
    first = stepper.events[0].clause
    assert progress.of(first)["example"] == 1
    stepper.show_all()
    stepper.move(-1)
    stepper.show_all()
    for event in stepper.events:  # each step counted once, however often it is shown
        cited = sum(e.clause == event.clause for e in stepper.events)
        assert progress.of(event.clause)["example"] == cited


def test_an_answer_marks_the_clauses_of_the_question_right_or_wrong() -> None:
    progress = sv.PAGE.progress
    quiz = sv.exercises(seed=3)
    q = quiz.question
    quiz.answer(q.answer)
    assert all(progress.of(c)["right"] == 1 for c in q.about)
    quiz.new_question()
    q = quiz.question
    wrong = next(o for o in q.options if o != q.answer)
    quiz.answer(wrong)
    assert all(progress.of(c)["wrong"] == 1 for c in q.about)
    assert 'data-kind="wrong"' in map_html(progress)


@pytest.mark.parametrize("game_id", list(MODULES))
def test_every_pages_exercises_count_in_its_progress(game_id: str) -> None:
    page, module = page_of(game_id), importlib.import_module(MODULES[game_id])
    quiz = module.exercises()
    quiz.answer(quiz.question.answer)
    assert quiz.question.about
    assert all(page.progress.of(c)["right"] == 1 for c in quiz.question.about)


def browser_merge(kept: str, text: str) -> str:
    """What the browser's side of the link writes (tutor/ui/bridge.py), in Python: the saved
    text's tabs replace theirs in what is kept, the others stay; what cannot be merged is
    replaced (the browser first keeps it aside)."""
    mine = json.loads(text)
    gone = mine.pop("gone", [])
    try:
        doc = json.loads(kept)
    except ValueError:
        doc = None
    if isinstance(doc, dict) and isinstance(doc.get("tabs"), dict) \
            and (doc.get("format"), doc.get("game")) == (mine["format"], mine["game"]):
        for tab in gone:
            doc["tabs"].pop(tab, None)
        doc["tabs"].update(mine["tabs"])
        return json.dumps(doc)
    return json.dumps(mine)


def test_the_stored_text_round_trips() -> None:
    book = sv.book()
    progress = Progress(book)
    progress.mark("play", ["vautours/egalite", "vautours/egalite"])
    progress.mark("wrong", ["vautours/somme"])
    text = progress.dump()
    assert json.loads(text)["format"] == FORMAT
    assert json.loads(text)["tabs"] == {progress.tab: {"vautours/egalite": [2, 0, 0, 0],
                                                       "vautours/somme": [0, 0, 0, 1]}}
    again = Progress(book)
    again.merge(text)
    assert again.counts == progress.counts
    assert again.mine == {} and again.others == {progress.tab: progress.mine}


def test_what_the_learner_did_before_the_browser_answered_is_added_not_overwritten() -> None:
    book = sv.book()
    kept = Progress(book)
    kept.mark("right", ["vautours/egalite"])
    link = BrowserLink(key="tutor:vautours")
    progress = Progress(book, link)
    progress.mark("play", ["vautours/egalite"])
    assert link.stored == ""  # nothing written before the browser's text arrived
    arrive(link, kept.dump())
    assert progress.of("vautours/egalite") == {"play": 1, "example": 0, "right": 1, "wrong": 0}
    assert json.loads(link.stored)["tabs"][progress.tab]["vautours/egalite"] == [1, 0, 0, 0]
    progress.mark("wrong", ["vautours/somme"])
    assert json.loads(link.stored)["tabs"][progress.tab]["vautours/somme"] == [0, 0, 0, 1]
    assert progress.of("vautours/somme")["wrong"] == 1


def test_two_tabs_alternating_moves_lose_nothing() -> None:
    """Two tabs of one page, each saving after every move, the browser merging each save into
    what it keeps and telling the other tab (its ``storage`` event)."""
    book = sv.book()
    kept = ""
    links = [BrowserLink(key="tutor:vautours"), BrowserLink(key="tutor:vautours")]
    tabs = [Progress(book, link) for link in links]
    for link in links:
        arrive(link, kept)
        kept = browser_merge(kept, link.stored)
    for move in range(6):
        k = move % 2
        tabs[k].mark("play", ["vautours/egalite"])
        kept = browser_merge(kept, links[k].stored)
        links[1 - k].set_state({"incoming": kept})
    for tab in tabs:
        assert tab.of("vautours/egalite")["play"] == 6
    fresh = Progress(book)
    fresh.merge(kept)
    assert fresh.of("vautours/egalite")["play"] == 6


def test_past_the_tab_limit_the_oldest_tabs_fold_into_the_saving_one() -> None:
    book = sv.book()
    kept = ""
    for _ in range(store.MAX_TABS + 5):  # that many visits, one after the other
        link = BrowserLink(key="tutor:vautours")
        visit = Progress(book, link)
        arrive(link, kept)
        kept = browser_merge(kept, link.stored)
        visit.mark("play", ["vautours/egalite"])
        kept = browser_merge(kept, link.stored)
    assert len(json.loads(kept)["tabs"]) <= store.MAX_TABS
    fresh = Progress(book)
    fresh.merge(kept)
    assert fresh.of("vautours/egalite")["play"] == store.MAX_TABS + 5


HOSTILE = [
    "pas du JSON", "[]", "null", '"texte"', '{"format": 2}', "[" * 15_000 + "]" * 15_000,
    '{"format": 2, "game": "vautours", "tabs": []}',
    '{"format": 1, "game": "vautours", "clauses": []}',
    '{"format": 2, "game": "vautours", "tabs": {"a": {"vautours/egalite": [' + "9" * 5000
    + ", 0, 0, 0]}}}",
]


@pytest.mark.parametrize("text", HOSTILE, ids=range(len(HOSTILE)))
def test_an_unreadable_stored_text_is_kept_aside_with_a_french_notice(text: str) -> None:
    link = BrowserLink(key="tutor:vautours")
    progress = Progress(sv.book(), link)
    progress.mark("play", ["vautours/egalite"])
    arrive(link, text)
    assert progress.notice == UNREADABLE
    assert "garde à part" in progress.notice
    assert progress.counts == {"vautours/egalite": [1, 0, 0, 0]}
    assert json.loads(link.stored)["tabs"] == {progress.tab: {"vautours/egalite": [1, 0, 0, 0]}}
    assert store.read(text, "vautours", sv.book().clauses, store.tab_key()).aside, \
        "the browser keeps it aside"
    assert fr.typography(progress.notice) == progress.notice
    assert UNREADABLE in map_html(progress)


BAD_ENTRIES = [[1, 2, 3], [1, -2, 0, 0], [True, 0, 0, 0], ["1", 0, 0, 0], [1.5, 0, 0, 0],
               "beaucoup", None, {"play": 1}]


@pytest.mark.parametrize("bad", BAD_ENTRIES, ids=range(len(BAD_ENTRIES)))
def test_a_bad_entry_drops_only_itself(bad: object) -> None:
    a, b, c = (store.issue(store.tab_key()) for _ in range(3))
    text = json.dumps({"format": 2, "game": "vautours", "tabs": {
        a: {"vautours/egalite": [2, 0, 1, 0], "vautours/somme": bad},
        b: {"vautours/somme": [0, 1, 0, 0]}, c: bad, "": {"vautours/egalite": [9, 9, 9, 9]}}})
    progress = Progress(sv.book())
    progress.merge(text)
    assert progress.notice == PART_UNREADABLE
    assert progress.counts == {"vautours/egalite": [2, 0, 1, 0], "vautours/somme": [0, 1, 0, 0]}
    assert not store.read(text, "vautours", sv.book().clauses, store.tab_key()).aside


def test_a_stored_text_too_large_is_refused_with_a_french_notice_and_saving_goes_on() -> None:
    link = BrowserLink(key="tutor:vautours")
    progress = Progress(sv.book(), link)
    link.set_state({"query": "", "stored": "", "oversize": 2_000_000, "loaded": True})
    assert "trop volumineux" in progress.notice and "2\u202f000\u202f000 caractères" in \
        progress.notice
    progress.mark("play", ["vautours/egalite"])
    assert json.loads(link.stored)["tabs"][progress.tab] == {"vautours/egalite": [1, 0, 0, 0]}
    over = '{"format": 2, "game": "vautours", "tabs": {}}' + " " * MAX_STORED
    assert store.read(over, "vautours", [], store.tab_key()).aside
    assert "trop volumineux" in store.read(over, "vautours", [], store.tab_key()).notice


@pytest.mark.parametrize("text", [
    '{"format": 3, "game": "vautours", "tabs": {}}',
    '{"format": 2, "game": "vampir", "tabs": {}}',
])
def test_another_format_or_game_is_kept_aside(text: str) -> None:
    progress = Progress(sv.book())
    progress.merge(text)
    assert progress.notice == OTHER_FORMAT and progress.counts == {}
    assert "garde à part" in OTHER_FORMAT


def test_the_first_format_is_read_into_this_tab() -> None:
    progress = Progress(sv.book())
    progress.merge(json.dumps({"format": 1, "game": "vautours", "clauses": {
        "vautours/egalite": [10**12, 0, 0, 0], "vautours/retiree": [1, 0, 0, 0]}}))
    assert progress.notice == ""
    assert progress.counts == {"vautours/egalite": [1_000_000, 0, 0, 0]}
    assert progress.mine == progress.counts


@pytest.mark.parametrize("game_id", list(MODULES))
def test_generated_exercises_ask_only_about_clauses_not_met_with_the_engines_answer(
        game_id: str) -> None:
    page, module = page_of(game_id), importlib.import_module(MODULES[game_id])
    for example_id in page.book().examples:  # as the page does: each example's table
        module.stepper(example_id)
    progress = page.progress
    exercises = Exercises(page, progress)
    covered = [c for c in page.book().clauses if c in exercises.steps]
    assert len(covered) >= len(page.book().clauses) // 2
    progress.mark("play", covered[::2])  # half of them met
    engine = GAMES[game_id].engine()
    replays = [[(engine.describe(e), e.clause) for e in engine.run_example(ex.data).events]
               for ex in page.book().examples.values()]
    replays += [[(engine.describe(e), e.clause) for e in events]
                for _, events in seeded_games(page)]
    asked = set()
    for k in range(len(covered)):
        q = exercises.make(k)
        (clause,) = q.about
        assert not progress.met(clause)
        asked.add(clause)
        title = page.book().clause(clause).title
        # the answer is the engine's: an event of a replayed example citing that clause, or the
        # title of the clause the engine's event cites
        assert q.answer in q.options
        assert (q.answer == title and q.events[0].clause == clause) or any(
            (q.answer, clause) in events for events in replays)
        assert q.events[0].clause == clause
    assert asked == set(covered[1::2])
    # every clause met: the exercises become revision, and say so
    progress.mark("play", covered)
    exercises.make(0)
    assert exercises.revision


def test_the_page_says_which_clauses_have_no_exercise_yet() -> None:
    view = sv.progress()
    view.button.click()
    assert view.quiz is not None
    note = view.note.value
    assert "Pas encore d’exercice pour" in note
    assert fr.quote(fr.typography(sv.book().clause("vautours/but").title)) in note


def test_answers_in_the_generated_exercises_update_the_map() -> None:
    view = sv.progress()
    view.button.click()
    assert view.quiz is not None
    q = view.quiz.question
    view.quiz.answer(q.answer)
    (clause,) = q.about
    assert f'data-clause="{clause}" data-status="met"' in view.map.value
    view.button.click()  # the next question is on a clause not met yet
    assert view.quiz.question.about != q.about


def test_the_map_and_its_exercises_create_no_widget_models_as_they_are_used() -> None:
    view = sv.progress()
    box = sv.sandbox()
    view.button.click()
    assert view.quiz is not None and isinstance(view, ProgressMap)
    before = len(widget._instances)
    for _ in range(20):
        seat = box.acting_seat(box.session.step)
        if seat is None:
            box.new_button.click()
            continue
        box.play(box.engine.legal_actions(box.session.state, seat)[0])
        view.quiz.buttons[0].click()
        view.quiz.next_button.click()
        view.button.click()
    assert len(widget._instances) == before


def visible_text(markup: str) -> str:
    """What a learner reads of some markup (tags and style sheets dropped, entities decoded)."""
    markup = re.sub(r"<style>.*?</style>", " ", markup, flags=re.S)
    return html.unescape(re.sub(r"<[^>]+>", " ", markup))


@pytest.mark.parametrize("game_id", list(MODULES))
def test_the_map_and_its_exercises_read_in_correct_french(game_id: str) -> None:
    page, module = page_of(game_id), importlib.import_module(MODULES[game_id])
    view = module.progress()
    view.progress.mark("play", list(page.book().clauses)[:3])
    view.progress.mark("wrong", list(page.book().clauses)[3:4])
    view.progress.notice = UNREADABLE
    view.button.click()
    assert view.quiz is not None
    texts = [visible_text(view.map.value), visible_text(view.note.value), view.button.description]
    for k in range(6):
        q = view.exercises.make(k) if view.exercises else None
        assert q is not None
        texts += [q.prompt, *q.options, q.reading]
    for text in texts:
        text = re.sub(r"[ \t\n]+", " ", text).strip()
        assert not violations(text), violations(text)
        assert not misspelt(text), (sorted(misspelt(text)), text)


def test_a_page_without_any_exercise_says_so_instead_of_failing(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("tutor.ui.exercises.exercise_steps", lambda page: {})
    view = sv.progress()
    view.button.click()
    assert view.quiz is None and view.error.value == ""
    assert f"Pas encore d’exercice pour {len(sv.book().clauses)} articles" in view.note.value


def test_an_exercise_s_score_survives_a_reload() -> None:
    """« Score : 1 / 1 » is kept by the browser with the progress: after a reload, the same
    exercises show it again (once the browser's text has arrived), and a new answer adds to
    it; the progress map still shows only clauses."""
    book = sv.book()
    link = BrowserLink(key="tutor:vautours")
    sv.PAGE._progress = Progress(book, link)
    arrive(link, "")
    quiz = sv.exercises(seed=3)
    quiz.answer(quiz.question.answer)
    assert "Score\u202f: 1 / 1" in quiz.score.value
    assert any(store.is_score(k) for k in json.loads(link.stored)["tabs"][sv.PAGE.progress.tab])
    # the reload: a new kernel, a new tab's progress, the browser's text arriving after
    again = BrowserLink(key="tutor:vautours")
    sv.PAGE._progress = Progress(book, again)
    quiz = sv.exercises(seed=3)
    assert "Score\u202f: 0 / 0" in quiz.score.value
    arrive(again, link.stored)
    assert "Score\u202f: 1 / 1" in quiz.score.value
    q = quiz.question
    quiz.answer(next(o for o in q.options if o != q.answer))
    assert "Score\u202f: 1 / 2" in quiz.score.value
    shown = map_html(sv.PAGE.progress)
    assert store.SCORE_PREFIX not in shown

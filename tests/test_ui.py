"""The widget layer: session controller, error routing, views, apps, Accueil, notebooks."""

from __future__ import annotations

import ast
import copy
import json
import logging
import random
import re
import tomllib
from importlib import import_module
from pathlib import Path

import pytest

from tests.pagetext import text
from tutor import fr, rules
from tutor.engine import Event, IllegalAction, Won
from tutor.games import GAMES
from tutor.games import vautours as v
from tutor.games.vautours import engine as vautours_engine
from tutor.games.vautours import events as ve
from tutor.games.vautours.engine import resolve_round
from tutor.games.vautours.state import HAND
from tutor.ui import ErrorArea, Session, guarded, home
from tutor.ui import html as h
from tutor.ui import vautours as sv
from tutor.ui.page import GamePage
from tutor.ui.protocol import Page

from .conftest import ROOT, notebook_path

BOOK = rules.load("vautours")



def new_session() -> Session[v.State, v.Play, v.View, ve.VautoursEvent]:
    state = v.GAME.new_game(["A", "B"], seed=3)
    return Session(v.GAME, state, v.GAME.opening_events(state))


def test_session_act_undo_redo_and_time_travel() -> None:
    s = new_session()
    start = s.state
    s.act(v.Play("A", 5), v.Play("B", 9))
    after_one = s.state
    assert s.cursor == 1 and vautours_engine.manche(after_one) == 2
    assert s.can_undo and not s.can_redo
    s.undo()
    assert s.state == start and s.can_redo
    s.redo()
    assert s.state == after_one
    s.goto(0)
    s.act(v.Play("A", 1), v.Play("B", 2))  # a new branch forgets the undone steps
    assert len(s.steps) == 2 and s.state != after_one
    with pytest.raises(ValueError, match="Étape inexistante"):
        s.goto(7)


def test_session_step_is_all_or_nothing() -> None:
    s = new_session()
    before, version = s.state, s.version
    with pytest.raises(IllegalAction) as e:
        s.act(v.Play("A", 5), v.Play("A", 6))
    assert e.value.clause == "vautours/choix"
    assert s.state == before and s.version == version and len(s.steps) == 1


def test_session_observers_see_every_change() -> None:
    s = new_session()
    seen: list[int] = []
    s.observe(lambda ch: seen.append(ch["new"]), names="version")
    s.act(v.Play("A", 5), v.Play("B", 9))
    s.undo()
    s.redo()
    assert len(seen) == 3


def test_guard_shows_illegal_action_in_french_with_its_clause() -> None:
    area = ErrorArea(BOOK)

    @guarded(area)
    def bad() -> None:
        raise IllegalAction("Carte absente de la main.", "vautours/main")

    bad()
    assert "Carte absente de la main." in text(area.value)
    assert "Jouer une carte de sa main (vautours/main)" in text(area.value)


def test_guard_shows_a_generic_message_and_logs_a_bug(caplog: pytest.LogCaptureFixture) -> None:
    area = ErrorArea(BOOK)

    @guarded(area)
    def broken() -> None:
        raise ZeroDivisionError("boom")

    with caplog.at_level(logging.ERROR, logger="tutor.ui"):
        broken()
    assert "problème inattendu" in text(area.value) and "boom" not in text(area.value)
    assert "ZeroDivisionError" in caplog.text


def test_describe_tells_every_event_in_french() -> None:
    rng = random.Random(5)
    kinds: set[type[Event]] = set()
    for preset in v.GAME.PRESETS:
        for n in (2, 5):
            state = v.GAME.new_game([f"J{i}" for i in range(n)], seed=rng.randrange(999),
                               variant=preset)
            events: list[Event] = list(v.GAME.opening_events(state))
            while not v.GAME.is_over(state):
                for seat in v.GAME.current_seats(state):
                    state, evs = v.GAME.apply(state, rng.choice(v.GAME.legal_actions(state, seat)))
                    events.extend(evs)
            for example in BOOK.examples.values():
                events.extend(v.GAME.run_example(example.data).events)
            for event in events:
                text = v.GAME.describe(event)
                kinds.add(type(event))
                assert text and "None" not in text and "-" not in re.sub(r"[\w']-[\w']", "", text)
    assert {ve.Cancelled, ve.NoWinner, ve.PileWon, ve.Taken, ve.Revealed, ve.Counted, Won,
            ve.RefusedPlay} <= kinds


def test_play_event_never_reveals_the_hidden_card() -> None:
    state = v.GAME.new_game(["A", "B"], seed=1)
    _, events = v.GAME.apply(state, v.Play("A", 13))
    assert "13" not in v.GAME.describe(events[0])


def test_french_typography_uses_non_breaking_spaces() -> None:
    assert (fr.typography("Règle : « oui » ; non ?")
            == "Règle\u202f: «\u202foui\u202f»\u202f; non\u202f?")
    assert "\u2212" in h.point_card(-3) and "Vautour" in h.point_card(-3)
    assert "▼" in h.point_card(-3) and "▲" not in h.point_card(-3)
    assert "Suricate" in h.point_card(4) and "▲" in h.point_card(4)


def test_tie_explorer_resolves_and_reports_bad_input() -> None:
    explorer = sv.tie_explorer()
    assert explorer.result.winner == "Carla"
    explorer.cards[3].value = 12
    assert explorer.result.winner is None
    for toggle in explorer.pile.values():
        toggle.value = False
    assert "La pile en jeu ne peut pas être vide" in text(explorer.error.value)
    assert explorer.table.value.count("tv-card") == 0
    explorer.pile[-2].value = True
    assert explorer.error.value == "" and explorer.result.mode == "vautour"
    explorer.count.value = 2
    assert resolve_round({"Alex": 14, "Carla": 12}, [-2]).events == explorer.result.events


def _hand(board: sv.Game | sv.Sandbox) -> list[str]:
    panel = board.actions
    return [panel.buttons[k].description for k, action in panel.bound.items()
            if action is not None]


def test_game_against_the_computer_plays_only_legal_cards_and_refuses_others() -> None:
    game = sv.play_vs_computer(seed=4)
    assert _hand(game) == [str(c) for c in HAND]
    before = game.session.state
    for hostile in ("12", 99, None, "x" * 10_000, -3):
        guarded(game.error)(game.play)(v.Play("Camille", hostile))  # type: ignore[arg-type]
        assert "Camille n'a pas la carte" in text(game.error.value)
        assert game.session.state == before
    game.play(v.Play("Camille", 7))
    assert game.session.cursor == 1 and 7 not in game.session.state.hands[0]
    assert "7" not in _hand(game)


def test_game_against_the_computer_plays_to_the_end_by_clicking_and_undoes() -> None:
    game = sv.play_vs_computer(seed=2)
    while not v.GAME.is_over(game.session.state):
        game.actions.buttons[0].click()
    assert "Fin de la partie" in text(game.table.value)
    assert game.session.cursor == 15
    game.undo_button.click()
    assert not v.GAME.is_over(game.session.state) and game.redo_button.disabled is False


def test_a_learner_named_like_a_computer_player_plays_other_opponents() -> None:
    game = sv.play_vs_computer()
    game.settings.name.value = "Alex"
    game.settings.start_button.click()
    assert game.error.value == "" and game.session.state.players == ("Alex", "Carla", "Dario")
    game.settings.name.value = "x" * 200
    game.settings.start_button.click()
    assert "trop long" in text(game.error.value)


def test_teacher_view_shows_the_deck_to_come() -> None:
    game = sv.play_vs_computer(seed=9)
    assert "pioche à venir" not in text(game.table.value)
    game.settings.teacher.value = True
    assert "pioche à venir" in text(game.table.value)


def test_shared_last_pile_reading_has_a_control() -> None:
    game = sv.play_vs_computer(seed=3)
    assert game.shared in game.settings.children
    game.shared.value = True
    game.settings.start_button.click()
    assert game.session.state.variant.last_pile == "shared"
    box = sv.sandbox()
    box.shared.value = True
    box.new_button.click()
    assert box.session.state.variant.last_pile == "shared"
    assert "partagée" in text(sv.readings().body)


def test_sandbox_plays_every_seat_and_travels_in_time() -> None:
    box = sv.sandbox()
    for _ in range(2):  # one card for each of the two seats: one manche
        box.actions.buttons[0].click()
    assert box.session.cursor == 2 and box.time.max == 2
    assert "Manche précédente" in text(box.table.value)
    box.time.value = 0
    assert box.session.cursor == 0 and vautours_engine.manche(box.session.state) == 1


def test_exercises_score_and_explain() -> None:
    ex = sv.exercises(seed=3)
    # the score counts every answer the page's progress keeps (other tests may have answered
    # on this page in this process): this test counts from where it finds it
    right, asked = ex.score_counts()
    q = ex.question
    assert q.answer == (resolve_round(*sv.make_situation(3000)).winner or "Personne")
    ex.answer(q.answer)
    one = f"{right + 1} / {asked + 1}"
    assert "Bonne réponse" in text(ex.feedback.value) and one in text(ex.score.value)
    assert "vautours/egalite" in text(ex.feedback.value)
    ex.answer("Personne")
    assert "déjà répondu" in text(ex.feedback.value) and one in text(ex.score.value)
    ex.next_button.click()
    wrong = next(o for o in ex.question.options if o != ex.question.answer)
    ex.answer(wrong)
    assert "Pas tout à fait" in text(ex.feedback.value)
    assert f"{right + 1} / {asked + 2}" in text(ex.score.value)


def test_exercise_generator_makes_ties_often() -> None:
    ties = sum(len(set(plays.values())) < len(plays)
               for plays, _ in (sv.make_situation(k) for k in range(100)))
    assert ties > 50


def test_tiebreak_compare_shows_both_readings() -> None:
    box = sv.tiebreak_compare()
    assert "Vainqueur : Dario" in text(box.out.value) and "Vainqueur : Carla" in text(box.out.value)
    box.inputs["Léo"].value = "1, quinze"
    assert "« quinze » n'est pas une valeur de carte Points" in text(box.error.value)


@pytest.mark.parametrize("typed, reason", [
    ("8, 1", "la carte +8 est déjà à Alex"),
    ("1, 1", "la carte +1 est déjà"),
    ("11", "+11 n'est pas une carte Points"),
    ("0", "0 n'est pas une carte Points"),
    ("−6", "−6 n'est pas une carte Points"),
    ("2.5", "« 2.5 » n'est pas une valeur"),
])
def test_tiebreak_compare_refuses_impossible_winnings(typed: str, reason: str) -> None:
    box = sv.tiebreak_compare()
    box.inputs["Léo"].value = typed
    assert reason in text(box.error.value)
    assert box.out.value.count("Vainqueur") == 0


def test_each_worked_example_steps_on_its_table_from_the_first_step() -> None:
    for example_id in BOOK.examples:
        stepper = sv.stepper(example_id).unfold()
        assert "Résultat conforme à l’exemple." in repr(stepper)
        first = text(stepper.scene_html.value)
        assert first.strip(), example_id
        stepper.show_all()
        if len(stepper.events) > 1:
            assert text(stepper.scene_html.value) != first, example_id
    booklet = sv.stepper("vautours/ex-egalite-livret").unfold()
    assert "remporte la pile" not in text(booklet.scene_html.value)
    booklet.show_all()
    assert "Carla remporte la pile (+7)" in text(booklet.scene_html.value)
    carry = sv.stepper("vautours/ex-report-plus-3").unfold()
    assert "Alex" in text(carry.scene_html.value) and "+6" in text(carry.scene_html.value)


def test_worked_example_transcripts_match_the_engine() -> None:
    for example_id in BOOK.examples:
        transcript = sv.example(example_id)
        assert "Résultat conforme à l’exemple." in repr(transcript)
        assert all(step.clause.id in BOOK.clauses for step in transcript.steps)


def test_page_says_suricate_and_vautour_not_souris() -> None:
    shown = " ".join([text(sv.readings().body), *(label for label, _ in
                                                  sv.play_vs_computer().settings.preset.options)])
    assert "souris" not in fr.typography(shown).replace("ivret «\u202fsouris\u202f»", "")


def test_accueil_lists_every_registered_game_with_a_relative_link() -> None:
    cards = home.game_cards().value
    for game, info in GAMES.items():
        assert notebook_path(game).exists()
        if not info.listed:  # the tests' own game
            assert info.title not in cards
            continue
        assert f'href="{info.notebook}"' in cards and info.title in cards


#: the names of the Page protocol: its attributes and its functions
PAGE_NAMES = sorted({*Page.__annotations__, *(name for name, value in vars(Page).items()
                                              if callable(value) and not name.startswith("_"))})


@pytest.mark.parametrize("game", list(GAMES))
def test_every_games_page_module_provides_the_page_protocol_on_its_own_engine(game: str) -> None:
    """The names a notebook calls and the shared tests read are there (mypy checks their types:
    tests/test_typing.py), and the page, its surface and the registry share one engine."""
    module = import_module(GAMES[game].page_module)
    assert {"PAGE", "SURFACE", "style", "play_vs_computer", "exercises"} <= set(PAGE_NAMES)
    assert [name for name in PAGE_NAMES if not hasattr(module, name)] == []
    assert isinstance(module, Page)
    assert isinstance(module.PAGE, GamePage) and module.SURFACE.page is module.PAGE
    assert module.PAGE.engine is module.SURFACE.engine is GAMES[game].engine()
    assert module.PAGE.info is GAMES[game]
    with pytest.raises(TypeError, match="un autre moteur"):
        GamePage(copy.copy(GAMES[game].engine()), "")


def test_one_public_address_for_binder_badges_and_accueil() -> None:
    url = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["urls"]["Repository"]
    assert home.repository() == url
    repo = url.removeprefix("https://github.com/")
    readme = (ROOT / "README.md").read_text()
    links = re.findall(r"https://mybinder\.org/v2/gh/([^/]+/[^/]+)/", readme)
    assert links and set(links) == {repo}
    assert home.binder_links()["voila"] in readme and home.binder_links()["lab"] in readme


def test_only_the_ui_package_imports_ipywidgets() -> None:
    for path in (ROOT / "tutor").rglob("*.py"):
        if "ui" in path.relative_to(ROOT / "tutor").parts:
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        imported = {alias.name.split(".")[0] for node in ast.walk(tree)
                    if isinstance(node, ast.Import) for alias in node.names}
        imported |= {(node.module or "").split(".")[0] for node in ast.walk(tree)
                     if isinstance(node, ast.ImportFrom)}
        assert "ipywidgets" not in imported, path


@pytest.mark.parametrize("path", sorted((ROOT / "notebooks").glob("*.ipynb")), ids=lambda p: p.name)
def test_notebooks_are_thin_and_hold_no_widget_state(path: Path) -> None:
    nb = json.loads(path.read_text())
    assert "widgets" not in nb["metadata"]
    for cell in nb["cells"]:
        if cell["cell_type"] != "code":
            continue
        source = "".join(cell["source"])
        assert not re.search(r"^\s*(def|class|async def)\s", source, re.M), source
        assert len([line for line in source.splitlines() if line.strip()]) <= 3, source
        checked = "nbval-check-output" in cell["metadata"].get("tags", [])
        assert "NBVAL" not in source, "the harness marks cells with a tag, not in the code"
        assert bool(cell["outputs"]) == checked, source
        for out in cell["outputs"]:
            assert "application/vnd.jupyter.widget-view+json" not in out.get("data", {})


def test_a_stacked_table_names_each_column_in_its_cells() -> None:
    from tutor.ui import html as h
    plain = h.table(["Joueur", "Total"], [["Alex", "3"]])
    stacked = h.table(["Joueur", "Total"], [["Alex", "3"], ["Bea", "5"]], stack=True,
                      row_classes=["tv-win"])
    assert "data-label" not in plain and "tv-stack" not in plain
    assert 'class="tv-table tv-stack"' in stacked and '<tr class="tv-win"><td>Alex</td>' in stacked
    assert stacked.count('<td data-label="Total">') == 2 and "<tr><td>Bea</td>" in stacked


@pytest.mark.parametrize("game", list(GAMES))
def test_the_first_game_against_the_computer_has_the_opponents_the_settings_show(
        game: str) -> None:
    table = import_module(GAMES[game].page_module).play_vs_computer(seed=1)
    shown = int(table.settings.opponents.value)
    assert len(table.session.steps[0].state.players) == 1 + shown


def test_a_move_is_said_to_a_screen_reader_with_what_comes_next() -> None:
    board = sv.sandbox()
    said = board.said
    assert "tv-live" in said._dom_classes and "tv-sr-only" in said._dom_classes
    seat = board.acting_seat(board.session.step)
    assert seat is not None
    action = board.engine.legal_actions(board.session.state, seat)[0]
    board.play(action)
    spoken = text(said.value)
    told = [board.journal.describe(e) for e in board.session.step.events
            if board.journal.keep(e)]
    assert told and all(text(t) in spoken for t in told), (told, spoken)
    # with the clause that decided the last of them, as the journal cites it
    last = [e for e in board.session.step.events if board.journal.keep(e)][-1]
    title = board.journal.book.clause(last.clause).title
    assert text(fr.ruled_by(title)) in spoken and title in spoken, spoken
    assert "de jouer" in spoken  # then whose turn it is
    board.hints.show()  # « Conseil »: its verdict is said, the table stays where it is read
    seat = board.acting_seat(board.session.step)
    assert text(said.value).startswith(f"Conseil pour {seat}. "), text(said.value)
    # against the computer: the learner hears only what the journal tells them
    game = sv.play_vs_computer(seed=3)
    me = game.me
    assert me is not None
    game.play(game.engine.legal_actions(game.session.state, me)[0])
    spoken = text(game.said.value)
    assert spoken and all(text(game.journal.describe(e)) in spoken
                          for e in game.session.step.events if game.journal.keep(e))


def test_tiebreak_compare_says_when_the_winners_rest_on_an_open_point() -> None:
    """« Dario et Léo » (the second total shared) is no rule of the booklets: the explorer says
    it is an open point, what the tutor keeps and where the page settles it; a plain second
    total says nothing of the kind."""
    box = sv.tiebreak_compare()
    assert "Point ouvert" not in text(box.out.value)  # Dario alone is second: the rule decides
    box.inputs["Dario"].value = "10, 2"  # 12
    box.inputs["Léo"].value = "−2, 7, 4, 3"  # 12 too: the second total shared by both
    out = text(box.out.value)
    assert "Vainqueurs : Dario et Léo" in out or "Vainqueur : Dario et Léo" in out, out
    assert "Point ouvert : les livrets ne disent pas quoi faire ici" in out
    assert "le deuxième total est lui-même partagé (Dario et Léo)" in out
    assert "« Le départage »" in out and "« Ce que la règle ne dit pas »" in out
    assert "vautours/departage" in box.out.value


def test_a_button_pool_makes_its_buttons_once_and_routes_clicks_and_errors() -> None:
    from tutor.engine import IllegalAction
    from tutor.ui.widgets import ButtonPool, ErrorArea

    clicked: list[int] = []
    error = ErrorArea(rules.load("vautours"))

    def click(k: int) -> None:
        if k == 2:
            raise IllegalAction("Ce bouton est refusé.", "vautours/choix")
        clicked.append(k)

    pool = ButtonPool("tv-choice", click, error)
    pool.reserve(3)
    made = list(pool)
    assert len(pool) == 3 and all("tv-choice" in b._dom_classes for b in made)
    pool.reserve(2)  # never fewer, never remade
    assert list(pool) == made and pool[1] is made[1]
    assert pool[4] is list(pool)[4] and len(pool) == 5  # made on demand, with those before it
    pool[1].click()
    assert clicked == [1] and error.value == ""
    pool[2].click()
    assert clicked == [1] and "Ce bouton est refusé" in text(error.value)


def test_a_surface_tells_each_viewer_its_own_sentence_in_the_journal() -> None:
    import dataclasses

    from tests.nimgame import page as nim
    from tutor.ui.table import PlayTable

    surface = dataclasses.replace(
        nim.SURFACE, tell=lambda e, viewer: f"{viewer or 'Le maître'} lit « {type(e).__name__} ».")
    table = PlayTable(surface, seed=2)
    assert table.me is not None
    table.act(table.session.step.legal(table.me)[0])
    assert "Camille lit" in text(table.journal.body.value)
    table.settings.teacher.value = True  # the teacher's sentences replace the learner's
    journal = text(table.journal.body.value)
    assert "Le maître lit" in journal and "Camille lit" not in journal
    plain = PlayTable(nim.SURFACE, seed=2)  # without tell: the game's own describe
    assert "prennent place" in text(plain.journal.body.value)

"""The tests' game on the shared learner surface: its table drawn from its typed view, its legal
actions as buttons; everything else (the play table, the sandbox, the journal, « Conseil »,
« Et si… ? », the scenario panel) is the shared UI, unchanged."""

from __future__ import annotations

import random
from collections.abc import Sequence

from tests.nimgame import GAME, NimEvent, State, Take, View, ensure_registered
from tutor import fr
from tutor.engine import Event
from tutor.engine.core import Record
from tutor.ui import html as h
from tutor.ui import scenario
from tutor.ui.actions import ActionGroup
from tutor.ui.page import GamePage, WorkedExample
from tutor.ui.quiz import Question, Quiz
from tutor.ui.table import PlayTable, Sandbox, Surface

ensure_registered()
PAGE = GamePage(GAME, "Le jeu d’essai des tests.")


def draw(view: View, events: Sequence[Event]) -> str:
    """The heap and what each player has taken."""
    rows = [[h.esc(p.name), fr.count(p.taken, "allumette")] for p in view.players]
    head = fr.typography(f"Tas : {fr.count(view.heap, 'allumette')}")
    return (f'<div class="tv-panel"><div class="tv-title">{h.esc(head)}</div>'
            f"{h.table(['Joueur', 'Prises'], rows)}</div>")


def groups(view: View, legal: Sequence[Take]) -> list[ActionGroup]:
    return [ActionGroup("Prendre", tuple((fr.count(a.matches, "allumette"), a) for a in legal))]


SURFACE = Surface(page=PAGE, draw=draw, groups=groups, level="prudent",
                  opponents=(1, 2, 3))


def play_vs_computer(seed: int = 1) -> PlayTable[State, Take, View, NimEvent]:
    return PlayTable(SURFACE, seed)


def sandbox(seed: int = 7) -> Sandbox[State, Take, View, NimEvent]:
    return Sandbox(SURFACE, seed)


def style() -> h.StyleSheet:
    """The page's style sheet: the shared rules alone (the game draws with them)."""
    return h.stylesheet()


book, header, minute, clause, clauses = (
    PAGE.book, PAGE.header, PAGE.minute, PAGE.clause, PAGE.clauses)
open_points, later, later_sandbox = PAGE.open_points, PAGE.later, PAGE.later_sandbox
progress = PAGE.progress_map  # « Ce que vous avez rencontré »


def stepper(example_id: str) -> WorkedExample:
    """A worked example of the rule file, step by step on its table."""
    return PAGE.worked_example(example_id, scenario.example_scene(
        PAGE, draw, PAGE.book().examples[example_id].data))


def make_question(seed: int) -> Question:
    """A generated take near the end of the heap, resolved by the engine: what happens?"""
    rng = random.Random(seed)
    heap = rng.randint(1, 4)
    count = rng.randint(1, min(3, heap))
    state = State(GAME.Variant(), ("Alex", "Bea"), Record(), heap, 0, (0, 0), None)
    after, events = GAME.apply(state, Take("Alex", count))
    options = (*(fr.typography(f"Il reste {fr.count(n, 'allumette')}") for n in (1, 2, 3)),
               "Alex gagne la partie", "Bea gagne la partie")
    answer = options[3] if after.heap == 0 else options[after.heap - 1]
    situation = draw(GAME.view(state, None), ())
    return Question(situation, fr.typography(f"Alex prend {fr.count(count, 'allumette')}. "
                                             "Que se passe-t-il ?"),
                    options, answer, draw(GAME.view(after, None), events), events,
                    "Règle de base : qui prend la dernière allumette gagne.")


def exercises(seed: int = 0) -> Quiz:
    """« Que se passe-t-il ? »: generated takes, graded by the engine."""
    return Quiz(PAGE.book(), GAME.describe, make_question, seed, page=PAGE)

"""The :class:`Page` protocol: what a game's page module (``tutor.ui.<id>``, the registry's
``GameInfo.page_module``) provides, with its types. Nothing imports this module but the checks:
mypy's (``tests/test_typing.py``) and the run-time one (``tests/test_ui.py``)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol, runtime_checkable

import ipywidgets as w

from tutor import rules
from tutor.engine.api import A, E, S, V
from tutor.ui import html as h
from tutor.ui.later import Later
from tutor.ui.page import GamePage, WorkedExample
from tutor.ui.progress_map import ProgressMap
from tutor.ui.quiz import Quiz
from tutor.ui.table import PlayTable, Sandbox, Surface


@runtime_checkable
class Page(Protocol[S, A, V, E]):
    """What a game's page module (``tutor.ui.<id>``) provides: the names its notebook calls and
    the shared tests read (``importlib.import_module(GAMES[id].page_module)``), with their types.
    A page module is checked against it by mypy with its game's own types
    (``tests/test_typing.py``: a module passed where a ``Page[State, Action, View, Event]`` is
    expected) and at run time by ``isinstance(module, Page)`` (``tests/test_ui.py``)."""

    #: the page (its engine, rule book, banner, worked examples, progress)
    PAGE: GamePage[S, A, V, E]
    #: what the shared boards need: the table drawn from the game's view, its actions grouped
    SURFACE: Surface[S, A, V, E]

    def style(self) -> h.StyleSheet:
        """The page's style sheet: the notebook's first call (the links' colours included)."""

    def book(self) -> rules.RuleBook:
        """The rule book (``PAGE.book``)."""

    def header(self) -> w.VBox:
        """The banner (``PAGE.header``): the notebook's first part."""

    def minute(self) -> w.HTML:
        """« La règle en une minute » (``PAGE.minute``), under the banner."""

    def clause(self, clause_id: str) -> h.Html:
        """A clause (``PAGE.clause``)."""

    def clauses(self, *clause_ids: str) -> h.Html:
        """Several clauses (``PAGE.clauses``)."""

    def open_points(self) -> h.Html:
        """« Ce que la règle ne dit pas » (``PAGE.open_points``)."""

    def later(self, build: Callable[[], w.Widget], title: str = "", *,
              fold: bool = False, skip: str = "") -> Later:
        """A part built when reached (``PAGE.later``)."""

    def later_sandbox(self, build: Callable[[], w.Widget],
                      title: str = "Bac à sable", skip: str = "Aller au bac à sable") -> Later:
        """The sandbox, built when reached or asked for (``PAGE.later_sandbox``)."""

    def progress(self) -> ProgressMap:
        """« Ce que vous avez rencontré » (``PAGE.progress_map``)."""

    def stepper(self, example_id: str) -> WorkedExample:
        """A worked example of the rule file on its table (``PAGE.worked_example``)."""

    def play_vs_computer(self, seed: int = 1) -> PlayTable[S, A, V, E]:
        """The game against the computer."""

    def sandbox(self, seed: int = 7) -> Sandbox[S, A, V, E]:
        """The sandbox (« Mettre en place », the scenario box)."""

    def exercises(self, seed: int = 0) -> Quiz:
        """Generated questions graded by the engine."""

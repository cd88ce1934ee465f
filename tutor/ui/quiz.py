"""Exercises shared by every game: a generated question, options as buttons, immediate feedback
with the events that resolve it (each citing its clause) and the reading of the rules in force,
and a running score. Widgets are reused from one question to the next (no model leaks)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Protocol

import ipywidgets as w

from tutor import fr, rules
from tutor.engine import Event
from tutor.ui import html as h
from tutor.ui.htmlwidget import Html
from tutor.ui.progress_store import SCORE_PREFIX
from tutor.ui.widgets import ButtonPool, ErrorArea, guarded, set_html


class Watcher(Protocol):
    """What a quiz tells of its answers (:meth:`tutor.ui.progress.Progress.watch_quiz`)."""

    def watch_quiz(self, quiz: Quiz) -> None: ...


class HasProgress(Protocol):
    """A page whose progress counts the answers (:class:`tutor.ui.page.GamePage`)."""

    @property
    def progress(self) -> Watcher: ...


@dataclass(frozen=True)
class Question:
    """One exercise: the ``situation`` (HTML), the ``prompt``, the ``options`` and the ``answer``
    (one of them), the ``correction`` (HTML: the situation resolved), the resolving ``events`` and
    the ``reading`` of the rules that grades it (French); ``clauses``: the clauses it is about
    (by default those its events cite)."""

    situation: str
    prompt: str
    options: tuple[str, ...]
    answer: str
    correction: str
    events: tuple[Event, ...]
    reading: str
    clauses: tuple[str, ...] = ()

    @property
    def about(self) -> tuple[str, ...]:
        """The clauses this question is about."""
        return self.clauses or tuple(dict.fromkeys(e.clause for e in self.events))


class Quiz(w.VBox):  # type: ignore[misc]
    """Generated questions (``make(k)`` gives the ``k``-th), one at a time, with a score; the
    answers count in ``page``'s progress (what the learner has met)."""

    def __init__(self, book: rules.RuleBook, describe: Callable[[Event], str],
                 make: Callable[[int], Question], seed: int = 0,
                 page: HasProgress | None = None) -> None:
        self.book, self.describe, self.make = book, describe, make
        self.seed, self.asked, self.right, self.shown = seed, 0, 0, 0
        #: the key its answers are counted under in the page's progress (kept by the browser:
        #: the score survives a reload), and how to read those counts (set by the progress)
        name = f"{getattr(make, '__module__', '')}.{getattr(make, '__qualname__', '')}"
        self.key = SCORE_PREFIX + name[-60:]
        self.kept: Callable[[], dict[str, int]] | None = None
        self.answered = False
        self.error = ErrorArea(book)
        self.situation = Html()
        self.prompt = Html()
        self.options = w.HBox(layout=w.Layout(flex_flow="row wrap"))
        self.buttons = ButtonPool("tv-choice", self.answer_at, self.error)
        self.feedback = Html()
        self.feedback.add_class("tv-feedback")
        self.score = Html()
        self.next_button = w.Button(description="Question suivante", icon="arrow-right")
        # the page moves the focus to the new question's first answer (access.html), and a
        # screen reader hears the question
        self.next_button.add_class("tv-next-question")
        self.prompt.add_class("tv-live")
        self.next_button.on_click(guarded(self.error)(lambda _: self.new_question()))
        super().__init__([self.situation, self.prompt, self.options, self.error, self.feedback,
                          w.HBox([self.next_button, self.score],
                                 layout=w.Layout(flex_flow="row wrap", align_items="center"))])
        self.add_class("tv-exercises")
        #: called with the question and whether the answer was right (the page's progress)
        self.on_answer: list[Callable[[Question, bool], None]] = []
        if page is not None:
            page.progress.watch_quiz(self)
        self.new_question()

    def reserve(self, count: int) -> None:
        """Make ``count`` option buttons now (:meth:`ButtonPool.reserve`): for a page that
        knows the most options its questions ever have."""
        self.buttons.reserve(count)

    def new_question(self) -> None:
        self.question = self.make(self.seed * 1000 + self.shown)
        self.shown += 1
        self.answered = False
        q = self.question
        set_html(self.situation, q.situation)
        set_html(self.prompt, f"<strong>{h.esc(q.prompt)}</strong>")
        shown = []
        for k, option in enumerate(q.options):
            b = self.buttons[k]
            b.description, b.tooltip = option, option
            b.remove_class("tv-right")
            b.remove_class("tv-wrong")
            shown.append(b)
        self.options.children = shown
        self.feedback.value = ""
        self._score()

    def answer_at(self, index: int) -> None:
        if not 0 <= index < len(self.question.options):
            return
        self.answer(self.question.options[index])

    def answer(self, option: str) -> None:
        """Grade ``option``: right or wrong, the right answer, why (events and clauses)."""
        q = self.question
        if self.answered:
            set_html(self.feedback, self.feedback.value + h.message_panel(
                "info", "Vous avez déjà répondu à cette question.",
                "Passez à la question suivante."))
            return
        self.answered = True
        self.asked += 1
        good = option == q.answer
        self.right += good
        for b, text in zip(self.buttons, q.options):
            if text == q.answer:
                b.add_class("tv-right")
            elif text == option:
                b.add_class("tv-wrong")
        title = ("Bonne réponse !" if good else
                 f"Pas tout à fait : la bonne réponse est {fr.quote(q.answer)}.")
        steps = "".join(f"<li>{h.esc(self.describe(e))} "
                        f'<span class="tv-step-clause">— {h.esc(self.book.clause(e.clause).title)}'
                        "</span></li>" for e in q.events)
        set_html(self.feedback,
                 h.message_panel("success" if good else "error", title, q.reading)
                 + q.correction + f'<div class="tv-panel"><ol class="tv-steps">{steps}</ol></div>')
        for hook in self.on_answer:
            hook(q, good)
        self._score()

    def score_counts(self) -> tuple[int, int]:
        """Right answers and answers: those the page's progress keeps for this quiz (every
        visit of the page in this browser, so a reload keeps them), else this visit's."""
        if self.kept is not None:
            counts = self.kept()
            right, wrong = counts.get("right", 0), counts.get("wrong", 0)
            if right + wrong >= self.asked:
                return right, right + wrong
        return self.right, self.asked

    def show_score(self) -> None:
        self._score()

    def _score(self) -> None:
        right, asked = self.score_counts()
        set_html(self.score, f'<span class="tv-tag tv-score">Score : {right} / '
                             f"{asked}</span>")


def options_of(names: Sequence[str], nobody: str = "Personne") -> tuple[str, ...]:
    """The usual options of a "who takes it?" question: each player, then nobody."""
    return (*names, nobody)

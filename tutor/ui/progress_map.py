"""« Ce que vous avez rencontré »: the map of a page's rule clauses, each marked by how the
learner met it (:mod:`tutor.ui.progress`), and the button to the exercises on the ones not met
yet (:mod:`tutor.ui.exercises`)."""

from __future__ import annotations

import ipywidgets as w

from tutor import fr
from tutor.ui import html as h
from tutor.ui.exercises import Exercises, Page
from tutor.ui.htmlwidget import Html
from tutor.ui.progress import Progress
from tutor.ui.progress_store import KINDS
from tutor.ui.quiz import Quiz
from tutor.ui.widgets import ErrorArea, guarded, set_html

BUTTON = fr.typography("Exercices sur ce que vous n’avez pas encore vu")

# (symbol, label) of each mark on the map: never colour alone
MARKS = {"play": ("▶", "en jeu"), "example": ("◆", "dans un exemple"),
         "right": ("✓", "bonne réponse"), "wrong": ("✗", "mauvaise réponse")}
NOT_MET = ("○", "pas encore rencontré")

# --- the map ---------------------------------------------------------------------------------

CSS = """
.tv-progress-section { margin: 0.6rem 0 0.2rem 0; font-size: 0.98rem; font-weight: 650; }
.tv-progress-list { list-style: none; margin: 0; padding: 0; }
.tv-progress-item { display: flex; flex-wrap: wrap; gap: 0.25rem 0.45rem; align-items: baseline;
  padding: 0.3rem 0.4rem; border-left: 4px solid #ced4da; margin: 0.2rem 0;
  border-radius: 4px; background: #f8f9fa; }
.tv-progress-item.tv-met { border-left-color: #2f9e44; background: #f4fbf5; }
.tv-progress-item.tv-missed { border-left-color: #e03131; background: #fff8f8; }
.tv-progress-name { font-weight: 600; overflow-wrap: anywhere; }
.tv-progress-item .tv-tag { font-weight: 500; }
.tv-tag.tv-mark-wrong { background: #ffe3e3; color: #8a1c1c; }
.tv-tag.tv-mark-right { background: #d3f9d8; color: #1b5e20; }
.tv-progress-view .jupyter-button.tv-choice { white-space: normal; height: auto;
  min-height: var(--jp-widgets-inline-height, 28px); max-width: 100%; text-align: left;
  line-height: 1.3; padding-top: 0.25rem; padding-bottom: 0.25rem; }
.tv-progress-summary { display: flex; flex-wrap: wrap; gap: 0.3rem 0.5rem; margin: 0.3rem 0;
  padding: 0; list-style: none; }
"""


def _tag(kind: str, n: int) -> str:
    symbol, label = MARKS[kind]
    return (f'<span class="tv-tag tv-mark-{kind}" data-kind="{kind}">{symbol} {h.esc(label)} '
            f"×{n}</span>")


def map_html(progress: Progress) -> str:
    """The rule's clauses by section, each with how it was met (symbols and words, not colour
    alone), and the counts."""
    book = progress.book
    total = len(book.clauses)
    per_kind = {k: sum(1 for c in book.clauses if progress.of(c)[k]) for k in KINDS}
    not_met = len(progress.not_met())
    summary = [f'<li class="tv-tag" data-kind="{kind}">{symbol} '
               f"{h.esc(fr.capitalize(label) + ' : ' + fr.count(n, 'article'))}</li>"
               for kind, (symbol, label), n in [
                   *((k, MARKS[k], per_kind[k]) for k in KINDS), ("none", NOT_MET, not_met)]]
    sections = []
    for section in book.sections:
        clauses = book.in_section(section)
        if not clauses:
            continue
        met = sum(progress.met(c.id) for c in clauses)
        items = []
        for c in clauses:
            counts = progress.of(c.id)
            tags = [_tag(k, counts[k]) for k in KINDS if counts[k]]
            status = ("missed" if counts["wrong"] and not (counts["right"] or counts["play"])
                      else "met" if tags else "none")
            if not tags:
                tags = [f'<span class="tv-tag" data-kind="none">{NOT_MET[0]} '
                        f"{h.esc(NOT_MET[1])}</span>"]
            note = ' <span class="tv-tag">commentaire</span>' if c.commentary else ""
            items.append(f'<li class="tv-progress-item tv-{status}" data-clause="{h.esc(c.id)}" '
                         f'data-status="{status}"><span class="tv-progress-name">'
                         f"{h.esc(c.title)}</span>{note} {''.join(tags)}</li>")
        sections.append(f'<div class="tv-progress-section">{h.esc(section)} '
                        f'<span class="tv-muted">({met} sur {len(clauses)})</span></div>'
                        f'<ul class="tv-progress-list">{"".join(items)}</ul>')
    notice = h.message_panel("info", progress.notice) if progress.notice else ""
    return (f"{notice}"
            f'<div class="tv-panel tv-progress"><div class="tv-title">'
            f"{h.esc(fr.count(total, 'article'))} dans la règle</div>"
            f'<ul class="tv-progress-summary">{"".join(summary)}</ul>'
            f'<p class="tv-muted">{h.esc(legend())}</p>{"".join(sections)}</div>')


def legend() -> str:
    marks = "; ".join(f"{s} {label}" for s, label in (*MARKS.values(), NOT_MET))
    return fr.typography(f"Légende : {marks}. Le nombre qui suit compte les fois.")


class ProgressMap(w.VBox):  # type: ignore[misc]
    """The map of what the learner has met on a page, kept up to date, and « Exercices sur ce
    que vous n’avez pas encore vu » (a :class:`Quiz` built on first use, then reused)."""

    def __init__(self, page: Page, progress: Progress) -> None:
        self.page, self.progress = page, progress
        self.error = ErrorArea(page.book())
        # the style sheet once, not with every update of the map
        self.style = Html(f"<style>{CSS}</style>", layout=w.Layout(display="none"))
        self.map = Html()
        self.map.add_class("tv-progress-map")
        self.button = w.Button(description=BUTTON, icon="question", button_style="primary",
                               layout=w.Layout(width="auto", max_width="100%",
                                               align_self="flex-start"))
        self.button.add_class("tv-progress-exercises")
        self.note = Html()
        self.exercises: Exercises | None = None
        self.quiz: Quiz | None = None
        self.quiz_box = w.VBox()
        self.button.on_click(guarded(self.error)(lambda _: self.ask()))
        progress.observe(lambda _: guarded(self.error)(self.render)(),
                         names=["version", "notice"])
        super().__init__([self.style, self.map, self.button, self.error, self.note,
                          self.quiz_box])
        self.add_class("tv-progress-view")
        self.render()

    def render(self) -> None:
        set_html(self.map, map_html(self.progress))
        if self.exercises is not None:
            self._note()

    def ask(self) -> None:
        """Show a question on a clause not met yet (the quiz is built once)."""
        if self.exercises is None:
            self.exercises = Exercises(self.page, self.progress)
        if not self.exercises.steps:
            self._note()
            return
        if self.quiz is None:
            self.quiz = Quiz(self.page.book(), self.page.engine.describe, self.exercises.make,
                             page=self.page)
            self.quiz.reserve(3)  # every option button made at once: no model grows later
            self.quiz_box.children = [self.quiz]
        else:
            self.quiz.new_question()
        self._note()

    def _note(self) -> None:
        assert self.exercises is not None
        book = self.page.book()
        missing = [book.clause(c).title for c in self.exercises.without()]
        parts = []
        if self.exercises.pool() and self.exercises.revision:
            parts.append("Vous avez rencontré tous les articles qui ont un exercice : "
                         "les questions servent maintenant de révision.")
        if missing:
            n = len(missing)
            titles = fr.join([fr.quote(t) for t in missing])
            parts.append(f"Pas encore d’exercice pour {fr.count(n, 'article')} : {titles} "
                         f"(aucun exemple de la règle ni aucune partie jouée par le moteur ne "
                         f"{fr.plural(n, 'le', 'les')} cite).")
        set_html(self.note, "".join(f'<p class="tv-muted">{h.esc(p)}</p>' for p in parts))


def progress_map(page: Page) -> ProgressMap:
    return ProgressMap(page, page.progress)

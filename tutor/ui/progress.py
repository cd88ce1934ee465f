"""What the learner has met on a page: which rule clauses they have seen resolved in play (games
against the computer and sandboxes), seen in a worked example (stepped through on its table),
answered right or wrong in an exercise; the map of the rule's clauses that shows it, and
exercises generated for the clauses not met yet.

One :class:`Progress` per page (:attr:`tutor.ui.page.GamePage.progress`), fed by small hooks:
a :class:`~tutor.ui.session.Session` (each new step's events), a
:class:`~tutor.ui.page.Stepper` (each step shown for the first time) and a
:class:`~tutor.ui.quiz.Quiz` (each answer). It is kept in the learner's browser, never on the
server, through the page's :class:`~tutor.ui.bridge.BrowserLink`, as one counter per tab
(:mod:`tutor.ui.progress_store`): what the browser kept is added to what the learner did before
it arrived, another tab's saves show here as they come, nothing is ever overwritten, and what
cannot be read is kept aside with a French notice.

The exercises are built from the rule file's worked examples, replayed by the engine: the
situation before a step whose event cites the clause, and the question "what happens next?"
(options: that step and later ones of the same example) or, at the example's last step, "which
clause decides the next step?"; the answer is always the engine's event.
"""

from __future__ import annotations

import logging
import random
import secrets
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import ipywidgets as w
import traitlets

from tutor import fr, rules
from tutor.engine import Event
from tutor.ui import html as h
from tutor.ui import progress_store as store
from tutor.ui.htmlwidget import Html
from tutor.ui.progress_store import KINDS, UNREADABLE
from tutor.ui.quiz import Question, Quiz
from tutor.ui.widgets import ErrorArea, guarded, set_html

if TYPE_CHECKING:
    from tutor.ui.bridge import BrowserLink
    from tutor.ui.page import GamePage, Stepper
    from tutor.ui.session import Session

log = logging.getLogger("tutor.ui")

#: the most earlier steps an exercise's situation tells
CONTEXT = 8

BUTTON = fr.typography("Exercices sur ce que vous n’avez pas encore vu")

# (symbol, label) of each mark on the map: never colour alone
MARKS = {"play": ("▶", "en jeu"), "example": ("◆", "dans un exemple"),
         "right": ("✓", "bonne réponse"), "wrong": ("✗", "mauvaise réponse")}
NOT_MET = ("○", "pas encore rencontré")


class Progress(traitlets.HasTraits):
    """Which clauses of one rule book the learner has met, and how (counts per kind: ``play``,
    ``example``, ``right``, ``wrong``; :attr:`counts` sums this tab's and the other tabs' of
    the same page). ``version`` changes with every change: views observe it; ``notice`` is a
    French sentence when what the browser kept could not all be read."""

    version = traitlets.Int(0)
    notice = traitlets.Unicode("")

    def __init__(self, book: rules.RuleBook, browser: BrowserLink | None = None) -> None:
        super().__init__()
        self.book = book
        self.tab = secrets.token_hex(6)  # this page's own counter in the stored text
        self.mine: dict[str, list[int]] = {}
        self.others: dict[str, dict[str, list[int]]] = {}
        self.counts: dict[str, list[int]] = {}  # mine and the others' added
        self.gone: list[str] = []  # other tabs folded into mine, to drop from the store
        self.browser = browser
        # nothing is written to the browser before what it kept has arrived (it would be lost)
        self.arrived = browser is None
        if browser is not None:
            browser.on_load(self._arrive)
            browser.on_change(self._refresh)

    # --- recording -------------------------------------------------------------------------

    def mark(self, kind: str, clauses: Iterable[str]) -> None:
        """Count ``clauses`` as met in this ``kind`` (ids the rule book lacks are ignored)."""
        k = KINDS.index(kind)
        changed = False
        for clause in clauses:
            if clause not in self.book.clauses:
                continue
            counts = self.mine.setdefault(clause, [0] * len(KINDS))
            counts[k] = min(counts[k] + 1, store.MAX_COUNT)
            changed = True
        if changed:
            self._changed()

    def _changed(self) -> None:
        self.counts = store.add(self.mine, store.total(self.others))
        if self.arrived and self.browser is not None:
            self.browser.save(self.dump())
            self.gone = []  # dropped once: a folded tab still open may add itself again
        self.version += 1

    def dump(self) -> str:
        """The text this tab saves: its own counter (the browser merges it into what is kept)."""
        return store.dump(self.book.game, self.tab, self.mine, self.gone)

    def merge(self, text: str) -> None:
        """Add what a browser kept to what is known (the learner may have acted before it
        arrived: both count): each tab's counter, this one's own kept apart. What cannot be
        read sets :attr:`notice` (and only a bad entry is dropped)."""
        stored = store.read(text, self.book.game, self.book.clauses)
        if stored.notice:
            self.notice = stored.notice
        first = stored.tabs.pop("v1", None)  # the first format's counts: this tab takes them
        if first:
            self.mine = store.add(self.mine, first)
        stored.tabs.pop(self.tab, None)
        self.others = store.merge(self.others, stored.tabs)
        self.others, self.mine, gone = store.fold(self.others, self.mine)
        self.gone = [*self.gone, *gone]
        self.counts = store.add(self.mine, store.total(self.others))

    def _refresh(self, text: str) -> None:
        """Another tab of this page saved: show its counts too (nothing is saved back)."""
        if not self.arrived:
            return
        stored = store.read(text, self.book.game, self.book.clauses)
        stored.tabs.pop(self.tab, None)
        stored.tabs.pop("v1", None)
        if stored.aside:
            return
        # the tabs now kept (one folded into another's is gone), each as large as ever seen
        others = store.merge({t: c for t, c in self.others.items() if t in stored.tabs},
                             stored.tabs)
        if others != self.others:
            self.others = others
            self.counts = store.add(self.mine, store.total(self.others))
            self.version += 1

    def _arrive(self, text: str) -> None:
        if self.arrived:  # once per kernel: a second arrival would count twice
            return
        try:
            self.merge(text)
        except Exception:  # never a traceback in the page: start afresh
            log.exception("stored progress could not be merged")
            self.notice = UNREADABLE
        if self.browser is not None and self.browser.oversize:
            self.notice = store.too_large(self.browser.oversize, self.browser.limit)
        self.arrived = True
        self._changed()

    # --- reading ---------------------------------------------------------------------------

    def of(self, clause: str) -> dict[str, int]:
        """The counts of ``clause`` by kind (all zero when not met)."""
        return dict(zip(KINDS, self.counts.get(clause, [0] * len(KINDS))))

    def met(self, clause: str) -> bool:
        return any(self.counts.get(clause, ()))

    def not_met(self) -> list[str]:
        """The clauses not met yet, in the rule book's order."""
        return [c for c in self.book.clauses if not self.met(c)]

    # --- hooks -----------------------------------------------------------------------------

    def watch_session(self, session: Session) -> None:
        """Count the events of every new step of ``session`` (a game or a sandbox) as met in
        play; travelling back and forth in its history counts nothing."""

        def step(change: dict[str, Any]) -> None:
            steps = change["new"]
            if steps:
                self.mark("play", (e.clause for e in steps[-1].events))

        session.observe(step, names="steps")

    def watch_stepper(self, stepper: Stepper) -> None:
        """Count each step of a worked example as seen once the learner has shown it (the
        steps shown now, then each one reached later)."""
        told = [0]

        def shown(events: Sequence[Event]) -> None:
            new = events[told[0]:]
            told[0] = max(told[0], len(events))
            self.mark("example", (e.clause for e in new))

        stepper.on_show.append(shown)
        shown(stepper.events[: stepper.index + 1])

    def watch_quiz(self, quiz: Quiz) -> None:
        """Count the clauses each answered question is about as answered right or wrong."""
        quiz.on_answer.append(
            lambda question, good: self.mark("right" if good else "wrong", question.about))


# --- exercises on what is not met yet --------------------------------------------------------


@dataclass(frozen=True)
class Step:
    """Step ``index`` of a sequence of events the engine produced, the event a question asks
    about (it cites the clause): a worked example replayed (``example`` is its id) or a seeded
    game played at random (``example`` is ``""``, ``game`` says which)."""

    example: str
    events: tuple[Event, ...]
    index: int
    game: str = ""

    @property
    def event(self) -> Event:
        return self.events[self.index]

    def rank(self) -> tuple[bool, bool, bool, int]:
        """Best first: a worked example's step, one the situation explains (not a refusal, not
        the very first), with later steps to offer as other options."""
        return (bool(self.game), self.event.kind == "refused", self.index == 0,
                -min(len(self.events) - self.index - 1, 2))


#: the seeded games played at random for clauses no worked example cites: seeds per reading
SEEDS = (1, 2)
#: the most steps a seeded game gives one clause (its first occurrences)
PER_GAME = 2
NAMES = ("Alex", "Bea", "Carla", "Dario", "Léo", "Emma")


def seeded_games(page: GamePage) -> Iterable[tuple[str, tuple[Event, ...]]]:
    """Whole games played at random by the engine, deterministic by seed: for each reading of
    the rules and each seed, a French description of the game and every event told."""
    engine = page.engine
    for preset, label in engine.PRESET_LABELS.items():
        for seed in SEEDS:
            span = engine.MAX_PLAYERS - engine.MIN_PLAYERS + 1
            n = engine.MIN_PLAYERS + seed % span
            state = engine.new_game(NAMES[:n], seed=seed, variant=preset)
            events = list(engine.opening_events(state))
            rng = random.Random(seed)
            for _ in range(5000):  # every game ends long before: a bound, not a rule
                seats = () if engine.is_over(state) else engine.current_seats(state)
                if not seats:
                    break
                state, told = engine.apply(state, rng.choice(
                    engine.legal_actions(state, seats[0])))
                events.extend(told)
            title = (f"une partie à {n} joueurs jouée au hasard par le moteur "
                     f"(partie n° {seed}, règle {fr.quote(label)})")
            yield title, tuple(events)  # every choice told: these are what the clauses rule


def exercise_steps(page: GamePage) -> dict[str, list[Step]]:
    """For each clause some worked example's replay cites, the steps that could ask about it
    (best first; examples whose replay differs from the rule file are left out); for a clause
    no example cites, its first occurrences in seeded games played at random."""
    book, engine = page.book(), page.engine
    steps: dict[str, list[Step]] = {}

    def askable(event: Event) -> bool:
        clause = book.clauses.get(event.clause)
        return clause is not None and not clause.commentary

    for example in book.examples.values():
        run = engine.run_example(example.data)
        if not run.ok:
            continue
        events = tuple(page.shown(run.events))
        for k, event in enumerate(events):
            if askable(event):
                steps.setdefault(event.clause, []).append(Step(example.id, events, k))
    from_examples = set(steps)
    for title, events in seeded_games(page):
        taken: dict[str, int] = {}
        for k, event in enumerate(events):
            clause = event.clause
            if askable(event) and clause not in from_examples and taken.get(clause, 0) < PER_GAME:
                taken[clause] = taken.get(clause, 0) + 1
                steps.setdefault(clause, []).append(Step("", events, k, title))
    for found in steps.values():
        found.sort(key=Step.rank)
    return steps


class Exercises:
    """Questions on the clauses not met yet, each built from an engine-replayed worked example:
    one clause after the other in the rule book's order, then (once every clause that has an
    exercise is met) on all of them, for revision."""

    def __init__(self, page: GamePage, progress: Progress) -> None:
        self.page, self.progress, self.book = page, progress, page.book()
        self.steps = exercise_steps(page)
        self.last: str | None = None
        self.revision = False

    def pool(self) -> list[str]:
        """The clauses the next question may be about."""
        pool = [c for c in self.progress.not_met() if c in self.steps]
        self.revision = not pool
        return pool or [c for c in self.book.clauses if c in self.steps]

    def without(self) -> list[str]:
        """The clauses no exercise covers yet."""
        return [c for c in self.book.clauses if c not in self.steps]

    def make(self, k: int) -> Question:
        """The ``k``-th question: on the clause after the last one asked."""
        pool = self.pool()
        order = list(self.book.clauses)
        after = order.index(self.last) if self.last in order else -1
        clause = next((c for c in pool if order.index(c) > after), pool[0])
        self.last = clause
        found = self.steps[clause]
        best = [s for s in found if s.rank() == found[0].rank()]
        return self.question(best[k % len(best)], k)

    def question(self, step: Step, k: int = 0) -> Question:
        """The question on ``step``: its situation (the table and the steps before it), then
        what happens next, or which clause decides it; graded by the engine's event."""
        book, describe = self.book, self.page.engine.describe
        event = step.event
        before = step.events[max(0, step.index - CONTEXT): step.index]
        clause = book.clause(event.clause)
        answer = describe(event)
        later: list[str] = []
        for e in step.events[step.index + 1:]:
            text = describe(e)
            if text != answer and text not in later:
                later.append(text)
        rng = random.Random(f"{step.example or step.game}/{step.index}/{k}")
        refused = ""
        if event.kind == "refused":  # the refusal is told: which clause forbids that move?
            prompt = "Le moteur refuse ce coup : quel article de la règle l’interdit ?"
            refused = h.message_panel("error", answer)
            answer = clause.title
            options = [answer, *self._other_titles(step)]
        elif later:
            prompt = "Quelle est l’étape suivante ?"
            options = [answer, *later[:2]]
        else:
            prompt = "Quel article de la règle décide de l’étape suivante ?"
            answer = clause.title
            options = [answer, *self._other_titles(step)]
        rng.shuffle(options)
        source = (f"l’exemple {fr.quote(book.examples[step.example].title)} de la règle, "
                  "rejoué par le moteur" if step.example else step.game)
        return Question(
            situation=self._situation(step, before) + refused,
            prompt=fr.typography(prompt), options=tuple(options), answer=answer,
            correction=self._scene(step.example, step.events[: step.index + 1]),
            events=(event,),
            reading=fr.typography(f"D’après {source}."),
            clauses=(clause.id,))

    def _other_titles(self, step: Step) -> list[str]:
        """Two other clauses' titles: those the same example cites, then the same section's."""
        book = self.book
        own = book.clause(step.event.clause)
        titles: list[str] = []
        candidates = [book.clause(e.clause) for e in step.events if e.clause in book.clauses]
        candidates += list(book.in_section(own.section)) + list(book.clauses.values())
        for c in candidates:
            if c.title != own.title and not c.commentary and c.title not in titles:
                titles.append(c.title)
            if len(titles) == 2:
                break
        return titles

    def _scene(self, example_id: str, events: Sequence[Event]) -> str:
        """The example's table after ``events`` as the page draws it (nothing before the first
        step: a page's table needs at least one)."""
        scene = self.page.scenes.get(example_id)
        if scene is None or not events:
            return ""
        try:
            return scene(events)
        except Exception:  # a table that cannot be drawn leaves the steps told as text
            log.exception("scene of %s failed", example_id)
            return ""

    def _situation(self, step: Step, before: Sequence[Event]) -> str:
        steps = "".join(f"<li>{h.esc(self.page.engine.describe(e))} "
                        f'<span class="tv-step-clause">— {h.esc(self.book.clause(e.clause).title)}'
                        "</span></li>" for e in before)
        start = step.index - len(before) + 1
        told = (f'<ol class="tv-steps" start="{start}">{steps}</ol>' if steps else
                '<p class="tv-muted">Rien ne s’est encore passé.</p>')
        if not step.example:
            title = fr.capitalize(step.game)
            if start > 1:
                title += f", depuis l’étape {start}"
            return f'<div class="tv-panel"><div class="tv-title">{h.esc(title)}</div>{told}</div>'
        return (f'<div class="tv-panel"><div class="tv-title">Un exemple de la règle, '
                f"rejoué par le moteur</div>{told}</div>"
                + self._scene(step.example, step.events[: step.index]))


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

    def __init__(self, page: GamePage, progress: Progress) -> None:
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
            self.quiz._button(2)  # every option button made at once: no model grows later
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


def progress_map(page: GamePage) -> ProgressMap:
    return ProgressMap(page, page.progress)


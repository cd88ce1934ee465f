"""Exercises on the clauses a learner has not met yet (« Exercices sur ce que vous n’avez pas
encore vu »).

The exercises are built from the rule file's worked examples, replayed by the engine: the
situation before a step whose event cites the clause, and the question "what happens next?"
(options: that step and later ones of the same example) or, at the example's last step, "which
clause decides the next step?"; the answer is always the engine's event. A clause no example
cites is asked about from seeded games the engine plays at random.
"""

from __future__ import annotations

import logging
import random
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Protocol

from tutor import fr, rules
from tutor.engine import Event
from tutor.engine.api import AnyEngine
from tutor.engine.core import is_refusal
from tutor.ui import html as h
from tutor.ui.progress import Progress
from tutor.ui.quiz import Question

log = logging.getLogger("tutor.ui")

#: the most earlier steps an exercise's situation tells
CONTEXT = 8


class Page(Protocol):
    """What the exercises and the progress map read of a game's page
    (:class:`tutor.ui.page.GamePage`)."""

    @property
    def engine(self) -> AnyEngine: ...

    @property
    def progress(self) -> Progress: ...

    scenes: dict[str, Callable[[Sequence[Event]], str]]

    def book(self) -> rules.RuleBook: ...

    def shown(self, events: Sequence[Event]) -> list[Event]: ...


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
        return (bool(self.game), is_refusal(self.event), self.index == 0,
                -min(len(self.events) - self.index - 1, 2))


#: the seeded games played at random for clauses no worked example cites: seeds per reading
SEEDS = (1, 2)
#: the most steps a seeded game gives one clause (its first occurrences)
PER_GAME = 2
NAMES = ("Alex", "Béa", "Carla", "Dario", "Léo", "Emma")


def seeded_games(page: Page) -> Iterable[tuple[str, tuple[Event, ...]]]:
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


def exercise_steps(page: Page) -> dict[str, list[Step]]:
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

    def __init__(self, page: Page, progress: Progress) -> None:
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
        if is_refusal(event):  # the refusal is told: which clause forbids that move?
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

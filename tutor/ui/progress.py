"""What the learner has met on a page: which rule clauses they have seen resolved in play (games
against the computer and sandboxes), seen in a worked example (stepped through on its table),
answered right or wrong in an exercise. The map that shows it is :mod:`tutor.ui.progress_map`;
the exercises on the clauses not met yet, :mod:`tutor.ui.exercises`.

One :class:`Progress` per page (:attr:`tutor.ui.page.GamePage.progress`), fed by small hooks:
a :class:`~tutor.ui.session.Session` (each new step's events), a
:class:`~tutor.ui.page.Stepper` (each step shown for the first time) and a
:class:`~tutor.ui.quiz.Quiz` (each answer). It is kept in the learner's browser, never on the
server, through the page's :class:`~tutor.ui.bridge.BrowserLink`, as one counter per tab
(:mod:`tutor.ui.progress_store`): what the browser kept is added to what the learner did before
it arrived, another tab's saves show here as they come, nothing is ever overwritten, and what
cannot be read is kept aside with a French notice.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterable, Sequence
from typing import TYPE_CHECKING, Any, Protocol

import traitlets

from tutor import rules
from tutor.engine import Event
from tutor.ui import progress_store as store
from tutor.ui.progress_store import KINDS, UNREADABLE
from tutor.ui.quiz import Quiz

if TYPE_CHECKING:
    from tutor.ui.bridge import BrowserLink
    from tutor.ui.session import Session


class Shown(Protocol):
    """What the progress reads of a worked example's stepper (:class:`tutor.ui.page.Stepper`):
    its events, the step shown and the hooks called when a step is shown."""

    events: Sequence[Event]
    index: int
    on_show: list[Callable[[Sequence[Event]], None]]

log = logging.getLogger("tutor.ui")


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
        self.key = store.tab_key()
        self.tab = store.issue(self.key)  # this page's own counter in the stored text
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
            browser.on_save_failed(self._not_kept)

    # --- recording -------------------------------------------------------------------------

    def mark(self, kind: str, clauses: Iterable[str]) -> None:
        """Count ``clauses`` as met in this ``kind`` (ids the rule book lacks are ignored)."""
        k = KINDS.index(kind)
        changed = False
        for clause in clauses:
            if clause not in self.book.clauses and not store.is_score(clause):
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
        stored = store.read(text, self.book.game, self.book.clauses, self.key)
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
        stored = store.read(text, self.book.game, self.book.clauses, self.key)
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

    def _not_kept(self, reason: str) -> None:
        """The browser could not keep the last save: the learner is told, never silently."""
        self.notice = store.not_kept(reason)
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

    def watch_session(self, session: Session[Any, Any, Any, Any]) -> None:
        """Count the events of every new step of ``session`` (a game or a sandbox) as met in
        play, and its opening (the deal, the set-up) once, with the first move played from it
        (the deal drawn as the page loads is not yet the learner's doing; « Nouvelle partie »
        is); travelling back and forth in its history counts nothing."""
        loaded = session.steps[0]  # the deal drawn as the page loaded: counted once played
        counted: list[Any] = [None]  # the opening counted last

        def step(change: dict[str, Any]) -> None:
            steps = change["new"]
            if not steps:
                return
            opening = steps[0]
            if opening is not counted[0] and (len(steps) > 1 or opening is not loaded):
                counted[0] = opening
                if len(steps) > 1:  # alone, the opening is the step counted below
                    self.mark("play", (e.clause for e in opening.events))
            self.mark("play", (e.clause for e in steps[-1].events))

        session.observe(step, names="steps")

    def watch_stepper(self, stepper: Shown) -> None:
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
            lambda question, good: self.mark("right" if good else "wrong",
                                             (*question.about, quiz.key)))
        quiz.kept = lambda: self.of(quiz.key)
        self.observe(lambda _: quiz.show_score(), names="version")

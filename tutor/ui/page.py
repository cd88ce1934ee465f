"""The parts every game page shares: banner, clauses by id, worked examples told step by step.

Each game's UI module (``tutor.ui.<id>``, the registry's ``GameInfo.page_module``) builds one
:class:`GamePage` and exposes its methods under the names the notebooks call and the shared
tests read: the :class:`tutor.ui.protocol.Page` protocol lists them, with their types.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any, Generic, cast

import ipywidgets as w

from tutor import fr, rules
from tutor import minute as summaries
from tutor.engine import Event
from tutor.engine.api import A, E, Game, S, V
from tutor.games import GameInfo, game
from tutor.ui import html as h
from tutor.ui import later
from tutor.ui.bridge import (
    POSITION_ANCHOR,
    SCENARIO_ANCHOR,
    SCENARIO_PARAMETER,
    BrowserLink,
    query_value,
)
from tutor.ui.htmlwidget import Html
from tutor.ui.later import Later
from tutor.ui.minute import panel as minute_panel
from tutor.ui.progress import Progress
from tutor.ui.progress_map import ProgressMap
from tutor.ui.widgets import Explainer, html


class _TranscriptText:
    """A widget whose plain text is its example's whole transcript (what nbval compares):
    ipywidgets would cut a widget's plain text at 110 characters."""

    transcript: h.Transcript

    def __repr__(self) -> str:
        return repr(self.transcript)

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        bundle = super()._repr_mimebundle_(**kwargs)  # type: ignore[misc]
        (bundle[0] if isinstance(bundle, tuple) else bundle)["text/plain"] = repr(self)
        return bundle


class Stepper(_TranscriptText, Explainer):
    """A worked example on its table, one step at a time (its text repr is the example's
    transcript, which nbval compares with the stored one)."""

    def __init__(self, book: rules.RuleBook, describe: Callable[[Event], str],
                 events: Sequence[Event], title: str,
                 scene: Callable[[Sequence[Event]], str], transcript: h.Transcript) -> None:
        #: called with the events shown so far after each render (the page's progress)
        self.on_show: list[Callable[[Sequence[Event]], None]] = []
        super().__init__(book, describe, events, title=title, scene=scene)
        self.transcript = transcript
        self.add_class("tv-stepper")

    def render(self) -> None:
        super().render()
        for hook in self.on_show:
            hook(self.events[: self.index + 1])


class WorkedExample(Later):
    """A worked example, light until opened: its steps as text (no widget at all: what nbval
    compares and what prints), and « Pas à pas sur la table », which builds the
    :class:`Stepper` (the table after each step) in place. A page holds some thirty examples: a
    stepper each would be a thousand widget models and a page that takes a minute to show. On a
    phone it is folded under its title."""

    def __init__(self, link: BrowserLink, example_id: str, transcript: h.Transcript,
                 build: Callable[[], Stepper]) -> None:
        self.transcript = transcript
        # the example's anchor (« Voir l’exemple pas à pas » of « Une question ? ») is its steps
        anchor = h.esc(h.example_anchor(example_id))
        super().__init__(link, example_id, build,
                         body=f'<div id="{anchor}">{transcript._repr_html_()}</div>',
                         text=repr(transcript), fold=f"Exemple : {transcript.title}",
                         button="Pas à pas sur la table", css_class="tv-example")

    def unfold(self) -> Stepper:
        """The example on its table, step by step (built once)."""
        stepper = self.build()
        assert isinstance(stepper, Stepper)
        return stepper


class GamePage(Generic[S, A, V, E]):
    """One game's page: its rule book, banner and worked examples.

    ``engine`` is the game's own ``GAME`` (its package's), the one source of the page's engine:
    the page's :class:`~tutor.ui.table.Surface` and every board read it from here, and through
    its type mypy checks the page's functions against the game's ``View``, actions and events.
    The registry's entry for that game (:attr:`info`: title, notebook...) must name that same
    engine. ``shown`` filters the events told in transcripts (e.g. hidden choices are not
    told)."""

    def __init__(self, engine: Game[S, A, V, E], tagline: str,
                 shown: Callable[[Sequence[Event]], list[Event]] = list) -> None:
        self.engine: Game[S, A, V, E] = engine
        self.info = cast("GameInfo[S, A, V, E]", game(engine.type.id))
        if self.info.engine() is not engine:
            raise TypeError(f"La page du jeu {engine.type.id!r} reçoit un autre moteur que "
                            "celui du registre.")
        self.tagline = tagline
        self.shown = shown
        self._browser: BrowserLink | None = None
        self._sandbox: Any = None
        self._sandbox_later: Later | None = None
        self._progress: Progress | None = None
        self._notice: Html | None = None
        #: each worked example's table drawer, by example id (exercises draw their situation)
        self.scenes: dict[str, Callable[[Sequence[Event]], str]] = {}

    @property
    def browser(self) -> BrowserLink:
        """The page's link to the learner's browser (its address's query, what it keeps),
        displayed once by :meth:`header`."""
        if self._browser is None:
            self._browser = BrowserLink(key=f"tutor:{self.info.id}")
        return self._browser

    @property
    def sandbox(self) -> Any:
        """The page's sandbox with « Mettre en place » (an explorer opens its situation
        there), built now if the page holds it as a section not reached yet."""
        if self._sandbox is None and self._sandbox_later is not None:
            self._sandbox_later.build()
        return self._sandbox

    @sandbox.setter
    def sandbox(self, board: Any) -> None:
        self._sandbox = board

    def later(self, build: Callable[[], w.Widget], title: str = "", *,
              fold: bool = False, skip: str = "") -> Later:
        """A part of the page (an explorer, the game against the computer, the exercises, the
        map of progress) built when the learner scrolls to it; ``title`` names it in its
        placeholder, and ``fold`` folds it under that title on a phone (an explorer); ``skip``
        labels a link at the top of the page straight to its first control (« Aller à la
        partie »)."""
        return later.reached(self.browser, getattr(build, "__name__", "section"), build, title,
                             fold=fold, skip=skip)

    def later_sandbox(self, build: Callable[[], w.Widget],
                      title: str = "Bac à sable", skip: str = "Aller au bac à sable") -> Later:
        """The page's sandbox, built when the learner scrolls to it, or at once when the
        page's address carries a scenario to load (a shared link) or points to it
        (``#tutor-scenario``, ``#tutor-position``), or when an explorer opens a situation in
        it; ``skip`` labels the link at the top of the page that goes to it (after « Aller à
        la partie »)."""
        section = later.reached(self.browser, "sandbox", build, title,
                                anchors=[SCENARIO_ANCHOR, POSITION_ANCHOR], skip=skip,
                                skip_rank=1)
        self._sandbox_later = section

        def arrive(query: str) -> None:
            if query_value(query, SCENARIO_PARAMETER) is not None:
                section.build()

        self.browser.on_query(arrive)
        return section

    @property
    def notice(self) -> Html:
        """The notice at the top of the page (under the banner): what the page's address did
        on arrival (a shared scenario loaded, or refused and why); empty otherwise."""
        if self._notice is None:
            self._notice = Html()
            self._notice.add_class("tv-tutor-notice")
        return self._notice

    @property
    def progress(self) -> Progress:
        """What the learner has met on this page (kept in their browser)."""
        if self._progress is None:
            self._progress = Progress(self.book(), self.browser)
        return self._progress

    def explored(self, clauses: Iterable[str]) -> None:
        """Count the clauses an explorer of the page resolved after the learner changed it as
        met in an example (« Ce que vous avez rencontré »); the explorer's first situation,
        shown before any click, counts nothing."""
        self.progress.mark("example", clauses)

    def progress_map(self) -> ProgressMap:
        """« Ce que vous avez rencontré »: the map of the rule's clauses and exercises on the
        ones not met yet."""
        return ProgressMap(self, self.progress)

    def book(self) -> rules.RuleBook:
        """The game's rule book (``rules/<game>.fr.md``)."""
        return rules.load(self.info.id)

    def header(self) -> w.VBox:
        """The page banner, with a link back to the Accueil (in a widget: Voilà's output
        renderer swallows clicks on links to notebooks), and the page's invisible
        :attr:`browser` link."""
        banner = html(f'<div class="tv-hero"><h1>{h.esc(self.info.title)}</h1>'
                      f"<p>{h.esc(self.tagline)}</p>"
                      '<p><a href="index.ipynb">← Retour à l’accueil</a></p></div>')
        return w.VBox([banner, self.notice, self.browser])

    def minute(self) -> w.HTML:
        """« La règle en une minute »: the game's summary to read aloud before a first game
        (the last part of its rule file), each line linked to its clause; shown under the banner."""
        return minute_panel(summaries.load(self.info.id), self.book())

    def clause(self, clause_id: str) -> h.Html:
        """A rule clause in French, by id."""
        c = self.book().clause(clause_id)
        return h.Html(h.clause_panel(c), f"{c.title} [{c.id}]\n{c.text}")

    def clauses(self, *clause_ids: str) -> h.Html:
        """Several clauses, in the order given."""
        parts = [self.clause(cid) for cid in clause_ids]
        return h.Html("".join(p.body for p in parts), "\n\n".join(p.text for p in parts))

    def example(self, example_id: str) -> h.Transcript:
        """A worked example of the rule file, replayed by the engine and told step by step."""
        ex = self.book().examples[example_id]
        run = self.engine.run_example(ex.data)
        steps = h.steps_from(self.shown(run.events), self.engine.describe, self.book())
        verdict = "Résultat conforme à l’exemple." if run.ok else "Écart : " + "; ".join(
            run.mismatches)
        return h.Transcript(ex.title, steps, verdict, run.ok)

    def open_points(self) -> h.Html:
        """"Ce que la règle ne dit pas": every point the booklet leaves open (each "Ambiguïté",
        "Précision" or "Différence entre les livrets" paragraph of the rule file), its first line
        giving the question and the reading the tutor keeps; each opens
        onto its whole clause."""
        points = rules.open_points(self.book())
        items, lines = [], []
        for p in points:
            items.append(
                f'<details class="tv-open-point"><summary><span class="tv-tag">{h.esc(p.kind)}'
                f"</span> <strong>{h.esc(p.clause.title)}</strong> — "
                f"{h.esc(fr.capitalize(p.first_line))}</summary>"
                f"{h.clause_panel(p.clause, anchored=False)}"
                "</details>")
            lines.append(f"{p.kind} [{p.clause.id}] {fr.capitalize(p.first_line)}")
        book = self.book()
        intro = fr.open_points_intro(len(points), len(book.meta.get("sources", ())),
                                     sum(1 for p in points if p.variants(book)))
        body = (f'<div class="tv-panel"><p>{h.esc(intro)}</p>{"".join(items)}</div>')
        return h.Html(body, "\n".join([intro, *lines]))

    def stepper(self, example_id: str, scene: Callable[[Sequence[Event]], str]) -> Stepper:
        """A worked example told step by step on its table: ``scene(events)`` draws the table
        after the events told so far, so the result never shows before its step."""
        ex = self.book().examples[example_id]
        run = self.engine.run_example(ex.data)
        stepper = Stepper(self.book(), self.engine.describe, self.shown(run.events), ex.title,
                          scene, self.example(example_id))
        self.progress.watch_stepper(stepper)
        return stepper

    def worked_example(self, example_id: str,
                       scene: Callable[[Sequence[Event]], str]) -> WorkedExample:
        """A worked example shown as its steps, opening onto its :meth:`stepper` on demand."""
        self.scenes[example_id] = scene
        return WorkedExample(self.browser, example_id, self.example(example_id),
                             lambda: self.stepper(example_id, scene))

    def cite(self, clause_id: str) -> str:
        """A clause's title and id, as a small citation."""
        c = self.book().clause(clause_id)
        return (f'<span class="tv-step-clause">{h.esc(c.title)} '
                f'<span class="tv-clause-id">{h.esc(c.id)}</span></span>')


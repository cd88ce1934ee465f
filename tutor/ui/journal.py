"""The journal of a session: every event of the steps played, each citing its clause.

Incremental: each step's lines are rendered once and kept; a click that plays one more step
renders only that step's events, undo trims nothing but the cursor, and a long game shows its last
:data:`SHOWN` lines with "Tout afficher" (so a click at the end of a long game sends no more than a
click at its start).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Generic

import ipywidgets as w

from tutor import fr, rules
from tutor.engine.api import E
from tutor.ui import html as h
from tutor.ui.htmlwidget import Html, Typeset, typeset
from tutor.ui.session import Session

SHOWN = 40


class Journal(w.VBox, Generic[E]):  # type: ignore[misc]
    """The log of ``session`` up to its cursor, most recent first; ``keep`` filters the events a
    viewer may read (hidden choices are not told)."""

    def __init__(self, session: Session[Any, Any, Any, E], book: rules.RuleBook,
                 describe: Callable[[E], str], keep: Callable[[E], bool] = lambda e: True,
                 title: str = "Journal") -> None:
        self.session, self.book, self.describe, self.keep = session, book, describe, keep
        self.title = title
        self.lines: list[tuple[Typeset, ...]] = []  # rendered lines of each step, by step
        self.logs: list[Any] = []  # the step logs those lines were rendered from
        self.expanded = False
        self.body = Html()
        self.more = w.Button(description="Tout afficher", icon="list",
                             layout=w.Layout(width="auto"))
        self.more.on_click(lambda _: self.toggle())
        super().__init__([self.body, self.more])
        self.add_class("tv-journal")
        session.observe(lambda _: self.render(), names="version")
        self.render()

    def refresh(self) -> None:
        """Render every line again (the viewer changed: what may be read changed too)."""
        self.lines.clear()
        self.logs.clear()
        self.render()

    def toggle(self) -> None:
        self.expanded = not self.expanded
        self.render()

    def _line(self, event: E) -> Typeset:
        clause = self.book.clause(event.clause)
        return typeset(f"<li>{h.esc(self.describe(event))} "
                       f'<a class="tv-step-clause" href="#{h.anchor(clause.id)}" '
                       f'title="{h.esc(clause.title)}">— {h.esc(clause.title)} '
                       f'<span class="tv-clause-id">{h.esc(clause.id)}</span></a></li>')

    def _sync(self) -> None:
        """Render the steps not rendered yet; drop those replaced since (by identity)."""
        logs = [step.events for step in self.session.steps]
        keep = 0
        while keep < min(len(logs), len(self.logs)) and logs[keep] is self.logs[keep]:
            keep += 1
        del self.lines[keep:], self.logs[keep:]
        for log in logs[keep:]:
            self.lines.append(tuple(self._line(e) for e in log if self.keep(e)))
            self.logs.append(log)

    def render(self) -> None:
        self._sync()
        lines = [line for step in self.lines[: self.session.cursor + 1] for line in step]
        hidden = 0 if self.expanded else max(0, len(lines) - SHOWN)
        note = ""
        if hidden:
            older = fr.count(hidden, "événement plus ancien masqué",
                             "événements plus anciens masqués")
            note = f'<p class="tv-muted">{h.esc(older)}.</p>'
        # each line was typeset once, when rendered: only the frame is typeset at each click
        head = typeset(f'<div class="tv-root"><div class="tv-panel tv-log">'
                       f'<div class="tv-title">{h.esc(self.title)} <span class="tv-muted">'
                       "(le plus récent en haut)</span></div><ol reversed>")
        tail = typeset(f"</ol>{note}</div></div>")
        self.body.value = Typeset.join_all([head, *reversed(lines[hidden:]), tail])
        self.more.layout.display = "" if hidden or self.expanded else "none"
        self.more.description = "Afficher moins" if self.expanded else (
            f"Tout afficher ({len(lines)})")

""""Et si… ?" and "Pourquoi je n'ai pas gagné ?" under a play table or a sandbox: the learner picks
another action for the step the "Étape" slider shows and sees both futures side by side (that
step's resolution, the final scores, the clauses that made the difference); at the end of a game
against the computer, the steps where another choice would have changed the resolution.

Nothing here changes the learner's session: it is read, and every line is replayed apart by
:mod:`tutor.engine.whatif`. Widgets are made once per board and reused.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from typing import Any, Protocol

import ipywidgets as w

from tutor import fr
from tutor.engine import Event, Outcome
from tutor.engine.whatif import (
    Difference,
    Line,
    Played,
    Replayer,
    WhyNot,
    difference,
    lower_wins,
    why_not,
)
from tutor.ui import html as h
from tutor.ui.htmlwidget import Html
from tutor.ui.widgets import Refusal, set_html


class Board(Protocol):
    """What « Et si… ? » reads of a play table or sandbox (:class:`tutor.ui.table._Board`,
    which builds the panel: named here so that this module needs nothing above it)."""

    engine: Any
    session: Any
    surface: Any
    guard: Any
    origin: Any
    opening_actions: tuple[Any, ...]
    policies: Any
    me: str | None
    viewer: str | None

INTRO = ("« Et si…\u202f? » rejoue la partie avec le même ordre des cartes (le hasard "
         "enregistré) et les mêmes joueurs de l’ordinateur (même niveau, même graine) : tout est "
         "identique jusqu’à l’étape choisie ; ensuite, les joueurs de l’ordinateur choisissent "
         "d’après ce que montre leur place. Vos choix suivants sont gardés tant qu’ils restent "
         "permis ; sinon, l’ordinateur choisit pour vous au même niveau (le nombre de choix "
         "remplacés est indiqué). Votre partie n’est pas modifiée.")
SANDBOX_INTRO = ("« Et si…\u202f? » rejoue la partie avec le même ordre des cartes (le hasard "
                 "enregistré) : tout est identique jusqu’à l’étape choisie. Ensuite, les choix "
                 "suivants de chaque place sont gardés tant qu’ils restent permis ; sinon, un "
                 "joueur de l’ordinateur choisit à sa place (le nombre de choix remplacés est "
                 "indiqué). Votre partie n’est pas modifiée.")
WHY = "Pourquoi je n’ai pas gagné ?"
HIDDEN = ("« Et si…\u202f? » s’ouvre à la fin de la partie, ou en « Vue du professeur » : avant, "
          "un autre futur dévoilerait les cartes cachées (les mains des autres, les cartes à "
          "venir).")
SAME = ("À cette étape, les mêmes joueurs font et reçoivent la même chose dans les deux futurs : "
        "seules les cartes diffèrent.")
WHY_INTRO = ("Pour chaque étape où vous aviez le choix, le tuteur essaie toutes les autres actions "
             "permises et garde celles qui changent ce qui s’est passé à cette étape (qui prend, "
             "qui reçoit) ; chacune est rejouée jusqu’à la fin pour connaître votre score.")


def policies(me: str | None, bots: Sequence[str], level: str,
             seed: int) -> dict[str, tuple[str, int]]:
    """The seeded policies of a play table: the computer players as
    :class:`~tutor.ui.table.PlayTable` builds them (``seed * 10 + k``), the learner's seat with
    the same level and ``seed * 10``."""
    return {name: (level, seed * 10 + k) for k, name in enumerate((me or "", *bots)) if name}


def _cols(*columns: str) -> str:
    """Columns side by side, stacked when the page is narrow (under about 600 px)."""
    cells = "".join(f'<div style="flex: 1 1 17rem; min-width: 0">{c}</div>' for c in columns)
    return f'<div class="tv-whatif-cols" style="display: flex; flex-wrap: wrap; gap: 0.6rem">' \
           f"{cells}</div>"


class WhatIfPanel(w.VBox):  # type: ignore[misc]
    """The "Et si… ?" controls of ``board`` (a :class:`~tutor.ui.table.PlayTable` or
    :class:`~tutor.ui.table.Sandbox`)."""

    def __init__(self, board: Board) -> None:
        self.board = board
        self.options: tuple[Any, ...] = ()
        self.step = 0
        self.choice = w.Dropdown(description="Autre choix", layout=w.Layout(
            width="auto", max_width="100%"), style={"description_width": "6rem"})
        self.go = w.Button(description="Et si…\u202f?", icon="random",
                           layout=w.Layout(width="auto"))
        self.go.add_class("tv-whatif")
        # shown only at the end of a game against the computer (:meth:`refresh`): hidden from
        # the start, not only after the first move (a sandbox showed it before any)
        self.why = w.Button(description=fr.typography(WHY), icon="question",
                            layout=w.Layout(width="auto", display="none"))
        self.why.add_class("tv-why")
        self.result = Html()
        self.result.add_class("tv-whatif-result")
        self.go.on_click(board.guard(lambda _: self.compare()))
        self.why.on_click(board.guard(lambda _: self.explain()))
        row = w.HBox([self.choice, self.go, self.why],
                     layout=w.Layout(flex_flow="row wrap", align_items="center"))
        super().__init__([row, self.result])
        self.add_class("tv-whatif-panel")
        board.session.observe(lambda _: board.guard(self.refresh)(), names="version")

    # -- what the learner may change --------------------------------------------------------
    def played(self) -> Played:
        """The board's game as recorded so far (every step of the session, redo ones too)."""
        b = self.board
        s = b.session
        origin = b.origin if b.origin is not None else s.steps[0].state
        me = b.me
        names = (b.surface.you, *b.surface.bots)
        pol = b.policies or {name: (next(iter(b.engine.PLAYER_KINDS)), 10 + k)
                             for k, name in enumerate(names)}
        return Played(b.engine, origin,
                      (tuple(b.opening_actions), *(st.actions for st in s.steps[1:])),
                      dict(pol), me)

    def _chooser(self, step: int) -> str | None:
        """Who chose at step ``step`` of the session, as the step record says (``None``:
        nothing to change there)."""
        steps = self.board.session.steps
        if not 1 <= step < len(steps) or not steps[step].actions:
            return None
        seat = steps[step].chooser
        return seat if seat is not None and self.board.me in (None, seat) else None

    def labelled(self, step: int) -> list[tuple[str, Any]]:
        """The legal actions of the chooser at step ``step``, labelled as the page labels them
        (read from the step before it, where that seat chose)."""
        seat = self._chooser(step)
        if seat is None:
            return []
        b = self.board
        before = b.session.steps[step - 1]
        out = []
        for group in b.surface.groups(before.view(seat), before.legal(seat)):
            for label, action in group.items:
                out.append((f"{group.label} : {label}" if group.label else label, action))
        return [(fr.typography(label), action) for label, action in out]

    def refresh(self) -> None:
        """Follow the session: the choices at the step shown, "Pourquoi" at the end of a game."""
        b = self.board
        s = b.session
        step = s.cursor
        items = self.labelled(step)
        played = s.steps[step].actions[0] if items else None
        others = [(label, a) for label, a in items if a != played]
        if step != self.step or tuple(a for _, a in others) != self.options:
            self.step = step
            self.options = tuple(a for _, a in others)
            self.choice.options = [(label, k) for k, (label, _) in enumerate(others)]
            self.choice.value = 0 if others else None
            set_html(self.result, "")
        over = s.last.over
        hidden = self.hides(over)
        self.choice.disabled = self.go.disabled = not others or hidden
        if hidden:
            set_html(self.result, h.message_panel("info", fr.typography(HIDDEN)))
        self.why.layout.display = "" if over and b.me is not None else "none"

    def hides(self, over: bool) -> bool:
        """True in a game against the computer still being played, in the learner's view:
        another future would show cards the learner cannot see (the sandbox, the teacher's
        view and a finished game show everything anyway)."""
        b = self.board
        return b.me is not None and b.viewer is not None and not over

    # -- the two futures -------------------------------------------------------------------
    def compare(self) -> None:
        if self.hides(self.board.session.last.over):
            raise Refusal(fr.typography(HIDDEN))
        index = self.choice.value
        if type(index) is not int or not 0 <= index < len(self.options):
            raise Refusal("Choisissez d’abord une étape où vous avez joué (curseur « Étape »), "
                          "puis une autre action dans la liste.")
        step, action = self.step, self.options[index]
        r = Replayer(self.played())
        recorded = r.played_action(step)
        actual = r.line(step, recorded)
        other = r.line(step, action)
        diff = difference(actual.events, other.events)
        low = lower_wins(actual.outcome, other.outcome)
        left = self._future("Ce qui a été joué", self._label(step, recorded), actual, diff, True,
                            low)
        right = self._future("Et si…", self._label(step, action), other, diff, False, low)
        set_html(self.result, f'<div class="tv-panel tv-whatif-out"><div class="tv-title">'
                 f"{h.esc(fr.typography(f'Étape {step} : deux futurs'))}</div>"
                 f'<p class="tv-muted">{h.esc(INTRO if self.board.me else SANDBOX_INTRO)}</p>'
                 f"{_cols(left, right)}"
                 f"{self._made_the_difference(diff)}</div>")

    def _shown(self, events: Sequence[Event]) -> list[Event]:
        b = self.board
        return [e for e in events if b.surface.keep(e, b.viewer)]

    def _events(self, events: Sequence[Event], marked: Sequence[Event]) -> str:
        page, describe = self.board.surface.page, self.board.engine.describe
        items = []
        for e in self._shown(events):
            mark = any(e is m for m in marked)
            text = h.esc(describe(e))
            items.append(f"<li>{'<strong>' + text + '</strong>' if mark else text} "
                         f"{page.cite(e.clause)}</li>")
        return f'<ol class="tv-steps">{"".join(items)}</ol>'

    def _future(self, title: str, label: str, line: Line, diff: Difference, first: bool,
                low: bool) -> str:
        marked = diff.only_a if first else diff.only_b
        head = f"{title} : « {label} »" if label else title
        parts = [f'<div class="tv-title">{h.esc(fr.typography(head))}</div>',
                 '<div class="tv-muted">Cette étape</div>', self._events(line.events, marked)]
        if line.outcome is not None:
            simulated = line.unrecorded or not first
            parts.append(_scores(line.outcome, self.board.me, low, self.board.surface.page.cite,
                                 "Fin de la partie, rejouée" if simulated else
                                 "Fin de la partie"))
        elif line.stopped:
            parts.append(h.message_panel("info", "Ligne interrompue", line.stopped))
        if line.unrecorded:
            n = fr.count(line.unrecorded, "choix", "choix")
            note = fr.typography(f"Partie pas encore finie : {n} après la dernière étape jouée, "
                                 "faits par l’ordinateur à votre place, au même niveau.")
            parts.append(f'<p class="tv-muted">{h.esc(note)}</p>')
        if line.substituted:
            n = fr.count(line.substituted, "de vos choix suivants n’était plus permis",
                         "de vos choix suivants n’étaient plus permis")
            note = fr.typography(f"{n} : l’ordinateur a choisi à votre place.")
            parts.append(f'<p class="tv-muted">{h.esc(note)}</p>')
        return f'<div class="tv-panel">{"".join(parts)}</div>'

    def _made_the_difference(self, diff: Difference) -> str:
        page = self.board.surface.page
        if not diff.changed:
            return (f'<p class="tv-muted">{h.esc(SAME)}</p>')
        cites = " ".join(page.cite(c) for c in diff.clauses)
        return f"<p><strong>{h.esc('Ce qui fait la différence :')}</strong> {cites}</p>"

    # -- "Pourquoi je n'ai pas gagné ?" ------------------------------------------------------
    def explain(self) -> None:
        b = self.board
        if b.me is None or not b.session.last.over:
            raise Refusal("Terminez d’abord une partie contre l’ordinateur.")
        start = time.perf_counter()
        result = why_not(self.played())
        elapsed = time.perf_counter() - start
        set_html(self.result, self._why(result, elapsed))

    def _label(self, step: int, action: Any) -> str:
        for label, a in self.labelled(step):
            if a == action:
                return label
        return ""

    def _why(self, result: WhyNot, elapsed: float) -> str:
        b = self.board
        me = b.me or ""
        describe = b.engine.describe
        rows = []
        low = lower_wins(result.outcome)
        for t in result.turnings:
            played, other = self._label(t.step, t.actual.action), self._label(t.step,
                                                                            t.other.action)
            changes = " ".join(describe(e) for e in self._shown(t.difference.only_b))
            was = " ".join(describe(e) for e in self._shown(t.difference.only_a))
            lines = [f"Vous avez joué « {played} » → {was or 'voir le journal.'}",
                     f"Avec « {other} » → {changes or 'autre résolution.'}"]
            tag = ""
            if t.other.outcome is not None and t.actual.outcome is not None:
                before, after = t.actual.outcome.scores[me], t.other.outcome.scores[me]
                delta = after - before
                lines.append(f"Votre score final : {_points(before)} → {_points(after)} "
                             f"({fr.signed(delta) if delta else 'inchangé'}).")
                won = me in t.other.outcome.winners
                if won != (me in t.actual.outcome.winners):
                    tag = (' <span class="tv-tag tv-ok">vous auriez gagné</span>' if won else
                           ' <span class="tv-tag tv-no">vous auriez perdu</span>')
            else:
                lines.append("Non rejoué jusqu’à la fin (limite de calcul).")
            if t.changing > 1:
                lines.append(f"{fr.count(t.changing, 'autre choix', 'autres choix')} sur "
                             f"{t.tried} changent cette étape ; le meilleur pour vous est montré.")
            cites = " ".join(b.surface.page.cite(c) for c in t.difference.clauses)
            body = "<br>".join(h.esc(fr.typography(line)) for line in lines)
            rows.append(f"<li><strong>Étape {t.step}</strong>{tag}<br>{body}<br>{cites}</li>")
        verdict = ""
        if result.outcome is not None:
            verdict = _scores(result.outcome, me, low, b.surface.page.cite)
        n_steps = fr.count(result.examined, "étape où vous aviez le choix",
                           "étapes où vous aviez le choix")
        n_tried = fr.count(result.tried, "autre action essayée", "autres actions essayées")
        summary = f"{fr.capitalize(n_steps)}, {n_tried} en {_seconds(elapsed)}."
        if result.skipped:
            summary += (f" Limite de calcul : {fr.count(result.skipped, 'étape', 'étapes')} "
                        f"{fr.plural(result.skipped, 'plus ancienne')} "
                        f"{fr.plural(result.skipped, 'n’a', 'n’ont')} pas été "
                        f"{fr.plural(result.skipped, 'examinée')} (les dernières étapes le sont "
                        "d’abord).")
        if result.unplayed:
            summary += (f" {fr.count(result.unplayed, 'choix', 'choix')} "
                        f"{fr.plural(result.unplayed, 'n’a', 'n’ont')} pas été "
                        f"{fr.plural(result.unplayed, 'rejoué')} jusqu’à la fin (limite de "
                        "calcul) : seul leur effet immédiat compte pour eux.")
        body = (f'<ol class="tv-steps">{"".join(rows)}</ol>' if rows else
                "<p>Aucun autre de vos choix n’aurait changé ce qui s’est passé à son étape.</p>")
        return (f'<div class="tv-panel tv-why-out"><div class="tv-title">{h.esc(WHY)}</div>'
                f'{verdict}<p class="tv-muted">{h.esc(WHY_INTRO)}</p>'
                f'<p class="tv-muted">{h.esc(fr.typography(summary))}</p>{body}</div>')


def _points(value: int) -> str:
    return fr.signed(value) if value < 0 else str(value)


def _seconds(value: float) -> str:
    return f"{value:.1f} s".replace(".", ",")


def _scores(out: Outcome, me: str | None, low: bool, cite: Any,
            title: str = "Fin de la partie") -> str:
    rows = [[h.esc(p) + (" (vous)" if p == me else ""), f"<strong>{h.esc(_points(s))}</strong>",
             '<span class="tv-tag tv-ok">vainqueur</span>' if p in out.winners else ""]
            for p, s in sorted(out.scores.items(), key=lambda kv: kv[1] if low else -kv[1])]
    return (f'<div class="tv-muted">{h.esc(title)}</div>'
            f"{h.table(['Joueur', 'Points', ''], rows)}<p>{h.esc(out.reason)}</p>"
            f"{cite(out.clause)}")

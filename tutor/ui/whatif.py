""""Et si… ?" and "Pourquoi je n'ai pas gagné ?" under a play table or a sandbox.

« Et si… ? »: the learner picks any past decision (« Étape à changer ») and another action;
both are compared over many continuations from what the chooser could see then, with a 95 %
margin like « Conseil » (:func:`tutor.engine.whatif.what_if_averaged`), and the first
continuation with the real cards is shown side by side, labelled as hindsight. At the end of a
game against the computer, « Pourquoi je n'ai pas gagné ? » judges every decision of the
learner's from their view then (:func:`tutor.engine.whatif.review`): the one to three that cost
the most beyond the margin, one sentence each, and the rule-level lessons of the game.

Nothing here changes the learner's session: it is read, and every line is replayed apart by
:mod:`tutor.engine.whatif`. Widgets are made once per board and reused.
"""

from __future__ import annotations

import math
import time
from collections.abc import Mapping, Sequence
from typing import Any, Protocol

import ipywidgets as w

from tutor import fr
from tutor.engine import Event, Outcome
from tutor.engine.hints import ActionHint, Hints, Paired, above
from tutor.engine.whatif import (
    Averaged,
    Comparisons,
    Difference,
    Judgement,
    Line,
    Played,
    Replayer,
    Review,
    difference,
    lower_wins,
    review,
    what_if_averaged,
)
from tutor.ui import html as h
from tutor.ui.hints import action_labels, kind_of, table_heads
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
    hints: Any

INTRO = ("Les deux coups sont comparés sur les mêmes parties simulées à partir de ce {que_seat} "
         "voyait alors : les cartes cachées sont redistribuées au hasard, puis tout le monde, "
         "{seat} compris, joue comme l’ordinateur {level}, de la même façon dans les deux "
         "branches. La marge est un intervalle de confiance à 95 %.")
FIRST = ("Une suite parmi d’autres, avec les vraies cartes (après coup) : le même ordre des "
         "cartes et les mêmes joueurs de l’ordinateur ; tout est identique jusqu’à l’étape "
         "choisie. Ensuite, les choix suivants {de_seat} sont gardés tant qu’ils restent "
         "permis. Une seule suite peut tenir du hasard : la comparaison ci-dessus fait foi.")
STEPS_NOTE = ("« Étape à changer » ne liste que les décisions : les étapes où un coup était à "
              "choisir parmi plusieurs. Les autres numéros (coups de l’ordinateur, coups "
              "forcés) n’y sont pas.")
WHY = "Pourquoi je n’ai pas gagné ?"
#: small counts in prose are written out (« Les trois décisions »)
WORDS = {2: "deux", 3: "trois"}
#: the same review when the learner won (or shared the win): the question would be false
WHY_WON = "Revoir mes décisions"
HIDDEN = ("« Et si… ? » s’ouvre à la fin de la partie, ou en « Vue du professeur » : avant, "
          "un autre futur dévoilerait les cartes cachées (les mains des autres, les cartes à "
          "venir).")
SAME = ("À cette étape, les deux coups ont le même effet sur la partie (qui prend quoi, à qui "
        "le tour) : seules les cartes nommées diffèrent.")
WHY_INTRO = ("Chaque décision où vos coups possibles se distinguaient est jugée d’après ce que "
             "vous voyiez alors, "
             "comme le fait « Conseil » : les cartes cachées sont redistribuées au hasard, des "
             "parties sont simulées pour chaque coup possible, et vos coups suivants y sont "
             "joués par l’ordinateur {level} dans toutes les branches (ce qui change plus tard "
             "n’est donc jamais attribué à ce choix). Un coup n’est retenu que si d’autres "
             "parties, jouées pour le vérifier, confirment l’écart au-delà de la marge à 95 %.")
NONE_MATTERED = ("Aucune de vos décisions ne vous a coûté de façon sûre (au-delà de la marge à "
                 "95 %) : à chacune, votre coup était en tête, ou l’écart avec le coup en tête "
                 "n’a pas été confirmé.")


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


def _pp(value: float) -> str:
    """A difference of win chances in percentage points, signed: ``+12``, ``−3``."""
    return fr.signed(round(100 * value))


def _points_of(value: float, text: str, what: str = "point") -> str:
    """``text`` (a number as shown) followed by ``what``, singular below 2 in French."""
    return f"{text} {what}{'' if abs(value) < 2 else 's'}"


def _pp_gain(p: Paired) -> str:
    """The win chances' gap in percentage points and its interval."""
    gain = round(100 * p.win_gain)
    return (f"{_points_of(gain, _pp(p.win_gain))} de pourcentage de {_chances(p)} (de "
            f"{_pp(p.win_low)} à {_pp(p.win_high)})")


def _score_gain(p: Paired) -> str:
    """The second action's points against the first's, as more or fewer points (never a signed
    "gain": where the lowest total wins, +4 would read as four more penalty points), its
    margin after."""
    raw = -p.score_gain if p.lowest_wins else p.score_gain  # the second's points minus the first's
    where = "" if p.whole_game else " sur la manche"
    size = abs(round(raw, 1))
    if size == 0:
        return f"autant de points en moyenne{where} ({_margin(p.score_margin)})"
    text = _points_of(size, fr.decimal(size))
    return (f"{text} de {'plus' if raw > 0 else 'moins'} en moyenne{where} "
            f"({_margin(p.score_margin)})")


def _chances(p: Paired) -> str:
    """What a win chance is the chance of: the game, or the manche a hint looks at."""
    return "chances de gagner" if p.whole_game else "chances de gagner la manche"


def _total(value: int, signed: bool) -> str:
    """A final total with its unit, as the page writes totals: « 21 points », « +29 points »."""
    return _points_of(value, fr.total(value, signed))


def _margin(value: float) -> str:
    return f"±\u00a0{fr.decimal(value)}" if math.isfinite(value) else "marge inconnue"


def decision_sentence(step: int, played: str, better: str, duel: Paired) -> str:
    """A costly decision in one French sentence: what was played, what did better and by how
    much; the win chances first when their gap is beyond the margin, else the points (the
    decision was kept for them) and the win chances' gap after, said to be within the
    margin."""
    games = fr.count(duel.playouts, "partie comparée", "parties comparées")
    head = f"Étape {step} : vous avez joué {fr.quote(played)} ; {fr.quote(better)} vous donnait"
    if duel.wins_more or duel.wins_less:
        return f"{head} {_pp_gain(duel)} et {_score_gain(duel)}, sur {games}."
    return (f"{head} {_score_gain(duel)}, sur {games}, sans changer vos {_chances(duel)} "
            f"au-delà de la marge (écart de {_pp(duel.win_gain)}, de {_pp(duel.win_low)} à "
            f"{_pp(duel.win_high)} points de pourcentage).")


def paired_line(p: Paired, second: str = "") -> str:
    """The paired comparison in one French sentence: the second action (named ``second``)
    against the first."""
    games = fr.count(p.playouts, "partie comparée", "parties comparées")
    who = f" de {fr.quote(second)} par rapport au coup joué" if second else ""
    return f"Écart{who} : {_pp_gain(p)}, {_score_gain(p)}, sur {games}."


def verdict(p: Paired, played: str, other: str) -> str:
    """The comparison's verdict in one French sentence. « meilleur » only when the win chances
    are apart beyond the margin, on the paired games and on each move's own interval (the
    table shows these: they must not overlap); a gap of points alone is said as points."""
    if not (p.better or p.worse):
        return "Les deux coups sont à égalité, à la marge près."
    if p.better:
        name, behind, ahead_hint, behind_hint = fr.quote(other), played, p.second, p.first
        wins = p.wins_more
    else:
        name, behind, ahead_hint, behind_hint = (f"{fr.quote(played)}, le coup joué,", other,
                                                 p.first, p.second)
        wins = p.wins_less
    if wins and above(ahead_hint.win_low, behind_hint.win_high):  # apart as the table shows
        return f"{name} est meilleur que {fr.quote(behind)}, au-delà de la marge."
    if wins:
        return (f"{name} a gagné plus souvent que {fr.quote(behind)} sur les mêmes parties, "
                "mais les marges de leurs chances se touchent : aucun des deux n’est dit "
                "meilleur.")
    points = "coûte moins de points" if p.lowest_wins else "rapporte plus de points"
    return (f"{name} {points} en moyenne que {fr.quote(behind)}, au-delà de la marge ; leurs "
            f"{_chances(p)} ne se distinguent pas à la marge près.")


class WhatIfPanel(w.VBox):  # type: ignore[misc]
    """The "Et si… ?" controls of ``board`` (a :class:`~tutor.ui.table.PlayTable` or
    :class:`~tutor.ui.table.Sandbox`)."""

    def __init__(self, board: Board) -> None:
        self.board = board
        self.options: tuple[Any, ...] = ()
        self.step = 0
        self._cursor = -1
        self._steps: tuple[int, ...] = ()
        self._labels: dict[int, tuple[Any, list[tuple[str, Any]]]] = {}
        self._quiet = False
        #: the paired comparisons made for this board's games: « Pourquoi » and « Et si… ? »
        #: show the same figure for the same step and moves (one computation, kept)
        self.kept = Comparisons()
        # each list on a line of its own, as wide as the panel allows (side by side, a long
        # step label squeezed the other list under the buttons on a phone)
        self.at = w.Dropdown(description="Étape à changer", layout=w.Layout(
            width="100%", max_width="36rem"), style={"description_width": "8rem"})
        self.at.add_class("tv-whatif-step")
        self.choice = w.Dropdown(description="Autre choix", layout=w.Layout(
            width="100%", max_width="36rem"), style={"description_width": "8rem"})
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
        self.at.observe(board.guard(self._picked), names="value")
        row = w.HBox([self.at, self.choice, self.go, self.why],
                     layout=w.Layout(flex_flow="row wrap", align_items="center"))
        # the steps' numbers skip: say why, where the list is
        self.steps_note = Html(f'<p class="tv-muted tv-whatif-steps">'
                               f"{h.esc(fr.typography(STEPS_NOTE))}</p>")
        super().__init__([row, self.steps_note, self.result])
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
        """The legal actions of the chooser at step ``step``, labelled as « Conseil » labels
        them (« Carte 7 » for a card of a hand, never « Votre main » for another player's
        card), read from the step before it, where that seat chose."""
        seat = self._chooser(step)
        if seat is None:
            return []
        b = self.board
        before = b.session.steps[step - 1]
        cached = self._labels.get(step)
        if cached is not None and cached[0] is before:
            return cached[1]
        labels = action_labels(b.surface.groups(before.view(seat), before.legal(seat)))
        out = [(label, action) for action, label in labels.items()]
        self._labels[step] = (before, out)
        return out

    def steps(self) -> tuple[int, ...]:
        """The steps where a choice may be changed (a seat of the learner's chose among
        several actions)."""
        return tuple(k for k in range(1, len(self.board.session.steps))
                     if len(self.labelled(k)) > 1)

    def _step_label(self, step: int) -> str:
        seat = self._chooser(step) or ""
        action = self.board.session.steps[step].actions[0]
        label = self._label(step, action)
        return fr.typography(f"{step} : {seat} a joué {fr.quote(label)}")

    def refresh(self) -> None:
        """Follow the session: the decisions that may be changed (the step the cursor shows,
        when it is one), "Pourquoi" at the end of a game."""
        b = self.board
        s = b.session
        steps = self.steps()
        if steps != self._steps:
            self._steps = steps
            self._quiet = True
            try:
                self.at.options = [(self._step_label(k), k) for k in steps]
            finally:
                self._quiet = False
            self._cursor = -1
        if s.cursor != self._cursor:  # the cursor moved: show its decision (or the one before)
            self._cursor = s.cursor
            before = [k for k in steps if k <= s.cursor]
            target = before[-1] if before else (steps[0] if steps else None)
            if self.at.value != target:
                self.at.value = target  # -> :meth:`_picked`
            else:
                self._pick(target)
        over = s.last.over
        hidden = self.hides(over)
        self.at.disabled = not steps or hidden
        self.choice.disabled = self.go.disabled = not self.options or hidden
        if hidden:
            set_html(self.result, h.message_panel("info", fr.typography(HIDDEN)))
        self.why.layout.display = "" if over and b.me is not None else "none"
        title = fr.typography(self.why_title())
        if self.why.description != title:
            self.why.description = title

    def _picked(self, change: Mapping[str, Any]) -> None:
        if not self._quiet:
            self._pick(change["new"])

    def _pick(self, step: int | None) -> None:
        """Offer the other actions of the decision at ``step``."""
        items = self.labelled(step) if step is not None else []
        played = self.board.session.steps[step].actions[0] if items and step else None
        others = [(label, a) for label, a in items if a != played]
        self.step = step or 0
        self.options = tuple(a for _, a in others)
        self.choice.options = [(label, k) for k, (label, _) in enumerate(others)]
        self.choice.value = 0 if others else None
        hidden = self.hides(self.board.session.last.over)
        self.choice.disabled = self.go.disabled = not others or hidden
        if not hidden:
            set_html(self.result, "")

    def why_title(self) -> str:
        """« Pourquoi je n’ai pas gagné ? », or « Revoir mes décisions » once the learner has
        won or shared the win (the question would be false)."""
        b = self.board
        last = b.session.last
        if last.over and b.me is not None and b.me in b.engine.outcome(last.state).winners:
            return WHY_WON
        return WHY

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
            raise Refusal("Choisissez d’abord une étape où vous avez joué (« Étape à "
                          "changer »), puis une autre action dans la liste.")
        step, action = self.step, self.options[index]
        result = what_if_averaged(self.played(), step, action, kind=kind_of(self.board),
                                  kept=self.kept)
        set_html(self.result, self._compared(result))

    def _compared(self, res: Averaged) -> str:
        step, seat = res.step, res.seat
        played, other = self._label(step, res.actual.action), self._label(step, res.other.action)
        low = lower_wins(res.actual.outcome, res.other.outcome)
        title = (f"Étape {step} : et si {seat} avait joué {fr.quote(other)} au lieu de "
                 f"{fr.quote(played)}\u202f?")
        left = self._future(f"Ce qui a été joué : {fr.quote(played)}", res.actual,
                            res.difference, True, low, seat)
        right = self._future(f"Et si… {fr.quote(other)}", res.other, res.difference, False, low,
                             seat)
        return (f'<div class="tv-panel tv-whatif-out"><div class="tv-title">{h.esc(title)}'
                f"</div>{self._averaged(res.paired, played, other, seat)}"
                f'<div class="tv-title">{h.esc("Une suite, avec les vraies cartes")}</div>'
                f'<p class="tv-muted">{h.esc(FIRST.format(de_seat=fr.of(seat)))}</p>'
                f"{_cols(left, right)}{self._made_the_difference(res.difference)}</div>")

    def _level(self, kind: str) -> str:
        label = self.board.engine.PLAYER_KINDS[kind][0]
        return fr.quote(str(label).split(" (")[0])

    def _averaged(self, p: Paired, played: str, other: str, seat: str) -> str:
        """The two actions over many continuations: a small table, the verdict, the gap."""
        if p.alike:
            text = (f"De ce {fr.elide('que', seat)} voyait, {fr.quote(played)} et "
                    f"{fr.quote(other)} ne se "
                    "distinguent pas (deux cartes jamais vues d’une même main, par exemple) : "
                    "leurs chances sont les mêmes.")
            return f'<p class="tv-whatif-verdict"><strong>{h.esc(text)}</strong></p>'
        said = verdict(p, played, other)
        heads = table_heads(p.whole_game)
        rows = [_row(f"{played} (joué)", p.first), _row(other, p.second)]
        kind = self.played_kind()
        intro = INTRO.format(que_seat=fr.elide("que", seat), seat=seat, level=self._level(kind))
        return (f'<p class="tv-whatif-verdict"><strong>{h.esc(said)}</strong></p>'
                f"{h.table(heads, rows, stack=True)}"
                f'<p class="tv-whatif-gap">{h.esc(paired_line(p, other))}</p>'
                f'<p class="tv-muted">{h.esc(intro)}</p>')

    def played_kind(self) -> str:
        return kind_of(self.board)

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

    def _future(self, head: str, line: Line, diff: Difference, first: bool, low: bool,
                seat: str) -> str:
        marked = diff.only_a if first else diff.only_b
        parts = [f'<div class="tv-title">{h.esc(head)}</div>',
                 '<div class="tv-muted">Cette étape</div>', self._events(line.events, marked)]
        if line.outcome is not None:
            if line.unrecorded:
                end = "Fin de la partie, jouée par l’ordinateur après la dernière étape"
            elif first:
                end = "Fin de la partie"
            else:
                end = "Fin de la partie, rejouée"
            parts.append(_scores(line.outcome, self.board.me, low, self.board.surface.page.cite,
                                 self.board.surface.signed, end))
        elif line.stopped:
            parts.append(h.message_panel("info", "Ligne interrompue", line.stopped))
        if line.unrecorded:
            # a finished real game: this line outlasted it
            lead = ("Cette suite a duré plus longtemps que la partie réelle"
                    if self.board.session.last.over else "La partie réelle n’était pas finie")
            note = f"{lead} : après sa dernière étape, {self._unrecorded(line)}."
            parts.append(f'<p class="tv-muted">{h.esc(note)}</p>')
        if line.substituted:
            n = fr.count(line.substituted, f"des choix suivants {fr.of(seat)} n’était plus "
                         "permis", f"des choix suivants {fr.of(seat)} n’étaient plus permis")
            note = f"{n} : l’ordinateur a choisi à sa place."
            parts.append(f'<p class="tv-muted">{h.esc(note)}</p>')
        return f'<div class="tv-panel">{"".join(parts)}</div>'

    def _unrecorded(self, line: Line) -> str:
        """The choices the computer made beyond the record, counted for every seat it chose
        for (all the seats of a sandbox, not the chooser's alone), with its level."""
        by = dict(line.unrecorded_by) or ({self.board.me: line.unrecorded}
                                          if self.board.me else {})
        policies = self.played().policies
        kinds = {policies[p][0] if p in policies else self.played_kind() for p in by}
        level = (f"l’ordinateur {self._level(kinds.pop())}" if len(kinds) == 1 else
                 "l’ordinateur")
        n = fr.count(line.unrecorded, "choix fait", "choix faits")
        if len(by) == 1:
            return f"{n} par {level} pour {next(iter(by))}"
        each = fr.join(f"{c} pour {p}" for p, c in by.items())
        return f"{n} par {level} pour {fr.count(len(by), 'joueur')} ({each})"

    def _made_the_difference(self, diff: Difference) -> str:
        page = self.board.surface.page
        if not diff.changed:
            return f'<p class="tv-muted">{h.esc(SAME)}</p>'
        cites = " ".join(page.cite(c) for c in diff.clauses)
        return (f"<p><strong>{h.esc('Les articles qui font la différence à cette étape')}"
                f"</strong><br>{cites}</p>")

    # -- "Pourquoi je n'ai pas gagné ?" ------------------------------------------------------
    def explain(self) -> None:
        b = self.board
        if b.me is None or not b.session.last.over:
            raise Refusal("Terminez d’abord une partie contre l’ordinateur.")
        start = time.perf_counter()
        result = review(self.played(), kind=kind_of(b), kept=self.kept)
        elapsed = time.perf_counter() - start
        set_html(self.result, self._why(result, elapsed))

    def _label(self, step: int, action: Any) -> str:
        for label, a in self.labelled(step):
            if a == action:
                return label
        return ""

    def _why(self, result: Review, elapsed: float) -> str:
        b = self.board
        me = b.me or ""
        cite = b.surface.page.cite
        low = lower_wins(result.outcome)
        scores = (_scores(result.outcome, me, low, cite, b.surface.signed)
                  if result.outcome is not None else "")
        replayer = Replayer(self.played())
        rows = [self._decision(j, replayer) for j in result.costly]
        learnt = ""
        if result.lessons:
            items = "".join(f"<li>{h.esc(lesson.text)} {cite(lesson.clause)}</li>"
                            for lesson in result.lessons)
            learnt = (f'<p class="tv-why-head"><strong>{h.esc("À retenir de cette partie :")}'
                      "</strong></p>"
                      f'<ul class="tv-why-lessons">{items}</ul>')
        if rows:
            head = ("Une décision vous a coûté, au-delà de la marge :" if len(rows) == 1 else
                    f"Les {WORDS.get(len(rows), fr.number(len(rows)))} décisions qui vous ont "
                    "coûté le plus, au-delà de la marge :")
            body = (f'<p class="tv-why-head"><strong>{h.esc(head)}</strong></p>'
                    f'<ol class="tv-steps tv-why-costly">{"".join(rows)}</ol>')
        else:
            body = f'<p class="tv-why-none"><strong>{h.esc(NONE_MATTERED)}</strong></p>'
        body = learnt + body  # the rule a beginner missed first, then single decisions
        plain = self._where_lost(result.outcome, replayer)
        if plain:
            body = f'<p class="tv-why-plain"><strong>{h.esc(plain)}</strong></p>' + body
        judged = fr.count(len(result.judged), "décision jugée", "décisions jugées")
        if len(result.judged) > 1:
            judged += " (toutes celles où vos coups possibles se distinguaient)"
        elif result.judged:
            judged += " (la seule où vos coups possibles se distinguaient)"
        games = fr.count(result.screened, "partie simulée", "parties simulées")
        checked = fr.count(result.dueled, "autre", "autres")
        decisions = fr.count(result.spent, "décision", "décisions")
        summary = (f"{fr.capitalize(judged)}, {games}, puis {checked} pour vérifier les "
                   f"écarts, en {_seconds(elapsed)} ({decisions} de l’ordinateur ; le même "
                   "calcul redonne exactement ce bilan).")
        intro = WHY_INTRO.format(level=self._level(result.level))
        return (f'<div class="tv-panel tv-why-out"><div class="tv-title">'
                f"{h.esc(self.why_title())}</div>"
                f"{scores}{body}<p class=\"tv-muted\">{h.esc(intro)}</p>"
                f'<p class="tv-muted">{h.esc(summary)}</p></div>')

    def _where_lost(self, outcome: Outcome | None, replayer: Replayer) -> str:
        """One plain sentence on where the learner's points went: their total against the
        winner's, then the game's own scoring (:meth:`~tutor.engine.api.Game.where_lost`: the
        hunts discarded and why, the piles or sticks taken, the scores erased)."""
        me = self.board.me
        if outcome is None or me is None or me not in outcome.scores:
            return ""
        signed = self.board.surface.signed
        mine = _total(outcome.scores[me], signed)
        winners = [p for p in outcome.winners if p != me]
        if me in outcome.winners:
            head = f"Vous gagnez avec {mine}"
        elif winners:
            best = _total(outcome.scores[winners[0]], signed)
            verb = "gagne" if len(winners) == 1 else "gagnent"
            head = f"Vous finissez avec {mine} ; {fr.join(winners)} {verb} avec {best}"
        else:
            head = f"Vous finissez avec {mine}"
        why = self.board.engine.where_lost(replayer.walk().events, me)
        return fr.typography(f"{head} : {' ; '.join(why)}." if why else f"{head}.")

    def _decision(self, j: Judgement, replayer: Replayer) -> str:
        """One costly decision: one sentence with the numbers and the clause, what « Conseil »
        said there, and what the real cards did at that step (labelled as hindsight)."""
        b = self.board
        cite = b.surface.page.cite
        leader = j.leader
        duel = j.duel
        assert leader is not None and duel is not None
        played, better = self._label(j.step, j.action), self._label(j.step, leader.action)
        sentence = decision_sentence(j.step, played, better, duel)
        # the clauses: where the two actions' resolutions differ with the real cards (then
        # hindsight, said so), else the rule of the action itself
        actual = replayer.line(j.step, j.action, to_end=False)
        other = replayer.line(j.step, leader.action, to_end=False)
        diff = difference(actual.events, other.events)
        clauses = diff.clauses or tuple(dict.fromkeys(e.clause for e in actual.events
                                                      if e.seat == j.seat))[:1]
        parts = [f"<strong>{h.esc(sentence)}</strong> {' '.join(cite(c) for c in clauses)}",
                 h.esc(self._conseil(j))]
        after = self._hindsight(replayer, j, better)
        if after:
            parts.append(f'<span class="tv-muted">{h.esc(after)}</span>')
        return f"<li>{'<br>'.join(parts)}</li>"

    def _hindsight(self, replayer: Replayer, j: Judgement, better: str) -> str:
        """What the better move would have given with the real cards, to the end of the game
        (labelled as hindsight: one future, not a judgement): the learner's final score on both
        lines and who won."""
        me = self.board.me
        leader = j.leader
        assert leader is not None
        actual = replayer.line(j.step, j.action)
        other = replayer.line(j.step, leader.action)
        if me is None or actual.outcome is None or other.outcome is None:
            return ""
        signed = self.board.surface.signed
        now = _total(other.outcome.scores[me], signed)
        was = _total(actual.outcome.scores[me], signed)
        total = (f"le même total ({now})" if now == was else f"{now} au lieu de {was}")
        won = other.outcome.winners
        end = ("vous auriez gagné" if won == (me,) else
               f"vous auriez partagé la victoire avec {fr.join(p for p in won if p != me)}"
               if me in won else
               f"{fr.join(won)} {'aurait' if len(won) == 1 else 'auraient'} gagné")
        return fr.typography(
            f"Après coup, avec les vraies cartes (une seule suite, la comparaison ci-dessus "
            f"fait foi) : avec {fr.quote(better)}, vous auriez fini avec {total}, et {end}.")

    def _conseil(self, j: Judgement) -> str:
        """What « Conseil » said at that decision, if it was asked there, or that it computes the
        same; and why the two differ when they do."""
        leader = j.leader
        assert leader is not None
        better = self._label(j.step, leader.action)
        given = getattr(self.board.hints, "given", {}).get(j.step - 1)
        state = Replayer(self.played()).walk().points[j.step].state
        if given is None or given[0] != state:
            return (f"C’est le calcul de « Conseil » à cette position (les mêmes parties "
                    f"simulées), vérifié sur d’autres parties : {fr.quote(better)} en tête.")
        hint: Hints = given[1]
        first = hint.best()
        if first is not None and leader.action in first.alike:
            return (f"« Conseil », demandé à cette position, mettait aussi {fr.quote(better)} "
                    "en tête.")
        name = self._label(j.step, first.action) if first is not None else ""
        games = fr.count(hint.total_playouts, "partie", "parties")
        tied = hint.separated() is None
        why = ("à égalité avec d’autres, à la marge près" if tied else
               "séparé des autres à 95 %")
        return (f"« Conseil », demandé à cette position, mettait {fr.quote(name)} en tête ({why}, "
                f"après {games}) ; ce bilan a joué d’autres parties pour vérifier, et "
                f"{fr.quote(better)} y est confirmé devant votre coup au-delà de la marge.")


def _row(label: str, r: ActionHint) -> list[str]:
    return [h.esc(label),
            f"<strong>{h.esc(fr.percent(r.win_rate))}</strong> "
            + h.esc(f"({round(100 * r.win_low)} à {fr.percent(r.win_high)})"),
            h.esc(f"{fr.decimal(r.mean_score)} ({_margin(r.score_margin)})"),
            h.esc(fr.number(r.playouts))]


def _seconds(value: float) -> str:
    return f"{value:.1f} s".replace(".", ",")


def _scores(out: Outcome, me: str | None, low: bool, cite: Any, signed: bool,
            title: str = "Fin de la partie") -> str:
    """The final scores as the page's own final table writes them (with their sign where the
    page writes totals so: Stupides Vautours' « +29 »)."""
    rows = [[h.esc(p) + (" (vous)" if p == me else ""),
             f"<strong>{h.esc(fr.total(s, signed))}</strong>",
             '<span class="tv-tag tv-ok">vainqueur</span>' if p in out.winners else ""]
            for p, s in sorted(out.scores.items(), key=lambda kv: kv[1] if low else -kv[1])]
    return (f'<div class="tv-muted">{h.esc(title)}</div>'
            f"{h.table(['Joueur', 'Points', 'Résultat'], rows)}<p>{h.esc(out.reason)}</p>"
            f"{cite(out.clause)}")

"""« Conseil »: the hint button of the shared play table and sandbox.

For the seat that must act, :func:`tutor.engine.hints.hints_for` plays seeded games to the end
from that seat's view only, once per legal action and sampled deal; this panel shows the result
as a small table (the action as the page labels it, the win chance, the mean score, the 95 %
margin) and says in plain French how it was computed. The panel's widgets are made once and
reused: a new hint only changes their values.

One pending hint per panel: in a kernel, a hint is computed beside the kernel's event loop (a
thread of its own), so that the page's next messages are handled meanwhile. A « Conseil » asked
for another position while one is computed replaces it: the one computed stops at its next
step (a tenth of its second at most) and is never shown; the position changing (a move,
« Nouvelle partie ») stops it too. A « Conseil » or « Affiner » asked for the position being
computed does nothing (it is on its way). A page that queues « Nouvelle partie » and « Conseil »
by turns therefore gets one hint, for the last position, instead of one per pair: each hint is a
second of processor time, and the other learners share it. Where there is no event loop running
(a script, the tests, WebAssembly's Pyodide without threads) the hint is computed at once.
"""

from __future__ import annotations

import asyncio
import math
import sys
import threading
import time
from collections.abc import Sequence
from typing import Any, Protocol

import ipywidgets as w

from tutor import fr
from tutor.engine.hints import SECOND, ExpertKind, ExpertPlayer, Hints, Race
from tutor.ui import html as h
from tutor.ui.actions import ActionGroup
from tutor.ui.htmlwidget import Html
from tutor.ui.widgets import Refusal, set_html


class Board(Protocol):
    """What the panel reads of a play table or sandbox (:class:`tutor.ui.table._Board`)."""

    engine: Any
    surface: Any
    session: Any

    def acting(self, step: Any) -> str | None: ...

    def announce(self, text: str) -> None: ...



def action_labels(groups: Sequence[ActionGroup]) -> dict[Any, str]:
    """Each action's label as the page shows it (« Carte 7 » for a card of a hand; else with its
    group's title when it has one)."""
    labels = {}
    for group in groups:
        for label, action in group.items:
            if group.cards:  # a hand of cards: the card is the action
                text = f"Carte {label}"
            else:
                text = in_group(group.label, label)
            labels[action] = fr.typography(fr.capitalize(text))
    return labels


def in_group(group: str, label: str) -> str:
    """An action's label under its group's title, said once: « Cartes à échanger : Ma carte
    1 ⇄ carte 3 d’Alex »; a label that starts with the title's verb stands alone (not « Poser une
    carte : Poser un vampire violet »), and one that holds a colon goes in brackets (not
    « Exposer une chasse : 3 têtes : … »)."""
    if not group:
        return label
    words = label.split()
    if words and words[0].casefold() == group.split()[0].casefold():
        return label
    if " : " in label or "\u00a0: " in label:
        return f"{group} ({label})"
    return f"{group} : {label}"


def kind_of(board: Any) -> str:
    """The computer players' kind at this table: that of its computer players (a game against
    the computer), else the engine's second kind (the first above « Au hasard »)."""
    kinds = board.engine.PLAYER_KINDS
    for bot in getattr(board, "bots", {}).values():
        for key, (_, make) in kinds.items():
            expert = isinstance(make, ExpertKind) and isinstance(bot, ExpertPlayer)
            if type(bot) is make or expert:
                return str(key)
    keys = list(kinds)
    return str(keys[min(1, len(keys) - 1)])


def explanation(result: Hints, labels: dict[str, str], seat: str,
                alike: str | None = None) -> str:
    """How the hint was computed, in plain French (``alike``: the game's example of actions
    counted as one, its ``ALIKE``)."""
    level = fr.quote(labels[result.kind].split(" (")[0])
    played = fr.quote(labels[result.played_by].split(" (")[0])
    until = "la fin de la partie" if result.whole_game else "la fin de la manche en cours"
    text = (f"Pour chaque coup possible, des parties sont simulées jusqu’à {until}, à partir "
            f"de ce {fr.elide('que', seat)} voit seulement : à chaque "
            "partie, les cartes cachées sont "
            "redistribuées au hasard parmi celles que l’on ne voit pas. Les parties vont aux "
            "coups encore en course : un coup derrière le premier à 95 % n’est plus joué, "
            "sauf pour resserrer sa marge (d’où des nombres de parties différents d’une "
            "ligne à l’autre). ")
    if not result.whole_game:
        most = "le moins" if result.lowest_wins else "le plus"
        text += (f"Une partie dure ici plusieurs manches : le conseil regarde la manche en "
                 f"cours, que l’on gagne en y marquant {most} de points, et les points moyens "
                 "sont ceux de la manche. ")
    if result.played_by == result.kind:
        text += f"Tout le monde y joue comme l’ordinateur {level}, {seat} aussi après ce coup. "
    else:
        text += (f"L’ordinateur {level} réfléchit trop longtemps pour jouer des centaines de "
                 f"parties en une seconde : les parties simulées sont jouées par l’ordinateur "
                 f"{played}, pour tout le monde, {seat} aussi après ce coup. ")
    if any(len(r.alike) > 1 for r in result.rows):
        example = f" ({alike})" if alike else ""
        text += (f"Des coups qui ont forcément les mêmes chances{example} partagent une ligne "
                 "et un seul calcul. ")
    if result.lowest_wins and result.whole_game:
        text += "Le score moyen est le total final : ici, le plus petit total gagne. "
    text += "Une victoire partagée compte comme une victoire."
    if result.budget is not None:
        decisions = fr.count(result.spent, "décision", "décisions")
        text += (f" Calcul : {decisions} de l’ordinateur (graine {result.seed}, budget "
                 f"{fr.number(result.budget)}) ; la même graine et le même budget redonnent "
                 "exactement ce conseil.")
    return fr.typography(text)


def table_heads(whole_game: bool) -> list[str]:
    """The heads of a table of chances, saying on the number whose chance it is: the game's,
    or the manche's being played (a hint of Vampir, Vaiko or Drahtseilakt before the last
    manche looks at that manche only)."""
    if whole_game:
        return ["Coup", f"Chance de gagner la partie (marge à 95{fr.NNBSP}%)", "Score moyen",
                "Parties"]
    return ["Coup", f"Chance de gagner la manche en cours, pas la partie (marge à "
                    f"95{fr.NNBSP}%)", "Points de la manche", "Parties"]


MARGIN_LINE = ("La marge est un intervalle de confiance à 95 % (la vraie chance s’y trouve 95 "
               "fois sur 100). Un coup est devant un autre quand sa marge est tout entière "
               "au-dessus de celle de l’autre et qu’il gagne plus souvent que lui sur les mêmes "
               "parties simulées ; « en tête » : le premier coup et ceux dont il n’est pas "
               "devant.")
"""The one line under the table (what decides « en tête », as the verdict uses it);
:data:`MARGIN_DETAIL` opens beneath it."""

MARGIN_DETAIL = ("Un coup n’est dit « meilleur » que s’il est devant chacun des autres. « Il "
                 "gagne plus souvent sur les mêmes parties » : les deux coups sont joués sur "
                 "les mêmes parties simulées (mêmes cartes cachées, mêmes adversaires) ; là où "
                 "un seul des deux gagne, il faut que ce soit lui si souvent que le hasard ne "
                 "le ferait pas plus de 2 fois et demie sur 100. Deux coups en tête peuvent "
                 "avoir des marges qui touchent celles des coups suivants : seul le premier "
                 "sert à dire qui est derrière.")

NAMED = 3
"""A leading group of more coups than this is counted, not listed, in the verdict (the table
tags each of them)."""


def verdict(result: Hints, labels: dict[Any, str]) -> str:
    """One French sentence saying what the numbers allow: the best move when it is separated
    from every other at 95 %, else the leading group within the margins."""
    best = result.separated()
    ranked = result.classes()
    if len(ranked) < 2:
        return "Un seul coup possible ici (ou des coups qui ont forcément les mêmes chances)."
    if best is not None:
        return f"Meilleur coup, séparé des autres à 95 % : {labels.get(best.action, '')}."
    group = result.leaders()
    if len(group) == len(ranked):
        return ("Aucun coup ne se détache : tous sont à égalité, à la marge près "
                "(« Affiner » poursuit le calcul).")
    names = (fr.join(labels.get(r.action, str(r.action)) for r in group) if len(group) <= NAMED
             else f"{fr.count(len(group), 'coup')}, marqués « en tête » dans le tableau")
    first = (f"{fr.quote(labels.get(ranked[0].action, str(ranked[0].action)))}, le premier"
             if len(group) <= NAMED else "le premier du tableau")
    return (f"En tête, à égalité à la marge près : {names}. Les autres coups sont derrière "
            f"{first} : sa marge est au-dessus des leurs et il gagne plus souvent "
            "qu’eux sur les mêmes parties.")


def hint_rows(result: Hints, labels: dict[Any, str]) -> list[list[str]]:
    """The table's rows, best estimate first; « meilleur » only on a row separated from every
    other at 95 %, « en tête » on the leading group otherwise (on none when every move is in
    it: the verdict says they are all tied); the number
    of playouts of each row. Actions that share one estimate (the view cannot tell them apart)
    share one row, named by the first of them."""
    best = result.separated()
    ranked = result.classes()
    group = {r.alike for r in result.leaders()} if best is None and len(ranked) > 1 else set()
    rows = []
    for r in ranked:
        others = [labels.get(a, str(a)) for a in r.alike if a != r.action]
        tag = ""
        if r is best:
            tag = ' <span class="tv-tag tv-ok">meilleur</span>'
        elif r.alike in group and 1 < len(group) < len(ranked):  # all tied: the verdict says it
            tag = ' <span class="tv-tag" title="à égalité, à la marge près">en tête</span>'
        if others:
            # named when they are few (a hover title is out of reach of a keyboard or a phone)
            same = (fr.join(others) if len(others) <= 3
                    else fr.count(len(others), "autre coup", "autres coups"))
            tag += (f' <span class="tv-muted" title="{h.esc("; ".join(others))}">'
                    f"(comme {h.esc(same)}, aux mêmes chances)</span>")
        rows.append([
            f'<span class="tv-hint-move">{h.esc(labels.get(r.action, str(r.action)))}</span>'
            + tag,
            f"<strong>{h.esc(fr.percent(r.win_rate))}</strong> "
            + h.esc(fr.typography(f"({round(100 * r.win_low)} à {fr.percent(r.win_high)})")),
            h.esc(fr.typography(f"{fr.decimal(r.mean_score)} (± {fr.decimal(r.score_margin)})"
                                if math.isfinite(r.score_margin) else fr.decimal(r.mean_score))),
            h.esc(fr.number(r.playouts)),
        ])
    return rows


THREADS = sys.platform != "emscripten"
"""Whether a hint may be computed in a thread beside the kernel's event loop (not in
WebAssembly's Pyodide, which has none)."""

class Pending:
    """One hint asked for: its race, the position it is for and whether it was called off
    (:meth:`stop`: a newer request replaced it or the position changed). :meth:`clock` is the
    race's clock: once the hint is called off, its time is up at the next step."""

    def __init__(self, race: Race, state: object, cursor: int, seat: str) -> None:
        self.race, self.state, self.cursor, self.seat = race, state, cursor, seat
        self.stopped = False
        self._started = False

    def stop(self) -> None:
        self.stopped = True

    def clock(self) -> float:
        """:func:`time.perf_counter`, past the race's deadline once stopped (the race's first
        reading, its start, is always the true time: a hint stopped before it started does
        not run a whole second)."""
        now = time.perf_counter()
        if self._started and self.stopped:
            return now + 1e9
        self._started = True
        return now

    def run(self) -> Hints | BaseException | None:
        """The race's hint, or what it raised; ``None`` if called off before it started."""
        if self.stopped:
            return None
        try:
            return self.race.run_for(SECOND, clock=self.clock)
        except Exception as exc:  # handed to the page's error area by the panel
            return exc


PENDING_TEXT = "Conseil en cours de calcul (une seconde environ)…"


def running_loop() -> asyncio.AbstractEventLoop | None:
    """The event loop running this callback (a kernel's), if any."""
    try:
        return asyncio.get_running_loop()
    except RuntimeError:
        return None


class HintPanel(w.VBox):  # type: ignore[misc]
    """The « Conseil » button and its result, for the seat that must act at ``board``."""

    def __init__(self, board: Board, guard: Any) -> None:
        self.board = board
        self.button = w.Button(description="Conseil", icon="lightbulb-o",
                               tooltip="Chances de gagner de chaque coup, par des parties "
                                       "simulées", layout=w.Layout(width="auto"))
        self.button.add_class("tv-hint-button")
        self.refine = w.Button(description="Affiner", icon="plus",
                               tooltip="Une seconde de calcul de plus, sur la même lancée",
                               layout=w.Layout(width="auto", display="none"))
        self.refine.add_class("tv-hint-refine")
        self.output = Html()
        self.output.add_class("tv-hints")
        self.guard = guard
        self.button.on_click(guard(lambda _: self.show()))
        self.refine.on_click(guard(lambda _: self.show(more=True)))
        self.last: Hints | None = None
        self.race: Race | None = None
        self._for: object = None  # the state the shown hint is for
        self.wanted: Pending | None = None  # the hint asked for, not shown yet
        self.running: Pending | None = None  # the hint a thread computes
        #: whether hints are computed beside a running event loop (else at once)
        self.threads = THREADS
        #: the hints given in this game, by the session's cursor then: (the position, the hint),
        #: which « Pourquoi je n’ai pas gagné ? » compares with its own judgement
        self.given: dict[int, tuple[Any, Hints]] = {}
        row = w.HBox([self.button, self.refine], layout=w.Layout(flex_flow="row wrap"))
        super().__init__([row, self.output])

    def clear(self) -> None:
        """Forget the shown hint and stop the one being computed (the position has changed)."""
        if self.wanted is not None:
            self.wanted.stop()
            self.wanted = None
            self._busy(False)
        self.last = self.race = None
        self._for = None
        self.refine.layout.display = "none"
        if self.output.value:
            self.output.value = ""

    def show(self, more: bool = False) -> None:
        """Ask for the hint for the seat that must act now: a race of about one second on this
        machine (:data:`~tutor.engine.hints.SECOND`); ``more``: go on with the same race for
        another second (« Affiner »). Both buttons are disabled until it is shown. One pending
        hint: a hint asked for another position replaces the one being computed, and one asked
        for the position being computed, or already shown, does nothing."""
        board = self.board
        step = board.session.step
        state = step.state
        if not more and self.last is not None and self._for is state:
            return
        if self.wanted is not None and self.wanted.state is state:
            return  # on its way
        seat = board.acting(step)
        if seat is None:
            raise Refusal("Pas de conseil maintenant : ce n’est à personne de jouer ici.")
        if more and self.race is not None and self._for is state:
            race = self.race
        else:
            race = Race(board.engine, step.view(seat), kind=kind_of(board),
                        seed=board.session.cursor + 1, game_id=board.surface.page.info.id,
                        shown=True)
            set_html(self.output, f'<p class="tv-muted tv-hint-pending" role="status">'
                                  f"{h.esc(fr.typography(PENDING_TEXT))}</p>")
        if self.wanted is not None:
            self.wanted.stop()
        job = self.wanted = Pending(race, state, board.session.cursor, seat)
        self._busy(True)
        loop = running_loop() if self.threads else None
        if loop is None:
            self._finish(job, job.run())
        elif self.running is None:
            self._start(job, loop)
        # else: it starts once the one running has stopped (one thread per panel)

    def _busy(self, on: bool) -> None:
        for b in (self.button, self.refine):
            b.disabled = on
            if on:
                b.add_class("tv-busy")
            else:
                b.remove_class("tv-busy")

    def _start(self, job: Pending, loop: asyncio.AbstractEventLoop) -> None:
        self.running = job

        def work() -> None:
            outcome = job.run()
            try:
                loop.call_soon_threadsafe(self._ended, job, outcome, loop)
            except RuntimeError:  # the loop is closed: the kernel is stopping
                pass

        threading.Thread(target=work, name="tutor-hint", daemon=True).start()

    def _ended(self, job: Pending, outcome: Hints | BaseException | None,
               loop: asyncio.AbstractEventLoop) -> None:
        """In the event loop: a thread's hint is done; show it if it is still the one wanted
        (the position unchanged), and start the one wanted meanwhile, if any."""
        self.running = None
        if job is self.wanted:
            if self.board.session.state is job.state:
                self.guard(self._finish)(job, outcome)
            else:  # (the position changed without a redraw: nothing to show)
                self.wanted = None
                self._busy(False)
        wanted = self.wanted
        if wanted is not None and self.running is None:
            self._start(wanted, loop)

    def _finish(self, job: Pending, outcome: Hints | BaseException | None) -> None:
        """Show the hint (or raise what its race raised), then free the buttons: a page sees
        them back on once the hint is there."""
        self.wanted = None
        try:
            if isinstance(outcome, BaseException):
                raise outcome
            if outcome is not None:
                self._show(job, outcome)
        finally:
            self._busy(False)

    def _show(self, job: Pending, result: Hints) -> None:
        board = self.board
        step, seat = board.session.step, job.seat
        engine = board.engine
        self.race, self.last, self._for = job.race, result, job.state
        self.given[job.cursor] = (job.state, result)
        labels = action_labels(board.surface.groups(step.view(seat), step.legal(seat)))
        kinds = {key: label for key, (label, _) in engine.PLAYER_KINDS.items()}
        table = h.table(table_heads(result.whole_game), hint_rows(result, labels), stack=True)
        games = fr.count(result.total_playouts, "partie")
        until = "de la partie" if result.whole_game else "de la manche en cours"
        total = fr.typography(f"En tout : {games}, simulées jusqu’à la fin {until}.")
        set_html(self.output, (
            f'<div class="tv-panel tv-info"><div class="tv-title">'
            f"{h.esc(fr.typography(f'Conseil pour {seat}'))}</div>"
            f'<p class="tv-hint-verdict"><strong>{h.esc(fr.typography(verdict(result, labels)))}'
            f"</strong></p>"
            f'<div class="tv-hint-scroll">{table}</div>'
            f'<p class="tv-muted tv-hint-margin">{h.esc(fr.typography(MARGIN_LINE))} '
            f"{h.esc(total)}</p>"
            f'<details class="tv-muted tv-hint-how"><summary>Comment ce conseil est calculé'
            f"</summary><p>{h.esc(fr.typography(MARGIN_DETAIL))}</p>"
            f"<p>{h.esc(explanation(result, kinds, seat, engine.ALIKE))}</p></details></div>"))
        # a screen reader hears the verdict; the table is read where it stands
        board.announce(f"Conseil pour {seat}. {verdict(result, labels)}")
        self.refine.layout.display = ""

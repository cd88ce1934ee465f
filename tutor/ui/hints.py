"""« Conseil »: the hint button of the shared play table and sandbox.

For the seat that must act, :func:`tutor.engine.hints.hints_for` plays seeded games to the end
from that seat's view only, once per legal action and sampled deal; this panel shows the result
as a small table (the action as the page labels it, the win chance, the mean score, the 95 %
margin) and says in plain French how it was computed. The panel's widgets are made once and
reused: a new hint only changes their values.

One hint at a time: while a hint is computed the button is disabled (the page shows it busy),
and clicks that were already on their way are ignored once the hint for that position is shown
(never a queue of hints computed one after the other).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any, Protocol

import ipywidgets as w

from tutor import fr
from tutor.engine.hints import ActionHint, Hints, hints_for
from tutor.ui import html as h
from tutor.ui.actions import ActionGroup
from tutor.ui.htmlwidget import Html
from tutor.ui.widgets import Refusal, set_html


class Board(Protocol):
    """What the panel reads of a play table or sandbox (:class:`tutor.ui.table._Board`)."""

    engine: Any
    surface: Any
    session: Any

    def acting(self, state: Any) -> str | None: ...


def action_labels(groups: Sequence[ActionGroup]) -> dict[Any, str]:
    """Each action's label as the page shows it (« Carte 7 » for a card of a hand; else with its
    group's title when it has one)."""
    labels = {}
    for group in groups:
        for label, action in group.items:
            if group.cards:  # a hand of cards: the card is the action
                text = f"Carte {label}"
            else:
                text = f"{group.label} : {label}" if group.label else label
            labels[action] = fr.typography(fr.capitalize(text))
    return labels


def kind_of(board: Any) -> str:
    """The computer players' kind at this table: that of its computer players (a game against
    the computer), else the engine's second kind (the first above « Au hasard »)."""
    kinds = board.engine.PLAYER_KINDS
    for bot in getattr(board, "bots", {}).values():
        for key, (_, make) in kinds.items():
            if type(bot) is make:
                return str(key)
    keys = list(kinds)
    return str(keys[min(1, len(keys) - 1)])


def explanation(result: Hints, labels: dict[str, str], seat: str) -> str:
    """How the hint was computed, in plain French."""
    level = fr.quote(labels[result.kind].split(" (")[0])
    played = fr.quote(labels[result.played_by].split(" (")[0])
    n = result.playouts
    until = "la fin de la partie" if result.whole_game else "la fin de la manche en cours"
    text = (f"Pour chaque coup possible, {fr.count(n, 'partie simulée', 'parties simulées')} "
            f"jusqu’à {until}, à partir de ce que {seat} voit seulement : à chaque "
            "partie, les cartes cachées sont redistribuées au hasard parmi celles que l’on ne "
            "voit pas. ")
    if not result.whole_game:
        text += ("Une partie dure ici de nombreuses manches : le conseil regarde la manche en "
                 "cours, que l’on gagne en y marquant le moins de points, et le score moyen est "
                 "celui de la manche. ")
    if result.played_by == result.kind:
        text += f"Tout le monde y joue comme l’ordinateur {level}, {seat} aussi après ce coup. "
    else:
        text += (f"L’ordinateur {level} réfléchit trop longtemps pour jouer des centaines de "
                 f"parties en une seconde : les parties simulées sont jouées par l’ordinateur "
                 f"{played}, pour tout le monde, {seat} aussi après ce coup. ")
    if any(len(r.alike) > 1 for r in result.rows):
        text += (f"Des coups que rien ne distingue de ce que {seat} voit (deux cartes jamais "
                 "vues d’une même main, par exemple) ont les mêmes chances : ils partagent une "
                 "ligne et un seul calcul. ")
    if result.lowest_wins and result.whole_game:
        text += "Le score moyen est le total final : ici, le plus petit total gagne. "
    text += (f"Une victoire partagée compte comme une victoire. La marge est un intervalle de "
             f"confiance à 95{fr.NNBSP}% : la vraie chance de gagner s’y trouve 95 fois sur "
             "100. Avec peu de parties, la marge est large : l’écart entre deux coups ne "
             "compte que si leurs marges ne se chevauchent pas.")
    return fr.typography(text)


def hint_rows(result: Hints, labels: dict[Any, str]) -> list[list[str]]:
    """The table's rows, best win chance first (the best marked); actions that share one
    estimate (the view cannot tell them apart) share one row, named by the first of them."""
    best = result.best()
    ordered: list[ActionHint] = sorted(result.rows, key=lambda r: -r.wins)
    rows = []
    estimates = len({r.alike for r in result.rows})
    shown: set[tuple[Any, ...]] = set()
    for r in ordered:
        if r.alike in shown:
            continue
        shown.add(r.alike)
        others = [labels.get(a, str(a)) for a in r.alike if a != r.action]
        tag = ' <span class="tv-tag tv-ok">meilleur</span>' if r is best and estimates > 1 \
            else ""
        if others:
            same = fr.count(len(others), "autre coup, indiscernable",
                            "autres coups, indiscernables")
            tag += (f' <span class="tv-muted" title="{h.esc("; ".join(others))}">'
                    f"(comme {h.esc(same)} pour vous)</span>")
        rows.append([
            h.esc(labels.get(r.action, str(r.action))) + tag,
            f"<strong>{h.esc(fr.percent(r.win_rate))}</strong>",
            h.esc(fr.typography(f"{fr.decimal(r.mean_score)} (± {fr.decimal(r.score_margin)})"
                                if math.isfinite(r.score_margin) else fr.decimal(r.mean_score))),
            h.esc(fr.typography(f"{round(100 * r.win_low)} à {fr.percent(r.win_high)}")),
        ])
    return rows


class HintPanel(w.VBox):  # type: ignore[misc]
    """The « Conseil » button and its result, for the seat that must act at ``board``."""

    def __init__(self, board: Board, guard: Any) -> None:
        self.board = board
        self.button = w.Button(description="Conseil", icon="lightbulb-o",
                               tooltip="Chances de gagner de chaque coup, par des parties "
                                       "simulées", layout=w.Layout(width="auto"))
        self.button.add_class("tv-hint-button")
        self.output = Html()
        self.output.add_class("tv-hints")
        self.button.on_click(guard(lambda _: self.show()))
        self.last: Hints | None = None
        self._for: object = None  # the state the shown hint is for
        super().__init__([self.button, self.output])

    def clear(self) -> None:
        """Forget the shown hint (the position has changed)."""
        self.last = None
        self._for = None
        if self.output.value:
            self.output.value = ""

    def show(self) -> None:
        """Compute and show the hint for the seat that must act now (nothing to do when it is
        already shown: a click queued behind the one that computed it)."""
        state = self.board.session.state
        if self.last is not None and self._for is state:
            return
        self.button.disabled = True
        self.button.add_class("tv-busy")
        try:
            self._show(state)
        finally:
            self.button.disabled = False
            self.button.remove_class("tv-busy")

    def _show(self, state: Any) -> None:
        board = self.board
        seat = board.acting(state)
        if seat is None:
            raise Refusal("Pas de conseil maintenant : ce n’est à personne de jouer ici.")
        engine = board.engine
        game_id = board.surface.page.info.id
        result = hints_for(engine, state, seat, kind=kind_of(board),
                           seed=board.session.cursor + 1, game_id=game_id)
        self.last, self._for = result, state
        view = engine.view(state, seat)
        labels = action_labels(board.surface.groups(view, engine.legal_actions(state, seat)))
        kinds = {key: label for key, (label, _) in engine.PLAYER_KINDS.items()}
        heads = ["Coup", "Chance de gagner" if result.whole_game else "Chance de gagner la manche",
                 "Score moyen" if result.whole_game else "Points de la manche",
                 f"Marge (95{fr.NNBSP}%)"]
        table = h.table(heads, hint_rows(result, labels))
        simulated = result.playouts * len({r.alike for r in result.rows})  # one per estimate
        games = fr.count(simulated, "partie")
        total = fr.typography(f"En tout : {games}.")
        set_html(self.output, (
            f'<div class="tv-panel tv-info"><div class="tv-title">'
            f"{h.esc(fr.typography(f'Conseil pour {seat}'))}</div>"
            f'<div class="tv-hint-scroll">{table}</div>'
            f'<p class="tv-muted">{h.esc(explanation(result, kinds, seat))} '
            f"{h.esc(total)}</p></div>"))

"""The Stupides Vautours pages: each public function builds one part of the notebook.

Notebook cells stay one line long (``sv.tie_explorer()``); everything else lives here. Every
callback goes through :func:`tutor.ui.widgets.guarded`, and every rule decision comes from
:mod:`tutor.games.vautours`.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any

import ipywidgets as w

from tutor import fr
from tutor.engine import Event, IllegalAction, join_names, signed
from tutor.engine.api import bot_action
from tutor.games import vautours as v
from tutor.ui import html as h
from tutor.ui.page import GamePage
from tutor.ui.session import Session
from tutor.ui.widgets import (
    ErrorArea,
    EventLog,
    Explainer,
    GameSettings,
    guarded,
    history_slider,
    html,
    set_html,
)
from tutor.ui.widgets import style as style

NAMES = ("Alex", "Carla", "Dario", "Léo", "Emma")
YOU = "Camille"
BOT_NAMES = ("Alex", "Carla", "Dario", "Léo")
READINGS = {
    "repeated": "Annulation répétée (lecture retenue)",
    "one_level": "Un seul niveau (livret « suricate » à la lettre)",
}


PAGE = GamePage("vautours", "Hol’s der Geier, un jeu d’Alex Randolph, de 2 à 5 joueurs.",
                shown=lambda events: _visible(events))
book, header, clause, clauses, example = (
    PAGE.book, PAGE.header, PAGE.clause, PAGE.clauses, PAGE.example)


# --- static parts --------------------------------------------------------------------------------


def material() -> h.Html:
    """The cards of the game: the fifteen point cards and one player's series."""
    points = "".join(h.point_card(c, small=True) for c in sorted(v.POINT_CARDS, reverse=True))
    hand = "".join(h.hand_card(c, small=True) for c in v.HAND)
    body = (f'<div class="tv-panel"><div class="tv-title">Les 15 cartes Points</div>'
            f'<div class="tv-row">{points}</div>'
            f'<div class="tv-title" style="margin-top:0.8rem">La série d’un joueur (1 à 15)</div>'
            f'<div class="tv-row">{hand}</div></div>')
    return h.Html(body, "Cartes Points : +10 … +1, −1 … −5. Série d’un joueur : 1 … 15.")


def readings() -> h.Html:
    """The presets and the reading each one applies, as a table."""
    rows = []
    for name, preset in v.PRESETS.items():
        rows.append([
            h.esc(v.PRESET_LABELS[name]),
            h.esc(READINGS[preset.ties]),
            h.esc("deuxième meilleur score" if preset.final_tiebreak == "second_best"
                  else "plus haute souris"),
            h.esc("perdue" if preset.last_pile == "lost" else "partagée"),
        ])
    body = ('<div class="tv-panel"><div class="tv-title">Les lectures de la règle</div>'
            + h.table(["Préréglage", "Égalités", "Départage final", "Pile de la dernière manche"],
                      rows) + "</div>")
    return h.Html(body, "Préréglages : " + ", ".join(v.PRESETS))


# --- worked examples -----------------------------------------------------------------------------


def _visible(events: Sequence[Event]) -> list[Event]:
    """Events worth telling a learner (the hidden "pose une carte" steps are skipped)."""
    return [e for e in events if e.kind not in ("play",)]


def round_html(plays: Mapping[str, int] | None, pile: Sequence[int],
               result: v.RoundResult | None, title: str = "", *,
               cancelled: Sequence[int] | None = None) -> str:
    """One manche on the table: the pile at stake, each player's card, cancellations, winner.

    ``result=None`` shows the cards before the verdict (``cancelled`` may list the values
    already set aside when the resolution is told step by step)."""
    gone = set(cancelled or ())
    if result is not None:
        gone |= {value for value, _ in result.cancelled}
    seats = []
    for name, card in (plays or {}).items():
        extra, note = "", ""
        if card in gone:
            extra, note = "tv-cancelled", "annulée"
        if result is not None and name == result.winner:
            extra, note = "tv-winner", "gagne"
        seats.append(h.seat(name, h.hand_card(card, extra=extra, note=note)))
    if not seats:
        seats.append('<span class="tv-muted">Les joueurs choisissent leur carte en secret…</span>')
    if result is None:
        verdict = ""
    elif result.winner is None:
        verdict = '<span class="tv-tag tv-no">Personne ne remporte la pile</span>'
    else:
        verdict = (f'<span class="tv-tag tv-ok">{h.esc(result.winner)} remporte la pile '
                   f"({h.esc(v.pile_text(pile))})</span>")
    head = f'<div class="tv-title">{h.esc(title)}</div>' if title else ""
    total = sum(pile)
    mode = "se joue comme une carte Suricate ▲" if total >= 0 else "se joue comme une carte " \
        "Vautour ▼"
    return (f'<div class="tv-panel">{head}<div class="tv-row" style="align-items:center">'
            f'<div>{h.pile_row(pile)}<div class="tv-muted">Pile en jeu : {h.esc(signed(total))}, '
            f'{h.esc(mode)}</div></div></div><div class="tv-row" style="margin-top:0.6rem">'
            f'{"".join(seats)}</div><div style="margin-top:0.5rem" class="tv-verdict">{verdict}'
            "</div></div>")


def scene_html(events: Sequence[Event]) -> str:
    """The table after ``events``: the manche being resolved, as far as the events go."""
    pile: tuple[int, ...] = ()
    plays: dict[str, int] | None = None
    cancelled: list[int] = []
    result: v.RoundResult | None = None
    for e in events:
        if e.kind == "reveal":
            pile, plays, cancelled, result = tuple(e.data["pile"]), None, [], None
        elif e.kind == "show":
            plays = dict(e.data["plays"])
        elif e.kind == "stake":
            pile = tuple(e.data["pile"])
        elif e.kind == "cancel":
            cancelled.append(e.data["value"])
        elif e.kind in ("win", "no_winner"):
            result = v.RoundResult(e.seat, e.data.get("card"), e.data["mode"], e.data["total"],
                                   tuple((c, ()) for c in cancelled), ())
    if not pile:
        return ""
    return round_html(plays, pile, result, cancelled=cancelled)


def example_explainer(example_id: str) -> w.VBox:
    """A worked example on the table, then its steps one by one."""
    ex = book().examples[example_id]
    run = v.run_example(ex.data)
    table = html()
    data = ex.data
    if data.get("type") == "manche":
        result = v.resolve_round(data["cartes"], data["pile"], data.get("variante"))
        set_html(table, round_html(data["cartes"], data["pile"], result, ex.title))
    else:
        set_html(table, f'<div class="tv-panel"><div class="tv-title">{h.esc(ex.title)}</div>'
                        f'<div class="tv-muted">{h.esc(data.get("note", ""))}</div>'
                        '<div class="tv-muted">Avancez avec « Suivant » : la table montre '
                        "chaque étape.</div></div>")
    scene = scene_html if data.get("type") in ("suite", "refus") else None
    box = w.VBox([table, Explainer(book(), v.describe, _visible(run.events), scene=scene)])
    box.add_class("tv-example")
    return box


# --- tie explorer --------------------------------------------------------------------------------


class TieExplorer(w.VBox):  # type: ignore[misc]
    """Set 2 to 5 players' cards and the pile; watch the engine cancel ties step by step."""

    def __init__(self, plays: Mapping[str, int] | None = None,
                 pile: Sequence[int] = (7,)) -> None:
        plays = dict(plays or {"Alex": 14, "Carla": 12, "Dario": 14, "Léo": 10})
        self.error = ErrorArea(book())
        self.count = w.ToggleButtons(options=[2, 3, 4, 5], value=len(plays),
                                     description="Joueurs", style={"button_width": "3rem"})
        self.cards = [
            w.Dropdown(options=list(v.HAND), value=plays.get(name, 15 - 2 * k),
                       description=name, layout=w.Layout(width="10rem"),
                       style={"description_width": "3.5rem"})
            for k, name in enumerate(NAMES)
        ]
        self.pile = {c: w.ToggleButton(value=c in pile, description=signed(c),
                                       tooltip=f"Ajouter {signed(c)} à la pile",
                                       layout=w.Layout(width="3.3rem"))
                     for c in sorted(v.POINT_CARDS, reverse=True)}
        self.reading = w.ToggleButtons(options=[(label, key) for key, label in READINGS.items()],
                                       value="repeated", description="Égalités",
                                       style={"button_width": "20rem"})
        self.table = html()
        self.table.add_class("tv-explorer-table")
        self.explainer = Explainer(book(), v.describe)
        for control in [self.count, *self.cards, *self.pile.values(), self.reading]:
            control.observe(self._changed, names="value")
        pile_box = w.VBox([w.HTML('<span class="tv-muted">Cartes Points dans la pile en jeu '
                                  "(cliquez pour en ajouter ou en retirer) :</span>"),
                           w.HBox(list(self.pile.values()),
                                  layout=w.Layout(flex_flow="row wrap"))])
        self.card_box = w.HBox(self.cards, layout=w.Layout(flex_flow="row wrap"))
        super().__init__([self.count, self.card_box, pile_box, self.reading, self.error,
                          self.table, self.explainer])
        self.add_class("tv-tie-explorer")
        self.update()

    def _changed(self, _: object) -> None:
        self.update()

    @property
    def players(self) -> list[str]:
        return list(NAMES[: int(self.count.value)])

    def update(self) -> None:
        guarded(self.error)(self._update)()

    def _update(self) -> None:
        n = len(self.players)
        for k, dd in enumerate(self.cards):
            dd.layout.display = "" if k < n else "none"
        plays = {name: self.cards[k].value for k, name in enumerate(self.players)}
        pile = [c for c, t in self.pile.items() if t.value]
        try:
            result = v.resolve_round(plays, pile, {"ties": self.reading.value})
        except IllegalAction:
            set_html(self.table, "")
            self.explainer.set_events(())
            raise
        set_html(self.table, round_html(plays, pile, result))
        self.explainer.set_events(result.events, "Comment le moteur décide")
        self.explainer.show_all()
        self.result = result


def tie_explorer() -> TieExplorer:
    """The tie explorer, starting from the booklet's example (two 14s, Carla's 12)."""
    return TieExplorer()


# --- final tie-break -----------------------------------------------------------------------------


class TiebreakCompare(w.VBox):  # type: ignore[misc]
    """Type each player's winnings; see the winner under both final tie-break readings."""

    def __init__(self) -> None:
        start = {"Alex": "8, 6", "Carla": "9, 5", "Dario": "10, 3", "Léo": "−2, 6"}
        self.error = ErrorArea(book())
        self.inputs = {name: w.Text(value=value, description=name,
                                    layout=w.Layout(width="16rem"),
                                    style={"description_width": "3.5rem"})
                       for name, value in start.items()}
        for box in self.inputs.values():
            box.observe(lambda _: self.update(), names="value")
        self.out = html()
        self.out.add_class("tv-tiebreak-result")
        hint = w.HTML('<span class="tv-muted">Cartes Points gagnées par chaque joueur, séparées '
                      "par des virgules (par exemple « 10, −3 »).</span>")
        super().__init__([hint, w.HBox(list(self.inputs.values()),
                                       layout=w.Layout(flex_flow="row wrap")),
                          self.error, self.out])
        self.update()

    def update(self) -> None:
        guarded(self.error)(self._update)()

    def _update(self) -> None:
        taken: dict[str, list[int]] = {}
        for name, box in self.inputs.items():
            taken[name] = parse_cards(box.value, name)
        scores = {p: sum(c) for p, c in taken.items()}
        columns = []
        for preset, label in (("standard", "Règle des deux livrets : deuxième meilleur score"),
                              ("livret-souris-alternative",
                               "Alternative du livret « souris » : plus haute souris")):
            out = v.final_result(scores, taken, preset)
            clause = book().clause(out.clause)
            columns.append(
                f'<div class="tv-panel" style="flex:1 1 18rem"><div class="tv-title">'
                f"{h.esc(label)}</div><p><strong>Vainqueur : {h.esc(join_names(out.winners))}"
                f"</strong></p><p>{h.esc(out.reason)}</p>"
                f'<span class="tv-step-clause">{h.esc(clause.title)} '
                f'<span class="tv-clause-id">{h.esc(clause.id)}</span></span></div>')
        rows = [[h.esc(p), h.esc(", ".join(signed(c) for c in taken[p]) or "—"),
                 f"<strong>{h.esc(signed(scores[p]))}</strong>"] for p in taken]
        set_html(self.out, h.table(["Joueur", "Cartes gagnées", "Total"], rows)
                 + f'<div class="tv-row" style="align-items:stretch">{"".join(columns)}</div>')


def parse_cards(text: str, who: str) -> list[int]:
    """Read "10, −3" into point card values; :class:`IllegalAction` in French otherwise."""
    cards: list[int] = []
    for part in text.replace("\u2212", "-").replace(";", ",").split(","):
        part = part.strip()
        if not part:
            continue
        try:
            value = int(part)
        except ValueError:
            raise IllegalAction(f"{who} : « {part[:20]} » n’est pas une valeur de carte Points.",
                                v.C_POINTS) from None
        if value not in v.POINT_CARDS or value in cards:
            raise IllegalAction(f"{who} : {value} n’est pas une carte Points disponible "
                                "(−5 à −1, +1 à +10, chacune une fois).", v.C_POINTS)
        cards.append(value)
    return cards


def tiebreak_compare() -> TiebreakCompare:
    return TiebreakCompare()


# --- shared game table ---------------------------------------------------------------------------


def table_html(state: v.State, seat: str | None, teacher: bool,
               result: tuple[dict[str, int], tuple[int, ...], v.RoundResult] | None) -> str:
    """The table as ``seat`` sees it (or everything in the teacher's view)."""
    seen = v.view(state, None if teacher else seat)
    head = ("Partie terminée" if seen.over else
            f"Manche {seen.manche} sur 15 — pioche : {fr.count(seen.deck_size, 'carte')}")
    pile = "" if seen.over else (f'<div>{h.pile_row(seen.pile)}<div class="tv-muted">Pile en '
                                 f'jeu : {h.esc(signed(seen.total))}</div></div>')
    players = []
    for p in seen.players:
        if p.chosen is not None:
            card = h.hand_card(p.chosen, small=True, note="choisie")
        elif p.has_chosen:
            card = h.back_card(label="a choisi")
        elif p.top is not None:
            card = h.hand_card(p.top, small=True, note="dernière")
        else:
            card = h.empty_card("pas encore joué")
        won = (", ".join(signed(c) for c in p.taken) if p.taken is not None else
               fr.count(p.taken_count, "carte"))
        caption = f"gains : {won or 'aucun'}"
        if p.score is not None:
            caption += f" — total {signed(p.score)}"
        players.append(h.seat(p.name, card, caption))
    deck = ""
    if teacher and seen.deck:
        deck = ('<div class="tv-muted" style="margin-top:0.4rem">Vue du professeur — pioche à '
                f"venir : {h.esc(', '.join(signed(c) for c in seen.deck))}</div>")
    last = ""
    if result is not None:
        last = round_html(*result, title="Manche précédente")
    return (f'<div class="tv-panel"><div class="tv-title">{h.esc(head)}</div>'
            f'<div class="tv-row" style="align-items:center; gap:1.2rem">{pile}'
            f'{"".join(players)}</div>{deck}</div>{last}')


def last_round(events: Sequence[Event]) -> tuple[dict[str, int], tuple[int, ...],
                                                   v.RoundResult] | None:
    """The manche resolved by ``events`` (plays, pile, result), if any."""
    shows = [e for e in events if e.kind == "show"]
    stakes = [e for e in events if e.kind == "stake"]
    if not shows or not stakes:
        return None
    plays = dict(shows[-1].data["plays"])
    pile = tuple(stakes[-1].data["pile"])
    outcome = [e for e in events if e.kind in ("win", "no_winner")][-1]
    cancelled = tuple((e.data["value"], tuple(e.data["seats"])) for e in events
                      if e.kind == "cancel")
    winner = outcome.seat if outcome.kind == "win" else None
    card = outcome.data.get("card") if outcome.kind == "win" else None
    result = v.RoundResult(winner, card, stakes[-1].data["mode"], stakes[-1].data["total"],
                           cancelled, ())
    return plays, pile, result


def outcome_html(state: v.State) -> str:
    out = v.outcome(state)
    taken = dict(zip(state.players, state.taken))
    rows = [[h.esc(p), h.esc(", ".join(signed(c) for c in taken[p]) or "—"),
             f"<strong>{h.esc(signed(s))}</strong>",
             '<span class="tv-tag tv-ok">vainqueur</span>' if p in out.winners else ""]
            for p, s in sorted(out.scores.items(), key=lambda kv: -kv[1])]
    clause = book().clause(out.clause)
    return (f'<div class="tv-panel tv-success tv-final"><div class="tv-title">Scores finaux'
            f"</div>{h.table(['Joueur', 'Cartes gagnées', 'Total', ''], rows)}"
            f"<p>{h.esc(out.reason)}</p><span class=\"tv-step-clause\">{h.esc(clause.title)} "
            f'<span class="tv-clause-id">{h.esc(clause.id)}</span></span></div>')


# --- game against the computer ----------------------------------------------------------------


class GameVsComputer(w.VBox):  # type: ignore[misc]
    """A whole game against 1 to 4 computer players, card by card, with undo and the log."""

    def __init__(self, seed: int = 1) -> None:
        self.error = ErrorArea(book())
        self.settings = GameSettings(v, opponents=(1, 2, 3, 4), seed=seed, name=YOU,
                                     level_width="18rem")
        (self.name, self.seed, self.opponents, self.level, self.preset, self.start_button,
         self.teacher) = self.settings.controls
        self.me = YOU
        self.undo_button = w.Button(description="↶ Annuler", layout=w.Layout(width="9rem"))
        self.redo_button = w.Button(description="↷ Rétablir", layout=w.Layout(width="9rem"))
        self.table = html()
        self.table.add_class("tv-game-table")
        self.hand = w.HBox(layout=w.Layout(flex_flow="row wrap"))
        self.hand.add_class("tv-hand-buttons")
        self.prompt = html()
        state = v.new_game([YOU, *BOT_NAMES[:2]], seed=seed)
        self.session = Session(v, state, v.opening_events(state), seat=YOU)
        self.bots: dict[str, Any] = {}
        self.journal = EventLog(self.session, book(), v.describe)
        guard = guarded(self.error)
        self.start_button.on_click(guard(lambda _: self.start()))
        self.undo_button.on_click(guard(lambda _: self.session.undo()))
        self.redo_button.on_click(guard(lambda _: self.session.redo()))
        self.teacher.observe(lambda _: guard(self.render)(), names="value")
        self.session.observe(lambda _: guard(self.render)(), names="version")
        self.buttons = []
        for card in v.HAND:
            b = w.Button(description=str(card), tooltip=f"Jouer le {card}")
            b.add_class("tv-cardbtn")
            b.on_click(guard(self._clicked(card)))
            self.buttons.append(b)
        self.hand.children = self.buttons
        controls = w.HBox([self.undo_button, self.redo_button])
        super().__init__([self.settings, self.table, self.prompt, self.hand, self.error, controls,
                          self.journal])
        self.add_class("tv-game")
        self.start()

    def start(self) -> None:
        """A new game with the chosen opponents, level, reading and seed."""
        me = str(self.name.value).strip()[:40]
        names = [me, *BOT_NAMES[: int(self.opponents.value)]]
        seed = int(self.seed.value)
        state = v.new_game(names, seed=seed, variant=self.preset.value)
        kind = v.PLAYER_KINDS[self.level.value][1]
        self.bots = {name: kind(seed=seed * 10 + k) for k, name in enumerate(names[1:], 1)}
        self.me = me
        self.session.restart(state, v.opening_events(state), seat=me)

    def _clicked(self, card: int) -> Callable[[object], None]:
        def play(_: object) -> None:
            self.play(card)

        return play

    def play(self, card: object) -> None:
        """The learner plays ``card``; the computer players choose theirs (hidden) at once."""
        state = self.session.state
        mine = v.Play(self.me, card)  # type: ignore[arg-type]
        if v.is_over(state) or mine not in v.legal_actions(state, self.me):
            v.apply(state, mine)  # raises the French reason
        others = [bot_action(v, state, p, self.bots[p]) for p in v.current_seats(state)
                  if p != self.me]
        self.session.act(mine, *others)

    def render(self) -> None:
        state = self.session.state
        teacher = bool(self.teacher.value)
        result = last_round(self.session.last_events)
        body = table_html(state, self.me, teacher, result)
        if v.is_over(state):
            body = outcome_html(state) + body
        set_html(self.table, body)
        hand = set(state.hands[0])
        for b, card in zip(self.buttons, v.HAND):
            if card in hand:
                b.remove_class("tv-played")
                b.tooltip = f"Jouer le {card}"
            else:
                b.add_class("tv-played")
                b.tooltip = f"Le {card} est déjà joué"
        if v.is_over(state):
            set_html(self.prompt, h.message_panel(
                "info", "La partie est finie.", "Choisissez « Nouvelle partie » pour rejouer."))
        else:
            set_html(self.prompt, '<div class="tv-muted">Votre main : cliquez sur la carte à '
                                  "poser face cachée. Les cartes barrées sont déjà jouées.</div>")
        self.undo_button.disabled = not self.session.can_undo
        self.redo_button.disabled = not self.session.can_redo


def play_vs_computer(seed: int = 1) -> GameVsComputer:
    return GameVsComputer(seed)


# --- sandbox -------------------------------------------------------------------------------------


class Sandbox(w.VBox):  # type: ignore[misc]
    """Play every seat yourself: choose each player's card, replay any manche, travel in time."""

    def __init__(self) -> None:
        self.error = ErrorArea(book())
        self.count = w.ToggleButtons(options=[2, 3, 4, 5], value=3, description="Joueurs",
                                     style={"button_width": "3rem"})
        self.preset = w.Dropdown(options=[(label, key) for key, label in v.PRESET_LABELS.items()],
                                 value="standard", description="Règle",
                                 layout=w.Layout(width="34rem"))
        self.seed = w.BoundedIntText(value=7, min=0, max=10**9, description="Partie n°",
                                     layout=w.Layout(width="12rem"))
        self.new_button = w.Button(description="Nouvelle partie", icon="refresh")
        self.choices = w.HBox(layout=w.Layout(flex_flow="row wrap"))
        self.play_button = w.Button(description="Révéler les cartes", button_style="primary")
        self.time = history_slider("Manches jouées")
        self.table = html()
        self.explainer = Explainer(book(), v.describe)
        state = v.new_game(NAMES[:3], seed=7)
        self.session = Session(v, state, v.opening_events(state))
        self.journal = EventLog(self.session, book(), v.describe)
        guard = guarded(self.error)
        self.new_button.on_click(guard(lambda _: self.start()))
        self.play_button.on_click(guard(lambda _: self.play()))
        self.time.observe(guard(self._travel), names="value")
        self.session.observe(lambda _: guard(self.render)(), names="version")
        super().__init__([
            w.HBox([self.count, self.seed], layout=w.Layout(flex_flow="row wrap")),
            w.HBox([self.preset, self.new_button], layout=w.Layout(flex_flow="row wrap")),
            self.table, self.choices, self.play_button, self.error, self.time, self.explainer,
            self.journal,
        ])
        self.add_class("tv-sandbox")
        self.render()

    def _travel(self, change: Mapping[str, Any]) -> None:
        if change["new"] != self.session.cursor:
            self.session.goto(int(change["new"]))

    def start(self) -> None:
        state = v.new_game(NAMES[: int(self.count.value)], seed=int(self.seed.value),
                           variant=self.preset.value)
        self.session.restart(state, v.opening_events(state))

    def play(self) -> None:
        actions = [v.Play(dd.description, dd.value) for dd in self.choices.children]
        self.session.act(*actions)

    def render(self) -> None:
        state = self.session.state
        set_html(self.table, table_html(state, None, True, last_round(self.session.last_events)))
        if v.is_over(state):
            set_html(self.table, outcome_html(state) + self.table.value)
        self.choices.children = [
            w.Dropdown(options=[a.card for a in v.legal_actions(state, p)], description=p,
                       layout=w.Layout(width="10rem"), style={"description_width": "3.5rem"})
            for p in v.current_seats(state)
        ]
        self.play_button.disabled = v.is_over(state)
        self.time.max = len(self.session.states) - 1
        self.time.value = self.session.cursor
        self.explainer.set_events(_visible(self.session.last_events),
                                  "Ce qui s’est passé à cette étape")
        self.explainer.show_all()


def sandbox() -> Sandbox:
    return Sandbox()


# --- exercises -----------------------------------------------------------------------------------


def make_question(seed: int) -> tuple[dict[str, int], tuple[int, ...]]:
    """A generated "who takes the pile?" situation, with ties more often than chance would give."""
    rng = random.Random(seed)
    n = rng.randint(3, 5)
    low = rng.randint(1, 8)
    values = list(range(low, low + rng.randint(3, 7)))
    plays = {name: rng.choice(values) for name in NAMES[:n]}
    cards = list(v.POINT_CARDS)
    pile = tuple(rng.sample(cards, rng.choice((1, 1, 1, 2, 2, 3))))
    return plays, pile


class Exercises(w.VBox):  # type: ignore[misc]
    """"Qui remporte la pile ?": generated situations, immediate feedback, a score."""

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed
        self.asked = 0
        self.right = 0
        self.answered = False
        self.error = ErrorArea(book())
        self.situation = html()
        self.answers = w.HBox(layout=w.Layout(flex_flow="row wrap"))
        self.feedback = html()
        self.feedback.add_class("tv-feedback")
        self.score = html()
        self.next_button = w.Button(description="Question suivante", icon="arrow-right")
        self.next_button.on_click(guarded(self.error)(lambda _: self.new_question()))
        super().__init__([self.situation, w.HTML("<strong>Qui remporte la pile ?</strong>"),
                          self.answers, self.error, self.feedback,
                          w.HBox([self.next_button, self.score])])
        self.add_class("tv-exercises")
        self.new_question()

    def new_question(self) -> None:
        self.plays, self.pile = make_question(self.seed * 1000 + self.asked)
        self.answered = False
        set_html(self.situation, round_html(self.plays, self.pile, None, "Situation"))
        options = [*self.plays, "Personne"]
        buttons = []
        for option in options:
            b = w.Button(description=option)
            b.add_class("tv-choice")
            b.on_click(guarded(self.error)(self._answer(option)))
            buttons.append(b)
        self.answers.children = buttons
        self.feedback.value = ""
        self._score()

    def _answer(self, option: str) -> Callable[[object], None]:
        def answer(_: object) -> None:
            self.answer(option)

        return answer

    def answer(self, option: str) -> None:
        if self.answered:
            set_html(self.feedback, self.feedback.value + h.message_panel(
                "info", "Vous avez déjà répondu à cette question.",
                "Passez à la question suivante."))
            return
        result = v.resolve_round(self.plays, self.pile)
        expected = result.winner or "Personne"
        self.answered = True
        self.asked += 1
        good = option == expected
        self.right += good
        for b in self.answers.children:
            if b.description == expected:
                b.add_class("tv-right")
            elif b.description == option:
                b.add_class("tv-wrong")
        title = ("Bonne réponse !" if good else
                 f"Pas tout à fait : la bonne réponse est « {expected} ».")
        steps = h.steps_from(result.events, v.describe, book())
        items = "".join(f"<li>{h.esc(s.text)} <span class=\"tv-step-clause\">— "
                        f"{h.esc(s.clause.title)}</span></li>" for s in steps)
        set_html(self.feedback,
                 h.message_panel("success" if good else "error", title)
                 + round_html(self.plays, self.pile, result, "Correction")
                 + f'<div class="tv-panel"><ol class="tv-steps">{items}</ol></div>')
        self._score()

    def _score(self) -> None:
        set_html(self.score, f'<span class="tv-tag tv-score">Score : {self.right} / '
                             f"{self.asked}</span>")


def exercises(seed: int = 0) -> Exercises:
    return Exercises(seed)

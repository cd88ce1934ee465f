"""The Vampir page's tables you play on: the game against the computer and the sandbox, with the
action panel both use."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

import ipywidgets as w

from tutor import fr
from tutor.engine import Event, IllegalAction
from tutor.engine.api import bot_action
from tutor.games import vampir as v
from tutor.ui import html as h
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

from .base import (
    BOT_NAMES,
    NAMES,
    SYMBOLS,
    YOU,
    action_label,
    back_html,
    book,
    cards_row,
    hunt_heads,
    loc_name,
    score_table,
)

# --- the table -----------------------------------------------------------------------------------


def table_html(state: v.State, seat: str | None, teacher: bool) -> str:
    """The table as ``seat`` sees it (or everything in the teacher's view)."""
    seen = v.view(state, None if teacher else seat)
    jh = seen.variant.joker_heads
    if seen.over:
        head = "Partie terminée"
    else:
        head = (f"Manche {seen.manche} sur {seen.manches} — pioche : "
                f"{fr.count(seen.deck_size, 'carte')} — au tour {fr.of(seen.turn)}")
    locs = []
    for loc in v.LOCATIONS:
        locs.append(f'<div class="vp-location vp-{loc}" data-location="{loc}">'
                    f'<div class="vp-loc-title">{h.esc(loc_name(loc))}</div>'
                    f"{cards_row(seen.cards_under(loc), empty='vide')}</div>")
    players = []
    for p in seen.players:
        if p.hand is not None:
            hand = cards_row(p.hand, empty="main vide")
        else:
            hand = back_html(p.hand_size) if p.hand_size else "main vide"
        hunts = "".join(
            f'<div class="vp-hunt"><div class="vp-hunt-title">{h.esc(loc_name(loc))} — '
            f"{v.heads_text(hunt_heads(cards, jh))}</div>{cards_row(cards)}</div>"
            for loc, cards in p.shown.items())
        active = " vp-active" if p.to_play else ""
        marker = ' <span class="tv-tag tv-ok">▶ à jouer</span>' if p.to_play else ""
        total = (' <span class="tv-muted">— total des manches finies : '
                 f"{fr.count(p.total, 'point')}</span>") if seen.manches > 1 else ""
        players.append(
            f'<div class="vp-player{active}"><strong>{h.esc(p.name)}</strong>{marker}{total}'
            f'<div class="tv-row" style="align-items:flex-start; gap:1rem">'
            f'<div><div class="tv-muted">Main ({p.hand_size})</div>{hand}</div>'
            f'<div><div class="tv-muted">Chasses ({fr.count(p.colours, "couleur")} sur 6)</div>'
            f'<div class="vp-hunts">{hunts or "aucune"}</div></div></div></div>')
    deck = ""
    if teacher and seen.deck:
        deck = ('<div class="tv-muted" style="margin-top:0.4rem">Vue du professeur — les 6 '
                f"prochaines cartes de la pioche :</div>{cards_row(seen.deck[:6])}")
    return (f'<div class="tv-panel"><div class="tv-title">{h.esc(head)}</div>'
            f'<div class="vp-locations">{"".join(locs)}</div>{deck}'
            f'{"".join(players)}</div>')


def last_scoring(events: Sequence[Event]) -> tuple[int, v.Scoring] | None:
    """The scoring of the last manche ended in ``events`` (its number and the detail)."""
    ends = [k for k, e in enumerate(events) if e.kind == "end"]
    if not ends:
        return None
    start = ends[-1]
    colours = []
    points: Mapping[str, int] = {}
    for e in events[start:]:
        if e.kind == "colour":
            d = e.data
            colours.append(v.ColourScore(d["location"], d["heads"], d["absent"], d["discard"],
                                         e.clause))
        elif e.kind == "points":
            points = e.data["points"]
            break
    return int(events[start].data["manche"]), v.Scoring(points, tuple(colours), ())


def outcome_html(state: v.State) -> str:
    out = v.outcome(state)
    rows = []
    for p, s in sorted(out.scores.items(), key=lambda kv: -kv[1]):
        k = state.players.index(p)
        per = " + ".join(str(r[k]) for r in state.results)
        rows.append([h.esc(p), h.esc(per), f"<strong>{s}</strong>",
                     '<span class="tv-tag tv-ok">★ vainqueur</span>' if p in out.winners else ""])
    clause_ = book().clause(out.clause)
    return (f'<div class="tv-panel tv-success vp-final"><div class="tv-title">Scores finaux</div>'
            f"{h.table(['Joueur', 'Points par manche', 'Total', ''], rows)}"
            f"<p>{h.esc(out.reason)}</p><span class=\"tv-step-clause\">{h.esc(clause_.title)} "
            f'<span class="tv-clause-id">{h.esc(clause_.id)}</span></span></div>')


# --- choosing an action ------------------------------------------------------------------------


class ActionPanel(w.VBox):  # type: ignore[misc]
    """The actions the engine allows the player to act: buttons for drawing and taking, lists for
    laying a card and showing a hunt. ``on_action`` receives the chosen action."""

    def __init__(self, on_action: Callable[[v.Action], None], error: ErrorArea) -> None:
        self.on_action = on_action
        guard = guarded(error)
        self.prompt = html()
        self.buttons = w.HBox(layout=w.Layout(flex_flow="row wrap"))
        self.buttons.add_class("vp-main-actions")
        self.lay = w.Dropdown(description="Poser", layout=w.Layout(width="36rem"),
                              style={"description_width": "5rem"})
        self.lay_button = w.Button(description="Poser cette carte", button_style="primary")
        self.lay_button.add_class("vp-lay-button")
        self.hunt = w.Dropdown(description="Chasse", layout=w.Layout(width="36rem"),
                               style={"description_width": "5rem"})
        self.hunt_button = w.Button(description="Exposer cette chasse", button_style="warning")
        self.hunt_button.add_class("vp-hunt-button")
        self.lay_actions: list[v.Action] = []
        self.hunt_actions: list[v.Action] = []
        self.lay_button.on_click(guard(lambda _: self.choose(self.lay_actions, self.lay.value)))
        self.hunt_button.on_click(guard(lambda _: self.choose(self.hunt_actions,
                                                              self.hunt.value)))
        self.lay_box = w.HBox([self.lay, self.lay_button], layout=w.Layout(flex_flow="row wrap"))
        self.hunt_box = w.HBox([self.hunt, self.hunt_button],
                               layout=w.Layout(flex_flow="row wrap"))
        self.guard = guard
        super().__init__([self.prompt, self.buttons, self.lay_box, self.hunt_box])
        self.add_class("vp-actions")

    def choose(self, actions: Sequence[v.Action], index: object) -> None:
        """Play the action at ``index`` of a list (untrusted: the engine validates it too)."""
        if type(index) is not int or not 0 <= index < len(actions):
            raise IllegalAction("Choisissez d’abord une action dans la liste.", v.C_TURN)
        self.on_action(actions[index])

    def show(self, state: v.State, seat: str | None) -> None:
        """List the legal actions of ``seat`` (nothing if it is not their turn)."""
        legal = v.legal_actions(state, seat) if seat is not None else ()
        jh = state.variant.joker_heads
        buttons = []
        for action in legal:
            if isinstance(action, (v.Draw, v.Take)):
                label = action_label(action, jh)
                if isinstance(action, v.Take):
                    count = len(state.under[v.LOCATIONS.index(action.location)])
                    label = f"{SYMBOLS[action.location]} {label} ({count})"
                b = w.Button(description=label, tooltip=label,
                             layout=w.Layout(width="auto"))
                b.add_class("vp-draw" if isinstance(action, v.Draw) else "vp-take")
                b.on_click(self.guard(self._chooser(action)))
                buttons.append(b)
        self.buttons.children = buttons
        lays = [a for a in legal if isinstance(a, v.Lay)]
        hunts = sorted((a for a in legal if isinstance(a, v.Hunt)),
                       key=lambda a: (-hunt_heads(a.cards, jh), a.cards.count(v.JOKER),
                                      len(a.cards)))
        self.lay_actions, self.hunt_actions = list(lays), list(hunts)
        self.lay.options = [(action_label(a, jh), k) for k, a in enumerate(lays)]
        self.hunt.options = [(action_label(a, jh), k) for k, a in enumerate(hunts)]
        self.lay.value = 0 if lays else None
        self.hunt.value = 0 if hunts else None
        self.lay_box.layout.display = "" if lays else "none"
        self.hunt_box.layout.display = "" if hunts else "none"
        if state.phase == "turn":
            text = "Piochez 2 cartes, ou récupérez les cartes d’un lieu (seulement si une chasse " \
                   "peut suivre)."
        elif state.phase == "drawn":
            text = "Posez une carte de votre main sous son lieu (un joker sous n’importe quel " \
                   "lieu), ou exposez une chasse."
        else:
            text = "Exposez une chasse qui contient toutes les cartes récupérées."
        if not legal:
            text = ""
        set_html(self.prompt, f'<div class="tv-muted">{h.esc(text)}</div>' if text else "")

    def _chooser(self, action: v.Action) -> Callable[[object], None]:
        def run(_: object) -> None:
            self.on_action(action)

        return run


# --- game against the computer ----------------------------------------------------------------


class GameVsComputer(w.VBox):  # type: ignore[misc]
    """A whole match against 2 to 4 computer players, with undo, the log and the last scoring."""

    def __init__(self, seed: int = 1) -> None:
        self.error = ErrorArea(book())
        self.settings = GameSettings(v, opponents=(2, 3, 4), seed=seed, name=YOU,
                                     level="chasseur", level_width="18rem")
        (self.name, self.seed, self.opponents, self.level, self.preset, self.start_button,
         self.teacher) = self.settings.controls
        self.me = YOU
        self.undo_button = w.Button(description="↶ Annuler", layout=w.Layout(width="9rem"))
        self.redo_button = w.Button(description="↷ Rétablir", layout=w.Layout(width="9rem"))
        self.table = html()
        self.table.add_class("vp-game-table")
        self.scoring = html()
        self.actions = ActionPanel(self.play, self.error)
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
        controls = w.HBox([self.undo_button, self.redo_button])
        super().__init__([self.settings, self.table, self.actions, self.error, controls,
                          self.scoring, self.journal])
        self.add_class("vp-game")
        self.start()

    def start(self) -> None:
        """A new match with the chosen opponents, level, reading and seed; you start."""
        me = str(self.name.value).strip()[:40]
        names = [me, *BOT_NAMES[: int(self.opponents.value)]]
        seed = int(self.seed.value)
        state = v.new_game(names, seed=seed, variant=self.preset.value)
        kind = v.PLAYER_KINDS[self.level.value][1]
        self.bots = {name: kind(seed=seed * 10 + k) for k, name in enumerate(names[1:], 1)}
        self.me = me
        self.session.restart(state, v.opening_events(state), seat=me)

    def play(self, action: v.Action) -> None:
        """The learner's action, then the computer players' until it is the learner's turn."""
        state = self.session.state
        if v.is_over(state) or action not in v.legal_actions(state, self.me):
            v.apply(state, action)  # raises the French reason
            raise IllegalAction("Ce n’est pas votre tour.", v.C_TURN)
        chain = [action]
        state, _ = v.apply(state, action, explain=False)
        while not v.is_over(state) and v.current_seats(state) != (self.me,):
            seat = v.current_seats(state)[0]
            bot = bot_action(v, state, seat, self.bots[seat])
            chain.append(bot)
            state, _ = v.apply(state, bot, explain=False)
        self.session.act(*chain)

    def render(self) -> None:
        state = self.session.state
        body = table_html(state, self.me, bool(self.teacher.value))
        if v.is_over(state):
            body = outcome_html(state) + body
        set_html(self.table, body)
        self.actions.show(state, self.me if not v.is_over(state) else None)
        last = last_scoring(self.session.events)
        if last is None:
            self.scoring.value = ""
        else:
            set_html(self.scoring, score_table(last[1], f"Décompte de la manche {last[0]}"))
        self.undo_button.disabled = not self.session.can_undo
        self.redo_button.disabled = not self.session.can_redo


def play_vs_computer(seed: int = 1) -> GameVsComputer:
    return GameVsComputer(seed)


# --- sandbox -------------------------------------------------------------------------------------


class Sandbox(w.VBox):  # type: ignore[misc]
    """Play every seat yourself, everything visible; travel in time with the slider."""

    def __init__(self) -> None:
        self.error = ErrorArea(book())
        self.count = w.ToggleButtons(options=[3, 4, 5], value=3, description="Joueurs",
                                     style={"button_width": "3rem"})
        self.preset = w.Dropdown(options=[(label, key) for key, label in v.PRESET_LABELS.items()],
                                 value="manche-unique", description="Règle",
                                 layout=w.Layout(width="34rem"))
        self.seed = w.BoundedIntText(value=7, min=0, max=10**9, description="Partie n°",
                                     layout=w.Layout(width="12rem"))
        self.new_button = w.Button(description="Nouvelle partie", icon="refresh")
        self.time = history_slider("Coups joués")
        self.table = html()
        self.actions = ActionPanel(self.play, self.error)
        self.explainer = Explainer(book(), v.describe)
        state = v.new_game(NAMES[:3], seed=7, variant="manche-unique")
        self.session = Session(v, state, v.opening_events(state))
        guard = guarded(self.error)
        self.new_button.on_click(guard(lambda _: self.start()))
        self.time.observe(guard(self._travel), names="value")
        self.session.observe(lambda _: guard(self.render)(), names="version")
        super().__init__([
            w.HBox([self.count, self.seed], layout=w.Layout(flex_flow="row wrap")),
            w.HBox([self.preset, self.new_button], layout=w.Layout(flex_flow="row wrap")),
            self.table, self.actions, self.error, self.time, self.explainer,
        ])
        self.add_class("vp-sandbox")
        self.render()

    def _travel(self, change: Mapping[str, Any]) -> None:
        if change["new"] != self.session.cursor:
            self.session.goto(int(change["new"]))

    def start(self) -> None:
        state = v.new_game(NAMES[: int(self.count.value)], seed=int(self.seed.value),
                           variant=self.preset.value)
        self.session.restart(state, v.opening_events(state))

    def play(self, action: v.Action) -> None:
        self.session.act(action)

    def render(self) -> None:
        state = self.session.state
        body = table_html(state, None, True)
        if v.is_over(state):
            body = outcome_html(state) + body
        set_html(self.table, body)
        seats = v.current_seats(state)
        self.actions.show(state, seats[0] if seats else None)
        self.time.max = len(self.session.states) - 1
        self.time.value = self.session.cursor
        self.explainer.set_events(self.session.last_events, "Ce qui s’est passé à cette étape")
        self.explainer.show_all()


def sandbox() -> Sandbox:
    return Sandbox()

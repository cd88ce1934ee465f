"""The Vaiko pages: each public function builds one part of the notebook.

Notebook cells stay one line long (``vk.match_explorer()``); everything else lives here. Every
callback goes through :func:`tutor.ui.widgets.guarded`, and every rule decision comes from
:mod:`tutor.games.vaiko`. A player’s table only shows what :func:`tutor.games.vaiko.view` gives
that player; the "vue du professeur" shows every face.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any

import ipywidgets as w

from tutor import fr
from tutor.engine import Event, IllegalAction
from tutor.engine.api import bot_action
from tutor.games import vaiko as v
from tutor.ui import html as h
from tutor.ui.page import GamePage
from tutor.ui.session import Session
from tutor.ui.widgets import (
    ErrorArea,
    EventLog,
    Explainer,
    GameSettings,
    guarded,
    html,
    set_html,
)

YOU = "Camille"
BOT_NAMES = ("Alex", "Carla", "Dario", "Léo", "Emma")
SYMBOLS = {"rejouer": "×2", "vision": "◉", "echange": "⇄"}
EFFECT_WORDS = {"rejouer": "rejouer", "vision": "regarder", "echange": "échanger"}

CSS = """
.tv-vk-special { background: #e6fcf5; border-color: #087f5b; color: #064e3b; }
.tv-root .tv-vk-special .tv-value { font-size: 0.95rem; letter-spacing: -0.01em; }
.tv-root .tv-card.tv-small.tv-vk-special .tv-value { font-size: 0.68rem; }
.tv-vk-special .tv-kind:first-child { font-size: 0.85rem; }
.tv-root .tv-card.tv-small.tv-vk-special .tv-kind:last-child { font-size: 0.45rem;
  letter-spacing: 0; }
.tv-vk-known { outline: 3px dashed #f08c00; outline-offset: 1px; }
.tv-vk-player { display: flex; flex-wrap: wrap; align-items: center; gap: 0.6rem;
  padding: 0.45rem 0.6rem; border-radius: 10px; margin: 0.25rem 0; background: #f8f9fb; }
.tv-vk-player.tv-vk-me { background: #eef6ff; border: 1px solid #a5d8ff; }
.tv-vk-player.tv-vk-now { box-shadow: inset 4px 0 0 #f08c00; }
.tv-vk-name { min-width: 8.5rem; font-weight: 650; }
.tv-vk-center { display: flex; flex-wrap: wrap; gap: 1.2rem; align-items: flex-end;
  margin-bottom: 0.5rem; }
.tv-vk-hypothesis { border-left: 5px solid #f08c00; background: #fff9db; color: #5c3c00; }
.tv-vk-slot { display: inline-flex; flex-direction: column; align-items: center; gap: 0.1rem; }
.tv-vk-slot .tv-muted { font-size: 0.75rem; }
.jupyter-button.tv-vk-act { min-width: 10rem; }
.jupyter-button.tv-vk-main { font-weight: 650; }
"""


PAGE = GamePage("vaiko", "Un jeu de mémoire et de défausse, de 2 à 6 joueurs : gardez le moins "
                "de points possible devant vous, sans presque jamais regarder vos cartes.",
                shown=lambda events: _shown(events))
book, header, clause, clauses, example = (
    PAGE.book, PAGE.header, PAGE.clause, PAGE.clauses, PAGE.example)


def style() -> w.HTML:
    """The page's style sheet (the tutor's, plus the Vaiko cards), as a hidden widget."""
    return w.HTML(h.style_tag() + f"<style>{CSS}</style>", layout=w.Layout(display="none"))


# --- cards ---------------------------------------------------------------------------------------


def card(face: str | None, *, small: bool = True, note: str = "", known: bool = False) -> str:
    """A Vaiko card: a number (its value), a special card (symbol and word) or a back (``?``)."""
    size = " tv-small" if small else ""
    extra = " tv-vk-known" if known else ""
    if face is None:
        label = note or "face cachée"
        return (f'<div class="tv-card tv-back{size}" role="img" aria-label="{h.esc(label)}">'
                f'<span class="tv-kind">{h.esc(label)}</span><span class="tv-value">?</span>'
                '<span class="tv-kind"></span></div>')
    kind = v.load_deck().card(face) if face in v.load_deck().faces() else None
    effect = kind.effect if kind is not None else "aucun"
    if effect == "aucun":
        caption = f'<span class="tv-kind">{h.esc(note)}</span>' if note else \
            '<span class="tv-kind"></span>'
        return (f'<div class="tv-card tv-hand{size}{extra}" role="img" '
                f'aria-label="Carte {h.esc(face)}"><span class="tv-kind">Vaiko</span>'
                f'<span class="tv-value">{h.esc(face)}</span>{caption}</div>')
    return (f'<div class="tv-card tv-vk-special{size}{extra}" role="img" '
            f'aria-label="Carte spéciale {h.esc(face)} : {EFFECT_WORDS[effect]}">'
            f'<span class="tv-kind">{SYMBOLS[effect]}</span><span class="tv-value">'
            f'{h.esc(face)}</span><span class="tv-kind">{h.esc(note or EFFECT_WORDS[effect])}'
            "</span></div>")


def slot(face: str | None, number: int, *, known: bool = False, note: str = "") -> str:
    """A card in a player's row, with its number below (the tutor numbers cards 1, 2, ...)."""
    return (f'<div class="tv-vk-slot">{card(face, known=known, note=note)}'
            f'<span class="tv-muted">carte {number}</span></div>')


# --- static parts --------------------------------------------------------------------------------


def deck_panel() -> h.Html:
    """The deck the tutor assumes, read from its data file and marked as a hypothesis."""
    deck = v.load_deck()
    rows = []
    for kind, copies in deck.kinds:
        effect = "aucun" if kind.effect == "aucun" else EFFECT_WORDS[kind.effect]
        rows.append([card(kind.face), h.esc(fr.count(copies, "exemplaire")),
                     h.esc(fr.count(kind.points, "point")),
                     "" if kind.effect == "aucun" else h.esc(f"défaussée : {effect}")])
    cells = "".join(
        f'<div class="tv-vk-slot">{r[0]}<span class="tv-muted">{r[1]} — {r[2]}</span>'
        f'<span class="tv-muted">{r[3]}</span></div>' for r in rows)
    badge = ("Hypothèse du tuteur" if deck.hypothesis else "Composition donnée par le fichier")
    body = (f'<div class="tv-panel tv-vk-hypothesis"><div class="tv-title">⚠ {h.esc(badge)} : '
            f"{h.esc(deck.title)} ({fr.count(len(deck.cards), 'carte')})</div>"
            f"<p>{h.esc(deck.note)}</p><p class=\"tv-muted\">Fichier : "
            f"{h.esc(v.DECK_FILE)} — un autre fichier bien formé remplace celui-ci.</p></div>"
            f'<div class="tv-panel"><div class="tv-row">{cells}</div></div>')
    text = f"{badge} : " + ", ".join(
        f"{k.face} ({fr.count(n, 'exemplaire')}, {fr.count(k.points, 'point')})"
        for k, n in deck.kinds)
    return h.Html(body, text)


def readings() -> h.Html:
    """The presets and the reading each one applies, as a table."""
    labels = {
        "draw_from": {"deck": "pioche seulement", "deck_or_discard": "pioche ou défausse"},
        "look": {"never": "jamais", "before_swap": "avant d’échanger"},
        "matched_special": {"no_effect": "sans effet", "effect": "avec effet"},
        "caller_tie": {"bonus": "bonus", "malus": "malus"},
        "call_end": {"caller": "chacun rejoue une fois", "starter": "fin du tour de table"},
    }
    rows = []
    for name, preset in v.PRESETS.items():
        rows.append([h.esc(v.PRESET_LABELS[name])] + [
            h.esc(labels[key][getattr(preset, key)]) for key in labels])
    body = ('<div class="tv-panel"><div class="tv-title">Les lectures de la règle</div>'
            + h.table(["Préréglage", "Piocher", "Regarder ses cartes",
                       "Spéciale en défausse immédiate", "Annonceur à égalité",
                       "Après l’annonce"], rows) + "</div>")
    return h.Html(body, "Préréglages : " + ", ".join(v.PRESETS))


# --- the table -----------------------------------------------------------------------------------


def table_html(state: v.State, seat: str | None, teacher: bool, title: str = "") -> str:
    """The table as ``seat`` sees it (or every face in the teacher's view)."""
    seen = v.view(state, None if teacher else seat)
    mine = v.view(state, seat) if seat is not None and teacher else seen
    if seen.over:
        head = f"Partie terminée après {fr.count(seen.manche, 'manche')}"
    else:
        head = (f"Manche {seen.manche} — c’est à {seen.acting} : "
                f"{seen.phase_label}")
    if title:
        head = f"{title} — {head}"
    top = seen.discard_top
    center = [f'<div class="tv-vk-slot">{card(None, note=str(seen.pile_size) + " cartes")}'
              '<span class="tv-muted">pioche</span></div>',
              f'<div class="tv-vk-slot">{card(top) if top else h.empty_card("vide")}'
              f'<span class="tv-muted">défausse ({seen.discard_size})</span></div>']
    if seen.has_drawn:
        drawn = seen.drawn
        who = seen.turn
        center.append(f'<div class="tv-vk-slot">{card(drawn, note="piochée")}'
                      f'<span class="tv-muted">carte piochée par {h.esc(who)}</span></div>')
    rows = []
    for k, p in enumerate(seen.players):
        classes = "tv-vk-player"
        if p.name == seat:
            classes += " tv-vk-me"
        if not seen.over and p.name == seen.acting:
            classes += " tv-vk-now"
        known = mine.players[k].cards
        cards = "".join(slot(f, s + 1, known=teacher and known[s] is not None)
                        for s, f in enumerate(p.cards)) or h.empty_card("aucune carte")
        tags = [f'<span class="tv-tag">total {h.esc(v.points_text(p.total))}</span>']
        if p.caller:
            tags.append('<span class="tv-tag tv-ok">a dit « Vaiko »</span>')
        if not seen.over and p.name == seen.acting:
            turn = "à vous de jouer" if p.name == seat else "c’est son tour"
            tags.append(f'<span class="tv-tag">▶ {turn}</span>')
        name = h.esc(p.name) + (" (vous)" if p.name == seat else "")
        rows.append(f'<div class="{classes}"><div class="tv-vk-name">{name}<br>'
                    f'{" ".join(tags)}</div>{cards}</div>')
    legend = ""
    if teacher:
        legend = ('<div class="tv-muted">Vue du professeur : toutes les faces sont visibles ; '
                  "un cadre pointillé orange marque les cartes que vous connaissez.</div>")
    elif seat is not None:
        legend = ('<div class="tv-muted">Vous ne voyez que les cartes que vous connaissez ; '
                  "« ? » : carte jamais vue (ou perdue de vue).</div>")
    return (f'<div class="tv-panel tv-vk-table"><div class="tv-title">{h.esc(head)}</div>'
            f'<div class="tv-vk-center">{"".join(center)}</div>{"".join(rows)}{legend}</div>')


def round_summary(events: Sequence[Event]) -> str:
    """The last round's count, if ``events`` ended one: hands, bonus or malus, totals."""
    ends = [k for k, e in enumerate(events) if e.kind == "round_end"]
    if not ends:
        return ""
    tail = events[ends[-1]:]
    reveal = next(e for e in tail if e.kind == "reveal")
    totals = next(e for e in tail if e.kind == "totals")
    rows = []
    for p, faces in reveal.data["hands"].items():
        cards = "".join(card(f) for f in faces) or h.empty_card("aucune carte")
        rows.append([h.esc(p), f'<div class="tv-row">{cards}</div>',
                     f"<strong>{h.esc(v.points_text(totals.data['scores'][p]))}</strong>",
                     h.esc(v.points_text(totals.data["totals"][p]))])
    notes = "".join(f"<li>{h.esc(v.describe(e))}</li>" for e in tail
                    if e.kind in ("round_end", "bonus", "malus", "game_over"))
    return (f'<div class="tv-panel tv-success tv-vk-round"><div class="tv-title">Fin de la manche '
            f"{totals.data['manche']}</div>"
            + h.table(["Joueur", "Cartes", "Score de la manche", "Total"], rows)
            + f'<ul class="tv-steps">{notes}</ul></div>')


# --- worked examples -----------------------------------------------------------------------------


def _shown(events: Sequence[Event]) -> list[Event]:
    """Events worth telling a learner in an example (the prompts are skipped)."""
    return [e for e in events if e.kind not in ("peek_turn",)]


def example_positions(data: Mapping[str, Any]) -> tuple[v.State, list[tuple[int, v.State]]]:
    """The start of a ``partie`` example and, after each move, how many events had been told
    and the position reached (to draw the table beside each step)."""
    state = v.example_start(data)
    start, told, after = state, 0, []
    for move in data["coups"]:
        state, events = v.apply(state, v.parse_move(move))
        told += len(_shown(events))
        after.append((told, state))
    return start, after


def example_explainer(example_id: str) -> w.VBox:
    """A worked example on the table (teacher's view), then its steps one by one."""
    ex = book().examples[example_id]
    run = v.run_example(ex.data)
    intro = html(f'<div class="tv-panel"><div class="tv-title">{h.esc(ex.title)}</div>'
                 f'<div class="tv-muted">{h.esc(ex.data.get("note", ""))}</div>'
                 '<div class="tv-muted">Avancez avec « Suivant » : la table (vue du professeur) '
                 "montre chaque étape.</div></div>")
    scene: Callable[[Sequence[Event]], str] | None = None
    if ex.data.get("type") == "partie":
        start, after = example_positions(ex.data)

        def scene(shown: Sequence[Event]) -> str:
            state = start
            for told, reached in after:
                if told <= len(shown):
                    state = reached
            return table_html(state, None, True)

    box = w.VBox([intro, Explainer(book(), v.describe, _shown(run.events), scene=scene)])
    box.add_class("tv-example")
    return box


# --- memory exercise -----------------------------------------------------------------------------


class MemoryExercise(w.VBox):  # type: ignore[misc]
    """Four cards shown, then hidden, sometimes moved by an Échange: where is the 2 now?"""

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed
        self.asked = 0
        self.right = 0
        self.error = ErrorArea(book())
        self.cards_html = html()
        self.prompt = html()
        self.hide_button = w.Button(description="J’ai retenu : cacher les cartes",
                                    button_style="primary", layout=w.Layout(width="auto"))
        self.hide_button.add_class("tv-vk-hide")
        self.answers = w.HBox(layout=w.Layout(flex_flow="row wrap"))
        self.feedback = html()
        self.feedback.add_class("tv-feedback")
        self.score = html()
        self.next_button = w.Button(description="Nouvelle série", icon="refresh")
        guard = guarded(self.error)
        self.hide_button.on_click(guard(lambda _: self.hide()))
        self.next_button.on_click(guard(lambda _: self.new_round()))
        self.buttons = []
        for k in range(v.HAND_SIZE):
            b = w.Button(description=f"Carte {k + 1}")
            b.add_class("tv-choice")
            b.on_click(guard(lambda _, k=k: self.answer(k)))
            self.buttons.append(b)
        self.answers.children = self.buttons
        super().__init__([self.cards_html, self.prompt, self.hide_button, self.answers,
                          self.error, self.feedback, w.HBox([self.next_button, self.score])])
        self.add_class("tv-memory")
        self.new_round()

    def new_round(self) -> None:
        """Deal four new cards (one of them a 2) and show them."""
        rng = random.Random(self.seed * 1000 + self.asked)
        others = rng.sample([f for f in v.load_deck().faces() if f != "2"], 3)
        self.cards = others[:]
        self.cards.insert(rng.randrange(4), "2")
        self.swap: tuple[int, int] | None = None
        if self.asked % 2 == 1:  # every other question, an Échange moves two cards
            a, b = sorted(rng.sample(range(4), 2))
            self.swap = (a, b)
        self.hidden = False
        self.answered = False
        set_html(self.cards_html, self._row(show=True))
        set_html(self.prompt, '<div class="tv-muted">Retenez bien où est le <strong>2</strong>, '
                              "puis cachez les cartes.</div>")
        self.hide_button.disabled = False
        for b in self.buttons:
            b.disabled = True
            b.remove_class("tv-right")
            b.remove_class("tv-wrong")
        self.feedback.value = ""
        self._score()

    def _row(self, show: bool, cards: Sequence[str] | None = None) -> str:
        faces = list(cards or self.cards)
        slots = "".join(slot(f if show else None, k + 1) for k, f in enumerate(faces))
        return f'<div class="tv-panel"><div class="tv-row">{slots}</div></div>'

    def hide(self) -> None:
        """Turn the cards face down (and apply the Échange, if any); then ask."""
        if self.hidden:
            return
        self.hidden = True
        text = "Les cartes sont face cachée. Où est le 2 ?"
        if self.swap is not None:
            a, b = self.swap
            self.cards[a], self.cards[b] = self.cards[b], self.cards[a]
            text = (f"Carla joue une carte Échange et échange votre carte {a + 1} avec votre "
                    f"carte {b + 1}, faces cachées. Où est le 2 maintenant ?")
        set_html(self.cards_html, self._row(show=False))
        set_html(self.prompt, h.message_panel("info", text))
        self.hide_button.disabled = True
        for b in self.buttons:
            b.disabled = False

    def answer(self, k: int) -> None:
        """The learner says the 2 is card ``k`` (0-based)."""
        if not self.hidden:
            raise IllegalAction("Cachez d’abord les cartes : la question porte sur leur place "
                                "une fois face cachée.", v.C_MEMORY)
        if self.answered:
            set_html(self.feedback, h.message_panel("info", "Vous avez déjà répondu.",
                                                    "Lancez une nouvelle série."))
            return
        where = self.cards.index("2")
        self.answered = True
        self.asked += 1
        good = k == where
        self.right += good
        self.buttons[where].add_class("tv-right")
        if not good:
            self.buttons[k].add_class("tv-wrong")
        title = "Bonne réponse !" if good else f"Non : le 2 est en carte {where + 1}."
        set_html(self.cards_html, self._row(show=True))
        set_html(self.feedback, h.message_panel("success" if good else "error", title,
                                                "Les cartes sont retournées pour vérifier."))
        self._score()

    def _score(self) -> None:
        set_html(self.score, f'<span class="tv-tag tv-score">Score : {self.right} / '
                             f"{self.asked}</span>")


def memory_exercise(seed: int = 0) -> MemoryExercise:
    return MemoryExercise(seed)


# --- immediate-discard explorer ------------------------------------------------------------------


EXPLORER_HANDS: Mapping[str, Sequence[str]] = {
    "Alex": ("7", "3", "9", "2"), "Carla": ("4", "6", "9", "1"), "Dario": ("10", "0", "6", "8")}


class MatchExplorer(w.VBox):  # type: ignore[misc]
    """Alex has just thrown a 6. You are Carla: try one of your cards, or pass."""

    def __init__(self) -> None:
        self.error = ErrorArea(book())
        self.table = html()
        self.table.add_class("tv-match-table")
        self.prompt = html()
        self.buttons = w.HBox(layout=w.Layout(flex_flow="row wrap"))
        self.buttons.add_class("tv-match-buttons")
        self.restart_button = w.Button(description="Recommencer", icon="refresh")
        self.explainer = Explainer(book(), v.describe)
        guard = guarded(self.error)
        self.restart_button.on_click(guard(lambda _: self.restart()))
        actions = []
        for k in range(4):
            b = w.Button(description=f"Tenter ma carte {k + 1}")
            b.add_class("tv-vk-act")
            b.on_click(guard(lambda _, k=k: self.act(k)))
            actions.append(b)
        passer = w.Button(description="Passer")
        passer.add_class("tv-vk-act")
        passer.on_click(guard(lambda _: self.act(None)))
        self.buttons.children = [*actions, passer]
        super().__init__([self.table, self.prompt, self.buttons, self.error,
                          self.restart_button, self.explainer])
        self.add_class("tv-match-explorer")
        self.restart()

    def restart(self) -> None:
        state = v.situation(list(EXPLORER_HANDS), hands=EXPLORER_HANDS, pile=["6", "5", "8"],
                            discard=["2"], known={"Carla": [("Carla", 0), ("Carla", 1)]})
        state, events = v.apply(state, v.Draw("Alex"))
        self.state, more = v.apply(state, v.Discard("Alex"))
        self.events = [*events, *more]
        self.render()

    def act(self, k: int | None) -> None:
        """Carla tries her card ``k`` (0-based), or passes with ``None``."""
        action: v.Action = v.Pass("Carla") if k is None else v.Match("Carla", k)
        self.state, events = v.apply(self.state, action)
        self.events.extend(events)
        self.render()

    def render(self) -> None:
        set_html(self.table, table_html(self.state, "Carla", False, "Vous êtes Carla"))
        asked = v.current_seats(self.state)
        if asked == ("Carla",):
            text = ("Alex vient de jeter un 6. Vous savez que votre carte 1 est un 4 et votre "
                    "carte 2 un 6. Tentez une carte (la bonne, ou une autre pour voir l’erreur), "
                    "ou passez.")
            set_html(self.prompt, h.message_panel("info", "À vous, Carla", text))
        else:
            set_html(self.prompt, h.message_panel(
                "info", "Votre occasion est passée.",
                "« Recommencer » remet la situation de départ pour essayer autre chose."))
        for b in self.buttons.children:
            b.disabled = asked != ("Carla",)
        self.explainer.set_events(_shown(self.events), "Ce qui s’est passé")
        self.explainer.show_all()


def match_explorer() -> MatchExplorer:
    return MatchExplorer()


# --- the Vaiko call: score calculator ------------------------------------------------------------


class CallCalculator(w.VBox):  # type: ignore[misc]
    """Type each player's points and who said "Vaiko": see the round's scores, both readings."""

    def __init__(self) -> None:
        start = {"Alex": 4, "Carla": 9, "Dario": 15}
        self.error = ErrorArea(book())
        self.points = {p: w.BoundedIntText(value=n, min=0, max=200, description=p,
                                           layout=w.Layout(width="11rem"),
                                           style={"description_width": "4rem"})
                       for p, n in start.items()}
        self.caller = w.Dropdown(options=[("Personne", ""), *((p, p) for p in start)],
                                 value="Alex", description="Annonce",
                                 layout=w.Layout(width="16rem"))
        self.out = html()
        self.out.add_class("tv-call-result")
        for control in [*self.points.values(), self.caller]:
            control.observe(lambda _: self.update(), names="value")
        hint = w.HTML('<span class="tv-muted">Points des cartes de chacun à la fin de la manche, '
                      "et qui a dit « Vaiko ».</span>")
        super().__init__([hint, w.HBox([*self.points.values(), self.caller],
                                       layout=w.Layout(flex_flow="row wrap")),
                          self.error, self.out])
        self.add_class("tv-call")
        self.update()

    def update(self) -> None:
        guarded(self.error)(self._update)()

    def _update(self) -> None:
        points = {p: int(box.value) for p, box in self.points.items()}
        caller = str(self.caller.value) or None
        columns = []
        for preset, label in (("standard", "Lecture retenue : l’égalité suffit au bonus"),
                              ("egalite-stricte", "Égalité stricte : à égalité, malus")):
            result = v.score_round(points, caller, preset)
            steps = "".join(f"<li>{h.esc(v.describe(e))} <span class=\"tv-step-clause\">— "
                            f"{h.esc(book().clause(e.clause).title)}</span></li>"
                            for e in result.events)
            cells = ", ".join(f"{p} {fr.count(s, 'point')}" for p, s in result.points.items())
            columns.append(f'<div class="tv-panel" style="flex:1 1 20rem"><div class="tv-title">'
                           f"{h.esc(label)}</div><p><strong>{h.esc(cells)}</strong></p>"
                           f'<ol class="tv-steps">{steps}</ol></div>')
        set_html(self.out, f'<div class="tv-row" style="align-items:stretch">'
                           f'{"".join(columns)}</div>')


def call_calculator() -> CallCalculator:
    return CallCalculator()


# --- game against the computer -------------------------------------------------------------------


def action_label(action: v.Action, me: str, state: v.State) -> str:
    """The French words on the button that takes ``action``."""
    if isinstance(action, v.Peek):
        return f"Regarder ma carte {action.slot + 1}"
    if isinstance(action, v.Draw):
        if action.source == "discard":
            return f"Prendre la défausse ({v.face(state, state.discard[-1])})"
        return "Piocher"
    if isinstance(action, v.Swap):
        return f"Échanger avec ma carte {action.slot + 1}"
    if isinstance(action, v.Look):
        return _place(action.owner, action.slot, me)
    if isinstance(action, v.Match):
        return f"Tenter ma carte {action.slot + 1}"
    return _WORDS.get(type(action), str(action))


_WORDS: dict[type, str] = {v.Discard: "Jeter la carte piochée", v.LookHand: "Regarder mes cartes",
                           v.Pass: "Passer", v.Call: "Dire « Vaiko »",
                           v.EndTurn: "Finir mon tour"}


def _place(owner: str, slot_: int, me: str) -> str:
    return f"Ma carte {slot_ + 1}" if owner == me else f"Carte {slot_ + 1} {fr.of(owner)}"


PROMPTS = {
    v.PEEK: "Regardez une seule de vos cartes : elle restera face cachée ensuite.",
    v.DRAW: "À vous de jouer : piochez une carte.",
    v.DECIDE: "Gardez la carte piochée à la place d’une des vôtres (vous pouvez d’abord "
              "regarder vos cartes, mais il faudra alors échanger), ou jetez-la.",
    v.LOOKED: "Vous avez regardé vos cartes : échangez maintenant la carte piochée.",
    v.VISION: "Carte Vision : choisissez une carte à regarder, puis « Regarder ».",
    v.EXCHANGE: "Carte Échange : choisissez deux cartes (une à vous et une d’un autre joueur, "
                "ou deux cartes de deux autres joueurs), puis « Échanger ».",
    v.MATCH: "Défausse immédiate : si vous pensez avoir la même carte, tentez-la ; sinon passez.",
    v.CALL: "Votre tour est joué. Dites « Vaiko » si vous pensez avoir le plus petit score.",
}


class GameVsComputer(w.VBox):  # type: ignore[misc]
    """A whole game against 1 to 5 computer players, with undo, the log and the teacher view."""

    def __init__(self, seed: int = 1) -> None:
        self.error = ErrorArea(book())
        self.settings = GameSettings(v, opponents=(1, 2, 3, 4, 5), seed=seed, name=YOU,
                                     level="memoire", level_width="20rem")
        (self.name, self.seed, self.opponents, self.level, self.preset, self.start_button,
         self.teacher) = self.settings.controls
        self.undo_button = w.Button(description="↶ Annuler", layout=w.Layout(width="9rem"))
        self.table = html()
        self.table.add_class("tv-game-table")
        self.summary = html()
        self.prompt = html()
        self.actions = w.HBox(layout=w.Layout(flex_flow="row wrap"))
        self.actions.add_class("tv-vk-actions")
        self.target_a = w.Dropdown(description="Carte", layout=w.Layout(width="16rem"))
        self.target_b = w.Dropdown(description="avec", layout=w.Layout(width="16rem"))
        self.me = YOU
        state = v.new_game([YOU, *BOT_NAMES[:2]], seed=seed)
        self.session = Session(v, state, v.opening_events(state), seat=YOU)
        self.bots: dict[str, Any] = {}
        self.journal = EventLog(self.session, book(), self._describe,
                                keep=lambda e: e.kind not in ("pass", "peek_turn"))
        self.guard = guarded(self.error)
        self.start_button.on_click(self.guard(lambda _: self.start()))
        self.undo_button.on_click(self.guard(lambda _: self.session.undo()))
        self.teacher.observe(lambda _: self.guard(self.refresh)(), names="value")
        self.session.observe(lambda _: self.guard(self.render)(), names="version")
        super().__init__([self.settings, self.summary, self.table, self.prompt, self.actions,
                          self.error, self.undo_button, self.journal])
        self.add_class("tv-game")
        self.start()

    def _describe(self, event: Event) -> str:
        return v.describe(event, None if self.teacher.value else self.me)

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
        first = self._bots_until_me(state)
        if first:  # the computer players who look at their card before the learner
            self.session.act(*first)

    def _bots_until_me(self, state: v.State) -> list[v.Action]:
        """The computer players' actions until the learner is asked (or the game ends)."""
        actions: list[v.Action] = []
        while not v.is_over(state) and v.current_seats(state) != (self.me,):
            (seat,) = v.current_seats(state)
            action = bot_action(v, state, seat, self.bots[seat])
            state, _ = v.apply(state, action, explain=False)
            actions.append(action)
            if len(actions) > 5000:  # computer players always end a round; never loop forever
                raise RuntimeError("computer players did not hand over")
        return actions

    def play(self, action: object) -> None:
        """The learner's ``action`` (checked by the engine), then the computer players'."""
        state = self.session.state
        if not v.is_legal(state, action) or getattr(action, "seat", None) != self.me:
            v.apply(state, action)  # type: ignore[arg-type]  # raises the French reason
            raise IllegalAction("Ce n’est pas votre tour.", v.C_ORDER)
        after, _ = v.apply(state, action)  # type: ignore[arg-type]
        self.session.act(action, *self._bots_until_me(after))

    def _button(self, action: v.Action) -> w.Button:
        b = w.Button(description=action_label(action, self.me, self.session.state),
                     tooltip=action_label(action, self.me, self.session.state))
        b.add_class("tv-vk-act")
        if isinstance(action, (v.Draw, v.Call, v.Pass)):
            b.add_class("tv-vk-main")
        b.on_click(self.guard(lambda _: self.play(action)))
        return b

    def refresh(self) -> None:
        self.render()
        self.journal.render()

    def render(self) -> None:
        state = self.session.state
        teacher = bool(self.teacher.value)
        set_html(self.summary, round_summary(self.session.last_events))
        body = table_html(state, self.me, teacher)
        if v.is_over(state):
            out = v.outcome(state)
            rows = [[h.esc(p), f"<strong>{h.esc(v.points_text(t))}</strong>",
                     '<span class="tv-tag tv-ok">vainqueur</span>' if p in out.winners else ""]
                    for p, t in sorted(out.scores.items(), key=lambda kv: kv[1])]
            body = (f'<div class="tv-panel tv-success tv-final"><div class="tv-title">Totaux '
                    f"finaux</div>{h.table(['Joueur', 'Total', ''], rows)}"
                    f"<p>{h.esc(out.reason)}</p></div>") + body
        set_html(self.table, body)
        legal = v.legal_actions(state, self.me) if self.me in state.players else ()
        if v.is_over(state):
            set_html(self.prompt, h.message_panel(
                "info", "La partie est finie.", "Choisissez « Nouvelle partie » pour rejouer."))
            self.actions.children = []
        elif not legal:
            set_html(self.prompt, "")
            self.actions.children = []
        else:
            set_html(self.prompt, h.message_panel("info", PROMPTS[state.phase]))
            self.actions.children = self._controls(state, legal)
        self.undo_button.disabled = not self.session.can_undo

    def _controls(self, state: v.State, legal: Sequence[v.Action]) -> list[w.Widget]:
        if state.phase == v.VISION:
            self.target_a.description = "Carte"
            self.target_a.options = [(action_label(a, self.me, state), k)
                                     for k, a in enumerate(legal)]
            look = w.Button(description="Regarder", button_style="primary")
            look.add_class("tv-vk-act")
            look.on_click(self.guard(lambda _: self.play(legal[int(self.target_a.value)])))
            return [self.target_a, look]
        if state.phase == v.EXCHANGE:
            places = [(_place(p, s, self.me), (p, s)) for j, p in enumerate(state.players)
                      for s in range(len(state.hands[j]))]
            self.target_a.description = "Carte"
            self.target_a.options = places
            self.target_b.options = places
            first = legal[0]
            assert isinstance(first, v.Exchange)
            self.target_a.value = (first.owner_a, first.slot_a)
            self.target_b.value = (first.owner_b, first.slot_b)
            swap = w.Button(description="Échanger", button_style="primary")
            swap.add_class("tv-vk-act")
            swap.on_click(self.guard(lambda _: self._exchange()))
            return [self.target_a, self.target_b, swap]
        return [self._button(a) for a in legal]

    def _exchange(self) -> None:
        (a, s), (b, t) = self.target_a.value, self.target_b.value
        if b == self.me and a != self.me:
            (a, s), (b, t) = (b, t), (a, s)
        self.play(v.Exchange(self.me, a, s, b, t))


def play_vs_computer(seed: int = 1) -> GameVsComputer:
    """A whole game against the computer (the notebook's last part)."""
    return GameVsComputer(seed)


# --- exercises -----------------------------------------------------------------------------------


def make_question(seed: int) -> tuple[dict[str, int], str]:
    """A generated count: three players' points and who said "Vaiko" (ties now and then)."""
    rng = random.Random(seed)
    names = ["Alex", "Carla", "Dario"]
    points = {p: rng.randint(0, 25) for p in names}
    caller = rng.choice(names)
    if rng.random() < 0.3:
        other = rng.choice([p for p in names if p != caller])
        points[caller] = points[other] = min(points.values())
    elif rng.random() < 0.5:
        points[caller] = min(points.values()) - rng.randint(0, 3)
        points[caller] = max(points[caller], 0)
    return points, caller


class Exercises(w.VBox):  # type: ignore[misc]
    """"Combien marque l'annonceur ?": generated counts, immediate feedback, a score."""

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
        super().__init__([self.situation, self.answers, self.error, self.feedback,
                          w.HBox([self.next_button, self.score])])
        self.add_class("tv-exercises")
        self.new_question()

    def new_question(self) -> None:
        self.points, self.caller = make_question(self.seed * 1000 + self.asked)
        self.answered = False
        rows = [[h.esc(p) + (" (a dit « Vaiko »)" if p == self.caller else ""),
                 h.esc(str(n))] for p, n in self.points.items()]
        set_html(self.situation, '<div class="tv-panel"><div class="tv-title">Fin de manche'
                                 "</div>" + h.table(["Joueur", "Points des cartes"], rows)
                 + f"<p><strong>Quel est le score de la manche pour {h.esc(self.caller)} ?"
                   "</strong></p></div>")
        mine = self.points[self.caller]
        options = [mine - v.CALL_POINTS, mine, mine + v.CALL_POINTS]
        buttons = []
        for value in options:
            b = w.Button(description=v.points_text(value))
            b.add_class("tv-choice")
            b.on_click(guarded(self.error)(lambda _, value=value: self.answer(value)))
            buttons.append(b)
        self.answers.children = buttons
        self.feedback.value = ""
        self._score()

    def answer(self, value: int) -> None:
        if self.answered:
            set_html(self.feedback, h.message_panel(
                "info", "Vous avez déjà répondu à cette question.", "Passez à la suivante."))
            return
        result = v.score_round(self.points, self.caller)
        expected = result.points[self.caller]
        self.answered = True
        self.asked += 1
        good = value == expected
        self.right += good
        for b in self.answers.children:
            if b.description == v.points_text(expected):
                b.add_class("tv-right")
            elif b.description == v.points_text(value):
                b.add_class("tv-wrong")
        title = ("Bonne réponse !" if good else
                 f"Pas tout à fait : {self.caller} marque {fr.count(expected, 'point')}.")
        steps = "".join(f"<li>{h.esc(v.describe(e))} <span class=\"tv-step-clause\">— "
                        f"{h.esc(book().clause(e.clause).title)}</span></li>"
                        for e in result.events)
        set_html(self.feedback, h.message_panel("success" if good else "error", title)
                 + f'<div class="tv-panel"><ol class="tv-steps">{steps}</ol></div>')
        self._score()

    def _score(self) -> None:
        set_html(self.score, f'<span class="tv-tag tv-score">Score : {self.right} / '
                             f"{self.asked}</span>")


def exercises(seed: int = 0) -> Exercises:
    return Exercises(seed)


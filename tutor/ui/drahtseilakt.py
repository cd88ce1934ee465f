"""The Drahtseilakt page: each public function builds one part of the notebook.

Notebook cells stay one line long (``dz.chain_explorer()``); everything else lives here. Every
callback goes through :func:`tutor.ui.widgets.guarded`, and every rule decision comes from
:mod:`tutor.games.drahtseilakt`. Colours are never the only cue: blue sticks carry ▲ and the word
"bleu" (they go to the highest card), red sticks ▼ and the word "rouge" (lowest card).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any

import ipywidgets as w

from tutor import fr
from tutor.engine import Event, IllegalAction
from tutor.engine.api import bot_action
from tutor.games import drahtseilakt as d
from tutor.games.drahtseilakt.core import shown
from tutor.games.drahtseilakt.text import colour_count
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

YOU = "Camille"
BOT_NAMES = ("Alex", "Bea", "Carla", "Dario")
NAMES = ("Alex", "Bea", "Carla", "Dario", "Emma")

CSS = """
.dz-score { background: #f3f0ff; border-color: #5f3dc4; color: #3b1f8a; }
.dz-zero-blue { background: #e7f5ff; border-color: #1971c2; color: #0b4f8a; }
.dz-zero-red { background: #fff0f0; border-color: #c92a2a; color: #8a1c1c;
  background-image: repeating-linear-gradient(135deg, transparent, transparent 6px,
  rgba(201, 42, 42, 0.08) 6px, rgba(201, 42, 42, 0.08) 12px); }
.dz-zero-blue .tv-kind, .dz-zero-red .tv-kind { text-transform: none; }
.dz-number { background: #fff; border-color: #495057; color: #212529; }
.dz-void { opacity: 0.55; text-decoration: line-through; border-style: dashed; }
.dz-now { outline: 3px solid #f08c00; outline-offset: 2px; }
.dz-stick { display: inline-flex; align-items: center; justify-content: center; width: 1.15rem;
  height: 1.9rem; margin: 0.08rem; border-radius: 4px; font-size: 0.7rem; font-weight: 700;
  border: 2px solid; }
.dz-blue { background: #d0ebff; border-color: #1864ab; color: #0b3d6e; }
.dz-red { background: #ffe3e3; border-color: #a61e1e; color: #6b1010; border-style: dotted; }
.dz-paired { opacity: 0.5; text-decoration: line-through; border-style: dashed; }
.dz-sticks { display: flex; flex-wrap: wrap; align-items: center; gap: 0.1rem; }
.dz-label { font-size: 0.85rem; font-weight: 600; margin-right: 0.4rem; }
.dz-row-label { display: inline-block; min-width: 5.5rem; }
.dz-gap { display: inline-block; width: 1.2rem; }
.dz-scene .tv-seat { max-width: 9rem; text-align: center; }
.dz-scene .tv-row { align-items: flex-start; }
.dz-chain { display: flex; flex-wrap: wrap; gap: 0.8rem; }
.dz-chain-step { border: 1px solid #d9dee8; border-radius: 10px; padding: 0.5rem 0.7rem;
  background: #fbfcff; }
.dz-pay { font-size: 0.9rem; margin-top: 0.3rem; }
.dz-players td, .dz-players th { white-space: nowrap; }
.dz-cancelled { text-decoration: line-through; color: #868e96; }
.jupyter-button.dz-scorebtn { width: 4.6rem; height: 3rem; font-weight: 700; border-radius: 8px; }
.jupyter-button.dz-scorebtn.dz-used { text-decoration: line-through; opacity: 0.5; }
"""


PAGE = GamePage("drahtseilakt", "Un jeu de Reiner Knizia (1999), de 3 à 5 joueurs : "
                "l’équilibre sur la corde raide, entre bâtonnets bleus et rouges.")
book, header, clause, clauses, example = (
    PAGE.book, PAGE.header, PAGE.clause, PAGE.clauses, PAGE.example)


def style() -> w.HTML:
    """The page's style sheet (the tutor's, plus this page's cards and sticks)."""
    return w.HTML(h.style_tag() + f"<style>{CSS}</style>", layout=w.Layout(display="none"))


# --- small HTML pieces -------------------------------------------------------------------------


def score_card(card: d.ScoreCard, *, small: bool = True, extra: str = "", note: str = "") -> str:
    """A score card: 1 to 9, or a 0 whose colour is also written (and drawn with ▲ or ▼)."""
    size = " tv-small" if small else ""
    if card == d.ZERO_BLUE:
        cls, top, value, bottom = "dz-zero-blue", "bleu", "0", "sans bleus ▲"
    elif card == d.ZERO_RED:
        cls, top, value, bottom = "dz-zero-red", "rouge", "0", "sans rouges ▼"
    else:
        cls, top, value, bottom = "dz-score", "score", str(card), ""
    if note:
        bottom = note
    label = f"Carte score {card}" + (f" : {note}" if note else "")
    return (f'<div class="tv-card {cls}{size} {extra}" role="img" aria-label="{h.esc(label)}">'
            f'<span class="tv-kind">{h.esc(top)}</span><span class="tv-value">{value}</span>'
            f'<span class="tv-kind">{h.esc(bottom)}</span></div>')


def number_card(card: int, *, note: str = "", extra: str = "") -> str:
    """A number card (1 to 50)."""
    return (f'<div class="tv-card dz-number tv-small {extra}" role="img" '
            f'aria-label="Carte {card}{(" : " + note) if note else ""}">'
            f'<span class="tv-kind">carte</span><span class="tv-value">{card}</span>'
            f'<span class="tv-kind">{h.esc(note)}</span></div>')


def sticks(count: int, colour: str, *, paired: int = 0) -> str:
    """``count`` sticks drawn one by one: ▲ B for blue, ▼ R for red; the first ``paired`` are
    shown crossed out (given back as pairs)."""
    cls, mark, word = (("dz-blue", "▲", "bleu") if colour == "blue" else ("dz-red", "▼", "rouge"))
    out = []
    for k in range(count):
        gone = " dz-paired" if k < paired else ""
        state = " rendu" if k < paired else ""
        out.append(f'<span class="dz-stick {cls}{gone}" role="img" '
                   f'aria-label="bâtonnet {word}{state}">{mark}</span>')
    return "".join(out)


def holding_html(red: int, blue: int) -> str:
    """A player's sticks with their count in words (colour never the only cue)."""
    if not red and not blue:
        return '<span class="tv-muted">aucun bâtonnet</span>'
    parts = []
    if red:
        parts.append(f'<span class="dz-sticks">{sticks(red, "red")} '
                     f'<span class="dz-label">{h.esc(d.sticks_text(red, "red"))} ▼</span></span>')
    if blue:
        parts.append(f'<span class="dz-sticks">{sticks(blue, "blue")} '
                     f'<span class="dz-label">{h.esc(d.sticks_text(blue, "blue"))} ▲</span>'
                     "</span>")
    return "".join(parts)


def pay_text(stake: d.Stake | d.Reveal) -> str:
    """What a trick pays, in words, with ▲ / ▼."""
    parts = []
    if stake.blue:
        parts.append(f"▲ {colour_count(stake.value, 'blue')} à la plus forte carte")
    else:
        parts.append("▲ pas de bleus (0 bleu)")
    if stake.red:
        parts.append(f"▼ {colour_count(stake.value, 'red')} à la plus faible")
    else:
        parts.append("▼ pas de rouges (0 rouge)")
    return " ; ".join(parts)


# --- static parts --------------------------------------------------------------------------------


def material() -> h.Html:
    """The material: the eleven score cards, a few number cards and the two kinds of sticks."""
    scores = "".join(score_card(c) for c in d.SCORE_CARDS)
    numbers = "".join(number_card(c) for c in (1, 2, 3)) + \
        '<span class="tv-muted">…</span>' + "".join(number_card(c) for c in (48, 49, 50))
    body = (
        '<div class="tv-panel"><div class="tv-title">Les 11 cartes score</div>'
        f'<div class="tv-row">{scores}</div>'
        '<div class="tv-title" style="margin-top:0.8rem">Les 50 cartes numérotées (1 à 50)</div>'
        f'<div class="tv-row" style="align-items:center">{numbers}</div>'
        '<div class="tv-title" style="margin-top:0.8rem">Les bâtonnets de la réserve</div>'
        f'<div class="dz-sticks">{sticks(5, "blue")}<span class="dz-label">▲ bleus : 25, pour '
        "la plus forte carte</span></div>"
        f'<div class="dz-sticks">{sticks(5, "red")}<span class="dz-label">▼ rouges : 25, pour '
        "la plus faible carte</span></div></div>"
    )
    return h.Html(body, "Cartes score : 1 … 9, 0 bleu, 0 rouge. Cartes numérotées : 1 … 50. "
                        "Bâtonnets : 25 bleus (▲), 25 rouges (▼).")


READING_ROWS = (
    ("deck", {"full": "cartes 1 à 50", "tactical": "cartes 1 à 9 × joueurs"}),
    ("play", {"in_turn": "à tour de rôle, face visible", "simultaneous": "en même temps"}),
    ("supply", {"finite": "limitée (on prend ce qui reste)", "unlimited": "complétée par des "
                                                                         "jetons"}),
    ("pairs", {"immediate": "aussitôt", "end_of_manche": "en fin de manche"}),
)


def readings() -> h.Html:
    """The presets and the reading each one applies, as a table."""
    rows = []
    for name, preset in d.PRESETS.items():
        rows.append([h.esc(d.PRESET_LABELS[name])]
                    + [h.esc(labels[getattr(preset, key)]) for key, labels in READING_ROWS])
    body = ('<div class="tv-panel"><div class="tv-title">Les lectures de la règle</div>'
            + h.table(["Préréglage", "Cartes", "On joue", "Réserve", "Paires rendues"], rows)
            + "</div>")
    return h.Html(body, "Préréglages : " + ", ".join(d.PRESETS))


# --- worked examples -----------------------------------------------------------------------------


def scene_html(events: Sequence[Event]) -> str:
    """The trick on the table after ``events``: score cards turned, cards played, sticks."""
    turned: list[d.ScoreCard] = []
    void: set[d.ScoreCard] = set()
    stake: dict[str, Any] | None = None
    plays: list[tuple[str, int]] = []
    got: dict[str, list[str]] = {}
    for e in events:
        if e.kind == "zero":
            turned.append(e.data["card"])
        elif e.kind == "double_zero":
            void.update(e.data["cards"])
        elif e.kind == "reveal":
            turned.append(e.data["card"])
            stake = dict(e.data)
        elif e.kind == "play":
            plays.append((str(e.seat), e.data["card"]))
        elif e.kind == "show":
            plays = list(e.data["plays"].items())
        elif e.kind in ("blue", "red"):
            got.setdefault(str(e.seat), []).append(
                d.sticks_text(e.data["count"], e.kind) + (" ▲" if e.kind == "blue" else " ▼"))
        elif e.kind in ("no_blue", "no_red"):
            got.setdefault(str(e.seat), []).append("rien (carte 0)")
        elif e.kind == "pairs":
            kept = e.data["red"] or e.data["blue"]
            got.setdefault(str(e.seat), []).append(
                f"rend {fr.count(e.data['pairs'], 'paire')}, "
                + (f"garde {d.holding_text(e.data['red'], e.data['blue'])}" if kept
                   else "ne garde aucun bâtonnet"))
        elif e.kind == "short":
            got.setdefault(str(e.seat), []).append(
                f"réserve presque vide : {d.sticks_text(e.data['got'], e.data['colour'])} "
                "seulement" if e.data["got"] else "réserve vide : rien")
    if not turned:
        return ""
    cards = "".join(score_card(c, extra="dz-void" if c in void else "",
                               note="annulé" if c in void else "") for c in turned)
    pay = "" if stake is None else h.esc(pay_text(d.Stake(stake["value"], stake["blue"],
                                                          stake["red"])))
    seats = []
    if plays:
        values = [c for _, c in plays]
        for name, card in plays:
            note = "plus forte" if card == max(values) and len(plays) > 1 else (
                "plus faible" if card == min(values) and len(plays) > 1 else "")
            caption = "; ".join(got.get(name, []))
            seats.append(h.seat(name, number_card(card, note=note), caption))
    return (f'<div class="tv-panel dz-scene"><div class="tv-row" style="align-items:center">'
            f'{cards}<div class="dz-pay">{pay}</div></div>'
            f'<div class="tv-row" style="margin-top:0.6rem">{"".join(seats)}</div></div>')


def example_explainer(example_id: str) -> w.VBox:
    """A worked example on the table, then its steps one by one."""
    ex = book().examples[example_id]
    run = d.run_example(ex.data)
    head = html(f'<div class="tv-panel"><div class="tv-title">{h.esc(ex.title)}</div>'
                f'<div class="tv-muted">{h.esc(ex.data.get("note", ""))} Avancez avec '
                "« Suivant » : la table montre chaque étape.</div></div>")
    box = w.VBox([head, Explainer(book(), d.describe, run.events, scene=scene_html)])
    box.add_class("tv-example")
    return box


# --- 0-card chaining explorer --------------------------------------------------------------------


def chain(deck: Sequence[d.ScoreCard]) -> tuple[list[d.Reveal], tuple[d.ScoreCard, ...]]:
    """The successive tricks that ``deck`` (top first) gives, and the cards left over that do
    not give a value (a 0 at the bottom)."""
    out: list[d.Reveal] = []
    rest = tuple(deck)
    while rest:
        try:
            r = d.reveal(rest)
        except IllegalAction:
            break
        out.append(r)
        rest = r.rest
    return out, rest


def chain_html(deck: Sequence[d.ScoreCard]) -> str:
    """Each trick of the chain: the cards turned, the value and the colours paid, the clauses."""
    if not deck:
        return h.message_panel("info", "La pioche est vide.",
                               "Cliquez sur des cartes score pour les empiler.")
    tricks, left = chain(deck)
    steps = []
    for k, r in enumerate(tricks, 1):
        void = set(r.revealed[:-1]) if len(r.revealed) == 3 else set()
        cards = "".join(score_card(c, extra="dz-void" if c in void else "",
                                   note="annulé" if c in void else "") for c in r.revealed)
        lines = "".join(f"<li>{h.esc(d.describe(e))} {PAGE.cite(e.clause)}</li>" for e in r.events)
        steps.append(f'<div class="dz-chain-step"><div class="tv-title">Pli {k}</div>'
                     f'<div class="tv-row">{cards}</div>'
                     f'<div class="dz-pay"><strong>{h.esc(pay_text(r))}</strong></div>'
                     f'<ol class="tv-steps">{lines}</ol></div>')
    tail = ""
    if left:
        tail = h.message_panel(
            "info", "Il manque une carte pour finir la chaîne.",
            f"Sous {', '.join(map(d.card_text, left))}, il faut encore une carte de 1 à 9 : "
            "un 0 oblige toujours à retourner la carte suivante.")
    return f'<div class="dz-chain">{"".join(steps)}</div>{tail}'


class ChainExplorer(w.VBox):  # type: ignore[misc]
    """Stack score cards in the order of your choice and watch the 0 cards chain trick by
    trick."""

    def __init__(self, deck: Sequence[d.ScoreCard] = (d.ZERO_BLUE, 4, 3)) -> None:
        self.error = ErrorArea(book())
        guard = guarded(self.error)
        self.deck: list[d.ScoreCard] = []
        self.buttons: dict[d.ScoreCard, w.Button] = {}
        for card in d.SCORE_CARDS:
            b = w.Button(description=d.card_text(card), tooltip=f"Poser {card} sous la pioche")
            b.add_class("dz-scorebtn")
            b.on_click(guard(self._adder(card)))
            self.buttons[card] = b
        self.undo_button = w.Button(description="↶ Retirer la dernière",
                                    layout=w.Layout(width="auto"))
        self.clear_button = w.Button(description="Vider la pioche", layout=w.Layout(width="auto"))
        self.shuffle_button = w.Button(description="Battre les 11 cartes", icon="random",
                                       layout=w.Layout(width="auto"))
        self.shuffles = 0
        self.undo_button.on_click(guard(lambda _: self.remove_last()))
        self.clear_button.on_click(guard(lambda _: self.set_deck(())))
        self.shuffle_button.on_click(guard(lambda _: self.shuffle()))
        self.pile = html()
        self.out = html()
        self.out.add_class("dz-chain-result")
        hint = w.HTML('<span class="tv-muted">Cliquez sur les cartes score dans l’ordre où '
                      "vous voulez les empiler : la première cliquée est sur le dessus de la "
                      "pioche. Le tuteur retourne ensuite les cartes pli par pli.</span>")
        super().__init__([hint, w.HBox(list(self.buttons.values()),
                                       layout=w.Layout(flex_flow="row wrap")),
                          w.HBox([self.undo_button, self.clear_button, self.shuffle_button],
                                 layout=w.Layout(flex_flow="row wrap")),
                          self.error, self.pile, self.out])
        self.add_class("dz-chain-explorer")
        self.set_deck(deck)

    def _adder(self, card: d.ScoreCard) -> Callable[[object], None]:
        def add(_: object) -> None:
            self.add(card)

        return add

    def add(self, card: object) -> None:
        """Put ``card`` at the bottom of the pile being built."""
        if card not in d.SCORE_CARDS or type(card) is bool:
            raise IllegalAction(f"{shown(card)} n’est pas une carte score.",
                                d.C_SCORE_CARDS)
        if card in self.deck:
            raise IllegalAction(f"La carte {card} est déjà dans la pioche : chaque carte score "
                                "n’existe qu’une fois.", d.C_SCORE_CARDS)
        self.set_deck((*self.deck, card))

    def remove_last(self) -> None:
        self.set_deck(self.deck[:-1])

    def shuffle(self) -> None:
        self.shuffles += 1
        self.set_deck(random.Random(self.shuffles).sample(d.SCORE_CARDS, len(d.SCORE_CARDS)))

    def set_deck(self, deck: Sequence[d.ScoreCard]) -> None:
        d.check_score_cards(tuple(deck))
        self.deck = list(deck)
        for card, b in self.buttons.items():
            used = card in self.deck
            b.disabled = used
            if used:
                b.add_class("dz-used")
            else:
                b.remove_class("dz-used")
        top = "".join(score_card(c) for c in self.deck) or h.empty_card("vide")
        set_html(self.pile, '<div class="tv-panel"><div class="tv-title">La pioche, du dessus '
                            f'vers le dessous</div><div class="tv-row">{top}</div></div>')
        set_html(self.out, chain_html(self.deck))
        self.tricks = chain(self.deck)[0]


def chain_explorer() -> ChainExplorer:
    """The 0-card chaining explorer, starting with the rule's example (0 bleu, then 4) and a 3."""
    return ChainExplorer()


# --- pair return ---------------------------------------------------------------------------------


class PairView(w.VBox):  # type: ignore[misc]
    """Choose how many red and blue sticks a player has in front of him; see the pairs go back."""

    def __init__(self, red: int = 5, blue: int = 3) -> None:
        self.error = ErrorArea(book())
        self.red = w.IntSlider(value=red, min=0, max=15, description="▼ Rouges",
                               style={"description_width": "5rem"})
        self.blue = w.IntSlider(value=blue, min=0, max=15, description="▲ Bleus",
                                style={"description_width": "5rem"})
        self.out = html()
        self.out.add_class("dz-pairs-result")
        guard = guarded(self.error)
        self.red.observe(lambda _: guard(self.update)(), names="value")
        self.blue.observe(lambda _: guard(self.update)(), names="value")
        super().__init__([w.HBox([self.red, self.blue], layout=w.Layout(flex_flow="row wrap")),
                          self.error, self.out])
        self.add_class("dz-pair-view")
        self.update()

    def update(self) -> None:
        red, blue = int(self.red.value), int(self.blue.value)
        if red < 0 or blue < 0:
            raise IllegalAction("Un nombre de bâtonnets ne peut pas être négatif.", d.C_STICKS)
        left = d.settle(red, blue)
        pairs = min(red, blue)
        self.left = left
        rows = "".join(
            f'<div class="dz-sticks"><span class="dz-label dz-row-label">{label}</span>'
            + (f'<span class="tv-muted">rendus :</span>{sticks(pairs, colour, paired=pairs)}'
               '<span class="dz-gap"></span>' if pairs else "")
            + (f'<span class="tv-muted">gardés :</span>{sticks(count - pairs, colour)}'
               if count > pairs else "")
            + ("" if count else '<span class="tv-muted">aucun</span>') + "</div>"
            for label, colour, count in (("Rouges ▼", "red", red), ("Bleus ▲", "blue", blue)))
        points = fr.count(sum(left), "point")
        if pairs:
            back = fr.plural(pairs, "retourne", "retournent")
            verdict = (f"{fr.capitalize(d.holding_text(red, blue))} : "
                       f"{fr.count(pairs, 'paire')} rouge + bleu {back} à la réserve (les "
                       f"bâtonnets rendus sont barrés). "
                       + (f"Il reste {d.holding_text(*left)}" if sum(left) else
                          "Il ne reste aucun bâtonnet")
                       + f", soit {points} si la manche finissait ici.")
        else:
            verdict = (f"{fr.capitalize(d.holding_text(red, blue))} : une seule couleur, aucune "
                       f"paire à rendre ({points} si la manche finissait ici).")
        verdict = fr.typography(verdict)
        set_html(self.out, f'<div class="tv-panel">{rows}<p class="dz-verdict">{h.esc(verdict)}'
                           f"</p>{PAGE.cite(d.C_PAIRS)}</div>")


def pair_view() -> PairView:
    """The pair-return view, starting from the rule's example: 5 red and 3 blue."""
    return PairView()


# --- shared game table ---------------------------------------------------------------------------


def table_html(state: d.State, seat: str | None, teacher: bool) -> str:
    """The table as ``seat`` sees it (or everything in the teacher's view)."""
    seen = d.view(state, None if teacher else seat)
    if seen.over:
        head = "Partie terminée"
    else:
        head = (f"Manche {seen.manche} sur {seen.manches} — donneur : {seen.dealer} — "
                f"pli {seen.trick_number} sur {d.TRICKS}")
    parts = [f'<div class="tv-title">{h.esc(head)}</div>']
    if not seen.over and seen.stake is not None:
        revealed = seen.revealed
        stake = seen.stake
        current = len(revealed) - 1
        cards = "".join(score_card(c, extra="dz-now" if k == current else "",
                                   note="en jeu" if k == current else "")
                        for k, c in enumerate(revealed))
        parts.append('<div class="tv-muted">Cartes score retournées cette manche (visibles de '
                     f'tous) :</div><div class="tv-row">{cards}</div>'
                     f'<div class="dz-pay"><strong>Enjeu du pli : {h.esc(pay_text(stake))}'
                     "</strong></div>")
        plays = []
        for name, card in seen.trick:
            plays.append(h.seat(name, number_card(card) if card is not None
                                else h.back_card(label="a choisi")))
        for name in seen.to_play:
            label = "à vous" if name == seat else "à jouer"
            plays.append(h.seat(name, h.empty_card(label)))
        parts.append('<div class="tv-muted" style="margin-top:0.5rem">Pli en cours :</div>'
                     f'<div class="tv-row">{"".join(plays)}</div>')
        if seen.played_this_manche:
            parts.append('<div class="tv-muted dz-memory">Déjà jouées cette manche (défaussées '
                         "face cachée, mais tout le monde les a vues) : "
                         f"{h.esc(fr.join(map(str, sorted(seen.played_this_manche))))}.</div>")
    rows = []
    for p in seen.players:
        history = []
        for k, score in enumerate(p.history):
            if k in p.cancelled:
                history.append(f'<span class="dz-cancelled">{score}</span> (effacé)')
            else:
                history.append(str(score))
        total = sum(s for k, s in enumerate(p.history) if k not in p.cancelled)
        hand = ""
        if p.hand is not None and teacher:
            hand = ", ".join(map(str, p.hand)) or "—"
        rows.append([f"<strong>{h.esc(p.name)}</strong>",
                     holding_html(p.red, p.blue),
                     " · ".join(history) or "—", f"<strong>{total}</strong>"]
                    + ([h.esc(hand)] if teacher else []))
    headers = ["Joueur", "Bâtonnets posés devant soi", "Scores des manches", "Total"]
    parts.append(f'<div class="dz-players">{h.table(headers + (["Main"] if teacher else []), rows)}'
                 "</div>")
    red_left, blue_left = seen.reserve
    parts.append(f'<div class="tv-muted">Réserve : {colour_count(red_left, "red")} ▼, '
                 f'{colour_count(blue_left, "blue")} ▲. '
                 f"Cartes hors jeu pour cette manche : {seen.unseen_count}.</div>")
    if teacher and seen.score_deck:
        parts.append('<div class="tv-muted">Vue du professeur — cartes score à venir : '
                     f"{h.esc(', '.join(map(d.card_text, seen.score_deck)))}</div>")
    return f'<div class="tv-panel">{"".join(parts)}</div>'


def last_trick_html(events: Sequence[Event]) -> str:
    """The last trick finished in ``events``, as a table scene, if any."""
    ends = [k for k, e in enumerate(events) if e.kind == "trick_end"]
    if not ends:
        return ""
    end = ends[-1]
    start = max((k for k, e in enumerate(events[:end]) if e.kind == "trick_end"), default=-1)
    trick = [e for e in events[start + 1:end + 1]
             if e.kind in ("play", "show", "blue", "red", "no_blue", "no_red", "pairs", "short")]
    stake = [e for e in events[:end] if e.kind == "reveal"]
    body = scene_html([*stake[-1:], *trick]) if stake else scene_html(trick)
    return body.replace('<div class="tv-panel dz-scene">',
                        '<div class="tv-panel dz-scene dz-last"><div class="tv-title">Dernier pli'
                        "</div>", 1)


def outcome_html(state: d.State) -> str:
    out = d.outcome(state)
    rows = [[h.esc(p), f"<strong>{t}</strong>",
             '<span class="tv-tag tv-ok">vainqueur</span>' if p in out.winners else ""]
            for p, t in sorted(out.scores.items(), key=lambda kv: kv[1])]
    return (f'<div class="tv-panel tv-success tv-final"><div class="tv-title">Totaux finaux '
            f"(le plus petit gagne)</div>{h.table(['Joueur', 'Total', ''], rows)}"
            f"<p>{h.esc(out.reason)}</p>{PAGE.cite(out.clause)}</div>")


# --- game against the computer ----------------------------------------------------------------


class GameVsComputer(w.VBox):  # type: ignore[misc]
    """A whole game against 2 to 4 computer players, card by card, with undo and the log."""

    def __init__(self, seed: int = 1) -> None:
        self.error = ErrorArea(book())
        self.settings = GameSettings(d, opponents=(2, 3, 4), seed=seed, name=YOU,
                                     level_width="22rem")
        (self.name, self.seed, self.opponents, self.level, self.preset, self.start_button,
         self.teacher) = self.settings.controls
        self.me = YOU
        self.undo_button = w.Button(description="↶ Annuler", layout=w.Layout(width="9rem"))
        self.redo_button = w.Button(description="↷ Rétablir", layout=w.Layout(width="9rem"))
        self.table = html()
        self.table.add_class("tv-game-table")
        self.last = html()
        self.hand = w.HBox(layout=w.Layout(flex_flow="row wrap"))
        self.hand.add_class("dz-hand-buttons")
        self.prompt = html()
        state = d.new_game([YOU, *BOT_NAMES[:2]], seed=seed)
        self.session = Session(d, state, d.opening_events(state), seat=YOU)
        self.bots: dict[str, Any] = {}
        self.journal = EventLog(self.session, book(), d.describe)
        self.guard = guarded(self.error)
        self.start_button.on_click(self.guard(lambda _: self.start()))
        self.undo_button.on_click(self.guard(lambda _: self.session.undo()))
        self.redo_button.on_click(self.guard(lambda _: self.session.redo()))
        self.teacher.observe(lambda _: self.guard(self.render)(), names="value")
        self.session.observe(lambda _: self.guard(self.render)(), names="version")
        controls = w.HBox([self.undo_button, self.redo_button])
        super().__init__([self.settings, self.table, self.prompt, self.hand, self.error, self.last,
                          controls, self.journal])
        self.add_class("tv-game")
        self.start()

    def start(self) -> None:
        """A new game with the chosen opponents, level, reading and seed; the computer players
        who play before you in the first trick do so at once."""
        me = str(self.name.value).strip()[:40]
        names = [me, *BOT_NAMES[: int(self.opponents.value)]]
        seed = int(self.seed.value)
        state = d.new_game(names, seed=seed, variant=self.preset.value)
        kind = d.PLAYER_KINDS[self.level.value][1]
        self.bots = {name: kind(seed=seed * 10 + k) for k, name in enumerate(names[1:], 1)}
        self.me = me
        events = list(d.opening_events(state))
        _, actions = self._computers(state)
        for action in actions:
            state, evs = d.apply(state, action)
            events.extend(evs)
        self.session.restart(state, events, seat=me)

    def _computers(self, state: d.State) -> tuple[d.State, list[d.Play]]:
        """Let the computer players act until it is your turn again (or the game is over)."""
        actions = []
        while not d.is_over(state) and self.me not in d.current_seats(state):
            seat = d.current_seats(state)[0]
            action = bot_action(d, state, seat, self.bots[seat])
            state, _ = d.apply(state, action, explain=False)
            actions.append(action)
        return state, actions

    def play(self, card: object) -> None:
        """You play ``card``; then the computer players act until your next turn."""
        state = self.session.state
        mine = d.Play(self.me, card)  # type: ignore[arg-type]
        after, _ = d.apply(state, mine, explain=False)  # raises the French reason if illegal
        _, others = self._computers(after)
        self.session.act(mine, *others)

    def _clicked(self, card: int) -> Callable[[object], None]:
        def click(_: object) -> None:
            self.play(card)

        return click

    def render(self) -> None:
        state = self.session.state
        teacher = bool(self.teacher.value)
        body = table_html(state, self.me, teacher)
        if d.is_over(state):
            body = outcome_html(state) + body
        set_html(self.table, body)
        set_html(self.last, last_trick_html(self.session.events))
        me = state.players.index(self.me)
        buttons = []
        for card in state.hands[me]:
            b = w.Button(description=str(card), tooltip=f"Jouer le {card}")
            b.add_class("tv-cardbtn")
            b.on_click(self.guard(self._clicked(card)))
            buttons.append(b)
        self.hand.children = buttons
        if d.is_over(state):
            set_html(self.prompt, h.message_panel(
                "info", "La partie est finie.", "Choisissez « Nouvelle partie » pour rejouer."))
        elif self.me in d.current_seats(state):
            set_html(self.prompt, '<div class="tv-muted">À vous : cliquez sur la carte à poser. '
                                  "Visez le milieu pour ne rien prendre, ou prenez la couleur "
                                  "qui vous manque pour rendre des paires.</div>")
        self.undo_button.disabled = not self.session.can_undo
        self.redo_button.disabled = not self.session.can_redo


def play_vs_computer(seed: int = 1) -> GameVsComputer:
    return GameVsComputer(seed)


# --- sandbox -------------------------------------------------------------------------------------


class Sandbox(w.VBox):  # type: ignore[misc]
    """Play every seat yourself: choose each card, watch each trick, travel in time."""

    def __init__(self) -> None:
        self.error = ErrorArea(book())
        self.count = w.ToggleButtons(options=[3, 4, 5], value=3, description="Joueurs",
                                     style={"button_width": "3rem"})
        self.preset = w.Dropdown(options=[(label, key) for key, label in d.PRESET_LABELS.items()],
                                 value="standard", description="Règle",
                                 layout=w.Layout(width="34rem"))
        self.seed = w.BoundedIntText(value=7, min=0, max=10**9, description="Partie n°",
                                     layout=w.Layout(width="12rem"))
        self.new_button = w.Button(description="Nouvelle partie", icon="refresh")
        self.choices = w.HBox(layout=w.Layout(flex_flow="row wrap"))
        self.play_button = w.Button(description="Jouer", button_style="primary")
        self.time = history_slider("Coups joués")
        self.table = html()
        self.explainer = Explainer(book(), d.describe, scene=scene_html)
        state = d.new_game(NAMES[:3], seed=7)
        self.session = Session(d, state, d.opening_events(state))
        self.journal = EventLog(self.session, book(), d.describe)
        guard = guarded(self.error)
        self.new_button.on_click(guard(lambda _: self.start()))
        self.play_button.on_click(guard(lambda _: self.play()))
        self.time.observe(guard(self._travel), names="value")
        self.session.observe(lambda _: guard(self.render)(), names="version")
        super().__init__([
            w.HBox([self.count, self.seed], layout=w.Layout(flex_flow="row wrap")),
            w.HBox([self.preset, self.new_button], layout=w.Layout(flex_flow="row wrap")),
            self.table, w.HBox([self.choices, self.play_button],
                               layout=w.Layout(flex_flow="row wrap", align_items="center")),
            self.error, self.time, self.explainer, self.journal,
        ])
        self.add_class("tv-sandbox")
        self.render()

    def _travel(self, change: Mapping[str, Any]) -> None:
        if change["new"] != self.session.cursor:
            self.session.goto(int(change["new"]))

    def start(self) -> None:
        state = d.new_game(NAMES[: int(self.count.value)], seed=int(self.seed.value),
                           variant=self.preset.value)
        self.session.restart(state, d.opening_events(state))

    def play(self) -> None:
        """Play the card chosen for every seat that must act now."""
        self.session.act(*[d.Play(dd.description, dd.value) for dd in self.choices.children])

    def render(self) -> None:
        state = self.session.state
        body = table_html(state, None, True)
        if d.is_over(state):
            body = outcome_html(state) + body
        set_html(self.table, body)
        self.choices.children = [
            w.Dropdown(options=[a.card for a in d.legal_actions(state, p)], description=p,
                       layout=w.Layout(width="10rem"), style={"description_width": "3.5rem"})
            for p in d.current_seats(state)
        ]
        self.play_button.disabled = d.is_over(state)
        self.time.max = len(self.session.states) - 1
        self.time.value = self.session.cursor
        self.explainer.set_events(self.session.last_events, "Ce qui s’est passé à cette étape")
        self.explainer.show_all()


def sandbox() -> Sandbox:
    return Sandbox()


# --- exercises -----------------------------------------------------------------------------------


def make_question(seed: int) -> tuple[dict[str, int], tuple[d.ScoreCard, ...], str]:
    """A generated trick (cards played, score cards turned) and the colour asked about; the
    score cards start with a 0 more often than chance would give."""
    rng = random.Random(seed)
    n = rng.randint(3, 5)
    cards = rng.sample(range(1, 51), n)
    plays = dict(zip(NAMES[:n], cards))
    value = rng.randint(1, 9)
    shape = rng.choice(("plain", "blue", "red", "double"))
    turned: tuple[d.ScoreCard, ...] = {
        "plain": (value,), "blue": (d.ZERO_BLUE, value), "red": (d.ZERO_RED, value),
        "double": (d.ZERO_RED, d.ZERO_BLUE, value) if rng.random() < 0.5 else
        (d.ZERO_BLUE, d.ZERO_RED, value),
    }[shape]
    return plays, turned, rng.choice(("blue", "red"))


class Exercises(w.VBox):  # type: ignore[misc]
    """"Qui reçoit des bâtonnets ?": generated tricks, immediate feedback, a score."""

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed
        self.asked = 0
        self.right = 0
        self.answered = False
        self.error = ErrorArea(book())
        self.situation = html()
        self.question = html()
        self.answers = w.HBox(layout=w.Layout(flex_flow="row wrap"))
        self.feedback = html()
        self.feedback.add_class("tv-feedback")
        self.score = html()
        self.next_button = w.Button(description="Question suivante", icon="arrow-right")
        self.next_button.on_click(guarded(self.error)(lambda _: self.new_question()))
        super().__init__([self.situation, self.question, self.answers, self.error,
                          self.feedback, w.HBox([self.next_button, self.score])])
        self.add_class("tv-exercises")
        self.new_question()

    def new_question(self) -> None:
        self.plays, self.turned, self.colour = make_question(self.seed * 1000 + self.asked)
        self.answered = False
        cards = "".join(score_card(c) for c in self.turned)
        seats = "".join(h.seat(p, number_card(c)) for p, c in self.plays.items())
        set_html(self.situation,
                 '<div class="tv-panel"><div class="tv-title">Situation</div>'
                 '<div class="tv-muted">Cartes score retournées, dans l’ordre :</div>'
                 f'<div class="tv-row">{cards}</div><div class="tv-muted" '
                 f'style="margin-top:0.5rem">Cartes posées :</div><div class="tv-row">{seats}'
                 "</div></div>")
        word = "bleus ▲" if self.colour == "blue" else "rouges ▼"
        set_html(self.question, f"<strong>Qui reçoit des bâtonnets {word}, et combien ?</strong>")
        buttons = []
        for option in self.options():
            b = w.Button(description=option, layout=w.Layout(width="auto"))
            b.add_class("tv-choice")
            b.on_click(guarded(self.error)(self._answer(option)))
            buttons.append(b)
        self.answers.children = buttons
        self.feedback.value = ""
        self._score()

    def options(self) -> list[str]:
        """The answers offered: each player with the trick's value, and "Personne"."""
        value = self.turned[-1]
        return [f"{p} : {value}" for p in self.plays] + ["Personne"]

    def expected(self) -> str:
        result = d.resolve_trick(self.plays, d.reveal(self.turned))
        count = result.blue if self.colour == "blue" else result.red
        who = result.highest if self.colour == "blue" else result.lowest
        return f"{who} : {count}" if count else "Personne"

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
        turned = d.reveal(self.turned)
        result = d.resolve_trick(self.plays, turned)
        expected = self.expected()
        self.answered = True
        self.asked += 1
        good = option == expected
        self.right += good
        for b in self.answers.children:
            if b.description == expected:
                b.add_class("tv-right")
            elif b.description == option:
                b.add_class("tv-wrong")
        title = ("Bonne réponse !" if good else
                 f"Pas tout à fait : la bonne réponse est « {expected} ».")
        events = [*turned.events, *result.events]
        items = "".join(f"<li>{h.esc(d.describe(e))} {PAGE.cite(e.clause)}</li>" for e in events)
        set_html(self.feedback, h.message_panel("success" if good else "error", title)
                 + f'<div class="tv-panel"><ol class="tv-steps">{items}</ol></div>')
        self._score()

    def _score(self) -> None:
        set_html(self.score, f'<span class="tv-tag tv-score">Score : {self.right} / '
                             f"{self.asked}</span>")


def exercises(seed: int = 0) -> Exercises:
    return Exercises(seed)

"""The Drahtseilakt page's pieces: its style, cards and sticks, the material, the readings, and
the worked examples told step by step on their table.

Colour is never the only cue: blue sticks carry ▲ and the word "bleu" (they go to the highest
card), red sticks ▼ and the word "rouge" (lowest card).
"""

from __future__ import annotations

from tutor.games import drahtseilakt as d
from tutor.games.drahtseilakt.core import SCORE_CARDS, ZERO_BLUE, ZERO_RED, Reveal, ScoreCard, Stake
from tutor.games.drahtseilakt.text import colour_count, sticks_text
from tutor.ui import html as h
from tutor.ui.page import GamePage

CSS = """
.dz-score { background: #f3f0ff; border-color: #5f3dc4; color: #3b1f8a; }
.dz-zero-blue { background: #e7f5ff; border-color: #1971c2; color: #0b4f8a; }
.dz-zero-red { background: #fff0f0; border-color: #c92a2a; color: #8a1c1c;
  background-image: repeating-linear-gradient(135deg, transparent, transparent 6px,
  rgba(201, 42, 42, 0.08) 6px, rgba(201, 42, 42, 0.08) 12px); }
.tv-root .tv-card .tv-kind { text-transform: none; overflow-wrap: anywhere; max-width: 100%; }
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
.dz-chain, .dz-players { display: grid; gap: 0.6rem;
  grid-template-columns: repeat(auto-fit, minmax(min(100%, 15rem), 1fr)); }
.dz-chain-step, .dz-player { border: 1px solid #d9dee8; border-radius: 10px;
  padding: 0.5rem 0.7rem; background: #fbfcff; min-width: 0; }
.dz-pay { font-size: 0.9rem; margin-top: 0.3rem; }
.dz-cancelled { text-decoration: line-through; color: #868e96; }
.jupyter-button.dz-scorebtn { width: 4.6rem; height: 3rem; font-weight: 700; border-radius: 8px; }
.jupyter-button.dz-scorebtn.dz-used { text-decoration: line-through; opacity: 0.5; }
.tv-game .widget-dropdown, .tv-game .widget-text { flex-wrap: wrap; }
.tv-game .widget-toggle-buttons .widget-toggle-button { width: auto !important;
  max-width: 100%; white-space: normal; height: auto; min-height: var(--jp-widgets-inline-height); }
.tv-game .widget-toggle-buttons .widget-label, .tv-sandbox .widget-toggle-buttons .widget-label {
  width: auto !important; }
.jupyter-button.tv-choice { white-space: normal; height: auto; max-width: 100%; }
"""

PAGE = GamePage(d.GAME, "Un jeu de Reiner Knizia (1999, selon l’éditeur), que le tuteur "
                "propose de 3 à 5 joueurs : "
                "l’équilibre sur la corde raide, entre bâtonnets bleus et rouges.")
book, header, clause, clauses, example, open_points = (
    PAGE.book, PAGE.header, PAGE.clause, PAGE.clauses, PAGE.example, PAGE.open_points)
minute = PAGE.minute
progress = PAGE.progress_map  # « Ce que vous avez rencontré »
# a part of the page built when the learner reaches it (``sv.later(sv.exercises)``)
later, later_sandbox = PAGE.later, PAGE.later_sandbox


def style() -> h.StyleSheet:
    """The page's style sheet (the tutor's, plus this page's cards and sticks)."""
    return h.stylesheet(CSS)


# --- small HTML pieces -------------------------------------------------------------------------


def score_card(card: ScoreCard, *, extra: str = "", note: str = "") -> str:
    """A score card: 1 to 9, or a 0 whose colour is also written (and drawn with ▲ or ▼)."""
    if card == ZERO_BLUE:
        cls, top, bottom = "dz-zero-blue", "bleu", "sans bleus ▲"
    elif card == ZERO_RED:
        cls, top, bottom = "dz-zero-red", "rouge", "sans rouges ▼"
    else:
        cls, top, bottom = "dz-score", "score", ""
    value = "0" if isinstance(card, str) else str(card)
    label = f"Carte score {card}" + (f" : {note}" if note else "")
    return (f'<div class="tv-card tv-small {cls} {extra}" role="img" aria-label="{h.esc(label)}">'
            f'<span class="tv-kind">{h.esc(top)}</span><span class="tv-value">{value}</span>'
            f'<span class="tv-kind">{h.esc(note or bottom)}</span></div>')


def number_card(card: int, *, note: str = "") -> str:
    """A number card (1 to 50)."""
    return (f'<div class="tv-card dz-number tv-small" role="img" aria-label="Carte {card}'
            f'{(" : " + h.esc(note)) if note else ""}"><span class="tv-kind">carte</span>'
            f'<span class="tv-value">{card}</span><span class="tv-kind">{h.esc(note)}</span></div>')


def sticks(count: int, colour: str, *, paired: int = 0) -> str:
    """``count`` sticks drawn one by one: ▲ for blue, ▼ for red; the first ``paired`` crossed
    out (given back as pairs)."""
    cls, mark, word = ("dz-blue", "▲", "bleu") if colour == "blue" else ("dz-red", "▼", "rouge")
    return "".join(f'<span class="dz-stick {cls}{" dz-paired" if k < paired else ""}" role="img" '
                   f'aria-label="bâtonnet {word}{" rendu" if k < paired else ""}">{mark}</span>'
                   for k in range(count))


def holding_html(red: int, blue: int) -> str:
    """A player's sticks with their count in words (colour never the only cue)."""
    if not red and not blue:
        return '<span class="tv-muted">aucun bâtonnet</span>'
    return "".join(f'<span class="dz-sticks">{sticks(n, c)} <span class="dz-label">'
                   f'{h.esc(sticks_text(n, c))} {m}</span></span>'
                   for n, c, m in ((red, "red", "▼"), (blue, "blue", "▲")) if n)


def pay_text(stake: Stake | Reveal) -> str:
    """What a trick pays, in words, with ▲ / ▼."""
    blue = (f"▲ {colour_count(stake.value, 'blue')} à la plus forte carte" if stake.blue
            else "▲ pas de bleus (0 bleu)")
    red = (f"▼ {colour_count(stake.value, 'red')} à la plus faible" if stake.red
           else "▼ pas de rouges (0 rouge)")
    return f"{blue} ; {red}"


def panel(title: str, body: str, extra: str = "") -> str:
    return f'<div class="tv-panel {extra}"><div class="tv-title">{h.esc(title)}</div>{body}</div>'


def muted(text: str) -> str:
    return f'<div class="tv-muted">{h.esc(text)}</div>'


# --- static parts --------------------------------------------------------------------------------


def material() -> h.Html:
    """The material: the eleven score cards, a few number cards and the two kinds of sticks."""
    numbers = ("".join(number_card(c) for c in (1, 2, 3)) + '<span class="tv-muted">…</span>'
               + "".join(number_card(c) for c in (48, 49, 50)))
    body = panel("Les 11 cartes score", f'<div class="tv-row">'
                 f'{"".join(score_card(c) for c in SCORE_CARDS)}</div>'
                 '<div class="tv-title" style="margin-top:0.8rem">Les 50 cartes numérotées '
                 f'(1 à 50)</div><div class="tv-row" style="align-items:center">{numbers}</div>'
                 '<div class="tv-title" style="margin-top:0.8rem">Les bâtonnets de la réserve'
                 f'</div><div class="dz-sticks">{sticks(5, "blue")}<span class="dz-label">'
                 "▲ bleus : 25, pour la plus forte carte</span></div>"
                 f'<div class="dz-sticks">{sticks(5, "red")}<span class="dz-label">▼ rouges : '
                 "25, pour la plus faible carte</span></div>")
    return h.Html(body, "Cartes score : 1 … 9, 0 bleu, 0 rouge. Cartes numérotées : 1 … 50. "
                        "Bâtonnets : 25 bleus (▲), 25 rouges (▼).")


READING_ROWS = (
    ("deck", {"full": "cartes 1 à 50", "tactical": "cartes 1 à 9 × joueurs"}),
    ("play", {"in_turn": "à tour de rôle, face visible", "simultaneous": "en même temps"}),
    ("supply", {"finite": "limitée (on prend ce qui reste)",
                "unlimited": "complétée par des jetons"}),
    ("pairs", {"immediate": "aussitôt", "end_of_manche": "en fin de manche"}),
)


def readings() -> h.Html:
    """The presets and the reading each one applies, as a table (stacked on a phone)."""
    rows = [[h.esc(d.GAME.PRESET_LABELS[name])] + [h.esc(labels[getattr(preset, key)])
                                              for key, labels in READING_ROWS]
            for name, preset in d.GAME.PRESETS.items()]
    table = h.table(["Préréglage", "Cartes", "On joue", "Réserve", "Paires rendues"], rows,
                    stack=True)
    return h.Html(panel("Les lectures de la règle", table),
                  "Préréglages : " + ", ".join(d.GAME.PRESETS))

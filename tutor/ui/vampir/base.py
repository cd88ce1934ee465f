"""The Vampir page's shared parts: constants, style, clauses, cards and tables drawn as HTML."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import ipywidgets as w

from tutor import fr
from tutor.games import vampir as v
from tutor.ui import html as h
from tutor.ui.page import GamePage

NAMES = ("Anke", "Bernd", "Chris", "Doro", "Emil")
YOU = "Camille"
BOT_NAMES = ("Anke", "Bernd", "Chris", "Doro")
SYMBOLS = {"castle": "♜", "graveyard": "☠", "madhouse": "☾", "docks": "⚓", "church": "✝",
           "pub": "♨"}
JOKER_SYMBOL = "★"

CSS = """
.vp-card { display: inline-flex; flex-direction: column; justify-content: space-between;
  align-items: center; width: 4.4rem; height: 5.9rem; border-radius: 10px; padding: 0.25rem;
  border: 2px solid; font-weight: 700; box-shadow: 0 2px 3px rgba(0, 0, 0, 0.12);
  text-align: center; }
.vp-card .vp-sym { font-size: 1.35rem; line-height: 1; }
.vp-card .vp-heads { font-size: 0.95rem; letter-spacing: 0.05em; }
.vp-card .vp-name { font-size: 0.6rem; text-transform: uppercase; letter-spacing: 0.03em; }
.vp-card.vp-small { width: 3.2rem; height: 4.3rem; padding: 0.15rem; }
.vp-card.vp-small .vp-sym { font-size: 1rem; }
.vp-card.vp-small .vp-heads { font-size: 0.75rem; }
.vp-card.vp-small .vp-name { font-size: 0.48rem; }
.vp-castle { background: #ffe3e3; border-color: #c92a2a; color: #8a1111; }
.vp-graveyard { background: #d3f9d8; border-color: #2b8a3e; color: #1b5e20; }
.vp-madhouse { background: #e5dbff; border-color: #6741d9; color: #3b1f8a; }
.vp-docks { background: #e9ecef; border-color: #495057; color: #212529; }
.vp-church { background: #fff3bf; border-color: #e67700; color: #6b4400; }
.vp-pub { background: #ffe8cc; border-color: #d9480f; color: #8a2c00; }
.vp-joker { background: #ffffff; border-color: #212529; border-style: dashed; color: #212529; }
.vp-back { background: repeating-linear-gradient(45deg, #5c1a1a, #5c1a1a 6px, #862e2e 6px,
  #862e2e 12px); border-color: #3d0f0f; color: #fff; }
.vp-locations { display: grid; grid-template-columns: repeat(auto-fill, minmax(8.5rem, 1fr));
  gap: 0.5rem; }
.vp-location { border: 2px solid; border-radius: 12px; padding: 0.4rem; min-height: 7.5rem; }
.vp-location .vp-loc-title { font-weight: 700; margin-bottom: 0.3rem; }
.vp-cards { display: flex; flex-wrap: wrap; gap: 0.25rem; align-items: flex-end; }
.vp-player { border: 1px solid #d9dee8; border-radius: 12px; padding: 0.5rem 0.7rem;
  margin: 0.4rem 0; background: #fff; }
.vp-player.vp-active { border: 2px solid #3b5bdb; background: #f5f7ff; }
.vp-hunts { display: flex; flex-wrap: wrap; gap: 0.6rem; margin-top: 0.3rem; }
.vp-hunt { border: 1px dashed #adb5bd; border-radius: 10px; padding: 0.25rem; }
.vp-hunt .vp-hunt-title { font-size: 0.78rem; font-weight: 600; margin-bottom: 0.15rem; }
.vp-score td.vp-discard { background: #fff5f5; color: #8a1c1c; }
.vp-score td.vp-keep { background: #ebfbee; color: #1b5e20; }
.vp-score td.vp-absent { color: #868e96; }
.vp-joker .vp-name { text-transform: none; letter-spacing: 0; }
.jupyter-button.vp-pick { width: 9.5rem; height: 2.4rem; border-radius: 8px; font-weight: 600;
  border: 2px solid #868e96; }
.jupyter-button.vp-pick-castle { background: #ffe3e3; border-color: #c92a2a; color: #8a1111; }
.jupyter-button.vp-pick-graveyard { background: #d3f9d8; border-color: #2b8a3e; color: #1b5e20; }
.jupyter-button.vp-pick-madhouse { background: #e5dbff; border-color: #6741d9; color: #3b1f8a; }
.jupyter-button.vp-pick-docks { background: #e9ecef; border-color: #495057; color: #212529; }
.jupyter-button.vp-pick-church { background: #fff3bf; border-color: #e67700; color: #6b4400; }
.jupyter-button.vp-pick-pub { background: #ffe8cc; border-color: #d9480f; color: #8a2c00; }
.jupyter-button.vp-pick-joker { background: #fff; border-style: dashed; border-color: #212529; }
"""


PAGE = GamePage("vampir", "Un jeu de Reiner Knizia (2000), de 3 à 5 joueurs : chassez les "
                "vampires des six lieux, mais ne soyez jamais le plus faible d’une couleur.")
book, header, clause, clauses, example = (
    PAGE.book, PAGE.header, PAGE.clause, PAGE.clauses, PAGE.example)


def style() -> w.HTML:
    """The page's style sheet (the tutor's, plus the location colours), as a hidden widget."""
    return w.HTML(h.style_tag() + f"<style>{CSS}</style>", layout=w.Layout(display="none"))


# --- building blocks -----------------------------------------------------------------------------


def loc_name(location: str) -> str:
    """``♜ Château (rouge)``: symbol, name and colour, never the colour alone."""
    return f"{SYMBOLS[location]} {v.LOCATION_NAMES[location]} ({v.COLOUR_NAMES[location]})"


def card_html(card: v.Card, *, small: bool = False) -> str:
    """A card: a vampire shows its location's symbol, name and heads (●); a joker a star."""
    size = " vp-small" if small else ""
    if isinstance(card, v.Vampire):
        loc = card.location
        heads = "●" * card.heads
        label = f"Vampire {v.COLOUR_NAMES[loc]} du lieu {v.LOCATION_NAMES[loc]}, " \
                f"{v.heads_text(card.heads)}"
        return (f'<div class="vp-card vp-{loc}{size}" role="img" aria-label="{h.esc(label)}" '
                f'title="{h.esc(label)}"><span class="vp-sym">{SYMBOLS[loc]}</span>'
                f'<span class="vp-heads">{heads} {card.heads}</span>'
                f'<span class="vp-name">{h.esc(v.LOCATION_NAMES[loc])}</span></div>')
    return (f'<div class="vp-card vp-joker{size}" role="img" aria-label="Joker Somewhere" '
            f'title="Joker Somewhere : remplace n’importe quelle couleur">'
            f'<span class="vp-sym">{JOKER_SYMBOL}</span><span class="vp-heads">joker</span>'
            f'<span class="vp-name">Somewhere</span></div>')


def back_html(count: int) -> str:
    label = f"{fr.count(count, 'carte')} {fr.plural(count, 'cachée')}"
    return (f'<div class="vp-card vp-back vp-small" role="img" aria-label="{h.esc(label)}">'
            f'<span class="vp-sym">?</span><span class="vp-heads">{count}</span>'
            f'<span class="vp-name">en main</span></div>')


def cards_row(cards: Sequence[v.Card], *, small: bool = True, empty: str = "aucune carte") -> str:
    if not cards:
        return f'<span class="tv-muted">{h.esc(empty)}</span>'
    return '<div class="vp-cards">' + "".join(card_html(c, small=small) for c in cards) + "</div>"


def hunt_heads(cards: Sequence[v.Card], joker_heads: int = 1) -> int:
    return sum(v.heads_of(c, joker_heads) for c in cards)


def action_label(action: v.Action, joker_heads: int = 1) -> str:
    """A French label for an action, as the buttons and lists show it."""
    if isinstance(action, v.Draw):
        return "Piocher 2 cartes"
    if isinstance(action, v.Take):
        return f"Récupérer les cartes {v.of_location(action.location)}"
    if isinstance(action, v.Lay):
        return f"Poser un {v.card_text(action.card)} sous {v.location_label(action.location)}"
    return f"{v.heads_text(hunt_heads(action.cards, joker_heads))} : {v.cards_text(action.cards)}"


# --- static parts --------------------------------------------------------------------------------


def material() -> h.Html:
    """The six locations with their colour, symbol and the cards of each kind."""
    locs = []
    for loc in v.LOCATIONS:
        cards = card_html(v.Vampire(loc, 1), small=True) + card_html(v.Vampire(loc, 2), small=True)
        locs.append(f'<div class="vp-location vp-{loc}"><div class="vp-loc-title">'
                    f"{h.esc(loc_name(loc))}</div>{'<div class=vp-cards>' + cards + '</div>'}"
                    f'<div class="tv-muted">11 × 1 tête, 5 × 2 têtes</div></div>')
    body = (f'<div class="tv-panel"><div class="tv-title">Les six lieux et leurs vampires</div>'
            f'<div class="vp-locations">{"".join(locs)}</div>'
            f'<div class="tv-title" style="margin-top:0.8rem">Les 10 jokers Somewhere</div>'
            f'<div class="vp-cards">{card_html(v.JOKER)}</div>'
            '<p class="tv-muted">Chaque vampire porte le symbole et le nom de son lieu ; les '
            "points ● comptent ses têtes. Au total : 96 vampires et 10 jokers, 106 cartes.</p>"
            "</div>")
    return h.Html(body, "Six lieux : " + ", ".join(
        f"{v.LOCATION_NAMES[loc]} ({v.COLOUR_NAMES[loc]})" for loc in v.LOCATIONS)
        + ". 96 vampires (16 par couleur : 11 à une tête, 5 à deux têtes) et 10 jokers.")


READING_TEXT = {
    "draw": {"hand": "les deux cartes en main, puis n’importe quelle carte de la main posée",
             "drawn": "on garde une des deux cartes tirées et on pose l’autre"},
    "take": {"hunt_required": "seulement si une chasse peut suivre",
             "free": "toujours permise"},
}


def readings() -> h.Html:
    """The presets and the reading each one applies, as a table."""
    rows = []
    for name, preset in v.PRESETS.items():
        rows.append([
            h.esc(v.PRESET_LABELS[name]),
            h.esc(READING_TEXT["draw"][preset.draw]),
            h.esc(READING_TEXT["take"][preset.take]),
            h.esc(v.heads_text(preset.joker_heads)),
            h.esc(str(preset.manches)),
        ])
    body = ('<div class="tv-panel"><div class="tv-title">Les lectures de la règle</div>'
            + h.table(["Préréglage", "Après la pioche", "Récupérer un lieu", "Joker",
                       "Manches"], rows) + "</div>")
    return h.Html(body, "Préréglages : " + ", ".join(v.PRESETS))


def score_table(scoring: v.Scoring, title: str = "") -> str:
    """The colour-by-colour table: heads of each player, who discards and why, the points.
    Each cell says it in words and symbols (✓ garde, ✗ défausse), the colour only adds to it."""
    players = list(scoring.points)
    head = "".join(f"<th>{h.esc(x)}</th>" for x in ["Couleur", *players, "Règle appliquée"])
    rows = []
    for col in scoring.colours:
        cells = [f"<td><strong>{h.esc(loc_name(col.location))}</strong></td>"]
        for p in players:
            if p not in col.heads:
                cells.append('<td class="vp-absent">— aucune</td>')
            elif p in col.discard:
                cells.append(f'<td class="vp-discard">{col.heads[p]} ✗ défausse</td>')
            else:
                cells.append(f'<td class="vp-keep">{col.heads[p]} ✓ garde</td>')
        cells.append(f"<td>{h.esc(book().clause(col.clause).title)}</td>")
        rows.append("<tr>" + "".join(cells) + "</tr>")
    rows.append("<tr><td><strong>Points</strong></td>"
                + "".join(f"<td><strong>{scoring.points[p]}</strong></td>" for p in players)
                + "<td></td></tr>")
    table = (f'<table class="tv-table"><thead><tr>{head}</tr></thead>'
             f'<tbody>{"".join(rows)}</tbody></table>')
    title_html = f'<div class="tv-title">{h.esc(title)}</div>' if title else ""
    return f'<div class="tv-panel vp-score">{title_html}{table}</div>'


def displays_html(displays: Mapping[str, Sequence[Sequence[v.Card]]], joker_heads: int = 1) -> str:
    """Each player's hunts, as cards grouped by colour."""
    rows = []
    for player, hunts in displays.items():
        blocks = []
        for hunt in hunts:
            loc = next((c.location for c in hunt if isinstance(c, v.Vampire)), None)
            title = loc_name(loc) if loc else "chasse"
            blocks.append(f'<div class="vp-hunt"><div class="vp-hunt-title">{h.esc(title)} — '
                          f"{v.heads_text(hunt_heads(hunt, joker_heads))}</div>"
                          f"{cards_row(hunt)}</div>")
        rows.append(f'<div class="vp-player"><strong>{h.esc(player)}</strong>'
                    f'<div class="vp-hunts">{"".join(blocks) or "aucune chasse"}</div></div>')
    return "".join(rows)

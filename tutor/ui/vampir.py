"""The Vampir page: each public function builds one part of the notebook.

Notebook cells stay one line long (``vp.hunt_builder()``); everything else lives here. Every
callback goes through :func:`tutor.ui.widgets.guarded`, and every rule decision comes from
:mod:`tutor.games.vampir`. Colours are never the only cue: each location also has its name and a
symbol, each card says how many heads it shows.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any

import ipywidgets as w

from tutor import fr
from tutor.engine import Event, IllegalAction, join_names
from tutor.engine.api import bot_action
from tutor.games import vampir as v
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
book, header, example = PAGE.book, PAGE.header, PAGE.example

# clause ids the notebook may still name: the reading once called "pioche lue à la lettre" is now
# "on pose l’autre carte tirée"; the "une seule chasse par couleur" variant contradicted the
# booklet and is gone (its point is the Précision of ``vampir/chasse-exposee``)
RENAMED: dict[str, str | None] = {
    "vampir/variante-pioche-litterale": v.C_V_DRAWN,
    "vampir/variante-chasse-unique": None,
}


def clause(clause_id: str) -> h.Html:
    """A rule clause in French, by id (a renamed id gives its new clause)."""
    return PAGE.clause(RENAMED.get(clause_id) or clause_id)


def clauses(*clause_ids: str) -> h.Html:
    """Several clauses, in the order given (retired ids are skipped, renamed ones followed)."""
    kept = [RENAMED.get(cid, cid) for cid in clause_ids]
    return PAGE.clauses(*(cid for cid in kept if cid is not None))


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


# --- worked examples ---------------------------------------------------------------------------


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


def example_explainer(example_id: str) -> w.VBox:
    """A worked example: the hunts on the table (for a scoring) and its steps one by one."""
    ex = book().examples[example_id]
    run = v.run_example(ex.data)
    table = html()
    data = ex.data
    note = f'<div class="tv-muted">{h.esc(data.get("note", ""))}</div>' if data.get("note") else ""
    body = f'<div class="tv-panel"><div class="tv-title">{h.esc(ex.title)}</div>{note}'
    if data.get("type") == "decompte":
        variant = v.Variant.coerce(data.get("variante"))
        shown = v.hunts_of_example(data)
        scoring = v.score(shown, variant)
        body += displays_html(shown, variant.joker_heads) + "</div>" + score_table(
            scoring, "Le décompte, couleur par couleur")
    else:
        body += "</div>"
    set_html(table, body)
    box = w.VBox([table, Explainer(book(), v.describe, run.events)])
    box.add_class("tv-example")
    return box


# --- hunt builder --------------------------------------------------------------------------------


class HuntBuilder(w.VBox):  # type: ignore[misc]
    """Pick cards one by one; the engine says at once whether they form a hunt, and why."""

    def __init__(self, cards: Sequence[v.Card] = (v.Vampire("castle", 1), v.Vampire("castle", 2),
                                                   v.JOKER)) -> None:
        self.error = ErrorArea(book())
        self.cards: list[v.Card] = list(cards)
        guard = guarded(self.error)
        buttons = []
        for kind in v.KINDS:
            if isinstance(kind, v.Vampire):
                text = f"{SYMBOLS[kind.location]} {v.LOCATION_NAMES[kind.location]} " \
                       f"{'●' * kind.heads}"
                tip = f"Ajouter un {v.card_text(kind)}"
            else:
                text, tip = f"{JOKER_SYMBOL} Joker", "Ajouter un joker Somewhere"
            b = w.Button(description=text, tooltip=tip)
            b.add_class("vp-pick")
            b.add_class("vp-pick-" + (kind.location if isinstance(kind, v.Vampire) else "joker"))
            b.on_click(guard(self._adder(kind)))
            buttons.append(b)
        self.remove_button = w.Button(description="Retirer la dernière", icon="undo")
        self.clear_button = w.Button(description="Tout retirer", icon="trash")
        self.remove_button.on_click(guard(lambda _: self.remove_last()))
        self.clear_button.on_click(guard(lambda _: self.clear()))
        self.hand = html()
        self.verdict = html()
        self.verdict.add_class("vp-verdict")
        hint = w.HTML('<span class="tv-muted">Cliquez sur une carte pour l’ajouter à la chasse '
                      "(● = une tête).</span>")
        super().__init__([hint, w.HBox(buttons, layout=w.Layout(flex_flow="row wrap")),
                          w.HBox([self.remove_button, self.clear_button]), self.hand,
                          self.verdict, self.error])
        self.add_class("vp-hunt-builder")
        self.render()

    def _adder(self, card: v.Card) -> Callable[[object], None]:
        def add(_: object) -> None:
            self.add(card)

        return add

    def add(self, card: v.Card) -> None:
        if not v.is_card(card):
            raise IllegalAction("Ce n’est pas une carte de Vampir.", v.C_VAMPIRES)
        if len(self.cards) >= 20:
            raise IllegalAction("Vingt cartes suffisent pour essayer : retirez-en d’abord.",
                                v.C_HUNT)
        self.cards.append(card)
        self.render()

    def remove_last(self) -> None:
        if self.cards:
            self.cards.pop()
        self.render()

    def clear(self) -> None:
        self.cards = []
        self.render()

    def render(self) -> None:
        self.check = v.is_valid_hunt(self.cards)
        set_html(self.hand, '<div class="tv-panel"><div class="tv-title">Cartes choisies '
                            f"({len(self.cards)})</div>"
                            f"{cards_row(self.cards, small=False, empty='aucune carte')}</div>")
        clause_title = book().clause(self.check.clause).title
        if self.check:
            panel = h.message_panel("success", "✓ Chasse valide", self.check.reason)
        else:
            panel = h.message_panel("error", "✗ Pas une chasse", self.check.reason)
        set_html(self.verdict, panel + f'<span class="tv-step-clause">Règle : '
                                       f"{h.esc(clause_title)} "
                                       f'<span class="tv-clause-id">{self.check.clause}</span>'
                                       "</span>")


def hunt_builder() -> HuntBuilder:
    return HuntBuilder()


# --- scoring explorer --------------------------------------------------------------------------


BOOKLET_HEADS: dict[str, dict[str, int]] = {
    "Anke": {"graveyard": 5, "docks": 3, "pub": 4, "madhouse": 6, "church": 6, "castle": 7},
    "Bernd": {"graveyard": 5, "docks": 4, "pub": 5, "church": 6, "castle": 7},
    "Chris": {"graveyard": 3, "docks": 5, "pub": 5, "madhouse": 5, "castle": 5},
    "Doro": {"graveyard": 3, "docks": 7, "pub": 3, "madhouse": 6, "church": 6},
    "Emil": {"graveyard": 4, "castle": 4},
}


def hunt_of(location: str, heads: int) -> tuple[v.Card, ...]:
    """A valid hunt of ``location`` with exactly ``heads`` heads (at least 3), no joker."""
    if heads < 3:
        raise IllegalAction("Une chasse compte au moins 3 cartes, donc au moins 3 têtes.", v.C_HUNT)
    twos = (heads - 3) // 2
    ones = heads - 2 * twos
    return v.sort_cards([v.Vampire(location, 1)] * ones + [v.Vampire(location, 2)] * twos)


class ScoringExplorer(w.VBox):  # type: ignore[misc]
    """Set the heads of each player's hunt in each colour; see the colour-by-colour scoring."""

    def __init__(self) -> None:
        self.error = ErrorArea(book())
        self.count = w.ToggleButtons(options=[3, 4, 5], value=4, description="Joueurs",
                                     style={"button_width": "3rem"})
        options = [("— aucune", 0), *((str(k), k) for k in range(3, 16))]
        self.cells: dict[tuple[str, str], w.Dropdown] = {}
        rows = []
        header = [w.HTML("<strong>Têtes</strong>", layout=w.Layout(width="11rem"))] + [
            w.HTML(f"<strong>{h.esc(loc_name(loc))}</strong>", layout=w.Layout(width="8.5rem"))
            for loc in v.LOCATIONS]
        rows.append(w.HBox(header))
        for name in NAMES:
            line = [w.HTML(f"<strong>{h.esc(name)}</strong>", layout=w.Layout(width="11rem"))]
            for loc in v.LOCATIONS:
                dd = w.Dropdown(options=options, value=BOOKLET_HEADS[name].get(loc, 0),
                                layout=w.Layout(width="8.5rem"),
                                description_allow_html=False)
                dd.observe(lambda _: self.update(), names="value")
                self.cells[(name, loc)] = dd
                line.append(dd)
            row = w.HBox(line)
            row.add_class("vp-row-" + name)
            rows.append(row)
        self.rows = rows
        self.count.observe(lambda _: self.update(), names="value")
        self.out = html()
        self.out.add_class("vp-scoring-result")
        hint = w.HTML('<span class="tv-muted">Au départ : l’exemple final du livret (Anke 28, '
                      "Bernd 27, Chris 20, Doro 19). « — aucune » : pas de chasse de cette "
                      "couleur.</span>")
        super().__init__([self.count, hint, w.VBox(rows), self.error, self.out])
        self.add_class("vp-scoring-explorer")
        self.update()

    @property
    def players(self) -> list[str]:
        return list(NAMES[: int(self.count.value)])

    def update(self) -> None:
        guarded(self.error)(self._update)()

    def _update(self) -> None:
        for k, row in enumerate(self.rows[1:]):
            row.layout.display = "" if k < len(self.players) else "none"
        shown: dict[str, list[tuple[v.Card, ...]]] = {}
        for name in self.players:
            shown[name] = [hunt_of(loc, int(self.cells[(name, loc)].value))
                           for loc in v.LOCATIONS if self.cells[(name, loc)].value]
        self.scoring = v.score(shown)
        best = max(self.scoring.points.values())
        leaders = [p for p, s in self.scoring.points.items() if s == best]
        set_html(self.out, score_table(self.scoring, "Le décompte, couleur par couleur")
                 + h.message_panel("info", f"En tête : {join_names(leaders)} "
                                           f"({fr.count(best, 'point')})"))


def scoring_explorer() -> ScoringExplorer:
    return ScoringExplorer()


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


# --- exercises -----------------------------------------------------------------------------------


def make_question(seed: int) -> tuple[dict[str, list[tuple[v.Card, ...]]], str]:
    """A generated layout of 3 or 4 players over 3 colours, and the player asked about."""
    rng = random.Random(seed)
    players = list(NAMES[: rng.choice((3, 4))])
    colours = rng.sample(v.LOCATIONS, 3)
    shown: dict[str, list[tuple[v.Card, ...]]] = {p: [] for p in players}
    for loc in colours:
        low = rng.randint(3, 5)
        for p in players:
            if rng.random() < 0.15:
                continue  # this player lacks that colour
            heads = rng.choice((low, low, low + 1, low + 2, low + 3))
            hunt = list(hunt_of(loc, heads))
            if rng.random() < 0.3:  # a joker in place of a one-head card
                hunt[0] = v.JOKER
            shown[p].append(v.sort_cards(hunt))
    return shown, rng.choice(players)


class Exercises(w.VBox):  # type: ignore[misc]
    """"Combien de points marque … ?": generated layouts, immediate feedback, a score."""

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
        super().__init__([self.situation, self.question, self.answers, self.error, self.feedback,
                          w.HBox([self.next_button, self.score])])
        self.add_class("vp-exercises")
        self.new_question()

    def new_question(self) -> None:
        self.shown, self.target = make_question(self.seed * 1000 + self.asked)
        self.result = v.score(self.shown)
        self.expected = self.result.points[self.target]
        naive = sum(hunt_heads(hunt) for hunt in self.shown[self.target])
        rng = random.Random(self.seed * 7919 + self.asked)
        options = {self.expected, naive}
        while len(options) < 4:
            options.add(max(0, self.expected + rng.choice((-4, -3, 3, 4, 5, 6))))
        self.options = sorted(options)
        self.answered = False
        set_html(self.situation, '<div class="tv-panel"><div class="tv-title">Fin de manche : '
                                 "les chasses exposées</div>"
                                 f"{displays_html(self.shown)}</div>")
        set_html(self.question, f"<strong>Combien de points marque {h.esc(self.target)} ?"
                                "</strong>")
        buttons = []
        for option in self.options:
            b = w.Button(description=str(option))
            b.add_class("tv-choice")
            b.on_click(guarded(self.error)(self._answer(option)))
            buttons.append(b)
        self.answers.children = buttons
        self.feedback.value = ""
        self._score()

    def _answer(self, option: int) -> Callable[[object], None]:
        def answer(_: object) -> None:
            self.answer(option)

        return answer

    def answer(self, option: int) -> None:
        if self.answered:
            set_html(self.feedback, self.feedback.value + h.message_panel(
                "info", "Vous avez déjà répondu à cette question.",
                "Passez à la question suivante."))
            return
        self.answered = True
        self.asked += 1
        good = option == self.expected
        self.right += good
        for b in self.answers.children:
            if b.description == str(self.expected):
                b.add_class("tv-right")
                b.description = f"✓ {self.expected}"
            elif b.description == str(option):
                b.add_class("tv-wrong")
                b.description = f"✗ {option}"
        title = ("Bonne réponse !" if good else
                 f"Pas tout à fait : {self.target} marque {fr.count(self.expected, 'point')}.")
        steps = h.steps_from(self.result.events, v.describe, book())
        items = "".join(f"<li>{h.esc(s.text)} <span class=\"tv-step-clause\">— "
                        f"{h.esc(s.clause.title)}</span></li>" for s in steps)
        set_html(self.feedback,
                 h.message_panel("success" if good else "error", title)
                 + score_table(self.result, "Correction, couleur par couleur")
                 + f'<div class="tv-panel"><ol class="tv-steps">{items}</ol></div>')
        self._score()

    def _score(self) -> None:
        set_html(self.score, f'<span class="tv-tag tv-score">Score : {self.right} / '
                             f"{self.asked}</span>")


def exercises(seed: int = 0) -> Exercises:
    return Exercises(seed)

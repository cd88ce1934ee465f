"""The Vampir page's drawing: style, clauses, cards, hunts and the colour-by-colour scoring as
HTML. Colours are never the only cue: each location also shows its name and a symbol."""

from __future__ import annotations

import dataclasses
import functools
import re
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence

from tutor import fr
from tutor.games import vampir as v
from tutor.games.vampir import cards as vampir_cards
from tutor.games.vampir.cards import (
    COLOUR_NAMES,
    COMPOSITION,
    FULL_SET,
    JOKER,
    JOKERS,
    LOCATION_NAMES,
    LOCATIONS,
    Card,
    colour_word,
    heads_text,
    sort_cards,
)
from tutor.games.vampir.cards import ONE_HEAD_PER_COLOUR as ONE_HEAD
from tutor.games.vampir.cards import TWO_HEAD_PER_COLOUR as TWO_HEADS
from tutor.games.vampir.hunts import Scoring, heads_of
from tutor.ui import html as h
from tutor.ui.page import GamePage
from tutor.ui.widgets import Refusal

NAMES = ("Anke", "Bernd", "Chris", "Doro", "Emil")
YOU = "Camille"
SYMBOLS = {"castle": "♜", "graveyard": "☠", "madhouse": "☾", "docks": "⚓", "church": "✝",
           "pub": "♨"}
JOKER_SYMBOL = "★"
_COLOURS = {"castle": ("#ffe3e3", "#c92a2a", "#8a1111"),
            "graveyard": ("#d3f9d8", "#2b8a3e", "#1b5e20"),
            "madhouse": ("#e5dbff", "#6741d9", "#3b1f8a"),
            "docks": ("#e9ecef", "#495057", "#212529"),
            "church": ("#fff3bf", "#e67700", "#6b4400"),
            "pub": ("#ffe8cc", "#d9480f", "#8a2c00"),
            "joker": ("#ffffff", "#212529", "#212529")}

CSS = "".join(f".vp-{k}, .jupyter-button.vp-pick-{k} {{ background: {bg}; border-color: {bd}; "
              f"color: {fg}; }}\n" for k, (bg, bd, fg) in _COLOURS.items()) + """
.vp-card { display: inline-flex; flex-direction: column; justify-content: space-between;
  align-items: center; box-sizing: border-box; width: 4.4rem; min-height: 5.9rem;
  border-radius: 10px; padding: 0.25rem 0.1rem; border: 2px solid; font-weight: 700;
  box-shadow: 0 2px 3px rgba(0, 0, 0, 0.12); text-align: center; overflow: hidden; }
.vp-card > span { max-width: 100%; overflow-wrap: anywhere; line-height: 1.1; }
.vp-card .vp-sym { font-size: 1.35rem; line-height: 1; }
.vp-card .vp-heads { font-size: 0.9rem; }
.vp-card .vp-name { font-size: 0.56rem; letter-spacing: -0.01em; }
.vp-card.vp-small { width: 3.7rem; min-height: 4.4rem; padding: 0.15rem 0.1rem; }
.vp-card.vp-small .vp-sym { font-size: 1rem; }
.vp-card.vp-small .vp-heads { font-size: 0.72rem; }
.vp-card.vp-small .vp-name { font-size: 0.46rem; }
.vp-joker { border-style: dashed; }
.vp-back { background: repeating-linear-gradient(45deg, #5c1a1a, #5c1a1a 6px, #862e2e 6px,
  #862e2e 12px); border-color: #3d0f0f; color: #fff; }
.vp-locations { display: grid; grid-template-columns: repeat(auto-fill, minmax(8.5rem, 1fr));
  gap: 0.5rem; }
.vp-location { border: 2px solid; border-radius: 12px; padding: 0.4rem; min-width: 0; }
.vp-loc-title { font-weight: 700; margin-bottom: 0.3rem; overflow-wrap: anywhere; }
.vp-cards { display: flex; flex-wrap: wrap; gap: 0.25rem; align-items: flex-end; }
.vp-player { border: 1px solid #d9dee8; border-radius: 12px; padding: 0.5rem 0.7rem;
  margin: 0.4rem 0; background: #fff; }
.vp-player.vp-active { border: 2px solid #3b5bdb; background: #f5f7ff; }
.vp-row { display: flex; flex-wrap: wrap; gap: 0.6rem 1rem; align-items: flex-start; }
.vp-hunts { display: flex; flex-wrap: wrap; gap: 0.6rem; margin-top: 0.3rem; }
.vp-hunt { border: 1px dashed #adb5bd; border-radius: 10px; padding: 0.25rem; min-width: 0; }
.vp-hunt-title { font-size: 0.78rem; font-weight: 600; margin-bottom: 0.15rem; }
.vp-grid .vp-discard, .vp-grid .vp-keep { border-radius: 6px; padding: 0 0.3rem;
  white-space: nowrap; }
.vp-grid .vp-discard { background: #fff5f5; color: #8a1c1c; }
.vp-grid .vp-keep { background: #ebfbee; color: #1b5e20; }
.vp-grid .vp-absent { color: #868e96; }
.vp-grid tr.vp-pending td { color: #adb5bd; }
.jupyter-button.vp-pick { width: 9.5rem; height: 2.4rem; border-radius: 8px; font-weight: 600;
  border: 2px solid; }
.jupyter-button.vp-pick-joker { border-style: dashed; }
.vp-verdict a { font-size: 0.85rem; }
.vp-heads-row { flex-flow: row wrap; }
.jupyter-button.tv-action { max-width: 100%; white-space: normal; height: auto;
  min-height: var(--jp-widgets-inline-height); }
@media (max-width: 600px) {
  .vp-locations { grid-template-columns: repeat(auto-fill, minmax(7.5rem, 1fr)); }
}
"""

PAGE = GamePage(v.GAME, "Un jeu de Reiner Knizia (2000, selon l’éditeur), que le tuteur "
                "propose de 3 à 5 joueurs : chassez les "
                "vampires des six lieux, mais ne soyez jamais le plus faible d’une couleur.")
book, header, example, open_points = PAGE.book, PAGE.header, PAGE.example, PAGE.open_points
minute = PAGE.minute
progress = PAGE.progress_map  # « Ce que vous avez rencontré »
# a part of the page built when the learner reaches it (``sv.later(sv.exercises)``)
later, later_sandbox = PAGE.later, PAGE.later_sandbox
_REF = re.compile(r'<span class="tutor-ref" title="([a-z0-9/-]+)">([^<]*)</span>')
_ITEM_TAIL = re.compile(r"\n(- [^\n]*(?:\n {2,}[^\n]*)+)")


def _joined_items(text: str) -> str:
    """List items continued on indented lines, joined onto one line (the shared Markdown reader
    takes a block for a list only when every line starts with "- ")."""
    return _ITEM_TAIL.sub(lambda m: "\n" + re.sub(r"\n {2,}", " ", m.group(1)), "\n" + text)[1:]


def clause(clause_id: str) -> h.Html:
    """A rule clause in French, by id (its lists drawn as lists)."""
    c = book().clause(clause_id)
    c = dataclasses.replace(c, text=_joined_items(c.text))
    body = _REF.sub(lambda m: f'<a class="tutor-ref" href="#{h.anchor(m.group(1))}">'
                    f"{m.group(2)}</a>", h.clause_panel(c))
    return h.Html(body, f"{c.title} [{c.id}]\n{c.text}")


def clauses(*clause_ids: str) -> h.Html:
    """Several clauses, in the order given."""
    parts = [clause(cid) for cid in clause_ids]
    return h.Html("".join(p.body for p in parts), "\n\n".join(p.text for p in parts))


def style() -> h.StyleSheet:
    """The page's style sheet (the tutor's, plus the location colours)."""
    return h.stylesheet(CSS)


def cite(clause_id: str) -> str:
    """A link to a clause's panel on the page: its title and id."""
    c = book().clause(clause_id)
    return (f'<a class="tv-step-clause" href="#{h.anchor(c.id)}">{h.esc(c.title)} '
            f'<span class="tv-clause-id">{h.esc(c.id)}</span></a>')


def loc_name(location: str) -> str:
    """``♜ Château (rouge)``: symbol, name and colour, never the colour alone."""
    return f"{SYMBOLS[location]} {LOCATION_NAMES[location]} ({COLOUR_NAMES[location]})"


@functools.cache  # 13 cards, two sizes: drawn once each, not at every click
def card_html(card: Card, *, small: bool = False) -> str:
    """A card: a vampire shows its location's symbol, name and heads (●); a joker a star."""
    size = " vp-small" if small else ""
    if isinstance(card, vampir_cards.Vampire):
        loc, name = card.location, LOCATION_NAMES[card.location]
        label = f"Vampire {COLOUR_NAMES[loc]} du lieu {name}, {heads_text(card.heads)}"
        sym, heads, cls = SYMBOLS[loc], f"{'●' * card.heads} {card.heads}", loc
    else:
        label, name = "Joker Somewhere : remplace n’importe quelle couleur", "Somewhere"
        sym, heads, cls = JOKER_SYMBOL, "joker", "joker"
    return (f'<div class="vp-card vp-{cls}{size}" role="img" aria-label="{h.esc(label)}" '
            f'title="{h.esc(label)}"><span class="vp-sym">{sym}</span>'
            f'<span class="vp-heads">{heads}</span><span class="vp-name">{h.esc(name)}</span>'
            "</div>")


def back_html(count: int) -> str:
    label = f"{fr.count(count, 'carte')} {fr.plural(count, 'cachée')}"
    return (f'<div class="vp-card vp-back vp-small" role="img" aria-label="{h.esc(label)}">'
            f'<span class="vp-sym">?</span><span class="vp-heads">{count}</span>'
            f'<span class="vp-name">en main</span></div>')


def cards_row(cards: Sequence[Card], *, small: bool = True, empty: str = "aucune carte") -> str:
    if not cards:
        return f'<span class="tv-muted">{h.esc(empty)}</span>'
    return '<div class="vp-cards">' + "".join(card_html(c, small=small) for c in cards) + "</div>"


def hunt_heads(cards: Sequence[Card], joker_heads: int = 1) -> int:
    return sum(heads_of(c, joker_heads) for c in cards)


def hunt_html(location: str | None, cards: Sequence[Card], joker_heads: int = 1) -> str:
    title = loc_name(location) if location else "chasse"
    return (f'<div class="vp-hunt"><div class="vp-hunt-title">{h.esc(title)} — '
            f"{heads_text(hunt_heads(cards, joker_heads))}</div>{cards_row(cards)}</div>")


def grid(headers: Sequence[str], rows: Sequence[Sequence[str]], title: str = "",
         classes: Sequence[str] = ()) -> str:
    """A table that turns into stacked rows on a narrow screen (each cell then says its column);
    cells are escaped HTML, ``classes`` one CSS class per row."""
    title_html = f'<div class="tv-title">{h.esc(title)}</div>' if title else ""
    return (f'<div class="tv-panel vp-grid">{title_html}'
            f"{h.table(headers, rows, stack=True, row_classes=classes)}</div>")


def material() -> h.Html:
    """The six locations with their colour, symbol and the cards of each kind."""
    locs = "".join(
        f'<div class="vp-location vp-{loc}"><div class="vp-loc-title">{h.esc(loc_name(loc))}'
        f"</div>{cards_row([vampir_cards.Vampire(loc, 1), vampir_cards.Vampire(loc, 2)])}"
        f'<div class="tv-muted">{ONE_HEAD} × 1 tête, {TWO_HEADS} × '
        "2 têtes</div></div>" for loc in LOCATIONS)
    body = (f'<div class="tv-panel"><div class="tv-title">Les six lieux et leurs vampires</div>'
            f'<div class="vp-locations">{locs}</div>'
            f'<div class="tv-title" style="margin-top:0.8rem">Les {JOKERS} jokers Somewhere'
            f"</div>{cards_row([JOKER], small=False)}"
            '<p class="tv-muted">Chaque vampire porte le symbole et le nom de son lieu ; les '
            f"points ● comptent ses têtes. Au total : 96 vampires et {JOKERS} jokers, "
            f"{len(FULL_SET)} cartes.</p></div>")
    return h.Html(fr.typography(body), "Six lieux : " + ", ".join(
        f"{LOCATION_NAMES[loc]} ({COLOUR_NAMES[loc]})" for loc in LOCATIONS)
        + ". 96 vampires (16 par couleur : 11 à une tête, 5 à deux têtes) et 10 jokers.")


READING_TEXT = {
    "draw": {"hand": "les deux cartes en main, puis n’importe quelle carte de la main posée",
             "drawn": "on garde une des deux cartes tirées et on pose l’autre"},
    "take": {"hunt_required": "seulement si une chasse peut suivre",
             "free": "toujours permise"},
    "hunts": {"one": "une seule", "several": "plusieurs, puis on finit son tour"},
}


def readings() -> h.Html:
    """The presets and the reading each one applies, as a table."""
    rows = [[h.esc(v.GAME.PRESET_LABELS[name]), h.esc(READING_TEXT["draw"][p.draw]),
             h.esc(READING_TEXT["take"][p.take]), h.esc(heads_text(p.joker_heads)),
             str(p.manches), h.esc(READING_TEXT["hunts"][p.hunts])]
            for name, p in v.GAME.PRESETS.items()]
    body = grid(["Préréglage", "Après la pioche", "Récupérer un lieu", "Joker", "Manches",
                 "Chasses par tour"], rows, "Les lectures de la règle")
    return h.Html(body, "Préréglages : " + ", ".join(v.GAME.PRESETS))


def score_table(scoring: Scoring, title: str = "", told: int | None = None) -> str:
    """The colour-by-colour table: heads of each player, who discards and why, the points.
    Each cell says it in words and symbols (✓ garde, ✗ défausse), the colour only adds to it.
    With ``told``, only the first ``told`` colours are decided, and the points come last."""
    players = list(scoring.points)
    done = len(scoring.colours) if told is None else told
    rows, classes = [], []
    for k, col in enumerate(scoring.colours):
        cells = [f"<strong>{h.esc(loc_name(col.location))}</strong>"]
        heads = dict(col.heads)
        for p in players:
            if p not in heads:
                cells.append('<span class="vp-absent">— aucune</span>')
            elif k >= done:
                cells.append(str(heads[p]))
            else:
                cells.append(f'<span class="vp-discard">{heads[p]} ✗ défausse</span>'
                             if p in col.discard else
                             f'<span class="vp-keep">{heads[p]} ✓ garde</span>')
        cells.append(cite(col.clause) if k < done else "à décompter")
        rows.append(cells)
        classes.append("vp-pending" if k >= done else "")
    if told is None or told > len(scoring.colours):
        rows.append(["<strong>Points</strong>",
                     *(f"<strong>{scoring.points[p]}</strong>" for p in players), ""])
    return grid(["Couleur", *players, "Règle appliquée"], rows, title, classes)


def displays_html(displays: Mapping[str, Sequence[Sequence[Card]]], joker_heads: int = 1) -> str:
    """Each player's hunts, as cards grouped by colour."""
    rows = []
    for player, hunts in displays.items():
        blocks = "".join(hunt_html(next((c.location for c in hunt if isinstance(c,
                                                                                vampir_cards.Vampire)),
                                        None), hunt, joker_heads) for hunt in hunts)
        rows.append(f'<div class="vp-player"><strong>{h.esc(player)}</strong>'
                    f'<div class="vp-hunts">{blocks or "aucune chasse"}</div></div>')
    return "".join(rows)


def hunts_with_heads(heads: Mapping[str, Mapping[str, int]],
                     free: Iterable[Card] | None = None) -> dict[str, list[tuple[Card, ...]]]:
    """Hunts with these heads (``{player: {location: heads}}``) made of the game's cards (or of
    the cards still ``free`` once others are placed): as many two-head vampires as the hunt's 3
    cards allow and the supply holds, then one-head ones, then jokers; :class:`Refusal`
    (French) when the game has not enough cards."""
    supply = Counter(COMPOSITION if free is None else free)
    out: dict[str, list[tuple[Card, ...]]] = {}
    for player, row in heads.items():
        out[player] = []
        for loc, n in row.items():
            if type(n) is not int or n < 3:
                raise Refusal(f"Une chasse compte au moins 3 cartes, donc au moins 3 têtes, "
                              f"pas {fr.quote(str(n))}.")
            one, two = vampir_cards.Vampire(loc, 1), vampir_cards.Vampire(loc, 2)
            twos = min(supply[two], n - 3, n // 2)
            ones = min(supply[one], n - 2 * twos)
            jokers = n - 2 * twos - ones
            if jokers > supply[JOKER] or ones + twos == 0:
                raise Refusal(fr.typography(
                    f"Trop de têtes {colour_word(loc, feminine=True, plural=True)} : la "
                    f"chasse de {fr.count(n, 'tête')} de {player} ne peut plus être formée. "
                    f"Le jeu n’a que {ONE_HEAD} vampires à une tête et {TWO_HEADS} à deux têtes "
                    f"par couleur, et {JOKERS} jokers en tout."
                    + ("" if free is None else " Les cartes placées ailleurs (mains, lieux, "
                                               "pioche) en prennent aussi.")))
            supply.subtract({one: ones, two: twos, JOKER: jokers})
            out[player].append(sort_cards([two] * twos + [one] * ones + [JOKER] * jokers))
    return out

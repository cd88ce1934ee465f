"""HTML building blocks of the tutor's pages: cards, clause panels, transcripts, the style sheet.

Pure string functions (no widget library), so they are easy to test and reuse. Colours are never
the only cue: every card also carries a word and a shape (▲ Suricate, ▼ Vautour).
"""

from __future__ import annotations

import html
import re
from collections.abc import Iterable, Sequence
from typing import NamedTuple

from tutor import rules
from tutor.engine import Event
from tutor.fr import signed, typography_html
from tutor.fr import typography as fr


def esc(text: object) -> str:
    """Escape for HTML, applying French typography to text."""
    return html.escape(fr(str(text)), quote=True)


CSS = """
.tv-root { font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif;
  color: #1d2433; line-height: 1.45; max-width: 60rem; }
.tv-root * { box-sizing: border-box; }
.tv-panel { background: #ffffff; border: 1px solid #d9dee8; border-radius: 12px;
  padding: 0.9rem 1.1rem; margin: 0.4rem 0; box-shadow: 0 1px 2px rgba(20, 30, 60, 0.06); }
.tv-title { font-size: 1.05rem; font-weight: 650; margin: 0 0 0.4rem 0; }
.tv-muted { color: #5b6478; font-size: 0.88rem; }
.tv-clause { border-left: 5px solid #3b5bdb; background: #f5f7ff; }
.tv-clause.tv-commentary { border-left-color: #868e96; background: #f8f9fa; }
.tv-clause p { margin: 0.35rem 0; }
.tv-clause-id { font-family: ui-monospace, "SFMono-Regular", Menlo, monospace; font-size: 0.78rem;
  color: #3b5bdb; background: #e7ecff; border-radius: 6px; padding: 0.05rem 0.4rem; }
.tv-ref { border-bottom: 1px dotted #3b5bdb; }
.tv-row { display: flex; flex-wrap: wrap; gap: 0.5rem; align-items: flex-end; }
.tv-card { display: inline-flex; flex-direction: column; justify-content: space-between;
  align-items: center; width: 4.2rem; height: 5.8rem; border-radius: 10px; padding: 0.3rem;
  border: 2px solid #495057; background: #fff; font-weight: 700; position: relative;
  box-shadow: 0 2px 3px rgba(0, 0, 0, 0.12); }
.tv-card .tv-value { font-size: 1.7rem; line-height: 1; }
.tv-card .tv-kind { font-size: 0.62rem; letter-spacing: 0.04em; text-transform: uppercase;
  text-align: center; line-height: 1.1; }
.tv-suricate .tv-kind, .tv-vautour .tv-kind { white-space: nowrap; }
.tv-card.tv-small { width: 3.1rem; height: 4.3rem; }
.tv-card.tv-small .tv-value { font-size: 1.25rem; }
.tv-card.tv-small .tv-kind { font-size: 0.5rem; letter-spacing: 0; }
.tv-empty-label { font-size: 0.62rem; font-weight: 600; line-height: 1.15; text-align: center;
  overflow-wrap: anywhere; }
.tv-card.tv-small .tv-empty-label { font-size: 0.52rem; }
.tv-suricate { background: #fff4d6; border-color: #b7791f; color: #7a4a00; }
.tv-vautour { background: #ece6f5; border-color: #5f3dc4; color: #3b1f8a; }
.tv-hand { background: #eef6ff; border-color: #1c7ed6; color: #0b4f8a; }
.tv-back { background: repeating-linear-gradient(45deg, #364fc7, #364fc7 6px, #4c6ef5 6px,
  #4c6ef5 12px); border-color: #243aa8; color: #fff; }
.tv-open-example.widget-button { width: auto; }  /* « Pas à pas sur la table », whole */
.tv-empty { border-style: dashed; border-color: #adb5bd; background: #f8f9fa; color: #5c636a;
  box-shadow: none; font-weight: 500; }
.tv-cancelled { opacity: 0.55; background: repeating-linear-gradient(135deg, #f1f3f5, #f1f3f5 5px,
  #e9ecef 5px, #e9ecef 10px); border-style: dashed; text-decoration: line-through; }
.tv-winner { outline: 4px solid #2f9e44; outline-offset: 2px; }
.tv-seat { display: inline-flex; flex-direction: column; align-items: center; gap: 0.2rem;
  min-width: 5rem; }
.tv-seat-name { font-weight: 600; font-size: 0.9rem; }
.tv-tag { display: inline-block; font-size: 0.75rem; font-weight: 600; border-radius: 999px;
  padding: 0.05rem 0.5rem; background: #e9ecef; color: #343a40; }
.tv-tag.tv-ok { background: #d3f9d8; color: #1b5e20; }
.tv-tag.tv-no { background: #ffe3e3; color: #8a1c1c; }
.tv-steps { margin: 0.3rem 0; padding-left: 1.4rem; }
.tv-steps li { margin: 0.25rem 0; }
.tv-step-clause { font-size: 0.8rem; color: #3b5bdb; }
.tv-current { background: #fff9db; border-radius: 6px; }
.tv-error { border-left: 5px solid #e03131; background: #fff5f5; color: #8a1c1c; }
.tv-success { border-left: 5px solid #2f9e44; background: #ebfbee; color: #1b5e20; }
.tv-info { border-left: 5px solid #1c7ed6; background: #e7f5ff; color: #0b4f8a; }
.tv-log { max-height: 16rem; overflow-y: auto; font-size: 0.9rem; }
.tv-sr-only { position: absolute !important; left: 0; width: 1px; height: 1px;
  overflow: hidden; clip-path: inset(50%); }
.tv-sr-only * { max-width: 1px; }
/* the note above a sandbox's table where a shared link lands: whole on screen; it receives
   the focus only to be read out (no control), without a ring cut by the output's edges */
.tv-position { display: flow-root; scroll-margin-top: 0.5rem; }
.tv-position:focus { outline: none !important; }
.tv-position:empty { display: block; height: 0; }
.tv-why-head { margin-top: 0.8rem; }
.tv-log ol { margin: 0; padding-left: 1.6rem; }
.tv-table { border-collapse: collapse; margin: 0.3rem 0; }
.tv-root .tv-table th, .tv-root .tv-table td { border-bottom: 1px solid #dee2e6;
  padding: 0.25rem 0.7rem; text-align: left; vertical-align: top; max-width: none; }
.tv-table th { font-size: 0.85rem; color: #495057; }
.tv-hints, .tv-hints .widget-html-content { max-width: 100%; min-width: 0; }
/* a control is never wider than its column, its margins included (at 100 %, ipywidgets' 2 px
   margins made a box scroll sideways by 4 px on a phone) */
.jupyter-widgets:is(.widget-dropdown, .widget-text, .widget-toggle-buttons, .widget-slider) {
  max-width: calc(100% - 2 * var(--jp-widgets-margin, 2px)); min-width: 0; }
.widget-dropdown > select { min-width: 0; max-width: 100%; text-overflow: ellipsis; }
.tv-game .widget-toggle-buttons, .tv-sandbox .widget-toggle-buttons { flex-wrap: wrap; }
.widget-toggle-buttons .widget-toggle-button { max-width: 100%; }
.tv-hint-scroll { overflow-x: auto; max-width: 100%; }
.tv-level .widget-toggle-button { white-space: normal; text-overflow: clip; height: auto;
  min-height: var(--jp-widgets-inline-height); line-height: 1.25; padding: 0.25rem 0.5rem;
  vertical-align: top; }
.tv-level .widget-toggle-buttons { flex-wrap: wrap; height: auto; }
.tv-root .tv-hint-scroll .tv-table td, .tv-root .tv-hint-scroll .tv-table th {
  padding: 0.25rem 0.5rem; }
.tv-root .tv-hint-scroll .tv-table td + td { white-space: nowrap; }
.tv-game-cards { display: grid; gap: 0.8rem;
  grid-template-columns: repeat(auto-fit, minmax(min(100%, 22rem), 1fr)); }
.tv-game-card { display: block; text-decoration: none; color: inherit; border: 1px solid #d0d7e2;
  border-radius: 14px; padding: 1rem 1.1rem; background: linear-gradient(180deg, #ffffff, #f3f6fc);
  box-shadow: 0 2px 6px rgba(20, 30, 60, 0.08); }
.tv-game-card:hover, .tv-game-card:focus { border-color: #3b5bdb; box-shadow: 0 3px 10px
  rgba(59, 91, 219, 0.25); }
.tv-root a.tv-game-card p, .tv-root a.tv-game-card div { color: #1d2433; }
.tv-root a.tv-game-card .tv-muted { color: #5b6478; }
.tv-game-card h2 { margin: 0 0 0.2rem 0; font-size: 1.2rem; color: #243aa8; }
.tv-cta { display: inline-block; margin-top: 0.5rem; font-weight: 650; color: #243aa8; }
.tv-hero { background: linear-gradient(120deg, #243aa8, #4c6ef5); color: #fff; border-radius: 16px;
  padding: 1.3rem 1.5rem; margin-bottom: 0.8rem; }
.tv-hero h1 { margin: 0 0 0.3rem 0; font-size: 1.8rem; color: #fff; }
.tv-hero p { margin: 0.2rem 0; color: #edf2ff; }
.tv-root .tv-hero a, .tv-root .tv-hero a:visited { color: #fff; text-decoration: underline; }
/* « La règle en une minute »: one phone screen under the banner, each line a link to its
   clause; it prints whole on one page */
.tv-minute { border-left: 5px solid #f59f00; background: #fffbf0; }
.tv-minute .tv-muted { margin: 0 0 0.3rem 0; }
.tv-minute-theme { margin: 0.3rem 0 0 0; }
.tv-minute-label { font-weight: 650; font-size: 0.8rem; text-transform: uppercase;
  letter-spacing: 0.04em; color: #8a5a00; }
.tv-minute ul { margin: 0.1rem 0 0 0; padding-left: 1.1rem; }
.tv-minute li { margin: 0.05rem 0; }
.tv-root a.tv-minute-line, .tv-root a.tv-minute-line:visited { color: #1d2433;
  text-decoration: underline; text-decoration-color: #f5c46b; text-underline-offset: 2px; }
.tv-root a.tv-minute-line:hover, .tv-root a.tv-minute-line:focus { color: #243aa8;
  text-decoration-color: #243aa8; }
@media print {
  .tv-minute { break-inside: avoid; page-break-inside: avoid; box-shadow: none; }
  .tv-root a.tv-minute-line { text-decoration: none; }
}
.widget-button.tv-cardbtn, .jupyter-button.tv-cardbtn { width: 3.2rem; height: 4.4rem;
  font-size: 1.3rem; font-weight: 700; border-radius: 9px; border: 2px solid #1c7ed6;
  background: #eef6ff; color: #0b4f8a; }
.jupyter-button.tv-cardbtn.tv-played { border-style: dashed; border-color: #adb5bd;
  background: #f1f3f5; color: #868e96; text-decoration: line-through; }
.jupyter-button.tv-cardbtn:hover { background: #d0ebff; }
.jupyter-button.tv-choice { min-width: 7rem; }
/* a text button is as wide as its label (ipywidgets' fixed width cuts « Question suivante »
   in JupyterLab); card buttons keep their card size */
.jupyter-widgets.jupyter-button:not(.tv-cardbtn) { width: auto; max-width: 100%; }
.jupyter-button.tv-right { background: #d3f9d8; border-color: #2f9e44; }
.jupyter-button.tv-wrong { background: #ffe3e3; border-color: #e03131; }
/* « Une question ? »: the box, its status line and its results */
.tv-question-box { margin: 0.3rem 0 0.6rem; }
.tv-question-box .widget-text { flex-wrap: wrap; row-gap: 0.2rem; max-width: calc(100% - 4px);
  box-sizing: border-box; }
.tv-question-box .widget-text > label { font-weight: 650; }
.tv-question-box .widget-text > input { min-width: 12rem; font-size: 1rem; }
.tv-root .tv-question-results { list-style: none; margin: 0.2rem 0 0; padding: 0; }
.tv-question-result { border: 1px solid #d0d7e2; border-radius: 10px; padding: 0.5rem 0.75rem;
  margin: 0 0 0.45rem; background: #fff; }
.tv-root .tv-question-result p { margin: 0.15rem 0; }
.tv-question-title strong { color: #1d2433; }
.tv-question-reading .tv-tag { margin-right: 0.3rem; }
.tv-root .tv-question-answer { font-size: 0.95rem; color: #1d2433; }
.tv-root .tv-question-reading { font-size: 0.85rem; color: #495057; }
.tv-root .tv-question-links a { font-weight: 600; color: #243aa8; }
.tv-root mark { background: #fff3bf; color: inherit; padding: 0 0.05em; border-radius: 2px; }
.tv-question-status p { margin: 0.2rem 0; color: #495057; font-size: 0.9rem; }
[id^="regle-"], [id^="exemple-"] { scroll-margin-top: 0.8rem; }
[id^="regle-"]:focus, [id^="exemple-"]:focus { outline: 3px solid #1c4f8a; outline-offset: 2px; }
@media (max-width: 640px) {
  .tv-root .tv-stack, .tv-root .tv-stack tbody, .tv-root .tv-stack tr,
  .tv-root .tv-stack td { display: block; width: auto; }
  .tv-root .tv-stack thead { display: none; }
  .tv-root .tv-stack tr { border: 1px solid #dee2e6; border-radius: 8px; margin: 0 0 0.4rem; }
  .tv-root .tv-stack td { border: none; padding: 0.15rem 0.5rem; }
  .tv-root .tv-stack td:first-child { font-weight: 600; }
  .tv-root .tv-hint-scroll .tv-stack td + td { white-space: normal; }
  .tv-root .tv-stack td[data-label]::before { content: attr(data-label) "\\202F: ";
    color: #5b6478; }
  .tv-card { width: 3.3rem; height: 4.6rem; }
  .tv-card .tv-value { font-size: 1.3rem; }
  .tv-hero h1 { font-size: 1.4rem; }
  .tv-panel { padding: 0.7rem 0.75rem; }
  /* a list's name above it, the list as wide as the screen: side by side, a long choice
     (« 1 : Camille a joué « Piocher 2 cartes » », a rule's reading) showed its first words only */
  .jupyter-widgets.widget-dropdown { flex-wrap: wrap; height: auto; row-gap: 0.15rem; }
  .jupyter-widgets.widget-dropdown > .widget-label { width: 100% !important;
    max-width: 100%; text-align: left; }
  .jupyter-widgets.widget-dropdown > select { flex: 1 1 100%; margin-left: 0;
    min-height: 2.2rem; }
}
"""


class StyleSheet:
    """A page's style sheet shown as an HTML output, not as a widget: Voilà and JupyterLab draw
    it with the first cell's output, so the page's text is styled from its first paint (a
    hidden widget waited for the kernel's widget models: the page showed its clauses unstyled
    until then). An output made by running the cell is trusted, so JupyterLab keeps it."""

    def __init__(self, css: str) -> None:
        self.css = css

    def __repr__(self) -> str:
        return ""  # nothing to read in a console or a text-only output

    def _repr_html_(self) -> str:
        return f"<style>{self.css}</style>"


def stylesheet(page_css: str = "") -> StyleSheet:
    """The tutor's shared style sheet, then ``page_css`` (a page's own rules)."""
    return StyleSheet(CSS + page_css)


def point_card(value: int, *, small: bool = False, extra: str = "") -> str:
    """A Suricate (▲, positive) or Vautour (▼, negative) point card."""
    kind, shape, cls = ("Suricate", "▲", "tv-suricate") if value > 0 else ("Vautour", "▼",
                                                                            "tv-vautour")
    size = " tv-small" if small else ""
    label = f"Carte {kind} {signed(value)}"
    return (f'<div class="tv-card {cls}{size} {extra}" role="img" aria-label="{esc(label)}">'
            f'<span class="tv-kind">{kind}</span><span class="tv-value">{signed(value)}'
            f'</span><span class="tv-kind">{shape}</span></div>')


def hand_card(value: int, *, small: bool = False, extra: str = "", note: str = "") -> str:
    """A playing card from a player's series (1 to 15)."""
    size = " tv-small" if small else ""
    caption = f'<span class="tv-kind">{esc(note)}</span>' if note else '<span class="tv-kind">'\
        '</span>'
    return (f'<div class="tv-card tv-hand{size} {extra}" role="img" '
            f'aria-label="Carte de jeu {value}{(" : " + note) if note else ""}">'
            f'<span class="tv-kind">série</span><span class="tv-value">{value}</span>'
            f"{caption}</div>")


def back_card(*, small: bool = True, label: str = "face cachée") -> str:
    size = " tv-small" if small else ""
    return (f'<div class="tv-card tv-back{size}" role="img" aria-label="{esc(label)}">'
            f'<span class="tv-kind">{esc(label)}</span><span class="tv-value">?</span>'
            '<span class="tv-kind"></span></div>')


def empty_card(label: str, *, small: bool = True) -> str:
    size = " tv-small" if small else ""
    return (f'<div class="tv-card tv-empty{size}" role="img" aria-label="{esc(label)}">'
            f'<span class="tv-kind"></span><span class="tv-empty-label">{esc(label)}</span>'
            '<span class="tv-kind"></span></div>')


def pile_row(pile: Sequence[int], *, small: bool = False) -> str:
    if not pile:
        return f'<div class="tv-row">{empty_card("aucune carte", small=small)}</div>'
    cards = "".join(point_card(c, small=small) for c in pile)
    return f'<div class="tv-row">{cards}</div>'


def seat(name: str, card_html: str, caption: str = "") -> str:
    cap = f'<span class="tv-muted">{esc(caption)}</span>' if caption else ""
    return (f'<div class="tv-seat"><span class="tv-seat-name">{esc(name)}</span>{card_html}'
            f"{cap}</div>")


def anchor(clause_id: str) -> str:
    """The HTML id of a clause's panel, so that a reference can jump to it."""
    return "regle-" + re.sub(r"[^a-z0-9-]", "-", clause_id.lower())


def example_anchor(example_id: str) -> str:
    """The HTML id of a worked example on its game's page (« Voir l’exemple pas à pas »)."""
    return "exemple-" + re.sub(r"[^a-z0-9-]", "-", example_id.lower())


def clause_panel(clause: rules.Clause, *, current: bool = False, show_text: bool = True,
                 anchored: bool = True) -> str:
    """A rule clause: its title, id and French text (unless ``current``, a copy highlighted
    beside a step, or not ``anchored``, a second copy elsewhere on the page, its panel is the
    target of ``#`` + :func:`anchor` links: an HTML id appears once on a page)."""
    classes = "tv-panel tv-clause" + (" tv-commentary" if clause.commentary else "")
    if current:
        classes += " tv-current"
    badge = ' <span class="tv-tag">commentaire</span>' if clause.commentary else ""
    body = rules.to_html(fr(clause.text)) if show_text else ""
    target = "" if current or not anchored else f' id="{anchor(clause.id)}"'
    return (f'<div class="{classes}"{target}><div class="tv-title">'
            f'{esc(clause.title)}{badge} '
            f'<span class="tv-clause-id">{esc(clause.id)}</span></div>{body}</div>')


def message_panel(kind: str, title: str, text: str = "") -> str:
    """A coloured panel (``error``, ``success``, ``info``) with a title and optional text."""
    body = f"<div>{esc(text)}</div>" if text else ""
    return (f'<div class="tv-panel tv-{kind}" role="{"alert" if kind == "error" else "status"}">'
            f'<div class="tv-title">{esc(title)}</div>{body}</div>')


def table(headers: Sequence[str], rows: Iterable[Sequence[str]], *, stack: bool = False,
          row_classes: Sequence[str] = ()) -> str:
    """A table; cells are already-escaped HTML, ``row_classes`` one CSS class per row. With
    ``stack``, a wide table turns into stacked rows on a phone, each cell then saying its
    column's name (the first cell heads its row). Every column has a name: a screen reader
    reads it with each cell."""
    if not all(h.strip() for h in headers):
        raise ValueError(f"a table's column without a name: {list(headers)}")
    head = "".join(f"<th>{esc(h)}</th>" for h in headers)
    labels = [f' data-label="{esc(h)}"' if stack and k else "" for k, h in enumerate(headers)]
    classes = [*row_classes, *[""] * len(headers)]
    body = "".join(
        (f'<tr class="{classes[i]}">' if i < len(row_classes) and classes[i] else "<tr>")
        + "".join(f"<td{label}>{c}</td>" for label, c in zip(labels, r)) + "</tr>"
        for i, r in enumerate(rows))
    cls = "tv-table tv-stack" if stack else "tv-table"
    return f'<table class="{cls}"><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>'


class Step(NamedTuple):
    """One explained step: the French sentence and the clause that caused it."""

    text: str
    clause: rules.Clause


class Transcript:
    """A worked example told step by step, each step citing its clause.

    Displays as styled HTML in a page and as plain text elsewhere; both are deterministic, so
    notebooks can store them and nbval can check them.
    """

    def __init__(self, title: str, steps: Sequence[Step], verdict: str = "",
                 ok: bool = True) -> None:
        self.title = title
        self.steps = tuple(steps)
        self.verdict = verdict
        self.ok = ok

    def __repr__(self) -> str:
        lines = [self.title]
        for k, step in enumerate(self.steps, 1):
            lines.append(f"{k}. {step.text} [{step.clause.id}]")
        if self.verdict:
            lines.append(self.verdict)
        return "\n".join(lines)

    def _repr_html_(self) -> str:
        items = "".join(
            f'<li>{esc(s.text)}<br><span class="tv-step-clause">{esc(s.clause.title)} '
            f'<span class="tv-clause-id">{esc(s.clause.id)}</span></span></li>'
            for s in self.steps
        )
        # the verdict is for nbval and the maintainers (text repr); a learner sees it only when
        # the engine disagrees with the rule file, which the tests never let happen
        verdict = (f'<div class="tv-tag tv-no">{esc(self.verdict)}</div>'
                   if self.verdict and not self.ok else "")
        return typography_html(
            f'<div class="tv-root"><div class="tv-panel">'
            f'<div class="tv-title">{esc(self.title)}</div><ol class="tv-steps">{items}</ol>'
            f"{verdict}</div></div>")


def steps_from(events: Iterable[Event], describe: object, book: rules.RuleBook) -> list[Step]:
    """Turn events into explained steps (``describe`` is the game's event describer)."""
    assert callable(describe)
    return [Step(str(describe(e)), book.clause(e.clause)) for e in events]


class Html:
    """Static HTML displayed as is (the page's style sheet comes from :func:`tutor.ui.style`);
    its text repr is used by nbval and plain consoles."""

    def __init__(self, body: str, text: str = "") -> None:
        self.body = body
        self.text = text

    def __repr__(self) -> str:
        return self.text or re.sub(r"<[^>]+>", "", self.body)[:200]

    def _repr_html_(self) -> str:
        return typography_html(f'<div class="tv-root">{self.body}</div>')

"""« La règle en une minute »: the panel at the top of each game page, one phone screen to read
aloud before a first game, each line a link to the clause it sums up (the summary itself is
data, the last part of ``rules/<game>.fr.md``, read by :mod:`tutor.minute`).

The panel is a widget, not an output: Voilà's output renderer opens every link of an output in a
new tab (``target="_blank"``), while a widget's links to ``#regle-…`` scroll to the clause."""

from __future__ import annotations

import ipywidgets as w

from tutor import fr, rules
from tutor.minute import TITLE, Minute
from tutor.ui import html as h
from tutor.ui.widgets import html

INTRO = "À lire à voix haute avant une première partie ; chaque ligne mène à son article."


def panel(summary: Minute, book: rules.RuleBook) -> w.HTML:
    """The summary as a panel: its themes in order, each line a link to its clause's panel on
    the page (its title in the link's tooltip)."""
    blocks = []
    for theme, lines in summary.by_theme():
        items = "".join(
            f'<li><a class="tv-minute-line" href="#{h.anchor(x.clause)}" '
            f'title="Article {h.esc(fr.quote(book.clause(x.clause).title))}">'
            f"{h.esc(x.text)}</a></li>"
            for x in lines)
        blocks.append(f'<div class="tv-minute-theme"><div class="tv-minute-label">'
                      f"{h.esc(theme)}</div><ul>{items}</ul></div>")
    return html(f'<section class="tv-panel tv-minute" aria-label="{h.esc(TITLE)}">'
                f'<div class="tv-title">{h.esc(TITLE)}</div>'
                f'<p class="tv-muted">{h.esc(INTRO)}</p>{"".join(blocks)}</section>')


"""« La règle en une minute »: the panel at the top of each game page, one phone screen to read
aloud before a first game, each line a link to the clause it sums up (the summary itself is
data, ``rules/<game>.minute.md``, read by :mod:`tutor.minute`)."""

from __future__ import annotations

from tutor import fr, rules
from tutor.minute import TITLE, Minute
from tutor.ui import html as h

INTRO = "À lire à voix haute avant une première partie ; chaque ligne mène à son article."


def panel(summary: Minute, book: rules.RuleBook) -> h.Html:
    """The summary as a panel: its themes in order, each line a link to its clause's panel on
    the page (its title in the link's tooltip); the text repr gives every line and its clause."""
    blocks, text = [], [TITLE, INTRO]
    for theme, lines in summary.by_theme():
        items = "".join(
            f'<li><a class="tv-minute-line" href="#{h.anchor(x.clause)}" '
            f'title="Article {h.esc(fr.quote(book.clause(x.clause).title))}">'
            f"{h.esc(x.text)}</a></li>"
            for x in lines)
        blocks.append(f'<div class="tv-minute-theme"><div class="tv-minute-label">'
                      f"{h.esc(theme)}</div><ul>{items}</ul></div>")
        text.append(theme)
        text.extend(f"- {fr.typography(x.text)} [{x.clause}]" for x in lines)
    body = (f'<section class="tv-panel tv-minute" aria-label="{h.esc(TITLE)}">'
            f'<div class="tv-title">{h.esc(TITLE)}</div>'
            f'<p class="tv-muted">{h.esc(INTRO)}</p>{"".join(blocks)}</section>')
    return h.Html(body, "\n".join(text))

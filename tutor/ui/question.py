"""« Une question sur la règle ? »: the search box of every page (``tutor.search`` behind it).

Results appear as the learner types (``continuous_update``), as an ordered list: the clause's
title, the sentence that answers (the rule's own sentence that says most of the question, with
the matching words marked), then as second lines the readings that matched (« Ce que la règle ne
dit pas », with the answer retained), the game, « Voir dans la page » (the clause's anchor on its
game's page, another game's page when the answer is there), « Voir l’exemple pas à pas » when a
worked example illustrates the clause (the example's anchor) and « Essayer sur la table » when a
scenario example shows it (the sandbox opened on that position by the page's own
``?scenario=`` link). A line above the list, a live region (the page's script gives every
``tv-live`` widget ``role="status"``), says how many results there are, so that a screen reader
announces it without reading the whole list."""

from __future__ import annotations

import html as _html
from functools import cache

import ipywidgets as w

from tutor import fr, rules, search
from tutor.engine import scenario as sc
from tutor.games import GAMES
from tutor.ui import html as h
from tutor.ui import widgets as tw
from tutor.ui.bridge import SCENARIO_ANCHOR, SCENARIO_PARAMETER

LABEL = fr.typography("Une question sur la règle ?")
KINDS = {"article": "article", "lecture": "article", "exemple": "exemple"}
#: the longest text shown under a result's title, in characters (the rest ends in « … »)
SHOWN = 400
#: the longest question the box takes, in characters (a question is a few words; the search's
#: cost grows with its length)
MAX_QUESTION = 200


def _address(game: str, anchor: str, page_game: str | None) -> str:
    """``#anchor`` on the page of ``game``: here, or on that game's page."""
    return "#" + anchor if game == page_game else GAMES[game].notebook + "#" + anchor


def link(result: search.Result, page_game: str | None) -> str:
    """The address of the result's clause: an anchor here, or on its game's page."""
    return _address(result.doc.game, h.anchor(result.doc.clause), page_game)


def example_link(result: search.Result, page_game: str | None) -> str | None:
    """The address of the worked example illustrating the result's clause, if there is one."""
    ex = result.doc.example
    return None if ex is None else _address(result.doc.game, h.example_anchor(ex), page_game)


@cache
def table_link(game: str, clause: str) -> str | None:
    """The sandbox of ``game``'s page opened on the position of a scenario example that shows
    ``clause`` (written beside it, or naming it among its ``articles``): the page's own
    ``?scenario=`` short link, to the sandbox's anchor. None when no scenario shows it."""
    for ex in rules.load(game).examples.values():
        cited = ex.data.get("articles", [])
        if ex.data.get("type") != "scenario" or clause not in (ex.clause, *cited):
            continue
        engine = GAMES[game].engine()
        built = sc.build(engine, sc.read(engine, ex.data, game, extra=sc.EXAMPLE_KEYS))
        code = sc.encode_link(engine, game, built.start, [a for a, _, _ in built.steps],
                              source=ex.data)
        return f"{GAMES[game].notebook}?{SCENARIO_PARAMETER}={code}#{SCENARIO_ANCHOR}"
    return None


def _shown(text: str, marked: str, keys: set[str]) -> str:
    """A text of a result with the matching words marked, cut at :data:`SHOWN` characters."""
    if len(text) <= SHOWN:
        return marked
    return search.highlight(text[:SHOWN].rsplit(" ", 1)[0] + "…", keys)


def _reading(doc: search.Doc, text: str) -> str:
    """A reading retained (« Ce que la règle ne dit pas »), tagged with its kind."""
    return (f'<p class="tv-question-reading"><span class="tv-tag">Ce que la règle ne dit pas · '
            f"{_html.escape(doc.label)}</span> {text}</p>")


def _item(r: search.Result, keys: set[str], page_game: str | None) -> str:
    d = r.doc
    body = f'<p class="tv-question-answer">{_shown(r.answer, r.answer_html, keys)}</p>'
    body += "".join(_reading(a, _shown(a.display, marked, keys)) for a, marked in r.notes)
    links = [f'<a href="{_html.escape(link(r, page_game))}" target="_top">Voir dans la page</a>']
    example = example_link(r, page_game)
    if example:
        links.append(f'<a href="{_html.escape(example)}" target="_top">'
                     "Voir l’exemple pas à pas</a>")
    table = table_link(d.game, d.clause)
    if table:
        links.append(f'<a class="tv-question-try" href="{_html.escape(table)}" target="_top">'
                     "Essayer sur la table</a>")
    kind = "variante" if d.variant and d.section != "exemple" else KINDS[d.section]
    return (f'<li class="tv-question-result" data-clause="{_html.escape(d.clause)}">'
            f'<p class="tv-question-title"><strong>{r.title_html}</strong> '
            f'<span class="tv-muted">{_html.escape(d.game_title)} · {kind}</span></p>'
            f'{body}<p class="tv-question-links">{" · ".join(links)}</p></li>')


def search_results(query: str, page_game: str | None,
                   limit: int = 6) -> tuple[str, str]:
    """What the box shows for ``query``: the status line (how many results) and the list (an
    empty query shows nothing)."""
    if not query.strip():
        return "", ""
    found = search.index().search(query, limit=limit, game=page_game)
    if not found:
        return ("Aucun article ne répond à ces mots : essayez d’autres mots.", "")
    status = fr.count(len(found), "résultat") + (
        " ; le premier : " + found[0].doc.title + f" ({found[0].doc.game_title})")
    keys = {k for k, _ in search.index().expand_query(query)}
    items = "".join(_item(r, keys, page_game) for r in found)
    return status, f'<ol class="tv-question-results">{items}</ol>'


def question_box(page_game: str | None = None) -> w.VBox:
    """The labelled text box, its live status line and its results, for the page of
    ``page_game`` (None: the Accueil)."""
    box = tw.capped(w.Text(placeholder=fr.typography("ex. : qui distribue à la manche "
                                                     "suivante ?"),
                           description=LABEL, continuous_update=True,
                           style={"description_width": "initial"},
                           layout=w.Layout(width="100%")), MAX_QUESTION)
    box.add_class("tv-question")
    status = tw.html()
    status.add_class("tv-live")
    status.add_class("tv-question-status")
    out = tw.html()
    out.add_class("tv-question-out")

    def update(change: dict[str, object]) -> None:
        said, items = search_results(str(box.value)[:MAX_QUESTION], page_game)
        tw.set_html(status, f"<p>{_html.escape(said)}</p>" if said else "")
        tw.set_html(out, items)

    box.observe(update, names="value")
    panel = w.VBox([box, status, out], layout=w.Layout(width="100%"))
    panel.add_class("tv-question-box")
    return panel

"""« Une question sur la règle ? »: the search box of every page (``tutor.search`` behind it).

Results appear as the learner types (``continuous_update``), as an ordered list of links: the
clause's title and its text (or the reading retained) with the matching words marked, the game,
and « Voir dans la page », the clause's anchor on its game's page (another game's page when the
answer is there)."""

from __future__ import annotations

import html as _html

import ipywidgets as w

from tutor import fr, search
from tutor.games import GAMES
from tutor.ui import html as h
from tutor.ui import widgets as tw

LABEL = fr.typography("Une question sur la règle ?")
KINDS = {"article": "Article", "lecture": "Ce que la règle ne dit pas", "exemple": "Exemple"}


def link(result: search.Result, page_game: str | None) -> str:
    """The address of the result's clause: an anchor here, or on its game's page."""
    anchor = "#" + h.anchor(result.doc.clause)
    if result.doc.game == page_game:
        return anchor
    return GAMES[result.doc.game].notebook + anchor


def results_html(query: str, page_game: str | None, limit: int = 6) -> str:
    """The results of ``query`` as an HTML list (an empty query shows nothing)."""
    if not query.strip():
        return ""
    found = search.index().search(query, limit=limit, game=page_game)
    if not found:
        none = fr.typography("Aucun article ne répond à ces mots : essayez d’autres mots.")
        return f'<p class="tv-question-none" role="status">{none}</p>'
    items = []
    for r in found:
        text = r.text_html if len(r.doc.text) <= 400 else search.highlight(
            r.doc.text[:400].rsplit(" ", 1)[0] + "…", set(search.tokens(query)))
        items.append(
            f'<li class="tv-question-result"><p><strong>{r.title_html}</strong> '
            f"<span>({_html.escape(r.doc.game_title)}, {KINDS[r.doc.section].lower()})</span></p>"
            f"<p>{text}</p>"
            f'<p><a href="{_html.escape(link(r, page_game))}" target="_top">'
            "Voir dans la page</a></p></li>")
    return (f'<p role="status">{fr.count(len(found), "résultat")}</p>'
            f'<ol class="tv-question-results">{"".join(items)}</ol>')


def question_box(page_game: str | None = None) -> w.VBox:
    """The labelled text box and its live results, for the page of ``page_game`` (None: the
    Accueil)."""
    box = w.Text(placeholder=fr.typography("ex. : qui distribue à la manche suivante ?"),
                 description=LABEL, continuous_update=True,
                 style={"description_width": "initial"}, layout=w.Layout(width="100%"))
    box.add_class("tv-question")
    out = tw.html()

    def update(change: dict[str, object]) -> None:
        tw.set_html(out, results_html(str(change["new"]), page_game))

    box.observe(update, names="value")
    return w.VBox([box, out], layout=w.Layout(width="100%"))

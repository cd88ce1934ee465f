"""The Accueil page: what the tutor is, how to use it, one card per registered game."""

from __future__ import annotations

from importlib import metadata
from urllib.parse import quote

import ipywidgets as w

from tutor.games import GAMES
from tutor.ui import html as h
from tutor.ui.widgets import html

BINDER = "https://mybinder.org/v2/gh/{repo}/HEAD?urlpath={path}"


def repository() -> str:
    """The project's public address, from ``[project.urls]`` of ``pyproject.toml``."""
    for entry in metadata.metadata("tutor").get_all("Project-URL") or []:
        label, _, url = entry.partition(",")
        if label.strip().lower() == "repository":
            return str(url).strip()
    raise LookupError("pyproject.toml must give [project.urls] Repository")


def binder_links() -> dict[str, str]:
    """Binder launch links: the Voilà app (Accueil) and JupyterLab."""
    repo = repository().removeprefix("https://github.com/").rstrip("/")
    return {
        "voila": BINDER.format(repo=repo, path=quote("voila/render/notebooks/index.ipynb",
                                                     safe="")),
        "lab": BINDER.format(repo=repo, path=quote("lab/tree/notebooks/index.ipynb", safe="")),
    }


def hero() -> h.Html:
    body = (
        '<div class="tv-hero"><h1>Tuteur de règles de jeux de cartes</h1>'
        "<p>Lisez chaque règle en français, essayez-la aussitôt sur la table, voyez le moteur "
        "l’appliquer pas à pas, puis jouez contre l’ordinateur.</p></div>"
    )
    return h.Html(body, "Tuteur de règles de jeux de cartes")


def game_cards() -> w.HTML:
    """One card per game of the registry, linking to its page. Relative links work both in
    standalone Voilà and under JupyterLab or Binder; they live in a widget because Voilà's
    output renderer swallows clicks on links to notebooks."""
    cards = []
    for info in (i for i in GAMES.values() if i.listed):
        low, high = info.players
        cards.append(
            f'<a class="tv-game-card" href="{h.esc(info.notebook)}" data-game="{h.esc(info.id)}">'
            f"<h2>{h.esc(info.title)}</h2>"
            f'<div class="tv-muted">{h.esc(info.author)} — le tuteur accepte de {low} à '
            f"{high} joueurs</div>"
            f"<p>{h.esc(info.summary)}</p><span class=\"tv-cta\">Ouvrir le tuteur →</span></a>"
        )
    return html(f'<div class="tv-game-cards">{"".join(cards)}</div>')


def how_to() -> w.HTML:
    links = binder_links()
    body = (
        '<div class="tv-panel"><div class="tv-title">Comment s’en servir</div><ul>'
        "<li>Chaque page suit la règle dans l’ordre : un article, puis un essai sur la table.</li>"
        "<li>Les exemples se déroulent étape par étape ; chaque étape cite l’article qui "
        "la justifie.</li>"
        "<li>Le bac à sable et la partie contre l’ordinateur permettent de tout essayer ; "
        "un coup interdit est refusé avec la règle enfreinte.</li>"
        "<li>Les exercices se corrigent immédiatement, avec l’explication.</li></ul>"
        f'<p class="tv-muted">En ligne, sans rien installer : <a href="{h.esc(links["voila"])}" '
        f'target="_blank" rel="noopener">l’application sur Binder</a> ou '
        f'<a href="{h.esc(links["lab"])}" target="_blank" rel="noopener">les carnets dans '
        "JupyterLab</a>.</p></div>"
    )
    return html(body)

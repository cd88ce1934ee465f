"""Sections built when the learner reaches them.

A game page holds some thirty worked examples, explorers, a sandbox, a game against the computer,
exercises and a map of progress: built at page start they were more than two hundred widget views
for a page to fetch and draw before it could say it was ready. A :class:`Later` section is no
widget at all until it is needed: its cell shows plain HTML (its prose or a light placeholder, and
for a worked example its steps as text, what nbval compares and what prints), and its widgets are
built when the learner scrolls to it or opens it. The page's invisible browser link
(:class:`tutor.ui.bridge.BrowserLink`) watches the placeholders in the browser and asks the kernel
for a section when it comes near the screen (or when the learner clicks its button); the kernel
builds it and the link draws its widget in the placeholder's place.

On a phone, worked examples and explorers are folded under their clause (``fold``): their title
shows, the rest opens on demand, so that consecutive clauses stay close.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import Any

import ipywidgets as w

from tutor import fr
from tutor.ui import html as h
from tutor.ui.bridge import BrowserLink

#: what the kernel builds for a section (any widget)
Build = Callable[[], w.Widget]


def _key(name: str) -> str:
    """A section key safe in an HTML attribute and a CSS selector."""
    return re.sub(r"[^A-Za-z0-9_-]+", "-", name).strip("-") or "section"


class Later:
    """A section of a page whose widget ``build()`` makes is built when the learner reaches it.

    ``body`` is the HTML shown until then (it stays in the page if the widget is built
    elsewhere than in it: ``replace=False`` keeps it above the widget), ``text`` its plain text
    (what nbval compares and a console prints). ``fold`` gives the title under which a phone shows
    the section folded. ``button`` adds a button that builds the section (a worked example's
    « Pas à pas sur la table »): such a section is built only on that click, never by scrolling.
    ``anchors`` are the ids inside the built widget that an address may point to (the page builds
    the section to go there). ``skip``: the label of a link at the top of the page that goes
    straight to the section's first control, building it if need be (« Aller à la partie »:
    tutor/voila/templates/tutor/access.html); those links go by ``skip_rank``, then in the
    page's order. ``printed``: HTML printed in the section's place (its widgets are not),
    kept once it is built."""

    def __init__(self, link: BrowserLink, name: str, build: Build, body: str = "",
                 text: str = "", fold: str = "", button: str = "",
                 anchors: Sequence[str] = (), css_class: str = "", skip: str = "",
                 skip_rank: int = 0, printed: str = "") -> None:
        self.link, self._build = link, build
        self.printed = printed
        self.skip, self.skip_rank = fr.typography(skip), skip_rank
        self.key = link.section_key(_key(name))
        self.body, self.text, self.fold, self.button = body, text, fold, button
        self.anchors, self.css_class = tuple(anchors), css_class
        self.widget: w.Widget | None = None
        #: called with the widget once it is built
        self.on_build: list[Callable[[w.Widget], None]] = []
        link.register(self.key, self)

    @property
    def built(self) -> bool:
        return self.widget is not None

    def build(self) -> w.Widget:
        """The section's widget, built once; the browser then draws it in its placeholder."""
        if self.widget is None:
            self.widget = self._build()
            self.link.draw(self.key, self.widget)
            for hook in self.on_build:
                hook(self.widget)
        return self.widget

    def _repr_html_(self) -> str:
        button = (f'<button type="button" class="jupyter-button widget-button tv-open-example" '
                  f'data-tutor-open="{h.esc(self.key)}">'
                  f'<i class="fa fa-play" aria-hidden="true"></i> {h.esc(self.button)}</button>'
                  if self.button else "")
        placeholder = f'<div class="tv-later-body">{self.body}{button}</div>'
        if self.fold:
            placeholder = (f'<details class="tv-fold" open><summary>{h.esc(self.fold)}</summary>'
                           f"{placeholder}</details>")
        anchors = (f' data-tutor-holds="{h.esc(" ".join(self.anchors))}"'
                   if self.anchors else "")
        skip = (f' data-tutor-skip="{h.esc(self.skip)}" data-tutor-skip-rank="{self.skip_rank}"'
                if self.skip else "")
        mode = "click" if self.button else "reach"
        classes = " ".join(c for c in ("tv-later", self.css_class) if c)
        return fr.typography_html(
            f'<div class="{classes}" data-tutor-later="{h.esc(self.key)}" '
            f'data-tutor-build="{mode}"{anchors}{skip}>{self.printed}{placeholder}</div>')

    def _repr_mimebundle_(self, **kwargs: Any) -> dict[str, str]:
        return {"text/html": self._repr_html_(), "text/plain": self.text or self.fold
                or fr.typography("Section construite à l’arrivée du lecteur.")}

    def __repr__(self) -> str:
        return self._repr_mimebundle_()["text/plain"]


#: what a section built on arrival prints instead of its widgets (none on paper)
PRINTED = "Cette partie de la page est interactive : elle se joue sur la page en ligne."


def reached(link: BrowserLink, name: str, build: Build, title: str = "", *,
            fold: bool = False, anchors: Sequence[str] = (), skip: str = "",
            skip_rank: int = 0) -> Later:
    """A section built when the learner scrolls to it; until then its placeholder names it
    (``title``). ``fold``: folded under its title on a phone; ``skip``: the label of the link
    at the top of the page that goes to it (see :class:`Later`)."""
    title = fr.typography(title or "Cette partie de la page")
    waiting = fr.typography(f"{title} : chargement…")
    body = f'<p class="tv-muted tv-later-wait">{h.esc(waiting)}</p>'
    printed = f'<p class="tv-print-only">{h.esc(fr.typography(PRINTED))}</p>'
    return Later(link, name, build, body=body, text=title, fold=title if fold else "",
                 anchors=anchors, skip=skip, skip_rank=skip_rank, printed=printed)

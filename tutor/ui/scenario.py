"""The « Scénario » panel of a sandbox: the current position as an exact scenario text
(:mod:`tutor.engine.scenario`), « Charger » to set the sandbox up from a text, « Lien à partager »
for a link that opens the page on that position, and the page's ``?scenario=`` read on arrival.

Everything a visitor sends (the pasted text, the link's query) is bounded, parsed as TOML and
validated by the engine; a refusal is shown in French in the sandbox's error area and changes
nothing.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from itertools import pairwise
from typing import TYPE_CHECKING, Any
from urllib.parse import quote

import ipywidgets as w

from tutor import fr
from tutor.engine import Event, IllegalAction
from tutor.engine import scenario as sc
from tutor.ui import html as h
from tutor.ui.bridge import MAX_TEXT as MAX_QUERY
from tutor.ui.bridge import query_value
from tutor.ui.htmlwidget import Html
from tutor.ui.widgets import Refusal, set_html

if TYPE_CHECKING:
    from tutor.ui.page import GamePage
    from tutor.ui.table import Sandbox

PARAMETER = "scenario"
#: the scenario panel's anchor: the notice at the top of the page links to it
ANCHOR = "tutor-scenario"
INTRO = ("Le texte ci-dessous décrit exactement la position de la table : les joueurs, la "
         "règle, ce que le hasard a décidé (l’ordre des cartes, les mains) et les coups déjà "
         "joués. Copiez-le pour la retrouver plus tard, modifiez-le ou collez-en un autre, puis "
         "« Charger ».")
_CSS = ("<style>.tv-scenario textarea { font-family: ui-monospace, SFMono-Regular, Menlo, "
        "Consolas, monospace; font-size: 0.85rem; }</style>")


class ScenarioPanel(w.VBox):  # type: ignore[misc]
    """A sandbox's scenario: its text (always the position shown), « Charger », « Lien à
    partager »; a page opened with ``?scenario=`` loads it."""

    def __init__(self, board: Sandbox) -> None:
        self.board = board
        page = board.surface.page
        self.game, self.notebook = page.info.id, page.info.notebook
        self.text = w.Textarea(layout=w.Layout(width="calc(100% - 8px)", height="11rem"))
        self.text.add_class("tv-scenario-text")
        self.load_button = w.Button(description="Charger", icon="upload",
                                    layout=w.Layout(width="auto"))
        self.load_button.add_class("tv-scenario-load")
        self.link_button = w.Button(description="Lien à partager", icon="link",
                                    layout=w.Layout(width="auto"))
        self.link_button.add_class("tv-scenario-share")
        self.link = Html()
        self.url = w.Text(layout=w.Layout(width="calc(100% - 8px)", display="none"))
        self.url.add_class("tv-scenario-url")
        self.status = Html()
        self.status.add_class("tv-scenario-status")
        head = Html(f'{_CSS}<div class="tv-root" id="{ANCHOR}">'
                    '<div class="tv-title">Scénario</div>'
                      f'<p class="tv-muted">{h.esc(fr.typography(INTRO))}</p></div>')
        buttons = w.HBox([self.load_button, self.link_button],
                         layout=w.Layout(flex_flow="row wrap"))
        super().__init__([head, self.status, self.text, buttons, self.link, self.url])
        self.add_class("tv-scenario")
        self._known: dict[tuple[int, int], tuple[Any, Any, Any]] = {}
        self._loaded: Any = None
        self._steps = 0  # the moves the last loaded scenario replayed
        guard = board.guard
        self.load_button.on_click(guard(lambda _: self.load(self.text.value)))
        self.link_button.on_click(guard(lambda _: self.share()))
        board.session.observe(lambda _: guard(self.refresh)(), names="version")
        page.browser.on_query(guard(self.from_query))
        self.refresh()

    # --- the position as text ---------------------------------------------------------------

    def _action(self, before: Any, after: Any) -> Any:
        key = (id(before), id(after))
        hit = self._known.get(key)
        if hit is not None and hit[0] is before and hit[1] is after:
            return hit[2]
        action = sc.actions_between(self.board.engine, before, after)
        if action is None:
            raise Refusal("Cette position ne s’écrit pas en scénario.")
        self._known[key] = (before, after, action)
        return action

    def current(self) -> str:
        """The scenario text of the position the sandbox shows (its step, not the last one)."""
        session = self.board.session
        states = session.states[: session.cursor + 1]
        actions = [self._action(a, b) for a, b in pairwise(states)]
        try:
            return sc.dump(self.board.engine, self.game, states[0], actions)
        except sc.ScenarioError as exc:
            raise Refusal(str(exc)) from None

    def refresh(self) -> None:
        """Show the text of the current position (after every move, undo, new game…)."""
        session = self.board.session
        if self._loaded is not None and session.states[0] is not self._loaded:
            self._loaded = None
            set_html(self.status, "")
        if len(self._known) > 4 * len(session.states) + 64:
            self._known.clear()
        set_html(self.link, "")
        self.url.layout.display = "none"
        self.text.value = self.current()

    # --- loading ----------------------------------------------------------------------------

    def load(self, text: object, source: str = "") -> None:
        """Set the sandbox up from a scenario text; a refusal changes nothing."""
        engine = self.board.engine
        try:
            built = sc.load(engine, text, self.game)
        except IllegalAction:
            raise
        except ValueError as exc:  # ScenarioError, and the engines' French ValueErrors
            raise Refusal(fr.message(str(exc))) from None
        session = self.board.session
        actions = [a for a, _, _ in built.steps]
        with session.hold_trait_notifications():
            session.restart(built.start, built.opening)
            for action in actions:
                session.act(action)
        for (before, after), action in zip(pairwise(session.states), actions, strict=False):
            self._known[(id(before), id(after))] = (before, after, action)
        self._sync_settings(built.start)
        self._loaded = session.states[0]
        self._steps = len(actions)
        said = "Scénario chargé depuis le lien." if source == "lien" else "Scénario chargé."
        steps = (fr.count(len(actions), "coup rejoué", "coups rejoués")
                 + " ; « Annuler » et le curseur « Étape » remontent jusqu’à la mise en place."
                 if actions else "Aucun coup joué : la partie commence.")
        set_html(self.status, h.message_panel("success", said, fr.typography(steps)))

    def _sync_settings(self, start: Any) -> None:
        """The sandbox's settings say what the scenario set up (player count, reading)."""
        board = self.board
        n = len(start.players)
        if n in board.count.options:
            board.count.value = n
        board.show_variant(start.variant)

    def from_query(self, query: str) -> None:
        """Load the scenario of the page's address (``?scenario=…``), if it has one."""
        text = query_value(query, PARAMETER)
        if text is None:
            return
        notice = self.board.surface.page.notice
        go = f'<a href="#{ANCHOR}">{h.esc(fr.typography("Aller au bac à sable"))}</a>'
        try:
            self.load(text, source="lien")
        except (Refusal, IllegalAction) as exc:
            title = fr.typography("Le scénario du lien n’a pas été chargé :")
            set_html(notice, _notice("error", title, str(exc), go))
            raise
        steps = (fr.count(self._steps, "coup rejoué", "coups rejoués") if self._steps
                 else "la partie commence")
        title = fr.typography(f"Scénario chargé depuis le lien : {steps}.")
        set_html(notice, _notice("success", title, "", go))

    # --- sharing ----------------------------------------------------------------------------

    def share(self) -> None:
        """Show the link that opens this page on the current position."""
        here = self.board.surface.page.browser.page
        if not here.startswith(("http://", "https://")) or any(c in here for c in "?#\"'<> "):
            here = self.notebook  # the link stays relative to the page
        url = f"{here}?{PARAMETER}={quote(self.current(), safe='')}"
        if len(url) > MAX_QUERY:
            raise Refusal("Cette position est trop longue pour un lien : copiez plutôt le texte "
                          "du scénario.")
        say = fr.typography("Ce lien ouvre cette page sur la même position : copiez-le et "
                            "partagez-le.")
        set_html(self.link, f'<p class="tv-muted">{h.esc(say)} <a href="{h.esc(url)}" '
                            'target="_blank" rel="noopener">Ouvrir le lien</a></p>')
        self.url.value = url
        self.url.layout.display = ""


def _notice(kind: str, title: str, text: str, link: str) -> str:
    """A message panel for the top of the page, with a link down to the sandbox."""
    panel = h.message_panel(kind, title, text)
    return panel[: -len("</div>")] + f"<p>{link}</p></div>"


def example_scene(page: GamePage, draw: Callable[[Any, Sequence[Event]], str],
                  data: Mapping[str, Any]) -> Callable[[Sequence[Event]], str]:
    """The table of a ``type = "scenario"`` worked example after the steps told so far
    (``page.shown`` filters them as the stepper does): never ahead of the step told."""
    engine = page.engine
    built = sc.build(engine, sc.read(engine, data, page.info.id, extra=sc.EXAMPLE_KEYS))
    told = len(page.shown(list(built.opening)))
    marks: list[tuple[int, Any, Sequence[Event]]] = [(0, built.start, ()),
                                                     (told, built.start, built.opening)]
    for _, state, events in built.steps:
        told += len(page.shown(list(events)))
        marks.append((told, state, events))

    def scene(events: Sequence[Event]) -> str:
        _, state, last = [m for m in marks if m[0] <= len(events)][-1]
        return draw(engine.view(state, None), last)
    return scene


def attach(board: Sandbox) -> ScenarioPanel:
    """Give ``board`` its « Scénario » panel, just above its journal."""
    panel = ScenarioPanel(board)
    board.children = (*board.children[:-1], panel, board.children[-1])
    return panel


__all__ = ["PARAMETER", "ScenarioPanel", "attach", "example_scene"]


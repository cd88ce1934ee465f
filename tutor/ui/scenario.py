"""The « Scénario » panel of a sandbox: the current position as an exact scenario text
(:mod:`tutor.engine.scenario`), « Charger » to set the sandbox up from a text, « Lien à partager »
for a link that opens the page on that position, and the page's ``?scenario=`` read on arrival.

Everything a visitor sends (the pasted text, the link's query) is bounded, parsed as TOML and
validated by the engine; a refusal is shown in French under the panel's buttons (a link's, in the
sandbox's error area and at the top of the page) and changes nothing.
"""

from __future__ import annotations

import html
import re
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, Protocol

import ipywidgets as w

from tutor import fr
from tutor.engine import Event, IllegalAction
from tutor.engine import scenario as sc
from tutor.ui import html as h
from tutor.ui.bridge import MAX_TEXT as MAX_QUERY
from tutor.ui.bridge import (
    POSITION_ANCHOR,
    SCENARIO_ANCHOR,
    SCENARIO_PARAMETER,
    CopyButton,
    query_value,
)
from tutor.ui.htmlwidget import Html
from tutor.ui.widgets import ErrorArea, Refusal, guarded, read_game_number, set_html

if TYPE_CHECKING:
    from tutor.ui.page import GamePage


class Board(Protocol):
    """What the « Scénario » panel reads of a sandbox (:class:`tutor.ui.table.Sandbox`, which
    builds the panel: named here so that this module needs nothing above it)."""

    engine: Any
    session: Any
    surface: Any
    guard: Any
    error: ErrorArea
    count: Any
    seed: Any
    me: str | None
    children: Any
    table: Any

    def show_variant(self, variant: Any) -> None: ...

PARAMETER = SCENARIO_PARAMETER
#: a short code in the address (a scenario text always holds « = », a code never does)
SHORT = re.compile(r"[A-Za-z0-9_-]+")
#: the scenario panel's anchor: the notice at the top of the page links to it
ANCHOR = SCENARIO_ANCHOR
INTRO = ("Le texte ci-dessous décrit exactement la position de la table : les joueurs, la "
         "règle, ce que le hasard a décidé (l’ordre des cartes, les mains) et les coups déjà "
         "joués. Copiez-le pour la retrouver plus tard, modifiez-le ou collez-en un autre, puis "
         "« Charger ».")
_CSS = ("<style>.tv-scenario textarea, .tv-scenario-format pre { font-family: ui-monospace, "
        "SFMono-Regular, Menlo, Consolas, monospace; font-size: 0.85rem; }"
        ".tv-scenario-format pre { white-space: pre-wrap; overflow-wrap: anywhere; "
        "background: #f8f9fa; padding: 0.4rem; border-radius: 6px; }</style>")
FORMAT = ("Une ligne par clé : clé = valeur. joueurs = [\"Alex\", \"Chloé\"] (les noms tels "
          "qu’ils s’écrivent, accents compris) ; variante = le nom d’un préréglage, ou une table "
          "des lectures : {readings} ; graine = un nombre (ce que le texte ne dit pas en vient) ; "
          "coups = [ {{ joueur = …, … }}, … ], un coup par table.")


def reference(engine: Any) -> str:
    """« Le format du scénario »: the keys every game shares, this game's own keys, its
    readings in the page's words and an example that loads."""
    notation: sc.Notation[Any, Any] = engine.SCENARIO
    readings = " ; ".join(f"{r.key} = " + " ou ".join(f"\"{w}\"" for w in r.values.values())
                          for r in sc.readings_of(engine))
    presets = ", ".join(engine.PRESETS)
    parts = [f"<p>{h.esc(FORMAT.format(readings=readings))}</p>",
             f"<p>{h.esc(fr.typography(f'Préréglages : {presets}.'))}</p>"]
    if notation.guide:
        parts.append(f"<p>{h.esc(fr.typography('Ce jeu : ' + notation.guide))}</p>")
    if notation.example:
        parts.append(f'<p>{h.esc("Par exemple :")}</p><pre>{html.escape(notation.example)}'
                     "</pre>")
    return ('<details class="tv-scenario-format"><summary>Le format du scénario</summary>'
            f'{"".join(parts)}</details>')


class ScenarioPanel(w.VBox):  # type: ignore[misc]
    """A sandbox's scenario: its text (always the position shown), « Charger », « Lien à
    partager »; a page opened with ``?scenario=`` loads it."""

    def __init__(self, board: Board) -> None:
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
        self.copy = CopyButton(label="Copier le lien", done_label=fr.typography(
            "Lien copié : collez-le où vous voulez le partager."),
            failed_label=fr.typography("Copie refusée par le navigateur : sélectionnez le "
                                       "lien ci-dessus et copiez-le."),
            layout=w.Layout(display="none"))
        self.copy.add_class("tv-scenario-copy")
        # « Scénario chargé », « Position mise en place »: said beside the table (see attach),
        # where a shared link lands
        self.status = Html()
        self.status.add_class("tv-scenario-status")
        self._status("")
        head = Html(f'{_CSS}<div class="tv-root" id="{ANCHOR}">'
                    '<div class="tv-title">Scénario</div>'
                    f'<p class="tv-muted">{h.esc(fr.typography(INTRO))}</p>'
                    f"{reference(board.engine)}</div>")
        buttons = w.HBox([self.load_button, self.link_button],
                         layout=w.Layout(flex_flow="row wrap"))
        # a refusal of « Charger » or « Lien à partager » shows under their buttons, where the
        # learner's eyes are (on a phone the sandbox's own error area is a screen above)
        self.error = ErrorArea(page.book())
        super().__init__([head, self.text, buttons, self.error, self.link, self.url,
                          self.copy])
        self.add_class("tv-scenario")
        self._loaded: Any = None
        #: how the start of the last scenario loaded was made: (start, game number, chance keys)
        self._origin: tuple[Any, int | None, Mapping[str, Any] | None] | None = None
        self._steps = 0  # the moves the last loaded scenario replayed
        guard, here = board.guard, guarded(self.error)
        self.load_button.on_click(here(lambda _: self.load(self.text.value)))
        self.link_button.on_click(here(lambda _: self.share()))
        board.session.observe(lambda _: guard(self.refresh)(), names="version")
        page.browser.on_query(guard(self.from_query))
        self.refresh()

    # --- the position as text ---------------------------------------------------------------

    def current(self) -> str:
        """The scenario text of the position the sandbox shows (its step, not the last one):
        the set-up and the actions the step record holds."""
        session = self.board.session
        try:
            return sc.dump(self.board.engine, self.game, session.steps[0].state,
                           session.actions_played())
        except sc.ScenarioError as exc:
            raise Refusal(str(exc)) from None

    def refresh(self) -> None:
        """Show the text of the current position (after every move, undo, new game…)."""
        session = self.board.session
        if self._loaded is not None and session.version != self._loaded:
            # « Scénario chargé » speaks of the position loaded: gone with the next change
            self._loaded = None
            self._status("")
        set_html(self.link, "")
        self.url.layout.display = self.copy.layout.display = "none"
        self.copy.text = ""
        self.text.value = self.current()

    # --- loading ----------------------------------------------------------------------------

    def load(self, text: object, source: str = "") -> None:
        """Set the sandbox up from a scenario text, or from a link's short code
        (:func:`~tutor.engine.scenario.decode_link`); a refusal changes nothing."""
        engine = self.board.engine
        # what the last load, link or set-up said is not about this one
        self._status("")
        self.board.error.clear()
        try:
            if isinstance(text, str) and SHORT.fullmatch(text):
                built = sc.decode_link(engine, text, self.game)
                seed, chance = sc.link_origin(text)
            else:
                data = sc.parse_text(text)
                built = sc.build(engine, sc.read(engine, data, self.game))
                seed, chance = None, data
        except IllegalAction:
            raise
        except ValueError as exc:  # ScenarioError, and the engines' French ValueErrors
            raise Refusal(fr.message(str(exc))) from None
        self._origin = (built.start, seed, chance)
        session = self.board.session
        actions = [a for a, _, _ in built.steps]
        with session.hold_trait_notifications():
            session.restart(built.start, built.opening)
            for action in actions:
                session.act(action, chooser=action.seat)
        self._sync_settings(built.start)
        self._loaded = session.version
        self._steps = len(actions)
        said = "Scénario chargé depuis le lien." if source == "lien" else "Scénario chargé."
        steps = (fr.count(len(actions), "coup rejoué", "coups rejoués")
                 + " ; « Annuler » et le curseur « Étape » remontent jusqu’à la mise en place."
                 if actions else "Aucun coup joué : la partie commence.")
        self._status(h.message_panel("success", said, fr.typography(steps)))

    def placed(self, moves: int) -> None:
        """Say that the position comes from « Mettre en place » (``moves``: those replayed to
        reach it)."""
        steps = (fr.count(moves, "coup rejoué", "coups rejoués") + " pour y arriver ; "
                 "« Annuler » et le curseur « Étape » y remontent." if moves else
                 "La partie commence ici.")
        self._status(h.message_panel("success", "Position mise en place.", fr.typography(steps)))

    def _status(self, panel: str) -> None:
        """Say ``panel`` beside the table (empty: nothing), under the anchor a shared link
        goes to."""
        set_html(self.status, f'<div id="{POSITION_ANCHOR}" class="tv-position">{panel}</div>')

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
        label = h.esc(fr.typography("Aller au bac à sable"))
        try:
            self.load(text, source="lien")
        except (Refusal, IllegalAction) as exc:
            title = fr.typography("Le scénario du lien n’a pas été chargé :")
            # to the scenario's text, to mend it
            set_html(notice, _notice("error", title, str(exc), f'<a href="#{ANCHOR}">{label}</a>'))
            raise
        go = f'<a href="#{POSITION_ANCHOR}">{label}</a>'  # to the table of the position
        steps = (fr.count(self._steps, "coup rejoué", "coups rejoués") if self._steps
                 else "la partie commence")
        title = fr.typography(f"Scénario chargé depuis le lien : {steps}.")
        # the page goes to the table of the position once it shows (anchors.js: data-tutor-go)
        set_html(notice, _notice("success", title, "", go).replace(
            "<div ", f'<div data-tutor-go="{POSITION_ANCHOR}" ', 1))

    # --- sharing ----------------------------------------------------------------------------

    def code(self) -> str:
        """The short code of the position shown (:func:`~tutor.engine.scenario.encode_link`):
        its start as the game number that dealt it, or the chance keys of the text it was
        loaded from, then each move as its place among the legal ones."""
        board, session = self.board, self.board.session
        start = session.steps[0].state
        seed, chance = None, None
        if self._origin is not None and self._origin[0] is start:
            _, seed, chance = self._origin
        else:
            try:
                seed = read_game_number(board.seed.value)
            except Refusal:
                seed = None
        return sc.encode_link(board.engine, self.game, start, session.actions_played(),
                              seed=seed, source=chance)

    def share(self) -> None:
        """Show the link that opens this page on the current position, and « Copier le
        lien »."""
        here = self.board.surface.page.browser.page
        if not here.startswith(("http://", "https://")) or any(c in here for c in "?#\"'<> "):
            here = self.notebook  # the link stays relative to the page
        url = f"{here}?{PARAMETER}={self.code()}"
        if len(url) > MAX_QUERY:
            raise Refusal("Cette position est trop longue pour un lien : copiez plutôt le texte "
                          "du scénario.")
        say = fr.typography("Ce lien ouvre cette page sur la même position : copiez-le et "
                            "partagez-le.")
        set_html(self.link, f'<p class="tv-muted">{h.esc(say)} <a href="{h.esc(url)}" '
                            'target="_blank" rel="noopener">Ouvrir le lien</a></p>')
        self.url.value = url
        self.copy.text = url
        self.url.layout.display = self.copy.layout.display = ""


def _notice(kind: str, title: str, text: str, link: str) -> str:
    """A message panel for the top of the page, with a link down to the sandbox."""
    panel = h.message_panel(kind, title, text)
    return panel[: -len("</div>")] + f"<p>{link}</p></div>"


def example_scene(page: GamePage[Any, Any, Any, Any], draw: Callable[[Any, Sequence[Event]], str],
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


def attach(board: Board) -> ScenarioPanel:
    """Give ``board`` its « Scénario » panel, just above its journal, and the panel's note
    (« Scénario chargé ») just above its table."""
    panel = ScenarioPanel(board)
    parts = list(board.children)
    parts.insert(parts.index(board.table), panel.status)
    board.children = (*parts[:-1], panel, parts[-1])
    return panel


__all__ = ["PARAMETER", "ScenarioPanel", "attach", "example_scene"]


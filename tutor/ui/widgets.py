"""Reusable views: style sheet, error area, callback guard, rule panel, explainer, event log."""

from __future__ import annotations

import functools
import logging
from collections.abc import Callable, Iterator, Sequence
from typing import Any, TypeVar

import ipywidgets as w

from tutor import fr, rules
from tutor.engine import Event, IllegalAction
from tutor.engine.api import AnyEngine
from tutor.ui import html as h
from tutor.ui import serverlog
from tutor.ui.htmlwidget import Html

log = logging.getLogger("tutor.ui")
serverlog.install()  # tracebacks to the server's log, never to the page (see serverlog)
F = TypeVar("F", bound=Callable[..., Any])
Describe = Callable[[Event], str]


def style() -> h.StyleSheet:
    """The page's style sheet (the Accueil's: the shared rules alone)."""
    return h.stylesheet()


def html(body: str = "", **layout: str) -> w.HTML:
    """An HTML widget holding tutor-styled markup."""
    return Html(f'<div class="tv-root">{body}</div>', layout=w.Layout(**layout))


def set_html(widget: w.HTML, body: str) -> None:
    widget.value = f'<div class="tv-root">{body}</div>'


def history_slider(label: str) -> w.IntSlider:
    """A sandbox's way back in time: the number of steps played (``label`` says which steps),
    from 0 (the set-up) to the last one; its owner sets ``max`` and ``value``."""
    return w.IntSlider(value=0, min=0, max=0, description=label, continuous_update=False,
                       tooltip=fr.typography(f"{label} : les coups joués, de la mise en place "
                                             "(0) au dernier"),
                       layout=w.Layout(width="32rem"), style={"description_width": "7.5rem"})


class ErrorArea(w.HTML):  # type: ignore[misc]
    """Where a view tells the learner what went wrong, in French, in the page."""

    def __init__(self, book: rules.RuleBook | None = None) -> None:
        super().__init__("")
        self.book = book
        self.add_class("tv-error-area")

    def show_illegal(self, error: IllegalAction) -> None:
        cite = ""
        if self.book is not None and error.clause in self.book.clauses:
            clause = self.book.clauses[error.clause]
            cite = f"Règle : {clause.title} ({clause.id})."
        set_html(self, h.message_panel("error", error.reason, cite))

    def show_bug(self) -> None:
        set_html(self, h.message_panel(
            "error", "Un problème inattendu est survenu dans le tuteur.",
            "Votre action n’a rien modifié. Vous pouvez réessayer ou recharger la page ; "
            "le détail technique a été consigné pour l’équipe.",
        ))

    def show_invalid(self, text: str) -> None:
        set_html(self, h.message_panel("error", text))

    def show(self, kind: str, title: str, text: str = "") -> None:
        set_html(self, h.message_panel(kind, title, text))

    def clear(self) -> None:
        self.value = ""


class Refusal(ValueError):
    """A learner's input the page refuses before it reaches the engine (an empty list choice,
    a name too long): its message is French and shown as is."""


def guarded(area: ErrorArea) -> Callable[[F], F]:
    """Route a callback's errors to ``area``: an illegal action shows its French reason and
    clause; any other exception shows a generic message and logs the traceback. The callback
    never fails silently (Voilà hides tracebacks)."""

    def wrap(fn: F) -> F:
        @functools.wraps(fn)
        def run(*args: Any, **kwargs: Any) -> Any:
            try:
                area.clear()
                return fn(*args, **kwargs)
            except IllegalAction as exc:
                area.show_illegal(exc)
            except Refusal as exc:
                area.show_invalid(str(exc))
            except Exception:
                log.exception("tutor callback %s failed", getattr(fn, "__name__", fn))
                area.show_bug()
            return None

        return run  # type: ignore[return-value]

    return wrap


def rule_panel(book: rules.RuleBook, clause_id: str) -> w.HTML:
    """A clause's French text, by id."""
    return html(h.clause_panel(book.clause(clause_id)))


class Explainer(w.VBox):  # type: ignore[misc]
    """Step through events (Précédent / Suivant), highlighting the clause of each step."""

    def __init__(self, book: rules.RuleBook, describe: Describe, events: Sequence[Event] = (),
                 title: str = "", scene: Callable[[Sequence[Event]], str] | None = None) -> None:
        self.book = book
        self.describe = describe
        self.scene = scene
        self.scene_html = html()
        self.steps_html = html()
        self.clause_html = html()
        self.prev = w.Button(description="◀ Précédent", layout=w.Layout(width="9rem"))
        self.next = w.Button(description="Suivant ▶", layout=w.Layout(width="9rem"))
        self.counter = Html()
        self.prev.on_click(lambda _: self.move(-1))
        self.next.on_click(lambda _: self.move(+1))
        self.all = w.Button(description="Tout afficher", layout=w.Layout(width="9rem"))
        self.all.on_click(lambda _: self.show_all())
        nav = w.HBox([self.prev, self.next, self.all, self.counter],
                     layout=w.Layout(flex_flow="row wrap", align_items="center"))
        super().__init__([self.scene_html, self.steps_html, nav, self.clause_html])
        self.add_class("tv-explainer")
        self.set_events(events, title)

    def set_events(self, events: Sequence[Event], title: str = "") -> None:
        self.events = tuple(events)
        self.title = title
        self.index = 0
        self.render()

    def move(self, delta: int) -> None:
        self.index = max(0, min(len(self.events) - 1, self.index + delta))
        self.render()

    def show_all(self) -> None:
        self.index = max(0, len(self.events) - 1)
        self.render()

    def render(self) -> None:
        if not self.events:
            set_html(self.steps_html, h.message_panel("info", "Rien à expliquer pour l’instant."))
            self.clause_html.value = ""
            self.counter.value = ""
            self.prev.disabled = self.next.disabled = self.all.disabled = True
            return
        items = []
        for k, event in enumerate(self.events[: self.index + 1]):
            cls = ' class="tv-current"' if k == self.index else ""
            clause = self.book.clause(event.clause)
            items.append(f"<li{cls}>{h.esc(self.describe(event))}<br>"
                         f'<span class="tv-step-clause">{h.esc(clause.title)} '
                         f'<span class="tv-clause-id">{h.esc(clause.id)}</span></span></li>')
        if self.scene is not None:
            set_html(self.scene_html, self.scene(self.events[: self.index + 1]))
        title = f'<div class="tv-title">{h.esc(self.title)}</div>' if self.title else ""
        set_html(self.steps_html, f'<div class="tv-panel">{title}<ol class="tv-steps">'
                                  f'{"".join(items)}</ol></div>')
        set_html(self.clause_html,
                 h.clause_panel(self.book.clause(self.events[self.index].clause), current=True))
        self.counter.value = (f'<span class="tv-muted">Étape {self.index + 1} sur '
                              f"{len(self.events)}</span>")
        self.prev.disabled = self.index == 0
        self.next.disabled = self.all.disabled = self.index == len(self.events) - 1


class ButtonPool:
    """Buttons made when first needed and kept for every later use (a panel that shows a
    varying number of choices reuses its buttons: no widget model is created and dropped at
    each click). A click on the ``k``-th calls ``on_click(k)``, its errors shown in ``error``;
    ``css``: the class of every button."""

    def __init__(self, css: str, on_click: Callable[[int], None], error: ErrorArea) -> None:
        self.css, self.on_click, self.error = css, on_click, error
        self.buttons: list[w.Button] = []

    def __getitem__(self, k: int) -> w.Button:
        """The ``k``-th button (0-based), made now with those before it if need be."""
        self.reserve(k + 1)
        return self.buttons[k]

    def __len__(self) -> int:
        return len(self.buttons)

    def __iter__(self) -> Iterator[w.Button]:
        return iter(self.buttons)

    def reserve(self, count: int) -> None:
        """Make the first ``count`` buttons now: a page that knows how many it will ever show
        creates every widget model while it loads, none later on a click."""
        while len(self.buttons) < count:
            index = len(self.buttons)
            b = w.Button(layout=w.Layout(width="auto"))
            b.add_class(self.css)
            b.on_click(guarded(self.error)(lambda _, i=index: self.on_click(i)))
            self.buttons.append(b)


NAME_LIMIT = 20
#: characters a name box holds: past NAME_LIMIT the learner is told the name is too long
#: (:func:`read_name`), past this the box takes no more (a name is copied into many titles)
NAME_FIELD = 2 * NAME_LIMIT
NUMBER_FIELD = 20  # a game number: 9 digits at most, a few more for the refusal to quote


def capped(box: w.Text, limit: int) -> w.Text:
    """``box`` holding at most ``limit`` characters: the page's script gives its input that
    ``maxlength`` (the class ``tv-max-<limit>``), and a longer value (from a client that
    ignores it) is cut back before any observer of the box sees it, the page being sent the
    value kept. Every text a learner types reaches the kernel through such a box: its cost
    (search, titles, messages sent back) is bounded by ``limit``, whatever arrives."""

    def validate(owner: Any, proposal: Any) -> Any:
        value = proposal["value"]
        return value[:limit] if isinstance(value, str) and len(value) > limit else value

    box.add_class(f"tv-max-{limit}")
    box._register_validator(validate, ("value",))
    if len(box.value) > limit:
        box.value = box.value[:limit]
    return box


def game_number_field(seed: int) -> w.Text:
    """The "Partie n°" field: the same number deals the same game again."""
    return capped(w.Text(value=str(seed), description="Partie n°",
                         layout=w.Layout(width="12rem")), NUMBER_FIELD)


def read_game_number(text: object) -> int:
    """A game number typed by the learner: digits only, up to 9 of them; :class:`Refusal`
    (French) otherwise — never a silent rounding of "1.5"."""
    value = str(text).strip()
    if not value.isdecimal() or not value.isascii() or len(value) > 9:
        raise Refusal(f"« {value[:12]} » n’est pas un numéro de partie : tapez un nombre entier "
                      "de 0 à 999 999 999.")
    return int(value)


def read_name(text: object) -> str:
    """A first name typed by the learner: 1 to :data:`NAME_LIMIT` characters, never cut
    silently; :class:`Refusal` (French) otherwise."""
    name = " ".join(str(text).split())
    if not name:
        raise Refusal("Tapez votre prénom (au moins une lettre).")
    if len(name) > NAME_LIMIT:
        raise Refusal(f"Ce prénom est trop long : {NAME_LIMIT} caractères au plus.")
    return name


class GameSettings(w.VBox):  # type: ignore[misc]
    """The settings above a game against the computer: the learner's first name, the game number
    (a seed: the same number replays the same deal), the number of opponents, their level, the
    reading of the rules, « Nouvelle partie » and the teacher's view."""

    def __init__(self, engine: AnyEngine, opponents: Sequence[int], seed: int, name: str,
                 level: str = "prudent", level_width: str = "18rem") -> None:
        self.name = capped(w.Text(value=name, description="Votre prénom",
                                  layout=w.Layout(width="18rem"),
                                  style={"description_width": "6rem"}), NAME_FIELD)
        self.seed = game_number_field(seed)
        self.opponents = w.ToggleButtons(options=list(opponents),
                                         value=2 if 2 in opponents else opponents[0],
                                         description="Adversaires", style={"button_width": "3rem"})
        kinds = engine.PLAYER_KINDS
        self.level = w.ToggleButtons(options=[(label, key) for key, (label, _) in kinds.items()],
                                     value=level, tooltips=[label for label, _ in kinds.values()],
                                     description="Niveau", style={"button_width": level_width})
        self.level.add_class("tv-level")  # a long level's name wraps, never cut off
        self.preset = w.Dropdown(
            options=[(label, key) for key, label in engine.PRESET_LABELS.items()],
            value="standard", description="Règle", layout=w.Layout(width="34rem"))
        self.start_button = w.Button(description="Nouvelle partie", button_style="primary",
                                     icon="play")
        self.teacher = w.Checkbox(value=False, description="Vue du professeur (tout voir)")
        row = w.Layout(flex_flow="row wrap")
        super().__init__([w.HBox([self.name, self.seed], layout=row), self.opponents, self.level,
                          self.preset, w.HBox([self.start_button, self.teacher], layout=row)])

    def player_name(self) -> str:
        return read_name(self.name.value)

    def game_number(self) -> int:
        return read_game_number(self.seed.value)


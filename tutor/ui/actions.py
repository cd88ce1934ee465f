"""The learner's legal actions as controls: buttons (a hand of cards, "Piocher") or a list with
one button ("Poser cette carte"), grouped as the game page says.

Every control that plays one legal action carries the CSS class ``tv-action`` (so that any tool can
play a whole game by clicking) and plays exactly the action the engine offered. Widgets are pooled:
re-showing the panel after each step reuses them, so a long game creates no new widget models.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import ipywidgets as w

from tutor import fr
from tutor.ui import html as h
from tutor.ui.htmlwidget import Html
from tutor.ui.widgets import ButtonPool, ErrorArea, Refusal, guarded


@dataclass(frozen=True)
class ActionGroup:
    """Legal actions shown together. ``items`` are ``(French label, action)`` pairs. With
    ``button`` set, they are a list and that button plays the selected one; otherwise one
    button each (``cards``: drawn as playing cards)."""

    label: str
    items: tuple[tuple[str, Any], ...]
    button: str = ""
    cards: bool = False


class _ListRow(w.HBox):  # type: ignore[misc]
    def __init__(self, play: Callable[[Any], None], error: ErrorArea) -> None:
        self.actions: tuple[Any, ...] = ()
        self.choice = w.Dropdown(layout=w.Layout(width="auto", max_width="100%"),
                                 style={"description_width": "initial"})
        self.go = w.Button(button_style="primary", layout=w.Layout(width="auto"))
        self.go.add_class("tv-action")
        self.go.on_click(guarded(error)(lambda _: self._play(play)))
        super().__init__([self.choice, self.go], layout=w.Layout(flex_flow="row wrap"))

    def _play(self, play: Callable[[Any], None]) -> None:
        index = self.choice.value
        if type(index) is not int or not 0 <= index < len(self.actions):
            raise Refusal("Choisissez d’abord une action dans la liste.")
        play(self.actions[index])

    def show(self, group: ActionGroup) -> None:
        self.actions = tuple(action for _, action in group.items)
        self.choice.options = [(label, k) for k, (label, _) in enumerate(group.items)]
        self.choice.value = 0
        self.choice.description = group.label  # the list's visible name, tied to it
        self.go.description = group.button
        self.go.tooltip = group.button


class ActionPanel(w.VBox):  # type: ignore[misc]
    """Shows the groups of legal actions for one seat; ``play(action)`` is called with the
    chosen one (errors go to ``error``, in French)."""

    def __init__(self, play: Callable[[Any], None], error: ErrorArea) -> None:
        self.play, self.error = play, error
        self.prompt = Html()
        self.bound: dict[int, Any] = {}  # the action of each button shown, by its index
        self.buttons = ButtonPool("tv-action", lambda i: self.play(self.bound[i]), error)
        self.rows: list[w.HBox] = []
        self.lists: list[_ListRow] = []
        self.titles: list[w.HTML] = []
        super().__init__([self.prompt])
        self.add_class("tv-actions")

    def reserve(self, count: int) -> None:
        """Make ``count`` action buttons now (:meth:`ButtonPool.reserve`): for a page that
        knows the most actions it ever shows at once."""
        self.buttons.reserve(count)

    def _row(self, k: int) -> w.HBox:
        while len(self.rows) <= k:
            self.rows.append(w.HBox(layout=w.Layout(flex_flow="row wrap", align_items="center")))
        return self.rows[k]

    def _title(self, k: int, label: str) -> w.HTML:
        while len(self.titles) <= k:
            self.titles.append(Html())
        self.titles[k].value = f'<span class="tv-group-label">{h.esc(label)}</span>'
        return self.titles[k]

    def _list(self, k: int) -> _ListRow:
        while len(self.lists) <= k:
            self.lists.append(_ListRow(self.play, self.error))
        return self.lists[k]

    def show(self, groups: Sequence[ActionGroup], prompt: str = "") -> None:
        """Display ``groups`` (none: nothing to do now) under ``prompt``."""
        self.prompt.value = (f'<div class="tv-root"><div class="tv-muted">{h.esc(prompt)}</div>'
                             "</div>" if prompt else "")
        children: list[w.Widget] = [self.prompt]
        used = rows = lists = titles = 0
        for group in groups:
            if not group.items:
                continue
            if group.label and not group.button:  # a list says its name as its label
                children.append(self._title(titles, group.label))
                titles += 1
            if group.button:
                row = self._list(lists)
                lists += 1
                row.show(group)
                children.append(row)
                continue
            row_box = self._row(rows)
            rows += 1
            members = []
            for label, action in group.items:
                b = self.buttons[used]
                self.bound[used] = action
                used += 1
                # a card button shows its card and says what it does (its tooltip, which the
                # page gives screen readers as its name: tutor/voila/templates/tutor/access.html)
                b.description = label
                b.tooltip = fr.typography(f"Jouer la carte {label}") if group.cards else label
                if group.cards:
                    b.add_class("tv-cardbtn")
                else:
                    b.remove_class("tv-cardbtn")
                members.append(b)
            row_box.children = members
            children.append(row_box)
        for k in range(used, len(self.bound)):
            self.bound[k] = None
        self.children = children

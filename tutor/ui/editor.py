"""« Mettre en place »: a position editor in a sandbox, with controls (no text to type but
names): the players and their names, the reading, and the parts of the position the game's page
describes (:class:`EditorSpec`, the ``editor`` of its :class:`~tutor.ui.table.Surface`): piles
whose order the learner clicks (the deck, the score pile…) and the cards in front of each player.

« Jouer à partir d'ici » turns the controls into a scenario (:mod:`tutor.engine.scenario`): the
page's ``write`` gives what chance decided and the moves that lead to the position, each part
taken out of the game's cards by the engine (:func:`~tutor.engine.scenario.take`: a card twice
or not in the game is refused in French, naming the part), then the sandbox loads it and the
engine replays every move. A refusal changes nothing.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

import ipywidgets as w

from tutor import fr
from tutor.engine import scenario as sc
from tutor.ui import html as h
from tutor.ui.htmlwidget import Html
from tutor.ui.widgets import NAME_FIELD, ErrorArea, Refusal, capped, guarded, read_name, set_html


class Sandbox(Protocol):
    """What the editor reads of the sandbox it sets up (:class:`tutor.ui.table.Sandbox`, which
    builds the editor: named here so that this module needs nothing above it)."""

    engine: Any
    session: Any
    surface: Any
    guard: Any
    count: Any
    preset: Any
    scenario: Any
    children: Any
    editor: Any

#: the names the editor offers first (any letters may replace them)
NAMES = ("Alex", "Béa", "Chloé", "Dario", "Léo", "Emma")


def read_names(texts: Iterable[object]) -> tuple[str, ...]:
    """The players' names typed in seat order, each read as the sandbox reads a name (any
    letters); :class:`Refusal` (French) for a seat left empty or two seats with one name."""
    names = []
    for k, text in enumerate(texts, 1):
        if not " ".join(str(text).split()):
            raise Refusal(fr.typography(f"Joueur {k} : tapez un prénom (au moins une lettre)."))
        names.append(read_name(text))
    if len(set(names)) < len(names):
        raise Refusal(fr.typography("Deux joueurs ont le même nom : donnez-leur des noms "
                                    "différents."))
    return tuple(names)


@dataclass(frozen=True)
class Pile:
    """A pile whose order the learner sets by clicking its cards, top first (``key``: how
    ``write`` finds it; ``cards``: every card it may hold, as buttons; ``show``: a card's
    label); with ``repeat``, a kind of card may be clicked more than once (a game with copies
    of it: the engine refuses more copies than the game has)."""

    key: str
    title: str
    cards: tuple[Any, ...]
    show: Callable[[Any], str] = str
    repeat: bool = False


@dataclass(frozen=True)
class Front:
    """Cards of each player (in front of them, or in their hand; ``cards``: those a player may
    have there), chosen by clicking, in the order clicked; with ``repeat``, a kind of card may
    be chosen more than once (a game with copies of it)."""

    key: str
    title: str
    cards: tuple[Any, ...]
    show: Callable[[Any], str] = str
    repeat: bool = False
    #: the most cards a player may have there (a hand's size): once reached, no card is offered
    most: int | None = None


@dataclass(frozen=True)
class Choice:
    """One of the players, chosen in a list (the dealer, the first player…)."""

    key: str
    title: str


@dataclass(frozen=True)
class Number:
    """A whole number from 1 to ``most`` (by default the number of players: the manche to
    start at…)."""

    key: str
    title: str
    most: int | None = None
    #: one more choice after the last (the number of players + 1), labelled so: a game over,
    #: set up from its score sheet alone (every manche's score entered)
    after: str = ""


@dataclass(frozen=True)
class Counts:
    """Whole numbers in front of each player, one per ``fields`` (``(name, label)``): the
    sticks of each colour, a running total…"""

    key: str
    title: str
    fields: tuple[tuple[str, str], ...]
    low: int = 0
    high: int = 99


@dataclass(frozen=True)
class Series:
    """For each player, one whole number per manche before the :class:`Number` ``before``
    (the scores of the earlier manches)."""

    key: str
    title: str
    before: str


@dataclass(frozen=True)
class Position:
    """What the learner set: the players in seat order, the preset, each pile (top first) and
    each player's cards in front, by part key."""

    players: tuple[str, ...]
    preset: str
    piles: Mapping[str, tuple[Any, ...]]
    fronts: Mapping[str, Mapping[str, tuple[Any, ...]]]
    #: moves played from the position, in the scenario's words (an explorer's situation)
    moves: tuple[Mapping[str, Any], ...] = ()
    numbers: Mapping[str, int] = field(default_factory=dict)
    choices: Mapping[str, str] = field(default_factory=dict)
    counts: Mapping[str, Mapping[str, Mapping[str, int]]] = field(default_factory=dict)
    series: Mapping[str, Mapping[str, tuple[int, ...]]] = field(default_factory=dict)


@dataclass(frozen=True)
class EditorSpec:
    """What a game's position editor shows and how it becomes a scenario: ``write(position)``
    gives the scenario's keys beyond ``joueurs`` and ``variante`` (what chance decided, the
    moves that lead there; the engine's :func:`~tutor.engine.scenario.take` checks each part);
    ``check(position, state)`` may refuse a built position (``state``: after the moves of
    ``write``, before the position's own ``moves``) that is not the one asked for."""

    piles: tuple[Pile, ...] = ()
    fronts: tuple[Front, ...] = ()
    numbers: tuple[Number, ...] = ()
    choices: tuple[Choice, ...] = ()
    counts: tuple[Counts, ...] = ()
    series: tuple[Series, ...] = ()
    write: Callable[[Position], dict[str, Any]] = lambda position: {}
    check: Callable[[Position, Any], None] = lambda position, state: None
    intro: str = ""


EDITING = fr.typography("Position en cours de modification : la table ci-dessous montre "
                        "encore la position mise en place avant ; « Jouer à partir d’ici » la "
                        "remplace.")


def _number(label: str, low: int = 0, high: int = 99) -> w.BoundedIntText:
    box = w.BoundedIntText(value=0, min=low, max=high, description=label,
                           style={"description_width": "initial"},
                           layout=w.Layout(width="auto", max_width="9rem"))
    box.add_class("tv-edit-number")
    return box


def _seat_label(k: int) -> Html:
    label = Html(f"<strong>Joueur {k + 1}</strong>")
    label.add_class("tv-edit-seat")
    return label


class _Sequence(w.VBox):  # type: ignore[misc]
    """Cards clicked in order: a button per card (used ones greyed, every one once ``most``
    are chosen), the sequence so far, « Retirer la dernière » and « Vider »."""

    def __init__(self, title: str, cards: Sequence[Any], show: Callable[[Any], str],
                 guard: Callable[[Any], Any], css: str, repeat: bool = False,
                 most: int | None = None) -> None:
        self.cards, self.show, self.repeat, self.most = tuple(cards), show, repeat, most
        self.chosen: list[Any] = []
        #: called after every change of the sequence (the editor's :meth:`edited`)
        self.changed: Callable[[], None] = lambda: None
        self.buttons = []
        for card in self.cards:
            b = w.Button(description=show(card), layout=w.Layout(width="auto",
                                                                 min_width="2.6rem"))
            b.add_class("tv-edit-card")
            b.on_click(guard(lambda _, c=card: self.add(c)))
            self.buttons.append(b)
        self.line = Html()
        back = w.Button(description="Retirer la dernière", icon="undo",
                        layout=w.Layout(width="auto"))
        clear = w.Button(description="Vider", icon="trash", layout=w.Layout(width="auto"))
        back.on_click(guard(lambda _: self.remove_last()))
        clear.on_click(guard(lambda _: self.set(())))
        row = w.Layout(flex_flow="row wrap")
        super().__init__([Html(), w.HBox(self.buttons, layout=row), self.line,
                          w.HBox([back, clear], layout=row)])
        # a group of its own, named by its title, for a screen reader (the page's script)
        self.add_class("tv-edit-group")
        self.add_class(css)
        self.retitle(title)
        self.set(())

    def retitle(self, title: str) -> None:
        """The title shown above the cards; a card button shows its card only: its tooltip,
        and so its name for a screen reader, says where it goes (``title`` without its
        remarks in brackets)."""
        set_html(self.children[0], f'<div class="tv-muted tv-edit-title">{h.esc(title)}</div>')
        where = re.sub(r"\s*\([^)]*\)", "", title).rstrip(" :")
        for card, b in zip(self.cards, self.buttons):
            b.tooltip = fr.typography(f"{where} : ajouter {self.show(card)}")

    def add(self, card: Any) -> None:
        if self.most is None or len(self.chosen) < self.most:  # a click sent before it filled
            self.set((*self.chosen, card))

    def remove_last(self) -> None:
        self.set(tuple(self.chosen[:-1]))

    def set(self, cards: Sequence[Any]) -> None:
        self.chosen = list(cards)
        full = self.most is not None and len(self.chosen) >= self.most
        for card, b in zip(self.cards, self.buttons):
            b.disabled = full or (card in self.chosen and not self.repeat)
        shown = ", ".join(self.show(c) for c in self.chosen) or "rien"
        set_html(self.line, f'<div class="tv-edit-line"><strong>{h.esc(shown)}</strong></div>')
        self.changed()


class PositionEditor(w.VBox):  # type: ignore[misc]
    """The editor of one sandbox: the players (how many, their names), the reading, the
    game's piles and cards in front; « Jouer à partir d'ici » sets the sandbox up."""

    def __init__(self, board: Sandbox, spec: EditorSpec) -> None:
        self.board, self.spec = board, spec
        self.error = ErrorArea(board.surface.page.book())
        guard = guarded(self.error)
        counts = [int(n) for n in board.count.options]
        # the editor opens on the players of the sandbox's game
        playing = tuple(board.session.steps[0].state.players)
        names = [*playing, *(n for n in NAMES if n not in playing)][:max(counts)]
        self.count = w.ToggleButtons(options=counts, value=len(playing) if len(playing) in
                                     counts else counts[0],
                                     description="Joueurs", style={"button_width": "3rem"})
        self.names = [capped(w.Text(value=name, description=f"Joueur {k + 1}",
                                    layout=w.Layout(width="14rem", max_width="100%"),
                                    style={"description_width": "5rem"}), NAME_FIELD)
                      for k, name in enumerate(names)]
        for box in self.names:
            box.add_class("tv-edit-name")
        self.preset = w.Dropdown(options=list(board.preset.options), value=board.preset.value,
                                 description="Règle",
                                 layout=w.Layout(width="auto", max_width="100%"))
        self.then: tuple[Mapping[str, Any], ...] = ()
        self.piles = {p.key: _Sequence(p.title, p.cards, p.show, guard, "tv-edit-pile",
                                       p.repeat) for p in spec.piles}
        self.fronts: dict[str, list[_Sequence]] = {
            f.key: [_Sequence(f"{f.title} — {name}", f.cards, f.show, guard, "tv-edit-front",
                              f.repeat, f.most) for name in names] for f in spec.fronts}
        most = max(counts)
        self.numbers = {f.key: w.Dropdown(options=[(str(k), k) for k in range(
                                              1, (f.most or most) + 1 + bool(f.after))], value=1,
                                          description=f.title,
                                          style={"description_width": "initial"},
                                          layout=w.Layout(width="auto", max_width="100%"))
                        for f in spec.numbers}
        self.choices = {f.key: w.Dropdown(options=list(NAMES[:int(self.count.value)]),
                                          description=f.title,
                                          style={"description_width": "initial"},
                                          layout=w.Layout(width="auto", max_width="100%"))
                        for f in spec.choices}
        self.counts: dict[str, list[dict[str, w.BoundedIntText]]] = {
            f.key: [{name: _number(label, f.low, f.high) for name, label in f.fields}
                    for _ in range(most)] for f in spec.counts}
        self.series: dict[str, list[list[w.BoundedIntText]]] = {
            f.key: [[_number(f"manche {j + 1}") for j in range(most)]
                    for _ in range(most)] for f in spec.series}
        self.seat_rows: list[tuple[w.Widget, int]] = []
        self.play_button = w.Button(description="Jouer à partir d’ici", icon="play",
                                    button_style="primary", layout=w.Layout(width="auto"))
        self.play_button.add_class("tv-edit-play")
        self.play_button.on_click(guard(lambda _: self.play()))
        self.status = Html()
        self.status.add_class("tv-edit-status")
        self.count.observe(lambda _: guard(self.show_seats)(), names="value")
        for box in self.numbers.values():
            box.observe(lambda _: guard(self.show_seats)(), names="value")
        for k, box in enumerate(self.names):
            box.observe(lambda _, k=k: guard(self.rename)(k), names="value")
        intro = ("Choisissez les joueurs, la règle et la position, puis « Jouer à partir "
                 "d’ici » : le moteur vérifie tout (chaque carte une seule fois, des cartes du "
                 "jeu) avant de mettre la table en place. " + spec.intro)
        head = Html(f'<div class="tv-root"><div class="tv-title">Mettre en place</div>'
                    f'<p class="tv-muted">{h.esc(fr.typography(intro.strip()))}</p></div>')
        parts: list[w.Widget] = [head, self.count,
                                 w.HBox(self.names, layout=w.Layout(flex_flow="row wrap")),
                                 self.preset, *self.numbers.values(), *self.choices.values(),
                                 *self.piles.values()]
        for rows in self.fronts.values():
            parts.extend(rows)
        def row() -> w.Layout:  # one each: a row is shown or hidden by its own layout
            return w.Layout(flex_flow="row wrap", align_items="center")

        for f in spec.series:
            parts.append(Html(f'<div class="tv-muted">{h.esc(f.title)}</div>'))
            for k, boxes in enumerate(self.series[f.key]):
                line = w.HBox([_seat_label(k), *boxes], layout=row())
                line.add_class("tv-edit-series")
                self.seat_rows.append((line, k))
                parts.append(line)
        for c in spec.counts:
            parts.append(Html(f'<div class="tv-muted">{h.esc(c.title)}</div>'))
            for k, fields in enumerate(self.counts[c.key]):
                line = w.HBox([_seat_label(k), *fields.values()], layout=row())
                line.add_class("tv-edit-counts")
                self.seat_rows.append((line, k))
                parts.append(line)
        parts += [self.error, self.play_button, self.status]
        super().__init__(parts)
        self.add_class("tv-editor")
        self.show_seats()
        for k in range(len(self.names)):
            self.rename(k)
        # a position set up, then edited again: its « Position mise en place » blocks go
        self.placed = False
        for widget in self._inputs():
            widget.observe(lambda _: self.edited(), names="value")
        for seq in (*self.piles.values(), *(r for rows in self.fronts.values() for r in rows)):
            seq.changed = self.edited

    def _inputs(self) -> list[w.Widget]:
        """Every control of the position holding a value (the card sequences aside)."""
        return [self.count, *self.names, self.preset, *self.numbers.values(),
                *self.choices.values(),
                *(b for rows in self.counts.values() for fields in rows for b in fields.values()),
                *(b for rows in self.series.values() for boxes in rows for b in boxes)]

    def edited(self) -> None:
        """A control changed after a position was set up: the blocks saying « Position mise en
        place » (here and in the sandbox's scenario panel) give way to a line saying that the
        table below still shows the position set up before, until « Jouer à partir d’ici »."""
        if not self.placed:
            return
        self.placed = False
        set_html(self.board.scenario.status, "")
        set_html(self.status, f'<p class="tv-muted tv-edit-pending">{h.esc(EDITING)}</p>')

    # --- the controls --------------------------------------------------------------------

    def show_seats(self) -> None:
        """Only the seats of the chosen number of players are shown, the manches before the
        chosen one, and the players' names in every list of players."""
        n = int(self.count.value)
        for k, box in enumerate(self.names):
            box.layout.display = "" if k < n else "none"
        for rows in self.fronts.values():
            for k, row in enumerate(rows):
                row.layout.display = "" if k < n else "none"
        for line, k in self.seat_rows:
            line.layout.display = "" if k < n else "none"
        for number in self.spec.numbers:
            top = number.most or n
            box = self.numbers[number.key]
            options = tuple((str(k), k) for k in range(1, top + 1))
            if number.after:
                options += ((f"{top + 1} : {number.after}", top + 1),)
            if tuple(box.options) != options:  # new options reset the value: keep it
                value = box.value
                box.options = options
                box.value = min(value, options[-1][1])
        for f in self.spec.series:
            before = int(self.numbers[f.before].value) - 1
            for boxes in self.series[f.key]:
                for j, b in enumerate(boxes):
                    b.layout.display = "" if j < before else "none"
        self.rename(0)

    def rename(self, k: int) -> None:
        """A player's parts are titled with the name typed; the lists of players follow."""
        for f in self.spec.fronts:
            self.fronts[f.key][k].retitle(f"{f.title} — {self.names[k].value}")
        for line, seat in self.seat_rows:
            if seat == k:
                set_html(line.children[0], f"<strong>{h.esc(self.names[k].value)}</strong>")
        names = [box.value for box in self.names[:int(self.count.value)]]
        for box in self.choices.values():
            at = list(box.options).index(box.value) if box.value in box.options else 0
            if tuple(box.options) != tuple(names):
                box.options = names
                box.value = names[min(at, len(names) - 1)]

    def position(self) -> Position:
        """What the controls say (the names read as the sandbox reads a name)."""
        n = int(self.count.value)
        players = read_names(box.value for box in self.names[:n])
        before = {f.key: int(self.numbers[f.before].value) - 1 for f in self.spec.series}
        return Position(
            players, str(self.preset.value),
            {k: tuple(p.chosen) for k, p in self.piles.items()},
            {k: {players[i]: tuple(rows[i].chosen) for i in range(n)}
             for k, rows in self.fronts.items()}, self.then,
            {k: int(box.value) for k, box in self.numbers.items()},
            {k: read_name(box.value) for k, box in self.choices.items()},
            {k: {players[i]: {name: int(b.value) for name, b in rows[i].items()}
                 for i in range(n)} for k, rows in self.counts.items()},
            {k: {players[i]: tuple(int(b.value) for b in rows[i][:before[k]])
                 for i in range(n)} for k, rows in self.series.items()})

    def set_position(self, position: Position) -> None:
        """The controls set to ``position`` (an explorer's, or a test's)."""
        self.then = position.moves
        self.count.value = len(position.players)
        for box, name in zip(self.names, position.players):
            box.value = name
        self.preset.value = position.preset
        for key, value in position.numbers.items():
            self.numbers[key].value = value
        for key, chosen in position.choices.items():
            self.choices[key].value = chosen
        for key, counts in position.counts.items():
            for fields, name in zip(self.counts[key], position.players):
                for field_name, b in fields.items():
                    b.value = counts.get(name, {}).get(field_name, 0)
        for key, series in position.series.items():
            for boxes, name in zip(self.series[key], position.players):
                given = series.get(name, ())
                for j, b in enumerate(boxes):
                    b.value = given[j] if j < len(given) else 0
        for key, pile in self.piles.items():  # a part the position leaves out is emptied
            pile.set(position.piles.get(key, ()))
        for key, rows in self.fronts.items():
            for row, name in zip(rows, position.players):
                row.set(position.fronts.get(key, {}).get(name, ()))

    # --- playing from the position -------------------------------------------------------

    def scenario(self, position: Position) -> str:
        """The scenario text of ``position`` (the engine refuses a card twice or not in the
        game, naming the part)."""
        data: dict[str, Any] = {"joueurs": list(position.players), "variante": position.preset}
        data.update(self.spec.write(position))
        if position.moves:
            data["coups"] = [*data.get("coups", []), *map(dict, position.moves)]
        return sc.to_toml(data)

    def play(self) -> None:
        """Set the sandbox up on the position: built and checked by the engine first."""
        set_html(self.status, "")
        position = self.position()
        text = self.scenario(position)
        engine = self.board.engine
        try:
            built = sc.load(engine, text, self.board.surface.page.info.id)
        except sc.ScenarioError as exc:
            raise Refusal(fr.message(str(exc))) from None
        setup = len(self.spec.write(position).get("coups", []))
        self.spec.check(position, built.steps[setup - 1][1] if setup else built.start)
        self.board.scenario.load(text)
        self.board.scenario.placed(len(built.steps))
        set_html(self.status, h.message_panel(
            "success", "Position mise en place.",
            fr.typography("La table ci-dessous part de cette position : jouez la suite, "
                          "« Conseil » et « Et si… ? » l’analysent, « Lien à partager » la "
                          "partage.")))
        self.placed = True


def open_in_sandbox(page: Any, position: Position) -> PositionEditor:
    """Set the page's sandbox up on ``position`` through its editor (« Ouvrir dans le bac à
    sable » of an explorer): the editor shows the position, the engine checks it."""
    if page.sandbox is None:
        raise Refusal("Cette page n’a pas de bac à sable où ouvrir cette situation.")
    editor: PositionEditor = page.sandbox.editor.open()
    editor.set_position(position)
    editor.play()
    return editor


def opener(page: Any, position: Callable[[], Position], error: ErrorArea
           ) -> tuple[w.VBox, Html]:
    """« Ouvrir dans le bac à sable » for an explorer whose situation is ``position()`` (a
    refusal shown in the explorer's ``error`` area), and the line that says where it opened."""
    button = w.Button(description="Ouvrir dans le bac à sable", icon="external-link",
                      layout=w.Layout(width="auto"))
    button.add_class("tv-open-sandbox")
    said = Html()

    def run(_: Any) -> None:
        set_html(said, "")
        open_in_sandbox(page, position())
        set_html(said, h.message_panel("info", fr.typography(
            "Ouvert dans le bac à sable, plus bas sur la page : jouez la suite, partagez-la.")))

    button.on_click(guarded(error)(run))
    box = w.VBox([button, said])
    box.add_class("tv-opener")
    return box, said


@dataclass
class EditorButton:
    """« Mettre en place » in a sandbox's settings: opens the editor (built on first use)."""

    board: Sandbox
    spec: EditorSpec
    button: w.Button = field(init=False)
    editor: PositionEditor | None = None

    def __post_init__(self) -> None:
        self.button = w.Button(description="Mettre en place", icon="edit",
                               layout=w.Layout(width="auto"))
        self.button.add_class("tv-edit-open")
        self.button.on_click(self.board.guard(lambda _: self.toggle()))

    def open(self) -> PositionEditor:
        """The editor, shown under the settings."""
        if self.editor is None:
            self.editor = PositionEditor(self.board, self.spec)
            settings, *rest = self.board.children
            self.board.children = (settings, self.editor, *rest)
        self.editor.layout.display = ""
        self.button.description = "Fermer la mise en place"
        self.button.add_class("tv-expanded")  # aria-expanded (access.html)
        return self.editor

    def toggle(self) -> None:
        if self.editor is not None and self.editor.layout.display != "none":
            self.editor.layout.display = "none"
            self.button.description = "Mettre en place"
            self.button.remove_class("tv-expanded")
        else:
            self.open()


__all__ = ["Choice", "Counts", "EditorButton", "EditorSpec", "Front", "Number", "Pile",
           "Position", "PositionEditor", "Series",
           "open_in_sandbox", "opener", "read_names"]

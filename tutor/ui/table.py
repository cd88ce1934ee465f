"""The two ways to play a whole game on a page, shared by every game: :class:`PlayTable` (the
learner against computer players) and :class:`Sandbox` (the learner plays every seat, everything
visible). A game page supplies only a :class:`Surface`: how its table is drawn from a view, how its
legal actions are grouped, what a viewer may read in the journal.

Both have the same parts: the table, the legal actions (each control with the class
``tv-action``), the error area (French reason and clause), undo, redo and the "Étape" slider to
travel in time, the notice when playing from a past step replaces the later ones, and the
incremental journal. The computer players are handed their seat's view only
(:func:`tutor.engine.api.bot_action`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any, Generic

import ipywidgets as w

from tutor import fr
from tutor.engine import IllegalAction
from tutor.engine import scenario as sc
from tutor.engine.api import A, AnyEngine, Bot, E, Game, S, V
from tutor.ui import html as h
from tutor.ui import scenario
from tutor.ui.actions import ActionGroup, ActionPanel
from tutor.ui.editor import EditorButton, EditorSpec
from tutor.ui.hints import HintPanel
from tutor.ui.htmlwidget import Html
from tutor.ui.journal import Journal
from tutor.ui.page import GamePage
from tutor.ui.session import Session, Step
from tutor.ui.whatif import WhatIfPanel, policies
from tutor.ui.widgets import (
    ErrorArea,
    GameSettings,
    Refusal,
    game_number_field,
    guarded,
    history_slider,
    read_game_number,
    set_html,
)


@dataclass(frozen=True)
class Surface(Generic[S, A, V, E]):
    """What a game page tells the shared play components.

    ``draw(view, events)`` is the table as that view shows it after the step whose ``events`` are
    given (the teacher's view has ``seat=None``); ``groups(view, legal)`` the learner's legal
    actions grouped for display; ``prompt(view)`` a short French instruction; ``keep(event,
    viewer)`` whether ``viewer`` (``None``: the teacher) may read ``event`` in the journal;
    ``tell(event, viewer)`` the French sentence ``viewer`` reads for it in the journal and hears
    from a screen reader, for a game whose events read differently to each viewer (faces a
    player never saw); ``None``: the game's ``describe``, the same for everyone.

    Its :attr:`engine` is its page's (:attr:`GamePage.engine`, the one source): through the
    page's type mypy checks every function given here against that game's own ``View``,
    actions and events.
    """

    page: GamePage[S, A, V, E]
    draw: Callable[[V, Sequence[E]], str]
    groups: Callable[[V, Sequence[A]], Sequence[ActionGroup]]
    prompt: Callable[[V], str] = lambda view: ""
    keep: Callable[[E, str | None], bool] = lambda event, viewer: True
    tell: Callable[[E, str | None], str] | None = None
    you: str = "Camille"
    bots: tuple[str, ...] = ("Alex", "Béa", "Dario", "Léo", "Emma")
    opponents: tuple[int, ...] = (1, 2, 3)
    level: str = ""
    players: tuple[int, ...] = ()
    preset: str = "standard"
    setup: Mapping[str, Any] = field(default_factory=dict)
    #: the page writes totals with their sign (« +50 »), so the final table does too
    signed: bool = False
    #: the sandbox's « Mettre en place » (the game's editable parts), if the page has one
    editor: EditorSpec | None = None

    @property
    def engine(self) -> Game[S, A, V, E]:
        """The page's game (its package's ``GAME``), read from the page."""
        return self.page.engine


def outcome_panel(surface: Surface[S, A, V, E], state: S) -> str:
    """The final scores, the winners, the reason and the clause that decided."""
    out = surface.engine.outcome(state)
    # best first, whichever way the game counts (the lowest total wins some games)
    low = bool(out.winners) and out.scores[out.winners[0]] == min(out.scores.values()) < max(
        out.scores.values())
    rows = [[h.esc(p), f"<strong>{h.esc(fr.total(s, surface.signed))}</strong>",
             '<span class="tv-tag tv-ok">vainqueur</span>' if p in out.winners else ""]
            for p, s in sorted(out.scores.items(), key=lambda kv: kv[1] if low else -kv[1])]
    return (f'<div class="tv-panel tv-success tv-final"><div class="tv-title">Fin de la partie'
            f"</div>{h.table(['Joueur', 'Points', 'Résultat'], rows)}<p>{h.esc(out.reason)}</p>"
            f"{surface.page.cite(out.clause)}</div>")


def move_text(engine: AnyEngine, action: Any) -> str:
    """A move in the scenario's words: « Alex : carte 12 »."""
    written = dict(engine.SCENARIO.write_action(action))
    who = written.pop("joueur", "")
    return f"{who} : " + ", ".join(f"{k} {v}" for k, v in written.items())


def reading_label(engine: AnyEngine, variant: Any) -> str:
    """The name of the reading ``variant``: its preset's label, else the readings it changes
    from the standard preset, in the scenario's words."""
    presets = engine.PRESETS
    readings = sc.readings_of(engine)

    def changed(preset: Any) -> list[sc.Reading]:
        return [r for r in readings if getattr(preset, r.field) != getattr(variant, r.field)]

    key = min(presets, key=lambda k: len(changed(presets[k])))
    words = [f"{r.name or r.key.replace('_', ' ')} {r.values[getattr(variant, r.field)]}"
             for r in changed(presets[key])]
    return ", ".join([str(engine.PRESET_LABELS[key]), *words])


class _Board(w.VBox, Generic[S, A, V, E]):  # type: ignore[misc]
    """The parts :class:`PlayTable` and :class:`Sandbox` share around one session.

    For "Et si… ?" (:mod:`tutor.ui.whatif`): ``origin`` is the state the game started from when
    it is not ``session.steps[0].state`` (computer players who start), ``opening_actions`` their
    actions, ``policies`` the computer players' ``(kind, seed)`` by seat, ``me`` the learner's
    seat (``None``: every seat, in a sandbox)."""

    origin: S | None
    opening_actions: tuple[A, ...]
    policies: Mapping[str, tuple[str, int]]
    me: str | None

    def __init__(self, surface: Surface[S, A, V, E], settings: w.Widget, state: S,
                 opening: Sequence[E], viewer: str | None, *,
                 act: Callable[[A], None],
                 acting: Callable[[Step[S, A, V, E]], str | None]) -> None:
        self.surface: Surface[S, A, V, E] = surface
        self.engine: Game[S, A, V, E] = surface.engine
        self.act, self.acting = act, acting
        book = surface.page.book()
        self.error = ErrorArea(book)
        self.guard = guarded(self.error)
        self.viewer = viewer
        self.session: Session[S, A, V, E] = Session(self.engine, state, opening, seat=viewer)
        surface.page.progress.watch_session(self.session)
        self.table = Html()
        self.table.add_class("tv-table-view")
        self.actions = ActionPanel(act, self.error)
        self.hints = HintPanel(self, self.guard)
        self.undo_button = w.Button(description="↶ Annuler", layout=w.Layout(width="auto"))
        self.redo_button = w.Button(description="↷ Rétablir", layout=w.Layout(width="auto"))
        self.time = history_slider("Étape")
        self.notice = Html()
        self.journal = Journal(self.session, book, self.describe,
                               keep=lambda e: surface.keep(e, self.viewer))
        # what the last moves did, said to a screen reader (the table is redrawn whole)
        self.said = Html()
        self.said.add_class("tv-live")
        self.said.add_class("tv-sr-only")
        self._said_at = self.session.cursor
        self.undo_button.on_click(self.guard(lambda _: self.session.undo()))
        self.redo_button.on_click(self.guard(lambda _: self.session.redo()))
        self.time.observe(self.guard(self._travel), names="value")
        self.session.observe(lambda _: self.guard(self.render)(), names="version")
        nav = w.HBox([self.undo_button, self.redo_button, self.time],
                     layout=w.Layout(flex_flow="row wrap", align_items="center"))
        self.whatif = WhatIfPanel(self)
        super().__init__([settings, self.said, self.table, self.actions, self.hints,
                          self.error, self.notice, nav, self.whatif, self.journal])
        # the page keeps the keyboard's focus on the board when a move redraws its controls
        # (tutor/voila/templates/tutor/access.html): on its next action, else on its table
        self.add_class("tv-board")

    def describe(self, event: E) -> str:
        """``event`` in French as this board's viewer reads it (:attr:`Surface.tell`)."""
        tell = self.surface.tell
        return tell(event, self.viewer) if tell is not None else self.engine.describe(event)

    def variant_for(self, preset: str) -> Any:
        """The variant a new game is dealt under when the settings choose ``preset``: the
        preset itself. The hook for a page whose settings carry more readings than the preset
        (a tick box beside it): it overrides this, and every deal and « Nouvelle partie »
        follows."""
        return self.surface.engine.Variant.coerce(preset)

    def _travel(self, change: Mapping[str, Any]) -> None:
        if change["new"] != self.session.cursor:
            self.session.goto(int(change["new"]))

    def render(self) -> None:
        """Draw the step the cursor shows: every question is read from the step record."""
        self.hints.clear()
        step = self.session.step
        view = step.view(self.viewer)
        body = self.surface.draw(view, step.events)
        if step.over:
            body = outcome_panel(self.surface, step.state) + body
        set_html(self.table, body)
        seat = self.acting(step)
        if seat is None:
            prompt = ("La partie est finie : « Nouvelle partie » pour rejouer."
                      if step.over else "")
            self.actions.show((), prompt)
        else:
            seen = step.view(seat) if self.viewer is not None else view
            prompt = self._prompt(seat, seen)
            self.actions.show(self.surface.groups(seen, step.legal(seat)), prompt)
        self._say(prompt)
        message = self.session.message
        set_html(self.notice, h.message_panel("info", message) if message else "")
        self.undo_button.disabled = not self.session.can_undo
        self.redo_button.disabled = not self.session.can_redo
        self.time.max = len(self.session.steps) - 1
        self.time.value = self.session.cursor

    #: the most moves' events said at once (a computer player's turns after the learner's)
    SAID_EVENTS = 8

    def _say(self, prompt: str) -> None:
        """Tell a screen reader, in the live region, what the steps since the last drawing did
        (as the journal tells them to this viewer: only what they may know), then the prompt;
        after going back, what the step shown did."""
        cursor = self.session.cursor
        first = self._said_at + 1 if cursor > self._said_at else cursor
        self._said_at = cursor
        journal = self.journal
        events = [e for step in self.session.steps[first:cursor + 1]
                  for e in step.events if journal.keep(e)][-self.SAID_EVENTS:]
        told = [journal.describe(e) for e in events]
        if events:  # the clause that decided the last of them, as the journal cites it
            told.append(fr.ruled_by(journal.book.clause(events[-1].clause).title))
        self.announce(" ".join(t for t in (*told, prompt) if t))

    def announce(self, text: str) -> None:
        """Say ``text`` to a screen reader (the live region; nothing shows on the page)."""
        set_html(self.said, f"<p>{h.esc(fr.typography(text))}</p>" if text else "")

    def _prompt(self, seat: str, view: V) -> str:
        text = self.surface.prompt(view)
        if self.viewer is None:
            return fr.typography(f"À {seat} de jouer. {text}".strip())
        return text


class PlayTable(_Board[S, A, V, E]):
    """A whole game against computer players: settings, the learner's view (or the teacher's),
    their legal actions, undo/redo/time travel, the journal."""

    def __init__(self, surface: Surface[S, A, V, E], seed: int = 1) -> None:
        engine = surface.engine
        self.surface = surface
        self.settings = GameSettings(engine, opponents=surface.opponents, seed=seed,
                                     name=surface.you, level=surface.level or
                                     next(iter(engine.PLAYER_KINDS)))
        self.bots: dict[str, Bot[V, A]] = {}
        self.me = surface.you
        # the first game is the one the settings show
        state, opening = self._deal(surface.you, int(self.settings.opponents.value), seed,
                                    surface.preset, str(self.settings.level.value))
        self.policies = policies(self.me, list(self.bots), str(self.settings.level.value), seed)
        super().__init__(surface, self.settings, state, opening, surface.you,
                         act=self.play, acting=self.acting_seat)
        self.settings.start_button.on_click(self.guard(lambda _: self.start()))
        self.settings.teacher.observe(lambda _: self.guard(self._teacher)(), names="value")
        self.next_reading = Html()
        self.next_reading.add_class("tv-next-reading")
        self.settings.children = (*self.settings.children[:-1], self.next_reading,
                                  self.settings.children[-1])
        self.settings.preset.observe(lambda _: self.guard(self.reading_note)(), names="value")
        self.add_class("tv-game")
        self.render()

    def chosen_variant(self) -> Any:
        """The reading the settings choose for the next game."""
        return self.variant_for(str(self.settings.preset.value))

    def reading_note(self) -> None:
        """A reading chosen during a game applies to the next one: the settings say so, and
        name the reading in play (the computer players chose their moves under it)."""
        playing = self.session.steps[0].state.variant
        chosen = self.chosen_variant()
        set_html(self.next_reading, "" if chosen == playing else h.message_panel(
            "info", fr.typography(f"« {reading_label(self.engine, chosen)} » : à la prochaine "
                                  "partie."),
            fr.typography(f"La partie en cours suit « {reading_label(self.engine, playing)} » "
                          "; « Nouvelle partie » la rejoue sous la règle choisie.")))

    def _deal(self, me: str, opponents: int, seed: int, preset: str,
              level: str) -> tuple[S, tuple[E, ...]]:
        engine = self.surface.engine
        names = [me, *[b for b in self.surface.bots if b != me][:opponents]]
        state = engine.new_game(names, seed=seed, variant=self.variant_for(preset),
                                **self.surface.setup)
        make = engine.PLAYER_KINDS[level][1]
        self.bots = {name: make(seed=seed * 10 + k) for k, name in enumerate(names[1:], 1)}
        self.me = me
        events = list(engine.opening_events(state))
        self.origin, self.opening_actions = state, ()
        while (action := self._reply(Step(engine, state))) is not None:  # computers who start
            self.opening_actions += (action,)
            state, evs = engine.apply(state, action)
            events.extend(evs)
        return state, tuple(events)

    def start(self) -> None:
        """A new game with the chosen name, opponents, level, reading and game number."""
        s = self.settings
        state, opening = self._deal(s.player_name(), int(s.opponents.value), s.game_number(),
                                    str(s.preset.value), str(s.level.value))
        self.policies = policies(self.me, list(self.bots), str(s.level.value), s.game_number())
        self.viewer = None if s.teacher.value else self.me
        self.session.restart(state, opening, seat=self.me)
        self.reading_note()

    def _teacher(self) -> None:
        self.viewer = None if self.settings.teacher.value else self.me
        self.journal.refresh()
        self.render()
        self.whatif.refresh()

    def _reply(self, step: Step[S, A, V, E]) -> A | None:
        """The next computer player's action, or ``None`` when the learner must act (or the game
        is over). The computer player is handed its seat's view and legal actions only (as
        :func:`tutor.engine.api.bot_action` does), read from the step."""
        seats = step.seats
        if not seats or self.me in seats:
            return None
        return self.bots[seats[0]].choose(step.view(seats[0]), step.legal(seats[0]))

    def acting_seat(self, step: Step[S, A, V, E]) -> str | None:
        return self.me if self.me in step.seats else None

    def play(self, action: A) -> None:
        """The learner's action, then the computer players' until the learner must act again:
        one step, each action applied once."""
        self.session.act(action, chooser=self.me, reply=self._reply)

    def _prompt(self, seat: str, view: V) -> str:
        return self.surface.prompt(view)


class Sandbox(_Board[S, A, V, E]):
    """The learner plays every seat, everything visible; a new deal by players, reading and
    game number."""

    def __init__(self, surface: Surface[S, A, V, E], seed: int = 7) -> None:
        engine = surface.engine
        self.surface = surface
        counts = surface.players or tuple(range(engine.MIN_PLAYERS, engine.MAX_PLAYERS + 1))
        self.count = w.ToggleButtons(options=list(counts), value=counts[0],
                                     description="Joueurs", style={"button_width": "3rem"})
        self.preset = w.Dropdown(
            options=[(label, key) for key, label in engine.PRESET_LABELS.items()],
            value=surface.preset, description="Règle",
            layout=w.Layout(width="auto", max_width="100%"))
        self.seed = game_number_field(seed)
        self.new_button = w.Button(description="Nouvelle partie", icon="refresh")
        row = w.Layout(flex_flow="row wrap")
        self.reading = Html()
        self.reading.add_class("tv-reading-status")
        self.reading_undo = w.Button(description="Annuler", icon="undo",
                                     layout=w.Layout(width="auto", display="none"))
        self.reading_undo.add_class("tv-reading-undo")
        settings = w.VBox([w.HBox([self.count, self.seed], layout=row),
                           w.HBox([self.preset, self.new_button], layout=row),
                           w.HBox([self.reading, self.reading_undo], layout=row)])
        self.origin, self.opening_actions, self.policies, self.me = None, (), {}, None
        state = self._deal(counts[0], seed, surface.preset)
        super().__init__(surface, settings, state, engine.opening_events(state), None,
                         act=self.play, acting=self.acting_seat)
        self._quiet = False
        self._before: tuple[S, list[A], int, Any] | None = None
        self.new_button.on_click(self.guard(lambda _: self.start()))
        self.preset.observe(lambda _: self.guard(self.change_reading)(), names="value")
        self.reading_undo.on_click(self.guard(lambda _: self.undo_reading()))
        self.add_class("tv-sandbox")
        self.render()
        self.scenario = scenario.attach(self)  # « Scénario »: copy, load, share by link
        self.editor: EditorButton | None = None
        if surface.editor is not None:  # « Mettre en place »
            self.editor = EditorButton(self, surface.editor)
            self.new_button.layout.margin = "0 0.5rem 0 0"
            row = settings.children[1]
            row.children = (*row.children, self.editor.button)
            surface.page.sandbox = self

    def _deal(self, n: int, seed: int, preset: str) -> S:
        names = (self.surface.you, *self.surface.bots)[:n]
        return self.surface.engine.new_game(names, seed=seed, variant=self.variant_for(preset),
                                            **self.surface.setup)

    def start(self) -> None:
        state = self._deal(int(self.count.value), read_game_number(self.seed.value),
                           str(self.preset.value))
        self.session.restart(state, self.engine.opening_events(state))
        self._forget_reading()

    def acting_seat(self, step: Step[S, A, V, E]) -> str | None:
        return step.seats[0] if step.seats else None

    @contextmanager
    def settling(self) -> Iterator[None]:
        """Inside this block, the settings change without replaying the game (they are being
        set to say what is in play)."""
        quiet, self._quiet = self._quiet, True
        try:
            yield
        finally:
            self._quiet = quiet

    def show_variant(self, variant: Any) -> None:
        """The settings name the reading ``variant`` (a loaded scenario; no new deal: only
        « Nouvelle partie » deals)."""
        with self.settling():
            self.show_reading(variant)
        self._forget_reading()

    def chosen_variant(self) -> Any:
        """The reading the settings choose."""
        return self.variant_for(str(self.preset.value))

    def _forget_reading(self) -> None:
        self._before = None
        set_html(self.reading, "")
        self.reading_undo.layout.display = "none"

    def change_reading(self) -> None:
        """A reading chosen in the settings takes effect at once: the game is dealt again from
        the same record and every move played so far replayed under it. When a move becomes
        illegal, the change is refused, naming the move, and the settings come back to the
        reading in play; when the new reading cannot deal the same cards (another deck), the
        settings say it applies to the next game. « Annuler » undoes a change made."""
        if self._quiet:
            return
        session = self.session
        start, new = session.steps[0].state, self.chosen_variant()
        if new == start.variant:
            self._forget_reading()
            return
        was, now = reading_label(self.engine, start.variant), reading_label(self.engine, new)
        actions = [a for step in session.steps[1:] for a in step.actions]
        # the whole line's record: the shuffles drawn later in the game too
        record = session.steps[-1].state.record
        try:
            first = state = sc.resumed(  # the same position (a later manche…), new reading
                self.engine, self.engine.new_game(start.players, record=record, variant=new),
                sc.start_of(self.engine, start))
            for k, action in enumerate(actions, 1):
                try:
                    state, _ = self.engine.apply(state, action)
                except IllegalAction as exc:
                    with self.settling():
                        self.show_reading(start.variant)
                    raise Refusal(fr.typography(
                        f"Sous « {now} », le coup {k} ({move_text(self.engine, action)}) est "
                        f"impossible : {exc.reason} La partie garde « {was} ».")) from None
        except (IllegalAction, ValueError) as exc:
            if isinstance(exc, Refusal):
                raise
            # another deck, or more shuffles than this game drew: not the same game
            self._before = None
            self.reading_undo.layout.display = "none"
            set_html(self.reading, h.message_panel(
                "info", fr.typography(f"« {now} » : à la prochaine partie."),
                fr.typography(f"Sous cette règle, ces cartes ne donnent pas la même partie : la "
                              f"partie en cours suit « {was} » ; « Nouvelle partie » en "
                              "distribue une sous la règle choisie.")))
            return
        self._before = (start, actions, session.cursor, start.variant)
        self._replay(first, actions, session.cursor)
        self.reading_undo.layout.display = ""
        set_html(self.reading, h.message_panel(
            "success", fr.typography(f"Règle en jeu : « {now} »."),
            fr.typography(f"{fr.capitalize(fr.count(len(actions), 'coup rejoué', 'coups rejoués'))}"
                          f" sous cette règle ; « Annuler » revient à « {was} ».")))

    def undo_reading(self) -> None:
        """Back to the reading in play before the last change, and its game."""
        if self._before is None:
            return
        start, actions, cursor, variant = self._before
        self._replay(start, actions, cursor)
        with self.settling():
            self.show_reading(variant)
        self._forget_reading()

    def show_reading(self, variant: Any) -> None:
        """The settings' controls set to ``variant`` (a page with more controls than the preset
        sets them too)."""
        for key, preset in self.engine.PRESETS.items():
            if preset == variant and key in {k for _, k in self.preset.options}:
                self.preset.value = key
                return

    def _replay(self, start: S, actions: Sequence[A], cursor: int) -> None:
        session = self.session
        with session.hold_trait_notifications():
            session.restart(start, self.engine.opening_events(start))
            for action in actions:
                session.act(action, chooser=action.seat)
            session.goto(min(cursor, len(session.steps) - 1))

    def play(self, action: A) -> None:
        self.session.act(action, chooser=self.acting_seat(self.session.step))

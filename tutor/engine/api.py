"""The contract every game satisfies: what shared code (pages, tools, tests) may use of a game.

A game is one instance of a :class:`Game` subclass (``tutor.games.<id>.GAME``), described by its
:class:`GameType` (players, perfect or hidden information, chance: in the spirit of
OpenSpiel's ``GameType``). The registry (:mod:`tutor.games`) holds those instances.

The verbs are OpenSpiel's, in our words: :meth:`Game.new_game`, :meth:`Game.current_seats`,
:meth:`Game.legal_actions` (the only legality logic), :meth:`Game.apply` (checks legality,
returns a new state and the events, each citing a clause), :meth:`Game.view` (what one seat may
see), :meth:`Game.is_over`, :meth:`Game.outcome`. Chance is recorded in the state as a
:class:`Record`; :meth:`Game.replay` rebuilds a game from it and the actions, without random
state. Computer players are :class:`Bot` objects that see a view and the legal actions only.

The base owns what every game would otherwise write again: the set-up checks of
:meth:`Game.new_game` (players, readings, a seed or a record and never both), :meth:`Game.replay`,
the checked :meth:`Game.apply` wrapping the game's own :meth:`Game.step`, the dispatch of worked
examples, and the defaults of the hooks. ``S``, ``A`` and ``V`` are bounded by small Protocols
naming exactly what shared code reads of a state, an action and a view.

Standard library only.
"""

from __future__ import annotations

import builtins
import random
from abc import ABC, abstractmethod
from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, Generic, Literal, Protocol, TypeVar

from tutor.engine.core import (
    Event,
    IllegalAction,
    Lesson,
    Outcome,
    Record,
    check_players,
    short_repr,
)
from tutor.engine.examples import ExampleRun, Kind
from tutor.engine.hints import ExpertKind, Rollout
from tutor.engine.phrases import Phrasebook
from tutor.engine.scenario import Notation, dispatch_example


class Seated(Hashable, Protocol):
    """What shared code reads of an action: the seat that takes it (actions are values: they
    hash, compare and sort)."""

    @property
    def seat(self) -> str: ...


class StateLike(Protocol):
    """What shared code reads of a state: who plays, the readings in force, the recorded
    chance."""

    @property
    def players(self) -> tuple[str, ...]: ...

    @property
    def variant(self) -> Any: ...

    @property
    def record(self) -> Record: ...


class Named(Protocol):
    @property
    def name(self) -> str: ...


class ViewLike(Protocol):
    """What shared code reads of a view: whose it is (``None``: the teacher's) and the seats'
    names in order."""

    @property
    def seat(self) -> str | None: ...

    @property
    def players(self) -> Sequence[Named]: ...


S = TypeVar("S", bound=StateLike)  # a game's State
A = TypeVar("A", bound=Seated)  # a game's action type (a union of action classes)
V = TypeVar("V", bound=ViewLike)  # a game's View
E = TypeVar("E", bound=Event)  # a game's events (a union of its event classes)
V_contra = TypeVar("V_contra", contravariant=True)

Seed = int | random.Random
Information = Literal["perfect", "hidden"]


EXPERT_LABEL = "Expert (joue ce que conseillerait un «\u202fConseil\u202f» rapide)"


@dataclass(frozen=True)
class GameType:
    """What kind of game a game is, for shared code and shared tests.

    ``id`` names the package, the rule file (``rules/<id>.fr.md``) and the page module;
    ``information``: ``"hidden"`` when some seat's view hides part of the state (hands, face-down
    cards), ``"perfect"`` when every view shows everything; ``chance``: whether shuffles decide
    part of the game (two seeds then usually give two different games); ``players_clause``: the
    clause a wrong player count cites.
    """

    id: str
    name: str
    min_players: int
    max_players: int
    information: Information
    chance: bool
    players_clause: str

class Bot(Protocol[V_contra, A]):
    """A computer player: chooses one of ``legal`` from what its seat may see, never the state.

    Built with ``seed=`` (a kind in ``PLAYER_KINDS`` is a class taking it); the same seed and the
    same views give the same choices.
    """

    def choose(self, view: V_contra, legal: Sequence[A]) -> A: ...


class BotKind(Protocol[V_contra, A]):
    """How a bot is made: ``Kind(seed=...)``."""

    def __call__(self, *, seed: Seed = ...) -> Bot[V_contra, A]: ...


class Game(ABC, Generic[S, A, V, E]):
    """A game: its type, its readings and computer players, and its rules as methods.

    Player counts and the variant
        ``type`` (:class:`GameType`); ``MIN_PLAYERS``, ``MAX_PLAYERS`` (from it); ``Variant`` (a
        frozen dataclass of readings, refusing unknown or impossible values), ``PRESETS`` (named
        variants, ``"standard"`` first: every reading at its default) and ``PRESET_LABELS``
        (their French labels).
    Play
        :meth:`new_game`, :meth:`opening_events` (the set-up told as events),
        :meth:`current_seats` (who must act now, in order), :meth:`legal_actions` (sorted;
        non-empty for every current seat), :meth:`apply` (``IllegalAction`` with a French reason
        and the clause when not legal; the state is immutable, so it is unchanged),
        :meth:`is_over`, :meth:`outcome` (final scores, winners, reason, clause), :meth:`view`
        (what ``seat`` may see; ``None``: the teacher's view, all cards shown), :meth:`replay`
        (from the state's ``record`` and the actions); :meth:`inventory` counts every physical
        piece of the game wherever it lies (cards by kind, sticks by colour...): it never
        changes from one state of a game to the next (conservation). The actions of one game are
        totally ordered with ``<`` and :meth:`legal_actions` returns them sorted.
        ``apply(..., explain=False)`` skips building the events (simulations; same state).
    Hidden information
        :meth:`sample_state` builds, from one seat's view only (never the state), a full state
        consistent with it: what the seat cannot see (other hands, face-down piles, the order of
        cards to come, cards it has forgotten) re-dealt at random from ``rng`` among the cards
        it does not see, everything visible kept exactly, so that
        ``view(sample_state(v, rng), v.seat) == v`` and :meth:`inventory` is that of a real game
        (hints play from such states: :mod:`tutor.engine.hints`). :meth:`hint_class` names what
        ``view`` can tell of an action: two actions of one class differ only by pieces the view
        cannot tell apart (two unseen cards of one hand), so exchanging them maps the states
        :meth:`sample_state` draws onto equally likely ones and the computer players treat them
        alike: one estimate serves them all (by default every action stands alone).
        :meth:`span_outcome` is what one hint playout scores, from state ``start`` to ``now``:
        ``None`` while the stretch of play a hint looks at goes on, then its :class:`Outcome`
        (by default the whole game; a Vaiko game lasts many manches, its hints look at the
        manche being played).
    Text and examples
        :meth:`describe` (one event in French, from ``PHRASES``), :meth:`run_example` (a
        worked example of the rule file, replayed; :class:`~tutor.engine.examples.ExampleError`
        when malformed), from the game's :meth:`example_kinds`.
    Scenarios
        ``SCENARIO``: how the game writes an exact scenario (what chance decided, the moves:
        :class:`~tutor.engine.scenario.Notation`).
    Computer players
        ``PLAYER_KINDS``: kind -> (French label, :class:`BotKind`); with ``EXPERT`` set, the
        base adds « Expert » (:class:`~tutor.engine.hints.ExpertPlayer`), which plays at each
        decision what a small « Conseil » from its own view would choose.
    Hooks
        :meth:`preflight` checks the data a page loads at start (raises ``ValueError`` naming
        file, line and reason); :meth:`read_data_file` returns a French summary when ``path`` is
        a data file of this game (a Vaiko deck), ``None`` when it is not one of its kinds, and
        raises ``ValueError`` (``file:line: reason``) when it is one but malformed.

    What a game writes: :meth:`draw` (chance for a new game from a seed, as a record; the same
    seed always gives the same record), :meth:`setup` (the
    first position of a recorded game, checking the record), :meth:`is_legal` (a view over the
    same rule as :meth:`legal_actions`), :meth:`refusal` (why an action is not legal) and
    :meth:`step` (the resolution of a legal action), plus the queries above.
    """

    type: ClassVar[GameType]
    Variant: ClassVar[Any]
    PRESETS: ClassVar[Mapping[str, Any]]
    PRESET_LABELS: ClassVar[Mapping[str, str]]
    PLAYER_KINDS: Mapping[str, tuple[str, BotKind[Any, Any]]]
    #: the « Expert » computer player: the kind its races play with and the computer decisions
    #: it may spend on one choice (at most about 0.2 s on the reference machine, less in the
    #: games whose long matches would make ``make bench``'s 200 games last hours; a count, so
    #: that a seed always gives the same game); ``None``: no Expert
    EXPERT: ClassVar[tuple[str, int] | None] = None
    SCENARIO: ClassVar[Notation[Any, Any]]
    #: how the game tells its events in French (:meth:`describe`)
    PHRASES: ClassVar[Phrasebook]
    #: which actions a hint counts as one (:meth:`hint_class`), in French, for the « Conseil »
    #: panel's explanation; ``None``: every action stands alone
    ALIKE: ClassVar[str | None] = None
    #: the class of the game's positions (checked once, where a position enters :meth:`apply`)
    state_type: ClassVar[builtins.type[Any]]
    #: the game's own set-up choices that :meth:`new_game` accepts (kept in the record)
    OPTIONS: ClassVar[tuple[str, ...]] = ()
    #: rule-level lessons « Pourquoi je n’ai pas gagné ? » names when a game shows them
    #: (:class:`~tutor.engine.core.Lesson`; each cites a clause of the game's rule file)
    LESSONS: ClassVar[tuple[Lesson, ...]] = ()

    def where_lost(self, events: Sequence[Event], seat: str) -> tuple[str, ...]:
        """Where ``seat``'s points went in a finished game, read from its ``events`` (the
        game's scoring: hunts discarded, piles and sticks taken, scores erased), as short French
        phrases « Pourquoi je n’ai pas gagné ? » opens with (none by default)."""
        return ()

    def __init__(self) -> None:
        if self.EXPERT is not None:
            rollout, budget = self.EXPERT
            self.PLAYER_KINDS = {**type(self).PLAYER_KINDS,
                                 "expert": (EXPERT_LABEL, ExpertKind(self, rollout, budget))}

    @property
    def MIN_PLAYERS(self) -> int:
        return self.type.min_players

    @property
    def MAX_PLAYERS(self) -> int:
        return self.type.max_players

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.type.id!r}>"

    # --- what the base owns -------------------------------------------------------------------

    def new_game(self, players: Sequence[str], *, seed: Seed | None = None, variant: Any = None,
                 record: Record | None = None, **options: Any) -> S:
        """Start a game: the shuffles drawn from ``seed`` (an ``int`` or a ``random.Random``), or
        laid as in ``record`` when replaying; exactly one of the two must be given. ``options``
        are the game's own set-up choices (kept in the record)."""
        names = check_players(players, self.MIN_PLAYERS, self.MAX_PLAYERS,
                              self.type.players_clause)
        rules = self.Variant.coerce(variant)
        unknown = sorted(set(options) - set(self.OPTIONS))
        if unknown:
            known = ", ".join(self.OPTIONS) or "aucun"
            raise ValueError(f"Réglage inconnu pour {self.type.name} : {', '.join(unknown)} "
                             f"(réglages possibles : {known}).")
        if (seed is None) == (record is None):
            raise ValueError("Donnez soit une graine (seed), soit l’enregistrement d’une partie "
                             "(record), et un seul des deux.")
        if record is None:
            if type(seed) is not int and not isinstance(seed, random.Random):
                raise ValueError("La graine doit être un nombre entier ou un random.Random, pas "
                                 f"{short_repr(seed)}.")
            record = self.draw(names, rules, seed, options)
        elif not isinstance(record, Record):
            raise ValueError(f"Enregistrement illisible : {short_repr(record)} ; il faut "
                             "l’enregistrement (Record) d’une partie.")
        return self.setup(names, rules, record, options)

    def replay(self, players: Sequence[str], record: Record, actions: Sequence[A],
               variant: Any = None) -> S:
        """Rebuild a game from its recorded chance and its actions, without any random state."""
        state = self.new_game(players, record=record, variant=variant)
        if isinstance(actions, str | bytes) or not isinstance(actions, Sequence):
            raise ValueError("Les coups d’une partie se donnent sous forme de liste.")
        for action in actions:
            state, _ = self.apply(state, action, explain=False)
        return state

    def apply(self, state: S, action: A, *, explain: bool = True) -> tuple[S, tuple[E, ...]]:
        """Play ``action``: the new state and what happened, each event citing its clause. An
        action that is not legal raises :class:`~tutor.engine.IllegalAction` (French reason,
        clause) and ``state`` is unchanged (immutable). ``explain=False`` skips the events."""
        if type(state) is not self.state_type:
            raise ValueError(f"Ce n’est pas une position de {self.type.name} : "
                             f"{short_repr(state)}.")
        if not self.is_legal(state, action):
            raise self.refusal(state, action)
        return self.step(state, action, explain)

    def run_example(self, data: Mapping[str, Any]) -> ExampleRun:
        """Replay one worked example of the rule file (its ``type`` among :meth:`example_kinds`, or
        a ``"scenario"``); :class:`~tutor.engine.examples.ExampleError` when malformed."""
        return dispatch_example(self, data, self.type.id, self.example_kinds(),
                                self.Variant.coerce)

    # --- hooks with a default -------------------------------------------------------------------

    def is_legal(self, state: S, action: object) -> bool:
        """Whether ``action`` is legal now: by default, one of the legal actions of its seat."""
        seat = getattr(action, "seat", None)
        return (type(seat) is str and seat in state.players
                and action in self.legal_actions(state, seat))

    def describe(self, event: Event) -> str:
        """One event in French, from the game's phrasebook (a French ``ValueError`` for
        anything that is not an event of the game)."""
        return self.PHRASES.describe(event)

    def example_kinds(self) -> Mapping[str, Kind]:
        """The game's own kinds of worked example, by ``type`` (none by default: scenarios
        only)."""
        return {}

    def hint_class(self, view: V, action: A) -> Hashable:
        """Every action stands alone unless the game says otherwise."""
        return action

    def span_outcome(self, start: S, now: S) -> Outcome | None:
        """A hint looks at the whole game unless the game says otherwise."""
        return self.outcome(now) if self.is_over(now) else None

    def rollout(self, start: S, state: S, kind: str, seeds: Sequence[int]
                ) -> Rollout | None:
        """A hint's playout played by the game's own code (:data:`~tutor.engine.hints.Rollout`:
        what :func:`~tutor.engine.hints.playout` gives with computer players of ``kind`` seeded
        with ``seeds``, seat by seat, and exactly the same), or ``None``: the playout is then
        played through the contract. None by default."""
        return None

    ROLLOUTS_TOGETHER = False
    """Whether :meth:`rollouts` plays a round's playouts together, sooner than one by one (a
    race then hands it whole rounds wherever it can)."""

    def rollouts(self, start: S, states: Sequence[S], kind: str, seeds: Sequence[int]
                 ) -> Sequence[Rollout | None]:
        """:meth:`rollout` for each of ``states`` (each reached from ``start`` by one action),
        all with the same ``seeds``: a race's round, one playout per action tried. A game may
        play them together, each giving what :meth:`rollout` gives alone
        (:attr:`ROLLOUTS_TOGETHER`); one by one by default."""
        return [self.rollout(start, state, kind, seeds) for state in states]

    def glance(self, state: S, seat: str) -> object:
        """What a computer player that says so (``GLANCES``) is handed in a hint's playouts
        in place of its view: its whole view unless the game builds a lighter one, which
        answers everything that player reads as the view does (Stupides Vautours: the table
        alone, no rows, for a player that reads nothing else; Vaiko: the view with its rows
        made when read)."""
        return self.view(state, seat)

    def preflight(self) -> None:
        """Nothing to check unless the game reads data files."""

    def read_data_file(self, path: str) -> str | None:
        """No data file unless the game has some."""
        return None

    # --- what each game writes ----------------------------------------------------------------

    @abstractmethod
    def draw(self, players: tuple[str, ...], variant: Any, seed: Seed,
             options: Mapping[str, Any]) -> Record: ...

    @abstractmethod
    def setup(self, players: tuple[str, ...], variant: Any, record: Record,
              options: Mapping[str, Any]) -> S: ...

    @abstractmethod
    def refusal(self, state: S, action: object) -> IllegalAction: ...

    @abstractmethod
    def step(self, state: S, action: A, explain: bool) -> tuple[S, tuple[E, ...]]: ...

    @abstractmethod
    def opening_events(self, state: S) -> tuple[E, ...]: ...

    @abstractmethod
    def current_seats(self, state: S) -> tuple[str, ...]: ...

    @abstractmethod
    def legal_actions(self, state: S, seat: str) -> tuple[A, ...]: ...

    @abstractmethod
    def is_over(self, state: S) -> bool: ...

    @abstractmethod
    def outcome(self, state: S) -> Outcome: ...

    @abstractmethod
    def view(self, state: S, seat: str | None) -> V: ...

    @abstractmethod
    def sample_state(self, view: V, rng: random.Random) -> S: ...

    @abstractmethod
    def inventory(self, state: S) -> Mapping[Hashable, int]: ...



AnyEngine = Game[Any, Any, Any, Any]


def bot_action(engine: Game[S, A, V, Any], state: S, seat: str, bot: Bot[V, A]) -> A:
    """What ``bot`` plays at ``seat``: it is handed that seat's view and the legal actions,
    never the state (so a computer player cannot cheat, even by mistake)."""
    return bot.choose(engine.view(state, seat), engine.legal_actions(state, seat))

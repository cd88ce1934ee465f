"""The contract every game satisfies: what shared code (pages, tools, tests) may use of a game.

A game is a package ``tutor.games.<id>`` whose ``__init__`` re-exports the names below; the
registry (:mod:`tutor.games`) binds each package to :class:`Engine`, and ``mypy --strict`` proves
the binding (``tutor/games/_contract.py``). Nothing outside a game's package reads any other name
of it by convention or by ``getattr``.

The verbs are OpenSpiel's, in our words: :meth:`Engine.new_game`, :meth:`Engine.current_seats`,
:meth:`Engine.legal_actions` (the only legality logic), :meth:`Engine.apply` (checks legality,
returns a new state and the events, each citing a clause), :meth:`Engine.view` (what one seat may
see), :meth:`Engine.is_over`, :meth:`Engine.outcome`. Chance is recorded in the state as a
:class:`Record`; :meth:`Engine.replay` rebuilds a game from it and the actions, without random
state. Computer players are :class:`Bot` objects that see a view and the legal actions only.

Standard library only.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Hashable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol, TypeVar

from tutor.engine.core import Event, Outcome
from tutor.engine.examples import ExampleRun

if TYPE_CHECKING:
    from tutor.engine.scenario import Notation

S = TypeVar("S")  # a game's State
A = TypeVar("A")  # a game's action type (a union of action classes)
V = TypeVar("V")  # a game's View
V_contra = TypeVar("V_contra", contravariant=True)
A_co = TypeVar("A_co", covariant=True)

Seed = int | random.Random


@dataclass(frozen=True)
class Record:
    """What chance and the set-up decided in one game, as drawn: replayed with the same actions,
    it gives the same game, move for move, without any random state.

    ``shuffles`` holds every shuffle in the order it was drawn (each a tuple of cards, top first;
    a game that reshuffles during play appends to it); ``setup`` holds the set-up choices that
    fix the game without being chance (who starts, which deck file), as ``(name, value)`` pairs.
    """

    shuffles: tuple[tuple[Hashable, ...], ...] = ()
    setup: tuple[tuple[str, Hashable], ...] = ()

    def option(self, name: str, default: Hashable = None) -> Hashable:
        """The set-up value ``name`` (``default`` when not recorded)."""
        return dict(self.setup).get(name, default)

    def drawn(self, shuffle: Sequence[Hashable]) -> Record:
        """This record with one more shuffle appended (the state keeps the new record)."""
        return Record((*self.shuffles, tuple(shuffle)), self.setup)


class Bot(Protocol[V_contra, A]):
    """A computer player: chooses one of ``legal`` from what its seat may see, never the state.

    Built with ``seed=`` (a kind in ``PLAYER_KINDS`` is a class taking it); the same seed and the
    same views give the same choices.
    """

    def choose(self, view: V_contra, legal: Sequence[A]) -> A: ...


class BotKind(Protocol[V_contra, A]):
    """How a bot is made: ``Kind(seed=...)``."""

    def __call__(self, *, seed: Seed = ...) -> Bot[V_contra, A]: ...


class Engine(Protocol[S, A, V]):
    """Everything shared code uses from a game (each member is a module-level name).

    Player counts and the variant
        ``MIN_PLAYERS``, ``MAX_PLAYERS``; ``Variant`` (a frozen dataclass of readings, refusing
        unknown or impossible values), ``PRESETS`` (named variants, ``"standard"`` first: every
        reading at its default) and ``PRESET_LABELS`` (their French labels).
    Play
        ``new_game``, ``opening_events`` (the set-up told as events), ``current_seats`` (who must
        act now, in order), ``legal_actions`` (sorted; non-empty for every current seat),
        ``apply`` (``IllegalAction`` with a French reason and the clause when not legal; the state
        is immutable, so it is unchanged), ``is_over``, ``outcome`` (final scores, winners, reason,
        clause), ``view`` (what ``seat`` may see; ``None``: the teacher's view, all cards shown),
        ``replay`` (from the state's ``record`` and the actions); ``inventory`` counts every
        physical piece of the game wherever it lies (cards by kind, sticks by colour...): it
        never changes from one state of a game to the next (conservation). The actions of one
        game are totally ordered with ``<`` and ``legal_actions`` returns them sorted.
        ``apply(..., explain=False)`` skips building the events (simulations; same state).
    Hidden information
        ``sample_state(view, rng)`` builds, from one seat's view only (never the state), a full
        state consistent with it: what the seat cannot see (other hands, face-down piles, the
        order of cards to come, cards it has forgotten) re-dealt at random from ``rng`` among the
        cards it does not see, everything visible kept exactly, so that
        ``view(sample_state(v, rng), v.seat) == v`` and ``inventory`` is that of a real game
        (hints play from such states: :mod:`tutor.engine.hints`). ``hint_class(view, action)``
        names what ``view`` can tell of an action: two actions of one class differ only by
        pieces the view cannot tell apart (two unseen cards of one hand), so exchanging them
        maps the states ``sample_state`` draws onto equally likely ones and the computer
        players treat them alike: one estimate serves them all (:func:`own_class` where every
        action stands alone). ``span_outcome(start, now)`` is what one hint playout scores,
        from state ``start`` to ``now``: ``None`` while the stretch of play a hint looks at goes
        on, then its :class:`Outcome` (most games: the whole game, :func:`whole_game`; a Vaiko
        game lasts many manches, its hints look at the manche being played).
    Text and examples
        ``describe`` (one event in French), ``run_example`` (a worked example of the rule file,
        replayed; :class:`~tutor.engine.examples.ExampleError` when malformed).
    Scenarios
        ``SCENARIO``: how the game writes an exact scenario (what chance decided, the moves:
        :class:`~tutor.engine.scenario.Notation`).
    Computer players
        ``PLAYER_KINDS``: kind -> (French label, :class:`BotKind`).
    Hooks
        ``preflight()`` checks the data a page loads at start (raises ``ValueError`` naming file,
        line and reason); ``read_data_file(path)`` returns a French summary when ``path`` is a
        data file of this game (a Vaiko deck), ``None`` when it is not one of its kinds, and raises
        ``ValueError`` (``file:line: reason``) when it is one but malformed.
    """

    # read-only members (properties), so that a module's constants and dicts satisfy them
    @property
    def MIN_PLAYERS(self) -> int: ...

    @property
    def MAX_PLAYERS(self) -> int: ...

    @property
    def Variant(self) -> type[Any]: ...

    @property
    def PRESETS(self) -> Mapping[str, Any]: ...

    @property
    def PRESET_LABELS(self) -> Mapping[str, str]: ...

    @property
    def PLAYER_KINDS(self) -> Mapping[str, tuple[str, BotKind[V, A]]]: ...

    @property
    def SCENARIO(self) -> Notation[S, A]: ...

    def new_game(self, players: Sequence[str], *, seed: Seed | None = ...,
                 variant: Any = ..., record: Record | None = ...) -> S: ...

    def opening_events(self, state: S) -> tuple[Event, ...]: ...

    def current_seats(self, state: S) -> tuple[str, ...]: ...

    def legal_actions(self, state: S, seat: str) -> tuple[A, ...]: ...

    def apply(self, state: S, action: A, *, explain: bool = ...
              ) -> tuple[S, tuple[Event, ...]]: ...

    def is_over(self, state: S) -> bool: ...

    def outcome(self, state: S) -> Outcome: ...

    def view(self, state: S, seat: str | None) -> V: ...

    def sample_state(self, view: V, rng: random.Random) -> S: ...

    def hint_class(self, view: V, action: A) -> Hashable: ...

    def span_outcome(self, start: S, now: S) -> Outcome | None: ...

    def replay(self, players: Sequence[str], record: Record, actions: Sequence[A],
               variant: Any = ...) -> S: ...

    def inventory(self, state: S) -> Mapping[Hashable, int]: ...

    def describe(self, event: Event) -> str: ...

    def run_example(self, data: Mapping[str, Any]) -> ExampleRun: ...

    def preflight(self) -> None: ...

    def read_data_file(self, path: str) -> str | None: ...


AnyEngine = Engine[Any, Any, Any]


def own_class(view: Any, action: Hashable) -> Hashable:
    """``hint_class`` of a game where no two actions are alike from a view: each its own."""
    return action


def whole_game(is_over: Callable[[S], bool], outcome: Callable[[S], Outcome]
               ) -> Callable[[S, S], Outcome | None]:
    """``span_outcome`` of a game whose hints look at the whole game: its outcome once over."""
    def span_outcome(start: S, now: S) -> Outcome | None:
        return outcome(now) if is_over(now) else None
    return span_outcome


def bot_action(engine: Engine[S, A, V], state: S, seat: str, bot: Bot[V, A]) -> A:
    """What ``bot`` plays at ``seat``: it is handed that seat's view and the legal actions,
    never the state (so a computer player cannot cheat, even by mistake)."""
    return bot.choose(engine.view(state, seat), engine.legal_actions(state, seat))

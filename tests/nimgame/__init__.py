"""« Allumettes », a one-heap Nim: the tests' own game, proof that the guide to adding a game is
true (README « Ajouter un jeu »).

Rules in brief (clauses in ``nim.fr.md`` beside this file): 2 to 4 players take turns around the
table, the first listed starting; on each turn a player takes 1, 2 or 3 matches from one heap
(never more than are left). Whoever takes the last match wins (``Variant.last = "wins"``), or
loses in the « misère » reading (``"loses"``: the winner is then the player after them).

Perfect information, no chance, one player at a time: it goes through every shared test that
adapts to a game's :class:`~tutor.engine.api.GameType`, the shared UI (a whole game in a
``PlayTable``) and ``python -m tutor check``. It is registered by ``tests/conftest.py`` with
``listed=False``: it never appears on the Accueil.
"""

from __future__ import annotations

import random
from collections.abc import Hashable, Mapping
from pathlib import Path
from typing import Any, Literal, NamedTuple, TypeAlias

from tutor import fr
from tutor.engine import Event, IllegalAction, Outcome, Seated, VariantBase, event
from tutor.engine.api import Game, GameType, Seed
from tutor.engine.bots import RandomPlayer, bot_rng
from tutor.engine.core import Lesson, Record
from tutor.engine.examples import check_keys
from tutor.engine.phrases import Phrasebook
from tutor.engine.scenario import Notation, Reading
from tutor.games import GAMES, GameInfo, register

GAME_ID = "nim"
RULES = Path(__file__).with_name("nim.fr.md")
TAKE = (1, 2, 3)

C_PLAYERS = "nim/joueurs"
C_HEAP = "nim/tas"
C_TURN = "nim/tour"
C_TAKE = "nim/prise"
C_END = "nim/fin"
C_WINNER = "nim/vainqueur"
C_MISERE = "nim/variante-misere"


class NimVariant(VariantBase, game="Allumettes"):
    """The readings in force: who the last match makes win, and the heap's size."""

    last: Literal["wins", "loses"] = "wins"
    heap: Literal[15, 21] = 15


Variant = NimVariant
PRESETS, PRESET_LABELS = NimVariant.presets("Qui prend la dernière allumette gagne", {
    "misere": ("Misère : qui prend la dernière allumette perd", {"last": "loses"}),
})


class Take(NamedTuple):
    """``seat`` takes ``matches`` matches."""

    seat: str
    matches: int


class State(NamedTuple):
    variant: Variant
    players: tuple[str, ...]
    record: Record
    heap: int
    turn: int
    taken: tuple[int, ...]
    last: str | None  # who took the last match, once the heap is empty


class SeatView(NamedTuple):
    name: str
    taken: int


class View(NamedTuple):
    """Everything (perfect information): the same for every seat."""

    seat: str | None
    variant: Variant
    heap: int
    turn: str | None
    players: tuple[SeatView, ...]
    last: str | None


def _winner(state: State) -> str:
    assert state.last is not None
    if state.variant.last == "wins":
        return state.last
    i = state.players.index(state.last)
    return state.players[(i + 1) % len(state.players)]


class CarefulPlayer:
    """« Prudent »: leaves a multiple of 4 when it can (the winning move with two players), else
    takes at random."""

    def __init__(self, *, seed: Seed = 0) -> None:
        self.rng = bot_rng(seed)

    def choose(self, view: View, legal: Any) -> Take:
        goal = 0 if view.variant.last == "wins" else 1
        for action in legal:
            if (view.heap - action.matches) % 4 == goal:
                return action  # type: ignore[no-any-return]
        return self.rng.choice(list(legal))  # type: ignore[no-any-return]


# The game's events: one class per kind, declared with `event` (a frozen dataclass), with typed
# fields and the clause that caused it (``seat``: who acted, if anyone); the players sitting down
# is the engine's shared `Seated`. Readers match on them.

@event
class Heap(Event):
    """The heap holds ``heap`` matches at the start."""

    heap: int


@event
class Took(Event):
    """``seat`` took ``count`` matches, leaving ``heap``."""

    count: int
    heap: int


@event
class Turn(Event):
    """``next`` plays now."""

    next: str


@event
class Emptied(Event):
    """The heap is empty: the game is over."""


@event
class Winner(Event):
    """``winner`` wins (the clause says by which reading)."""

    winner: str


NimEvent: TypeAlias = Seated | Heap | Took | Turn | Emptied | Winner

PHRASES = Phrasebook("Allumettes", {
    Seated: lambda e, context: fr.typography(f"{fr.join(e.players)} prennent place ; "
                                             f"{e.players[0]} commence."),
    Heap: "Le tas compte {heap:count allumette}.",
    Took: "{who} prend {count:count allumette} ; le tas en compte encore {heap:number}.",
    Turn: "À {next} de jouer.",
    Emptied: "Le tas est vide : la partie est finie.",
    Winner: "{winner} gagne la partie.",
})


def _read_action(where: str, move: Mapping[str, Any]) -> Take:
    check_keys(where, move, ("joueur", "prend"), ())
    return Take(move["joueur"], move["prend"])


READINGS = (
    Reading("derniere", "last", {"wins": "gagne", "loses": "perd"}, "dernière allumette :"),
    Reading("tas", "heap", {15: "quinze", 21: "vingt et une"}),
)
GUIDE = "coups : { joueur = …, prend = 1 à 3 }."
EXAMPLE = """joueurs = ["Alex", "Chloé"]
variante = { derniere = "perd" }
coups = [
  { joueur = "Alex", prend = 3 },
  { joueur = "Chloé", prend = 2 },
]
"""

SCENARIO: Notation[State, Take] = Notation(
    (), lambda data, players, variant, seed: Record(), lambda state: {}, _read_action,
    lambda action: {"joueur": action.seat, "prend": action.matches},
    lambda state: {"tas": state.heap}, READINGS, GUIDE, EXAMPLE)


class Nim(Game[State, Take, View, NimEvent]):
    """One heap of matches, 1 to 3 taken a turn."""

    type = GameType(id=GAME_ID, name="Allumettes", min_players=2, max_players=4,
                    information="perfect", chance=False, players_clause=C_PLAYERS)
    state_type = State
    Variant = Variant
    PRESETS = PRESETS
    PRESET_LABELS = PRESET_LABELS
    PLAYER_KINDS: Mapping[str, tuple[str, Any]] = {
        "hasard": ("Au hasard", RandomPlayer), "prudent": ("Prudent", CarefulPlayer)}
    SCENARIO = SCENARIO
    PHRASES = PHRASES
    LESSONS = (Lesson(C_WINNER, "Vous n’avez jamais pris la dernière allumette : c’est elle "
                      "qui décide de la partie (à deux, laisser à l’adversaire un multiple de "
                      "quatre y mène).",
                      event=lambda e: isinstance(e, Took) and e.heap == 0),)

    def draw(self, players: tuple[str, ...], variant: NimVariant, seed: Seed,
             options: Mapping[str, Any]) -> Record:
        return Record()  # no chance at all

    def setup(self, players: tuple[str, ...], variant: NimVariant, record: Record,
              options: Mapping[str, Any]) -> State:
        if record.shuffles:
            raise ValueError("Les allumettes ne se mélangent pas : l’enregistrement ne contient "
                             "aucun mélange.")
        return State(variant, players, record, variant.heap, 0, (0,) * len(players), None)

    def opening_events(self, state: State) -> tuple[NimEvent, ...]:
        return (Seated(players=state.players, clause=C_PLAYERS),
                Heap(heap=state.heap, clause=C_HEAP))

    def current_seats(self, state: State) -> tuple[str, ...]:
        return () if state.heap == 0 else (state.players[state.turn],)

    def legal_actions(self, state: State, seat: str) -> tuple[Take, ...]:
        if seat not in state.players:
            raise IllegalAction(f"Aucun joueur ne s’appelle {fr.shown(seat)}.", C_PLAYERS)
        if state.heap == 0 or state.players[state.turn] != seat:
            return ()
        return tuple(Take(seat, n) for n in TAKE if n <= state.heap)

    def refusal(self, state: State, action: object) -> IllegalAction:
        if type(action) is not Take:
            return IllegalAction(f"Action inconnue : {fr.shown(action)}.", C_TAKE)
        if state.heap == 0:
            return IllegalAction("La partie est finie : le tas est vide.", C_END)
        if action.seat != state.players[state.turn]:
            return IllegalAction(f"Ce n’est pas à {action.seat} de jouer.", C_TURN)
        return IllegalAction(f"On prend 1, 2 ou 3 allumettes, sans dépasser le tas "
                             f"({state.heap}) : pas {fr.shown(action.matches)}.", C_TAKE)

    def step(self, state: State, action: Take, explain: bool) -> tuple[State, tuple[NimEvent, ...]]:
        i = state.turn
        heap = state.heap - action.matches
        taken = tuple(t + action.matches if k == i else t for k, t in enumerate(state.taken))
        after = state._replace(heap=heap, turn=(i + 1) % len(state.players), taken=taken,
                               last=action.seat if heap == 0 else None)
        if not explain:
            return after, ()
        events: list[NimEvent] = [Took(seat=action.seat, count=action.matches, heap=heap,
                                       clause=C_TAKE)]
        if heap:
            events.append(Turn(next=after.players[after.turn], clause=C_TURN))
        else:
            events.append(Emptied(clause=C_END))
            events.append(Winner(winner=_winner(after),
                                 clause=C_WINNER if state.variant.last == "wins" else C_MISERE))
        return after, tuple(events)

    def is_over(self, state: State) -> bool:
        return state.heap == 0

    def outcome(self, state: State) -> Outcome:
        if state.heap:
            raise IllegalAction("La partie n’est pas terminée.", C_END)
        winner = _winner(state)
        clause = C_WINNER if state.variant.last == "wins" else C_MISERE
        return Outcome({p: int(p == winner) for p in state.players}, (winner,),
                       fr.message(f"{winner} gagne."), clause)

    def view(self, state: State, seat: str | None) -> View:
        if seat is not None and seat not in state.players:
            raise IllegalAction(f"Aucun joueur ne s’appelle {fr.shown(seat)}.", C_PLAYERS)
        turn = None if state.heap == 0 else state.players[state.turn]
        return View(seat, state.variant, state.heap, turn,
                    tuple(SeatView(p, t) for p, t in zip(state.players, state.taken)),
                    state.last)

    def sample_state(self, view: View, rng: random.Random) -> State:
        names = tuple(p.name for p in view.players)
        turn = names.index(view.turn) if view.turn is not None else (
            (names.index(view.last) + 1) % len(names) if view.last else 0)
        return State(view.variant, names, Record(), view.heap, turn,
                     tuple(p.taken for p in view.players), view.last)

    def inventory(self, state: State) -> Mapping[Hashable, int]:
        return {"allumette": state.heap + sum(state.taken)}


GAME = Nim()
INFO: GameInfo[State, Take, View, NimEvent] = GameInfo(
    GAME_ID, "Allumettes", "Jeu de Nim à un tas (le jeu des tests)", (2, 4), "nim.ipynb",
    "Chacun prend 1, 2 ou 3 allumettes ; qui prend la dernière gagne.",
    package=__name__, page=f"{__name__}.page", listed=False)


def ensure_registered() -> None:
    """Register the game once (the tests' conftest calls it at start)."""
    if GAME_ID not in GAMES:
        register(INFO, RULES)

"""Vampir as one :class:`~tutor.engine.api.Game`: its type, readings, computer players and scenario
notation, and its rules (:mod:`.state`, :mod:`.engine`, :mod:`.hidden`, :mod:`.examples`)."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence

from tutor.engine import Outcome
from tutor.engine.api import Game, GameType
from tutor.engine.core import Lesson
from tutor.engine.examples import Kind
from tutor.engine.hints import Rollout
from tutor.games.vampir import engine, examples, hidden, playouts, state
from tutor.games.vampir.actions import Action, Hunt, Take
from tutor.games.vampir.bots import PLAYER_KINDS
from tutor.games.vampir.cards import C_PLAYERS, GAME_ID, MAX_PLAYERS, MIN_PLAYERS
from tutor.games.vampir.events import HuntShown, VampirEvent
from tutor.games.vampir.hunts import PRESET_LABELS, PRESETS, Variant
from tutor.games.vampir.scenario import SCENARIO
from tutor.games.vampir.state import State, View
from tutor.games.vampir.text import PHRASES, where_lost


class Vampir(Game[State, Action, View, VampirEvent]):
    """Vampir: one player acts at a time; hands and the deck are hidden."""

    type = GameType(id=GAME_ID, name="Vampir", min_players=MIN_PLAYERS,
                    max_players=MAX_PLAYERS, information="hidden", chance=True,
                    players_clause=C_PLAYERS)
    OPTIONS = ("first",)
    state_type = State
    Variant = Variant
    PRESETS = PRESETS
    PRESET_LABELS = PRESET_LABELS
    PLAYER_KINDS = PLAYER_KINDS
    EXPERT = ("chasseur", 32000)  # about 0.2 s on the reference machine (docs/conseil.md)
    SCENARIO = SCENARIO
    PHRASES = PHRASES
    where_lost = staticmethod(where_lost)
    LESSONS = (Lesson("vampir/decompte-par-couleur",
                      "Vous n’avez exposé aucune chasse alors que vous le pouviez : seules les "
                      "chasses exposées comptent au décompte.",
                      action=lambda a: isinstance(a, Take | Hunt),
                      event=lambda e: isinstance(e, HuntShown)),)

    draw = staticmethod(state.draw)
    setup = staticmethod(state.setup)
    is_legal = staticmethod(engine.is_legal)
    refusal = staticmethod(engine.refusal)
    step = staticmethod(engine.step)
    opening_events = staticmethod(state.opening_events)
    current_seats = staticmethod(engine.current_seats)
    legal_actions = staticmethod(engine.legal_actions)
    is_over = staticmethod(engine.is_over)
    outcome = staticmethod(engine.outcome)
    view = staticmethod(engine.view)
    inventory = staticmethod(engine.inventory)

    def sample_state(self, view: View, rng: random.Random) -> State:
        return hidden.sample_state(view, rng)

    def span_outcome(self, start: State, now: State) -> Outcome | None:
        return engine.span_outcome(start, now)

    def rollout(self, start: State, state: State, kind: str, seeds: Sequence[int]
                ) -> Rollout | None:
        return playouts.play(start, state, kind, seeds)

    def example_kinds(self) -> Mapping[str, Kind]:
        return examples.kinds(self)


GAME = Vampir()

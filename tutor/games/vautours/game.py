"""Stupides Vautours as one :class:`~tutor.engine.api.Game`: its type, readings, computer players
and scenario notation; its rules are the methods it inherits from :class:`.engine.Rules`
and :class:`.text.Telling` (with :mod:`.hidden` and :mod:`.examples`)."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence

from tutor.engine.api import GameType
from tutor.engine.core import Lesson
from tutor.engine.examples import Kind
from tutor.engine.hints import Rollout
from tutor.games.vautours import engine, examples, hidden, playouts
from tutor.games.vautours.bots import PLAYER_KINDS
from tutor.games.vautours.events import PileWon
from tutor.games.vautours.scenario import SCENARIO
from tutor.games.vautours.state import (
    C_PLAYERS,
    GAME_ID,
    MAX_PLAYERS,
    MIN_PLAYERS,
    PRESET_LABELS,
    PRESETS,
    State,
    Variant,
    View,
)
from tutor.games.vautours.text import PHRASES, Telling


class Vautours(Telling, engine.Rules):
    """Stupides Vautours: every player chooses a card at once, hidden until all are shown."""

    type = GameType(id=GAME_ID, name="Stupides Vautours", min_players=MIN_PLAYERS,
                    max_players=MAX_PLAYERS, information="hidden", chance=True,
                    players_clause=C_PLAYERS)
    state_type = State
    Variant = Variant
    PRESETS = PRESETS
    PRESET_LABELS = PRESET_LABELS
    PLAYER_KINDS = PLAYER_KINDS
    EXPERT = ("prudent", 140000)  # about 0.2 s of computer decisions on the reference machine
    SCENARIO = SCENARIO
    PHRASES = PHRASES
    LESSONS = (Lesson("vautours/suricate",
                      "Vous n’avez remporté aucune carte Suricate : elle revient à la carte la "
                      "plus forte posée, et deux cartes égales s’annulent (la suivante peut "
                      "alors la prendre).",
                      event=lambda e: isinstance(e, PileWon) and e.mode == "suricate"),)

    ROLLOUTS_TOGETHER = True  # the seats the playouts share choose once for all

    def rollouts(self, start: State, states: Sequence[State], kind: str, seeds: Sequence[int]
                 ) -> Sequence[Rollout | None]:
        return playouts.play_many(self, start, states, self.PLAYER_KINDS[kind][1], seeds)

    def sample_state(self, view: View, rng: random.Random) -> State:
        return hidden.sample_state(self, view, rng)

    def example_kinds(self) -> Mapping[str, Kind]:
        return examples.kinds(self)


GAME = Vautours()

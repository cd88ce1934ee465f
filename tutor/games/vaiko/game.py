"""Vaiko as one :class:`~tutor.engine.api.Game`: its type, readings, computer players and scenario
notation, and its rules (:mod:`.setup`, :mod:`.legality`, :mod:`.turns`, :mod:`.scoring`,
:mod:`.hidden`, :mod:`.examples`; the deck file in :mod:`.deck`)."""

from __future__ import annotations

import random
from collections.abc import Hashable, Mapping

from tutor.engine import Outcome
from tutor.engine.api import Game, GameType
from tutor.engine.core import Lesson
from tutor.engine.examples import Kind
from tutor.games.vaiko import deck, examples, hidden, legality, scoring, turns
from tutor.games.vaiko import setup as vsetup
from tutor.games.vaiko.bots import PLAYER_KINDS
from tutor.games.vaiko.events import Penalty, VaikoEvent
from tutor.games.vaiko.scenario import SCENARIO
from tutor.games.vaiko.state import (
    C_MISS,
    C_PLAYERS,
    GAME_ID,
    MAX_PLAYERS,
    MIN_PLAYERS,
    PRESET_LABELS,
    PRESETS,
    Action,
    Call,
    State,
    Variant,
    View,
)
from tutor.games.vaiko.text import ALIKE, PHRASES, describe, where_lost


class Vaiko(Game[State, Action, View, VaikoEvent]):
    """Vaiko: one player acts at a time; the hands are face down, even to their owners."""

    type = GameType(id=GAME_ID, name="Vaiko", min_players=MIN_PLAYERS,
                    max_players=MAX_PLAYERS, information="hidden", chance=True,
                    players_clause=C_PLAYERS)
    OPTIONS = ("deck",)
    state_type = State
    Variant = Variant
    PRESETS = PRESETS
    PRESET_LABELS = PRESET_LABELS
    PLAYER_KINDS = PLAYER_KINDS
    EXPERT = ("memoire", 40000)  # 0.2 s with rollout.py, slower via the engine: docs/conseil.md
    SCENARIO = SCENARIO
    PHRASES = PHRASES
    where_lost = staticmethod(where_lost)
    ALIKE = ALIKE
    LESSONS = (Lesson("vaiko/bonus",
                      "Vous n’avez jamais annoncé « Vaiko » : l’annonceur qui a le plus petit "
                      "score de la manche retire 10 points à son score.",
                      action=lambda a: isinstance(a, Call)),
               Lesson(C_MISS,
                      "Une carte jetée sur la défausse n’était pas de la même valeur : vous "
                      "l’avez reprise avec une carte de pénalité. Ne tentez une défausse "
                      "immédiate qu’avec une carte que vous avez vue.",
                      event=lambda e: isinstance(e, Penalty), made=True))

    draw = staticmethod(vsetup.draw)
    setup = staticmethod(vsetup.setup)
    is_legal = staticmethod(legality.is_legal)
    refusal = staticmethod(legality.explain)
    step = staticmethod(turns.step)
    opening_events = staticmethod(vsetup.opening_events)
    current_seats = staticmethod(legality.current_seats)
    legal_actions = staticmethod(legality.legal_actions)
    is_over = staticmethod(legality.is_over)
    outcome = staticmethod(scoring.outcome)
    view = staticmethod(vsetup.view)
    inventory = staticmethod(vsetup.inventory)
    describe = staticmethod(describe)
    preflight = staticmethod(deck.preflight)
    read_data_file = staticmethod(deck.read_data_file)

    def sample_state(self, view: View, rng: random.Random) -> State:
        return hidden.sample_state(view, rng)

    def hint_class(self, view: View, action: Action) -> Hashable:
        return hidden.hint_class(view, action)

    def span_outcome(self, start: State, now: State) -> Outcome | None:
        return scoring.span_outcome(start, now)

    def example_kinds(self) -> Mapping[str, Kind]:
        return examples.kinds(self)


GAME = Vaiko()

"""Vaiko as one :class:`~tutor.engine.api.Game`: its type, readings, computer players and scenario
notation; its rules are the methods it inherits from :class:`.setup.Setup`,
:class:`.legality.Legality`, :class:`.turns.Turns`, :class:`.playouts.Playouts`,
:class:`.scoring.Scoring`, :class:`.hidden.Hidden`, :class:`.text.Telling` and
:class:`.deck.DeckFiles` (the deck file); worked examples in :mod:`.examples`."""

from __future__ import annotations

from collections.abc import Mapping

from tutor.engine.api import Game, GameType
from tutor.engine.core import Lesson
from tutor.engine.examples import Kind
from tutor.games.vaiko import examples
from tutor.games.vaiko import state as vs
from tutor.games.vaiko.bots import PLAYER_KINDS
from tutor.games.vaiko.deck import DeckFiles
from tutor.games.vaiko.events import Penalty, VaikoEvent
from tutor.games.vaiko.hidden import Hidden
from tutor.games.vaiko.legality import Legality
from tutor.games.vaiko.playouts import Playouts
from tutor.games.vaiko.scenario import SCENARIO
from tutor.games.vaiko.scoring import Scoring
from tutor.games.vaiko.setup import Setup
from tutor.games.vaiko.text import ALIKE, PHRASES, Telling
from tutor.games.vaiko.turns import Turns


class Vaiko(Playouts, Setup, Legality, Turns, Scoring, Hidden, Telling, DeckFiles,
            Game[vs.State, vs.Action, vs.View, VaikoEvent]):
    """Vaiko: one player acts at a time; the hands are face down, even to their owners."""

    # the material and readings are :mod:`.state`'s
    type = GameType(id=vs.GAME_ID, name="Vaiko", min_players=vs.MIN_PLAYERS,
                    max_players=vs.MAX_PLAYERS, information="hidden", chance=True,
                    players_clause=vs.C_PLAYERS)
    OPTIONS = ("deck",)
    state_type = vs.State
    Variant = vs.Variant
    PRESETS = vs.PRESETS
    PRESET_LABELS = vs.PRESET_LABELS
    PLAYER_KINDS = PLAYER_KINDS
    EXPERT = ("memoire", 40000)  # 0.2 s with rollout.py, slower via the engine: docs/conseil.md
    SCENARIO = SCENARIO
    PHRASES = PHRASES
    ALIKE = ALIKE
    LESSONS = (Lesson("vaiko/bonus",
                      "Vous n’avez jamais annoncé « Vaiko » : l’annonceur qui a le plus petit "
                      "score de la manche retire 10 points à son score.",
                      action=lambda a: isinstance(a, vs.Call)),
               Lesson(vs.C_MISS,
                      "Une carte jetée sur la défausse n’était pas de la même valeur : vous "
                      "l’avez reprise avec une carte de pénalité. Ne tentez une défausse "
                      "immédiate qu’avec une carte que vous avez vue.",
                      event=lambda e: isinstance(e, Penalty), made=True))

    def example_kinds(self) -> Mapping[str, Kind]:
        return examples.kinds(self)


GAME = Vaiko()

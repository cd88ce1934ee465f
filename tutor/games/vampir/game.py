"""Vampir as one :class:`~tutor.engine.api.Game`: its type, readings, computer players and scenario
notation; its rules are the methods it inherits from :class:`.playouts.Playouts` (a hint's
playouts, over :class:`.engine.Rules`), :class:`.hidden.Hidden` and :class:`.text.Telling`; worked
examples in :mod:`.examples`."""

from __future__ import annotations

from collections.abc import Mapping

from tutor.engine.api import Game, GameType
from tutor.engine.core import Lesson
from tutor.engine.examples import Kind
from tutor.games.vampir import cards, examples, hunts
from tutor.games.vampir.actions import Action, Hunt, Take
from tutor.games.vampir.bots import PLAYER_KINDS
from tutor.games.vampir.events import HuntShown, VampirEvent
from tutor.games.vampir.hidden import Hidden
from tutor.games.vampir.playouts import Playouts
from tutor.games.vampir.scenario import SCENARIO
from tutor.games.vampir.state import State, View
from tutor.games.vampir.text import PHRASES, Telling


class Vampir(Playouts, Hidden, Telling, Game[State, Action, View, VampirEvent]):
    """Vampir: one player acts at a time; hands and the deck are hidden."""

    # the material is :mod:`.cards`', the readings :mod:`.hunts`'
    type = GameType(id=cards.GAME_ID, name="Vampir", min_players=cards.MIN_PLAYERS,
                    max_players=cards.MAX_PLAYERS, information="hidden", chance=True,
                    players_clause=cards.C_PLAYERS)
    OPTIONS = ("first",)
    state_type = State
    Variant = hunts.Variant
    PRESETS = hunts.PRESETS
    PRESET_LABELS = hunts.PRESET_LABELS
    PLAYER_KINDS = PLAYER_KINDS
    EXPERT = ("chasseur", 32000)  # about 0.2 s on the reference machine (docs/conseil.md)
    SCENARIO = SCENARIO
    PHRASES = PHRASES
    LESSONS = (Lesson("vampir/decompte-par-couleur",
                      "Vous n’avez exposé aucune chasse alors que vous le pouviez : seules les "
                      "chasses exposées comptent au décompte.",
                      action=lambda a: isinstance(a, Take | Hunt),
                      event=lambda e: isinstance(e, HuntShown)),)

    def example_kinds(self) -> Mapping[str, Kind]:
        return examples.kinds(self)


GAME = Vampir()

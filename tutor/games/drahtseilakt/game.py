"""Drahtseilakt as one :class:`~tutor.engine.api.Game`: its type, readings, computer players and
scenario notation; its rules are the methods it inherits from :class:`.play.Turns` (over
:class:`.engine.Table`), :class:`.hidden.Hidden` and :class:`.text.Telling`; worked examples in
:mod:`.examples`."""

from __future__ import annotations

from collections.abc import Mapping

from tutor.engine.api import Game, GameType
from tutor.engine.core import Lesson
from tutor.engine.examples import Kind
from tutor.games.drahtseilakt import core, examples
from tutor.games.drahtseilakt.bots import PLAYER_KINDS
from tutor.games.drahtseilakt.engine import Play, State, View
from tutor.games.drahtseilakt.events import DrahtseilaktEvent, PairsBack
from tutor.games.drahtseilakt.hidden import Hidden
from tutor.games.drahtseilakt.play import Turns
from tutor.games.drahtseilakt.scenario import SCENARIO
from tutor.games.drahtseilakt.text import ALIKE, PHRASES, Telling


class Drahtseilakt(Turns, Hidden, Telling, Game[State, Play, View, DrahtseilaktEvent]):
    """Drahtseilakt: tricks played in turn (at once in the "chaotique" reading), hidden hands."""

    # the material and readings are :mod:`.core`'s
    type = GameType(id=core.GAME_ID, name="Drahtseilakt", min_players=core.MIN_PLAYERS,
                    max_players=core.MAX_PLAYERS, information="hidden", chance=True,
                    players_clause=core.C_PLAYERS)
    state_type = State
    Variant = core.Variant
    PRESETS = core.PRESETS
    PRESET_LABELS = core.PRESET_LABELS
    PLAYER_KINDS = PLAYER_KINDS
    EXPERT = ("prudent", 18000)  # about 0.2 s of computer decisions on the reference machine
    SCENARIO = SCENARIO
    PHRASES = PHRASES
    ALIKE = ALIKE
    LESSONS = (Lesson("drahtseilakt/paires",
                      "Vous n’avez jamais rendu de paire : recevoir la couleur de bâtonnets que "
                      "vous n’avez pas (du rouge quand vous avez du bleu, ou l’inverse) renvoie "
                      "à la réserve une paire faite d’un rouge et d’un bleu.",
                      event=lambda e: isinstance(e, PairsBack)),)

    def example_kinds(self) -> Mapping[str, Kind]:
        return examples.kinds(self)


GAME = Drahtseilakt()

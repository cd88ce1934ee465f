"""Drahtseilakt (Reiner Knizia, 1999): the whole game as data and pure functions.

Rules in brief (clauses in ``rules/drahtseilakt.fr.md``): 3 to 5 players, as many manches as
players, the dealer moving one seat to the left each manche. The dealer shuffles the eleven score
cards (1 to 9, a blue 0 and a red 0) into a face-down pile and deals 9 of the 50 number cards to
each player; the rest stay unseen. Each trick, the leader turns the top score card; a 0 card
makes the leader turn another one at once and cancels its colour for the trick (two 0 cards in a
row cancel each other). Then everybody plays one card face up, in turn, clockwise. The highest
card takes as many blue sticks as the score card says, the lowest as many red sticks; a player
holding both colours gives pairs (one red, one blue) back to the reserve. The highest card leads
the next trick. After 9 tricks each player scores the sticks held; a manche finished without any
stick cancels that player's highest earlier manche. The lowest total wins.

Parameters (:class:`Variant`, presets in :data:`PRESETS`, ``"standard"`` = every default):

* ``deck``: ``"full"`` (default, cards 1 to 50) or ``"tactical"`` (variant "tactique": only the
  cards 1 to 9 x players, so every card is in play).
* ``play``: ``"in_turn"`` (default: face up, in turn, clockwise) or ``"simultaneous"`` (variant
  "chaotique": every player chooses in secret, all cards are revealed together).
* ``supply``: ``"finite"`` (default: 25 sticks of each colour; when the reserve runs short, the
  player takes what is left) or ``"unlimited"`` (missing sticks are replaced by tokens).
* ``pairs``: ``"immediate"`` (default: pairs go back as soon as a player holds both colours) or
  ``"end_of_manche"`` (pairs are only given back before counting the manche).

Set-up keywords of :func:`new_game`: none besides ``seed``/``record`` and ``variant``
(:func:`situation` sets up a hand-made position for examples and exercises).

Modules: :mod:`.core` (material, readings, pure rule helpers), :mod:`.events` (the typed events,
:data:`~.events.DrahtseilaktEvent`), :mod:`.engine` (state, set-up, legality, views), :mod:`.play`
(apply, outcome, replay), :mod:`.text` (French descriptions), :mod:`.examples` (worked
examples), :mod:`.bots` (computer players).
"""

from __future__ import annotations

from tutor.engine import Event, IllegalAction, Outcome
from tutor.engine.core import Record
from tutor.games.drahtseilakt.bots import PLAYER_KINDS, CarefulPlayer, RandomPlayer
from tutor.games.drahtseilakt.core import *  # cards, sticks, state (public names in __all__)
from tutor.games.drahtseilakt.engine import (
    Action,
    Deal,
    Play,
    PlayerView,
    State,
    View,
    current_seats,
    dealer,
    deals,
    inventory,
    is_over,
    legal_actions,
    opening_events,
    reserve,
    resume,
    seat_index,
    situation,
    to_play,
    view,
)
from tutor.games.drahtseilakt.game import (
    GAME,
    Drahtseilakt,
    apply,
    hint_class,
    new_game,
    preflight,
    read_data_file,
    replay,
    run_example,
    sample_state,
    span_outcome,
)
from tutor.games.drahtseilakt.play import outcome, totals
from tutor.games.drahtseilakt.scenario import SCENARIO
from tutor.games.drahtseilakt.text import describe, holding_text, manche_word, sticks_text

HeuristicPlayer = CarefulPlayer  # the former name

__all__ = [
    "C_BLUE",
    "C_CARDS",
    "C_CHAOTIC",
    "C_CLEAN",
    "C_DEAL",
    "C_DOUBLE",
    "C_END",
    "C_GOAL",
    "C_HAND",
    "C_LATE_PAIRS",
    "C_LEAD",
    "C_MANCHES",
    "C_MANCHE_END",
    "C_PAIRS",
    "C_PLAY",
    "C_PLAYERS",
    "C_RED",
    "C_REVEAL",
    "C_SCORE_CARDS",
    "C_SHORT",
    "C_STICKS",
    "C_TACTICAL",
    "C_TRICK_END",
    "C_UNLIMITED",
    "C_WINNER",
    "C_ZERO",
    "GAME",
    "GAME_ID",
    "HAND_SIZE",
    "MAX_PLAYERS",
    "MIN_PLAYERS",
    "NUMBER_CARDS",
    "PLAYER_KINDS",
    "PRESETS",
    "PRESET_LABELS",
    "SCENARIO",
    "SCORE_CARDS",
    "SCORE_VALUES",
    "STICKS_PER_COLOUR",
    "TRICKS",
    "ZEROS",
    "ZERO_BLUE",
    "ZERO_RED",
    "Action",
    "CarefulPlayer",
    "Deal",
    "Drahtseilakt",
    "Event",
    "HeuristicPlayer",
    "IllegalAction",
    "Outcome",
    "Play",
    "PlayerView",
    "RandomPlayer",
    "Record",
    "Reveal",
    "ScoreCard",
    "Stake",
    "State",
    "Totals",
    "TrickResult",
    "Variant",
    "View",
    "apply",
    "card_text",
    "check_score_cards",
    "clean_cancellation",
    "current_seats",
    "dealer",
    "deals",
    "describe",
    "final_totals",
    "hint_class",
    "holding_text",
    "inventory",
    "is_over",
    "legal_actions",
    "manche_word",
    "new_game",
    "number_cards",
    "opening_events",
    "outcome",
    "preflight",
    "read_data_file",
    "replay",
    "reserve",
    "resolve_trick",
    "resume",
    "reveal",
    "run_example",
    "sample_state",
    "seat_index",
    "settle",
    "situation",
    "span_outcome",
    "sticks_text",
    "to_play",
    "totals",
    "view",
    "winners_of",
]

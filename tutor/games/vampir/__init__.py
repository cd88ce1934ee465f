"""Vampir (Reiner Knizia, 2000): the whole game as data and pure functions.

Rules in brief (clauses in ``rules/vampir.fr.md``): 3 to 5 players. Six locations (castle,
graveyard, madhouse, docks, church, pub), one colour each, start with one one-head vampire of their
colour underneath. The other 90 vampire cards (16 per colour: 11 one-head, 5 two-head) and the 10
Somewhere jokers are shuffled; each player gets 4, the rest is the face-down deck. On their turn a
player either draws 2 cards (both join the hand), then lays any one hand card under the location
of its colour (a joker under any location) or shows one hunt; or takes every card under one
location and must show a hunt containing them. A hunt is at least 3 cards of one colour, jokers
allowed but never jokers only; once shown it never changes, and a new hunt of the same colour
replaces it (the old one leaves the game). The manche ends at once when the last card is drawn or
when a player shows all six colours. Hands are discarded; then colour by colour, if every player
shows that colour, the players with the fewest heads discard it. One point per head kept (a joker
counts one); 3 manches, cumulative scores.

Parameters (:class:`Variant`, presets in :data:`PRESETS`, ``"standard"`` = every default):

* ``draw``: ``"hand"`` (default: both drawn cards join the hand, any hand card is then laid) or
  ``"drawn"`` (other reading: one drawn card is kept, the other is the one laid).
* ``take``: ``"hunt_required"`` (default: a location may be taken only when a hunt containing its
  cards can follow) or ``"free"`` (always; without a possible hunt the cards stay in hand).
* ``joker_heads``: ``1`` (default) or ``2``.
* ``manches``: ``3`` (default, cumulative scores) or ``1``.
* ``hunts``: ``"one"`` (default: one hunt per turn, then the turn passes) or ``"several"``
  (after a hunt the player may show another one or end the turn with :class:`EndTurn`).

Set-up keyword of ``GAME.new_game``: ``first`` (the start player, default the first listed; kept
in ``record.setup``; :func:`.state.situation` sets up a hand-made position for examples and the
sandbox).

Modules: :mod:`.cards` (cards, clause ids, French card names), :mod:`.hunts` (variant, hunts,
scoring), :mod:`.actions`, :mod:`.state` (state, view, positions set up by hand),
:mod:`.counts` (the rules of a turn on counts), :mod:`.engine` (:class:`~.engine.Rules`: set-up,
legality, step, outcome, view), :mod:`.playouts` (a hint's playouts on counts), :mod:`.hidden`
(``sample_state``), :mod:`.events` (the events, typed), :mod:`.text` (French phrases,
``where_lost``), :mod:`.examples` (worked examples), :mod:`.bots` (``PLAYER_KINDS``);
:mod:`.game` gathers them in :class:`~.game.Vampir`.
"""

from __future__ import annotations

from tutor.games.vampir import events
from tutor.games.vampir.actions import Action, Draw, EndTurn, Hunt, Lay, Take
from tutor.games.vampir.events import VampirEvent
from tutor.games.vampir.game import GAME, Vampir
from tutor.games.vampir.hunts import Variant
from tutor.games.vampir.state import SeatView, State, View

__all__ = [
    "GAME",
    "Action",
    "Draw",
    "EndTurn",
    "Hunt",
    "Lay",
    "SeatView",
    "State",
    "Take",
    "Vampir",
    "VampirEvent",
    "Variant",
    "View",
    "events",
]

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

from tutor.games.drahtseilakt import events
from tutor.games.drahtseilakt.core import Variant
from tutor.games.drahtseilakt.engine import Action, Play, PlayerView, State, View
from tutor.games.drahtseilakt.events import DrahtseilaktEvent
from tutor.games.drahtseilakt.game import GAME, Drahtseilakt

__all__ = [
    "GAME",
    "Action",
    "Drahtseilakt",
    "DrahtseilaktEvent",
    "Play",
    "PlayerView",
    "State",
    "Variant",
    "View",
    "events",
]

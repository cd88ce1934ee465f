"""Stupides Vautours (Hol's der Geier, Alex Randolph): the whole game as data and pure functions.

Rules in brief (clauses in ``rules/vautours.fr.md``): 2 to 5 players hold the same 15 cards
(1 to 15). Fifteen point cards (+1..+10 Suricate, −1..−5 Vautour: values the tutor assumes, the
booklets do not list them) are shuffled face down. Each manche one point card is revealed and
joins the pile at stake; every player secretly chooses a card; all are revealed together. A pile
worth 0 or more goes to the highest card played by exactly one player, a negative pile to the
lowest such card; tied values cancel. An unattributed pile stays and grows with the next card.
After 15 manches the highest score wins.

Parameters (:class:`Variant`, presets in :data:`PRESETS`):

* ``ties``: ``"repeated"`` (default: the highest/lowest *unique* card wins, the souris booklet's
  « s’il n’y a que des égalités ») or ``"one_level"`` (suricate booklet read literally: one level
  of cancellation, then a second tie leaves the pile unattributed; differs only at 5 players).
* ``final_tiebreak``: ``"second_best"`` (default, both booklets) or ``"highest_mouse"`` (the
  souris booklet's alternative: the tied player holding the highest Suricate card wins).
* ``last_pile``: ``"lost"`` (default, souris booklet: a pile still unattributed after the last
  manche is out of the game) or ``"shared"`` (house rule: every player who played the best card
  of that manche counts the pile's value).

Set-up: ``new_game(players, seed=... | record=..., variant=None)``; the record holds the one
shuffle of the point cards. Modules: :mod:`.state` (cards, clause ids, value types),
:mod:`.checks` (input checks), :mod:`.engine` (rules), :mod:`.events` (what happens, typed),
:mod:`.score` (final scores and winners), :mod:`.text` (French), :mod:`.scenes` (the events
folded for the tables), :mod:`.examples` (worked examples), :mod:`.bots` (computer players).
"""

from __future__ import annotations

from tutor.games.vautours import events
from tutor.games.vautours.events import VautoursEvent
from tutor.games.vautours.game import GAME, Vautours
from tutor.games.vautours.state import Action, Play, SeatView, State, Variant, View

__all__ = [
    "GAME",
    "Action",
    "Play",
    "SeatView",
    "State",
    "Variant",
    "Vautours",
    "VautoursEvent",
    "View",
    "events",
]

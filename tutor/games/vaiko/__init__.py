"""Vaiko: a memory and discard game, as data and pure functions, with each seat's knowledge.

Rules in brief (clauses in ``rules/vaiko.fr.md``): 2 to 6 players each get 4 face-down cards and
look at one of them. On their turn a player draws a card, looks at it secretly, then either swaps
it with one of their face-down cards (the replaced card is discarded face up; before swapping,
the player may look at their cards) or discards it directly (then without looking at their
cards). After every discard, any player holding the same card may throw it at once, out of turn
(never a ×2); a wrong attempt shows the card, which goes back, plus a face-down penalty card.
Special cards act when they land on the discard: ×2 (play again at once), Vision (look at any
card), Échange (swap one of yours with another player's, or two other players' cards). A round
ends at once when a player has no card left, or once the go-around after a "Vaiko" call is
complete; then each player adds the points of their cards (the caller gets −10 with the
smallest score of the round, +10 otherwise). Rounds go on until someone reaches 70 points; the
lowest total wins.

The deck is not in the booklet: it is a data file (``rules/vaiko-paquet.toml``, a hypothesis of
the tutor) read by :func:`load_deck`; any valid deck file is accepted (``deck=`` at set-up, kept
in ``state.record.setup``), a malformed one is refused with the file, the line and the reason.

Parameters (:class:`Variant`, presets in :data:`PRESETS`; every default is the reading the
booklet supports best):

* ``draw_from``: ``"deck"`` (default: one draws from the face-down pile only) or
  ``"deck_or_discard"`` (the top of the discard may be taken, and must then be swapped in).
* ``look``: ``"before_swap"`` (default: a player who has drawn may look at their cards, and must
  then swap) or ``"never"`` (nobody ever looks at their own face-down cards).
* ``matched_special``: ``"effect"`` (default: a Vision or Échange thrown in the immediate
  discard acts for the player who threw it) or ``"no_effect"``.
* ``caller_tie``: ``"bonus"`` (default: a caller tied for the smallest score gets the bonus) or
  ``"malus"`` (the caller must be strictly the smallest).
* ``call_end``: ``"caller"`` (default: after the call every other player plays once more) or
  ``"starter"`` (play goes on only until the round's first player would play again).
* ``matches``: ``"several"`` (default: a player who threw a matching card in the immediate discard
  may throw another identical one) or ``"one"`` (one card per player and per discard).
* ``swapped_special``: ``"effect"`` (default: a special card that leaves the hand by a swap acts)
  or ``"no_effect"`` (only a special card drawn and thrown at once acts).
* set-up keyword ``deck``: a :class:`Deck` or a deck file (default: the tutor's hypothesis).

Modules: :mod:`.game` (:class:`Vaiko`: type, readings, computer players, scenario notation),
whose rules are the methods of one class per module: :mod:`.deck` (the deck file,
:class:`~.deck.DeckFiles`), :mod:`.legality` (legal actions and refusals,
:class:`~.legality.Legality`), :mod:`.setup` (deal, positions, view, :class:`~.setup.Setup`),
:mod:`.turns` (:meth:`~.turns.Turns.step`, turn phases), :mod:`.scoring` (count, bonus, end,
:class:`~.scoring.Scoring`), :mod:`.hidden` (:class:`~.hidden.Hidden`), :mod:`.text` (French,
:class:`~.text.Telling`); :mod:`.state` (actions, state, view, variant), :mod:`.specials` (×2,
Vision, Échange), :mod:`.examples`, :mod:`.bots`.
"""

from __future__ import annotations

from tutor.games.vaiko import events
from tutor.games.vaiko.events import VaikoEvent
from tutor.games.vaiko.game import GAME, Vaiko
from tutor.games.vaiko.state import (
    Action,
    Call,
    Discard,
    Draw,
    EndTurn,
    Exchange,
    Look,
    LookHand,
    Match,
    Pass,
    Peek,
    PlayerView,
    State,
    Swap,
    Variant,
    View,
)

__all__ = [
    "GAME",
    "Action",
    "Call",
    "Discard",
    "Draw",
    "EndTurn",
    "Exchange",
    "Look",
    "LookHand",
    "Match",
    "Pass",
    "Peek",
    "PlayerView",
    "State",
    "Swap",
    "Vaiko",
    "VaikoEvent",
    "Variant",
    "View",
    "events",
]

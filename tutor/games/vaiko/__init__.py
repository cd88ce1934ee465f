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

Modules: :mod:`.deck` (the deck file), :mod:`.state` (actions, state, view, variant),
:mod:`.legality` (legal actions and refusals), :mod:`.setup` (deal, positions, replay, view),
:mod:`.turns` (:func:`apply`, turn phases), :mod:`.specials` (×2, Vision, Échange),
:mod:`.scoring` (count, bonus, end), :mod:`.text` (French), :mod:`.examples`, :mod:`.bots`.
"""

from tutor.engine import Event
from tutor.games.vaiko.bots import PLAYER_KINDS, MemoryPlayer, RandomPlayer
from tutor.games.vaiko.deck import (
    DECK_FILE,
    EFFECTS,
    Card,
    Deck,
    DeckError,
    deck_path,
    load_deck,
    parse_deck,
)
from tutor.games.vaiko.examples import example_start, parse_move
from tutor.games.vaiko.game import (
    GAME,
    Vaiko,
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
from tutor.games.vaiko.legality import (
    current_seats,
    is_legal,
    is_over,
    legal_actions,
    seat_index,
)
from tutor.games.vaiko.scenario import SCENARIO
from tutor.games.vaiko.scoring import (
    is_game_over,
    outcome,
    score_round,
    winners,
)
from tutor.games.vaiko.setup import (
    face,
    hand_points,
    inventory,
    opening_events,
    resume,
    situation,
    view,
)
from tutor.games.vaiko.state import *  # state, actions, views (public names in __all__)
from tutor.games.vaiko.text import card_text, describe, points_text

__all__ = [
    "ACTION_TYPES",
    "CALL",
    "CALL_POINTS",
    "C_BONUS",
    "C_CALL",
    "C_CALL_END",
    "C_COUNT",
    "C_DEAL",
    "C_DECK",
    "C_DRAW",
    "C_EMPTY",
    "C_END",
    "C_EXCHANGE",
    "C_GOAL",
    "C_LOOK",
    "C_MALUS",
    "C_MATCH",
    "C_MEMORY",
    "C_MISS",
    "C_ORDER",
    "C_PEEK",
    "C_PLAYERS",
    "C_RESHUFFLE",
    "C_SPECIALS",
    "C_SWAP",
    "C_TOTAL",
    "C_VISION",
    "C_V_DISCARD",
    "C_V_EFFECT",
    "C_V_LOOK",
    "C_V_STRICT",
    "C_V_TABLE",
    "C_X2",
    "DECIDE",
    "DECK_FILE",
    "DRAW",
    "EFFECTS",
    "EXCHANGE",
    "GAME",
    "GAME_ID",
    "HAND_SIZE",
    "LOOKED",
    "MATCH",
    "MAX_PLAYERS",
    "MIN_PLAYERS",
    "OVER",
    "PEEK",
    "PHASE_LABELS",
    "PLAYER_KINDS",
    "PRESETS",
    "PRESET_LABELS",
    "SCENARIO",
    "TARGET",
    "VISION",
    "Action",
    "ActionBase",
    "Call",
    "Card",
    "Deck",
    "DeckError",
    "Discard",
    "Draw",
    "EndTurn",
    "Event",
    "Exchange",
    "Look",
    "LookHand",
    "Match",
    "MemoryPlayer",
    "Pass",
    "Peek",
    "PlayerView",
    "RandomPlayer",
    "RoundScore",
    "State",
    "Swap",
    "Vaiko",
    "Variant",
    "View",
    "apply",
    "card_text",
    "current_seats",
    "deck_path",
    "describe",
    "example_start",
    "face",
    "hand_points",
    "hint_class",
    "inventory",
    "is_game_over",
    "is_legal",
    "is_over",
    "legal_actions",
    "load_deck",
    "new_game",
    "opening_events",
    "outcome",
    "parse_deck",
    "parse_move",
    "points_text",
    "preflight",
    "read_data_file",
    "replay",
    "resume",
    "run_example",
    "sample_state",
    "score_round",
    "seat_index",
    "situation",
    "span_outcome",
    "view",
    "winners",
]

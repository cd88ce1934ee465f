"""Stupides Vautours: the cards, the clause ids, the readings (:class:`Variant`) and the value
types of the game (:class:`Play`, :class:`State`, :class:`View`; a round's result and its
events are in :mod:`.events`)."""

from __future__ import annotations

from typing import Literal, NamedTuple

from tutor.engine import VariantBase
from tutor.engine.core import Record

GAME_ID = "vautours"
MIN_PLAYERS = 2
MAX_PLAYERS = 5
HAND: tuple[int, ...] = tuple(range(1, 16))
SURICATES: tuple[int, ...] = tuple(range(1, 11))
VAUTOURS: tuple[int, ...] = tuple(range(-5, 0))
POINT_CARDS: tuple[int, ...] = VAUTOURS + SURICATES
MANCHES = len(POINT_CARDS)

C_CARDS = "vautours/cartes-de-jeu"
C_POINTS = "vautours/cartes-points"
C_PLAYERS = "vautours/joueurs"
C_DECK = "vautours/pioche"
C_REVEAL = "vautours/revelation"
C_CHOICE = "vautours/choix"
C_HAND = "vautours/main"
C_SHOW = "vautours/devoilement"
C_SURICATE = "vautours/suricate"
C_VAUTOUR = "vautours/vautour"
C_TIE = "vautours/egalite"
C_NO_WINNER = "vautours/sans-attribution"
C_SUM = "vautours/somme"
C_TAKE = "vautours/gain"
C_END_ROUND = "vautours/fin-de-manche"
C_LAST = "vautours/derniere-manche"
C_END = "vautours/fin"
C_COUNT = "vautours/decompte"
C_WINNER = "vautours/vainqueur"
C_TIEBREAK = "vautours/departage"
C_ONE_LEVEL = "vautours/variante-egalite-simple"
C_MOUSE = "vautours/variante-departage-souris"
C_SHARED = "vautours/variante-pile-partagee"


class Variant(VariantBase, game="Stupides Vautours"):
    """The readings of the rules in force for one game; validated at construction."""

    ties: Literal["repeated", "one_level"] = "repeated"
    final_tiebreak: Literal["second_best", "highest_mouse"] = "second_best"
    last_pile: Literal["lost", "shared"] = "lost"


PRESETS, PRESET_LABELS = Variant.presets(
    "Lecture retenue (la plus forte valeur posée par un seul joueur)", {
        "livret-suricate": ("Livret «\u202fsuricate\u202f», lu à la lettre (un seul niveau "
                            "d’égalité)", {"ties": "one_level"}),
        "livret-souris": ("Livret «\u202fsouris\u202f»", {}),
        "livret-souris-alternative": ("Livret «\u202fsouris\u202f», départage par la plus "
                                      "haute carte Suricate", {"final_tiebreak": "highest_mouse"}),
    })


class Play(NamedTuple):
    """A player's hidden choice of one card from their hand for the current manche.

    Plays are ordered as tuples (by seat, then card): one seat's legal plays are sorted by card.
    """

    seat: str
    card: int


Action = Play
"""Every action of the game (Stupides Vautours has a single kind)."""


class State(NamedTuple):
    """One position of a game. Immutable; every change goes through :func:`apply`.

    ``record`` holds the recorded shuffle of the point cards (top first); ``deck`` what is
    still face down; ``pile`` the point cards at stake this manche (more than one after
    unattributed manches); ``hands`` the cards each player still holds, sorted; ``chosen`` the
    card each player has laid face down this manche (``None``: not chosen yet); ``played`` each
    player's open pile (last card on top); ``taken`` the point cards won; ``lost`` the cards
    never attributed; ``bonus`` the points counted by the ``shared`` last-pile variant.
    """

    variant: Variant
    players: tuple[str, ...]
    record: Record
    deck: tuple[int, ...]
    pile: tuple[int, ...]
    hands: tuple[tuple[int, ...], ...]
    chosen: tuple[int | None, ...]
    played: tuple[tuple[int, ...], ...]
    taken: tuple[tuple[int, ...], ...]
    lost: tuple[int, ...]
    bonus: tuple[int, ...]

    @property
    def order(self) -> tuple[int, ...]:
        """The point cards in the order they are revealed (the recorded shuffle)."""
        return self.record.shuffles[0] if self.record.shuffles else ()  # type: ignore[return-value]


class SeatView(NamedTuple):
    """One player as a seat sees them.

    Public: ``name``, ``has_chosen``, ``hand_size`` (the chosen card, face down, included),
    ``top`` (the visible card of the open pile), ``played`` (every card the player has shown, in
    order: each was revealed to all, so a player with a good memory knows them; the table shows
    only the top one) and ``taken_count``. Private (``None`` unless it is the viewing seat or the
    teacher's view): ``chosen``, ``hand``, ``taken`` and ``score``.
    """

    name: str
    has_chosen: bool
    chosen: int | None
    hand: tuple[int, ...] | None
    hand_size: int
    top: int | None
    played: tuple[int, ...]
    taken: tuple[int, ...] | None
    taken_count: int
    score: int | None


class View(NamedTuple):
    """What one seat may see (``seat=None``: the teacher's view, everything shown).

    ``revealed`` lists the point cards turned up so far, in order (the current one last);
    ``deck`` is the face-down deck, shown only in the teacher's view.
    """

    seat: str | None
    variant: Variant
    manche: int
    pile: tuple[int, ...]
    total: int
    deck_size: int
    deck: tuple[int, ...] | None
    revealed: tuple[int, ...]
    players: tuple[SeatView, ...]
    over: bool

    def me(self) -> SeatView:
        """The viewing seat's own player (the first one in the teacher's view)."""
        return next((p for p in self.players if p.name == self.seat), self.players[0])

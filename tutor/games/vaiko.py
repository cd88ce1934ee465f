"""Vaiko: a memory and discard game, as data and pure functions, with each seat's knowledge.

Rules in brief (clauses in ``rules/vaiko.fr.md``): 2 to 6 players each get 4 face-down cards and
look at one of them. On their turn a player draws a card, looks at it secretly, then either swaps it
with one of their face-down cards (the replaced card is discarded face up) or discards it directly.
After every discard, any player holding the same card may throw it at once, out of turn (never a
x2); a wrong attempt shows the card, which goes back, plus a face-down penalty card. Special cards
act only when discarded: x2 (play again at once), Vision (look at any card), Échange (swap one of
yours with another player's, or two other players' cards). A round ends at once when a player has
no card left, or once the turn round is complete after a "Vaiko" call; then each player adds the
points of their cards (the caller gets -10 with the smallest score, +10 otherwise). Rounds go on
until someone reaches 70 points; the lowest total wins.

The deck is not in the booklet: it is a data file (``rules/vaiko-paquet.toml``, a hypothesis of the
tutor) read by :func:`load_deck`; any valid deck file is accepted, a malformed one is refused with
the file, the line and the reason.

Parameters (:class:`Variant`, presets in :data:`PRESETS`):

* ``draw_from``: ``"deck"`` (default: one draws from the face-down pile only) or
  ``"deck_or_discard"`` (the top of the discard may be taken, and must then be swapped in).
* ``look``: ``"never"`` (default: a player never looks at their own face-down cards) or
  ``"before_swap"`` (a player who has drawn may look at their cards, but must then swap).
* ``matched_special``: ``"no_effect"`` (default: a special card thrown in the immediate-discard
  window has no effect) or ``"effect"`` (the player who throws it uses its effect at once).
* ``caller_tie``: ``"bonus"`` (default: a caller tied for the smallest score gets the bonus) or
  ``"malus"`` (the caller must be strictly the smallest).
* ``call_end``: ``"caller"`` (default: after the call every other player plays once more) or
  ``"starter"`` (play goes on only until the round's first player would play again).

Each seat's knowledge is a set of physical card ids whose face it has seen and still tracks (cards
move in public, faces stay hidden), so :func:`view` shows exactly what a seat knows.

API shared by every game: :func:`new_game`, :func:`current_seats`, :func:`legal_actions`,
:func:`apply`, :func:`view`, :func:`is_over`, :func:`outcome`, plus :func:`opening_events`,
:func:`replay`, :func:`situation`, and the pure helpers :func:`score_round`, :func:`is_game_over`.
"""

from __future__ import annotations

import random
import re
import tomllib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any, ClassVar, NamedTuple

from tutor.engine import (
    Event,
    IllegalAction,
    Outcome,
    VariantBase,
    check_players,
    join_names,
    short_repr,
    shuffled,
    signed,
)
from tutor.engine.examples import (
    COMMON_KEYS,
    ExampleError,
    ExampleRun,
    check_keys,
    compare,
    int_table,
)

GAME_ID = "vaiko"
MIN_PLAYERS = 2
MAX_PLAYERS = 6
HAND_SIZE = 4
TARGET = 70
CALL_POINTS = 10
DECK_FILE = "vaiko-paquet.toml"
EFFECTS = ("aucun", "rejouer", "vision", "echange")

C_GOAL = "vaiko/but"
C_MEMORY = "vaiko/memoire"
C_DECK = "vaiko/paquet"
C_SPECIALS = "vaiko/cartes-speciales"
C_PLAYERS = "vaiko/joueurs"
C_DEAL = "vaiko/donne"
C_PEEK = "vaiko/premier-regard"
C_ORDER = "vaiko/sens"
C_DRAW = "vaiko/pioche"
C_SWAP = "vaiko/echange-ou-defausse"
C_LOOK = "vaiko/ne-pas-regarder"
C_RESHUFFLE = "vaiko/pioche-epuisee"
C_MATCH = "vaiko/defausse-immediate"
C_MISS = "vaiko/erreur"
C_X2 = "vaiko/x2"
C_VISION = "vaiko/vision"
C_EXCHANGE = "vaiko/echange"
C_CALL = "vaiko/annonce"
C_EMPTY = "vaiko/fin-main-vide"
C_CALL_END = "vaiko/fin-annonce"
C_COUNT = "vaiko/decompte"
C_BONUS = "vaiko/bonus"
C_MALUS = "vaiko/malus"
C_TOTAL = "vaiko/total"
C_END = "vaiko/fin"
C_V_DISCARD = "vaiko/variante-defausse"
C_V_LOOK = "vaiko/variante-regard"
C_V_EFFECT = "vaiko/variante-effet-immediat"
C_V_STRICT = "vaiko/variante-egalite-stricte"
C_V_TABLE = "vaiko/variante-tour-de-table"

DRAW_SOURCES = ("deck", "deck_or_discard")
LOOKS = ("never", "before_swap")
MATCHED_SPECIALS = ("no_effect", "effect")
CALLER_TIES = ("bonus", "malus")
CALL_ENDS = ("caller", "starter")

# phases of a round
PEEK, DRAW, DECIDE, LOOKED, VISION, EXCHANGE, MATCH, CALL, OVER = (
    "peek", "draw", "decide", "looked", "vision", "exchange", "match", "call", "over")
PHASE_LABELS = {
    PEEK: "regard de départ", DRAW: "pioche", DECIDE: "échanger ou jeter",
    LOOKED: "échanger (cartes regardées)", VISION: "effet Vision", EXCHANGE: "effet Échange",
    MATCH: "défausse immédiate", CALL: "annoncer « Vaiko » ?", OVER: "partie finie",
}


# --- the deck (a data file) ----------------------------------------------------------------------


class Card(NamedTuple):
    """One sort of card of the deck: what is printed on it (``face``), its ``effect`` and the
    ``points`` it is worth when still held at the count. Same face = same card."""

    face: str
    effect: str
    points: int


@dataclass(frozen=True)
class Deck:
    """A deck read from a deck file: every physical card (``cards``, ids are the indexes), the
    sorts with their counts, and whether the composition is a ``hypothesis`` of the tutor."""

    title: str
    note: str
    hypothesis: bool
    kinds: tuple[tuple[Card, int], ...]
    cards: tuple[Card, ...]
    source: str

    def faces(self) -> tuple[str, ...]:
        return tuple(card.face for card, _ in self.kinds)

    def card(self, face: str) -> Card:
        for card, _ in self.kinds:
            if card.face == face:
                return card
        raise IllegalAction(f"Aucune carte « {short_repr(face)} » dans le paquet "
                            f"(cartes : {', '.join(self.faces())}).", C_DECK)


class DeckError(ValueError):
    """A malformed deck file: ``path``, ``line`` and a French ``reason``."""

    def __init__(self, path: str, line: int, reason: str) -> None:
        super().__init__(f"{path}:{line}: {reason}")
        self.path, self.line, self.reason = path, line, reason


_DECK_TOP = ("titre", "hypothese", "note", "carte")
_DECK_CARD = ("nom", "effet", "points", "exemplaires")


def parse_deck(text: str, path: str = "<paquet>") -> Deck:
    """Read a deck file (TOML); :class:`DeckError` names the file, the line and the reason."""
    lines = text.splitlines()
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        m = re.search(r"at line (\d+)", str(exc))
        raise DeckError(path, int(m.group(1)) if m else 1, f"TOML illisible : {exc}") from None
    headers = [n for n, line in enumerate(lines, 1) if line.strip() == "[[carte]]"]

    def top_line(key: str) -> int:
        end = headers[0] if headers else len(lines) + 1
        for n in range(1, end):
            if re.match(rf"\s*{re.escape(key)}\s*=", lines[n - 1]):
                return n
        return 1

    def card_line(k: int, key: str | None = None) -> int:
        if k >= len(headers):
            return top_line("carte")
        start = headers[k]
        end = headers[k + 1] if k + 1 < len(headers) else len(lines) + 1
        if key is not None:
            for n in range(start + 1, end):
                if re.match(rf"\s*{re.escape(key)}\s*=", lines[n - 1]):
                    return n
        return start

    for key in data:
        if key not in _DECK_TOP:
            raise DeckError(path, top_line(key), f"clé inconnue « {key} » (clés possibles : "
                                                 f"{', '.join(_DECK_TOP)})")
    title = data.get("titre")
    if not isinstance(title, str) or not title.strip():
        raise DeckError(path, top_line("titre"), "il faut un « titre » (texte non vide)")
    hypothesis = data.get("hypothese")
    if not isinstance(hypothesis, bool):
        raise DeckError(path, top_line("hypothese"),
                        "il faut « hypothese = true » ou « false » : le paquet est-il supposé ?")
    note = data.get("note", "")
    if not isinstance(note, str):
        raise DeckError(path, top_line("note"), "« note » doit être un texte")
    entries = data.get("carte")
    if not isinstance(entries, list) or not entries:
        raise DeckError(path, top_line("carte"), "il faut au moins une table [[carte]]")
    kinds: list[tuple[Card, int]] = []
    for k, entry in enumerate(entries):
        if not isinstance(entry, dict):
            raise DeckError(path, card_line(k), "chaque carte doit être une table [[carte]]")
        for key in entry:
            if key not in _DECK_CARD:
                raise DeckError(path, card_line(k, key), f"clé inconnue « {key} » (clés "
                                                          f"possibles : {', '.join(_DECK_CARD)})")
        for key in _DECK_CARD:
            if key not in entry:
                raise DeckError(path, card_line(k), f"clé manquante « {key} »")
        face, effect, points, copies = (entry[key] for key in _DECK_CARD)
        if not isinstance(face, str) or not face.strip() or len(face) > 12:
            raise DeckError(path, card_line(k, "nom"), "« nom » doit être un texte de 1 à 12 "
                                                       "caractères")
        if any(face == c.face for c, _ in kinds):
            raise DeckError(path, card_line(k, "nom"), f"carte « {face} » décrite deux fois")
        if effect not in EFFECTS:
            raise DeckError(path, card_line(k, "effet"),
                            f"effet inconnu {short_repr(effect)} (effets possibles : "
                            f"{', '.join(EFFECTS)})")
        if type(points) is not int or not -50 <= points <= 50:
            raise DeckError(path, card_line(k, "points"), "« points » doit être un entier de "
                                                          "−50 à 50")
        if type(copies) is not int or not 1 <= copies <= 20:
            raise DeckError(path, card_line(k, "exemplaires"),
                            "« exemplaires » doit être un entier de 1 à 20")
        kinds.append((Card(face, effect, points), copies))
    cards = tuple(card for card, copies in kinds for _ in range(copies))
    least = MIN_PLAYERS * HAND_SIZE + 2
    if len(cards) < least:
        raise DeckError(path, top_line("carte"), f"{len(cards)} cartes, c'est trop peu : il en "
                                                 f"faut au moins {least} pour deux joueurs")
    return Deck(title.strip(), note.strip(), hypothesis, tuple(kinds), cards, path)


def deck_path() -> Path:
    """Where the tutor's deck file is (beside the rule files)."""
    from tutor.rules import rules_dir

    return rules_dir() / DECK_FILE


def load_deck(path: str | Path | None = None) -> Deck:
    """The deck of ``path`` (the tutor's hypothesis ``rules/vaiko-paquet.toml`` by default)."""
    if path is None:
        return _default_deck()
    p = Path(path)
    try:
        text = p.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise DeckError(str(p), 0, f"fichier illisible : {exc}") from None
    return parse_deck(text, str(p))


@cache
def _default_deck() -> Deck:
    return load_deck(deck_path())


def preflight() -> None:
    """Check the data this game loads when a page starts (``tutor.app`` calls it before
    serving): the deck file must parse, else :class:`DeckError` names the file and line."""
    load_deck(deck_path())


def _coerce_deck(deck: Deck | str | Path | None) -> Deck:
    if isinstance(deck, Deck):
        return deck
    return load_deck(deck)


# --- configuration -------------------------------------------------------------------------------


@dataclass(frozen=True)
class Variant(VariantBase):
    """The readings of the rules in force for one game; validated at construction."""

    GAME: ClassVar[str] = "Vaiko"
    CHOICES: ClassVar[Mapping[str, tuple[Any, ...]]] = {
        "draw_from": DRAW_SOURCES,
        "look": LOOKS,
        "matched_special": MATCHED_SPECIALS,
        "caller_tie": CALLER_TIES,
        "call_end": CALL_ENDS,
    }

    draw_from: str = "deck"
    look: str = "never"
    matched_special: str = "no_effect"
    caller_tie: str = "bonus"
    call_end: str = "caller"


PRESETS: dict[str, Variant] = {
    "standard": Variant(),
    "pioche-ou-defausse": Variant(draw_from="deck_or_discard"),
    "regard-avant-echange": Variant(look="before_swap"),
    "effets-immediats": Variant(matched_special="effect"),
    "egalite-stricte": Variant(caller_tie="malus"),
    "tour-de-table": Variant(call_end="starter"),
}
Variant.PRESETS = PRESETS

PRESET_LABELS: dict[str, str] = {
    "standard": "Standard (lectures retenues par le tuteur)",
    "pioche-ou-defausse": "Pioche ou défausse (on peut prendre la carte de la défausse)",
    "regard-avant-echange": "Regarder avant d'échanger (puis on doit échanger)",
    "effets-immediats": "Effets immédiats (une spéciale jetée par-dessus agit)",
    "egalite-stricte": "Égalité stricte (l'annonceur à égalité prend le malus)",
    "tour-de-table": "Tour de table (après l'annonce, on finit le tour commencé)",
}


# --- actions -------------------------------------------------------------------------------------


class Peek(NamedTuple):
    """Set-up: ``seat`` looks at its card number ``slot`` (0-based) and puts it back."""

    seat: str
    slot: int


class Draw(NamedTuple):
    """Draw the top card of the pile (``source="deck"``) or of the discard (variant)."""

    seat: str
    source: str = "deck"


class Swap(NamedTuple):
    """Put the drawn card in place of card ``slot``; the replaced card is discarded face up."""

    seat: str
    slot: int


class Discard(NamedTuple):
    """Discard the drawn card directly."""

    seat: str


class LookHand(NamedTuple):
    """Variant ``look="before_swap"``: look at one's cards, then swap."""

    seat: str


class Look(NamedTuple):
    """Vision: ``seat`` looks at card ``slot`` of ``owner`` (possibly itself)."""

    seat: str
    owner: str
    slot: int


class Exchange(NamedTuple):
    """Échange: swap card ``slot_a`` of ``owner_a`` with card ``slot_b`` of ``owner_b``."""

    seat: str
    owner_a: str
    slot_a: int
    owner_b: str
    slot_b: int


class Match(NamedTuple):
    """Immediate discard: ``seat`` throws its card ``slot``, claiming it is the same card."""

    seat: str
    slot: int


class Pass(NamedTuple):
    """Immediate discard: ``seat`` does not try."""

    seat: str


class Call(NamedTuple):
    """``seat`` says "Vaiko" at the end of its turn."""

    seat: str


class EndTurn(NamedTuple):
    """``seat`` ends its turn without calling."""

    seat: str


Action = (Peek | Draw | Swap | Discard | LookHand | Look | Exchange | Match | Pass | Call
          | EndTurn)
ACTION_TYPES = (Peek, Draw, Swap, Discard, LookHand, Look, Exchange, Match, Pass, Call, EndTurn)


def _typed_equality(cls: type) -> None:
    """Actions compare by type too: as plain tuples, ``Pass("A") == Call("A")``."""

    def eq(self: tuple[Any, ...], other: object) -> bool:
        return type(other) is type(self) and tuple.__eq__(self, other)

    def ne(self: tuple[Any, ...], other: object) -> bool:
        return not eq(self, other)

    def hash_(self: tuple[Any, ...]) -> int:
        return hash((type(self).__name__, *self))

    setattr(cls, "__eq__", eq)  # noqa: B010
    setattr(cls, "__ne__", ne)  # noqa: B010
    setattr(cls, "__hash__", hash_)  # noqa: B010


for _cls in ACTION_TYPES:
    _typed_equality(_cls)


class State(NamedTuple):
    """One position of a game. Immutable; every change goes through :func:`apply`.

    Cards are ids into ``deck.cards``. ``hands`` hold ids slot by slot (a penalty card is added
    last); ``pile`` is the face-down draw pile (top first), ``discard`` the discard (top last).
    ``known[i]`` is the set of card ids whose face player ``i`` has seen and still tracks.
    ``phase`` says what is expected from ``acting``; ``turn`` is whose turn it is; ``window`` the
    seats still to be asked in the immediate-discard window (the first is asked now); ``caller``
    the seat that said "Vaiko". Chance comes from ``seed`` or the recorded ``script``; the orders
    drawn so far are in ``shuffles`` (a game replays from them, see :func:`replay`).
    """

    variant: Variant
    deck: Deck
    players: tuple[str, ...]
    seed: int | None
    script: tuple[tuple[int, ...], ...]
    shuffles: tuple[tuple[int, ...], ...]
    manche: int
    starter: int
    totals: tuple[int, ...]
    hands: tuple[tuple[int, ...], ...]
    pile: tuple[int, ...]
    discard: tuple[int, ...]
    known: tuple[frozenset[int], ...]
    phase: str
    turn: int
    acting: int
    drawn: int | None
    drawn_from: str | None
    window: tuple[int, ...]
    caller: int | None


class RoundScore(NamedTuple):
    """What :func:`score_round` found: each player's ``points`` for the round after the caller's
    bonus or malus, and the explained ``events``."""

    points: dict[str, int]
    events: tuple[Event, ...]


Out = list[Event] | None


def _e(out: Out, kind: str, seat: str | None, data: Mapping[str, Any], clause: str) -> None:
    if out is not None:
        out.append(Event(kind, seat, data, clause))


# --- chance --------------------------------------------------------------------------------------


def _order(state: State, ids: Sequence[int]) -> tuple[tuple[int, ...], tuple[tuple[int, ...], ...]]:
    """The next shuffle of ``ids``: the recorded one when replaying, else drawn from the seed."""
    k = len(state.shuffles)
    if k < len(state.script):
        order = tuple(state.script[k])
        if sorted(order) != sorted(ids):
            raise ValueError(f"Le mélange enregistré n° {k + 1} ne correspond pas aux cartes à "
                             "mélanger.")
    elif state.seed is None:
        raise ValueError("Partie rejouée au-delà de ses mélanges enregistrés.")
    else:
        order = shuffled(ids, random.Random(f"vaiko/{state.seed}/{k}"))
    return order, (*state.shuffles, order)


def _deal(state: State, out: Out) -> State:
    """Shuffle the whole deck, deal 4 cards each from the starter, turn the first discard."""
    n = len(state.players)
    order, shuffles = _order(state, range(len(state.deck.cards)))
    hands: list[list[int]] = [[] for _ in range(n)]
    k = 0
    for _ in range(HAND_SIZE):
        for j in range(n):
            hands[(state.starter + j) % n].append(order[k])
            k += 1
    first = order[k]
    everyone = frozenset((first,))
    new = state._replace(
        shuffles=shuffles, hands=tuple(tuple(h) for h in hands), pile=order[k + 1:],
        discard=(first,), known=(everyone,) * n, phase=PEEK, turn=state.starter,
        acting=state.starter, drawn=None, drawn_from=None, window=(), caller=None)
    if out is not None:
        faces = state.deck.cards
        _e(out, "shuffle", None, {"manche": state.manche, "order": order}, C_DEAL)
        _e(out, "deal", None, {"hands": {p: tuple(faces[c].face for c in h)
                                         for p, h in zip(state.players, new.hands)},
                               "seen_by": ()}, C_DEAL)
        _e(out, "first_discard", None, {"face": faces[first].face}, C_DEAL)
        _e(out, "peek_turn", state.players[state.starter], {}, C_PEEK)
    return new


# --- setup ---------------------------------------------------------------------------------------


def new_game(
    players: Sequence[str],
    *,
    seed: int | random.Random | None = None,
    variant: Variant | str | Mapping[str, Any] | None = None,
    deck: Deck | str | Path | None = None,
    shuffles: Sequence[Sequence[int]] | None = None,
) -> State:
    """Start a game (clauses ``vaiko/joueurs`` and ``vaiko/donne``).

    Chance comes from ``seed`` (an int or a ``random.Random``), or from the recorded ``shuffles``
    of a game being replayed; exactly one of the two must be given. ``deck`` is a :class:`Deck`
    or a deck file (the tutor's hypothesis by default).
    """
    names = check_players(players, MIN_PLAYERS, MAX_PLAYERS, C_PLAYERS)
    rules = Variant.coerce(variant)
    cards = _coerce_deck(deck)
    if (seed is None) == (shuffles is None):
        raise ValueError("Donnez soit une graine (seed), soit les mélanges enregistrés.")
    _check_deck_size(cards, len(names))
    base = seed.getrandbits(48) if isinstance(seed, random.Random) else seed
    script = tuple(tuple(s) for s in shuffles) if shuffles is not None else ()
    n = len(names)
    state = State(rules, cards, names, base, script, (), 1, 0, (0,) * n, ((),) * n, (), (),
                  (frozenset(),) * n, PEEK, 0, 0, None, None, (), None)
    return _deal(state, None)


def _check_deck_size(deck: Deck, n: int) -> None:
    need = n * HAND_SIZE + 2
    if len(deck.cards) < need:
        raise IllegalAction(f"Ce paquet de {len(deck.cards)} cartes est trop petit pour {n} "
                            f"joueurs : il en faut au moins {need}.", C_DECK)


def opening_events(state: State) -> tuple[Event, ...]:
    """The events of the set-up: players, the deck (a hypothesis), the deal, the first discard."""
    out: list[Event] = [
        Event("setup", None, {"players": state.players}, C_PLAYERS),
        Event("deck", None, {"title": state.deck.title, "size": len(state.deck.cards),
                             "hypothesis": state.deck.hypothesis}, C_DECK),
    ]
    faces = state.deck.cards
    out.append(Event("deal", None, {"hands": {p: tuple(faces[c].face for c in h)
                                              for p, h in zip(state.players, state.hands)},
                                    "seen_by": ()}, C_DEAL))
    if state.discard:
        out.append(Event("first_discard", None, {"face": faces[state.discard[-1]].face}, C_DEAL))
    if state.phase == PEEK:
        out.append(Event("peek_turn", state.players[state.acting], {}, C_PEEK))
    return tuple(out)


def situation(
    players: Sequence[str],
    *,
    hands: Mapping[str, Sequence[str]],
    pile: Sequence[str] = (),
    discard: Sequence[str] = (),
    turn: str | None = None,
    known: Mapping[str, Sequence[tuple[str, int]]] | None = None,
    caller: str | None = None,
    totals: Mapping[str, int] | None = None,
    peek: bool = False,
    variant: Variant | str | Mapping[str, Any] | None = None,
    deck: Deck | str | Path | None = None,
    seed: int = 0,
) -> State:
    """A position set up by hand (worked examples, explorers), by card faces.

    ``hands`` gives each player's cards slot by slot, ``pile`` the top of the draw pile (the
    deck's other cards lie below it, in the deck file's order), ``discard`` the discard (top
    last), ``known`` what each player has already seen (``(owner, slot)`` pairs, 0-based) and
    ``turn`` whose turn it is (the round's first player; with ``peek=True`` the position is the
    set-up look). Raises :class:`IllegalAction` for an impossible position.
    """
    names = check_players(players, MIN_PLAYERS, MAX_PLAYERS, C_PLAYERS)
    rules = Variant.coerce(variant)
    cards = _coerce_deck(deck)
    if set(hands) != set(names):
        raise IllegalAction("Il faut donner les cartes de chaque joueur, et seulement d'eux.",
                            C_PLAYERS)
    pool: dict[str, list[int]] = {}
    for i, card in enumerate(cards.cards):
        pool.setdefault(card.face, []).append(i)

    def take(face: object) -> int:
        if not isinstance(face, str) or face not in pool:
            raise IllegalAction(f"Aucune carte {short_repr(face)} dans le paquet (cartes : "
                                f"{', '.join(cards.faces())}).", C_DECK)
        if not pool[face]:
            raise IllegalAction(f"Le paquet n'a pas assez de cartes « {face} ».", C_DECK)
        return pool[face].pop(0)

    held = []
    for p in names:
        if not hands[p]:
            raise IllegalAction(f"{p} doit avoir au moins une carte.", C_DEAL)
        held.append(tuple(take(f) for f in hands[p]))
    if not discard:
        raise IllegalAction("La défausse ne peut pas être vide : la donne la commence.", C_DEAL)
    top_pile = [take(f) for f in pile]
    down = tuple(take(f) for f in discard)
    rest = sorted(i for ids in pool.values() for i in ids)
    n = len(names)
    seen: list[set[int]] = [{down[-1]} for _ in range(n)]
    for who, spots in (known or {}).items():
        i = _index(names, who)
        for owner, slot in spots:
            j = _index(names, owner)
            if not isinstance(slot, int) or not 0 <= slot < len(held[j]):
                raise IllegalAction(f"{owner} n'a pas de carte n° {short_repr(slot)}.", C_DEAL)
            seen[i].add(held[j][slot])
    start = _index(names, turn) if turn is not None else 0
    scores = tuple((totals or {}).get(p, 0) for p in names)
    state = State(rules, cards, names, seed, (), (), 1, start, scores, tuple(held),
                  (*top_pile, *rest), down, tuple(frozenset(s) for s in seen),
                  PEEK if peek else DRAW, start, start, None, None, (),
                  _index(names, caller) if caller is not None else None)
    return state


def _index(names: Sequence[str], seat: object) -> int:
    try:
        return list(names).index(seat)  # type: ignore[arg-type]
    except ValueError:
        raise IllegalAction(
            f"Aucun joueur ne s'appelle {short_repr(seat)} dans cette partie "
            f"(joueurs : {', '.join(names)}).", C_PLAYERS) from None


# --- queries -------------------------------------------------------------------------------------


def seat_index(state: State, seat: object) -> int:
    """Index of ``seat`` in the players, or :class:`IllegalAction` if nobody has that name."""
    return _index(state.players, seat)


def face(state: State, card: int) -> str:
    return state.deck.cards[card].face


def is_over(state: State) -> bool:
    """True once a player's total has reached 70 at the end of a round (``vaiko/fin``)."""
    return state.phase == OVER


def current_seats(state: State) -> tuple[str, ...]:
    """The player expected to act now (one at a time, even out of turn in the window)."""
    if state.phase == OVER:
        return ()
    return (state.players[state.acting],)


def legal_actions(state: State, seat: str) -> tuple[Action, ...]:
    """Every action ``seat`` may take now, in a fixed order; empty if it has nothing to do.

    This is the only legality rule: :func:`apply` refuses anything not listed here.
    """
    i = seat_index(state, seat)
    if state.phase == OVER or state.acting != i:
        return ()
    return _legal(state, i)


def is_legal(state: State, action: object) -> bool:
    """Whether ``action`` is among :func:`legal_actions` (same type and same fields: two
    actions of different types may have equal fields)."""
    if type(action) not in ACTION_TYPES or action.seat not in state.players:  # type: ignore[attr-defined]
        return False
    return has(legal_actions(state, action.seat), action)  # type: ignore[attr-defined]


def has(actions: Sequence[Action], action: object) -> bool:
    """``action in actions``, comparing types too (``Pass("A") == Call("A")`` as tuples)."""
    return any(type(a) is type(action) and a == action for a in actions)


def _legal(state: State, i: int) -> tuple[Action, ...]:
    seat = state.players[i]
    slots = range(len(state.hands[i]))
    phase = state.phase
    if phase == PEEK:
        return tuple(Peek(seat, s) for s in slots)
    if phase == DRAW:
        acts: list[Action] = [Draw(seat, "deck")]
        if state.variant.draw_from == "deck_or_discard" and state.discard:
            acts.append(Draw(seat, "discard"))
        return tuple(acts)
    if phase in (DECIDE, LOOKED):
        acts = [Swap(seat, s) for s in slots]
        if phase == DECIDE and state.drawn_from == "deck":
            acts.append(Discard(seat))
        if phase == DECIDE and state.variant.look == "before_swap":
            acts.append(LookHand(seat))
        return tuple(acts)
    if phase == VISION:
        return tuple(Look(seat, p, s) for j, p in enumerate(state.players)
                     for s in range(len(state.hands[j])))
    if phase == EXCHANGE:
        n = len(state.players)
        acts = [Exchange(seat, seat, s, state.players[j], t)
                for s in slots for j in range(n) if j != i for t in range(len(state.hands[j]))]
        others = [j for j in range(n) if j != i]
        acts += [Exchange(seat, state.players[a], s, state.players[b], t)
                 for x, a in enumerate(others) for b in others[x + 1:]
                 for s in range(len(state.hands[a])) for t in range(len(state.hands[b]))]
        return tuple(acts)
    if phase == MATCH:
        return (*(Match(seat, s) for s in slots), Pass(seat))
    if phase == CALL:
        return (Call(seat), EndTurn(seat))
    raise AssertionError(f"unknown phase {phase!r}")


def _explain(state: State, action: object) -> IllegalAction:
    """Why ``action`` is not among the legal actions (called only once legality said no)."""
    if not isinstance(action, ACTION_TYPES):
        return IllegalAction(f"Action inconnue pour Vaiko : {short_repr(action, 60)}.", C_ORDER)
    i = seat_index(state, action.seat)
    who = action.seat
    if state.phase == OVER:
        return IllegalAction("La partie est terminée : plus aucune carte ne se joue.", C_END)
    now = state.players[state.acting]
    if isinstance(action, Match) and state.phase != MATCH:
        top = state.deck.cards[state.discard[-1]] if state.discard else None
        if top is not None and top.effect == "rejouer":
            return IllegalAction("La carte x2 ne se défausse jamais immédiatement : personne ne "
                                 "peut la jeter par-dessus.", C_MATCH)
        return IllegalAction("Aucune défausse immédiate n'est ouverte : on ne peut jeter une "
                             "carte identique que juste après une défausse.", C_MATCH)
    if state.acting != i:
        if state.phase == MATCH:
            return IllegalAction(f"Défausse immédiate : c'est à {now} de tenter sa chance ou de "
                                 f"passer ; {who} sera interrogé à son tour.", C_MATCH)
        if state.phase == PEEK:
            return IllegalAction(f"C'est à {now} de regarder une de ses cartes.", C_PEEK)
        return IllegalAction(f"Ce n'est pas à {who} de jouer : c'est à {now}.", C_ORDER)
    phase = state.phase
    slots = len(state.hands[i])

    def bad_slot(slot: object, owner: str, count: int, clause: str) -> IllegalAction | None:
        if type(slot) is not int or not 0 <= slot < count:
            return IllegalAction(f"{owner} n'a pas de carte n° {_slot_text(slot)} (cartes 1 à "
                                 f"{count}).", clause)
        return None

    if isinstance(action, LookHand):
        if state.variant.look != "before_swap":
            return IllegalAction(f"{who} n'a pas le droit de regarder ses cartes : seule la carte "
                                 "piochée se regarde.", C_LOOK)
        if phase == LOOKED:
            return IllegalAction(f"{who} a déjà regardé ses cartes : il faut maintenant "
                                 "échanger.", C_V_LOOK)
    if isinstance(action, Discard) and phase == LOOKED:
        return IllegalAction(f"{who} a regardé ses cartes : il doit échanger, pas jeter la carte "
                             "piochée.", C_V_LOOK)
    if isinstance(action, Discard) and phase == DECIDE and state.drawn_from == "discard":
        return IllegalAction("Une carte prise dans la défausse doit être échangée avec une de "
                             "ses cartes.", C_V_DISCARD)
    if isinstance(action, Draw) and phase == DRAW:
        if action.source == "discard" and state.variant.draw_from == "deck_or_discard":
            return IllegalAction("La défausse est vide : il faut piocher.", C_V_DISCARD)
        if action.source == "discard":
            return IllegalAction("Dans la lecture retenue, on pioche seulement dans la pioche, "
                                 "pas dans la défausse.", C_DRAW)
        return IllegalAction(f"Source inconnue {short_repr(action.source)} : « deck » (la "
                             "pioche) ou « discard » (la défausse).", C_DRAW)
    if isinstance(action, Swap) and phase in (DECIDE, LOOKED):
        return bad_slot(action.slot, who, slots, C_SWAP) or _generic(state, who, phase)
    if isinstance(action, Peek) and phase == PEEK:
        return bad_slot(action.slot, who, slots, C_PEEK) or _generic(state, who, phase)
    if isinstance(action, Match) and phase == MATCH:
        return bad_slot(action.slot, who, slots, C_MATCH) or _generic(state, who, phase)
    if isinstance(action, Look) and phase == VISION:
        if action.owner not in state.players:
            return IllegalAction(f"Aucun joueur ne s'appelle {short_repr(action.owner)}.",
                                 C_VISION)
        j = state.players.index(action.owner)
        return (bad_slot(action.slot, action.owner, len(state.hands[j]), C_VISION)
                or _generic(state, who, phase))
    if isinstance(action, Exchange) and phase == EXCHANGE:
        for owner, slot in ((action.owner_a, action.slot_a), (action.owner_b, action.slot_b)):
            if owner not in state.players:
                return IllegalAction(f"Aucun joueur ne s'appelle {short_repr(owner)}.",
                                     C_EXCHANGE)
            j = state.players.index(owner)
            problem = bad_slot(slot, owner, len(state.hands[j]), C_EXCHANGE)
            if problem is not None:
                return problem
        if action.owner_a == action.owner_b:
            return IllegalAction("Échange : les deux cartes doivent appartenir à deux joueurs "
                                 "différents.", C_EXCHANGE)
        if who in (action.owner_a, action.owner_b):
            return IllegalAction("Échange : mettez votre propre carte en premier (owner_a).",
                                 C_EXCHANGE)
        return _generic(state, who, phase)
    if isinstance(action, (Call, EndTurn)) and phase != CALL:
        return IllegalAction("On annonce « Vaiko » (ou on finit son tour) seulement à la fin de "
                             "son tour, après avoir joué sa carte, et une seule annonce par "
                             "manche.", C_CALL)
    return _generic(state, who, phase)


def _generic(state: State, who: str, phase: str) -> IllegalAction:
    expected = {
        PEEK: (f"{who} doit d'abord regarder une de ses cartes.", C_PEEK),
        DRAW: (f"{who} doit d'abord piocher une carte.", C_DRAW),
        DECIDE: (f"{who} doit échanger la carte piochée avec une de ses cartes, ou la jeter.",
                 C_SWAP),
        LOOKED: (f"{who} doit échanger la carte piochée avec une de ses cartes.", C_V_LOOK),
        VISION: (f"{who} doit d'abord regarder une carte (effet Vision).", C_VISION),
        EXCHANGE: (f"{who} doit d'abord échanger deux cartes (effet Échange).", C_EXCHANGE),
        MATCH: (f"Défausse immédiate : {who} peut jeter une de ses cartes ou passer.", C_MATCH),
        CALL: (f"{who} a joué sa carte : il peut dire « Vaiko » ou finir son tour.", C_CALL),
    }
    reason, clause = expected[phase]
    return IllegalAction(reason, clause)


def _slot_text(slot: object) -> str:
    return str(slot + 1) if type(slot) is int else short_repr(slot)


def hand_points(state: State, seat: str) -> int:
    """The points of ``seat``'s cards (``vaiko/decompte``)."""
    i = seat_index(state, seat)
    return sum(state.deck.cards[c].points for c in state.hands[i])


def view(state: State, seat: str | None) -> dict[str, Any]:
    """What ``seat`` may see. ``seat=None`` is the teacher's view (every face visible).

    A player sees the number of cards of every hand and, slot by slot, the faces it has seen and
    still tracks; the top of the discard; the size of the pile; the drawn card if it saw it.
    """
    everything = seat is None
    mine = frozenset() if everything else state.known[seat_index(state, seat)]
    cards = state.deck.cards

    def shown(card: int) -> str | None:
        return cards[card].face if everything or card in mine else None

    players = []
    for i, name in enumerate(state.players):
        players.append({
            "name": name,
            "total": state.totals[i],
            "cards": tuple(shown(c) for c in state.hands[i]),
            "count": len(state.hands[i]),
            "caller": state.caller == i,
        })
    over = state.phase == OVER
    return {
        "seat": seat,
        "manche": state.manche,
        "phase": state.phase,
        "phase_label": PHASE_LABELS[state.phase],
        "turn": state.players[state.turn],
        "acting": None if over else state.players[state.acting],
        "starter": state.players[state.starter],
        "caller": None if state.caller is None else state.players[state.caller],
        "pile_size": len(state.pile),
        "discard_top": cards[state.discard[-1]].face if state.discard else None,
        "discard_size": len(state.discard),
        "has_drawn": state.drawn is not None,
        "drawn": None if state.drawn is None else shown(state.drawn),
        "drawn_from": state.drawn_from,
        "pile": tuple(cards[c].face for c in state.pile) if everything else None,
        "players": players,
        "over": over,
        "deck_hypothesis": state.deck.hypothesis,
    }


# --- rules ---------------------------------------------------------------------------------------


def score_round(
    points: Mapping[str, int],
    caller: str | None,
    variant: Variant | str | Mapping[str, Any] | None = None,
) -> RoundScore:
    """Each player's points for the round (``vaiko/decompte``), after the caller's bonus or malus.

    A caller with the smallest score gets −10 (``vaiko/bonus``), otherwise +10 (``vaiko/malus``).
    A caller tied for the smallest score has it (bonus) by default; under ``caller_tie="malus"``
    (``vaiko/variante-egalite-stricte``) the caller must be strictly the smallest.
    """
    rules = Variant.coerce(variant)
    if not points or not all(type(v) is int for v in points.values()):
        raise IllegalAction("Les points de la manche doivent être des entiers, un par joueur.",
                            C_COUNT)
    result = dict(points)
    events = [Event("points", None, {"points": dict(points)}, C_COUNT)]
    if caller is None:
        return RoundScore(result, tuple(events))
    if caller not in points:
        raise IllegalAction(f"L'annonceur {short_repr(caller)} ne fait pas partie des joueurs.",
                            C_CALL)
    mine = points[caller]
    low = min(points.values())
    tied = [p for p, v in points.items() if v == mine and p != caller] if mine == low else []
    smallest = mine == low and (not tied or rules.caller_tie == "bonus")
    before = result[caller]
    if smallest:
        result[caller] = before - CALL_POINTS
        events.append(Event("bonus", caller, {"before": before, "after": result[caller],
                                              "tied": tuple(tied)}, C_BONUS))
    else:
        result[caller] = before + CALL_POINTS
        clause = C_V_STRICT if mine == low else C_MALUS
        events.append(Event("malus", caller, {"before": before, "after": result[caller],
                                              "tied": tuple(tied)}, clause))
    return RoundScore(result, tuple(events))


def is_game_over(totals: Mapping[str, int]) -> bool:
    """True when a player's total has reached 70 points or more (``vaiko/fin``)."""
    return any(t >= TARGET for t in totals.values())


def winners(totals: Mapping[str, int]) -> tuple[str, ...]:
    """The players with the lowest total (all of them share the victory on a tie)."""
    low = min(totals.values())
    return tuple(p for p, t in totals.items() if t == low)


def outcome(state: State) -> Outcome:
    """The final totals and the winners: the lowest total wins (``vaiko/fin``)."""
    if state.phase != OVER:
        raise IllegalAction("La partie n'est pas terminée : pas encore de vainqueur.", C_END)
    totals = dict(zip(state.players, state.totals))
    return Outcome(totals, winners(totals), _winner_text(totals), C_END)


def _winner_text(totals: Mapping[str, int]) -> str:
    best = winners(totals)
    reached = [p for p, t in totals.items() if t >= TARGET]
    low = totals[best[0]]
    who = join_names(reached)
    verb = "atteint" if len(reached) == 1 else "atteignent"
    if len(best) == 1:
        return (f"{who} {verb} {TARGET} points : la partie est finie. {best[0]} gagne avec le "
                f"plus petit total ({low}).")
    return (f"{who} {verb} {TARGET} points : la partie est finie. {join_names(best)} partagent "
            f"la victoire avec le plus petit total ({low}).")


def apply(
    state: State, action: Action, *, explain: bool = True
) -> tuple[State, tuple[Event, ...]]:
    """Play ``action`` and return the new state and what happened.

    The turn is: draw (``vaiko/pioche``), swap or discard (``vaiko/echange-ou-defausse``), the
    discarded card's effect if it is special (``vaiko/x2``, ``vaiko/vision``, ``vaiko/echange``),
    the immediate-discard window (``vaiko/defausse-immediate``, ``vaiko/erreur``), then the
    optional "Vaiko" call (``vaiko/annonce``). The round ends as soon as a hand is empty
    (``vaiko/fin-main-vide``) or when the turn round after the call is complete
    (``vaiko/fin-annonce``); it is scored (:func:`score_round`) and a new one is dealt until a
    total reaches 70 (``vaiko/fin``). An illegal action raises :class:`IllegalAction`; ``state``
    is never modified. ``explain=False`` skips the events; the resulting state is the same.
    """
    if not is_legal(state, action):
        raise _explain(state, action)
    out: Out = [] if explain else None
    i = state.acting
    seat = state.players[i]
    cards = state.deck.cards
    if isinstance(action, Peek):
        card = state.hands[i][action.slot]
        _e(out, "peek", seat, {"slot": action.slot, "face": cards[card].face,
                               "seen_by": (seat,)}, C_PEEK)
        state = state._replace(known=_learn(state.known, (i,), (card,)))
        nxt = (i + 1) % len(state.players)
        if nxt == state.starter:
            state = _start_turn(state, state.starter, out)
        else:
            state = state._replace(acting=nxt)
            _e(out, "peek_turn", state.players[nxt], {}, C_PEEK)
    elif isinstance(action, Draw):
        state = _draw(state, i, action.source, out)
    elif isinstance(action, Swap):
        assert state.drawn is not None
        hand = state.hands[i]
        old = hand[action.slot]
        hands = _set_hand(state.hands, i, hand[:action.slot] + (state.drawn,)
                          + hand[action.slot + 1:])
        _e(out, "swap", seat, {"slot": action.slot, "face": cards[state.drawn].face,
                               "out": cards[old].face, "source": state.drawn_from,
                               "seen_by": None if state.drawn_from == "discard" else (seat,)},
           C_SWAP)
        state = state._replace(hands=hands, discard=(*state.discard, old), drawn=None,
                               drawn_from=None, known=_learn_all(state.known, old))
        state = _after_discard(state, old, out)
    elif isinstance(action, Discard):
        assert state.drawn is not None
        card = state.drawn
        _e(out, "discard", seat, {"face": cards[card].face}, C_SWAP)
        state = state._replace(discard=(*state.discard, card), drawn=None, drawn_from=None,
                               known=_learn_all(state.known, card))
        state = _after_discard(state, card, out)
    elif isinstance(action, LookHand):
        hand = state.hands[i]
        _e(out, "look_hand", seat, {"faces": tuple(cards[c].face for c in hand),
                                    "seen_by": (seat,)}, C_V_LOOK)
        state = state._replace(known=_learn(state.known, (i,), hand), phase=LOOKED)
    elif isinstance(action, Look):
        j = state.players.index(action.owner)
        card = state.hands[j][action.slot]
        _e(out, "look", seat, {"owner": action.owner, "slot": action.slot,
                               "face": cards[card].face, "seen_by": (seat,)}, C_VISION)
        state = _after_effect(state._replace(known=_learn(state.known, (i,), (card,))), out)
    elif isinstance(action, Exchange):
        a = state.players.index(action.owner_a)
        b = state.players.index(action.owner_b)
        ca, cb = state.hands[a][action.slot_a], state.hands[b][action.slot_b]
        hands = _set_hand(state.hands, a, _put(state.hands[a], action.slot_a, cb))
        hands = _set_hand(hands, b, _put(hands[b], action.slot_b, ca))
        _e(out, "exchange", seat, {"owner_a": action.owner_a, "slot_a": action.slot_a,
                                   "owner_b": action.owner_b, "slot_b": action.slot_b,
                                   "faces": (cards[ca].face, cards[cb].face), "seen_by": ()},
           C_EXCHANGE)
        state = _after_effect(state._replace(hands=hands), out)
    elif isinstance(action, Match):
        state = _match(state, i, action.slot, out)
    elif isinstance(action, Pass):
        _e(out, "pass", seat, {}, C_MATCH)
        state = _next_in_window(state, out)
    elif isinstance(action, Call):
        _e(out, "vaiko", seat, {"call_end": state.variant.call_end}, C_CALL)
        state = _next_turn(state._replace(caller=i), out)
    elif isinstance(action, EndTurn):
        _e(out, "end_turn", seat, {}, C_CALL)
        state = _next_turn(state, out)
    return state, tuple(out or ())


def _set_hand(hands: tuple[tuple[int, ...], ...], i: int,
              hand: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    return hands[:i] + (hand,) + hands[i + 1:]


def _put(hand: tuple[int, ...], slot: int, card: int) -> tuple[int, ...]:
    return hand[:slot] + (card,) + hand[slot + 1:]


def _learn(known: tuple[frozenset[int], ...], seats: Sequence[int],
           cards: Sequence[int]) -> tuple[frozenset[int], ...]:
    return tuple(k | frozenset(cards) if i in seats else k for i, k in enumerate(known))


def _learn_all(known: tuple[frozenset[int], ...], card: int) -> tuple[frozenset[int], ...]:
    return tuple(k | {card} for k in known)


def _refill(state: State, out: Out) -> State:
    """An empty pile is remade from the discard, all but its top card, shuffled
    (``vaiko/pioche-epuisee``). The reshuffled cards are forgotten: nobody saw the new order."""
    if state.pile or len(state.discard) < 2:
        return state
    order, shuffles = _order(state, state.discard[:-1])
    gone = frozenset(order)
    _e(out, "reshuffle", None, {"count": len(order), "order": order}, C_RESHUFFLE)
    return state._replace(pile=order, discard=state.discard[-1:], shuffles=shuffles,
                          known=tuple(k - gone for k in state.known))


def _draw(state: State, i: int, source: str, out: Out) -> State:
    seat = state.players[i]
    if source == "discard":
        card = state.discard[-1]
        _e(out, "draw", seat, {"source": "discard", "face": face(state, card)}, C_V_DISCARD)
        return state._replace(discard=state.discard[:-1], drawn=card, drawn_from="discard",
                              phase=DECIDE)
    state = _refill(state, out)
    card = state.pile[0]
    _e(out, "draw", seat, {"source": "deck", "face": face(state, card), "seen_by": (seat,)},
       C_DRAW)
    return state._replace(pile=state.pile[1:], drawn=card, drawn_from="deck", phase=DECIDE,
                          known=_learn(state.known, (i,), (card,)))


def _after_discard(state: State, card: int, out: Out) -> State:
    """The turn player's discard: the special effect first, then the immediate-discard window."""
    effect = state.deck.cards[card].effect
    seat = state.players[state.turn]
    if effect == "rejouer":
        _e(out, "again", seat, {"face": face(state, card)}, C_X2)
        return _start_turn(state, state.turn, out, again=True)
    if effect == "vision":
        _e(out, "special", seat, {"effect": effect, "face": face(state, card)}, C_VISION)
        return state._replace(phase=VISION, acting=state.turn)
    if effect == "echange":
        _e(out, "special", seat, {"effect": effect, "face": face(state, card)}, C_EXCHANGE)
        return state._replace(phase=EXCHANGE, acting=state.turn)
    return _open_window(state, out)


def _after_effect(state: State, out: Out) -> State:
    if state.window:  # a special card thrown in the window (variant): back to the window
        return state._replace(phase=MATCH, acting=state.window[0])
    return _open_window(state, out)


def _open_window(state: State, out: Out) -> State:
    n = len(state.players)
    order = tuple((state.turn + k) % n for k in range(1, n + 1))
    _e(out, "window", None, {"face": face(state, state.discard[-1]),
                             "order": tuple(state.players[j] for j in order)}, C_MATCH)
    return state._replace(phase=MATCH, window=order, acting=order[0])


def _next_in_window(state: State, out: Out) -> State:
    window = state.window[1:]
    if window:
        return state._replace(window=window, acting=window[0], phase=MATCH)
    state = state._replace(window=())
    if state.caller is None:
        return state._replace(phase=CALL, acting=state.turn)
    return _next_turn(state, out)


def _match(state: State, i: int, slot: int, out: Out) -> State:
    seat = state.players[i]
    hand = state.hands[i]
    card = hand[slot]
    top = state.deck.cards[state.discard[-1]]
    mine = state.deck.cards[card]
    if mine.face == top.face:
        _e(out, "match", seat, {"slot": slot, "face": mine.face}, C_MATCH)
        state = state._replace(hands=_set_hand(state.hands, i, hand[:slot] + hand[slot + 1:]),
                               discard=(*state.discard, card),
                               known=_learn_all(state.known, card))
        if not state.hands[i]:
            return _end_round(state, "empty", out)
        if state.variant.matched_special == "effect" and mine.effect in ("vision", "echange"):
            _e(out, "special", seat, {"effect": mine.effect, "face": mine.face,
                                      "matched": True}, C_V_EFFECT)
            return state._replace(phase=VISION if mine.effect == "vision" else EXCHANGE,
                                  acting=i)
        return state._replace(phase=MATCH, acting=i)
    _e(out, "miss", seat, {"slot": slot, "face": mine.face, "top": top.face}, C_MISS)
    state = _refill(state._replace(known=_learn_all(state.known, card)), out)
    if state.pile:
        extra = state.pile[0]
        _e(out, "penalty", seat, {"slot": len(hand), "face": face(state, extra), "seen_by": ()},
           C_MISS)
        state = state._replace(pile=state.pile[1:], hands=_set_hand(state.hands, i,
                                                                     (*hand, extra)))
    else:
        _e(out, "no_penalty", seat, {}, C_MISS)
    return _next_in_window(state, out)


def _next_turn(state: State, out: Out) -> State:
    n = len(state.players)
    nxt = (state.turn + 1) % n
    if state.caller is not None and (
        nxt == state.caller or (state.variant.call_end == "starter" and nxt == state.starter)
    ):
        return _end_round(state, "call", out)
    return _start_turn(state, nxt, out)


def _start_turn(state: State, i: int, out: Out, again: bool = False) -> State:
    if not state.pile and len(state.discard) < 2:
        return _end_round(state, "exhausted", out)
    if not again:
        _e(out, "turn", state.players[i], {}, C_ORDER)
    return state._replace(phase=DRAW, turn=i, acting=i, window=(), drawn=None, drawn_from=None)


def _end_round(state: State, reason: str, out: Out) -> State:
    """Count the round, add it to the totals, then deal the next round or end the game."""
    players = state.players
    cards = state.deck.cards
    points = {p: sum(cards[c].points for c in h) for p, h in zip(players, state.hands)}
    caller = None if state.caller is None else players[state.caller]
    clause = {"empty": C_EMPTY, "call": C_CALL_END, "exhausted": C_RESHUFFLE}[reason]
    if reason == "call" and state.variant.call_end == "starter":
        clause = C_V_TABLE
    who = next((p for p, h in zip(players, state.hands) if not h), None)
    _e(out, "round_end", who if reason == "empty" else caller,
       {"reason": reason, "manche": state.manche}, clause)
    _e(out, "reveal", None, {"hands": {p: tuple(cards[c].face for c in h)
                                       for p, h in zip(players, state.hands)}}, C_COUNT)
    score = score_round(points, caller, state.variant) if out is not None else _quiet_score(
        points, caller, state.variant)
    if out is not None:
        out.extend(score.events)
    totals = tuple(t + score.points[p] for p, t in zip(players, state.totals))
    named = dict(zip(players, totals))
    _e(out, "totals", None, {"scores": score.points, "totals": named, "manche": state.manche},
       C_TOTAL)
    if is_game_over(named):
        _e(out, "game_over", None, {"totals": named, "winners": winners(named),
                                    "reason": _winner_text(named)}, C_END)
        return state._replace(totals=totals, phase=OVER, drawn=None, drawn_from=None, window=())
    starter = (state.starter + 1) % len(players)
    _e(out, "new_round", players[starter], {"manche": state.manche + 1}, C_TOTAL)
    return _deal(state._replace(totals=totals, manche=state.manche + 1, starter=starter), out)


def _quiet_score(points: Mapping[str, int], caller: str | None, rules: Variant) -> RoundScore:
    """:func:`score_round` without building events (simulations)."""
    if caller is None:
        return RoundScore(dict(points), ())
    return RoundScore(score_round(points, caller, rules).points, ())


def replay(
    players: Sequence[str],
    shuffles: Sequence[Sequence[int]],
    actions: Sequence[Action],
    variant: Variant | str | Mapping[str, Any] | None = None,
    deck: Deck | str | Path | None = None,
) -> State:
    """Rebuild a game from its recorded shuffles and its actions, without any random state."""
    state = new_game(players, shuffles=shuffles, variant=variant, deck=deck)
    for action in actions:
        state, _ = apply(state, action)
    return state


# --- French descriptions -------------------------------------------------------------------------


def card_text(face_: str) -> str:
    """``un 7``, ``un 0``, ``une carte x2``, ``une carte Vision``."""
    if face_.lstrip("-").isdigit():
        return f"un {face_}"
    return f"une carte {face_}"


def _it(face_: str) -> str:
    """The pronoun for a card: ``le`` (un 7), ``la`` (une carte Vision)."""
    return "le" if face_.lstrip("-").isdigit() else "la"


def _de(name: str) -> str:
    """``de Carla``, ``d'Alex`` (elision before a vowel)."""
    return f"d'{name}" if name[:1].lower() in "aeiouyéèêàâîôûh" else f"de {name}"


def _sees(event: Event, viewer: str | None) -> bool:
    if viewer is None:
        return True
    seen_by = event.data.get("seen_by")
    return seen_by is None or viewer in seen_by


def _card_of(owner: str, slot: int, actor: str | None) -> str:
    return f"sa carte {slot + 1}" if owner == actor else f"la carte {slot + 1} {_de(owner)}"


def describe(event: Event, viewer: str | None = None) -> str:
    """One French sentence telling what ``event`` means to ``viewer`` (``None``: the teacher,
    who sees every face; a player only sees the faces they have seen in the game)."""
    d = event.data
    kind = event.kind
    who = event.seat or ""
    sees = _sees(event, viewer)
    if kind == "setup":
        return f"Joueurs : {join_names(d['players'])}."
    if kind == "deck":
        text = f"Le paquet compte {d['size']} cartes"
        if d["hypothesis"]:
            text += " (composition supposée par le tuteur : le livret ne la donne pas)"
        return text + "."
    if kind == "shuffle":
        return f"Manche {d['manche']} : on bat toutes les cartes."
    if kind == "deal":
        text = f"Chacun reçoit {HAND_SIZE} cartes face cachée, sans les regarder."
        if sees:
            text += " Vue du professeur : " + " ; ".join(
                f"{p} {', '.join(faces)}" for p, faces in d["hands"].items()) + "."
        return text
    if kind == "first_discard":
        return f"On retourne la première carte de la pioche : {card_text(d['face'])} commence " \
               "la défausse."
    if kind == "peek_turn":
        return f"{who} choisit une de ses cartes à regarder."
    if kind == "peek":
        if sees:
            return (f"{who} regarde sa carte {d['slot'] + 1} : c'est {card_text(d['face'])}. "
                    "Il la repose face cachée.")
        return f"{who} regarde sa carte {d['slot'] + 1}, puis la repose face cachée."
    if kind == "turn":
        return f"C'est à {who} de jouer."
    if kind == "draw":
        if d["source"] == "discard":
            return f"{who} prend {card_text(d['face'])} sur la défausse."
        if sees:
            return f"{who} pioche {card_text(d['face'])} et {_it(d['face'])} regarde en secret."
        return f"{who} pioche une carte et la regarde en secret."
    if kind == "reshuffle":
        return (f"La pioche est vide : les {d['count']} cartes de la défausse, sauf celle du "
                "dessus, sont battues et forment une nouvelle pioche.")
    if kind == "swap":
        placed = f"la carte piochée ({d['face']})" if sees else "la carte piochée"
        return (f"{who} met {placed} à la place de sa carte {d['slot'] + 1} et défausse "
                f"{card_text(d['out'])}.")
    if kind == "discard":
        return f"{who} jette directement la carte piochée : {card_text(d['face'])}."
    if kind == "look_hand":
        if sees:
            return f"{who} regarde ses cartes avant d'échanger : {', '.join(d['faces'])}."
        return f"{who} regarde ses cartes avant d'échanger."
    if kind == "again":
        return (f"La carte x2 est défaussée : {who} rejoue tout de suite. Personne ne peut la "
                "défausser immédiatement.")
    if kind == "special":
        verb = ("va regarder une carte, la sienne ou celle d'un autre" if d["effect"] == "vision"
                else "va échanger deux cartes")
        how = "jetée en défausse immédiate, elle agit aussi" if d.get("matched") else \
            "elle agit maintenant"
        return f"La carte {d['face']} est défaussée, {how} : {who} {verb}."
    if kind == "look":
        target = _card_of(d["owner"], d["slot"], who)
        if sees:
            return f"{who} regarde {target} : c'est {card_text(d['face'])}."
        return f"{who} regarde {target}, sans la montrer."
    if kind == "exchange":
        first = _card_of(d["owner_a"], d["slot_a"], who)
        second = _card_of(d["owner_b"], d["slot_b"], None)
        text = f"{who} échange {first} avec {second}, faces cachées."
        if viewer is None:
            text += f" (Vue du professeur : {d['faces'][0]} contre {d['faces'][1]}.)"
        return text
    if kind == "window":
        return (f"Défausse immédiate : qui a aussi {card_text(d['face'])} peut "
                f"{_it(d['face'])} jeter "
                f"maintenant (on demande dans l'ordre : {join_names(d['order'])}).")
    if kind == "match":
        also = "lui aussi" if _it(d["face"]) == "le" else "elle aussi"
        return f"{who} jette sa carte {d['slot'] + 1} : {card_text(d['face'])} {also}. Bien vu !"
    if kind == "miss":
        return (f"{who} tente sa carte {d['slot'] + 1} : c'est {card_text(d['face'])}, pas "
                f"{card_text(d['top'])}. Erreur : la carte reprend sa place, et tout le monde "
                "l'a vue.")
    if kind == "penalty":
        text = f"{who} reçoit en pénalité une carte face cachée (sa carte {d['slot'] + 1})"
        return text + (f" : {card_text(d['face'])}." if sees else ".")
    if kind == "no_penalty":
        return f"Plus aucune carte à distribuer : {who} ne reçoit pas de carte de pénalité."
    if kind == "pass":
        return f"{who} passe."
    if kind == "vaiko":
        if d["call_end"] == "starter":
            return f"{who} dit « Vaiko » ! On finit le tour de table, puis on compte les points."
        return (f"{who} dit « Vaiko » ! Chacun des autres joue encore une fois, puis on compte "
                "les points.")
    if kind == "end_turn":
        return f"{who} finit son tour sans annoncer."
    if kind == "round_end":
        if d["reason"] == "empty":
            return f"{who} n'a plus aucune carte : la manche s'arrête immédiatement."
        if d["reason"] == "call":
            return f"Le tour est fini depuis l'annonce {_de(who)} : la manche s'arrête."
        return "Plus aucune carte à piocher : la manche s'arrête."
    if kind == "reveal":
        return "On retourne toutes les cartes : " + " ; ".join(
            f"{p} {', '.join(faces) or 'aucune carte'}" for p, faces in d["hands"].items()) + "."
    if kind == "points":
        return "Points de la manche : " + ", ".join(
            f"{p} {v}" for p, v in d["points"].items()) + "."
    if kind == "bonus":
        tie = f", à égalité avec {join_names(d['tied'])}" if d["tied"] else ""
        return (f"{who} a annoncé et a le plus petit score{tie} : bonus de {signed(-CALL_POINTS)} "
                f"({points_text(d['before'])} − {CALL_POINTS} = {points_text(d['after'])}).")
    if kind == "malus":
        if d["tied"]:
            why = f"est à égalité avec {join_names(d['tied'])}, ce qui ne suffit pas"
        else:
            why = "n'a pas le plus petit score"
        return (f"{who} a annoncé mais {why} : malus de +{CALL_POINTS} "
                f"({points_text(d['before'])} + {CALL_POINTS} = {points_text(d['after'])}).")
    if kind == "totals":
        return f"Totaux après la manche {d['manche']} : " + ", ".join(
            f"{p} {points_text(t)}" for p, t in d["totals"].items()) + "."
    if kind == "new_round":
        return (f"Personne n'a atteint {TARGET} points : on joue la manche {d['manche']}, et "
                f"c'est {who} qui commence.")
    if kind == "game_over":
        return str(d["reason"])
    if kind == "refused":
        return f"Refusé : {d['reason']}"
    raise AssertionError(f"unknown event kind {kind!r}")


def points_text(value: int) -> str:
    """An integer with the true minus sign when negative (no plus sign)."""
    return f"\u2212{-value}" if value < 0 else str(value)


# --- worked examples -----------------------------------------------------------------------------


def run_example(data: Mapping[str, Any]) -> ExampleRun:
    """Replay a worked example of ``rules/vaiko.fr.md`` on the engine.

    ``type = "partie"``: a position (``mains``, ``pioche``, ``defausse``, optional ``tour``,
    ``connues``, ``annonce``, ``totaux``, ``debut = "regard"``) then the ``coups`` in order, each
    checked, then the ``[attendu]`` facts and, with ``[refus]``, one more move that must be
    refused citing ``article``. ``type = "decompte"``: :func:`score_round` from ``points`` and
    ``annonceur`` to ``scores``. ``type = "fin"``: ``totaux`` to ``fin`` and ``vainqueurs``.
    Raises :class:`ExampleError` if the data is malformed.
    """
    kind = data.get("type")
    try:
        rules = Variant.coerce(data.get("variante"))
    except ValueError as exc:
        raise ExampleError(f"variante : {exc}") from None
    if kind == "partie":
        return _example_game(data, rules)
    if kind == "decompte":
        return _example_count(data, rules)
    if kind == "fin":
        return _example_end(data)
    raise ExampleError(f"type d'exemple inconnu {kind!r} (types possibles : partie, decompte, "
                       "fin)")


_MOVE_KEYS = ("joueur", "action", "carte", "cible", "cartes", "source")
_MOVES = ("regarder", "piocher", "echanger", "jeter", "regarder-main", "vision", "echange",
          "tenter", "passer", "vaiko", "finir")


def parse_move(move: object) -> Action:
    """A move of a worked example (``{ joueur = "Alex", action = "echanger", carte = 2 }``, card
    numbers from 1) as an engine action."""
    if not isinstance(move, dict):
        raise ExampleError("un coup doit être une table { joueur = ..., action = ... }")
    check_keys("coup", move, ("joueur", "action"), _MOVE_KEYS[2:])
    seat, what = move["joueur"], move["action"]

    def slot(key: str = "carte") -> int:
        if key not in move or type(move[key]) is not int:
            raise ExampleError(f"le coup « {what} » demande « {key} » (un numéro de carte)")
        return int(move[key]) - 1

    if what == "regarder":
        return Peek(seat, slot())
    if what == "piocher":
        source = move.get("source", "pioche")
        if source not in ("pioche", "defausse"):
            raise ExampleError("source : « pioche » ou « defausse »")
        return Draw(seat, "deck" if source == "pioche" else "discard")
    if what == "echanger":
        return Swap(seat, slot())
    if what == "jeter":
        return Discard(seat)
    if what == "regarder-main":
        return LookHand(seat)
    if what == "vision":
        if not isinstance(move.get("cible"), str):
            raise ExampleError("le coup « vision » demande « cible » (un joueur)")
        return Look(seat, move["cible"], slot())
    if what == "echange":
        pair = move.get("cartes")
        if (not isinstance(pair, list) or len(pair) != 2 or not all(
                isinstance(p, list) and len(p) == 2 and isinstance(p[0], str)
                and type(p[1]) is int for p in pair)):
            raise ExampleError("le coup « echange » demande cartes = [[joueur, n], [joueur, n]]")
        (a, s), (b, t) = pair
        return Exchange(seat, a, s - 1, b, t - 1)
    if what == "tenter":
        return Match(seat, slot())
    if what == "passer":
        return Pass(seat)
    if what == "vaiko":
        return Call(seat)
    if what == "finir":
        return EndTurn(seat)
    raise ExampleError(f"action inconnue {what!r} (actions possibles : {', '.join(_MOVES)})")


_GAME_KEYS = ("tour", "connues", "annonce", "totaux", "debut", "attendu", "refus")
_EXPECT_KEYS = ("mains", "defausse", "a_jouer", "connues", "points", "totaux", "fin_de_manche",
                "fin", "vainqueurs", "penalites")


def _faces(where: str, value: object) -> tuple[str, ...]:
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise ExampleError(f"{where} doit être une liste de cartes (textes)")
    return tuple(value)


def _spots(where: str, value: object) -> list[tuple[str, int]]:
    """``["Carla:2", ...]`` as ``(owner, slot)`` pairs, 0-based."""
    if not isinstance(value, list):
        raise ExampleError(f"{where} doit être une liste « Joueur:n »")
    out = []
    for item in value:
        owner, _, num = str(item).rpartition(":")
        if not owner or not num.isdigit():
            raise ExampleError(f"{where} : « {item} » n'est pas de la forme « Joueur:n »")
        out.append((owner, int(num) - 1))
    return out


def _example_game(data: Mapping[str, Any], rules: Variant) -> ExampleRun:
    check_keys("exemple", data, ("mains", "defausse", "coups"),
               COMMON_KEYS + ("pioche",) + _GAME_KEYS)
    mains = data["mains"]
    if not isinstance(mains, dict) or not mains:
        raise ExampleError("mains doit être une table joueur = [cartes]")
    hands = {p: _faces(f"mains.{p}", v) for p, v in mains.items()}
    known_spec = data.get("connues", {})
    if not isinstance(known_spec, dict):
        raise ExampleError("connues doit être une table joueur = [\"Joueur:n\", ...]")
    known = {p: _spots(f"connues.{p}", v) for p, v in known_spec.items()}
    try:
        state = situation(
            list(hands), hands=hands, pile=_faces("pioche", data.get("pioche", [])),
            discard=_faces("defausse", data["defausse"]), turn=data.get("tour"), known=known,
            caller=data.get("annonce"), totals=int_table("totaux", data.get("totaux", {})),
            peek=data.get("debut") == "regard", variant=rules)
    except IllegalAction as exc:
        raise ExampleError(f"situation impossible : {exc.reason}") from None
    moves = data["coups"]
    if not isinstance(moves, list):
        raise ExampleError("coups doit être une liste de coups")
    events: list[Event] = []
    for k, move in enumerate(moves, 1):
        action = parse_move(move)
        try:
            state, evs = apply(state, action)
        except IllegalAction as exc:
            raise ExampleError(f"coup {k} impossible : {exc.reason}") from None
        events.extend(evs)
    out: list[str] = []
    expect = data.get("attendu", {})
    if not isinstance(expect, dict):
        raise ExampleError("attendu doit être une table")
    check_keys("attendu", expect, (), _EXPECT_KEYS)
    _check_expected(state, events, expect, out)
    refusal = data.get("refus")
    if refusal is not None:
        if not isinstance(refusal, dict):
            raise ExampleError("refus doit être une table { coup = ..., article = ... }")
        check_keys("refus", refusal, ("coup", "article"), ())
        action = parse_move(refusal["coup"])
        try:
            apply(state, action)
        except IllegalAction as exc:
            events.append(Event("refused", action.seat, {"reason": exc.reason}, exc.clause))
            compare("article enfreint", refusal["article"], exc.clause, out)
        else:
            out.append(f"coup refusé : attendu un refus ({refusal['article']}), le coup a été "
                       "accepté")
    return ExampleRun(tuple(events), tuple(out))


def _check_expected(state: State, events: Sequence[Event], expect: Mapping[str, Any],
                    out: list[str]) -> None:
    cards = state.deck.cards
    if "mains" in expect:
        for p, faces in expect["mains"].items():
            got = tuple(cards[c].face for c in state.hands[seat_index(state, p)]) \
                if p in state.players else None
            compare(f"main de {p}", _faces(f"attendu.mains.{p}", faces), got, out)
    if "defausse" in expect:
        compare("dessus de la défausse", expect["defausse"],
                cards[state.discard[-1]].face if state.discard else None, out)
    if "a_jouer" in expect:
        now = current_seats(state)
        compare("joueur attendu", expect["a_jouer"], now[0] if now else None, out)
    if "connues" in expect:
        for p, spots in expect["connues"].items():
            i = seat_index(state, p)
            want = sorted(_spots(f"attendu.connues.{p}", spots))
            spots_known = sorted((owner, s) for j, owner in enumerate(state.players)
                                 for s, c in enumerate(state.hands[j]) if c in state.known[i])
            compare(f"cartes connues de {p}", want, spots_known, out)
    totals_events = [e for e in events if e.kind == "totals"]
    if "points" in expect:
        got_points = dict(totals_events[-1].data["scores"]) if totals_events else None
        compare("points de la manche", int_table("attendu.points", expect["points"]), got_points,
                out)
    if "totaux" in expect:
        compare("totaux", int_table("attendu.totaux", expect["totaux"]),
                dict(zip(state.players, state.totals)), out)
    if "fin_de_manche" in expect:
        compare("fin de manche", expect["fin_de_manche"],
                any(e.kind == "round_end" for e in events), out)
    if "penalites" in expect:
        compare("cartes de pénalité", int_table("attendu.penalites", expect["penalites"]),
                {p: sum(1 for e in events if e.kind == "penalty" and e.seat == p)
                 for p in expect["penalites"]}, out)
    if "fin" in expect:
        compare("partie finie", expect["fin"], is_over(state), out)
    if "vainqueurs" in expect:
        got = outcome(state).winners if is_over(state) else None
        compare("vainqueurs", tuple(expect["vainqueurs"]), got, out)


def _example_count(data: Mapping[str, Any], rules: Variant) -> ExampleRun:
    check_keys("exemple", data, ("points",), COMMON_KEYS + ("annonceur", "scores"))
    points = int_table("points", data["points"])
    try:
        result = score_round(points, data.get("annonceur"), rules)
    except IllegalAction as exc:
        raise ExampleError(f"situation impossible : {exc.reason}") from None
    out: list[str] = []
    if "scores" in data:
        compare("scores", int_table("scores", data["scores"]), result.points, out)
    return ExampleRun(result.events, tuple(out))


def _example_end(data: Mapping[str, Any]) -> ExampleRun:
    check_keys("exemple", data, ("totaux",), COMMON_KEYS + ("fin", "vainqueurs"))
    totals = int_table("totaux", data["totaux"])
    if not totals:
        raise ExampleError("totaux ne peut pas être vide")
    over = is_game_over(totals)
    out: list[str] = []
    if "fin" in data:
        compare("partie finie", data["fin"], over, out)
    if over:
        events = (Event("game_over", None, {"totals": totals, "winners": winners(totals),
                                            "reason": _winner_text(totals)}, C_END),)
        if "vainqueurs" in data:
            compare("vainqueurs", tuple(data["vainqueurs"]), winners(totals), out)
    else:
        events = (Event("totals", None, {"scores": {}, "totals": totals, "manche": 0}, C_TOTAL),)
        if "vainqueurs" in data:
            out.append("vainqueurs : la partie n'est pas finie, il n'y a pas encore de vainqueur")
    return ExampleRun(events, tuple(out))


# --- computer players ----------------------------------------------------------------------------


class RandomPlayer:
    """Takes a legal action uniformly at random, from its own seeded generator."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def choose(self, state: State, seat: str) -> Action:
        return self.rng.choice(legal_actions(state, seat))


class MemoryPlayer:
    """A player that remembers what it has seen and nothing else: it reads only :func:`view`.

    It keeps low cards and throws high ones, uses special cards, looks at its unknown cards with
    Vision, gives its worst known card away with Échange, throws a card in the window only when
    it knows it matches, and says "Vaiko" when the cards it knows are low enough.
    """

    def __init__(self, seed: int, threshold: int = 6) -> None:
        self.rng = random.Random(seed)
        self.threshold = threshold

    def choose(self, state: State, seat: str) -> Action:
        legal = legal_actions(state, seat)
        seen = view(state, seat)
        me = next(p for p in seen["players"] if p["name"] == seat)
        mine: tuple[str | None, ...] = me["cards"]
        deck = state.deck
        points = {card.face: card.points for card, _ in deck.kinds}
        effects = {card.face: card.effect for card, _ in deck.kinds}
        average = sum(c.points for c in deck.cards) / len(deck.cards)
        unknown = [s for s, f in enumerate(mine) if f is None]
        known = [(points[f], s) for s, f in enumerate(mine) if f is not None]
        phase = state.phase
        if phase == PEEK:
            return Peek(seat, self.rng.choice(unknown) if unknown else 0)
        if phase == DRAW:
            top = seen["discard_top"]
            if has(legal, Draw(seat, "discard")) and top is not None and effects[top] == "aucun" \
                    and points[top] <= 2 and (unknown or max(known)[0] > points[top]):
                return Draw(seat, "discard")
            return Draw(seat, "deck")
        if phase in (DECIDE, LOOKED):
            drawn = seen["drawn"]
            value = points[drawn] if drawn is not None else average
            special = drawn is not None and effects[drawn] != "aucun"
            worst = max(known) if known else None
            if special and has(legal, Discard(seat)):
                return Discard(seat)
            if worst is not None and worst[0] > value:
                return Swap(seat, worst[1])
            if phase == DECIDE and has(legal, LookHand(seat)) and unknown and value <= 3:
                return LookHand(seat)
            if unknown and value < average:
                return Swap(seat, self.rng.choice(unknown))
            if has(legal, Discard(seat)):
                return Discard(seat)
            return Swap(seat, worst[1] if worst is not None else self.rng.choice(unknown))
        if phase == VISION:
            if unknown:
                return Look(seat, seat, self.rng.choice(unknown))
            return self.rng.choice([a for a in legal if isinstance(a, Look) and a.owner != seat]
                                   or list(legal))
        if phase == EXCHANGE:
            return self._exchange(state, seat, legal, seen, known, points)
        if phase == MATCH:
            top = seen["discard_top"]
            for s, f in enumerate(mine):
                if f is not None and f == top:
                    return Match(seat, s)
            return Pass(seat)
        if phase == CALL:
            estimate = sum(p for p, _ in known) + len(unknown) * average
            return Call(seat) if estimate <= self.threshold else EndTurn(seat)
        return self.rng.choice(legal)

    def _exchange(self, state: State, seat: str, legal: Sequence[Action], seen: Mapping[str, Any],
                  known: list[tuple[int, int]], points: Mapping[str, int]) -> Action:
        mine = [a for a in legal if isinstance(a, Exchange) and a.owner_a == seat]
        if known and mine:
            value, slot = max(known)
            best: tuple[int, Action] | None = None
            for p in seen["players"]:
                if p["name"] == seat:
                    continue
                for s, f in enumerate(p["cards"]):
                    if f is not None and points[f] < value and (
                            best is None or points[f] < best[0]):
                        best = (points[f], Exchange(seat, seat, slot, p["name"], s))
            if best is not None:
                return best[1]
            if value >= 7:
                return self.rng.choice([a for a in mine if a.slot_a == slot])
        others = [a for a in legal if isinstance(a, Exchange) and a.owner_a != seat]
        return self.rng.choice(others or list(legal))


PLAYER_KINDS: dict[str, tuple[str, type[RandomPlayer] | type[MemoryPlayer]]] = {
    "hasard": ("Au hasard", RandomPlayer),
    "memoire": ("Avec de la mémoire (retient ce qu'il a vu)", MemoryPlayer),
}

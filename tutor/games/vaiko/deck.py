"""The Vaiko deck: a data file, since the booklet does not give the deck's composition.

``rules/vaiko-paquet.toml`` is the tutor's hypothesis (marked ``hypothese = true``); any well-formed
deck file in the same format is accepted. A malformed one is refused with :class:`DeckError`
(``file:line: reason``, in French), a ``ValueError``. The game checks it and recognises it
among files through :class:`DeckFiles`'s methods.
"""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

from tutor import fr
from tutor.engine import IllegalAction, short_repr

DECK_FILE = "vaiko-paquet.toml"
EFFECTS = ("aucun", "rejouer", "vision", "echange")
C_DECK = "vaiko/paquet"
SMALLEST_DECK = 2 * 4 + 2  # two players' hands, the first discard and one card to draw

_DECK_TOP = ("titre", "hypothese", "note", "carte")
_DECK_CARD = ("nom", "effet", "points", "exemplaires")


@dataclass(frozen=True, slots=True)
class Card:
    """One sort of card of the deck: what is printed on it (``face``), its ``effect`` and the
    ``points`` it is worth when still held at the count. Same face = same card."""

    face: str
    effect: str
    points: int


@dataclass(frozen=True, slots=True)
class Deck:
    """A deck read from a deck file: every physical card (``cards``, ids are the indexes), the
    sorts with their counts, and whether the composition is a ``hypothesis`` of the tutor.
    ``card_faces`` is the face of every card by id, read once (views show faces by the dozen)."""

    title: str
    note: str
    hypothesis: bool
    kinds: tuple[tuple[Card, int], ...]
    cards: tuple[Card, ...]
    source: str
    card_faces: tuple[str, ...] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "card_faces", tuple(card.face for card in self.cards))

    def faces(self) -> tuple[str, ...]:
        return tuple(card.face for card, _ in self.kinds)

    def card(self, face: str) -> Card:
        for card, _ in self.kinds:
            if card.face == face:
                return card
        raise IllegalAction(f"Aucune carte {fr.quote(short_repr(face))} dans le paquet "
                            f"(cartes : {', '.join(self.faces())}).", C_DECK)

    def point_range(self) -> tuple[int, int]:
        """The fewest and the most points any set of this deck's cards can be worth."""
        return (sum(min(c.points, 0) for c in self.cards),
                sum(max(c.points, 0) for c in self.cards))


class DeckError(ValueError):
    """A malformed deck file: ``path``, ``line`` and a French ``reason``."""

    def __init__(self, path: str, line: int, reason: str) -> None:
        super().__init__(f"{path}:{line}: {reason}")
        self.path, self.line, self.reason = path, line, reason


def looks_like_deck(text: str) -> bool:
    """Whether ``text`` is meant as a Vaiko deck file: TOML with a ``[[carte]]`` table and a
    ``hypothese`` key at the top (decided by content, never by the file name)."""
    lines = [line.strip() for line in text.splitlines()]
    return "[[carte]]" in lines and any(re.match(r"hypothese\s*=", line) for line in lines)


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
            raise DeckError(path, top_line(key), f"clé inconnue {fr.quote(key)} (clés "
                                                 f"possibles : {', '.join(_DECK_TOP)})")
    title = data.get("titre")
    if not isinstance(title, str) or not title.strip():
        raise DeckError(path, top_line("titre"), f"il faut un {fr.quote('titre')} (texte non vide)")
    hypothesis = data.get("hypothese")
    if not isinstance(hypothesis, bool):
        raise DeckError(path, top_line("hypothese"),
                        f"il faut {fr.quote('hypothese = true')} ou {fr.quote('false')} : le "
                        "paquet est-il supposé ?")
    note = data.get("note", "")
    if not isinstance(note, str):
        raise DeckError(path, top_line("note"), f"{fr.quote('note')} doit être un texte")
    entries = data.get("carte")
    if not isinstance(entries, list) or not entries:
        raise DeckError(path, top_line("carte"), "il faut au moins une table [[carte]]")
    kinds: list[tuple[Card, int]] = []
    for k, entry in enumerate(entries):
        if not isinstance(entry, dict):
            raise DeckError(path, card_line(k), "chaque carte doit être une table [[carte]]")
        for key in entry:
            if key not in _DECK_CARD:
                raise DeckError(path, card_line(k, key), f"clé inconnue {fr.quote(key)} (clés "
                                                          f"possibles : {', '.join(_DECK_CARD)})")
        for key in _DECK_CARD:
            if key not in entry:
                raise DeckError(path, card_line(k), f"clé manquante {fr.quote(key)}")
        face, effect, points, copies = (entry[key] for key in _DECK_CARD)
        if not isinstance(face, str) or not face.strip() or len(face) > 12:
            raise DeckError(path, card_line(k, "nom"),
                            f"{fr.quote('nom')} doit être un texte de 1 à 12 caractères")
        if any(face == c.face for c, _ in kinds):
            raise DeckError(path, card_line(k, "nom"), f"carte {fr.quote(face)} décrite deux fois")
        if effect not in EFFECTS:
            raise DeckError(path, card_line(k, "effet"),
                            f"effet inconnu {short_repr(effect)} (effets possibles : "
                            f"{', '.join(EFFECTS)})")
        if type(points) is not int or not -50 <= points <= 50:
            raise DeckError(path, card_line(k, "points"),
                            f"{fr.quote('points')} doit être un entier de {fr.number(-50)} à 50")
        if type(copies) is not int or not 1 <= copies <= 20:
            raise DeckError(path, card_line(k, "exemplaires"),
                            f"{fr.quote('exemplaires')} doit être un entier de 1 à 20")
        kinds.append((Card(face, effect, points), copies))
    cards = tuple(card for card, copies in kinds for _ in range(copies))
    if len(cards) < SMALLEST_DECK:
        raise DeckError(path, top_line("carte"),
                        f"{fr.count(len(cards), 'carte')}, c’est trop peu : il en faut au moins "
                        f"{SMALLEST_DECK} pour deux joueurs")
    return Deck(title.strip(), note.strip(), hypothesis, tuple(kinds), cards, path)


def deck_path() -> Path:
    """Where the tutor's deck file is (beside the rule files)."""
    from tutor.rules import rules_dir

    return rules_dir() / DECK_FILE


def load_deck(path: str | Path | None = None) -> Deck:
    """The deck of ``path`` (the tutor's hypothesis ``rules/vaiko-paquet.toml`` by default)."""
    if path is None:
        return _default_deck()
    if not isinstance(path, (str, Path)):
        raise ValueError(f"Fichier de paquet illisible : {short_repr(path)}.")
    p = Path(path)
    try:
        text = p.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError, ValueError) as exc:
        raise DeckError(str(p), 0, f"fichier illisible : {exc}") from None
    return parse_deck(text, str(p))


@cache
def _default_deck() -> Deck:
    return load_deck(deck_path())


def coerce_deck(deck: object) -> Deck:
    """A :class:`Deck`, a deck file's path, or ``None`` (the tutor's deck), as a deck."""
    if isinstance(deck, Deck):
        return deck
    if deck is None or isinstance(deck, (str, Path)):
        return load_deck(deck)
    raise ValueError(f"Paquet illisible : {short_repr(deck)} (un paquet ou le chemin d’un "
                     "fichier de paquet).")


class DeckFiles:
    """The deck file as the game's data, as methods of the game's class (:class:`~.game.Vaiko`):
    checked when a page starts, recognised among files."""

    def preflight(self) -> None:
        """Check the data this game loads when a page starts (``tutor.app`` calls it before
        serving): the deck file must parse, else :class:`DeckError` names the file and line."""
        load_deck(deck_path())

    def read_data_file(self, path: str) -> str | None:
        """A French summary when ``path`` is a Vaiko deck file (judged by its content), ``None``
        when it is not one, :class:`DeckError` (``file:line: reason``) when it is one but
        malformed."""
        try:
            text = Path(path).read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError, ValueError, TypeError):
            return None
        if not looks_like_deck(text):
            return None
        deck = parse_deck(text, str(path))
        kind = "hypothèse du tuteur" if deck.hypothesis else "composition donnée"
        return (f"paquet de Vaiko valide, {fr.count(len(deck.cards), 'carte')} "
                f"({fr.count(len(deck.kinds), 'sorte')}, {kind})")

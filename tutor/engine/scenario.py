"""Exact scenarios: a game position written as a short text, rebuilt by the engine.

A scenario is TOML in the dialect of the rule files' worked examples::

    jeu = "vautours"
    joueurs = ["Camille", "Alex", "Chloé"]
    variante = "standard"             # a preset, or readings: { egalites = "un seul niveau" }
    pioche = [5, 3, -2]               # what chance decides, in the game's own notation
    graine = 0                        # where what is not written comes from (default 0)
    coups = [                         # the moves played so far, as worked examples write them
      { joueur = "Camille", carte = 15 },
    ]

Keys and values are the page's words (:class:`Reading`: the readings by their French names;
Vampir's locations as on the table); the English words older links carry are read too, a key
or an action written with accents or capitals is read as its bare form (``défausse``), and a
name with accents may stand unquoted in a key (``mains.Chloé = […]``, :func:`quote_keys`).
Every refusal says what to write instead.

What chance decides is written with keys of the game's own (:class:`Notation`, the ``SCENARIO``
member of every game): the order of the point cards, each player's hand, the deck... Whatever is
not written is drawn from ``graine``. The keys are mapped onto a :class:`~tutor.engine.api.Record`
and the position is rebuilt by ``new_game(players, record=..., variant=...)`` and ``apply`` of
every move, so the engine validates everything: an impossible scenario (a card twice, a card not
in the game, a wrong count, an unknown player, an illegal earlier move) is refused with a French
reason, and nothing changes. :func:`dump` writes any position reached that way back as text.

A rule file may hold a scenario as a worked example (``type = "scenario"``) with an optional
``[attendu]`` table (who must act, the end, the scores, the winners, and the facts the game
names in :attr:`Notation.facts`): ``python -m tutor check`` replays it (:func:`run_example`).

The text comes from anyone (a shared link): its size is bounded, it is parsed by ``tomllib``
(never evaluated), and every refusal is a :class:`ScenarioError` (a ``ValueError`` with a French
message, the line when it comes from the text) or an :class:`~tutor.engine.IllegalAction`.

Standard library only.
"""

from __future__ import annotations

import base64
import binascii
import json
import math
import random
import re
import tomllib
import unicodedata
import zlib
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any, Generic, Protocol, TypeVar

from tutor import fr
from tutor.engine.core import Event, IllegalAction, Outcome, Record, short_repr, shuffled
from tutor.engine.examples import (
    COMMON_KEYS,
    ExampleError,
    ExampleRun,
    Kind,
    check_keys,
    compare,
)

S = TypeVar("S")
A = TypeVar("A")

#: the longest scenario text accepted (a shared link carries it)
MAX_TEXT = 32 * 1024
#: the most digits a number of a scenario may have (a seed below 2**63 has 19)
MAX_DIGITS = 40
_LONG_NUMBER = re.compile(rf"[0-9][0-9_]{{{MAX_DIGITS},}}")
#: the most moves a scenario may list
MAX_MOVES = 2000
SHARED_KEYS = ("jeu", "joueurs", "variante", "graine", "coups")
EXPECT_KEYS = ("a_jouer", "fin", "scores", "vainqueurs")
EXAMPLE_KEYS = (*COMMON_KEYS, "attendu")  # what a worked example adds to a scenario


class ScenarioError(ValueError):
    """A scenario that cannot be read or rebuilt; the message is French."""


def plain(text: str) -> str:
    """``text`` as compared with the words a scenario accepts: no accent, lower case, ``x``
    for ``×``, one space for any run of spaces, ``_``, ``-`` or apostrophes."""
    decomposed = unicodedata.normalize("NFKD", text.strip().lower().replace("×", "x"))
    bare = "".join(c for c in decomposed if not unicodedata.combining(c))
    return re.sub(r"[\s_\-’']+", " ", bare).strip()


@dataclass(frozen=True)
class Reading:
    """How a scenario writes one reading of the rules (a field of the game's ``Variant``): its
    French ``key`` (a bare TOML key: no accent) and each of its values in the page's words
    (``values``: the variant's value → the French words). The field's own name and values are
    accepted too (the English words of older links). ``name``: what the page calls the reading
    (the key with its accents and spaces, by default)."""

    key: str
    field: str
    values: Mapping[Any, str]
    name: str = ""


@dataclass(frozen=True)
class Notation(Generic[S, A]):
    """How one game writes a scenario (each game's ``SCENARIO``).

    ``chance_keys``: the keys it reads for what chance decides.
    ``read_chance(data, players, variant, seed)``: the :class:`Record` those keys describe
    (what they leave out drawn from ``seed``, the scenario's ``graine``); ``IllegalAction`` or
    :class:`ScenarioError` when impossible.
    ``write_chance(state)``: those keys for the record of ``state`` (read back, they give a
    record that plays the same).
    ``read_action(where, table)``, ``write_action(action)``: one move, as the worked examples
    write it.
    ``facts(state)``: the position in words a teacher can check in ``[attendu]``.
    ``readings``: the readings of the rules in French (:class:`Reading`; a game without them
    writes its variant's own field names). ``start_keys``: the keys of a position a game does
    not begin with (scores of earlier manches, sticks or hunts in front of the players…);
    ``read_start(data, start)`` gives the position they describe from the new game ``start``
    (the engine checks it: ``IllegalAction`` or :class:`ScenarioError`), ``write_start(state)``
    writes them back (nothing for a game's first position). ``guide``: the game's keys
    explained in French, and ``example``: a scenario text of the game, both shown on the page
    as the format's reference.
    """

    chance_keys: tuple[str, ...]
    read_chance: Callable[[Mapping[str, Any], tuple[str, ...], Any, int], Record]
    write_chance: Callable[[S], dict[str, Any]]
    read_action: Callable[[str, Mapping[str, Any]], A]
    write_action: Callable[[A], dict[str, Any]]
    facts: Callable[[S], dict[str, Any]]
    readings: tuple[Reading, ...] = ()
    guide: str = ""
    example: str = ""
    start_keys: tuple[str, ...] = ()
    read_start: Callable[[Mapping[str, Any], S], S] | None = None
    write_start: Callable[[S], dict[str, Any]] = lambda state: {}


class ScenarioEngine(Protocol):
    """What scenarios read of a game (a part of :class:`tutor.engine.api.Engine`, named here so
    that this module needs nothing above it)."""

    @property
    def SCENARIO(self) -> Notation[Any, Any]: ...

    @property
    def Variant(self) -> Any: ...

    @property
    def PRESETS(self) -> Mapping[str, Any]: ...

    def new_game(self, players: Sequence[str], *, seed: Any = ..., variant: Any = ...,
                 record: Record | None = ...) -> Any: ...

    def opening_events(self, state: Any) -> tuple[Event, ...]: ...

    def current_seats(self, state: Any) -> tuple[str, ...]: ...

    def legal_actions(self, state: Any, seat: str) -> tuple[Any, ...]: ...

    def apply(self, state: Any, action: Any, *, explain: bool = ...
              ) -> tuple[Any, tuple[Event, ...]]: ...

    def is_over(self, state: Any) -> bool: ...

    def outcome(self, state: Any) -> Outcome: ...


@dataclass(frozen=True)
class Scenario:
    """A scenario read from text: who plays, the readings, the recorded chance, the moves."""

    players: tuple[str, ...]
    variant: Any
    record: Record
    actions: tuple[Any, ...]
    #: the keys of a position the game does not begin with (see :attr:`Notation.start_keys`)
    setup: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Built:
    """A scenario rebuilt by the engine: the ``start`` position, then for each move the
    position after it and the events it caused."""

    start: Any
    opening: tuple[Event, ...]
    steps: tuple[tuple[Any, Any, tuple[Event, ...]], ...]

    @property
    def state(self) -> Any:
        """The position after the last move."""
        return self.steps[-1][1] if self.steps else self.start

    @property
    def events(self) -> tuple[Event, ...]:
        return self.opening + tuple(e for _, _, evs in self.steps for e in evs)


# --- helpers for the games' notations ----------------------------------------------------------


def take(where: str, given: Sequence[Any], pool: list[Any], clause: str,
         show: Callable[[Any], str] = str, known: Sequence[Any] = ()) -> list[Any]:
    """Take each card of ``given`` out of ``pool`` (the cards still free, copies included):
    ``IllegalAction`` (French, citing ``clause``) for a card the game does not have (``known``:
    every card of the game), or has no copy of left. Returns ``given`` as a list."""
    for card in given:
        same = [i for i, c in enumerate(pool) if c == card and type(c) is type(card)]
        if same:
            del pool[same[0]]
            continue
        name = fr.quote(show(card))
        n = sum(1 for c in known if c == card and type(c) is type(card))
        if n:
            copies = "qu’un exemplaire" if n == 1 else f"que {fr.count(n, 'exemplaire')}"
            placed = "placé" if n == 1 else "tous placés"
            raise IllegalAction(f"{where} : une carte {name} de trop (le jeu n’en a {copies}, "
                                f"déjà {placed}).", clause)
        raise IllegalAction(f"{where} : il n’y a pas de carte {name} dans ce jeu.", clause)
    return list(given)


def listed(where: str, value: object, limit: int | None = None) -> list[Any]:
    """A TOML list (at most ``limit`` items), or :class:`ScenarioError`."""
    if not isinstance(value, list):
        raise ScenarioError(fr.typography(f"{where} : une liste de cartes entre crochets."))
    if limit is not None and len(value) > limit:
        raise ScenarioError(fr.typography(
            f"{where} : {fr.count(limit, 'carte')} au plus, pas {len(value)}."))
    return value


def per_player(where: str, value: object, players: Sequence[str]) -> dict[str, Any]:
    """A TOML table keyed by the players' names, or :class:`ScenarioError` naming an unknown
    player."""
    if not isinstance(value, dict):
        raise ScenarioError(fr.typography(f"{where} : une table joueur = [cartes]."))
    strangers = [k for k in value if k not in players]
    if strangers:
        raise ScenarioError(fr.typography(
            f"{where} : joueur inconnu {fr.quote(str(strangers[0]))} "
            f"(joueurs : {', '.join(players)})."))
    return dict(value)


@contextmanager
def as_scenario_error() -> Iterator[None]:
    """Inside this block, an :class:`~tutor.engine.examples.ExampleError` of the notation's own
    checks becomes a :class:`ScenarioError` (same French reason)."""
    try:
        yield
    except ExampleError as exc:
        raise ScenarioError(fr.typography(f"{exc}.")) from None


def written_deals(data: Mapping[str, Any], count: int,
                  keys: Sequence[str]) -> Iterator[tuple[str, dict[str, Any]]]:
    """The scenario's ``donnes``, one table per manche, as ``(where, table)`` for each of the
    ``count`` manches (``{}`` for a manche not written); a table's keys are among ``keys``
    (``mains``, a table of hands, and the game's lists)."""
    given = data.get("donnes", [])
    if not isinstance(given, list) or len(given) > count \
            or not all(isinstance(d, dict) for d in given):
        fields = ", ".join(f"{k} = {{ … }}" if k == "mains" else f"{k} = [ … ]" for k in keys)
        raise ScenarioError(fr.typography(
            f"donnes : une liste d’au plus {fr.count(count, 'donne')} (une par manche), "
            f"chacune {{ {fields} }}."))
    for k in range(count):
        where = f"donne {k + 1}"
        spec = _own_keys(where, given[k]) if k < len(given) else {}
        with as_scenario_error():
            check_keys(where, spec, (), tuple(keys))
        yield where, spec


def written_hands(where: str, spec: Mapping[str, Any], players: Sequence[str],
                  read: Callable[[str, object], list[Any]], pool: list[Any], clause: str,
                  show: Callable[[Any], str] = str,
                  known: Sequence[Any] = ()) -> dict[str, list[Any]]:
    """The hands a deal's table writes (``mains``), each card read by ``read(where, value)``
    and taken out of ``pool`` (see :func:`take`)."""
    with as_scenario_error():
        return {p: take(f"{where}, main {fr.of(p)}", read(f"{where}, main {fr.of(p)}", h), pool,
                        clause, show, known)
                for p, h in per_player(f"{where}, mains", spec.get("mains", {}),
                                       players).items()}


def deal(players: Sequence[str], hands: Mapping[str, list[Any]], others: Sequence[Any],
         size: int) -> tuple[list[Any], list[Any]]:
    """Every hand of ``size`` cards in seat order: the cards written for it completed from
    ``others`` (the cards not written, already in their drawn order), each hand sorted; and the
    cards of ``others`` left over."""
    dealt: list[Any] = []
    left = list(others)
    for p in players:
        mine = hands.get(p, [])
        need = size - len(mine)
        dealt += sorted(mine + left[:need])
        left = left[need:]
    return dealt, left


def rest(pool: Sequence[Any], rng: random.Random) -> tuple[Any, ...]:
    """The cards not written, in an order drawn from the scenario's ``graine``."""
    return shuffled(pool, rng)


# --- reading --------------------------------------------------------------------------------------

_TOML_WHERE = re.compile(r"\s*\(at line (\d+), column (\d+)\)|\s*\(at end of document\)")
_TOML_FR = (
    ("Expected '=' after a key",
     "il manque « = » après un nom de clé ; un nom qui contient une espace ou une "
     "ponctuation s’écrit entre guillemets, par exemple mains.\"Jean Paul\" = [ … ]"),
    ("Invalid statement", "ligne illisible : écrivez clé = valeur, par exemple graine = 3"),
    ("Unclosed array", "liste jamais fermée : ajoutez « ] » à la fin de la liste"),
    ("Unclosed inline table",
     "table jamais fermée : ajoutez « } » à la fin de la table, sur la même ligne"),
    ("Cannot overwrite a value", "clé donnée deux fois : gardez-en une seule"),
    ("Cannot declare", "table déclarée deux fois : gardez-en une seule"),
    ("Invalid value", "valeur illisible : écrivez un nombre, un texte entre guillemets "
     "(\"Alex\") ou une liste entre crochets ([1, 2])"),
    ("Unterminated string", "texte jamais fermé : ajoutez le guillemet de fin"),
    ("Illegal character", "caractère interdit dans un texte : un texte tient sur une ligne et "
     "se ferme par un guillemet ; retirez les caractères de contrôle"),
    ("Invalid initial character for a key part",
     "nom de clé illisible : une table entre accolades { … } tient sur une seule ligne, et un "
     "nom qui commence par une ponctuation s’écrit entre guillemets"),
    ("Expected newline or end of document",
     "rien ne doit suivre la valeur sur cette ligne : passez à la ligne"),
)

_WORD = re.compile(r"[\w-]+")


def quote_keys(text: str) -> str:
    """``text`` with every key written with letters TOML leaves out of bare keys (``Chloé``,
    ``Léo``, ``défausse``) put between quotes, as written: ``mains.Chloé = […]`` reads as
    ``mains."Chloé" = […]``. Texts and comments are left alone; nothing else changes."""
    out: list[str] = []
    i, n = 0, len(text)
    while i < n:
        ch = text[i]
        if ch == "#":  # a comment runs to the end of the line
            end = text.find("\n", i)
            end = n if end < 0 else end
            out.append(text[i:end])
            i = end
        elif ch in "\"'":
            delim = ch * 3 if text.startswith(ch * 3, i) else ch
            j = i + len(delim)
            while j < n and not text.startswith(delim, j):
                if len(delim) == 1 and text[j] == "\n":
                    break
                j += 2 if ch == '"' and text[j] == "\\" else 1
            j = min(n, j + len(delim))
            out.append(text[i:j])
            i = j
        elif m := _WORD.match(text, i):
            word, j = m.group(), m.end()
            after = j
            while after < n and text[after] in " \t":
                after += 1
            key = not word.isascii() and after < n and text[after] in "=.]"
            out.append(_string(word) if key else word)
            i = j
        else:
            out.append(ch)
            i += 1
    return "".join(out)


def _own_move(where: str, move: Mapping[str, Any]) -> dict[str, Any]:
    """A move with its keys and its ``action`` (and ``source``) in the scenario's own words,
    written with or without accents (``récupérer``, ``échanger``)."""
    out = _own_keys(where, move)
    for key in ("action", "source"):
        if isinstance(out.get(key), str):
            out[key] = unaccented(out[key])
    return out


def unaccented(text: str) -> str:
    """``text`` in lower case without accents (``Récupérer`` → ``recuperer``)."""
    decomposed = unicodedata.normalize("NFKD", text.strip().lower())
    return "".join(c for c in decomposed if not unicodedata.combining(c))


def _bare(key: object) -> object:
    """A key of the scenario's own words as written any way (``défausse``, ``Defausse``): the
    bare key (``defausse``)."""
    return plain(key).replace(" ", "_") if isinstance(key, str) else key


def _own_keys(where: str, table: Mapping[str, Any]) -> dict[str, Any]:
    """``table`` with each key (the scenario's own words, not names) as a bare key."""
    out: dict[str, Any] = {}
    for key, value in table.items():
        bare = _bare(key)
        if bare in out:
            raise ScenarioError(fr.typography(
                f"{where} : la clé {fr.quote(str(bare))} est écrite deux fois ; gardez-en une "
                "seule."))
        out[str(bare)] = value
    return out


def _toml_error(exc: tomllib.TOMLDecodeError, where: str) -> ScenarioError:
    text = str(exc)
    m = _TOML_WHERE.search(text)
    place = (f"{where}, ligne {m.group(1)}, colonne {m.group(2)}" if m and m.group(1)
             else f"{where}, à la fin du texte")
    english = _TOML_WHERE.sub("", text)
    reason = next((fr_text for en, fr_text in _TOML_FR if english.startswith(en)),
                  "syntaxe TOML invalide")
    return ScenarioError(fr.typography(f"{place} : {reason}."))


def parse_text(text: object, where: str = "scénario") -> dict[str, Any]:
    """The TOML table of a scenario text; :class:`ScenarioError` (French, with the line) when
    it is too long or not TOML."""
    if not isinstance(text, str):
        raise ScenarioError(f"{where} : un scénario est un texte.")
    if len(text) > MAX_TEXT:
        raise ScenarioError(fr.typography(
            f"{where} : ce scénario est trop long ({fr.count(len(text), 'caractère')} ; "
            f"{fr.number(MAX_TEXT)} au plus)."))
    if not text.strip():
        raise ScenarioError(fr.typography(f"{where} : le scénario est vide."))
    long_number = _LONG_NUMBER.search(text)
    if long_number:  # refused before Python's int() would refuse it in English (4,300 digits)
        line = text.count("\n", 0, long_number.start()) + 1
        raise ScenarioError(fr.typography(
            f"{where}, ligne {line} : nombre trop long (plus de {MAX_DIGITS} chiffres)."))
    try:
        return tomllib.loads(quote_keys(text))
    except tomllib.TOMLDecodeError as exc:
        raise _toml_error(exc, where) from None
    except ValueError:  # any other conversion tomllib leaves to Python (English message)
        raise ScenarioError(fr.typography(f"{where} : syntaxe TOML invalide.")) from None
    except RecursionError:  # thousands of nested [ or {: tomllib recurses
        raise ScenarioError(fr.typography(
            f"{where} : trop de listes ou de tables imbriquées.")) from None


def _seed(data: Mapping[str, Any]) -> int:
    seed = data.get("graine", 0)
    if type(seed) is not int or not 0 <= seed < 2**63:
        raise ScenarioError(fr.typography(
            f"graine : un nombre entier positif ou nul, pas {short_repr(seed)}."))
    return seed


def _players(value: object) -> tuple[str, ...]:
    if not isinstance(value, list) or not all(type(v) is str for v in value):
        raise ScenarioError(fr.typography("joueurs : une liste de prénoms entre guillemets, "
                                          "par exemple [\"Alex\", \"Béa\", \"Carla\"]."))
    if any(len(v) > 40 or not v.isprintable() for v in value):
        raise ScenarioError(fr.typography("joueurs : un prénom a 40 caractères au plus, sans "
                                          "retour à la ligne ni caractère de contrôle."))
    return tuple(value)


def readings_of(engine: ScenarioEngine) -> tuple[Reading, ...]:
    """The readings a scenario of ``engine`` writes: its notation's French ones, else its
    variant's fields as they are."""
    notation: Notation[Any, Any] = engine.SCENARIO
    return notation.readings or tuple(
        Reading(name, name, {v: str(v) for v in values})
        for name, values in engine.Variant.CHOICES.items())


_NONE = object()


def _reading_value(reading: Reading, value: object) -> Any:
    for choice, words in reading.values.items():
        if type(value) is type(choice) and value == choice:
            return choice
        if isinstance(value, str) and plain(value) in (plain(words), plain(str(choice))):
            return choice
    return _NONE


def read_variant(engine: ScenarioEngine, value: object) -> Any:
    """The ``variante`` of a scenario: a preset's name (any case or accent), or a table of
    readings in the page's words (``{ egalites = "un seul niveau" }``; the variant's own names,
    the English words of older links, are accepted too). :class:`ScenarioError` saying what to
    write instead."""
    readings = readings_of(engine)
    example = (f"{readings[0].key} = \"{next(iter(readings[0].values.values()))}\""
               if readings else "")
    if isinstance(value, str):
        names = {plain(name): name for name in engine.PRESETS}
        value = names.get(plain(value), value)
    elif isinstance(value, dict):
        table: dict[str, Any] = {}
        for key, given in value.items():
            reading = next((r for r in readings if isinstance(key, str)
                            and plain(key) in (plain(r.key), plain(r.field))), None)
            if reading is None:
                raise ScenarioError(fr.typography(
                    f"variante : lecture inconnue {fr.quote(str(key))} ; les lectures de ce "
                    f"jeu sont {', '.join(r.key for r in readings)} (par exemple "
                    f"variante = {{ {example} }})."))
            choice = _reading_value(reading, given)
            if choice is _NONE:
                words = " ou ".join(f"\"{w}\"" for w in reading.values.values())
                raise ScenarioError(fr.typography(
                    f"variante, {reading.key} : {fr.shown(given)} n’est pas une lecture de ce "
                    f"jeu ; écrivez {words}."))
            table[reading.field] = choice
        value = table
    presets = ", ".join(engine.PRESETS)
    if isinstance(value, str) and value not in engine.PRESETS:
        raise ScenarioError(fr.typography(
            f"variante : {fr.quote(value)} n’est pas un préréglage de ce jeu ; écrivez le nom "
            f"d’un préréglage ({presets}) ou une table de lectures, par exemple "
            f"variante = {{ {example} }}."))
    try:
        return engine.Variant.coerce(value)
    except ValueError as exc:
        raise ScenarioError(fr.typography(
            f"variante : {exc} Écrivez le nom d’un préréglage ({presets}) "
            f"ou une table de lectures, par exemple variante = {{ {example} }}.")) from None


def write_variant(engine: ScenarioEngine, variant: Any) -> Any:
    """The ``variante`` of ``variant``: its preset's name, else the readings that differ from
    the standard preset, in the page's words."""
    for name, preset in engine.PRESETS.items():
        if preset == variant:
            return name
    standard = engine.PRESETS["standard"]
    return {r.key: r.values[getattr(variant, r.field)] for r in readings_of(engine)
            if getattr(variant, r.field) != getattr(standard, r.field)}


def read(engine: ScenarioEngine, data: Mapping[str, Any], game: str | None = None,
         extra: Sequence[str] = ()) -> Scenario:
    """The scenario a TOML table describes (``extra``: other keys allowed, e.g. the worked
    examples' ``id``). Raises :class:`ScenarioError` or ``IllegalAction`` (French)."""
    notation: Notation[Any, Any] = engine.SCENARIO
    data = _own_keys("scénario", data)
    try:
        check_keys("scénario", data, ("joueurs",),
                   SHARED_KEYS + notation.chance_keys + notation.start_keys + tuple(extra))
    except ExampleError as exc:
        raise ScenarioError(fr.typography(str(exc) + ".")) from None
    named = data.get("jeu", game)
    if game is not None and named != game:
        raise ScenarioError(fr.typography(
            f"Ce scénario est pour le jeu {fr.quote(str(named))}, pas pour "
            f"{fr.quote(game)}."))
    players = _players(data["joueurs"])
    variant = read_variant(engine, data.get("variante"))
    seed = _seed(data)
    engine.new_game(players, seed=0, variant=variant)  # the game checks who plays
    record = notation.read_chance(data, players, variant, seed)
    moves = data.get("coups", [])
    if not isinstance(moves, list) or len(moves) > MAX_MOVES:
        raise ScenarioError(fr.typography(
            f"coups : une liste de coups ({MAX_MOVES} au plus), chacun une table "
            "{ joueur = …, … }."))
    actions = []
    for k, move in enumerate(moves, 1):
        if not isinstance(move, dict):
            raise ScenarioError(fr.typography(f"coup {k} : une table {{ joueur = …, … }}."))
        try:
            actions.append(notation.read_action(f"coup {k}", _own_move(f"coup {k}", move)))
        except ExampleError as exc:
            raise ScenarioError(fr.typography(f"coup {k} : {exc}.")) from None
    setup = {k: data[k] for k in notation.start_keys if k in data}
    return Scenario(players, variant, record, tuple(actions), setup)


def build(engine: ScenarioEngine, scenario: Scenario) -> Built:
    """Rebuild ``scenario`` on the engine: the start, then every move applied (``apply`` checks
    each one). An illegal move raises ``IllegalAction`` naming the move."""
    try:
        start = engine.new_game(scenario.players, record=scenario.record,
                                variant=scenario.variant)
        start = resumed(engine, start, scenario.setup)
    except IllegalAction:
        raise
    except ValueError as exc:
        raise ScenarioError(fr.typography(str(exc))) from None
    state = start
    steps = []
    for k, action in enumerate(scenario.actions, 1):
        if engine.is_over(state):
            raise ScenarioError(fr.typography(f"coup {k} : la partie est déjà finie."))
        try:
            state, events = engine.apply(state, action)
        except IllegalAction as exc:
            raise IllegalAction(f"Coup {k} impossible. {exc.reason}", exc.clause) from None
        steps.append((action, state, tuple(events)))
    return Built(start, tuple(engine.opening_events(start)), tuple(steps))


def resumed(engine: ScenarioEngine, start: Any, setup: Mapping[str, Any]) -> Any:
    """The new game ``start`` taken up at the position ``setup`` describes (the notation's
    :attr:`~Notation.start_keys`), checked by the engine; ``start`` itself when there is none."""
    notation: Notation[Any, Any] = engine.SCENARIO
    if not setup:
        return start
    if notation.read_start is None:
        raise ScenarioError(fr.typography(
            f"{', '.join(setup)} : ce jeu ne commence pas une partie ailleurs qu’au début."))
    with as_scenario_error():
        return notation.read_start(setup, start)


def start_of(engine: ScenarioEngine, state: Any) -> dict[str, Any]:
    """The keys of the position ``state`` begins with, when it is not a game's first one."""
    notation: Notation[Any, Any] = engine.SCENARIO
    return notation.write_start(state)


def load(engine: ScenarioEngine, text: object, game: str | None = None) -> Built:
    """Read a scenario text and rebuild it (see :func:`read` and :func:`build`)."""
    return build(engine, read(engine, parse_text(text), game))


# --- writing --------------------------------------------------------------------------------------


def dump(engine: ScenarioEngine, game: str, start: Any, actions: Sequence[Any]) -> str:
    """The scenario text of the game that began at ``start`` (a position of ``new_game``) and
    went on with ``actions``."""
    notation: Notation[Any, Any] = engine.SCENARIO
    data: dict[str, Any] = {"jeu": game, "joueurs": list(start.players),
                            "variante": write_variant(engine, start.variant)}
    data.update(notation.write_chance(start))
    data.update(notation.write_start(start))
    data["coups"] = [notation.write_action(a) for a in actions]
    return to_toml(data)


_BARE_KEY = re.compile(r"^[A-Za-z0-9_-]+$")


def _key(key: str) -> str:
    return key if _BARE_KEY.match(key) else _string(key)


def _string(text: str) -> str:
    out = ['"']
    for ch in text:
        if ch in '"\\':
            out.append("\\" + ch)
        elif ord(ch) < 0x20 or ord(ch) == 0x7F:
            out.append(f"\\u{ord(ch):04x}")
        else:
            out.append(ch)
    out.append('"')
    return "".join(out)


def _value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float) and math.isfinite(value):
        return repr(value)
    if isinstance(value, str):
        return _string(value)
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(_value(v) for v in value) + "]"
    if isinstance(value, Mapping):
        if not value:
            return "{}"
        return "{ " + ", ".join(f"{_key(k)} = {_value(v)}" for k, v in value.items()) + " }"
    raise TypeError(f"not writable as TOML: {value!r}")


def to_toml(data: Mapping[str, Any], inline: Sequence[str] = ("coups",)) -> str:
    """``data`` as TOML, one key per line (a table's keys too: ``mains.Alex = [...]``). A list
    of tables is written as ``[[sections]]`` at
    the end, each table's keys on their own lines (``mains.Alex = [...]``), except the keys of
    ``inline``, written one table per line (the moves)."""
    lines: list[str] = []
    sections: list[str] = []
    for key, value in data.items():
        tables = isinstance(value, (list, tuple)) and value and all(
            isinstance(v, Mapping) for v in value)
        if tables and key in inline:
            lines.append(f"{_key(key)} = [")
            lines.extend(f"  {_value(v)}," for v in value)
            lines.append("]")
        elif tables:
            for table in value:
                sections += ["", f"[[{_key(key)}]]"]
                for name, item in table.items():
                    if isinstance(item, Mapping) and item:
                        sections.extend(f"{_key(name)}.{_key(k)} = {_value(v)}"
                                        for k, v in item.items())
                    else:
                        sections.append(f"{_key(name)} = {_value(item)}")
        elif isinstance(value, Mapping) and value:
            lines.extend(f"{_key(key)}.{_key(k)} = {_value(v)}" for k, v in value.items())
        else:
            lines.append(f"{_key(key)} = {_value(value)}")
    return "\n".join(lines + sections) + "\n"


# --- short links ---------------------------------------------------------------------------------

#: the short link's format (a link of another format is refused, never misread)
LINK_FORMAT = 1
#: the longest short code read back from an address
MAX_CODE = 4 * 1024


def _choices(engine: ScenarioEngine, state: Any) -> list[Any]:
    """Every legal action of ``state``, seat after seat in the engine's order: a move is written
    in a short link as its place in this list."""
    return [a for seat in engine.current_seats(state) for a in engine.legal_actions(state, seat)]


def _bad_link(why: str) -> ScenarioError:
    return ScenarioError(fr.typography(
        f"Ce lien ne se lit pas ({why}) : copiez-le en entier, avec « Copier le lien », ou "
        "partagez plutôt le texte du scénario."))


def encode_link(engine: ScenarioEngine, game: str, start: Any, actions: Sequence[Any], *,
                seed: int | None = None, source: Mapping[str, Any] | None = None) -> str:
    """The short code of the game that began at ``start`` and went on with ``actions``: URL-safe
    base64 of the zlib-compressed position, where each move is its place among the legal
    actions of its position (the engine replays them) and what chance decided is the game
    number ``seed`` when ``new_game(players, seed=seed)`` deals ``start``, else the chance keys
    of the text it was loaded from (``source``, graine included), else those :func:`dump`
    writes. Read back by :func:`decode_link`."""
    notation: Notation[Any, Any] = engine.SCENARIO
    # short keys: the game, the players, the reading (left out when standard)
    head: dict[str, Any] = {"f": LINK_FORMAT, "g": game, "p": list(start.players)}
    variant = write_variant(engine, start.variant)
    if variant != "standard":
        head["v"] = variant
    if seed is not None and engine.new_game(start.players, seed=seed,
                                            variant=start.variant) == start:
        head["n"] = seed
    elif source is not None:
        head["d"] = {k: v for k, v in _own_keys("scénario", source).items()
                     if k in (*notation.chance_keys, *notation.start_keys, "graine")}
    else:
        head["d"] = {**notation.write_chance(start), **notation.write_start(start)}
    moves, state = [], start
    for action in actions:
        moves.append(_choices(engine, state).index(action))
        state, _ = engine.apply(state, action)
    tail = b""
    if all(m < 256 for m in moves):
        tail = bytes(moves)
    else:
        head["m"] = moves
    try:
        payload = json.dumps(head, ensure_ascii=False, separators=(",", ":")).encode()
    except (TypeError, ValueError):  # a value JSON cannot hold (a TOML date): write the record
        head["d"] = {**notation.write_chance(start), **notation.write_start(start)}
        payload = json.dumps(head, ensure_ascii=False, separators=(",", ":")).encode()
    packed = zlib.compress(payload + b"\0" + tail, 9)
    return base64.urlsafe_b64encode(packed).rstrip(b"=").decode("ascii")


def _link_head(code: str) -> tuple[dict[str, Any], bytes]:
    try:
        packed = base64.urlsafe_b64decode(code + "=" * (-len(code) % 4))
        inflate = zlib.decompressobj()
        raw = inflate.decompress(packed, MAX_TEXT)  # never more: a small code may inflate a lot
    except (binascii.Error, zlib.error, ValueError):
        raise _bad_link("il est abîmé ou incomplet") from None
    if inflate.unconsumed_tail:
        raise _bad_link("il décrit trop de choses")
    if not inflate.eof:
        raise _bad_link("il est incomplet")
    text, _, tail = raw.partition(b"\0")
    try:
        head = json.loads(text.decode("utf-8"))
    except (UnicodeDecodeError, ValueError, RecursionError):
        raise _bad_link("il est abîmé ou incomplet") from None
    if not isinstance(head, dict) or head.get("f") != LINK_FORMAT:
        raise _bad_link("il vient d’une autre version du tuteur")
    return head, tail


def link_origin(code: str) -> tuple[int | None, dict[str, Any] | None]:
    """How the start of a short code's position was made: its game number, or its chance keys
    (for a link made again from that position)."""
    head, _ = _link_head(code)
    seed, chance = head.get("n"), head.get("d")
    return (seed if type(seed) is int else None,
            chance if isinstance(chance, dict) else None)


def decode_link(engine: ScenarioEngine, code: object, game: str | None = None) -> Built:
    """The position a short code describes (see :func:`encode_link`), rebuilt by the engine:
    every move checked; a damaged, foreign or oversized code is a French
    :class:`ScenarioError`."""
    if not isinstance(code, str) or not code or len(code) > MAX_CODE \
            or not re.fullmatch(r"[A-Za-z0-9_-]+", code):
        raise _bad_link("il contient des caractères qu’un lien court n’a pas" if
                        isinstance(code, str) and code and len(code) <= MAX_CODE
                        else "il est vide ou trop long")
    head, tail = _link_head(code)
    moves = head.get("m", list(tail))
    if not isinstance(moves, list) or len(moves) > MAX_MOVES \
            or not all(type(m) is int and m >= 0 for m in moves):
        raise _bad_link("ses coups sont illisibles")
    data: dict[str, Any] = {key: head[k] for k, key in (("g", "jeu"), ("p", "joueurs"),
                                                         ("v", "variante")) if k in head}
    seed = head.get("n")
    chance = head.get("d", {})
    if not isinstance(chance, dict) or (seed is not None and type(seed) is not int):
        raise _bad_link("ce que le hasard a décidé y est illisible")
    data.update({k: v for k, v in chance.items() if k not in data})
    scenario = read(engine, data, game)
    if seed is not None:
        if not 0 <= seed < 2**63:
            raise _bad_link("son numéro de partie est impossible")
        try:
            start = engine.new_game(scenario.players, seed=seed, variant=scenario.variant)
        except IllegalAction:
            raise
        except ValueError as exc:
            raise ScenarioError(fr.typography(str(exc))) from None
        built = Built(start, tuple(engine.opening_events(start)), ())
    else:
        built = build(engine, scenario)
    state, steps = built.start, []
    for k, m in enumerate(moves, 1):
        if engine.is_over(state):
            raise ScenarioError(fr.typography(f"coup {k} : la partie est déjà finie."))
        choices = _choices(engine, state)
        if m >= len(choices):
            raise _bad_link(f"son coup {k} n’est pas un coup possible")
        action = choices[m]
        state, events = engine.apply(state, action)
        steps.append((action, state, tuple(events)))
    return Built(built.start, built.opening, tuple(steps))


# --- worked examples -----------------------------------------------------------------------------


def run_example(engine: ScenarioEngine, data: Mapping[str, Any], game: str | None = None
                ) -> ExampleRun:
    """A ``type = "scenario"`` worked example, replayed: the scenario is rebuilt, then each
    fact of ``[attendu]`` is compared (``a_jouer``, ``fin``, ``scores``, ``vainqueurs`` and the
    game's own facts). Raises :class:`ExampleError` (French) when it is malformed or
    impossible."""
    try:
        scenario = read(engine, data, game, extra=EXAMPLE_KEYS)
        built = build(engine, scenario)
    except IllegalAction as exc:
        raise ExampleError(f"scénario impossible : {exc.reason}") from None
    except ScenarioError as exc:
        raise ExampleError(str(exc)) from None
    expected = data.get("attendu", {})
    if not isinstance(expected, dict):
        raise ExampleError("attendu doit être une table")
    state = built.state
    notation: Notation[Any, Any] = engine.SCENARIO
    facts = notation.facts(state)
    check_keys("attendu", expected, (), EXPECT_KEYS + tuple(facts))
    out: list[str] = []
    over = engine.is_over(state)
    if "a_jouer" in expected:
        compare("à jouer", expected["a_jouer"], [] if over else
                list(engine.current_seats(state)), out)
    if "fin" in expected:
        compare("partie finie", expected["fin"], over, out)
    for key in ("scores", "vainqueurs"):
        if key in expected:
            if not over:
                out.append(f"{key} : attendu {expected[key]!r}, mais la partie n’est pas finie")
                continue
            result = engine.outcome(state)
            got = dict(result.scores) if key == "scores" else list(result.winners)
            compare(key, expected[key], got, out)
    for key, value in facts.items():
        if key in expected:
            compare(key, expected[key], value, out)
    return ExampleRun(built.events, tuple(out))



def dispatch_example(engine: ScenarioEngine, data: object, game: str, kinds: Mapping[str, Kind],
                     coerce: Callable[[object], Any]) -> ExampleRun:
    """Every game's ``run_example``: check that ``data`` is a table, replay a ``type =
    "scenario"`` on ``engine`` (:func:`run_example`), read the ``variante`` with ``coerce``,
    then run the game's own ``kinds[type](data, variant)``. Raises only :class:`ExampleError`
    (a French reason): a position the engine refuses is « situation impossible »."""
    if not isinstance(data, Mapping):
        raise ExampleError("un exemple est une table de clés et de valeurs")
    kind = data.get("type")
    if kind == "scenario":
        return run_example(engine, data, game)
    try:
        variant = coerce(data.get("variante"))
    except ValueError as exc:
        raise ExampleError(f"variante : {exc}") from None
    if type(kind) is not str or kind not in kinds:
        raise ExampleError(f"type d’exemple inconnu {fr.shown(kind)} (types possibles : "
                           f"{', '.join([*kinds, 'scenario'])})")
    try:
        return kinds[kind](data, variant)
    except IllegalAction as exc:
        raise ExampleError(f"situation impossible : {exc.reason}") from None
    except ExampleError:
        raise
    except ValueError as exc:  # an engine's French refusal of a value
        raise ExampleError(str(exc)) from None

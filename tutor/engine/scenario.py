"""Exact scenarios: a game position written as a short text, rebuilt by the engine.

A scenario is TOML in the dialect of the rule files' worked examples::

    jeu = "vautours"
    joueurs = ["Camille", "Alex", "Bea"]
    variante = "standard"             # a preset name, or a table of readings
    pioche = [5, 3, -2]               # what chance decides, in the game's own notation
    graine = 0                        # where what is not written comes from (default 0)
    coups = [                         # the moves played so far, as worked examples write them
      { joueur = "Camille", carte = 15 },
    ]

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

import math
import random
import re
import tomllib
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Generic, TypeVar

from tutor import fr
from tutor.engine.core import Event, IllegalAction, short_repr, shuffled
from tutor.engine.examples import COMMON_KEYS, ExampleError, ExampleRun, check_keys, compare

if TYPE_CHECKING:
    from tutor.engine.api import AnyEngine, Record

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
    """

    chance_keys: tuple[str, ...]
    read_chance: Callable[[Mapping[str, Any], tuple[str, ...], Any, int], Record]
    write_chance: Callable[[S], dict[str, Any]]
    read_action: Callable[[str, Mapping[str, Any]], A]
    write_action: Callable[[A], dict[str, Any]]
    facts: Callable[[S], dict[str, Any]]


@dataclass(frozen=True)
class Scenario:
    """A scenario read from text: who plays, the readings, the recorded chance, the moves."""

    players: tuple[str, ...]
    variant: Any
    record: Record
    actions: tuple[Any, ...]


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
            raise IllegalAction(f"{where} : la carte {name} est placée deux fois (le jeu n’en "
                                f"a {copies}).", clause)
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
        spec = given[k] if k < len(given) else {}
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
    ("Expected '=' after a key", "il manque « = » après un nom de clé"),
    ("Invalid statement", "ligne illisible (attendu : clé = valeur)"),
    ("Unclosed array", "liste jamais fermée par « ] »"),
    ("Unclosed inline table", "table jamais fermée par « } »"),
    ("Cannot overwrite a value", "clé donnée deux fois"),
    ("Cannot declare", "table déclarée deux fois"),
    ("Invalid value", "valeur illisible (un nombre, un texte entre guillemets, une liste…)"),
    ("Unterminated string", "texte jamais fermé par un guillemet"),
    ("Illegal character", "caractère interdit dans un texte"),
    ("Invalid initial character for a key part",
     "nom de clé illisible (une table entre accolades { … } tient sur une seule ligne)"),
    ("Expected newline or end of document", "rien ne doit suivre la valeur sur cette ligne"),
)


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
        return tomllib.loads(text)
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
                                          "par exemple [\"Alex\", \"Bea\", \"Carla\"]."))
    if any(len(v) > 40 or not v.isprintable() for v in value):
        raise ScenarioError(fr.typography("joueurs : un prénom a 40 caractères au plus, sans "
                                          "retour à la ligne ni caractère de contrôle."))
    return tuple(value)


def read(engine: AnyEngine, data: Mapping[str, Any], game: str | None = None,
         extra: Sequence[str] = ()) -> Scenario:
    """The scenario a TOML table describes (``extra``: other keys allowed, e.g. the worked
    examples' ``id``). Raises :class:`ScenarioError` or ``IllegalAction`` (French)."""
    notation: Notation[Any, Any] = engine.SCENARIO
    try:
        check_keys("scénario", data, ("joueurs",),
                   SHARED_KEYS + notation.chance_keys + tuple(extra))
    except ExampleError as exc:
        raise ScenarioError(fr.typography(str(exc) + ".")) from None
    named = data.get("jeu", game)
    if game is not None and named != game:
        raise ScenarioError(fr.typography(
            f"Ce scénario est pour le jeu {fr.quote(str(named))}, pas pour "
            f"{fr.quote(game)}."))
    players = _players(data["joueurs"])
    try:
        variant = engine.Variant.coerce(data.get("variante"))
    except ValueError as exc:
        raise ScenarioError(fr.typography(f"variante : {exc}")) from None
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
            actions.append(notation.read_action(f"coup {k}", move))
        except ExampleError as exc:
            raise ScenarioError(fr.typography(f"coup {k} : {exc}.")) from None
    return Scenario(players, variant, record, tuple(actions))


def build(engine: AnyEngine, scenario: Scenario) -> Built:
    """Rebuild ``scenario`` on the engine: the start, then every move applied (``apply`` checks
    each one). An illegal move raises ``IllegalAction`` naming the move."""
    try:
        start = engine.new_game(scenario.players, record=scenario.record,
                                variant=scenario.variant)
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


def load(engine: AnyEngine, text: object, game: str | None = None) -> Built:
    """Read a scenario text and rebuild it (see :func:`read` and :func:`build`)."""
    return build(engine, read(engine, parse_text(text), game))


# --- writing --------------------------------------------------------------------------------------


def preset_of(engine: AnyEngine, variant: Any) -> Any:
    """The name of the preset equal to ``variant`` (``"standard"`` first), else its readings as
    a table."""
    for name, preset in engine.PRESETS.items():
        if preset == variant:
            return name
    return {k: getattr(variant, k) for k in variant.CHOICES}


def dump(engine: AnyEngine, game: str, start: Any, actions: Sequence[Any]) -> str:
    """The scenario text of the game that began at ``start`` (a position of ``new_game``) and
    went on with ``actions``."""
    notation: Notation[Any, Any] = engine.SCENARIO
    data: dict[str, Any] = {"jeu": game, "joueurs": list(start.players),
                            "variante": preset_of(engine, start.variant)}
    data.update(notation.write_chance(start))
    data["coups"] = [notation.write_action(a) for a in actions]
    return to_toml(data)


def actions_between(engine: AnyEngine, before: Any, after: Any) -> Any | None:
    """The action of a current seat that takes ``before`` to ``after``, or ``None``."""
    if engine.is_over(before):
        return None
    for seat in engine.current_seats(before):
        for action in engine.legal_actions(before, seat):
            if engine.apply(before, action)[0] == after:
                return action
    return None


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


# --- worked examples -----------------------------------------------------------------------------


def run_example(engine: AnyEngine, data: Mapping[str, Any], game: str | None = None
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


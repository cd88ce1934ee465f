"""« La règle en une minute »: each game's summary to read aloud before a first game, the last
part of its rule file (``rules/<game>.fr.md``), parsed here.

The summary starts at the heading ``# La règle en une minute`` (:data:`HEADING`, where the rules
end: :data:`tutor.rules.SUMMARY_HEADING`) and runs to the end of the file. Under it come the five
themes as ``## `` headings, in this order: « Le matériel », « Un tour », « Qui prend quoi »,
« La fin », « Qui gagne ». Under each theme come its lines, each a ``- `` item of plain French
ending with the clause it sums up, written as in the rule file's headings: ``{#jeu/nom}``::

    # La règle en une minute

    ## Un tour

    - On retourne la carte Points du dessus de la pioche. {#vautours/revelation}

Every line cites exactly one clause of the game's rule file, never a variant (the summary
follows the default reading). The summary must fit one phone screen (390 × 844 px): at most
:data:`MAX_LINES` lines of at most :data:`MAX_LINE_CHARS` characters, taking at most
:data:`MAX_ROWS` rows of the phone's screen, a line of ``n`` characters being counted as
``ceil(n / ROW_CHARS)`` rows (a row on the phone holds about 42 characters: the count errs on the
long side). The browser test measures the rendered box against the screen. Every problem is
reported with the file, the line and the reason (:class:`tutor.rules.RulesError`).
"""

from __future__ import annotations

import math
import re
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from tutor import fr, rules
from tutor.rules import ID_RE, Problem, RulesError

TITLE = "La règle en une minute"
#: the heading the summary starts at, in the rule file
HEADING = rules.SUMMARY_HEADING
THEMES = ("Le matériel", "Un tour", "Qui prend quoi", "La fin", "Qui gagne")
#: the static bound of one phone screen (390 × 844): lines, characters a line, rows of the screen
#: (with the title, the five themes and the margins, 30 rows of about 20 px fill 844 px)
MAX_LINES = 14
MAX_LINE_CHARS = 120
MAX_ROWS = 30
ROW_CHARS = 38
#: the key of a rule file's header listing what its summary must say for a first game at a real
#: table: rows ``["jeu/article", "mot", ...]``, checked by :func:`missing`
REQUIRED = "premiere_partie"
#: the fewest rows that list holds (or every clause of the default rules, outside « Variantes »
#: and commentary, in a game with fewer)
MIN_REQUIRED = 12

_ITEM_RE = re.compile(r"^-\s+(?P<text>.*?)\s*\{#(?P<id>[^\s}]*)\}\s*$")
_MARKUP_RE = re.compile(r"[\[\]*_`<>{}#]")


@dataclass(frozen=True)
class Line:
    """One line of a summary: its ``theme``, plain French ``text``, the ``clause`` it sums up
    and its ``line`` number in the file."""

    theme: str
    text: str
    clause: str
    line: int


@dataclass(frozen=True)
class Minute:
    """A game's summary: its lines in file order (every theme of :data:`THEMES` has some)."""

    game: str
    path: str
    lines: tuple[Line, ...]

    def by_theme(self) -> tuple[tuple[str, tuple[Line, ...]], ...]:
        """The themes in order, each with its lines."""
        return tuple((t, tuple(x for x in self.lines if x.theme == t)) for t in THEMES)

    @property
    def rows(self) -> int:
        """The rows of a phone's screen its lines take (what :data:`MAX_ROWS` bounds)."""
        return sum(screen_rows(x.text) for x in self.lines)


def screen_rows(text: str) -> int:
    """The rows of a phone's screen a line of ``text`` takes, counted on the long side."""
    return math.ceil(len(text) / ROW_CHARS)


def parse(text: str, path: str, book: rules.RuleBook) -> Minute:
    """Parse the summary in a rule file's ``text`` (its part from :data:`HEADING` on), checking
    its clauses against ``book``; raise :class:`~tutor.rules.RulesError` listing every problem
    (file, line, reason)."""
    problems: list[Problem] = []

    def problem(line: int, reason: str) -> None:
        problems.append(Problem(path, line, reason))

    rows = text.splitlines()
    heading = next((i for i, row in enumerate(rows) if row.strip() == HEADING), None)
    if heading is None:
        raise RulesError([Problem(path, len(rows) or 1, f"il manque le résumé : chaque jeu "
                                  f"finit son fichier de règles par « {HEADING} », ses cinq "
                                  "thèmes et leurs lignes")])
    start = heading + 1

    lines: list[Line] = []
    seen: list[str] = []
    theme: str | None = None
    theme_line = 0
    total = 0  # rows of the screen taken so far

    def close_theme() -> None:
        if theme is not None and not any(x.theme == theme for x in lines):
            problem(theme_line, f"le thème « {theme} » n’a aucune ligne")

    for i in range(start, len(rows)):
        raw, n = rows[i], i + 1
        stripped = raw.strip()
        if not stripped or raw.startswith("# "):
            continue
        if raw.startswith("## "):
            close_theme()
            name = raw[3:].strip()
            theme, theme_line = None, n
            if name not in THEMES:
                problem(n, f"thème inconnu « {name} » (thèmes, dans l’ordre : "
                           f"{', '.join(THEMES)})")
            elif name in seen:
                problem(n, f"thème en double « {name} »")
            else:
                expected = THEMES[len(seen)]
                if name != expected:
                    problem(n, f"thème « {name} » hors d’ordre : « {expected} » vient avant")
                seen.append(name)
                theme = name
            continue
        if not raw.startswith("- "):
            problem(n, "texte hors d’une ligne du résumé : écrire « - Texte. {#jeu/nom} » "
                       "sous un thème « ## »")
            continue
        m = _ITEM_RE.match(raw)
        if not m:
            problem(n, "la ligne doit finir par l’article qu’elle résume : « {#jeu/nom} »")
            continue
        body, cid = m["text"], m["id"]
        if theme is None:
            problem(n, "ligne placée hors d’un thème : la mettre sous un titre « ## »")
            continue
        if not body:
            problem(n, "ligne vide : écrire la phrase à lire avant « {#" + cid + "} »")
            continue
        if not (body[0].isupper() or body.startswith("…")):
            problem(n, "une ligne du résumé commence par une majuscule (« Un paquet de 32 "
                       "cartes… », pas « 32 cartes… »)")
        if not body.endswith((".", "…")):
            problem(n, "une ligne du résumé finit par un point (ou « … »)")
        if _MARKUP_RE.search(body):
            problem(n, "une ligne du résumé est du texte simple (ni lien, ni gras, ni balise)")
        if not ID_RE.match(cid):
            problem(n, f"identifiant mal formé « {cid} » (attendu : jeu/nom-en-minuscules)")
        elif cid not in book.clauses:
            problem(n, f"renvoi vers un article inconnu « {cid} »")
        elif book.clauses[cid].section == "Variantes":
            problem(n, f"« {cid} » est une variante : le résumé suit la règle par défaut")
        if len(body) > MAX_LINE_CHARS:
            problem(n, f"ligne de {len(body)} caractères : {MAX_LINE_CHARS} au plus, "
                       "pour tenir sur un écran de téléphone")
        total += screen_rows(body)
        lines.append(Line(theme, body, cid, n))
        if len(lines) == MAX_LINES + 1:
            problem(n, f"plus de {MAX_LINES} lignes : le résumé ne tiendrait plus sur un écran "
                       "de téléphone")
        if total > MAX_ROWS >= total - screen_rows(body):
            problem(n, f"à cette ligne, le résumé dépasse {MAX_ROWS} rangées d’écran (une "
                       f"rangée pour {ROW_CHARS} caractères) : il ne tiendrait plus sur un écran "
                       "de téléphone")
    close_theme()
    for name in THEMES:
        if name not in seen:
            problem(len(rows) or 1, f"il manque le thème « {name} »")
    for reason in missing(book, lines):
        problem(len(rows) or 1, reason)
    if problems:
        raise RulesError(problems)
    return Minute(book.game, path, tuple(lines))


def _folded(text: str) -> str:
    return " ".join(text.replace("\u202f", " ").replace("\u00a0", " ").split()).casefold()


def missing(book: rules.RuleBook, lines: Sequence[Line]) -> list[str]:
    """What a first game at a real table needs and the summary does not say: the rule file's
    header lists it as :data:`REQUIRED` (``[article, mot, ...]`` rows: some line must cite the
    article and contain every word); one French reason per row missing or malformed."""
    rows = book.meta.get(REQUIRED, [])
    if not isinstance(rows, list):
        return [f"« {REQUIRED} » de {book.path} doit être une liste de lignes "
                "[\"jeu/article\", \"mot\", ...]"]
    reasons: list[str] = []
    needed = min(MIN_REQUIRED, sum(1 for c in book.clauses.values()
                                   if c.section != "Variantes" and not c.commentary))
    if len(rows) < needed:
        reasons.append(f"« {REQUIRED} » de {book.path} : {fr.count(len(rows), 'ligne')}, "
                       f"il en faut au moins {needed}")
    for row in rows:
        if (not isinstance(row, list) or not row
                or not all(isinstance(x, str) and x.strip() for x in row)):
            reasons.append(f"« {REQUIRED} » de {book.path} : ligne mal formée {row!r} (attendu : "
                           "[\"jeu/article\", \"mot\", ...])")
            continue
        cid, *words = row
        if cid not in book.clauses:
            reasons.append(f"« {REQUIRED} » de {book.path} : article inconnu « {cid} »")
            continue
        if not any(x.clause == cid and all(_folded(w) in _folded(x.text) for w in words)
                   for x in lines):
            said = f", avec {', '.join(f'« {w} »' for w in words)}" if words else ""
            reasons.append(f"pour une première partie, le résumé doit citer « {cid} »{said} "
                           f"(liste « {REQUIRED} » de {book.path})")
    return reasons


def read(path: str | Path, book: rules.RuleBook | None = None) -> Minute:
    """Parse the summary of the rule file at ``path`` against ``book`` (by default, the rules
    of that same file)."""
    p = Path(path)
    try:
        text = p.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise RulesError([Problem(str(p), 0, f"fichier illisible : {exc}")]) from exc
    return parse(text, str(p), book or rules.parse(text, str(p)))


@cache
def load(game: str) -> Minute:
    """The summary of ``game`` (parsed once); every game page has one, so a rule file without
    it is an error like a malformed one."""
    return read(rules.path_of(game), rules.load(game))

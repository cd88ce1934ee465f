"""Load the French rule files of ``rules/`` into a :class:`RuleBook`.

A rule file is Markdown with a TOML front matter between ``+++`` lines (``game``, ``title``...),
sections (``## Matériel``...), clauses (``### Titre {#jeu/id}``, add ``.commentaire`` for advice
that no event needs to cite) and worked examples as fenced blocks whose info string is
``toml exemple``. The file ends with the game's one-minute summary, under the heading
:data:`SUMMARY_HEADING` (read by :mod:`tutor.minute`; the rules stop there). Every problem is
reported with the file, the line and the reason.
"""

from __future__ import annotations

import html
import os
import re
import tomllib
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any

#: the heading of the rule file's last part, its one-minute summary (:mod:`tutor.minute`): the
#: rules end there
SUMMARY_HEADING = "# La règle en une minute"
SECTIONS = ("Matériel", "Mise en place", "Déroulement", "Fin de partie", "Variantes")
ID_RE = re.compile(r"^[a-z0-9]+(?:-[a-z0-9]+)*/[a-z0-9]+(?:-[a-z0-9]+)*$")
_CLAUSE_RE = re.compile(
    r"^###\s+(?P<title>.+?)\s*\{#(?P<id>[^\s}]+)(?P<classes>(?:\s+\.[\w-]+)*)\s*\}\s*$"
)
_LINK_RE = re.compile(r"\]\(#([^)\s]+)\)")
_TOML_LINE_RE = re.compile(r"at line (\d+)")


@dataclass(frozen=True)
class Clause:
    """One rule clause: stable ``id``, French ``title`` and ``text`` (Markdown), its ``section``;
    ``commentary`` clauses give advice and are never cited by an event."""

    id: str
    title: str
    section: str
    text: str
    commentary: bool
    line: int
    examples: tuple[str, ...] = ()


@dataclass(frozen=True)
class Example:
    """A worked example: the TOML ``data`` written beside ``clause`` at ``line`` of the file."""

    id: str
    clause: str
    title: str
    data: Mapping[str, Any]
    line: int


@dataclass(frozen=True)
class RuleBook:
    """A parsed rule file: its clauses and worked examples in file order."""

    game: str
    title: str
    path: str
    meta: Mapping[str, Any]
    intro: str
    clauses: Mapping[str, Clause]
    examples: Mapping[str, Example]
    sections: tuple[str, ...] = field(default=SECTIONS)

    def clause(self, clause_id: str) -> Clause:
        """The clause with this id; ``KeyError`` with a French message if there is none."""
        try:
            return self.clauses[clause_id]
        except KeyError:
            raise KeyError(f"Aucun article « {clause_id} » dans {self.path}.") from None

    def in_section(self, section: str) -> tuple[Clause, ...]:
        return tuple(c for c in self.clauses.values() if c.section == section)


@dataclass(frozen=True)
class Problem:
    path: str
    line: int
    reason: str

    def __str__(self) -> str:
        return f"{self.path}:{self.line}: {self.reason}"


class RulesError(ValueError):
    """A malformed rule file. ``problems`` lists every problem found (file, line, reason)."""

    def __init__(self, problems: list[Problem]) -> None:
        self.problems = problems
        super().__init__("\n".join(str(p) for p in problems))


def parse(text: str, path: str = "<texte>") -> RuleBook:
    """Parse a rule file's text; raise :class:`RulesError` listing every problem."""
    problems: list[Problem] = []

    def problem(line: int, reason: str) -> None:
        problems.append(Problem(path, line, reason))

    lines = text.splitlines()
    meta, start = front_matter(lines, problem)
    if start:
        for key in ("game", "title"):
            if not isinstance(meta.get(key), str) or not meta.get(key):
                problem(1, f"l’en-tête doit donner « {key} » (texte non vide)")
    game = str(meta.get("game", ""))

    clauses: dict[str, Clause] = {}
    examples: dict[str, Example] = {}
    intro: list[str] = []
    section: str | None = None
    current: dict[str, Any] | None = None
    links: list[tuple[int, str]] = []
    example_refs: list[tuple[int, str]] = []

    def close_clause() -> None:
        if current is not None:
            clauses[current["id"]] = Clause(
                current["id"], current["title"], current["section"],
                "\n".join(current["text"]).strip(), current["commentary"], current["line"],
                tuple(current["examples"]),
            )

    i = start
    while i < len(lines):
        raw = lines[i]
        n = i + 1
        stripped = raw.strip()
        if stripped == SUMMARY_HEADING:
            break
        if stripped.startswith("```"):
            info = stripped[3:].strip()
            try:
                close = next(j for j in range(i + 1, len(lines)) if lines[j].strip() == "```")
            except StopIteration:
                problem(n, "bloc de code jamais fermé par « ``` »")
                break
            body = lines[i + 1:close]
            if info == "toml exemple":
                _read_example(body, n, path, game, current, examples, problem, example_refs)
            elif current is not None:
                current["text"].extend(lines[i:close + 1])
            i = close + 1
            continue
        if raw.startswith("### "):
            close_clause()
            current = None
            m = _CLAUSE_RE.match(raw)
            if not m:
                problem(n, "titre d’article sans identifiant : écrire « ### Titre {#jeu/nom} »")
            else:
                cid = m["id"]
                classes = m["classes"].split()
                if not ID_RE.match(cid):
                    problem(n, f"identifiant mal formé « {cid} » (attendu : jeu/nom-en-minuscules)")
                elif game and not cid.startswith(game + "/"):
                    problem(n, f"l’identifiant « {cid} » doit commencer par « {game}/ »")
                if cid in clauses or cid in examples:
                    problem(n, f"identifiant en double « {cid} »")
                unknown = [c for c in classes if c != ".commentaire"]
                if unknown:
                    problem(n, f"classe inconnue {', '.join(unknown)} "
                               "(seule « .commentaire » existe)")
                if section is None:
                    problem(n, f"l’article « {cid} » n’est dans aucune section (## ...)")
                current = {"id": cid, "title": m["title"], "section": section or "",
                           "text": [], "commentary": ".commentaire" in classes, "line": n,
                           "examples": []}
        elif raw.startswith("## "):
            close_clause()
            current = None
            name = raw[3:].strip()
            if name not in SECTIONS:
                problem(n, f"section inconnue « {name} » "
                           f"(sections possibles : {', '.join(SECTIONS)})")
            section = name
        elif raw.startswith("# "):
            pass
        elif current is not None:
            current["text"].append(raw)
        elif section is None:
            intro.append(raw)
        elif stripped:
            problem(n, "texte hors d’un article : le placer sous un titre « ### »")
        for target in _LINK_RE.findall(raw):
            links.append((n, target))
        i += 1
    close_clause()

    for n, target in links + example_refs:
        if target not in clauses:
            problem(n, f"renvoi vers un article inconnu « {target} »")
    if not clauses and not problems:
        problem(1, "aucun article trouvé")
    if problems:
        raise RulesError(problems)
    return RuleBook(game, str(meta["title"]), path, meta, "\n".join(intro).strip(), clauses,
                    examples)


def front_matter(lines: list[str],
                 problem: Callable[[int, str], None]) -> tuple[dict[str, Any], int]:
    """A file's TOML header between two « +++ » lines (rule files, one-minute summaries): its
    values, and the index of the first line after it (0 when there is no header). Each problem
    goes to ``problem(line, reason)``."""
    if not lines or lines[0].strip() != "+++":
        problem(1, "le fichier doit commencer par un en-tête TOML entre deux lignes « +++ »")
        return {}, 0
    end = next((i for i in range(1, len(lines)) if lines[i].strip() == "+++"), None)
    if end is None:
        problem(1, "l’en-tête TOML ouvert par « +++ » n’est jamais fermé")
        end = len(lines) - 1
    try:
        return tomllib.loads("\n".join(lines[1:end])), end + 1
    except tomllib.TOMLDecodeError as exc:
        problem(_toml_line(exc, 2), f"en-tête TOML invalide : {exc}")
        return {}, end + 1


def _toml_line(exc: tomllib.TOMLDecodeError, first_line: int) -> int:
    m = _TOML_LINE_RE.search(str(exc))
    return first_line + int(m.group(1)) - 1 if m else first_line


def _read_example(body: list[str], n: int, path: str, game: str, current: dict[str, Any] | None,
                  examples: dict[str, Example], problem: Any,
                  refs: list[tuple[int, str]]) -> None:
    try:
        data = tomllib.loads("\n".join(body))
    except tomllib.TOMLDecodeError as exc:
        problem(_toml_line(exc, n + 1), f"exemple illisible (TOML) : {exc}")
        return
    if current is None:
        problem(n, "exemple placé hors d’un article : il doit suivre l’article qu’il illustre")
        return
    eid = data.get("id")
    if not isinstance(eid, str) or not ID_RE.match(eid):
        problem(n, "l’exemple doit avoir un « id » de la forme jeu/nom-en-minuscules")
        return
    if game and not eid.startswith(game + "/"):
        problem(n, f"l’identifiant « {eid} » doit commencer par « {game}/ »")
    if eid in examples or eid == current["id"]:
        problem(n, f"identifiant d’exemple en double « {eid} »")
        return
    title = data.get("titre")
    if not isinstance(title, str) or not title.strip():
        problem(n, f"l’exemple « {eid} » doit avoir un « titre »")
        return
    extra = data.get("articles", [])
    if not isinstance(extra, list) or not all(isinstance(x, str) for x in extra):
        problem(n, f"« articles » de l’exemple « {eid} » doit être une liste d’identifiants")
    else:
        refs.extend((n, x) for x in extra)
    examples[eid] = Example(eid, current["id"], title, data, n)
    current["examples"].append(eid)


def rules_dir() -> Path:
    """Where the rule files are: the folder named by ``TUTOR_RULES_DIR`` if set (a teacher's own
    copy), else the files shipped in the wheel (``tutor/rules_data``) or, from a source checkout
    or an editable install, the repository's ``rules/`` folder."""
    override = os.environ.get("TUTOR_RULES_DIR")
    if override:
        return Path(override)
    packaged = Path(str(resources.files("tutor"))) / "rules_data"
    if packaged.is_dir():
        return packaged
    return Path(__file__).resolve().parent.parent / "rules"


def read(path: str | Path) -> RuleBook:
    """Parse the rule file at ``path``."""
    p = Path(path)
    try:
        text = p.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise RulesError([Problem(str(p), 0, f"fichier illisible : {exc}")]) from exc
    return parse(text, str(p))


_LOCATED: dict[str, Path] = {}


def locate(game: str, path: str | Path) -> None:
    """Read the rule book of ``game`` from ``path`` (a game registered from elsewhere, such as
    the tests' own game) instead of ``rules/<game>.fr.md``."""
    _LOCATED[game] = Path(path)


def path_of(game: str) -> Path:
    """Where the rule file of ``game`` is (``rules/<game>.fr.md`` unless located elsewhere)."""
    return _LOCATED.get(game) or rules_dir() / f"{game}.fr.md"


@cache
def load(game: str) -> RuleBook:
    """The rule book of ``game`` (``rules/<game>.fr.md``), parsed once."""
    return read(path_of(game))


def clause_exists(clause_id: str) -> bool:
    """Whether ``clause_id`` names a clause of its game's rule file."""
    game = clause_id.split("/", 1)[0]
    try:
        return clause_id in load(game).clauses
    except RulesError:
        return False


_BOLD_RE = re.compile(r"\*\*(.+?)\*\*")
_ITALIC_RE = re.compile(r"(?<![*\w])\*(?!\s)(.+?)(?<!\s)\*(?![*\w])")
_A_RE = re.compile(r"\[([^\]]+)\]\(#([^)\s]+)\)")


def to_html(markdown: str) -> str:
    """Render the small Markdown subset used in rule texts (paragraphs, ``- `` lists, bold,
    italics, links to other clauses) as HTML. Links become ``<span class="tutor-ref">``."""
    blocks: list[str] = []
    for block in re.split(r"\n\s*\n", markdown.strip()):
        rows = [r.strip() for r in block.splitlines() if r.strip()]
        if not rows:
            continue
        items = _list_items(block)
        if items:
            blocks.append(f"<ul>{''.join(f'<li>{_inline(item)}</li>' for item in items)}</ul>")
        else:
            blocks.append(f"<p>{_inline(' '.join(rows))}</p>")
    return "".join(blocks)


def _list_items(block: str) -> list[str]:
    """The items of a ``- `` list block, an item's indented lines joined to it (a long item
    wraps); none if the block is not a list."""
    items: list[str] = []
    for line in block.strip().splitlines():
        if not line.strip():
            continue
        if line.lstrip().startswith("- ") and not line[:1].isspace():
            items.append(line.strip()[2:])
        elif items and line[:1].isspace():
            items[-1] += " " + line.strip()
        else:
            return []
    return items


def _inline(text: str) -> str:
    out = html.escape(text, quote=False)
    out = _A_RE.sub(r'<span class="tutor-ref" title="\2">\1</span>', out)
    out = _BOLD_RE.sub(r"<strong>\1</strong>", out)
    return _ITALIC_RE.sub(r"<em>\1</em>", out)


_OPEN_POINT_RE = re.compile(
    r"\*\*(Ambiguïté|Précisions?|Différence entre les livrets)\b[^*]*\*\*\s*:?\s*(.*)", re.DOTALL)
_ANSWER_RE = re.compile(r"\b(retien[st]|retenue?s?|tranche|tuteur)\b")


_MD_LINK = re.compile(r"\[([^\]]*)\]\([^)]*\)")
_MD_EMPHASIS = re.compile(r"(\*\*|\*|__)(.+?)\1")


def _plain(markdown: str) -> str:
    """A sentence of Markdown as plain text: a link is its text, emphasis marks dropped."""
    return _MD_EMPHASIS.sub(r"\2", _MD_LINK.sub(r"\1", markdown))


@dataclass(frozen=True)
class OpenPoint:
    """A point the booklet leaves open, as stated in a clause: ``kind`` is ``"Ambiguïté"`` (two
    readings, one a variant), ``"Précision"`` (settled one way by the tutor) or ``"Différence
    entre les livrets"``; ``summary`` is the point's first sentence (the question) and
    ``answer`` the first sentence that states the reading retained ("retient", "retenue",
    "tranche", "tuteur"), empty when the paragraph states none."""

    clause: Clause
    kind: str
    summary: str
    answer: str = ""
    paragraph: str = ""

    def variants(self, book: RuleBook) -> tuple[str, ...]:
        """The variant clauses (section « Variantes ») this point's paragraph links to: the other
        reading, when the tutor plays it."""
        return tuple(t for t in dict.fromkeys(_LINK_RE.findall(self.paragraph))
                     if t in book.clauses and book.clauses[t].section == "Variantes")

    @property
    def first_line(self) -> str:
        """The question and the answer retained, as the page's one-line entry."""
        if not self.answer or self.answer == self.summary:
            return self.summary
        return f"{self.summary} {self.answer}"


def is_open_point(paragraph: str) -> bool:
    """Whether a paragraph of a clause's text states an open point (see :func:`open_points`)."""
    return _OPEN_POINT_RE.match(" ".join(paragraph.split())) is not None


def open_points(book: RuleBook) -> tuple[OpenPoint, ...]:
    """Every "**Ambiguïté…**", "**Précision…**" and "**Différence entre les livrets…**"
    paragraph of ``book``, in file order."""
    found: list[OpenPoint] = []
    for clause in book.clauses.values():
        for paragraph in re.split(r"\n\s*\n", clause.text):
            match = _OPEN_POINT_RE.match(" ".join(paragraph.split()))
            if match:
                rest = match.group(2).strip()
                sentences = re.split(r"(?<=[.!?])\s", rest)
                answer = next((s for s in sentences if _ANSWER_RE.search(s)), "")
                kind = match.group(1)
                kind = "Précision" if kind.startswith("Précision") else kind
                found.append(OpenPoint(clause, kind, _plain(sentences[0]), _plain(answer),
                                       paragraph))
    return tuple(found)


_TYPO_SPACE_BEFORE = re.compile(r"(?P<space>[ \u00a0]|(?<=[^\s\u202f(\[«]))(?P<mark>[;:!?])"
                                r"(?=[\s*_»)\]\"]|$)")
_TYPO_OPEN = re.compile(r"«(?!\u202f)")
_TYPO_CLOSE = re.compile(r"(?<!\u202f)»")
_TYPO_APOSTROPHE = re.compile(r"(?<=[A-Za-zÀ-ÿœŒ])'(?=[A-Za-zÀ-ÿœŒ])")
_TOML_STRING = re.compile(r'"((?:[^"\\]|\\.)*)"')
_NAMES = {";": "point-virgule", ":": "deux-points", "!": "point d’exclamation",
          "?": "point d’interrogation"}


def typography_faults(text: str, toml: bool = False) -> list[tuple[int, str]]:
    """The French typography faults of a rule or summary file (or, with ``toml``, of a TOML data
    file beside them), as (line, reason): an ordinary space (or none) before « ; : ! ? » where a
    narrow no-break space (U+202F) belongs, an ordinary space (or none) inside « », a straight
    apostrophe. Prose is checked everywhere; in TOML (a header, a worked example, a data file)
    only the text of the strings and of the comments is (keys and tables are code), and a URL's
    colon is never punctuation."""
    faults: list[tuple[int, str]] = []
    in_code = toml
    in_header = False
    for n, raw in enumerate(text.splitlines(), 1):
        stripped = raw.strip()
        if in_code and toml:
            parts = [*_TOML_STRING.findall(raw), *([stripped[1:]] if stripped[:1] == "#" else [])]
            faults.extend((n, reason) for part in parts for reason in _line_faults(part))
            continue
        if n == 1 and stripped == "+++":
            in_header = True
            continue
        if in_header:
            if stripped == "+++":
                in_header = False
                continue
            parts = _TOML_STRING.findall(raw)
        elif stripped.startswith("```"):
            in_code = not in_code
            continue
        elif in_code:
            parts = _TOML_STRING.findall(raw)
        else:
            parts = [raw]
        for part in parts:
            faults.extend((n, reason) for reason in _line_faults(part))
    return faults


def _line_faults(text: str) -> list[str]:
    text = re.sub(r"\w+://\S+", "", text)  # a URL
    reasons: list[str] = []
    for m in _TYPO_SPACE_BEFORE.finditer(text):
        what = "une espace ordinaire" if m["space"] else "aucune espace"
        reasons.append(f"{what} avant le {_NAMES[m['mark']]} : il faut une espace fine "
                       f"insécable (U+202F) « …{text[max(0, m.start() - 12):m.end()]} »")
    if _TYPO_OPEN.search(text) or _TYPO_CLOSE.search(text):
        reasons.append("guillemets « » sans espace fine insécable (U+202F) à l’intérieur")
    if _TYPO_APOSTROPHE.search(text):
        reasons.append("apostrophe droite « ' » : écrire l’apostrophe typographique « ’ »")
    return reasons

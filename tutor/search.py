"""« Une question ? »: French-aware search over the four games' rule files.

Indexes every clause (title and text), the points a booklet leaves open (the paragraphs the page
shows under « Ce que la règle ne dit pas ») and the worked examples' titles and notes. Words are
folded (case, accents), elisions cut (``l'``, ``qu'``...), stemmed with the French Snowball
stemmer, expanded with the synonyms of ``rules/synonymes.toml``, and documents ranked by BM25.
Pure Python: no widget import, usable in the static site.
"""

from __future__ import annotations

import bisect
import html
import math
import re
import tomllib
import unicodedata
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cache, lru_cache
from pathlib import Path

import snowballstemmer  # type: ignore[import-untyped]

from tutor import fr, rules

GAMES = ("vautours", "drahtseilakt", "vampir", "vaiko")
SYNONYMS_FILE = "synonymes.toml"
_WORD_RE = re.compile(r"[0-9A-Za-zÀ-ÖØ-öø-ÿœŒæÆ]+(?:['’][0-9A-Za-zÀ-ÖØ-öø-ÿœŒæÆ]+)*")
_ELISION_RE = re.compile(r"^(?:l|d|j|m|n|s|t|c|qu|jusqu|lorsqu|puisqu|quoiqu)['’]", re.I)
_FEMININE_RE = re.compile(r"(?:(ier)e|(?<=[a-z]{2}e)e)s?$")
_MARKUP_RE = re.compile(r"\[([^\]]+)\]\(#[^)\s]+\)|\*+")
# Words too common to say anything about a question (folded, before stemming).
STOPWORDS = frozenset("""
a au aux avec ce ces cet cette dans de des du elle en est et etre il ils je la le les leur leurs
lui ma me mes moi mon ne nous on ou par pas pour qu que qui sa se ses si son sur ta te tes toi ton
tu un une vos votre vous y c d j l m n s t ca cela ça quoi quel quelle quels quelles comment
quand est-ce faut fait peut on-peut alors donc mais ou-est lequel laquelle
""".split())

_stemmer = snowballstemmer.stemmer("french")
K1 = 1.2
B = 0.75
TITLE_BONUS = 1.0
GAME_BONUS = 2.0  # the page's own game first, on a near tie
EXAMPLE_WEIGHT = 0.7  # a worked example's title and note count less than the rule's words
NAME_WEIGHT = 0.3  # a game's name in a question counts this much as a word
#: question words that say what kind of answer is wanted more than what about ("combien":
#: a number); their synonyms ("nombre") carry the meaning
QUESTION_WORDS = {"combien": 0.3}
VARIANT_WEIGHT = 0.8  # a variant's clause counts this much, unless the question says "variante"
SHOW_RULE = 0.5  # a clause shows its rule text when that scores at least this share of its best


def fold(text: str) -> str:
    """Lower case, accents removed, œ/æ spelled out."""
    text = text.lower().replace("œ", "oe").replace("æ", "ae")
    decomposed = unicodedata.normalize("NFD", text)
    return "".join(c for c in decomposed if not unicodedata.combining(c))


@lru_cache(maxsize=65536)
def _word_key(word: str) -> str | None:
    """The index key of one word as written, or None for a stop word."""
    word = _ELISION_RE.sub("", word)
    folded = fold(word).replace("’", "'")
    if not folded or folded in STOPWORDS:
        return None
    # accents folded, the stemmer no longer sees a feminine ending ("dernière" would not stem
    # like "dernier", nor "posée" like "posé"): drop it first
    folded = _FEMININE_RE.sub(lambda m: m.group(1) or "", folded)
    return str(_stemmer.stemWord(folded))


def tokens(text: str) -> list[str]:
    """The index keys of ``text`` in order (stop words dropped)."""
    keys = (_word_key(w) for w in _WORD_RE.findall(text))
    return [k for k in keys if k]


class SynonymError(ValueError):
    """A malformed synonym file: ``path``, ``line`` and ``reason``, in French."""

    def __init__(self, path: str, line: int, reason: str) -> None:
        super().__init__(f"{path}, ligne {line} : {reason}")
        self.path, self.line, self.reason = path, line, reason


def read_synonyms(path: str | Path) -> dict[str, tuple[str, ...]]:
    """``[[groupe]] mots = [...]`` groups: each word's key maps to its group's other keys."""
    p = Path(path)
    text = p.read_text(encoding="utf-8")
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        match = re.search(r"at line (\d+)", str(exc))
        raise SynonymError(str(p), int(match.group(1)) if match else 0,
                           f"TOML invalide ({exc})") from exc
    starts = [n for n, row in enumerate(text.splitlines(), 1) if row.strip() == "[[groupe]]"]
    unknown = set(data) - {"groupe"}
    if unknown:
        raise SynonymError(str(p), 1, f"clé inconnue : {sorted(unknown)[0]}")
    groups = data.get("groupe", [])
    out: dict[str, set[str]] = {}
    for i, group in enumerate(groups):
        line = starts[i] if i < len(starts) else 0
        words = group.get("mots") if isinstance(group, dict) else None
        if set(group) - {"mots"}:
            raise SynonymError(str(p), line, "un groupe n’a que la clé « mots »")
        if (not isinstance(words, list) or len(words) < 2
                or not all(isinstance(w, str) and w.strip() for w in words)):
            raise SynonymError(str(p), line, "« mots » doit être une liste d’au moins deux mots")
        keys: list[str] = []
        for w in words:
            parts = tokens(w)
            if not parts:
                raise SynonymError(str(p), line, f"« {w} » est un mot vide, sans effet")
            keys.append(" ".join(parts))
        for k in keys:
            out.setdefault(k, set()).update(x for x in keys if x != k)
    return {k: tuple(sorted(v)) for k, v in out.items()}


@dataclass(frozen=True)
class Doc:
    """One searchable thing: a clause, an open point or a worked example."""

    game: str
    game_title: str
    section: str  # "article", "lecture" or "exemple": where on the page the text is
    clause: str  # the clause id the result jumps to
    title: str
    text: str  # plain text, indexed
    example: str | None  # a worked example illustrating the clause, if any
    point: int = -1  # for a reading: its place among its clause's open points
    shown: str = ""  # what the result shows under the title, when not all of ``text``
    label: str = ""  # for a reading: « Ambiguïté », « Précision »...
    variant: bool = False  # the clause is a variant (section « Variantes »), not the base rule

    @property
    def display(self) -> str:
        """The text shown under the title: the clause's text, or the reading retained."""
        return self.shown or self.text


@dataclass(frozen=True)
class Result:
    """A clause found: ``doc`` its best text (the clause, a reading or an example), with the
    matching words marked; ``readings``, the other readings of the same clause that matched
    well too (the page shows them under the text, each with the answer retained)."""

    doc: Doc
    score: float
    title_html: str
    text_html: str
    readings: tuple[Doc, ...] = ()
    readings_html: tuple[str, ...] = ()


class Index:
    """A BM25 index over :class:`Doc` objects; ``synonyms`` maps a key to others it also finds."""

    def __init__(self, docs: Sequence[Doc], synonyms: Mapping[str, tuple[str, ...]]) -> None:
        self.docs = tuple(docs)
        self.synonyms = dict(synonyms)
        self._tf: list[Counter[str]] = []
        self._title: list[frozenset[str]] = []
        postings: dict[str, list[int]] = {}
        for i, d in enumerate(self.docs):
            # The title counts three times: a word of the title says more than one in passing.
            tf = Counter(tokens(d.title) * 3 + tokens(d.text))
            self._tf.append(tf)
            self._title.append(frozenset(tokens(d.title)))
            for k in tf:
                postings.setdefault(k, []).append(i)
        self._len = [sum(tf.values()) for tf in self._tf]
        self._avg = sum(self._len) / max(1, len(self._len))
        n = len(self.docs)
        self.idf = {k: math.log(1 + (n - len(p) + 0.5) / (len(p) + 0.5))
                    for k, p in postings.items()}
        self.postings = postings
        self._sorted = sorted(postings)
        self.game_keys = {d.game: " ".join(tokens(d.game_title)) for d in self.docs}

    def vocabulary(self) -> frozenset[str]:
        return frozenset(self.postings)

    def expand(self, keys: list[str]) -> list[tuple[str, float]]:
        """Query keys with synonyms (weight 0.8) and, for the last word typed, completions."""
        out: dict[str, float] = {}
        joined = " ".join(keys)
        for phrase, others in self.synonyms.items():
            if " " in phrase and f" {phrase} " in f" {joined} ":
                for o in others:
                    for part in o.split():
                        out[part] = max(out.get(part, 0), 1.0)  # a phrase says much
        for k in keys:
            out[k] = 1.0
            for o in self.synonyms.get(k, ()):
                for part in o.split():
                    out.setdefault(part, 0.6)
            if k not in self.postings and len(k) >= 4:
                # A typo or a word being typed: the indexed keys starting the same way.
                stem = k[:max(4, len(k) - 1)]
                at = bisect.bisect_left(self._sorted, stem)
                while at < len(self._sorted) and self._sorted[at].startswith(stem):
                    out.setdefault(self._sorted[at], 0.5)
                    at += 1
        return list(out.items())

    def search(self, query: str, limit: int = 8, game: str | None = None) -> list[Result]:
        """The best ``limit`` documents for ``query``; the documents of ``game`` first on a tie."""
        keys = tokens(query)
        # A game named in the question ("vaiko qui commence") is where the answer is.
        named = [g for g, t in self.game_keys.items() if t in keys]
        if named:
            game = named[0]
        # the game's name says where to look more than what about ("Vaiko" is also a call)
        named_weight = {self.game_keys[g]: NAME_WEIGHT for g in named} | QUESTION_WORDS
        if not keys:
            return []
        scores: dict[int, float] = {}
        asks_variant = _word_key("variante") in keys
        expanded = self.expand(keys)
        for key, weight in expanded:
            idf = self.idf.get(key)
            if idf is None:
                continue
            for i in self.postings[key]:
                f = self._tf[i][key]
                norm = f * (K1 + 1) / (f + K1 * (1 - B + B * self._len[i] / self._avg))
                score = idf * norm
                if key in self._title[i] and weight == 1.0:  # a word typed in the title says
                    score += TITLE_BONUS * max(idf, 1.0)  # what the clause is about, even "cartes"
                scores[i] = scores.get(i, 0.0) + weight * score * named_weight.get(key, 1.0)
        for i in scores:
            d = self.docs[i]
            if game is not None and d.game == game:
                scores[i] *= GAME_BONUS
            if d.section == "exemple":  # a situation told, not the rule: it supports its clause
                scores[i] *= EXAMPLE_WEIGHT
            if d.variant and not asks_variant:  # the base rule first, unless asked
                scores[i] *= VARIANT_WEIGHT
        # one result per clause, ranked by its best text; it shows its best rule text (the
        # clause or one of its readings) unless only its example matched well
        by_clause: dict[str, list[int]] = {}
        for i in sorted(scores, key=lambda i: (-scores[i], i)):
            by_clause.setdefault(self.docs[i].clause, []).append(i)
        ranked = sorted(by_clause.values(), key=lambda ds: (-scores[ds[0]], ds[0]))
        matched = {k for k, _ in expanded}
        out: list[Result] = []
        for found in ranked[:limit]:
            rule = [i for i in found if self.docs[i].section != "exemple"]
            shown = rule[0] if rule and scores[rule[0]] >= SHOW_RULE * scores[found[0]] \
                else found[0]
            d = self.docs[shown]
            also = tuple(self.docs[i] for i in rule if i != shown
                         and self.docs[i].section == "lecture"
                         and scores[i] >= SHOW_RULE * scores[shown])
            out.append(Result(d, scores[found[0]], highlight(d.title, matched),
                              highlight(d.display, matched), also,
                              tuple(highlight(a.display, matched) for a in also)))
        return out


def highlight(text: str, keys: set[str]) -> str:
    """``text`` HTML-escaped, each word whose key is in ``keys`` inside ``<mark>``."""
    out: list[str] = []
    pos = 0
    for m in _WORD_RE.finditer(text):
        out.append(html.escape(text[pos:m.start()]))
        word = m.group(0)
        k = _word_key(word)
        esc = html.escape(word)
        out.append(f"<mark>{esc}</mark>" if k in keys else esc)
        pos = m.end()
    out.append(html.escape(text[pos:]))
    return "".join(out)


def plain(markdown: str) -> str:
    """Rule Markdown as plain text: link labels kept, emphasis marks dropped."""
    text = _MARKUP_RE.sub(lambda m: m.group(1) or "", markdown)
    return " ".join(text.split())


def documents(book: rules.RuleBook) -> list[Doc]:
    """The documents of one rule book: each clause's text (its open points apart), each open
    point (« Ce que la règle ne dit pas », showing the question and the reading retained) and
    each worked example's title and note."""
    docs: list[Doc] = []
    points = rules.open_points(book)
    for c in book.clauses.values():
        example = c.examples[0] if c.examples else None
        paragraphs = re.split(r"\n\s*\n", c.text)
        body = [p for p in paragraphs if not rules.is_open_point(p)]
        variant = c.section == "Variantes"
        docs.append(Doc(book.game, book.title, "article", c.id, c.title,
                        plain("\n\n".join(body)), example, variant=variant))
        mine = [p for p in points if p.clause.id == c.id]
        texts = [p for p in paragraphs if rules.is_open_point(p)]
        for n, (point, paragraph) in enumerate(zip(mine, texts, strict=True)):
            docs.append(Doc(book.game, book.title, "lecture", c.id, c.title, plain(paragraph),
                            example, point=n, shown=fr.capitalize(point.first_line),
                            label=point.kind, variant=variant))
    for e in book.examples.values():
        note = e.data.get("note", "")
        text = note if isinstance(note, str) else ""
        variant = book.clauses[e.clause].section == "Variantes" if e.clause in book.clauses \
            else False
        docs.append(Doc(book.game, book.title, "exemple", e.clause, e.title, text, e.id,
                        variant=variant))
    return docs


def build(books: Sequence[rules.RuleBook], synonyms_path: str | Path | None = None) -> Index:
    """The index of ``books`` with the synonyms of ``synonyms_path`` (default: beside the rules)."""
    path = Path(synonyms_path) if synonyms_path else rules.rules_dir() / SYNONYMS_FILE
    docs = [d for b in books for d in documents(b)]
    return Index(docs, read_synonyms(path))


@cache
def index() -> Index:
    """The index of the four games' rule files, built once."""
    return build([rules.load(g) for g in GAMES])


def check(idx: Index) -> list[str]:
    """Problems of the index, in French: a synonym leading to no indexed word, a clause that its
    own title (alone, then followed by its text's first words), asked on its game's page,
    does not find in the first three results, a reading (an open point) that its own first
    words do not show in the first three."""
    problems: list[str] = []
    vocab = idx.vocabulary()
    for key, others in idx.synonyms.items():
        if not any(part in vocab for o in (key, *others) for part in o.split()):
            problems.append(f"synonyme « {key} » : ne mène à aucun mot indexé")
    for d in sorted((d for d in idx.docs if d.section == "article"), key=lambda d: d.clause):
        cid, title = d.clause, d.title
        opening = " ".join(d.text.split()[:8])
        if not any(cid in [r.doc.clause for r in idx.search(q, limit=3, game=d.game)]
                   for q in (title, f"{title} {opening}")):
            problems.append(f"article {cid} : aucune question ne le trouve, "
                            f"pas même son titre « {title} »")
    for d in (d for d in idx.docs if d.section == "lecture"):
        question = " ".join(re.split(r"(?<=[.?!])\s", d.display)[0].split()[:25])
        shown = [x for r in idx.search(question, limit=3, game=d.game) if r.doc.clause == d.clause
                 for x in (r.doc, *r.readings)]
        if d not in shown:
            problems.append(f"article {d.clause} : sa lecture « {question} » n’est trouvée par "
                            "aucune question, pas même ses propres mots")
    return sorted(set(problems))

"""« Une question ? »: French-aware search over the games' rule files (the games of the
registry, :mod:`tutor.games`, which also says how a question names each game).

Indexes every clause (title and text), the points a booklet leaves open (the paragraphs the page
shows under « Ce que la règle ne dit pas ») and the worked examples' titles and notes. Words are
folded (case, accents), elisions cut (``l'``, ``qu'``...), numbers and symbols folded (« deux » and
« 2 », « x2 » and « ×2 »), brought to their lemma (``lemmes.tsv``, drawn from the whole of
``simplemma``'s French dictionary by ``python -m tutor.search lemmes``, so that a new game's
words are in it) and stemmed with the French Snowball stemmer; a word the index does not
know is read as the indexed word one edit away (a typo); synonyms and paraphrases come from
``rules/synonymes.toml`` (and the names of one same thing, « souris » and « Suricate », read as
one word); a booklet's name (« livret « souris » ») is one word, not the card; documents are
ranked by BM25 with a weight per field (title, rule text, reading, example). A question is
scoped: on a game's page, that game's clauses only, unless the question names another game or
nothing of this game matches; on the Accueil, to the game it names. Pure Python: no widget
import, the same in the static site.
"""

from __future__ import annotations

import bisect
import html
import itertools
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
from tutor import games as registry

#: the games searched, in the registry's order (a game defined by the tests is not listed)
GAMES = tuple(g for g, info in registry.GAMES.items() if info.listed)
SYNONYMS_FILE = "synonymes.toml"
#: French forms whose lemma is not their stem's (« rend » -> « rendre », « mis » -> « mettre »):
#: ``form<TAB>lemma`` a line, folded; shipped in the package (the same in the static site)
LEMMAS_FILE = Path(__file__).with_name("lemmes.tsv")
#: a question longer than this is cut (the cost of a search grows with its length)
MAX_QUERY = 500
_WORD_RE = re.compile(r"[0-9A-Za-zÀ-ÖØ-öø-ÿœŒæÆ]+(?:['’][0-9A-Za-zÀ-ÖØ-öø-ÿœŒæÆ]+)*")
_ELISION_RE = re.compile(r"^(?:l|d|j|m|n|s|t|c|qu|jusqu|lorsqu|puisqu|quoiqu)['’]", re.I)
_FEMININE_RE = re.compile(r"(?:(ier)e|(?<=[a-z]{2}e)e)s?$")
_MARKUP_RE = re.compile(r"\[([^\]]+)\]\(#[^)\s]+\)|\*+")
# « ×2 », « x2 », « X 2 », « *2 », « fois 2 », « fois deux »: the card ×2, one word « x2 »
_TIMES_RE = re.compile(r"(?<![0-9A-Za-zÀ-ÿ])(?:[x×*] ?|fois )(\d+|deux|trois)(?![0-9A-Za-zÀ-ÿ])",
                       re.I)
# « à 6 ? », « on joue à deux », « vaiko à 7 »: how many play, on the folded question (not
# « de 0 à 10 », « jusqu'à 5 », « à 2 points »: see :func:`asks_how_many`)
_HOW_MANY_RE = re.compile(r"(?:^|(\S+) )a +(\d+|deux|trois|quatre|cinq|six|sept|huit|neuf|dix)"
                          r"(?: +(\S+)|\W*$)")
_HOW_MANY_NOT = frozenset("""x fois point points pts carte cartes tete tetes baton batons batonnet
batonnets vampire vampires chasse chasses manche manches tour tours pli plis lieu lieux couleur
couleurs""".split())
# « on est 6 », « nous sommes cinq », « on sera 3 », « 6 potes », « à 4 personnes »: a group of
# people counted, on the folded question
_NUMBER = r"(?:[1-9]|1[0-2]|deux|trois|quatre|cinq|six|sept|huit|neuf|dix)"
_PEOPLE_RE = re.compile(rf"\b(?:on (?:est|etait|sera|serait)|nous (?:sommes|serons|etions)) +"
                        rf"{_NUMBER}\b(?! +(?:{'|'.join(sorted(_HOW_MANY_NOT))})\b)"
                        rf"|\b{_NUMBER} +(?:potes|amis|copains|copines|personnes|gens)\b")
# « -2 », « −5 », « +3 »: a card's sign says negative or positive (« +5 et -2 qui les prend »)
_MINUS_RE = re.compile(r"(?<![0-9A-Za-zÀ-ÿ])[-−–] ?\d")
_PLUS_RE = re.compile(r"(?<![0-9A-Za-zÀ-ÿ])\+ ?\d")
# « le livret « souris » », « l’édition « suricate » »: a booklet's name, not the card it is named
# after; indexed as one word « livretsouris » (a question says « livret souris », quotes or not)
_BOOKLET_RE = re.compile(r"\b(livrets?|[ée]ditions?|versions?)\s*«\s*([^\W\d_]+)\s*»", re.I)
BOOKLET_WORDS = frozenset({"livret", "livrets", "edition", "editions", "version", "versions"})
_MARKED_RE = re.compile(f"{_TIMES_RE.pattern}|{_WORD_RE.pattern}", re.I)
# written numbers and ordinals, folded, to their digits (the rules write both)
NUMBERS = {"zero": "0", "deux": "2", "trois": "3", "quatre": "4", "cinq": "5", "six": "6",
           "sept": "7", "huit": "8", "neuf": "9", "dix": "10", "onze": "11", "douze": "12",
           "treize": "13", "quatorze": "14", "quinze": "15", "seize": "16", "vingt": "20",
           "trente": "30", "quarante": "40", "cinquante": "50", "soixante": "60",
           "cent": "100", "1er": "premier", "1ere": "premiere", "2e": "deuxieme",
           "2eme": "deuxieme", "2nd": "deuxieme", "2nde": "deuxieme", "second": "deuxieme",
           "seconde": "deuxieme", "3e": "troisieme", "3eme": "troisieme", "15e": "quinzieme",
           "15eme": "quinzieme"}
# Words too common to say anything about a question (folded, before stemming); the modal verbs
# (« je peux », « on veut ») too: they ask whether, not about what.
STOPWORDS = frozenset("""
a au aux avec ce ces cet cette dans de des du elle en est et etre il ils je la le les leur leurs
lui ma me mes moi mon ne nous on ou par pour qu que qui sa se ses si son sur ta te tes toi ton
tu un une vos votre vous y c d j l m n s t ca cela ça quoi quel quelle quels quelles comment
quand est-ce faut fait peut on-peut alors donc mais ou-est lequel laquelle
peux peuvent pouvons pouvez pourrait pourrais pourra pourront puisse puis pouvoir veux veut voulons
voulez veulent voudrais voudrait vouloir
""".split())

_stemmer = snowballstemmer.stemmer("french")
K1 = 1.2
B = 0.75
TITLE_BONUS = 0.5
#: a question that says most of a clause's title (« combien de joueurs » and « Les joueurs »)
#: asks about that clause: this much per share of the title's words said
TITLE_COVER = 1.5
EXAMPLE_WEIGHT = 0.7  # a worked example's title and note count less than the rule's words
NAME_WEIGHT = 0.15  # a game's name in a question counts this much as a word
#: question words that say what kind of answer is wanted more than what about ("combien":
#: a number); their synonyms ("nombre") carry the meaning
QUESTION_WORDS = {"combien": 0.3}
VARIANT_WEIGHT = 0.8  # a variant's clause counts this much, unless the question says "variante"
SHOW_RULE = 0.5  # a clause shows its rule text when that scores at least this share of its best
#: two words of the question next to each other (stop words apart), in that order, and so in a
#: document too (a field of word pairs): add this much times the pair's rarity
#: (:meth:`Index.pair_idf`), normalised by the document's length as BM25 does
BIGRAM = 0.5
#: a question that says most of a reading's own question (its first sentence, « Peut-on
#: regarder les cartes gagnées ? ») asks it: this much per share of its words said
QUESTION_COVER = 0.3
#: « deux 14 », « j'ai mis 2 et Paul 2 aussi » tell of a tie: the word « égalité » at this weight
TIE_WEIGHT = 1.0
#: « combien » asks for a number: a rule text (or reading) that gives one counts this much more
COUNT_BONUS = 0.15


def fold(text: str) -> str:
    """Lower case, accents removed, œ/æ spelled out."""
    text = text.lower().replace("œ", "oe").replace("æ", "ae")
    decomposed = unicodedata.normalize("NFD", text)
    return "".join(c for c in decomposed if not unicodedata.combining(c))


@cache
def lemmas() -> dict[str, str]:
    """Folded form -> folded lemma, from :data:`LEMMAS_FILE` (empty if it is missing)."""
    if not LEMMAS_FILE.exists():
        return {}
    rows = (line.split("\t") for line in LEMMAS_FILE.read_text(encoding="utf-8").splitlines())
    return {row[0]: row[1] for row in rows if len(row) == 2}


def _stem(folded: str) -> str:
    # accents folded, the stemmer no longer sees a feminine ending ("dernière" would not stem
    # like "dernier", nor "posée" like "posé"): drop it first
    folded = _FEMININE_RE.sub(lambda m: m.group(1) or "", folded)
    return str(_stemmer.stemWord(folded))


def surface(word: str) -> str:
    """A word as written, folded, its elision cut and a number spelt in digits."""
    folded = fold(_ELISION_RE.sub("", word)).replace("’", "'")
    return NUMBERS.get(folded, folded)


@lru_cache(maxsize=65536)
def _word_key(word: str) -> str | None:
    """The index key of one word as written, or None for a stop word."""
    folded = surface(word)
    if not folded or folded in STOPWORDS:
        return None
    if folded.isdigit() or (folded[0] == "x" and folded[1:].isdigit()):
        return folded
    return _stem(lemmas().get(folded, folded))


def asks_how_many(question: str) -> bool:
    """Whether ``question`` says « à N » of the players (« on joue à 6 ? », « à deux c'est
    possible »): not after a number (« de 0 à 10 ») nor « jusqu' », nor before a thing counted
    (« à 2 points »); or counts the people at the table (« on est 6 », « nous sommes cinq »,
    « 6 potes »)."""
    text = " ".join(re.sub(r"[^0-9a-z'’]+", " ", fold(question)).split())
    if _PEOPLE_RE.search(text):
        return True
    for m in _HOW_MANY_RE.finditer(text):
        before, after = m.group(1) or "", m.group(3) or ""
        if (surface(before).isdigit() or before.endswith(("jusqu'", "jusqu’", "jusqu"))
                or surface(after) in _HOW_MANY_NOT):
            continue
        return True
    return False


_COUNTED_RE = re.compile(r"(?<![0-9A-Za-zÀ-ÿ+−–-])(?:deux|trois|quatre|2|3|4) (\d+)(?!\d)", re.I)
_CARD_RE = re.compile(r"(?<![0-9A-Za-zÀ-ÿ+−–-])(\d+)(?![0-9])")


# « j'ai joué 11 et mon pote aussi », « mon 9, et lui pareil »: a card, then someone else the same
_ALSO_RE = re.compile(r"(?<![0-9A-Za-zÀ-ÿ+−–-])\d+(?!\d)[^.?!]{0,30}?\bet\b[^.?!]{0,25}?"
                      r"\b(?:aussi|pareil|idem|itou)\b", re.I)
_RANGE_RE = re.compile(r"\d+ *(?:à|a|-) *\d+")  # « de 1 à 15 »: values, not a card played


def says_a_tie(question: str) -> bool:
    """Whether ``question`` tells of one card played by several (« deux 14 », « j'ai mis 2 et
    Paul 2 aussi », « j'ai joué 11 et mon pote aussi »): a number counted (« trois 9 »), the same
    number said twice, unsigned, or a number and someone else « aussi »."""
    if _COUNTED_RE.search(question):
        return True
    if _ALSO_RE.search(question) and not _RANGE_RE.search(question):
        return True
    said = [m.group(1) for m in _CARD_RE.finditer(question)]
    return len(said) != len(set(said))


def words(text: str) -> list[str]:
    """The words of ``text`` as the index reads them (« ×2 » and « x2 » one word « x2 »)."""
    text = _TIMES_RE.sub(lambda m: " x" + NUMBERS.get(fold(m.group(1)), m.group(1)) + " ",
                         text)
    return _WORD_RE.findall(text)


def booklets(text: str) -> str:
    """``text`` with each booklet's name said as one word (« livret « souris » » -> « livret
    livretsouris »): the index reads « souris » there as the booklet, not the card."""
    return _BOOKLET_RE.sub(lambda m: f"{m.group(1)} livret{fold(m.group(2))}", text)


def tokens(text: str) -> list[str]:
    """The index keys of ``text`` in order (stop words dropped)."""
    keys = (_word_key(w) for w in words(text))
    return [k for k in keys if k]


class SynonymError(ValueError):
    """A malformed synonym file: ``path``, ``line`` and ``reason``, in French."""

    def __init__(self, path: str, line: int, reason: str) -> None:
        super().__init__(f"{path}, ligne {line} : {reason}")
        self.path, self.line, self.reason = path, line, reason


#: the tables of the synonym file: ``groupe``, words a player uses for each other (a synonym
#: found at :data:`SYNONYM_WEIGHT`, a phrase at 1); ``meme``, names of one same thing (the two
#: editions' « souris » and « Suricate »), read as its first word everywhere
SYNONYM_TABLES = ("groupe", "meme")


def _groups(path: str | Path, table: str) -> list[list[str]]:
    """The groups of ``table`` in the synonym file, each as its words' keys (a phrase's keys
    joined by spaces), checked: :class:`SynonymError` says where and why, in French."""
    p = Path(path)
    text = p.read_text(encoding="utf-8")
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        match = re.search(r"at line (\d+)", str(exc))
        raise SynonymError(str(p), int(match.group(1)) if match else 0,
                           f"TOML invalide ({exc})") from exc
    starts = [n for n, row in enumerate(text.splitlines(), 1) if row.strip() == f"[[{table}]]"]
    unknown = set(data) - set(SYNONYM_TABLES)
    if unknown:
        raise SynonymError(str(p), 1, f"clé inconnue : {sorted(unknown)[0]}")
    out: list[list[str]] = []
    for i, group in enumerate(data.get(table, [])):
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
            if table == "meme" and len(parts) > 1:
                raise SynonymError(str(p), line, f"« {w} » : un seul mot par nom")
            keys.append(" ".join(parts))
        out.append(keys)
    return out


def read_same(path: str | Path) -> dict[str, str]:
    """``[[meme]] mots = [...]`` groups: each word's key maps to its group's first word's key
    (two names of one thing are one word for the index)."""
    return {k: keys[0] for keys in _groups(path, "meme") for k in keys[1:] if k != keys[0]}


def read_synonyms(path: str | Path) -> dict[str, tuple[str, ...]]:
    """``[[groupe]] mots = [...]`` groups: each word's key maps to its group's other keys (the
    ``[[meme]]`` names read as their first word, :func:`read_same`)."""
    same = read_same(path)
    out: dict[str, set[str]] = {}
    for keys in _groups(path, "groupe"):
        keys = [" ".join(same.get(part, part) for part in k.split()) for k in keys]
        for k in keys:
            out.setdefault(k, set()).update(x for x in keys if x != k)
    return {k: tuple(sorted(v)) for k, v in out.items() if v}


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
    answer: str = ""  # for a reading: the sentence stating the reading retained

    @property
    def display(self) -> str:
        """The text shown under the title: the clause's text, or the reading retained."""
        return self.shown or self.text


@dataclass(frozen=True)
class Result:
    """A clause found: ``doc`` its best text (the clause, a reading or an example), with the
    matching words marked; ``readings``, the other readings of the same clause that matched
    well too (the page shows them under the text, each with the answer retained);
    ``answer``, the sentence that answers: the rule's own sentence that says most of the
    question (the reading's answer retained when the clause has no rule text of its own)."""

    doc: Doc
    score: float
    title_html: str
    text_html: str
    readings: tuple[Doc, ...] = ()
    readings_html: tuple[str, ...] = ()
    answer: str = ""
    answer_html: str = ""

    @property
    def notes(self) -> tuple[tuple[Doc, str], ...]:
        """The readings to show under the answer, each with its text marked: the result's own
        reading first (when a reading is its best text), then the others that matched."""
        own = ((self.doc, self.text_html),) if self.doc.section == "lecture" else ()
        return own + tuple(zip(self.readings, self.readings_html, strict=True))


_SENTENCE_RE = re.compile(r"(?<=[.!?])\s+(?=[A-ZÀ-ÖØ-Þ«(])")


def sentences(text: str) -> list[str]:
    """``text`` cut into its sentences (a list item stays with the sentence announcing it)."""
    return [s for s in _SENTENCE_RE.split(" ".join(text.split())) if s]


#: how much a word counts in each field of a document (BM25F: the title says what the clause is
#: about; its text, the reading retained or the example's note, the rest)
FIELD_WEIGHTS = {"title": 3, "text": 1}
#: how much each kind of document counts: a worked example tells a situation, not the rule
SECTION_WEIGHTS = {"article": 1.0, "lecture": 1.0, "exemple": EXAMPLE_WEIGHT}
#: the weight of a word read as another (a synonym, a typo, a word being typed)
SYNONYM_WEIGHT = 0.5
TYPO_WEIGHT = 0.6
PREFIX_WEIGHT = 0.5
#: « à 6 ? » asks how many play: the word « joueurs » at this weight
HOW_MANY_WEIGHT = 1.5
#: « le -3 », « le +8 »: the words « négative », « positive » (and theirs) at this weight
SIGN_WEIGHT = 1.0
#: « +5 et -2 »: the word « somme » at this weight
SUM_WEIGHT = 1.0
#: the weight of a synonym of a word the rules in scope never use
ALONE_WEIGHT = 0.8


def _deletes(word: str) -> set[str]:
    """``word`` and every string one letter shorter (symmetric-delete typo matching: two words
    one edit apart, a transposition included, share one of these)."""
    return {word} | {word[:i] + word[i + 1:] for i in range(len(word))}


class Index:
    """A BM25 index over :class:`Doc` objects; ``synonyms`` maps a key to others it also finds;
    ``names`` maps a game to the phrases naming it in a question (its title first); ``same``
    maps a key to the key it is read as (two names of one thing, :func:`read_same`)."""

    def __init__(self, docs: Sequence[Doc], synonyms: Mapping[str, tuple[str, ...]],
                 names: Mapping[str, Sequence[str]] | None = None,
                 same: Mapping[str, str] | None = None) -> None:
        self.docs = tuple(docs)
        self.synonyms = dict(synonyms)
        self.same = dict(same or {})
        self._tf: list[Counter[str]] = []
        self._title: list[frozenset[str]] = []
        self._counts: list[bool] = []
        self._asked: list[frozenset[str]] = []
        self._pairs: list[frozenset[tuple[str, str]]] = []
        postings: dict[str, list[int]] = {}
        spelled: dict[str, str] = {}  # every word written in the index, folded -> its key
        for i, d in enumerate(self.docs):
            title = self.keys(booklets(d.title))
            text = self.keys(booklets(d.text))
            # a reading opens on the question it answers (« Que valent les cartes Points ? »)
            asked = self.keys(_asked(d.shown)) if d.section == "lecture" else []
            tf = Counter(title * FIELD_WEIGHTS["title"] + text * FIELD_WEIGHTS["text"])
            self._pairs.append(frozenset(_pairs(title)) | frozenset(_pairs(text)))
            self._tf.append(tf)
            self._title.append(frozenset(title))
            self._counts.append(any(k.isdigit() for k in title + text))
            self._asked.append(frozenset(asked))
            for k in tf:
                postings.setdefault(k, []).append(i)
            for w in words(booklets(f"{d.title} {d.text}")):
                key = self.key(w)
                if key:
                    spelled.setdefault(surface(w), key)
        for phrase, others in self.synonyms.items():
            for o in (phrase, *others):
                for part in o.split():
                    spelled.setdefault(part, part)
        self._pair_df = Counter(p for pairs in self._pairs for p in pairs)
        self._len = [sum(tf.values()) for tf in self._tf]
        self._avg = sum(self._len) / max(1, len(self._len))
        n = len(self.docs)
        self.idf = {k: math.log(1 + (n - len(p) + 0.5) / (len(p) + 0.5))
                    for k, p in postings.items()}
        self.postings = postings
        self._sorted = sorted(postings)
        self._spelled = spelled
        self._near: dict[str, set[str]] = {}
        for word in spelled:
            if len(word) >= 4 and not word.isdigit():
                for short in _deletes(word):
                    self._near.setdefault(short, set()).add(word)
        self._article = {d.clause: d for d in self.docs if d.section == "article"}
        self._sentences: dict[str, list[tuple[str, frozenset[str]]]] = {}
        #: the booklets the rules name (« souris », « suricate »), folded
        self.booklet_names = frozenset(fold(m.group(2)) for d in self.docs
                                       for m in _BOOKLET_RE.finditer(f"{d.title} {d.text}"))
        names = names if names is not None else game_names()
        self.names = {g: [tokens(p) for p in phrases] for g, phrases in names.items()}
        self.game_keys = {d.game: " ".join(tokens(d.game_title)) for d in self.docs}

    def key(self, word: str) -> str | None:
        """The index key of one word as written (:func:`_word_key`, a name read as the other
        name of the same thing)."""
        key = _word_key(word)
        return self.same.get(key, key) if key else None

    def keys(self, text: str) -> list[str]:
        """The index keys of ``text`` in order (stop words dropped)."""
        keys = (self.key(w) for w in words(text))
        return [k for k in keys if k]

    def pair_idf(self, a: str, b: str) -> float:
        """How rare two keys next to each other are (0 when no document has them so): the
        pair's own IDF, at most its commoner word's (« cartes par tour » says no more than
        « cartes »)."""
        df = self._pair_df.get((a, b), 0)
        if not df:
            return 0.0
        own = math.log(1 + (len(self.docs) - df + 0.5) / (df + 0.5))
        return min(own, self.idf[a], self.idf[b])

    def vocabulary(self) -> frozenset[str]:
        return frozenset(self.postings)

    def typos(self, word: str) -> list[str]:
        """The keys of the indexed words one edit away from ``word`` (folded), when the index
        does not know ``word`` itself; none for a short word (too many neighbours)."""
        if len(word) < 4 or word.isdigit() or word in self._spelled:
            return []
        near = {w for d in _deletes(word) for w in self._near.get(d, ())}
        return sorted({self._spelled[w] for w in near if _one_edit(word, w)})

    def expand(self, keys: list[str]) -> list[tuple[str, float]]:
        """Query keys with synonyms and, for the last word typed, completions."""
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
                    out.setdefault(part, SYNONYM_WEIGHT)
            if k not in self.postings and len(k) >= 4:
                # A typo or a word being typed: the indexed keys starting the same way.
                stem = k[:max(4, len(k) - 1)]
                at = bisect.bisect_left(self._sorted, stem)
                while at < len(self._sorted) and self._sorted[at].startswith(stem):
                    out.setdefault(self._sorted[at], PREFIX_WEIGHT)
                    at += 1
        return list(out.items())

    def query_words(self, query: str) -> list[str]:
        """The words of a question, a booklet's name after « livret », « édition » or
        « version » said as the index says it (« livret suricate »: « livretsuricate »)."""
        typed = words(query[:MAX_QUERY])
        return [f"livret{surface(w)}" if n and surface(typed[n - 1]) in BOOKLET_WORDS
                and surface(w) in self.booklet_names else w for n, w in enumerate(typed)]

    def query_keys(self, query: str) -> list[str]:
        """The index keys of a question's words, in order (stop words dropped)."""
        keys = (self.key(w) for w in self.query_words(query))
        return [k for k in keys if k]

    def expand_query(self, query: str) -> list[tuple[str, float]]:
        """The weighted keys a question searches: its words' keys, the words one edit away of
        those the index does not know (typos), their synonyms and completions."""
        typed = self.query_words(query)
        keys = [k for k in (self.key(w) for w in typed) if k]
        out = dict(self.expand(keys))
        for sign, word in ((_MINUS_RE, "négative"), (_PLUS_RE, "positive")):
            key = self.key(word)
            if key and sign.search(query[:MAX_QUERY]):
                for k in (key, *(p for o in self.synonyms.get(key, ()) for p in o.split())):
                    out[k] = max(out.get(k, 0.0), SIGN_WEIGHT)
        # « +5 et -2 » says a positive card and a negative one together: a pile of several
        # cards, played by their sum
        total = self.key("somme")
        if (total and out.get(total, 0.0) < SUM_WEIGHT and _MINUS_RE.search(query[:MAX_QUERY])
                and _PLUS_RE.search(query[:MAX_QUERY])):
            out[total] = SUM_WEIGHT
        tie = self.key("égalité")
        # (a word the question also reaches as a synonym, at less, counts at this weight)
        if tie and out.get(tie, 0.0) < TIE_WEIGHT and says_a_tie(query[:MAX_QUERY]):
            out[tie] = TIE_WEIGHT
        players = _word_key("joueurs")
        if (players and out.get(players, 0.0) < HOW_MANY_WEIGHT
                and asks_how_many(query[:MAX_QUERY])):
            out[players] = HOW_MANY_WEIGHT
        for w in typed:
            key = self.key(w)
            if key and key not in self.postings and key not in self.synonyms:
                for near in self.typos(surface(w)):
                    if near not in out:
                        out[near] = TYPO_WEIGHT
                        for o in self.synonyms.get(near, ()):
                            for part in o.split():
                                out.setdefault(part, TYPO_WEIGHT * SYNONYM_WEIGHT)
        return list(out.items())

    def answer(self, clause: str, said: Mapping[str, float], reading: Doc | None = None) -> str:
        """The sentence of ``clause``'s rule text that says most of the question (``said``:
        the question's weighted keys, each counted once per sentence and by its rarity), the
        first on a tie; the reading's answer retained when the rule has no text of its own."""
        if clause not in self._sentences:  # each clause's sentences and their keys, once
            article = self._article.get(clause)
            self._sentences[clause] = [(s, frozenset(self.keys(s))) for s in
                                       (sentences(article.text) if article is not None else [])]
        found = self._sentences[clause]
        if not found:
            return reading.answer or reading.display if reading is not None else ""

        def weight(n: int) -> tuple[float, int]:
            return sum(said.get(k, 0.0) * self.idf.get(k, 0.0) for k in found[n][1]), -n

        return found[max(range(len(found)), key=weight)][0]

    def named(self, keys: list[str]) -> dict[str, list[str]]:
        """The games a question's keys name, each with the keys naming it."""
        joined = f" {' '.join(keys)} "
        out: dict[str, list[str]] = {}
        for g, phrases in self.names.items():
            for p in phrases:
                if p and f" {' '.join(p)} " in joined:
                    out.setdefault(g, []).extend(p)
        return out

    def search(self, query: str, limit: int = 8, game: str | None = None) -> list[Result]:
        """The best ``limit`` documents for ``query`` asked on the page of ``game`` (None: the
        Accueil): the game the question names, else the page's game, else every game; another
        game's only when nothing of that scope matches."""
        query = query[:MAX_QUERY]
        keys = self.query_keys(query)
        if not keys:
            return []
        named = self.named(keys)
        scope = set(named) or ({game} if game else set())
        # the game's title says where to look more than what about ("Vaiko" is also a call);
        # not a name short of the title on that game's own page: there « vautour » is a card
        spoken = f" {' '.join(keys)} "
        named_weight = {k: NAME_WEIGHT for g in named for k in self.game_keys.get(g, "").split()
                        if k in named[g] and (g != game or len(named) > 1
                                              or f" {self.game_keys[g]} " in spoken)
                        } | QUESTION_WORDS
        scores: dict[int, float] = {}
        asks_variant = _word_key("variante") in keys
        counting = _word_key("combien") in keys
        expanded = self.expand_query(query)
        # a word this scope's rules never use says its meaning through its synonyms alone
        # (« mélanger » on a page whose rules say « battre »): these count more
        games = scope or {d.game for d in self.docs}
        unsaid = [k for k in keys if not any(self.docs[i].game in games
                                             for i in self.postings.get(k, ()))]
        if unsaid and ALONE_WEIGHT > SYNONYM_WEIGHT:
            weights = dict(expanded)
            for k in unsaid:
                for o in self.synonyms.get(k, ()):
                    for part in o.split():
                        if weights.get(part) == SYNONYM_WEIGHT:
                            weights[part] = ALONE_WEIGHT
            expanded = list(weights.items())
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
        said = dict(expanded)
        for i in scores:
            title = self._title[i]
            if title:
                cover = sum(said.get(k, 0.0) * named_weight.get(k, 1.0) for k in title)
                scores[i] += TITLE_COVER * cover / len(title)
            asked = self._asked[i]
            if asked:
                cover = sum(said.get(k, 0.0) * named_weight.get(k, 1.0) for k in asked)
                scores[i] += QUESTION_COVER * cover / len(asked)
        for a, b in sorted(set(_pairs(keys))):
            # a pair with a question word or a game's name counts as little as that word
            rarity = self.pair_idf(a, b) * min(named_weight.get(a, 1.0), named_weight.get(b, 1.0))
            for i in scores:
                if (a, b) in self._pairs[i]:
                    norm = (K1 + 1) / (1 + K1 * (1 - B + B * self._len[i] / self._avg))
                    scores[i] += BIGRAM * rarity * norm
        inside = {i: v for i, v in scores.items() if self.docs[i].game in scope}
        if inside:
            scores = inside
        for i in scores:
            d = self.docs[i]
            scores[i] *= SECTION_WEIGHTS[d.section]
            if d.variant and not asks_variant:  # the base rule first, unless asked
                scores[i] *= VARIANT_WEIGHT
            if counting and self._counts[i] and d.section != "exemple":
                scores[i] *= 1 + COUNT_BONUS
        # one result per clause, ranked by its best text; it shows its best rule text (the
        # clause or one of its readings) unless only its example matched well
        by_clause: dict[str, list[int]] = {}
        for i in sorted(scores, key=lambda i: (-scores[i], i)):
            by_clause.setdefault(self.docs[i].clause, []).append(i)
        ranked = sorted(by_clause.values(), key=lambda ds: (-scores[ds[0]], ds[0]))
        matched = {k for k, _ in expanded}
        matched |= {k for k, name in self.same.items() if name in matched}
        out: list[Result] = []
        for found in ranked[:limit]:
            rule = [i for i in found if self.docs[i].section != "exemple"]
            shown = rule[0] if rule and scores[rule[0]] >= SHOW_RULE * scores[found[0]] \
                else found[0]
            d = self.docs[shown]
            also = tuple(self.docs[i] for i in rule if i != shown
                         and self.docs[i].section == "lecture"
                         and scores[i] >= SHOW_RULE * scores[shown])
            reading = d if d.section == "lecture" else (also[0] if also else None)
            answer = self.answer(d.clause, said, reading)
            out.append(Result(d, scores[found[0]], highlight(d.title, matched),
                              highlight(d.display, matched), also,
                              tuple(highlight(a.display, matched) for a in also),
                              answer, highlight(answer, matched)))
        return out


def _asked(shown: str) -> str:
    """A reading's own question: its text up to the first « ? » (its first sentence if none)."""
    m = re.match(r"[^?]*\?", shown)
    return m.group(0) if m else (sentences(shown) or [""])[0]


def _pairs(keys: Sequence[str]) -> list[tuple[str, str]]:
    """Adjacent keys (stop words apart), in order: « cartes Points », « même carte »."""
    return [(a, b) for a, b in itertools.pairwise(keys) if a != b]


def _one_edit(a: str, b: str) -> bool:
    """Whether ``a`` and ``b`` are one insertion, deletion, substitution or transposition of
    two neighbouring letters apart (or equal)."""
    if a == b:
        return True
    if abs(len(a) - len(b)) > 1:
        return False
    if len(a) > len(b):
        a, b = b, a
    i = 0
    while i < len(a) and a[i] == b[i]:
        i += 1
    if len(a) < len(b):
        return a[i:] == b[i + 1:]
    return a[i + 1:] == b[i + 1:] or (i + 1 < len(a) and a[i] == b[i + 1]
                                        and a[i + 1] == b[i] and a[i + 2:] == b[i + 2:])


def game_names() -> dict[str, tuple[str, ...]]:
    """The registry's games, each with the phrases naming it: its title, then its aliases."""
    return {g: (info.title, *info.aliases) for g, info in registry.GAMES.items() if info.listed}


def highlight(text: str, keys: set[str]) -> str:
    """``text`` HTML-escaped, each word whose key is in ``keys`` inside ``<mark>``."""
    out: list[str] = []
    pos = 0
    for m in _MARKED_RE.finditer(text):
        out.append(html.escape(text[pos:m.start()]))
        word = m.group(0)
        times = _TIMES_RE.fullmatch(word)
        k = ("x" + NUMBERS.get(fold(times.group(1)), times.group(1))) if times else _word_key(word)
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
                            label=point.kind, variant=variant,
                            answer=fr.capitalize(point.answer or point.summary)))
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
    return Index(docs, read_synonyms(path), same=read_same(path))


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
    for key, name in idx.same.items():
        if name not in vocab:
            problems.append(f"nom « {key} » : lu comme « {name} », qui n’est pas un mot indexé")
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


def lemma_table() -> dict[str, str]:
    """Folded form -> folded lemma: every form of ``simplemma``'s French dictionary (needed only
    here, to write :data:`LEMMAS_FILE`) with one lemma, whose stem is not its lemma's. The whole
    dictionary, not the words of the rule files: a game added to the registry finds its forms
    in it with no table to regenerate (40 000 forms, read in about 15 ms)."""
    from simplemma.strategies.dictionaries import DefaultDictionaryFactory

    entries = DefaultDictionaryFactory().get_dictionary("fr")

    def usable(word: str) -> bool:
        return word.isalpha() and word.islower() and word not in STOPWORDS

    folded: dict[str, set[str]] = {}
    for form, lemma in entries.items():
        f, lem = fold(str(form)), fold(str(lemma))
        if usable(f) and usable(lem) and f not in NUMBERS:
            folded.setdefault(f, set()).add(lem)
    stems: dict[str, str] = {}

    def stem(word: str) -> str:
        if word not in stems:
            stems[word] = _stem(word)
        return stems[word]

    table = {}
    for f, lems in folded.items():
        if len(lems) != 1:
            continue  # « pose » and « posé »: the same lemma, or none kept
        (lem,) = lems
        if stem(lem) != stem(f):
            table[f] = lem
    return dict(sorted(table.items()))


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m tutor.search lemmes``: write :data:`LEMMAS_FILE` from ``simplemma``'s French
    dictionary (again only when its version changes: the table does not depend on the games)."""
    import sys

    args = list(sys.argv[1:] if argv is None else argv)
    if args != ["lemmes"]:
        print("usage : python -m tutor.search lemmes")
        return 2
    table = lemma_table()
    LEMMAS_FILE.write_text("".join(f"{f}\t{lem}\n" for f, lem in table.items()),
                           encoding="utf-8")
    print(f"{LEMMAS_FILE} : {len(table)} formes")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

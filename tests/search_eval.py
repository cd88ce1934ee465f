"""The evaluation of « Une question ? » (issue 56): questions as players say them, as data.

``tests/data/questions.jsonl``: one question a line, ``{"q", "page", "expect", "author",
"half"}``; ``page`` is a game id or ``accueil``; ``expect`` the clause ids that answer it, best
first (any of them counts as found); ``half`` is ``tuning`` or ``heldout``, drawn once with
``random.Random(56)`` over the questions written for the issue and stored here so that it never
moves (the questions the index was already written against, and the failing items the issue
quotes, are ``tuning`` by construction, and so are the ``tuning-vautours`` questions: a second
batch about Stupides Vautours written after the split, from the rules, to tune that page, and
the ``tuning-players`` ones: a third batch, several phrasings per clause as players say them,
added for the same page while tuning).
``tests/data/questions-reader.jsonl``: questions written by a reader who never saw the index
nor this list, from the rule texts only: all held out (part of the held-out half).
``tests/data/questions-learners.jsonl``: questions written by five new learners (``learner-1``
to ``learner-5``) from the booklets only, before seeing the box, the index or any list: all held
out, and reported as a subset of their own (« questions de nouveaux joueurs »), apart from the
held-out half so that the half's figure stays the one the issue's bar was measured on.

Nothing here may tune the index: the synonyms and weights are grown from the ``tuning`` half only.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from tutor import search

DATA = Path(__file__).resolve().parent / "data"
QUESTIONS_FILE = DATA / "questions.jsonl"
READER_FILE = DATA / "questions-reader.jsonl"
LEARNERS_FILE = DATA / "questions-learners.jsonl"
#: each question file, by the name of the subset it feeds: the issue's set, the reader's, the
#: new learners'
SOURCES = {"questions": QUESTIONS_FILE, "reader": READER_FILE, "learners": LEARNERS_FILE}
PAGES = ("accueil", *search.GAMES)


@dataclass(frozen=True)
class Question:
    q: str
    page: str
    expect: tuple[str, ...]
    author: str
    half: str
    source: str = "questions"  # the file it comes from: a key of :data:`SOURCES`

    @property
    def game(self) -> str | None:
        """The page's game (None: the Accueil)."""
        return None if self.page == "accueil" else self.page


def _read(source: str, half: str | None = None) -> list[Question]:
    path = SOURCES[source]
    if not path.exists():
        return []
    out = []
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.strip():
            row = json.loads(line)
            out.append(Question(row["q"], row["page"], tuple(row["expect"]), row["author"],
                                half or row["half"], source))
    return out


def load() -> list[Question]:
    """Every question: the issue's set (both halves), the reader's and the new learners' (both
    held out)."""
    return _read("questions") + _read("reader", "heldout") + _read("learners", "heldout")


def ranks(questions: Iterable[Question], index: search.Index | None = None) -> list[int | None]:
    """For each question, the rank (0 first) of the first expected clause among the results
    on its page, or None when it is not in the first eight."""
    idx = index or search.index()
    out: list[int | None] = []
    for q in questions:
        found = [r.doc.clause for r in idx.search(q.q, limit=8, game=q.game)]
        out.append(next((n for n, c in enumerate(found) if c in q.expect), None))
    return out


def subsets(questions: list[Question]) -> dict[str, list[Question]]:
    """The four subsets the bench reports: tuning, held-out (the issue's held-out half and the
    reader's), the reader's alone, and the new learners' (held out, counted apart)."""
    return {"tuning": [q for q in questions if q.half == "tuning"],
            "heldout": [q for q in questions if q.half == "heldout" and q.source != "learners"],
            "reader": [q for q in questions if q.source == "reader"],
            "learners": [q for q in questions if q.source == "learners"]}


def scores(questions: list[Question], index: search.Index | None = None
           ) -> dict[str, dict[str, dict[str, float | int]]]:
    """subset -> page (and ``all``) -> {n, top1, top3} (shares, 0 to 1)."""
    out: dict[str, dict[str, dict[str, float | int]]] = {}
    for name, qs in subsets(questions).items():
        got = ranks(qs, index)
        table: dict[str, dict[str, float | int]] = {}
        for page in (*PAGES, "all"):
            r = [g for q, g in zip(qs, got, strict=True) if page in ("all", q.page)]
            if r:
                table[page] = {"n": len(r),
                               "top1": sum(g == 0 for g in r) / len(r),
                               "top3": sum(g is not None and g < 3 for g in r) / len(r)}
        out[name] = table
    return out

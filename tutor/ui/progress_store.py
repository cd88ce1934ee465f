"""The text a page keeps in the learner's browser for its progress, and how texts merge (pure
Python, no widget: the page's :class:`tutor.ui.progress.Progress` uses it).

Several tabs of one page (a second tab from the Accueil, a shared link opened beside) each add
to the same stored text, so a save never replaces what another tab wrote: the text holds one
grow-only counter per tab (a G-counter), ``{"format": 2, "game": …, "tabs": {tab: {clause:
[play, example, right, wrong]}}}``. A tab writes only its own entry; the browser's side of the
link (:mod:`tutor.ui.bridge`) re-reads the stored text at every save and replaces that entry
alone (dropping the entries named in ``"gone"``), so two tabs add up. What a clause counts is
the sum over the tabs.

Reading is forgiving and never destroys anything: an entry that is malformed drops only itself
(the others are read, a French notice says so); a text that is unreadable, too large or of
another format is left for the browser to keep aside, untouched, under a key of its own, and the
notice says so. The first format (one counter, ``"clauses"``) is read as one tab's counts.
Past :data:`MAX_TABS` entries, the oldest are folded into the saving tab's own (a tab still
open that was folded adds its counts again: counts may grow too much, never get lost).
"""

from __future__ import annotations

import functools
import hashlib
import hmac
import json
import logging
import os
import re
import secrets
import sys
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path

from tutor import fr

#: what a clause's counts say, in their stored order
KINDS = ("play", "example", "right", "wrong")
#: the stored text's format
FORMAT = 2
#: longest stored text read (a page's progress takes a few kilobytes; the link carries 64 KiB)
MAX_STORED = 48 * 1024
#: highest count kept for one clause and one kind
MAX_COUNT = 1_000_000
#: tab entries kept before the oldest are folded into the saving tab's
MAX_TABS = 12
MAX_TAB_ID = 64
#: the shape of a tab id the tutor writes (``secrets.token_hex``; ASCII letters, digits, ``-``
#: and ``_`` accepted): an entry under any other id is unreadable, and the browser's side keeps
#: the whole text aside before it writes (tutor.ui.bridge, the same rule in JavaScript). Long
#: non-ASCII ids grew every save six times over (each character written ``\uXXXX``)
TAB_ID = re.compile(rf"[0-9A-Za-z_-]{{1,{MAX_TAB_ID}}}")
#: a tab id as a kernel issues it (:func:`issue`): a random part and its signature under the
#: tutor's key (:func:`tab_key`). Only such ids are read (:func:`issued`): an entry under any
#: other id, even one of the right shape, is set aside as unreadable
ISSUED = re.compile(r"([0-9a-f]{12})-([0-9a-f]{16})")
#: the environment variable holding the key tab ids are signed with (the same for every kernel
#: of every server whose pages share the learners' browsers)
KEY_ENV = "TUTOR_TAB_KEY"
#: the key of the static site (WebAssembly): no server there, each tab runs the tutor itself and
#: only the learner's own browser ever holds its texts
STATIC_KEY = b"tutor-static-site"

log = logging.getLogger("tutor.ui")


def _signature(key: bytes, nonce: str) -> str:
    return hmac.new(key, nonce.encode(), hashlib.sha256).hexdigest()[:16]


def issue(key: bytes) -> str:
    """A new tab id, signed with ``key`` (:data:`ISSUED`)."""
    nonce = secrets.token_hex(6)
    return f"{nonce}-{_signature(key, nonce)}"


def issued(tab: str, key: bytes) -> bool:
    """Whether ``tab`` is an id a kernel holding ``key`` issued (:func:`issue`)."""
    found = ISSUED.fullmatch(tab)
    return found is not None and hmac.compare_digest(found[2], _signature(key, found[1]))


@functools.cache
def tab_key() -> bytes:
    """The key tab ids are signed with: :data:`KEY_ENV` when set; else a random key kept in
    ``$XDG_DATA_HOME/tutor/tab-key`` (``~/.local/share/tutor/tab-key``), made once (mode
    0600) and then read by every kernel run by that user, across restarts; in WebAssembly,
    :data:`STATIC_KEY`. Where the file can be neither read nor made, a key of this process
    alone (the other tabs' counts are then not read here, and the log says why)."""
    if os.environ.get(KEY_ENV):
        return os.environ[KEY_ENV].encode()
    if sys.platform == "emscripten":
        return STATIC_KEY
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    path = Path(base) / "tutor" / "tab-key"
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        try:
            fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        except FileExistsError:
            key = path.read_bytes().strip()
            if key:
                return key
            raise OSError(f"{path} is empty") from None
        with os.fdopen(fd, "w") as out:
            out.write(secrets.token_hex(32))
        return path.read_bytes().strip()
    except OSError as exc:
        log.warning("No shared key for progress tab ids (%s): this kernel reads its own tab "
                    "only", exc)
        return secrets.token_bytes(32)

Counts = dict[str, list[int]]

#: a key that counts a quiz's answers (its right and wrong counts), beside the clauses: a
#: quiz's « Score » is kept across reloads as the clauses' counts are
SCORE_PREFIX = "exercice:"
MAX_SCORE_KEY = 80


def is_score(key: str) -> bool:
    """Whether ``key`` counts a quiz's answers (:data:`SCORE_PREFIX`), not a clause."""
    return key.startswith(SCORE_PREFIX) and len(key) <= MAX_SCORE_KEY

KEPT_ASIDE = ("cette page les garde à part dans ce navigateur, intacts, et en tient de "
              "nouveaux.")
UNREADABLE = fr.typography("Les progrès gardés par ce navigateur pour cette page étaient "
                           f"illisibles : {KEPT_ASIDE}")
OTHER_FORMAT = fr.typography("Les progrès gardés par ce navigateur viennent d’une autre version "
                             f"du tuteur : {KEPT_ASIDE}")
PART_UNREADABLE = fr.typography("Une partie des progrès gardés par ce navigateur pour cette page "
                                "était illisible : elle est ignorée, le reste est repris.")


def too_large(size: int, limit: int = MAX_STORED) -> str:
    """The notice for a stored text of ``size`` characters, too large to be read."""
    return fr.typography(
        f"Les progrès gardés par ce navigateur pour cette page sont trop volumineux pour être "
        f"lus ({fr.count(size, 'caractère')} ; {fr.number(limit)} au plus) : {KEPT_ASIDE}")


def not_kept(reason: str) -> str:
    """The notice for a save the browser could not keep (``reason``: the browser's error)."""
    why = ("son espace de stockage est plein" if "Quota" in reason
           else "il refuse de garder des données pour ce site")
    return fr.typography(
        f"Ce navigateur n’a pas pu garder vos derniers progrès ({why}) : ils restent comptés "
        "sur cette page tant qu’elle est ouverte, mais seront perdus à sa fermeture. Libérez "
        "de la place (ou quittez la navigation privée), puis continuez.")


@dataclass
class Stored:
    """What a stored text holds: each tab's counts, a French ``notice`` ("" when all was
    read), and whether the text cannot be merged (the browser keeps it aside)."""

    tabs: dict[str, Counts] = field(default_factory=dict)
    notice: str = ""
    aside: bool = False


def _counts(values: object) -> list[int] | None:
    if (not isinstance(values, list) or len(values) != len(KINDS)
            or not all(type(v) is int and v >= 0 for v in values)):
        return None
    return [min(v, MAX_COUNT) for v in values]


def _clauses(data: object, clauses: Iterable[str]) -> tuple[Counts, bool] | None:
    """One tab's counts (clauses the rule book no longer has are dropped) and whether a bad
    clause entry was dropped; None when ``data`` is no table of clauses at all."""
    if not isinstance(data, dict):
        return None
    known = set(clauses)
    out: Counts = {}
    bad = False
    for clause, values in data.items():
        counts = _counts(values)
        if counts is None:
            bad = True
        elif (clause in known or is_score(clause)) and any(counts):
            out[clause] = counts
    return out, bad


def _not_json(constant: str) -> object:
    raise ValueError(f"{constant} n’est pas du JSON")


def parse(text: str) -> object:
    """``text`` read as the browser's ``JSON.parse`` reads it: Python's reader also takes
    ``NaN``, ``Infinity`` and ``-Infinity``, which the browser refuses (a text read here but
    not there was set aside by the browser at the next save, its counts lost from view)."""
    return json.loads(text, parse_constant=_not_json)


def read(text: str, game: str, clauses: Iterable[str], key: bytes) -> Stored:
    """The tabs' counts kept in a stored ``text`` (``""``: nothing kept) for ``game``, whose
    rule book has ``clauses``; only the tabs whose ids were issued under ``key`` (the others
    make the notice say a part was unreadable); never raises."""
    if not text:
        return Stored()
    if not isinstance(text, str) or len(text) > MAX_STORED:
        size = len(text) if isinstance(text, str) else 0
        return Stored(notice=too_large(size), aside=True)
    try:
        data = parse(text)
    except (ValueError, RecursionError):
        return Stored(notice=UNREADABLE, aside=True)
    if not isinstance(data, dict) or "format" not in data:
        return Stored(notice=UNREADABLE, aside=True)
    version = data["format"]
    if type(version) is not int or version not in (1, FORMAT) \
            or data.get("game", game) != game:
        return Stored(notice=OTHER_FORMAT, aside=True)  # whatever its shape: a later version's
    clauses = list(clauses)
    if version == 1:  # one counter, the first format
        one = _clauses(data.get("clauses"), clauses)
        if one is None:
            return Stored(notice=UNREADABLE, aside=True)
        return Stored({"v1": one[0]} if one[0] else {}, PART_UNREADABLE if one[1] else "",
                      aside=True)
    tabs = data.get("tabs")
    if not isinstance(tabs, dict):
        return Stored(notice=UNREADABLE, aside=True)
    out: dict[str, Counts] = {}
    bad = False
    for tab, counts in tabs.items():
        one = _clauses(counts, clauses) if issued(tab, key) else None
        if one is None:
            bad = True
            continue
        bad = bad or one[1]
        out[tab] = one[0]
    return Stored(out, PART_UNREADABLE if bad else "")


def merge(a: Mapping[str, Counts], b: Mapping[str, Counts]) -> dict[str, Counts]:
    """Two views of the tabs' counts merged: per tab and clause, the larger of each count (a
    tab's counts only grow)."""
    out = {tab: {c: list(v) for c, v in counts.items()} for tab, counts in a.items()}
    for tab, counts in b.items():
        mine = out.setdefault(tab, {})
        for clause, values in counts.items():
            old = mine.get(clause, [0] * len(KINDS))
            mine[clause] = [max(x, y) for x, y in zip(old, values, strict=True)]
    return out


def add(a: Mapping[str, list[int]], b: Mapping[str, list[int]]) -> Counts:
    """Counts added clause by clause (bounded)."""
    out = {c: list(v) for c, v in a.items()}
    for clause, values in b.items():
        old = out.get(clause, [0] * len(KINDS))
        out[clause] = [min(x + y, MAX_COUNT) for x, y in zip(old, values, strict=True)]
    return out


def total(tabs: Mapping[str, Counts]) -> Counts:
    """What each clause counts over every tab."""
    out: Counts = {}
    for counts in tabs.values():
        out = add(out, counts)
    return out


def fold(others: Mapping[str, Counts], mine: Counts,
         limit: int = MAX_TABS) -> tuple[dict[str, Counts], Counts, list[str]]:
    """Past ``limit`` tabs in all, the oldest of ``others`` (in their stored order) folded into
    ``mine``: the others left, ``mine`` grown, and the tabs folded (for the store to drop)."""
    order = list(others)
    excess = max(0, len(order) + 1 - limit)
    gone = order[:excess]
    for tab in gone:
        mine = add(mine, others[tab])
    return {t: others[t] for t in order[excess:]}, mine, gone


def dump(game: str, tab: str, counts: Counts, gone: Iterable[str] = ()) -> str:
    """The text one tab saves: its own entry (and the tabs it folded into it, to drop)."""
    doc: dict[str, object] = {"format": FORMAT, "game": game,
                              "tabs": {tab: {c: v for c, v in sorted(counts.items())}}}
    gone = list(gone)
    if gone:
        doc["gone"] = gone
    return json.dumps(doc, separators=(",", ":"))

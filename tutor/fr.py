"""Every French text helper of the tutor: one place for numbers, lists, plurals, elision and
typography, used by the engines' messages and event descriptions and by the pages alike.

Generated French is code: a rule written here once (``1 point`` but ``2 points``, ``d’Anke`` but
``de Bernd``, a true minus sign, a narrow no-break space before ``:``) holds everywhere, and the
tests check it. Players are never referred to by a gendered pronoun: sentences name them.
Standard library only (the engines import it).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence

MINUS = "\u2212"
NNBSP = "\u202f"  # narrow no-break space: before ; : ! ? and inside « »
APOSTROPHE = "\u2019"

_VOWELS = frozenset("aeiouyàâäéèêëîïôöùûüœæh")
# words starting with an aspirated h take no elision ("le héros", "de Hans")
_ASPIRATED = ("hans", "heinz", "helga", "henri", "hugo", "hêtre", "haut", "hasard", "héros")

_SPACE_BEFORE = re.compile(r"[ \u00a0\u202f]*([;:!?])(?=[ \t\n\u00a0]|$|[»)\]<]|\u202f»)")
_OPEN_QUOTE = re.compile(r"«[ \u00a0\u202f]*")
_CLOSE_QUOTE = re.compile(r"[ \u00a0\u202f]*»")
_APOSTROPHE = re.compile(r"(?<=[A-Za-zÀ-ÿœŒ])'(?=[A-Za-zÀ-ÿœŒ])")
# 95 % : a narrow no-break space, never a break (not a URL's escape: 1%2F)
_PERCENT = re.compile(r"(?<=\d)[ \u00a0]?%(?![0-9A-Fa-f]{2})")
_WORD_COLON = re.compile(r"(?<=[A-Za-zÀ-ÿ0-9)»])([;:!?])(?=[ \t\n\u00a0])")
# every rule of :func:`typography` needs one of these: text without any is left as it is
_TYPOGRAPHY_NEEDED = re.compile(r"['«»;:!?%]")


def signed(value: int) -> str:
    """A point value with its sign: ``+7``, ``−2`` (true minus sign U+2212), ``0``."""
    if value > 0:
        return f"+{value}"
    if value < 0:
        return f"{MINUS}{-value}"
    return "0"


def number(value: int) -> str:
    """An integer as French text: true minus sign, thousands grouped by narrow spaces
    (``−12``, ``1 250``)."""
    digits = f"{abs(value):,}".replace(",", NNBSP)
    return f"{MINUS}{digits}" if value < 0 else digits


def total(value: int, with_sign: bool = False) -> str:
    """A score total as a page writes it: « +29 » where the game writes totals with their sign,
    else « 29 »; a negative total always « −3 »."""
    return signed(value) if value < 0 or with_sign else str(value)


def decimal(value: float, digits: int = 1) -> str:
    """A decimal number as French text: comma, true minus sign (``12,4``, ``−0,5``)."""
    text = f"{abs(value):,.{digits}f}".replace(",", NNBSP).replace(".", ",")
    return f"{MINUS}{text}" if round(value, digits) < 0 else text


def percent(fraction: float) -> str:
    """A fraction as a rounded French percentage: ``0.675`` -> ``68 %`` (narrow space)."""
    return f"{round(100 * fraction)}{NNBSP}%"


def join(items: Iterable[str], last: str = "et") -> str:
    """``Alex``, ``Alex et Carla``, ``Alex, Carla et Dario`` (or with ``ou``)."""
    words = list(items)
    if len(words) <= 1:
        return "".join(words)
    return ", ".join(words[:-1]) + f" {last} " + words[-1]


def seating(players: Iterable[str]) -> str:
    """The sentence that opens a game's journal: the players in playing order."""
    return f"Joueurs, dans le sens des aiguilles d’une montre : {join(players)}."


def victory(winners: Sequence[str], total: str, *, lowest: bool = False) -> str:
    """Who wins a game decided by the totals, the winning ``total`` already written
    (``3 points``, ``+12``): ``Alex gagne avec le total le plus bas (3 points).``, or for a tie
    ``Alex et Léo partagent la victoire avec le total le plus bas (3 points).``"""
    which = "le total le plus bas" if lowest else "le total le plus haut"
    if len(winners) == 1:
        return f"{winners[0]} gagne avec {which} ({total})."
    return f"{join(winners)} partagent la victoire avec {which} ({total})."


def fewest_in_manche(players: Sequence[str], manche: int) -> str:
    """Who won one manche of a game where the fewest points win (what a hint's playout looked
    at): ``Alex marque le moins de points dans la manche 2.``, or for a tie ``Alex et Léo
    marquent …``."""
    verb = "marque" if len(players) == 1 else "marquent"
    return f"{join(players)} {verb} le moins de points dans la manche {manche}."


def open_points_intro(points: int, booklets: int, with_variant: int) -> str:
    """The opening of a page's « Ce que la règle ne dit pas »: how many points of the rule the
    tutor reads for the learner (what the booklet leaves open, reads two ways, or is better said
    in full; with several booklets, what differs between them), and for how many the other
    reading is a variant (none is claimed where none exists)."""
    source = "le livret laisse" if booklets <= 1 else "les livrets laissent"
    text = (f"Le tuteur précise ici {count(points, 'point')} de la règle : ce que {source} "
            "ouvert, ce qui se lit de deux façons, ce qu’il vaut mieux dire en toutes lettres"
            + (" et ce qui diffère d’un livret à l’autre" if booklets > 1 else "")
            + ". Pour chacun, il dit ce qu’il retient et pourquoi. ")
    if with_variant == 0:
        return text + "Aucune autre lecture n’est proposée en variante : la page joue celle-ci."
    return text + (f"Pour {with_variant} d’entre eux, la page propose une variante à un clic "
                   "(ses préréglages).")


def plural(count: int, singular: str, plural_form: str | None = None) -> str:
    """The noun agreeing with ``count`` (French: plural from 2 on; 0 and 1 take the singular):
    ``plural(1, "point")`` -> ``point``, ``plural(2, "carte")`` -> ``cartes``."""
    if abs(count) >= 2:
        return plural_form if plural_form is not None else singular + "s"
    return singular


def count(value: int, singular: str, plural_form: str | None = None) -> str:
    """A number and its noun in agreement: ``1 point``, ``2 points``, ``0 carte``,
    ``−3 points`` (true minus sign)."""
    return f"{number(value)} {plural(value, singular, plural_form)}"


def starts_with_vowel(word: str) -> bool:
    """Whether ``word`` takes elision (a vowel or a mute h; a few aspirated-h words excepted)."""
    lower = word.strip().lower()
    if not lower or lower[0] not in _VOWELS:
        return False
    return not (lower[0] == "h" and lower.startswith(_ASPIRATED))


def elide(word: str, following: str) -> str:
    """``word`` then ``following``, elided when it must be: ``de`` + ``Anke`` -> ``d’Anke``,
    ``que`` + ``un`` -> ``qu’un``, ``le`` + ``as`` -> ``l’as``; otherwise joined by a space."""
    if word.lower() in {"de", "que", "le", "la", "ne", "je", "me", "se", "te", "ce", "jusque",
                        "lorsque", "puisque"} and starts_with_vowel(following):
        return f"{word[:-1]}{APOSTROPHE}{following}"
    return f"{word} {following}"


def of(name: str) -> str:
    """The preposition ``de`` before a name or noun: ``de Bernd``, ``d’Anke``."""
    return elide("de", name)


def to(name: str) -> str:
    """``à`` before a name: ``à Anke`` (never elided; kept for symmetry with :func:`of`)."""
    return f"à {name}"


def ordinal(k: int, feminine: bool = True) -> str:
    """``1re``/``1er``, ``2e``, ``3e``… (abbreviated French ordinals)."""
    if k == 1:
        return "1re" if feminine else "1er"
    return f"{k}e"


def quote(text: str) -> str:
    """``« text »`` with narrow no-break spaces inside the guillemets; guillemets already in
    ``text`` become second-level quotes (« Dire “Vaiko” »), not guillemets in guillemets."""
    inner = re.sub(r"«[\s\u00a0\u202f]*(.*?)[\s\u00a0\u202f]*»", "“\\1”", text)
    return f"«{NNBSP}{inner}{NNBSP}»"


def ruled_by(title: str) -> str:
    """What a screen reader hears after a move: the clause that decided it
    (« Règle : « Le plus fort gagne » »)."""
    return f"Règle{NNBSP}: {quote(title)}."


def capitalize(text: str) -> str:
    """The first letter in capitals, the rest unchanged (``str.capitalize`` lowers the rest)."""
    return text[:1].upper() + text[1:]


def typography(text: str) -> str:
    """French typography for running text: a narrow no-break space before ``; : ! ?``, inside
    ``« »`` and between a number and ``%`` (replacing any ordinary space there) and typographic
    apostrophes. Idempotent.

    A colon inside a word or a URL (``http://``, ``10:30``) is left alone: only punctuation
    followed by a space, the end, a closing guillemet or bracket or a tag is spaced.
    """
    if not _TYPOGRAPHY_NEEDED.search(text):  # most card labels, names and numbers: a fast path
        return text
    text = _APOSTROPHE.sub(APOSTROPHE, text)
    text = _OPEN_QUOTE.sub("«" + NNBSP, text)
    text = _CLOSE_QUOTE.sub(NNBSP + "»", text)
    text = _PERCENT.sub(NNBSP + "%", text)
    return _SPACE_BEFORE.sub(lambda m: NNBSP + m.group(1), _fix_word_colon(text))


_MARKUP = re.compile(r"(<(code|pre|style|script)\b.*?</\2\s*>|<[^>]*>)", re.S | re.I)


def typography_html(markup: str) -> str:
    """:func:`typography` applied to the text of HTML markup only: tags, attributes and the
    contents of ``code``, ``pre``, ``style`` and ``script`` elements are left as they are
    (an escaped apostrophe, ``&#x27;``, counts as one). Idempotent."""
    out: list[str] = []
    last = 0
    for m in _MARKUP.finditer(markup):
        out.append(_text_typography(markup[last:m.start()]))
        out.append(m.group(1))
        last = m.end()
    out.append(_text_typography(markup[last:]))
    return "".join(out)


#: a character reference of escaped markup (``&quot;``, ``&lt;``, ``&#8239;``): its ``;`` is
#: not punctuation, so the text is set with each one masked by :data:`_MASK`
_ENTITY = re.compile(r"&(?:#[0-9]+|#[xX][0-9a-fA-F]+|[A-Za-z][A-Za-z0-9]*);")
_MASK = "\ue000"  # a private-use character: in no text of the tutor


def _text_typography(text: str) -> str:
    if not text.strip():
        return text
    text = text.replace("&#x27;", "'").replace("&#39;", "'")
    entities = _ENTITY.findall(text)
    if not entities:
        return typography(text)
    kept = iter(entities)
    return re.sub(_MASK, lambda _: next(kept), typography(_ENTITY.sub(_MASK, text)))


def _fix_word_colon(text: str) -> str:
    # "Refusé: x" written without a space still gets its narrow space, but "http://" does not
    return _WORD_COLON.sub(r" \1", text)


def refusal(reason: str) -> str:
    """How a refused move is told in a log: ``Coup refusé. `` then the engine's reason as its own
    sentence (no capital after a colon, and a reason may start with a player's name)."""
    return f"Coup refusé. {capitalize(reason)}"


def message(text: str) -> str:
    """A sentence shown to a learner: capital first letter, French typography."""
    return typography(capitalize(text))


def shown(value: object, limit: int = 24) -> str:
    """An untrusted value quoted for a learner, never as a Python repr: ``« 12.0 »``,
    ``« None »``, ``« 1, 2 »`` for a list or tuple, cut to ``limit`` characters with ``…``."""
    text = ", ".join(map(str, value)) if isinstance(value, (list, tuple)) else str(value)
    return quote(text if len(text) <= limit else text[: limit - 1] + "…")


#: what a game page's template says itself (tutor/voila/templates/tutor/index.html.j2 holds
#: them as JavaScript strings, checked against these by tests/test_lost_click.py): a click its
#: kernel never received, the button sending it again, an answer cut on its way back, a kernel
#: that no longer answers
PAGE_TEXTS = {
    "CLICK_LOST": typography("Votre dernier clic n’est pas parvenu au tuteur : rien n’a été "
                             "fait. « Réessayer » l’envoie de nouveau."),
    "CLICK_RETRY": "Réessayer",
    "REPLY_LOST": typography("Une partie de la réponse du tuteur s’est perdue en route : "
                             "rechargez la page pour reprendre avec une partie neuve."),
    "KERNEL_SILENT": typography("Le tuteur ne répond plus à cette page : rechargez-la pour "
                                "reprendre avec une partie neuve."),
}

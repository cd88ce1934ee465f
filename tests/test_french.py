"""Generated French, checked like code: every event of every game (from random games and the
worked examples), every outcome reason, the rule texts as the pages show them and the notebooks'
prose follow the same rules (see ``tutor/fr.py``), and every word is in Debian's French Hunspell
dictionary (through pyenchant) or in the project's short word list below.
"""

from __future__ import annotations

import json
import random
import re
from collections.abc import Iterator
from functools import cache
from pathlib import Path

import pytest

from tutor import fr, rules
from tutor.engine import Event
from tutor.games import GAMES

ROOT = Path(__file__).resolve().parent.parent
NAMES = ("Alex", "Bea", "Carla", "Dario", "Léo", "Emma")

# Words the dictionary cannot know: names, games, cards and the tutor's own terms.
PROJECT_WORDS = frozenset("""
Alex Bea Carla Dario Léo Emma Camille Anke Bernd Chris Doro Hol's Geier Randolph Knizia Reiner
Drahtseilakt Vaiko Vampir Suricate Suricates suricate suricates Vautour Vautours Somewhere
castle graveyard madhouse docks church pub Voilà Voici JupyterLab Binder nbval Hunspell
bâtonnet bâtonnets préréglage préréglages préréglé rejouable
""".split())

GENERATED_RULES: tuple[tuple[str, str], ...] = (
    (r"(?<![\w\u2212+])-\d", "un nombre négatif prend le vrai signe moins (U+2212)"),
    (r"\w\(s\)", "pas de « (s) » : accorder le nom"),
    (r"'", "apostrophe typographique (’)"),
    (r"\b(?<![,.\d])1 (points|cartes|bâtonnets|paires|têtes|vampires|manches|joueurs)\b",
     "1 point, 1 carte… (singulier)"),
    (r"\b(?<![,.\d])0 (points|cartes|bâtonnets|paires|têtes|vampires)\b", "0 point (singulier)"),
    (r"\b(de|que|le|la|ne) [AEIOUaeiouÉéèêâ]\w", "élision (d’Anke, qu’un, l’as)"),
    (r"[^\u202f][;:!?](?=\s|$)", "espace fine insécable avant ; : ! ?"),
    (r"«(?!\u202f)|(?<!\u202f)»", "espaces fines insécables dans « »"),
    (r"\d[ \u00a0]?%", "espace fine insécable avant %"),
    # "il"/"ils" can only stand for a player (the game's nouns that take pronouns are feminine:
    # la pile, la carte, la chasse); impersonal uses are allowed
    (r"\b[Ii]ls?\b(?! (ne |n’)?((lui|leur) )?(reste|restait|faut|fallait|y a|manque|s’agit|"
     r"suffit|vaut|est (impossible|possible|interdit|permis|temps)))",
     "pas de pronom pour un joueur"),
    (r"-t-(il|elle)s?\b", "pas de pronom pour un joueur"),
    (r"''|\"\"|\[\]|\{\}|None\b|True\b|False\b", "pas de valeur Python montrée"),
    (r"\u202f: (La|Le|Les|Un|Une|Cette|Ce|Ces|Vous|Il|Elle)\b", "pas de majuscule après « : »"),
    (r"\d ?[x✕]\d|[x✕]2\b", "une seule graphie : ×2"),
)


def violations(text: str) -> list[str]:
    return [f"{why} : {text!r}" for pattern, why in GENERATED_RULES if re.search(pattern, text)]


def random_events(game: str, games: int = 6) -> Iterator[Event]:
    engine = GAMES[game].engine()
    for seed in range(games):
        n = engine.MIN_PLAYERS + seed % (engine.MAX_PLAYERS - engine.MIN_PLAYERS + 1)
        preset = list(engine.PRESETS)[seed % len(engine.PRESETS)]
        rng = random.Random(seed)
        state = engine.new_game(NAMES[:n], seed=seed, variant=preset)
        yield from engine.opening_events(state)
        while not engine.is_over(state):
            for seat in engine.current_seats(state):
                state, events = engine.apply(state, rng.choice(engine.legal_actions(state, seat)))
                yield from events


@cache
def generated(game: str) -> tuple[str, ...]:
    """Every distinct French sentence the engine of ``game`` wrote in random games and in its
    worked examples, plus the outcome reasons."""
    engine = GAMES[game].engine()
    texts = {engine.describe(e) for e in random_events(game)}
    for example in rules.load(game).examples.values():
        texts.update(engine.describe(e) for e in engine.run_example(example.data).events)
    return tuple(sorted(texts))


@pytest.mark.parametrize("game", list(GAMES))
def test_every_event_description_follows_french_typography_and_grammar(game: str) -> None:
    problems = [p for text in generated(game) for p in violations(text)]
    assert not problems, "\n".join(problems[:20])


@pytest.mark.parametrize("game", list(GAMES))
def test_every_event_class_is_described(game: str) -> None:
    events = list(random_events(game, 3))
    engine = GAMES[game].engine()
    for kind in {type(e) for e in events}:
        assert engine.describe(next(e for e in events if type(e) is kind)).strip()


def notebook_prose() -> Iterator[tuple[str, str]]:
    for path in sorted((ROOT / "notebooks").glob("*.ipynb")):
        for cell in json.loads(path.read_text(encoding="utf-8"))["cells"]:
            if cell["cell_type"] == "markdown":
                yield path.name, "".join(cell["source"])


def test_notebook_prose_uses_french_typography() -> None:
    problems = []
    for name, text in notebook_prose():
        prose = re.sub(r"`[^`]*`|\]\([^)]*\)|https?://\S+", "", text)
        for pattern, why in GENERATED_RULES[2:3] + GENERATED_RULES[6:8]:
            if re.search(pattern, prose):
                problems.append(f"{name} : {why} : {prose[:120]!r}")
    assert not problems, "\n".join(problems[:20])


TYPOGRAPHY = tuple(rule for rule in GENERATED_RULES
                   if rule[1].startswith(("un nombre négatif", "apostrophe", "espace",
                                          "pas de valeur Python")))
_UNSHOWN = re.compile(r"<(code|pre|style|script)\b.*?</\1\s*>", re.S | re.I)


def shown_texts(widget: object) -> Iterator[str]:
    """What a learner reads on one widget: its HTML's text, its description, placeholder,
    tooltip and option labels."""
    import html

    import ipywidgets as w

    if isinstance(widget, w.HTML | w.HTMLMath):
        for part in re.split(r"<[^>]*>", _UNSHOWN.sub(" ", widget.value)):
            if part.strip():
                yield html.unescape(part).strip()
    elif isinstance(widget, w.Label):
        yield widget.value
    for name in ("description", "placeholder", "tooltip"):
        value = getattr(widget, name, None)
        if isinstance(value, str) and value:
            yield value
    yield from getattr(widget, "_options_labels", ())


@pytest.mark.parametrize("notebook", sorted(p.name for p in (ROOT / "notebooks").glob("*.ipynb")))
def test_every_page_widget_shows_french_typography(notebook: str) -> None:
    """Run the page's cells here (notebooks are thin) and read every widget they build."""
    from ipywidgets.widgets.widget import _instances

    before = set(_instances)
    scope: dict[str, object] = {"display": lambda *args, **kwargs: None}
    path = ROOT / "notebooks" / notebook
    for cell in json.loads(path.read_text(encoding="utf-8"))["cells"]:
        if cell["cell_type"] == "code":
            exec(compile("".join(cell["source"]), str(path), "exec"), scope)
    problems = {f"{why} : {text!r}" for key, widget in list(_instances.items())
                if key not in before for text in shown_texts(widget)
                for pattern, why in TYPOGRAPHY if re.search(pattern, text)}
    assert len(set(_instances) - before) > 3  # the page built its widgets
    assert not problems, "\n".join(sorted(problems)[:20])


@cache
def dictionary() -> object:
    enchant = pytest.importorskip("enchant", reason="pyenchant is in the test extra")
    try:
        return enchant.Dict("fr_FR")
    except enchant.errors.DictNotFoundError:  # pragma: no cover - make test installs it
        pytest.fail("Debian's French dictionary is missing: apt-get install hunspell-fr")


WORD = re.compile(r"[A-Za-zÀ-ÖØ-öø-ÿœŒ’'-]+")


def misspelt(text: str) -> set[str]:
    check = dictionary().check  # type: ignore[attr-defined]
    bad = set()
    text = re.sub(r"\{#[^}]*\}|`[^`]*`|\([^)]*/[^)]*\)|#\S+|[\w-]+\.(toml|md|ipynb|py)\b", " ",
                  text)
    for word in WORD.findall(text):
        word = word.strip("-’'")
        if len(word) < 2 or word in PROJECT_WORDS or word.lower() in PROJECT_WORDS:
            continue
        parts = re.split(r"(?<=’)|-", word)  # d’Anke, lui-même: check each part
        if not all(p in PROJECT_WORDS or check(p) or check(p.lower()) for p in parts if p):
            bad.add(word)
    return bad


@pytest.mark.parametrize("game", list(GAMES))
def test_generated_sentences_are_spelt_right(game: str) -> None:
    bad = set().union(*(misspelt(t) for t in generated(game)))
    assert not bad, sorted(bad)


@pytest.mark.parametrize("game", list(GAMES))
def test_rule_texts_are_spelt_right(game: str) -> None:
    book = rules.load(game)
    bad = set().union(*(misspelt(fr.typography(c.title + " " + c.text))
                        for c in book.clauses.values()))
    assert not bad, sorted(bad)


def test_notebook_prose_is_spelt_right() -> None:
    bad = set().union(*(misspelt(text) for _, text in notebook_prose()))
    assert not bad, sorted(bad)

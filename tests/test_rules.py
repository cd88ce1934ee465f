"""Rule files as executable documentation: parsing, examples, coverage, the check command."""

from __future__ import annotations

import random
import re
import subprocess
import sys
from pathlib import Path

import pytest

from tutor import rules
from tutor.__main__ import main
from tutor.engine.examples import ExampleError
from tutor.games import GAMES

from .conftest import RULE_FILES

BOOKS = {g: rules.load(g) for g in GAMES}


def test_every_registered_game_has_a_rule_file() -> None:
    """Each rule file in rules/ is a registered game's, and each registered game's rule file
    exists (the tests' own game keeps its file beside its code)."""
    assert {p.name for p in RULE_FILES} == {f"{g}.fr.md" for g, info in GAMES.items()
                                            if not info.package}
    assert all(rules.path_of(g).is_file() for g in GAMES)


@pytest.mark.parametrize(
    ("game", "example_id"), [(g, e) for g, b in BOOKS.items() for e in b.examples]
)
def test_worked_example_replays(game: str, example_id: str) -> None:
    example = BOOKS[game].examples[example_id]
    run = GAMES[game].engine().run_example(example.data)
    assert run.ok, run.mismatches
    assert run.events, "an example must show how the engine decides"
    for event in run.events:
        assert event.clause in BOOKS[game].clauses, event


@pytest.mark.parametrize("game", list(GAMES))
def test_every_rule_clause_is_exercised(game: str) -> None:
    """Rule coverage: each non-commentary clause is cited by an event or illustrated by an
    example (a commentary clause, such as advice, needs neither)."""
    book = BOOKS[game]
    engine = GAMES[game].engine()
    cited = {c.id for c in book.clauses.values() if c.examples}
    for example in book.examples.values():
        cited.update(e.clause for e in engine.run_example(example.data).events)
    rng = random.Random(0)
    for n in range(engine.MIN_PLAYERS, engine.MAX_PLAYERS + 1):
        for preset in engine.PRESETS:
            state = engine.new_game([f"J{i}" for i in range(n)], seed=rng.randrange(10**6),
                                    variant=preset)
            cited.update(e.clause for e in engine.opening_events(state))
            while not engine.is_over(state):
                for seat in engine.current_seats(state):
                    state, events = engine.apply(state, rng.choice(engine.legal_actions(state,
                                                                                          seat)))
                    cited.update(e.clause for e in events)
    missing = [c.id for c in book.clauses.values() if not c.commentary and c.id not in cited]
    assert missing == []


@pytest.mark.parametrize("game", list(GAMES))
def test_rule_books_follow_the_house_layout(game: str) -> None:
    book = BOOKS[game]
    assert book.title and book.game == game
    for clause in book.clauses.values():
        assert clause.id.startswith(game + "/") and clause.section in rules.SECTIONS
        assert clause.text, clause.id
        assert "  " not in clause.title
    sections = [c.section for c in book.clauses.values()]
    assert sections == sorted(sections, key=rules.SECTIONS.index), "sections in house order"


GOOD = """+++
game = "vautours"
title = "Essai"
+++

## Déroulement

### Un article {#vautours/un}

Du texte avec un [renvoi](#vautours/deux).

```toml exemple
id = "vautours/ex-un"
titre = "Un exemple"
type = "manche"
pile = [3]
cartes = { A = 1, B = 2 }
gagnant = "B"
```

### Un autre {#vautours/deux .commentaire}

Conseil.
"""


def test_parse_a_small_rule_file() -> None:
    book = rules.parse(GOOD, "essai.md")
    assert list(book.clauses) == ["vautours/un", "vautours/deux"]
    assert book.clauses["vautours/deux"].commentary
    assert book.clauses["vautours/un"].examples == ("vautours/ex-un",)
    assert book.examples["vautours/ex-un"].line == 12


@pytest.mark.parametrize(
    ("change", "line", "reason"),
    [
        (("{#vautours/deux .commentaire}", "{#vautours/un}"), 21, "identifiant en double"),
        (("[renvoi](#vautours/deux)", "[renvoi](#vautours/trois)"), 10, "article inconnu"),
        (("## Déroulement", "## Règles"), 6, "section inconnue"),
        (("### Un article {#vautours/un}", "### Un article"), 8, "sans identifiant"),
        (("{#vautours/un}", "{#drahtseilakt/un}"), 8, "doit commencer par « vautours/ »"),
        (("{#vautours/un}", "{#vautours/Un_Article}"), 8, "identifiant mal formé"),
        (("pile = [3]", "pile = [3"), 17, "exemple illisible"),
        (('titre = "Un exemple"\n', ""), 12, "doit avoir un « titre »"),
        (('id = "vautours/ex-un"', 'id = "vautours/un"'), 12, "en double"),
        (("game = \"vautours\"\n", ""), 1, "« game »"),
        (("+++\n\n## D", "\n## D"), 1, "jamais fermé"),
    ],
)
def test_malformed_rule_files_name_the_line_and_reason(
    change: tuple[str, str], line: int, reason: str
) -> None:
    assert change[0] in GOOD
    with pytest.raises(rules.RulesError) as e:
        rules.parse(GOOD.replace(change[0], change[1], 1), "essai.md")
    assert any(p.line == line and reason in p.reason for p in e.value.problems), e.value.problems
    assert str(e.value).startswith("essai.md:")


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (('type = "manche"', 'type = "tournoi"'), "type d’exemple inconnu"),
        (("gagnant = \"B\"", "vainqueur = \"B\""), "clé inconnue «\u202fvainqueur\u202f»"),
        (("cartes = { A = 1, B = 2 }", "cartes = { A = 1, B = 20 }"), "situation impossible"),
        (("pile = [3]", "pile = 3"), "pile doit être une liste"),
    ],
)
def test_malformed_examples_are_refused(change: tuple[str, str], message: str) -> None:
    book = rules.parse(GOOD.replace(*change), "essai.md")
    with pytest.raises(ExampleError, match=message.replace("(", r"\(").replace(")", r"\)")):
        GAMES["vautours"].engine().run_example(book.examples["vautours/ex-un"].data)


def test_check_command_passes_on_the_shipped_rules(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["check", *map(str, RULE_FILES)]) == 0
    out = capsys.readouterr().out
    for path in RULE_FILES:
        book = rules.read(path)
        assert f"{len(book.examples)}/{len(book.examples)} exemples vérifiés" in out


def test_check_command_reports_file_line_and_reason(tmp_path: Path) -> None:
    bad = tmp_path / "faux.fr.md"
    bad.write_text(GOOD.replace('gagnant = "B"', 'gagnant = "A"').replace("## Déroulement",
                                                                            "## Règles"))
    out = subprocess.run([sys.executable, "-m", "tutor", "check", str(bad)],
                         capture_output=True, text=True)
    assert out.returncode == 1
    assert f"ERREUR {bad}:6: section inconnue « Règles »" in out.stdout
    bad.write_text(GOOD.replace('gagnant = "B"', 'gagnant = "A"'))
    out = subprocess.run([sys.executable, "-m", "tutor", "check", str(bad)],
                         capture_output=True, text=True)
    assert out.returncode == 1
    assert f"ÉCHEC {bad}:12: exemple « vautours/ex-un » : manche gagnant : attendu 'A', " \
           "obtenu 'B'" in out.stdout
    assert "0/1 exemples vérifiés" in out.stdout


def test_unreadable_file_is_reported(tmp_path: Path) -> None:
    with pytest.raises(rules.RulesError, match="fichier illisible"):
        rules.read(tmp_path / "absent.fr.md")


def test_markdown_rendering_escapes_and_links() -> None:
    text = "Un **gras** et *italique* <b>, voir [ici](#vautours/egalite).\n\n- a\n- b"
    html = rules.to_html(text)
    assert "<strong>gras</strong>" in html and "<em>italique</em>" in html
    assert "&lt;b&gt;" in html and 'title="vautours/egalite"' in html
    assert "<ul><li>a</li><li>b</li></ul>" in html


def test_a_list_item_that_wraps_stays_one_item() -> None:
    markdown = "Deux possibilités :\n\n- l’échanger : elle prend\n  sa place ;\n- la jeter.\n\nFin."
    assert rules.to_html(markdown) == ("<p>Deux possibilités :</p><ul><li>l’échanger : elle "
                                       "prend sa place ;</li><li>la jeter.</li></ul><p>Fin.</p>")
    # a dash inside a paragraph is not a list
    assert rules.to_html("Un mot\n- un autre") == "<p>Un mot - un autre</p>"


TYPO_SAMPLE = """+++
game = "vautours"
title = "Essai : un titre"
+++
## Déroulement
### Une règle {#vautours/une}
Bien écrit\u202f: «\u202fsouris\u202f», l’apostrophe, une adresse https://exemple.fr/a:b.
Mal écrit : « souris », l'apostrophe.
**Lecture retenue :** une espace ordinaire avant un deux-points suivi d’un gras.

```toml exemple
id = "vautours/ex-essai"
titre = "Scénario : un titre ; mal écrit"
cartes = { Alex = 1, "Léo" = 2 }
```
"""


def test_typography_faults_are_found_in_prose_and_toml_strings_not_in_code() -> None:
    faults = rules.typography_faults(TYPO_SAMPLE)
    by_line: dict[int, list[str]] = {}
    for line, reason in faults:
        by_line.setdefault(line, []).append(reason)
    assert sorted(by_line) == [3, 8, 9, 13]
    assert any("deux-points" in r for r in by_line[3])
    assert [r.split()[0] for r in by_line[8]] == ["une", "guillemets", "apostrophe"]
    assert len(by_line[13]) == 2  # « : » and « ; » in the example's title, not its keys


def test_the_shipped_rule_and_summary_files_have_no_typography_fault() -> None:
    for path in sorted(RULE_FILES[0].parent.glob("*.md")):
        assert rules.typography_faults(path.read_text(encoding="utf-8")) == [], path


def test_check_command_reports_a_typography_fault_with_file_and_line(tmp_path: Path) -> None:
    bad = tmp_path / "vautours.fr.md"
    bad.write_text(RULE_FILES[0].parent.joinpath("vautours.fr.md").read_text(encoding="utf-8")
                   .replace("Quinze cartes Points sont en jeu\u202f:", "Quinze cartes Points "
                            "sont en jeu :"), encoding="utf-8")
    out = subprocess.run([sys.executable, "-m", "tutor", "check", str(bad)],
                         capture_output=True, text=True, check=False)
    assert out.returncode == 1
    assert re.search(r"vautours\.fr\.md:\d+: typographie : une espace ordinaire avant le "
                     "deux-points", out.stdout), out.stdout


def test_typography_of_a_toml_data_file_checks_its_strings_and_comments_only() -> None:
    text = ("# Un commentaire : mal écrit\n[[carte]]\nnom = \"l'as\"\nvaleur = 1\n"
            "note = \"bien écrit\u202f: «\u202fx\u202f»\"\n")
    assert [line for line, _ in rules.typography_faults(text, toml=True)] == [1, 3]

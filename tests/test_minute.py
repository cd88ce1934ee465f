"""« La règle en une minute »: the summary that ends each rule file (``rules/<game>.fr.md``, from
its heading ``# La règle en une minute`` on), its parser and check, and the panel each game page
shows under its banner."""

from __future__ import annotations

import importlib
import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from tutor import fr, minute, rules
from tutor.__main__ import main
from tutor.games import GAMES
from tutor.ui import html as h

from .conftest import ROOT, notebook_path

#: every registered game has a page, so a summary (the tests' own game too: its rule file is
#: beside its code)
PAGES = sorted(GAMES)
BOOK_TEXT = (ROOT / "rules" / "vautours.fr.md").read_text(encoding="utf-8")
#: the summary part of the Stupides Vautours rule file, from its heading to the end
GOOD = BOOK_TEXT[BOOK_TEXT.index(minute.HEADING):]
BOOK = rules.load("vautours")


def line_of(text: str, fragment: str) -> int:
    """The 1-based number of the first line of ``text`` containing ``fragment``."""
    return next(n for n, row in enumerate(text.splitlines(), 1) if fragment in row)


def test_every_rule_file_ends_with_its_summary_where_its_rules_end() -> None:
    """One file a game: the summary is the rule file's last part, and no clause runs into it."""
    assert not list(ROOT.glob("rules/*.minute.md")) and not list(ROOT.glob("tests/**/*.minute.md"))
    for game in PAGES:
        text = rules.path_of(game).read_text(encoding="utf-8")
        rows = text.splitlines()
        heading = rows.index(minute.HEADING)
        assert not any(r.startswith(("## ", "### ")) and r.lstrip("# ") in rules.SECTIONS
                       for r in rows[heading:]), game
        book = rules.load(game)
        assert max(c.line for c in book.clauses.values()) < heading + 1
        assert all(minute.HEADING not in c.text for c in book.clauses.values())
        assert minute.load(game).lines[0].line > heading + 1


@pytest.mark.parametrize("game", PAGES)
def test_each_summary_covers_the_five_themes_cites_default_clauses_and_fits_its_budget(
        game: str) -> None:
    summary = minute.load(game)
    book = rules.load(game)
    assert summary.game == game
    assert [theme for theme, lines in summary.by_theme() if lines] == list(minute.THEMES)
    for line in summary.lines:
        clause = book.clauses[line.clause]
        assert clause.section != "Variantes", line
        assert (line.text and line.text[0].isupper()) or line.text.startswith("…"), line
        assert line.text.endswith((".", "…")), line
        assert len(line.text) <= minute.MAX_LINE_CHARS, line
    assert len(summary.lines) <= minute.MAX_LINES
    assert summary.rows == sum(-(-len(x.text) // minute.ROW_CHARS) for x in summary.lines)
    assert summary.rows <= minute.MAX_ROWS
    # one clause a line: the links of the page never lead twice to the same place
    clauses = [line.clause for line in summary.lines]
    assert len(set(clauses)) == len(clauses)


def parse(text: str) -> minute.Minute:
    return minute.parse(text, "essai.fr.md", BOOK)


def problems(text: str) -> list[str]:
    with pytest.raises(rules.RulesError) as err:
        parse(text)
    return [str(p) for p in err.value.problems]


@pytest.mark.parametrize("game", PAGES)
def test_each_summary_says_what_a_first_game_at_a_real_table_needs(game: str) -> None:
    """The rule file lists, as data, what its summary must say for a first game (each row: a
    clause the summary cites and words its line contains); the shipped summary says all of it,
    and each row is needed: dropping the line it names is refused, naming the row."""
    book = rules.load(game)
    required = book.meta[minute.REQUIRED]
    rules_clauses = [c for c in book.clauses.values()
                     if c.section != "Variantes" and not c.commentary]
    assert len(required) >= min(minute.MIN_REQUIRED, len(rules_clauses))
    summary = minute.load(game)
    assert minute.missing(book, summary.lines) == []
    for clause, *words in required:
        kept = [x for x in summary.lines if x.clause != clause]
        reasons = minute.missing(book, kept)
        assert len(reasons) == 1 and f"« {clause} »" in reasons[0], clause
        for word in words:
            blurred = [x if x.clause != clause else
                       minute.Line(x.theme, re.sub(re.escape(word), "…", x.text, flags=re.I),
                                   x.clause, x.line)
                       for x in summary.lines]
            assert minute.missing(book, blurred), (clause, word)


def test_the_first_game_list_is_checked_with_the_summary() -> None:
    """What each game's list demands is part of the summary's check: the Stupides Vautours
    summary without its line on a pile of several cards is refused; a malformed or unknown row
    of the list is reported too."""
    pile = next(r for r in GOOD.splitlines() if "{#vautours/somme}" in r)
    found = problems(GOOD.replace(pile + "\n", ""))
    assert any("pour une première partie, le résumé doit citer « vautours/somme », avec "
               "« somme », « Suricate »" in p for p in found), found
    bad = rules.parse(BOOK_TEXT.replace('["vautours/somme", "somme", "Suricate"]',
                                        '["vautours/pile", "somme"], [3]'), "essai.fr.md")
    reasons = minute.missing(bad, parse(GOOD).lines)
    assert any("article inconnu « vautours/pile »" in r for r in reasons)
    assert any("ligne mal formée [3]" in r for r in reasons)
    # a list shorter than the rules it must cover is refused (twelve rows, or every clause of
    # the default rules of a smaller game)
    short = rules.parse(re.sub(r"premiere_partie = \[.*?\n\]", 'premiere_partie = [\n'
                               '  ["vautours/joueurs", "1 à 15"],\n]', BOOK_TEXT, flags=re.S),
                        "essai.fr.md")
    assert minute.missing(short, parse(GOOD).lines) == [
        "« premiere_partie » de essai.fr.md : 1 ligne, il en faut au moins 12"]


def test_the_shipped_text_parses_with_each_line_and_its_clause() -> None:
    summary = parse(GOOD)
    first = summary.lines[0]
    assert first.theme == "Le matériel" and first.clause == "vautours/joueurs"
    assert first.line == line_of(GOOD, "{#vautours/joueurs}")
    assert first.text.startswith("Chacun prend les quinze cartes") and "{" not in first.text


REVEAL = "- On retourne la carte Points du dessus de la pioche. {#vautours/revelation}"
LONG = "On retourne la carte Points du dessus de la pioche" + ", puis on attend" * 8 + "."


@pytest.mark.parametrize(("old", "new", "at", "reason"), [
    (REVEAL, REVEAL.replace("revelation", "retournement"), REVEAL[:20],
     "renvoi vers un article inconnu « vautours/retournement »"),
    (REVEAL, REVEAL.replace("{#vautours/revelation}", ""), REVEAL[:20],
     "la ligne doit finir par l’article qu’elle résume : « {#jeu/nom} »"),
    (REVEAL, REVEAL.replace("vautours/revelation", "Vautours/Révélation"), REVEAL[:20],
     "identifiant mal formé « Vautours/Révélation » (attendu : jeu/nom-en-minuscules)"),
    (REVEAL, REVEAL.replace("revelation", "variante-egalite-simple"), REVEAL[:20],
     "« vautours/variante-egalite-simple » est une variante : le résumé suit la règle par "
     "défaut"),
    (REVEAL, REVEAL.replace("On retourne", "On [retourne](#vautours/revelation)"), "- On [",
     "une ligne du résumé est du texte simple (ni lien, ni gras, ni balise)"),
    (REVEAL, REVEAL.replace("On retourne", "15 cartes : on retourne"), "- 15 cartes",
     "une ligne du résumé commence par une majuscule (« Un paquet de 32 cartes… », pas "
     "« 32 cartes… »)"),
    (REVEAL, REVEAL.replace("la pioche.", "la pioche"), REVEAL[:20],
     "une ligne du résumé finit par un point (ou « … »)"),
    (REVEAL, "On retourne la carte du dessus.", "On retourne",
     "texte hors d’une ligne du résumé : écrire « - Texte. {#jeu/nom} » sous un thème « ## »"),
    (REVEAL, REVEAL.replace("la pioche.", "la pioche" + ", puis on attend" * 8 + "."),
     REVEAL[:20], f"ligne de {len(LONG)} caractères : {minute.MAX_LINE_CHARS} au plus, pour "
     "tenir sur un écran de téléphone"),
    ("## Un tour", "## Un tour de jeu", "## Un tour",
     "thème inconnu « Un tour de jeu » (thèmes, dans l’ordre : Le matériel, Un tour, "
     "Qui prend quoi, La fin, Qui gagne)"),
    ("## La fin", "## Qui gagne", "## Qui gagne", "thème « Qui gagne » hors d’ordre : "
     "« La fin » vient avant"),
    (minute.HEADING, "# La règle en deux minutes", "{#vautours/departage}",  # the last line
     f"il manque le résumé : chaque jeu finit son fichier de règles par « {minute.HEADING} », "
     "ses cinq thèmes et leurs lignes"),
])
def test_a_malformed_summary_is_refused_with_file_line_and_reason(
        old: str, new: str, at: str, reason: str) -> None:
    assert old in GOOD
    text = GOOD.replace(old, new, 1)
    assert f"essai.fr.md:{line_of(text, at)}: {reason}" in problems(text)


def test_a_theme_without_lines_or_missing_is_refused() -> None:
    end = GOOD.index("## La fin")
    text = GOOD[:end] + "## La fin\n\n## Qui gagne\n" + GOOD[GOOD.index("## Qui gagne") + 13:]
    assert f"essai.fr.md:{line_of(text, '## La fin')}: le thème « La fin » n’a aucune " \
           "ligne" in problems(text)
    cut = GOOD[:end]
    found = problems(cut)
    last = len(cut.splitlines())
    assert f"essai.fr.md:{last}: il manque le thème « La fin »" in found
    assert f"essai.fr.md:{last}: il manque le thème « Qui gagne »" in found


def test_more_lines_than_one_screen_holds_is_refused_at_the_first_line_too_many() -> None:
    extra = "".join(f"- Une manche de plus, numéro {k}. {{#vautours/fin-de-manche}}\n"
                    for k in range(minute.MAX_LINES))
    text = GOOD.replace("## La fin\n", "## La fin\n\n" + extra, 1)
    found = problems(text)
    before = sum(1 for x in parse(GOOD).lines if x.theme in minute.THEMES[:3])
    first_too_many = line_of(text, f"numéro {minute.MAX_LINES - before}.")
    assert f"essai.fr.md:{first_too_many}: plus de {minute.MAX_LINES} lignes : le résumé " \
           "ne tiendrait plus sur un écran de téléphone" in found
    rows = sum(minute.screen_rows(x.text) for x in parse(GOOD).lines
               if x.theme in minute.THEMES[:3])
    first_over = None
    for k in range(minute.MAX_LINES):
        rows += minute.screen_rows(f"Une manche de plus, numéro {k}.")
        if rows > minute.MAX_ROWS:
            first_over = line_of(text, f"numéro {k}.")
            break
    assert [p for p in found if "dépasse" in p] == [
        f"essai.fr.md:{first_over}: à cette ligne, le résumé dépasse {minute.MAX_ROWS} "
        f"rangées d’écran (une rangée pour {minute.ROW_CHARS} caractères) : il ne tiendrait "
        "plus sur un écran de téléphone"]


def test_the_check_command_checks_the_summary_that_ends_each_rule_file(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    shipped = [str(rules.path_of(g)) for g in PAGES]
    assert main(["check", *shipped]) == 0
    out = capsys.readouterr().out
    for path in shipped:
        summary = minute.read(path)
        required = len(rules.read(path).meta[minute.REQUIRED])
        assert (f"{path} : résumé de {len(summary.lines)} lignes sur {minute.MAX_LINES}, "
                f"{summary.rows} rangées d’écran sur {minute.MAX_ROWS}, chaque article cité "
                f"existe, {required} points d’une première partie dits.") in out
    bad = tmp_path / "vautours.fr.md"
    text = BOOK_TEXT.replace("pioche. {#vautours/revelation}", "pioche. {#vautours/retournement}")
    assert text.count("vautours/retournement") == 1
    bad.write_text(text, "utf-8")
    run = subprocess.run([sys.executable, "-m", "tutor", "check", str(bad)], cwd=ROOT,
                         capture_output=True, text=True, timeout=120)
    assert run.returncode == 1
    assert (f"ERREUR {bad}:{line_of(text, 'vautours/retournement')}: renvoi vers un article "
            "inconnu « vautours/retournement »") in run.stdout
    cut = BOOK_TEXT[:BOOK_TEXT.index(minute.HEADING)]
    bad.write_text(cut, "utf-8")
    assert main(["check", str(bad)]) == 1
    assert (f"ERREUR {bad}:{len(cut.splitlines())}: il manque le résumé : chaque jeu finit son "
            f"fichier de règles par « {minute.HEADING} »") in capsys.readouterr().out


def test_a_missing_summary_stops_the_page_and_the_app_with_its_file(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from tutor.app import preflight

    for path in (ROOT / "rules").iterdir():
        (tmp_path / path.name).write_bytes(path.read_bytes())
    text = (ROOT / "rules" / "vampir.fr.md").read_text(encoding="utf-8")
    cut = text[:text.index(minute.HEADING)]
    (tmp_path / "vampir.fr.md").write_text(cut, encoding="utf-8")
    monkeypatch.setenv("TUTOR_RULES_DIR", str(tmp_path))
    rules.load.cache_clear()
    minute.load.cache_clear()
    try:
        with pytest.raises(rules.RulesError, match="il manque le résumé"):
            minute.load("vampir")
        assert f"{tmp_path / 'vampir.fr.md'}:{len(cut.splitlines())}: il manque le résumé : " \
               f"chaque jeu finit son fichier de règles par « {minute.HEADING} », ses cinq " \
               "thèmes et leurs lignes" in preflight()
    finally:
        monkeypatch.delenv("TUTOR_RULES_DIR")
        rules.load.cache_clear()
        minute.load.cache_clear()


@pytest.mark.parametrize("game", PAGES)
def test_the_page_shows_the_summary_under_its_banner_each_line_a_link_to_its_clause(
        game: str) -> None:
    page = importlib.import_module(GAMES[game].page_module)
    panel = page.minute()
    summary = minute.load(game)
    markup = panel.value
    links = re.findall(r'<a class="tv-minute-line" href="#([^"]+)" title="([^"]+)">([^<]+)</a>',
                       markup)
    assert len(links) == len(summary.lines)
    for (target, title, text), line in zip(links, summary.lines, strict=True):
        clause = rules.load(game).clause(line.clause)
        assert target == h.anchor(line.clause)
        # the link leads to the clause's panel, the one place with that id on the page
        assert f'id="{target}"' in page.clause(line.clause).body
        assert title == f"Article {fr.quote(clause.title)}"  # « L’annonce “Vaiko” »
        assert text == h.esc(line.text)
    assert "« " not in markup and " :" not in markup  # French spacing, narrow and no-break
    for theme in minute.THEMES:
        assert f'<div class="tv-minute-label">{theme}</div>' in markup
    assert markup.startswith('<div class="tv-root"><section class="tv-panel tv-minute" ')
    assert f'<div class="tv-title">{minute.TITLE}</div>' in markup
    # the notebook shows it under the banner (and the one-line question box), before any clause
    nb = json.loads(notebook_path(game).read_text(encoding="utf-8"))
    code = ["".join(c["source"]) for c in nb["cells"] if c["cell_type"] == "code"]
    imported = re.search(r"^from (\S+) import (\w+) as (\w+)$", code[0], re.M)
    assert imported and ".".join(imported.group(1, 2)) == GAMES[game].page_module, code[0]
    alias = imported.group(3)
    top = code.index(f"{alias}.header()")
    assert code[top + 1].endswith(f'question_box("{game}")')
    assert code[top + 2] == f"{alias}.minute()"


@pytest.mark.parametrize("game", PAGES)
def test_each_summary_is_spelt_right(game: str) -> None:
    from .test_french import misspelt

    summary = minute.load(game)
    bad = set().union(*(misspelt(fr.typography(x.text)) for x in summary.lines))
    assert not bad, sorted(bad)

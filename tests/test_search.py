"""« Une question ? »: real questions as players ask them find their clause in the first three."""

from __future__ import annotations

from pathlib import Path

import pytest

from tutor import rules, search

# (the game page the player has open, the question as typed at the table, the clause expected)
QUESTIONS: list[tuple[str, str, str]] = [
    # Stupides Vautours
    ("vautours", "on a joue la meme carte tous les 2 ca fait quoi", "vautours/egalite"),
    ("vautours", "si deux joueurs mettent le 14 en meme temps", "vautours/egalite"),
    ("vautours", "personne prend la carte, elle va ou", "vautours/sans-attribution"),
    ("vautours", "les cartes negatives c qui qui les prend", "vautours/vautour"),
    ("vautours", "carte positive a la plus forte ?", "vautours/suricate"),
    ("vautours", "egalite de points a la fin qui gagne", "vautours/departage"),
    ("vautours", "on peut regarder les cartes gagnees ?", "vautours/gain"),
    ("vautours", "+3 et -3 sur la pile ca vaut zero", "vautours/somme"),
    ("vautours", "derniere manche personne gagne la carte", "vautours/derniere-manche"),
    ("vautours", "on peut reprendre sa carte apres l'avoir posee", "vautours/choix"),
    ("vautours", "a 3 joueurs on enleve des series ?", "vautours/joueurs"),
    ("vautours", "quelles valeurs ont les cartes points", "vautours/cartes-points"),
    # Drahtseilakt
    ("drahtseilakt", "qui distribue a la manche suivante ?", "drahtseilakt/manches"),
    ("drahtseilakt", "combien de cartes chacun au debut", "drahtseilakt/donne"),
    ("drahtseilakt", "qui prend les batons bleus", "drahtseilakt/bleus"),
    ("drahtseilakt", "batonnets rouges a qui", "drahtseilakt/rouges"),
    ("drahtseilakt", "je joue un 0 il se passe quoi", "drahtseilakt/zero"),
    ("drahtseilakt", "deux zeros de suite", "drahtseilakt/double-zero"),
    ("drahtseilakt", "quand est ce qu'on rend les paires", "drahtseilakt/paires"),
    ("drahtseilakt", "y a plus de batonnets dans la reserve", "drahtseilakt/reserve-epuisee"),
    ("drahtseilakt", "manche sans aucun baton on efface ?", "drahtseilakt/manche-propre"),
    ("drahtseilakt", "qui gagne a la fin drahtseilakt", "drahtseilakt/vainqueur"),
    ("drahtseilakt", "deux cartes pareilles pour la plus forte", "drahtseilakt/cartes"),
    ("drahtseilakt", "qui commence le pli", "drahtseilakt/entame"),
    # Vampir
    ("vampir", "le joker vaut combien de tetes", "vampir/jokers"),
    ("vampir", "quelle couleur pour le chateau", "vampir/lieux"),
    ("vampir", "on pioche combien de cartes par tour", "vampir/piocher"),
    ("vampir", "je peux prendre les cartes sous un lieu ?", "vampir/recuperer"),
    ("vampir", "c'est quoi une chasse", "vampir/chasse"),
    ("vampir", "plus de cartes dans la pioche fin de partie", "vampir/fin-pioche"),
    ("vampir", "celui qui a le moins de tetes dans une couleur", "vampir/decompte-par-couleur"),
    ("vampir", "egalite pour le moins de tetes", "vampir/egalite-des-plus-faibles"),
    ("vampir", "j'ai pas de carte d'une couleur au decompte", "vampir/couleur-absente"),
    ("vampir", "qui commence la manche d'apres", "vampir/premier-joueur"),
    ("vampir", "limite de cartes en main ?", "vampir/distribution"),
    ("vampir", "combien de manches on joue", "vampir/trois-manches"),
    ("vampir", "on voit les cartes posees sous les lieux ?", "vampir/poser"),
    # Vaiko
    ("vaiko", "on joue dans quel sens ?", "vaiko/sens"),
    ("vaiko", "je peux prendre la carte de la defausse", "vaiko/pioche"),
    ("vaiko", "quand on dit vaiko ca se passe comment", "vaiko/annonce"),
    ("vaiko", "carte vision elle fait quoi", "vaiko/vision"),
    ("vaiko", "la carte x2 je rejoue ?", "vaiko/x2"),
    ("vaiko", "jeter la meme carte que celle de la defausse", "vaiko/defausse-immediate"),
    ("vaiko", "je me suis trompe en defaussant", "vaiko/erreur"),
    ("vaiko", "l'annonceur a le plus petit score il gagne quoi", "vaiko/bonus"),
    ("vaiko", "si l'annonceur a pas le plus petit score", "vaiko/malus"),
    ("vaiko", "a combien de points on perd", "vaiko/fin"),
    ("vaiko", "plus de cartes dans la pioche vaiko", "vaiko/pioche-epuisee"),
    ("vaiko", "combien de cartes dans le paquet", "vaiko/paquet"),
    ("vaiko", "on regarde les cartes echangees ?", "vaiko/echange"),
    ("vaiko", "je peux regarder mes cartes", "vaiko/ne-pas-regarder"),
    # another game's page open: the answer is still found
    ("index", "vampir joker deux tetes", "vampir/jokers"),
    ("vautours", "vaiko qui commence", "vaiko/sens"),
]


# Questions the ranking does not yet answer in the first three (found, lower): the test fails
# if one of them starts to pass (remove it from here) or if any other question misses.
KNOWN_MISSES = {
    "les cartes negatives c qui qui les prend",
    "on pioche combien de cartes par tour",
}


def _top3(question: str, page: str) -> list[str]:
    game = page if page in search.GAMES else None
    return [r.doc.clause for r in search.index().search(question, limit=3, game=game)]


def test_questions_cover_every_game() -> None:
    assert {c.split("/")[0] for _, _, c in QUESTIONS} == set(search.GAMES)
    assert len(QUESTIONS) >= 40
    for _, _, clause in QUESTIONS:
        assert rules.clause_exists(clause), clause


def test_question_list_score() -> None:
    """Every question finds its clause in the first three results; the score is printed."""
    misses = [(q, c, _top3(q, p)) for p, q, c in QUESTIONS if c not in _top3(q, p)]
    print(f"\n« Une question ? » : {len(QUESTIONS) - len(misses)}/{len(QUESTIONS)} "
          "questions trouvent leur article dans les trois premiers résultats")
    assert {q for q, _, _ in misses} == KNOWN_MISSES, misses


def test_folding_elision_and_plurals() -> None:
    assert search.tokens("L’Égalité") == search.tokens("egalites")
    assert search.tokens("qu’on distribue") == search.tokens("distribuer")


def test_highlight_escapes() -> None:
    keys = set(search.tokens("carte"))
    out = search.highlight("<b> Cartes & co", keys)
    assert out == "&lt;b&gt; <mark>Cartes</mark> &amp; co"


def test_results_carry_links_and_example() -> None:
    (first, *_) = search.index().search("joker deux tetes", game="vampir")
    assert first.doc.clause.startswith("vampir/")
    assert "<mark>" in first.title_html + first.text_html
    with_example = [r for r in search.index().search("egalite 14", game="vautours")
                    if r.doc.example]
    assert with_example and with_example[0].doc.example in rules.load("vautours").examples


def test_index_check_is_clean() -> None:
    assert search.check(search.index()) == []


@pytest.mark.parametrize("body, line, reason", [
    ("[[groupe]]\nmots = [\"pile\"]\n", 1, "au moins deux"),
    ("[[groupe]]\nmots = [\"pile\", \"tas\"]\n\n[[groupe]]\nmot = [\"a\"]\n", 4, "clé « mots »"),
    ("[[groupe]]\nmots = [\"pile\", \"le\"]\n", 1, "mot vide"),
    ("[[groupe]\n", 1, "TOML invalide"),
])
def test_malformed_synonyms_rejected(tmp_path: Path, body: str, line: int, reason: str) -> None:
    f = tmp_path / "synonymes.toml"
    f.write_text(body, encoding="utf-8")
    with pytest.raises(search.SynonymError) as err:
        search.read_synonyms(f)
    assert err.value.line == line and reason in err.value.reason and str(f) in str(err.value)


def test_synonym_to_no_word_is_reported(tmp_path: Path) -> None:
    f = tmp_path / "synonymes.toml"
    f.write_text("[[groupe]]\nmots = [\"zigouigoui\", \"trucmuche\"]\n", encoding="utf-8")
    idx = search.build([rules.load("vaiko")], f)
    assert any("« zigouigou »" in p for p in search.check(idx))


def test_tutor_check_reports_malformed_synonyms(tmp_path: Path,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    from tutor.__main__ import main

    f = tmp_path / search.SYNONYMS_FILE
    f.write_text("[[groupe]]\nmots = [\"pile\"]\n", encoding="utf-8")
    assert main(["check", str(f)]) == 1
    assert f"{f}, ligne 1 : « mots » doit être une liste" in capsys.readouterr().out
    f.write_text("[[groupe]]\nmots = [\"pile\", \"tas\"]\n", encoding="utf-8")
    assert main(["check", str(f)]) == 0


def test_question_box_lists_links_as_typed() -> None:
    from tutor.ui.question import LABEL, question_box, results_html

    box = question_box("vampir")
    text, out = box.children
    assert text.description == LABEL and text.continuous_update
    text.value = "le joker vaut combien de tetes"
    assert '<ol class="tv-question-results">' in out.value
    assert 'href="#regle-vampir-jokers"' in out.value and "<mark>" in out.value
    assert 'href="vaiko.ipynb#regle-vaiko-sens"' in results_html("vaiko qui commence", "vampir")
    assert "<script>" not in results_html("<script>joker", None)
    text.value = ""
    assert "<li" not in out.value

"""« Une question ? »: real questions as players ask them find their clause in the first three."""

from __future__ import annotations

from pathlib import Path

import pytest

from tutor import fr, rules, search

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


# Every point a booklet leaves open (« Ce que la règle ne dit pas »), asked as a player would:
# (page open, question, clause, the point's place among its clause's open points). The result
# shown for the clause must be that reading (the question and the answer the tutor retains).
OPEN_POINTS: list[tuple[str, str, str, int]] = [
    # Stupides Vautours
    ("vautours", "les souris ca va de +1 a +10 ?", "vautours/cartes-points", 0),
    ("vautours", "dans ma boite c'est des souris et des tours pas des suricates",
     "vautours/cartes-points", 1),
    ("vautours", "on peut y jouer a deux ? minimum de joueurs", "vautours/joueurs", 0),
    ("vautours", "on retourne la carte points avant ou apres avoir choisi",
     "vautours/revelation", 0),
    ("vautours", "qui joue en premier ?", "vautours/choix", 0),
    ("vautours", "si la deuxieme carte est aussi a egalite on continue d'annuler ?",
     "vautours/egalite", 0),
    ("vautours", "trois joueurs posent le meme chiffre", "vautours/egalite", 1),
    ("vautours", "egalite : la carte arrivee en deuxieme lieu c'est celle posee apres ?",
     "vautours/egalite", 2),
    ("vautours", "leo depose une carte de points de sa main ?? je croyais qu'on jouait ses cartes",
     "vautours/main", 0),
    ("vautours", "deux manches de suite sans gagnant la pile grossit ?",
     "vautours/sans-attribution", 0),
    ("vautours", "la pile fait pile zero c'est un vautour ou une souris", "vautours/somme", 0),
    ("vautours", "je peux regarder mes cartes gagnees face cachee", "vautours/gain", 0),
    ("vautours", "on peut feuilleter les cartes deja jouees", "vautours/fin-de-manche", 0),
    ("vautours", "au dernier tour personne ne gagne la carte elle va a qui",
     "vautours/derniere-manche", 0),
    ("vautours", "ex aequo a la fin on regarde le 2e meilleur score ou les souris",
     "vautours/departage", 0),
    ("vautours", "egalite de points mais pas pour la premiere place", "vautours/departage", 1),
    ("vautours", "variante souris ca departage toujours ?",
     "vautours/variante-departage-souris", 0),
    ("vautours", "les images du livret souris c'est la meme partie qui continue ?",
     "vautours/somme", 1),
    ("vautours", "le deuxieme meilleur score est lui aussi a egalite", "vautours/departage", 2),
    # Drahtseilakt
    ("drahtseilakt", "deux fois la meme carte plus forte", "drahtseilakt/cartes", 0),
    ("drahtseilakt", "la pioche de cartes score peut etre vide ?", "drahtseilakt/cartes-score", 0),
    ("drahtseilakt", "on voit les batonnets qui restent dans la reserve ?",
     "drahtseilakt/batonnets", 0),
    ("drahtseilakt", "drahtseilakt se joue a combien", "drahtseilakt/joueurs", 0),
    ("drahtseilakt", "qui donne en premier", "drahtseilakt/manches", 0),
    ("drahtseilakt", "on remelange toutes les cartes a chaque manche ?", "drahtseilakt/donne", 0),
    ("drahtseilakt", "qui entame a la manche d'apres", "drahtseilakt/entame", 0),
    ("drahtseilakt", "deux 0 sortis a des plis differents", "drahtseilakt/zero", 0),
    ("drahtseilakt", "les deux zeros defausses on les voit encore ?",
     "drahtseilakt/double-zero", 0),
    ("drahtseilakt", "on rend les paires tout de suite ou au decompte",
     "drahtseilakt/paires", 0),
    ("drahtseilakt", "il manque des batons dans la reserve", "drahtseilakt/reserve-epuisee", 0),
    ("drahtseilakt", "on donne les bleus ou les rouges en premier",
     "drahtseilakt/reserve-epuisee", 1),
    ("drahtseilakt", "on a le droit de se souvenir des cartes defaussees",
     "drahtseilakt/fin-de-pli", 0),
    ("drahtseilakt", "est ce qu'on est oblige d'effacer son score", "drahtseilakt/manche-propre",
     0),
    ("drahtseilakt", "ex aequo pour le plus petit total", "drahtseilakt/vainqueur", 0),
    ("drahtseilakt", "j'ai eu des batonnets mais rendu toutes mes paires, manche sans batonnet ?",
     "drahtseilakt/manche-propre", 1),
    ("drahtseilakt", "variante tactique a 4 joueurs quelles cartes on prend",
     "drahtseilakt/variante-tactique", 0),
    ("drahtseilakt", "en chaotique on retourne la carte score quand",
     "drahtseilakt/variante-chaotique", 0),
    # Vampir
    ("vampir", "le cimetiere c'est quelle couleur", "vampir/lieux", 0),
    ("vampir", "un joker ca compte pour une tete ou plus", "vampir/jokers", 0),
    ("vampir", "vampir on peut jouer a deux ?", "vampir/joueurs", 0),
    ("vampir", "y a un maximum de cartes dans la main ?", "vampir/distribution", 0),
    ("vampir", "qui commence la deuxieme manche", "vampir/premier-joueur", 0),
    ("vampir", "je peux poser deux chasses dans le meme tour", "vampir/tour", 0),
    ("vampir", "je garde les deux cartes tirees ?", "vampir/piocher", 0),
    ("vampir", "les cartes sous les lieux sont face cachee ?", "vampir/poser", 0),
    ("vampir", "les jokers sous le lieu je les prends aussi ? et un lieu vide",
     "vampir/recuperer", 0),
    ("vampir", "je recupere un lieu mais je peux pas faire de chasse avec",
     "vampir/recuperer", 1),
    ("vampir", "la premiere chasse on la defausse ou", "vampir/chasse-exposee", 0),
    ("vampir", "il reste une seule carte a piocher", "vampir/fin-pioche", 0),
    ("vampir", "le moins de vampires c'est en cartes ou en tetes", "vampir/decompte-par-couleur",
     0),
    ("vampir", "au decompte on compte les cartes posees sous les lieux aussi ?",
     "vampir/decompte-par-couleur", 1),
    ("vampir", "deux joueurs a egalite a la fin, qui gagne ?", "vampir/vainqueur", 0),
    ("vampir", "les deux cartes piochees je dois les montrer ?", "vampir/piocher", 1),
    ("vampir", "je peux rajouter une carte a ma chasse dans le meme tour",
     "vampir/chasse-exposee", 1),
    ("vampir", "poser des cartes de la meme couleur ca veut dire sous le lieu ?",
     "vampir/chasse-exposee", 2),
    ("vampir", "entre deux manches on remet tout en place ?", "vampir/trois-manches", 0),
    # Vaiko
    ("vaiko", "combien d'exemplaires de chaque carte", "vaiko/paquet", 0),
    ("vaiko", "deux cartes sont pareilles quand ?", "vaiko/paquet", 1),
    ("vaiko", "la carte speciale marche si je la sors de ma main ?", "vaiko/cartes-speciales", 0),
    ("vaiko", "vaiko jusqu'a combien de joueurs", "vaiko/joueurs", 0),
    ("vaiko", "la premiere carte retournee sur la defausse elle compte ?", "vaiko/donne", 0),
    ("vaiko", "qui commence la manche suivante", "vaiko/sens", 0),
    ("vaiko", "on peut piocher la carte visible de la defausse", "vaiko/pioche", 0),
    ("vaiko", "si j'echange je peux regarder mes cartes apres", "vaiko/ne-pas-regarder", 0),
    ("vaiko", "la pioche est vide on fait quoi", "vaiko/pioche-epuisee", 0),
    ("vaiko", "deux joueurs ont la meme carte qui jette en premier", "vaiko/defausse-immediate",
     0),
    ("vaiko", "je peux jeter plusieurs cartes sur la meme defausse", "vaiko/defausse-immediate",
     1),
    ("vaiko", "une vision jetee en defausse immediate ca fait son effet ?",
     "vaiko/defausse-immediate", 2),
    ("vaiko", "je me suis trompe je peux retenter", "vaiko/erreur", 0),
    ("vaiko", "la carte de penalite je peux la regarder", "vaiko/erreur", 1),
    ("vaiko", "apres un x2 c'est un nouveau tour ?", "vaiko/x2", 0),
    ("vaiko", "je pioche une vision et je la jette direct je regarde quand meme ?",
     "vaiko/vision", 0),
    ("vaiko", "l'echange se fait face cachee ?", "vaiko/echange", 0),
    ("vaiko", "apres l'annonce les autres jouent encore une fois ?", "vaiko/annonce", 0),
    ("vaiko", "on peut dire vaiko des le premier tour", "vaiko/annonce", 1),
    ("vaiko", "main vide mais quelqu'un avait annonce avant", "vaiko/fin-main-vide", 0),
    ("vaiko", "le plus petit score c'est celui de la manche ou le total", "vaiko/bonus", 0),
    ("vaiko", "l'annonceur est ex aequo avec un autre joueur", "vaiko/bonus", 1),
    ("vaiko", "deux joueurs depassent 70 dans la meme manche", "vaiko/fin", 0),
    ("vaiko", "egalite pour le plus petit total vaiko", "vaiko/fin", 1),
    ("vaiko", "je peux changer l'ordre de mes cartes", "vaiko/donne", 1),
    ("vaiko", "on peut jeter un x2 sur un autre x2 ?", "vaiko/x2", 2),
    ("vaiko", "je jette un x2 et la pioche est vide, je rejoue quand meme ?", "vaiko/x2", 1),
    ("vaiko", "avec l'echange qui choisit la carte de l'autre joueur", "vaiko/echange", 1),
    ("vaiko", "on dit vaiko avant ou apres la defausse immediate", "vaiko/annonce", 2),
]

def _top3(question: str, page: str) -> list[str]:
    game = page if page in search.GAMES else None
    return [r.doc.clause for r in search.index().search(question, limit=3, game=game)]


def test_questions_name_listed_games_only() -> None:
    """The questions ask about listed games, on their own pages or the Accueil. A listed game
    without questions here is still checked, by its own clauses' titles and readings
    (:func:`test_index_check_is_clean`)."""
    assert {c.split("/")[0] for _, _, c in QUESTIONS} <= set(search.GAMES)
    assert {p for p, _, _ in QUESTIONS} <= {"index", *search.GAMES}  # "index": the Accueil
    assert len(QUESTIONS) >= 40
    for _, _, clause in QUESTIONS:
        assert rules.clause_exists(clause), clause


def test_question_list_score() -> None:
    """Every question finds its clause in the first three results; the score is printed."""
    misses = [(q, c, _top3(q, p)) for p, q, c in QUESTIONS if c not in _top3(q, p)]
    print(f"\n« Une question ? » : {len(QUESTIONS) - len(misses)}/{len(QUESTIONS)} "
          "questions trouvent leur article dans les trois premiers résultats")
    assert misses == []


def _readings_shown(question: str, page: str, clause: str) -> set[int] | None:
    """The open points of ``clause`` its result shows for ``question`` (None: not in the top
    three)."""
    for r in search.index().search(question, limit=3, game=page):
        if r.doc.clause == clause:
            return {d.point for d in (r.doc, *r.readings) if d.section == "lecture"}
    return None


def test_every_open_point_has_a_question() -> None:
    """Of every listed game asked about here: a game with no open-point question is checked by
    each reading's own first sentence (:func:`test_index_check_is_clean`)."""
    asked = {(c, n) for _, _, c, n in OPEN_POINTS}
    games = {c.split("/")[0] for c, _ in asked}
    assert games <= set(search.GAMES)
    points = [(p.clause.id, n) for g in sorted(games)
              for p, n in _numbered(rules.open_points(rules.load(g)))]
    assert sorted(asked) == sorted(points)
    assert len({q for _, q, _, _ in OPEN_POINTS}) == len(OPEN_POINTS)


def _numbered(points: tuple[rules.OpenPoint, ...]) -> list[tuple[rules.OpenPoint, int]]:
    seen: dict[str, int] = {}
    out = []
    for p in points:
        out.append((p, seen.get(p.clause.id, 0)))
        seen[p.clause.id] = seen.get(p.clause.id, 0) + 1
    return out


def test_open_point_questions_show_the_reading_retained() -> None:
    """Each open point's question finds its clause in the first three, showing that reading."""
    misses = [(q, c, n, _readings_shown(q, p, c)) for p, q, c, n in OPEN_POINTS
              if n not in (_readings_shown(q, p, c) or set())]
    print(f"\n« Une question ? » : {len(OPEN_POINTS) - len(misses)}/{len(OPEN_POINTS)} "
          "points ouverts trouvés avec la lecture retenue dans les trois premiers résultats")
    assert misses == []


def test_a_reading_shows_the_answer_retained() -> None:
    (first, *_) = search.index().search("je garde les deux cartes tirees ?", game="vampir")
    reading = next(d for d in (first.doc, *first.readings) if d.section == "lecture")
    assert reading.label == "Ambiguïté" and "Lecture retenue : oui" in reading.display
    assert reading.display.startswith("Après avoir pioché, peut-on garder les deux cartes")


def test_french_forms_share_a_key() -> None:
    for a, b in [("dernière", "dernier"), ("posée", "posé"), ("gagnées", "gagner"),
                 ("premières", "premier"), ("cachée", "caché")]:
        assert search.tokens(a) == search.tokens(b), (a, b)


def test_every_example_linked_is_on_its_page() -> None:
    """« Voir l’exemple pas à pas » leads to an example the game's page shows."""
    import json

    from tutor.games import GAMES

    root = Path(__file__).resolve().parents[1] / "notebooks"
    for game in search.GAMES:
        cells = json.loads((root / GAMES[game].notebook).read_text(encoding="utf-8"))["cells"]
        code = "".join("".join(c["source"]) for c in cells if c["cell_type"] == "code")
        linked = {d.example for d in search.index().docs if d.game == game and d.example}
        assert linked and {e for e in linked if f'"{e}"' not in code} == set()


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
    from tutor.ui.question import LABEL, question_box

    box = question_box("vampir")
    text, status, out = box.children
    assert text.description == LABEL and text.continuous_update
    assert "tv-live" in status._dom_classes
    text.value = "le joker vaut combien de tetes"
    assert '<ol class="tv-question-results">' in out.value
    assert fr.typography("6 résultats ; le premier : Les jokers Somewhere (Vampir)") in status.value
    assert 'href="#regle-vampir-jokers"' in out.value and "<mark>" in out.value
    assert 'href="#exemple-vampir-ex-' in out.value and "Voir l’exemple pas à pas" in out.value
    assert "Ce que la règle ne dit pas" in out.value and "Ambiguïté" in out.value
    text.value = "vaiko qui commence"
    assert 'href="vaiko.ipynb#regle-vaiko-sens"' in out.value
    accueil = question_box(None)
    accueil.children[0].value = "<script>joker"
    assert "<script>" not in accueil.children[1].value + accueil.children[2].value
    text.value = "zzzz"
    assert "Aucun article" in status.value and "<li" not in out.value
    text.value = ""
    assert "<li" not in out.value and status.value == '<div class="tv-root"></div>'


def test_a_clause_no_question_reaches_is_reported(tmp_path: Path) -> None:
    book = rules.parse("""+++
game = "vautours"
title = "Essai"
+++
## Déroulement
### Une règle de pile {#vautours/une}
La pile va au plus fort.
### Et de la {#vautours/vide}
Et de la.
""")
    problems = [p for p in search.check(search.build([book])) if p.startswith("article")]
    assert problems == ["article vautours/vide : aucune question ne le trouve, "
                        "pas même son titre « Et de la »"]


def test_a_worked_example_carries_its_anchor() -> None:
    """« Voir l’exemple pas à pas » lands on the example's steps, which hold its anchor once in
    the page (the example's placeholder, shown until its table is built)."""
    from tutor.ui import html as h
    from tutor.ui.vampir.explorers import stepper

    for example_id in rules.load("vampir").examples:
        shown = stepper(example_id)._repr_html_()
        assert shown.count(f'id="{h.example_anchor(example_id)}"') == 1, example_id

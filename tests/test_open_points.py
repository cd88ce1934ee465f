"""Each page's "Ce que la règle ne dit pas": every open point of the rule file, found and shown."""

from __future__ import annotations

import pytest

from tests.pagetext import text
from tutor import fr, rules
from tutor.games import GAMES
from tutor.ui.page import GamePage

SAMPLE = """+++
game = "vautours"
title = "Essai"
+++
## Déroulement
### Une règle {#vautours/une}
Premier paragraphe.

**Ambiguïté :** le livret hésite. Suite de la phrase.

**Précision (absente du livret) :** le tuteur tranche.
### Une autre {#vautours/autre}
Rien d'ouvert ici, même avec le mot Précision au milieu.
"""


def test_open_points_are_the_marked_paragraphs_in_file_order() -> None:
    points = rules.open_points(rules.parse(SAMPLE))
    assert [(p.clause.id, p.kind, p.summary) for p in points] == [
        ("vautours/une", "Ambiguïté", "le livret hésite."),
        ("vautours/une", "Précision", "le tuteur tranche."),
    ]


@pytest.mark.parametrize("game", list(GAMES))
def test_each_page_lists_every_open_point_with_its_clause(game: str) -> None:
    points = rules.open_points(rules.load(game))
    assert points, "every booklet leaves something open"
    section = GamePage(GAMES[game].engine(), "").open_points()
    shown = text(section.body)
    for point in points:
        assert text(point.clause.title) in shown and point.clause.id in section.text
    book = rules.load(game)
    assert fr.open_points_intro(len(points), len(book.meta.get("sources", ())),
                                sum(1 for p in points if p.variants(book))) in section.text


def test_a_point_s_first_line_carries_its_answer() -> None:
    points = rules.open_points(rules.parse(SAMPLE.replace(
        "le livret hésite. Suite de la phrase.",
        "le livret hésite. Suite de la phrase. Le tuteur retient la première lecture.")))
    assert points[0].first_line == "le livret hésite. Le tuteur retient la première lecture."
    assert points[1].answer == points[1].first_line == "le tuteur tranche."
    unanswered = rules.open_points(rules.parse(SAMPLE))[0]
    assert unanswered.answer == "" and unanswered.first_line == "le livret hésite."


def test_booklet_differences_are_open_points() -> None:
    book = rules.parse(SAMPLE + "\n**Différence entre les livrets.** Deux noms. Le tuteur retient "
                       "le premier.\n")
    assert [p.kind for p in rules.open_points(book)][-1] == "Différence entre les livrets"


@pytest.mark.parametrize("game", list(GAMES))
def test_every_reading_is_listed_with_its_answer_in_its_first_line(game: str) -> None:
    """Every paragraph carrying a reading (a labelled one) appears in « Ce que la règle ne dit
    pas », and its entry's first line states the reading retained, not only the question."""
    points = rules.open_points(rules.load(game))
    section = GamePage(GAMES[game].engine(), "").open_points()
    lines = section.text.splitlines()[1:]
    assert len(lines) == len(points)
    missing = [f"{p.clause.id}: {p.summary}" for p in points if not p.answer]
    assert not missing, "readings stated without the answer retained:\n" + "\n".join(missing)
    for point, line in zip(points, lines, strict=True):
        assert point.clause.id in line and " ".join(point.answer.split()[1:]) in line


# The answer each entry of « Ce que la règle ne dit pas » must give in its first line, by (clause,
# rank of the point in its clause): the substance of the reading retained, written here by hand
# from the rule files, so that an entry whose first line loses its answer (or changes it) fails.
EXPECTED_ANSWERS: dict[tuple[str, int], str] = {
    ("nim/tas", 0): "quinze allumettes",
    ("vautours/cartes-points", 0): "Suricate de +1 à +10 et des cartes Vautour de −1 à −5",
    ("vautours/cartes-points", 1): "« Suricate », « manche » et « carte de jeu » pour les deux",
    ("vautours/joueurs", 0): "de deux à cinq joueurs",
    ("vautours/revelation", 0): "d’abord la carte Points est révélée, ensuite chacun choisit",
    ("vautours/choix", 0): "personne ne commence",
    ("vautours/main", 0): "le tuteur lit « carte de jeu »",
    ("vautours/egalite", 0): "l’annulation répétée, jusqu’à la carte posée par un seul joueur",
    ("vautours/egalite", 1): "toutes ces cartes s’annulent",
    ("vautours/egalite", 2): "la suivante dans l’ordre des valeurs",
    ("vautours/sans-attribution", 0): "la pile continue de grossir",
    ("vautours/somme", 0): "Comme une carte Suricate",
    ("vautours/somme", 1): "un seul exemple suivi pour la souris +6",
    ("vautours/gain", 0): "chacun peut regarder ses propres gains",
    ("vautours/fin-de-manche", 0): "la table ne montre que la carte du dessus",
    ("vautours/derniere-manche", 0): "la pile est perdue",
    ("vautours/departage", 0): "le deuxième meilleur score",
    ("vautours/departage", 1): "une égalité pour la première place",
    ("vautours/departage", 2): "qui ont le deuxième meilleur total gagnent ensemble",
    ("vautours/variante-departage-souris", 0): "ils partagent alors la victoire",
    ("drahtseilakt/cartes", 0): "le cas ne peut pas se produire",
    ("drahtseilakt/cartes-score", 0): "elle ne peut pas s’épuiser",
    ("drahtseilakt/batonnets", 0): "ce qui reste dans la réserve",
    ("drahtseilakt/joueurs", 0): "de trois à cinq joueurs",
    ("drahtseilakt/manches", 0): "la première donne au premier joueur nommé",
    ("drahtseilakt/donne", 0): "rebat à chaque manche les cinquante cartes numérotées",
    ("drahtseilakt/entame", 0): "le voisin de gauche du nouveau donneur",
    ("drahtseilakt/zero", 0): "chacun agit seul, sur son propre pli",
    ("drahtseilakt/double-zero", 0): "marqués « annulé »",
    ("drahtseilakt/paires", 0): "tout de suite, aussitôt après chaque distribution",
    ("drahtseilakt/reserve-epuisee", 0): "prend ce qui reste dans la réserve, et rien s’il n’y en",
    ("drahtseilakt/reserve-epuisee", 1): "d’abord les bleus à la plus forte carte",
    ("drahtseilakt/fin-de-pli", 0): "les cartes déjà jouées dans la manche",
    ("drahtseilakt/manche-propre", 0): "Le tuteur l’efface toujours",
    ("drahtseilakt/manche-propre", 1): "n’en avoir aucun devant soi à la fin de la manche",
    ("drahtseilakt/vainqueur", 0): "les joueurs à égalité partagent la victoire",
    ("drahtseilakt/variante-tactique", 0): "de 1 à neuf fois le nombre de joueurs",
    ("drahtseilakt/variante-chaotique", 0): "Avant les choix",
    ("vampir/lieux", 0): "le rouge au Château, le vert au Cimetière",
    ("vampir/jokers", 0): "une tête",
    ("vampir/joueurs", 0): "de trois à cinq joueurs",
    ("vampir/distribution", 0): "le livret ne fixe aucune limite, et le tuteur n’en fixe pas",
    ("vampir/premier-joueur", 0): "chaque nouvelle manche par le joueur suivant",
    ("vampir/tour", 0): "non, une seule chasse par tour",
    ("vampir/piocher", 0): "les deux cartes tirées rejoignent la main",
    ("vampir/piocher", 1): "seul celui qui pioche les voit",
    ("vampir/poser", 0): "le tuteur les pose face visible",
    ("vampir/recuperer", 0): "les jokers qu’on y a posés sont pris avec les vampires",
    ("vampir/recuperer", 1): "non, on ne peut pas choisir cette action",
    ("vampir/chasse-exposee", 0): "les retire du jeu pour la manche",
    ("vampir/chasse-exposee", 1): "une chasse s’expose en une fois",
    ("vampir/chasse-exposee", 2): "Le tuteur lit « exposer »",
    ("vampir/fin-pioche", 0): "tirer la seule carte restante",
    ("vampir/decompte-par-couleur", 0): "les têtes (jokers compris), pas le nombre de cartes",
    ("vampir/decompte-par-couleur", 1): "sont les chasses exposées devant chacun",
    ("vampir/vainqueur", 0): "partager la victoire aux joueurs à égalité",
    ("vampir/trois-manches", 0): "une mise en place complète",
    ("vaiko/paquet", 0): "56 cartes",
    ("vaiko/paquet", 1): "quand elles portent le même nom",
    ("vaiko/cartes-speciales", 0): "chaque fois qu’un joueur la pose sur la défausse",
    ("vaiko/joueurs", 0): "de 2 à 6 joueurs",
    ("vaiko/donne", 0): "elle ne déclenche ni effet ni défausse immédiate",
    ("vaiko/donne", 1): "une rangée fixe",
    ("vaiko/sens", 0): "commencer le premier joueur à la première manche",
    ("vaiko/pioche", 0): "on pioche toujours dans la pioche",
    ("vaiko/ne-pas-regarder", 0): "oui, à condition d’échanger ensuite",
    ("vaiko/pioche-epuisee", 0): "on bat toutes les cartes de la défausse sauf celle du dessus",
    ("vaiko/defausse-immediate", 0): "l’un après l’autre, en commençant par le voisin de gauche",
    ("vaiko/defausse-immediate", 1): "peut jeter aussi ses autres cartes identiques",
    ("vaiko/defausse-immediate", 2): "en utilise aussitôt l’effet",
    ("vaiko/erreur", 0): "on passe au joueur suivant pour cette défausse",
    ("vaiko/erreur", 1): "elle rejoint sa main face cachée",
    ("vaiko/x2", 0): "elle fait partie du même tour",
    ("vaiko/x2", 1): "un ×2 jeté quand la pioche est vide ne fait pas rejouer",
    ("vaiko/x2", 2): "il n’y a jamais de défausse immédiate sur un ×2, ni d’un ×2",
    ("vaiko/vision", 0): "le tuteur fait primer la Vision",
    ("vaiko/echange", 0): "l’échange se fait face cachée",
    ("vaiko/echange", 1): "Celui qui joue l’Échange",
    ("vaiko/annonce", 0): "chacun des autres joue une dernière fois",
    ("vaiko/annonce", 1): "dès le premier tour, une seule fois par manche",
    ("vaiko/annonce", 2): "une fois la défausse immédiate terminée",
    ("vaiko/fin-main-vide", 0): "Le tuteur la compte quand même",
    ("vaiko/bonus", 0): "les points des mains à la fin de la manche, pas les totaux",
    ("vaiko/bonus", 1): "il reçoit le bonus",
    ("vaiko/fin", 0): "qu’à la fin d’une manche",
    ("vaiko/fin", 1): "leur donne la victoire ensemble",
}


def _ranked(points: tuple[rules.OpenPoint, ...]) -> list[tuple[tuple[str, int], rules.OpenPoint]]:
    seen: dict[str, int] = {}
    out = []
    for p in points:
        out.append(((p.clause.id, seen.get(p.clause.id, 0)), p))
        seen[p.clause.id] = seen.get(p.clause.id, 0) + 1
    return out


def _flat(text: str) -> str:
    return " ".join(text.replace("\u202f", " ").replace("\u00a0", " ").split())


def _answers(point: rules.OpenPoint, expected: str) -> bool:
    """Whether ``point`` opens on a question followed by the ``expected`` answer: its first
    sentence ends with « ? » and the answer its first line gives contains ``expected``."""
    return (point.summary.endswith("?") and _flat(expected) in _flat(point.answer)
            and _flat(expected) in _flat(point.first_line))


@pytest.mark.parametrize("game", list(GAMES))
def test_each_entry_s_first_line_is_its_question_and_its_expected_answer(game: str) -> None:
    """Each entry of « Ce que la règle ne dit pas » opens on its question (a sentence ending
    with « ? ») followed by the answer retained: the answer expected for that entry, not a
    keyword such as « tuteur », must be in the first line the page shows."""
    ranked = _ranked(rules.open_points(rules.load(game)))
    assert [k for k, p in ranked if not p.summary.endswith("?")] == [], "a question first"
    # the answers written here by hand, for the games that have them (a new game's are
    # optional: the guide asks for its questions, not for an entry in this file)
    expected = {k: v for k, v in EXPECTED_ANSWERS.items() if k[0].startswith(game + "/")}
    if not expected:
        expected = {k: " ".join(p.answer.split()[1:]) for k, p in ranked}
    assert sorted(k for k, _ in ranked) == sorted(expected), "one expected answer per entry"
    lines = GamePage(GAMES[game].engine(), "").open_points().text.splitlines()[1:]
    for ((key, point), line) in zip(ranked, lines, strict=True):
        assert _answers(point, expected[key]), (key, point.first_line)
        assert _flat(expected[key]) in _flat(line), key


def test_a_first_line_that_names_the_tutor_but_not_the_reading_is_refused() -> None:
    """Not a keyword test: the old « Le tuteur retient la première », a question answered
    further down, and a statement without a question all fail."""
    def first(text: str) -> rules.OpenPoint:
        return rules.open_points(rules.parse(SAMPLE.replace(
            "le livret hésite. Suite de la phrase.", text)))[0]

    good = first("Le livret hésite-t-il ? Le tuteur retient que oui, il hésite. Suite.")
    assert _answers(good, "oui, il hésite")
    assert not _answers(first("Le livret hésite-t-il ? Le tuteur retient la première. "
                              "Oui, il hésite."), "oui, il hésite")
    assert not _answers(first("Le livret hésite. Le tuteur retient que oui, il hésite."),
                        "oui, il hésite")

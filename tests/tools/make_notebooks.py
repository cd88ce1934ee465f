"""Write the tutor's notebooks from their outline (run by `make notebooks`).

The notebooks are thin: French prose in Markdown cells and one-line code cells calling
``tutor.ui``. Cells marked ``# NBVAL_CHECK_OUTPUT`` show worked examples as text: their outputs
are stored (by ``store_outputs.py``) and compared by nbval on every test run.
"""

from __future__ import annotations

import sys
from pathlib import Path

import nbformat
from nbformat.v4 import new_code_cell, new_markdown_cell, new_notebook

ROOT = Path(__file__).resolve().parents[2]
CHECK = "# NBVAL_CHECK_OUTPUT\n"


def notebook(cells: list[tuple[str, str]]) -> nbformat.NotebookNode:
    nb = new_notebook()
    nb.metadata["kernelspec"] = {"display_name": "Python 3", "language": "python",
                                 "name": "python3"}
    nb.metadata["language_info"] = {"name": "python"}
    for kind, text in cells:
        nb.cells.append(new_markdown_cell(text) if kind == "md" else new_code_cell(text))
    for k, cell in enumerate(nb.cells):
        cell["id"] = f"c{k:02d}"
    return nb


INDEX = [
    ("code", "from tutor.ui import home, style\n\nstyle()"),
    ("code", "home.hero()"),
    ("md", "Choisissez un jeu. Chaque page reprend sa règle article par article, avec des "
           "exemples, un bac à sable, une partie contre l'ordinateur et des exercices."),
    ("code", "home.game_cards()"),
    ("code", "home.how_to()"),
]

VAUTOURS = [
    ("code", "from tutor.ui import vautours as sv\n\nsv.style()"),
    ("code", "sv.header()"),
    ("md", "Cette page suit la règle de **Stupides Vautours** dans l'ordre. Chaque article "
           "est suivi d'un essai : changez les cartes, le moteur du tuteur applique la règle et "
           "explique chaque étape en citant l'article qui la justifie."),
    ("code", 'sv.clause("vautours/but")'),
    ("md", "## Matériel"),
    ("code", 'sv.clauses("vautours/cartes-de-jeu", "vautours/cartes-points")'),
    ("code", "sv.material()"),
    ("md", "## Mise en place"),
    ("code", 'sv.clauses("vautours/joueurs", "vautours/pioche")'),
    ("md", "## Déroulement d'une manche\n\nOn révèle une carte Points, chacun choisit une carte "
           "en secret, puis tout le monde la révèle en même temps."),
    ("code", 'sv.clauses("vautours/revelation", "vautours/choix", "vautours/main", '
             '"vautours/devoilement")'),
    ("code", CHECK + 'sv.example("vautours/ex-premiere-carte")'),
    ("md", "Une carte ne sert qu'une fois : le moteur refuse de la rejouer, et dit pourquoi."),
    ("code", CHECK + 'sv.example("vautours/ex-carte-deja-jouee")'),
    ("md", "## À qui va la carte ?"),
    ("code", 'sv.clauses("vautours/suricate", "vautours/vautour")'),
    ("code", CHECK + 'sv.example("vautours/ex-suricate-leo")'),
    ("code", CHECK + 'sv.example("vautours/ex-vautour-alex")'),
    ("md", "## Égalités"),
    ("code", 'sv.clause("vautours/egalite")'),
    ("md", "### L'exemple du livret, pas à pas\n\nAlex et Dario posent chacun un 14, Carla un 12 "
           "et Léo un 10 ; la carte en jeu est une souris +7. Avancez avec « Suivant »."),
    ("code", 'sv.example_explainer("vautours/ex-egalite-livret")'),
    ("code", CHECK + 'sv.example("vautours/ex-egalite-livret")'),
    ("md", "### À vous : l'explorateur d'égalités\n\nChoisissez le nombre de joueurs, la carte "
           "de chacun et les cartes Points de la pile. Le moteur écarte les égalités une à une "
           "et désigne le gagnant. Comparez les deux lectures de la règle."),
    ("code", "sv.tie_explorer()"),
    ("md", "Les deux lectures ne diffèrent qu'après deux égalités successives :"),
    ("code", CHECK + 'sv.example("vautours/ex-egalite-double")'),
    ("code", CHECK + 'sv.example("vautours/ex-egalite-double-simple")'),
    ("md", "## Cartes en attente"),
    ("code", 'sv.clauses("vautours/sans-attribution", "vautours/somme", "vautours/gain", '
             '"vautours/fin-de-manche")'),
    ("md", "### L'exemple du livret : une pile de +3\n\nPremière manche : que des égalités, la "
           "souris +5 reste au centre. Deuxième manche : le vautour −2 la rejoint ; la pile vaut "
           "+3 et se joue comme une souris."),
    ("code", 'sv.example_explainer("vautours/ex-report-plus-3")'),
    ("code", CHECK + 'sv.example("vautours/ex-report-plus-3")'),
    ("code", CHECK + 'sv.example("vautours/ex-somme-nulle")'),
    ("md", "## Dernière manche"),
    ("code", 'sv.clause("vautours/derniere-manche")'),
    ("code", CHECK + 'sv.example("vautours/ex-derniere-perdue")'),
    ("code", CHECK + 'sv.example("vautours/ex-derniere-partagee")'),
    ("md", "## Fin de partie et départage"),
    ("code", 'sv.clauses("vautours/fin", "vautours/decompte", "vautours/vainqueur", '
             '"vautours/departage", "vautours/variante-departage-souris")'),
    ("md", "Les deux livrets départagent différemment une égalité en tête. Modifiez les cartes "
           "gagnées et comparez les deux règles côte à côte."),
    ("code", "sv.tiebreak_compare()"),
    ("code", CHECK + 'sv.example("vautours/ex-departage-second")'),
    ("code", CHECK + 'sv.example("vautours/ex-departage-souris")'),
    ("md", "## Les lectures de la règle\n\nChaque passage ambigu des livrets devient un réglage, "
           "avec une lecture par défaut et l'autre à portée de clic."),
    ("code", "sv.readings()"),
    ("code", 'sv.clauses("vautours/variante-egalite-simple", '
             '"vautours/variante-pile-partagee")'),
    ("md", "## Bac à sable\n\nJouez toutes les places : choisissez la carte de chaque joueur, "
           "révélez, puis remontez le temps avec le curseur « Étape »."),
    ("code", "sv.sandbox()"),
    ("md", "## Partie contre l'ordinateur\n\nChoisissez vos adversaires et leur niveau, puis "
           "cliquez sur une carte de votre main. La vue du professeur montre tout, y compris la "
           "pioche à venir."),
    ("code", 'sv.clause("vautours/memoire")'),
    ("code", "sv.play_vs_computer()"),
    ("md", "## Exercices : qui remporte la pile ?"),
    ("code", "sv.exercises()"),
]

NOTEBOOKS = {"index.ipynb": INDEX, "stupides-vautours.ipynb": VAUTOURS}


def main() -> int:
    for name, cells in NOTEBOOKS.items():
        path = ROOT / "notebooks" / name
        nbformat.write(notebook(cells), path)
        print(f"écrit {path.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

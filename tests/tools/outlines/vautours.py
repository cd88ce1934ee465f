"""Outline of notebooks/stupides-vautours.ipynb (French prose, one-line cells)."""

CHECK = "# NBVAL_CHECK_OUTPUT\n"
NOTEBOOK = "stupides-vautours.ipynb"
TITLE = "Stupides Vautours"

CELLS = [
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

"""Outline of notebooks/vampir.ipynb (French prose, one-line cells)."""

CHECK = "# NBVAL_CHECK_OUTPUT\n"
NOTEBOOK = "vampir.ipynb"
TITLE = "Vampir"

CELLS = [
    ("code", "from tutor.ui import vampir as vp\n\nvp.style()"),
    ("code", "vp.header()"),
    ("md", "Cette page suit la règle de **Vampir** dans l'ordre. Chaque article est suivi d'un "
           "essai : composez une chasse, comptez les points d'une fin de manche, jouez ; le "
           "moteur du tuteur applique la règle et cite l'article qui justifie chaque étape."),
    ("code", 'vp.clause("vampir/but")'),
    ("md", "## Matériel"),
    ("code", 'vp.clauses("vampir/lieux", "vampir/cartes-vampire", "vampir/jokers")'),
    ("code", "vp.material()"),
    ("md", "## Mise en place"),
    ("code", 'vp.clauses("vampir/joueurs", "vampir/mise-en-place", "vampir/distribution", '
             '"vampir/premier-joueur")'),
    ("md", "## Le tour de jeu\n\nÀ son tour, on choisit l'une des deux actions : piocher deux "
           "cartes, ou récupérer les cartes d'un lieu."),
    ("code", 'vp.clauses("vampir/tour", "vampir/piocher", "vampir/poser")'),
    ("code", CHECK + 'vp.example("vampir/ex-piocher-puis-poser")'),
    ("md", "Le moteur refuse un vampire posé sous le mauvais lieu, et dit pourquoi :"),
    ("code", CHECK + 'vp.example("vampir/ex-mauvais-lieu")'),
    ("code", 'vp.clause("vampir/recuperer")'),
    ("code", CHECK + 'vp.example("vampir/ex-recuperer-taverne")'),
    ("code", CHECK + 'vp.example("vampir/ex-recuperer-sans-chasse")'),
    ("md", "## Les chasses"),
    ("code", 'vp.clauses("vampir/chasse", "vampir/chasse-exposee")'),
    ("md", "### À vous : composez une chasse\n\nAjoutez des cartes une à une : le moteur dit "
           "aussitôt si elles forment une chasse, et pourquoi. Essayez trois jokers seuls, deux "
           "couleurs mélangées, ou seulement deux cartes."),
    ("code", "vp.hunt_builder()"),
    ("code", CHECK + 'vp.example("vampir/ex-chasse-que-des-jokers")'),
    ("code", CHECK + 'vp.example("vampir/ex-chasse-melangee")'),
    ("md", "Une nouvelle chasse d'une couleur remplace l'ancienne, qui quitte le jeu :"),
    ("code", CHECK + 'vp.example("vampir/ex-nouvelle-chasse")'),
    ("md", "## Fin de manche"),
    ("code", 'vp.clauses("vampir/fin-pioche", "vampir/fin-six-couleurs", '
             '"vampir/defausse-des-mains")'),
    ("code", CHECK + 'vp.example("vampir/ex-six-couleurs")'),
    ("md", "## Le décompte, couleur par couleur"),
    ("code", 'vp.clauses("vampir/decompte-par-couleur", "vampir/egalite-des-plus-faibles", '
             '"vampir/couleur-absente", "vampir/points")'),
    ("code", CHECK + 'vp.example("vampir/ex-egalite-minimum")'),
    ("code", CHECK + 'vp.example("vampir/ex-couleur-absente")'),
    ("md", "### L'exemple du livret allemand, pas à pas\n\nLe livret donne seulement le résultat "
           "(Anke 28, Bernd 27, Chris 20, Doro 19) ; le tuteur a construit des chasses qui le "
           "reproduisent. Avancez avec « Suivant »."),
    ("code", 'vp.example_explainer("vampir/ex-livret-allemand")'),
    ("md", "### À vous : l'explorateur de décompte\n\nChoisissez le nombre de têtes de chaque "
           "joueur dans chaque couleur (« — aucune » : pas de chasse). Le tableau montre qui "
           "garde ✓ et qui défausse ✗, avec la règle appliquée."),
    ("code", "vp.scoring_explorer()"),
    ("md", "## Vainqueur et manches"),
    ("code", 'vp.clauses("vampir/vainqueur", "vampir/trois-manches")'),
    ("md", "## Les lectures de la règle\n\nChaque question que le texte laisse ouverte devient "
           "un réglage, avec une lecture par défaut et l'autre à portée de clic."),
    ("code", "vp.readings()"),
    ("code", 'vp.clauses("vampir/variante-pioche-litterale", '
             '"vampir/variante-recuperation-libre", "vampir/variante-chasse-unique")'),
    ("code", 'vp.clauses("vampir/variante-joker-deux-tetes", "vampir/variante-manche-unique")'),
    ("code", CHECK + 'vp.example("vampir/ex-joker-deux-tetes")'),
    ("md", "## Bac à sable\n\nJouez toutes les places, toutes les cartes visibles : le moteur "
           "ne propose que les actions permises. Remontez le temps avec le curseur « Étape »."),
    ("code", "vp.sandbox()"),
    ("md", "## Partie contre l'ordinateur\n\nChoisissez vos adversaires, leur niveau et la "
           "règle, puis jouez : les boutons et les listes ne montrent que les actions permises. "
           "Le journal cite l'article de chaque étape ; le décompte de chaque manche s'affiche "
           "sous la table."),
    ("code", "vp.play_vs_computer()"),
    ("md", "## Exercices : combien de points ?"),
    ("code", "vp.exercises()"),
]

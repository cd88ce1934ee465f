"""Outline of notebooks/vaiko.ipynb (French prose, one-line cells)."""

CHECK = "# NBVAL_CHECK_OUTPUT\n"
NOTEBOOK = "vaiko.ipynb"
TITLE = "Vaiko"

CELLS = [
    ("code", "from tutor.ui import vaiko as vk\n\nvk.style()"),
    ("code", "vk.header()"),
    ("md", "Cette page suit la règle de **Vaiko** dans l'ordre du jeu (le livret imprime ses "
           "sections dans le désordre). Chaque article est suivi d'un essai : le moteur du "
           "tuteur applique la règle et explique chaque étape en citant l'article qui la "
           "justifie."),
    ("code", 'vk.clauses("vaiko/but", "vaiko/memoire")'),
    ("md", "## Matériel\n\nLe livret ne donne pas la composition du paquet. Le tuteur en "
           "suppose une, lue dans un fichier de données : **c'est une hypothèse, pas la règle "
           "officielle**."),
    ("code", 'vk.clauses("vaiko/paquet", "vaiko/cartes-speciales")'),
    ("code", "vk.deck_panel()"),
    ("code", CHECK + 'vk.example("vaiko/ex-speciale-gardee")'),
    ("md", "## Mise en place"),
    ("code", 'vk.clauses("vaiko/joueurs", "vaiko/donne", "vaiko/premier-regard", "vaiko/sens")'),
    ("code", CHECK + 'vk.example("vaiko/ex-regard-depart")'),
    ("md", "### Exercice de mémoire : où est le 2 ?\n\nQuatre cartes sont montrées, puis "
           "retournées ; une fois sur deux, une carte Échange en déplace deux. Retrouvez le 2."),
    ("code", "vk.memory_exercise()"),
    ("md", "## Un tour de jeu\n\nOn pioche, on regarde la carte en secret, puis on l'échange "
           "avec une de ses cartes ou on la jette."),
    ("code", 'vk.clauses("vaiko/pioche", "vaiko/echange-ou-defausse", "vaiko/ne-pas-regarder")'),
    ("code", 'vk.example_explainer("vaiko/ex-echange")'),
    ("code", CHECK + 'vk.example("vaiko/ex-echange")'),
    ("code", CHECK + 'vk.example("vaiko/ex-pas-regarder")'),
    ("code", 'vk.clause("vaiko/pioche-epuisee")'),
    ("md", "## La défausse immédiate"),
    ("code", 'vk.clauses("vaiko/defausse-immediate", "vaiko/erreur")'),
    ("md", "### À vous : l'explorateur de défausse immédiate\n\nVous êtes Carla. Alex vient de "
           "jeter un 6. Essayez la bonne carte, puis « Recommencer » et essayez une mauvaise : "
           "le moteur explique ce qui se passe."),
    ("code", "vk.match_explorer()"),
    ("code", CHECK + 'vk.example("vaiko/ex-defausse-reussie")'),
    ("code", CHECK + 'vk.example("vaiko/ex-defausse-ratee")'),
    ("code", CHECK + 'vk.example("vaiko/ex-x2-pas-de-defausse-immediate")'),
    ("md", "## Les cartes spéciales\n\nChaque carte spéciale agit quand on la jette sur la "
           "défausse. Avancez pas à pas : la table montre toutes les cartes (vue du professeur)."),
    ("code", 'vk.clause("vaiko/x2")'),
    ("code", 'vk.example_explainer("vaiko/ex-x2")'),
    ("code", CHECK + 'vk.example("vaiko/ex-x2")'),
    ("code", 'vk.clause("vaiko/vision")'),
    ("code", 'vk.example_explainer("vaiko/ex-vision")'),
    ("code", CHECK + 'vk.example("vaiko/ex-vision")'),
    ("code", 'vk.clause("vaiko/echange")'),
    ("code", 'vk.example_explainer("vaiko/ex-echange-avec-carla")'),
    ("code", CHECK + 'vk.example("vaiko/ex-echange-avec-carla")'),
    ("code", CHECK + 'vk.example("vaiko/ex-echange-entre-autres")'),
    ("md", "## L'annonce « Vaiko » et la fin de manche"),
    ("code", 'vk.clauses("vaiko/annonce", "vaiko/fin-main-vide", "vaiko/fin-annonce")'),
    ("code", 'vk.example_explainer("vaiko/ex-annonce")'),
    ("code", CHECK + 'vk.example("vaiko/ex-annonce")'),
    ("code", CHECK + 'vk.example("vaiko/ex-main-vide")'),
    ("md", "## Le décompte"),
    ("code", 'vk.clauses("vaiko/decompte", "vaiko/bonus", "vaiko/malus")'),
    ("code", CHECK + 'vk.example("vaiko/ex-bonus")'),
    ("code", CHECK + 'vk.example("vaiko/ex-malus")'),
    ("md", "Changez les points et l'annonceur : le tuteur compte la manche selon les deux "
           "lectures de l'égalité."),
    ("code", "vk.call_calculator()"),
    ("md", "## Fin de partie"),
    ("code", 'vk.clauses("vaiko/total", "vaiko/fin")'),
    ("code", CHECK + 'vk.example("vaiko/ex-fin")'),
    ("code", CHECK + 'vk.example("vaiko/ex-fin-en-jeu")'),
    ("md", "## Les lectures de la règle\n\nChaque passage flou du livret devient un réglage, "
           "avec une lecture par défaut et l'autre à portée de clic."),
    ("code", "vk.readings()"),
    ("code", 'vk.clauses("vaiko/variante-defausse", "vaiko/variante-regard", '
             '"vaiko/variante-effet-immediat")'),
    ("code", 'vk.clauses("vaiko/variante-egalite-stricte", "vaiko/variante-tour-de-table")'),
    ("code", CHECK + 'vk.example("vaiko/ex-egalite-stricte")'),
    ("md", "## Partie contre l'ordinateur\n\nChoisissez vos adversaires et leur niveau, puis "
           "jouez avec les boutons. Vous ne voyez que les cartes que vous connaissez ; la vue "
           "du professeur montre tout. Le journal cite l'article de chaque étape."),
    ("code", "vk.play_vs_computer()"),
    ("md", "## Exercices : combien marque l'annonceur ?"),
    ("code", "vk.exercises()"),
]

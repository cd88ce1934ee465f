"""Outline of notebooks/drahtseilakt.ipynb (French prose, one-line cells)."""

CHECK = "# NBVAL_CHECK_OUTPUT\n"
NOTEBOOK = "drahtseilakt.ipynb"
TITLE = "Drahtseilakt"

CELLS = [
    ("code", "from tutor.ui import drahtseilakt as dz\n\ndz.style()"),
    ("code", "dz.header()"),
    ("md", "Cette page suit la règle de **Drahtseilakt** dans l'ordre. Chaque article est suivi "
           "d'un essai : le moteur du tuteur applique la règle et explique chaque étape en citant "
           "l'article qui la justifie. Les bâtonnets bleus portent ▲ (ils vont à la plus forte "
           "carte), les rouges ▼ (à la plus faible) : la couleur n'est jamais le seul repère."),
    ("code", 'dz.clause("drahtseilakt/but")'),
    ("md", "## Matériel"),
    ("code", 'dz.clauses("drahtseilakt/cartes", "drahtseilakt/cartes-score", '
             '"drahtseilakt/batonnets")'),
    ("code", "dz.material()"),
    ("md", "## Mise en place"),
    ("code", 'dz.clauses("drahtseilakt/joueurs", "drahtseilakt/manches", "drahtseilakt/donne")'),
    ("code", CHECK + 'dz.example("drahtseilakt/ex-donne-trois")'),
    ("md", "## Un pli\n\nCelui qui entame retourne une carte score, puis chacun pose une carte, "
           "face visible, à son tour."),
    ("code", 'dz.clauses("drahtseilakt/entame", "drahtseilakt/revelation", "drahtseilakt/jouer", '
             '"drahtseilakt/main")'),
    ("md", "Le moteur refuse de jouer hors de son tour ou une carte qu'on n'a pas, et dit "
           "pourquoi :"),
    ("code", CHECK + 'dz.example("drahtseilakt/ex-hors-tour")'),
    ("code", CHECK + 'dz.example("drahtseilakt/ex-pas-en-main")'),
    ("md", "## Qui prend les bâtonnets ?"),
    ("code", 'dz.clauses("drahtseilakt/bleus", "drahtseilakt/rouges")'),
    ("md", "### L'exemple de la règle, pas à pas\n\nLa carte score vaut 3 ; on pose 28, 36 et 7. "
           "Avancez avec « Suivant »."),
    ("code", 'dz.example_explainer("drahtseilakt/ex-pli-livret")'),
    ("code", CHECK + 'dz.example("drahtseilakt/ex-pli-livret")'),
    ("code", 'dz.clause("drahtseilakt/fin-de-pli")'),
    ("code", CHECK + 'dz.example("drahtseilakt/ex-entame-suivante")'),
    ("md", "## Les cartes 0"),
    ("code", 'dz.clauses("drahtseilakt/zero", "drahtseilakt/double-zero")'),
    ("code", 'dz.example_explainer("drahtseilakt/ex-zero-bleu")'),
    ("code", CHECK + 'dz.example("drahtseilakt/ex-zero-bleu")'),
    ("code", CHECK + 'dz.example("drahtseilakt/ex-double-zero")'),
    ("md", "### À vous : l'explorateur de cartes 0\n\nEmpilez les cartes score dans l'ordre de "
           "votre choix (la première cliquée est sur le dessus). Le tuteur les retourne pli par "
           "pli : essayez de poser les deux 0 l'un après l'autre, ou un 0 tout en bas."),
    ("code", "dz.chain_explorer()"),
    ("md", "## Rendre les paires"),
    ("code", 'dz.clause("drahtseilakt/paires")'),
    ("md", "Réglez le nombre de bâtonnets de chaque couleur : les paires rendues sont barrées, "
           "il ne reste qu'une couleur."),
    ("code", "dz.pair_view()"),
    ("code", CHECK + 'dz.example("drahtseilakt/ex-paires")'),
    ("md", "## Quand la réserve s'épuise"),
    ("code", 'dz.clause("drahtseilakt/reserve-epuisee")'),
    ("code", CHECK + 'dz.example("drahtseilakt/ex-reserve-epuisee")'),
    ("md", "## Fin de manche et fin de partie"),
    ("code", 'dz.clauses("drahtseilakt/fin-de-manche", "drahtseilakt/manche-propre")'),
    ("code", CHECK + 'dz.example("drahtseilakt/ex-manche-propre")'),
    ("code", CHECK + 'dz.example("drahtseilakt/ex-manche-propre-deux-fois")'),
    ("code", 'dz.clauses("drahtseilakt/fin", "drahtseilakt/vainqueur")'),
    ("code", CHECK + 'dz.example("drahtseilakt/ex-egalite-finale")'),
    ("md", "## Les variantes et les lectures de la règle\n\nChaque passage flou de la règle "
           "devient un réglage, avec une lecture par défaut et l'autre à portée de clic."),
    ("code", "dz.readings()"),
    ("code", 'dz.clauses("drahtseilakt/variante-tactique", "drahtseilakt/variante-chaotique")'),
    ("code", CHECK + 'dz.example("drahtseilakt/ex-chaotique")'),
    ("code", 'dz.clauses("drahtseilakt/variante-reserve-illimitee", '
             '"drahtseilakt/variante-paires-en-fin-de-manche")'),
    ("code", CHECK + 'dz.example("drahtseilakt/ex-reserve-illimitee")'),
    ("code", CHECK + 'dz.example("drahtseilakt/ex-paires-fin-de-manche")'),
    ("md", "## Bac à sable\n\nJouez toutes les places : choisissez la carte du joueur dont c'est "
           "le tour, jouez, puis remontez le temps avec le curseur « Étape »."),
    ("code", "dz.sandbox()"),
    ("md", "## Partie contre l'ordinateur\n\nChoisissez vos adversaires et leur niveau, puis "
           "cliquez sur une carte de votre main quand c'est à vous. Les cartes score retournées "
           "restent affichées ; le journal cite l'article de chaque étape."),
    ("code", "dz.play_vs_computer()"),
    ("md", "## Exercices : qui reçoit des bâtonnets ?"),
    ("code", "dz.exercises()"),
]

"""The Drahtseilakt page: each public name builds one part of the notebook
(``dz.stepper("drahtseilakt/ex-pli-livret")``, ``dz.play_vs_computer()``...).

The game against the computer, the sandbox and the exercises are the shared components
(:mod:`tutor.ui.table`, :mod:`tutor.ui.quiz`) given this game's table; every rule decision comes
from :mod:`tutor.games.drahtseilakt`.
"""

from tutor.ui.drahtseilakt.cards import (
    CSS,
    PAGE,
    book,
    clause,
    clauses,
    example,
    header,
    later,
    later_sandbox,
    material,
    minute,
    number_card,
    open_points,
    progress,
    readings,
    score_card,
    style,
)
from tutor.ui.drahtseilakt.examples import scene, stepper
from tutor.ui.drahtseilakt.explorers import ChainExplorer, PairView, chain_explorer, pair_view
from tutor.ui.drahtseilakt.play import (
    SURFACE,
    exercises,
    make_question,
    play_vs_computer,
    sandbox,
    table_html,
)

__all__ = [
    "CSS",
    "PAGE",
    "SURFACE",
    "ChainExplorer",
    "PairView",
    "book",
    "chain_explorer",
    "clause",
    "clauses",
    "example",
    "exercises",
    "header",
    "later",
    "later_sandbox",
    "make_question",
    "material",
    "minute",
    "number_card",
    "open_points",
    "pair_view",
    "play_vs_computer",
    "progress",
    "readings",
    "sandbox",
    "scene",
    "score_card",
    "stepper",
    "style",
    "table_html",
]

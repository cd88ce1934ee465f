"""The Vampir page: each public function builds one part of the notebook.

Notebook cells stay one line long (``vp.hunt_builder()``); everything else lives here or in the
shared components (:mod:`tutor.ui.table`, :mod:`tutor.ui.quiz`, :mod:`tutor.ui.page`). Every rule
decision comes from :mod:`tutor.games.vampir`. Modules: :mod:`.base` (style, clauses, cards and
tables as HTML), :mod:`.play` (the table and its actions for the game against the computer and
the sandbox), :mod:`.explorers` (worked examples, hunt builder, scoring explorer, exercises).
"""

from __future__ import annotations

from .base import (
    CSS,
    NAMES,
    PAGE,
    YOU,
    book,
    card_html,
    clause,
    clauses,
    example,
    header,
    hunts_with_heads,
    later,
    later_sandbox,
    material,
    minute,
    open_points,
    progress,
    readings,
    score_table,
    style,
)
from .explorers import (
    BOOKLET_HEADS,
    HuntBuilder,
    ScoringExplorer,
    exercises,
    hunt_builder,
    make_question,
    scene_of,
    scoring_explorer,
    stepper,
)
from .play import SURFACE, action_label, draw, groups, play_vs_computer, sandbox

__all__ = [
    "BOOKLET_HEADS",
    "CSS",
    "NAMES",
    "PAGE",
    "SURFACE",
    "YOU",
    "HuntBuilder",
    "ScoringExplorer",
    "action_label",
    "book",
    "card_html",
    "clause",
    "clauses",
    "draw",
    "example",
    "exercises",
    "groups",
    "header",
    "hunt_builder",
    "hunts_with_heads",
    "later",
    "later_sandbox",
    "make_question",
    "material",
    "minute",
    "open_points",
    "play_vs_computer",
    "progress",
    "readings",
    "sandbox",
    "scene_of",
    "score_table",
    "scoring_explorer",
    "stepper",
    "style",
]

"""The Vampir page: each public function builds one part of the notebook.

Notebook cells stay one line long (``vp.hunt_builder()``); everything else lives here. Every
callback goes through :func:`tutor.ui.widgets.guarded`, and every rule decision comes from
:mod:`tutor.games.vampir`. Colours are never the only cue: each location also has its name and a
symbol, each card says how many heads it shows.

Modules: :mod:`.base` (constants, style, clauses, cards and tables as HTML), :mod:`.explorers`
(worked examples, hunt builder, scoring explorer, exercises), :mod:`.play` (the action panel, the
game against the computer, the sandbox).
"""

from __future__ import annotations

from .base import (
    BOT_NAMES,
    CSS,
    JOKER_SYMBOL,
    NAMES,
    PAGE,
    READING_TEXT,
    SYMBOLS,
    YOU,
    action_label,
    back_html,
    book,
    card_html,
    cards_row,
    clause,
    clauses,
    displays_html,
    example,
    header,
    hunt_heads,
    loc_name,
    material,
    readings,
    score_table,
    style,
)
from .explorers import (
    BOOKLET_HEADS,
    Exercises,
    HuntBuilder,
    ScoringExplorer,
    example_explainer,
    exercises,
    hunt_builder,
    hunt_of,
    make_question,
    scoring_explorer,
)
from .play import (
    ActionPanel,
    GameVsComputer,
    Sandbox,
    last_scoring,
    outcome_html,
    play_vs_computer,
    sandbox,
    table_html,
)

__all__ = [
    "BOOKLET_HEADS",
    "BOT_NAMES",
    "CSS",
    "JOKER_SYMBOL",
    "NAMES",
    "PAGE",
    "READING_TEXT",
    "SYMBOLS",
    "YOU",
    "ActionPanel",
    "Exercises",
    "GameVsComputer",
    "HuntBuilder",
    "Sandbox",
    "ScoringExplorer",
    "action_label",
    "back_html",
    "book",
    "card_html",
    "cards_row",
    "clause",
    "clauses",
    "displays_html",
    "example",
    "example_explainer",
    "exercises",
    "header",
    "hunt_builder",
    "hunt_heads",
    "hunt_of",
    "last_scoring",
    "loc_name",
    "make_question",
    "material",
    "outcome_html",
    "play_vs_computer",
    "readings",
    "sandbox",
    "score_table",
    "scoring_explorer",
    "style",
    "table_html",
]

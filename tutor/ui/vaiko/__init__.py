"""The Vaiko page: each public function builds one part of the notebook (``vk.sandbox()``).

Modules: :mod:`.base` (style, cards, the table drawn from the engine's view, the legal actions in
French, the game against the computer, the sandbox, the worked examples) and :mod:`.explorers`
(memory exercise, immediate-discard explorer, "Vaiko" call calculator, exercises).
"""

from __future__ import annotations

from .base import (
    CSS,
    PAGE,
    SURFACE,
    MemorySandbox,
    book,
    card,
    clause,
    clauses,
    deck_panel,
    draw,
    example,
    groups,
    header,
    keep,
    later,
    later_sandbox,
    minute,
    open_points,
    play_vs_computer,
    progress,
    readings,
    round_summary,
    sandbox,
    stepper,
    style,
)
from .explorers import (
    CallCalculator,
    MatchExplorer,
    MemoryExercise,
    call_calculator,
    exercises,
    make_question,
    match_explorer,
    memory_exercise,
    question,
)

__all__ = [
    "CSS",
    "PAGE",
    "SURFACE",
    "CallCalculator",
    "MatchExplorer",
    "MemoryExercise",
    "MemorySandbox",
    "book",
    "call_calculator",
    "card",
    "clause",
    "clauses",
    "deck_panel",
    "draw",
    "example",
    "exercises",
    "groups",
    "header",
    "keep",
    "later",
    "later_sandbox",
    "make_question",
    "match_explorer",
    "memory_exercise",
    "minute",
    "open_points",
    "play_vs_computer",
    "progress",
    "question",
    "readings",
    "round_summary",
    "sandbox",
    "stepper",
    "style",
]

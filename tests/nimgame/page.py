"""The tests' game on the shared learner surface: its table drawn from its typed view, its legal
actions as buttons; everything else (the play table, the sandbox, the journal, « Conseil »,
« Et si… ? », the scenario panel) is the shared UI, unchanged."""

from __future__ import annotations

from collections.abc import Sequence

from tests.nimgame import GAME_ID, Take, View, ensure_registered
from tutor import fr
from tutor.engine import Event
from tutor.ui import html as h
from tutor.ui.actions import ActionGroup
from tutor.ui.page import GamePage
from tutor.ui.table import PlayTable, Sandbox, Surface

ensure_registered()
PAGE = GamePage(GAME_ID, "Le jeu d’essai des tests.")


def draw(view: View, events: Sequence[Event]) -> str:
    """The heap and what each player has taken."""
    rows = [[h.esc(p.name), fr.count(p.taken, "allumette")] for p in view.players]
    head = fr.typography(f"Tas : {fr.count(view.heap, 'allumette')}")
    return (f'<div class="tv-panel"><div class="tv-title">{h.esc(head)}</div>'
            f"{h.table(['Joueur', 'Prises'], rows)}</div>")


def groups(view: View, legal: Sequence[Take]) -> list[ActionGroup]:
    return [ActionGroup("Prendre", tuple((fr.count(a.count, "allumette"), a) for a in legal))]


SURFACE = Surface(page=PAGE, draw=draw, groups=groups, level="prudent", opponents=(1, 2, 3))


def play_vs_computer(seed: int = 1) -> PlayTable:
    return PlayTable(SURFACE, seed)


def sandbox(seed: int = 7) -> Sandbox:
    return Sandbox(SURFACE, seed)

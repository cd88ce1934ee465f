"""Vaiko: a hint's playout (:meth:`Playouts.rollout`, a method of the game's class
:class:`~.game.Vaiko`) played on the engine's own rule functions.

There is no rule here. Through the contract (:func:`tutor.engine.hints.playout`), each of a
playout's hundred-odd decisions asks the game who acts (``current_seats``), checks the seat's
name (``legal_actions``), wraps the step (``step``) and looks the seat's player up by name.
Here the seat that acts is read from the state (``acting``), its legal actions are
:func:`.legality.legal_now`'s (what :meth:`.legality.Legality.legal_actions` returns), each
action is played by the phase's function of :data:`.turns.STEPS` (what :meth:`.turns.Turns.step`
plays with ``explain=False``), and the playout stops where
:meth:`.scoring.Scoring.span_outcome` says. Each seat's player is the one the contract makes,
handed what it is handed there (nothing, its glance or its view): the same scores, winners and
number of actions as :func:`~tutor.engine.hints.playout`, action for action
(``tests/test_vaiko_playouts.py`` plays both).
"""

from __future__ import annotations

from collections.abc import Sequence

from tutor.engine.hints import MAX_STEPS, Chooser, ExpertKind, Rollout
from tutor.games.vaiko.bots import PLAYER_KINDS
from tutor.games.vaiko.legality import Legality, legal_now
from tutor.games.vaiko.scoring import Scoring
from tutor.games.vaiko.setup import Glance, Setup, see
from tutor.games.vaiko.state import OVER, State
from tutor.games.vaiko.turns import STEPS


class Playouts(Setup, Legality, Scoring):
    """A hint's playout on the rule functions, as a method of the game's class
    (:class:`~.game.Vaiko`)."""

    def rollout(self, start: State, state: State, kind: str, seeds: Sequence[int]
                ) -> Rollout | None:
        """Play ``state`` (reached from ``start`` by the action tried) to the end of the stretch
        a hint looks at (:meth:`~.scoring.Scoring.span_outcome`: the manche being played), seat
        ``j``'s actions chosen by a computer player of ``kind`` seeded with ``seeds[j]``: the
        scores, the winners, the number of actions played and whether they are the whole
        game's; ``None`` for a kind that is not one of :data:`.bots.PLAYER_KINDS` (the
        « Expert », played through the contract)."""
        if kind not in PLAYER_KINDS or isinstance(PLAYER_KINDS[kind][1], ExpertKind):
            return None
        make = PLAYER_KINDS[kind][1]
        players = state.players
        bots: list[Chooser] = [make(seed=s) for s in seeds]
        # what each seat is handed, as the contract's playout hands it
        looks = [None if getattr(bot, "BLIND", False) else
                 Glance if getattr(bot, "GLANCES", False) else see for bot in bots]
        choose = [bot.choose for bot in bots]
        scored = self.span_outcome
        for step in range(MAX_STEPS):
            out = scored(start, state)
            if out is not None:
                whole = state.phase == OVER and self.outcome(state).scores == out.scores
                return out.scores, out.winners, step, whole
            i = state.acting
            look = looks[i]
            action = choose[i](None if look is None else look(state, players[i]),
                               legal_now(state, i)[0])
            state = STEPS[type(action)](state, action, None)
        raise AssertionError(f"playout longer than {MAX_STEPS} actions")

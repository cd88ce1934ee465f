"""Stupides Vautours: a race's round of playouts played together, through the engine's own rules
(:meth:`~tutor.engine.api.Game.rollouts`).

There is no rule here: every action is played by the engine (:func:`.engine.lay`, what
:meth:`.Rules.step` plays with ``explain=False``, a manche's cards in one call), chosen by the
game's own computer players (:mod:`.bots`), and every result is the game's outcome, as
:func:`tutor.engine.hints.playout` plays them one by one. What this module adds is sharing.

A race plays, in each of its rounds, one playout per action tried, every one from the same
sampled state and with the same seeds (common random numbers): they differ only in the advised
seat's card. Every seat chooses at once in a manche and each draws from its own seeded
generator, so the order in which the seats choose changes nothing. A computer player that reads
only the table (``GLANCES``: the pile, the point cards revealed) or nothing at all (``BLIND``)
is handed the same glance and the same legal plays in every playout whose piles went the same
way: such a seat's choice is made once for all of them (a *group*), then played in each of the
group's states; the advised seats choose in each playout with their own player. A group splits
when a manche's pile is taken in some of its playouts and carried over in others; each part
goes on with a copy of the shared players (their generators where they were). Each playout's
result is the one :func:`tutor.engine.hints.playout` gives alone (a test plays both).
"""

from __future__ import annotations

import copy
import random
from collections.abc import Callable, Sequence

from tutor.engine.hints import Chooser, Rollout, playout
from tutor.games.vautours.engine import Rules, lay
from tutor.games.vautours.state import State


def _shares(make: Callable[..., Chooser]) -> bool:
    """Whether players of this kind choose alike from states that differ only in other seats'
    hands and cards (they read the table alone, or nothing)."""
    return bool(getattr(make, "GLANCES", False) or getattr(make, "BLIND", False))


def _clone(bot: Chooser) -> Chooser:
    """A copy of ``bot`` whose generators go on from where ``bot``'s are, apart from them."""
    twin = copy.copy(bot)
    for name, value in vars(bot).items():
        if isinstance(value, random.Random):
            rng = random.Random()
            rng.setstate(value.getstate())
            setattr(twin, name, rng)
        elif not isinstance(value, int | float | str | bool | tuple | type(None)):
            setattr(twin, name, copy.deepcopy(value))
    return twin


class _Playout:
    """One playout: its state, its own players (the advised seats') and the actions played."""

    __slots__ = ("bots", "state", "steps")

    def __init__(self, state: State, bots: dict[int, Chooser]) -> None:
        self.state, self.bots, self.steps = state, bots, 0



def play_many(game: Rules, start: State, states: Sequence[State],
              make: Callable[..., Chooser], seeds: Sequence[int]) -> list[Rollout]:
    """The playouts of ``states`` (each reached from ``start`` by one action), seat ``j``'s
    choices made by a player ``make(seed=seeds[j])``, each result the one
    :func:`tutor.engine.hints.playout` gives alone; the seats alike in every state played once
    for the playouts that share them when the players allow it (see the module docstring)."""
    if not states:
        return []
    first = states[0]
    players = first.players
    if not _shares(make) or any(s.players != players or s.variant != first.variant
                                or s.record != first.record for s in states):
        return [playout(game, start, s, {p: make(seed=q) for p, q in zip(players, seeds,
                                                                         strict=True)})
                for s in states]
    n = len(players)
    # the advised seats: those whose hand or card laid is not the same in every state
    own = tuple(j for j in range(n) if any(s.hands[j] != first.hands[j]
                                           or s.chosen[j] != first.chosen[j] for s in states))
    shared = tuple(j for j in range(n) if j not in own)
    playouts = [_Playout(s, {j: make(seed=seeds[j]) for j in own}) for s in states]
    todo: list[tuple[list[_Playout], dict[int, Chooser]]] = []
    for group in _parts(playouts):
        todo.append((group, {j: make(seed=seeds[j]) for j in shared}))
    blind = bool(getattr(make, "BLIND", False))
    is_over, glance, legal_actions = game.is_over, game.glance, game.legal_actions
    while todo:
        group, bots = todo.pop()
        while not is_over(group[0].state):
            lead = group[0].state
            # what every seat is handed to look at, the same in all the group's states: the
            # table (the deck, the pile at stake), or nothing
            looks = [None if blind else glance(lead, name) for name in players]
            # the shared seats' cards, chosen once for the group, then each playout's advised
            # seats' (handed the same glance: the table is the group's), the manche's cards
            # laid by the engine in one call (the last one ends the manche)
            common = [bots[j].choose(looks[j], legal_actions(lead, players[j]))
                      for j in shared if lead.chosen[j] is None]
            for p in group:
                state = p.state
                mine = [p.bots[j].choose(looks[j], legal_actions(state, players[j]))
                        for j in own if state.chosen[j] is None]
                p.state = lay(state, common + mine)
                p.steps += len(common) + len(mine)
            pile = group[0].state.pile
            if any(p.state.pile != pile for p in group):  # taken in some, carried in others
                parts = _parts(group)
                group = parts[0]
                for part in parts[1:]:  # each part goes on with its own players
                    todo.append((part, {j: _clone(bot) for j, bot in bots.items()}))
    return [_result(game, p) for p in playouts]


def _parts(group: list[_Playout]) -> list[list[_Playout]]:
    """``group``'s playouts parted by what the shared seats see: the point cards still face down
    and at stake (the pile taken or carried over), the shared seats' hands and cards laid."""
    alike: dict[tuple[object, ...], list[_Playout]] = {}
    for p in group:
        s = p.state
        key = (s.deck, s.pile, tuple(h for j, h in enumerate(s.hands) if j not in p.bots),
               tuple(c for j, c in enumerate(s.chosen) if j not in p.bots))
        alike.setdefault(key, []).append(p)
    return list(alike.values())


def _result(game: Rules, p: _Playout) -> Rollout:
    """What :func:`tutor.engine.hints.playout` returns at the end of ``p``: a hint of Stupides
    Vautours looks at the whole game (the game's ``span_outcome`` is the contract's default),
    so the scores and winners of the game's ``outcome``, the whole game's."""
    out = game.outcome(p.state)
    return out.scores, out.winners, p.steps, True

"""Golden counts (perft-style) for any game of the registry, through the engine contract only.

A refactor of an engine (a faster state, a new hot path) must not change the game it plays. These
helpers walk a game from a fixed deal and count what they reach; ``tests/test_golden.py`` asserts,
for every game, the counts kept in ``tests/data/golden.json`` (computed once on the engine before
a refactor), so any change to the rules, the legal actions, the events (by clause) or the outcomes
shows up in seconds. A rule changed on purpose: ``python -m tests.golden <game>`` writes that
game's counts anew from its engine as it is now (its cases kept), for the change to be reviewed
in the diff.

* :func:`golden_counts` walks **every** legal action of every seat to act
  (``current_seats``: all of them, so a simultaneous game's orders of choice are all walked) to
  a fixed ``depth`` from the first position of a seeded game: the tree of ``apply`` calls, as a
  chess engine's perft does.
* :func:`golden_playouts` plays ``playouts`` seeded random games to their end (each action drawn
  uniformly among the first current seat's legal actions with its own ``random.Random``): the
  end of the game, which a shallow walk never reaches.

Both return plain dicts of ints and strings (easy to paste into a test as a literal), with the
same keys:

``states``
    positions reached, the first one included (a transposition counts each time it is reached);
``distinct``
    distinct positions among them, told apart by the teacher's view (``view(state, None)``,
    which shows everything) and the seats to act;
``leaves``
    positions where the walk stopped (depth reached, or game over);
``over``
    positions reached where the game is over;
``legal``
    legal actions listed, summed over the positions expanded (``legal_actions`` of every
    current seat);
``events``
    events emitted by ``apply(..., explain=True)`` along every action walked (set-up events not
    included), counted by ``"<name> <clause>"``, the name being the event's class;
``outcomes``
    finished games counted by ``"<winners joined by +> <clause>"``;
``scores``
    the sum of every seat's final score over the finished games, by seat.

Both use only :class:`tutor.engine.api.Game`'s public contract (``new_game``, ``current_seats``,
``legal_actions``, ``apply``, ``view``, ``is_over``, ``outcome``), so they serve every game.
"""

from __future__ import annotations

import json
import random
import sys
from collections import Counter
from pathlib import Path
from typing import Any

from tutor.engine.api import AnyEngine
from tutor.engine.core import Event
from tutor.games import GAMES

NAMES = ("Alice", "Bruno", "Chloé", "Dario", "Émile", "Fanny", "Gaspard", "Hélène")
"""The players' names, the first ``players`` of them seated."""


def _engine(game: str | AnyEngine) -> AnyEngine:
    return GAMES[game].engine() if isinstance(game, str) else game


def _start(engine: AnyEngine, players: int, variant: Any, seed: int) -> Any:
    names = list(NAMES[:players])
    rules = engine.Variant.preset(variant) if isinstance(variant, str) else variant
    return engine.new_game(names, seed=seed, variant=rules)


class _Tally:
    def __init__(self, engine: AnyEngine) -> None:
        self.engine = engine
        self.states = self.leaves = self.over = self.legal = 0
        self.seen: set[str] = set()
        self.events: Counter[str] = Counter()
        self.outcomes: Counter[str] = Counter()
        self.scores: Counter[str] = Counter()

    def reach(self, state: Any) -> bool:
        """Count ``state``; ``True`` when the game is over there (its outcome counted)."""
        engine = self.engine
        self.states += 1
        self.seen.add(repr((engine.view(state, None), engine.current_seats(state))))
        if not engine.is_over(state):
            return False
        self.over += 1
        out = engine.outcome(state)
        self.outcomes[f"{'+'.join(out.winners)} {out.clause}"] += 1
        self.scores.update(dict(out.scores))
        return True

    def apply(self, state: Any, action: Any) -> Any:
        after, events = self.engine.apply(state, action, explain=True)
        self.events.update(f"{event_name(e)} {e.clause}" for e in events)
        return after

    def result(self) -> dict[str, Any]:
        return {"states": self.states, "distinct": len(self.seen), "leaves": self.leaves,
                "over": self.over, "legal": self.legal,
                "events": dict(sorted(self.events.items())),
                "outcomes": dict(sorted(self.outcomes.items())),
                "scores": dict(sorted(self.scores.items()))}


def golden_counts(game: str | AnyEngine, players: int, variant: Any, seed: int,
                  depth: int) -> dict[str, Any]:
    """Walk every legal action of every current seat, ``depth`` actions deep, from the first
    position of the game ``game`` (a registry id or an engine) dealt with ``seed`` to the first
    ``players`` of :data:`NAMES` under ``variant`` (a preset's name, a ``Variant`` or ``None``
    for the standard reading): the counts described in the module docstring. Each action is
    played with ``apply(..., explain=True)`` (checked, its events built). The walk visits about
    (actions per position) ** ``depth`` positions: choose ``depth`` so it takes a second or
    two."""
    engine = _engine(game)
    tally = _Tally(engine)

    def walk(state: Any, left: int) -> None:
        if tally.reach(state) or left == 0:
            tally.leaves += 1
            return
        for seat in engine.current_seats(state):
            legal = engine.legal_actions(state, seat)
            tally.legal += len(legal)
            for action in legal:
                walk(tally.apply(state, action), left - 1)

    walk(_start(engine, players, variant, seed), depth)
    return tally.result()


def golden_playouts(game: str | AnyEngine, players: int, variant: Any, seed: int,
                    playouts: int) -> dict[str, Any]:
    """Play ``playouts`` games to their end from the first position of ``game`` dealt as in
    :func:`golden_counts` (the same deal for all), game ``k``'s actions drawn uniformly among
    the first current seat's legal actions by ``random.Random(seed * 1000 + k)``: the counts
    described in the module docstring (``leaves`` and ``over``: the games played; ``legal``:
    the legal actions of the seats that chose)."""
    engine = _engine(game)
    tally = _Tally(engine)
    first = _start(engine, players, variant, seed)
    for k in range(playouts):
        rng = random.Random(seed * 1000 + k)
        state = first
        while not tally.reach(state):
            legal = engine.legal_actions(state, engine.current_seats(state)[0])
            tally.legal += len(legal)
            state = tally.apply(state, legal[rng.randrange(len(legal))])
        tally.leaves += 1
    return tally.result()


DATA = Path(__file__).with_name("data") / "golden.json"
"""Each game's counts: ``walks`` (players, preset, depth, counts) and ``games`` (players,
preset, games played, counts), with the ``seed`` of the deal and an ``about``."""


def load() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(DATA.read_text(encoding="utf-8"))
    return data


def recount(game: str, kept: dict[str, Any]) -> dict[str, Any]:
    """``kept``'s cases for ``game`` counted anew on its engine as it is now."""
    seed = kept["seed"]
    return {**kept,
            "walks": [{**c, "counts": golden_counts(game, c["players"], c["preset"], seed,
                                                    c["depth"])} for c in kept["walks"]],
            "games": [{**c, "counts": golden_playouts(game, c["players"], c["preset"], seed,
                                                      c["games"])} for c in kept["games"]]}


def main(games: list[str]) -> None:
    data = load()
    for game in games:
        data[game] = recount(game, data[game])
    DATA.write_text(json.dumps(data, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")


def event_name(event: Event) -> str:
    """How the counts name an event: its class."""
    return type(event).__name__


if __name__ == "__main__":
    main(sys.argv[1:])

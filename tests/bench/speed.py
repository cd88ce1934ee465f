"""Engines and computer players, before and after (issue 29): for every game at 3 players,
random full games per second through the public API (``apply(..., explain=False)``) and, for
every computer level but the « Expert » (a « Conseil » race of its own: see
``tests/bench/conseil.py``), the decisions per second of whole games played by that level at
every seat, stepped as a « Conseil » playout steps them (the seat's view, its legal actions,
the bot's choice, the engine's ``step`` without the boundary check) and, where the game plays
a « Conseil »'s playouts with its own code (:meth:`Game.rollout`), the decisions per second of
those, beside the contract's figure before (« … (ses parties simulées) »).

Both revisions are measured in the same run, in turns (before, now, before, now…), each in a
fresh process whose ``tutor`` is that revision's: a slow patch of a shared machine hits both
sides of a pair; a figure is the median of its rounds and a ratio the median of the paired
ratios. ``--before REV`` (default: main just before the speed work,
``tests/bench/speed.py``'s ``BEFORE``). Part of ``make bench``; alone:
``.venv/bin/python tests/bench/speed.py``. Not a test: nothing here asserts a time.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from tutor import fr

ROOT = Path(__file__).resolve().parents[2]
#: main before the engines' speed work of issue 29 (Drahtseilakt's was merged right after it)
BEFORE = "0c6026d"
PLAYERS = ("Alex", "Bea", "Carla")
OWN = " (ses parties simulées)"
"""The figure of a game's own playouts (:func:`own_playouts`), beside its contract's."""


def random_games(module: Any, seconds: float) -> float:
    """Random full games per second (public API, no events)."""
    rng = random.Random(1)
    new_game, is_over, current, legal, apply = (module.new_game, module.is_over,
                                                 module.current_seats, module.legal_actions,
                                                 module.apply)
    done, start = 0, time.perf_counter()
    while not done or time.perf_counter() - start < seconds:
        state = new_game(PLAYERS, seed=rng)
        while not is_over(state):
            for seat in current(state):
                state, _ = apply(state, rng.choice(legal(state, seat)), explain=False)
        done += 1
    return done / (time.perf_counter() - start)


def decisions(module: Any, make: Any, seconds: float) -> float:
    """Decisions per second of whole seeded games played by ``make`` at every seat."""
    new_game, is_over, current, legal, view, step = (
        module.new_game, module.is_over, module.current_seats, module.legal_actions,
        module.view, module.step)
    done, seed, start = 0, 0, time.perf_counter()
    while not done or time.perf_counter() - start < seconds:
        state = new_game(PLAYERS, seed=seed)
        bots = {p: make(seed=seed * 7 + k) for k, p in enumerate(PLAYERS)}
        while not is_over(state):
            seat = current(state)[0]
            state, _ = step(state, bots[seat].choose(view(state, seat), legal(state, seat)),
                            False)
            done += 1
        seed += 1
    return done / (time.perf_counter() - start)


def own_playouts(module: Any, kind: str, seconds: float) -> float | None:
    """Decisions per second of a « Conseil »'s playouts played by the game's own code
    (:meth:`Game.rollout`, issue 29's second step), from the first position of seeded games
    to the end of the stretch a hint looks at (the first manche, or the whole game), ``make``'s
    kind at every seat; ``None`` when the game plays that kind through the contract."""
    rollout = getattr(module, "rollout", None)
    # the games set up before the clock starts (a playout starts from a position it is given)
    starts = [module.new_game(PLAYERS, seed=seed) for seed in range(64)]
    if rollout is None or rollout(starts[0], starts[0], kind, [0, 1, 2]) is None:
        return None
    done, seed, start = 0, 0, time.perf_counter()
    while not done or time.perf_counter() - start < seconds:
        state = starts[seed % len(starts)]
        done += rollout(state, state, kind, [seed * 7 + k for k in range(len(PLAYERS))])[2]
        seed += 1
    return done / (time.perf_counter() - start)


def measure(seconds: float) -> dict[str, float]:
    """Every figure of the revision whose ``tutor`` this process imports."""
    from tutor.games import GAMES

    out: dict[str, float] = {}
    for game, info in GAMES.items():
        module = info.engine()
        # each figure after an untimed run of half its length: a kernel's playouts run warm
        # (the engines' tables and caches filled, the interpreter specialised), and a cold
        # first second measured the warm-up instead (Vampir: 45 then 77 then 81 games/s)
        random_games(module, seconds / 2)
        out[f"{game}/aléatoire"] = random_games(module, seconds)
        for kind, (_, make) in module.PLAYER_KINDS.items():
            if kind != "expert":
                decisions(module, make, seconds / 2)
                out[f"{game}/{kind}"] = decisions(module, make, seconds)
                own = own_playouts(module, kind, seconds)
                if own is not None:
                    out[f"{game}/{kind}{OWN}"] = own
    return out


def run_tree(tree: Path, seconds: float) -> dict[str, float]:
    env = dict(os.environ, PYTHONPATH=str(tree))
    done = subprocess.run([sys.executable, __file__, "--measure", "--seconds", str(seconds)],
                          env=env, cwd=tree, check=True, capture_output=True, text=True)
    figures: dict[str, float] = json.loads(done.stdout)
    return figures


def report(before: str = BEFORE, rounds: int = 3, seconds: float = 1.0) -> list[dict[str, Any]]:
    with tempfile.TemporaryDirectory() as tmp:
        old = Path(tmp)
        archive = subprocess.run(["git", "-C", str(ROOT), "archive", before],
                                 check=True, capture_output=True).stdout
        subprocess.run(["tar", "-x", "-C", str(old)], input=archive, check=True)
        pairs = [(run_tree(old, seconds), run_tree(ROOT, seconds)) for _ in range(rounds)]
    rows = []
    turns = fr.count(rounds, "tour alterné", "tours alternés")
    print(fr.typography(f"Moteurs et joueurs de l’ordinateur, 3 joueurs : avant ({before}) et "
                        f"maintenant, médiane de {turns}"))
    print(f"{'jeu / qui':48}{'avant':>10}{'maintenant':>12}{'rapport':>9}   unité")
    for key in pairs[0][1]:
        # a game's own playout is compared with the same players through the contract before
        old_key = key.removesuffix(OWN)
        if old_key not in pairs[0][0]:
            continue
        was = statistics.median(p[0][old_key] for p in pairs)
        now = statistics.median(p[1][key] for p in pairs)
        ratio = statistics.median(p[1][key] / p[0][old_key] for p in pairs)
        unit = "parties/s" if key.endswith("/aléatoire") else "décisions/s"
        rows.append({"what": key, "before": round(was), "now": round(now),
                     "ratio": round(ratio, 2), "unit": unit})
        print(f"{key:48}{was:>10.0f}{now:>12.0f}{ratio:>9.2f}   {unit}")
    return rows


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--before", default=BEFORE, help="the revision to compare with")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--seconds", type=float, default=1.0, help="per figure and round")
    parser.add_argument("--measure", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.measure:
        print(json.dumps(measure(args.seconds)))
    else:
        report(args.before, args.rounds, args.seconds)
    return 0


if __name__ == "__main__":
    sys.exit(main())

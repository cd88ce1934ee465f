"""« Conseil » for ``make bench``: does one second answer the question?

For every game, two player counts, every computer level and three positions of a seeded game
(the learner's first decision, one in mid-game, the last one with a choice), one hint is computed
as the page computes it (:meth:`tutor.engine.hints.Race.run_for`, one second on this machine), and
the report says whether it **separates the best class at 95 %** or **has every class within
±5 points**, with its time, the playouts per class and the computer decisions per second. It also
reports, per game and computer level, the decisions per second of the playouts alone, and for
a position that does not answer, how many times the playouts it played would bring every class
within ±5 points (each class's estimate kept: what speed the goal asks there). Not a
test: nothing here asserts a time. ``--cpu`` times with this process's CPU time instead of the
wall clock (a shared, loaded machine: what one second of a core holds).
"""

from __future__ import annotations

import math
import statistics
import sys
import time
from collections.abc import Callable
from typing import Any

from tutor import fr
from tutor.engine.api import AnyEngine
from tutor.engine.hints import SECOND, TIGHT, Race, playouts_for_tight, rollout_kind, wilson
from tutor.games import GAMES

NAMES = ("Camille", "Alex", "Bea", "Dario", "Emma", "Léo")


def positions(engine: AnyEngine, n: int, kind: str, seed: int = 1) -> list[tuple[str, Any]]:
    """The first decision of ``NAMES[0]``, one in mid-game and the last with a choice, in a
    seeded game played by computer players of ``kind``."""
    state = engine.new_game(NAMES[:n], seed=seed)
    make = engine.PLAYER_KINDS[rollout_kind("", kind)][1]
    bots = {p: make(seed=k) for k, p in enumerate(NAMES[:n])}
    mine = []
    while not engine.is_over(state):
        seat = engine.current_seats(state)[0]
        legal = engine.legal_actions(state, seat)
        if seat == NAMES[0] and len(legal) > 1:
            mine.append(state)
        state, _ = engine.apply(state, bots[seat].choose(engine.view(state, seat), legal),
                                explain=False)
    if not mine:
        return []
    return [("début", mine[0]), ("milieu", mine[len(mine) // 2]), ("fin", mine[-1])]


def shortfall(classes: list[Any]) -> float:
    """How many times the playouts played would bring every class within ±5 points at the
    win chances estimated (the speed one second would then need, against this run)."""
    played = sum(r.playouts for r in classes)
    needed = sum(max(r.playouts, playouts_for_tight(r.win_rate)) for r in classes)
    return needed / played if played else math.inf


def counts(engine: AnyEngine) -> tuple[int, int]:
    low = max(engine.MIN_PLAYERS, 3) if engine.MAX_PLAYERS >= 3 else engine.MIN_PLAYERS
    return low, min(engine.MAX_PLAYERS, low + 2)


def report(seconds: float = SECOND, clock: Callable[[], float] = time.perf_counter,
           only: tuple[str, ...] = (), worker: bool = True) -> dict[str, Any]:
    """Every bench position's hint as the page computes it (``worker``: with the race's
    forked worker on the second core, as the page has; ``only``: these games)."""
    rows: list[dict[str, Any]] = []
    rates: list[dict[str, Any]] = []
    print(fr.typography(f"Conseil : une seconde suffit-elle ? (budget {seconds} s ; "
                        "« séparé » : le meilleur coup se détache à 95 % ; « ±5 » : toutes "
                        "les marges sous 5 points ; « NON (×k) » : k fois ses parties simulées "
                        "mettraient toutes les marges sous 5 points)"), flush=True)
    print(fr.typography("« copie » : la part des tours de parties simulées joués par la copie du "
                        "processus sur le second cœur (tutor.engine.worker)" if worker else
                        "Sans copie du processus : un seul cœur"), flush=True)
    print(f"{'jeu':13} {'j.':>2} {'niveau':9} {'où':7} {'coups':>5} {'parties/classe':>16} "
          f"{'temps':>6} {'décisions/s':>11} {'copie':>5} verdict", flush=True)
    for game, info in GAMES.items():
        if only and game not in only:
            continue
        engine = info.engine()
        for n in sorted(set(counts(engine))):
            for kind in engine.PLAYER_KINDS:
                for where, state in positions(engine, n, kind):
                    seat = NAMES[0]
                    race = Race(engine, engine.view(state, seat), kind=kind, seed=1,
                                game_id=game, shown=True)
                    start = clock()
                    result = race.run_for(seconds, clock, worker=worker)
                    elapsed = clock() - start
                    classes = result.classes()
                    separated = result.separated() is not None or len(classes) < 2
                    tight = all(r.win_margin <= TIGHT for r in classes)
                    ok = elapsed <= 1.0 * max(seconds, 1.0) + 0.05 and (separated or tight)
                    per = [r.playouts for r in classes]
                    missing = shortfall(classes) if not (separated or tight) else None
                    verdict = ("séparé" if separated else "±5" if tight
                               else f"NON (×{missing:.1f})".replace(".", ","))
                    rows.append({"game": game, "players": n, "kind": kind, "where": where,
                                 "classes": len(classes), "playouts": per,
                                 "seconds": round(elapsed, 3), "spent": result.spent,
                                 "budget": result.budget, "separated": separated,
                                 "tight": tight, "ok": ok, "shortfall": missing,
                                 "rounds": race.rounds, "worker_rounds": race.helped})
                    spread = f"{min(per)}–{max(per)}" if per else "-"
                    print(f"{game:13} {n:2} {kind:9} {where:7} {len(classes):5} {spread:>16} "
                          f"{elapsed:6.2f} {result.spent / elapsed:11.0f} "
                          f"{fr.percent(race.helped / max(race.rounds, 1)):>5} {verdict}",
                          flush=True)
                    rates.append({"game": game, "kind": result.played_by,
                                  "rate": result.spent / elapsed})
    share = sum(r["ok"] for r in rows) / len(rows) if rows else 0.0
    print(fr.typography(f"Positions où le conseil répond en une seconde et tranche : "
                        f"{sum(r['ok'] for r in rows)} sur {len(rows)} "
                        f"({fr.percent(share)})"), flush=True)
    short = sorted(r["shortfall"] for r in rows if r["shortfall"] is not None)
    if short:
        print(fr.typography(
            f"Sans réponse : {fr.count(len(short), 'position')} ; la vitesse qu’il leur faudrait "
            f"(toutes les marges sous 5 points) : ×{statistics.median(short):.1f} en médiane, "
            f"de ×{short[0]:.1f} à ×{short[-1]:.1f}".replace(".", ",")), flush=True)
    by: dict[tuple[str, str], list[float]] = {}
    for r in rates:
        by.setdefault((r["game"], r["kind"]), []).append(r["rate"])
    print("Décisions de l’ordinateur par seconde dans les parties simulées (médiane"
          + (", les deux processus ensemble) :" if worker else ") :"))
    for (game, kind), values in by.items():
        print(f"  {game:13} {kind:9} {statistics.median(values):9.0f}")
    return {"rows": rows, "share": share,
            "decisions_per_second": {f"{g}/{k}": round(statistics.median(v))
                                     for (g, k), v in by.items()}}


def expert_report(games: int = 200, only: tuple[str, ...] = (),
                  clock: Callable[[], float] = time.perf_counter) -> list[dict[str, Any]]:
    """The « Expert » against the strongest other level, 3 players (one Expert, two of that
    level; the Expert's seat turns with the seed): its share of the games won (a shared win
    counts 1/k; fair share 33 %) with its 95 % interval (Wilson, on that count of wins
    rounded to a whole number), and the time of one of its decisions (``clock``: the wall
    clock, or this process's CPU time with ``--cpu``, for a run sharing the machine)."""
    rows = []
    print(fr.typography(f"Expert contre le meilleur autre niveau, 3 joueurs, "
                        f"{fr.number(games)} parties par jeu"), flush=True)
    for game, info in GAMES.items():
        engine = info.engine()
        if "expert" not in engine.PLAYER_KINDS or (only and game not in only):
            continue
        best = [k for k in engine.PLAYER_KINDS if k != "expert"][-1]
        names = list(NAMES[:3])
        wins = 0.0
        times: list[float] = []
        for seed in range(games):
            expert = names[seed % 3]
            bots = {p: engine.PLAYER_KINDS["expert" if p == expert else best][1](
                seed=seed * 7 + i) for i, p in enumerate(names)}
            state = engine.new_game(names, seed=seed)
            while not engine.is_over(state):
                seat = engine.current_seats(state)[0]
                legal = engine.legal_actions(state, seat)
                start = clock()
                action = bots[seat].choose(engine.view(state, seat), legal)
                if seat == expert and len(legal) > 1:
                    times.append(clock() - start)
                state, _ = engine.apply(state, action, explain=False)
            out = engine.outcome(state)
            if expert in out.winners:
                wins += 1 / len(out.winners)
            if (seed + 1) % 25 == 0 and seed + 1 < games:  # a long run shows where it is
                print(fr.typography(f"  {game} : {seed + 1} parties, "
                                    f"{fr.decimal(100 * wins / (seed + 1))} %"),
                      flush=True)
        rate = wins / games
        low, high = wilson(round(wins), games)
        row = {"game": game, "against": best, "games": games, "win_rate": round(rate, 3),
               "win_rate_95": [round(low, 3), round(high, 3)],
               "decision_median_s": round(statistics.median(times), 3) if times else None,
               "decision_p95_s": round(sorted(times)[int(0.95 * (len(times) - 1))], 3)
               if times else None}
        rows.append(row)
        print(fr.typography(
            f"{game:13} Expert contre {best:9} : {fr.decimal(100 * rate)}{fr.NNBSP}% des "
            f"parties gagnées ({fr.decimal(100 * low)} à {fr.decimal(100 * high)}{fr.NNBSP}% à "
            f"95{fr.NNBSP}% ; part égale 33{fr.NNBSP}%), décision : "
            f"{row['decision_median_s']} s médiane, {row['decision_p95_s']} s p95"), flush=True)
    return rows


if __name__ == "__main__":
    import argparse

    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=SECOND)
    parser.add_argument("--expert-games", type=int, default=200)
    parser.add_argument("--only", nargs="*", default=())
    parser.add_argument("--no-positions", action="store_true")
    parser.add_argument("--cpu", action="store_true",
                        help="CPU time, not the wall clock (and no worker: one core)")
    parser.add_argument("--no-worker", action="store_true",
                        help="the race alone, without its forked worker on the second core")
    args = parser.parse_args()
    if not args.no_positions:
        report(args.seconds, time.process_time if args.cpu else time.perf_counter,
               tuple(args.only), not (args.cpu or args.no_worker))
    if args.expert_games:
        expert_report(args.expert_games, tuple(args.only),
                      time.process_time if args.cpu else time.perf_counter)
    sys.exit(0)

"""`make bench`: one report of the tutor's speed, printed as a table and written as JSON.

Engine section: random full games per second through the public API (``new_game``,
``current_seats``, ``legal_actions``, ``apply``), for each game and player count, with OpenSpiel's
goofspiel (15 cards) stepped from the same kind of Python loop as the yardstick; our runs and
goofspiel's alternate, and the ratio is the median of the paired ratios. Page section (when
Voilà can be started): see ``tests/bench/pages.py``. Speed section: every game's random games
and every computer level's decisions per second, now and before the engines' speed work, in
the same run (``tests/bench/speed.py``). Bot section: each computer player level's
win rate against random players and against "always the smallest action", over seeded games
(``tests/bench/bots.py``). Hints section: playouts per second per game and the time of one
« Conseil » (``tests/bench/hints.py``). « Et si… ? » and « Pourquoi » section: the time of one
click of each (``tests/bench/whatif.py``). « Une question ? »: the time of one search
(``tests/bench/questions.py``). Surface section: what a click costs the kernel at the
start and at the end of a game against the computer on each page, and the kernel memory each
« Nouvelle partie » / « Question suivante » keeps (``tests/bench/surface.py``). The static
site's pages, beside a one-widget floor built the same way: ``tests/bench/static.py`` (`make
bench` runs both).

Not a test: nothing here asserts a time. Compare two runs with the JSON files in bench-results/;
`make bench` then writes docs/benchmarks.md from the newest ones (``tests/bench/benchdoc.py``).
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from tests.bench import benchdoc  # noqa: E402
from tutor.engine.api import AnyEngine  # noqa: E402


def run_once(play_one: Callable[[random.Random], object], seconds: float, seed: int) -> float:
    """Games per second over one run of about ``seconds``."""
    rng = random.Random(seed)
    done, start = 0, time.perf_counter()
    deadline = start + seconds
    while True:
        play_one(rng)
        done += 1
        if done % 16 == 0 and time.perf_counter() >= deadline:
            break
    return done / (time.perf_counter() - start)


def rate(play_one: Callable[[random.Random], object], seconds: float, rounds: int) -> float:
    """Games per second: the median of ``rounds`` runs of about ``seconds`` each."""
    return statistics.median(run_once(play_one, seconds, r) for r in range(rounds))


def paired(ours: Callable[[random.Random], object], theirs: Callable[[random.Random], object],
           seconds: float, rounds: int) -> tuple[float, float, float]:
    """Both rates and their ratio, from runs alternating between the two engines: the ratio is
    the median of the per-pair ratios, so that a slow patch of a shared machine hits both sides
    of a pair instead of one figure."""
    a, b = [], []
    for r in range(rounds):
        a.append(run_once(ours, seconds, r))
        b.append(run_once(theirs, seconds, r))
    return (statistics.median(a), statistics.median(b),
            statistics.median(x / y for x, y in zip(a, b)))


def engine_game(module: AnyEngine, players: list[str], explain: bool) -> Callable[[random.Random],
                                                                                   object]:
    new_game, is_over, current_seats = module.new_game, module.is_over, module.current_seats
    legal_actions, apply = module.legal_actions, module.apply

    def play(rng: random.Random) -> object:
        state = new_game(players, seed=rng)
        choice = rng.choice
        while not is_over(state):
            for seat in current_seats(state):
                state, _ = apply(state, choice(legal_actions(state, seat)), explain=explain)
        return state

    return play


def goofspiel_game(n: int) -> Callable[[random.Random], object] | None:
    try:
        import pyspiel  # type: ignore[import-not-found]
    except ImportError:
        return None
    game = pyspiel.load_game("goofspiel", {"num_cards": 15, "players": n})

    def play(rng: random.Random) -> object:
        state = game.new_initial_state()
        choice = rng.choice
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(choice(state.chance_outcomes())[0])
            else:
                state.apply_actions([choice(state.legal_actions(p)) for p in range(n)])
        return state

    return play


def engine_section(seconds: float, rounds: int) -> list[dict[str, Any]]:
    from tutor.games import GAMES

    rows = []
    for info in GAMES.values():
        module = info.engine()
        low, high = info.players
        for n in sorted({low, min(low + 1, high), high}):
            players = [f"J{i}" for i in range(n)]
            row: dict[str, Any] = {"game": info.id, "players": n}
            ours = engine_game(module, players, False)
            goof = goofspiel_game(n) if info.id == "vautours" else None
            if goof is None:
                row["games_per_s"] = rate(ours, seconds, rounds)
            else:
                row["games_per_s"], row["goofspiel_per_s"], row["ratio"] = paired(
                    ours, goof, seconds, rounds)
            row["games_per_s_with_events"] = rate(engine_game(module, players, True), seconds,
                                                  rounds)
            rows.append(row)
    return rows


def print_engine(rows: list[dict[str, Any]]) -> None:
    print("\nMoteur : parties aléatoires complètes par seconde (médiane)")
    head = f"{'jeu':<14}{'joueurs':>8}{'sans événements':>17}{'avec événements':>17}"
    head += f"{'goofspiel':>11}{'rapport':>9}"
    print(head)
    for r in rows:
        goof = f"{r['goofspiel_per_s']:>11.0f}" if "goofspiel_per_s" in r else f"{'-':>11}"
        ratio = f"{r['ratio']:>9.2f}" if "ratio" in r else f"{'-':>9}"
        print(f"{r['game']:<14}{r['players']:>8}{r['games_per_s']:>17.0f}"
              f"{r['games_per_s_with_events']:>17.0f}{goof}{ratio}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=1.0, help="duration of one run")
    parser.add_argument("--rounds", type=int, default=5, help="runs per figure (median)")
    parser.add_argument("--no-pages", action="store_true", help="skip the Voilà page section")
    parser.add_argument("--pages-before", metavar="REV", default=None,
                        help="also measure the pages of this git revision (e.g. main), with a "
                        "full pool, in the same run")
    parser.add_argument("--page-pools", nargs="+", choices=["pleine", "vide"],
                        default=["pleine", "vide"], help="pool states of the page section")
    parser.add_argument("--page-loads", type=int, default=4,
                        help="loads per page and pool state (first visits and from the Accueil "
                        "alternate)")
    parser.add_argument("--speed-before", metavar="REV", default=None,
                        help="the revision the engines and computer players are compared with "
                        "(default: tests/bench/speed.py's BEFORE)")
    parser.add_argument("--no-speed", action="store_true",
                        help="skip the engines and computer players before/after section")
    parser.add_argument("--bot-games", type=int, default=1000,
                        help="seeded games per bot level and opponent (0: skip)")
    parser.add_argument("--no-hints", action="store_true", help="skip the hints section")
    parser.add_argument("--expert-games", type=int, default=200,
                        help="seeded games of the « Expert » per game (0: skip)")
    parser.add_argument("--no-whatif", action="store_true",
                        help="skip the « Et si… ? » / « Pourquoi » section")
    parser.add_argument("--no-search", action="store_true",
                        help="skip the « Une question ? » section")
    parser.add_argument("--no-surface", action="store_true",
                        help="skip the in-process click time and memory section")
    parser.add_argument("--no-parts", action="store_true",
                        help="skip every part's click against the game's click (sandbox, "
                        "undo/redo, editor, worked examples)")
    parser.add_argument("--out", default=str(ROOT / "bench-results"), help="JSON folder")
    args = parser.parse_args()
    report: dict[str, Any] = benchdoc.run_info()
    try:
        measure(report, args)
    finally:  # what was measured is kept even if a later section fails
        out = Path(args.out)
        out.mkdir(exist_ok=True)
        path = out / f"bench-{report['when'].replace(':', '')}.json"
        path.write_text(json.dumps(report, indent=2, ensure_ascii=False))
        print(f"\nRapport écrit dans {path}")
    return 0


def measure(report: dict[str, Any], args: argparse.Namespace) -> None:
    """Every section asked for, each stored in ``report`` as soon as it is measured."""
    report["engine"] = engine_section(args.seconds, args.rounds)
    print_engine(report["engine"])
    if not args.no_speed:
        from tests.bench import speed

        print()
        report["speed"] = speed.report(args.speed_before or speed.BEFORE)
    if args.bot_games:
        from tests.bench import bots

        print("\nJoueurs de l’ordinateur : part des parties gagnées (vues seulement)")
        report["bots"] = bots.report(args.bot_games)
    if not args.no_hints:
        from tests.bench import hints

        print("\nConseil : parties simulées par seconde, temps d’un « Conseil »")
        report["hints"] = hints.report()
        from tests.bench import conseil

        print()
        report["conseil"] = conseil.report()
    if args.expert_games:
        from tests.bench import conseil

        print()
        report["expert"] = conseil.expert_report(args.expert_games)
    if not args.no_whatif:
        from tests.bench import whatif

        print("\n« Et si… ? » et « Pourquoi je n’ai pas gagné ? » : temps d’un clic")
        report["whatif"] = whatif.main()
    if not args.no_search:
        from tests.bench import questions

        print("\n« Une question ? » : réponses trouvées (top 1, top 3) et temps d’une recherche")
        report["search"] = questions.run()
        questions.write(report["search"], Path(args.out) / "questions.json")
    if not args.no_surface:
        from tests.bench import surface

        report["surface"] = surface.run()
        surface.print_table(report["surface"])
    if not args.no_parts:
        from tests.bench import parts

        report["parts"] = parts.report()
        parts.print_report(report["parts"])
    if not args.no_pages:
        try:
            from tests.bench import pages
        except ImportError:
            pass
        else:
            report["pages"] = pages.run(args.pages_before, args.page_loads,
                                        tuple(args.page_pools))
            pages.print_table(report["pages"])


if __name__ == "__main__":
    sys.exit(main())

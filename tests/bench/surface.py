"""Surface section of ``make bench``: what a click costs the kernel on each game page, measured
in-process the way the kernel runs a page (no browser; the browser's part of a click is measured
by ``tests/bench/pages.py``).

Speed. For each game (:data:`tutor.games.GAMES`), its page's game against the computer
(``play_vs_computer(seed)``) is played to the end by clicking, as the browser would, one of the
visible buttons carrying the CSS class ``tv-action`` (a list row's sibling dropdown first gets an
option, as the learner picks one), chosen by a seeded generator. ``button.click()`` runs the same
handlers as the browser's click message, synchronously: the learner's action, the computer
players' replies, every widget update. Each click is timed with :func:`time.perf_counter`. Games
use the fixed seeds 1..``games``; one game (seed 101) is played first on each page and not
counted, so that no one-time cost (first import, first regular expression) lands on the first
clicks measured. Per page: median and p95 (nearest rank) of the first :data:`EDGE` clicks of each
game ("début") and of its last :data:`EDGE` clicks ("fin"), their ratio, the bytes sent per click,
and the start median against the fastest page's. Each click is timed twice: wall clock
(:func:`time.perf_counter`, what the learner waits for on the kernel's side) and this process's
processor time (:func:`time.process_time`). A click in-process waits on nothing (no socket, no
disk), so the two agree on an idle machine; on a busy one (2 shared cores) the wall clock also
counts the waits for a core, and the ratios of wall medians swing by ±30 % from run to run. The
targets are therefore judged on the processor-time medians; the wall figures are printed beside
them, with the machine's load average.

Messages. Without a kernel, ipywidgets gives each widget a ``comm.DummyComm`` whose
``publish_msg`` does nothing: the state of each changed trait is gathered (``get_state``,
``_remove_buffers``) but never turned into JSON. To count what a kernel does, :func:`serialized`
replaces ``comm.create_comm`` by :class:`JsonComm`, which encodes each message as
``jupyter_client``'s packer does (``json.dumps(..., ensure_ascii=False, allow_nan=False)`` then
UTF-8) and counts its bytes; the socket write itself is left out.

Memory. With :mod:`tracemalloc`, after a warm-up of :data:`WARMUP` clicks and a
:func:`gc.collect` before each reading: the growth of traced memory over ``clicks`` clicks of the
sandbox's « Nouvelle partie » and of the exercises' « Question suivante », per click, and the
number of live widget models (``ipywidgets.widgets.widget._instances``) before and after.

Targets (issue 15, item 7): end-of-game clicks no slower than 1.2 × start-of-game clicks on every
page (processor-time medians); Vaiko's start median within 1.5 × the fastest page's; memory growth
under 2 Ko per click. When the first is missed, one end-of-game click of that page is profiled
(cProfile) and the top functions by own time are reported. Not a test: nothing here asserts a
time (``tests/test_bench_surface.py`` checks the report's shape on a tiny budget). Alone:
``.venv/bin/python tests/bench/surface.py``.
"""

from __future__ import annotations

import cProfile
import gc
import importlib
import json
import math
import os
import pstats
import random
import statistics
import sys
import time
import tracemalloc
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any, NamedTuple

import comm
import ipywidgets as w

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from tutor.games import GAMES  # noqa: E402

PAGES = {game: f"tutor.ui.{game}" for game in GAMES}
EDGE = 5  # clicks at the start and at the end of a game
WARMUP = 20
WARMUP_SEED = 101
END_RATIO, VAIKO_RATIO, KB_PER_CLICK = 1.2, 1.5, 2.0


class JsonComm(comm.DummyComm):
    """A comm that encodes each message as a kernel would, and counts the bytes."""

    sent = 0
    messages = 0

    def publish_msg(self, msg_type: str, data: Any = None, metadata: Any = None,
                    buffers: Any = None, **keys: Any) -> None:
        content = {"data": {} if data is None else data, "comm_id": self.comm_id, **keys}
        packed = json.dumps({"msg_type": msg_type, "content": content,
                             "metadata": metadata or {}},
                            default=str, ensure_ascii=False, allow_nan=False).encode("utf8")
        JsonComm.sent += len(packed) + sum(len(memoryview(b).cast("B")) for b in buffers or ())
        JsonComm.messages += 1


@contextmanager
def serialized() -> Iterator[None]:
    """Widgets created inside get a :class:`JsonComm` (see the module docstring)."""
    saved = comm.create_comm
    comm.create_comm = JsonComm
    try:
        yield
    finally:
        comm.create_comm = saved


def models() -> int:
    return len(w.widgets.widget._instances)


def walk(root: w.Widget, parent: w.Widget | None = None) -> Iterator[tuple[w.Widget,
                                                                          w.Widget | None]]:
    """Every displayed widget under ``root`` with its parent (hidden boxes are skipped)."""
    layout = getattr(root, "layout", None)
    if layout is not None and layout.display == "none":
        return
    yield root, parent
    for child in getattr(root, "children", ()) or ():
        yield from walk(child, root)


def action_controls(root: w.Widget) -> list[tuple[w.Button, w.Widget | None]]:
    """The learner's action buttons on display (class ``tv-action``), with their parent box."""
    return [(b, p) for b, p in walk(root) if isinstance(b, w.Button)
            and "tv-action" in b._dom_classes and not b.disabled]


def click_one(root: w.Widget, rng: random.Random) -> Callable[[], None] | None:
    """Pick one action control as a learner would (a list's option first); its click, or
    ``None`` when there is nothing to play."""
    found = action_controls(root)
    if not found:
        return None
    button, parent = rng.choice(found)
    for sibling in getattr(parent, "children", ()) or ():
        if isinstance(sibling, w.Dropdown) and sibling.options:
            sibling.index = rng.randrange(len(sibling.options))
    return button.click  # type: ignore[no-any-return]


def close_tree(root: w.Widget) -> None:
    """Close ``root`` and every widget under it (a finished measurement leaves no models)."""
    for child in getattr(root, "children", ()) or ():
        close_tree(child)
    root.close()


class Click(NamedTuple):
    seconds: float  # wall clock: what the learner waits for (kernel side)
    cpu: float  # this process's processor time: the same, less the waits of a busy machine
    sent: int  # bytes of the messages the click sent


def play_game(game: str, seed: int, profile_last: bool = False,
              limit: int = 5000) -> tuple[list[Click], pstats.Stats | None]:
    """Click through a whole game against the computer: each click's times and bytes sent, and
    with ``profile_last`` the profile of the last click."""
    module = importlib.import_module(PAGES[game])
    with serialized():
        table = module.play_vs_computer(seed)
    rng = random.Random(seed)
    clicks: list[Click] = []
    stats = None
    try:
        while (click := click_one(table, rng)) is not None:
            if len(clicks) >= limit:
                raise RuntimeError(f"{game} : pas de fin après {limit} clics")
            profiler = cProfile.Profile() if profile_last else None
            before = JsonComm.sent
            cpu, start = time.process_time(), time.perf_counter()
            if profiler is not None:
                profiler.runcall(click)
            else:
                click()
            clicks.append(Click(time.perf_counter() - start, time.process_time() - cpu,
                                JsonComm.sent - before))
            if profiler is not None:
                stats = pstats.Stats(profiler)
            if table.error.value:
                raise RuntimeError(f"{game} : le clic a affiché une erreur : {table.error.value}")
    finally:
        close_tree(table)
    return clicks, stats


def p95(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[max(0, math.ceil(0.95 * len(ordered)) - 1)]


def top_functions(stats: pstats.Stats, count: int = 8) -> list[dict[str, Any]]:
    """The functions that took the most time of their own in a profiled click."""
    rows = []
    for (path, line, name), (_, calls, own, cumulative, _) in stats.stats.items():  # type: ignore[attr-defined]
        short = path.replace(str(ROOT) + "/", "").rsplit("site-packages/", 1)[-1]
        rows.append({"function": f"{short}:{line}({name})", "calls": calls,
                     "own_ms": round(own * 1000, 2), "cumulative_ms": round(cumulative * 1000, 2)})
    rows.sort(key=lambda r: -r["own_ms"])
    return rows[:count]


def speed(game: str, games: int, edge: int) -> dict[str, Any]:
    play_game(game, WARMUP_SEED)
    start: list[Click] = []
    end: list[Click] = []
    lengths = []
    for seed in range(1, games + 1):
        clicks, _ = play_game(game, seed)
        lengths.append(len(clicks))
        start += clicks[:edge]
        end += clicks[-edge:]
    row: dict[str, Any] = {"game": game, "games": games, "clicks_per_game": lengths}
    for where, sample in (("start", start), ("end", end)):
        seconds = [c.seconds for c in sample]
        row[where] = {"median_ms": round(statistics.median(seconds) * 1000, 2),
                      "p95_ms": round(p95(seconds) * 1000, 2),
                      "cpu_median_ms": round(statistics.median(c.cpu for c in sample) * 1000, 2),
                      "kb_sent": round(statistics.mean(c.sent for c in sample) / 1000, 1)}
    row["end_vs_start"] = round(row["end"]["cpu_median_ms"] / row["start"]["cpu_median_ms"], 2)
    row["end_vs_start_wall"] = round(row["end"]["median_ms"] / row["start"]["median_ms"], 2)
    row["end_ok"] = row["end_vs_start"] <= END_RATIO
    return row


def memory(game: str, clicks: int, warmup: int) -> list[dict[str, Any]]:
    """Kernel memory growth per « Nouvelle partie » of the sandbox and per « Question suivante »
    of the exercises."""
    module = importlib.import_module(PAGES[game])
    rows = []
    with serialized():
        sandbox, quiz = module.sandbox(), module.exercises()
    for control, owner, button in (("Nouvelle partie", sandbox, sandbox.new_button),
                                   ("Question suivante", quiz, quiz.next_button)):
        tracemalloc.start()
        try:
            for _ in range(warmup):
                button.click()
            gc.collect()
            before, widgets = tracemalloc.get_traced_memory()[0], models()
            for _ in range(clicks):
                button.click()
            gc.collect()
            after, widgets_after = tracemalloc.get_traced_memory()[0], models()
        finally:
            tracemalloc.stop()
        if owner.error.value:
            raise RuntimeError(f"{game} : « {control} » a affiché une erreur : {owner.error.value}")
        per_click = (after - before) / clicks / 1000
        rows.append({"game": game, "control": control, "clicks": clicks,
                     "kb_per_click": round(per_click, 2), "models_before": widgets,
                     "models_after": widgets_after, "ok": per_click < KB_PER_CLICK})
    close_tree(sandbox)
    close_tree(quiz)
    return rows


def run(games: int = 5, edge: int = EDGE, clicks: int = 200, warmup: int = WARMUP,
        only: tuple[str, ...] = (), profile: bool = True) -> dict[str, Any]:
    """The section's report (printed by :func:`print_table`)."""
    # the games with a page (not the tests' own game, registered once a test helper is imported)
    chosen = [g for g, info in GAMES.items() if info.listed and (not only or g in only)]
    pages = [speed(game, games, edge) for game in chosen]
    fastest = min(r["start"]["cpu_median_ms"] for r in pages)
    fastest_wall = min(r["start"]["median_ms"] for r in pages)
    for r in pages:
        r["vs_fastest"] = round(r["start"]["cpu_median_ms"] / fastest, 2)
        r["vs_fastest_wall"] = round(r["start"]["median_ms"] / fastest_wall, 2)
    mem = [row for game in chosen for row in memory(game, clicks, warmup)]
    targets = {"end_vs_start": all(r["end_ok"] for r in pages),
               "memory": all(r["ok"] for r in mem)}
    if "vaiko" in chosen:
        targets["vaiko_vs_fastest"] = next(
            r["vs_fastest"] for r in pages if r["game"] == "vaiko") <= VAIKO_RATIO
    report: dict[str, Any] = {"edge": edge, "warmup": warmup, "load": os.getloadavg()[0],
                              "pages": pages, "memory": mem, "targets": targets, "profiles": {}}
    if profile:
        for r in pages:
            if not r["end_ok"]:
                _, stats = play_game(r["game"], 1, profile_last=True)
                if stats is not None:
                    report["profiles"][r["game"]] = top_functions(stats)
    return report


def verdict(ok: bool) -> str:
    return "atteint" if ok else "NON ATTEINT"


def print_table(report: dict[str, Any]) -> None:
    print("\nSurface : temps d’un clic dans le noyau, partie contre l’ordinateur "
          f"({report['edge']} premiers et derniers clics de chaque partie ; charge de la machine "
          f"{report['load']:.1f})")
    print(f"{'':<14}{'':>6}{'horloge : début':>19}{'fin':>17}{'':>6}{'processeur : début':>19}"
          f"{'fin':>7}{'':>17}{'envoyé':>10}")
    print(f"{'page':<14}{'clics':>6}{'méd.':>10}{'p95':>9}{'méd.':>9}{'p95':>8}{'f/d':>6}"
          f"{'méd.':>10}{'méd.':>9}{'f/d':>6}{'/ + rapide':>11}{'début':>9}{'fin':>8}")
    for r in report["pages"]:
        s, e = r["start"], r["end"]
        print(f"{r['game']:<14}{round(statistics.mean(r['clicks_per_game'])):>6}"
              f"{s['median_ms']:>8.1f}ms{s['p95_ms']:>7.1f}ms{e['median_ms']:>7.1f}ms"
              f"{e['p95_ms']:>6.1f}ms{r['end_vs_start_wall']:>6.2f}"
              f"{s['cpu_median_ms']:>8.1f}ms{e['cpu_median_ms']:>7.1f}ms{r['end_vs_start']:>6.2f}"
              f"{r['vs_fastest']:>11.2f}{s['kb_sent']:>6.1f} Ko{e['kb_sent']:>5.1f} Ko")
    print(f"\nSurface : mémoire du noyau par clic (après {report['warmup']} clics d’échauffement)")
    print(f"{'page':<14}{'bouton':<20}{'clics':>6}{'Ko/clic':>9}{'widgets avant':>15}"
          f"{'après':>7}")
    for r in report["memory"]:
        print(f"{r['game']:<14}{r['control']:<20}{r['clicks']:>6}{r['kb_per_click']:>9.2f}"
              f"{r['models_before']:>15}{r['models_after']:>7}")
    t = report["targets"]
    print(f"Objectifs (temps processeur) : fin ≤ {END_RATIO} × début sur chaque page : "
          f"{verdict(t['end_vs_start'])}"
          + (f" ; Vaiko ≤ {VAIKO_RATIO} × la page la plus rapide : "
             f"{verdict(t['vaiko_vs_fastest'])}" if "vaiko_vs_fastest" in t else "")
          + f" ; mémoire < {KB_PER_CLICK:g} Ko par clic : {verdict(t['memory'])}")
    for game, rows in report["profiles"].items():
        print(f"Profil d’un dernier clic ({game}), fonctions les plus coûteuses en temps propre :")
        for row in rows:
            print(f"  {row['own_ms']:>7.2f} ms {row['calls']:>6} appels  {row['function']}")


if __name__ == "__main__":
    print_table(run())

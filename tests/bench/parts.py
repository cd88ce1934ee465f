"""Parts section of ``make bench``: every part's click against the game's click on the same page,
in the kernel (issue 62: the Stupides Vautours sandbox took 1.3–2.4 s a card in the page against
16–29 ms for a card of the game against the computer; nothing measured the sandbox's clicks).

For each game page, in-process as :mod:`surface` measures the game (``button.click()`` runs the
handlers a browser click runs, widget messages encoded and counted by :class:`surface.JsonComm`):

* « partie » — the clicks of whole games against the computer (seeds 1..``games``), the
  reference;
* « bac à sable » — the clicks of whole sandbox games (every seat played by clicking its cards
  or buttons, the same seeded choice of the visible ``tv-action`` controls);
* « annuler » / « rétablir » — ``undo`` then ``redo`` clicks back over the last 10 steps of that
  sandbox game;
* « mise en place » — « Jouer à partir d’ici » of the sandbox's editor on its default position;
* « exemple » — « Suivant ▶ » through each of the first worked examples of the page;
* « explorateur » — the page's explorers (:data:`EXPLORERS`): each of their lists set to its
  next option and each of their buttons clicked (« Ouvrir dans le bac à sable » aside), up to
  :data:`PER_EXPLORER` controls each.

Each row gives the median processor time (the target's measure: :mod:`surface` explains why
wall clock swings on the shared machine) and wall time of its clicks, the kilobytes sent per
click, and the ratio of its processor median to the game's. Target: every part within
:data:`TARGET` times the game's click. Not a test: nothing here asserts a time. Alone:
``.venv/bin/python tests/bench/parts.py [game…]``.
"""

from __future__ import annotations

import importlib
import random
import statistics
import sys
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from tests.bench import surface  # noqa: E402
from tests.bench.surface import JsonComm, click_one, close_tree, serialized  # noqa: E402
from tutor.games import GAMES  # noqa: E402

TARGET = 2.0
UNDO = 10
EXAMPLES = 3
PER_EXPLORER = 12
#: each page's explorers, by the function of its module that builds one
EXPLORERS = {"vautours": ("tie_explorer", "tiebreak_compare"),
             "vampir": ("scoring_explorer", "hunt_builder"),
             "drahtseilakt": ("chain_explorer", "pair_view"),
             "vaiko": ("match_explorer",)}


def timed(click: Callable[[], None]) -> tuple[float, float, int]:
    """One click: wall seconds, processor seconds, bytes sent."""
    before = JsonComm.sent
    cpu, start = time.process_time(), time.perf_counter()
    click()
    return time.perf_counter() - start, time.process_time() - cpu, JsonComm.sent - before


def summary(name: str, clicks: list[tuple[float, float, int]]) -> dict[str, Any]:
    return {"part": name, "clicks": len(clicks),
            "median_ms": round(statistics.median(c[0] for c in clicks) * 1000, 2),
            "cpu_median_ms": round(statistics.median(c[1] for c in clicks) * 1000, 2),
            "kb_sent": round(statistics.mean(c[2] for c in clicks) / 1000, 1)}


def sandbox_clicks(game: str, seed: int) -> dict[str, list[tuple[float, float, int]]]:
    """A whole sandbox game by clicks, then undo and redo over its last steps, then the
    editor's « Jouer à partir d’ici »."""
    module = importlib.import_module(surface.PAGES[game])
    with serialized():
        box = module.sandbox(seed=seed)
    rng = random.Random(seed)
    out: dict[str, list[tuple[float, float, int]]] = {
        "bac à sable": [], "annuler": [], "rétablir": [], "mise en place": []}
    try:
        while (click := click_one(box, rng)) is not None and len(out["bac à sable"]) < 2000:
            out["bac à sable"].append(timed(click))
            if box.error.value:
                raise RuntimeError(f"{game} : le bac à sable a affiché une erreur : "
                                   f"{box.error.value}")
        for _ in range(UNDO):
            out["annuler"].append(timed(box.undo_button.click))
        for _ in range(UNDO):
            out["rétablir"].append(timed(box.redo_button.click))
        editor = box.editor.open()
        for _ in range(3):
            out["mise en place"].append(timed(editor.play_button.click))
            if "tv-error" in editor.error.value:
                raise RuntimeError(f"{game} : la mise en place a été refusée : "
                                   f"{editor.error.value}")
    finally:
        close_tree(box)
    return out


def example_clicks(game: str) -> list[tuple[float, float, int]]:
    """« Suivant ▶ » through the first worked examples of the page."""
    module = importlib.import_module(surface.PAGES[game])
    book = module.book() if hasattr(module, "book") else None
    ids = list(book.examples)[:EXAMPLES] if book is not None else []
    clicks = []
    for example_id in ids:
        with serialized():
            stepper = module.stepper(example_id).unfold()
        while not stepper.next.disabled:
            clicks.append(timed(stepper.next.click))
        close_tree(stepper)
    return clicks


def explorer_clicks(game: str) -> list[tuple[float, float, int]]:
    """The explorers' controls, each changed or clicked once (see the module)."""
    import ipywidgets as w

    module = importlib.import_module(surface.PAGES[game])
    clicks = []
    for name in EXPLORERS.get(game, ()):
        with serialized():
            explorer = getattr(module, name)()
        done = 0
        for widget, _ in list(surface.walk(explorer)):
            if done >= PER_EXPLORER:
                break
            if isinstance(widget, w.Dropdown) and len(widget.options) > 1:
                index = ((widget.index or 0) + 1) % len(widget.options)
                clicks.append(timed(partial(setattr, widget, "index", index)))
            elif (isinstance(widget, w.Button) and not widget.disabled
                  and "tv-open-sandbox" not in widget._dom_classes):
                clicks.append(timed(widget.click))
            else:
                continue
            done += 1
        close_tree(explorer)
    return clicks


def report(games: int = 3, only: tuple[str, ...] = ()) -> list[dict[str, Any]]:
    rows = []
    for game in [g for g in GAMES if g in surface.PAGES and (not only or g in only)]:
        try:
            importlib.import_module(surface.PAGES[game])
        except ImportError:
            continue
        surface.play_game(game, surface.WARMUP_SEED)  # one-time costs off the figures
        reference: list[tuple[float, float, int]] = []
        for seed in range(1, games + 1):
            played, _ = surface.play_game(game, seed)
            reference += [(c.seconds, c.cpu, c.sent) for c in played]
        parts: dict[str, list[tuple[float, float, int]]] = {}
        for seed in range(1, games + 1):
            for name, clicks in sandbox_clicks(game, seed).items():
                parts.setdefault(name, []).extend(clicks)
        parts["exemple"] = example_clicks(game)
        parts["explorateur"] = explorer_clicks(game)
        base = summary("partie", reference)
        table = [base]
        for name, clicks in parts.items():
            if not clicks:
                continue
            row = summary(name, clicks)
            row["vs_game"] = round(row["cpu_median_ms"] / max(base["cpu_median_ms"], 1e-3), 2)
            row["ok"] = row["vs_game"] <= TARGET
            table.append(row)
        rows.append({"game": game, "parts": table})
    return rows


def print_report(rows: list[dict[str, Any]]) -> None:
    print(f"\nParties de la page : temps d’un clic dans le noyau, contre le clic de la partie "
          f"(cible : {TARGET:g} × au plus, médianes processeur)")
    print(f"{'page':<14}{'partie':<16}{'clics':>6}{'horloge':>10}{'processeur':>12}"
          f"{'envoyé':>10}{'/ partie':>10}")
    for r in rows:
        for p in r["parts"]:
            ratio = f"{p['vs_game']:.2f}" if "vs_game" in p else "—"
            mark = "" if p.get("ok", True) else "  NON ATTEINT"
            print(f"{r['game']:<14}{p['part']:<16}{p['clicks']:>6}{p['median_ms']:>8.1f}ms"
                  f"{p['cpu_median_ms']:>10.1f}ms{p['kb_sent']:>7.1f} Ko{ratio:>10}{mark}")


def main() -> list[dict[str, Any]]:
    rows = report(only=tuple(sys.argv[1:]) if __name__ == "__main__" else ())
    print_report(rows)
    return rows


if __name__ == "__main__":
    main()

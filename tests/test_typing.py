"""mypy checks a page against its own game: a table drawn by a function written for another
game's view, a journal filter written for another game's events, or an action that is not the
game's, is a type error before anything runs.

One mypy run over four small modules written in a temporary package: a page put together
correctly, and every registered game's page module (the tests' game's too) checked against
the :class:`tutor.ui.protocol.Page` protocol with its own game's types (they must pass:
otherwise the others prove nothing), a Stupides Vautours surface handed Drahtseilakt's drawing
and grouping functions, a Stupides Vautours table asked to play a number, and a page module
checked against another game's types. Each wrong line must be reported as an argument of the
wrong type, on that line; nothing else may be reported.
"""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

mypy_api = pytest.importorskip("mypy.api")

ROOT = Path(__file__).resolve().parents[1]

GOOD = '''
from tutor.games import vautours as v
from tutor.games.vautours.events import VautoursEvent
from tutor.ui.table import PlayTable, Surface
from tutor.ui.vautours.base import PAGE, Game, draw, groups, prompt

surface = Surface(page=PAGE, draw=draw, groups=groups, prompt=prompt)
table: PlayTable[v.State, v.Play, v.View, VautoursEvent] = Game()
table.play(v.Play("Camille", 15))
'''

PAGES = '''
from tests import nimgame as n
from tests.nimgame import page as nim_page
from tutor.engine.api import A, E, S, V
from tutor.games import drahtseilakt as d
from tutor.games import vaiko as vk
from tutor.games import vampir as vp
from tutor.games import vautours as v
from tutor.games.drahtseilakt.events import DrahtseilaktEvent
from tutor.games.vaiko.events import VaikoEvent
from tutor.games.vampir.events import VampirEvent
from tutor.games.vautours.events import VautoursEvent
from tutor.ui import drahtseilakt, vaiko, vampir, vautours
from tutor.ui.protocol import Page


def vautours_page(page: Page[v.State, v.Play, v.View, VautoursEvent]) -> None:
    pass


def any_page(page: Page[S, A, V, E]) -> None:
    pass


vautours_page(vautours)
any_page(drahtseilakt)
any_page(vaiko)
any_page(vampir)
any_page(nim_page)
ok: tuple[Page[d.State, d.Play, d.View, DrahtseilaktEvent],
          Page[vk.State, vk.Action, vk.View, VaikoEvent],
          Page[vp.State, vp.Action, vp.View, VampirEvent],
          Page[n.State, n.Take, n.View, n.NimEvent]] = (drahtseilakt, vaiko, vampir, nim_page)
vautours_page(drahtseilakt)  # WRONG
'''

WRONG_VIEW = '''
from tutor.games import vautours as v
from tutor.games.drahtseilakt.events import DrahtseilaktEvent
from tutor.ui.drahtseilakt.play import draw, groups
from tutor.ui.table import Surface
from tutor.ui.vautours.base import PAGE
from tutor.ui.vautours.base import draw as v_draw
from tutor.ui.vautours.base import groups as v_groups

Surface(page=PAGE, draw=draw, groups=groups)  # WRONG draw, groups


def keep(event: DrahtseilaktEvent, viewer: str | None) -> bool:
    return viewer is None


Surface(page=PAGE, draw=v_draw, groups=v_groups, keep=keep)  # WRONG keep
'''

WRONG_ACTION = '''
from tutor.games import drahtseilakt as d
from tutor.ui.vautours.base import Game

table = Game()
table.play(42)  # WRONG
table.act(d.Play("Camille", 3))  # WRONG
table.session.act("Alex")  # WRONG
'''


def wrong_lines(source: str) -> dict[int, int]:
    """Line number -> how many errors the ``# WRONG`` comment on it announces (one per name
    after it, at least one)."""
    out = {}
    for number, line in enumerate(source.splitlines(), 1):
        if "# WRONG" in line:
            names = line.split("# WRONG", 1)[1].strip()
            out[number] = max(1, len(names.split(",")) if names else 1)
    return out


def test_mypy_rejects_a_page_drawn_for_another_game_and_a_foreign_action(tmp_path: Path) -> None:
    package = tmp_path / "typing_trial"
    package.mkdir()
    (package / "__init__.py").write_text("")
    modules = {"good": GOOD, "pages": PAGES, "wrong_view": WRONG_VIEW,
               "wrong_action": WRONG_ACTION}
    for name, source in modules.items():
        (package / f"{name}.py").write_text(source)
    # `make lint`'s cache, when it has one, copied: tutor/ and its libraries are read from it
    # (mypy checks each entry against its source), only the trial modules are analysed
    cache = tmp_path / "cache"
    if (ROOT / ".mypy_cache").is_dir():
        shutil.copytree(ROOT / ".mypy_cache", cache, dirs_exist_ok=True)
    out, err, status = mypy_api.run([
        "--config-file", str(ROOT / "pyproject.toml"), "--cache-dir", str(cache),
        "--no-error-summary", "--show-error-codes", "--hide-error-context",
        *[str(package / f"{name}.py") for name in modules]])
    assert not err, err
    reported: dict[tuple[str, int], list[str]] = {}
    for line in out.splitlines():
        if re.match(r".*typing_trial[/\\]\w+\.py:\d+: note: ", line):
            continue  # what a protocol's member lacks, explaining the error above it
        found = re.match(r".*typing_trial[/\\](\w+)\.py:(\d+): error: (.*)$", line)
        assert found, f"mypy reported something outside the trial modules: {line}"
        reported.setdefault((found[1], int(found[2])), []).append(found[3])
    expected = {(name, number): count for name, source in modules.items()
                for number, count in wrong_lines(source).items()}
    assert set(reported) == set(expected), out
    for where, messages in reported.items():
        assert len(messages) == expected[where], (where, messages)
        assert all("[arg-type]" in m for m in messages), (where, messages)
    assert status == 1

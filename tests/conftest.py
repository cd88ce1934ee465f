"""Shared fixtures and helpers for the test suite."""

from __future__ import annotations

import dataclasses
import importlib
import os
from pathlib import Path
from typing import Any

import pytest

from tests.browser import groups
from tests.nimgame import ensure_registered
from tutor.engine.hints import ExpertKind
from tutor.games import GAMES

# the key progress tab ids are signed with (tutor.ui.progress_store.tab_key): the tests' own,
# for the servers they start too, never a file in the home folder
os.environ.setdefault("TUTOR_TAB_KEY", "tests-tab-key")

ensure_registered()  # the tests' own game (perfect information, no chance) joins every shared test

ROOT = Path(__file__).resolve().parent.parent

#: ``TUTOR_TEST_GROUP=k/n``: this process runs group k of n of the tests outside tests/browser
#: (``make test`` runs them in parallel processes; tests/browser/groups.py splits the files)
OTHERS_GROUP = (groups.parse(os.environ[groups.OTHERS_ENV], groups.OTHERS_ENV)
                if os.environ.get(groups.OTHERS_ENV) else None)


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """In a ``TUTOR_TEST_GROUP`` process, only the files of its group among the tests outside
    tests/browser (the browser tests are grouped by tests/browser/conftest.py)."""
    if OTHERS_GROUP is None:
        return
    group, count = OTHERS_GROUP
    files = {item: Path(str(item.fspath)).resolve().relative_to(ROOT).as_posix()
             for item in items}
    others = {item: f for item, f in files.items() if not f.startswith("tests/browser/")}
    timings = groups.load(part="others")
    mine = set(groups.assign(set(others.values()), timings, count)[group - 1])
    kept = [item for item in items if item not in others or others[item] in mine]
    if len(kept) < len(items):
        config.hook.pytest_deselected(items=[item for item in items if item not in kept])
        items[:] = kept


def maker(engine: Any, kind: str) -> Any:
    """How computer players of ``kind`` are made, for tests that play whole games with them:
    the « Expert » with a small budget (its races are the same code at any budget; whole games
    at its real budget of about 0.2 s a decision belong to ``make bench``)."""
    make = engine.PLAYER_KINDS[kind][1]
    return dataclasses.replace(make, budget=60) if isinstance(make, ExpertKind) else make


def notebook_path(game: str) -> Path:
    """The notebook of ``game``'s page: ``notebooks/<notebook>``, or beside its package for a
    game registered from outside ``tutor`` (the tests' own game, like its rule file)."""
    info = GAMES[game]
    if not info.package:
        return ROOT / "notebooks" / info.notebook
    module = importlib.import_module(info.package)
    assert module.__file__ is not None
    return Path(module.__file__).with_name(info.notebook)


RULE_FILES = sorted((ROOT / "rules").glob("*.fr.md"))


@pytest.fixture(scope="session")
def root() -> Path:
    return ROOT

"""Shared fixtures and helpers for the test suite."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.nimgame import ensure_registered

ensure_registered()  # the tests' own game (perfect information, no chance) joins every shared test

ROOT = Path(__file__).resolve().parent.parent
RULE_FILES = sorted((ROOT / "rules").glob("*.fr.md"))


@pytest.fixture(scope="session")
def root() -> Path:
    return ROOT

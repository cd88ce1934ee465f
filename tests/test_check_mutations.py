"""``python -m tutor check`` never shows a traceback: every malformed worked example becomes a
French ``file:line: reason``.

Each example of each rule file is mutated value by value (wrong types, empty tables and lists,
unknown names, missing keys); the game's ``run_example`` must either replay it or refuse it with
an :class:`~tutor.engine.examples.ExampleError` (French reason), never any other exception. One
mutated file also goes through the command line end to end.
"""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import RULE_FILES
from tutor import rules
from tutor.engine.examples import ExampleError
from tutor.games import GAMES

SUBSTITUTES: tuple[Any, ...] = ("Zorro", "", -1, 0, 10**9, 2.5, True, [], {}, ["Zorro"], [2.5],
                                {"Zorro": 1})
MAX_DEPTH = 4


def mutations(data: Any, depth: int = 0) -> Iterator[Any]:
    """Every copy of ``data`` with one value replaced by a look-alike or one key removed."""
    if depth >= MAX_DEPTH:
        return
    if isinstance(data, Mapping):
        for key, value in data.items():
            if key in ("id", "titre", "note"):
                continue
            yield {k: v for k, v in data.items() if k != key}
            for sub in (*SUBSTITUTES, *mutations(value, depth + 1)):
                if sub != value or type(sub) is not type(value):
                    yield {**data, key: sub}
    elif isinstance(data, list):
        for i, value in enumerate(data):
            for sub in (*SUBSTITUTES, *mutations(value, depth + 1)):
                yield [*data[:i], sub, *data[i + 1:]]
        if data:
            yield data[:-1]
            yield [*data, data[-1]]


def examples() -> Iterator[tuple[str, str, rules.Example]]:
    for path in RULE_FILES:
        book = rules.read(path)
        for example in book.examples.values():
            yield path.name, book.game, example


@pytest.mark.parametrize(("name", "game", "example"),
                         [pytest.param(*e, id=f"{e[0]}:{e[2].id}") for e in examples()])
def test_malformed_examples_are_refused_with_a_french_reason(
        name: str, game: str, example: rules.Example) -> None:
    engine = GAMES[game].engine()
    for mutated in mutations(dict(example.data)):
        try:
            engine.run_example(mutated)
        except ExampleError as exc:
            assert str(exc).strip(), mutated
        except Exception as exc:  # pragma: no cover - the failure this test exists to catch
            pytest.fail(f"{name} {example.id}: {type(exc).__name__}: {exc} on {mutated!r}")


def test_check_command_reports_file_line_and_reason_never_a_traceback(tmp_path: Path) -> None:
    first = next(iter(rules.read(RULE_FILES[0]).examples.values()))
    source = RULE_FILES[0].read_text(encoding="utf-8")
    body_start = source.index("\n", source.index("```toml exemple")) + 1
    path = tmp_path / RULE_FILES[0].name
    path.write_text(source[:body_start] + "cle_inconnue = [1.5]\n" + source[body_start:],
                    encoding="utf-8")
    done = subprocess.run([sys.executable, "-m", "tutor", "check", str(path)],
                          capture_output=True, text=True, check=False)
    out = done.stdout + done.stderr
    assert done.returncode == 1
    assert "Traceback" not in out
    assert f"ERREUR {path}:{first.line}: exemple « {first.id} »" in out
    assert "cle_inconnue" in out

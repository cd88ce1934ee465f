"""Layers have one direction: no import cycle anywhere in ``tutor/``, counting imports inside
functions and under ``if TYPE_CHECKING:`` (a hidden cycle is still a cycle). The layer order
itself (engine below games below pages below the app) is import-linter's, in `make lint`
(``[tool.importlinter]`` in pyproject.toml)."""

from __future__ import annotations

import ast
from pathlib import Path

from .conftest import ROOT


def module_graph(root: Path, package: str = "tutor") -> dict[str, set[str]]:
    """Each module of ``package`` and the modules of it that it imports, wherever the import
    stands (``from a import b`` counts ``a.b`` when ``b`` is a module, else ``a``)."""
    files = {}
    for path in (root / package).rglob("*.py"):
        name = ".".join(path.relative_to(root).with_suffix("").parts)
        files[name.removesuffix(".__init__")] = path
    graph: dict[str, set[str]] = {}
    for name, path in files.items():
        here = name if path.name == "__init__.py" else name.rsplit(".", 1)[0]
        deps: set[str] = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom):
                base = here
                for _ in range(max(node.level - 1, 0)):
                    base = base.rsplit(".", 1)[0]
                module = (f"{base}.{node.module}" if node.module else base) if node.level \
                    else (node.module or "")
                subs = {f"{module}.{a.name}" for a in node.names} & files.keys()
                deps |= subs
                if len(subs) < len(node.names):
                    deps.add(module)
            elif isinstance(node, ast.Import):
                deps |= {a.name for a in node.names}
        graph[name] = {d for d in deps if d in files and d != name}
    return graph


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on: set[str] = set()
    found: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in sorted(graph[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            part = []
            while True:
                w = stack.pop()
                on.discard(w)
                part.append(w)
                if w == v:
                    break
            if len(part) > 1:
                found.append(sorted(part))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return found


def test_no_import_cycle_in_the_package() -> None:
    graph = module_graph(ROOT)
    assert "tutor.engine.api" in graph and "tutor.ui.table" in graph
    assert cycles(graph) == []


def test_a_cycle_hidden_in_a_function_or_type_checking_is_found(tmp_path: Path) -> None:
    pkg = tmp_path / "tutor"
    (pkg / "ui").mkdir(parents=True)
    (pkg / "__init__.py").write_text("")
    (pkg / "ui" / "__init__.py").write_text("")
    (pkg / "ui" / "a.py").write_text("from tutor.ui import b\n")
    (pkg / "ui" / "b.py").write_text("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n"
                                     "    from tutor.ui.c import X\n")
    (pkg / "ui" / "c.py").write_text("def f():\n    from .a import g\n")
    assert cycles(module_graph(tmp_path)) == [["tutor.ui.a", "tutor.ui.b", "tutor.ui.c"]]



def reached(graph: dict[str, set[str]], roots: set[str]) -> set[str]:
    """Every module ``roots`` import, directly or not (the roots too)."""
    seen, todo = set(roots), list(roots)
    while todo:
        for dep in graph.get(todo.pop(), set()) - seen:
            seen.add(dep)
            todo.append(dep)
    return seen


def foreign_imports(graph: dict[str, set[str]], own: dict[str, set[str]]) -> dict[str, set[str]]:
    """For each game (``own``: the modules of its package and of its page), the modules of the
    other games its page and package reach."""
    def inside(module: str, roots: set[str]) -> bool:
        return any(module == r or module.startswith(r + ".") for r in roots)

    found = {}
    for game, roots in own.items():
        mine = {m for m in graph if inside(m, roots)}
        others = set().union(*(r for g, r in own.items() if g != game))
        bad = {m for m in reached(graph, mine) if inside(m, others)}
        if bad:
            found[game] = bad
    return found


def test_each_game_and_its_page_stand_alone() -> None:
    """No registered game's package or page reaches another game's (import-linter checks the
    packages under tutor.games; the pages share tutor.ui with the shared parts, so this test
    reads them from the registry)."""
    from tutor.games import GAMES

    graph = module_graph(ROOT)
    own = {g: {info.package or f"tutor.games.{g}", info.page_module} for g, info in GAMES.items()
           if info.page_module.startswith("tutor.")}
    assert {"vautours", "vaiko"} <= own.keys() and "tutor.ui.vaiko.base" in graph
    assert foreign_imports(graph, own) == {}


def test_a_page_reaching_another_game_is_found() -> None:
    graph = {"tutor.ui.a": {"tutor.ui.table"}, "tutor.ui.table": set(),
             "tutor.ui.b.base": {"tutor.ui.table", "tutor.ui.helper"},
             "tutor.ui.helper": {"tutor.games.a.cards"}, "tutor.games.a.cards": set(),
             "tutor.games.b": set()}
    own = {"a": {"tutor.games.a", "tutor.ui.a"}, "b": {"tutor.games.b", "tutor.ui.b"}}
    assert foreign_imports(graph, own) == {"b": {"tutor.games.a.cards"}}

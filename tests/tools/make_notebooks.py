"""Write the tutor's notebooks from their outline (run by `make notebooks`).

The notebooks are thin: French prose in Markdown cells and one-line code cells calling
``tutor.ui``. Cells marked ``# NBVAL_CHECK_OUTPUT`` show worked examples as text: their outputs
are stored (by ``store_outputs.py``) and compared by nbval on every test run.
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import nbformat
from nbformat.v4 import new_code_cell, new_markdown_cell, new_notebook

ROOT = Path(__file__).resolve().parents[2]


def notebook(cells: list[tuple[str, str]], title: str) -> nbformat.NotebookNode:
    nb = new_notebook()
    nb.metadata["title"] = title
    nb.metadata["kernelspec"] = {"display_name": "Python 3", "language": "python",
                                 "name": "python3"}
    nb.metadata["language_info"] = {"name": "python"}
    for kind, text in cells:
        nb.cells.append(new_markdown_cell(text) if kind == "md" else new_code_cell(text))
    for k, cell in enumerate(nb.cells):
        cell["id"] = f"c{k:02d}"
    return nb


INDEX = [
    ("code", "from tutor.ui import home, style\n\nstyle()"),
    ("code", "home.hero()"),
    ("md", "Choisissez un jeu. Chaque page reprend sa règle article par article, avec des "
           "exemples, un bac à sable, une partie contre l'ordinateur et des exercices."),
    ("code", "home.game_cards()"),
    ("code", "home.how_to()"),
]


def notebooks() -> dict[str, tuple[str, list[tuple[str, str]]]]:
    """The Accueil, then one notebook per outline in ``outlines/`` (one module per game:
    ``NOTEBOOK`` is the file name, ``CELLS`` the cells, ``TITLE`` the page title if given)."""
    found = {"index.ipynb": ("Tuteur de règles de jeux de cartes", INDEX)}
    for path in sorted((Path(__file__).parent / "outlines").glob("*.py")):
        spec = importlib.util.spec_from_file_location(f"outline_{path.stem}", path)
        assert spec is not None and spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        title = getattr(module, "TITLE", module.NOTEBOOK.removesuffix(".ipynb"))
        found[module.NOTEBOOK] = (f"{title} — Tuteur de règles", module.CELLS)
    return found


def main(names: list[str]) -> int:
    for name, (title, cells) in notebooks().items():
        if names and name not in names:
            continue
        path = ROOT / "notebooks" / name
        nbformat.write(notebook(cells, title), path)
        print(f"écrit {path.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

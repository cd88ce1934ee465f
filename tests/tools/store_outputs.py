"""Execute the notebooks and keep only what nbval should check (run by `make notebooks`).

Outputs are stored for cells marked ``# NBVAL_CHECK_OUTPUT`` (worked examples as text and HTML);
every other cell is cleared, and no widget state or execution metadata is kept.
"""

from __future__ import annotations

import sys
from pathlib import Path

import nbformat
from nbclient import NotebookClient

ROOT = Path(__file__).resolve().parents[2]
MARK = "# NBVAL_CHECK_OUTPUT"


def store(path: Path) -> None:
    nb = nbformat.read(path, as_version=4)
    NotebookClient(nb, timeout=120, kernel_name="python3",
                   resources={"metadata": {"path": str(path.parent)}}).execute()
    for cell in nb.cells:
        if cell.cell_type != "code":
            continue
        cell.metadata = {}
        if MARK in cell.source:
            cell.execution_count = 1
            for out in cell.outputs:
                if "execution_count" in out:
                    out["execution_count"] = 1
        else:
            cell.outputs = []
            cell.execution_count = None
    nb.metadata = {k: nb.metadata[k] for k in ("kernelspec", "language_info", "title")
                   if k in nb.metadata}
    nb.metadata["language_info"] = {"name": "python"}
    nbformat.write(nb, path)


def main(paths: list[str]) -> int:
    targets = [Path(p) for p in paths] or sorted((ROOT / "notebooks").glob("*.ipynb"))
    for path in targets:
        store(path)
        print(f"sorties enregistrées : {path.name}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

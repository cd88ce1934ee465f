"""The notebooks in `notebooks/` are the course's source: keep them thin.

A course notebook holds French prose in Markdown cells and one-line code cells calling
``tutor.ui``. Cells marked ``# NBVAL_CHECK_OUTPUT`` show worked examples as text: their outputs
are stored in the notebook and nbval compares them on every test run. Nothing else is kept: no
other output, no widget state, no cell metadata, no kernel details beyond the kernel's name.

Two entry points apply the same reduction (`thin`):

* ``python -m tutor.notebooks notebooks/*.ipynb`` (`make notebooks`) executes each notebook and
  stores the checked outputs;
* `pre_save`, the JupyterLab save hook set by ``tutor/lab/jupyter_lab_config.py`` (`make lab`),
  so that saving a notebook after running it writes exactly what `make notebooks` writes.
"""

from __future__ import annotations

import copy
import json
import sys
from pathlib import Path
from typing import Any

TAG = "nbval-check-output"  # nbval's cell tag: compare this cell's stored output
KERNELSPEC = {"display_name": "Python 3", "language": "python", "name": "python3"}
LAB_CONFIG = Path(__file__).resolve().parent / "lab" / "jupyter_lab_config.py"

Notebook = dict[str, Any]
Outputs = list[dict[str, Any]]


def source(cell: dict[str, Any]) -> str:
    text = cell.get("source", "")
    return text if isinstance(text, str) else "".join(text)


def is_checked(cell: dict[str, Any]) -> bool:
    """A code cell whose output nbval compares (tagged ``nbval-check-output``: a tag, not a
    comment, so that nothing of the test harness shows in the cell a learner reads)."""
    tags = cell.get("metadata", {}).get("tags", [])
    return bool(cell.get("cell_type") == "code" and TAG in tags)


def stored_outputs(nb: Notebook) -> dict[str, Outputs]:
    """The stored outputs of the checked cells of ``nb``, by cell source."""
    return {source(cell): cell.get("outputs", []) for cell in nb.get("cells", [])
            if is_checked(cell)}


WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"


def _numbered(output: dict[str, Any]) -> dict[str, Any]:
    """A stored output numbered 1, without a widget view (its model id changes every run; a
    worked example told step by step is a widget whose text is the transcript nbval checks)."""
    output = copy.deepcopy(output)
    if "execution_count" in output:
        output["execution_count"] = 1
    output.get("data", {}).pop(WIDGET_VIEW, None)
    return output


def thin(nb: Notebook, stored: dict[str, Outputs] | None = None) -> Notebook:
    """Reduce ``nb`` (changed in place and returned) to what is committed.

    Checked cells keep their outputs, numbered 1; when ``stored`` holds outputs for the same
    source (the notebook as it is on disk), those are kept instead, so that whatever a learner
    did in the kernel, saving never changes a stored worked example: `make notebooks` is what
    (re)computes them. Every other code cell loses its outputs and execution count; Markdown and
    code cells lose their metadata (collapsed headings, scroll state, tags other than
    ``nbval-check-output``); the notebook keeps
    only its title, the kernel's name and the language's name (no widget state).
    """
    stored = stored or {}
    for cell in nb.get("cells", []):
        checked = is_checked(cell)
        if cell.get("cell_type") in ("markdown", "code"):
            cell["metadata"] = {"tags": [TAG]} if checked else {}
        if cell.get("cell_type") != "code":
            continue
        if checked:
            outputs = stored.get(source(cell), cell.get("outputs", []))
            cell["outputs"] = [_numbered(out) for out in outputs]
            cell["execution_count"] = 1
        else:
            cell["outputs"] = []
            cell["execution_count"] = None
    metadata = nb.get("metadata", {})
    nb["metadata"] = {"kernelspec": dict(KERNELSPEC), "language_info": {"name": "python"}}
    if "title" in metadata:
        nb["metadata"]["title"] = metadata["title"]
    return nb


def pre_save(model: dict[str, Any], path: str, contents_manager: Any, **_: Any) -> None:
    """JupyterLab's pre-save hook (``ContentsManager.pre_save_hook``): thin every notebook saved,
    keeping the checked outputs already stored in the file on disk."""
    if model.get("type") != "notebook" or not isinstance(model.get("content"), dict):
        return
    on_disk = Path(contents_manager.root_dir, path.strip("/"))
    try:
        stored = stored_outputs(json.loads(on_disk.read_text(encoding="utf-8")))
    except (OSError, ValueError):
        stored = {}
    thin(model["content"], stored)


def store(path: Path, timeout: int = 300) -> None:
    """Execute the notebook at ``path`` in a fresh kernel and write it back thin, with the
    checked outputs of this run."""
    import nbformat
    from nbclient import NotebookClient

    nb = nbformat.read(path, as_version=4)  # type: ignore[no-untyped-call]
    NotebookClient(nb, timeout=timeout, kernel_name=KERNELSPEC["name"],
                   resources={"metadata": {"path": str(path.parent)}}).execute()
    thinned = nbformat.from_dict(thin(nb))  # type: ignore[no-untyped-call]
    nbformat.write(thinned, path)  # type: ignore[no-untyped-call]


def main(paths: list[str]) -> int:
    targets = [Path(p) for p in paths] or sorted(Path("notebooks").glob("*.ipynb"))
    if not targets:
        print("aucun notebook à traiter", file=sys.stderr)
        return 1
    for path in targets:
        store(path)
        print(f"sorties enregistrées : {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

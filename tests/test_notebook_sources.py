"""The notebooks are the course's source: `make notebooks` leaves them as committed, and a save
from JupyterLab as `make lab` configures it writes them back exactly as committed."""

from __future__ import annotations

import copy
import json
import re
import shutil
import subprocess
import sys
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import nbformat
import pytest
from traitlets.config.loader import PyFileConfigLoader

from tutor import notebooks as tn
from tutor import rules
from tutor.games import GAMES

from .conftest import ROOT, notebook_path

#: the course's notebooks and every game's page (the tests' own game keeps its page beside it)
NOTEBOOKS = sorted({*(ROOT / "notebooks").glob("*.ipynb"), *(notebook_path(g) for g in GAMES)})
WIDGET_VIEW = {"application/vnd.jupyter.widget-view+json":
               {"model_id": "0" * 32, "version_major": 2, "version_minor": 0},
               "text/plain": "VBox()"}


def lab_save(nb: dict[str, Any], root: Path, name: str) -> str:
    """What JupyterLab's save writes: the pre-save hook, then nbformat's writer."""
    model = {"type": "notebook", "format": "json", "content": nb}
    tn.pre_save(model=model, path=f"/{name}", contents_manager=SimpleNamespace(root_dir=str(root)))
    # nbformat's from_dict and writes are not annotated
    node = nbformat.from_dict(model["content"])  # type: ignore[no-untyped-call]
    return str(nbformat.writes(node)) + "\n"  # type: ignore[no-untyped-call]


def used_in_lab(nb: dict[str, Any]) -> dict[str, Any]:
    """``nb`` as JupyterLab holds it after a learner ran every cell, clicked and folded."""
    nb = copy.deepcopy(nb)
    nb["metadata"]["widgets"] = {"application/vnd.jupyter.widget-state+json": {"state": {}}}
    nb["metadata"]["kernelspec"]["display_name"] = "Python 3 (ipykernel)"
    nb["metadata"]["language_info"] = {"name": "python", "version": "3.11.7",
                                       "mimetype": "text/x-python"}
    for k, cell in enumerate(nb["cells"]):
        cell["source"] = "".join(cell["source"])
        if cell["cell_type"] == "markdown":
            cell["metadata"] = {"jp-MarkdownHeadingCollapsed": True}
            continue
        cell["execution_count"] = 40 + k
        cell["metadata"] = {"scrolled": True, "tags": cell["metadata"].get("tags", [])}
        if cell["outputs"]:
            for out in cell["outputs"]:
                out["execution_count"] = 40 + k
        else:
            cell["outputs"] = [{"output_type": "display_data", "data": WIDGET_VIEW,
                                "metadata": {}}]
    return nb


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_a_lab_save_after_use_writes_the_committed_notebook(path: Path) -> None:
    nb = json.loads(path.read_text(encoding="utf-8"))
    assert lab_save(used_in_lab(nb), path.parent, path.name) == path.read_text(encoding="utf-8")


def test_a_lab_save_keeps_the_stored_worked_examples_whatever_the_kernel_printed() -> None:
    path = ROOT / "notebooks" / "stupides-vautours.ipynb"
    nb = used_in_lab(json.loads(path.read_text(encoding="utf-8")))
    checked = [cell for cell in nb["cells"] if tn.is_checked(cell)]
    assert checked
    checked[0]["outputs"] = [{"output_type": "error", "ename": "KeyError", "evalue": "x",
                              "traceback": []}]
    checked[1]["outputs"] = []
    assert lab_save(nb, path.parent, path.name) == path.read_text(encoding="utf-8")


def test_a_new_checked_cell_keeps_its_output_until_make_notebooks_runs(tmp_path: Path) -> None:
    source = ROOT / "notebooks" / "vampir.ipynb"
    nb = used_in_lab(json.loads(source.read_text(encoding="utf-8")))
    out = {"output_type": "stream", "name": "stdout", "text": "nouvel exemple\n"}
    nb["cells"].append({"cell_type": "code", "id": "new", "metadata": {"tags": [tn.TAG]},
                        "execution_count": 99, "outputs": [out],
                        "source": "print('nouvel exemple')"})
    shutil.copyfile(source, tmp_path / source.name)
    saved = json.loads(lab_save(nb, tmp_path, source.name))
    (stored,) = saved["cells"][-1]["outputs"]
    assert "".join(stored["text"]) == out["text"] and saved["cells"][-1]["execution_count"] == 1
    assert saved["cells"][-1]["metadata"] == {"tags": [tn.TAG]}


def test_a_save_of_a_notebook_not_yet_on_disk_is_thinned_too(tmp_path: Path) -> None:
    nb = used_in_lab(json.loads(NOTEBOOKS[0].read_text(encoding="utf-8")))
    saved = json.loads(lab_save(nb, tmp_path, "copie.ipynb"))
    assert "widgets" not in saved["metadata"]
    assert all(bool(c["outputs"]) == tn.is_checked(c) for c in saved["cells"]
               if c["cell_type"] == "code")


def test_non_notebook_saves_are_left_alone() -> None:
    model = {"type": "file", "format": "text", "content": "# NBVAL_CHECK_OUTPUT"}
    tn.pre_save(model=model, path="/notes.txt", contents_manager=SimpleNamespace(root_dir="/"))
    assert model["content"] == "# NBVAL_CHECK_OUTPUT"


def test_make_lab_starts_jupyterlab_with_the_config_that_keeps_notebooks_thin() -> None:
    recipe = re.search(r"^lab:.*\n((?:\t.*\n)+)", (ROOT / "Makefile").read_text(), re.M)
    assert recipe is not None
    command = recipe.group(1).replace("\\\n", " ")
    assert f"--config={tn.LAB_CONFIG.relative_to(ROOT)}" in command
    assert "--ip=127.0.0.1" in command and "--allow-root" in command
    loader = PyFileConfigLoader(tn.LAB_CONFIG.name, str(tn.LAB_CONFIG.parent))
    config = loader.load_config()
    assert config.ContentsManager.pre_save_hook == "tutor.notebooks.pre_save"
    settings = Path(config.LabApp.app_settings_dir)
    overrides = json.loads((settings / "overrides.json").read_text(encoding="utf-8"))
    assert overrides["@jupyter-widgets/jupyterlab-manager:plugin"]["saveState"] is False


def test_make_notebooks_leaves_a_committed_notebook_unchanged(tmp_path: Path) -> None:
    """The notebooks are the source: executing one and storing the checked outputs (what
    `make notebooks` does, :func:`tutor.notebooks.store`) on a copy changes nothing. One
    notebook with checked outputs runs it here (Drahtseilakt's, the fewest); every other is
    covered without a second execution:
    nbval executes each notebook and compares each checked cell's outputs with the stored ones,
    and :func:`test_a_lab_save_after_use_writes_the_committed_notebook` checks that each file
    is exactly its thinned self (no other output, no widget state, no metadata)."""
    path = ROOT / "notebooks" / "drahtseilakt.ipynb"
    shutil.copyfile(path, tmp_path / path.name)
    done = subprocess.run([sys.executable, "-m", "tutor.notebooks", str(tmp_path / path.name)],
                          cwd=ROOT, capture_output=True, text=True, timeout=900, check=False)
    assert done.returncode == 0, done.stderr
    assert (tmp_path / path.name).read_text(encoding="utf-8") == \
        path.read_text(encoding="utf-8"), f"run `make notebooks`: {path.name} is stale"


@pytest.mark.parametrize("game", list(GAMES))
def test_every_clause_and_worked_example_of_the_rule_file_is_on_its_page(game: str) -> None:
    # a clause or example added to rules/ but not to the page would leave its links dangling
    # (a variant's clause was once linked from its reading and shown nowhere)
    nb = json.loads(notebook_path(game).read_text(encoding="utf-8"))
    code = "\n".join(tn.source(cell) for cell in nb["cells"] if cell["cell_type"] == "code")
    named = set(re.findall(r'"([a-z]+/[a-z0-9-]+)"', code))
    book = rules.load(game)
    assert [c for c in book.clauses if c not in named] == []
    assert [e for e in book.examples if e not in named] == []

"""The static build's hand to the Pyodide kernel: the memory snapshot option (the site itself
is built and tried in Chromium by ``make test-static``)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tutor.static.build import SNAPSHOT, lite_config, patch_kernel

#: the kernel worker's call as the minified bundle of jupyterlite-pyodide-kernel 0.7.0 has it
CALL = ('this._pyodide=await t({indexURL:s,stdout:e=>{console.log(e)},...e.loadPyodideOptions}),'
        'this._pyodide._api.on_fatal=async e=>{}')


def test_the_kernel_worker_gets_the_snapshot_from_its_option(tmp_path: Path) -> None:
    static = tmp_path / "static"
    static.mkdir()
    (static / "1.js").write_text(CALL + ";" + CALL)
    (static / "2.js").write_text("nothing to patch here")
    assert patch_kernel(tmp_path) == 2
    text = (static / "1.js").read_text()
    assert text.count("_loadSnapshot:fetch(e.loadPyodideOptions.snapshotURL)") == 2
    # the options are spread first, then the snapshot only when the option names one
    assert text.count("...e.loadPyodideOptions,...((e.loadPyodideOptions||{}).snapshotURL?") \
        == 2
    assert (static / "2.js").read_text() == "nothing to patch here"


def test_a_kernel_without_the_call_stops_the_build(tmp_path: Path) -> None:
    (tmp_path / "static").mkdir()
    (tmp_path / "static" / "1.js").write_text("loadPyodide({indexURL:s})")
    with pytest.raises(SystemExit, match="no loadPyodide call"):
        patch_kernel(tmp_path)


def test_the_site_names_the_snapshot_only_when_it_was_made() -> None:
    def options(made: bool) -> dict[str, object]:
        config = lite_config(made)["jupyter-config-data"]["litePluginSettings"]
        return dict(next(iter(config.values()))["loadPyodideOptions"])

    assert options(True)["snapshotURL"] == f"./static/pyodide/{SNAPSHOT}"
    assert "snapshotURL" not in options(False)
    # the wheels are preloaded either way: a snapshot holds modules, not their files
    assert options(True)["packages"] == options(False)["packages"]


def test_the_snapshot_imports_what_the_notebooks_import(tmp_path: Path) -> None:
    from tutor.static.build import page_imports

    cells = [{"cell_type": "markdown", "source": "import nothing"},
             {"cell_type": "code", "source": ["from tutor.ui import vautours as sv, style\n",
                                              "\n", "sv.style()"]},
             {"cell_type": "code", "source": "import json\nfrom IPython.display import display"}]
    (tmp_path / "page.ipynb").write_text(json.dumps({"cells": cells}))
    # a submodule is named as itself, a function by its module; markdown cells say nothing
    assert page_imports([tmp_path / "page.ipynb"]) == [
        "IPython.display", "json", "tutor.ui", "tutor.ui.vautours"]

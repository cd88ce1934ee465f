"""The static build's hand to the Pyodide kernel: the memory snapshot, the files bundle and the
kernel without a contents drive (the site itself is built and tried in Chromium by
``make test-static``)."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

from tutor.static.build import (
    FILES,
    SNAPSHOT,
    files_bundle,
    lite_config,
    patch_kernel,
    patch_voici,
)

#: the kernel worker's call as the minified bundle of jupyterlite-pyodide-kernel 0.7.0 has it
CALL = ('this._pyodide=await t({indexURL:s,stdout:e=>{console.log(e)},...e.loadPyodideOptions}),'
        'this._pyodide._api.on_fatal=async e=>{}')
#: Voici 0.10.0's loop over the cells, as its minified front end has it (``build/8608.js``)
EXECUTE = (
    'e.executeCells=async function(e){var t,n;const{source:i,rendermime:o,kernel:r}=e,l=i.cells'
    '.length;for(let e=0;e<l;e++){const c=i.cells.get(e);if(window.update_loading_text(e+1,l,nu'
    'll),"code"!==c.type)continue;const u=new s.OutputAreaModel({trusted:!0});let p;p="true"==='
    'a.PageConfig.getOption("include_output_prompt")?new s.OutputArea({model:u,rendermime:o}):n'
    'ew s.SimplifiedOutputArea({model:u,rendermime:o}),p.future=r.requestExecute({code:c.shared'
    'Model.getSource()}),await p.future.done;const A=document.querySelector(`[cell-index="${e+1'
    '}"]`);if(A&&a.PageConfig.getOption("include_output")&&p.node.childNodes.length>0){null===('
    't=A.lastElementChild)||void 0===t||t.classList.remove("jp-mod-noOutputs","jp-mod-noInput")'
    ';const e=document.createElement("div");e.classList.add("jp-Cell-outputWrapper");const a=do'
    'cument.createElement("div");a.classList.add("jp-Collapser","jp-OutputCollapser","jp-Cell-o'
    'utputCollapser"),e.appendChild(a),null===(n=A.lastElementChild)||void 0===n||n.appendChild'
    '(e),p.node.classList.add("jp-Cell-outputArea"),p.node.style.display="flex",p.node.style.fl'
    'exDirection="column",d.Widget.attach(p,e)}}window.display_cells(),window.dispatchEvent(new'
    ' Event("resize"))}')
#: that loop run in Node with a notebook of code (C) and Markdown (m) cells, every part of the
#: page it touches stubbed: what it does, in order, and when the caller gets it back
RUN_CELLS_JS = """
const log = [];
const window = {update_loading_text() {}, display_cells() { log.push("show"); },
                dispatchEvent() {}};
class Event { constructor(name) { this.name = name; } }
const node = () => ({childNodes: [1], classList: {add() {}, remove() {}}, style: {},
                      appendChild() {}, lastElementChild: null});
const document = {querySelector: node, createElement: node,
                  body: {setAttribute(name) { log.push(name); }}, dispatchEvent() {}};
class Area { constructor() { this.node = node(); } }
const s = {OutputAreaModel: class {}, OutputArea: Area, SimplifiedOutputArea: Area};
const a = {PageConfig: {getOption: (name) => name === "include_output" ? "true" : "false"}};
const d = {Widget: {attach() {}}};
const kinds = process.argv[2];
const cells = [...kinds].map((kind, i) => ({type: kind === "C" ? "code" : "markdown",
                                           sharedModel: {getSource: () => String(i)}}));
const kernel = {requestExecute({code}) {
  log.push("run " + code);
  return {done: new Promise((resolve) => setTimeout(resolve, 5))};
}};
const A = {};
(function (e) { @EXECUTE@ })(A);
A.executeCells({source: {cells: {length: cells.length, get: (i) => cells[i]}},
                kernel, rendermime: {}})
  .then(() => { log.push("returned"); });
setTimeout(() => console.log(JSON.stringify(log)), 500);
"""
#: the kernel plugin's options, likewise
PLUGIN = "r=new n({...e,pyodideUrl:g,mountDrive:l,loadPyodideOptions:u,contentsManager:s})"


def test_the_kernel_worker_gets_the_snapshot_and_the_files_from_its_options(
        tmp_path: Path) -> None:
    static = tmp_path / "static"
    static.mkdir()
    (static / "1.js").write_text(CALL + ";" + CALL)
    (static / "2.js").write_text("nothing to patch here;" + PLUGIN)
    assert patch_kernel(tmp_path) == (2, 1)
    text = (static / "1.js").read_text()
    # the site's options spread first, then what the two options name, each only when set
    assert text.count("...e.loadPyodideOptions,...(__o=>{") == 2
    assert text.count("if(__o.snapshotURL)__s._loadSnapshot=__get(__o.snapshotURL)") == 2
    assert text.count("if(__o.filesURL){__s.packages=[];__s.fsInit=async(") == 2
    assert text.count("})(e.loadPyodideOptions||{})}).then(__p=>{") == 2
    # still one statement: the started Pyodide is what the worker keeps
    assert text.count("this._pyodide=await t({") == 2
    assert text.endswith("return __p}),this._pyodide._api.on_fatal=async e=>{}")
    assert (static / "2.js").read_text() == (
        "nothing to patch here;r=new n({...e,pyodideUrl:g,mountDrive:!1,loadPyodideOptions:u,"
        "contentsManager:s})")


def test_a_kernel_without_the_call_or_the_drive_option_stops_the_build(tmp_path: Path) -> None:
    (tmp_path / "static").mkdir()
    (tmp_path / "static" / "1.js").write_text("loadPyodide({indexURL:s});" + PLUGIN)
    with pytest.raises(SystemExit, match="no loadPyodide call"):
        patch_kernel(tmp_path)
    (tmp_path / "static" / "1.js").write_text(CALL)
    with pytest.raises(SystemExit, match="no mountDrive option"):
        patch_kernel(tmp_path)


def test_the_site_names_the_snapshot_and_its_files_only_when_made() -> None:
    def options(made: bool) -> dict[str, object]:
        config = lite_config(made)["jupyter-config-data"]["litePluginSettings"]
        return dict(next(iter(config.values()))["loadPyodideOptions"])

    assert options(True)["snapshotURL"] == f"./static/pyodide/{SNAPSHOT}"
    assert options(True)["filesURL"] == f"./static/pyodide/{FILES}"
    assert "snapshotURL" not in options(False) and "filesURL" not in options(False)
    # the kernel reads the list to know what not to install itself, either way
    assert options(True)["packages"] == options(False)["packages"]


def test_the_files_bundle_holds_every_file_of_every_wheel(tmp_path: Path) -> None:
    import gzip
    import struct
    import zipfile

    wheels = {"a": {"a/__init__.py": b"x = 1\n", "a-1.dist-info/METADATA": b"Name: a\n"},
              "b": {"b.py": b"", "b/data/r\u00e8gle.md": "é".encode()}}
    packages = {}
    for name, files in wheels.items():
        with zipfile.ZipFile(tmp_path / f"{name}-1-py3-none-any.whl", "w") as whl:
            whl.writestr(f"{name}/", "")  # a directory entry: no file
            for path, data in files.items():
                whl.writestr(path, data)
        packages[name] = {"file_name": f"{name}-1-py3-none-any.whl"}
    (tmp_path / "pyodide-lock.json").write_text(json.dumps({"packages": packages}))
    assert files_bundle(tmp_path) == 4
    raw = gzip.decompress((tmp_path / FILES).read_bytes())
    (size,) = struct.unpack("<I", raw[:4])
    header = json.loads(raw[4:4 + size])
    assert header["packages"] == ["a", "b"]
    at, found = 4 + size, {}
    for path, length in header["files"]:
        found[path] = raw[at:at + length]
        at += length
    assert at == len(raw)
    assert found == {**wheels["a"], **wheels["b"]}
    # the same wheels, the same bytes (no time in the gzip header)
    first = (tmp_path / FILES).read_bytes()
    files_bundle(tmp_path)
    assert (tmp_path / FILES).read_bytes() == first


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


def run_cells(tmp_path: Path, loop: str, kinds: str) -> list[str]:
    node = shutil.which("node")
    if node is None:
        pytest.skip("Node is not installed (make static installs it)")
    script = tmp_path / "run.js"
    script.write_text(RUN_CELLS_JS.replace("@EXECUTE@", loop))
    done = subprocess.run([node, str(script), kinds], capture_output=True, text=True,
                          check=True, timeout=60)
    return list(json.loads(done.stdout))


def test_a_static_page_shows_once_its_opening_ran_then_runs_the_rest(tmp_path: Path) -> None:
    build = tmp_path / "voici" / "build"
    build.mkdir(parents=True)
    (build / "1.js").write_text("before;" + EXECUTE + ";after")
    (build / "2.js").write_text("nothing to patch here")
    # Voici as it comes: every cell runs, then the page shows
    assert run_cells(tmp_path, EXECUTE, "CCmCmC") == [
        "run 0", "run 1", "run 3", "run 5", "show", "returned"]
    assert patch_voici(tmp_path) == 1
    patched = (build / "1.js").read_text()
    assert patched.startswith("before;e.executeCells=async function(__o){")
    assert patched.endswith(";after")
    loop = patched.removeprefix("before;").removesuffix(";after")
    # the opening (the code cells before the first Markdown one), the page shown and handed
    # back to Voici to place while the next cell is sent, then the other cells, the page shown
    # again, and ready
    assert run_cells(tmp_path, loop, "CCmCmC") == [
        "run 0", "run 1", "show", "run 3", "returned", "run 5", "show", "data-tutor-ready"]
    # a notebook of code cells only: shown once all ran, as before, and ready
    assert run_cells(tmp_path, loop, "CCC") == [
        "run 0", "run 1", "run 2", "show", "show", "data-tutor-ready", "returned"]


def test_a_voici_without_its_loop_over_the_cells_stops_the_build(tmp_path: Path) -> None:
    build = tmp_path / "voici" / "build"
    build.mkdir(parents=True)
    (build / "1.js").write_text("e.runCells=async function(e){}")
    with pytest.raises(SystemExit, match="no executeCells"):
        patch_voici(tmp_path)
    (build / "1.js").write_text(EXECUTE.replace(".Widget.attach(", ".attach("))
    with pytest.raises(SystemExit, match="no widget module"):
        patch_voici(tmp_path)

"""The static build's hand to the Pyodide kernel: the memory snapshot, the files bundle and the
kernel without a contents drive (the site itself is built and tried in Chromium by
``make test-static``)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tutor.static.build import FILES, SNAPSHOT, files_bundle, lite_config, patch_kernel

#: the kernel worker's call as the minified bundle of jupyterlite-pyodide-kernel 0.7.0 has it
CALL = ('this._pyodide=await t({indexURL:s,stdout:e=>{console.log(e)},...e.loadPyodideOptions}),'
        'this._pyodide._api.on_fatal=async e=>{}')
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

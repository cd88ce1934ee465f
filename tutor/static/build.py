"""Build the static site (``make static``): ``build/static/``, served by any static file server.

Voici renders ``notebooks/*.ipynb`` into pages whose kernel is JupyterLite's Pyodide kernel,
running in the learner's browser. Everything the site loads is copied into it at build time
from the package registries, so nothing is fetched from a CDN when it runs:

- Pyodide's core (``pyodide.js``, ``pyodide.asm.js``/``.wasm``, ``python_stdlib.zip``) from
  the npm package ``pyodide`` at the version the Pyodide kernel was made for;
- the pure-Python wheels the kernel and the tutor need, from PyPI (``pip download
  --platform any``), at the versions Pyodide's own lock file names for the packages it ships
  (IPython, micropip...), plus ``comm``, ``ipywidgets`` and this package's wheel built
  locally (the rule files ride in it as ``tutor/rules_data``), and the kernel's own wheels
  (``piplite``, ``pyodide_kernel``) from its federated extension;
- a ``pyodide-lock.json`` written here that lists exactly those wheels (relative to Pyodide's
  own folder), so ``loadPyodide`` preloads them all, the kernel and the tutor, while it starts:
  the kernel installs nothing at its start (no ``micropip``, no ``piplite``, whose PyPI
  fallback is turned off anyway);
- bytecode added to those wheels, compiled by that same Pyodide run in Node at build time, so
  the page does not compile IPython and ipywidgets before its first widget;
- a memory snapshot of that Pyodide with IPython, ipywidgets and the tutor's page modules
  imported (``static/pyodide/snapshot.bin.gz``, made in Node at build time with Pyodide's
  ``_makeSnapshot``), which the kernel restores instead of starting an interpreter and importing
  them (a restore takes a fraction of a start: figures in docs/static.md);
- with it, every file of those wheels in one download (``static/pyodide/files.bin.gz``),
  written into Pyodide's file system before Python starts: with a snapshot, ``loadPyodide``
  loads no wheel (the lock still serves a site built without Node); the kernel's worker is
  given both through two options and starts without the contents drive (:func:`patch_kernel`);
- Font Awesome 5 (npm ``@fortawesome/fontawesome-free``), which Voilà's page template links
  from a CDN, copied into the site and linked locally;
- Voici's front end shows a page once its opening ran rather than after its last cell,
  and marks it ready (``data-tutor-ready``) once every cell ran (:func:`patch_voici`); the
  spinner speaks French, as on the served pages (:func:`shared`).

Downloads are cached in ``build/cache/`` (ignored by git), so a rebuild is offline.
"""

from __future__ import annotations

import argparse
import gzip
import hashlib
import json
import re
import shutil
import subprocess
import sys
import tarfile
import tempfile
import time
import zipfile
from importlib import metadata
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
BUILD = ROOT / "build"
CACHE = BUILD / "cache"

#: the Pyodide the kernel (jupyterlite-pyodide-kernel 0.7.0, the last one whose front end fits
#: Voici 0.10's JupyterLite 0.7.0) was made for: Python 3.13
PYODIDE_VERSION = "0.29.0"
#: the icon font Voilà's lab template (hence Voici's) links from a CDN; bundled instead
FONTAWESOME_VERSION = "5.15.4"
FONTAWESOME_CDN = "https://cdn.jsdelivr.net/npm/@fortawesome/fontawesome-free@^5/"
PYODIDE_FILES = ("pyodide.js", "pyodide.mjs", "pyodide.asm.js", "pyodide.asm.wasm",
                 "python_stdlib.zip")
#: what the Pyodide kernel loads itself at start (from Pyodide's lock)
KERNEL_PACKAGES = ("micropip", "packaging", "ipython")
#: packages the kernel asks for that the pages do without: the lock names an empty wheel
#: (metadata only) for each, so the kernel does not install them and their import fails as
#: IPython expects when they are missing. ``sqlite3`` is a CPython module built for Emscripten
#: that only Pyodide's CDN and release tarball have, on no package registry (IPython then
#: keeps no history database); ``jedi`` (2 MB with ``parso``) only completes code as it is
#: typed, and the pages have no code to type (IPython then completes without it). name -> why
PLACEHOLDERS = {"sqlite3": "Pyodide's sqlite3 module is not bundled",
                "jedi": "the pages type no code to complete"}
#: wheels Pyodide does not ship: name -> (version, depends, imports)
EXTRA_PACKAGES: dict[str, tuple[str, list[str], list[str]]] = {
    "comm": ("0.2.3", ["traitlets"], ["comm"]),
    "ipywidgets": ("8.1.9", ["comm", "ipython", "traitlets"], ["ipywidgets"]),
    # the page's link to the browser (tutor/ui/bridge.py); the same versions as the Python side
    # installed here, whose federated extension the site ships (LABEXTENSIONS)
    "psygnal": (metadata.version("psygnal"), [], ["psygnal"]),
    "typing-extensions": (metadata.version("typing-extensions"), [], ["typing_extensions"]),
    "anywidget": (metadata.version("anywidget"), ["ipywidgets", "psygnal", "typing-extensions"],
                  ["anywidget"]),
    # the French stemmer of « Une question ? » (tutor/search.py), pure Python
    "snowballstemmer": (metadata.version("snowballstemmer"), [], ["snowballstemmer"]),
}
#: the kernel's own wheels, shipped in its federated extension (``static/pypi``): without them
#: in the lock, each kernel start installs them with micropip and piplite (an index to fetch,
#: three installs one after the other) before it can run a cell. name -> depends
KERNEL_WHEELS = {"piplite": ["micropip"], "ipykernel": [],
                 "pyodide-kernel": ["piplite", "ipykernel", "comm", "ipython"]}
#: preloaded while Pyodide starts, in parallel; the kernel installs with piplite whatever of
#: its own list is not named here (it compares the names as written: ``pyodide_kernel``),
#: :data:`PLACEHOLDERS` included.
PRELOAD = ["micropip", "piplite", "ipykernel", "pyodide_kernel", "comm", "ipython", "jedi",
           "sqlite3", "tutor"]
#: imported into the memory snapshot (:func:`snapshot`) besides what the pages' notebooks
#: import (:func:`page_imports`): what the kernel and every page import before a first widget.
#: Not ``micropip``, ``ipykernel`` nor ``pyodide_kernel``: once imported they hold JavaScript
#: objects, which a snapshot cannot keep (the kernel imports them after); but what they import
#: that holds none is here (micropip: ``unittest.mock``, ``difflib``, ``html.parser``; the
#: kernel: the rest), which shortens their imports at each start (docs/static.md)
SNAPSHOT_IMPORTS = ("IPython", "ipywidgets", "anywidget", "comm", "traitlets", "unittest.mock",
                    "difflib", "html.parser", "IPython.core.completerlib", "_strptime",
                    "calendar", "getpass")
#: the snapshot as the site ships it: gzipped (36–44 MB of memory, 11–13 MB), unzipped by the
#: worker (``DecompressionStream``): a static host need not compress it (GitHub Pages does not
#: compress binary files)
SNAPSHOT = "snapshot.bin.gz"
#: every file of the lock's wheels in one gzipped download (:func:`files_bundle`), written into
#: Pyodide's file system by the kernel's worker before Python starts
FILES = "files.bin.gz"
KERNEL_PLUGIN = "@jupyterlite/pyodide-kernel-extension:kernel"
KERNEL_EXTENSION = "@jupyterlite/pyodide-kernel-extension"
#: federated extensions the site needs (the others installed beside Voilà are left out)
LABEXTENSIONS_DIR = Path(sys.prefix) / "share" / "jupyter" / "labextensions"
LABEXTENSIONS = ("@jupyter-widgets/jupyterlab-manager", KERNEL_EXTENSION, "anywidget")


def log(message: str) -> None:
    print(f"[static] {message}", flush=True)


def norm(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def run(*cmd: str, cwd: Path | None = None) -> None:
    subprocess.run(cmd, check=True, cwd=cwd)


def npm_package(cache: Path, name: str, version: str) -> Path:
    """An npm package unpacked (``npm pack``, cached)."""
    stem = name.removeprefix("@").replace("/", "-")
    folder = cache / f"{stem}-{version}"
    if (folder / "package.json").exists():
        return folder
    cache.mkdir(parents=True, exist_ok=True)
    tgz = cache / f"{stem}-{version}.tgz"
    if not tgz.exists():
        npm = shutil.which("npm")
        if npm is None:
            sys.exit(f"npm is needed to fetch the npm package {name} (apt-get install npm)")
        log(f"npm pack {name}@{version}")
        run(npm, "pack", f"{name}@{version}", "--pack-destination", str(cache), "--silent")
    tmp = cache / "unpack"
    shutil.rmtree(tmp, ignore_errors=True)
    with tarfile.open(tgz) as tar:
        tar.extractall(tmp, filter="data")
    shutil.rmtree(folder, ignore_errors=True)
    (tmp / "package").rename(folder)
    shutil.rmtree(tmp)
    return folder


def closure(lock: dict[str, Any], roots: tuple[str, ...]) -> tuple[list[str], list[str]]:
    """The pure-Python packages ``roots`` need in Pyodide's lock, and the others met on the
    way, left out with what only they need (``matplotlib``, which ``matplotlib-inline`` names
    but imports only on ``%matplotlib``); :data:`PLACEHOLDERS` are neither."""
    packages = lock["packages"]
    seen: list[str] = []
    left_out: list[str] = []

    def visit(name: str) -> None:
        key = norm(name)
        if key in seen or key in left_out or key in PLACEHOLDERS:
            return
        if not is_pure(packages[key]["file_name"]):
            left_out.append(key)
            return
        seen.append(key)
        for dep in packages[key]["depends"]:
            visit(dep)

    for root in roots:
        visit(root)
    return seen, left_out


def is_pure(file_name: str) -> bool:
    return file_name.endswith("-none-any.whl")


def find_wheel(folder: Path, name: str, version: str) -> Path | None:
    for wheel in folder.glob("*.whl"):
        dist, ver = wheel.name.split("-")[:2]
        if norm(dist) == norm(name) and ver == version:
            return wheel
    return None


def download_wheels(specs: dict[str, str], folder: Path, python: str) -> dict[str, Path]:
    """Pure-Python wheels from PyPI, exact versions, cached in ``folder``."""
    folder.mkdir(parents=True, exist_ok=True)
    missing = [f"{name}=={ver}" for name, ver in specs.items()
               if find_wheel(folder, name, ver) is None]
    if missing:
        log(f"pip download {' '.join(missing)}")
        run(sys.executable, "-m", "pip", "download", "--quiet", "--no-deps",
            "--only-binary=:all:", "--platform", "any", "--python-version", python,
            "--dest", str(folder), *missing)
    wheels = {}
    for name, ver in specs.items():
        wheel = find_wheel(folder, name, ver)
        if wheel is None:
            sys.exit(f"no pure-Python wheel {name}=={ver} was downloaded")
        wheels[name] = wheel
    return wheels


def tutor_wheel(folder: Path) -> Path:
    """This package's wheel, built from the working tree (rules inside, as rules_data)."""
    shutil.rmtree(folder, ignore_errors=True)
    log("pip wheel . (the tutor)")
    run(sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "--no-build-isolation",
        "--wheel-dir", str(folder), str(ROOT))
    (wheel,) = folder.glob("tutor-*.whl")
    return wheel


def placeholder(folder: Path, name: str, why: str) -> Path:
    """An empty wheel (metadata only) standing for the package ``name`` (:data:`PLACEHOLDERS`)."""
    folder.mkdir(parents=True, exist_ok=True)
    wheel = folder / f"{name}-0-py3-none-any.whl"
    info = f"{name}-0.dist-info"
    files = {
        f"{info}/METADATA": f"Metadata-Version: 2.1\nName: {name}\nVersion: 0\nSummary: "
                            f"placeholder: {why}\n",
        f"{info}/WHEEL": "Wheel-Version: 1.0\nGenerator: tutor.static\nRoot-Is-Purelib: "
                         "true\nTag: py3-none-any\n",
    }
    files[f"{info}/RECORD"] = "".join(f"{name},,\n" for name in files) + f"{info}/RECORD,,\n"
    with zipfile.ZipFile(wheel, "w") as zf:
        for name, text in files.items():
            zf.writestr(zipfile.ZipInfo(name, (2020, 1, 1, 0, 0, 0)), text)
    return wheel


PRECOMPILE_JS = """
const [dir, wheels] = process.argv.slice(2);
const { loadPyodide } = await import(new URL("pyodide.mjs", "file://" + dir + "/").href);
const py = await loadPyodide({ indexURL: dir + "/" });
py.mountNodeFS("/wheels", wheels);
await py.runPythonAsync(`
import compileall, pathlib, py_compile, sys, tempfile, zipfile
site = f"/lib/python{sys.version_info.major}.{sys.version_info.minor}/site-packages"
for whl in sorted(pathlib.Path("/wheels").glob("*.whl")):
    tmp = pathlib.Path(tempfile.mkdtemp())
    with zipfile.ZipFile(whl) as zf:
        names = zf.namelist()
        zf.extractall(tmp)
    if any("__pycache__/" in n for n in names):
        continue
    compileall.compile_dir(str(tmp), quiet=2, ddir=site, workers=1,
        invalidation_mode=py_compile.PycInvalidationMode.UNCHECKED_HASH)
    pycs = sorted(str(p.relative_to(tmp)) for p in tmp.rglob("__pycache__/*.pyc"))
    with zipfile.ZipFile(whl, "w", zipfile.ZIP_DEFLATED) as zf:
        for name in [*names, *pycs]:
            if not name.endswith("/"):
                zf.write(tmp / name, name)
`);
"""


def node_script(folder: Path, name: str, source: str) -> list[str] | None:
    """The command running the JavaScript ``source`` in Node (written as ``folder/name``, in
    the build's cache), which runs the site's Pyodide at build time; None without Node."""
    node = shutil.which("node")
    if node is None:
        return None
    folder.mkdir(parents=True, exist_ok=True)
    (folder / name).write_text(source)
    return [node, str(folder / name)]


def precompile(folder: Path, pyodide: Path, wheels: list[Path]) -> None:
    """Add bytecode (``__pycache__/*.cpython-3XX.pyc``, unchecked-hash, so it is used as is)
    to the wheels, compiled by the very Pyodide the site ships (run in Node): the page then
    imports IPython and ipywidgets without compiling them first."""
    command = node_script(folder, "precompile.mjs", PRECOMPILE_JS)
    if command is None:
        log("node not found: wheels left without bytecode (slower first load)")
        return
    work = folder / "wheels"
    shutil.rmtree(work, ignore_errors=True)
    work.mkdir()
    for wheel in wheels:
        shutil.copy2(wheel, work / wheel.name)
    log(f"precompile {len(wheels)} wheels with Pyodide in Node")
    run(*command, str(pyodide), str(work))
    for wheel in wheels:
        shutil.copy2(work / wheel.name, wheel)


SNAPSHOT_JS = """
import fs from "node:fs";
const [dir, out, imports] = process.argv.slice(2);
const { loadPyodide } = await import(new URL("pyodide.mjs", "file://" + dir + "/").href);
const py = await loadPyodide({ indexURL: dir + "/", _makeSnapshot: true });
const lock = JSON.parse(fs.readFileSync(dir + "/pyodide-lock.json", "utf8"));
py.FS.mkdirTree("/tmp/wheels");
for (const p of Object.values(lock.packages)) {
  py.FS.writeFile("/tmp/wheels/" + p.file_name, fs.readFileSync(dir + "/" + p.file_name));
}
py.runPython(`
import os, shutil, site, zipfile
for name in sorted(os.listdir("/tmp/wheels")):
    zipfile.ZipFile("/tmp/wheels/" + name).extractall(site.getsitepackages()[0])
shutil.rmtree("/tmp/wheels")
`);
py.runPython(imports);
fs.writeFileSync(out, py.makeMemorySnapshot());
"""


def page_imports(notebooks: list[Path]) -> list[str]:
    """The modules the notebooks' code cells import, each named as a module (``from tutor.ui
    import vautours`` imports ``tutor.ui.vautours``; ``from IPython.display import display``,
    ``IPython.display``): imported into the snapshot, the pages find them there."""
    import ast
    import importlib.util

    def is_module(name: str) -> bool:
        try:
            return importlib.util.find_spec(name) is not None
        except (ImportError, ValueError):
            return False

    names: set[str] = set()
    for notebook in notebooks:
        for cell in json.loads(notebook.read_text(encoding="utf-8"))["cells"]:
            if cell["cell_type"] != "code":
                continue
            source = cell["source"] if isinstance(cell["source"], str) else "".join(cell["source"])
            for node in ast.walk(ast.parse(source)):
                if isinstance(node, ast.Import):
                    names.update(alias.name for alias in node.names)
                elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
                    for alias in node.names:
                        sub = f"{node.module}.{alias.name}"
                        names.add(sub if is_module(sub) else node.module)
    return sorted(names)


def snapshot(folder: Path, pyodide: Path, imports: list[str]) -> bool:
    """Write ``pyodide/``:data:`SNAPSHOT`: the site's Pyodide (in Node) with the lock's wheels
    unpacked and :data:`SNAPSHOT_IMPORTS` and ``imports`` imported, its memory as Pyodide's
    ``makeMemorySnapshot`` gives it. Restored, the modules are there but not their files (a
    snapshot holds the interpreter's memory, not its file system): they come beside it, in one
    file (:func:`files_bundle`), for the modules not imported yet, the tutor's rule files and
    tracebacks. The snapshot holds no path nor variable of the machine that builds it
    (Pyodide's own environment); Python's hash seed is the same on every load of one build (a
    page running one learner's code: no hash-flooding to fear). Written gzipped (the same bytes
    for the same memory: no name, no time in the header).
    Without Node, no snapshot: the kernel starts as it would."""
    command = node_script(folder, "snapshot.mjs", SNAPSHOT_JS)
    if command is None:
        log("node not found: no memory snapshot (the kernel starts Pyodide at each load)")
        return False
    modules = list(dict.fromkeys([*SNAPSHOT_IMPORTS, *imports]))
    log(f"memory snapshot of Pyodide with {', '.join(modules)} imported")
    raw = folder / "snapshot.bin"
    run(*command, str(pyodide), str(raw), "import " + ", ".join(modules))
    with (pyodide / SNAPSHOT).open("wb") as out, \
            gzip.GzipFile(filename="", mode="wb", fileobj=out, mtime=0) as packed:
        packed.write(raw.read_bytes())
    raw.unlink()
    return True


def files_bundle(pyodide: Path) -> int:
    """Write ``pyodide/``:data:`FILES`: the files of every wheel of the site's lock, as the
    snapshot unpacked them (:func:`snapshot`: into ``site-packages``), in one gzipped file: a
    4-byte little-endian length, a JSON header of that length (``packages``: the lock's names;
    ``files``: ``[path, size]`` in order) and the files' bytes end to end (the same bytes for
    the same wheels). The kernel's worker writes them into the file system before Python starts
    and marks the packages loaded (:data:`WORKER_OPTIONS`), instead of fetching the wheels one
    by one and unpacking them in Python (seconds of a page's start: docs/static.md). Returns
    the number of files."""
    import struct
    import zipfile

    lock = json.loads((pyodide / "pyodide-lock.json").read_text())
    names, files, chunks = [], [], []
    for name, package in sorted(lock["packages"].items()):
        names.append(name)
        with zipfile.ZipFile(pyodide / package["file_name"]) as wheel:
            for info in wheel.infolist():
                if not info.is_dir():
                    chunks.append(wheel.read(info))
                    files.append([info.filename, len(chunks[-1])])
    header = json.dumps({"packages": names, "files": files}, separators=(",", ":")).encode()
    with (pyodide / FILES).open("wb") as out, \
            gzip.GzipFile(filename="", mode="wb", fileobj=out, mtime=0) as packed:
        packed.write(struct.pack("<I", len(header)) + header)
        for chunk in chunks:
            packed.write(chunk)
    return len(files)


#: the kernel worker's call of ``loadPyodide`` (minified: ``...e.loadPyodideOptions})``)
LOAD_CALL = re.compile(r"\.\.\.(\w+)\.loadPyodideOptions\}\)")
#: what the call gets besides the site's JSON options (``@OPTIONS@``: its options object),
#: from two of them (the kernel extension resolves options ending in ``URL`` against the
#: site's address): ``snapshotURL``, the memory snapshot's bytes (``_loadSnapshot``);
#: ``filesURL``, the files of every package written by Pyodide's ``fsInit`` hook before Python
#: starts, no package for Pyodide to load, and then, on the started Pyodide, each package
#: marked loaded (so that the kernel's ``loadPackagesFromImports`` before each cell finds them
#: there). A download is unzipped unless the server already did (gzip starts with 1f 8b).
WORKER_OPTIONS = """...(__o=>{const __z=b=>{const u=new Uint8Array(b,0,2);return u[0]===31\
&&u[1]===139?new Response(new Blob([b]).stream().pipeThrough(new DecompressionStream("gzip")))\
.arrayBuffer():b},__get=u=>fetch(u).then(r=>{if(!r.ok)throw new Error(`Pyodide: ${r.status} \
${r.url}`);return r.arrayBuffer()}).then(__z),__s={};if(__o.snapshotURL)__s._loadSnapshot=\
__get(__o.snapshotURL);if(__o.filesURL){__s.packages=[];__s.fsInit=async(__fs,{sitePackages:\
__site})=>{const b=new Uint8Array(await __get(__o.filesURL)),n=new DataView(b.buffer)\
.getUint32(0,!0),h=JSON.parse(new TextDecoder().decode(b.subarray(4,4+n)));let at=4+n;for(\
const[p,size]of h.files){const f=__site+"/"+p;__fs.mkdirTree(f.slice(0,f.lastIndexOf("/")));\
__fs.writeFile(f,b.subarray(at,at+size));at+=size}__o.__installed=h.packages}}return __s})\
(@OPTIONS@||{})}).then(__p=>{for(const k of (@OPTIONS@||{}).__installed||[])__p.loadedPackages[k]\
="default channel";return __p})"""
#: the kernel plugin's choice of a contents drive (minified: ``mountDrive:l,``)
DRIVE_OPTION = re.compile(r"\bmountDrive:(\w+),")


def patch_kernel(extension: Path) -> tuple[int, int]:
    """Hand the Pyodide kernel what the build made ahead, in its minified bundle: its worker's
    ``loadPyodide`` call spreads ``loadPyodideOptions`` from the site's configuration, which
    JSON fills, whereas Pyodide takes bytes and functions: the call gets them from two options
    (:data:`WORKER_OPTIONS`), each set by the site only when it was made. And the kernel starts
    without the contents drive: the pages read no file of the site, and the drive made each of
    Python's file lookups in the working directory a synchronous request through the service
    worker (some thirty at each start). Returns how many calls and drive choices were
    patched (the build stops if either is missing: the kernel's code changed)."""
    calls = drives = 0
    for script in sorted((extension / "static").glob("*.js")):
        text = script.read_text(encoding="utf-8")
        new, n = LOAD_CALL.subn(
            lambda m: f"...{m[1]}.loadPyodideOptions,"
            + WORKER_OPTIONS.replace("@OPTIONS@", f"{m[1]}.loadPyodideOptions"), text)
        new, d = DRIVE_OPTION.subn("mountDrive:!1,", new)
        if n or d:
            script.write_text(new, encoding="utf-8")
            calls, drives = calls + n, drives + d
    if not calls:
        sys.exit(f"{extension}: no loadPyodide call to give the memory snapshot to")
    if not drives:
        sys.exit(f"{extension}: no mountDrive option to turn the contents drive off")
    return calls, drives


#: Voici's front end runs the notebook's cells one after the other in ``executeCells`` and shows
#: the page only once the last one ran (``window.display_cells()``).
EXECUTE_CELLS = re.compile(
    r'(?P<ns>[\w$]+)\.executeCells=async function\([\w$]+\)\{(?P<body>.*?)'
    r'window\.display_cells\(\),window\.dispatchEvent\(new Event\("resize"\)\)\}')
#: the same loop (@NS@, @OUTPUT@, @CONFIG@, @WIDGET@: the names the bundle gives the function's
#: namespace and the modules of ``OutputArea``, ``PageConfig`` and ``Widget``) that returns, and
#: so lets Voici put the cells on the page, once the page's opening has run (the code cells
#: before its first Markdown cell: header, question box, the rule in a minute), and runs the
#: others below it (the kernel answers a click once they have run); then it says the page is
#: ready (``data-tutor-ready``, as the served pages do).
EXECUTE_CELLS_SHOWN_EARLY = """@NS@.executeCells=async function(__o){\
const{source:__s,rendermime:__r,kernel:__k}=__o,__n=__s.cells.length,\
__show=()=>{window.display_cells(),window.dispatchEvent(new Event("resize"))},\
__run=async __i=>{const __c=__s.cells.get(__i);window.update_loading_text(__i+1,__n,null);\
if("code"!==__c.type)return!1;const __m=new @OUTPUT@.OutputAreaModel({trusted:!0}),\
__a="true"===@CONFIG@.PageConfig.getOption("include_output_prompt")\
?new @OUTPUT@.OutputArea({model:__m,rendermime:__r})\
:new @OUTPUT@.SimplifiedOutputArea({model:__m,rendermime:__r});\
__a.future=__k.requestExecute({code:__c.sharedModel.getSource()});await __a.future.done;\
const __e=document.querySelector(`[cell-index="${__i+1}"]`);\
if(__e&&@CONFIG@.PageConfig.getOption("include_output")&&__a.node.childNodes.length>0){\
const __l=__e.lastElementChild;__l&&__l.classList.remove("jp-mod-noOutputs","jp-mod-noInput");\
const __w=document.createElement("div");__w.classList.add("jp-Cell-outputWrapper");\
const __x=document.createElement("div");\
__x.classList.add("jp-Collapser","jp-OutputCollapser","jp-Cell-outputCollapser");\
__w.appendChild(__x);__l&&__l.appendChild(__w);__a.node.classList.add("jp-Cell-outputArea");\
__a.node.style.display="flex";__a.node.style.flexDirection="column";\
@WIDGET@.Widget.attach(__a,__w)}return!0};\
let __i=0,__ran=!1;\
for(;__i<__n&&!(__ran&&"code"!==__s.cells.get(__i).type);)__ran=await __run(__i++)||__ran;\
__show();(async()=>{for(;__i<__n;)await __run(__i++);__show();\
document.body.setAttribute("data-tutor-ready","");\
document.dispatchEvent(new Event("tutor-ready"))})()}"""


def show_early(match: re.Match[str]) -> str:
    """:data:`EXECUTE_CELLS_SHOWN_EARLY` with the names of the bundle's ``match``."""
    body = match["body"]
    names = {"@NS@": match["ns"]}
    for key, pattern in (("@OUTPUT@", r"new ([\w$]+)\.OutputAreaModel\("),
                         ("@CONFIG@", r'([\w$]+)\.PageConfig\.getOption\("include_output"'),
                         ("@WIDGET@", r"([\w$]+)\.Widget\.attach\(")):
        found = re.search(pattern, body)
        if found is None:
            raise ValueError(f"no {key.strip('@').lower()} module in Voici's executeCells")
        names[key] = found[1]
    return re.sub("@[A-Z]+@", lambda m: names[m[0]], EXECUTE_CELLS_SHOWN_EARLY)


def patch_voici(output: Path) -> int:
    """Show each page once its opening ran, not after its last cell (Voici's front end, its
    minified bundles in ``output``; :data:`EXECUTE_CELLS_SHOWN_EARLY`): a page's opening is
    its cells up to the end of its first code cells (the header, the question box, the rule in
    a minute); the others run below it while the learner reads (figures in docs/static.md).
    Returns how many bundles were patched (the build stops if none: Voici's code changed)."""
    patched = 0
    for script in sorted((output / "voici" / "build").glob("*.js")):
        text = script.read_text(encoding="utf-8")
        try:
            new, n = EXECUTE_CELLS.subn(show_early, text)
        except ValueError as exc:
            sys.exit(f"{script}: {exc}")
        if n:
            script.write_text(new, encoding="utf-8")
            patched += n
    if not patched:
        sys.exit(f"{output}: no executeCells in Voici's front end to show the page early")
    return patched


def kernel_wheels(packages: dict[str, Any], wheels: dict[str, Path]) -> None:
    """Add :data:`KERNEL_WHEELS` to the lock's ``packages`` and their files to ``wheels``,
    from the kernel's federated extension as installed here (its ``all.json`` index)."""
    pypi = LABEXTENSIONS_DIR / KERNEL_EXTENSION / "static" / "pypi"
    index = json.loads((pypi / "all.json").read_text())
    for name, depends in KERNEL_WHEELS.items():
        releases = index[name]["releases"]
        version = max(releases, key=lambda v: tuple(int(p) for p in v.split(".")))
        (release,) = releases[version]
        wheels[name] = pypi / release["filename"]
        packages[name] = entry(name, version, wheels[name], depends, [norm(name).replace("-", "_")])


def sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def entry(name: str, version: str, wheel: Path, depends: list[str],
          imports: list[str]) -> dict[str, Any]:
    return {"name": name, "version": version, "file_name": wheel.name, "install_dir": "site",
            "sha256": sha256(wheel), "package_type": "package", "imports": imports,
            "depends": depends, "unvendored_tests": False}


def pyodide_folder(dest: Path, cache: Path) -> list[str]:
    """Fill ``dest`` (the site's ``static/pyodide``) and return the lock's package names."""
    npm = npm_package(cache, "pyodide", PYODIDE_VERSION)
    upstream = json.loads((npm / "pyodide-lock.json").read_text())
    python = ".".join(upstream["info"]["python"].split(".")[:2])
    dest.mkdir(parents=True)
    for name in PYODIDE_FILES:
        shutil.copy2(npm / name, dest / name)

    names, left_out = closure(upstream, KERNEL_PACKAGES)
    ours = {n: upstream["packages"][n] for n in names}
    if left_out:
        log(f"left out (not pure Python, not needed): {', '.join(sorted(left_out))}")
    specs = {n: e["version"] for n, e in ours.items()}
    specs.update({n: v for n, (v, _, _) in EXTRA_PACKAGES.items()})
    wheels = download_wheels(specs, cache / "wheels", python)
    packages: dict[str, Any] = {}
    for n, e in ours.items():
        depends = [d for d in e["depends"] if norm(d) in ours]
        packages[n] = entry(e["name"], e["version"], wheels[n], depends, e["imports"])
    for n, (version, depends, imports) in EXTRA_PACKAGES.items():
        packages[n] = entry(n, version, wheels[n], depends, imports)
    kernel_wheels(packages, wheels)
    for name, why in PLACEHOLDERS.items():
        wheels[name] = placeholder(cache / "placeholder", name, why)
        packages[name] = entry(name, "0", wheels[name], [], [])
    wheel = tutor_wheel(cache / "tutor-wheel")
    packages["tutor"] = entry("tutor", wheel.name.split("-")[1], wheel,
                              ["ipywidgets", "anywidget", "snowballstemmer"], ["tutor"])
    copies = []
    for n, e in packages.items():
        copies.append(dest / e["file_name"])
        shutil.copy2(wheels.get(n, wheel), copies[-1])
    precompile(cache / "precompile", npm, copies)
    for e in packages.values():
        e["sha256"] = sha256(dest / e["file_name"])
    lock = {"info": upstream["info"], "packages": packages}
    (dest / "pyodide-lock.json").write_text(json.dumps(lock, indent=1, sort_keys=True))
    return sorted(packages)


def lite_config(snapshot: bool) -> dict[str, Any]:
    """The site's ``jupyter-lite.json``; with ``snapshot``, the memory snapshot and the files
    that go with it (:data:`WORKER_OPTIONS`)."""
    options: dict[str, Any] = {"packages": PRELOAD}
    if snapshot:
        options["snapshotURL"] = f"./static/pyodide/{SNAPSHOT}"
        options["filesURL"] = f"./static/pyodide/{FILES}"
    settings = {"disablePyPIFallback": True, "loadPyodideOptions": options}
    return {"jupyter-lite-schema-version": 0,
            "jupyter-config-data": {"litePluginSettings": {KERNEL_PLUGIN: settings}}}


def labextensions(dest: Path) -> None:
    """Copy only the federated extensions the pages need into ``dest``."""
    for name in LABEXTENSIONS:
        shutil.copytree(LABEXTENSIONS_DIR / name, dest / name)


def fontawesome(output: Path, cache: Path) -> None:
    """Copy Font Awesome 5 (npm) into the site and point the pages' two CDN links at it."""
    npm = npm_package(cache, "@fortawesome/fontawesome-free", FONTAWESOME_VERSION)
    dest = output / "static" / "fontawesome"
    for part in ("css", "webfonts", "LICENSE.txt"):
        copy = shutil.copytree if (npm / part).is_dir() else shutil.copy2
        copy(npm / part, dest / part)
    for page in output.rglob("*.html"):
        text = page.read_text()
        if FONTAWESOME_CDN in text:
            local = Path("../" * (len(page.relative_to(output).parts) - 1)) / "static"
            page.write_text(text.replace(FONTAWESOME_CDN, f"{local.as_posix()}/fontawesome/"))


#: what the served pages' template includes and every rendered page of the site gets too:
#: keyboard, screen reader and print (in the head), anchors and live regions (end of the body)
SHARED = ROOT / "tutor" / "voila" / "templates" / "tutor"
ACCESS = SHARED / "access.html"
ANCHORS_JS = SHARED / "anchors.js"
LOADING_JS = SHARED / "loading.js"
#: where the served template includes :data:`LOADING_JS`: after the spinner and its helpers
CELLS_START = '<div id="rendered_cells"'


def shared(output: Path) -> None:
    """Every page says it is in French (Voici's template, like nbconvert's, says English), and
    each rendered page gets what the served pages' template includes: :data:`ACCESS` (focus,
    print, landmark, names; its template comment removed) and :data:`ANCHORS_JS` (an address
    ``#id`` goes to its target once drawn, opening what hides it; live regions announced), and
    :data:`LOADING_JS` where the served template has it (the spinner's words in French)."""
    access = re.sub(r"\{#-.*?-#\}\n?", "", ACCESS.read_text(encoding="utf-8"), flags=re.S)
    script = f"<script>\n{ANCHORS_JS.read_text(encoding='utf-8')}</script>\n</body>"
    loading = f"<script>\n{LOADING_JS.read_text(encoding='utf-8')}</script>\n{CELLS_START}"
    for page in output.rglob("*.html"):
        text = page.read_text()
        if '<html lang="en">' in text:
            text = text.replace('<html lang="en">', '<html lang="fr">', 1)
        if page.parent == output / "voici" / "render":
            if "</head>" not in text or "</body>" not in text or CELLS_START not in text:
                sys.exit(f"{page}: no </head>, </body> or {CELLS_START}> to add the pages' "
                         "shared parts to")
            text = text.replace("</head>", access + "</head>", 1)
            text = text.replace(CELLS_START, loading, 1)
            text = text.replace("</body>", script, 1)
        page.write_text(text)


def redirects(output: Path, notebooks: list[Path]) -> None:
    """The Accueil links to ``<page>.ipynb`` (right under Voilà); Voici renders
    ``<page>.html``. A folder ``<page>.ipynb/`` with an ``index.html`` redirecting to the page
    makes the same relative links work on any static server."""
    render = output / "voici" / "render"
    for nb in notebooks:
        page = f"{nb.stem}.html"
        if not (render / page).exists():
            sys.exit(f"Voici did not render {nb.name} (no {render / page})")
        folder = render / nb.name
        folder.mkdir()
        (folder / "index.html").write_text(
            "<!doctype html><html lang='fr'><meta charset='utf-8'>"
            f"<meta http-equiv='refresh' content='0; url=../{page}'>"
            f"<script>location.replace('../{page}' + location.search + location.hash)</script>"
            f"<a href='../{page}'>{nb.stem}</a>\n")
    # the site's root opens the Accueil
    (output / "index.html").write_text(
        "<!doctype html><html lang='fr'><meta charset='utf-8'><title>Tuteur de règles</title>"
        "<meta http-equiv='refresh' content='0; url=voici/render/index.html'>"
        "<a href='voici/render/index.html'>Accueil</a>\n")


def build(output: Path, cache: Path, notebooks: list[Path] | None = None) -> None:
    """The site of ``notebooks`` (default: the tutor's) in ``output``; the benchmark builds
    a one-widget notebook the same way, as the floor a page cannot go under."""
    started = time.monotonic()
    notebooks = notebooks or sorted((ROOT / "notebooks").glob("*.ipynb"))
    with tempfile.TemporaryDirectory(prefix="tutor-lite-") as tmp:
        lite = Path(tmp) / "lite"
        packages = pyodide_folder(lite / "static" / "pyodide", cache)
        log(f"pyodide-lock.json: {len(packages)} wheels ({', '.join(packages)})")
        made = snapshot(cache / "snapshot", lite / "static" / "pyodide", page_imports(notebooks))
        if made:
            log(f"{files_bundle(lite / 'static' / 'pyodide')} files of the wheels in {FILES}")
        (lite / "jupyter-lite.json").write_text(json.dumps(lite_config(made), indent=1))
        extensions = Path(tmp) / "labextensions"
        labextensions(extensions)
        calls, drives = patch_kernel(extensions / KERNEL_EXTENSION)
        log(f"kernel: {calls} loadPyodide calls given the snapshot and the files, "
            f"{drives} without the contents drive")
        contents = Path(tmp) / "contents"
        contents.mkdir()
        for nb in notebooks:
            shutil.copy2(nb, contents / nb.name)
        shutil.rmtree(output, ignore_errors=True)
        log("voici build")
        voici = str(Path(sys.executable).with_name("voici"))
        run(voici, "build", "--ignore-sys-prefix", "--no-sourcemaps",
            "--disable-addons", "jupyterlite-xeus",
            f"--FederatedExtensionAddon.extra_labextensions_path={extensions}",
            "--lite-dir", str(lite), "--contents", str(contents),
            "--output-dir", str(output), cwd=Path(tmp))
    log(f"voici: {patch_voici(output)} front ends show a page once its opening ran")
    fontawesome(output, cache)
    redirects(output, notebooks)
    shared(output)
    size = sum(p.stat().st_size for p in output.rglob("*") if p.is_file())
    log(f"built {output} in {time.monotonic() - started:.0f} s, {size / 2**20:.1f} MiB")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--output", type=Path, default=BUILD / "static")
    parser.add_argument("--cache", type=Path, default=CACHE)
    args = parser.parse_args(argv)
    build(args.output.resolve(), args.cache.resolve())


if __name__ == "__main__":
    main()

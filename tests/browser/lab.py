"""JupyterLab started as `make lab` starts it (same config file), on a copy of the notebooks."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from tutor.notebooks import LAB_CONFIG

from .conftest import ROOT, free_port, log_path, stop, wait_for_port

TOKEN = "tuteur-test-lab"


@dataclass
class Lab:
    url: str
    token: str
    notebooks: Path


def lab_command(port: int, root_dir: Path) -> list[str]:
    """The command of `make lab` (see the Makefile), on ``port`` with a known token."""
    return [
        str(Path(sys.executable).with_name("jupyter")), "lab", f"--config={LAB_CONFIG}",
        "--no-browser", "--ip=127.0.0.1", "--allow-root", f"--port={port}",
        f"--IdentityProvider.token={TOKEN}", str(root_dir),
    ]


@pytest.fixture(name="lab")
def lab_server(tmp_path: Path) -> Iterator[Lab]:
    """JupyterLab on a temporary copy of `notebooks/`, with its own (empty) user settings and
    workspaces so that nothing of this machine's JupyterLab state leaks into the test."""
    copy = tmp_path / "notebooks"
    copy.mkdir()
    for path in sorted((ROOT / "notebooks").glob("*.ipynb")):
        shutil.copyfile(path, copy / path.name)
    env = dict(os.environ,
               JUPYTERLAB_SETTINGS_DIR=str(tmp_path / "user-settings"),
               JUPYTERLAB_WORKSPACES_DIR=str(tmp_path / "workspaces"))
    port = free_port()
    with log_path("lab").open("wb") as log:
        proc = subprocess.Popen(lab_command(port, copy), cwd=ROOT, env=env, stdout=log,
                                stderr=subprocess.STDOUT, start_new_session=True)
        try:
            wait_for_port(port, proc, timeout=120)
            yield Lab(f"http://127.0.0.1:{port}", TOKEN, copy)
        finally:
            stop(proc)

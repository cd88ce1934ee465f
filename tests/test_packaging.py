"""Packaging: the rule files ship inside the wheel and load from an installed copy."""

from __future__ import annotations

import subprocess
import sys
import tomllib
import zipfile
from pathlib import Path

from .conftest import ROOT, RULE_FILES


def test_wheel_ships_the_rules_and_loads_them_when_installed(tmp_path: Path) -> None:
    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "--no-build-isolation",
         "--wheel-dir", str(tmp_path), str(ROOT)],
        check=True, capture_output=True,
    )
    (wheel,) = tmp_path.glob("tutor-*.whl")
    names = zipfile.ZipFile(wheel).namelist()
    for path in RULE_FILES:
        assert f"tutor/rules_data/{path.name}" in names
    assert "tutor/voila/templates/tutor/index.html.j2" in names
    site = tmp_path / "site"
    subprocess.run(
        [sys.executable, "-m", "pip", "install", "--quiet", "--no-deps", "--target", str(site),
         str(wheel)],
        check=True, capture_output=True,
    )
    code = (
        "from tutor import rules\n"
        "print(rules.rules_dir())\n"
        "print(len(rules.load('vautours').clauses))\n"
    )
    out = subprocess.run([sys.executable, "-s", "-c", code], capture_output=True, text=True,
                         cwd=tmp_path, env={"PYTHONPATH": str(site)}, check=False)
    assert out.returncode == 0, out.stderr
    where, count = out.stdout.split()
    assert Path(where).is_relative_to(site) and int(count) > 10


def test_one_public_address_for_binder_links() -> None:
    meta = tomllib.loads((ROOT / "pyproject.toml").read_text())
    url = meta["project"]["urls"]["Repository"]
    assert url.startswith("https://github.com/")


def test_binder_installs_the_package_with_pinned_versions_and_lands_on_the_accueil() -> None:
    binder = ROOT / "binder"
    reqs = [line for line in (binder / "requirements.txt").read_text().splitlines()
            if line and not line.startswith("#")]
    assert reqs[0] == "-e ."
    assert all("==" in line for line in reqs[1:])
    assert {line.split("==")[0] for line in reqs[1:]} >= {"ipywidgets", "voila", "jupyterlab"}
    assert (binder / "runtime.txt").read_text().strip() == "python-3.11"
    start = binder / "start"
    assert start.stat().st_mode & 0o111 and start.read_text().startswith("#!")
    assert "/voila/render/notebooks/index.ipynb" in start.read_text()


def test_readme_shows_the_two_commands() -> None:
    readme = (ROOT / "README.md").read_text()
    assert "make app" in readme and "make test" in readme

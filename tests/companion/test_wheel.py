"""What `pip install table-companion` installs: a wheel built from the tree carries the app whole
(its own icons, the rules sheets, the web app's templates), and nothing outside its packages."""

from __future__ import annotations

import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from scoring import GAMES

ROOT = Path(__file__).resolve().parents[2]
# What the build reads (the sdist holds the same, MANIFEST.in and setup.py say so).
SOURCES = ("pyproject.toml", "setup.py", "MANIFEST.in", "README.md", "LICENSE", "assets",
           "companion", "scoring", "storage")


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> zipfile.ZipFile:
    """A wheel built from a copy of the tree (the build writes build/ and *.egg-info beside its
    sources), offline: this environment's setuptools, no isolated one fetched from PyPI."""
    tree, out = tmp_path_factory.mktemp("tree"), tmp_path_factory.mktemp("wheel")
    for name in SOURCES:
        source = ROOT / name
        if source.is_dir():
            shutil.copytree(source, tree / name,
                            ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
        else:
            shutil.copy2(source, tree / name)
    built = subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "--no-build-isolation",
         "--no-index", "-w", str(out), str(tree)],
        capture_output=True, text=True, timeout=300, check=False)
    assert built.returncode == 0, built.stderr[-2000:]
    (path,) = out.glob("table_companion-*.whl")
    with zipfile.ZipFile(path) as archive:
        yield archive


def test_the_wheel_carries_the_apps_own_icons_and_manifest(wheel: zipfile.ZipFile) -> None:
    assets = [p for p in (ROOT / "assets").rglob("*") if p.is_file()]
    assert len(assets) >= 8, "the icons, the favicon, the splash and the manifest"
    for path in assets:
        name = f"companion/assets/{path.relative_to(ROOT / 'assets').as_posix()}"
        assert wheel.read(name) == path.read_bytes(), name


def test_the_wheel_carries_the_rules_sheets_and_the_web_templates(wheel: zipfile.ZipFile) -> None:
    names = set(wheel.namelist())
    sheets = sorted((ROOT / "companion" / "rules").glob("**/*.md"))
    assert len(sheets) == 4 * len(GAMES), "every game in English, Español, Deutsch and 日本語"
    templates = [p for folder in ("web", "server/web") for p in (ROOT / "companion" / folder)
                 .iterdir() if p.suffix in (".js", ".html")]
    assert {"sw.js", "start.js", "persist.js", "connection.js"} <= {p.name for p in templates}
    for path in [*sheets, *templates]:
        assert path.relative_to(ROOT).as_posix() in names
    for module in ("companion/cli.py", "companion/web_build.py", "scoring/__init__.py",
                   "scoring/confusables.tsv", "storage/store.py", "companion/server/lan.py"):
        assert module in names


def test_the_wheel_installs_nothing_beside_its_packages(wheel: zipfile.ZipFile) -> None:
    tops = {name.split("/")[0] for name in wheel.namelist()}
    assert {top for top in tops if not top.endswith(".dist-info")} == {
        "companion", "scoring", "storage"}, "no top-level assets/ or tests/ in site-packages"


def test_an_installed_package_serves_its_own_assets_a_clone_the_top_level_ones(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import companion

    assert companion.assets_folder() == ROOT / "assets"  # this clone (no companion/assets)
    site = tmp_path / "site-packages"
    (site / "companion" / "assets").mkdir(parents=True)
    (site / "assets").mkdir()  # another distribution's top-level folder
    monkeypatch.setattr(companion, "__file__", str(site / "companion" / "__init__.py"))
    (site / "companion" / "assets" / "manifest.json").write_text("{}")
    assert companion.assets_folder() == site / "companion" / "assets"

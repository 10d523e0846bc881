"""The built folder, read as files: what a static host would serve (no browser needed)."""

from __future__ import annotations

import json
import re
import tarfile
from pathlib import Path

from companion.web_build import folder_size

LIMIT = 45 * 10**6  # bytes: issue 13's budget for the whole folder


def test_the_folder_is_the_apps_own_and_within_budget(web_folder: Path) -> None:
    manifest = json.loads((web_folder / "manifest.json").read_text())
    assert manifest["name"] == "Table Companion"
    assert {icon.get("purpose") for icon in manifest["icons"]} == {None, "maskable"}
    for icon in manifest["icons"]:
        assert (web_folder / icon["src"]).is_file()
    index = (web_folder / "index.html").read_text()
    assert "<title>Table Companion</title>" in index
    assert 'flet.pyodideUrl="./pyodide/pyodide.mjs"' in index
    assert 'flet.pythonModuleName = "companion.main"' in index
    assert not (web_folder / "flutter_service_worker.js").exists()
    assert folder_size(web_folder) <= LIMIT


def test_the_worker_caches_every_file_once_under_a_release_name(web_folder: Path) -> None:
    worker = (web_folder / "sw.js").read_text()
    cache = re.search(r'const CACHE = "(table-companion-[^"]+)"', worker)
    assert cache, "the cache name is filled in"
    files = json.loads(re.search(r"const FILES = (\[.*?\]);", worker, re.S).group(1))
    assert len(files) == len(set(files)), "cache.addAll refuses duplicate requests"
    on_disk = {p.relative_to(web_folder).as_posix() for p in web_folder.rglob("*") if p.is_file()}
    assert set(files) - {"./"} == on_disk


def test_the_app_archive_holds_the_app_and_its_dependencies(web_folder: Path) -> None:
    with tarfile.open(web_folder / "app.tar.gz") as tar:
        names = set(tar.getnames())
    for needed in ("companion/main.py", "scoring/__init__.py", "storage/store.py",
                   "__pypackages__/flet/__init__.py", "__pypackages__/tinydb/__init__.py",
                   "__pypackages__/msgpack/__init__.py"):
        assert needed in names
    assert not any("__pycache__" in name for name in names)
    assert not any(name.startswith("__pypackages__/flet_web") for name in names)

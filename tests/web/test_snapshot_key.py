"""The Python snapshot's key (companion/web_build.py, web/snapshot.js): Flet's worker restores
it, and the key follows every file a snapshot depends on, so a new release never restores an
older release's snapshot."""

from __future__ import annotations

import json
import re
import shutil
import tarfile
from pathlib import Path

import pytest

from companion.web_build import (
    APP_ARCHIVE,
    ARCHIVES,
    DEPENDENCIES_ARCHIVE,
    LOAD_PYODIDE,
    SNAPSHOT_DEPENDS_ON,
    TEMPLATES,
    write_worker,
)


def key(folder: Path) -> str:
    found = re.search(r'export const KEY = "([0-9a-f]{64})";', (folder / "snapshot.js").read_text())
    assert found, "the build writes the key"
    return found.group(1)


def test_flets_worker_loads_python_through_the_snapshot(web_folder: Path) -> None:
    worker = (web_folder / "python-worker.js").read_text()
    assert worker.startswith('import { begin, loaderOf } from "./early.js";')
    assert "loaderOf(pyodideModule.loadPyodide || self.loadPyodide)" in worker
    assert LOAD_PYODIDE not in worker
    early = (web_folder / "early.js").read_text()
    assert 'import { withSnapshot } from "./snapshot.js";' in early
    assert early.count("withSnapshot(") == 2  # the early start, Flet's own start
    assert worker.rstrip().endswith("begin();")  # once the worker's output hooks are set
    assert (web_folder / "snapshot-worker.js").is_file()
    with tarfile.open(web_folder / APP_ARCHIVE) as tar:
        names = set(tar.getnames())
    assert "companion/snapshot.py" in names
    assert not {"companion/web/snapshot.js", "companion/web/snapshot-worker.js",
                "companion/web/early.js", "companion/web/unpack.js"} & names


def test_every_start_unpacks_the_dependencies_beside_the_app(web_folder: Path) -> None:
    """Flet's worker (every start: the first, from a snapshot, without one) and the snapshot's
    maker both unpack the two archives before the app's Python runs: the worker in JavaScript
    (web/early.js with web/unpack.js), both archives asked for at once, the app's unpacked
    first; Flet's own download of the app's archive is gone."""
    worker = (web_folder / "python-worker.js").read_text()
    assert "unpack_archive(" not in worker  # Python's tarfile no longer on the start's path
    assert "pyfetch(app_package_url)" not in worker
    unpacked = worker.index("await js.tableCompanionArchives(app_package_url)")
    on_path = worker.index("sys.path.insert(0, pkgs_path)")
    assert unpacked < on_path < worker.index("runpy.run_module(python_module_name")
    early = (web_folder / "early.js").read_text()
    assert f'const DEPENDENCIES = "{DEPENDENCIES_ARCHIVE}";' in early
    assert early.index("[app, new URL(DEPENDENCIES, app)].map(") < early.index(
        "for (const tar of tars) writeTar(pyodide.FS, await tar);")
    assert f'const APP = "{APP_ARCHIVE}";' in early
    # The early Python is the one Flet asks for: the page's own addresses.
    index = (web_folder / "index.html").read_text()
    assert 'flet.pyodideUrl="./pyodide/pyodide.mjs"' in index
    assert f'flet.appPackageUrl = "{APP_ARCHIVE}"' in index
    assert 'const PYODIDE = "./pyodide/pyodide.mjs";' in early
    for name in ("unpack.js", "early.js"):
        assert (web_folder / name).read_bytes() == (TEMPLATES / name).read_bytes()
    maker = (web_folder / "snapshot.js").read_text()
    assert f"const ARCHIVES = {json.dumps(list(ARCHIVES))};" in maker
    assert maker.index("for (const name of ARCHIVES)") < maker.index("from companion.snapshot")


@pytest.mark.parametrize("changed", [APP_ARCHIVE, DEPENDENCIES_ARCHIVE,
                                     "pyodide/python_stdlib.zip", "python-worker.js"])
def test_a_release_that_changes_what_a_snapshot_holds_has_another_key(
        web_folder: Path, tmp_path: Path, changed: str) -> None:
    assert changed in SNAPSHOT_DEPENDS_ON
    other = shutil.copytree(web_folder, tmp_path / "site")
    write_worker(other)
    assert key(other) == key(web_folder), "the same files, the same key"
    with open(other / changed, "ab") as file:
        file.write(b"\n")
    write_worker(other)
    assert key(other) != key(web_folder)
    assert '"snapshot.js": "' in (other / "sw.js").read_text(), "kept offline by the worker"

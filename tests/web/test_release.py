"""A release of our Python alone (issue 36): its code is in the app's archive, its dependencies
in another, so the next release changes the app's archive and the snapshot's key, never the
dependencies' archive, and a phone downloads at most 1 MB of it (counted in bytes on the wire,
as the service worker fetches them: tests/web/test_download.py counts a release in a browser).
"""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest

from companion import web_build
from companion.web_build import (
    APP_ARCHIVE,
    DEPENDENCIES_ARCHIVE,
    wire_size,
    write_app,
    write_worker,
)

RELEASE_LIMIT = 10**6  # bytes: issue 36's budget for a release with one Python file changed


def listed(folder: Path) -> dict[str, str]:
    """The service worker's list: file -> SHA-256."""
    worker = (folder / "sw.js").read_text()
    return json.loads(re.search(r"const FILES = (\{.*?\});", worker, re.S).group(1))


def test_a_release_of_our_python_alone_leaves_the_dependencies_and_downloads_at_most_1_mb(
        web_folder: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    code = shutil.copytree(web_build.package_folder("companion"), tmp_path / "code" / "companion",
                           ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
    with open(code / "main.py", "a", encoding="utf-8") as main:
        main.write("# the next release\n")
    installed = web_build.package_folder
    monkeypatch.setattr(web_build, "package_folder",
                        lambda name: code if name == "companion" else installed(name))
    release = shutil.copytree(web_folder, tmp_path / "release")
    write_app(release, None)
    write_worker(release)

    assert (release / APP_ARCHIVE).read_bytes() != (web_folder / APP_ARCHIVE).read_bytes()
    assert ((release / DEPENDENCIES_ARCHIVE).read_bytes()
            == (web_folder / DEPENDENCIES_ARCHIVE).read_bytes()), (
        "a change to our Python changed the dependencies' archive")
    before, after = listed(web_folder), listed(release)
    changed = {name for name in after if before.get(name) != after[name]}
    # The app's archive, the snapshot's key (a snapshot holds the old code: made anew) and the
    # page (its first visit's progress counts the archive's new size).
    assert changed == {APP_ARCHIVE, "snapshot.js", "./"}, changed
    wire = sum(wire_size(release, "index.html" if name == "./" else name) for name in changed)
    wire += wire_size(release, "sw.js")
    assert wire <= RELEASE_LIMIT, f"the release downloads {wire / 10**6:.2f} MB"

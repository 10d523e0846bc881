"""The web app's worker unpacks the app's archives in JavaScript (companion/web/unpack.js) into
Pyodide's file system: the same files, bytes and folders as Python's tarfile reads from an archive
`write_archive` made (long and non-ASCII names in pax headers included), and an entry outside the
app's folder refused. Run in Chromium against a stand-in for Pyodide's FS."""

from __future__ import annotations

import io
import shutil
import tarfile
from pathlib import Path

import pytest

from companion.web_build import write_archive
from tests.support.web.site import StaticSite

UNPACK = Path(__file__).resolve().parents[2] / "companion" / "web" / "unpack.js"
ROOT = "/home/pyodide"

RUN = """async ([script, archive, root]) => {
  const { unpackTarGz } = await import(script);
  const files = {}, folders = [];
  const FS = {
    cwd: () => root,
    mkdirTree: (path) => folders.push(path),
    writeFile: (path, data) => { files[path] = Array.from(data); },
  };
  try {
    await unpackTarGz(FS, await (await fetch(archive)).arrayBuffer());
  } catch (error) {
    return { error: String(error) };
  }
  return { files, folders };
}"""

ENTRIES: dict[str, Path | bytes | None] = {
    "companion": None,
    "companion/__init__.py": b"",
    "companion/main.py": b"import flet as ft\nprint('Home')\n",
    "companion/locale/ja/messages.po": "msgstr \"対戦\"\n".encode(),
    "companion/data/bytes.dat": bytes(range(256)) * 9,  # crosses block ends
    "companion/" + "a_long_folder_name/" * 6 + "module.py": b"x = 1\n",  # a pax path
    "companion/名前/さくら.txt": "さくら 🎲".encode(),  # a non-ASCII path: pax too
    "__pypackages__/six.py": b"# six\n" * 700,
}


def unpacked(browser, folder: Path, archive: Path) -> dict:
    shutil.copyfile(UNPACK, folder / "unpack.js")
    site = StaticSite(folder).start()
    context = browser.new_context()
    try:
        page = context.new_page()
        page.goto(site.url + "unpack.js")  # the site's origin
        return page.evaluate(RUN, [site.url + "unpack.js", site.url + archive.name, ROOT])
    finally:
        context.close()
        site.stop()


@pytest.mark.browser
def test_unpacked_in_javascript_as_tarfile_reads_it(browser, tmp_path: Path) -> None:
    archive = tmp_path / "app.tar.gz"
    write_archive(archive, ENTRIES)
    with tarfile.open(archive) as tar:
        expected = {f"{ROOT}/{m.name}": tar.extractfile(m).read()  # type: ignore[union-attr]
                    for m in tar.getmembers() if m.isfile()}
        folders = {f"{ROOT}/{m.name}" for m in tar.getmembers() if m.isdir()}
    assert any(len(name) > 100 for name in expected)  # the long path is in the test

    got = unpacked(browser, tmp_path, archive)
    assert "error" not in got, got
    assert {path: bytes(data) for path, data in got["files"].items()} == expected
    made = set(got["folders"])
    assert folders <= made  # every folder entry, and each file's folder before its file
    assert {path.rsplit("/", 1)[0] for path in expected} <= made


@pytest.mark.browser
def test_an_entry_outside_the_apps_folder_is_refused(browser, tmp_path: Path) -> None:
    archive = tmp_path / "app.tar.gz"
    with tarfile.open(archive, "w:gz", format=tarfile.PAX_FORMAT) as tar:
        for name in ("companion/ok.py", "companion/../../etc/evil.py"):
            info = tarfile.TarInfo(name)
            info.size = 3
            tar.addfile(info, io.BytesIO(b"x=1"))
    got = unpacked(browser, tmp_path, archive)
    assert "outside the app's folder" in got.get("error", ""), got

"""The built folder, read as files: what a static host would serve (no browser needed)."""

from __future__ import annotations

import ast
import gzip
import hashlib
import json
import re
import subprocess
import sys
import tarfile
import zipfile
from pathlib import Path

from companion.server.own_origin import RIVE_HERE, RIVE_SCRIPTS, directive, script_hashes
from companion.web_build import (
    APP_ARCHIVE,
    ARCHIVES,
    BUILDS,
    DEPENDENCIES_ARCHIVE,
    ICON_FONT,
    STDLIB_UNUSED,
    folder_size,
    is_packed_copy,
    wire_size,
)

# Bytes. What a Chromium phone downloads (issue 36): every file but the JavaScript build's, the
# big ones as their gzipped copies (tests/web/test_download.py counts it in the browser): 15 MB,
# and issue 30's fonts for more scripts (Arabic, Hebrew, Devanagari, Thai, Chinese: 1.62 MB) may
# add 4 MB. The whole folder holds both builds (Safari's gets the other) and, beside each big
# file, its gzipped copy (a browser with no service worker fetches the file itself): issue 13's
# 45 MB no longer holds it (bench/README.md); its bound is what the two builds, their copies and
# the fonts need.
PHONE_LIMIT = 19 * 10**6
LIMIT = 64 * 10**6


def test_the_folder_is_the_apps_own_and_within_budget(web_folder: Path) -> None:
    manifest = json.loads((web_folder / "manifest.json").read_text())
    assert manifest["name"] == "Table Companion"
    assert manifest["id"] == "./"  # a stable identity: a new start_url is not a new app
    assert {icon.get("purpose") for icon in manifest["icons"]} == {None, "maskable"}
    for icon in manifest["icons"]:
        assert (web_folder / icon["src"]).is_file()
    index = (web_folder / "index.html").read_text()
    assert "<title>Table Companion</title>" in index
    assert 'flet.pyodideUrl="./pyodide/pyodide.mjs"' in index
    assert 'flet.pythonModuleName = "companion.main"' in index
    assert not (web_folder / "flutter_service_worker.js").exists()
    assert folder_size(web_folder) <= LIMIT
    worker = (web_folder / "sw.js").read_text()
    files = json.loads(re.search(r"const FILES = (\{.*?\});", worker, re.S).group(1))
    phone = sum(wire_size(web_folder, "index.html" if name == "./" else name)
                for name in files if name not in BUILDS["js"])
    assert phone <= PHONE_LIMIT, f"{phone / 10**6:.1f} MB"


def test_the_big_files_are_stored_gzipped_beside_themselves_for_the_wire(
        web_folder: Path) -> None:
    """Each big file that gzip shrinks has its `.gz` copy (what the worker fetches), which
    unpacks to the very file the worker's list names; none of the page's own scripts does (the
    page fetches them before the worker takes it)."""
    worker = (web_folder / "sw.js").read_text()
    packed = json.loads(re.search(r"const PACKED = (\{.*?\});", worker, re.S).group(1))
    files = json.loads(re.search(r"const FILES = (\{.*?\});", worker, re.S).group(1))
    for name in ("main.dart.wasm", "canvaskit/skwasm.wasm", "pyodide/pyodide.asm.wasm",
                 "pyodide/pyodide.asm.mjs", "main.dart.js", "canvaskit/canvaskit.wasm"):
        assert name in packed, name
    for name, (size, kind) in packed.items():
        copy = (web_folder / f"{name}.gz").read_bytes()
        assert len(copy) == size and copy[4:8] == b"\0\0\0\0", f"{name}.gz: its size, no time"
        assert hashlib.sha256(gzip.decompress(copy)).hexdigest() == files[name], name
        assert len(copy) <= 0.9 * (web_folder / name).stat().st_size
        assert kind == ("application/wasm" if name.endswith(".wasm") else kind)
    assert not {"index.html", "start.js", "words.js", "scope.js", "sw.js"} & set(packed)


def test_the_icon_font_holds_the_icons_the_app_draws_and_no_others(web_folder: Path) -> None:
    from fontTools.ttLib import TTFont

    font = web_folder / ICON_FONT
    with TTFont(font) as icons:
        drawn = set(icons.getBestCmap().values())
    named = set()
    for source in (Path(__file__).resolve().parents[2] / "companion").rglob("*.py"):
        named |= set(re.findall(r"\bft\.Icons\.([A-Z0-9_]+)", source.read_text()))
    assert named, "the app names its icons as ft.Icons members"
    for name in named:
        glyph = name.lower() if name.endswith("_OUTLINED") else f"{name.lower()}_baseline"
        assert glyph in drawn, name
    assert "arrow_back_baseline" in drawn  # Flutter's own back button
    assert font.stat().st_size < 100_000, "a subset, not Flet's 1.26 MB of 8,600 icons"


def test_the_worker_lists_every_file_with_its_hash_under_a_release_name(web_folder: Path) -> None:
    worker = (web_folder / "sw.js").read_text()
    release = re.search(r'const RELEASE = "([^"]+)"', worker)
    assert release and " " not in release.group(1) and "__" not in release.group(1), (
        "the release name is filled in (one word: the worker tells its caches apart by it)")
    files = json.loads(re.search(r"const FILES = (\{.*?\});", worker, re.S).group(1))
    on_disk = {p.relative_to(web_folder).as_posix() for p in web_folder.rglob("*")
               if p.is_file() and not is_packed_copy(web_folder, p)}
    assert set(files) == on_disk - {"index.html", "sw.js"} | {"./"}
    for name, digest in files.items():
        path = web_folder / ("index.html" if name == "./" else name)
        assert hashlib.sha256(path.read_bytes()).hexdigest() == digest, name
    builds = json.loads(re.search(r"const BUILDS = (\{.*?\});", worker, re.S).group(1))
    assert builds == {build: list(names) for build, names in BUILDS.items()}
    index = (web_folder / "index.html").read_text()
    assert '<script src="start.js"></script>' in index, "the page script loads Flutter"
    assert 'src="flutter_bootstrap.js"' not in index, "not before the worker has taken the page"


def test_the_page_names_its_policy_and_the_client_asks_no_cdn_for_rive(web_folder: Path) -> None:
    index = (web_folder / "index.html").read_text()
    meta = re.search(r'<head>\s*<meta http-equiv="Content-Security-Policy" content="([^"]+)">',
                     index)
    assert meta, "the policy comes first in the head, before any script"
    csp = meta.group(1)
    assert directive(csp, "default-src") == "'self'" and directive(csp, "connect-src") == "'self'"
    scripts = directive(csp, "script-src").split()
    assert scripts == ["'self'", "'wasm-unsafe-eval'", *script_hashes(index)]
    assert len(scripts) >= 5, "Flet's three inline scripts and keep_awake.js are hashed"
    for name in ("main.dart.js", "main.dart.wasm"):
        assert b"cdn.jsdelivr.net" not in (web_folder / name).read_bytes(), name
    for script in RIVE_SCRIPTS:
        assert (web_folder / RIVE_HERE / script).is_file()


def archive_names(folder: Path, name: str) -> set[str]:
    with tarfile.open(folder / name) as tar:
        return set(tar.getnames())


def test_one_archive_holds_the_app_and_another_its_dependencies(web_folder: Path) -> None:
    app = archive_names(web_folder, APP_ARCHIVE)
    dependencies = archive_names(web_folder, DEPENDENCIES_ARCHIVE)
    for needed in ("companion/main.py", "scoring/__init__.py", "storage/store.py",
                   "scoring/confusables.tsv"):
        assert needed in app
    for needed in ("__pypackages__/flet/__init__.py", "__pypackages__/tinydb/__init__.py",
                   "__pypackages__/msgpack/__init__.py",
                   "__pypackages__/openskill/models/weng_lin/plackett_luce.py"):
        assert needed in dependencies
    # A release of our code alone changes the app's archive, never the dependencies'.
    assert not any(name.startswith("__pypackages__") for name in app)
    assert all(name.startswith("__pypackages__/") for name in dependencies)
    names = app | dependencies
    # openskill's mypyc modules are for this machine: Pyodide imports its Python sources
    assert not any(name.endswith(".so") and "emscripten" not in name for name in names)
    assert not any("__pycache__" in name for name in names)
    assert not any(name.startswith("__pypackages__/flet_web") for name in names)


def test_both_client_builds_are_shipped_and_the_loader_chooses(web_folder: Path) -> None:
    for shipped in ("main.dart.wasm", "main.dart.mjs", "canvaskit/skwasm.wasm",
                    "canvaskit/skwasm.js", "main.dart.js", "canvaskit/canvaskit.wasm"):
        assert (web_folder / shipped).is_file(), shipped
    assert not (web_folder / "canvaskit" / "chromium").exists()
    assert 'flet.webRenderer="auto"' in (web_folder / "index.html").read_text()
    # The JavaScript build must not ask for the Chromium variant that is left out.
    assert 'canvasKitVariant: "full"' in (web_folder / "flutter_bootstrap.js").read_text()


def test_every_font_the_page_loads_is_in_the_folder(web_folder: Path) -> None:
    assets = web_folder / "assets"
    families = json.loads((assets / "FontManifest.json").read_text())
    assert {"MaterialIcons", "Roboto"} <= {family["family"] for family in families}
    for family in families:
        for font in family["fonts"]:
            assert (assets / font["asset"]).is_file(), font["asset"]
    notices = gzip.decompress((assets / "NOTICES.gz").read_bytes()).decode()
    assert "flutter" in notices.lower()


def imported(source: bytes) -> set[str]:
    """The top-level names of every module `source` imports, anywhere in it."""
    names = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            names |= {alias.name.split(".")[0] for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            names.add(node.module.split(".")[0])
    return names


def test_no_code_in_the_folder_imports_a_standard_module_left_out(web_folder: Path) -> None:
    for archive in ARCHIVES:
        with tarfile.open(web_folder / archive) as tar:
            for member in tar.getmembers():
                if member.name.endswith(".py"):
                    source = tar.extractfile(member).read()
                    assert not imported(source) & set(STDLIB_UNUSED), member.name
    with zipfile.ZipFile(web_folder / "pyodide" / "python_stdlib.zip") as stdlib:
        left = {info.filename.split("/")[0].removesuffix(".py") for info in stdlib.infolist()}
        assert not left & set(STDLIB_UNUSED)
        for info in stdlib.infolist():
            # (asyncio/__main__.py is `python -m asyncio`, a console: never run in the app.)
            if info.filename.endswith(".py") and not info.filename.endswith("__main__.py"):
                # Pyodide's Python may be newer than this one: its module-level imports are
                # read as lines (a statement at column 0), not parsed.
                text = stdlib.read(info).decode("utf-8", "replace")
                top = {name.strip().split(" ")[0].split(".")[0]
                       for names in re.findall(r"^import ([\w., ]+)$", text, re.M)
                       for name in names.split(",")}
                top |= {module.split(".")[0]
                        for module in re.findall(r"^from ([\w.]+) import", text, re.M)}
                assert not top & set(STDLIB_UNUSED), info.filename


# What the browser never runs (issue 22): none of it is in the archives.
SERVER_ONLY = ("companion/server/", "companion/cli.py", "companion/web_build.py",
               "companion/session/trust.py", "companion/session/token_offer.py",
               "__pypackages__/segno/", "__pypackages__/flet/testing/",
               "__pypackages__/flet/auth/", "__pypackages__/flet/fastapi/",
               "__pypackages__/flutter/")
IMPORTS_ALONE = """
import importlib, pkgutil, sys
sys.path[:0] = [{root!r}, {root!r} + "/__pypackages__"]
import companion.main
print(sorted(m for m in sys.modules if m.startswith(("flet_charts", "companion.screens."))
             and m != "companion.screens.home"))
for package in ("companion.screens", "companion.games", "companion.widgets"):
    for info in pkgutil.walk_packages(importlib.import_module(package).__path__, package + "."):
        importlib.import_module(info.name)
print(sorted(m for m in sys.modules if m.startswith(("companion.server", "segno"))))
"""


def test_the_archive_holds_no_server_code_and_the_start_imports_home_alone(
        web_folder: Path, tmp_path: Path) -> None:
    names = []
    for archive in ARCHIVES:  # unpacked into one place, as the phone's worker does
        with tarfile.open(web_folder / archive) as tar:
            names += tar.getnames()
            tar.extractall(tmp_path, filter="data")
    shipped = [name for name in names if name.startswith(SERVER_ONLY) or name.endswith(
        ("/RECORD", ".dart")) or name in ("companion/server", "__pypackages__/segno")]
    assert not shipped, shipped
    # This Python, isolated from its site-packages: the web entry and every screen import from
    # the archive's files alone (msgpack's compiled part is Pyodide's: its fallback serves here).
    code = IMPORTS_ALONE.format(root=str(tmp_path))
    done = subprocess.run([sys.executable, "-I", "-S", "-c", code], capture_output=True,
                          text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    at_start, after = done.stdout.splitlines()
    assert at_start == "[]", f"the start imports screens Home does not need: {at_start}"
    assert after == "[]", after


def test_save_my_matches_reads_the_data_folders_database_and_names_each_game(
        web_folder: Path) -> None:
    """rescue.js reads the matches where IDBFS keeps the data folder: this deployment's
    database (scope.js, as persist.js names it), keyed by the paths under the folder's mount
    (companion/browser.py's DATA); its titles are the export's."""
    import scoring
    from companion.browser import DATA
    from scoring.said import to_data

    text = (web_folder / "rescue.js").read_text(encoding="utf-8")
    assert f'const folder = "{DATA}";' in text
    assert "const { database } = self.tableCompanionData();" in text
    titles = json.loads(re.search(r"const TITLES = (\{.*?\});", text).group(1))
    assert titles == {game: to_data(cls.TITLE) for game, cls in scoring.GAMES.items()}
    assert "companion/web/rescue.js" not in archive_names(web_folder, APP_ARCHIVE), \
        "a page script, not Python's"

"""`table-companion-web build`: the offline web app as a static folder, built from a clone or
from an installed wheel alike (every file it reads is found through the installed packages).

The folder is assembled here rather than by `flet publish` (which reaches GitHub twice and bundles
no wheels): flet-web's own web client and the Pyodide it ships, our icons and manifest, our own
cache-first service worker, Flet's Python worker patched to start from a memory snapshot the
phone made itself (web/snapshot.js), and two archives unpacked into the same place before the
app runs: `app.tar.gz` holding the app (companion/, scoring/, storage/; what a release changes)
and `dependencies.tar.gz` holding its pure-Python dependencies copied from this environment into
`__pypackages__/` (changed only when a dependency is), which the client's Python worker puts on
`sys.path` (so micropip never reaches PyPI at start). A release that changes only our code
downloads the app's archive (~0.5 MB), not its dependencies' (~1.2 MB). msgpack is compiled: its
Pyodide wheel comes from a local wheel folder or, once, from PyPI (then cached).

Two of the client's builds are shipped, and Flutter's loader picks one per browser: the WasmGC
build with the skwasm renderer where it runs (Chromium-based browsers with WebGL: most phones),
and the JavaScript build with CanvasKit (its full variant) everywhere else; a phone downloads and
keeps only the one it runs (web/sw.js and web/start.js). On a phone-class
client (CPU slowed 4x) a mid-game Caro Undo/Redo took 104 ms with the first against 246 ms with
the second: the page's drawing, not the app's Python, was what the web app's tap was waiting
for. To keep the folder within its budget, the build leaves out what this app never loads:
CanvasKit's Chromium variant (the full one serves a Chromium browser that falls back to the
JavaScript build), the fonts and scripts of Flutter packages it does not use (KaTeX, Cupertino
icons, HLS video), Pyodide's package installer (every dependency is in `__pypackages__`) and the
standard-library modules no code in the archive imports (`STDLIB_UNUSED`). Flutter's licence
notices are kept, gzipped (`assets/NOTICES.gz`): the app never shows them.

The build is reproducible: the same source makes the same bytes in every file, whatever the
checkout's file times, owners or permissions, so a redeploy of unchanged code changes no file's
hash and costs a phone nothing (its service worker fetches no file, its memory snapshot stays).
The archives hold one time (`SOURCE_DATE_EPOCH` when set, else `FIXED_TIME`), no owner, normalised
modes and sorted names; gzip writes no time and no name; the icon font keeps its own timestamp.
"""

from __future__ import annotations

import argparse
import gzip
import hashlib
import html
import importlib.util
import io
import json
import os
import re
import shutil
import subprocess
import sys
import tarfile
import zipfile
from importlib import metadata
from pathlib import Path

from companion import APP_DESCRIPTION, APP_NAME, assets_folder
from companion.server.own_origin import ClientChanged, policy, write_client

TEMPLATES = Path(__file__).resolve().parent / "web"
FLUTTER_SCRIPT = '<script src="flutter_bootstrap.js" async></script>'
# Files only one of Flutter's builds loads: the loader picks one per browser (start.js names it
# to the service worker, which then caches that build's files and not the other's).
BUILDS = {
    "wasm": ("main.dart.wasm", "main.dart.mjs", "canvaskit/skwasm.js", "canvaskit/skwasm.wasm"),
    "js": ("main.dart.js", "canvaskit/canvaskit.js", "canvaskit/canvaskit.wasm"),
}
PACKAGES = ("companion", "scoring", "storage")
# The two archives the app's Python is unpacked from (write_app): our packages, and
# `__pypackages__` (the dependencies), apart so that a release of our code alone leaves the
# dependencies' archive, its hash and the phone's copy of it as they were.
APP_ARCHIVE = "app.tar.gz"
DEPENDENCIES_ARCHIVE = "dependencies.tar.gz"
ARCHIVES = (APP_ARCHIVE, DEPENDENCIES_ARCHIVE)
PYTHON_WORKER = "python-worker.js"
LOAD_PYODIDE = "const loadPyodide = pyodideModule.loadPyodide || self.loadPyodide;"
# Where Flet's worker unpacks the app's archive (its Python, in python-worker.js): the
# dependencies' archive is fetched and unpacked right after it, before `__pypackages__` is put on
# sys.path and the app runs (patch_python_worker).
UNPACK_APP = "            await response.unpack_archive(format=_archive_format)\n"
DOWNLOAD_APP = '            print("Downloading app archive")\n'
# The files a Python memory snapshot made on a phone depends on (web/snapshot.js's KEY).
SNAPSHOT_DEPENDS_ON = (
    "pyodide/pyodide.mjs", "pyodide/pyodide.asm.mjs", "pyodide/pyodide.asm.wasm",
    "pyodide/python_stdlib.zip", "pyodide/pyodide-lock.json", *ARCHIVES, PYTHON_WORKER,
    "snapshot-worker.js",
)
# Inside the packages, what the browser never runs: what the page gets from the folder instead
# (companion/assets in a wheel, the page's scripts), the served app's server, command line and
# PIN trust across restarts (Share, its QR codes, and trust are imported only when used), and
# the tools that make the build, the fonts, the icons and the message catalogs' template.
NOT_IN_ARCHIVE = (
    "companion/assets", "companion/server", "companion/cli.py", "companion/web_build.py",
    "companion/session/trust.py", "companion/session/token_offer.py", "companion/i18n/extract.py",
    "companion/locale/messages.pot", "companion/web/subset_fonts.py",
    "companion/web/draw_icons.py", "companion/web/start.js", "companion/web/sw.js",
    "companion/web/keep_awake.js", "companion/web/locale.js", "companion/web/words.js",
    "companion/web/snapshot.js", "companion/web/snapshot-worker.js", "companion/web/rescue.js",
    "companion/web/share_card.js", "companion/web/unpack.js", "companion/web/early.js",
)
# Pure-Python distributions the app imports in the browser (flet-web is the server, segno draws
# the served app's QR codes: left out).
DISTRIBUTIONS = ("flet", "flet-charts", "tinydb", "platformdirs", "repath", "six", "babel",
                 "openskill", "budoux")
# Inside them, what the app never imports in a browser: Flet's sign-in, server, command line and
# test tools, the clients' Dart sources, Babel's extraction tools (the app only reads its .po
# catalogs), and each distribution's list of installed files.
NOT_IMPORTED = (
    "flet/auth/", "flet/security/", "flet/fastapi/", "flet/testing/", "flet/cli.py",
    "flet/pytest_plugin.py", "flutter/", "babel/messages/frontend.py",
    "babel/messages/setuptools_frontend.py", "babel/messages/extract.py",
    "babel/messages/checkers.py", "babel/messages/jslexer.py",
    # BudouX's command line and training tools, and its models but the Japanese one
    "budoux/main.py", "budoux/evaluate_model.py", "budoux/models/ja_word.json",
    "budoux/models/zh-", "budoux/models/th.json",
)
# Babel's CLDR data for the app's languages only (companion/i18n/choice.py), and root, which
# they inherit from: the other ~1,000 locales are ~30 MB the app never reads.
CLDR_KEPT = ("root", "en", "en_001", "en_GB", "es", "de", "ja")  # en_GB: English's formats
# Files of flet-web's client that this build never loads (see the module docstring).
SKIP_FILES = {
    "flutter_service_worker.js", "flutter.js.map",
    "python", "python.bat", "python.exe", "python_cli_entry.mjs", "ffi.d.ts", "pyodide.d.ts",
}
SKIP_PATTERNS = ("*.symbols", "skwasm_heavy*", "wimp*", "experimental_webparagraph",
                 "__pycache__", "*.pyc")
# Paths in the folder, after the copy, that the app never loads (see the module docstring).
SKIP_PATHS = (
    "canvaskit/chromium", "assets/packages/flutter_math_fork", "assets/packages/cupertino_icons",
    "assets/packages/media_kit", "pyodide/pyodide.js", "pyodide/package.json",
)
SKIP_GLOBS = ("pyodide/micropip-*.whl", "pyodide/packaging-*.whl")
# Standard-library modules that neither the app, its dependencies nor the client's Python worker
# import (tests/web/test_build.py checks every import in the archives and every module-level import
# of the standard library that is kept; the worker's start is covered by the browser tests).
STDLIB_UNUSED = (
    "unittest", "_pyrepl", "pdb", "doctest", "pydoc", "pydoc_data", "sqlite3", "mailbox",
    "imaplib", "smtplib", "poplib", "ftplib", "xmlrpc", "wsgiref",
)
# Material icons Flutter's own widgets draw (back arrows, menus, pickers, chips, fields), kept in
# the icon font beside the ones the app's code names (`ft.Icons` members in its sources).
FLUTTER_ICONS = (
    "arrow_back", "arrow_back_ios", "arrow_back_ios_new", "arrow_forward", "arrow_forward_ios",
    "close", "menu", "more_vert", "more_horiz", "arrow_drop_down", "arrow_drop_up",
    "expand_more", "expand_less", "cancel", "check", "search", "clear", "chevron_left",
    "chevron_right", "keyboard_arrow_left", "keyboard_arrow_right", "keyboard_arrow_up",
    "keyboard_arrow_down", "edit", "edit_outlined", "calendar_today", "access_time",
    "keyboard", "keyboard_outlined", "schedule", "drag_handle", "arrow_upward",
    "arrow_downward", "remove", "add", "error", "error_outline", "info_outline", "warning",
    "visibility", "visibility_off", "check_box", "check_box_outline_blank",
    "radio_button_checked", "radio_button_unchecked", "star", "star_border", "date_range",
    "refresh", "done",
)
ICON_FONT = "assets/fonts/MaterialIcons-Regular.otf"
# Files stored gzipped beside themselves (`name.gz`, level 9) for the wire: the service worker
# fetches those and unpacks them (DecompressionStream), so a host that does not compress
# (Python's http.server, some hosts for .wasm) sends a Chromium phone about half the bytes. Only
# files at least PACK_FROM bytes long that gzip makes at most PACK_AT_MOST of their size (the
# WebAssembly, the scripts, Pyodide's lock; not the fonts, archives or zips, already packed).
# The plain file stays too: a browser with no service worker or no DecompressionStream fetches
# it. Not the page's own scripts, which the page fetches before the worker takes it.
PACK_FROM = 8_000
PACK_AT_MOST = 0.9
NOT_PACKED = {"index.html", "sw.js", "start.js", "words.js", "scope.js"}
# What a first visit downloads before Home (besides the Flutter build the browser runs): the
# splash's progress bar counts these files' bytes on the wire (write_download_sizes).
START_FILES = (
    "flutter_bootstrap.js", "assets/FontManifest.json", ICON_FONT, "assets/fonts/roboto.woff2",
    PYTHON_WORKER, "early.js", "snapshot.js", "unpack.js", "pyodide/pyodide.mjs",
    "pyodide/pyodide-lock.json",
    "pyodide/python_stdlib.zip", "pyodide/pyodide.asm.mjs", "pyodide/pyodide.asm.wasm",
    *ARCHIVES,
)
DOWNLOAD_META = re.compile(r'\n?\s*<meta name="tc-download" content="[^"]*">')
# The content types the worker gives an unpacked file (WebAssembly must say application/wasm to
# be compiled as it streams in).
TYPES = {".wasm": "application/wasm", ".js": "text/javascript", ".mjs": "text/javascript",
         ".json": "application/json", ".zip": "application/zip", ".otf": "font/otf",
         ".ttf": "font/ttf"}

# msgpack is compiled: the one wheel built for the Pyodide flet-web ships, pinned by its hash
# (as pip downloaded it from PyPI), so a wheel swapped in the cache or the --wheels folder is
# refused.
MSGPACK_VERSION = "1.2.4"
MSGPACK_WHEEL = f"msgpack-{MSGPACK_VERSION}-cp314-cp314-pyemscripten_2026_0_wasm32.whl"
MSGPACK_SHA256 = "06a0657a4110d563255006b7cb7147432f67827144e429c2cdb1c967548d1817"


# The time written into the archives when SOURCE_DATE_EPOCH is not set: 1980-01-01 UTC, the
# earliest a zip can hold (any fixed time would do: only its being the same matters).
FIXED_TIME = 315532800


class BuildError(Exception):
    """Something the build needs is missing; the message says what to do."""


def web_client() -> Path:
    import flet_web

    return Path(flet_web.__file__).parent / "web"


def build(out: Path, *, wheels: Path | None = None, base_url: str = "/") -> Path:
    """Write the static folder to `out` (replacing an earlier build there) and return it."""
    from flet_web.patch_index import patch_font_manifest_json

    assets = assets_folder()
    if not (assets / "manifest.json").is_file():
        raise BuildError(f"no app icons and manifest at {assets}: reinstall table-companion "
                         "(or build from a clone of the repository)")
    out = out.resolve()
    if out.exists():
        if any(out.iterdir()) and not (out / "sw.js").exists():
            raise BuildError(f"{out} is not empty and is not an earlier build; choose another "
                             "--out")
        shutil.rmtree(out)
    ignore = shutil.ignore_patterns(*SKIP_FILES, *SKIP_PATTERNS)
    shutil.copytree(web_client(), out, ignore=ignore)
    try:  # the client's builds without Rive's CDN (see companion/server/own_origin.py)
        write_client(web_client(), out)
    except ClientChanged as error:
        raise BuildError(str(error)) from error
    leave_out_unused(out)
    subset_icons(out / ICON_FONT)
    # icon.png and splash.png are for `flet build`; the page uses icons/ and favicon.png.
    shutil.copytree(assets, out, dirs_exist_ok=True,
                    ignore=shutil.ignore_patterns("icon.png", "splash.png"))
    write_app(out, wheels)
    patch_index(out / "index.html", base_url)
    patch_bootstrap(out / "flutter_bootstrap.js")
    patch_python_worker(out / PYTHON_WORKER)
    # Roboto from the bundled fonts, not Google Fonts (as the served app does with no_cdn).
    patch_font_manifest_json(str(out / "assets" / "FontManifest.json"))
    drop_missing_fonts(out / "assets" / "FontManifest.json")
    missing = [name for names in BUILDS.values() for name in names if not (out / name).exists()]
    if missing:
        raise BuildError(f"flet-web's client no longer has {', '.join(missing)}: update BUILDS "
                         "in companion/web_build.py")
    write_worker(out)
    return out


def patch_index(index: Path, base_url: str) -> None:
    from flet.controls.types import RouteUrlStrategy, WebRenderer
    from flet_web.patch_index import patch_index_html

    lock = json.loads((index.parent / "pyodide" / "pyodide-lock.json").read_text())
    patch_index_html(
        str(index), base_href=base_url, app_name=APP_NAME, app_description=APP_DESCRIPTION,
        pyodide=True, pyodide_script_path="main.py", app_package_url=APP_ARCHIVE,
        pyodide_version=lock["info"].get("version", "local"), no_cdn=True,
        web_renderer=WebRenderer.AUTO,  # the loader's choice: skwasm where it runs
        # Hash routes: a reload on /#/match/x asks any static host for the page it has.
        route_url_strategy=RouteUrlStrategy.HASH,
    )
    text = index.read_text(encoding="utf-8")
    # A module worker refuses the bare specifier the patch writes ("pyodide/pyodide.mjs").
    text = text.replace('flet.pyodideUrl="pyodide/pyodide.mjs"',
                        'flet.pyodideUrl="./pyodide/pyodide.mjs"')
    text = text.replace('flet.pythonModuleName = "main"',
                        'flet.pythonModuleName = "companion.main"')
    text = text.replace('content="black"', 'content="default"')
    # The page's own scripts, shared with the served app's page: the screen kept on during a
    # match, a finished match's result card.
    awake = "".join((TEMPLATES / name).read_text(encoding="utf-8")
                    for name in ("keep_awake.js", "share_card.js"))
    # Flutter loads once our worker has taken the page (start.js), not as the page is read.
    if FLUTTER_SCRIPT not in text:
        raise BuildError("flet-web's index.html no longer loads flutter_bootstrap.js as it did: "
                         "cannot start it from start.js")
    # words.js first: the splash's sentences in the device's language; scope.js: the names of
    # this deployment's data (its Web Lock).
    text = text.replace(FLUTTER_SCRIPT, '<script src="words.js"></script>'
                        '<script src="scope.js"></script><script src="start.js"></script>')
    text = text.replace("</body>", f"  <script>\n{awake}</script>\n</body>")
    # The browser's bar in the app's colour; Flutter adds its own (transparent) at run time,
    # which start.js keeps at this one.
    theme = json.loads((assets_folder() / "manifest.json").read_text())["theme_color"]
    text = text.replace("</head>", f'  <meta name="theme-color" content="{theme}">\n</head>', 1)
    # A static host sends no policy of ours: the page states it, before any script (its inline
    # scripts by hash, so the meta is written last).
    if "<head>" not in text:
        raise BuildError("flet-web's index.html has no <head>: cannot add the page's policy")
    meta = f'<meta http-equiv="Content-Security-Policy" content="{policy(text, in_meta=True)}">'
    text = text.replace("<head>", f"<head>\n  {meta}", 1)
    index.write_text(text, encoding="utf-8")


def patch_bootstrap(bootstrap: Path) -> None:
    """Stop the loader from registering Flutter's own worker (it would replace ours), and have
    the JavaScript build use CanvasKit's full variant (its Chromium variant is left out)."""
    text = bootstrap.read_text(encoding="utf-8")
    patched = re.sub(r"serviceWorkerSettings:\s*\{[^{}]*\},", "", text)
    if patched == text:
        raise BuildError("flutter_bootstrap.js changed: cannot drop Flutter's service worker")
    config = "var flutterConfig = {"
    if config not in patched:
        raise BuildError("flutter_bootstrap.js changed: cannot choose CanvasKit's variant")
    patched = patched.replace(config, config + '\n    canvasKitVariant: "full",', 1)
    bootstrap.write_text(patched, encoding="utf-8")


def patch_python_worker(worker: Path, *, snapshot: bool = True) -> None:
    """Have Flet's Python worker unpack the dependencies' archive beside the app's at every start
    (a restored snapshot holds no files: the worker unpacks both each time) and, unless
    `snapshot=False` (a bench's worker that starts as Flet's does, Python's tarfile unpacking
    both), start from this device's memory snapshot where it has one (web/snapshot.js), both
    archives fetched and unpacked in JavaScript (web/unpack.js), all of it begun before Flutter
    where the page started the worker early (web/early.js, web/start.js)."""
    text = worker.read_text(encoding="utf-8")
    if snapshot and LOAD_PYODIDE not in text:
        raise BuildError("flet-web's python-worker.js no longer loads Pyodide as it did: cannot "
                         "start it from a snapshot")
    if text.count(UNPACK_APP) != 1:
        raise BuildError("flet-web's python-worker.js no longer unpacks the app's archive as it "
                         f"did: cannot unpack {DEPENDENCIES_ARCHIVE} beside it")
    indent = UNPACK_APP[:len(UNPACK_APP) - len(UNPACK_APP.lstrip())]
    unpack = text.find(UNPACK_APP)
    if not snapshot:  # Python's tarfile unpacks both, as Flet's worker does the app's
        lines = ("await response.unpack_archive(format=_archive_format)",
                 "from urllib.parse import urljoin",
                 f'_dependencies_url = urljoin(app_package_url, "{DEPENDENCIES_ARCHIVE}")',
                 "_dependencies = await pyfetch(_dependencies_url)",
                 "if not _dependencies.ok:",
                 "    raise RuntimeError(",
                 '        f"Failed to download the dependencies: HTTP {_dependencies.status} "',
                 '        f"{_dependencies_url}")',
                 'await _dependencies.unpack_archive(format="gztar")')
        worker.write_text(text[:unpack] + "".join(f"{indent}{line}\n" for line in lines)
                          + text[unpack + len(UNPACK_APP):], encoding="utf-8")
        return
    # The app's archive too is fetched by the JavaScript, not by Flet's pyfetch.
    start = text.find(DOWNLOAD_APP)
    if not 0 <= start < unpack:
        raise BuildError("flet-web's python-worker.js no longer downloads the app's archive as "
                         "it did: cannot fetch it in JavaScript")
    lines = ("import js", "await js.tableCompanionArchives(app_package_url)")
    text = (text[:start] + "".join(f"{indent}{line}\n" for line in lines)
            + text[unpack + len(UNPACK_APP):])
    text = text.replace(LOAD_PYODIDE, LOAD_PYODIDE.replace("= ", "= loaderOf(", 1)
                        .replace(";", ");"), 1)
    worker.write_text('import { begin, loaderOf } from "./early.js";\n' + text
                      + "\nbegin();\n", encoding="utf-8")


def write_snapshot_scripts(out: Path) -> None:
    """web/snapshot.js and its worker, under the key of everything a snapshot depends on: the
    Pyodide, its standard library, the app's archive and the scripts that make and restore it
    (a new release makes a new snapshot; the older one is never restored)."""
    shutil.copyfile(TEMPLATES / "snapshot-worker.js", out / "snapshot-worker.js")
    shutil.copyfile(TEMPLATES / "unpack.js", out / "unpack.js")
    shutil.copyfile(TEMPLATES / "early.js", out / "early.js")
    template = (TEMPLATES / "snapshot.js").read_text(encoding="utf-8")
    digest = hashlib.sha256(template.encode())
    for name in SNAPSHOT_DEPENDS_ON:
        digest.update(name.encode() + b"\0" + hashlib.sha256((out / name).read_bytes()).digest())
    (out / "snapshot.js").write_text(template.replace("__SNAPSHOT_KEY__", digest.hexdigest()),
                                     encoding="utf-8")


def leave_out_unused(out: Path) -> None:
    """Remove what the app never loads (SKIP_PATHS, SKIP_GLOBS, STDLIB_UNUSED) and gzip the
    licence notices."""
    for name in SKIP_PATHS:
        path = out / name
        if path.is_dir():
            shutil.rmtree(path)
        elif path.exists():
            path.unlink()
    for pattern in SKIP_GLOBS:
        for path in out.glob(pattern):
            path.unlink()
    notices = out / "assets" / "NOTICES"
    if notices.exists():
        (out / "assets" / "NOTICES.gz").write_bytes(gzipped(notices.read_bytes()))
        notices.unlink()
    stdlib = out / "pyodide" / "python_stdlib.zip"
    kept = io.BytesIO()
    with zipfile.ZipFile(stdlib) as source, zipfile.ZipFile(kept, "w") as target:
        for item in source.infolist():
            top = item.filename.split("/")[0].removesuffix(".py")
            if top not in STDLIB_UNUSED:
                target.writestr(item, source.read(item))
    stdlib.write_bytes(kept.getvalue())


def icon_names() -> set[str]:
    """The Material icons the app draws: those its code names and Flutter's own (FLUTTER_ICONS),
    as the icon font names its glyphs ("undo_baseline", "edit_outlined")."""
    names = set(FLUTTER_ICONS)
    for source in package_folder("companion").rglob("*.py"):
        names |= {name.lower() for name in re.findall(r"\bIcons\.([A-Z0-9_]+)",
                                                      source.read_text(encoding="utf-8"))}
    styles = ("_outlined", "_rounded", "_sharp")
    return {("_" if name[0].isdigit() else "") + name + ("" if name.endswith(styles)
                                                         else "_baseline") for name in names}


def subset_icons(font: Path) -> None:
    """Keep only the icons the app draws (1.26 MB -> a few KB): Flet's client ships all 8,600
    because a Flet app may name any icon at run time; this one names them in its code. Without
    fontTools (the `fonts` extra) the whole font is kept and the build says so."""
    try:
        from fontTools import subset
        from fontTools.ttLib import TTFont
    except ImportError:
        print("table-companion-web: fontTools is not installed (pip install "
              "'table-companion[fonts]'): the icon font is kept whole (+1.2 MB)", file=sys.stderr)
        return
    # The font's own timestamp is kept (fontTools would write the time of the build).
    with TTFont(font, recalcTimestamp=False) as whole:
        order = set(whole.getGlyphOrder())
        names = icon_names()
        missing = sorted(name for name in names if name not in order)
        if missing:
            raise BuildError(f"the icon font has no glyph for {', '.join(missing)}: a new Flet "
                             "renamed icons; update FLUTTER_ICONS or the app's code")
        options = subset.Options()
        options.notdef_outline = True
        options.glyph_names = True
        options.name_IDs = ["*"]
        keep = subset.Subsetter(options)
        keep.populate(glyphs=sorted(names | {"uni0020"}))
        keep.subset(whole)
        whole.save(font)


def drop_missing_fonts(manifest: Path) -> None:
    """Leave out of FontManifest.json the font families whose files were left out: the page
    loads every family listed there as it starts."""
    families = json.loads(manifest.read_text(encoding="utf-8"))
    assets = manifest.parent
    kept = [family for family in families
            if all((assets / font["asset"]).exists() or font["asset"].startswith(("http", "/"))
                   for font in family["fonts"])]
    manifest.write_text(json.dumps(kept, indent=2), encoding="utf-8")


def write_rescue(out: Path) -> None:
    """web/rescue.js ("Save my matches", by plain JavaScript), with each game's title as an
    export names it (storage/transfer.py's match_record)."""
    import scoring
    from scoring.said import to_data

    titles = {game: to_data(cls.TITLE) for game, cls in sorted(scoring.GAMES.items())}
    text = (TEMPLATES / "rescue.js").read_text(encoding="utf-8")
    if "__TITLES__" not in text:
        raise BuildError("web/rescue.js has no __TITLES__ to fill in")
    filled = text.replace("__TITLES__", json.dumps(titles, ensure_ascii=False))
    (out / "rescue.js").write_text(filled, encoding="utf-8")


def write_worker(out: Path, *, snapshot: bool = True) -> None:
    """Our service worker and page script: the worker lists every file with its SHA-256 (a new
    release fetches only the files whose hash changed) and those of each Flutter build apart,
    under a release name that changes whenever any file does. `snapshot=False` for a folder with
    no Pyodide in it (a test's tiny site): no snapshot scripts, which are keyed by Pyodide's
    files."""
    shutil.copyfile(TEMPLATES / "start.js", out / "start.js")
    shutil.copyfile(TEMPLATES / "words.js", out / "words.js")
    write_rescue(out)
    shutil.copyfile(TEMPLATES / "scope.js", out / "scope.js")
    if snapshot:
        write_snapshot_scripts(out)
    packed = pack(out)
    write_download_sizes(out)
    files = sorted(p.relative_to(out).as_posix() for p in out.rglob("*")
                   if p.is_file() and p.name != "sw.js"  # the worker is the browser's to keep
                   and not is_packed_copy(out, p))
    # The digest of the bytes that run (the unpacked file): what the worker checks and keeps.
    hashes = {name: hashlib.sha256((out / name).read_bytes()).hexdigest() for name in files}
    hashes["./"] = hashes.pop("index.html")  # the page, asked for by its folder's address
    digest = hashlib.sha256(json.dumps(hashes, sort_keys=True).encode())
    version = metadata.version("table-companion")
    release = f"{version}-{digest.hexdigest()[:12]}"  # the worker adds its scope (sw.js)
    builds = {build: [name for name in names if name in hashes]
              for build, names in BUILDS.items()}
    text = (TEMPLATES / "sw.js").read_text(encoding="utf-8")
    text = (text.replace("__RELEASE__", release)
            .replace("__FILES__", json.dumps(hashes, indent=0, sort_keys=True))
            .replace("__BUILDS__", json.dumps(builds))
            .replace("__PACKED__", json.dumps(packed, indent=0, sort_keys=True)))
    (out / "sw.js").write_text(text, encoding="utf-8")


def write_download_sizes(out: Path) -> None:
    """The bytes on the wire of each file a first visit downloads before Home (START_FILES and
    each Flutter build's), and which build each is of, in the page's <meta name="tc-download">:
    the splash's progress bar says "3.1 of 13.0 MB" from its first frame (web/start.js)."""
    index = out / "index.html"
    text = index.read_text(encoding="utf-8") if index.is_file() else ""
    if "</head>" not in text:
        return  # a test's tiny site
    names = [name for name in (*START_FILES, *(n for names in BUILDS.values() for n in names))
             if (out / name).is_file()]
    sizes = {"sizes": {name: wire_size(out, name) for name in names},
             "builds": {build: [n for n in names if n in files] for build, files in BUILDS.items()}}
    meta = f'<meta name="tc-download" content="{html.escape(json.dumps(sizes, sort_keys=True))}">'
    text = DOWNLOAD_META.sub("", text)
    index.write_text(text.replace("</head>", f"  {meta}\n</head>", 1), encoding="utf-8")


def is_packed_copy(out: Path, path: Path) -> bool:
    """Whether `path` is the wire's gzipped copy of a file beside it (written by `pack`)."""
    return path.suffix == ".gz" and path.with_suffix("").is_file()


def pack(out: Path) -> dict[str, list]:
    """Writes `name.gz` beside each file worth gzipping for the wire (PACK_FROM, PACK_AT_MOST,
    NOT_PACKED), replacing any written before; returns {path: [bytes on the wire, the unpacked
    file's content type]}."""
    for path in list(out.rglob("*.gz")):
        if is_packed_copy(out, path):
            path.unlink()
    packed = {}
    for path in sorted(p for p in out.rglob("*") if p.is_file()):
        name = path.relative_to(out).as_posix()
        if name in NOT_PACKED or path.stat().st_size < PACK_FROM or path.suffix not in TYPES:
            continue
        data = path.read_bytes()
        small = gzipped(data)
        if len(small) > PACK_AT_MOST * len(data):
            continue
        Path(f"{path}.gz").write_bytes(small)
        packed[name] = [len(small), TYPES[path.suffix]]
    return packed


def wire_size(out: Path, name: str) -> int:
    """The bytes the worker fetches for the file `name`: its gzipped copy where it has one."""
    copy = out / f"{name}.gz"
    return (copy if copy.is_file() else out / name).stat().st_size


def source_time() -> int:
    """The time the archives hold: `SOURCE_DATE_EPOCH` (reproducible-builds.org) when set,
    else `FIXED_TIME`."""
    given = os.environ.get("SOURCE_DATE_EPOCH", "").strip()
    if not given:
        return FIXED_TIME
    try:
        return max(0, int(given))
    except ValueError:
        raise BuildError(f"SOURCE_DATE_EPOCH must be a number of seconds, not {given!r}") from None


def gzipped(data: bytes) -> bytes:
    """`data` gzipped with no time and no file name in its header: the same bytes every build."""
    return gzip.compress(data, 9, mtime=0)


def write_app(out: Path, wheels: Path | None) -> None:
    """APP_ARCHIVE (our packages) and DEPENDENCIES_ARCHIVE (`__pypackages__`: the pure
    dependencies and msgpack) in `out`."""
    write_archive(out / APP_ARCHIVE, app_entries())
    write_archive(out / DEPENDENCIES_ARCHIVE, dependency_entries(wheels))


def app_entries() -> dict[str, Path | bytes | None]:
    """Our packages' files as {name in the archive: file} (None: a folder)."""
    skip = shutil.ignore_patterns("__pycache__", "*.pyc", "*.py[cod]")
    entries: dict[str, Path | bytes | None] = {}

    for package in PACKAGES:
        root = package_folder(package)
        for path in [root, *root.rglob("*")]:
            name = (Path(package) / path.relative_to(root)).as_posix()
            parts = Path(name).parts
            if any(skip("", [part]) for part in parts) or any(
                    "/".join(parts[:n]) in NOT_IN_ARCHIVE for n in range(1, len(parts) + 1)):
                continue
            entries[name] = None if path.is_dir() else path
    return entries


def dependency_entries(wheels: Path | None) -> dict[str, Path | bytes | None]:
    """The dependencies' files under `__pypackages__/`, as {name in the archive: file or bytes}."""
    entries: dict[str, Path | bytes | None] = {}
    for dist in DISTRIBUTIONS:
        for source, name in distribution_files(dist):
            entries[f"__pypackages__/{name}"] = source
    for name, data in msgpack_files(wheels):
        entries[f"__pypackages__/{name}"] = data
    return entries


def write_archive(archive: Path, entries: dict[str, Path | bytes | None]) -> None:
    """A gzipped tar of `entries` ({name: file, its bytes, or None for a folder}), the same bytes
    for the same files (names sorted, one time, no owner, modes 644 and 755)."""
    when = source_time()
    raw = io.BytesIO()
    with tarfile.open(fileobj=raw, mode="w", format=tarfile.PAX_FORMAT) as tar:
        for name in sorted(entries):
            item = entries[name]
            info = tarfile.TarInfo(name)
            info.mtime, info.uid, info.gid, info.uname, info.gname = when, 0, 0, "", ""
            if item is None:
                info.type, info.mode = tarfile.DIRTYPE, 0o755
                tar.addfile(info)
                continue
            data = item if isinstance(item, bytes) else item.read_bytes()
            info.size, info.mode = len(data), 0o644
            tar.addfile(info, io.BytesIO(data))
    archive.write_bytes(gzipped(raw.getvalue()))


def package_folder(name: str) -> Path:
    """Where the package `name` is imported from: the clone's folder, or site-packages'."""
    spec = importlib.util.find_spec(name)
    if spec is None or not spec.submodule_search_locations:
        raise BuildError(f"the package {name} is not installed: reinstall table-companion")
    return Path(next(iter(spec.submodule_search_locations)))


def distribution_files(name: str) -> list[tuple[Path, str]]:
    """The installed files of a pure distribution, as (path, name under site-packages)."""
    dist = metadata.distribution(name)
    found = []
    for item in dist.files or []:
        posix = item.as_posix()
        # a compiled module beside its Python source (openskill's mypyc build) is for this
        # machine, not Pyodide's: the source is what the browser imports
        if (posix.startswith("..") or "__pycache__" in posix
                or posix.endswith((".pyc", ".pyi", ".so"))
                or "/sboms/" in posix  # type stubs and bills of materials: never imported
                or posix.startswith(NOT_IMPORTED) or posix.endswith(".dist-info/RECORD")
                or (posix.startswith("babel/locale-data/")
                    and posix.removeprefix("babel/locale-data/").split(".")[0]
                    not in CLDR_KEPT)):
            continue
        path = Path(item.locate())
        if path.is_file():
            found.append((path, posix))
    if not found:
        raise BuildError(f"{name} is installed without a file list; reinstall it with pip")
    return found


def pyodide_platform() -> tuple[str, str]:
    """(platform tag, Python version) of the Pyodide flet-web ships, e.g. pyemscripten_2026_0."""
    info = json.loads((web_client() / "pyodide" / "pyodide-lock.json").read_text())["info"]
    python = ".".join(info["python"].split(".")[:2])
    return f"pyemscripten_{info['abi_version']}_{info['arch']}", python


def msgpack_files(wheels: Path | None) -> list[tuple[str, bytes]]:
    """msgpack's Pyodide wheel, unzipped (pip will not install a wheel for another platform):
    exactly the pinned one (MSGPACK_WHEEL, checked against MSGPACK_SHA256), never whichever
    wheel a folder happens to hold."""
    platform, python = pyodide_platform()
    if not MSGPACK_WHEEL.endswith(f"-{platform}.whl"):
        raise BuildError(f"flet-web now ships a Pyodide for {platform}, and the pinned msgpack "
                         f"wheel is {MSGPACK_WHEEL}: pin the wheel for {platform} (its name "
                         "and SHA-256) in companion/web_build.py")
    folder = wheels or cache_folder()
    wheel = folder / MSGPACK_WHEEL
    if not wheel.exists() and wheels is None:
        folder.mkdir(parents=True, exist_ok=True)
        subprocess.run(
            [sys.executable, "-m", "pip", "download", "-q", "--no-deps", "--only-binary=:all:",
             "--platform", platform, "--python-version", python, "-d", str(folder),
             f"msgpack=={MSGPACK_VERSION}"], check=False)
    if not wheel.exists():
        raise BuildError(f"no {MSGPACK_WHEEL} in {folder}: download it once with network access "
                         "(pip download --no-deps --only-binary=:all: --platform "
                         f"{platform} --python-version {python} msgpack=={MSGPACK_VERSION}) "
                         "into that folder")
    data = wheel.read_bytes()
    digest = hashlib.sha256(data).hexdigest()
    if digest != MSGPACK_SHA256:
        raise BuildError(f"{wheel} is not the msgpack wheel this build pins: its SHA-256 is "
                         f"{digest}, not {MSGPACK_SHA256}. Delete it and download it again "
                         "from PyPI; nothing was built")
    with zipfile.ZipFile(io.BytesIO(data)) as archive:
        return [(name, archive.read(name)) for name in archive.namelist()
                if not name.endswith(("/", ".dist-info/RECORD"))]


def cache_folder() -> Path:
    import platformdirs

    return Path(platformdirs.user_cache_dir("table-companion", appauthor=False)) / "wheels"


def folder_size(folder: Path) -> int:
    return sum(p.stat().st_size for p in folder.rglob("*") if p.is_file())


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(
        prog="table-companion-web",
        description="Build the offline web app: a static folder any HTTPS host can serve.")
    commands = parser.add_subparsers(dest="command", required=True)
    command = commands.add_parser("build", help="build the static folder")
    command.add_argument("--out", default="build/web", help="output folder (build/web)")
    command.add_argument("--wheels", help="folder holding msgpack's Pyodide wheel (default: "
                                          "the user cache, filled from PyPI once)")
    command.add_argument("--base-url", default="/",
                         help="the path the folder is served under (/)")
    args = parser.parse_args(argv)
    from companion.flet_internals import mismatch

    problem = mismatch(("flet", "flet-web"))  # the flet it ships, the client it patches
    if problem:
        print(f"table-companion-web: {problem}", file=sys.stderr)
        raise SystemExit(2)
    try:
        out = build(Path(args.out), wheels=Path(args.wheels) if args.wheels else None,
                    base_url=args.base_url)
    except BuildError as error:
        print(f"table-companion-web: {error}", file=sys.stderr)
        raise SystemExit(2) from None
    print(f"Built {out} ({folder_size(out) / 2**20:.1f} MiB). Serve it over HTTPS (or on "
          f"localhost): python -m http.server -d {out}")


if __name__ == "__main__":
    main()

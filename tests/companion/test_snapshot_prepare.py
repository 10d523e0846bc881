"""What the offline web app's Python memory snapshot holds (companion/snapshot.py): the modules
the app had at Home, never a compiled extension's code (msgpack: imported on first use), the
worker's JavaScript bridges, the entry, or anything but a module's name."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def run(code: str) -> str:
    """`code` in a fresh interpreter (imports are per process)."""
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True,
                          text=True, timeout=120, check=True)
    return done.stdout.strip()


def test_prepare_imports_the_apps_modules_with_msgpack_left_for_its_first_use() -> None:
    out = run("""
import sys
from companion.snapshot import Later, prepare
failed = prepare(["companion.app", "storage", "flet.messaging.protocol", "no_such_module"])
print("companion.app" in sys.modules, "storage" in sys.modules, failed)
print(type(sys.modules["msgpack"]) is Later, "msgpack._cmsgpack" in sys.modules)
from flet.messaging import protocol
print(protocol.msgpack.packb([1]) == b"\\x91\\x01", "msgpack._cmsgpack" in sys.modules)
import msgpack
print(type(msgpack) is not Later, msgpack.unpackb(b"\\x91\\x01"))
""")
    assert out.splitlines() == [
        "True True ['no_such_module']",
        "True False",  # a stand-in: no compiled code loaded before the snapshot
        "True True",  # the real one on first use
        "True [1]",
    ]


def test_prepare_leaves_out_the_bridges_the_entry_and_what_is_not_a_module_name() -> None:
    out = run("""
import sys
from companion.snapshot import prepare
asked = ["js", "pyodide_js", "flet_js", "pyodide.ffi", "__main__", "companion.main",
         "msgpack.ext", "os; print(1)", "../etc", "", "json"]
before = set(sys.modules)
failed = prepare(asked)
print(failed, sorted(set(asked) & (set(sys.modules) - before)))
""")
    assert out == "[] ['json']"


def test_prepare_reads_the_languages_the_app_spoke_and_ignores_any_other_word() -> None:
    out = run("""
from companion.i18n import catalog
from companion.snapshot import prepare
before = catalog.read_languages()
prepare(["json"], ["ja", "xx", "../etc", 3, "ja"])
print(before, catalog.read_languages(), catalog.catalog("ja").gettext(None, "Settings"))
""")
    assert out == "[] ['ja'] 設定"

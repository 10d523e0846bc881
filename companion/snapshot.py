"""What a Python memory snapshot of the offline web app holds (companion/web/snapshot.js).

In the worker that makes it, `prepare` imports the modules the app had imported by the time
Home was up, so a later start restored from it finds them imported. It leaves out what a
restore cannot bring back: compiled extensions outside Pyodide's own binary (msgpack: its code
is a library loaded beside Python, not in the memory copied; it crashed on first use after a
restore) are given to the importing modules as a stand-in that imports the real one on first
use, and the worker's JavaScript bridges (`js`, `pyodide_js`, Flet's `flet_js`) and the entry
(`__main__`, `companion.main`, which runs at every start) are not imported. The languages the
app spoke by Home are read too (their catalogs and CLDR data, `speak_ahead`), so a phone that
speaks Japanese does not parse its catalog again at each start.
"""

from __future__ import annotations

import importlib
import sys
import types
from collections.abc import Iterable

LOADED_LATER = ("msgpack",)  # compiled, shipped in dependencies.tar.gz's __pypackages__
NOT_KEPT = ("__main__", "companion.main", "js", "pyodide_js", "flet_js", "_pyodide_core")
# Names to import: a module path, nothing a page could turn into more than an import.
MAX_MODULES = 5000


class Later(types.ModuleType):
    """Stands in for a compiled module until first used, then imports it and becomes it."""

    def __getattr__(self, attribute: str) -> object:
        name = self.__name__
        if sys.modules.get(name) is self:
            del sys.modules[name]
        real = importlib.import_module(name)
        self.__dict__.update(real.__dict__)
        return getattr(real, attribute)


def kept(name: str) -> bool:
    top = name.split(".")[0]
    return (bool(name) and name.replace(".", "").replace("_", "").isalnum()
            and name not in NOT_KEPT and top not in NOT_KEPT and top not in LOADED_LATER
            and not top.startswith("pyodide"))


def prepare(modules: Iterable[str], languages: Iterable[str] = ()) -> list[str]:
    """Import `modules` (as the app had them at Home), each that can be, and read `languages`
    (`speak_ahead`); returns the modules that could not be imported. Compiled extensions get a
    stand-in first (`Later`)."""
    for name in LOADED_LATER:
        sys.modules.setdefault(name, Later(name))
    failed = []
    for name in sorted(set(modules))[:MAX_MODULES]:
        if not isinstance(name, str) or not kept(name) or name in sys.modules:
            continue
        try:
            importlib.import_module(name)
        except Exception:  # a module that imports only in the app's own worker: left out
            failed.append(name)
    speak_ahead(languages)
    return failed


def speak_ahead(languages: Iterable[str]) -> list[str]:
    """Read the catalog and CLDR data of each of `languages` that is one of the app's own
    (anything else is ignored: the page names them); returns those read."""
    from companion.i18n.catalog import Voice
    from companion.i18n.choice import LANGUAGES

    read = []
    for code in list(languages)[:len(LANGUAGES)]:
        if isinstance(code, str) and code in LANGUAGES and code not in read:
            Voice(code).number(1000)  # the catalog, the locale, its number format
            read.append(code)
    return read

"""The store's durable point (`storage.atomic.on_durable`): a hook that refuses a change (the web
app's, when IndexedDB is full) leaves the store and the open match as they were, and the web
app's hook turns IndexedDB's refusal into the error a save raises (`companion.browser`)."""

from __future__ import annotations

import errno
import sys
import types
from collections.abc import Iterator
from pathlib import Path

import pytest

from companion import browser
from companion.i18n.catalog import Voice
from companion.session.open_matches import OpenMatches
from scoring import caro
from scoring.said import render
from storage import StorageFullError, Store, atomic


@pytest.fixture
def refusing() -> Iterator[list[str]]:
    """A hook that, once armed (a True in the list), puts the folder back as it was before the
    last change (as persist.js does from IndexedDB) and refuses it."""
    armed: list[str] = []
    kept: dict[Path, bytes] = {}

    def hook(folder: str) -> None:
        here = Path(folder)
        if not armed:
            kept.clear()
            kept.update({p: p.read_bytes() for p in here.glob("*.json")})
            return
        for path in here.glob("*.json"):
            if path not in kept:
                path.unlink()
        for path, data in kept.items():
            path.write_bytes(data)
        raise StorageFullError(browser.FULL)

    atomic.on_durable(hook)
    try:
        yield armed
    finally:
        atomic.on_durable(None)


def new_match() -> caro.Match:
    return caro.Match(players=["Ann", "Ben"], starter="Ann")


def test_a_refused_create_stores_nothing(tmp_path: Path, refusing: list[str]) -> None:
    store = Store(tmp_path)
    refusing.append("full")
    with pytest.raises(StorageFullError) as raised:
        store.create(new_match())
    assert isinstance(raised.value, OSError) and raised.value.errno == errno.ENOSPC
    assert raised.value.said == browser.FULL
    assert store.summaries() == []
    assert list((tmp_path / "matches").glob("*.json")) == []


def test_a_refused_action_leaves_the_match_as_stored(tmp_path: Path,
                                                     refusing: list[str]) -> None:
    store = Store(tmp_path)
    tables = OpenMatches(store)
    mid = tables.create(new_match())
    refusing.append("full")
    with pytest.raises(StorageFullError):
        tables.act(mid, lambda m: m.lay("red", (m.area, m.area)))
    refusing.clear()
    assert tables.get(mid).match.history == [], "the open match is the stored one again"
    store.close()
    with Store(tmp_path) as again:
        assert again.load(mid).history == []


class FakePersist:
    def __init__(self, answer: object) -> None:
        self.answer = answer
        self.commits = 0

    def commit(self) -> object:
        self.commits += 1
        return self.answer


@pytest.fixture
def pyodide_ffi(monkeypatch: pytest.MonkeyPatch) -> types.ModuleType:
    """pyodide.ffi as the hook uses it: run_sync waits for the commit (here: its answer)."""
    ffi = types.ModuleType("pyodide.ffi")
    ffi.can_run_sync = lambda: True
    ffi.run_sync = lambda awaitable: awaitable
    monkeypatch.setitem(sys.modules, "pyodide", types.ModuleType("pyodide"))
    monkeypatch.setitem(sys.modules, "pyodide.ffi", ffi)
    return ffi


def test_the_web_apps_hook_waits_for_each_commit_and_raises_its_refusal(pyodide_ffi) -> None:
    committed = FakePersist(None)
    browser.committing(committed)("/data")
    assert committed.commits == 1

    full = FakePersist(types.SimpleNamespace(name="QuotaExceededError", message="quota"))
    with pytest.raises(StorageFullError) as raised:
        browser.committing(full)("/data")
    assert str(raised.value).startswith("Not saved: the phone's storage for this app is full")
    assert render(raised.value.said, Voice("de")) != str(raised.value), "said in German"

    other = FakePersist(types.SimpleNamespace(name="UnknownError", message="disk"))
    with pytest.raises(OSError) as raised:
        browser.committing(other)("/data")
    assert "UnknownError: disk" in str(raised.value)


def test_where_a_save_cannot_wait_the_hook_leaves_it_to_the_held_updates(pyodide_ffi) -> None:
    pyodide_ffi.can_run_sync = lambda: False
    persist = FakePersist(types.SimpleNamespace(name="QuotaExceededError", message="quota"))
    browser.committing(persist)("/data")
    assert persist.commits == 0

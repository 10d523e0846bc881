"""Import and notices through the one gated door: the PIN before any work, no path a browser
sent is ever opened, and every session hears of what changed."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import flet as ft
import pytest

import companion.i18n
import companion.session.files
import storage.transfer
from companion.i18n.catalog import Voice
from companion.session.access import Gate
from companion.session.open_matches import EVERY_MATCH, OpenMatches, SessionMatches
from companion.widgets.data_transfer import import_picked
from scoring import caro
from storage import Store
from storage.notices import Kind, Notice
from storage.transfer import MAX_MESSAGE, export_json
from tests.support.app.english_left import EnglishCatalog
from tests.support.companion.apart import run_apart

PIN = "2468"


@pytest.fixture
def store(tmp_path: Path) -> Iterator[Store]:
    opened = Store(tmp_path / "data")
    yield opened
    opened.close()


@pytest.fixture
def tables(store: Store) -> OpenMatches:
    return OpenMatches(store, Gate(PIN))


@pytest.fixture
def export(tmp_path: Path) -> bytes:
    """A JSON export of one Caro match that `store` does not hold."""
    with Store(tmp_path / "elsewhere") as other:
        other.create(caro.Match(players=["Ann", "Ben"]))
        return export_json(other).data


def keeper(tables: OpenMatches) -> SessionMatches:
    session = tables.session()
    tables.gate.unlock(session.who, PIN)
    return session


def picked(path: str | None = None, data: bytes | None = None, size: int = 100) -> list:
    return [ft.FilePickerFile(id=1, name="matches.json", size=size, path=path, bytes=data)]


def run(tables: SessionMatches, files: list, *, paths: bool = False) -> tuple:
    return run_apart(import_picked(tables, files, paths=paths))


# -- item 1: the server never opens a path a client sent -----------------------------------------


def test_a_path_sent_from_a_browser_is_never_opened_and_the_refusal_tells_nothing(
    tables: OpenMatches, store: Store, tmp_path: Path, opened: list[str]
) -> None:
    secret = tmp_path / "secret"
    secret.write_text('{"format": "table-companion-matches"}')  # exists, readable, plausible
    session = keeper(tables)
    said = {path: run(session, picked(path=path)) for path in
            ["/dev/zero", "/etc/shadow", str(secret), str(tmp_path / "secret-missing")]}
    assert opened == []  # was: /dev/zero read until memory ran out
    assert len(set(said.values())) == 1  # exists or not, readable or not: the same words
    (message, error), stored = next(iter(said.values()))
    assert error and not stored
    assert message == "Could not read matches.json: its contents did not arrive. Try again."
    assert store.summaries() == []


def test_a_spectator_is_refused_before_anything_is_read(
    tables: OpenMatches, store: Store, export: bytes, opened: list[str],
    monkeypatch: pytest.MonkeyPatch
) -> None:
    read: list[object] = []
    monkeypatch.setattr(storage.transfer, "read_export", lambda *a, **k: read.append(a))
    spectator = tables.session()
    for files in (picked(path="/dev/zero"), picked(data=export)):
        (message, error), stored = run(spectator, files)
        assert error and not stored and "enter the PIN" in message
    assert opened == [] and read == [] and store.summaries() == []


def test_the_real_length_counts_not_the_claimed_size(
    tables: OpenMatches, store: Store, export: bytes, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(companion.session.files, "MAX_IMPORT_BYTES", len(export) - 1)
    (message, error), _ = run(keeper(tables), picked(data=export, size=10))  # claims 10 bytes
    assert error and message.startswith("matches.json is too large to import")
    assert store.summaries() == []
    monkeypatch.setattr(companion.session.files, "MAX_IMPORT_BYTES", len(export))
    (message, error), stored = run(keeper(tables), picked(data=export, size=10**12))
    assert (message, error, stored) == ("Imported 1 match.", False, True)  # claims 1 TB
    assert len(store.summaries()) == 1


def test_the_desktop_reads_only_a_regular_file_and_no_more_than_the_limit(
    tables: OpenMatches, store: Store, export: bytes, tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch
) -> None:
    session = keeper(tables)
    (message, error), _ = run(session, picked(path="/dev/zero"), paths=True)
    assert error and message == "Could not read matches.json: it is not a file."
    (message, error), _ = run(session, picked(path=str(tmp_path)), paths=True)
    assert error and "not a file" in message
    (message, error), _ = run(session, picked(path=str(tmp_path / "missing")), paths=True)
    assert error and message == "Could not read matches.json."
    chosen = tmp_path / "chosen.json"
    chosen.write_bytes(export)
    monkeypatch.setattr(companion.session.files, "MAX_IMPORT_BYTES", len(export) - 1)
    (message, error), _ = run(session, picked(path=str(chosen), size=1), paths=True)
    assert error and "too large" in message and store.summaries() == []
    monkeypatch.setattr(companion.session.files, "MAX_IMPORT_BYTES", len(export))
    assert run(session, picked(path=str(chosen)), paths=True)[0] == ("Imported 1 match.", False)


# -- item 2: one gated, notifying door ------------------------------------------------------------


def test_imports_and_dismissed_notices_are_told_to_every_session(
    tables: OpenMatches, store: Store, export: bytes
) -> None:
    heard: list[tuple[str, int]] = []
    tables.subscribe(lambda mid, version: heard.append((mid, version)))
    session = keeper(tables)
    assert session.import_json(export).imported
    assert heard == [(EVERY_MATCH, 0)]
    heard.clear()
    assert session.import_json(export).imported == ()  # all skipped: nothing changed, no noise
    with pytest.raises(storage.transfer.ImportRefused):
        session.import_json(b"{oops")
    assert heard == []
    notice = Notice(Kind.MOVED, "The list of matches (index.json)", "it is empty")
    store._notices.append(notice)  # as the store leaves one
    session.dismiss_notices([notice])
    assert heard == [(EVERY_MATCH, 0)] and session.notices == []


def test_a_locked_import_decodes_nothing(
    tables: OpenMatches, store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    read: list[object] = []
    monkeypatch.setattr(storage.transfer, "read_export", lambda *a, **k: read.append(a))
    heard: list[object] = []
    tables.subscribe(lambda *a: heard.append(a))
    deep = json.dumps({"format": "table-companion-matches"})[:-1] + ', "x": ' + "[" * 10**5
    for by in (None, tables.session().who):
        with pytest.raises(Exception, match="PIN"):
            tables.import_json(deep, by=by)
    assert read == [] and heard == [] and store.summaries() == []


def test_a_second_import_while_one_runs_is_refused_not_queued(
    tables: OpenMatches, store: Store, export: bytes, monkeypatch: pytest.MonkeyPatch
) -> None:
    session, other = keeper(tables), keeper(tables)
    said: list[str] = []
    real = storage.transfer.read_export

    def meanwhile(data: Any, **kwargs: Any) -> Any:  # the second tap comes during the first
        with pytest.raises(storage.transfer.ImportRefused) as refused:
            other.import_json(export)
        said.append(str(refused.value))
        return real(data, **kwargs)

    monkeypatch.setattr(storage.transfer, "read_export", meanwhile)
    assert len(session.import_json(export).imported) == 1
    assert said == ["Another import is running; try again once it is done."]
    monkeypatch.setattr(storage.transfer, "read_export", real)
    assert session.import_json(export).imported == ()  # free again afterwards


# -- the import's words (issue 21) -----------------------------------------------------------------


def test_a_refused_import_is_said_in_the_devices_language(
    tables: OpenMatches, store: Store, monkeypatch: pytest.MonkeyPatch, speaking
) -> None:
    """What the import's message line shows on a German device: the refusal's data said in
    German, cut to a sentence however long its translation runs."""
    speaking(Voice("de"))
    session = keeper(tables)
    (message, error), stored = run(session, picked(data=b'{"a": '))
    assert error and not stored and store.summaries() == []
    assert message == ("matches.json: Diese Datei ist kein Table-Companion-Export: Sie ist kein "
                       "gültiges JSON (Expecting value in Zeile 1, Spalte 7).")
    assert EnglishCatalog("de").left_in(message) == []
    words = Voice("de")
    german = words.gettext
    monkeypatch.setattr(words, "gettext", lambda message: (
        "Viel zu lang " * 100 + german(message) if message.startswith("This file") else
        german(message)))  # a translation far longer than its English
    speaking(words)
    (message, error), _ = run(session, picked(data=b'{"a": '))
    assert error and message.startswith("matches.json: Viel zu lang")
    assert len(message) == len("matches.json: ") + MAX_MESSAGE and message.endswith("…")

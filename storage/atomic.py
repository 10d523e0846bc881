"""Crash-safe files: a TinyDB `Storage` that never leaves a half-written file behind.

TinyDB's default `JSONStorage` rewrites its file in place, so a process killed mid-write can leave
a file that no longer loads. `AtomicJSONStorage` writes a temporary file in the same folder,
flushes and fsyncs it, renames it over the old one (`os.replace` is atomic) and fsyncs the folder
so the rename itself survives a power cut: at every moment the file is either the old version or
the new one, and once `write` returns the new one is on disk.

Every file is a TinyDB database whose `meta` table holds one document `{"schema": N}`; that place
never moves, so any version can tell a file from a newer version (refused, left alone) from a
damaged one (moved aside by the store).
"""

from __future__ import annotations

import json
import os
import secrets
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

from tinydb.storages import Storage

from scoring.names import quotable
from scoring.said import said
from storage.errors import NOT_A_FILE, DamagedFileError, NewerSchemaError

SCHEMA = 2
"""The file format this code writes; it reads every earlier one (storage/migrate.py) and refuses
a file with a higher number. 2: files hold values, never display text."""

FILE_MODE = 0o600
FOLDER_MODE = 0o700
TEMP_SUFFIX = ".tmp"

Tables = dict[str, dict[str, Any]]
Check = Callable[[Tables], None]
Upgrade = Callable[[Tables], Tables]


_on_durable: Callable[[str], None] | None = None


def on_durable(hook: Callable[[str], None] | None) -> None:
    """Have `hook(folder)` run each time a write, rename or unlink in `folder` is made durable
    (after the folder's fsync); None: no hook. The hook may refuse the change by raising an
    `OSError` after putting the folder back as it was: the write, move or delete then raises
    it, as for a disk that refused it. The web app's hook waits there for IndexedDB
    (companion/browser.py), whose refusal the in-memory folder would otherwise never see."""
    global _on_durable
    _on_durable = hook


def _fsync_folder(folder: str) -> None:
    """Make a rename or unlink in `folder` durable (not possible, nor needed, on Windows)."""
    if os.name != "nt":
        fd = os.open(folder, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0))
        try:
            os.fsync(fd)
        finally:
            os.close(fd)
    if _on_durable is not None:
        _on_durable(folder)


def fsync_folder(folder: str | os.PathLike[str]) -> None:
    """Public form of the folder fsync, for moves and deletes done by the store."""
    _fsync_folder(os.fspath(folder))


def atomic_write(
    path: str | os.PathLike[str], data: bytes, *, durable: bool = True
) -> os.stat_result:
    """Replace the file at `path` by `data` all at once; return the new file's stat.

    With `durable` (the default) it returns only once the data and the rename are on disk.
    `durable=False` skips the fsyncs (for bulk set-ups such as the benchmark, never for saves).
    """
    path = os.fspath(path)
    folder, name = os.path.split(path)
    temp = os.path.join(folder, f".{name}.{secrets.token_hex(4)}{TEMP_SUFFIX}")
    fd = os.open(temp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0), FILE_MODE)
    try:
        try:
            view = memoryview(data)
            while view:
                view = view[os.write(fd, view) :]
            if durable:
                os.fsync(fd)
            # The mtime is set by the writes above and survives the rename: the store keeps it
            # to tell at the next start whether the file changed after the index was written.
            stat = os.fstat(fd)
        finally:
            os.close(fd)
        os.replace(temp, path)
    except BaseException:
        try:
            os.unlink(temp)
        except OSError:
            pass
        raise
    if durable:
        _fsync_folder(folder or ".")
    return stat


def is_temp_file(name: str) -> bool:
    """Whether `name` is one of the temporary files `atomic_write` makes."""
    return name.startswith(".") and name.endswith(TEMP_SUFFIX)


def clean_temp_files(folder: str | os.PathLike[str]) -> list[str]:
    """Delete the temporary files a killed process left in `folder`; return their names.

    Only safe while holding the folder lock (no other writer can be between write and rename).
    """
    removed = []
    with os.scandir(folder) as entries:
        for entry in entries:
            if is_temp_file(entry.name) and entry.is_file(follow_symlinks=False):
                os.unlink(entry.path)
                removed.append(entry.name)
    return removed


def encode(tables: Mapping[str, Any]) -> bytes:
    """The bytes of a file: compact JSON, UTF-8, the schema stamped into its `meta` table."""
    stamped = {"meta": {"1": {"schema": SCHEMA}}}
    stamped.update((name, table) for name, table in tables.items() if name != "meta")
    return json.dumps(stamped, ensure_ascii=False, separators=(",", ":")).encode("utf-8")


def decode(raw: bytes, check: Check | None = None, upgrade: Upgrade | None = None) -> Tables:
    """Parse a file's bytes; `DamagedFileError` or `NewerSchemaError` when it cannot be used.

    An empty file is damaged, never read as an empty database (TinyDB's default would start
    afresh and overwrite it at the next write). The schema is read before anything else is
    checked, so a newer format is refused, not mistaken for damage. A file of an earlier schema
    is handed to `upgrade` (storage/migrate.py) before `check` sees it.
    """
    if not raw.strip():
        raise DamagedFileError(said("the file is empty"))
    try:
        data = json.loads(raw.decode("utf-8"))
    except UnicodeDecodeError as error:
        raise DamagedFileError(
            said("it is not UTF-8 text (byte {byte})", byte=error.start)) from None
    except json.JSONDecodeError as error:
        # Translators: {problem} is what Python's JSON reader found, in its English ("Expecting
        # value"); keep it as it is.
        raise DamagedFileError(said(
            "it is not valid JSON ({problem} at line {line}, column {column})",
            problem=error.msg, line=error.lineno, column=error.colno)) from None
    except RecursionError:
        raise DamagedFileError(
            said("it is nested too deeply to be a Table Companion file")) from None
    if not isinstance(data, dict):
        raise DamagedFileError(said("it is not a TinyDB database (no tables)"))
    meta = data.get("meta")
    doc = meta.get("1") if isinstance(meta, dict) else None
    schema = doc.get("schema") if isinstance(doc, dict) else None
    if not isinstance(schema, int) or isinstance(schema, bool) or schema < 1:
        raise DamagedFileError(said("it carries no schema version"))
    if schema > SCHEMA:
        raise NewerSchemaError(said(
            "it was written by a newer version of Table Companion (file format {version}; this "
            "version reads up to {newest})", version=schema, newest=SCHEMA), version=schema)
    for name, table in data.items():
        if not isinstance(table, dict) or not all(isinstance(d, dict) for d in table.values()):
            raise DamagedFileError(said("its table {name} is not a table of documents",
                                        name=quotable(repr(name), 60)))
    if schema < SCHEMA and upgrade is not None:
        data = upgrade(data)
    if check is not None:
        check(data)
    return data


class AtomicJSONStorage(Storage):
    """A TinyDB storage that reads and writes one JSON file, replacing it atomically.

    `check(tables)` may raise `DamagedFileError` for content that parses but is not what the
    caller expects; `upgrade(tables)` brings a file of an earlier schema to today's first.
    With `missing_ok=False` a missing file raises `FileNotFoundError` instead of
    reading as an empty database (TinyDB would then write an empty one). No file handle stays
    open between calls, so a store can hold thousands. `last_stat` is the stat of the last write.
    """

    def __init__(
        self, path: str | os.PathLike[str], check: Check | None = None, missing_ok: bool = True,
        upgrade: Upgrade | None = None,
    ) -> None:
        super().__init__()
        self.path = Path(path)
        self.check = check
        self.upgrade = upgrade
        self.missing_ok = missing_ok
        self.last_stat: os.stat_result | None = None

    def read(self) -> Tables | None:
        try:
            raw = self.path.read_bytes()
        except FileNotFoundError:
            if not self.missing_ok:
                raise
            return None  # TinyDB's "empty database": only for a file that does not exist at all
        except IsADirectoryError:
            raise DamagedFileError(NOT_A_FILE) from None
        return decode(raw, self.check, self.upgrade)

    def write(self, data: Mapping[str, Any]) -> None:
        self.last_stat = atomic_write(self.path, encode(data))

"""What the store raises besides `KeyError` (an unknown match id): one family, `StoreError`."""

from __future__ import annotations

import errno
from typing import Any

from scoring.said import Said, said

NOT_A_FILE = said("it is a folder, not a file")
"""Why a folder found where a file should be is reported as damaged."""


class StoreError(Exception):
    """Base of every storage error; `str()` is a sentence the app can show as it is (English);
    `.said` is that sentence as data where the store made it one (a `Said`, said in the reader's
    language), else None."""

    def __init__(self, message: Any = "", *args: Any) -> None:
        super().__init__(str(message), *args)
        self.said = message if isinstance(message, Said) else None


class StorageFullError(StoreError, OSError):
    """A change refused because the device's storage for the app is full (errno ENOSPC);
    nothing of it was kept. An `OSError` too, so code that handles a refused write handles it;
    `.said` says it in the reader's language."""

    def __init__(self, message: Any = "") -> None:
        super().__init__(message)
        self.errno = errno.ENOSPC
        self.strerror = str(message)

    def __str__(self) -> str:  # the sentence alone, as every store error's
        return self.strerror


class StoreLockedError(StoreError):
    """The data folder is already open in another process or another `Store` of this one."""


class StoreClosedError(StoreError):
    """The store was closed; open a new `Store` to keep using the folder."""


class DamagedFileError(StoreError):
    """A file that no longer reads as what it should be.

    Raised by the storage with `.reason` (why it is damaged); the store then moves the file into
    `damaged/` and raises a new one whose `.moved_to` says where it went (its words never do:
    they may reach a phone that follows the table).
    """

    def __init__(self, message: Any, *, reason: Any = "", moved_to: str | None = None) -> None:
        super().__init__(message)
        self.reason = reason or message  # text or a `Said`: a notice's {problem}
        self.moved_to = moved_to


class NewerSchemaError(StoreError):
    """A file written by a newer version of the app; it is left exactly as it is."""

    def __init__(self, message: Any, *, version: int = 0) -> None:
        super().__init__(message)
        self.version = version


class UnknownGameError(StoreError):
    """A match of a game that is not in `scoring.GAMES` (the file is kept, not damaged)."""

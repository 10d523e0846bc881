"""Where matches live between sessions: TinyDB files behind the `Store` of API.md.

`Store(folder)` opens a data folder; `create`, `save`, `load`, `summaries`, `delete`, `close`.
Every match has its own small file, written atomically, so a save costs the same whatever the
history and a crash never leaves a file that fails to load. The store knows games only through
`scoring.GAMES`.
"""

from storage.atomic import SCHEMA, AtomicJSONStorage
from storage.errors import (
    DamagedFileError,
    NewerSchemaError,
    StorageFullError,
    StoreClosedError,
    StoreError,
    StoreLockedError,
    UnknownGameError,
)
from storage.index import Summary, fingerprint
from storage.notices import Notice
from storage.store import Store

__all__ = [
    "SCHEMA",
    "AtomicJSONStorage",
    "DamagedFileError",
    "NewerSchemaError",
    "Notice",
    "StorageFullError",
    "Store",
    "StoreClosedError",
    "StoreError",
    "StoreLockedError",
    "Summary",
    "UnknownGameError",
    "fingerprint",
]

"""One open `Store` per data folder: a lock that dies with its process.

The lock is an OS lock on a file in the folder (`flock` on POSIX, `msvcrt.locking` on Windows),
not the file's existence, so a crashed process leaves nothing stale: the OS drops the lock with
the process. `flock` locks belong to an open file, so a second `Store` in the same process is
refused too; a set of the folders this process holds gives that case its own message.
"""

from __future__ import annotations

import os
import threading
from pathlib import Path

from storage.atomic import FILE_MODE
from storage.errors import StoreLockedError

if os.name == "nt":  # pragma: no cover - exercised on Windows only
    import msvcrt

    def _try_lock(fd: int) -> None:
        os.lseek(fd, 0, os.SEEK_SET)
        msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)

    def _unlock(fd: int) -> None:
        os.lseek(fd, 0, os.SEEK_SET)
        msvcrt.locking(fd, msvcrt.LK_UNLCK, 1)

else:
    import fcntl

    def _try_lock(fd: int) -> None:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)

    def _unlock(fd: int) -> None:
        fcntl.flock(fd, fcntl.LOCK_UN)


LOCK_NAME = "store.lock"

_held: set[str] = set()
_held_guard = threading.Lock()


class FolderLock:
    """The exclusive lock on one data folder; `acquire` raises `StoreLockedError` if taken."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.path = folder / LOCK_NAME
        self._key = os.path.normcase(os.path.realpath(folder))
        self._fd: int | None = None

    def acquire(self) -> None:
        with _held_guard:
            if self._key in _held:
                raise StoreLockedError(
                    f"The data folder {self.folder} is already open in this process; use the "
                    "Store that opened it, or close that one first."
                )
            fd = os.open(self.path, os.O_RDWR | os.O_CREAT | getattr(os, "O_BINARY", 0), FILE_MODE)
            try:
                _try_lock(fd)
            except OSError:
                holder = _read_pid(fd)
                os.close(fd)
                who = f"another process (pid {holder})" if holder else "another process"
                raise StoreLockedError(
                    f"The data folder {self.folder} is already open in {who}. Close Table "
                    "Companion there first, or choose another folder with --data."
                ) from None
            # The pid is only for that message; the OS lock is what counts.
            os.ftruncate(fd, 0)
            os.lseek(fd, 0, os.SEEK_SET)
            os.write(fd, f"{os.getpid()}\n".encode())
            self._fd = fd
            _held.add(self._key)

    def release(self) -> None:
        with _held_guard:
            if self._fd is None:
                return
            fd, self._fd = self._fd, None
            _held.discard(self._key)
            try:
                _unlock(fd)
            finally:
                os.close(fd)  # the file stays: deleting it would race with the next locker


def _read_pid(fd: int) -> str:
    try:
        os.lseek(fd, 0, os.SEEK_SET)
        text = os.read(fd, 32).decode("ascii", "replace").strip()
    except OSError:
        return ""
    return text if text.isdigit() else ""

"""The matches the app has open, shared by every browser session of one server process.

Each match is loaded from the store once and kept here; an action runs under the match's lock,
is saved before the screen confirms it, and bumps the match's version so other sessions showing
the same match can refresh (and a stale view's action is refused instead of applied twice).
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from scoring import RuleViolation
from scoring.core import Match
from storage import Store


class StaleView(RuleViolation):
    """An action sent from a screen that had not yet shown the latest change."""

    def __init__(self) -> None:
        super().__init__(
            "stale-view",
            "The match changed on another screen; this one is now up to date. Try again.",
        )


@dataclass
class Table:
    """One open match and how many changes it has seen since it was opened."""

    match: Match
    version: int = 0


Listener = Callable[[str, int], Any]


class Tables:
    """Open matches by id, their actions, undo and redo, with saving and change notices."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self._tables: dict[str, Table] = {}
        self._lock = threading.RLock()
        self._listeners: list[Listener] = []

    def get(self, mid: str) -> Table:
        """The open match `mid` (loaded on first use); KeyError when there is none."""
        with self._lock:
            table = self._tables.get(mid)
            if table is None:
                table = self._tables[mid] = Table(self.store.load(mid))
            return table

    def create(self, match: Match) -> str:
        with self._lock:
            mid = self.store.create(match)
            self._tables[mid] = Table(match)
            return mid

    def act(self, mid: str, action: Callable[[Match], Any], *, seen: int | None = None) -> Any:
        """Run `action(match)`, save, and tell listeners; a refused action changes nothing.

        `seen` is the version the acting screen showed: an older one raises StaleView.
        """
        with self._lock:
            table = self.get(mid)
            if seen is not None and seen != table.version:
                raise StaleView()
            result = action(table.match)
            try:
                self.store.save(mid, table.match)
            except BaseException:
                # The disk refused: drop the in-memory change too, so the screen never shows
                # what is not saved (the next get() reloads the last saved state).
                self._tables.pop(mid, None)
                raise
            table.version += 1
            version = table.version
        self._notify(mid, version)
        return result

    def undo(self, mid: str, *, seen: int | None = None) -> None:
        self.act(mid, lambda m: m.undo(), seen=seen)

    def redo(self, mid: str, *, seen: int | None = None) -> None:
        self.act(mid, lambda m: m.redo(), seen=seen)

    def delete(self, mid: str) -> None:
        with self._lock:
            self.store.delete(mid)
            self._tables.pop(mid, None)
        self._notify(mid, -1)

    def subscribe(self, listener: Listener) -> Callable[[], None]:
        """Call `listener(mid, version)` after every change; returns the unsubscribe function."""
        with self._lock:
            self._listeners.append(listener)

        def unsubscribe() -> None:
            with self._lock:
                if listener in self._listeners:
                    self._listeners.remove(listener)

        return unsubscribe

    def _notify(self, mid: str, version: int) -> None:
        with self._lock:
            listeners = list(self._listeners)
        for listener in listeners:
            listener(mid, version)

"""Matches played into a store, a crash's copy of a store's folder, and a child process's
environment (tests/storage/conftest.py's fixtures are built on them)."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

from storage import Store
from tests.support.tally import Tally

ROOT = Path(__file__).resolve().parents[3]


PLAYERS = ["Ann", "Ben", "Cleo"]


def played(moves: int, limit: int = 1000, players: list[str] = PLAYERS) -> Tally:
    """A Tally match after `moves` additions (players in turn, 1, 2, 3, ... points)."""
    m = Tally(players, limit=limit)
    for i in range(moves):
        m.add(players[i % len(players)], i % 5 + 1, note="x" * 40)
    return m


def crash_copy(store: Store, dest: Path) -> Path:
    """What a crash would leave right now: the folder as it is on disk while the store is open.

    `copytree` keeps the mtimes, which the store uses to tell changed files at the next start.
    """
    shutil.copytree(store.folder, dest)
    return dest


def child_env() -> dict[str, str]:
    return {**os.environ, "PYTHONPATH": str(ROOT)}

"""Fixtures for the storage tests: a real data folder, and the test game in the registry."""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest

import scoring
from storage import Store
from tests.support.storage import finished
from tests.support.tally import Plain, Tally

ROOT = Path(__file__).resolve().parents[2]
PLAYERS = ["Ann", "Ben", "Cleo"]


@pytest.fixture
def tally() -> Iterator[type[Tally]]:
    """Tally (and Plain) registered in `scoring.GAMES` for the test, removed afterwards."""
    saved = {g: scoring.GAMES.get(g) for g in (Tally.GAME, Plain.GAME)}
    scoring.GAMES[Tally.GAME] = Tally
    scoring.GAMES[Plain.GAME] = Plain
    yield Tally
    for game, cls in saved.items():
        if cls is None:
            scoring.GAMES.pop(game, None)
        else:
            scoring.GAMES[game] = cls


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    return tmp_path / "data"


@pytest.fixture
def store(folder: Path, tally: type[Tally]) -> Iterator[Store]:
    opened = Store(folder)
    yield opened
    opened.close()


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


@pytest.fixture
def filled(tmp_path: Path) -> Iterator[Store]:
    """A store holding every game (finished matches and one in play)."""
    store = Store(tmp_path / "a")
    for match in finished.every_game():
        store.create(match)
    yield store
    store.close()

"""Fixtures for the storage tests: a real data folder, and the test game in the registry."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

import scoring
from storage import Store
from tests.support.storage import finished
from tests.support.tally import Plain, Tally


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


@pytest.fixture
def filled(tmp_path: Path) -> Iterator[Store]:
    """A store holding every game (finished matches and one in play)."""
    store = Store(tmp_path / "a")
    for match in finished.every_game():
        store.create(match)
    yield store
    store.close()

"""Carrera's one-tap plays on a real Flet session (no browser): a tap is one play, a second tap
from the same drawing (a double tap, or a page that sends a click twice) plays nothing more, and a
tap on a greyed card (a page may say anything about a control) is refused with the engine's reason
and changes nothing."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import flet as ft
from flet.messaging.session import Session

from companion.i18n.phrases import plain
from scoring import carrera
from storage import Store
from tests.support.companion.apart import run_apart
from tests.support.companion.caro_undo_cost import open_match
from tests.support.companion.tree import every


def play_tile(session: Session, name: str) -> ft.Container:
    """The tappable container of the play button named `name`."""
    return next(c.content for c in every(session.page)
                if isinstance(c, ft.Semantics) and c.label == name)


def texts(session: Session) -> list[str]:
    return [plain(c.value) for c in every(session.page) if isinstance(c, ft.Text)
            and isinstance(c.value, str)]


def tapped(folder: Path, match: carrera.Match,
           taps: list[str]) -> tuple[carrera.Match, list[str], list[dict[str, Any]]]:
    """Open `match`, send a click to each named play button as found in the first drawing,
    with no re-render in between; the stored match, the screen's texts, the events before."""
    with Store(folder / "data") as store:
        mid = store.create(match)
        before = store.load(mid).events

    async def run() -> tuple[carrera.Match, list[str]]:
        with Store(folder / "data") as store:
            session, _ = await open_match(store, folder, mid)
            tiles = [play_tile(session, name) for name in taps]
            for tile in tiles:
                await session.dispatch_event(tile._i, "click", None)
            await asyncio.sleep(0.3)  # the re-renders the taps asked for are done
            return store.load(mid), texts(session)

    stored, shown = run_apart(run())
    return stored, shown, before


def test_one_tap_plays_the_card_with_its_fuel(tmp_path: Path) -> None:
    stored, shown, before = tapped(tmp_path, carrera.Match(["Ann", "Ben", "Cleo"]),
                                   ["Play 4A with 2 fuel, speed 6"])
    assert stored.events == [*before, {"type": "play", "player": "Ann", "card": "4A", "fuel": 2}]
    assert stored.fuel["Ann"] == 3 and stored.current == "Ben"
    assert "Ann plays a 4A with 2 fuel: speed 6." in shown


def test_a_second_tap_from_the_same_drawing_plays_nothing_more(tmp_path: Path) -> None:
    name = "Play 3 with 1 fuel, speed 4"
    stored, shown, before = tapped(tmp_path, carrera.Match(["Ann", "Ben", "Cleo"]), [name, name])
    assert stored.events == [*before, {"type": "play", "player": "Ann", "card": "3", "fuel": 1}]
    assert stored.fuel == {"Ann": 4, "Ben": 5, "Cleo": 5} and stored.current == "Ben"


def test_a_tap_on_a_greyed_card_is_refused_with_the_engines_reason(tmp_path: Path) -> None:
    match = carrera.Match(["Ann", "Ben", "Cleo"])
    match.play("3", 1)
    stored, shown, before = tapped(tmp_path, match, ["Card 3, face up already"])
    assert stored.events == before and stored.current == "Ben"
    assert any(text.startswith("Ann already played a 3 face up in this trick") for text in shown)

"""The scorekeeper's screens show the wrong PINs others try, live, and lock new scorekeepers out.

Real Flet sessions (no browser) of the app on one shared table with a PIN, each from an address
of its own, driven by the messages a page sends (a value, then "change"; a "click").
"""

from __future__ import annotations

from pathlib import Path

import flet as ft
import pytest

from companion.session.access import Gate, Locked
from companion.session.open_matches import OpenMatches
from storage import Store
from tests.support.companion.apart import run_apart
from tests.support.companion.tree import every
from tests.support.companion.wrong_pins_screen import PIN, enter_pin, open_as, settle, tap, texts


def test_the_keepers_screens_show_the_count_and_the_lock_works(tmp_path: Path) -> None:
    async def run() -> None:
        with Store(tmp_path / "data") as store:
            tables = OpenMatches(store, Gate(PIN))
            keeper = await open_as(tables, tmp_path, "/share", "192.168.1.20")
            await enter_pin(keeper, PIN)
            assert "This device keeps score now." in texts(keeper)
            assert "No wrong PINs tried." in texts(keeper)

            for i in range(3):  # strangers guess, each from an address of its own
                stranger = await open_as(tables, tmp_path, "/share", f"10.0.0.{i}")
                await enter_pin(stranger, "1357")
                assert "Wrong PIN." in texts(stranger)
                assert "wrong PIN" not in texts(stranger).replace("Wrong PIN.", "")
            assert "3 wrong PINs tried since the app started" in texts(keeper)  # live

            await tap(keeper, "Lock new scorekeepers out")
            assert "New scorekeepers are locked out" in texts(keeper)
            newcomer = await open_as(tables, tmp_path, "/share", "10.0.0.50")
            await enter_pin(newcomer, PIN)  # the right PIN, from a new device
            assert "locked new scorekeepers out, so the PIN was not checked" in texts(newcomer)
            assert "Unlock scorekeeping" in [c.content for c in every(newcomer.page)
                                             if isinstance(c, ft.FilledButton)]
            assert tables.gate.wrong_pins == 3
            # Neither a stranger's screen nor its crafted message can let new devices in.
            assert not any(isinstance(c, ft.OutlinedButton) and c.content == "Let new "
                           "scorekeepers in" for c in every(newcomer.page))
            with pytest.raises(Locked):
                tables.gate.close_to_new(tables.gate.new_pass("10.0.0.50"), False)
            assert tables.gate.closed_to_new
            # The keeper reloads (a new session on the same device): the PIN still lets it in.
            reloaded = await open_as(tables, tmp_path, "/share", "192.168.1.20")
            await enter_pin(reloaded, PIN)
            assert "This device keeps score now." in texts(reloaded)

            await tap(keeper, "Let new scorekeepers in")
            await enter_pin(newcomer, PIN)
            assert "This device keeps score now." in texts(newcomer)
            await tap(keeper, "Clear count")
            assert "No wrong PINs tried." in texts(keeper)

    run_apart(run())


def test_home_shows_the_keeper_a_notice_and_strangers_nothing(tmp_path: Path) -> None:
    async def run() -> None:
        with Store(tmp_path / "data") as store:
            tables = OpenMatches(store, Gate(PIN))
            keeper = await open_as(tables, tmp_path, "/share", "192.168.1.20")
            await enter_pin(keeper, PIN)
            await keeper.dispatch_event(keeper.page._i, "route_change", {"route": "/"})
            await settle()
            assert "wrong PIN" not in texts(keeper)  # nothing to say yet
            watcher = await open_as(tables, tmp_path, "/", "10.0.0.9")
            stranger = await open_as(tables, tmp_path, "/share", "10.0.0.10")
            await enter_pin(stranger, "0000")
            assert "1 wrong PIN tried since the app started" in texts(keeper)
            assert "wrong PIN" not in texts(watcher)
            await tap(keeper, "Lock new scorekeepers out")
            assert tables.gate.closed_to_new and "New scorekeepers are locked out" in texts(keeper)
            await tap(keeper, "Dismiss")
            assert tables.gate.wrong_pins == 0
            assert "New scorekeepers are locked out" in texts(keeper)  # the lock stays shown
            assert "wrong PIN" not in texts(watcher)

    run_apart(run())

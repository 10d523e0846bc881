"""The table as it was after one step (the timeline's past table) is the game's read-only watch
view, on a watcher's device and on the keeper's: nothing to tap but the way back, nothing said to
the scorekeeper, and the match unchanged. Real Flet sessions on a shared table with a PIN."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import flet as ft
from flet.messaging.session import Session

from companion.i18n.phrases import plain
from companion.session.access import Gate
from companion.session.open_matches import OpenMatches
from scoring import careta, ratel
from scoring.core import Match
from storage import Store
from tests.support.companion.apart import run_apart
from tests.support.companion.tree import every
from tests.support.companion.watch_back import go
from tests.support.companion.watch_views import CASES, KEEPER, TO_THE_KEEPER, WATCHER, handlers
from tests.support.companion.wrong_pins_screen import PIN, enter_pin, open_as, texts


def careta_played() -> Match:
    m = careta.Match(["Ann", "Ben", "Cleo"])
    m.start_set()
    m.start_game(careta.UP, m.starter)
    m.play(m.current, 9)
    m.play(m.current, careta.PASS)
    return m


def ratel_passed() -> Match:
    m = ratel.Match(["Ann", "Ben", "Cleo"], starter="Ann")
    m.play(2, 3)
    m.pass_turn()
    return m


def past_body(session: Session) -> list[Any]:
    view = [c for c in every(session.page) if isinstance(c, ft.View)][-1]
    return [c for top in view.controls for c in every(top)]


def check_past_read_only(session: Session, case: str) -> None:
    """Nothing to tap on the past table but the way back to the match, nothing said to the
    scorekeeper: the game's watch view."""
    controls = past_body(session)
    tappable = [(type(c).__name__, getattr(c, "content", None)) for c in controls
                if handlers(c) and not (isinstance(c, ft.TextButton)
                                        and c.content == "Back to the match")]
    assert not tappable, f"{case}: the past table has something to tap: {tappable}"
    buttons = [c.label for c in controls if isinstance(c, ft.Semantics) and c.button]
    assert not buttons, f"{case}: the past table names buttons: {buttons}"
    said = "\n".join(plain(c.value) for c in controls if isinstance(c, ft.Text)
                     and isinstance(c.value, str) and c.value != "Back to the match")
    assert not TO_THE_KEEPER.search(said), f"{case}: said to the keeper: {said}"


PAST: dict[str, tuple[Callable[[], Match], int, str]] = {
    # name: (match, step, what its watch view reads at that step)
    "caro": (CASES["caro"][0], 1, "Ben to lay"),
    "careta": (careta_played, 3, "Ben's 9 can be doubted until the next play."),
    "ratel": (ratel_passed, 1, "Ben to play after Ann's 2 x +3."),
    "carrera": (CASES["carrera"][0], 1, "Ben plays to trick 1."),
}


def test_the_past_table_is_the_game_s_watch_view_for_keeper_and_watcher(tmp_path: Path) -> None:
    async def run() -> None:
        with Store(tmp_path / "data") as store:
            tables = OpenMatches(store, Gate(PIN))
            keeper = await open_as(tables, tmp_path, "/share", KEEPER)
            await enter_pin(keeper, PIN)
            for name, (build, step, reads) in PAST.items():
                mid = store.create(build())
                events = store.load(mid).events
                route = f"/match/{mid}/timeline/{step}"
                watcher = await open_as(tables, tmp_path, route, WATCHER)
                await go(keeper, route)
                for who, session in (("watcher", watcher), ("keeper", keeper)):
                    case = f"{name}, {who}"
                    assert f"Step {step}: the table as it was (read-only)" in texts(session), case
                    assert reads in texts(session), f"{case}: {texts(session)}"
                    check_past_read_only(session, case)
                assert store.load(mid).events == events

    run_apart(run())

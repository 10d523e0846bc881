"""A watcher's match screen is a scoreboard to read: per game, no pad, card, cell or chip to tap,
nothing said to the scorekeeper, and the keeper's next action shows there live.

Real Flet sessions (no browser) of the app on a shared table with a PIN: a keeper that entered
it and a watcher that did not, on the same matches, each seeded in a state worth reading.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import flet as ft
from flet.messaging.session import Session

from companion.i18n.phrases import plain
from companion.session.access import Gate
from companion.session.open_matches import OpenMatches
from companion.widgets.following_banner import KEPT_ELSEWHERE, LOCKED_OUT
from scoring.core import Match
from storage import Store
from tests.support.companion.apart import run_apart
from tests.support.companion.tree import every
from tests.support.companion.watch_views import (
    CASES,
    KEEPER,
    TO_THE_KEEPER,
    WATCHER,
    careta_doubt_open,
    handlers,
    keeper_pass,
    ratel_trick,
)
from tests.support.companion.wrong_pins_screen import PIN, enter_pin, open_as, settle, tap


def body(session: Session) -> list[Any]:
    """Every control of the match screen below its app bar (whose Undo/Redo are disabled)."""
    view = [c for c in every(session.page) if isinstance(c, ft.View)][-1]
    return [c for top in view.controls for c in every(top)]


def shown(session: Session) -> str:
    """The texts of the match screen (the top view; Home lies under it in the view stack)."""
    return "\n".join(plain(c.value) for c in body(session)
                     if isinstance(c, ft.Text) and isinstance(c.value, str))


def allowed(control: ft.Control) -> bool:
    """What a watcher may tap: Enter PIN, and a finished match's Share result (it changes
    nothing: the result card is drawn and shared on the watcher's own phone)."""
    return ((isinstance(control, ft.TextButton) and control.content == "Enter PIN")
            or (isinstance(control, ft.OutlinedButton) and control.content == "Share result"))


def check_read_only(session: Session, case: str) -> None:
    controls = body(session)
    tappable = [(type(c).__name__, getattr(c, "content", None), handlers(c)) for c in controls
                if handlers(c) and not allowed(c)]
    assert not tappable, f"{case}: a watcher has something to tap: {tappable}"
    buttons = [c.label for c in controls if isinstance(c, ft.Semantics) and c.button]
    assert not buttons, f"{case}: a watcher's screen names buttons: {buttons}"
    fields = [c for c in controls if isinstance(c, ft.TextField | ft.Switch | ft.Checkbox)]
    assert not fields, f"{case}: a watcher has fields: {fields}"
    said = shown(session).replace(KEPT_ELSEWHERE, "")
    assert not TO_THE_KEEPER.search(said), f"{case}: said to the keeper: {said}"


def test_each_game_s_watcher_reads_a_board_and_follows_the_keeper(tmp_path: Path) -> None:
    async def run() -> None:
        with Store(tmp_path / "data") as store:
            ids = {name: store.create(build()) for name, (build, *_) in CASES.items()}
            tables = OpenMatches(store, Gate(PIN))
            keeper = keeper_pass(tables)
            for name, (_, reads, action, then) in CASES.items():
                mid = ids[name]
                watcher = await open_as(tables, tmp_path, f"/match/{mid}", WATCHER)
                assert KEPT_ELSEWHERE in shown(watcher), name
                assert reads in shown(watcher), f"{name}: {shown(watcher)}"
                for player, _ in tables.get(mid).match.standings():  # the scoreboard
                    assert player in shown(watcher), name
                check_read_only(watcher, name)
                # The keeper's next action shows live.
                tables.act(mid, action, by=keeper)
                await settle()
                assert then in shown(watcher), f"{name}: {shown(watcher)}"
                check_read_only(watcher, name)
                watcher.close()

    run_apart(run())


@asynccontextmanager
async def keeper_at(folder: Path, match: Match) -> AsyncIterator[tuple[OpenMatches, str, Session]]:
    """A shared table with a PIN holding `match`: the tables, the match's id, and the keeper's
    session, opened on /share with the PIN entered."""
    with Store(folder / "data") as store:
        mid = store.create(match)
        tables = OpenMatches(store, Gate(PIN))
        keeper = await open_as(tables, folder, "/share", KEEPER)
        await enter_pin(keeper, PIN)
        yield tables, mid, keeper


def test_the_keeper_s_screen_is_the_one_with_the_pad(tmp_path: Path) -> None:
    """The same Careta match on the keeper's phone still shows the number pad and PASS."""
    async def run() -> None:
        async with keeper_at(tmp_path, careta_doubt_open()) as (_, mid, keeper):
            await keeper.dispatch_event(keeper.page._i, "route_change", {"route": f"/match/{mid}"})
            await settle()
            labels = {c.label for c in body(keeper) if isinstance(c, ft.Semantics) and c.button}
            assert {"PASS", "State 11"} <= labels
            assert KEPT_ELSEWHERE not in shown(keeper)

    run_apart(run())


def test_the_line_says_when_new_scorekeepers_are_locked_out(tmp_path: Path) -> None:
    async def run() -> None:
        async with keeper_at(tmp_path, ratel_trick()) as (tables, mid, keeper):
            watcher = await open_as(tables, tmp_path, f"/match/{mid}", WATCHER)
            await tap(keeper, "Lock new scorekeepers out")
            assert LOCKED_OUT in shown(watcher)  # live, without a reload
            assert PIN not in shown(watcher)
            await tap(keeper, "Let new scorekeepers in")
            assert KEPT_ELSEWHERE in shown(watcher)

    run_apart(run())

"""Ratel's "Nobody can beat it: all pass" on a real Flet session (no browser): one tap records
one action, a double tap (the second sent before the page re-rendered, as a raw client may send
it) is refused by the rules and changes nothing, and the button is not there when someone could
still beat the table."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import flet as ft

from scoring import ratel
from storage import Store
from tests.support.companion.apart import run_apart
from tests.support.companion.caro_undo_cost import open_match
from tests.support.companion.tree import every

ALL_PASS = "Nobody can beat it: all pass"


def all_pass_buttons(session: Any) -> list[ft.FilledButton]:
    return [c for c in every(session.page)
            if isinstance(c, ft.FilledButton) and c.content == ALL_PASS]


def test_a_double_tap_on_all_pass_records_one_action(tmp_path: Path) -> None:
    m = ratel.Match(["Ann", "Ben", "Cleo", "Dan"])
    m.play(1, -2)
    m.play(1, 5)  # Ben's +5: nobody can beat it; Cleo, Dan and Ann still to answer
    with Store(tmp_path / "data") as store:
        mid = store.create(m)

    async def double_tap() -> tuple[ratel.Match, int]:
        with Store(tmp_path / "data") as store:
            session, _ = await open_match(store, tmp_path, mid)
            (button,) = all_pass_buttons(session)
            # Both taps before any re-render: the second one's handler was made for Cleo's turn.
            await session.dispatch_event(button._i, "click", None)
            await session.dispatch_event(button._i, "click", None)
            await asyncio.sleep(0.3)  # the re-renders the taps asked for are done
            return store.load(mid), len(all_pass_buttons(session))

    match, shown = run_apart(double_tap())
    assert [e["type"] for e in match.events[1:]] == ["play", "play", "pass_all"]
    assert match.trick == [] and match.current == match.leader == "Ben"
    assert match.hands == {"Ann": 9, "Ben": 10, "Cleo": 10, "Dan": 10}  # Ben took the -2
    assert shown == 0  # Ben leads: nothing to pass on


def test_no_all_pass_while_someone_may_beat_the_table(tmp_path: Path) -> None:
    m = ratel.Match(["Ann", "Ben", "Cleo", "Dan", "Eli"])
    m.play(2, 4)  # two +5 may be in any hand
    with Store(tmp_path / "data") as store:
        mid = store.create(m)

    async def look() -> int:
        with Store(tmp_path / "data") as store:
            session, _ = await open_match(store, tmp_path, mid)
            return len(all_pass_buttons(session))

    assert run_apart(look()) == 0

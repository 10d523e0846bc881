"""Helpers of tests/companion/test_quick_taps.py that other tests share: group_of, start_button,
started_ratel, tap."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import flet as ft
from flet.messaging.session import Session

from scoring import ratel
from storage import Store
from tests.support.companion.apart import run_apart
from tests.support.companion.caro_undo_cost import open_route
from tests.support.companion.tree import every


async def new_ratel_match(store: Store, folder: Path) -> Session:
    session = await open_route(store, folder, "/new/ratel")
    for name in ("Ann", "Ben", "Cleo"):  # the names earlier matches offer, one tap each
        await tap(session, lambda c, n=name: isinstance(c, ft.OutlinedButton)
                  and getattr(c.content, "value", None) == n)
        await asyncio.sleep(0.1)
    return session


def started_ratel(folder: Path, taps: Callable[[Session], Awaitable[None]]) -> ratel.Match:
    """The Ratel match that `taps` start on a new-match screen offering Ann, Ben and Cleo
    (the names a stored match gives it), as the store keeps it once the re-renders are done."""
    with Store(folder / "data") as store:
        store.create(ratel.Match(players=["Ann", "Ben", "Cleo"]))

    async def run() -> ratel.Match:
        with Store(folder / "data") as store:
            session = await new_ratel_match(store, folder)
            before = {s.id for s in store.summaries()}
            await taps(session)
            (mid,) = {s.id for s in store.summaries()} - before
            await asyncio.sleep(0.3)  # the re-renders the taps asked for are done
            return store.load(mid)

    return run_apart(run())


def start_button(c: Any) -> bool:
    return isinstance(c, ft.FilledButton) and c.content == "Start match"


def group_of(value: str) -> Any:
    """Which control is the RadioGroup holding the radio `value`."""
    return lambda c: isinstance(c, ft.RadioGroup) and any(
        isinstance(r, ft.Radio) and r.value == value for r in every(c))


async def tap(session: Session, which: Any, value: str | None = None) -> None:
    """What the page sends for a tap: a click, or for a choice the new value and then "change"."""
    control = next(c for c in every(session.page) if which(c))
    if value is None:
        await session.dispatch_event(control._i, "click", None)
    else:
        session.apply_patch(control._i, {"value": value})
        await session.dispatch_event(control._i, "change", None)

"""A tap that follows another before the page has re-rendered acts on what the first one set.

A handler is made at one render; the page sends taps in order, but on a busy server the
re-render after a radio tap can come after the next tap's handler has already run
(companion/session/guard.py renders first). Driven here on a real Flet session (no
browser), with no pause between the two taps: each failed before that.
"""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import flet as ft
from flet.messaging.session import Session

from scoring import caro, ratel
from storage import Store
from tests.support.companion.apart import run_apart
from tests.support.companion.caro_undo_cost import open_match
from tests.support.companion.quick_taps import group_of, start_button, started_ratel, tap
from tests.support.companion.tree import every, label_of


def test_start_tapped_right_after_a_radio_uses_that_radio(tmp_path: Path) -> None:
    async def quick(session: Session) -> None:
        # Ben starts, the short game: then Start at once, no re-render in between.
        await tap(session, group_of("Ben"), "Ben")
        await tap(session, group_of("short"), "short")
        await tap(session, start_button)

    match = started_ratel(tmp_path, quick)
    assert (match.mode, match.players, match.starter) == ("short", ["Ann", "Ben", "Cleo"], "Ben")


def test_a_cell_tapped_right_after_a_colour_lays_that_colour(tmp_path: Path) -> None:
    with Store(tmp_path / "data") as store:
        mid = store.create(caro.Match(players=["Ann", "Ben"]))

    async def quick() -> caro.Match:
        with Store(tmp_path / "data") as store:
            session, _ = await open_match(store, tmp_path, mid)
            chip = next(c for c in every(session.page) if isinstance(c, ft.Semantics)
                        and (c.label or "").startswith("Lay red"))
            first = next(c for c in every(session.page) if isinstance(c, ft.Container)
                         and c.on_click is not None and isinstance(c.content, ft.Text)
                         and (c.content.semantics_label or "").startswith("row "))
            # The colour, then the cell at once: no re-render in between.
            await session.dispatch_event(chip.content._i, "click", None)
            await session.dispatch_event(first._i, "click", None)
            await asyncio.sleep(0.3)  # the re-renders the taps asked for are done
            return store.load(mid)

    match = run_apart(quick())
    assert list(match.board.values()) == ["red"] and match.current == "Ben"


def test_record_tapped_right_after_a_typed_figure_records_that_figure(tmp_path: Path) -> None:
    with Store(tmp_path / "data") as store:
        mid = store.create(ratel.Match(players=["Ann", "Ben"], mode="penalty"))

    async def quick() -> ratel.Match:
        with Store(tmp_path / "data") as store:
            session, _ = await open_match(store, tmp_path, mid)

            def button(label: str):
                return lambda c: isinstance(c, (ft.FilledButton, ft.OutlinedButton)) \
                    and label_of(c) == label

            def field(c: Any) -> bool:
                return isinstance(c, ft.TextField) and c.label == "Ben's cards left"

            await tap(session, button("Enter result only"))
            await asyncio.sleep(0.1)
            await tap(session, lambda c: isinstance(c, ft.RadioGroup), "Ann")
            await asyncio.sleep(0.1)
            await tap(session, field, "3")
            await asyncio.sleep(0.1)  # Record is on, for Ben 3
            # Ben's 3 corrected to 5, and Record at once: no re-render in between.
            await tap(session, field, "5")
            await tap(session, button("Record round 1"))
            await asyncio.sleep(0.3)  # the re-renders the taps asked for are done
            return store.load(mid)

    match = run_apart(quick())
    assert match.penalties == {"Ann": 0, "Ben": 5}


def test_taps_read_in_one_batch_keep_their_order(tmp_path: Path) -> None:
    """The server reads a busy page's messages in a batch: a radio's value is applied as it is
    read, its "change" handler and the next tap run later, each in a task of its own. A render
    asked for by the first radio ran between the second radio's value and its handler, put the
    option back to the default on the page and in the state, and Start used the default (a
    browser test on a busy machine started a Carrera match with "Ask" after "Earliest played
    wins" was chosen)."""
    async def batch(session: Session) -> None:
        lead, mode = (next(c for c in every(session.page) if group_of(value)(c))
                      for value in ("Ben", "short"))
        start = next(c for c in every(session.page) if start_button(c))
        # What the socket server does as it reads each message (flet_socket_server.py): a
        # value is applied at once, an event is handled in a task started for it.
        tasks = []
        session.apply_patch(lead._i, {"value": "Ben"})
        tasks.append(asyncio.create_task(session.dispatch_event(lead._i, "change", None)))
        session.apply_patch(mode._i, {"value": "short"})
        tasks.append(asyncio.create_task(session.dispatch_event(mode._i, "change", None)))
        tasks.append(asyncio.create_task(session.dispatch_event(start._i, "click", None)))
        await asyncio.gather(*tasks)

    match = started_ratel(tmp_path, batch)
    assert (match.mode, match.starter) == ("short", "Ben")

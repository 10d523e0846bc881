"""The clock's Pause on the match screen, and the length on the Big scoreboard, History and
Statistics, drawn by a Flet session without a browser.

Pause sits in the bottom bar beside Undo and Redo (48 px); while paused the band above the table
says so and the bar holds the one Resume; the game's controls stay where they were.
"""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime, timedelta
from pathlib import Path

import flet as ft

from companion.i18n.phrases import plain
from scoring import caro
from storage import Store
from tests.support.companion.apart import run_apart
from tests.support.companion.caro_undo_cost import mid_game, open_route
from tests.support.companion.tree import every


def texts(page: ft.Page) -> list[str]:
    return [plain(c.value) for c in every(page)
            if isinstance(c, ft.Text) and isinstance(c.value, str)]


def named(page: ft.Page, kind: type, name: str) -> list[ft.Control]:
    found = []
    for c in every(page):
        if not isinstance(c, kind):
            continue
        if isinstance(c, ft.IconButton) and isinstance(c.icon, ft.Icon):
            label = c.icon.semantics_label
        else:
            label = c.content if isinstance(c.content, str) else None
        if label == name:
            found.append(c)
    return found


async def tap(session, control: ft.Control) -> None:
    await session.dispatch_event(control._i, "click", None)
    await asyncio.sleep(0.2)


def test_pause_then_resume_on_the_match_screen(tmp_path: Path) -> None:
    with Store(tmp_path / "data") as store:
        mid = store.create(mid_game())
        before = len(store.load(mid).events)

    async def walk() -> dict[str, object]:
        seen: dict[str, object] = {}
        with Store(tmp_path / "data") as store:
            session = await open_route(store, tmp_path, f"/match/{mid}")
            page = session.page
            (pause,) = named(page, ft.IconButton, "Pause")
            assert not pause.disabled and pause.width == 48 and pause.height == 48
            assert not named(page, ft.FilledButton, "Resume")
            await tap(session, pause)
            seen["paused"] = store.load(mid).paused
            seen["events"] = len(store.load(mid).events)
            seen["notice"] = any(t.startswith("Paused:") for t in texts(page))
            seen["pauses left"] = len(named(page, ft.IconButton, "Pause"))
            resume = named(page, ft.FilledButton, "Resume")
            seen["resumes"] = len(resume)
            seen["resume height"] = resume[0].height if resume else None
            await tap(session, resume[0])
            seen["after"] = store.load(mid).paused
            seen["notice after"] = any(t.startswith("Paused:") for t in texts(page))
            seen["pause back"] = len(named(page, ft.IconButton, "Pause"))
        return seen

    seen = run_apart(walk())
    assert seen == {"paused": True, "events": before + 1, "notice": True, "pauses left": 0,
                    "resumes": 1, "resume height": 48, "after": False, "notice after": False,
                    "pause back": 1}


def test_the_length_on_the_board_history_and_statistics(tmp_path: Path) -> None:
    with Store(tmp_path / "data") as store:
        m = mid_game()
        while not m.is_over:  # finish it: every lay a minute apart, a ten-minute pause inside
            m.lay(*next((c, cell) for c in caro.COLOURS for cell in sorted(m.options(c))))
        mid = store.create(caro.Match(players=["Cleo", "Dan"]))  # each action saved as taken
        times = iter(datetime(2026, 5, 2, 18, 0, tzinfo=UTC) + timedelta(minutes=n)
                     for n in range(1000))
        store._now = lambda: next(times)  # type: ignore[method-assign]
        live = store.load(mid)
        for event in m.events[len(live.events):]:
            live._record(event)
            if len(live.events) == 15:
                live.pause()
                store.save(mid, live)
                for _ in range(9):
                    next(times)
                live.resume()
            store.save(mid, live)
        summary = store.summary(mid)
        at = store.action_times(mid)
    assert summary.status == "finished"
    assert summary.played_for == (at[-1] - at[1]).total_seconds() - 600  # the pause left out
    minutes = int(summary.played_for // 60)

    async def walk(route: str) -> list[str]:
        with Store(tmp_path / "data") as store:
            session = await open_route(store, tmp_path, route)
            return texts(session.page)

    board = run_apart(walk(f"/match/{mid}/board"))
    assert f"Played for {minutes // 60} h {minutes % 60:02d} min" in board or \
        f"Played for {minutes} min" in board, board
    history = run_apart(walk("/history"))
    assert any(t.endswith(f"· {minutes} min") for t in history), history
    stats = run_apart(walk("/stats"))
    assert "Match length" in stats
    assert f"2 players: {minutes} min on average (1 match)" in stats, stats

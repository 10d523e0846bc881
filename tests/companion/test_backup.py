"""A backup that happens (issue 33): Home and Settings say when the last backup was made, Home
asks after 5 new finished matches or 14 days (put off with "Not now", never on a match screen),
and one tap hands every match's JSON export to the share sheet (Flet's Share, stood in for)."""

from __future__ import annotations

import asyncio
import json
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import flet as ft
import pytest

from companion.describe.backup import due
from companion.i18n.phrases import plain
from companion.session.preferences import Preferences
from storage import Store
from tests.support.companion.apart import run_apart
from tests.support.companion.caro_undo_cost import open_route
from tests.support.companion.tree import every
from tests.support.storage.finished import careta_team_finished, caro_finished, caro_in_play

ASK = "finished matches and no backup yet"


def texts(session: Any, route: str = "") -> str:
    """The texts of the page, or of its view of `route` alone (Home's is under every other)."""
    root = session.page if not route else next(
        c for c in every(session.page) if isinstance(c, ft.View) and c.route == route)
    return "\n".join(plain(c.value) for c in every(root)
                     if isinstance(c, ft.Text) and isinstance(c.value, str))


async def tap(session: Any, label: str) -> None:
    """Click `label`, then wait until the page has changed and is no longer busy (the export
    runs in a thread: on a busy machine it takes longer than any fixed wait), 30 s at most."""
    control = next(c for c in every(session.page)
                   if isinstance(c, ft.FilledButton | ft.TextButton) and c.content == label)
    before = texts(session)
    await session.dispatch_event(control._i, "click", None)
    for _ in range(300):  # changed, and no longer busy (its buttons drawn anew, to be tapped)
        await asyncio.sleep(0.1)
        if texts(session) != before and not any(isinstance(c, ft.ProgressBar)
                                                for c in every(session.page)):
            break
    await asyncio.sleep(0.3)


@pytest.fixture
def shared(monkeypatch: pytest.MonkeyPatch) -> list[Any]:
    """The share sheet stood in for: each call's files, answered as the status given first."""
    calls: list[Any] = [ft.ShareResultStatus.SUCCESS]

    async def share_files(self: ft.Share, files: list[ft.ShareFile], **kw: Any) -> Any:
        calls.append(files)
        return ft.ShareResult(calls[0], "")

    monkeypatch.setattr(ft.Share, "share_files", share_files)
    return calls


def test_the_reminder_comes_after_5_finished_matches_or_14_days() -> None:
    t = datetime(2026, 5, 1, tzinfo=UTC)

    class S:
        def __init__(self, hours: float, status: str = "finished") -> None:
            self.status, self.played_at = status, t + timedelta(hours=hours)

    four = [S(i) for i in range(4)]
    assert not due(four, None, None, t + timedelta(days=1))
    assert due([*four, S(5)], None, None, t + timedelta(days=1))
    assert not due([*four, S(5, "active")], None, None, t + timedelta(days=1))
    assert due(four, None, None, t + timedelta(days=14))  # the first finished 14 days ago
    backed = t + timedelta(hours=10)
    assert not due([*four, S(5)], backed, None, t + timedelta(days=30))  # nothing new since
    assert not due([*four, S(11)], backed, None, t + timedelta(days=2))
    assert due([*four, S(11)], backed, None, backed + timedelta(days=14))
    later = [S(11 + i) for i in range(5)]
    assert due(later, backed, None, t + timedelta(days=2))
    assert not due(later, backed, t + timedelta(hours=20), t + timedelta(days=2))  # put off


def test_not_now_in_the_second_a_match_finished_puts_the_reminder_off(tmp_path: Path) -> None:
    """The moment kept is the moment tapped, not its whole second: five matches finished at
    .700 s and "Not now" at .900 s of the same second leave nothing fresh to ask about (kept to
    the second, the matches read as finished after it, and the reminder stayed)."""
    finished = datetime(2026, 5, 1, 12, 0, 0, 700_000, tzinfo=UTC)

    class S:
        status, played_at = "finished", finished

    Preferences(tmp_path).put_off_backup(finished + timedelta(milliseconds=200))
    put_off = Preferences(tmp_path).backup_put_off  # as the next start reads it
    assert put_off == finished + timedelta(milliseconds=200)
    assert not due([S() for _ in range(5)], None, put_off, put_off)


def test_home_asks_a_tap_backs_up_every_match_and_settings_says_when(
        tmp_path: Path, shared: list[Any]) -> None:
    data = tmp_path / "data"
    with Store(data) as store:
        for seed in range(1, 6):
            store.create(caro_finished(seed))
        store.create(careta_team_finished())
        store.create(caro_in_play())

    async def walk() -> dict[str, str]:
        seen = {}
        with Store(data) as store:
            home = await open_route(store, data, "/")
            seen["asked"] = texts(home)
            await tap(home, "Back up now")
            seen["after"] = texts(home)
            seen["settings"] = texts(await open_route(store, data, "/settings"))
            match = next(s.id for s in store.summaries() if s.status == "active")
            seen["match"] = texts(await open_route(store, data, f"/match/{match}"),
                                  f"/match/{match}")
        return seen

    seen = run_apart(walk())
    # the question says there is no backup yet, once: no second line saying it again
    assert f"6 {ASK}" in seen["asked"] and "No backup made yet." not in seen["asked"]
    (files,) = shared[1:]
    assert [(f.name.endswith(".json"), f.mime_type) for f in files] == [(True,
                                                                         "application/json")]
    backup = json.loads(files[0].data)
    assert len(backup["matches"]) == 7  # every match, the one in play too
    assert ASK not in seen["after"] and "Backed up: 7 matches in" in seen["after"]
    assert "Last backup: just now." in seen["after"]
    assert "Last backup: just now." in seen["settings"]
    assert "backup" not in seen["match"].lower()  # never during a match
    assert Preferences(data).last_backup is not None  # kept for every next start


def test_a_closed_share_sheet_makes_no_backup_and_not_now_puts_the_reminder_off(
        tmp_path: Path, shared: list[Any]) -> None:
    shared[0] = ft.ShareResultStatus.DISMISSED
    data = tmp_path / "data"
    with Store(data) as store:
        for seed in range(1, 6):
            store.create(caro_finished(seed))

    async def walk() -> list[str]:
        with Store(data) as store:
            home = await open_route(store, data, "/")
            await tap(home, "Back up now")
            closed = texts(home)
            await tap(home, "Not now")
            return [closed, texts(home), texts(await open_route(store, data, "/"))]

    closed, put_off, again = run_apart(walk())
    assert "No backup made: the share sheet was closed." in closed and f"5 {ASK}" in closed
    assert Preferences(data).last_backup is None and Preferences(data).backup_put_off
    assert ASK not in put_off and ASK not in again and "No backup made yet." in again

"""A page that says it is the desktop app: the served app still opens, reads and writes no path
it names (issue 23, item 1).

A real Flet session of the served app on Settings, registered as a crafted client would
(`web: false, platform: linux`) or switching `web` off later with UPDATE_CONTROL_PROPS: "Export
all as CSV" answered with a match file's path leaves the file as it was and says nothing of it,
and an import result naming a path (a system file, a folder, a missing file) gets one and the
same refusal, with nothing opened.
"""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import flet as ft
import pytest
from flet.messaging.session import Session

from companion.session.access import Gate
from companion.session.open_matches import OpenMatches
from scoring import caro
from storage import Store
from tests.support.companion.apart import run_apart
from tests.support.companion.page_says_desktop import (
    PIN,
    answer_invokes,
    button,
    open_settings,
    shown,
)

DESKTOP = {"web": False, "platform": "linux"}


@pytest.fixture
def store(tmp_path: Path) -> Iterator[Store]:
    opened = Store(tmp_path / "data")
    yield opened
    opened.close()


@pytest.mark.parametrize("says, later",
                         [(DESKTOP, None), ({"web": True, "platform": "android"}, DESKTOP)],
                         ids=["registered-as-desktop", "switched-after"])
def test_a_watcher_cannot_write_a_csv_over_a_match_file(
    store: Store, tmp_path: Path, says: dict[str, Any], later: dict[str, Any] | None
) -> None:
    mid = store.create(caro.Match(players=["Ann", "Ben"]))
    match_file = next((tmp_path / "data" / "matches").glob(f"{mid}*"))
    before = match_file.read_bytes()
    tables = OpenMatches(store, Gate(PIN))  # --lan --pin: this session has no PIN

    async def attack() -> tuple[Session, int]:
        session, wire = await open_settings(tables, tmp_path, says, later)
        assert session.page.web is False  # the page says so; the server does not care
        export = button(session, "Export all as CSV")
        tap = asyncio.ensure_future(session.dispatch_event(export._i, "click", None))
        return session, await answer_invokes(session, wire, str(match_file), tap)

    session, asked = run_apart(attack())
    assert asked == 1
    assert match_file.read_bytes() == before  # was: a CSV header over the match
    assert not list(match_file.parent.glob(".*.tmp"))
    said = [t for t in shown(session) if t.startswith("Exported")]
    assert said == ["Exported 1 match to " + said[0].split(" to ", 1)[1]]
    assert str(tmp_path) not in " ".join(shown(session)) and "/" not in said[0]
    assert store.load(mid).events == caro.Match(players=["Ann", "Ben"]).events


def test_the_desktop_app_saves_where_its_user_chose(store: Store, tmp_path: Path) -> None:
    """Started with --desktop, the dialog's answer is a path on this computer: the file is kept."""
    store.create(caro.Match(players=["Ann", "Ben"]))
    chosen = tmp_path / "chosen.csv"

    async def save() -> Session:
        session, wire = await open_settings(OpenMatches(store), tmp_path, DESKTOP, desktop=True)
        tap = asyncio.ensure_future(
            session.dispatch_event(button(session, "Export all as CSV")._i, "click", None))
        await answer_invokes(session, wire, str(chosen), tap)
        return session

    session = run_apart(save())
    assert chosen.read_bytes().startswith(b"\xef\xbb\xbf")  # the CSV, as the client left none
    assert f"Exported 1 match to {chosen}." in shown(session)


def test_an_import_naming_a_path_gets_one_refusal_and_nothing_is_opened(
    store: Store, tmp_path: Path, opened: list[str]
) -> None:
    secret = tmp_path / "secret"
    secret.mkdir()
    (secret / "matches.json").write_text('{"format": "table-companion-matches"}')
    paths = ["/etc/passwd", "/dev/zero", str(secret), str(secret / "matches.json"),
             str(secret / "missing.json")]
    tables = OpenMatches(store)  # the served app without --lan: this session keeps score

    async def attack() -> list[list[str]]:
        session, _ = await open_settings(tables, tmp_path, DESKTOP)
        assert button(session, "Import from JSON")  # offered to a scorekeeper
        picker = next(s for s in session.page._services._services
                      if isinstance(s, ft.FilePicker) and s.on_result is not None)
        said = []
        for path in paths:
            files = [{"id": 1, "name": "matches.json", "size": 40, "path": path}]
            await session.dispatch_event(picker._i, "result", {"files": files})
            await asyncio.sleep(0.05)  # the message line renders
            said.append([t for t in shown(session) if "matches.json" in t])
        return said

    said = run_apart(attack())
    assert opened == []  # was: /etc/shadow -> "not valid JSON"
    assert said == [["Could not read matches.json: its contents did not arrive. Try again."]] * 5
    assert store.summaries() == []

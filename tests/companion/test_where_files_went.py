"""Where the server keeps its files is for the scorekeeper (issue 23, item 5).

A match file found damaged is moved into `damaged/`: Home tells a phone that only follows the
table that it was set aside, and the scorekeeper where it went; an export that leaves such a
match out says why, never where.
"""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest
from flet.controls.context import _context_page
from flet.messaging.session import Session

from companion.app import build_main
from companion.session.access import Gate
from companion.session.open_matches import OpenMatches
from companion.session.preferences import Preferences
from scoring import caro
from storage import Store
from storage.transfer import export_csv, export_json
from tests.support.companion.apart import run_apart
from tests.support.companion.page_says_desktop import PIN, shown
from tests.support.companion.session_guard import Wire


def damaged_at_start(data: Path) -> str:
    with Store(data) as store:
        bad = store.create(caro.Match(players=["Ann", "Ben"]))
        store.create(caro.Match(players=["Cleo", "Dan"]))
    (data / "matches" / f"{bad}.json").write_bytes(b"{broken")
    return bad


def home_texts(tables: OpenMatches, folder: Path) -> list[str]:
    async def open_home() -> list[str]:
        wire = Wire()
        wire.loop = asyncio.get_running_loop()
        session = Session(wire)
        _context_page.set(session.page)
        session.apply_page_patch({"route": "/", "width": 412, "height": 915, "web": True,
                                  "platform": "android"})
        build_main(tables, Preferences(folder))(session.page)
        session.get_page_patch()
        await asyncio.sleep(0.1)  # the router renders Home
        return shown(session)

    return run_apart(open_home())


@pytest.mark.parametrize("watching", [True, False], ids=["watcher", "scorekeeper"])
def test_home_says_where_a_damaged_match_went_only_to_the_scorekeeper(
    tmp_path: Path, watching: bool
) -> None:
    data = tmp_path / "data"
    bad = damaged_at_start(data)
    with Store(data) as store:
        (notice,) = store.notices
        moved_to = notice.path
        assert moved_to and Path(moved_to).parent == data / "damaged"  # kept apart, as data
        tables = OpenMatches(store, Gate(PIN)) if watching else OpenMatches(store)
        said = [t for t in home_texts(tables, tmp_path) if "could not be read" in t]
    assert len(said) == 1 and f"({bad})" in said[0]
    if watching:  # was: "...; it was moved to <the data folder>/damaged/<id>-<time>.json; ..."
        assert "it was set aside" in said[0] and str(tmp_path) not in said[0]
        assert "damaged" not in said[0]
    else:
        assert f"it was moved to {moved_to}" in said[0]


@pytest.mark.parametrize("export", [export_csv, export_json])
def test_an_export_leaving_a_match_out_says_why_never_where(tmp_path: Path, export) -> None:
    data = tmp_path / "data"
    with Store(data) as store:
        bad = store.create(caro.Match(players=["Ann", "Ben"]))
        store.create(caro.Match(players=["Cleo", "Dan"]))
        (data / "matches" / f"{bad}.json").write_bytes(b"{broken")  # damaged while open
        made = export(store)
        (notice,) = store.notices
    assert made.count == 1 and len(made.problems) == 1
    said = str(made.sentence("to matches.csv"))
    assert "Left out, as they could not be read" in said and f"({bad})" in said
    assert "set aside" in said and str(tmp_path) not in said and "damaged/" not in said
    assert notice.path and str(data / "damaged") in notice.said(where=True)  # kept for Home

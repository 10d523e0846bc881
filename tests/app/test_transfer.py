"""Statistics, export (browser downloads) and import (the file chooser) as a person uses them."""

from __future__ import annotations

import csv
import io
import json
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from storage import Store
from storage.transfer import FORMAT, export_json
from tests.support.app.process import AppProcess
from tests.support.app.ui import button, go_to, host, open_page, see
from tests.support.storage import finished


@pytest.fixture
def app(tmp_path: Path) -> Iterator[AppProcess]:
    """The app on a data folder that already holds every game (8 finished, 1 in play)."""
    with Store(tmp_path / "data") as store:
        for match in finished.every_game():
            store.create(match)
    process = AppProcess(tmp_path / "data").start()
    yield process
    process.stop()


def chip(page, name: str):
    return host(page).get_by_role("checkbox", name=name, exact=True)


def test_statistics_screen(app, phone) -> None:
    open_page(phone, app.url)
    button(phone, "Statistics").click()
    see(phone, "8 finished matches (all games, all time)")
    see(phone, "Head to head")
    see(phone, "8 matches together")
    see(phone, "Ann won 5 · Ben won 2")
    chip(phone, "Ratel").click()
    see(phone, "2 finished matches (Ratel, all time)")
    see(phone, "Average 3 penalty points (of 1 match), lower is better")
    see(phone, "Ann won 2 · Cleo won 1")  # the two who played most, by default
    see(phone, "1 won together (a shared win or the same team).")
    button(phone, "Second player: Cleo").click()
    button(phone, "Ben").click()
    see(phone, "Ann won 2 · Ben won 0")
    chip(phone, "Last 7 days").click()
    see(phone, "2 finished matches (Ratel, last 7 days)")
    phone.wait_for_timeout(400)
    phone.screenshot(path=str(Path(app.data).parent / "stats.png"))


def to_top(page) -> None:
    """Scroll History back to its top, where Import is: the Export of a row further down scrolled
    the list, and on a busy machine the click's own scroll can leave the button off screen."""
    page.mouse.move(206, 450)
    page.mouse.wheel(0, -20_000)
    button(page, "Import from JSON").wait_for()
    page.wait_for_timeout(300)  # the wheel's scroll settles


def test_export_and_import(app, browser, phone, tmp_path: Path) -> None:
    open_page(phone, app.url)
    go_to(phone, "History", "Export all as JSON")
    # another tab shows History too: an import made elsewhere appears there at once
    tab = browser.new_context(viewport={"width": 412, "height": 915}).new_page()
    open_page(tab, app.url)
    go_to(tab, "History", "Export all as JSON")

    with phone.expect_download() as download:
        button(phone, "Export all as JSON").click()
    everything = json.loads(Path(download.value.path()).read_text(encoding="utf-8"))
    assert download.value.suggested_filename.startswith("table-companion-")
    assert everything["format"] == FORMAT and len(everything["matches"]) == 9
    see(phone, "Exported 9 matches as table-companion-")

    button(phone, "Export Caro: Ann, Ben").click()
    with phone.expect_download() as download:
        button(phone, "CSV").click()
    assert download.value.suggested_filename.startswith("caro-")
    text = Path(download.value.path()).read_text(encoding="utf-8-sig")
    rows = list(csv.DictReader(io.StringIO(text)))
    assert rows and {r["game"] for r in rows} == {"Caro"}
    assert {r["player"] for r in rows} == {"Ann", "Ben"}
    # each row names what its change counts and when its action was taken
    assert {r["unit"] for r in rows} == {"points"}
    assert all(re.fullmatch(r"\d{4}-\d\d-\d\d \d\d:\d\d:\d\d", r["taken at"]) for r in rows)

    # a tampered file is refused with the reason, and nothing changes
    record = next(r for r in everything["matches"] if r["game"] == "ratel")
    record["events"][1]["type"] = "cheat"
    tampered = tmp_path / "tampered.json"
    tampered.write_text(json.dumps(everything), encoding="utf-8")
    to_top(phone)
    with phone.expect_file_chooser() as chooser:
        button(phone, "Import from JSON").click()
    chooser.value.set_files(str(tampered))
    see(phone, "tampered.json: Nothing was imported: match ")
    see(phone, "it was changed after it was exported")

    # a match from another device is imported, and recognised when imported again
    with Store(tmp_path / "other") as other:
        other.create(finished.careta_finished(seed=7))
        new = json.loads(export_json(other).data)
    players = ", ".join(new["matches"][0]["players"])
    fresh = tmp_path / "from-another-device.json"
    fresh.write_text(json.dumps(new), encoding="utf-8")
    for said in ("Imported 1 match.", "Nothing imported. Skipped 1 match already stored"):
        to_top(phone)
        with phone.expect_file_chooser() as chooser:
            button(phone, "Import from JSON").click()
        chooser.value.set_files(str(fresh))
        see(phone, said)
    # listed in History (not to be confused with the other Careta, which Hana played too)
    listed = button(phone, re.compile(rf"^Open Careta: {re.escape(players)}(?!,)"))
    listed.first.wait_for()
    assert listed.count() == 1
    elsewhere = button(tab, re.compile(rf"^Open Careta: {re.escape(players)}(?!,)"))
    elsewhere.first.wait_for()  # was: shown only once that tab left History and came back
    tab.context.close()

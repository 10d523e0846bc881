"""A backup that happens (issue 33), in the offline web app: one browser profile holding matches
is asked for a backup on Home and backs up in one tap through the share sheet (navigator.share and
canShare stood in for by an init script, which keeps the file it was handed); a new profile
restores that file with Import, every match identical."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from storage import Store
from storage.transfer import export_json
from tests.support.app.ui import button, open_page, see
from tests.support.storage.finished import every_game
from tests.support.web.site import START, web_app

pytestmark = pytest.mark.browser

# The share sheet: takes files it is given (each kept as name, type and text), as a phone's
# sheet that the user sent to a drive; no activation needed, as none is in a test.
STAND_IN = """
(() => {
  window.sharedFiles = [];
  const canShare = (data) => !!(data && data.files && data.files.length);
  const share = async (data) => {
    for (const file of (data && data.files) || []) {
      window.sharedFiles.push({name: file.name, type: file.type, text: await file.text()});
    }
  };
  Object.defineProperty(navigator, "canShare", {value: canShare, configurable: true});
  Object.defineProperty(navigator, "share", {value: share, configurable: true});
})();
"""


def backed_up(app, page) -> dict:
    """Tap Back up now in Settings; the JSON the stand-in sheet was handed."""
    before = page.evaluate("window.sharedFiles.length")
    button(page, "Back up now").click()
    page.wait_for_function(f"() => window.sharedFiles.length > {before}", timeout=30_000)
    shared = page.evaluate("window.sharedFiles.at(-1)")
    assert shared["name"].endswith(".json") and shared["type"] == "application/json"
    see(page, "Last backup: just now.")
    return json.loads(shared["text"])


def with_stand_in(app):
    """The app's tab, opened again with the stand-in share sheet in the page."""
    app.context.add_init_script(STAND_IN)
    page = app.at_home()
    open_page(page, app.site.url)
    see(page, "New Caro match", timeout=START)
    return page


def test_a_backup_shared_on_one_profile_restores_every_match_on_another(
        browser, site, tmp_path: Path) -> None:
    with Store(tmp_path / "before") as store:  # the matches this phone played
        for match in every_game():
            store.create(match)
        played = tmp_path / "played.json"
        played.write_bytes(export_json(store).data)
    count = len(json.loads(played.read_text(encoding="utf-8"))["matches"])

    with web_app(browser, site, storage_kept=True) as app:
        page = with_stand_in(app)
        button(page, "Settings").click()
        with page.expect_file_chooser() as chooser:
            button(page, "Import from JSON").click()
        chooser.value.set_files(str(played))
        see(page, f"Imported {count} matches.")
        see(page, "No backup made yet.")
        page.evaluate("location.hash = '#/'")
        see(page, "finished matches and no backup yet")  # Home asks
        see(page, "Back up now")
        backup = backed_up(app, page)
        see(page, "Backed up:")
        kept = tmp_path / "backup.json"
        kept.write_text(json.dumps(backup), encoding="utf-8")

    with web_app(browser, site, storage_kept=True) as fresh:  # a new phone
        page = with_stand_in(fresh)
        see(page, "No backup made yet.")
        button(page, "Settings").click()
        with page.expect_file_chooser() as chooser:
            button(page, "Import from JSON").click()
        chooser.value.set_files(str(kept))
        see(page, f"Imported {count} matches.")
        again = backed_up(fresh, page)

    def by_id(export: dict) -> dict:
        return {m["id"]: {k: v for k, v in m.items()} for m in export["matches"]}

    assert len(backup["matches"]) == count
    assert by_id(again) == by_id(backup)  # every match identical, all its fields

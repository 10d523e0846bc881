"""A result to share (issue 33), in the offline web app: Python runs in the phone (Pyodide) and
hands the page the card as data; the page draws it with the app's own fonts from its own copy and
gives the PNG to the share sheet (navigator.share stood in for), no request leaving the origin."""

from __future__ import annotations

import base64
from pathlib import Path

import pytest

from scoring import ratel
from storage import Store
from storage.transfer import export_json
from tests.support.app.share_card import SIZE, STAND_IN, png_size
from tests.support.app.ui import button, open_page, see
from tests.support.web.site import START, web_app

pytestmark = pytest.mark.browser

NAMES = ["Ann", "さくら", "محمد"]


def finished() -> ratel.Match:
    """Ann 3, さくら 10, محمد 15 penalty points: Ann wins."""
    m = ratel.Match(NAMES, mode="penalty", penalty_limit=15)
    m.record_round(out="Ann", hands={"さくら": 10, "محمد": 5})
    m.record_round(out="さくら", hands={"Ann": 3, "محمد": 10})
    return m


def test_the_web_app_shares_a_finished_matchs_card(browser, site, tmp_path: Path) -> None:
    with Store(tmp_path / "played") as store:
        mid = store.create(finished())
        played = tmp_path / "played.json"
        played.write_bytes(export_json(store).data)
    with web_app(browser, site, storage_kept=True) as app:
        app.context.add_init_script(STAND_IN)
        page = app.at_home()
        open_page(page, app.site.url)
        see(page, "New Caro match", timeout=START)
        button(page, "Settings").click()
        with page.expect_file_chooser() as chooser:
            button(page, "Import from JSON").click()
        chooser.value.set_files(str(played))
        see(page, "Imported 1 match.")
        page.evaluate(f"location.hash = '#/match/{mid}'")
        share = button(page, "Share result")
        share.wait_for(timeout=START)
        assert share.bounding_box()["height"] >= 48
        share.click()
        page.wait_for_function("() => window.sharedFiles.length > 0", timeout=60_000)
        shared = page.evaluate("window.sharedFiles[0]")
        assert shared["type"] == "image/png" and shared["name"].endswith(".png")
        assert png_size(base64.b64decode(shared["png"])) == (SIZE, SIZE)
        faces = page.evaluate("""() => [...document.fonts].filter((f) => f.status === "loaded")
                                 .map((f) => f.family.replaceAll('"', ''))""")
        assert {"TC Noto Sans JP", "TC Noto Sans Arabic"} <= set(faces), faces
        assert app.elsewhere == [], "no request leaves the app's origin"

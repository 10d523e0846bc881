"""The offline web app in headless Chromium: it starts, runs offline, keeps matches, stays home."""

from __future__ import annotations

from urllib.parse import urlsplit

import pytest

from scoring import caro
from tests.app.test_caro import choose, lay
from tests.app.ui import add_players, button, host, open_page, see
from tests.web.conftest import START

pytestmark = pytest.mark.browser

# Compiled into Flet's client and asked for whatever the app does; it fails fast and nothing
# breaks. Any other request to another origin is a bug.
RIVE = ("cdn.jsdelivr.net", "/rive_native.js")


def open_home(page, url: str) -> None:
    open_page(page, url)
    see(page, "New Caro match", timeout=START)


def test_home_renders_and_nothing_else_is_fetched_from_another_origin(web_context, site) -> None:
    page = web_context.new_page()
    elsewhere: list[str] = []
    web_context.on("request", lambda r: elsewhere.append(r.url)
                   if urlsplit(r.url).netloc != urlsplit(site.url).netloc else None)
    open_home(page, site.url)
    assert page.title() == "Table Companion"
    manifest = page.evaluate("fetch('manifest.json').then(r => r.json())")
    assert manifest["name"] == "Table Companion"
    unexpected = [url for url in elsewhere
                  if not (urlsplit(url).netloc == RIVE[0] and url.endswith(RIVE[1]))]
    assert not unexpected, f"requests to other origins: {unexpected}"


def test_the_installed_app_starts_from_its_service_worker_with_the_server_stopped(
        web_context, site) -> None:
    page = web_context.new_page()
    open_home(page, site.url)
    # The worker takes control once it has cached the whole release.
    page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=START)
    site.stop()
    page.reload()
    open_home(page, site.url)
    button(page, "New Caro match").click()
    host(page).get_by_role("textbox", name="Player name").wait_for()


def test_a_caro_match_survives_a_reload(web_context, site) -> None:
    page = web_context.new_page()
    open_home(page, site.url)
    button(page, "New Caro match").click()
    add_players(page, "Ann", "Ben")
    button(page, "Start match").click()
    see(page, "Ann lays the first caro")
    mirror = caro.Match(players=["Ann", "Ben"], starter="Ann")
    lay(page, mirror, "red", (mirror.area, mirror.area))
    colour, cell = choose(mirror)
    lay(page, mirror, colour, cell)
    button(page, "Undo").click()
    see(page, "Undone: ")
    mirror.undo()

    match_url = page.url
    page.reload()
    open_page(page, match_url)
    see(page, "Ben to lay", timeout=START)
    see(page, mirror.history[-1]["text"])


def test_a_second_tab_waits_and_says_why(web_context, site) -> None:
    first = web_context.new_page()
    open_home(first, site.url)
    second = web_context.new_page()
    open_page(second, site.url)
    see(second, "open in another tab", timeout=START)
    first.close()
    see(second, "New Caro match", timeout=START)

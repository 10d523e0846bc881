"""A phone opening a full table (issue 35) is told so in its language, not "Connection lost";
a trusted scorekeeper's phone gets in all the same.

The app runs as with --lan on loopback; 60 raw pages from 127.0.0.10, .11 and .12 fill it
(companion/server/sockets.py's TOTAL), then phones open the app in Chromium.
"""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from playwright.sync_api import expect

from companion.server.sockets import PER_ADDRESS, TOTAL
from tests.support.app.lan import unlock
from tests.support.app.process import LAN_OPTIONS, AppProcess, new_phone
from tests.support.app.ui import button, open_page
from tests.support.companion.raw_pages import RawPage


@contextmanager
def table_full(port: int) -> Iterator[None]:
    """TOTAL raw pages open on the app (from 127.0.0.10 on), closed after."""
    loop = asyncio.new_event_loop()
    thread = threading.Thread(target=loop.run_forever, name="raw-pages", daemon=True)
    thread.start()
    pages = [RawPage(port, "/", f"127.0.0.{10 + i // PER_ADDRESS}") for i in range(TOTAL)]

    def each(step):  # noqa: ANN001, ANN202 (a RawPage method)
        async def together():  # noqa: ANN202
            return await asyncio.gather(*(step(page) for page in pages))

        return asyncio.run_coroutine_threadsafe(together(), loop).result(180)

    try:
        opened = each(lambda page: page.open(timeout=120))
        assert all(opened), [page.refused for page in pages if page.refused][:3]
        yield
    finally:
        each(RawPage.close)
        loop.call_soon_threadsafe(loop.stop)
        thread.join(10)


def test_a_phone_opening_a_full_table_is_told_it_is_full(lan_app, browser) -> None:
    with table_full(lan_app.port):
        context = browser.new_context(viewport={"width": 412, "height": 915}, locale="de-DE",
                                      extra_http_headers={"Accept-Language": "de-DE,de;q=0.9"})
        try:
            phone = context.new_page()
            phone.goto(lan_app.url)
            notice = phone.locator("#connection-lost")
            expect(notice).to_contain_text("Dieser Tisch ist voll", timeout=30_000)
            expect(notice.get_by_text("Verbindung")).to_be_hidden()  # not "connection lost"
        finally:
            context.close()


def test_a_trusted_keepers_phone_gets_in_when_the_table_is_full(tmp_path: Path, browser) -> None:
    """After a restart, the phone where the PIN was entered gets in by its device token (its
    page script hands it over in a cookie), not by its address."""
    app = AppProcess(tmp_path / "data", LAN_OPTIONS).start()
    try:
        keeper = new_phone(browser)
        unlock(keeper, app.url)
        keeper.goto("about:blank")  # closed: its page takes no place at the table meanwhile
        app.stop()
        app.start()  # the same port and data folder, the same PIN: a new run
        with table_full(app.port):
            open_page(keeper, app.url)
            # In (127.0.0.1 has kept no score in this run: the token let it in) and keeping
            # score. (Other pages from its address now get in too, as the keeper's own; one
            # with no token from an address new to the run is refused: test_keeper_first.)
            expect(button(keeper, "New Caro match")).to_have_count(1, timeout=60_000)
            expect(keeper.locator("#connection-lost")).to_have_count(0)
    finally:
        app.stop()

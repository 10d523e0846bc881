"""A phone opening a full table (issue 35) is told so in its language, not "Connection lost".

The app runs as with --lan on loopback; 60 raw pages from 127.0.0.10, .11 and .12 fill it
(companion/server/sockets.py's TOTAL), then a German phone opens the app in Chromium.
"""

from __future__ import annotations

import asyncio
import threading

from playwright.sync_api import expect

from companion.server.sockets import PER_ADDRESS, TOTAL
from tests.companion.raw_pages import RawPage


def test_a_phone_opening_a_full_table_is_told_it_is_full(lan_app, browser) -> None:
    loop = asyncio.new_event_loop()
    thread = threading.Thread(target=loop.run_forever, name="raw-pages", daemon=True)
    thread.start()
    pages = [RawPage(lan_app.port, "/", f"127.0.0.{10 + i // PER_ADDRESS}")
             for i in range(TOTAL)]

    def each(step):  # noqa: ANN001, ANN202 (a RawPage method)
        async def together():  # noqa: ANN202
            return await asyncio.gather(*(step(page) for page in pages))

        return asyncio.run_coroutine_threadsafe(together(), loop).result(180)

    try:
        opened = each(lambda page: page.open(timeout=120))
        assert all(opened), [page.refused for page in pages if page.refused][:3]
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
    finally:
        each(RawPage.close)
        loop.call_soon_threadsafe(loop.stop)
        thread.join(10)

"""Is this browser showing the match as it is? Refuse actions tapped on an out-of-date view.

When another session changes a match, this session re-renders at once on the server, but the
browser shows the change only a network trip later: a tap made in between was made on the old
view, yet Flet would hand it to the new render's handler. So after every change made elsewhere,
the screen asks the browser for a reply (a message sent after the screen's update, so the reply
comes back only once the browser has the update) and waits one more frame; until then
`ready()` is False and the frame refuses actions as from a stale view. Changes this session made
itself need no such wait.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from dataclasses import dataclass

import flet as ft

from companion.session.context import use_services
from companion.session.follow import run_in_session, use_subscription

SETTLE = 0.05  # seconds after the reply: the browser draws the update on its next frame
REPLY_WAIT = 5.0  # a browser that does not answer in time is taken as up to date

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class InStep:
    ready: Callable[[], bool]  # has the browser shown every change made elsewhere?
    # The latest change made elsewhere that the browser has shown (0: none): a key for the
    # screen's own state (a picked card), so that it starts afresh on a table changed elsewhere.
    fresh: int


def use_in_step(mid: str) -> InStep:
    """Track changes other sessions make to `mid`, and when the browser has caught up with them.

    Call it in every render of a screen that acts on the match (it reads the version the screen
    renders from the shared table). After a change made elsewhere: the screen shows it, the
    browser answers that it has it, `fresh` takes the new version (the screen's own state starts
    afresh), and once that is sent too, `ready()` is True again.
    """
    services = use_services()
    try:
        shown = services.tables.get(mid).version
    except Exception:  # no such match: the screen says so, and nothing can be done on it
        shown = -1
    page = ft.context.page
    elsewhere = ft.use_ref(0)  # latest version another session made
    asked = ft.use_ref(0)  # latest such version the browser was asked about
    fresh, set_fresh = ft.use_state(0)  # latest such version the browser answered for
    confirmed = ft.use_ref(0)  # latest such version whose fresh screen has been sent

    def on_change(changed: str, version: int) -> None:
        if changed == mid and not services.tables.made_here(mid, version):
            elsewhere.current = max(elsewhere.current, version)

    use_subscription(lambda: services.tables.subscribe(on_change), [mid])

    def ask() -> None:
        # Effects run after the render's update has been sent, so the question below reaches
        # the browser after the update, and its answer comes back after the browser has it.
        target = elsewhere.current
        if target <= asked.current or target > shown:
            return
        asked.current = target

        async def question() -> None:
            try:
                await page.session.invoke_method(page._i, "get_device_info", None, REPLY_WAIT)
                await asyncio.sleep(SETTLE)
            except Exception as error:  # a closed or slow session: nothing more to wait for
                log.debug("no reply from the browser: %s", error)
            set_fresh(lambda old: max(old, target))

        run_in_session(page, question)

    ft.use_effect(ask, [shown, elsewhere.current])

    def sent() -> None:
        confirmed.current = max(confirmed.current, fresh)

    ft.use_effect(sent, [fresh])

    def ready() -> bool:
        return confirmed.current >= elsewhere.current

    return InStep(ready=ready, fresh=fresh)


def use_any_change(*, only_on: str | None = None) -> None:
    """Re-render the calling component after any match changes, in any session.

    `only_on`: refresh only while the page shows this route (a list under other screens need
    not redraw for every action; it is drawn afresh when the page comes back to it).
    """
    services = use_services()
    page = ft.context.page
    _, set_changes = ft.use_state(0)
    key = ft.use_ref(None)  # this hook's place in what the page missed

    def on_change(mid: str, version: int) -> None:
        if only_on is None or page.route == only_on:
            async def refresh() -> None:
                set_changes(lambda n: n + 1)

            run_in_session(page, refresh, key)

    use_subscription(lambda: services.tables.subscribe(on_change), [])

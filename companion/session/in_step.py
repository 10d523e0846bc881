"""Is this browser showing the match as it is? Refuse actions tapped on an out-of-date view.

When another session changes a match, this session re-renders at once on the server, but the
browser shows the change only a network trip later. A tap made in between was made on the old
view, yet Flet hands it to the new render's handler: the control keeps its id across renders
(and `Kept` keeps the very object), and a click event carries nothing but that id. So the server
cannot read the version a screen showed off the event; it works out what the browser had from
the order of the messages instead. (New ids for every control after each change made elsewhere
would make a stale tap name a control that is gone, but Flet drops such an event without a word,
so the tap would go unexplained, and the whole screen would be sent again each time.)

After each change made elsewhere, once the screen has rendered it (effects run after the
render's update is sent), the server asks the browser a question (`get_device_info`) on the same
WebSocket. Both directions keep their order: the browser reads the update before the question,
and Flet's client applies an update as it reads it (its `_onMessage` patches the control before
it reads the next message), so its answer is sent after it had the update; and any tap it sent
before answering reaches the server before the answer does. The server makes an event's task as
it reads the event, and that task runs its (synchronous) handler in its first step, before
anything the later answer wakes; the answer then still waits `SETTLE` (the browser draws the
update on its next frame) and a render before `ready()` turns True. So a tap sent before the
browser had the change is handled while `ready()` is False, and is refused with the message
`StaleView` gives, changing nothing.

No answer is ever taken as one. A browser that does not answer (a crafted client, a connection
dropped with the question in it) stays not ready: every action it sends is refused, however late.
The wait for one answer is bounded (`REPLY_WAIT`) only so that a silent page holds nothing for
long; after it, or after any failed question, the next refused tap asks again (`catch_up`), so an
honest browser whose answer was lost is in step again one tap later. One question at most is out
per screen. Changes this session made itself need no question: they follow its own taps, in the
order the page sent them (companion/session/guard.py).
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from dataclasses import dataclass

import flet as ft

from companion.session.context import use_services
from companion.session.follow import run_in_session, use_subscription

SETTLE = 0.05  # seconds after the answer: the browser draws the update on its next frame
REPLY_WAIT = 5.0  # how long one question is waited for; no answer in time is no answer

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class InStep:
    ready: Callable[[], bool]  # has the browser shown every change made elsewhere?
    # For a tap refused as stale: ask the browser again unless a question is out already (the
    # last one went unanswered, or was lost with a dropped connection).
    catch_up: Callable[[], None]
    # The latest change made elsewhere that the browser has shown (0: none): a key for the
    # screen's own state (a picked card), so that it starts afresh on a table changed elsewhere.
    fresh: int


def use_in_step(mid: str) -> InStep:
    """Track changes other sessions make to `mid`, and when the browser has caught up with them.

    Call it in every render of a screen that acts on the match (it reads the version the screen
    renders from the shared table). After a change made elsewhere: the screen shows it, the
    browser answers that it has it, `fresh` takes the new version (the screen's own state starts
    afresh), and once that is sent too, `ready()` is True again. Without an answer it stays
    False.
    """
    services = use_services()
    try:
        shown = services.tables.get(mid).version
    except Exception:  # no such match: the screen says so, and nothing can be done on it
        shown = -1
    page = ft.context.page
    elsewhere = ft.use_ref(0)  # latest version another session made
    drawn = ft.use_ref(0)  # the version the latest render drew (its update is sent before
    drawn.current = shown  # any effect, handler or question of this session runs)
    out = ft.use_ref(0)  # the version the question now out asks about (0: none out)
    answered = ft.use_ref(0)  # latest such version the browser answered for
    fresh, set_fresh = ft.use_state(0)  # the same, as state: a render that keys on it
    confirmed = ft.use_ref(0)  # latest such version whose fresh screen has been sent

    def on_change(changed: str, version: int) -> None:
        if changed == mid and not services.tables.made_here(mid, version):
            elsewhere.current = max(elsewhere.current, version)

    use_subscription(lambda: services.tables.subscribe(on_change), [mid])

    def ask() -> None:
        # Only about a version already drawn: the question must follow its update on the wire.
        target = min(elsewhere.current, drawn.current)
        if out.current or target <= answered.current or page.session.connection is None:
            return  # (a page gone has its question asked when a tap comes again)
        out.current = target

        async def question() -> None:
            try:
                await page.session.invoke_method(page._i, "get_device_info", None, REPLY_WAIT)
            except Exception as error:  # no answer (a silent page, a closed session): not ready
                log.debug("no answer from the browser: %s", error)
                out.current = 0
                return
            await asyncio.sleep(SETTLE)
            out.current = 0
            answered.current = max(answered.current, target)
            set_fresh(lambda old: max(old, target))

        run_in_session(page, question)

    # After every render that drew a newer change made elsewhere, and after each answer (a
    # change made while the question was out is asked about next).
    ft.use_effect(ask, [shown, elsewhere.current, fresh])

    def sent() -> None:
        confirmed.current = max(confirmed.current, fresh)

    ft.use_effect(sent, [fresh])

    def ready() -> bool:
        return confirmed.current >= elsewhere.current

    return InStep(ready=ready, catch_up=ask, fresh=fresh)


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

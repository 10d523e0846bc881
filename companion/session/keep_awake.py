"""The Settings switch "Keep the screen on during a match", as a session holds it.

The wake lock itself is the page's (companion/web/keep_awake.js): Python cannot run script in the
page, so the session mirrors its choice into the browser's storage, where that script reads it.
Like the theme, a scorekeeper's choice is saved in the data folder for every next start; a phone
that only follows changes its own screen and nothing on the server's disk.
"""

from __future__ import annotations

import logging
from collections.abc import Callable

import flet as ft

from companion.i18n import say
from companion.session.in_step import REPLY_WAIT
from companion.session.open_matches import SessionMatches
from companion.session.page_role import KEY as ROLE_KEY
from companion.session.preferences import NotSaved, Preferences

log = logging.getLogger(__name__)
KEY = "keep_screen_on"  # localStorage "flutter.keep_screen_on" in the page (Flutter's prefix)


def use_keep_screen_on(page: ft.Page, tables: SessionMatches, preferences: Preferences,
                       keeps_score: bool | None = None,
                       ) -> tuple[bool, Callable[[object], None]]:
    """This session's choice and its setter (a hook: call it while App renders). `keeps_score`,
    when given, is mirrored too, by the same storage (page_role.py): one service a page."""
    keep, set_keep = ft.use_state(preferences.keep_screen_on)
    # The page's storage, held by the session's own state (a table keyed by page would keep
    # every page alive), and made only once the page has drawn (one made while App first
    # renders kept a page closed before its first frame from ever being let go).
    held = ft.use_ref(None)

    async def tell_page() -> None:
        try:
            if held.current is None:
                held.current = ft.SharedPreferences()
                page.update()  # the service reaches the browser before it is asked
            # Bounded: a page closed with the question in it must not hold its session.
            await held.current._invoke_method("set", {"key": KEY, "value": keep}, REPLY_WAIT)
            if keeps_score is not None:
                await held.current._invoke_method(
                    "set", {"key": ROLE_KEY, "value": keeps_score}, REPLY_WAIT)
        except Exception as error:  # a page gone or slow to answer: it keeps its last choice
            log.debug("The page did not take the screen-on choice: %r", error)

    def mirror() -> None:
        page.run_task(tell_page)

    ft.use_effect(mirror, [keep, keeps_score])

    def choose(value: object) -> None:
        if not isinstance(value, bool):
            return  # no switch sends that: a crafted message, refused without a word
        if tables.keeps_score:
            try:
                preferences.keep_screen_on = value
            except NotSaved as error:  # the choice still applies for this run
                page.show_dialog(ft.SnackBar(ft.Text(say(error.said))))
        set_keep(value)

    return keep, choose

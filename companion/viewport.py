"""The page's width, kept current when the window is resized or the phone is turned."""

from __future__ import annotations

from typing import Any

import flet as ft

PHONE_WIDTH = 412  # before the browser has said how wide it is


def use_page_width() -> float:
    """The page's width in logical pixels; the calling component renders again on a resize.

    One component at a time may follow it (a page has one resize handler): the Caro grid, which
    sizes its cells to the width.
    """
    page = ft.context.page
    width, set_width = ft.use_state(page.width or PHONE_WIDTH)

    def follow() -> None:
        def resized(e: Any) -> None:
            set_width(e.width or PHONE_WIDTH)

        page.on_resize = resized
        page.update()  # the browser reports resizes only once the page has a handler

    def unfollow() -> None:
        page.on_resize = None

    ft.use_effect(follow, [], cleanup=unfollow)
    return width

"""`use_page_width`: a component re-renders when the page is resized or the phone turned."""

from __future__ import annotations

import flet as ft

from companion.session.context import use_services
from companion.session.follow import use_subscription
from companion.session.page_width import PHONE_WIDTH

# Narrower than this (a 412 px phone at browser zoom 200% is 206 px wide, a 360 px one 180), a
# text beside a control left a name or a label a letter or two a line: it goes under it instead.
NARROW = 320


def use_page_width() -> float:
    """The page's width in logical pixels; the calling component renders again on a resize."""
    width = use_services().page_width
    value, set_value = ft.use_state(width.value if width else PHONE_WIDTH)
    use_subscription(lambda: width.follow(set_value) if width else (lambda: None), [])
    return value

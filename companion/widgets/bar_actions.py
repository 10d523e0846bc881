"""An app bar's actions: its icon buttons, or on a narrow page one "More" menu holding them.

On a phone at browser zoom 150% or 200% (275 or 206 px wide) three or four 48 px icons beside
Back left the title no room at all: it went. Below NARROW px the same actions, named and in the
same order, are the items of one menu, and the title keeps the rest of the bar.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import flet as ft

from companion.i18n import _
from companion.widgets.icon_action import icon_action

NARROW = 300  # logical px: a page narrower than this gets the menu

# (icon, name, handler, disabled)
Entry = tuple[ft.IconData, str, Callable[[Any], Any], bool]


def bar_actions(width: float, entries: Sequence[Entry],
                button: Callable[[ft.IconData, str, Callable[[Any], Any], bool], ft.Control]
                = lambda icon, label, handler, disabled: icon_action(
                    icon, label, handler, disabled=disabled)) -> list[ft.Control]:
    """The app bar's actions for a page `width` px wide: `button` for each entry, or one menu
    whose items are the entries (a disabled one greyed) when the page is narrow and holds
    more than one."""
    if width >= NARROW or len(entries) < 2:
        return [button(*entry) for entry in entries]
    more = _("More options")
    return [ft.PopupMenuButton(
        icon=ft.Icon(ft.Icons.MORE_VERT, semantics_label=more),
        padding=12,
        items=[ft.PopupMenuItem(content=label, icon=icon, on_click=handler, disabled=disabled)
               for icon, label, handler, disabled in entries],
    )]

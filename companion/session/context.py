"""What every screen of one server process shares: the open tables and the app's preferences."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

import flet as ft

from companion.session.open_matches import SessionMatches
from companion.session.preferences import Preferences

if TYPE_CHECKING:
    from companion.server.lan import Share
    from companion.session.page_width import PageWidth


def _refuse(pin: str) -> None:
    raise RuntimeError("this app runs without a PIN")


@dataclass
class Services:
    # The open matches as this session uses them: every change is made with this session's
    # pass, so with --lan only a session that entered the PIN changes anything.
    tables: SessionMatches
    preferences: Preferences
    set_theme: Callable[[str], None]
    share: Share | None = None  # where phones open the app, when it runs with --lan
    keeps_score: bool = True  # may this session change matches (always without --lan)
    unlock: Callable[[str], None] = _refuse  # enter the PIN; raises PinRefused
    lock: Callable[[], None] = lambda: None  # back to following only
    page_width: PageWidth | None = None  # the page's width, followed through resizes
    theme: str = "system"  # this session's theme (saved for all only by a scorekeeper)
    # Keep the screen on while a match screen is open (kept as the theme is).
    keep_screen_on: bool = True
    set_keep_screen_on: Callable[[object], None] = lambda value: None
    # The whole app runs in the browser (the offline web app, companion/browser.py): no server,
    # so no Share, PIN or spectators, and no data folder a person could open.
    in_browser: bool = False
    # Started as the desktop window (`table-companion --desktop`): only then is a file dialog's
    # answer a path on this computer, chosen by its user. Never taken from the page.
    desktop: bool = False
    # The language this session speaks (companion/i18n) and the device's choice of it.
    language: str = "en"
    set_language: Callable[[object], None] = lambda value: None
    # In the browser: False where it refused to keep the storage for good (Settings says so).
    storage_persisted: bool = True


AppContext = ft.create_context(None)


def use_services() -> Services:
    services = ft.use_context(AppContext)
    assert services is not None, "screens render inside App, which provides the services"
    return services

"""What every screen of one server process shares: the open tables and the app's preferences."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import flet as ft

from companion.preferences import Preferences
from companion.tables import Tables


@dataclass
class Services:
    tables: Tables
    preferences: Preferences
    set_theme: Callable[[str], None]


AppContext = ft.create_context(None)


def use_services() -> Services:
    services = ft.use_context(AppContext)
    assert services is not None, "screens render inside App, which provides the services"
    return services

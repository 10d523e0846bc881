"""The app: theme, routes and the services every screen shares."""

from __future__ import annotations

from collections.abc import Callable

import flet as ft

from companion.context import AppContext, Services
from companion.preferences import Preferences
from companion.screens.history import History
from companion.screens.home import Home
from companion.screens.match import MatchScreen, RulesScreen
from companion.screens.new_match import NewMatch
from companion.screens.settings import Settings
from companion.tables import Tables

SEED = ft.Colors.TEAL
MODES = {"system": ft.ThemeMode.SYSTEM, "light": ft.ThemeMode.LIGHT, "dark": ft.ThemeMode.DARK}

ROUTES = [
    ft.Route(
        path="/",
        component=Home,
        children=[
            ft.Route(path="new/:game", component=NewMatch),
            ft.Route(path="match/:id", component=MatchScreen,
                     children=[ft.Route(path="rules", component=RulesScreen)]),
            ft.Route(path="history", component=History),
            ft.Route(path="settings", component=Settings),
        ],
    )
]


@ft.component
def App(tables: Tables, preferences: Preferences) -> list[ft.View]:
    page = ft.context.page
    theme, set_theme_state = ft.use_state(preferences.theme)

    def set_theme(value: str) -> None:
        preferences.theme = value
        page.theme_mode = MODES[value]
        page.update()
        set_theme_state(value)

    services = Services(tables=tables, preferences=preferences, set_theme=set_theme)
    return AppContext(services, lambda: ft.Router(ROUTES, manage_views=True))


def build_main(tables: Tables, preferences: Preferences) -> Callable[[ft.Page], None]:
    """The per-session entry point `ft.run` calls for every browser tab or window."""

    def main(page: ft.Page) -> None:
        page.title = "Table Companion"
        page.theme = ft.Theme(color_scheme_seed=SEED)
        page.dark_theme = ft.Theme(color_scheme_seed=SEED)
        page.theme_mode = MODES[preferences.theme]
        page.render_views(App, tables, preferences)

    return main

"""The app: theme, routes and the services every screen shares."""

from __future__ import annotations

import importlib
import inspect
from collections.abc import Callable
from typing import TYPE_CHECKING, Any
from weakref import WeakKeyDictionary

import flet as ft

from companion import APP_NAME, fonts
from companion.browser import Place
from companion.i18n import say, speak
from companion.i18n.choice import DEFAULT, accepted, best_match
from companion.screens.home import Home
from companion.session import guard as session_guard
from companion.session.context import AppContext, Services
from companion.session.follow import catch_up, let_go
from companion.session.keep_awake import use_keep_screen_on
from companion.session.language import locale_configuration, use_language
from companion.session.open_matches import OpenMatches, SessionMatches
from companion.session.page_width import PageWidth
from companion.session.preferences import NotSaved, Preferences

if TYPE_CHECKING:  # the served app's alone: the offline web app ships no server code
    from companion.server.lan import Share

SEED = ft.Colors.TEAL
MODES = {"system": ft.ThemeMode.SYSTEM, "light": ft.ThemeMode.LIGHT, "dark": ft.ThemeMode.DARK}

def on_first_open(module: str, name: str) -> Callable[[], Any]:
    """A route's screen, imported when it is first opened: the offline web app starts by
    importing what Home needs, not every screen (charts, history, statistics, a match's timeline
    and board: about a third of its imports), and Share's QR codes (segno) and LAN address are
    the served app's alone."""
    def screen() -> Any:
        return getattr(importlib.import_module(f"companion.screens.{module}"), name)()

    screen.__name__ = name
    return screen


ROUTES = [
    ft.Route(
        path="/",
        component=Home,
        children=[
            ft.Route(path="new/:game", component=on_first_open("new_match", "NewMatch")),
            ft.Route(
                path="match/:id", component=on_first_open("match", "MatchScreen"),
                children=[
                    ft.Route(path="rules", component=on_first_open("match", "RulesScreen")),
                    # the sheet opened at a ruling (a "Why?" link)
                    ft.Route(path="rules/:rule",
                             component=on_first_open("match", "RulesScreen")),
                    ft.Route(path="timeline",
                             component=on_first_open("timeline", "TimelineScreen"),
                             children=[ft.Route(path=":step", component=on_first_open(
                                 "past_table", "PastTableScreen"))]),
                    ft.Route(path="chart", component=on_first_open("chart", "ChartScreen")),
                    ft.Route(path="board", component=on_first_open("board", "BoardScreen")),
                ]),
            ft.Route(path="history", component=on_first_open("history", "History")),
            ft.Route(path="settings", component=on_first_open("settings", "Settings")),
            ft.Route(path="stats", component=on_first_open("stats", "StatsScreen")),
            ft.Route(path="share", component=on_first_open("share", "ShareScreen")),
        ],
    )
]


_tokens: WeakKeyDictionary[ft.Page, ft.SharedPreferences] = WeakKeyDictionary()


def device_token(page: ft.Page) -> ft.SharedPreferences:
    """The page's browser storage, where a trusted device keeps its token (one service a page,
    made while App renders, so it reaches the browser before it is called)."""
    prefs = _tokens.get(page)
    if prefs is None:
        prefs = _tokens[page] = ft.SharedPreferences()
    return prefs


async def _call(handler: Callable[..., object], e: ft.ControlEvent) -> None:
    """Run a page event handler someone set before, sync or async."""
    outcome = handler(e)
    if inspect.isawaitable(outcome):
        await outcome


@ft.component
def App(tables: SessionMatches, preferences: Preferences, share: Share | None = None,
        page_width: PageWidth | None = None, place: Place | None = None,
        desktop: bool = False) -> list[ft.View]:
    page = ft.context.page
    if tables.gate.trusts_devices:
        device_token(page)
    theme, set_theme_state = ft.use_state(preferences.theme)
    keeps_score, set_keeps_score = ft.use_state(tables.keeps_score)
    # The served app's pages are told whether they keep score, for their "Connection lost"
    # notice (session/page_role.py); the offline web app's always does and never loses one.
    keep_screen_on, set_keep_screen_on = use_keep_screen_on(
        page, tables, preferences, None if place and place.in_browser else keeps_score)
    language, set_language = use_language(page)

    def set_theme(value: str) -> None:
        if not isinstance(value, str) or value not in MODES:
            return  # no radio button sends that: a crafted message, refused without a word
        if tables.keeps_score:
            # Saved in the data folder for every session's next start; a phone that only
            # follows changes its own screen and nothing on the server's disk.
            try:
                preferences.theme = value
            except NotSaved as error:  # e.g. a full disk: the theme still applies for this run
                page.show_dialog(ft.SnackBar(ft.Text(say(error.said))))
        page.theme_mode = MODES[value]
        page.update()
        set_theme_state(value)

    def resume() -> None:
        """A device where the PIN was entered before (a fixed --pin) keeps score again at once:
        its browser offers the token it was given, and the gate checks it (trust.py). Asked
        when this first render has reached the page, and again when the page reconnects;
        answered whenever the page can, with no deadline (token_offer.py)."""
        if not tables.gate.trusts_devices or tables.keeps_score:
            return
        # Trusted devices exist only with the served app's fixed --pin.
        from companion.session.token_offer import TokenOffer
        from companion.session.trust import KEY as TOKEN_KEY

        async def accept(token: object) -> None:
            if token is None:
                return
            if tables.gate.resume(tables.who, token):
                set_keeps_score(tables.keeps_score)
            else:  # revoked, from another PIN, or not ours: forget it
                await device_token(page).remove(TOKEN_KEY)

        offer = TokenOffer(lambda: device_token(page).get(TOKEN_KEY), accept)
        earlier = page.on_connect

        async def reconnected(e: ft.ControlEvent) -> None:
            if earlier is not None:
                await _call(earlier, e)
            if not tables.keeps_score:
                await offer.reconnected()

        page.on_connect = reconnected
        page.run_task(offer.ask)

    ft.use_effect(resume, [])

    def unlock(pin: str) -> None:
        tables.gate.unlock(tables.who, pin)  # PinRefused when wrong or too soon
        set_keeps_score(tables.keeps_score)
        token = tables.gate.remember(tables.who)
        if token is not None:
            from companion.session.trust import KEY as TOKEN_KEY

            page.run_task(device_token(page).set, TOKEN_KEY, token)

    def lock() -> None:
        trusted = tables.gate.trusts_devices
        tables.gate.lock(tables.who)  # revokes this device's token, wherever it is kept
        set_keeps_score(tables.keeps_score)
        if trusted:
            from companion.session.trust import KEY as TOKEN_KEY

            page.run_task(device_token(page).remove, TOKEN_KEY)

    services = Services(tables=tables, preferences=preferences, set_theme=set_theme,
                        share=share, keeps_score=keeps_score, unlock=unlock, lock=lock,
                        page_width=page_width, theme=theme, keep_screen_on=keep_screen_on,
                        set_keep_screen_on=set_keep_screen_on,
                        language=language, set_language=set_language,
                        in_browser=bool(place and place.in_browser),
                        storage_persisted=place.storage_persisted if place else True,
                        desktop=desktop)
    return AppContext(services, lambda: ft.Router(ROUTES, manage_views=True))


def build_main(tables: OpenMatches, preferences: Preferences, share: Share | None = None,
               place: Place | None = None, *,
               desktop: bool = False) -> Callable[[ft.Page], None]:
    """The per-session entry point `ft.run` calls for every browser tab or window.

    Each session gets its own pass to the shared tables (`share`: the app runs with --lan),
    naming the address it connects from: the PIN's rate limit counts wrong PINs per address.
    `place`: where the data is kept, when it is not the served app's folder (the web app).
    `desktop`: started as the desktop window (`--desktop`), the only app whose file dialogs
    answer with paths the server may use; what a page says of itself never decides it.
    Every session drops events for disabled controls and tells the page no traceback.
    """
    session_guard.install()
    if place is not None and place.in_browser:
        def attach(page: ft.Page) -> None:
            """No sockets in a browser tab: the page and its Python share the tab."""

        from companion.browser import preferred_languages as asked_languages
    else:
        from companion.server.sockets import asked_languages, attach

    def main(page: ft.Page) -> None:
        page.title = APP_NAME
        page.theme = fonts.theme(SEED)
        page.dark_theme = fonts.theme(SEED)
        page.fonts = fonts.page_fonts()  # fetched from the page's own origin, never a CDN
        page.theme_mode = MODES[preferences.theme]
        session = tables.session(tables.gate.new_pass(page.client_ip))
        attach(page)
        # The first screen in the language the page's socket asked for (its browser's; in the
        # web app, the browser's navigator.languages), so a phone on a German browser is not
        # drawn in English first and then again in German; the device's own choice, asked once
        # the page has drawn, may still change it.
        first = best_match(accepted(asked_languages())) or DEFAULT
        speak(page, first)
        page.locale_configuration = locale_configuration(first)

        def connected(e: ft.ControlEvent) -> None:
            attach(page)  # the reloaded page's socket carries this session now
            catch_up(page)

        # Set before App renders: App's own reconnect handler calls this one first.
        page.on_connect = connected
        page.on_close = lambda e: let_go(page)
        page.render_views(App, session, preferences, share, PageWidth(page), place, desktop)

    return main

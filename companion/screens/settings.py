"""Settings: the language and theme, the screen kept on during a match (remembered across
restarts), where the data lives, export and import."""

from __future__ import annotations

import flet as ft

from companion.i18n import LANGUAGES, N_, _
from companion.session.context import Services, use_services
from companion.session.offline_copy import ASKING, use_offline_copy
from companion.widgets.backup import Backup
from companion.widgets.bar_title import bar_title
from companion.widgets.data_transfer import DataTransfer
from companion.widgets.option_choice import choice_row
from companion.widgets.switch_row import switch_row


def _themes() -> dict[str, str]:
    return {"system": _("Same as the device"), "light": _("Light"), "dark": _("Dark")}


KEPT_IN_BROWSER = N_("Every match is saved in this browser after each action, and stays on "
                     "this device when it is offline. Clearing this site's data in the browser "
                     "deletes the matches: export them now and then.")
MAY_BE_CLEARED = N_("This browser did not agree to keep the app's storage for good: it may "
                    "delete the matches when the device runs short of space. Export them "
                    "(below) to keep a copy; installing the app on the home screen often makes "
                    "the browser keep them.")


def _where(services: Services) -> list[ft.Control]:
    """Where the matches are kept: the folder for the scorekeeper; a follower's phone is told
    nothing of the server's machine (its paths name a user and a layout); in the web app, the
    browser (its folder is a path inside the browser, of no use to anyone)."""
    if services.in_browser:
        return [ft.Text(_(KEPT_IN_BROWSER))]
    if not services.keeps_score:
        return [ft.Text(_("Every match is saved after each action on the computer that shares "
                          "the table."))]
    return [ft.Text(_("Every match is saved on this computer after each action, in:")),
            ft.Text(str(services.tables.folder), font_family="monospace")]


READY_OFFLINE = N_("Ready offline: this device has everything the app needs to start and play "
                   "with no network.")
NOT_READY_OFFLINE = N_("Not ready offline yet: this browser is still saving the app's files, "
                       "or could not save them all. Keep the network on and open the app again "
                       "before going offline.")


def _offline(ready: bool | str) -> list[ft.Control]:
    """The web app's own copy in this browser (companion/session/offline_copy.py)."""
    if ready == ASKING:
        return []
    if ready is True:
        return [ft.Row([ft.Icon(ft.Icons.OFFLINE_PIN, color=ft.Colors.PRIMARY),
                        ft.Text(_(READY_OFFLINE), expand=True)])]
    return [_warning(_(NOT_READY_OFFLINE))]


def _warning(text: str) -> ft.Control:
    return ft.Container(
        bgcolor=ft.Colors.ERROR_CONTAINER, border_radius=8, padding=12,
        content=ft.Row([ft.Icon(ft.Icons.WARNING_AMBER), ft.Text(text, expand=True)]),
    )


def _heading(text: str) -> ft.Control:
    return ft.Text(text, size=18, weight=ft.FontWeight.BOLD)


@ft.component
def Settings() -> ft.View:
    services = use_services()
    offline = use_offline_copy(services.in_browser)
    theme = services.theme
    return ft.View(
        route="/settings",
        appbar=ft.AppBar(title=bar_title(_("Settings"))),
        scroll=ft.ScrollMode.AUTO,
        padding=14,
        controls=[
            ft.Column(
                [
                    _heading(_("Language")),
                    ft.Text(_("The language you pick applies on this device only."), size=14),
                    # Each language by its own name, as its speaker looks for it.
                    ft.RadioGroup(
                        value=services.language,
                        on_change=lambda e: services.set_language(e.control.value),
                        content=ft.Column(
                            [choice_row(k, v, services.set_language)
                             for k, v in LANGUAGES.items()],
                            spacing=0),
                    ),
                    ft.Divider(),
                    _heading(_("Theme")),
                    *([] if services.keeps_score else [ft.Text(
                        _("The theme you pick applies on this device only."), size=14)]),
                    ft.RadioGroup(
                        value=theme,
                        on_change=lambda e: services.set_theme(e.control.value),
                        content=ft.Column(
                            [choice_row(k, v, services.set_theme) for k, v in _themes().items()],
                            spacing=0
                        ),
                    ),
                    # The page holds the wake lock (companion/web/keep_awake.js); browsers
                    # without one simply let the screen sleep.
                    switch_row(_("Keep the screen on during a match"),
                               services.keep_screen_on, services.set_keep_screen_on),
                    ft.Divider(),
                    _heading(_("Your data")),
                    *_where(services),
                    *(_offline(offline) if services.in_browser else []),
                    *([ft.Divider(), _heading(_("Backup")),
                       ft.Text(_("Every match in one JSON file, through this device's share "
                                 "sheet (to a drive, mail or a chat) or as a download. Import "
                                 "it on another device to carry on there."), size=14),
                       Backup()] if services.keeps_score else []),
                    ft.Divider(),
                    _heading(_("Export and import")),
                    *([_warning(_(MAY_BE_CLEARED))]
                      if services.in_browser and not services.storage_persisted else []),
                    ft.Text(_("JSON keeps every action of every match: import it here or on "
                              "another device. CSV lists every score change, for a "
                              "spreadsheet. An import never replaces a stored match and skips "
                              "those already here.")),
                    DataTransfer(),
                ],
                spacing=8,
            )
        ],
    )

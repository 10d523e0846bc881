"""Settings: the theme and the screen kept on during a match (remembered across restarts), where
the data lives, export and import."""

from __future__ import annotations

import flet as ft

from companion.describe.words import N_
from companion.i18n import _
from companion.session.context import Services, use_services
from companion.widgets.data_transfer import DataTransfer


def _labels() -> dict[str, str]:
    return {"system": _("Same as the device"), "light": _("Light"), "dark": _("Dark")}


KEPT_IN_BROWSER = N_("Every match is saved in this browser after each action, and stays on this "
                   "device when it is offline. Clearing this site's data in the browser deletes "
                   "the matches: export them now and then.")
MAY_BE_CLEARED = N_("This browser did not agree to keep the app's storage for good: it may delete "
                  "the matches when the device runs short of space. Export them (below) to keep "
                  "a copy; installing the app on the home screen often makes the browser keep "
                  "them.")


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


def _warning(text: str) -> ft.Control:
    return ft.Container(
        bgcolor=ft.Colors.ERROR_CONTAINER, border_radius=8, padding=12,
        content=ft.Row([ft.Icon(ft.Icons.WARNING_AMBER), ft.Text(text, expand=True)]),
    )


@ft.component
def Settings() -> ft.View:
    services = use_services()
    theme = services.theme
    return ft.View(
        route="/settings",
        appbar=ft.AppBar(title=ft.Text(_("Settings"))),
        scroll=ft.ScrollMode.AUTO,
        padding=14,
        controls=[
            ft.Column(
                [
                    ft.Text(_("Theme"), size=18, weight=ft.FontWeight.BOLD),
                    *([] if services.keeps_score else [ft.Text(
                        _("The theme you pick applies on this device only."), size=14)]),
                    ft.RadioGroup(
                        value=theme,
                        on_change=lambda e: services.set_theme(e.control.value),
                        content=ft.Column(
                            [ft.Radio(value=k, label=v) for k, v in _labels().items()], spacing=0
                        ),
                    ),
                    # The page holds the wake lock (companion/web/keep_awake.js); browsers
                    # without one simply let the screen sleep.
                    ft.Switch(label=_("Keep the screen on during a match"),
                              value=services.keep_screen_on,
                              on_change=lambda e: services.set_keep_screen_on(e.control.value)),
                    ft.Divider(),
                    ft.Text(_("Your data"), size=18, weight=ft.FontWeight.BOLD),
                    *_where(services),
                    ft.Divider(),
                    ft.Text(_("Export and import"), size=18, weight=ft.FontWeight.BOLD),
                    *([_warning(_(MAY_BE_CLEARED))]
                      if services.in_browser and not services.storage_persisted else []),
                    ft.Text(_("JSON keeps every action of every match: import it here or on "
                            "another device. CSV lists every score change, for a spreadsheet. "
                            "An import never replaces a stored match and skips those already "
                            "here.")),
                    DataTransfer(),
                ],
                spacing=8,
            )
        ],
    )

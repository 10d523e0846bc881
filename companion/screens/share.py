"""Share: the address and QR code phones open to follow the matches, and the scorekeeping PIN."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import flet as ft

from companion.i18n import _, say
from companion.session.access import PinRefused
from companion.session.context import use_services
from companion.widgets.bar_title import bar_title
from companion.widgets.message_line import message_line
from companion.widgets.wrong_pins import WrongPins

if TYPE_CHECKING:
    from companion.server.lan import Share

QR_SIZE = 260


def _off() -> list[ft.Control]:
    return [
        ft.Text(_("Sharing is off"), size=20, weight=ft.FontWeight.BOLD),
        ft.Text(_("Only this computer can open the app now. To let phones on the same Wi-Fi follow "
                "the matches live, start it with:")),
        ft.Container(
            content=ft.Text("table-companion --lan", font_family="monospace", size=16),
            bgcolor=ft.Colors.SURFACE_CONTAINER, border_radius=8, padding=12,
        ),
        ft.Text(_("It shows an address and a QR code to open, and a PIN: only a device where the "
                "PIN was entered can keep score.")),
    ]


def _in_browser() -> list[ft.Control]:
    """An address typed by hand in the web app: it has no server to share, nor a PIN."""
    return [
        ft.Text(_("Sharing needs a computer"), size=20, weight=ft.FontWeight.BOLD),
        ft.Text(_("This app runs on this device alone, with its matches kept in this browser. "
                "To let phones on the same Wi-Fi follow a table live, run Table Companion on a "
                "computer with:")),
        ft.Container(
            content=ft.Text("table-companion --lan", font_family="monospace", size=16),
            bgcolor=ft.Colors.SURFACE_CONTAINER, border_radius=8, padding=12,
        ),
    ]


def _addresses(share: Share, codes: dict[str, bytes]) -> list[ft.Control]:
    if not share.urls:
        return [ft.Text(_("This computer has no network address yet. Join the Wi-Fi, then start "
                        "the app again."))]
    controls: list[ft.Control] = [
        ft.Text(_("Follow the match on your phone"), size=20, weight=ft.FontWeight.BOLD),
        ft.Text(_("On the same Wi-Fi, scan the code or open the address:")),
    ]
    for url in share.urls:
        controls.append(
            ft.Column(
                [
                    ft.Container(
                        content=ft.Image(src=codes[url], width=QR_SIZE, height=QR_SIZE,
                                         fit=ft.BoxFit.CONTAIN,
                                         filter_quality=ft.FilterQuality.NONE,
                                         semantics_label=_("QR code for {url}").format(url=url)),
                        bgcolor=ft.Colors.WHITE, border_radius=8, padding=4,
                    ),
                    ft.Text(url, size=20, weight=ft.FontWeight.BOLD),
                ],
                horizontal_alignment=ft.CrossAxisAlignment.CENTER,
                spacing=6,
            )
        )
    return controls


def _eye(shown: bool, toggle: Any) -> ft.Control:
    """Show or hide the PIN: Flet's own reveal button has no accessible name, this one says
    what a tap does."""
    label = _("Hide PIN") if shown else _("Show PIN")
    return ft.Semantics(label=label, button=True, content=ft.Container(
        ink=True,  # a tab stop, acting on Enter and Space
        content=ft.Icon(ft.Icons.VISIBILITY_OFF if shown else ft.Icons.VISIBILITY),
        width=48, height=48, border_radius=24, alignment=ft.Alignment.CENTER,
        on_click=toggle))


def _codes(urls: tuple[str, ...]) -> dict[str, bytes]:
    """Each address's QR code; none without --lan (the offline web app has no server code)."""
    if not urls:
        return {}
    from companion.server.lan import qr_png

    return {url: qr_png(url) for url in urls}


@ft.component
def ShareScreen() -> ft.View:
    services = use_services()
    share = services.share
    pin, set_pin = ft.use_state("")
    # The PIN as typed so far, shared by every render: a tap on Unlock right after the last digit
    # can reach the server before the re-render that gives the button a handler with that digit.
    typed = ft.use_ref("")
    message, set_message = ft.use_state(("", False))
    shown, set_shown = ft.use_state(False)  # the PIN in clear while typing it
    urls = tuple(share.urls) if share else ()
    codes = ft.use_memo(lambda: _codes(urls), [urls])

    def edit(e: Any) -> None:
        typed.current = e.control.value or ""
        set_pin(typed.current)

    def unlock(e: Any) -> None:
        field = e.control if isinstance(e.control, ft.TextField) else None
        attempt = (field.value or "") if field is not None else typed.current
        typed.current = ""
        set_pin("")
        try:
            services.unlock(attempt)
        except PinRefused as error:
            set_message((say(getattr(error, "said", None) or str(error)), True))
            return
        set_message((_("This device keeps score now."), False))

    def lock(e: Any) -> None:
        services.lock()
        set_message((_("This device only follows the matches now."), False))

    controls: list[ft.Control] = []
    if services.in_browser:
        controls = _in_browser()
    elif share is None:
        controls = _off()
    else:
        controls = _addresses(share, codes)
        controls.append(ft.Divider())
        controls.append(ft.Text(_("Keeping score"), size=20, weight=ft.FontWeight.BOLD))
        if services.keeps_score:
            controls += [
                ft.Text(_("This device keeps score: its taps change the match for everyone.")),
                ft.OutlinedButton(_("Stop keeping score here"), icon=ft.Icons.LOCK_OUTLINE,
                                  height=48, on_click=lock),
                ft.Text(_("Guesses at the PIN"), size=20, weight=ft.FontWeight.BOLD),
                WrongPins(),
            ]
        else:
            controls += [
                ft.Text(_("Anyone can follow the matches. To keep score on this device, enter the "
                        "PIN shown where the app was started.")),
                ft.TextField(label=_("PIN"), value=pin, password=not shown,
                             keyboard_type=ft.KeyboardType.NUMBER, max_length=8,
                             on_change=edit, on_submit=unlock,
                             suffix_icon=_eye(shown, lambda e: set_shown(not shown))),
                ft.Row([ft.FilledButton(_("Unlock scorekeeping"), icon=ft.Icons.LOCK_OPEN,
                                        height=52, expand=True, on_click=unlock)]),
            ]
        controls.append(message_line(message[0], error=message[1]))
    return ft.View(
        route="/share",
        appbar=ft.AppBar(title=bar_title(_("Share"))),
        scroll=ft.ScrollMode.AUTO,
        padding=14,
        controls=[ft.Column(controls, spacing=10,
                            horizontal_alignment=ft.CrossAxisAlignment.STRETCH)],
    )

"""What the scorekeeper sees of PIN guessing on a shared table, and the tap that stops it.

Every wrong PIN compared is counted (access.py); the scorekeeper's Share screen always shows the
count, Home shows it as a notice once there is one, and either offers "Lock new scorekeepers out":
then a PIN from a device that has not kept score in this run is not even checked. The count and
the lock follow every session's guesses live. Nothing here shows to a device without the PIN.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import flet as ft

from companion.describe.words import N_
from companion.i18n import _, ngettext, say
from companion.session.context import use_services
from companion.session.follow import run_in_session, use_subscription
from scoring import RuleViolation

LOCK_OUT = N_("Lock new scorekeepers out")
LET_IN = N_("Let new scorekeepers in")


def say_count(count: int) -> str:
    """'No wrong PINs tried', '1 wrong PIN tried', '12 wrong PINs tried'."""
    if count == 0:
        return _("No wrong PINs tried")
    return ngettext("{n} wrong PIN tried", "{n} wrong PINs tried", count).format(n=say(count))


@ft.component
def WrongPins(*, on_home: bool = False) -> ft.Control:
    """The count and the lock on new devices, for a session that keeps score on a table with a
    PIN; nothing otherwise. `on_home`: a notice, shown only when there is something to say."""
    services = use_services()
    page = ft.context.page
    gate = services.tables.gate
    _told, set_told = ft.use_state(0)
    key = ft.use_ref(None)  # this widget's place in what the page missed

    def on_gate() -> None:
        async def refresh() -> None:
            set_told(lambda n: n + 1)

        run_in_session(page, refresh, key)

    use_subscription(lambda: gate.subscribe(on_gate), [])
    count, closed = gate.wrong_pins, gate.closed_to_new
    if gate.open or not services.keeps_score or (on_home and not count and not closed):
        return ft.Container(visible=False)

    def act(change: Callable[[], None]) -> Callable[[Any], None]:
        def handle(e: Any) -> None:
            try:
                change()  # the gate tells every screen, this one too
            except RuleViolation as error:  # Locked: the PIN was taken back meanwhile
                page.show_dialog(ft.SnackBar(ft.Text(say(error.said))))

        return handle

    who = services.tables.who
    toggle = ft.OutlinedButton(
        _(LET_IN if closed else LOCK_OUT), height=48,
        icon=ft.Icons.LOCK_OPEN if closed else ft.Icons.PERSON_OFF,
        on_click=act(lambda: gate.close_to_new(who, not closed)))
    lines = [ngettext("{n} wrong PIN tried since the app started or the count was last "
                      "cleared.",
                      "{n} wrong PINs tried since the app started or the count was last "
                      "cleared.", count).format(n=say(count)) if count
             else _("No wrong PINs tried.")]
    if closed:
        lines.append(_("New scorekeepers are locked out: the PIN is checked only on devices "
                       "that kept score since the app started."))
    elif count:
        lines.append(_("If nobody at the table mistyped it, someone may be guessing: lock new "
                       "scorekeepers out."))
    buttons: list[ft.Control] = [toggle]
    if count:
        buttons.append(ft.TextButton(_("Clear count") if not on_home else _("Dismiss"), height=48,
                                     on_click=act(lambda: gate.acknowledge_wrong_pins(who))))
    body = ft.Column([*(ft.Text(line, size=14) for line in lines),
                      ft.Row(buttons, wrap=True, spacing=8)], spacing=6)
    if not on_home:
        return body
    return ft.Container(
        content=ft.Row([ft.Icon(ft.Icons.PASSWORD), ft.Container(body, expand=True)],
                       vertical_alignment=ft.CrossAxisAlignment.START),
        bgcolor=ft.Colors.TERTIARY_CONTAINER if count else ft.Colors.SURFACE_CONTAINER_HIGHEST,
        border_radius=8, padding=12,
    )

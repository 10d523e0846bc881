"""The line a device without the PIN sees (--lan): who keeps score, and how to take over.

It says only what any watcher may know: that score is kept on another device, and whether the
scorekeeper has locked new scorekeepers out (then the PIN is not even checked on a device that
has not kept score in this run). Never the PIN, the keeper's address or the server's folders.
"""

from __future__ import annotations

import flet as ft

from companion.describe.words import N_
from companion.i18n import _
from companion.session.context import use_services
from companion.session.follow import run_in_session, use_subscription

KEPT_ELSEWHERE = N_("Score is kept on another device. To take over, enter the PIN.")
LOCKED_OUT = N_("Score is kept on another device, which has locked new scorekeepers out: to take "
              "over here, ask the scorekeeper to let new scorekeepers in, then enter the PIN.")


def following_banner(keeps_score: bool) -> list[ft.Control]:
    """Nothing for a scorekeeper; for anyone else, the line with a way to enter the PIN."""
    return [] if keeps_score else [FollowingBanner()]


@ft.component
def FollowingBanner() -> ft.Control:
    services = use_services()
    page = ft.context.page
    gate = services.tables.gate
    _told, set_told = ft.use_state(0)
    key = ft.use_ref(None)  # this line's place in what the page missed

    def on_gate() -> None:  # the keeper locked new scorekeepers out, or let them in
        async def refresh() -> None:
            set_told(lambda n: n + 1)

        run_in_session(page, refresh, key)

    use_subscription(lambda: gate.subscribe(on_gate), [])
    return ft.Container(
        content=ft.Row(
            [
                ft.Icon(ft.Icons.VISIBILITY, size=20),
                ft.Text(_(LOCKED_OUT if gate.closed_to_new else KEPT_ELSEWHERE), expand=True,
                        size=14),
                ft.TextButton(_("Enter PIN"), height=48,
                              on_click=lambda e: page.navigate("/share")),
            ],
        ),
        bgcolor=ft.Colors.SURFACE_CONTAINER_HIGHEST, border_radius=8,
        padding=ft.Padding.only(left=12, right=4),
    )

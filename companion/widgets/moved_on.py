"""A watcher follows the table onto its next game.

When the scorekeeper starts the follow-up of a finished match (Caro's next game of a series, or
the same game played again, follow_up.py) while a watcher's page shows that match, the page moves
onto the follow-up by itself: its match screen, or its Big scoreboard from the finished one's.
The follow-up's screen then says so in one line, with a tap back to the finished match.

Only a page that saw the follow-up being made moves (a finished match opened later from History,
whose follow-up exists already, stays put), only a page that does not keep score (the keeper's
own pages go where their taps take them), and only from the match screen and its Big scoreboard
(a page reading the timeline or the chart is left there; the finished match's screen offers the
follow-up). Which page moved from where is this page's alone, in memory, decided from the
store's own ids (the follow-up's id is worked out from the finished match's), never from what a
page says.
"""

from __future__ import annotations

from weakref import WeakKeyDictionary

import flet as ft

from companion.i18n import _

# Per page: {follow-up id: the finished match's id} for the follow-ups it was moved onto.
_moved: WeakKeyDictionary[ft.Page, dict[str, str]] = WeakKeyDictionary()
FOLLOWED = ("", "/board")  # the screens under a match's address that move on with it


def use_moved_on(mid: str, follow_id: str | None, keeps_score: bool, has_next_game: bool,
                 ) -> list[ft.Control]:
    """Call in the match screen of `mid` (a hook): moves a watcher's page onto the follow-up
    `follow_id` as it is made; returns the line to show when this page was moved onto `mid`."""
    page = ft.context.page
    last = ft.use_ref(None)  # (match, its follow-up) as the last render saw them

    def follow() -> None:
        before, last.current = last.current, (mid, follow_id)
        if keeps_score or follow_id is None or before != (mid, None):
            return
        under = page.route[len(f"/match/{mid}"):] if page.route.startswith(
            f"/match/{mid}") else None
        if under not in FOLLOWED:
            return
        _moved.setdefault(page, {})[follow_id] = mid
        page.navigate(f"/match/{follow_id}{under}")

    ft.use_effect(follow, [mid, follow_id])
    previous = _moved.get(page, {}).get(mid)
    if previous is None or keeps_score:
        return []
    return [MovedOn(mid=mid, previous=previous, has_next_game=has_next_game,
                    key=f"moved-{mid}")]


@ft.component
def MovedOn(mid: str, previous: str, has_next_game: bool) -> ft.Control:
    """The line on the follow-up a watcher was moved onto, with the way back."""
    page = ft.context.page

    def back(e: object) -> None:
        _moved.get(page, {}).pop(mid, None)
        page.navigate(f"/match/{previous}")

    if has_next_game:
        line = _("The scorekeeper started the next game: this screen follows it.")
        label = _("Back to the finished game")
    else:
        line = _("The scorekeeper started the match again: this screen follows it.")
        label = _("Back to the finished match")
    return ft.Container(
        content=ft.Column(
            [
                ft.Row([ft.Icon(ft.Icons.FAST_FORWARD, size=20),
                        ft.Text(line, expand=True, size=14)]),
                ft.TextButton(label, icon=ft.Icons.ARROW_BACK, height=48, on_click=back),
            ],
            spacing=0,
            horizontal_alignment=ft.CrossAxisAlignment.START,
        ),
        bgcolor=ft.Colors.SECONDARY_CONTAINER, border_radius=8,
        padding=ft.Padding.only(left=12, right=4, top=4, bottom=4),
    )

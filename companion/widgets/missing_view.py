"""The view a match screen shows when its match cannot be opened.

A follow-up that is no longer stored while the match it followed is (the scorekeeper took it back
with Undo, follow_up.py) is no dead end: the page is sent to that finished match, and says why.
This is worked out from the store alone (`find_previous`), never from what a page says, and it
moves only the page that shows the missing match: nothing is changed for anyone.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import flet as ft

from companion.i18n import _, say
from companion.session.follow_up import find_previous
from companion.widgets.bar_title import bar_title

# Told the finished match's id when the page is about to be sent there, and whether that match
# has a next game (Caro) or is played again; returns False to stay (the session took it back
# itself and is on its way already).
SentBack = Callable[[str, bool], bool]


def next_game_taken_back() -> str:
    return _("The next game was taken back.")


def match_again_taken_back() -> str:
    return _("The match played again was taken back.")


TAKEN_BACK = (next_game_taken_back, match_again_taken_back)
"""The lines a page sent back shows on the finished match (a `Message` each)."""


def taken_back_line(has_next_game: bool) -> Callable[[], str]:
    return next_game_taken_back if has_next_game else match_again_taken_back


def missing_view(route: str, why: str) -> ft.View:
    """A view at `route` saying `why`, with a way home."""
    page = ft.context.page
    return ft.View(
        route=route,
        appbar=ft.AppBar(title=bar_title(_("Match not found"))),
        controls=[ft.Text(why), ft.Button(_("Home"), on_click=lambda e: page.navigate("/"))],
        padding=12,
    )


@ft.component
def GoneBack(previous: str, has_next_game: bool, sent_back: SentBack | None) -> ft.Control:
    """The line saying the follow-up was taken back, and the way to the match it followed,
    which the page takes at once."""
    page = ft.context.page

    def go() -> None:
        page.navigate(f"/match/{previous}")

    def arrive() -> None:
        if sent_back is None or sent_back(previous, has_next_game):
            go()

    ft.use_effect(arrive, [previous])
    return ft.Column([
        ft.Text(taken_back_line(has_next_game)()),
        ft.Button(_("Open the finished match"), icon=ft.Icons.ARROW_BACK, height=48,
                  on_click=lambda e: go()),
    ], spacing=12)


def _taken_back_view(tables: Any, mid: str, route: str,
                     sent_back: SentBack | None) -> ft.View | None:
    """The view of a follow-up no longer stored whose finished match is, else None."""
    try:
        previous = find_previous(tables, mid)
        if previous is None:
            return None
        match = tables.get(previous).match
    except Exception:  # the finished match cannot be opened either: say the follow-up is missing
        return None
    return ft.View(
        route=route,
        appbar=ft.AppBar(title=bar_title(say(match.title_word()))),
        controls=[GoneBack(previous, match.HAS_NEXT_GAME, sent_back, key=previous)],
        padding=12,
    )


def open_table(tables: Any, mid: str, route: str, *,
               sent_back: SentBack | None = None) -> tuple[Any, ft.View | None]:
    """The open table `mid`, or (None, the view that says why it cannot be opened). A follow-up
    taken back sends the page to the match it followed (`sent_back` is told first)."""
    try:
        return tables.get(mid), None
    except KeyError:
        back = _taken_back_view(tables, mid, route, sent_back)
        if back is not None:
            return None, back
        why = _("This match is not stored here (it may have been deleted).")
        return None, missing_view(route, why)
    except Exception as error:  # a file the store refused to read: say why, change nothing
        return None, missing_view(route, say(getattr(error, "said", None) or str(error)))

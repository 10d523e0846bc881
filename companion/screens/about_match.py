"""What every screen about one match's progress starts from (timeline, chart, a past table, the
big scoreboard): its open table, followed live, or the view saying why it cannot be opened; and
the view such a screen is drawn in."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, NamedTuple

import flet as ft

from companion.session.context import use_services
from companion.session.follow import use_followed_match
from companion.widgets.bar_title import bar_title
from companion.widgets.missing_view import open_table


class MatchPage(NamedTuple):
    mid: str
    route: str  # this screen's address: /match/<id> and the rest
    table: Any  # the open table (None when `missing`)
    missing: ft.View | None  # the view to show instead, saying why the match cannot be opened


def use_match_page(rest: str = "") -> MatchPage:
    """The match of the route's id, opened for a screen at /match/<id><rest> that re-renders
    after every change to it, in this session or another one."""
    services = use_services()
    mid = ft.use_route_params().get("id", "")
    use_followed_match(mid)
    route = f"/match/{mid}{rest}"
    table, missing = open_table(services.tables, mid, route)
    return MatchPage(mid, route, table, missing)


def match_view(page: MatchPage, title: str, controls: Sequence[ft.Control], *,
               actions: Sequence[ft.Control] = (), listed: bool = False) -> ft.View:
    """The view of a screen about `page`'s match: `controls` scrolled in a column, or with
    `listed`, in a ListView, which builds only the ones on screen (a long timeline opens as
    fast as a short one)."""
    appbar = ft.AppBar(title=bar_title(title), actions=list(actions))
    if listed:
        return ft.View(route=page.route, appbar=appbar, padding=0,
                       controls=[ft.ListView(list(controls), spacing=2, padding=10,
                                             expand=True)])
    return ft.View(route=page.route, appbar=appbar, scroll=ft.ScrollMode.AUTO, padding=10,
                   controls=[ft.Column(list(controls), spacing=10)])

"""A match's timeline: every step in words with its effect on the scoreboard, grouped by round,
trick or game, newest first; a tap opens the table as it was after that step.

Newest first because the timeline is mostly opened during play to check what just happened (the
last steps are on screen at once, as in a live ticker), and for a finished match the top shows
how it ended; the step numbers and group titles keep the order plain either way.
"""

from __future__ import annotations

import flet as ft

from companion.describe.progress import timeline
from companion.session.context import use_services
from companion.session.follow import use_followed_match
from companion.widgets.icon_action import icon_action
from companion.widgets.missing_view import open_table
from companion.widgets.timeline_entry import timeline_entry

PAGE = 100  # steps drawn at first, and added by each "Show earlier steps"


@ft.component
def TimelineScreen() -> ft.View:
    services = use_services()
    page = ft.context.page
    mid = ft.use_route_params().get("id", "")
    use_followed_match(mid)
    shown, set_shown = ft.use_state(PAGE)
    route = f"/match/{mid}/timeline"
    table, missing = open_table(services.tables, mid, route)
    if missing:
        return missing
    match = table.match

    groups = timeline(match)
    last = len(match.events) - 1
    controls: list[ft.Control] = []
    if not groups:
        controls.append(ft.Text("Nothing has happened yet: the first action will show here."))
    else:
        state = "finished" if match.is_over else "so far"
        controls.append(ft.Text(f"{last} steps {state}, newest first. Tap a step to see the "
                                "table as it was after it.", size=13,
                                color=ft.Colors.ON_SURFACE_VARIANT))
    drawn = 0
    for number, group in enumerate(reversed(groups)):
        if drawn >= shown:  # whole groups only; the rest waits for a tap
            earlier = groups[len(groups) - number - 1].steps[-1].number
            controls.append(ft.Container(
                ft.OutlinedButton(f"Show earlier steps ({earlier} more)", height=48,
                                  icon=ft.Icons.EXPAND_MORE,
                                  on_click=lambda e: set_shown(shown + PAGE)),
                alignment=ft.Alignment.CENTER, padding=10))
            break
        drawn += len(group.steps)
        first, final = group.steps[0].number, group.steps[-1].number
        span = f"step {first}" if first == final else f"steps {first}–{final}"
        controls.append(
            ft.Container(
                content=ft.Row(
                    [ft.Text(group.title, size=16, weight=ft.FontWeight.BOLD),
                     ft.Text(span, size=12, color=ft.Colors.ON_SURFACE_VARIANT)],
                    alignment=ft.MainAxisAlignment.SPACE_BETWEEN,
                ),
                padding=ft.Padding.only(left=4, right=4, top=12, bottom=2),
            )
        )
        for step in reversed(group.steps):
            controls.append(timeline_entry(
                step,
                lambda e, n=step.number: page.navigate(f"/match/{mid}/timeline/{n}"),
                latest=step.number == last,
            ))
    return ft.View(
        route=route,
        appbar=ft.AppBar(
            title=ft.Text("Timeline"),
            actions=[icon_action(ft.Icons.SHOW_CHART, "Chart",
                                 lambda e: page.navigate(f"/match/{mid}/chart"))],
        ),
        padding=0,
        # A ListView builds only the entries on screen: a long match opens as fast as a short one.
        controls=[ft.ListView(controls, spacing=2, padding=10, expand=True)],
    )

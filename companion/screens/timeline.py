"""A match's timeline: every step in words with its effect on the scoreboard, grouped by round,
trick or game, newest first; a tap opens the table as it was after that step.

Newest first because the timeline is mostly opened during play to check what just happened (the
last steps are on screen at once, as in a live ticker), and for a finished match the top shows
how it ended; the step numbers and group titles keep the order plain either way.
"""

from __future__ import annotations

import flet as ft

from companion.describe.progress import timeline
from companion.describe.words import figure
from companion.i18n import _, ngettext
from companion.screens.about_match import match_view, use_match_page
from companion.widgets.icon_action import icon_action
from companion.widgets.timeline_entry import timeline_entry

PAGE = 100  # steps drawn at first, and added by each "Show earlier steps"


@ft.component
def TimelineScreen() -> ft.View:
    page = ft.context.page
    at = use_match_page("/timeline")
    shown, set_shown = ft.use_state(PAGE)
    if at.missing:
        return at.missing
    mid, match = at.mid, at.table.match

    groups = timeline(match)
    last = len(match.events) - 1
    controls: list[ft.Control] = []
    if not groups:
        controls.append(ft.Text(_("Nothing has happened yet: the first action will show "
                                  "here.")))
    else:
        about = (ngettext("{n} step finished, newest first. Tap a step to see the table as it "
                          "was after it.",
                          "{n} steps finished, newest first. Tap a step to see the table as "
                          "it was after it.", last) if match.is_over
                 else ngettext("{n} step so far, newest first. Tap a step to see the table as "
                               "it was after it.",
                               "{n} steps so far, newest first. Tap a step to see the table "
                               "as it was after it.", last))
        controls.append(ft.Text(about.format(n=figure(last)), size=13,
                                color=ft.Colors.ON_SURFACE_VARIANT))
    drawn = 0
    for number, group in enumerate(reversed(groups)):
        if drawn >= shown:  # whole groups only; the rest waits for a tap
            earlier = groups[len(groups) - number - 1].steps[-1].number
            controls.append(ft.Container(
                ft.OutlinedButton(ngettext("Show earlier steps ({n} more)",
                                           "Show earlier steps ({n} more)", earlier
                                           ).format(n=figure(earlier)), height=48,
                                  icon=ft.Icons.EXPAND_MORE,
                                  on_click=lambda e: set_shown(shown + PAGE)),
                alignment=ft.Alignment.CENTER, padding=10))
            break
        drawn += len(group.steps)
        first, final = group.steps[0].number, group.steps[-1].number
        span = (_("step {n}").format(n=figure(first)) if first == final
                else _("steps {first}–{last}").format(first=figure(first), last=figure(final)))
        controls.append(
            ft.Container(
                content=ft.Row(
                    [ft.Text(group.title, size=16, weight=ft.FontWeight.BOLD),
                     ft.Text(span, size=12, color=ft.Colors.ON_SURFACE_VARIANT)],
                    alignment=ft.MainAxisAlignment.SPACE_BETWEEN,
                    # the steps go under the title where both do not fit (large text)
                    wrap=True,
                    vertical_alignment=ft.CrossAxisAlignment.END,
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
    return match_view(at, _("Timeline"), controls, listed=True, actions=[
        icon_action(ft.Icons.SHOW_CHART, _("Chart"),
                    lambda e: page.navigate(f"/match/{mid}/chart"))])

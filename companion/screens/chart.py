"""A match's progress as a chart: each player's (or team's) score after every step, one chart per
score the game keeps (Carrera: trophies and fuel), with a legend of names and current values."""

from __future__ import annotations

import flet as ft
import flet_charts as fch

from companion.describe.progress import Series, by_round, corners, progress, step_rounds
from companion.describe.words import figure
from companion.i18n import _, ngettext, say
from companion.screens.about_match import match_view, use_match_page
from companion.widgets.icon_action import icon_action
from scoring.core import Part
from scoring.said import listed

# Line colours that stay apart from each other in light and dark themes (up to 8 sides).
LINE_COLOURS = (
    ft.Colors.BLUE_600, ft.Colors.ORANGE_700, ft.Colors.GREEN_600, ft.Colors.PURPLE_400,
    ft.Colors.RED_600, ft.Colors.BROWN_400, ft.Colors.PINK_300, ft.Colors.CYAN_700,
)


def spacing(span: float, marks: int) -> int:
    """A round label interval (1, 2, 5, 10, 20, 50, ...) giving at most about `marks` labels."""
    step = 1
    while span / step > marks:
        for factor in (2, 2.5, 2):
            step = int(step * factor)
            if span / step <= marks:
                break
    return step


def _legend(series: Series) -> ft.Control:
    items = []
    for i, (side, values) in enumerate(series.values.items()):
        items.append(
            ft.Row(
                [
                    ft.Container(width=14, height=14, border_radius=7,
                                 bgcolor=LINE_COLOURS[i % len(LINE_COLOURS)]),
                    ft.Text(_("{player}: {score}").format(player=side,
                                                          score=figure(values[-1])), size=14),
                ],
                spacing=6,
                tight=True,
            )
        )
    return ft.Row(items, wrap=True, spacing=14, run_spacing=4)


def _after(side: str, value: int, part: Part | None, x: int) -> str:
    """A point's tooltip: "Ann: 12 after step 4"; along a game's part, "Ann: 2 (round 4)"."""
    if part is not None:
        return _("{player}: {score} ({part})").format(
            player=side, score=figure(value), part=say(part.inner).format(n=figure(x)))
    return _("{player}: {score} after step {n}").format(player=side, score=figure(value),
                                                        n=figure(x))


def _line(i: int, count: int, side: str, values: list[int],
          part: Part | None) -> fch.LineChartData:
    """One side's line. Sides with equal scores share their path: each later line is drawn
    thinner and dashed on top of the earlier ones, with a smaller dot at each change, so every
    side stays visible (stripes, gaps and rings) where lines coincide."""
    colour = LINE_COLOURS[i % len(LINE_COLOURS)]
    return fch.LineChartData(
        points=[fch.LineChartDataPoint(x, y, tooltip=_after(side, y, part, x))
                for x, y in corners(values)],
        color=colour,
        stroke_width=2.5 + (count - 1 - i) * min(1.5, 4.5 / max(count - 1, 1)),
        dash_pattern=None if i == 0 else [10, 3 + 3 * i],
        step_direction=0,  # a score holds until the step that changes it
        # Before the first step every side's one point is the same corner: no dots there, which
        # would pile up on the axes' 0 and hide it (the legend says each side's start).
        point=fch.ChartCirclePoint(radius=3 + 2.5 * (count - 1 - i), color=colour)
        if len(values) > 1 else False,
    )


def _chart(series: Series, part: Part | None = None) -> ft.Control:
    """`series` along its steps, or along the parts of the match `part` names (the game's
    `CHART_BY`: Ratel's rounds)."""
    steps = len(next(iter(series.values.values()))) - 1
    low = min(0, min(min(v) for v in series.values.values()))
    high = max(max(v) for v in series.values.values())
    y_every = spacing(max(high - low, 1), 6)
    x_every = spacing(max(steps, 1), 5)
    count = len(series.values)
    lines = [_line(i, count, side, values, part)
             for i, (side, values) in enumerate(series.values.items())]
    now = say(listed([_("{player} {score}").format(player=side, score=figure(values[-1]))
                      for side, values in series.values.items()], "members"))
    counted = part.count_term(steps) if part is not None else None
    if counted is not None:
        over = _("{title} chart over {count}: {now}").format(
            title=series.title, count=say(counted).format(n=figure(steps)), now=now)
    else:
        over = ngettext("{title} chart over {n} step: {now}",
                        "{title} chart over {n} steps: {now}", steps).format(
            title=series.title, n=figure(steps), now=now)
    axis = say(part.axis) if part is not None and part.axis is not None else _("Step")
    return ft.Semantics(
        label=over,
        content=fch.LineChart(
            data_series=lines,
            min_x=0,
            max_x=steps + max(1, steps // 40),  # room for a jump at the last step
            # one grid line of room above the highest score, and below a negative one
            min_y=-((-low) // y_every + 1) * y_every if low < 0 else 0,
            max_y=(high // y_every + 1) * y_every,
            # Room for "150" and "Step" in text up to 200% (the axes' figures split digit by
            # digit and the bottom ones were cut in 36, 26 and 18 px)
            left_axis=fch.ChartAxis(label_spacing=y_every, label_size=52),
            bottom_axis=fch.ChartAxis(label_spacing=x_every, label_size=40, show_max=False,
                                      title=ft.Text(axis, size=12), title_size=32),
            horizontal_grid_lines=fch.ChartGridLines(interval=y_every, width=1,
                                                     color=ft.Colors.OUTLINE_VARIANT),
            vertical_grid_lines=fch.ChartGridLines(interval=x_every, width=1,
                                                   color=ft.Colors.OUTLINE_VARIANT),
            height=240,
            animation=ft.Animation(duration=ft.Duration(milliseconds=0)),
        ),
    )


@ft.component
def ChartScreen() -> ft.View:
    page = ft.context.page
    at = use_match_page("/chart")
    if at.missing:
        return at.missing
    mid, match = at.mid, at.table.match

    steps = len(match.events) - 1
    controls: list[ft.Control] = [
        ft.Text((ngettext("After {n} step (finished).", "After {n} steps (finished).", steps)
                 if match.is_over else ngettext("After {n} step.", "After {n} steps.", steps)
                 ).format(n=figure(steps)), size=13, color=ft.Colors.ON_SURFACE_VARIANT),
    ]
    # A game whose scores change only as a part ends counts those (Ratel: rounds), else steps.
    rounds = step_rounds(match)
    part = match.PARTS.get(match.CHART_BY) if rounds is not None else None
    for series in progress(match):
        shown = by_round(series, rounds) if rounds is not None else series
        controls += [
            ft.Text(series.title, size=18, weight=ft.FontWeight.BOLD),
            _legend(series),
            ft.Container(_chart(shown, part), padding=ft.Padding.only(right=12, top=6)),
        ]
    return match_view(at, _("Chart"), controls, actions=[
        icon_action(ft.Icons.HISTORY, _("Timeline"),
                    lambda e: page.navigate(f"/match/{mid}/timeline"))])

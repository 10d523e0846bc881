"""Statistics: every player's matches, wins, win rate and average score, and head to head.

The figures come from the store's summaries (companion/stats.py): one pass over the list, about
23 ms for 10,000 matches (bench/stats.py), so they are worked out as the screen renders. Only
finished matches count; the game and period chips filter them.
"""

from __future__ import annotations

from typing import Any

import flet as ft

from companion.describe.records import (
    ALL,
    PERIODS,
    HeadToHead,
    PlayerStats,
    average_text,
    head_to_head,
    in_view,
    percent,
    player_stats,
    score_kind,
)
from companion.games import GAME_UIS
from companion.session.context import use_services

MUTED = ft.Colors.ON_SURFACE_VARIANT


def _chips(options: dict[str, str], chosen: str, choose: Any) -> ft.Control:
    return ft.Row(
        [
            ft.Chip(
                label=ft.Text(text),
                selected=key == chosen,
                show_checkmark=False,
                on_select=lambda e, key=key: choose(key),
            )
            for key, text in options.items()
        ],
        wrap=True,
        spacing=6,
        run_spacing=6,
    )


def _title(game: str) -> str:
    ui = GAME_UIS.get(game)
    return ui.title if ui else game


def _won(wins: int, played: int) -> str:
    return f"{played} played · {wins} won · {percent(wins / played if played else 0)}"


def _player_card(player: PlayerStats, one_game: bool) -> ft.Control:
    lines: list[ft.Control] = [
        ft.Text(player.name, size=17, weight=ft.FontWeight.BOLD),
        ft.Text(_won(player.wins, player.played), size=15),
    ]
    for line in player.games:
        average = average_text(line)
        if average:
            kind = score_kind(line.game)
            lower = kind is not None and kind.lower_is_better
            average = f"average {average}" + (", lower is better" if lower else "")
        if one_game:
            if average:
                lines.append(ft.Text(average.capitalize(), size=14, color=MUTED))
            continue
        figures = _won(line.wins, line.played) + (f" · {average}" if average else "")
        lines.append(
            ft.Text(
                spans=[
                    ft.TextSpan(f"{_title(line.game)}: ",
                                style=ft.TextStyle(weight=ft.FontWeight.W_600)),
                    ft.TextSpan(figures),
                ],
                size=14,
                color=MUTED,
            )
        )
    return ft.Card(
        content=ft.Container(ft.Column(lines, spacing=3), padding=12),
        margin=0,
    )


def _head_to_head_text(h: HeadToHead) -> list[ft.Control]:
    if not h.together:
        return [ft.Text(f"{h.a} and {h.b} have no finished match together here.")]
    matches = "match" if h.together == 1 else "matches"
    rows = [
        ft.Text(f"{h.together} {matches} together", size=16, weight=ft.FontWeight.BOLD),
        ft.Text(f"{h.a} won {h.wins_a} · {h.b} won {h.wins_b}", size=16),
    ]
    more = []
    if h.shared:
        more.append(f"{h.shared} won together (a shared win or the same team)")
    if h.neither:
        more.append(f"{h.neither} won by someone else")
    if more:
        rows.append(ft.Text("; ".join(more).capitalize() + ".", size=14, color=MUTED))
    return rows


def _picker(label: str, value: str, names: list[str], choose: Any) -> ft.Control:
    # A Dropdown alone reaches screen readers (and the browser tests) unnamed.
    return ft.Semantics(
        label=f"{label}: {value}",
        button=True,
        exclude_semantics=True,
        expand=True,
        content=ft.Dropdown(
            label=label,
            value=value,
            options=[ft.DropdownOption(key=n, text=n) for n in names],
            on_select=lambda e: choose(e.control.value),
            expand=True,
            editable=False,
            enable_search=False,
        ),
    )


@ft.component
def StatsScreen() -> ft.View:
    services = use_services()
    game, set_game = ft.use_state(ALL)
    period, set_period = ft.use_state(ALL)
    pair, set_pair = ft.use_state(("", ""))

    summaries = services.tables.summaries()
    chosen_game = None if game == ALL else game
    matches = len(in_view(summaries, game=chosen_game, period=period))
    players = player_stats(summaries, game=chosen_game, period=period)
    names = [p.name for p in players]

    games = {ALL: "All games", **{g: ui.title for g, ui in GAME_UIS.items()}}
    controls: list[ft.Control] = [
        ft.Text("Game", size=14, color=MUTED),
        _chips(games, game, set_game),
        ft.Text("Period", size=14, color=MUTED),
        _chips(PERIODS, period, set_period),
        ft.Text(
            f"{matches} finished {'match' if matches == 1 else 'matches'} "
            f"({games[game].lower() if game == ALL else games[game]}, "
            f"{PERIODS[period].lower()}). Matches still in play do not count.",
            size=14,
        ),
    ]
    if not players:
        controls.append(ft.Text("No finished matches here yet.", size=16))
    elif len(names) > 1:
        controls.append(ft.Text("Head to head", size=20, weight=ft.FontWeight.BOLD))
        a = pair[0] if pair[0] in names else names[0]
        b = pair[1] if pair[1] in names and pair[1] != a else next(n for n in names if n != a)
        controls.append(
            ft.Row(
                [
                    _picker("First player", a, names, lambda v: set_pair((v, b))),
                    _picker("Second player", b, names, lambda v: set_pair((a, v))),
                ],
                spacing=8,
            )
        )
        h = head_to_head(summaries, a, b, game=chosen_game, period=period)
        controls.extend(_head_to_head_text(h))

    if players:
        controls.append(ft.Text("Players", size=20, weight=ft.FontWeight.BOLD))
        controls.extend(_player_card(p, chosen_game is not None) for p in players)
        shown = {line.game for p in players for line in p.games}
        for g in sorted(shown):
            ui = GAME_UIS.get(g)
            if ui is not None and ui.stats_note and score_kind(g) is not None:
                controls.append(ft.Text(f"{_title(g)}: {ui.stats_note}", size=13, color=MUTED))

    return ft.View(
        route="/stats",
        appbar=ft.AppBar(title=ft.Text("Statistics")),
        scroll=ft.ScrollMode.AUTO,
        padding=12,
        controls=[
            ft.Column(controls, spacing=10, horizontal_alignment=ft.CrossAxisAlignment.STRETCH)
        ],
    )

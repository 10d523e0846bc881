"""New-match options for Careta: the target, rotating the Deck Master, and teams in the layouts the
rulebook lists (K10), with teammates seated alternately.

The picker's order is the seating; "Seat teammates alternately" records the wish in the options
and `seating()` applies `careta.alternate_seating` to the teams when the match is created (the
options cannot reorder the picker itself), so the list shown here is the order the match uses.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import flet as ft

from companion.games.careta.look import note, toggle
from companion.i18n import say
from companion.widgets.count_stepper import count_stepper
from companion.widgets.option_choice import option_choice
from scoring import careta
from scoring.core import RuleViolation

DEFAULTS: dict[str, Any] = {
    "target": 10, "rotate": False, "layout": None, "assign": {}, "team_names": [],
    "alternate": False,
}
LETTERS = "ABCD"


def layout_name(size: int, count: int) -> str:
    """(2, 3) -> "2v2v2"."""
    return "v".join([str(size)] * count)


LAYOUTS = {layout_name(s, c): (s, c) for s, c in sorted(careta.TEAM_LAYOUTS,
                                                         key=lambda sc: (sc[0] * sc[1], sc[1]))}


def team_names(values: dict[str, Any], count: int) -> list[str]:
    given = list(values.get("team_names") or [])
    return [(given[i].strip() if i < len(given) and given[i].strip() else f"Team {LETTERS[i]}")
            for i in range(count)]


def _groups(players: list[str], values: dict[str, Any]) -> list[list[str]] | None:
    """The players of each team (A, B, ...) in picker order; None: no teams. A player not
    assigned yet goes by seat: seat 1 to the first team, seat 2 to the second..."""
    layout = values.get("layout")
    if not layout:
        return None
    size, count = LAYOUTS[layout]
    if size * count != len(players):
        raise RuleViolation("bad-option", f"{layout} is for {size * count} players; you have "
                                          f"{len(players)}.")
    assign = values.get("assign") or {}
    groups: list[list[str]] = [[] for _i in range(count)]
    for i, p in enumerate(players):
        index = assign.get(p, i % count)
        groups[index if index < count else i % count].append(p)
    return groups


def name_clashes(labels: list[str], players: list[str]) -> dict[int, str]:
    """{team index: why its name cannot be used}, for the name field that says so as it is
    typed: the engine's own reasons (`careta.team_name_problems`), the ones Start would meet."""
    return {i: say(why) for i, why in careta.team_name_problems(labels, players).items()}


def teams_of(players: list[str], values: dict[str, Any]) -> dict[str, list[str]] | None:
    """{team: [players in picker order]} from the chosen layout and assignment; None: no teams."""
    groups = _groups(players, values)
    if groups is None:
        return None
    # Names the engine refuses are refused when the match is made (the fields said why before).
    return dict(zip(team_names(values, len(groups)), groups, strict=True))


def alternating(order: list[str], teams: dict[str, list[str]]) -> bool:
    """No two neighbours (round the table) are teammates."""
    team = {p: t for t, members in teams.items() for p in members}
    return all(team[order[i]] != team[order[(i + 1) % len(order)]] for i in range(len(order)))


def seating(players: list[str], values: dict[str, Any]) -> list[str]:
    """The order the match will use: the picker's, or the teams seated alternately (whatever
    the teams are called, so the seating shows while a name is still being fixed)."""
    groups = _groups(players, values)
    if groups and values.get("alternate"):
        teams = {LETTERS[i]: members for i, members in enumerate(groups)}
        if not alternating(players, teams):
            return careta.alternate_seating(teams)
    return list(players)


def _teams_part(values: dict[str, Any], put: Callable[..., None],
                players: list[str]) -> list[ft.Control]:
    layout = values.get("layout")
    fitting = [n for n, (s, c) in LAYOUTS.items() if s * c == len(players)]
    shown = fitting + ([layout] if layout and layout not in fitting else [])

    def label(name: str) -> str:
        size, count = LAYOUTS[name]
        return f"Teams {name}" if name in fitting else f"Teams {name} (for {size * count} players)"

    choices = [("", "No teams")] + [(n, label(n)) for n in shown]
    parts = option_choice("Teams", choices, layout or "",
                          lambda v: put(layout=v or None, alternate=False),
                          about="2v2 and 2v2v2v2 need 4 and 8 players, 3v3 and 2v2v2 six, "
                                "4v4 eight.")
    if not layout:
        return parts
    if layout not in fitting:
        # The radio's label says how many players the layout needs; Start says it in full.
        parts.append(ft.Text(f"Pick teams that fit {len(players)} players, or No teams.",
                             color=ft.Colors.ERROR, size=14))
        return parts
    size, count = LAYOUTS[layout]
    labels = team_names(values, count)
    clashes = name_clashes(labels, players)
    typed = list(values.get("team_names") or [])
    typed = [typed[i] if i < len(typed) else labels[i] for i in range(count)]
    for i in range(count):
        parts.append(ft.TextField(
            label=f"Name of team {LETTERS[i]}", value=typed[i], error=clashes.get(i),
            on_change=lambda e, i=i: put(team_names=[
                e.control.value if j == i else n for j, n in enumerate(typed)]),
        ))
    groups = _groups(players, values) or []
    team_index = {p: i for i, members in enumerate(groups) for p in members}
    # While two names clash, the toggles go by letter, so each still has a name of its own.
    named = [f"team {LETTERS[i]}" for i in range(count)] if clashes else labels
    for p in players:
        parts.append(ft.Row(
            [ft.Text(p, size=15, expand=True, no_wrap=True, overflow=ft.TextOverflow.ELLIPSIS),
             *[toggle(f"{p} in {named[i]}", LETTERS[i], team_index[p] == i,
                      lambda e, p=p, i=i: put(assign={**team_index, p: i}), width=52)
               for i in range(count)]],
            spacing=4, vertical_alignment=ft.CrossAxisAlignment.CENTER,
        ))
    wrong = [i for i, members in enumerate(groups) if len(members) != size]
    if wrong:
        parts.append(ft.Text(f"Each team needs {size} players: "
                             + "; ".join(f"{labels[i]} has {len(groups[i])}" for i in wrong)
                             + ".", color=ft.Colors.ERROR, size=14))
        return parts
    order = seating(players, values)
    side = {p: LETTERS[i] for p, i in team_index.items()}
    parts.append(ft.Text("Seating (turn order): " + ", ".join(f"{p} ({side[p]})" for p in order),
                         size=14))
    by_letter = {LETTERS[i]: members for i, members in enumerate(groups)}
    if alternating(order, by_letter):
        parts.append(note("Teammates sit apart, so nobody sees a teammate's cards."))
    else:
        parts.append(ft.Text("Teammates sit side by side; the rulebook seats them alternately.",
                             size=14, color=ft.Colors.ERROR))
        parts.append(ft.OutlinedButton("Seat teammates alternately", icon=ft.Icons.SHUFFLE,
                                       height=48, on_click=lambda e: put(alternate=True)))
    return parts


@ft.component
def CaretaOptions(values: dict[str, Any], set_values: Callable[[dict[str, Any]], None],
                  players: list[str]) -> ft.Control:
    def put(**changes: Any) -> None:
        set_values({**values, **changes})

    target = values.get("target", 10)
    return ft.Column(
        [
            ft.Text("Target", weight=ft.FontWeight.BOLD),
            ft.Row([count_stepper(target, 1, 50, lambda n: put(target=n), noun="points",
                                  one="point"),
                    ft.Text("to win the match", size=14)],
                   vertical_alignment=ft.CrossAxisAlignment.CENTER, wrap=True),
            ft.Switch(label="Rotate the Deck Master between sets",
                      value=bool(values.get("rotate")),
                      padding=ft.Padding.symmetric(horizontal=4, vertical=4),
                      on_change=lambda e: put(rotate=bool(e.control.value))),
            *_teams_part(values, put, players),
        ],
        spacing=8,
    )


def create(players: list[str], first: str, values: dict[str, Any]) -> careta.Match:
    """The match from the picker's players, the chosen Deck Master and these options."""
    return careta.Match(
        seating(players, values),
        deck_master=first,
        target=values.get("target", 10),
        teams=teams_of(players, values),
        rotate_deck_master=bool(values.get("rotate")),
    )

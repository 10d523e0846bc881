"""What the Ratel screen shows of the table: the round header, each player's hand, escape and
damage or penalty points, the trick so far, what the last trick or round did, and the log.

Every figure and sentence comes from the engine (scoring/ratel.py); nothing here decides a rule.
"""

from __future__ import annotations

from typing import Any

import flet as ft

from companion.describe.words import names, plural
from companion.widgets.action_log import action_log
from companion.widgets.game_over import game_over
from companion.widgets.seat_row import seat_row
from companion.widgets.slots import slots
from scoring import ratel

DAMAGE = "#C62828"  # a damage chip taken: red, with a dark rim; an empty slot is an outline
DAMAGE_RIM = "#7F0000"
MODE_LINE = {
    "damage": "Standard game: 2 damage loses",
    "short": "Short game: 1 damage loses",
}


def ordinal(n: int) -> str:
    """1st, 2nd, 3rd, 4th ... (escape places: at most 6)."""
    suffix = {1: "st", 2: "nd", 3: "rd"}.get(n % 10 if n > 20 else n, "th")
    return f"{n}{suffix}"


def play_text(play: dict[str, Any]) -> str:
    """A play as the table says it: "2 x -3"."""
    return f"{play['count']} x {ratel.card_value(play['value'])}"


def mode_line(match: ratel.Match) -> str:
    if match.mode == "penalty":
        return f"Penalty points: the game ends when anyone reaches {match.penalty_limit}"
    return MODE_LINE[match.mode]


def header(match: ratel.Match) -> ft.Control:
    """Round number, who leads (or that the game is over), the kind of game and the escapes."""
    if match.is_over:
        where = f"Round {match.round_no} · game over"
    else:
        where = f"Round {match.round_no} · {match.leader} leads"
    lines: list[ft.Control] = [
        ft.Text(where, size=18, weight=ft.FontWeight.BOLD),
        ft.Text(mode_line(match), size=13, color=ft.Colors.ON_SURFACE_VARIANT),
    ]
    if match.escaped and not match.is_over:
        lines.append(ft.Text("Escaped: " + ", ".join(match.escaped), size=14))
    return ft.Column(lines, spacing=2)


def damage_chips(taken: int, count: int, size: int = 16) -> ft.Control:
    """The damage that loses drawn as slots, the damage taken filled red."""
    return slots(taken, max(count, taken), fill=DAMAGE, rim=DAMAGE_RIM, size=size, spacing=3,
                 empty_rim=ft.Colors.OUTLINE)


def _score_cell(match: ratel.Match, name: str) -> tuple[ft.Control, str]:
    """Damage chips, or penalty points against the limit, with the words a screen reader says."""
    loses_at = match.damage_to_lose
    if loses_at is None:  # the penalty game: points against the limit
        points, limit = match.penalties[name], match.penalty_limit
        cell = ft.Column(
            [
                ft.Text(f"{points} / {limit}", size=15, weight=ft.FontWeight.BOLD),
                ft.ProgressBar(value=min(1.0, points / limit), width=64, bar_height=6,
                               color=DAMAGE if points * 3 >= limit * 2 else None),
            ],
            spacing=2,
            tight=True,
            horizontal_alignment=ft.CrossAxisAlignment.END,
        )
        return cell, _against(points, limit, "penalty points")
    taken = match.damage[name]
    cell = ft.Row([damage_chips(taken, loses_at), ft.Text(str(taken), size=15,
                                                       weight=ft.FontWeight.BOLD)],
                  spacing=6, tight=True)
    return cell, _against(taken, loses_at, "damage")


def _against(count: int, limit: int, unit: str) -> str:
    """ "7 of 12 penalty points"; past the limit, as a person says it: "16 penalty points
    (limit 15)", never "16 of 15"."""
    return f"{count} of {limit} {unit}" if count <= limit else f"{count} {unit} (limit {limit})"


def player_rows(match: ratel.Match) -> ft.Control:
    """One row per player in seating order: hand or escape, this trick's play, damage/penalty."""
    hands, escaped = match.hands, match.escaped
    played = {play["player"]: play for play in match.trick}  # their latest play in this trick
    rows: list[ft.Control] = []
    for name in match.players:
        is_current = name == match.current
        if match.is_over:
            hand = ""  # the hands of a finished match mean nothing any more
        elif name in escaped:
            hand = f"escaped {ordinal(escaped.index(name) + 1)}"
        else:
            hand = plural(hands[name], "card")
        tags, said_tags = [], []  # what the row shows, and how a screen reader says it
        if name == match.leader and not match.is_over:
            tags.append("leads")
        if is_current:
            tags.append("to play")
        elif name in match.passed:
            tags.append("passed")
        said_tags = list(tags)
        if not is_current and name not in match.passed and name in played:
            tags.append(play_text(played[name]))
            said_tags.append("played " + play_text(played[name]))
        score, said = _score_cell(match, name)
        label = f"{name}: " + (f"{hand}, " if hand else "") + said
        label += "".join(f"; {t}" for t in said_tags)
        rows.append(seat_row(label, [
            ft.Text(
                spans=[
                    ft.TextSpan(name, ft.TextStyle(
                        size=16,
                        weight=ft.FontWeight.BOLD if is_current else None)),
                    ft.TextSpan("  " + " · ".join(tags) if tags else "",
                                ft.TextStyle(size=12,
                                             color=ft.Colors.ON_SURFACE_VARIANT)),
                ],
                no_wrap=True,
                overflow=ft.TextOverflow.ELLIPSIS,
                expand=True,
            ),
            ft.Container(
                content=ft.Text(hand, size=15, weight=ft.FontWeight.BOLD,
                                italic=name in escaped),
                width=96,
                alignment=ft.Alignment.CENTER_RIGHT,
            ),
            ft.Container(content=score, width=76,
                         alignment=ft.Alignment.CENTER_RIGHT),
        ], current=is_current, padding=ft.Padding.symmetric(horizontal=10, vertical=7)))
    return ft.Column(rows, spacing=4)


def trick_box(match: ratel.Match) -> ft.Control:
    """The trick so far, oldest play first (the one to beat last), and who has passed since."""
    plays = match.trick
    chips: list[ft.Control] = []
    for i, play in enumerate(plays):
        top = i == len(plays) - 1
        chips.append(
            ft.Container(
                content=ft.Text(f"{play['player']}: {play_text(play)}", size=14,
                                weight=ft.FontWeight.BOLD if top else None,
                                color=ft.Colors.ON_PRIMARY if top else None),
                padding=ft.Padding.symmetric(horizontal=8, vertical=3),
                border_radius=12,
                bgcolor=ft.Colors.PRIMARY if top else ft.Colors.SURFACE_CONTAINER_HIGHEST,
            )
        )
    lines: list[ft.Control] = [
        ft.Text(f"Trick so far ({plural(match.trick_cards, 'card')} on the table)",
                weight=ft.FontWeight.BOLD, size=14),
        ft.Row(chips, wrap=True, spacing=4, run_spacing=4),
    ]
    if match.passed:
        lines.append(ft.Text("Passed since: " + ", ".join(match.passed), size=13,
                             color=ft.Colors.ON_SURFACE_VARIANT))
    return ft.Container(
        bgcolor=ft.Colors.SURFACE_CONTAINER_HIGH,
        border_radius=10,
        padding=ft.Padding.symmetric(horizontal=10, vertical=8),
        content=ft.Column(lines, spacing=4),
    )


def _trick_lines(trick: dict[str, Any]) -> list[str]:
    """The engine's sentence for a finished trick, then its escapes."""
    lines = [trick["text"]]
    if trick["escaped"]:
        verb = "escapes" if len(trick["escaped"]) == 1 else "escape"
        lines.append(f"{names(trick['escaped'])} {verb}!")
    return lines


def announcement(match: ratel.Match) -> ft.Control:
    """What just happened: the trick that ended (and its escapes), or the round that ended."""
    trick, result = match.last_trick, match.last_round
    lines: list[str] = []
    round_end = result is not None and (match.is_over or (
        match.can_record_round and result["round"] == match.round_no - 1))
    if round_end:
        if result["tracked"] and trick is not None and trick["round_over"]:
            lines += _trick_lines(trick)
        lines.append(f"Round {result['round']} is over. {result['text']}")
        if not match.is_over:
            lines.append(f"Round {match.round_no}: everyone has {ratel.HAND} cards again; "
                         f"{match.leader} leads.")
        icon = ft.Icons.FLAG
    elif trick is not None and not match.trick and not match.can_record_round:
        lines += _trick_lines(trick)
        if trick["leader"]:
            lines.append(f"{trick['leader']} leads the next trick.")
        icon = ft.Icons.CHECK_CIRCLE_OUTLINE
    else:
        return ft.Container(height=0)
    colour = ft.Colors.ON_TERTIARY_CONTAINER
    return ft.Container(
        bgcolor=ft.Colors.TERTIARY_CONTAINER,
        border_radius=10,
        padding=12,
        content=ft.Row(
            [ft.Icon(icon, color=colour, size=22),
             ft.Column([ft.Text(line, size=15, color=colour,
                                weight=ft.FontWeight.BOLD if i == 0 else None)
                        for i, line in enumerate(lines)], spacing=2, expand=True)],
            vertical_alignment=ft.CrossAxisAlignment.START,
        ),
    )


def game_end(match: ratel.Match) -> ft.Control:
    """Who lost and who won, large, with everyone's damage or penalty points."""
    winners, losers = match.winners, match.losers
    if match.mode == "penalty":
        title = (f"{winners[0]} wins!" if len(winners) == 1
                 else f"{names(winners)} share the win!")
        detail = f"{names(losers)} {'loses' if len(losers) == 1 else 'lose'}."
    else:
        title = f"{names(losers)} {'loses' if len(losers) == 1 else 'lose'}!"
        detail = f"{names(winners)} {'wins' if len(winners) == 1 else 'win'}."
    return game_over(f"Game over: {title}",
                     [detail, *[f"{name}: {value}" for name, value in match.standings()]])


def play_log(match: ratel.Match) -> ft.Control:
    return action_log(match.history, empty="Nothing played yet.")

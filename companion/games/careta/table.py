"""The points against the target (players or teams), the last game's result, the match winner and
the log of every action with its point changes, newest first: all from the engine's history."""

from __future__ import annotations

from typing import Any

import flet as ft

from companion.describe.words import signed
from companion.games.careta.look import panel, title
from companion.i18n import _, ngettext, say
from companion.widgets.game_over import game_over
from scoring import careta
from scoring.said import listed


def side_text(match: careta.Match, side: str) -> str:
    """A player or team as this device says it (a team left unnamed: "Equipo A")."""
    return say(match.side_name(side))


def changes_text(match: careta.Match, changes: dict[str, int]) -> str:
    """{"Ann": 2, "Ben": -1} as "Ann +2 · Ben −1"."""
    return " · ".join(f"{side_text(match, side)} {signed(n)}" for side, n in changes.items())


def points_table(match: careta.Match) -> ft.Control:
    """One row per player or team, in seating (team) order so nobody jumps about: points, the
    target, and a bar of how close they are."""
    teams = match.teams
    rows: list[ft.Control] = [title(_("Points (first to {target})").format(
        target=say(match.target)), 16)]
    for side, pts in match.points.items():
        who = _("{team} ({players})").format(team=side_text(match, side),
                                             players=say(listed(teams[side]))) \
            if teams else side
        of = _("{points} of {target}").format(points=say(pts), target=say(match.target))
        rows.append(ft.Semantics(
            label=_("{who}: {points}").format(who=who, points=of),
            exclude_semantics=True,
            content=ft.Column(
                [
                    ft.Row([ft.Text(who, size=15, expand=True),
                            ft.Text(of, size=15,
                                    weight=ft.FontWeight.BOLD)]),
                    ft.ProgressBar(value=min(1.0, pts / match.target), bar_height=6,
                                   border_radius=3),
                ],
                spacing=2,
            ),
        ))
    return panel(rows, tone="result")


def last_game(match: careta.Match) -> ft.Control | None:
    """Between games: the latest finished game's entry (the one carrying "winners"), with what
    each side won, until the next game starts; once the match is over, the game that ended it.
    The one place a game's result is said: End game leaves the message line quiet and the log
    starts folded."""
    history = match.history
    if match.phase == "match-over":
        entry = history[-1] if history and "winners" in history[-1] else None
    elif match.phase != "set-needed" and not (match.phase == "direction-needed"
                                              and match.game_no > 1):
        return None  # a game is on, or a new set was dealt
    else:
        entry = next((e for e in reversed(history) if "winners" in e), None)
    if entry is None or match.set_no == 0:
        return None
    lines: list[ft.Control] = [ft.Text(_("Last game"), size=13,
                                       color=ft.Colors.ON_SURFACE_VARIANT),
                               ft.Text(say(entry["said"]), size=15, weight=ft.FontWeight.BOLD)]
    if entry["changes"]:
        lines.append(ft.Text(_("Points: {changes}").format(
            changes=changes_text(match, entry["changes"])), size=14))
    else:
        lines.append(ft.Text(_("No points this game."), size=14))
    return panel(lines, tone="result")


def match_winner(match: careta.Match) -> ft.Control:
    best = max(match.points.values())
    return game_over(winner_headline(match), [ngettext(
        "{n} point, target {target}. Undo to change the last action.",
        "{n} points, target {target}. Undo to change the last action.", best).format(
        n=say(best), target=say(match.target))])


def winner_headline(match: careta.Match) -> str:
    """"Suns wins the match! (Ann, Cleo)", "Ann wins the match!": a team's members as its
    scoreboard lists them."""
    winners, teams = match.winners, match.teams
    if teams:
        side = match.side(winners[0])
        return _("{team} wins the match! ({players})").format(
            team=side_text(match, side), players=say(listed(teams[side], "members")))
    return ngettext("{players} wins the match!", "{players} win the match!",
                    len(winners)).format(players=say(listed(winners)))


def _entry(match: careta.Match, entry: dict[str, Any]) -> ft.Control:
    lines: list[ft.Control] = [ft.Text(say(entry["said"]), size=13)]
    if entry["changes"]:
        lines.append(ft.Text(changes_text(match, entry["changes"]), size=13,
                             weight=ft.FontWeight.BOLD, color=ft.Colors.PRIMARY))
    return ft.Column(lines, spacing=0)


def play_log(match: careta.Match) -> ft.Control:
    """Every action, newest first, unfolded: the log as a watcher reads it (nothing to tap)."""
    return ft.Column([title(_("Log, newest first"), 15),
                      *(_entry(match, e) for e in reversed(match.history))], spacing=6)


@ft.component
def PlayLog(match: careta.Match) -> ft.Control:
    """Every action, newest first, the point changes in bold under their reason: folded until
    asked for, so the last result is said once above and nothing pushes the table down."""
    shown, set_shown = ft.use_state(False)
    count = len(match.history)
    if not count:
        return ft.Text(_("Nothing played yet: start the first set."), size=13)
    if shown:
        words = ngettext("Hide the log ({n} action, newest first)",
                         "Hide the log ({n} actions, newest first)", count)
    else:
        words = ngettext("Show the log ({n} action, newest first)",
                         "Show the log ({n} actions, newest first)", count)
    toggle = ft.TextButton(
        words.format(n=say(count)),
        icon=ft.Icons.EXPAND_LESS if shown else ft.Icons.EXPAND_MORE, height=48,
        on_click=lambda e: set_shown(not shown))
    if not shown:
        return toggle
    return ft.Column([toggle, *(_entry(match, e) for e in reversed(match.history))], spacing=6)

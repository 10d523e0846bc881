"""The score sheet's own Statistics (issue 32): each game a table named ("Hearts", "Uno") is a
card of its own, with each player's matches, wins, average total and best total, the best being
the lowest where the lowest total wins. Its name and rule come from the sheet's variant, the
only settings a match's list entry keeps (`sheet.Match.named_by`)."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime
from typing import Any

import flet as ft

from companion.describe.records import ALL, SummaryLike, in_view, key, percent
from companion.describe.words import figure
from companion.i18n import _, ngettext
from scoring import sheet

MUTED = ft.Colors.ON_SURFACE_VARIANT


@dataclass(frozen=True)
class SheetLine:
    """One player's figures in one named score sheet game."""

    name: str
    played: int
    wins: int
    average: float | None  # of the final totals
    best: int | None  # the highest total, or the lowest where the lowest wins


@dataclass(frozen=True)
class SheetGame:
    """A named score sheet game ("Hearts") and its players, most played first."""

    name: str
    lowest_wins: bool | None  # None: its matches do not say (best is then the highest)
    played: int
    players: tuple[SheetLine, ...]


def sheet_games(summaries: Iterable[SummaryLike], *, period: str = ALL,
                now: datetime | None = None) -> list[SheetGame]:
    """The finished score sheets in view, one entry per named game (names told apart as player
    names are), most played first; each player's matches, wins, average and best total.

    Pass the summaries most recent first: a game and a player are named as last typed."""
    games: dict[str, list] = {}  # key -> [name, lowest, played, {player key: [...]}]
    for s in in_view(summaries, game=sheet.Match.GAME, period=period, now=now):
        named = sheet.Match.named_by(getattr(s, "variant", ""))
        if named is None:
            continue
        name, lowest = named
        entry = games.setdefault(key(name), [name, lowest, 0, {}])
        if entry[1] is None:
            entry[1] = lowest
        entry[2] += 1
        won, scores = set(s.winners), dict(s.scores)
        for player in s.players:
            # [name, played, wins, scored, total, totals seen]
            row = entry[3].setdefault(key(player), [player, 0, 0, 0, 0, []])
            row[1] += 1
            row[2] += player in won
            score = scores.get(player)
            if score is not None:
                row[3] += 1
                row[4] += score
                row[5].append(score)
    found = []
    for name, lowest, played, rows in games.values():
        pick = min if lowest else max
        lines = sorted((SheetLine(r[0], r[1], r[2], r[4] / r[3] if r[3] else None,
                                  pick(r[5]) if r[5] else None) for r in rows.values()),
                       key=lambda line: (-line.played, -line.wins, key(line.name)))
        found.append(SheetGame(name, lowest, played, tuple(lines)))
    found.sort(key=lambda g: (-g.played, key(g.name)))
    return found


def _won(wins: int, played: int) -> str:
    """"2 played · 1 won · 50%", as the Statistics' player cards say it."""
    played_text = ngettext("{n} played", "{n} played", played).format(n=figure(played))
    won_text = ngettext("{n} won", "{n} won", wins).format(n=figure(wins))
    return _("{played} · {won} · {rate}").format(
        played=played_text, won=won_text, rate=percent(wins / played if played else 0))


def _one_decimal(x: float) -> str:
    return figure(round(x, 1) + 0.0)  # + 0.0: no "−0"


def _sheet_card(game: SheetGame) -> ft.Control:
    """A named score sheet game: how it is won, then each player's wins, average and best."""
    lines: list[ft.Control] = [ft.Text(game.name, size=17, weight=ft.FontWeight.BOLD)]
    if game.lowest_wins is not None:
        lines.append(ft.Text(_("The lowest total wins") if game.lowest_wins
                             else _("The highest total wins"), size=13, color=MUTED))
    for line in game.players:
        won = _won(line.wins, line.played)
        figures = won if line.average is None else _(
            "{figures} · average {average} · best {best}").format(
                figures=won, average=_one_decimal(line.average), best=figure(line.best))
        lines.append(ft.Text(spans=[
            ft.TextSpan(_("{player}: ").format(player=line.name),
                        style=ft.TextStyle(weight=ft.FontWeight.W_600)),
            ft.TextSpan(figures)], size=14))
    return ft.Card(content=ft.Container(ft.Column(lines, spacing=3), padding=12), margin=0,
                   key=f"sheet-game {game.name}")


def sheet_stats_section(summaries: list[Any], period: str) -> list[ft.Control]:
    """Statistics' section of the named score sheet games in view (none: no section)."""
    named = sheet_games(summaries, period=period)
    if not named:
        return []
    return [ft.Text(_("Score sheet games"), size=20, weight=ft.FontWeight.BOLD),
            *(_sheet_card(g) for g in named)]

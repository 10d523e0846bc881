"""Statistics: every player's matches, wins, win rate and average score, and head to head.

The figures come from the store's summaries (companion/stats.py): one pass over the list, about
23 ms for 10,000 matches (bench/stats.py), so they are worked out as the screen renders. Only
finished matches count; the game and period chips filter them.
"""

from __future__ import annotations

from typing import Any

import flet as ft

from companion.describe.ratings import Rating, ratings
from companion.describe.records import (
    ALL,
    PERIODS,
    HeadToHead,
    LengthLine,
    PlayerStats,
    average_text,
    head_to_head,
    in_view,
    lengths,
    percent,
    period_name,
    player_stats,
    score_kind,
)
from companion.describe.when import lasted
from companion.describe.words import figure
from companion.games import GAME_UIS
from companion.i18n import _, ngettext, pgettext, say
from companion.session.context import use_services
from companion.session.shapes import offered
from companion.widgets.bar_title import bar_title

MUTED = ft.Colors.ON_SURFACE_VARIANT


def _chips(options: dict[str, str], chosen: str, choose: Any) -> ft.Control:
    return ft.Row(
        [
            ft.Chip(
                label=ft.Text(text),
                selected=key == chosen,
                show_checkmark=False,
                height=48,  # a thumb's least target (issue 31)
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
    return say(ui.title) if ui else game


def _won(wins: int, played: int) -> str:
    # Each count agrees with its own number ("1 played", "2 played"): matches, in the translation.
    played_text = ngettext("{n} played", "{n} played", played).format(n=figure(played))
    won_text = ngettext("{n} won", "{n} won", wins).format(n=figure(wins))
    return _("{played} · {won} · {rate}").format(
        played=played_text, won=won_text, rate=percent(wins / played if played else 0))


def _period_in_sentence(period: str) -> str:
    """A period inside the count's sentence: "last 7 days" (lower case where the language
    writes it so; a word of its own for the translator)."""
    if period == "7d":
        return _("last 7 days")
    if period == "30d":
        return _("last 30 days")
    if period == "year":
        return _("this year")
    return _("all time")


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
            average = (_("average {average}, lower is better") if lower
                       else _("average {average}")).format(average=average)
        if one_game:
            if average:
                said = (_("Average {average}, lower is better") if lower
                        else _("Average {average}")).format(average=average_text(line))
                lines.append(ft.Text(said, size=14, color=MUTED))
            continue
        won = _won(line.wins, line.played)
        figures = (_("{figures} · {average}").format(figures=won, average=average) if average
                   else won)
        lines.append(
            ft.Text(
                spans=[
                    ft.TextSpan(_("{game}: ").format(game=_title(line.game)),
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


def _one_decimal(x: float) -> str:
    return figure(round(x, 1) + 0.0)  # + 0.0: no "−0"


def _trend_text(rating: Rating) -> str:
    n = rating.trend_of
    change = round(rating.trend, 1)
    if change > 0:
        text = ngettext("▲ {change} over the last match", "▲ {change} over the last {n} matches",
                        n)
    elif change < 0:
        text = ngettext("▼ {change} over the last match", "▼ {change} over the last {n} matches",
                        n)
    else:
        text = ngettext("steady over the last match", "steady over the last {n} matches", n)
    return text.format(change=_one_decimal(abs(change)), n=figure(n))


def _rating_row(place: int, rating: Rating) -> ft.Control:
    rated = ngettext("{n} rated match", "{n} rated matches", rating.played).format(
        n=figure(rating.played))
    skill = _("Skill {mu} ± {sigma}").format(mu=_one_decimal(rating.mu),
                                              sigma=_one_decimal(rating.sigma))
    return ft.Row(
        [
            ft.Text(_("{place}.").format(place=figure(place)), size=16, width=44),
            ft.Column(
                [
                    ft.Text(rating.name, size=16, weight=ft.FontWeight.BOLD),
                    ft.Text(_("{skill} · {rated}").format(skill=skill, rated=rated), size=13,
                            color=MUTED),
                    ft.Text(_trend_text(rating), size=13, color=MUTED),
                ],
                spacing=1,
                expand=True,
            ),
            ft.Text(_one_decimal(rating.ordinal), size=20, weight=ft.FontWeight.BOLD),
        ],
        vertical_alignment=ft.CrossAxisAlignment.START,
    )


def _heading(text: str) -> ft.Text:
    """A section's heading (Ratings, Match length, Head to head, Players)."""
    return ft.Text(text, size=20, weight=ft.FontWeight.BOLD)


def _ratings_section(boards: dict[str, list[Rating]], game: str | None) -> list[ft.Control]:
    """A leaderboard per game (the chosen one only when a game is chosen)."""
    shown = {g: board for g, board in boards.items() if game is None or g == game}
    if not shown:
        return []
    controls: list[ft.Control] = [
        _heading(_("Ratings")),
        ft.Text(_("From every finished match of the game in the order played, whatever the "
                  "period. The figure on the right ranks: the skill less three times its "
                  "uncertainty, so a player with few matches starts low."), size=13,
                color=MUTED),
    ]
    for g, board in shown.items():
        rows: list[ft.Control] = [ft.Text(_title(g), size=17, weight=ft.FontWeight.W_600)]
        rows.extend(_rating_row(i, r) for i, r in enumerate(board, start=1))
        controls.append(ft.Card(content=ft.Container(ft.Column(rows, spacing=8), padding=12),
                                margin=0))
    return controls


def _lengths_section(lines: list[LengthLine]) -> list[ft.Control]:
    """How long a match lasts on average, per game and player count."""
    if not lines:
        return []
    controls: list[ft.Control] = [
        _heading(_("Match length")),
        ft.Text(_("The average time played, from a match's first action to its last, less its "
                  "pauses. Matches stored without the times of their actions (imported ones) "
                  "are left out."), size=13, color=MUTED),
    ]
    games: dict[str, list[LengthLine]] = {}
    for line in lines:
        games.setdefault(line.game, []).append(line)
    for g, rows in games.items():
        texts: list[ft.Control] = [ft.Text(_title(g), size=17, weight=ft.FontWeight.W_600)]
        for line in rows:
            players = ngettext("{n} player", "{n} players", line.players).format(
                n=figure(line.players))
            texts.append(ft.Text(ngettext(
                "{players}: {length} on average ({n} match)",
                "{players}: {length} on average ({n} matches)", line.timed).format(
                    players=players, length=lasted(line.average), n=figure(line.timed)),
                size=15))
        controls.append(ft.Card(content=ft.Container(ft.Column(texts, spacing=4), padding=12),
                                margin=0))
    return controls


def _head_to_head_text(h: HeadToHead) -> list[ft.Control]:
    if not h.together:
        return [ft.Text(_("{a} and {b} have no finished match together here.").format(
            a=h.a, b=h.b))]
    rows = [
        ft.Text(ngettext("{n} match together", "{n} matches together", h.together).format(
            n=figure(h.together)), size=16, weight=ft.FontWeight.BOLD),
        ft.Text(_("{a} won {wins_a} · {b} won {wins_b}").format(
            a=h.a, wins_a=figure(h.wins_a), b=h.b, wins_b=figure(h.wins_b)), size=16),
    ]
    # One whole sentence for each case: the shared wins, the others', or both.
    shared, neither = figure(h.shared), figure(h.neither)
    more = ""
    if h.shared and h.neither:
        more = _("{shared} won together (a shared win or the same team); {neither} won by "
                 "someone else.")
    elif h.shared:
        more = _("{shared} won together (a shared win or the same team).")
    elif h.neither:
        more = _("{neither} won by someone else.")
    if more:
        rows.append(ft.Text(more.format(shared=shared, neither=neither), size=14,
                            color=MUTED))
    return rows


def _picker(label: str, value: str, names: list[str], choose: Any) -> ft.Control:
    # A Dropdown alone reaches screen readers (and the browser tests) unnamed.
    return ft.Semantics(
        label=_("{label}: {value}").format(label=label, value=value),
        button=True,
        exclude_semantics=True,
        expand=True,
        content=ft.Dropdown(
            label=label,
            value=value,
            options=[ft.DropdownOption(key=n, text=n) for n in names],
            on_select=lambda e: (chosen := offered(e.control.value, names)) and choose(chosen),
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

    games = {ALL: _("All games"), **{g: say(ui.title) for g, ui in GAME_UIS.items()}}
    periods = {p: period_name(p) for p in PERIODS}
    if game == ALL:
        counted = ngettext("{n} finished match (all games, {period}). Matches still in play "
                           "do not count.",
                           "{n} finished matches (all games, {period}). Matches still in play "
                           "do not count.", matches)
    else:
        counted = ngettext("{n} finished match ({game}, {period}). Matches still in play do "
                           "not count.",
                           "{n} finished matches ({game}, {period}). Matches still in play do "
                           "not count.", matches)
    controls: list[ft.Control] = [
        ft.Text(_("Game"), size=14, color=MUTED),
        _chips(games, game, set_game),
        ft.Text(_("Period"), size=14, color=MUTED),
        _chips(periods, period, set_period),
        ft.Text(counted.format(n=figure(matches), game=games.get(game, game),
                               period=_period_in_sentence(period)), size=14),
    ]
    if not players:
        controls.append(ft.Text(_("No finished matches here yet."), size=16))
    elif len(names) > 1:
        controls.append(_heading(_("Head to head")))
        a = pair[0] if pair[0] in names else names[0]
        b = pair[1] if pair[1] in names and pair[1] != a else next(n for n in names if n != a)
        controls.append(
            ft.Row(
                [
                    # Not the game's "starting player": the first of the two compared.
                    _picker(pgettext("head-to-head", "First player"), a, names,
                            lambda v: set_pair((v, b))),
                    _picker(pgettext("head-to-head", "Second player"), b, names,
                            lambda v: set_pair((a, v))),
                ],
                spacing=8,
            )
        )
        h = head_to_head(summaries, a, b, game=chosen_game, period=period)
        controls.extend(_head_to_head_text(h))

    controls.extend(_ratings_section(ratings(summaries), chosen_game))
    controls.extend(_lengths_section(lengths(summaries, game=chosen_game, period=period)))

    if players:
        controls.append(_heading(_("Players")))
        controls.extend(_player_card(p, chosen_game is not None) for p in players)
        shown = {line.game for p in players for line in p.games}
        for g in sorted(shown):
            ui = GAME_UIS.get(g)
            if ui is not None and ui.stats_note and score_kind(g) is not None:
                controls.append(ft.Text(_("{game}: {note}").format(
                    game=_title(g), note=_(ui.stats_note)), size=13, color=MUTED))

    for g, ui in GAME_UIS.items():  # a game's figures of its own (the score sheet's games)
        if ui.stats_section is not None and game in (ALL, g):
            controls.extend(ui.stats_section(summaries, period))

    return ft.View(
        route="/stats",
        appbar=ft.AppBar(title=bar_title(_("Statistics"))),
        scroll=ft.ScrollMode.AUTO,
        padding=12,
        controls=[
            ft.Column(controls, spacing=10, horizontal_alignment=ft.CrossAxisAlignment.STRETCH)
        ],
    )

"""What the Ratel screen shows of the table: the round header, each player's hand, escape and
damage or penalty points, the trick so far, what the last trick or round did, and the log.

Every figure and sentence comes from the engine (scoring/ratel.py); nothing here decides a rule.
The screen's own words go through companion.i18n (`_`, `ngettext`), the engine's through `say`.
"""

from __future__ import annotations

from typing import Any

import flet as ft

from companion import i18n
from companion.i18n import _, ngettext, pgettext, say
from companion.widgets.action_log import action_log
from companion.widgets.game_over import game_over
from companion.widgets.grows import at_least
from companion.widgets.seat_row import seat_row
from companion.widgets.slots import slots
from scoring import ratel
from scoring.said import listed

DAMAGE = "#C62828"  # a damage chip taken: red, with a dark rim; an empty slot is an outline
DAMAGE_RIM = "#7F0000"


def escaped_place(place: int) -> str:
    """ "escaped 1st" for the first to escape, and so on: one whole phrase per place (five
    players at most escape before the last holder), so each language says its own ordinal."""
    phrases = (_("escaped 1st"), _("escaped 2nd"), _("escaped 3rd"), _("escaped 4th"),
               _("escaped 5th"), _("escaped 6th"))
    return phrases[min(place, len(phrases)) - 1]


def play_text(play: dict[str, Any]) -> str:
    """A play as the table says it: "2 x −3"."""
    return say(ratel.play_said(play["count"], play["value"]))


def names(players: list[str]) -> str:
    """Players listed as the table's language lists them: "Ann, Ben and Cleo"."""
    return say(listed(players))


def mode_line(match: ratel.Match) -> str:
    if match.mode == "penalty":
        return _("Penalty points: the game ends when anyone reaches {limit}").format(
            limit=match.penalty_limit)
    if match.mode == "short":
        return _("Short game: 1 damage loses")
    return _("Standard game: 2 damage loses")


def header(match: ratel.Match) -> ft.Control:
    """Round number, who leads (or that the game is over), the kind of game and the escapes."""
    if match.is_over:
        where = _("Round {round} · game over").format(round=match.round_no)
    else:
        where = _("Round {round} · {player} leads").format(round=match.round_no,
                                                           player=match.leader)
    lines: list[ft.Control] = [
        ft.Text(where, size=18, weight=ft.FontWeight.BOLD),
        ft.Text(mode_line(match), size=13, color=ft.Colors.ON_SURFACE_VARIANT),
    ]
    if match.escaped and not match.is_over:
        lines.append(ft.Text(_("Escaped: {players}").format(players=names(match.escaped)),
                             size=14))
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
        return cell, _against(points, limit, penalty=True)
    taken = match.damage[name]
    cell = ft.Row([damage_chips(taken, loses_at), ft.Text(str(taken), size=15,
                                                       weight=ft.FontWeight.BOLD)],
                  spacing=6, tight=True)
    return cell, _against(taken, loses_at, penalty=False)


def _against(count: int, limit: int, *, penalty: bool) -> str:
    """ "7 of 12 penalty points"; past the limit, as a person says it: "16 penalty points
    (limit 15)", never "16 of 15"."""
    if count > limit:
        if penalty:
            text = ngettext("{count} penalty point (limit {limit})",
                            "{count} penalty points (limit {limit})", count)
        else:
            text = ngettext("{count} damage (limit {limit})", "{count} damage (limit {limit})",
                            count)
    elif penalty:
        text = ngettext("{count} of {limit} penalty point", "{count} of {limit} penalty points",
                        limit)
    else:
        text = ngettext("{count} of {limit} damage", "{count} of {limit} damage", limit)
    return text.format(count=count, limit=limit)


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
            hand = escaped_place(escaped.index(name) + 1)
        else:
            hand = ngettext("{n} card", "{n} cards", hands[name]).format(n=hands[name])
        tags, said_tags = [], []  # what the row shows, and how a screen reader says it
        if name == match.leader and not match.is_over:
            tags.append(pgettext("ratel trick", "leads"))
        if is_current:
            tags.append(_("to play"))
        elif name in match.passed:
            tags.append(_("passed"))
        said_tags = list(tags)
        if not is_current and name not in match.passed and name in played:
            tags.append(play_text(played[name]))
            said_tags.append(_("played {play}").format(play=play_text(played[name])))
        score, said = _score_cell(match, name)
        if hand:
            label = _("{player}: {hand}, {score}").format(player=name, hand=hand, score=said)
        else:
            label = _("{player}: {score}").format(player=name, score=said)
        for tag in said_tags:
            label = _("{label}; {tag}").format(label=label, tag=tag)
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
                expand=True,  # wraps in large text, never cut ("Ann (le…")
            ),
            # Each figure's column as wide as before, wider where large text needs it
            ft.Container(
                content=at_least(96, ft.Text(hand, size=15, weight=ft.FontWeight.BOLD,
                                             italic=name in escaped, no_wrap=True)),
                alignment=ft.Alignment.CENTER_RIGHT,
            ),
            ft.Container(content=at_least(76, score), alignment=ft.Alignment.CENTER_RIGHT),
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
                content=ft.Text(_("{player}: {play}").format(player=play["player"],
                                                             play=play_text(play)), size=14,
                                weight=ft.FontWeight.BOLD if top else None,
                                color=ft.Colors.ON_PRIMARY if top else None),
                padding=ft.Padding.symmetric(horizontal=8, vertical=3),
                border_radius=12,
                bgcolor=ft.Colors.PRIMARY if top else ft.Colors.SURFACE_CONTAINER_HIGHEST,
            )
        )
    lines: list[ft.Control] = [
        ft.Text(ngettext("Trick so far ({n} card on the table)",
                         "Trick so far ({n} cards on the table)", match.trick_cards).format(
                    n=match.trick_cards), weight=ft.FontWeight.BOLD, size=14),
        ft.Row(chips, wrap=True, spacing=4, run_spacing=4),
    ]
    if match.passed:
        lines.append(ft.Text(_("Passed since: {players}").format(players=names(match.passed)),
                             size=13, color=ft.Colors.ON_SURFACE_VARIANT))
    return ft.Container(
        bgcolor=ft.Colors.SURFACE_CONTAINER_HIGH,
        border_radius=10,
        padding=ft.Padding.symmetric(horizontal=10, vertical=8),
        content=ft.Column(lines, spacing=4),
    )


def _trick_lines(trick: dict[str, Any]) -> list[str]:
    """The engine's sentence for a finished trick, then its escapes."""
    lines = [say(trick["said"])]
    if trick["escaped"]:
        lines.append(ngettext("{players} escapes!", "{players} escape!",
                              len(trick["escaped"])).format(players=names(trick["escaped"])))
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
        lines.append(_("Round {round} is over. {result}").format(round=result["round"],
                                                                 result=say(result["said"])))
        if not match.is_over:
            lines.append(ngettext("Round {round}: everyone has {n} card again; {player} leads.",
                                  "Round {round}: everyone has {n} cards again; {player} leads.",
                                  ratel.HAND).format(round=match.round_no, n=ratel.HAND,
                                                     player=match.leader))
        icon = ft.Icons.FLAG
    elif trick is not None and not match.trick and not match.can_record_round:
        lines += _trick_lines(trick)
        if trick["leader"]:
            lines.append(_("{player} leads the next trick.").format(player=trick["leader"]))
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
        if len(winners) == 1:
            title = _("Game over: {player} wins!").format(player=winners[0])
        else:
            title = _("Game over: {players} share the win!").format(players=names(winners))
        detail = ngettext("{players} loses.", "{players} lose.", len(losers))
        detail = detail.format(players=names(losers))
    else:
        title = ngettext("Game over: {players} loses!", "Game over: {players} lose!",
                         len(losers)).format(players=names(losers))
        detail = ngettext("{players} wins.", "{players} win.", len(winners))
        detail = detail.format(players=names(winners))
    language = i18n.words()  # the module's, looked up at each call like `_`'s
    return game_over(title, [detail, *[_("{player}: {figure}").format(
        player=row.name, figure=row.text_in(language)) for row in match.standing_figures()]],
        won=match.mode == "penalty")  # the damage game's headline is its loser


def play_log(match: ratel.Match) -> ft.Control:
    return action_log(match.history, empty=_("Nothing played yet."))

"""Careta as a watcher reads it: the set and game, who is to play or decide an ally, what ending
the game now would give, the seats with what each stated and showed, the points and the log.
Nothing to tap: no number pad, no PASS, no doubt, Cause, ally or unmasking controls, and no hint
addressed to the scorekeeper. Every sentence is made from the engine's data (scoring/careta/).
"""

from __future__ import annotations

import flet as ft

from companion.games.careta.end import projection
from companion.games.careta.look import cards_row, note, panel, stated_text, title
from companion.games.careta.seats import seat_line, turn_order
from companion.games.careta.table import last_game, play_log, points_table, winner_headline
from companion.i18n import _, ngettext, say
from companion.session.follow_up import FollowUp
from companion.widgets.game_over import game_over
from scoring import careta


def started(match: careta.Match) -> str:
    """"Ann started: UP, highest stated score wins."""
    if match.direction == careta.UP:
        words = _("{player} started: {direction}, highest stated score wins.")
    else:
        words = _("{player} started: {direction}, lowest stated score wins.")
    return words.format(player=match.starter,
                        direction=say(careta.DIRECTION_WORDS[match.direction or careta.UP]))


def where(match: careta.Match) -> str:
    """The set, the game and the Deck Master (or the target before the first set)."""
    if match.phase == "match-over":
        words = _("Match over in set {set} · Deck Master: {dealer}")
    elif match.set_no == 0:
        words = _("Deck Master: {dealer} · first to {target}")
    else:
        words = _("Set {set} · Game {game} of {games} · Deck Master: {dealer}")
    return words.format(set=say(match.set_no), game=say(match.game_no),
                        games=say(careta.GAMES_PER_SET), dealer=match.deck_master,
                        target=say(match.target))


def now(match: careta.Match) -> list[str]:
    """What the table is doing, said to someone watching it (the engine's phase, in words)."""
    phase = match.phase
    if phase == "set-needed":
        return [_("Set {set} is next: {dealer} deals.").format(
            set=say(match.set_no + 1), dealer=match.next_deck_master)]
    if phase == "direction-needed":
        return [_("{player} starts game {game}: UP or DOWN, still to be said.").format(
            player=match.starter, game=say(match.game_no))]
    if phase == "match-over":
        return []
    lines = [started(match)]
    if match.latest_play:
        s = match.player_state(match.latest_play)
        lines.append(_("{player}'s {stated} can be doubted until the next play.").format(
            player=match.latest_play, stated=stated_text(s.stated)))
    if phase == "card-round":
        lines.append(_("{player} to play a card.").format(player=match.current))
        return lines
    lines.append(_("Allies: {player} decides next.").format(player=match.ally_next)
                 if match.ally_next else _("Allies: nobody else is left to decide."))
    lines.append(_("Ending the game now: {result}").format(result=projection(match)))
    return lines


def winner(match: careta.Match) -> ft.Control:
    """Who won the match and with how many points (the keeper's panel also offers Undo)."""
    best = max(match.points.values())
    return game_over(winner_headline(match), [ngettext(
        "{n} point, target {target}.", "{n} points, target {target}.", best).format(
        n=say(best), target=say(match.target))])


def seats(match: careta.Match) -> ft.Control:
    """One row per player in turn order, the one to act outlined; no Cause button."""
    active = match.current if match.phase == "card-round" else match.ally_next
    rows: list[ft.Control] = []
    for p in turn_order(match):
        s = match.player_state(p)
        on = p == active
        lines: list[ft.Control] = [ft.Text(seat_line(match, p), size=15,
                                           weight=ft.FontWeight.BOLD if on else None,
                                           color=ft.Colors.ERROR if s.eliminated else None)]
        team = match.team_of(p)
        tags = [t for t in (say(match.side_name(team)) if team else None,
                            say(careta.DECK_MASTER_WORD) if p == match.deck_master
                            and match.phase != "match-over" else None) if t]
        if tags:
            lines.append(note(" · ".join(tags)))
        if s.shown:
            lines.append(cards_row(s.shown, size=24))
        rows.append(ft.Container(
            padding=ft.Padding.symmetric(horizontal=10, vertical=6), border_radius=8,
            bgcolor=ft.Colors.PRIMARY_CONTAINER if on else None,
            border=ft.Border.all(2, ft.Colors.PRIMARY) if on
            else ft.Border.all(1, ft.Colors.OUTLINE_VARIANT),
            content=ft.Column(lines, spacing=2)))
    return ft.Column(rows, spacing=4, key="seats",
                     horizontal_alignment=ft.CrossAxisAlignment.STRETCH)


@ft.component
def CaretaWatch(match: careta.Match, follow_up: FollowUp) -> ft.Control:
    parts: list[ft.Control] = []
    if match.phase == "match-over":
        parts.append(winner(match))
    parts.append(panel([title(where(match)), *[ft.Text(line, size=15) for line in now(match)]]))
    result = last_game(match)
    if result is not None:
        parts.append(result)
    if match.phase != "match-over":
        parts.append(seats(match))
    parts.append(points_table(match))
    parts.append(play_log(match) if match.history
                 else ft.Text(_("Nothing played yet."), size=13))
    return ft.Column(parts, spacing=10, horizontal_alignment=ft.CrossAxisAlignment.STRETCH)

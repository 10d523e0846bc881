"""What the Carrera RS screen shows of the table: the trick header, each player's chips and
tokens, the last trick's result and the log. Every figure comes from the engine."""

from __future__ import annotations

from typing import Any

import flet as ft

from companion.describe.words import names, plural
from companion.widgets.action_log import action_log
from companion.widgets.game_over import game_over
from companion.widgets.seat_row import seat_row
from companion.widgets.slots import slots
from scoring import carrera

CHIP = "#F9A825"  # fuel chips: amber, with a dark rim so an empty slot still reads as a slot
CHIP_RIM = "#8D6E00"
TIE_RULE = {
    "ask": "the scorekeeper picks the winner",
    "first": "the card played earliest wins",
    "last": "the card played last wins",
}


def speed_sum(card: str, rank: int, fuel: int, momentum: int) -> str:
    """How a face-up card's speed adds up, e.g. "0 (5 zeroed by the 1) + 2 fuel + 1 momentum",
    from the rank the engine counts for it (`carrera.counted_rank`, M3)."""
    parts = [str(rank) if rank == carrera.RANKS[card] else f"{rank} ({card} zeroed by the 1)"]
    if fuel:
        parts.append(f"{fuel} fuel")
    if momentum:
        parts.append(f"{momentum} momentum")
    return " + ".join(parts)


def chips(held: int, size: int = 13) -> ft.Control:
    """A supply drawn as its 5 slots, the held chips filled."""
    return slots(held, carrera.CAPACITY, fill=CHIP, rim=CHIP_RIM, size=size)


def _token(icon: ft.IconData, count: int, colour: str) -> ft.Control:
    return ft.Row([ft.Icon(icon, size=18, color=colour if count else ft.Colors.OUTLINE),
                   ft.Text(str(count), size=15, weight=ft.FontWeight.BOLD)],
                  spacing=0, tight=True, width=38)


def header(match: carrera.Match) -> ft.Control:
    """Round, trick, lead, market and discarded, in two lines."""
    trick = f"Round {match.round_no} · trick {match.trick_no} of {carrera.TRICKS_PER_ROUND}"
    where = f"{trick} · game over" if match.is_over else f"{trick} · {match.lead} leads"
    pool = (f"Market: {plural(match.market, 'chip')} · Discarded: "
            f"{plural(match.discarded, 'chip')} · Ties: {TIE_RULE[match.ties]}")
    return ft.Column(
        [ft.Text(where, size=17, weight=ft.FontWeight.BOLD),
         ft.Text(pool, size=13, color=ft.Colors.ON_SURFACE_VARIANT)],
        spacing=2,
    )


def _play_cell(play: dict[str, Any] | None, is_current: bool) -> ft.Control:
    """This trick's card in a player's row: "4A +2" over "speed 5" (fonts may lack arrows)."""
    if play is None:
        return ft.Text("to play" if is_current else "", size=14, weight=ft.FontWeight.BOLD)
    if play["card"] == carrera.FACE_DOWN:
        return ft.Text("face down", size=14, weight=ft.FontWeight.BOLD)
    fuel = f" +{play['fuel']}" if play["fuel"] else ""
    return ft.Column(
        [ft.Text(f"{play['card']}{fuel}", size=15, weight=ft.FontWeight.BOLD),
         ft.Text(f"speed {play['speed']}", size=12)],
        spacing=0, tight=True, horizontal_alignment=ft.CrossAxisAlignment.END,
    )


def _play_label(play: dict[str, Any] | None) -> str:
    if play is None:
        return ""
    if play["card"] == carrera.FACE_DOWN:
        return "; played face down"
    return f"; played {play['card']} with {play['fuel']} fuel, speed {play['speed']}"


def player_rows(match: carrera.Match) -> ft.Control:
    """One row per player in seating order: fuel chips, momentum, trophies, this trick's card."""
    plays = {play["player"]: play for play in match.trick}
    fuel, momentum, trophies = match.fuel, match.momentum, match.trophies
    rows: list[ft.Control] = []
    for name in match.players:
        is_current = name == match.current
        play = plays.get(name)
        label = (f"{name}: {fuel[name]} fuel, {momentum[name]} momentum, "
                 f"{plural(trophies[name], 'trophy', 'trophies')}{_play_label(play)}")
        rows.append(seat_row(label, [
            ft.Text(name + (" (lead)" if name == match.lead and not match.is_over
                            else ""),
                    size=15, expand=True, no_wrap=True,
                    overflow=ft.TextOverflow.ELLIPSIS,
                    weight=ft.FontWeight.BOLD if is_current else None),
            chips(fuel[name]),
            _token(ft.Icons.BOLT, momentum[name], ft.Colors.BLUE),
            _token(ft.Icons.EMOJI_EVENTS, trophies[name], ft.Colors.AMBER_800),
            ft.Container(
                content=_play_cell(play, is_current),
                width=72,
                alignment=ft.Alignment.CENTER_RIGHT,
            ),
        ], current=is_current))
    grey = ft.Colors.ON_SURFACE_VARIANT
    legend = ft.Row(
        [chips(1, size=10), ft.Text("fuel (5 at most)", size=12, color=grey),
         ft.Icon(ft.Icons.BOLT, size=14, color=grey), ft.Text("momentum", size=12, color=grey),
         ft.Icon(ft.Icons.EMOJI_EVENTS, size=14, color=grey),
         ft.Text("trophies", size=12, color=grey)],
        spacing=4, wrap=True,
    )
    return ft.Column([*rows, legend], spacing=4)


def _line(text: str, *, bold: bool = False, size: int = 14,
          icon: ft.IconData | None = None) -> ft.Control:
    line = ft.Text(text, size=size, weight=ft.FontWeight.BOLD if bold else None)
    if icon is None:
        return line
    return ft.Row([ft.Icon(icon, size=size + 4), ft.Container(line, expand=True)], spacing=4,
                  vertical_alignment=ft.CrossAxisAlignment.START)


def trick_result(match: carrera.Match) -> ft.Control:
    """The last finished trick: the winner, every speed, and where the chips went (M5-M8)."""
    result = match.last_trick
    if result is None:
        return ft.Container(height=0)
    winner = result["winner"]
    title = f"Round {result['round']}, trick {result['trick']}: "
    title += f"{winner} wins" if winner else "nobody wins (every card face down)"
    lines: list[ft.Control] = [_line(title, bold=True, size=16)]
    if result["tied"]:
        speed = result["speeds"][winner]
        lines.append(_line(f"Tie at speed {speed} between {names(result['tied'])}: "
                           f"{TIE_RULE[match.ties]}."))
    for play in result["plays"]:
        name = play["player"]
        rank = carrera.counted_rank(play["card"], result["plays"])
        if rank is None:
            what = f"{name} played face down"
        else:
            what = (f"{name} played {play['card']}: "
                    f"{speed_sum(play['card'], rank, play['fuel'], play['momentum'])}"
                    f" = speed {play['speed']}")
            if play["from_market"]:
                what += " (took a market chip)"
        lines.append(_line(what, bold=name == winner,
                           icon=ft.Icons.FLAG if name == winner else ft.Icons.CHEVRON_RIGHT))
    moved = result["to_market"]
    where = [f"{plural(moved, 'chip')} of fuel to the market" if moved
             else "no fuel to the market"]
    for name, kept in result["refills"].items():
        text = f"{name}, face down, refills {plural(kept, 'chip')}"
        over = result["over_capacity"][name]
        if over:
            text += f" ({over} over capacity discarded)"
        where.append(text)
    if result["remainder"]:
        where.append(f"{plural(result['remainder'], 'chip')} left over from the split discarded")
    if sum(result["refills"].values()) + result["discarded"]:
        where.append("the market is empty again")
    lines.append(_line("Chips: " + "; ".join(where) + "."))
    if result["round_ended"]:
        trophy = result["trophy"]
        if trophy is None:
            text = "Nobody won the 6th trick: no trophy."
        elif result["game_over"]:
            text = f"{trophy} takes a second trophy and wins the game!"
        else:
            text = f"{trophy} takes a trophy."
        if not result["game_over"]:
            text += (f" Round {match.round_no} begins: momentum goes back, the cards are redealt, "
                     f"{match.lead} leads.")
        lines.append(_line(text, bold=True, size=15, icon=ft.Icons.EMOJI_EVENTS))
    return ft.Container(
        bgcolor=ft.Colors.SURFACE_CONTAINER_HIGH,
        border_radius=10,
        padding=12,
        content=ft.Column(lines, spacing=3),
    )


def game_end(match: carrera.Match) -> ft.Control:
    """The winner, large, and everyone's trophies."""
    winner = match.winners[0]
    trophies = match.trophies
    order = sorted(match.players, key=lambda p: -trophies[p])
    return game_over(f"{winner} wins the game!", [
        f"{winner} took a second trophy in round {match.round_no}.",
        *[f"{name}: {plural(trophies[name], 'trophy', 'trophies')}" for name in order],
    ])


def play_log(match: carrera.Match) -> ft.Control:
    return action_log(match.history, empty="No card played yet.")

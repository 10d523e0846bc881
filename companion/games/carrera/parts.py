"""What the Carrera RS screen shows of the table: the trick header, each player's chips and
tokens, the last trick's result and the log. Every figure comes from the engine; every word goes
through companion.i18n (`_`, `ngettext`, `say`), in whole sentences a translator can reorder."""

from __future__ import annotations

from typing import Any

import flet as ft

from companion.i18n import _, ngettext, say
from companion.widgets.action_log import action_log
from companion.widgets.game_over import game_over
from companion.widgets.seat_row import seat_row
from companion.widgets.slots import slots
from scoring import carrera
from scoring.said import listed

CHIP = "#F9A825"  # fuel chips: amber, with a dark rim so an empty slot still reads as a slot
CHIP_RIM = "#8D6E00"
LOG_LINES = 60  # the latest log entries shown


def tie_rule(ties: str) -> str:
    """How this match settles equal top speeds (M5), as a clause."""
    if ties == "first":
        return _("the card played earliest wins")
    if ties == "last":
        return _("the card played last wins")
    return _("the scorekeeper picks the winner")


def names(players: list[str]) -> str:
    """Players as the table's language lists them ("Ann, Ben and Cleo")."""
    return say(listed(players))


def then(first: str, second: str) -> str:
    """Two sentences in a row, as the table's language writes them."""
    # Translators: two whole sentences in a row (a language may join them without a space).
    return _("{first} {then}").format(first=first, then=second)


def speed_sum(card: str, rank: int, fuel: int, momentum: int) -> str:
    """How a face-up card's speed adds up, e.g. "0 (5 zeroed by the 1) + 2 fuel + 1 momentum",
    from the rank the engine counts for it (`carrera.counted_rank`, M3)."""
    first = (str(rank) if rank == carrera.RANKS[card]
             else _("{rank} ({card} zeroed by the 1)").format(rank=rank, card=card))
    return say(carrera.speed_sum(first, fuel, momentum))


def chip_count(n: int) -> str:
    return ngettext("{n} chip", "{n} chips", n).format(n=n)


def chips(held: int, size: int = 13) -> ft.Control:
    """A supply drawn as its 5 slots, the held chips filled."""
    return slots(held, carrera.CAPACITY, fill=CHIP, rim=CHIP_RIM, size=size)


def _token(icon: ft.IconData, count: int, colour: str) -> ft.Control:
    return ft.Row([ft.Icon(icon, size=18, color=colour if count else ft.Colors.OUTLINE),
                   ft.Text(str(count), size=15, weight=ft.FontWeight.BOLD)],
                  spacing=0, tight=True, width=38)


def header(match: carrera.Match) -> ft.Control:
    """Round, trick, lead, market and discarded, in two lines."""
    at = {"round": match.round_no, "trick": match.trick_no, "tricks": carrera.TRICKS_PER_ROUND}
    where = (_("Round {round} · trick {trick} of {tricks} · game over").format(**at)
             if match.is_over
             else _("Round {round} · trick {trick} of {tricks} · {player} leads").format(
                 player=match.lead, **at))
    pool = _("Market: {market} · Discarded: {discarded} · Ties: {ties}").format(
        market=chip_count(match.market), discarded=chip_count(match.discarded),
        ties=tie_rule(match.ties))
    return ft.Column(
        [ft.Text(where, size=17, weight=ft.FontWeight.BOLD),
         ft.Text(pool, size=13, color=ft.Colors.ON_SURFACE_VARIANT)],
        spacing=2,
    )


def _play_cell(play: dict[str, Any] | None, is_current: bool) -> ft.Control:
    """This trick's card in a player's row: "4A +2" over "speed 5" (fonts may lack arrows)."""
    if play is None:
        return ft.Text(_("to play") if is_current else "", size=14, weight=ft.FontWeight.BOLD)
    if play["card"] == carrera.FACE_DOWN:
        return ft.Text(_("face down"), size=14, weight=ft.FontWeight.BOLD)
    fuel = f" +{play['fuel']}" if play["fuel"] else ""  # a card and a figure: no words
    return ft.Column(
        [ft.Text(f"{play['card']}{fuel}", size=15, weight=ft.FontWeight.BOLD),
         ft.Text(_("speed {speed}").format(speed=play["speed"]), size=12)],
        spacing=0, tight=True, horizontal_alignment=ft.CrossAxisAlignment.END,
    )


def _seat_label(name: str, fuel: int, momentum: int, trophies: int,
                play: dict[str, Any] | None) -> str:
    """A player's row read out as one sentence, with this trick's card when they played."""
    held = {"player": name, "fuel": fuel, "momentum": momentum,
            "trophies": ngettext("{n} trophy", "{n} trophies", trophies).format(n=trophies)}
    if play is None:
        return _("{player}: {fuel} fuel, {momentum} momentum, {trophies}").format(**held)
    if play["card"] == carrera.FACE_DOWN:
        return _("{player}: {fuel} fuel, {momentum} momentum, {trophies}; played face "
                 "down").format(**held)
    return _("{player}: {fuel} fuel, {momentum} momentum, {trophies}; played {card} with "
             "{played} fuel, speed {speed}").format(card=play["card"], played=play["fuel"],
                                                    speed=play["speed"], **held)


def player_rows(match: carrera.Match) -> ft.Control:
    """One row per player in seating order: fuel chips, momentum, trophies, this trick's card."""
    plays = {play["player"]: play for play in match.trick}
    fuel, momentum, trophies = match.fuel, match.momentum, match.trophies
    rows: list[ft.Control] = []
    for name in match.players:
        is_current = name == match.current
        play = plays.get(name)
        label = _seat_label(name, fuel[name], momentum[name], trophies[name], play)
        rows.append(seat_row(label, [
            ft.Text(_("{player} (lead)").format(player=name)
                    if name == match.lead and not match.is_over else name,
                    size=15, expand=True,  # wraps in large text, never cut
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
        [chips(1, size=10),
         ft.Text(_("{fuel} ({most} at most)").format(fuel=say(carrera.FUEL),
                                                     most=carrera.CAPACITY),
                 size=12, color=grey),
         ft.Icon(ft.Icons.BOLT, size=14, color=grey),
         ft.Text(say(carrera.MOMENTUM), size=12, color=grey),
         ft.Icon(ft.Icons.EMOJI_EVENTS, size=14, color=grey),
         ft.Text(say(carrera.trophies(2)), size=12, color=grey)],
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
    at = {"round": result["round"], "trick": result["trick"]}
    title = (_("Round {round}, trick {trick}: {player} wins").format(player=winner, **at)
             if winner else
             _("Round {round}, trick {trick}: nobody wins (every card face down)").format(**at))
    lines: list[ft.Control] = [_line(title, bold=True, size=16)]
    if result["tied"]:
        lines.append(_line(_("Tie at speed {speed} between {players}: {rule}.").format(
            speed=result["speeds"][winner], players=names(result["tied"]),
            rule=tie_rule(match.ties))))
    for play in result["plays"]:
        name = play["player"]
        rank = carrera.counted_rank(play["card"], result["plays"])
        if rank is None:
            what = _("{player} played face down").format(player=name)
        else:
            how = {"player": name, "card": play["card"], "speed": play["speed"],
                   "sum": speed_sum(play["card"], rank, play["fuel"], play["momentum"])}
            what = (_("{player} played {card}: {sum} = speed {speed} (took a market "
                      "chip)").format(**how) if play["from_market"]
                    else _("{player} played {card}: {sum} = speed {speed}").format(**how))
        lines.append(_line(what, bold=name == winner,
                           icon=ft.Icons.FLAG if name == winner else ft.Icons.CHEVRON_RIGHT))
    lines.append(_line(_chips_line(result)))
    if result["round_ended"]:
        trophy = result["trophy"]
        if trophy is None:
            text = _("Nobody won the 6th trick: no trophy.")
        elif result["game_over"]:
            text = _("{player} takes a second trophy and wins the game!").format(player=trophy)
        else:
            text = _("{player} takes a trophy.").format(player=trophy)
        if not result["game_over"]:
            text = then(text, _("Round {round} begins: momentum goes back, the cards are "
                                "redealt, {player} leads.").format(round=match.round_no,
                                                                   player=match.lead))
        lines.append(_line(text, bold=True, size=15, icon=ft.Icons.EMOJI_EVENTS))
    return ft.Container(
        bgcolor=ft.Colors.SURFACE_CONTAINER_HIGH,
        border_radius=10,
        padding=12,
        content=ft.Column(lines, spacing=3),
    )


def _chips_line(result: dict[str, Any]) -> str:
    """Where the last trick's chips went (M6), one clause per move."""
    moved = result["to_market"]
    where = [ngettext("{n} chip of fuel to the market", "{n} chips of fuel to the market",
                      moved).format(n=moved) if moved else _("no fuel to the market")]
    for name, kept in result["refills"].items():
        over = result["over_capacity"][name]
        if over:
            where.append(ngettext(
                "{player}, face down, refills {n} chip ({over} over capacity discarded)",
                "{player}, face down, refills {n} chips ({over} over capacity discarded)",
                kept).format(player=name, n=kept, over=over))
        else:
            where.append(ngettext("{player}, face down, refills {n} chip",
                                  "{player}, face down, refills {n} chips",
                                  kept).format(player=name, n=kept))
    if result["remainder"]:
        left = result["remainder"]
        where.append(ngettext("{n} chip left over from the split discarded",
                              "{n} chips left over from the split discarded",
                              left).format(n=left))
    if sum(result["refills"].values()) + result["discarded"]:
        where.append(_("the market is empty again"))
    text = where[0]
    for clause in where[1:]:
        # Translators: two clauses of one sentence about the chips.
        text = _("{first}; {then}").format(first=text, then=clause)
    return _("Chips: {clauses}.").format(clauses=text)


def game_end(match: carrera.Match) -> ft.Control:
    """The winner, large, and everyone's trophies."""
    winner = match.winners[0]
    trophies = match.trophies
    order = sorted(match.players, key=lambda p: -trophies[p])
    return game_over(_("{player} wins the game!").format(player=winner), [
        _("{player} took a second trophy in round {round}.").format(player=winner,
                                                                   round=match.round_no),
        *[ngettext("{player}: {n} trophy", "{player}: {n} trophies", trophies[name]).format(
            player=name, n=trophies[name]) for name in order],
    ])


def play_log(match: carrera.Match) -> ft.Control:
    """The log, each entry in the table's language (what the engine said, as data)."""
    history = match.history
    shown = len(history) - LOG_LINES  # the lines the log writes: the rest stay as they are
    said = [{**entry, "text": say(entry["said"])} if i >= shown else entry
            for i, entry in enumerate(history)]
    return action_log(said, empty=_("No card played yet."), most=LOG_LINES,
                      title=_("Plays, latest first"))

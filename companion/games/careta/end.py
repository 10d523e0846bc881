"""Ending a game (K8, K10): who would win, or the tie; the unmasking the engine still needs (a
verdict or the cards), then End game. What each player won, and why, is the engine's history."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import flet as ft

from companion.describe.words import names, signed
from companion.games.careta.cards import CardPicker
from companion.games.careta.look import (
    cards_row,
    note,
    panel,
    stated_text,
    title,
    toggle,
)
from scoring import careta


def projection(match: careta.Match) -> str:
    """What ending the game now gives, in words (from leaders and projected_winners)."""
    leaders, winners = match.leaders, match.projected_winners()
    if not leaders:
        return "Nobody can win this game (every player passed or is out): no point."
    best = stated_text(match.player_state(leaders[0]).stated)
    if not winners:
        who = names([f"{p} ({match.team_of(p)})" if match.team_of(p) else p for p in leaders])
        return (f"{who} tie at {best}: no point to anyone. The tied players still show their "
                "cards, but nothing is scored for them (K8).")
    if len(winners) == 1:
        return f"{winners[0]} wins with {best}: {signed(careta.WIN_POINTS)}."
    team = match.team_of(winners[0])
    return f"{names(winners)} tie at {best}, all {team}: the game point goes to {team} (K10)."


def _ask(player: str, truth: Any, choose: Callable[[Any], None],
         pick_cards: Callable[[], None]) -> ft.Control:
    choices = [("told the truth", True), ("lied", False),
               ("lied with the Trick Card", careta.TRICK_SHOWN)]
    buttons: list[ft.Control] = [
        toggle(f"{player} {text}", text, truth is not None and truth == value,
               lambda e, v=value: choose(v))
        for text, value in choices
    ]
    buttons.append(ft.OutlinedButton(f"Enter {player}'s cards", icon=ft.Icons.STYLE, height=48,
                                     on_click=lambda e: pick_cards()))
    parts: list[ft.Control] = [ft.Row(buttons, wrap=True, spacing=6, run_spacing=6)]
    if isinstance(truth, list):
        parts.append(ft.Text(f"{player} showed:", size=14))
        parts.append(cards_row(truth))
    return ft.Column(parts, spacing=6)


@ft.component
def EndGame(match: careta.Match, act: Callable[..., bool], version: int) -> ft.Control:
    unmask, set_unmask = ft.use_state({})  # player: truth (True, False, "trick" or cards)
    picking, set_picking = ft.use_state(None)  # whose cards are being entered
    needed = match.unmask_needed()
    winners = match.projected_winners()

    def choose(player: str, truth: Any) -> None:
        set_unmask({**unmask, player: truth})
        set_picking(None)

    parts: list[ft.Control] = [title(f"End game {match.game_no}"),
                               ft.Text(projection(match), size=15)]
    if winners and not needed:
        parts.append(note("The winning play was already shown truthful: no deception point, "
                          "nothing to unmask."))
    for p in needed:
        state = match.player_state(p)
        cards = 2 if state.with_ally else 1
        parts.append(ft.Text(
            f"Unmask {p} (stated {stated_text(state.stated)}"
            f"{' with an ally' if state.with_ally else ''}): winning with a lie scores "
            f"{signed(careta.DECEPTION_POINTS)} more, and {signed(careta.TRICK_CARD_POINTS)} "
            "again if the Trick Card is shown.", size=14))
        if picking == p:
            parts.append(CardPicker(
                count=cards, start=state.shown, done_label=f"These are {p}'s cards",
                what=f"{p}'s cards", on_done=lambda shown, p=p: choose(p, shown),
                key=f"unmask-{p}-{version}"))
            parts.append(ft.TextButton("Cancel", height=48, on_click=lambda e: set_picking(None)))
        else:
            parts.append(_ask(p, unmask.get(p), lambda v, p=p: choose(p, v),
                              lambda p=p: set_picking(p)))
    missing = [p for p in needed if p not in unmask]

    def end(e: Any) -> None:
        given = {p: unmask[p] for p in needed}
        act(lambda m: m.end_game(given))

    parts.append(ft.FilledButton(f"End game {match.game_no}", icon=ft.Icons.FLAG, height=52,
                                 width=400, disabled=bool(missing), on_click=end))
    if missing:
        parts.append(note(f"Unmask {names(missing)} first."))
    return panel(parts, tone="ask")

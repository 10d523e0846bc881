"""A Ratel round entered as a result only (R7), before its first play: the escape order in the
standard and short games, or who went out and the cards left in every other hand (penalty)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import flet as ft

from companion.describe.words import names, plural
from companion.games.ratel.parts import ordinal
from companion.widgets.icon_action import icon_action
from scoring import ratel

DEALT = ratel.HAND  # a hand stepper starts at the cards dealt: the table counts from there


def _box(parts: list[ft.Control]) -> ft.Control:
    return ft.Container(
        border=ft.Border.all(1, ft.Colors.OUTLINE_VARIANT),
        border_radius=10,
        padding=10,
        content=ft.Column(parts, spacing=8),
    )


def _hand_stepper(name: str, value: int, high: int,
                  on_change: Callable[[int], None]) -> ft.Control:
    """Cards left in `name`'s hand: − and + named for the player, the count between them."""
    return ft.Row(
        [
            ft.Text(name, size=16, expand=True, no_wrap=True, overflow=ft.TextOverflow.ELLIPSIS),
            icon_action(ft.Icons.REMOVE, f"Fewer cards for {name}",
                        lambda e: on_change(value - 1), disabled=value <= 0),
            ft.Container(
                content=ft.Text(plural(value, "card"), size=17, weight=ft.FontWeight.BOLD),
                width=84,
                alignment=ft.Alignment.CENTER,
            ),
            icon_action(ft.Icons.ADD, f"More cards for {name}",
                        lambda e: on_change(value + 1), disabled=value >= high),
        ],
        spacing=0,
        vertical_alignment=ft.CrossAxisAlignment.CENTER,
    )


def _escape_order(match: ratel.Match, act: Callable[..., bool], order: list[str],
                  set_order: Callable[[list[str]], None]) -> ft.Control:
    players = match.players
    left = [p for p in players if p not in order]
    complete = len(left) == 1
    full = order + left if complete else order
    parts: list[ft.Control] = [
        ft.Text(f"Round {match.round_no} result", size=18, weight=ft.FontWeight.BOLD),
        ft.Text("Tap the players in the order they escaped; the last one left takes the "
                "damage.", size=14),
    ]
    for i, name in enumerate(order):
        parts.append(ft.Text(f"{i + 1}. {name} escaped {ordinal(i + 1)}", size=15))
    if complete:
        loser = left[0]
        parts.append(ft.Text(f"{loser} is left holding cards and takes the damage.", size=15,
                             weight=ft.FontWeight.BOLD, color=ft.Colors.ERROR))
    else:
        place = ordinal(len(order) + 1)
        parts.append(ft.Row([ft.FilledTonalButton(f"{name} escaped {place}", height=48,
                                                  on_click=lambda e, n=name: set_order(
                                                      [*order, n]))
                             for name in left], wrap=True, spacing=8, run_spacing=8))

    def record(e: Any) -> None:
        if act(lambda m: m.record_round(order=full)):
            set_order([])

    parts.append(ft.Row(
        [ft.FilledButton(f"Record round {match.round_no}", icon=ft.Icons.CHECK, height=52,
                         disabled=not complete, on_click=record),
         ft.TextButton("Start again", height=48, disabled=not order,
                       on_click=lambda e: set_order([]))],
        wrap=True, spacing=8,
    ))
    return _box(parts)


def _penalty_hands(match: ratel.Match, act: Callable[..., bool], out: str | None,
                   hands: dict[str, int], set_entry: Callable[[str | None, dict[str, int]], None]
                   ) -> ft.Control:
    players = match.players
    dealt = DEALT * len(players)
    parts: list[ft.Control] = [
        ft.Text(f"Round {match.round_no} result", size=18, weight=ft.FontWeight.BOLD),
        ft.Text("Who ran out of cards?", size=14),
        ft.RadioGroup(
            value=out,
            on_change=lambda e: set_entry(e.control.value, hands),
            content=ft.Column([ft.Radio(value=p, label=f"{p} went out") for p in players],
                              spacing=0),
        ),
    ]
    if out is not None:
        parts.append(ft.Text("Cards left in hand (penalty points):", size=14))
        for name in players:
            if name == out:
                continue
            value = hands.get(name, DEALT)
            parts.append(_hand_stepper(
                name, value, dealt,
                lambda n, name=name: set_entry(out, {**hands, name: max(0, min(n, dealt))})))
    others = {p: hands.get(p, DEALT) for p in players if p != out}

    def record(e: Any) -> None:
        if act(lambda m: m.record_round(out=out, hands=others)):
            set_entry(None, {})

    parts.append(ft.FilledButton(f"Record round {match.round_no}", icon=ft.Icons.CHECK,
                                 height=52, disabled=out is None, on_click=record))
    if out is not None:
        scored = [f"{p} +{n}" for p, n in others.items()]
        parts.append(ft.Text(f"Penalty points: {names(scored)}.", size=13,
                             color=ft.Colors.ON_SURFACE_VARIANT))
    return _box(parts)


@ft.component
def RoundResult(match: ratel.Match, act: Callable[..., bool], version: int) -> ft.Control:
    """The result form for the round about to start; nothing is recorded until "Record"."""
    # (round, escape order) and (round, who went out, hands): a draft belongs to its round.
    order_draft, set_order_draft = ft.use_state((0, []))
    penalty_draft, set_penalty_draft = ft.use_state((0, None, {}))
    round_no = match.round_no
    if match.mode == "penalty":
        out, hands = (penalty_draft[1], penalty_draft[2]) if penalty_draft[0] == round_no \
            else (None, {})
        return _penalty_hands(match, act, out, hands,
                              lambda o, h: set_penalty_draft((round_no, o, dict(h))))
    order = order_draft[1] if order_draft[0] == round_no else []
    order = [p for p in order if p in match.players]
    return _escape_order(match, act, order, lambda o: set_order_draft((round_no, list(o))))

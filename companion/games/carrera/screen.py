"""My Favorite Carrera RS at the table: each card as it is played, with its fuel; the app works out
the speeds, the winner, the market and refills, the trophies and the end of the game."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import flet as ft

from companion.games import GameUI
from companion.games.carrera.parts import (
    game_end,
    header,
    names,
    play_log,
    player_rows,
    speed_sum,
    trick_result,
)
from companion.session.follow_up import FollowUp
from companion.widgets.count_stepper import count_stepper
from companion.widgets.option_choice import option_choice
from scoring import carrera
from scoring.core import Match

CHOICES = (*carrera.CARDS, carrera.FACE_DOWN)


def play_label(card: str | None, fuel: int) -> str:
    """The Play button's text, which is also its accessible name."""
    if card is None:
        return "Pick a card to play"
    if card == carrera.FACE_DOWN:
        return "Play face down"
    return f"Play {card} with {fuel if fuel else 'no'} fuel"


def _card_button(card: str, chosen: bool, allowed: bool,
                 choose: Callable[[str], None]) -> ft.Control:
    down = card == carrera.FACE_DOWN
    return ft.Semantics(
        label="Face down" if down else f"Card {card}",
        button=True,
        selected=chosen,
        disabled=not allowed,
        content=ft.Container(
            # The label names the button; the face text stays out of the name ("Card 4A").
            content=ft.Text("Face\ndown" if down else card, size=12 if down else 18,
                            weight=ft.FontWeight.BOLD, text_align=ft.TextAlign.CENTER,
                            color=ft.Colors.ON_PRIMARY if chosen else None, semantics_label=""),
            width=62 if down else 46,
            height=56,
            alignment=ft.Alignment.CENTER,
            border_radius=8,
            bgcolor=ft.Colors.PRIMARY if chosen else ft.Colors.SURFACE_CONTAINER_HIGHEST,
            border=ft.Border.all(2, ft.Colors.PRIMARY if chosen else ft.Colors.OUTLINE),
            opacity=1.0 if allowed else 0.35,
            on_click=(lambda e: choose(card)) if allowed else None,
        ),
    )


def _speed_line(match: carrera.Match, player: str, card: str, fuel: int) -> str:
    if card == carrera.FACE_DOWN:
        return "Speed 0: a face-down card takes no fuel and cannot win; its player shares " \
               "the market when the trick ends."
    speed = match.speed_of(card, fuel)
    rank = carrera.counted_rank(card, match.trick)
    assert rank is not None  # face down was answered above
    return f"Speed {speed} = {speed_sum(card, rank, fuel, match.momentum[player])}"


def _market_note(match: carrera.Match, card: str) -> str | None:
    if card != "2":
        return None
    if match.market:
        return ("The 2 takes 1 chip from the market: it may go on the card at once "
                f"(up to {match.max_fuel('2')} fuel).")
    return "The market is empty: the 2 takes no chip."


@ft.component
def Picker(match: carrera.Match, act: Callable[..., bool], version: int) -> ft.Control:
    """The current player's card, fuel and the live speed, then Play (`version` only makes the
    pick re-render when the match changes)."""
    # (turn, card, fuel): a pick belongs to the turn it was made in, counted by the match's events
    # when the tap arrives, so a pick from an earlier turn (or an undone one) is forgotten.
    pick, set_pick = ft.use_state((-1, None, 0))
    player = match.current
    legal = match.legal_cards()
    card = pick[1] if pick[0] == len(match.events) and pick[1] in legal else None
    most = match.max_fuel(card) if card else 0
    fuel = min(pick[2], most) if card else 0

    def choose(c: str) -> None:
        # Another card starts again from no fuel; tapping the chosen card keeps its fuel.
        kept = fuel if c == card and pick[0] == len(match.events) else 0
        set_pick((len(match.events), c, kept))

    def set_fuel(n: int) -> None:
        if card is not None and pick[0] == len(match.events):
            set_pick((len(match.events), card, max(0, min(n, most))))

    def play(e: Any) -> None:
        if card is not None and act(lambda m: m.play(card, fuel, player=player)):
            set_pick((-1, None, 0))

    first = not match.trick
    title = (f"{player} leads trick {match.trick_no}" if first
             else f"{player} plays to trick {match.trick_no}")
    taken = match.suits_taken
    parts: list[ft.Control] = [
        ft.Text(title, size=18, weight=ft.FontWeight.BOLD),
        ft.Text("Face up: " + ", ".join(taken) + " (no second card of a suit)" if taken
                else "Any card may be played.", size=13, color=ft.Colors.ON_SURFACE_VARIANT),
        ft.Row([_card_button(c, c == card, c in legal, choose) for c in CHOICES],
               spacing=5, wrap=True, run_spacing=6, alignment=ft.MainAxisAlignment.CENTER),
    ]
    if card is not None:
        down = card == carrera.FACE_DOWN
        stepper = count_stepper(fuel, 0, most, set_fuel, noun="fuel", disabled=down)
        held = match.fuel[player]
        parts.append(
            ft.Row(
                [stepper,
                 ft.Text("none on a face-down card" if down
                         else f"{player} holds {held}" + (" + 1 from the market"
                                                           if most > held else ""),
                         size=13, expand=True)],
                vertical_alignment=ft.CrossAxisAlignment.CENTER,
            )
        )
        note = _market_note(match, card)
        if note:
            parts.append(ft.Text(note, size=13))
        parts.append(ft.Text(_speed_line(match, player, card, fuel), size=16,
                             weight=ft.FontWeight.BOLD))
    parts.append(ft.FilledButton(play_label(card, fuel), icon=ft.Icons.PLAY_ARROW, height=52,
                                 width=400, disabled=card is None, on_click=play))
    return ft.Container(
        border=ft.Border.all(1, ft.Colors.OUTLINE_VARIANT),
        border_radius=10,
        padding=10,
        content=ft.Column(parts, spacing=8),
    )


def tie_prompt(match: carrera.Match, act: Callable[..., bool]) -> ft.Control:
    """M5 with ties="ask": the trick waits for the scorekeeper to name its winner."""
    tied = match.pending_tie or []
    speed = match.speeds[tied[0]]
    buttons = [
        ft.FilledButton(f"{name} wins the trick", height=48,
                        on_click=lambda e, n=name: act(lambda m: m.resolve_tie(n)))
        for name in tied
    ]
    return ft.Container(
        bgcolor=ft.Colors.TERTIARY_CONTAINER,
        border_radius=10,
        padding=12,
        content=ft.Column(
            [
                ft.Text(f"Trick {match.trick_no}: {names(tied)} tie at speed {speed}.", size=17,
                        weight=ft.FontWeight.BOLD, color=ft.Colors.ON_TERTIARY_CONTAINER),
                ft.Text("The rules do not say who wins a tie: the table decides (in play order: "
                        f"{names(tied)}).", size=14, color=ft.Colors.ON_TERTIARY_CONTAINER),
                ft.Row(buttons, wrap=True, spacing=8, run_spacing=8),
            ],
            spacing=8,
        ),
    )


@ft.component
def CarreraScreen(match: carrera.Match, act: Callable[..., bool], may_act: Callable[[], bool],
                  follow_up: FollowUp, version: int) -> ft.Control:
    parts: list[ft.Control] = [header(match), player_rows(match)]
    if match.is_over:
        parts = [game_end(match), *parts, trick_result(match)]
    elif match.pending_tie:
        parts += [tie_prompt(match, act), trick_result(match)]
    else:
        # The pick comes first, so the next card is in reach without scrolling; the message line
        # above already sums up a trick that just ended, and its full result follows the pick.
        parts += [Picker(match=match, act=act, version=version), trick_result(match)]
    parts.append(play_log(match))
    return ft.Column(parts, spacing=10)


@ft.component
def CarreraOptions(values: dict[str, Any], set_values: Callable[[dict[str, Any]], None],
                   players: list[str]) -> ft.Control:
    """New-match options: how equal top speeds are settled (M5)."""
    labels = {
        "ask": "Ask: the scorekeeper picks among the tied",
        "first": "Earliest played wins",
        "last": "Last played wins",
    }
    return ft.Column(
        option_choice("Equal top speeds (ties)", list(labels.items()), values.get("ties", "ask"),
                      lambda v: set_values({**values, "ties": v}),
                      about="The rulebook is silent on ties; choose how your table settles "
                            "them."),
        spacing=4,
    )


def _create(players: list[str], first: str, options: dict[str, Any]) -> Match:
    return carrera.Match(players=players, lead=first, ties=options.get("ties", "ask"))


UI = GameUI(
    match_cls=carrera.Match,
    blurb="Record each card and its fuel; the app finds the speeds, the market, refills and "
          "trophies.",
    screen=CarreraScreen,
    create=_create,
    first_label="Who leads the first trick?",
    first_hint="Any player may lead; the winner of each trick leads the next.",
    defaults={"ties": "ask"},
    options=CarreraOptions,
    bar_title="Carrera",
)

"""New match for a score sheet: the game's name, whether the highest or the lowest total wins,
how the match ends (a target score, a number of rounds, or the scorekeeper's say) and an
optional sum every round's scores add up to. What is typed goes to the engine as typed (read as
a number where it is one), which refuses what it cannot be with its own sentence."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import flet as ft

from companion.i18n import _
from companion.widgets.number_entry import count_field, typed_score
from companion.widgets.option_choice import option_choice
from scoring import sheet
from scoring.core import Match


def _number(text: Any) -> Any:
    return typed_score(text) if isinstance(text, str) else text


def settings_of(options: dict[str, Any]) -> dict[str, Any]:
    """The engine's settings from New match's values (a remembered sheet's too): the numbers
    typed read as numbers, those its end does not use left out, an empty sum as no check."""
    end = options.get("end", "keeper")
    total = _number(options.get("round_sum", ""))
    return {
        "name": options.get("name", "").strip() if isinstance(options.get("name"), str)
        else options.get("name"),
        "lowest_wins": options.get("lowest_wins", False),
        "end": end,
        "target": _number(options.get("target", "")) if end == "target" else None,
        "rounds": _number(options.get("rounds", "")) if end == "rounds" else None,
        "round_sum": None if total == "" else total,
    }


def create(players: list[str], first: str | None, options: dict[str, Any]) -> Match:
    return sheet.Match(players=players, **settings_of(options))


@ft.component
def SheetOptions(values: dict[str, Any], set_values: Callable[[dict[str, Any]], None],
                 players: list[str]) -> ft.Control:
    def put(key: str) -> Callable[[Any], None]:
        return lambda value: set_values({**values, key: value})

    end = values.get("end", "keeper")
    parts: list[ft.Control] = [
        ft.Text(_("The game"), weight=ft.FontWeight.BOLD),
        ft.TextField(label=_("Name of the game"), value=values.get("name", ""), dense=True,
                     max_length=40, on_change=lambda e: put("name")(e.control.value or "")),
    ]
    parts += option_choice(_("Who wins"), [("high", _("The highest total wins")),
                                           ("low", _("The lowest total wins"))],
                           "low" if values.get("lowest_wins") else "high",
                           lambda v: put("lowest_wins")(v == "low"))
    parts += option_choice(_("When the match ends"), [
        ("target", _("When a total reaches a target score")),
        ("rounds", _("After a number of rounds")),
        ("keeper", _("When the scorekeeper ends it")),
    ], end, put("end"))
    if end == "target":
        parts.append(count_field(_("Target score"), values.get("target", ""), put("target")))
    elif end == "rounds":
        parts.append(count_field(_("Number of rounds"), values.get("rounds", ""), put("rounds")))
    parts += [
        ft.Text(_("Check each round (optional)"), weight=ft.FontWeight.BOLD),
        ft.Text(_("If every round's scores add up to the same number (26 in Hearts), type it: "
                  "a round that does not is refused. Leave it empty for no check."), size=13),
        count_field(_("Each round adds up to"), values.get("round_sum", ""), put("round_sum")),
    ]
    return ft.Column(parts, spacing=6)

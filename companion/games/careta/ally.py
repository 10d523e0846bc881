"""The ally phase (K6): who should decide next, who may wait, and for every player who still may,
"Ally" (with the pad for the combined score) or "No ally". Out-of-order choices are accepted, as
the rulings say: the app guides, it does not police."""

from __future__ import annotations

from collections.abc import Callable

import flet as ft

from companion.describe.words import names
from companion.games.careta.look import note, panel, stated_text, title
from companion.games.careta.pad import NumberPad
from companion.games.careta.seats import turn_order
from scoring import careta


def _guide(match: careta.Match) -> str:
    nxt, waiting = match.ally_next, match.ally_waiting
    parts = []
    if nxt:
        parts.append(f"{nxt} decides next.")
    if waiting:
        lead = waiting[0]
        stated = stated_text(match.player_state(lead).stated)
        parts.append(f"{lead} leads with {stated} and may wait until someone states a better "
                     "score.")
    if not nxt and not waiting:
        parts.append("Nobody else may play an ally: end the game.")
    elif not nxt:
        parts.append("Nobody else is left to decide: end the game, or the leader adds an ally.")
    return " ".join(parts)


def _named(text: str, label: str) -> ft.Control:
    """A button's short visible text ("Ally") with its full name for screen readers ("Ally for
    Ann"): a label on the button's own text, so the button is one node with that name."""
    return ft.Text(text, semantics_label=label)


@ft.component
def AllyPhase(match: careta.Match, act: Callable[..., bool], version: int) -> ft.Control:
    adding, set_adding = ft.use_state(None)  # the player whose ally is being stated
    order = turn_order(match)
    undecided = sorted(match.ally_undecided, key=order.index)
    if adding not in undecided:
        adding = None

    def state_ally(player: str, stated: int | str) -> None:
        if isinstance(stated, int) and act(lambda m: m.ally(player, stated)):
            set_adding(None)

    parts: list[ft.Control] = [title("Allies"), ft.Text(_guide(match), size=15)]
    if adding is not None:
        current = stated_text(match.player_state(adding).stated)
        parts.append(NumberPad(
            heading=f"{adding} adds an ally to {current}: the combined score",
            hint=("UP: the sum of the two cards." if match.direction == careta.UP else
                  "DOWN: minus the difference of the two cards."),
            scores=match.score_range(with_ally=True),
            prefix="Ally total",
            on_state=lambda stated, _at_once: state_ally(adding, stated),
            key=f"ally-pad-{adding}-{version}",
        ))
        parts.append(ft.TextButton("Cancel", height=48, on_click=lambda e: set_adding(None)))
    else:
        for p in undecided:
            mark = "next · " if p == match.ally_next else (
                "may wait · " if p in match.ally_waiting else "")
            stated = stated_text(match.player_state(p).stated)
            parts.append(ft.Row(
                [
                    ft.Text(f"{p} ({mark}states {stated})", size=15, expand=True,
                            weight=ft.FontWeight.BOLD if p == match.ally_next else None),
                    ft.FilledButton(content=_named("Ally", f"Ally for {p}"), height=48,
                                    on_click=lambda e, p=p: set_adding(p)),
                    ft.OutlinedButton(content=_named("No ally", f"No ally for {p}"), height=48,
                                      on_click=lambda e, p=p: act(lambda m: m.decline_ally(p))),
                ],
                spacing=6,
                vertical_alignment=ft.CrossAxisAlignment.CENTER,
            ))
        if not undecided:
            parts.append(note("Every player has decided (or may not: PASS, out, or ally used "
                              "this set)."))
        else:
            parts.append(note(f"Ending the game now means {names(undecided)} play"
                              f"{'s' if len(undecided) == 1 else ''} no ally (K6)."))
    return panel(parts)

"""The score sheet at the table: one number pad field per player, the round's total as typed,
and one tap to add the round; a tap on a past round corrects it (a new entry, S5). A round with
a score missing cannot be added, and the screen says whose it is (S2). Every check is the
engine's (scoring/sheet.py): the screen asks it, never decides."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import flet as ft

from companion.describe.words import figure
from companion.games import GameUI
from companion.games.sheet.options import SheetOptions, create
from companion.games.sheet.parts import game_end, header, log, rounds_list
from companion.games.table_top import TableTop
from companion.i18n import N_, _, say
from companion.session.context import use_services
from companion.session.follow_up import FollowUp
from companion.widgets.number_entry import count_field, typed_score
from scoring import sheet
from scoring.said import listed


def _typed_round(match: sheet.Match, typed: dict[str, str]) -> dict[str, Any]:
    """The round as typed: each player's score read as a number where it is one (else as
    typed, for the engine to refuse), a field left empty left out."""
    scores = {p: typed_score(typed.get(p, "")) for p in match.players}
    return {p: v for p, v in scores.items() if v != ""}


def _flip(text: str) -> str:
    """The typed score with its sign changed: a phone's number pad may have no minus key."""
    t = text.strip()
    return t[1:] if t[:1] in ("-", "\u2212") else f"-{t}"


@ft.component
def RoundEntry(match: sheet.Match, act: Callable[..., bool], fixing: int | None,
               set_fixing: Callable[[int | None], None]) -> ft.Control:
    """Every player's score for the next round (or for round `fixing`, being corrected)."""
    keeps_score = use_services().keeps_score
    # (events, which round, {player: text}): what was typed belongs to the state it was typed in
    start = ({p: str(n) for p, n in match.rounds[fixing - 1].items()}
             if fixing is not None and fixing <= len(match.rounds) else {})
    now = (len(match.events), fixing)
    entry, set_entry = ft.use_state((*now, start))
    typed = entry[2] if entry[:2] == now else start

    def change(player: str, text: str) -> None:
        set_entry(lambda old: (*now, {**(old[2] if old[:2] == now else start), player: text}))

    scores = _typed_round(match, typed)
    missing = match.missing(scores)
    total = sum(v for v in scores.values() if isinstance(v, int))
    rows: list[ft.Control] = []
    for player in match.players:
        rows.append(ft.Row([
            ft.Container(count_field(player, typed.get(player, ""),
                                     lambda text, p=player: change(p, text),
                                     disabled=not keeps_score), expand=True),
            ft.Semantics(label=_("Change the sign of {player}'s score").format(player=player),
                         button=True, content=ft.IconButton(
                             ft.Icons.EXPOSURE, disabled=not keeps_score,
                             on_click=lambda e, p=player: change(p, _flip(typed.get(p, ""))))),
        ], spacing=4))
    if missing:
        state = _("Still to enter: {players}").format(players=say(listed(missing)))
    else:
        problem = match.round_problem(scores) if fixing is None else None
        state = say(problem.said) if problem is not None else ""
    adding = fixing is None

    def commit(e: Any) -> None:
        if adding:
            act(lambda m: m.add_round(scores))
        elif act(lambda m: m.correct_round(fixing, scores)):
            set_fixing(None)

    title = (_("Round {round}").format(round=match.round_no) if adding
             else _("Correct round {round}").format(round=fixing))
    button = ft.FilledButton(
        _("Add round {round}").format(round=match.round_no) if adding
        else _("Save round {round}").format(round=fixing),
        icon=ft.Icons.CHECK, height=52, expand=True, key="commit",
        disabled=bool(missing) or not keeps_score, on_click=commit)
    actions: list[ft.Control] = [button]
    if not adding:
        actions.append(ft.OutlinedButton(_("Cancel"), height=52,
                                         on_click=lambda e: set_fixing(None)))
    return ft.Container(
        border=ft.Border.all(1, ft.Colors.OUTLINE_VARIANT), border_radius=10, padding=10,
        content=ft.Column([
            ft.Row([ft.Text(title, size=18, weight=ft.FontWeight.BOLD, expand=True),
                    ft.Text(_("Round total: {total}").format(total=figure(total)), size=16,
                            key="round-total")]),
            *rows,
            ft.Text(state, size=14, key="round-state",
                    color=ft.Colors.ON_SURFACE_VARIANT if missing else ft.Colors.ERROR),
            ft.Row(actions, spacing=8),
        ], spacing=8, horizontal_alignment=ft.CrossAxisAlignment.STRETCH),
    )


def tie_choice(match: sheet.Match, act: Callable[..., bool]) -> ft.Control:
    """The table settles a tie for the win (S6): one of the tied players, or a shared win."""
    tied = match.tie_to_settle
    buttons: list[ft.Control] = [
        ft.OutlinedButton(_("{player} wins").format(player=p), height=48,
                          on_click=lambda e, p=p: act(lambda m: m.settle_tie(p)))
        for p in tied]
    buttons.append(ft.FilledButton(_("Share the win"), height=48,
                                   on_click=lambda e: act(lambda m: m.settle_tie(None))))
    return ft.Container(
        bgcolor=ft.Colors.TERTIARY_CONTAINER, border_radius=10, padding=12,
        content=ft.Column([
            ft.Text(_("{players} are tied for the win: how does the table decide?").format(
                players=say(listed(tied))), size=17, weight=ft.FontWeight.BOLD),
            ft.Row(buttons, wrap=True, spacing=8, run_spacing=8),
        ], spacing=8))


@ft.component
def SheetScreen(match: sheet.Match, act: Callable[..., bool], may_act: Callable[[], bool],
                follow_up: FollowUp, version: int) -> ft.Control:
    fixing, set_fixing = ft.use_state(None)
    to_top = ft.use_context(TableTop)

    def pick(number: int) -> None:
        """A round tapped in the list below opens its correction at the top: shown there."""
        set_fixing(number)
        to_top()

    if fixing is not None and fixing > len(match.rounds):
        fixing = None  # the round was undone under the correction
    parts: list[ft.Control] = []
    if match.is_over:
        parts.append(game_end(match))
    parts.append(header(match))
    if match.tie_to_settle:
        parts.append(tie_choice(match, act))
    elif not match.is_over or fixing is not None:
        parts.append(RoundEntry(match=match, act=act, fixing=fixing, set_fixing=set_fixing,
                                key=f"entry-{fixing}"))
    if not match.is_over and not match.tie_to_settle and match.rounds and fixing is None:
        parts.append(ft.OutlinedButton(_("End the match here"), icon=ft.Icons.FLAG_OUTLINED,
                                       height=48, on_click=lambda e: act(lambda m: m.end_now())))
    parts.append(rounds_list(match, pick=pick, chosen=fixing))
    parts.append(log(match))
    return ft.Column(parts, spacing=10, horizontal_alignment=ft.CrossAxisAlignment.STRETCH)


UI = GameUI(
    match_cls=sheet.Match,
    blurb=N_("Any other game: name it, type each player's score a round, and the app adds them "
             "up."),
    screen=SheetScreen,
    create=create,
    first_label="",
    defaults={"name": "", "lowest_wins": False, "end": "keeper", "target": "100",
              "rounds": "10", "round_sum": ""},
    options=SheetOptions,
    kept_settings=lambda match: match.events[0],
    stats_note=N_("Average of the final totals of every score sheet, whatever game it kept."),
)

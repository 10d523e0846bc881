"""The ally phase (K6): who should decide next, who may wait, and for every player who still may,
"Ally" (with the pad for the combined score) or "No ally". Out-of-order choices are accepted, as
the rulings say: the app guides, it does not police."""

from __future__ import annotations

from collections.abc import Callable

import flet as ft

from companion.games.careta.look import note, panel, stated_text
from companion.games.careta.pad import NumberPad
from companion.games.careta.seats import turn_order
from companion.i18n import _, ngettext, say
from companion.session.drafts import use_draft
from companion.widgets.why import with_why
from scoring import careta
from scoring.said import listed


def _guide(match: careta.Match) -> str:
    nxt, waiting = match.ally_next, match.ally_waiting
    parts = []
    if nxt:
        parts.append(_("{player} decides next.").format(player=nxt))
    if waiting:
        lead = waiting[0]
        stated = stated_text(match.player_state(lead).stated)
        parts.append(_("{player} leads with {stated} and may wait until someone states a better "
                       "score.").format(player=lead, stated=stated))
    if not nxt and not waiting:
        parts.append(_("Nobody else may play an ally: end the game."))
    elif not nxt:
        parts.append(_("Nobody else is left to decide: end the game, or the leader adds an "
                       "ally."))
    # Sentences one after another: where one ends and the next begins is the language's.
    return _("{sentence} {next_sentence}").format(
        sentence=parts[0], next_sentence=parts[1]) if len(parts) == 2 else parts[0]


def _named(text: str, label: str) -> ft.Control:
    """A button's short visible text ("Ally") with its full name for screen readers ("Ally for
    Ann"): a label on the button's own text, so the button is one node with that name."""
    return ft.Text(text, semantics_label=label)


@ft.component
def AllyPhase(match: careta.Match, act: Callable[..., bool], version: int,
              end: ft.Control) -> ft.Control:
    """The ally panel with the player who decides next (else the leaders who may wait), then
    `end` (End game), then the other undecided players, who may decide out of turn: with 8
    players their rows would push End game off the screen (issue 31's thumb zone)."""
    # the player whose ally is being stated (this page's draft for this version)
    adding, set_adding = use_draft("careta ally of", None, belongs_to=version)
    order = turn_order(match)
    undecided = sorted(match.ally_undecided, key=order.index)
    if adding not in undecided:
        adding = None

    def state_ally(player: str, stated: int | str) -> None:
        if isinstance(stated, int) and act(lambda m: m.ally(player, stated)):
            set_adding(None)

    # The guide opens the panel (no "Allies" heading): with 8 players End game, after it, stays
    # on the screen (issue 31's thumb zone).
    parts: list[ft.Control] = [ft.Text(_guide(match), size=15, weight=ft.FontWeight.BOLD)]
    others: list[ft.Control] = []
    if adding is not None:
        current = stated_text(match.player_state(adding).stated)
        parts.append(NumberPad(
            heading=_("{player} adds an ally to {stated}: the combined score").format(
                player=adding, stated=current),
            hint=(_("UP: the sum of the two cards.") if match.direction == careta.UP else
                  _("DOWN: minus the difference of the two cards.")),
            scores=match.score_range(with_ally=True),
            key_name=_("Ally total {n}"),
            on_state=lambda stated, _at_once: state_ally(adding, stated),
            key=f"ally-pad-{adding}-{version}",
            draft=f"ally-pad-{adding}-{version}",
        ))
        parts.append(ft.TextButton(_("Cancel"), height=48, on_click=lambda e: set_adding(None)))
    else:
        # The player who decides next (else the leaders who may wait) before End game.
        named = ([match.ally_next] if match.ally_next in undecided else
                 [p for p in undecided if p in match.ally_waiting])
        for p in undecided:
            stated = stated_text(match.player_state(p).stated)
            if p == match.ally_next:
                line = _("{player} (next · states {stated})")
            elif p in match.ally_waiting:
                line = _("{player} (may wait · states {stated})")
            else:
                line = _("{player} (states {stated})")
            (parts if p in named or not named else others).append(ft.Row(
                [
                    ft.Text(line.format(player=p, stated=stated), size=15, expand=True,
                            weight=ft.FontWeight.BOLD if p == match.ally_next else None),
                    ft.FilledButton(content=_named(_("Ally"), _("Ally for {player}").format(
                        player=p)), height=48, on_click=lambda e, p=p: set_adding(p)),
                    ft.OutlinedButton(content=_named(_("No ally"), _("No ally for {player}")
                                                     .format(player=p)), height=48,
                                      on_click=lambda e, p=p: act(lambda m: m.decline_ally(p))),
                ],
                spacing=6,
                vertical_alignment=ft.CrossAxisAlignment.CENTER,
            ))
        if not undecided:
            parts.append(note(_("Every player has decided (or may not: {pass_word}, out, or ally "
                                "used this set).").format(pass_word=say(careta.PASS_WORD))))
        else:
            ending = with_why(note(ngettext(
                "Ending the game now means {players} plays no ally.",
                "Ending the game now means {players} play no ally.", len(undecided),
            ).format(players=say(listed(undecided)))), "K6")
            # Above the other players' rows when they come after End game, else here.
            if others:
                others.insert(0, ending)
            else:
                parts.append(ending)
    later = [panel(others)] if others else []
    return ft.Column([panel(parts), end, *later], spacing=10,
                     horizontal_alignment=ft.CrossAxisAlignment.STRETCH)

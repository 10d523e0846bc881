"""The frame every game screen sits in: title, Undo/Redo, rules, scoreboard and message line.

The game's own screen draws the table and calls `act(action)`, or `may_act()` before answering a
tap itself; the frame runs the action on the shared table (which saves it before anything is
confirmed), shows a refused action's reason where the player is looking, and refreshes when
another screen changes the same match. A finished match offers its one follow-up (follow_up.py);
Undo in that follow-up before anything is played in it takes it back, and Redo on the finished
match then makes it again.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import flet as ft

from companion.games import GAME_UIS
from companion.games.table_top import TableTop
from companion.i18n import _, say, words
from companion.session.context import use_services
from companion.session.follow import use_followed_match, use_redrawn_on_change
from companion.session.follow_up import (
    FollowUp,
    find_follow_up,
    find_previous,
    follow_up_id,
    open_follow_up,
    take_back,
)
from companion.session.in_step import use_in_step
from companion.session.open_matches import StaleView
from companion.session.viewport import use_page_width
from companion.widgets.bar_actions import bar_actions
from companion.widgets.bar_title import bar_title
from companion.widgets.following_banner import following_banner
from companion.widgets.grows import tall_button
from companion.widgets.icon_action import icon_action
from companion.widgets.kept import use_kept
from companion.widgets.message_line import message_line
from companion.widgets.missing_view import (
    TAKEN_BACK,
    missing_view,
    open_table,
    taken_back_line,
)
from companion.widgets.moved_on import use_moved_on
from companion.widgets.rules_sheet import rulings, sheet_controls
from companion.widgets.scoreboard import scoreboard
from companion.widgets.share_result import ShareResult
from scoring import RuleViolation
from scoring.core import Match
from scoring.said import ruling_of

# The thumb zone's proportions (MatchScreen): the bottom bar's height, and the share (in
# hundredths) of the space between the bars that the scoreboard's band takes.
BOTTOM_BAR = 52
HEAD_SHARE = 30

# What the message line says, worked out when the screen is drawn so that it speaks the
# session's language of the moment (a switch in Settings shows at once, the message too).
Message = Callable[[], str]


def _quiet() -> str:
    return ""


class Spoken:
    """The message line saying what an engine said (a refusal's `.said`, an entry's), and the
    ruling it applies ("K6"), for the line's "Why?" link."""

    def __init__(self, value: Any) -> None:
        self.value = value
        self.ruling = ruling_of(value)

    def __call__(self) -> str:
        return say(self.value)


def spoken(value: Any) -> Message:
    return Spoken(value)


def last_said(match: Match) -> Any:
    """What the last action in effect did, as data; "" before the first. An entry from before
    "said" (or from a game not yet converted) has its English "text" only."""
    history = match.history
    if not history:
        return ""
    entry = history[-1]
    return entry.get("said", entry["text"])


def paused_notice() -> ft.Control:
    """The band's word that the match is paused (its clock stopped)."""
    return ft.Container(
        ft.Row([ft.Icon(ft.Icons.PAUSE_CIRCLE, size=28),
                ft.Text(_("Paused: the match's clock is stopped until you resume or play on."),
                        size=16, weight=ft.FontWeight.BOLD, expand=True)], spacing=10),
        padding=ft.Padding.symmetric(horizontal=12, vertical=8),
        border_radius=8,
        bgcolor=ft.Colors.SECONDARY_CONTAINER,
    )


@ft.component
def MatchScreen() -> ft.View:
    services = use_services()
    page = ft.context.page
    mid = ft.use_route_params().get("id", "")
    # (match, text, is an error): a message belongs to the match it was said on, since this
    # screen stays mounted when the same tab goes straight to another match's address.
    said, set_said = ft.use_state(("", _quiet, False))
    # (finished match, starter) after Undo took back its untouched follow-up: Redo there makes
    # it again, as it was.
    back, set_back = ft.use_state(("", None))
    # Re-render after any session's change; set_seen also re-renders at once after our own.
    _seen, set_seen = use_followed_match(mid)
    # ... and after its follow-up is made or taken back, which this screen offers to open.
    use_redrawn_on_change(follow_up_id(mid))
    in_step = use_in_step(mid)  # refuse taps made before another session's change showed here
    kept = use_kept()  # the parts that look as they did are handed to Flet as they were
    table_ref = ft.use_ref(None)  # the game's scroller as last drawn (to_turn)
    row_width = use_page_width() - 20  # the scoreboard's row: the page less its padding

    def sent_back(previous: str, has_next_game: bool) -> bool:
        """This match, a follow-up, was taken back (by another session: this one's own Undo
        is on its way there with its own line): say so on the match it followed."""
        if back[0] == previous:
            return False
        set_said((previous, taken_back_line(has_next_game), False))
        return True

    table, missing = open_table(services.tables, mid, f"/match/{mid}", sent_back=sent_back)
    try:
        follow_id = (find_follow_up(services.tables, mid)
                     if table is not None and table.match.is_over else None)
    except Exception:  # a follow-up the store cannot open: a tap says why (open_next)
        follow_id = None
    # A watcher's page moves onto the follow-up as the scorekeeper makes it, and says so there.
    moved = use_moved_on(mid, follow_id, services.keeps_score,
                         table is not None and table.match.HAS_NEXT_GAME)
    if missing:
        return missing
    match, shown = table.match, table.version
    ui = GAME_UIS[match.GAME]

    def set_message(text_error: tuple[Message, bool]) -> None:
        set_said((mid, *text_error))

    def stale() -> bool:
        """Has the browser not yet shown a change made elsewhere? Then the tap was made on an
        older table: say so, and ask the browser again should its answer have gone missing."""
        if in_step.ready():
            return False
        in_step.catch_up()
        set_message((spoken(StaleView().said), True))
        return True

    def may_act() -> bool:
        """May this screen act on the match as it shows it (in step with other sessions, on a
        device that keeps score, not overtaken by a newer version)? For a tap the game screen
        answers itself, e.g. with a refusal worked out from the match. If not, it says why on
        the message line. Nothing changes either way (no other session re-renders)."""
        if stale():
            return False
        try:
            services.tables.check(mid, seen=shown)
        except RuleViolation as error:
            set_message((spoken(error.said), True))
            return False
        return True

    def act(action: Callable[[Match], Any], done: Any = None) -> bool:
        """Do `action` on the match and save it; False (the reason on the message line) if
        refused. `done` is the message when it is taken (the new history entry by default): a
        `Message`, or what an engine said, or text already in the session's language ("")."""
        if stale():
            return False
        try:
            services.tables.act(mid, action, seen=shown)
        except RuleViolation as error:
            set_message((spoken(error.said), True))
            set_seen(table.version)
            return False
        except OSError as error:
            reason = str(error)  # the system's own words
            sentence = getattr(error, "said", None)  # or the store's (a full storage), as data
            set_message(((lambda: say(sentence)) if sentence is not None else
                         (lambda: _("Could not save, so nothing changed: {reason}").format(
                             reason=reason)), True))
            set_seen(-1)
            return False
        said_now = last_said(match) if done is None else done
        set_message((said_now if callable(said_now) else spoken(said_now), False))
        set_seen(table.version)
        to_turn()
        return True

    async def scroll_up() -> None:
        if table_ref.current is not None:
            await table_ref.current.scroll_to(offset=0, duration=0)

    def to_turn() -> None:
        """The next turn starts with the game's part scrolled to its top, where its screen puts
        what a turn needs (issue 31's thumb zone), not where the last tap left it."""
        page.run_task(scroll_up)

    def undo(e: Any) -> None:
        if not match.can_undo and back_to is not None:
            go_back()
            return
        what = last_said(match)
        act(lambda m: m.undo(),
            (lambda: _("Undone: {action}").format(action=say(what))) if what
            else (lambda: _("Undone.")))

    def redo(e: Any) -> None:
        if not match.can_redo and remake:
            open_next(back[1])
            return
        if act(lambda m: m.redo(), ""):
            if match.history and ui.says_itself(match.history[-1]):
                set_message((lambda: _("Redone."), False))
            else:
                what = last_said(match)
                set_message((lambda: _("Redone: {action}").format(action=say(what)), False))

    def open_next(starter: str | None) -> None:
        """Open the finished match's one follow-up, making it on the first tap: Caro's next
        game (`starter` chooses among tied losers), else the same game with the same players
        and options."""
        def enter(fid: str) -> None:
            set_back(("", None))  # in it, another session's Undo may take it back: follow that
            page.navigate(f"/match/{fid}")

        if follow_id is not None:  # anyone may open what exists already
            enter(follow_id)
            return
        if not may_act():
            return
        if not match.is_over:
            set_message((lambda: _("The match is not over yet."), True))
            return
        def make() -> Match:
            if match.HAS_NEXT_GAME:
                return match.next_game(starter=starter)
            return match.play_again()

        try:
            fresh = open_follow_up(services.tables, mid, make)
        except RuleViolation as error:  # a locked device, a starter who did not lose
            set_message((spoken(error.said), True))
            return
        except Exception as error:  # could not save, or a follow-up file the store refuses
            # the store's words as data where it made them (a damaged file's notice), said in
            # the session's language when the line is drawn
            reason = getattr(error, "said", None) or str(error)
            set_message((lambda: _("The next match could not be opened: {reason}").format(
                reason=say(reason)), True))
            return
        enter(fresh)

    follow_up = FollowUp(made=follow_id is not None, open=open_next)
    # A page sent back here from a follow-up taken back says so until it is made again.
    told = said[0] == mid and not (said[1] in TAKEN_BACK and follow_id is not None)
    message = ((said[1](), said[2], getattr(said[1], "ruling", None)) if told
               else ("", False, None))
    # A follow-up with nothing played in it (nor to redo) can be taken back by Undo; the
    # finished match it was taken back to offers it again by Redo.
    unplayed = services.keeps_score and not (match.can_undo or match.can_redo)
    back_to = find_previous(services.tables, mid) if unplayed else None
    remake = back[0] == mid and match.is_over and follow_id is None

    def go_back() -> None:
        if stale():
            return
        try:
            previous = take_back(services.tables, mid, seen=shown)
        except RuleViolation as error:  # locked meanwhile, or another phone played in it
            set_message((spoken(error.said), True))
            set_seen(table.version)
            return
        except OSError as error:
            reason = str(error)
            set_message((lambda: _("Could not take it back, so nothing changed: {reason}")
                         .format(reason=reason), True))
            return

        def taken_back() -> str:
            if match.HAS_NEXT_GAME:
                return _("The next game was taken back (nothing was played in it): Redo or "
                         "Next game starts it again.")
            return _("The match played again was taken back (nothing was played in it): Redo "
                     "or Play again starts it again.")

        set_back((previous, match.current if match.HAS_NEXT_GAME else None))
        set_said((previous, taken_back, False))
        page.navigate(f"/match/{previous}")

    # Games whose engine starts the next game itself (Caro: the loser starts) offer it on their
    # own screen; the others get a new match with the same players and options.
    again: list[ft.Control] = []
    if match.is_over and not match.HAS_NEXT_GAME and (services.keeps_score or follow_up.made):
        label = (_("Open the match played again") if follow_up.made
                 else _("Play again: same players and options"))
        again = [tall_button(label, ft.Icons.REPLAY, lambda e: open_next(None))]
    if match.is_over:  # its result as a picture, to the share sheet (any phone, any game)
        again.append(ShareResult(match_id=mid, key=f"{mid}@share"))
    winners = match.won_by if match.is_over else None

    def action(icon: ft.IconData, label: str, handler: Callable[[Any], Any],
               disabled: bool = False) -> ft.Control:
        # Kept by its icon (its place), rebuilt when its words change (another language).
        return kept.get(("action", icon), (label, disabled), icon_action, icon, label,
                        kept.stable(icon, handler), disabled=disabled)

    def pause(e: Any) -> None:
        act(lambda m: m.pause())

    def resume(e: Any) -> None:
        act(lambda m: m.resume())

    # The clock's Pause sits in the bottom bar with Undo and Redo (the thumb zone, 48 px, never
    # above the turn's controls); while paused the bar holds the one Resume, and the band above
    # says so to every device. The game's next action resumes it too (core.Match.pause).
    clock_control = (
        kept.get("resume", (_("Resume"),), ft.FilledButton, _("Resume"),
                 icon=ft.Icons.PLAY_ARROW, height=48, on_click=kept.stable("resume", resume))
        if match.paused else
        action(ft.Icons.PAUSE, _("Pause"), pause, disabled=not match.can_pause))
    paused_line = [kept.get("paused", (words(),), paused_notice)] if match.paused else []
    standings = match.standing_figures()
    # What the turn needs sits in the lower two thirds of the screen (issue 31, a thumb zone):
    # the scoreboard and the message line above, in a band of their own (scrolled there when
    # they are taller, with the scrollbar shown as the sign of it); the game's screen below it,
    # in its own scroller (its bar shown too); Undo and Redo in the bar at the bottom. The app
    # bar keeps only where to go. HEAD_SHARE of the space between the bars puts the band's lower
    # edge, so the game's first row, just under a third of a 640 or a 915 px screen's height
    # (227 and 309 px: a 27% band left Ratel's Pass at 297 of 915).
    header = ft.Column(
        [
            *paused_line,
            # The standings as data: the board writes them in the session's language (its
            # words are part of what it was built from).
            kept.get("scores", (standings, match.current, winners, match.ahead, words(),
                                row_width),
                     scoreboard, standings, current=match.current, winners=winners,
                     ahead=match.ahead, width=row_width),
            *moved,
            kept.get("message", message, message_line, message[0], error=message[1],
                     ruling=message[2]),
            *following_banner(services.keeps_score),
        ],
        spacing=8,
        scroll=ft.ScrollMode.ALWAYS,
    )
    table_part = ft.Column(
        [
            # Over, the match's one follow-up comes first, at the top of the thumb zone: under
            # a long final screen (a round's results, the plays) it sat below the fold.
            *again,
            # A keeper's game screen starts afresh after a change made elsewhere, so its own
            # picks (a card, a cell) never apply to a table they were not made on.
            # A watcher reads the game's watch view: no pad, card or cell to tap.
            # A game without one shows its screen disabled (greyed, never tapped).
            ui.watch(match=match, follow_up=follow_up, key=f"{mid}@watch")
            if ui.watch is not None and not services.keeps_score else ft.Container(
                disabled=not services.keeps_score,
                content=TableTop(to_turn, lambda: ui.screen(
                    match=match, act=act, may_act=may_act, follow_up=follow_up,
                    version=shown,
                    key=f"{mid}@{in_step.fresh if services.keeps_score else 0}")),
            ),
        ],
        spacing=10,
        scroll=ft.ScrollMode.ALWAYS,
    )
    table_ref.current = table_part
    return ft.View(
        route=f"/match/{mid}",
        appbar=ft.AppBar(
            title=kept.get("title", say(ui.short_title), bar_title, say(ui.short_title)),
            actions=bar_actions(row_width + 20, [
                (ft.Icons.MENU_BOOK, _("Rules"),
                 lambda e: page.navigate(f"/match/{mid}/rules"), False),
                (ft.Icons.HISTORY, _("Timeline"),
                 lambda e: page.navigate(f"/match/{mid}/timeline"), False),
                (ft.Icons.LEADERBOARD, _("Big scoreboard"),
                 lambda e: page.navigate(f"/match/{mid}/board"), False),
            ], button=action),
        ),
        # A watcher's screen has no Undo or Redo (nothing greyed to puzzle over).
        bottom_appbar=ft.BottomAppBar(
            height=BOTTOM_BAR,
            padding=ft.Padding.symmetric(horizontal=10, vertical=2),
            content=ft.Row(
                [
                    action(ft.Icons.UNDO, _("Undo"), undo,
                           disabled=not (match.can_undo or back_to is not None)),
                    action(ft.Icons.REDO, _("Redo"), redo,
                           disabled=not (match.can_redo or remake)),
                    clock_control,
                ],
                alignment=ft.MainAxisAlignment.CENTER,
                spacing=24,
            ),
        ) if services.keeps_score else None,
        padding=10,
        spacing=10,
        controls=[
            ft.Container(header, expand=HEAD_SHARE),
            ft.Container(table_part, expand=100 - HEAD_SHARE),
        ],
    )


@ft.component
def RulesScreen() -> ft.View:
    """The game's rules sheet; opened at a ruling ("/match/<id>/rules/K6", a "Why?" link's), it
    scrolls there and marks it."""
    services = use_services()
    params = ft.use_route_params()
    mid = params.get("id", "")
    route = f"/match/{mid}/rules" + (f"/{params['rule']}" if "rule" in params else "")
    try:
        ui = GAME_UIS[services.tables.get(mid).match.GAME]
    except Exception:
        return missing_view(route, _("This match is not stored here."))
    sheet = ui.rules()
    # Only a ruling the sheet names is a place to go: the address is the browser's, untrusted.
    at = params.get("rule") if sheet is not None and params.get("rule") in rulings(sheet) else None
    view = ft.View(
        route=route,
        appbar=ft.AppBar(title=bar_title(_("{game}: rules").format(game=say(ui.title)))),
        scroll=ft.ScrollMode.AUTO,
        padding=14,
        controls=sheet_controls(sheet, at) if sheet is not None else
        [ft.Text(_("{game} has no rules sheet here yet.").format(game=say(ui.title)))],
    )
    shown = ft.use_ref(None)  # the view as first drawn: the control the page holds
    if shown.current is None:
        shown.current = view

    async def scroll_there() -> None:
        await shown.current.scroll_to(scroll_key=at)

    def go_to_ruling() -> None:
        if at is not None:
            ft.context.page.run_task(scroll_there)

    ft.use_effect(go_to_ruling, [at])
    return view

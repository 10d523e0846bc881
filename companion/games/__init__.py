"""The games the app offers: each registers its Match class, its screen and its new-match options.

The shell (home, new match, the match frame, history, timeline, chart, big scoreboard, statistics)
knows games only through `GAME_UIS` and what each Match declares (standing_figures, counts,
step_groups, FINAL_SCORE), so a game is added by writing its rules in scoring/, its module here,
and listing it in `_MODULES` (and scoring.GAMES); nothing else changes.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from companion.i18n import LANGUAGES, N_, language
from companion.i18n.choice import DEFAULT
from scoring.core import Match
from scoring.said import Said, Term

RULES_DIR = Path(__file__).resolve().parent.parent / "rules"
# Each module defines UI = GameUI(...); a game appears in the app once its module is listed.
_MODULES = ("caro", "carrera", "ratel", "careta", "sheet")


@dataclass(frozen=True)
class GameUI:
    """Everything the shell needs to offer one game."""

    match_cls: type[Match]
    # blurb, first_label, first_hint and stats_note are English message ids, marked with N_
    # where a game defines them; the shell says them in the session's language, `_(ui.blurb)`.
    blurb: str
    # The component drawing the match: screen(match=..., act=..., may_act=..., follow_up=...,
    # version=...). act(action, done=None) runs action(match), saves it and returns whether
    # it was taken (a refusal is on the message line); may_act() only asks whether the screen
    # may act on the match as it shows it, before answering a tap itself (a refusal worked out
    # from the match), and changes nothing. follow_up (companion.session.follow_up.FollowUp) opens
    # the one next game of a finished match with HAS_NEXT_GAME (Caro); the frame offers Play
    # again for the others. version is the match's version the screen draws.
    screen: Callable[..., Any]
    # Build a new match from the players in seating order, the chosen first player and options.
    create: Callable[[list[str], str, dict[str, Any]], Match]
    # The match as a session that does not keep score reads it (--lan without the PIN), and as
    # every device reads a past table (the timeline's step):
    # watch(match=..., follow_up=...) draws what the table reads beside the scoreboard (whose
    # turn, the table's state, the log) with no pad, picker or hint addressed to the scorekeeper,
    # and nothing to tap but opening a follow-up that exists. None: `screen`, disabled.
    watch: Callable[..., Any] | None = None
    # "" for a game where nobody goes first (the score sheet): New match does not ask.
    first_label: str = N_("Starting player")
    first_hint: str = ""
    # New-match options: defaults, and a component options(values=..., set_values=...,
    # players=...) that edits them (None when the game has no options of its own).
    defaults: dict[str, Any] = field(default_factory=dict)
    options: Callable[..., Any] | None = None
    # The name in a match screen's app bar, beside five icons: about 7 letters fit on a phone.
    # A glossary word like the title (`term("game title", ...)`), said in the session's language.
    bar_title: Term | str = ""
    # The settings of a new match that the app remembers for the next time, as values (the
    # score sheet's: Home then starts it in one tap, storage/sheets.py); None keeps nothing.
    kept_settings: Callable[[Match], dict[str, Any]] | None = None
    # A component Home shows above New match (the remembered score sheets); None: nothing.
    on_home: Callable[..., Any] | None = None
    # Said under the game's figures on the Statistics screen, about its average final score.
    stats_note: str = ""
    # A section of the game's own on the Statistics screen, under the players (the score
    # sheet's named games): stats_section(summaries, period) -> controls; None: nothing.
    stats_section: Callable[[list[Any], str], list[Any]] | None = None
    # Does the game's screen itself say this history entry where the eye goes (Careta's "Last
    # game" panel says a game's result)? Then Redo's message line does not say it again.
    says_itself: Callable[[dict[str, Any]], bool] = lambda entry: False

    @property
    def game(self) -> str:
        return self.match_cls.GAME

    @property
    def title(self) -> Term:
        """The game's name as its players write it (`Match.title_word`), said with `say`."""
        return self.match_cls.title_word()

    @property
    def short_title(self) -> Term:
        if isinstance(self.bar_title, Term):
            return self.bar_title
        return Term("game title", self.bar_title) if self.bar_title else self.title

    @property
    def players_said(self) -> Said:
        """How many play: "2–4 players", "4 players" (`Match.players_said`)."""
        return self.match_cls.players_said()

    @property
    def players(self) -> range:
        return self.match_cls.PLAYERS

    def rules(self) -> str | None:
        """The rules sheet in the session's language (English when it has none): the rulebook
        summary and the rulings the app applies (Markdown); None when the game has no sheet."""
        code = language()
        # The code is one of LANGUAGES (choice.py refuses any other), never a path a page sent.
        if code in LANGUAGES and code != DEFAULT:
            sheet = RULES_DIR / code / f"{self.game}.md"
            if sheet.is_file():
                return sheet.read_text(encoding="utf-8")
        english = RULES_DIR / f"{self.game}.md"
        return english.read_text(encoding="utf-8") if english.is_file() else None


def _load() -> dict[str, GameUI]:
    uis = {}
    for name in _MODULES:
        ui: GameUI = importlib.import_module(f"companion.games.{name}").UI
        uis[ui.game] = ui
    return uis


GAME_UIS: dict[str, GameUI] = _load()

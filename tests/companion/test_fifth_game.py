"""A fifth game, added in games/ (and scoring's registry) only, works on every screen.

The tests' Tally, given a history grouped by rounds, its standings as data, one count and a
final score, is registered for one test and walked through Home, New match, the match screen,
Timeline, Chart, Big scoreboard, History, Statistics and both exports of a real Flet session (no
browser). The screens know no game by name: before the games declared what they need, Timeline
and Chart raised KeyError for any game but the four.
"""

from __future__ import annotations

import asyncio
import csv
import io
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any, ClassVar

import flet as ft
import pytest
from flet.messaging.session import Session

import scoring
from companion.games import GAME_UIS, GameUI
from companion.widgets import export_dialog
from scoring import caro
from scoring.core import Count, FinalScore, Standing
from storage import Store
from storage.transfer import Export
from tests.support.companion.apart import run_apart
from tests.support.companion.caro_undo_cost import open_route
from tests.support.companion.tree import every
from tests.support.tally import Tally


class RoundTally(Tally):
    """Tally with what the screens ask of a game: players add points in rounds of one add each."""

    GAME = "round-tally"
    TITLE = "Round Tally"
    _APPEND_ONLY: ClassVar[frozenset[str]] = frozenset({"_story"})
    GROUPED_BY: ClassVar[tuple[str, ...]] = ("round",)
    FINAL_SCORE: ClassVar[FinalScore | None] = FinalScore("points")

    def _setup(self, settings: dict[str, Any]) -> None:
        super()._setup(settings)
        self._story: list[dict[str, Any]] = []

    def _on_add(self, event: dict[str, Any]) -> None:
        super()._on_add(event)
        self._story.append({"text": f"{event['player']} adds {event['n']}.",
                            "changes": {event["player"]: event["n"]},
                            "round": len(self._story) // len(self.total) + 1})

    @property
    def history(self) -> list[dict[str, Any]]:
        return [dict(entry, changes=dict(entry["changes"])) for entry in self._story]

    def standings(self) -> list[tuple[str, str]]:
        return [(row.name, row.text) for row in self.standing_figures()]

    def standing_figures(self) -> list[Standing]:
        return [Standing(p, t, "points") for p, t in self.total.items()]

    @property
    def counts(self) -> list[Count]:
        return [Count("points", dict(self.total))]

    @property
    def final_scores(self) -> dict[str, int] | None:
        return dict(self.total) if self.is_over else None


@ft.component
def TallyScreen(match: RoundTally, act: Callable[..., Any], **_: Any) -> ft.Control:
    return ft.Column([
        ft.FilledButton(f"Add 1 for {p}", on_click=lambda e, p=p: act(lambda m: m.add(p, 1)))
        for p in match.players
    ])


UI = GameUI(
    match_cls=RoundTally,
    blurb="Add points until someone reaches three.",
    screen=TallyScreen,
    create=lambda players, first, options: RoundTally(players, limit=3),
    stats_note="A tally's points.",
)


@pytest.fixture
def fifth_game(monkeypatch: pytest.MonkeyPatch) -> None:
    """RoundTally offered by the registries for one test (monkeypatch takes it out after)."""
    monkeypatch.setitem(scoring.GAMES, RoundTally.GAME, RoundTally)
    monkeypatch.setitem(GAME_UIS, RoundTally.GAME, UI)


def texts(session: Session) -> list[str]:
    """Every text and accessible label the page holds."""
    found = []
    for c in every(session.page):
        for name in ("value", "label", "semantics_label"):
            value = getattr(c, name, None)
            if isinstance(value, str) and value:
                found.append(value)
        if isinstance(getattr(c, "content", None), str):
            found.append(c.content)
        if isinstance(c, ft.Text) and c.spans:
            found.append("".join(span.text or "" for span in c.spans))
    return found


async def tap(session: Session, which: Callable[[Any], bool]) -> None:
    """A click on the first control `which` picks, on the page or in an open dialog."""
    dialogs = session.page._dialogs.controls  # shown dialogs sit outside the page's views
    control = next(c for root in (session.page, *dialogs) for c in every(root) if which(c))
    await session.dispatch_event(control._i, "click", None)
    await asyncio.sleep(0.1)


def button(label: str) -> Callable[[Any], bool]:
    return lambda c: isinstance(c, ft.FilledButton | ft.OutlinedButton | ft.TextButton) \
        and c.content == label


def named(label: str) -> Callable[[Any], bool]:
    return lambda c: isinstance(c, ft.IconButton) and isinstance(c.icon, ft.Icon) \
        and c.icon.semantics_label == label


def test_a_fifth_game_registered_in_games_only_works_on_every_screen(
        tmp_path: Path, fifth_game: None, monkeypatch: pytest.MonkeyPatch) -> None:
    data = tmp_path / "data"
    with Store(data) as store:  # names the new-match screen offers, one tap each
        store.create(caro.Match(players=["Ann", "Ben"]))
    handed: list[Export] = []

    async def keep(picker: Any, export: Export, *, desktop: bool = False) -> str:
        handed.append(export)
        return "Saved."

    monkeypatch.setattr(export_dialog, "hand_over", keep)

    async def walk() -> dict[str, Any]:
        seen: dict[str, Any] = {}
        with Store(data) as store:
            home = await open_route(store, tmp_path, "/")
            seen["home"] = texts(home)

            new = await open_route(store, tmp_path, f"/new/{RoundTally.GAME}")
            for name in ("Ann", "Ben"):
                await tap(new, button(name))
            before = {s.id for s in store.summaries()}
            await tap(new, button("Start match"))
            (mid,) = {s.id for s in store.summaries()} - before

            table = await open_route(store, tmp_path, f"/match/{mid}")
            for name in ("Ann", "Ben", "Ann", "Ann"):  # Ann reaches 3 in round 2
                await tap(table, button(f"Add 1 for {name}"))
            seen["match"] = store.load(mid)
            seen["table"] = texts(table)

            for screen in ("timeline", "chart", "board", "timeline/3"):
                seen[screen] = texts(await open_route(store, tmp_path, f"/match/{mid}/{screen}"))
            seen["stats"] = texts(await open_route(store, tmp_path, "/stats"))

            history = await open_route(store, tmp_path, "/history")
            seen["history"] = texts(history)
            label = f"Export {RoundTally.TITLE}: Ann, Ben"
            for kind in ("JSON", "CSV"):
                await tap(history, named(label))
                await tap(history, button(kind))
            await asyncio.sleep(0.3)  # the exports run in a thread
        return seen

    seen = run_apart(walk())
    match = seen["match"]
    assert isinstance(match, RoundTally) and match.is_over and match.winners == ["Ann"]
    assert "New Round Tally match" in seen["home"]
    assert not any("went wrong" in t or "Error" in t for s in seen.values()
                   if isinstance(s, list) for t in s)
    assert {"Round 1", "Round 2", "Ann adds 1.", "Ann +1", "Ben +1"} <= set(seen["timeline"])
    assert "Points chart over 4 steps: Ann 3, Ben 1" in seen["chart"]
    board = seen["board"]
    assert "Game over: Ann wins!" in board and "Ann: 3 points, winner" in board
    assert "3" in board and "points" in board  # the large figure and its unit apart
    assert "Ann adds 1." in seen["timeline/3"]
    assert f"{RoundTally.TITLE}: Ann, Ben" in seen["history"]
    stats = " | ".join(seen["stats"])
    assert "average 3 points" in stats and f"{RoundTally.TITLE}: A tally's points." in stats

    exported = {e.filename.rsplit(".", 1)[-1]: e for e in handed}
    assert set(exported) == {"json", "csv"}
    back = json.loads(exported["json"].data)
    assert [m["events"] for m in back["matches"]] == [match.events]
    rows = list(csv.reader(io.StringIO(exported["csv"].data.decode("utf-8-sig"))))
    assert [(r[5], r[6], r[7], r[9]) for r in rows[1:]] == [
        ("Ann", "1", "points", "1"), ("Ben", "1", "points", "1"),
        ("Ann", "1", "points", "2"), ("Ann", "1", "points", "3")]

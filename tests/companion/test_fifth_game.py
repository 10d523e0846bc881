"""A fifth game, added in games/ (and scoring's registry) only, works on every screen.

The tests' Tally, given a history grouped by rounds, its standings as data, one count and a
final score, is registered for one test and walked through Home, New match, the match screen,
Timeline, Chart, Big scoreboard, History, Statistics and both exports of a real Flet session (no
browser). The screens know no game by name: before the games declared what they need, Timeline
and Chart raised KeyError for any game but the four.
"""

from __future__ import annotations

import ast
import asyncio
import csv
import io
import json
import sys
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any, ClassVar

import flet as ft
import pytest
from flet.messaging.session import Session

import companion.i18n
import scoring
from companion.games import GAME_UIS, GameUI
from companion.i18n.catalog import Voice, catalog
from companion.i18n.phrases import plain
from companion.widgets import export_dialog
from scoring import caro
from scoring.core import Count, FinalScore, Part, Standing, Unit
from scoring.said import render, term, term_n
from storage import Store
from storage.transfer import Export
from tests.support.companion.apart import run_apart
from tests.support.companion.caro_undo_cost import open_route
from tests.support.companion.tree import caption, every
from tests.support.tally import Tally


class RoundTally(Tally):
    """Tally with what the screens ask of a game: players add points in rounds of one add each."""

    GAME = "round-tally"
    TITLE = "Round Tally"
    _APPEND_ONLY: ClassVar[frozenset[str]] = frozenset({"_story"})
    GROUPED_BY: ClassVar[tuple[str, ...]] = ("round",)
    PARTS: ClassVar[Mapping[str, Part]] = {
        "round": Part(term("round-tally part", "Round {n}"), term("round-tally part", "round {n}"))}
    FINAL_SCORE: ClassVar[FinalScore | None] = FinalScore("points")

    def _setup(self, settings: dict[str, Any]) -> None:
        super()._setup(settings)
        self._story: list[dict[str, Any]] = []

    def _on_add(self, event: dict[str, Any]) -> None:
        super()._on_add(event)
        self._story.append({"text": f"{event['player']} adds {event['n']}.",
                            "changes": {event["player"]: event["n"]},
                            self.GROUPED_BY[0]: len(self._story) // len(self.total) + 1})

    @property
    def history(self) -> list[dict[str, Any]]:
        return [dict(entry, changes=dict(entry["changes"])) for entry in self._story]

    def standings(self) -> list[tuple[str, str]]:
        return [(row.name, row.text) for row in self.standing_figures()]

    def standing_figures(self) -> list[Standing]:
        unit = self.unit_named(self.SCORE_UNIT)
        return [Standing(p, t, unit.words if unit is not None else "") for p, t in
                self.total.items()]

    @property
    def counts(self) -> list[Count]:
        return [Count(self.SCORE_UNIT, dict(self.total))]

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
    """Every text and accessible label the page holds, as a person reads it (a Japanese
    screen's phrase joiners taken out: companion/i18n/phrases.py)."""
    found = []
    for c in every(session.page):
        for name in ("value", "label", "semantics_label"):
            value = getattr(c, name, None)
            if isinstance(value, str) and value:
                found.append(plain(value))
        if isinstance(getattr(c, "content", None), str):
            found.append(c.content)
        if isinstance(c, ft.Text) and c.spans:
            found.append(plain("".join(span.text or "" for span in c.spans)))
    return found


async def tap(session: Session, which: Callable[[Any], bool]) -> None:
    """A click on the first control `which` picks, on the page or in an open dialog."""
    dialogs = session.page._dialogs.controls  # shown dialogs sit outside the page's views
    control = next(c for root in (session.page, *dialogs) for c in every(root) if which(c))
    await session.dispatch_event(control._i, "click", None)
    await asyncio.sleep(0.1)


def button(label: str) -> Callable[[Any], bool]:
    return lambda c: isinstance(c, ft.FilledButton | ft.OutlinedButton | ft.TextButton) \
        and caption(c) == label


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


# -- a fifth game's own words, in every language ---------------------------------------------------


class HandTally(RoundTally):
    """A fifth game with words no other game has: its steps grouped in hands, chips for a
    score, four players exactly, and a title each language writes its own way."""

    GAME = "hand-tally"
    TITLE = "Hand Tally"
    PLAYERS: ClassVar[range] = range(4, 5)
    GROUPED_BY: ClassVar[tuple[str, ...]] = ("hand",)
    PARTS: ClassVar[Mapping[str, Part]] = {
        "hand": Part(term("hand-tally part", "Hand {n}"), term("hand-tally part", "hand {n}"))}
    SCORE_UNIT: ClassVar[str] = "chips"
    UNITS: ClassVar[Mapping[str, Unit]] = {
        "chips": Unit(term_n("hand-tally score", "{n} chip", "{n} chips", 1),
                      term("hand-tally score", "Chips"), term("hand-tally score", "chips"))}
    FINAL_SCORE: ClassVar[FinalScore | None] = FinalScore("chips")


HAND_UI = GameUI(match_cls=HandTally, blurb="", screen=TallyScreen,
                 create=lambda players, first, options: HandTally(players, limit=2))

# The game's words as its catalogs would hold them: (context, id) -> each form.
HAND_WORDS: dict[str, dict[tuple[str, str], tuple[str, ...]]] = {
    "es": {("game title", "Hand Tally"): ("Cuenta de manos",),
           ("hand-tally part", "Hand {n}"): ("Mano {n}",),
           ("hand-tally score", "{n} chip"): ("{n} ficha", "{n} fichas"),
           ("hand-tally score", "Chips"): ("Fichas",), ("hand-tally score", "chips"): ("fichas",)},
    "de": {("game title", "Hand Tally"): ("Handzählung",),
           ("hand-tally part", "Hand {n}"): ("Hand {n}",),
           ("hand-tally score", "{n} chip"): ("{n} Chip", "{n} Chips"),
           ("hand-tally score", "Chips"): ("Chips",), ("hand-tally score", "chips"): ("Chips",)},
    "ja": {("game title", "Hand Tally"): ("ハンドタリー",),
           ("hand-tally part", "Hand {n}"): ("第{n}ハンド",),
           ("hand-tally score", "{n} chip"): ("チップ{n}枚",),
           ("hand-tally score", "Chips"): ("チップ",), ("hand-tally score", "chips"): ("チップ",)},
}
# What each screen says with them (the shell's own sentences from the real catalogs).
HAND_SAID = {
    "en": {"title": "Hand Tally", "new": "New Hand Tally match", "players": "4 players",
           "hand": "Hand 1", "change": "Ann +1 chip", "chart": "Chips",
           "average": "average 2 chips"},
    "es": {"title": "Cuenta de manos", "new": "Nueva partida: Cuenta de manos",
           "players": "4 jugadores", "hand": "Mano 1", "change": "Ann +1 ficha",
           "chart": "Fichas", "average": "media 2 fichas"},
    "de": {"title": "Handzählung", "new": "Neue Handzählung-Partie", "players": "4 Spieler",
           "hand": "Hand 1", "change": "Ann +1 Chip", "chart": "Chips",
           "average": "Durchschnitt 2 Chips"},
    "ja": {"title": "ハンドタリー", "new": "ハンドタリーの新しい対戦", "players": "4人",
           "hand": "第1ハンド", "change": "Ann チップ+1枚", "chart": "チップ",
           "average": "平均チップ2枚"},
}


def speaking(monkeypatch: pytest.MonkeyPatch, code: str) -> None:
    """Every screen speaks `code` (as a device that chose it), the hand tally's words in its
    catalog."""
    found = catalog(code)
    for key, forms in HAND_WORDS.get(code, {}).items():
        if len(forms) == 1 and "{n} chip" not in key[1]:
            monkeypatch.setitem(found.single, key, forms[0])
        else:
            monkeypatch.setitem(found.forms, key, forms)
    voice = Voice(code)
    original = companion.i18n.words
    for module in list(sys.modules.values()):
        if getattr(module, "__name__", "").startswith("companion") and \
                getattr(module, "words", None) is original:
            monkeypatch.setattr(module, "words", lambda: voice)


@pytest.mark.parametrize("code", ["en", "es", "de", "ja"])
def test_a_fifth_games_own_words_show_in_each_language(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, code: str) -> None:
    monkeypatch.setitem(scoring.GAMES, HandTally.GAME, HandTally)
    monkeypatch.setitem(GAME_UIS, HandTally.GAME, HAND_UI)
    speaking(monkeypatch, code)
    said = HAND_SAID[code]
    players = ["Ann", "Ben", "Cleo", "Dan"]
    match = HandTally(players, limit=2)
    for name in ("Ann", "Ben", "Cleo", "Dan", "Ann"):  # Ann reaches 2 in hand 2
        match.add(name, 1)
    data = tmp_path / "data"
    with Store(data) as store:
        mid = store.create(match)

    async def walk() -> dict[str, list[str]]:
        with Store(data) as store:
            return {route: texts(await open_route(store, tmp_path, route))
                    for route in ("/", f"/new/{HandTally.GAME}", f"/match/{mid}/timeline",
                                  f"/match/{mid}/chart", "/history", "/stats")}

    seen = run_apart(walk())
    home = seen["/"]
    assert said["title"] in home and said["new"] in home
    assert any(t.startswith(said["players"] + " · ") for t in home), home
    assert said["new"] in seen[f"/new/{HandTally.GAME}"]
    timeline = seen[f"/match/{mid}/timeline"]
    assert said["hand"] in timeline and said["change"] in timeline, timeline
    assert said["chart"] in seen[f"/match/{mid}/chart"]
    assert any(said["title"] in t for t in seen["/history"])
    stats = " | ".join(seen["/stats"])
    assert said["title"] in stats and said["average"] in stats, stats
    if code != "en":  # the game's English words are nowhere
        for word in ("Hand Tally", "chip", "players"):
            assert not any(word in t for s in seen.values() for t in s), word


@pytest.mark.parametrize("players, said", [
    (range(4, 5), {"en": "4 players", "es": "4 jugadores", "de": "4 Spieler", "ja": "4人"}),
    (range(2, 5), {"en": "2–4 players", "es": "2–4 jugadores", "de": "2–4 Spieler",
                   "ja": "2〜4人"}),
    (range(1, 2), {"en": "1 player", "es": "1 jugador", "de": "1 Spieler", "ja": "1人"}),
])
def test_the_player_count_reads_as_a_box_says_it(players: range, said: dict[str, str]) -> None:
    class Counted(Tally):
        PLAYERS = players

    for code, text in said.items():
        assert render(Counted.players_said(), Voice(code)) == text


def test_games_titles_as_their_players_write_them_on_home_and_new_match(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    async def walk(routes: tuple[str, ...]) -> dict[str, list[str]]:
        with Store(tmp_path / "data") as store:
            return {route: texts(await open_route(store, tmp_path, route)) for route in routes}

    speaking(monkeypatch, "ja")
    seen = run_apart(walk(("/", "/new/ratel", "/new/carrera")))
    assert {"ラーテル", "ラーテルの新しい対戦"} <= set(seen["/"])
    assert "ラーテルの新しい対戦" in seen["/new/ratel"]
    assert not any("Ratel" in t for s in seen.values() for t in s)
    speaking(monkeypatch, "de")
    seen = run_apart(walk(("/", "/new/ratel")))
    assert "Neue Ratel-Partie" in seen["/"] and "Neue Ratel-Partie" in seen["/new/ratel"]
    # a title of several words is never glued into a compound
    assert "Neue Partie: My Favorite Carrera RS" in seen["/"]
    assert not any("RS-" in t for t in seen["/"])


SHELL = ("companion/describe", "companion/screens", "companion/widgets")


def _literals(path: Path) -> list[tuple[int, str]]:
    """The string literals of a module's code, docstrings left out (their examples name games)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    docs = {id(node.body[0].value) for node in ast.walk(tree)
            if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef)
            and node.body and isinstance(node.body[0], ast.Expr)
            and isinstance(node.body[0].value, ast.Constant)}
    return [(node.lineno, node.value) for node in ast.walk(tree)
            if isinstance(node, ast.Constant) and isinstance(node.value, str)
            and id(node) not in docs]


def test_no_shell_module_names_a_game_a_unit_or_a_part() -> None:
    root = Path(__file__).resolve().parents[2]
    games = scoring.GAMES.values()
    # ("game" is also the shell's own word: the game a route or a filter names)
    named = ({cls.GAME for cls in games} | {code for cls in games for code in cls.UNITS}
             | {part for cls in games for part in cls.PARTS} - {"game"} | {"penalty", "hand"})
    titles = {cls.TITLE for cls in games}
    found = [f"{path.relative_to(root)}:{line}: {text!r}"
             for folder in SHELL for path in sorted((root / folder).rglob("*.py"))
             for line, text in _literals(path)
             if text.lower() in named or any(title in text for title in titles)]
    assert not found, "\n".join(found)

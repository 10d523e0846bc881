"""Statistics per named score sheet game (issue 32): each game a table named ("Hearts", "Uno")
has its own players' wins, average total and best total, the best being the lowest where the
lowest total wins."""

from __future__ import annotations

from pathlib import Path

from companion.games.sheet.stats import sheet_games
from scoring import sheet
from storage import Store


def _played(name: str, low: bool, *rounds: dict[str, int]) -> sheet.Match:
    m = sheet.Match(list(rounds[0]), name=name, lowest_wins=low, end="rounds",
                    rounds=len(rounds))
    for scores in rounds:
        m.add_round(scores)
    assert m.is_over
    return m


def test_each_named_sheet_game_has_its_players_wins_average_and_best(tmp_path: Path) -> None:
    with Store(tmp_path / "data") as store:
        store.create(_played("Hearts", True, {"Ann": 10, "Ben": 16}, {"Ann": 3, "Ben": 23}))
        store.create(_played("hearts", True, {"Ann": 30, "Ben": 20}))  # the same game
        store.create(_played("Uno", False, {"Ann": 50, "Cleo": 80}))
        unfinished = sheet.Match(["Ann", "Ben"], name="Hearts", lowest_wins=True)
        unfinished.add_round({"Ann": 0, "Ben": 99})
        store.create(unfinished)  # in play: not counted
        games = {g.name.casefold(): g for g in sheet_games(store.summaries())}
    assert set(games) == {"hearts", "uno"}
    hearts, uno = games["hearts"], games["uno"]
    assert (hearts.lowest_wins, hearts.played, uno.lowest_wins, uno.played) == (True, 2, False, 1)
    ann, ben = hearts.players
    assert (ann.name, ann.played, ann.wins, ann.average, ann.best) == ("Ann", 2, 1, 21.5, 13)
    assert (ben.name, ben.played, ben.wins, ben.average, ben.best) == ("Ben", 2, 1, 29.5, 20)
    cleo, ann_uno = uno.players
    assert (cleo.name, cleo.wins, cleo.best, ann_uno.wins, ann_uno.best) == ("Cleo", 1, 80, 0, 50)


def test_the_sheet_names_itself_from_its_variant_only() -> None:
    assert sheet.Match.named_by(sheet.Match.variant_said_of(
        {"name": "Uno", "lowest_wins": False, "end": "keeper"})) == ("Uno", False)
    assert sheet.Match.named_by(["Hearts"]) is None

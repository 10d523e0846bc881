"""What every match declares for the screens, the store and the exports to read (no probing):
`current`, `history`, `final_scores` and whether `next_game` gives a next game."""

from __future__ import annotations

import pytest

from scoring import GAMES, careta, caro, carrera, ratel
from scoring.core import Match, RuleViolation
from tests.support.games import games, hook
from tests.support.storage.finished import (
    careta_team_finished,
    caro_finished,
    carrera_finished,
    ratel_penalty_finished,
)
from tests.support.tally import Tally


def test_a_game_that_declares_nothing_gets_the_defaults() -> None:
    m = Tally(["Ann", "Ben"])
    m.add("Ann", 3)
    assert m.current is None and m.history == [] and m.final_scores is None
    assert Tally.HAS_NEXT_GAME is False
    with pytest.raises(RuleViolation) as refused:
        m.next_game()
    assert refused.value.rule == "no-next-game" and "Tally" in str(refused.value)
    assert len(m.events) == 2  # asking for a next game changed nothing


@pytest.mark.parametrize("game", games())
def test_every_game_declares_what_screens_read(game: str) -> None:
    """What each game's test hook says of it (tests/support/games/<game>.py)."""
    cls, told = GAMES[game], hook(game)
    assert issubclass(cls, Match) and cls.HAS_NEXT_GAME is told.HAS_NEXT_GAME
    fresh = told.fresh()
    assert fresh.history == [] and fresh.final_scores is None
    # Whose turn it is at the start: the starter, or nobody before a Careta set is opened.
    assert fresh.current == told.FIRST_TURN
    done = told.finished()
    assert done.is_over and done.history and isinstance(done.history[-1]["text"], str)
    assert all(isinstance(entry["changes"], dict) for entry in done.history)
    # Scores to average where the game has them; Carrera's race has none (M8).
    assert (done.final_scores is not None) is told.FINAL_SCORES


@pytest.mark.parametrize("game", games())
def test_games_without_a_next_game_refuse_it_and_change_nothing(game: str) -> None:
    if hook(game).HAS_NEXT_GAME:
        pytest.skip(f"{game} offers a next game")
    done = hook(game).finished()
    before = done.events
    with pytest.raises(RuleViolation) as refused:
        done.next_game()
    assert refused.value.rule == "no-next-game" and done.events == before


def test_caro_offers_its_next_game_started_by_the_loser() -> None:
    done = caro_finished()
    assert done.HAS_NEXT_GAME and len(done.losers) == 1
    follow = done.next_game()
    assert isinstance(follow, caro.Match) and follow.current == done.losers[0]
    assert follow.players == done.players and follow.history == []


def test_won_by_names_the_winners_as_the_standings_do() -> None:
    for game in games():
        done = hook(game).finished()
        rows = [row.name for row in done.standing_figures()]
        assert done.won_by and all(w in rows for w in done.won_by), game
        if game != "careta" or done.teams is None:
            assert done.won_by == done.winners
        assert hook(game).fresh().won_by == []  # nobody has won yet
    # A team win names the team's row, while `winners` stay its players (statistics).
    team = careta_team_finished()
    assert team.winners == ["Ben", "Dan"]
    assert [str(w) for w in team.won_by] == ["Moons (Ben, Dan)"]
    assert team.won_by[0] in [row.name for row in team.standing_figures()]
    team.undo()
    assert team.won_by == [] and not team.is_over


def test_standing_notes_are_what_the_big_scoreboard_adds() -> None:
    assert Tally(["Ann", "Ben"]).standing_notes == {}
    assert caro.Match(["Ann", "Ben"]).standing_notes == {}
    assert careta.Match(["Ann", "Ben", "Cleo"]).standing_notes == {}
    playing = ratel.Match(["Ann", "Ben", "Cleo"], mode="penalty")
    playing.play(1, 1)
    notes = {name: str(note) for name, note in playing.standing_notes.items()}  # data (Said)
    assert notes == {"Ann": "9 cards in hand", "Ben": "10 cards in hand",
                     "Cleo": "10 cards in hand"}
    assert ratel_penalty_finished().standing_notes == {}  # nobody holds cards after the end
    race = carrera.Match(["Ann", "Ben", "Cleo"])
    notes = {name: str(note) for name, note in race.standing_notes.items()}  # data, as English
    assert notes == {"Ann": "0 momentum", "Ben": "0 momentum", "Cleo": "0 momentum"}
    done = carrera_finished()
    notes = {name: str(note) for name, note in done.standing_notes.items()}
    assert notes == {p: f"{n} momentum" for p, n in done.momentum.items()}

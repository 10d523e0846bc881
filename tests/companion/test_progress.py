"""The timeline's groups and effects and the chart's series, for every game (no browser).

The series add up the history's changes; they are checked against the real table, a replay of
every prefix of the events, over seeded random matches of each game. The groups are checked
against what the table itself says (Carrera's round and trick, Careta's set and game) and, for
Caro, against the turn order.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from companion.describe.progress import Series, corners, effects, group_titles, progress, timeline
from scoring import careta, caro, carrera, ratel
from scoring.core import Match
from tests.support.scoring import careta_playout, caro_playout, ratel_playout
from tests.support.scoring.carrera_playout import random_action as carrera_action


def table_scores(past: Any) -> list[dict[str, int]]:
    """What the scoreboard of a replayed table shows, per series of `progress`."""
    if past.GAME == "caro":
        return [past.scores]
    if past.GAME == "careta":
        return [past.points]
    if past.GAME == "ratel":
        return [past.penalties if past.mode == "penalty" else past.damage]
    return [past.trophies, past.fuel]


def at(series: Series, step: int) -> dict[str, int]:
    return {side: values[step] for side, values in series.values.items()}


def random_carrera(seed: int, ties: str) -> carrera.Match:
    rng = random.Random(seed)
    players = ["Ann", "Ben", "Cleo", "Dan", "Eve"][: rng.choice([3, 4, 5])]
    m = carrera.Match(players, lead=rng.choice(players), ties=ties)
    while not m.is_over:
        carrera_action(m, rng)
    return m


def random_ratel(seed: int, mode: str, results: float = 0.3) -> ratel.Match:
    """A ratel match played by the playout test's chooser, without its per-step checks."""
    rng = random.Random(seed)
    players = ["Ann", "Ben", "Cleo", "Dan", "Eli", "Fay"][: rng.randint(2, 6)]
    m = ratel.Match(players, starter=rng.choice(players), mode=mode, penalty_limit=10)
    while not m.is_over:
        action, kwargs = ratel_playout.choose(m, rng, results)
        getattr(m, action)(**kwargs)
    return m


def random_matches() -> list[Match]:
    matches: list[Match] = []
    for seed in range(3):
        matches.append(caro_playout.playout(2 + seed, seed, True, False, False))
        chooser = careta_playout.Chooser(rng=random.Random(seed))
        matches.append(careta_playout.playout(chooser, cap=150, undo_checks=False))
        matches.append(random_carrera(seed, ("ask", "first", "last")[seed]))
        for mode in ("damage", "short", "penalty"):
            matches.append(random_ratel(seed, mode))
    return matches


MATCHES = random_matches()


@pytest.mark.parametrize("match", MATCHES, ids=lambda m: f"{m.GAME}-{len(m.events) - 1}")
def test_the_series_are_the_scoreboard_after_every_step(match: Match) -> None:
    series = progress(match)
    events = match.events
    assert all(len(v) == len(events) for s in series for v in s.values.values())
    for step in range(len(events)):
        past = type(match).replay(events[: step + 1])
        assert [at(s, step) for s in series] == table_scores(past), f"after step {step}"


@pytest.mark.parametrize("match", MATCHES, ids=lambda m: f"{m.GAME}-{len(m.events) - 1}")
def test_the_timeline_holds_every_step_once_in_order(match: Match) -> None:
    groups = timeline(match)
    steps = [s for g in groups for s in g.steps]
    assert [s.number for s in steps] == list(range(1, len(match.events)))
    assert [s.text for s in steps] == [e["text"] for e in match.history]
    titles = [g.title for g in groups]
    assert len(titles) == len(set(titles)), "a group comes back after another one"


@pytest.mark.parametrize("match", [m for m in MATCHES if m.GAME == "carrera"])
def test_carrera_steps_group_by_the_trick_the_table_was_playing(match: Match) -> None:
    events = match.events
    for i, title in enumerate(group_titles(match)):
        before = type(match).replay(events[: i + 1])
        assert title == f"Round {before.round_no} · trick {before.trick_no}", f"step {i + 1}"


@pytest.mark.parametrize("match", [m for m in MATCHES if m.GAME == "careta"])
def test_careta_steps_group_by_set_and_game(match: Match) -> None:
    events = match.events
    for i, title in enumerate(group_titles(match)):
        after = type(match).replay(events[: i + 2])
        assert title.startswith(f"Set {after.set_no} · ")
        if events[i + 1]["type"] == "start_game":
            assert title == f"Set {after.set_no} · game {after.game_no}"
        if events[i + 1]["type"] == "start_set":
            assert title == f"Set {after.set_no} · the deal"


@pytest.mark.parametrize("match", [m for m in MATCHES if m.GAME == "ratel"])
def test_ratel_steps_group_by_round(match: Match) -> None:
    events = match.events
    for i, title in enumerate(group_titles(match)):
        before = type(match).replay(events[: i + 1])
        assert title == f"Round {before.round_no}"


CARO_GAMES = [(2 + seed % 3, seed % 2 == 0, 100 + seed) for seed in range(6)]


@pytest.mark.parametrize("players, mixed, seed", CARO_GAMES + caro_playout.SEEDS_WITH_PASSES)
def test_caro_rounds_give_every_player_at_most_one_turn_in_seat_order(
        players: int, mixed: bool, seed: int) -> None:
    # Mixed play has rule breaks and forced lays; the last seeds have players skipped (C10).
    m = caro_playout.playout(players, seed, mixed, False, False)
    players, events = m.players, m.events
    starter = events[0]["starter"]
    seat = {p: (players.index(p) - players.index(starter)) % len(players) for p in players}
    turns: dict[str, list[int]] = {}  # round -> seats of the players starting a turn
    previous = None
    for event, title in zip(events[1:], group_titles(m), strict=True):
        if previous is None or previous["type"] == "lay":
            turns.setdefault(title, []).append(seat[event["player"]])
        else:  # the lay after a rule break is the same player's same turn
            assert event["player"] == previous["player"]
        previous = event
    for title, seats in turns.items():
        assert seats == sorted(set(seats)), f"{title}: {seats}"
    assert list(turns) == [f"Round {n}" for n in range(1, len(turns) + 1)]


# -- scripted matches, numbers worked out by hand ----------------------------------------------


def best(m: caro.Match, colour: str) -> tuple[int, int]:
    options = m.options(colour)
    return max(sorted(options), key=lambda c: options[c])


def test_caro_a_rule_break_is_part_of_its_turn() -> None:
    m = caro.Match(["Ann", "Ben", "Cleo"], starter="Ben")
    m.lay("red", (0, 0))  # Ben: the first caro, 10
    m.lay("black", best(m, "black"))  # Cleo: next to red, 10
    m.rule_break("red")  # Ann: -10, must lay red again (rule 5, C8)
    m.lay("red", best(m, "red"))  # Ann: next to black, 10
    m.lay("black", best(m, "black"))  # Ben: round 2 starts with the starter again
    assert group_titles(m) == ["Round 1"] * 4 + ["Round 2"]
    assert [effects(m, e) for e in m.history] == [
        ["Ben +10"], ["Cleo +10"], ["Ann −10"], ["Ann +10"], ["Ben +10"]]
    (points,) = progress(m)
    assert points.title == "Points"
    assert points.values == {"Ann": [0, 0, 0, -10, 0, 0], "Ben": [0, 10, 10, 10, 10, 20],
                             "Cleo": [0, 0, 10, 10, 10, 10]}
    groups = timeline(m)
    assert [(g.title, [s.number for s in g.steps]) for g in groups] == [
        ("Round 1", [1, 2, 3, 4]), ("Round 2", [5])]


def test_careta_team_points_and_games() -> None:
    teams = {"Suns": ["Ann", "Cleo"], "Moons": ["Ben", "Dan"]}
    m = careta.Match(["Ann", "Ben", "Cleo", "Dan"], deck_master="Ann", target=3, teams=teams)
    m.start_set()
    m.start_game("up")  # Ben starts (K4: the player after the Deck Master)
    for stated in (5, 7, 3, 2):  # Ben, Cleo, Dan, Ann
        m.play(m.current, stated)
    m.end_game(unmask={"Cleo": True})  # Cleo's 7 wins UP: +1 for Suns
    m.start_game("down")  # Cleo starts
    for stated in (5, 7, 3, 2):  # Cleo, Dan, Ann, Ben
        m.play(m.current, stated)
    m.doubt(["Cleo"], True)  # Ben doubted in vain: +1 for Moons (K7)
    assert [g.title for g in timeline(m)] == ["Set 1 · the deal", "Set 1 · game 1",
                                              "Set 1 · game 2"]
    assert [len(g.steps) for g in timeline(m)] == [1, 6, 6]
    assert effects(m, m.history[6]) == ["Suns +1"]
    assert effects(m, m.history[12]) == ["Moons +1"]
    (points,) = progress(m)
    assert points.title == "Team points"
    assert points.values == {"Suns": [0] * 7 + [1] * 7, "Moons": [0] * 13 + [1]}


def test_ratel_penalty_rounds_entered_as_results() -> None:
    m = ratel.Match(["Ann", "Ben", "Cleo"], mode="penalty", penalty_limit=10)
    m.record_round(out="Ann", hands={"Ben": 4, "Cleo": 7})
    m.record_round(out="Cleo", hands={"Ben": 6, "Ann": 1})  # Ben reaches 10: over (R6)
    assert m.is_over
    assert group_titles(m) == ["Round 1", "Round 2"]
    assert [effects(m, e) for e in m.history] == [
        ["Ben +4 penalty points", "Cleo +7 penalty points"],
        ["Ann +1 penalty point", "Ben +6 penalty points"]]
    (penalties,) = progress(m)
    assert penalties.title == "Penalty points"
    assert penalties.values == {"Ann": [0, 0, 1], "Ben": [0, 4, 10], "Cleo": [0, 7, 7]}


def test_ratel_damage_tracked_trick_by_trick() -> None:
    m = ratel.Match(["Ann", "Ben"], mode="short")
    m.play(5, 5)  # Ann: 5 x +5; nobody can beat it
    m.pass_turn()  # Ben passes: Ann wins the trick, takes nothing (no other cards)
    m.play(5, -5)  # Ann leads her last 5 cards
    m.pass_turn()  # Ben cannot beat a -5: Ann wins, escapes; Ben, last with cards, 1 damage (R5)
    assert m.is_over and m.damage == {"Ann": 0, "Ben": 1}
    assert group_titles(m) == ["Round 1"] * 4
    assert [effects(m, e) for e in m.history] == [[], [], [], ["Ben +1 damage"]]
    (damage,) = progress(m)
    assert damage.title == "Damage"
    assert damage.values == {"Ann": [0, 0, 0, 0, 0], "Ben": [0, 0, 0, 0, 1]}


def test_carrera_trophies_fuel_and_a_tie_pick_in_its_trick() -> None:
    m = carrera.Match(["Ann", "Ben", "Cleo"], lead="Ann", ties="ask")
    m.play("3", 1)  # Ann: 3 + 1 = 4
    m.play("4A")  # Ben: 4
    m.play(carrera.FACE_DOWN)  # Cleo: a tie between Ann and Ben, the table picks (M5)
    m.resolve_tie("Ben")  # 1 chip to the market; Cleo, face down, refills it (M6)
    m.play("5", 2)  # Ben leads trick 2: 5 + 1 momentum + 2 = 8
    assert group_titles(m) == ["Round 1 · trick 1"] * 4 + ["Round 1 · trick 2"]
    assert effects(m, m.history[0]) == ["Ann −1 fuel"]
    assert effects(m, m.history[4]) == ["Ben −2 fuel"]
    trophies, fuel = progress(m)
    assert (trophies.title, fuel.title) == ("Trophies", "Fuel")
    assert trophies.values == {p: [0] * 6 for p in ("Ann", "Ben", "Cleo")}
    assert fuel.values == {"Ann": [5, 4, 4, 4, 4, 4], "Ben": [5, 5, 5, 5, 5, 3],
                           "Cleo": [5, 5, 5, 5, 5, 5]}


def test_carrera_a_whole_game_won_by_the_lead() -> None:
    m = carrera.Match(["Ann", "Ben", "Cleo"])
    for _ in range(12):  # Ann leads a 5 every trick and wins it; the others play face down
        m.play("5")
        m.play(carrera.FACE_DOWN)
        m.play(carrera.FACE_DOWN)
    assert m.winners == ["Ann"]
    groups = timeline(m)
    assert len(groups) == 12 and all(len(g.steps) == 3 for g in groups)
    assert (groups[5].title, groups[6].title) == ("Round 1 · trick 6", "Round 2 · trick 1")
    assert groups[-1].steps[-1].effects == ["Ann +1 trophy"]
    trophies, fuel = progress(m)
    assert corners(trophies.values["Ann"]) == [(0, 0), (18, 1), (36, 2)]
    assert corners(fuel.values["Ben"]) == [(0, 5), (36, 5)]


def test_corners_keep_only_the_start_the_changes_and_the_end() -> None:
    assert corners([0, 0, 3, 3, 3, 1, 1]) == [(0, 0), (2, 3), (5, 1), (6, 1)]
    assert corners([0, 2]) == [(0, 0), (1, 2)]
    assert corners([4]) == [(0, 4)]
    assert corners([]) == []


def test_a_new_match_has_an_empty_timeline_and_flat_series() -> None:
    m = ratel.Match(["Ann", "Ben"])
    assert timeline(m) == []
    assert progress(m)[0].values == {"Ann": [0], "Ben": [0]}


def test_a_long_match_is_read_in_one_pass_without_a_replay_per_step(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The timeline and the chart of 300 steps replay nothing but the settings (the cost of
    each is one pass over the history; bench/progress.py times it against a baseline)."""
    m = random_ratel(4, "damage", results=0.0)
    seed = 4
    while len(m.events) < 301:
        seed += 1
        m = random_ratel(seed, "damage", results=0.0)
    m = ratel.Match.replay(m.events[:301])  # exactly 300 steps
    replayed: list[int] = []
    original = ratel.Match.replay.__func__

    def counting_replay(cls: type[ratel.Match], events: list[dict]) -> ratel.Match:
        replayed.append(len(events))
        return original(cls, events)

    monkeypatch.setattr(ratel.Match, "replay", classmethod(counting_replay))
    assert len(timeline(m)) > 1 and len(progress(m)[0].values["Ann"]) == 301
    assert replayed == [1], f"events replayed per call: {replayed}"

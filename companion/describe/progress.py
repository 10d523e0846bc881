"""How a match went: its steps grouped the way the table plays them, and each side's score after
every step, for the timeline and the chart.

Pure (no Flet, no I/O): everything is read from the match's events and `history`, whose entries
say what each action did to the scoreboard. A step is one action after the settings: step `n` is
`history[n - 1]`, and the table after it is `Match.replay(events[: n + 1])`. The groups come from
the events (Caro: rounds of turns; Careta: the deal and the games of each set; Ratel: rounds;
Carrera: tricks), the series from adding up the history's changes to the start values of a match
replayed from its settings alone, so both cost one pass over the match (no replay per step).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from scoring import ratel
from scoring.core import Match


@dataclass(frozen=True)
class Step:
    """One action: its number (from 1), what happened, and what it did to the scoreboard."""

    number: int
    text: str
    effects: list[str] = field(default_factory=list)


@dataclass(frozen=True)
class Group:
    """The steps of one round, trick, game or deal, oldest first."""

    title: str
    steps: list[Step]


@dataclass(frozen=True)
class Series:
    """A score per side after every step: `values[side][n]` is the value after step n (0: the
    start), so every list has one value more than the match has steps."""

    title: str
    values: dict[str, list[int]]


# -- the timeline ---------------------------------------------------------------------------------


def _caro_groups(match: Match) -> list[str]:
    """Rounds of turns: a round ends when play comes back round to the starter's seat. A rule
    break (C8) and the lay after it are one turn; a skipped player has no step (C10)."""
    players, events = match.players, match.events
    starter = events[0]["starter"]
    seat = {p: (i - players.index(starter)) % len(players) for i, p in enumerate(players)}
    titles: list[str] = []
    round_no, last_seat, turn_open = 0, len(players), False
    for event in events[1:]:
        if not turn_open:  # the first action of a turn
            if seat[event["player"]] <= last_seat:
                round_no += 1
            last_seat = seat[event["player"]]
        turn_open = event["type"] != "lay"
        titles.append(f"Round {round_no}")
    return titles


def _careta_groups(match: Match) -> list[str]:
    """The deal of each set, then its games (K4); a Cause claimed between games stays with the
    game before it."""
    titles: list[str] = []
    set_no, game_no = 0, 0
    for event in match.events[1:]:
        if event["type"] == "start_set":
            set_no, game_no = set_no + 1, 0
        elif event["type"] == "start_game":
            game_no += 1
        titles.append(f"Set {set_no} · game {game_no}" if game_no else f"Set {set_no} · the deal")
    return titles


def _ratel_groups(match: Match) -> list[str]:
    return [f"Round {entry['round']}" for entry in match.history]


def _carrera_groups(match: Match) -> list[str]:
    """Tricks: a trick is one card from every player, plus the tie pick when one follows (M5);
    six tricks make a round (M1)."""
    events, count = match.events[1:], len(match.players)
    titles: list[str] = []
    trick, played = 0, 0  # tricks finished so far; cards in the trick in progress
    for i, event in enumerate(events):
        titles.append(f"Round {trick // 6 + 1} · trick {trick % 6 + 1}")
        if event["type"] == "play":
            played += 1
        if played == count:
            tie_next = i + 1 < len(events) and events[i + 1]["type"] == "resolve_tie"
            if event["type"] == "resolve_tie" or not tie_next:
                trick, played = trick + 1, 0
    return titles


_GROUPS: dict[str, Callable[[Match], list[str]]] = {
    "caro": _caro_groups,
    "careta": _careta_groups,
    "ratel": _ratel_groups,
    "carrera": _carrera_groups,
}


def _signed(name: str, delta: int, one: str = "", many: str | None = None) -> str:
    unit = one if abs(delta) == 1 or many is None else many
    return f"{name} {delta:+d}{' ' + unit if unit else ''}"


def effects(match: Match, entry: dict[str, Any]) -> list[str]:
    """What one history entry did to the scoreboard, e.g. ["Ann +18"] or ["Ben +1 trophy",
    "Ann -2 fuel"]; [] when it changed nothing there."""
    changes = {k: v for k, v in entry.get("changes", {}).items() if v}
    if isinstance(match, ratel.Match):
        units = ("penalty point", "penalty points") if match.mode == "penalty" \
            else ("damage", None)
        return [_signed(name, delta, *units) for name, delta in changes.items()]
    if match.GAME == "carrera":
        trophies = [_signed(n, d, "trophy", "trophies") for n, d in changes.items()]
        fuel = [_signed(n, d, "fuel") for n, d in entry.get("fuel", {}).items() if d]
        return trophies + fuel
    return [_signed(name, delta) for name, delta in changes.items()]


def group_titles(match: Match) -> list[str]:
    """The group of every step, in step order (one title per history entry)."""
    return _GROUPS[match.GAME](match)


def timeline(match: Match) -> list[Group]:
    """Every step with its effects, grouped by round, trick or game, oldest first."""
    groups: list[Group] = []
    for number, (entry, title) in enumerate(zip(match.history, group_titles(match),
                                                strict=True), start=1):
        if not groups or groups[-1].title != title:
            groups.append(Group(title, []))
        groups[-1].steps.append(Step(number, entry["text"], effects(match, entry)))
    return groups


# -- the progress ---------------------------------------------------------------------------------


def _accumulate(title: str, start: dict[str, int], deltas: list[dict[str, int]]) -> Series:
    values = {side: [value] for side, value in start.items()}
    for changes in deltas:
        for side, series in values.items():
            series.append(series[-1] + changes.get(side, 0))
    return Series(title, values)


def progress(match: Match) -> list[Series]:
    """Each side's score after every step: Caro points, Careta points (per team in a team match),
    Ratel damage or penalty points, Carrera trophies and fuel."""
    start: Any = type(match).replay(match.events[:1])  # the table before the first action
    history = match.history
    changes = [entry["changes"] for entry in history]
    if match.GAME == "caro":
        return [_accumulate("Points", start.scores, changes)]
    if match.GAME == "careta":
        title = "Team points" if start.teams else "Points"
        return [_accumulate(title, start.points, changes)]
    if match.GAME == "ratel":
        if start.mode == "penalty":
            return [_accumulate("Penalty points", start.penalties, changes)]
        return [_accumulate("Damage", start.damage, changes)]
    if match.GAME == "carrera":
        return [
            _accumulate("Trophies", start.trophies, changes),
            _accumulate("Fuel", start.fuel, [entry.get("fuel", {}) for entry in history]),
        ]
    raise KeyError(f"no progress for the game {match.GAME!r}")


def corners(values: list[int]) -> list[tuple[int, int]]:
    """The (step, value) points a step line needs: the start, every step that changed the value,
    and the last step; between two of them the value stays where the first one left it."""
    points = [(0, values[0])] if values else []
    for step in range(1, len(values)):
        if values[step] != values[step - 1]:
            points.append((step, values[step]))
    if len(values) > 1 and points[-1][0] != len(values) - 1:
        points.append((len(values) - 1, values[-1]))
    return points


def step_rounds(match: Match) -> list[int] | None:
    """The round of every step, for a game whose chart counts rounds (Ratel: damage and
    penalties change only when a round ends); None for the others, charted step by step."""
    if match.GAME != "ratel":
        return None
    return [int(entry["round"]) for entry in match.history]


def by_round(series: Series, rounds: list[int]) -> Series:
    """`series` with one value per round: `values[side][r]` after the last step of round r (0:
    the start). A round without a step yet (the one just begun) holds the value before it."""
    last = max(rounds, default=0)
    ends = {r: step for step, r in enumerate(rounds, start=1)}  # the last step of each round
    values: dict[str, list[int]] = {}
    for side, per_step in series.values.items():
        out = [per_step[0]]
        for r in range(1, last + 1):
            out.append(per_step[ends[r]] if r in ends else out[-1])
        values[side] = out
    return Series(series.title, values)

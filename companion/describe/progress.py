"""How a match went: its steps grouped the way the table plays them, and each side's score after
every step, for the timeline and the chart.

Pure (no Flet, no I/O): everything is read from the match's events and `history`, whose entries
say what each action did to the scoreboard. A step is one action after the settings: step `n` is
`history[n - 1]`, and the table after it is `Match.replay(events[: n + 1])`. Nothing here knows a
game: the groups are what each game's `step_groups` says, titled in the words of its `PARTS`
(Caro: rounds of turns; Careta: the deal and the games of each set; Ratel: rounds; Carrera:
tricks), its units said as its `UNITS` say them, and the series add up the history's
changes of each of its `counts` to the values of a match replayed from its settings alone, so
both cost one pass over the match (no replay per step).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from companion.describe.words import change, unit_title
from companion.i18n import _, say
from scoring.core import Count, Match, Part


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


def _part(named: Mapping[str, Part], part: str, number: int | None, first: bool) -> str:
    """One part of a group's title, as the game names it (`Match.PARTS`: "Round {n}", "round
    {n}"); a part the game does not name is said as its code."""
    found = named.get(part)
    if found is None:
        return f"{part} {say(number)}" if number is not None else part
    text = say(found.first if first else found.inner)
    return text.format(n=say(number)) if number is not None else text


def group_title(parts: tuple[tuple[str, int | None], ...],
                named: Mapping[str, Part] | None = None) -> str:
    """A group's title from the parts of the match it is (`Match.step_groups`), widest first,
    each as the game names it (`named`: its `PARTS`).

    >>> from scoring import ratel
    >>> group_title((("round", 2),), ratel.Match.PARTS), group_title((("set", 1), ("deal", None)))
    ('Round 2', 'set 1 · deal')
    >>> group_title(())
    'The match'
    """
    if not parts:
        return _("The match")
    named = named if named is not None else {}
    return " · ".join(_part(named, part, number, i == 0)
                      for i, (part, number) in enumerate(parts))


def _said(match: Match, counts: list[Count], entry: dict[str, Any]) -> list[str]:
    units = {count.unit: match.unit_named(count.unit) or count.unit for count in counts}
    return [change(say(match.side_name(name)), delta, units[count.unit])
            for count in counts for name, delta in entry.get(count.key, {}).items() if delta]


def effects(match: Match, entry: dict[str, Any]) -> list[str]:
    """What one history entry did to the scoreboard, e.g. ["Ann +18"] or ["Ben +1 trophy",
    "Ann -2 fuel"]; [] when it changed nothing there."""
    return _said(match, match.counts, entry)


def group_titles(match: Match) -> list[str]:
    """The group of every step, in step order (one title per history entry)."""
    named = match.PARTS
    return [group_title(parts, named) for parts in match.step_groups]


def timeline(match: Match) -> list[Group]:
    """Every step with its effects, grouped by round, trick or game, oldest first."""
    groups: list[Group] = []
    counts = match.counts  # asked once: each step's effects read the same units
    for number, (entry, title) in enumerate(zip(match.history, group_titles(match),
                                                strict=True), start=1):
        if not groups or groups[-1].title != title:
            groups.append(Group(title, []))
        # "said" is the entry as data; an entry from before it (or a game not yet converted)
        # has its English "text" only.
        groups[-1].steps.append(Step(number, say(entry.get("said", entry["text"])),
                                     _said(match, counts, entry)))
    return groups


# -- the progress ---------------------------------------------------------------------------------


def _accumulate(title: str, start: dict[str, int], deltas: list[dict[str, int]],
                named: Any = str) -> Series:
    """The series of each side of `start`, keyed by its name as `named` says it."""
    values = {side: [value] for side, value in start.items()}
    for changes in deltas:
        for side, series in values.items():
            series.append(series[-1] + changes.get(side, 0))
    return Series(title, {named(side): series for side, series in values.items()})


def series_title(count: Count, match: Match | None = None) -> str:
    """A chart's title: "Points", "Team points", "Penalty points", "Fuel" (the unit as the
    match's game declares it)."""
    unit = match.unit_named(count.unit) if match is not None else None
    return unit_title(unit or count.unit, teams=count.teams)


def progress(match: Match) -> list[Series]:
    """Each side's value after every step, one series per score the match keeps (its
    `counts`): Caro points, Careta points (per team in a team match), Ratel damage or penalty
    points, Carrera trophies and fuel."""
    start = type(match).replay(match.events[:1]).counts  # the table before the first action
    history = match.history
    return [_accumulate(series_title(count, match), count.now,
                        [entry.get(count.key, {}) for entry in history],
                        lambda side: say(match.side_name(side)))
            for count in start]


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
    """The round of every step, for a game whose chart counts rounds (its `CHART_BY`: Ratel's
    damage and penalties change only when a round ends); None for the others, charted step by
    step."""
    if not match.CHART_BY:
        return None
    return [int(dict(parts)[match.CHART_BY]) for parts in match.step_groups]


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

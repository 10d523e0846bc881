"""Careta's teams and seating (K10): the layouts the rulebook lists, a team's name and how a team
left unnamed is called, and teammates seated alternately."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from scoring import core
from scoring.careta.glossary import TEAM_LETTER_WORDS, TEAM_LETTERS
from scoring.core import RuleViolation, checked
from scoring.names import looks_like
from scoring.said import Said, said
from scoring.words import given_said

# Team layouts the rulebook lists, as (players per team, number of teams) (K1, K10).
TEAM_LAYOUTS = frozenset({(2, 2), (3, 2), (4, 2), (2, 3), (2, 4)})


@checked
def unnamed_team(letter: str) -> Said:
    """How a team left unnamed is called, as data: "Team A" in the reader's language.

    >>> str(unnamed_team("B"))
    'Team B'
    """
    if letter not in TEAM_LETTER_WORDS:
        raise RuleViolation("bad-option", "A team left unnamed is called by the letter of its "
                                          "place, A to D, not {given}.", given=given_said(letter))
    return said("Team {letter}", letter=TEAM_LETTER_WORDS[letter])


@checked
def team_name_problems(teams: Sequence[str | None], players: Sequence[str]) -> dict[int, Said]:
    """{place in `teams`: why a new match refuses that team name (a `Said`)}, for a screen to
    say beside each name as it is typed; {} when a match would take them all. A name is judged
    against the players and the names before it that are fine (one that is not says so itself).
    None stands for a team left unnamed (called "Team A" by its place): a typed name that reads
    as one of those, its letter or its English name, is refused too.

    >>> problems = team_name_problems(["Suns", "suns", "Ann", "Moons"], ["Ann", "Ben", "Cleo"])
    >>> {i: str(why) for i, why in problems.items()}
    {1: 'Two teams are called “suns”.', 2: "The team “Ann” has a player's name."}
    >>> {i: str(why) for i, why in team_name_problems(["Team B", None], ["Ann"]).items()}
    {0: '“Team B” reads as Team B, a team left unnamed: choose another name.'}
    """
    if not isinstance(teams, (list, tuple)) or len(teams) > len(TEAM_LETTERS):
        raise RuleViolation("bad-option", "Teams are given as a list of {n} names at most.",
                            n=len(TEAM_LETTERS))
    if not isinstance(players, (list, tuple)):
        raise RuleViolation("bad-players", "Players must be a list of names.")
    problems: dict[int, Said] = {}
    unnamed = [TEAM_LETTERS[i] for i, name in enumerate(teams)
               if name is None and i < len(TEAM_LETTERS)]
    fine: list[str] = []
    for i, name in enumerate(teams):
        if name is None:
            continue
        why = _team_name_violation(name, fine, players, unnamed)
        if why is None:
            fine.append(name)
        else:
            problems[i] = why.said
    return problems


def _team_name_violation(name: Any, earlier: Sequence[str], players: Sequence[str],
                         unnamed: Sequence[str] = ()) -> RuleViolation | None:
    """Why `name` cannot name a new match's team beside the `earlier` names (taken as fine) and
    the teams left `unnamed` (their letters)."""
    if not isinstance(name, str) or not name.strip() or len(name) > core.MAX_NAME:
        return RuleViolation("bad-option", "Every team needs a name (up to {n} characters).",
                             n=core.MAX_NAME)
    if name.strip().casefold() in {other.strip().casefold() for other in earlier}:
        return RuleViolation("bad-option", "Two teams are called “{name}”.", name=name)
    if name in players:
        return RuleViolation("bad-option", "The team “{name}” has a player's name.", name=name)
    for letter in unnamed:
        # The letter is the unnamed team's key; its English name is what the table reads
        # (each screen also refuses the name in its own language: options.name_clashes).
        if name == letter or (not core.stored_names_now()
                              and reads_as(name, str(unnamed_team(letter)), letter)):
            return RuleViolation("bad-option",
                                 "“{name}” reads as {team}, a team left unnamed: choose "
                                 "another name.", name=name, team=unnamed_team(letter))
    try:
        core.check_new_team_names([*earlier, name], players)
    except RuleViolation as why:
        return why
    return None


@checked
def reads_as(name: str, *others: str) -> bool:
    """Whether a person may take the team name `name` for any of `others`: the same letters in
    another case or width, or the same look (`scoring.names.looks_like`)."""
    return any(name.strip().casefold() == other.strip().casefold() or looks_like(name, other)
               for other in others)


@checked
def alternate_seating(teams: Mapping[str, Sequence[str]]) -> list[str]:
    """A seating order with teammates alternating (K10): the first of each team, then the second
    of each team, and so on.

    >>> alternate_seating({"Suns": ["Ann", "Cleo"], "Moons": ["Ben", "Dan"]})
    ['Ann', 'Ben', 'Cleo', 'Dan']
    """
    members = [list(m) for m in teams.values()]
    seats: list[str] = []
    for i in range(max((len(m) for m in members), default=0)):
        seats.extend(m[i] for m in members if i < len(m))
    return seats

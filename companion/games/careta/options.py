"""New-match options for Careta: the target, rotating the Deck Master, and teams in the layouts the
rulebook lists (K10), with teammates seated alternately.

The picker's order is the seating; "Seat teammates alternately" records the wish in the options
and `seating()` applies `careta.alternate_seating` to the teams when the match is created (the
options cannot reorder the picker itself), so the list shown here is the order the match uses.

Every word goes through the catalogs. A team's letter and a layout's name ("2v2") are
labels each language may write its own way; the options keep the English keys ("A", "2v2"), which
no file stores. A team left unnamed (its field empty, or showing the name it is given anyway:
"Team B" for team B, in this device's language or in English) is stored as a value, its letter
(`careta.Match`'s `unnamed_teams`), and every device calls it "Team A" in its own language. A
typed name that reads as another team's unnamed name is refused, as the engine refuses its
English one.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import flet as ft

from companion.games.careta.look import note, toggle
from companion.i18n import _, ngettext, pgettext, say
from companion.widgets.count_stepper import count_stepper
from companion.widgets.option_choice import option_choice
from companion.widgets.switch_row import switch_row
from scoring import careta
from scoring.core import RuleViolation
from scoring.said import listed, term

DEFAULTS: dict[str, Any] = {
    "target": 10, "rotate": False, "layout": None, "assign": {}, "team_names": [],
    "alternate": False,
}
LETTERS = "ABCD"  # the teams' keys in these options; a person reads team_letter()
LAYOUT_CONTEXT = "careta team layout"  # layout_label's


def team_letter(index: int) -> str:
    """The letter of team `index` as the session's language writes it."""
    return (pgettext("careta team letter", "A"), pgettext("careta team letter", "B"),
            pgettext("careta team letter", "C"), pgettext("careta team letter", "D"))[index]


def layout_label(name: str) -> str:
    """A layout ("2v2") as the session's language writes it ("2 gegen 2", "2対2")."""
    # Literal contexts: the extraction reads them at each call.
    return {"2v2": pgettext("careta team layout", "2v2"),
            "3v3": pgettext("careta team layout", "3v3"),
            "4v4": pgettext("careta team layout", "4v4"),
            "2v2v2": pgettext("careta team layout", "2v2v2"),
            "2v2v2v2": pgettext("careta team layout", "2v2v2v2")}[name]


def layout_name(size: int, count: int) -> str:
    """(2, 3) -> "2v2v2"."""
    return "v".join([str(size)] * count)


LAYOUTS = {layout_name(s, c): (s, c) for s, c in sorted(careta.TEAM_LAYOUTS,
                                                         key=lambda sc: (sc[0] * sc[1], sc[1]))}


def typed_names(values: dict[str, Any], count: int) -> list[str | None]:
    """Each team's typed name; None for a team left unnamed: an empty field, or one holding the
    name the team has anyway ("Team B" for team B in this device's language or in English)."""
    given = list(values.get("team_names") or [])
    names: list[str | None] = []
    for i in range(count):
        name = given[i].strip() if i < len(given) else ""
        unnamed = careta.unnamed_team(careta.TEAM_LETTERS[i])
        names.append(None if name in ("", say(unnamed), str(unnamed)) else name)
    return names


def team_names(values: dict[str, Any], count: int) -> list[str]:
    """Each team's name as this device says it: as typed, or "Team A" in its language."""
    return [name if name is not None else say(careta.unnamed_team(careta.TEAM_LETTERS[i]))
            for i, name in enumerate(typed_names(values, count))]


def _groups(players: list[str], values: dict[str, Any]) -> list[list[str]] | None:
    """The players of each team (A, B, ...) in picker order; None: no teams. A player not
    assigned yet goes by seat: seat 1 to the first team, seat 2 to the second..."""
    layout = values.get("layout")
    if not layout:
        return None
    size, count = LAYOUTS[layout]
    if size * count != len(players):
        # The layout is said as the screen's radios say it (the same catalog entry).
        raise RuleViolation("bad-option", "{layout} is for {needed} players; you have {count}.",
                            layout=term(LAYOUT_CONTEXT, layout), needed=size * count,
                            count=len(players))
    assign = values.get("assign") or {}
    groups: list[list[str]] = [[] for _i in range(count)]
    for i, p in enumerate(players):
        index = assign.get(p, i % count)
        groups[index if index < count else i % count].append(p)
    return groups


def name_problems(names: list[str | None], players: list[str]) -> dict[int, RuleViolation]:
    """{team index: why its typed name (None: unnamed) cannot be used}: the engine's reasons
    (`careta.team_name_problems`), and a name that reads as an unnamed team's in this device's
    language ("Equipo B" typed for team A while team B has no name)."""
    problems = {i: RuleViolation("bad-option", why)
                for i, why in careta.team_name_problems(names, players).items()}
    for i, name in enumerate(names):
        if name is None or i in problems:
            continue
        for j, other in enumerate(names):
            unnamed = careta.unnamed_team(careta.TEAM_LETTERS[j])
            if other is None and careta.reads_as(name, say(unnamed)):
                problems[i] = RuleViolation(
                    "bad-option", "“{name}” reads as {team}, a team left unnamed: choose "
                    "another name.", name=name, team=unnamed)
                break
    return problems


def name_clashes(names: list[str | None], players: list[str]) -> dict[int, str]:
    """{team index: why its name cannot be used}, for the name field that says so as it is
    typed: the reasons Start would meet (`name_problems`)."""
    return {i: say(why.said) for i, why in name_problems(names, players).items()}


def teams_of(players: list[str], values: dict[str, Any]) -> tuple[dict[str, list[str]] | None,
                                                                    list[str]]:
    """({team: [players in picker order]}, the teams left unnamed) from the chosen layout,
    assignment and names; (None, []): no teams. A team left unnamed is keyed by its letter, a
    value (`careta.Match`'s `unnamed_teams`). A name refused is refused here, as the field said
    (the engine checks the rest again)."""
    groups = _groups(players, values)
    if groups is None:
        return None, []
    names = typed_names(values, len(groups))
    problems = name_problems(names, players)
    if problems:
        raise problems[min(problems)]
    keys = [name if name is not None else careta.TEAM_LETTERS[i] for i, name in enumerate(names)]
    unnamed = [careta.TEAM_LETTERS[i] for i, name in enumerate(names) if name is None]
    return dict(zip(keys, groups, strict=True)), unnamed


def alternating(order: list[str], teams: dict[str, list[str]]) -> bool:
    """No two neighbours (round the table) are teammates."""
    team = {p: t for t, members in teams.items() for p in members}
    return all(team[order[i]] != team[order[(i + 1) % len(order)]] for i in range(len(order)))


def seating(players: list[str], values: dict[str, Any]) -> list[str]:
    """The order the match will use: the picker's, or the teams seated alternately (whatever
    the teams are called, so the seating shows while a name is still being fixed)."""
    groups = _groups(players, values)
    if groups and values.get("alternate"):
        teams = {LETTERS[i]: members for i, members in enumerate(groups)}
        if not alternating(players, teams):
            return careta.alternate_seating(teams)
    return list(players)


def layouts_by_count() -> str:
    """Which layouts each number of players can make: "4 players: 2v2 · 6 players: 3v3 or
    2v2v2 · 8 players: 4v4 or 2v2v2v2"."""
    counts: dict[int, list[str]] = {}
    for name, (size, count) in LAYOUTS.items():
        counts.setdefault(size * count, []).append(layout_label(name))
    return " · ".join(
        ngettext("{n} player: {layouts}", "{n} players: {layouts}", n).format(
            n=say(n), layouts=say(listed(names, "or")))
        for n, names in sorted(counts.items()))


def _teams_part(values: dict[str, Any], put: Callable[..., None],
                players: list[str]) -> list[ft.Control]:
    layout = values.get("layout")
    fitting = [n for n, (s, c) in LAYOUTS.items() if s * c == len(players)]
    shown = fitting + ([layout] if layout and layout not in fitting else [])

    def label(name: str) -> str:
        size, count = LAYOUTS[name]
        if name in fitting:
            return _("Teams {layout}").format(layout=layout_label(name))
        needed = size * count
        return ngettext("Teams {layout} (for {n} player)", "Teams {layout} (for {n} players)",
                        needed).format(layout=layout_label(name), n=say(needed))

    choices = [("", _("No teams"))] + [(n, label(n)) for n in shown]
    parts = option_choice(_("Teams"), choices, layout or "",
                          lambda v: put(layout=v or None, alternate=False),
                          about=layouts_by_count())
    if not layout:
        return parts
    if layout not in fitting:
        # The radio's label says how many players the layout needs; Start says it in full.
        parts.append(ft.Text(ngettext("Pick teams that fit {n} player, or No teams.",
                                      "Pick teams that fit {n} players, or No teams.",
                                      len(players)).format(n=say(len(players))),
                             color=ft.Colors.ERROR, size=14))
        return parts
    size, count = LAYOUTS[layout]
    labels = team_names(values, count)
    clashes = name_clashes(typed_names(values, count), players)
    typed = list(values.get("team_names") or [])
    typed = [typed[i] if i < len(typed) else labels[i] for i in range(count)]
    for i in range(count):
        parts.append(ft.TextField(
            label=_("Name of team {letter}").format(letter=team_letter(i)), value=typed[i],
            error=clashes.get(i),
            on_change=lambda e, i=i: put(team_names=[
                e.control.value if j == i else n for j, n in enumerate(typed)]),
        ))
    groups = _groups(players, values) or []
    team_index = {p: i for i, members in enumerate(groups) for p in members}
    # While two names clash, the toggles go by letter, so each still has a name of its own.
    def member(player: str, i: int) -> str:
        if clashes:
            return _("{player} in team {letter}").format(player=player, letter=team_letter(i))
        return _("{player} in {team}").format(player=player, team=labels[i])

    for p in players:
        parts.append(ft.Row(
            [ft.Text(p, size=15, expand=True),
             *[toggle(member(p, i), team_letter(i), team_index[p] == i,
                      lambda e, p=p, i=i: put(assign={**team_index, p: i}), width=52)
               for i in range(count)]],
            spacing=4, vertical_alignment=ft.CrossAxisAlignment.CENTER,
        ))
    wrong = [i for i, members in enumerate(groups) if len(members) != size]
    if wrong:
        has = [ngettext("{team} has {n} player", "{team} has {n} players", len(groups[i]))
               .format(team=labels[i], n=say(len(groups[i]))) for i in wrong]
        # A team has 2 to 4 players: "players" is always the plural.
        parts.append(ft.Text(_("Each team needs {size} players: {counts}.").format(
            size=say(size), counts=say(listed(has))), color=ft.Colors.ERROR, size=14))
        return parts
    order = seating(players, values)
    seats = say(listed([_("{player} ({letter})").format(player=p, letter=team_letter(team_index[p]))
                         for p in order], "members"))
    parts.append(ft.Text(_("Seating (turn order): {seats}").format(seats=seats), size=14))
    by_letter = {LETTERS[i]: members for i, members in enumerate(groups)}
    if alternating(order, by_letter):
        parts.append(note(_("Teammates sit apart, so nobody sees a teammate's cards.")))
    else:
        parts.append(ft.Text(_("Teammates sit side by side; the rulebook seats them "
                               "alternately."), size=14, color=ft.Colors.ERROR))
        parts.append(ft.OutlinedButton(_("Seat teammates alternately"), icon=ft.Icons.SHUFFLE,
                                       on_click=lambda e: put(alternate=True)))
    return parts


@ft.component
def CaretaOptions(values: dict[str, Any], set_values: Callable[[dict[str, Any]], None],
                  players: list[str]) -> ft.Control:
    def put(**changes: Any) -> None:
        set_values({**values, **changes})

    target = values.get("target", 10)
    return ft.Column(
        [
            ft.Text(_("Target"), weight=ft.FontWeight.BOLD),
            ft.Row([count_stepper(target, 1, 50, lambda n: put(target=n), unit="points"),
                    ft.Text(_("to win the match"), size=14)],
                   vertical_alignment=ft.CrossAxisAlignment.CENTER, wrap=True),
            switch_row(_("Rotate the Deck Master between sets"), bool(values.get("rotate")),
                       lambda on: put(rotate=on)),
            *_teams_part(values, put, players),
        ],
        spacing=8,
    )


def create(players: list[str], first: str, values: dict[str, Any]) -> careta.Match:
    """The match from the picker's players, the chosen Deck Master and these options."""
    teams, unnamed = teams_of(players, values)
    return careta.Match(
        seating(players, values),
        deck_master=first,
        target=values.get("target", 10),
        teams=teams,
        rotate_deck_master=bool(values.get("rotate")),
        unnamed_teams=unnamed,
    )

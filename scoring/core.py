"""The event-sourced match that every game builds on.

A match is its log of events: the first event holds the settings, every later one is an action a
player took at the table. Each action validates, then records exactly one JSON-serialisable event
and updates the state; a refused action raises `RuleViolation` and changes nothing. Undo steps the
log back, redo forward, and `replay(events)` rebuilds an identical match from a log, validating
every event on the way, so a log read from disk or an import is checked like live play.

A game subclasses `Match`: it sets `GAME`, `TITLE` and `PLAYERS`, builds its start state in
`_setup(settings)`, and handles each event type `t` in a method `_on_t(event)` that raises
`RuleViolation` before it mutates anything. Public action methods build the event and pass it to
`_record`. All game state lives in instance attributes other than `_log`, `_redo` and
`_checkpoints`, so the base class can snapshot it; a game names its append-only history lists in
`_APPEND_ONLY` so that snapshots share them instead of copying them.
"""

from __future__ import annotations

import collections.abc as abc
import contextlib
import copy
import functools
import inspect
import threading
import types
import typing
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextvars import ContextVar
from typing import Any, ClassVar, NamedTuple

from scoring.names import MAX_NAME as MAX_NAME  # re-exported: the limit is the rules'
from scoring.names import (
    look_alike_keys,
    looks_like,
    name_key,
    name_problem,
    new_name_problem,
    shown,
)
from scoring.said import ENGLISH, Said, Term, Words, listed, render, ruling_of, said, said_n
from scoring.words import given_said

Event = dict[str, Any]

# Snapshot the state every this many events, so undo replays a short tail, never the whole log.
CHECKPOINT_EVERY = 32
_BASE_FIELDS = frozenset({"_log", "_redo", "_checkpoints"})


class _Prefix(NamedTuple):
    """A checkpoint's view of an append-only list: its first `length` items, shared not copied."""

    items: list[Any]
    length: int


class RuleViolation(ValueError):
    """A refused input: `.rule` is a stable kebab-case code, `.said` its sentence as data (a
    message id and its arguments, scoring/said.py) and `str()` that sentence in English;
    `.ruling` the ruling it applies ("K6"; `ruling=` names it, never the sentence), or None.

    >>> e = RuleViolation("not-your-turn", "It is {player}'s turn, not {other}'s.",
    ...                   player="Ben", other="Ann")
    >>> e.rule, str(e), e.said.args["player"]
    ('not-your-turn', "It is Ben's turn, not Ann's.", 'Ben')
    >>> from scoring.said import said_n
    >>> str(RuleViolation("game-over", said_n("{n} game left", "{n} games left", 2)))
    '2 games left'
    """

    def __init__(self, rule: str, message: str | Said, /, *, ruling: str | None = None,
                 **args: Any) -> None:
        words = message if isinstance(message, Said) else Said(message, args)
        if ruling is not None:
            words = words.citing(ruling)
        super().__init__(str(words))
        self.rule = rule
        self.said = words

    @property
    def ruling(self) -> str | None:
        """The ruling the refusal applies ("K6", as the rules sheet names it), as data beside
        its sentence, or None: a screen offers "Why?" to open the sheet there."""
        return ruling_of(self.said)

    def __repr__(self) -> str:
        return f"RuleViolation({self.rule!r}, {str(self)!r})"


# -- the arguments of public methods --------------------------------------------------------------
#
# Every public method and rules function refuses junk with RuleViolation (../API.md), whatever a
# caller passes. Each refuses what it knows in its own words (a card that is not one, a player
# not playing); `checked` covers the rest: when the body fails otherwise (a TypeError on a list
# given for a name), an argument that is not of the kind its annotation names (a text, a whole
# number, a list of texts) is refused with `bad-input`, and a failure with every argument of its
# kind stays the bug it is. Match subclasses get it on every public method
# (`Match.__init_subclass__`); a game module's public functions are decorated. An annotation it
# cannot read (Any, a protocol) takes anything.

# What each kind is called in a refusal ("This needs a whole number, not a list.").
_KIND_WORDS: dict[type, Said] = {
    str: said("a text"),
    int: said("a whole number"),
    float: said("a number"),
    bool: said("a yes or a no"),
    list: said("a list"),
    dict: said("a mapping"),
    type(None): said("nothing"),
}
_OTHER_KIND = said("a value of another kind")
_SEQUENCES = (list, tuple)
_Check = Callable[[Any], "tuple[Any, Any] | None"]  # None, or (the value refused, its hint)


def _kind_words(hint: Any) -> list[Any]:
    """What `hint` accepts, as the phrases a refusal lists ("a text or nothing")."""
    origin = typing.get_origin(hint)
    if origin in (typing.Union, types.UnionType):
        found: list[Any] = []
        for arg in typing.get_args(hint):
            found.extend(w for w in _kind_words(arg) if w not in found)
        return found
    if hint is None or hint is type(None):
        return [_KIND_WORDS[type(None)]]
    if origin is not None:
        hint = dict if isinstance(origin, type) and issubclass(origin, abc.Mapping) else list
    if isinstance(hint, type):
        kind = getattr(hint, "KIND", None)  # a class of a game names itself: "a card"
        if isinstance(kind, Said):
            return [kind]
        for base, words in _KIND_WORDS.items():
            if issubclass(hint, base):
                return [words]
    return [_OTHER_KIND]


def _check_of(hint: Any) -> _Check | None:
    """A check of a value against `hint`, or None when `hint` accepts anything."""
    if hint is Any or hint is object or isinstance(hint, (typing.TypeVar, str)):
        return None
    if hint is None or hint is type(None):
        return lambda v: None if v is None else (v, hint)
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if origin in (typing.Union, types.UnionType):
        checks = [_check_of(a) for a in args]
        if any(c is None for c in checks):
            return None

        def one_of(v: Any) -> tuple[Any, Any] | None:
            inner = None
            for check in checks:
                refused = check(v)  # type: ignore[misc]
                if refused is None:
                    return None
                if refused[0] is not v and inner is None:
                    inner = refused  # the value is of this kind, one of its items is not
            return inner or (v, hint)
        return one_of
    if origin is typing.Literal:
        return lambda v: None if any(v == a and type(v) is type(a) for a in args) else (v, hint)
    if origin is type:
        return None
    if isinstance(origin, type) and issubclass(origin, abc.Mapping):
        keys, values = (_check_of(a) for a in (args or (Any, Any)))

        def mapping(v: Any) -> tuple[Any, Any] | None:
            if not isinstance(v, abc.Mapping):
                return v, hint
            for key, value in v.items():
                refused = (keys and keys(key)) or (values and values(value))
                if refused:
                    return refused
            return None
        return mapping
    if isinstance(origin, type) and issubclass(origin, tuple) and args and args[-1] is not ...:
        items = [_check_of(a) for a in args]

        def fixed(v: Any) -> tuple[Any, Any] | None:
            if not isinstance(v, _SEQUENCES) or len(v) != len(items):
                return v, hint
            return next((r for c, x in zip(items, v, strict=True) if c and (r := c(x))), None)
        return fixed
    if isinstance(origin, type) and issubclass(origin, abc.Iterable):
        each = _check_of(args[0]) if args else None
        # a list or tuple for a sequence, a set for a set; any iterable for an Iterable (its
        # items unread: an iterator is not read twice)
        kinds = (abc.Set if issubclass(origin, abc.Set) else _SEQUENCES
                 if issubclass(origin, abc.Sequence) else abc.Iterable)

        def items_of(v: Any) -> tuple[Any, Any] | None:
            if isinstance(v, (str, bytes, bytearray, abc.Mapping)) or not isinstance(v, kinds):
                return v, hint
            if each is None or not isinstance(v, (*_SEQUENCES, abc.Set)):
                return None
            return next((r for x in v if (r := each(x))), None)
        return items_of
    if isinstance(origin, type):
        hint = origin
    if not isinstance(hint, type):
        return None  # a Callable, a protocol: not a kind of value
    if hint is bool:
        return lambda v: None if isinstance(v, bool) else (v, hint)
    if hint is int:
        return lambda v: None if isinstance(v, int) and not isinstance(v, bool) else (v, hint)
    if hint is float:
        return lambda v: (None if isinstance(v, (int, float)) and not isinstance(v, bool)
                          else (v, hint))
    return lambda v: None if isinstance(v, hint) else (v, hint)


def refused_kind(value: Any, hint: Any) -> RuleViolation:
    """The refusal of `value` where `hint`'s kind was expected."""
    return RuleViolation("bad-input", "This needs {kinds}, not {given}.",
                         kinds=listed(_kind_words(hint), "or"), given=given_said(value))


def checked(fn: Callable[..., Any]) -> Callable[..., Any]:
    """`fn` refusing, with `bad-input`, an argument that is not of the kind its annotation
    names, where `fn` itself fails on it otherwise (the annotations read at the first such)."""
    plan: list[tuple[str, _Check | None]] | None = None
    rest: _Check | None = None  # the check of each of *args
    names: dict[str, _Check | None] = {}

    def read() -> list[tuple[str, _Check | None]]:
        nonlocal rest
        try:
            hints = typing.get_type_hints(fn)
        except Exception:  # an annotation naming what the module cannot see: check nothing
            hints = {}
        steps: list[tuple[str, _Check | None]] = []
        for param in inspect.signature(fn).parameters.values():
            check = _check_of(hints.get(param.name, Any))
            if param.kind is param.VAR_POSITIONAL:
                rest = check
            elif param.kind is not param.VAR_KEYWORD:
                names[param.name] = check
                if param.kind is not param.KEYWORD_ONLY:
                    steps.append((param.name, check))
        return steps

    def wrong_kind(args: tuple, kwargs: dict[str, Any]) -> tuple[Any, Any] | None:
        nonlocal plan
        if plan is None:
            plan = read()
        for i, value in enumerate(args):
            check = plan[i][1] if i < len(plan) else rest
            refused = check and check(value)
            if refused:
                return refused
        for name, value in kwargs.items():
            check = names.get(name)
            refused = check and check(value)
            if refused:
                return refused
        return None

    @functools.wraps(fn)
    def checking(*args: Any, **kwargs: Any) -> Any:
        try:
            return fn(*args, **kwargs)
        except RuleViolation:
            raise
        except Exception as error:
            refused = wrong_kind(args, kwargs)
            if refused is None:
                raise
            raise refused_kind(*refused) from error

    return checking


def _check_arguments(cls: type) -> None:
    """`checked` on every public method, static method and class method `cls` defines, and on
    its `__init__`."""
    for name, value in list(vars(cls).items()):
        if name.startswith("_") and name != "__init__":
            continue
        if isinstance(value, (staticmethod, classmethod)):
            setattr(cls, name, type(value)(checked(value.__func__)))
        elif inspect.isfunction(value):
            setattr(cls, name, checked(value))


# Names a match already holds were accepted by the rules of their day: a match read back or
# imported (`Match.replay`) or played again with the same players is not held to rules added
# since (`check_new_names`), or a match kept before them would no longer open. A context
# variable, so a replay in one thread or task never relaxes a match being created in another.
_STORED_NAMES: ContextVar[bool] = ContextVar("stored_names", default=False)


@contextlib.contextmanager
def stored_names() -> Iterator[None]:
    """Within it, the players' names are taken as already stored (see `check_new_names`)."""
    token = _STORED_NAMES.set(True)
    try:
        yield
    finally:
        _STORED_NAMES.reset(token)


def stored_names_now() -> bool:
    """Whether names are taken as already stored here (within `stored_names`)."""
    return _STORED_NAMES.get()


def check_new_names(names: Sequence[str]) -> None:
    """Refuse what a name given to a new player may not be, beyond `name_problem`: without a
    letter, digit or emoji to see (`nothing-visible`), with a code no phone draws reliably
    (`unknown-character`), or confusable with an earlier name by Unicode's skeleton
    (`look-alike-name`). Does nothing inside `stored_names()`.

    >>> check_new_names(["Ann", "\u0410nn"])  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    scoring.core.RuleViolation: “Аnn” looks the same as “Ann”, who is already playing: choose ...
    """
    if _STORED_NAMES.get():
        return
    for name in names:
        problem = new_name_problem(name)
        if problem:
            raise RuleViolation(*problem)
    seen: tuple[dict[str, str], dict[str, str]] = ({}, {})
    for name in names:
        keys = look_alike_keys(name)
        pairs = zip(seen, keys, strict=True)
        other = next((known[key] for known, key in pairs if key in known), None)
        if other is not None:
            raise RuleViolation(
                "look-alike-name",
                "“{name}” looks the same as “{other}”, who is already playing: "
                "choose another name.", name=shown(name), other=shown(other),
            )
        for known, key in zip(seen, keys, strict=True):
            known.setdefault(key, name)


def check_new_team_names(teams: Sequence[str], players: Sequence[str]) -> None:
    """`check_new_names` for the names of a new match's teams, which must also read as names
    (`name_problem`) and look like no player and no other team."""
    if _STORED_NAMES.get():
        return
    for team in teams:
        problem = name_problem(team)
        if problem:
            raise RuleViolation("bad-option", problem)
        rule_why = new_name_problem(team)
        if rule_why:
            raise RuleViolation(*rule_why)
    for i, team in enumerate(teams):
        player = next((p for p in players if looks_like(team, p)), None)
        if player is not None:
            raise RuleViolation(
                "look-alike-name",
                "The team “{team}” looks the same as the player “{player}”: "
                "choose another team name.", team=shown(team), player=shown(player),
            )
        other = next((t for t in teams[:i] if looks_like(team, t)), None)
        if other is not None:
            raise RuleViolation(
                "look-alike-name",
                "The teams “{other}” and “{team}” look the same: "
                "choose another name for one of them.", other=shown(other), team=shown(team),
            )


def check_players(players: Sequence[str], allowed: range) -> list[str]:
    """The seating order as a list, or `bad-players` / `player-count`.

    A name must read as what it is on every screen: one line of visible text in NFC, at most
    MAX_NAME characters as a person counts them, and told apart from every other name at a
    glance (see `name_key`). Live play and every replayed or imported log pass through here; a
    new match's names also meet `check_new_names`.

    >>> check_players(["Ann", "Ben"], range(2, 5))
    ['Ann', 'Ben']
    >>> check_players(["Ann", "ANN"], range(2, 5))  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    scoring.core.RuleViolation: “ANN” looks the same as “Ann”: give them names that can be ...
    """
    if isinstance(players, str) or not isinstance(players, (list, tuple)):
        raise RuleViolation("bad-players", "Players must be a list of names.")
    names = list(players)
    keys: dict[str, str] = {}
    for name in names:
        problem = name_problem(name)
        if problem:
            raise RuleViolation("bad-players", problem)
    for name in names:
        key = name_key(name)
        if key in keys:
            other = keys[key]
            if other == name:
                raise RuleViolation("bad-players", "“{name}” is in the list twice.",
                                    name=shown(name))
            raise RuleViolation(
                "bad-players",
                "“{name}” looks the same as “{other}”: give them names that can be told apart.",
                name=shown(name), other=shown(other),
            )
        keys[key] = name
    check_new_names(names)
    if len(names) not in allowed:
        raise RuleViolation("player-count", said_n(
            "This game is for {least} to {n} player, not {count}.",
            "This game is for {least} to {n} players, not {count}.",
            allowed.stop - 1, least=allowed.start, count=len(names),
        ))
    return names


def check_member(name: Any, players: Sequence[str], role: Term | str) -> str:
    """`name` if it is one of `players`, else `unknown-player`. `role` is what the name is for,
    a glossary word (`term("<game> role", "starter")`); a plain str is taken as one.

    >>> from scoring.said import term
    >>> check_member("Cleo", ["Ann", "Ben"], term("caro role", "starter"))
    Traceback (most recent call last):
    scoring.core.RuleViolation: The starter “Cleo” is not playing.
    """
    role_word = role if isinstance(role, Term) else Term("role", role)
    if not isinstance(name, str):
        raise RuleViolation("unknown-player", "The {role} must be a player's name, not {given}.",
                            role=role_word, given=given_said(name))
    if name not in players:
        raise RuleViolation("unknown-player", "The {role} “{name}” is not playing.",
                            role=role_word, name=name)
    return name


def ahead_of_rest(values: dict[str, int], *, lower_is_better: bool = False) -> list[str]:
    """The keys whose value is best, in the dict's (seating) order; [] while all are level, so a
    scoreboard marks nobody as leading at the start or in a dead heat.

    >>> ahead_of_rest({"Ann": 3, "Ben": 5, "Cleo": 5})
    ['Ben', 'Cleo']
    >>> ahead_of_rest({"Ann": 0, "Ben": 0})
    []
    """
    if len(set(values.values())) <= 1:
        return []
    best = min(values.values()) if lower_is_better else max(values.values())
    return [k for k, v in values.items() if v == best]


def next_in_turn(players: Sequence[str], name: str, steps: int = 1) -> str:
    """The player `steps` seats after `name`, wrapping around (the one direction of play)."""
    return players[(players.index(name) + steps) % len(players)]


class Standing(NamedTuple):
    """One row of a scoreboard as data: who, the figure that ranks them, and what it counts.

    >>> from scoring.said import said, term_n
    >>> trophies = term_n("carrera unit", "trophy", "trophies", 2)
    >>> Standing("Ann", 2, trophies, said("{n} fuel", n=4)).text, Standing("Suns", 5, "/10").text
    ('2 trophies, 4 fuel', '5/10')
    >>> Standing("Ann", 2, trophies, "4 fuel").caption, Standing("Suns", 5, "/10").caption
    ('trophies', 'of 10')
    """

    # as the row is named: a player, or a team with its members (Careta); a `Said` where the
    # name is a value to say in the reader's language (a Careta team left unnamed, "Team A")
    name: Any
    value: int
    # What the figure counts, as it is written after it: a glossary word (a `Term`, in the form
    # the value asks for: "damage", "penalty points", "trophies"), "/10" (points of a target),
    # or "" for plain points.
    unit: Any = ""
    more: Any = ""  # a second figure the row holds (a `Said`: "4 fuel"); "" when none

    def caption_in(self, words: Words) -> str:
        """What a scoreboard writes under the large figure: what it counts, and nothing else (a
        second figure, `more`, is a line of its own: "trophies, 4 fuel" under a 2 read as if
        the 2 counted both)."""
        unit = self.unit
        if isinstance(unit, str) and unit.startswith("/"):
            return said("of {target}", target=int(unit[1:])).render(words)
        return render(unit, words)

    def text_in(self, words: Words) -> str:
        """The whole row's figure in one line, as `Match.standings` gives it."""
        unit, value = self.unit, self.value
        if isinstance(unit, str) and unit.startswith("/"):
            figure = said("{value}/{target}", value=value, target=int(unit[1:]))
        elif unit:
            figure = said("{value} {unit}", value=value, unit=unit)
        else:
            figure = said("{value}", value=value)
        if self.more:
            figure = said("{figure}, {more}", figure=figure, more=self.more)
        return figure.render(words)

    @property
    def caption(self) -> str:
        return self.caption_in(ENGLISH)

    @property
    def text(self) -> str:
        return self.text_in(ENGLISH)


class Placing(NamedTuple):
    """One side's place in a finished match, for ratings: its rank (1 the best; sides that tie
    share a rank) and the players on it (one, or a Careta team's members).

    >>> Placing(1, ("Ann", "Cleo")).rank
    1
    """

    rank: int
    players: tuple[str, ...]


def placed(values: Sequence[tuple[tuple[str, ...], tuple[int, ...]]]) -> list[Placing]:
    """Each side's `Placing` from a key per side (smaller is better: negate a figure where more
    is better): equal keys share a rank, and the next rank skips them (1, 1, 3), in the order
    of the sides given within a rank.

    >>> placed([(("Ann",), (0, -60)), (("Ben",), (1, -40)), (("Cleo",), (0, -60))])
    [Placing(rank=1, players=('Ann',)), Placing(rank=1, players=('Cleo',)), \
Placing(rank=3, players=('Ben',))]
    """
    ordered = sorted(values, key=lambda side: side[1])
    result, rank, last = [], 0, None
    for i, (players, key) in enumerate(ordered):
        if key != last:
            rank, last = i + 1, key
        result.append(Placing(rank, tuple(players)))
    return result


class Count(NamedTuple):
    """One score a match keeps per side, for the chart and the timeline: its unit, each side's
    value now, and the key of the `history` entries that hold its changes."""

    unit: str  # as SCORE_UNIT says it: "points", "damage", "penalty", "trophies", "fuel"
    now: dict[str, int]  # {player or team: value}
    key: str = "changes"
    teams: bool = False  # the sides are teams (Careta's team matches)


class FinalScore(NamedTuple):
    """What a game's `final_scores` count, for statistics across matches."""

    unit: str  # "points", "penalty"
    lower_is_better: bool = False


class Unit(NamedTuple):
    """What a score counts, in the words of the game's glossary. A `Count`, a `FinalScore` and
    `score_unit` name one of the game's `UNITS` by its code ("points", "penalty"); the screens
    say it through this, and know no unit by name.

    >>> POINTS.amount_term(1), str(POINTS.amount_term(3)).format(n=3), str(POINTS.title)
    (Term(context='score', word='{n} point', plural='{n} points', n=1), '3 points', 'Points')
    """

    # The figure with its unit: a `term_n` whose word and plural hold {n} ("{n} penalty point",
    # "{n} penalty points"); `amount_term(n)` is the form n asks for.
    amount: Term
    title: Term  # a chart's or a column's title: "Penalty points"
    words: Term  # inside a sentence: "penalty points"
    team_title: Term | None = None  # the title when teams keep it ("Team points"); None: title
    bare: bool = False  # a change is said without it: "Ann +18" (plain points)

    def amount_term(self, n: int) -> Term:
        """`amount` in the form `n` asks for (its {n} still to fill in)."""
        return Term(self.amount.context, self.amount.word, self.amount.plural, n)


# Points, the unit every game may count (Caro's, Careta's): a change of them is said bare.
# (Made as `Term`s, not term(): the catalogs have them from each game's `vocabulary`, as a
# game's GLOSSARY lists only the words its own module says.)
POINTS = Unit(
    amount=Term("score", "{n} point", "{n} points", 1),
    title=Term("score", "Points"),
    words=Term("score", "points"),
    team_title=Term("score", "Team points"),
    bare=True,
)


class Part(NamedTuple):
    """How a timeline titles one part of a match (a key of `GROUPED_BY`), in the words of the
    game's glossary: `first` opens a title ("Round {n}"), `inner` follows a wider part ("Set 1 ·
    game {n}"); each a phrase holding {n}, the part's number, but for a part that is not
    counted (its number None: "The deal", "the deal"). The part a chart counts along
    (`CHART_BY`) also names its axis ("Round") and a number of them (`count`, a `term_n` holding
    {n}: "{n} round", "{n} rounds")."""

    first: Term
    inner: Term
    axis: Term | None = None
    count: Term | None = None

    def count_term(self, n: int) -> Term | None:
        """`count` in the form `n` asks for (its {n} still to fill in); None without one."""
        if self.count is None:
            return None
        return Term(self.count.context, self.count.word, self.count.plural, n)


class Entry:
    """One `history` entry as a match keeps it: what happened as data ("said": frozen, shared by
    every read and every checkpoint), the entry's own figures ("changes" and what a game adds),
    and that sentence in English, rendered on the first read that asks for "text": replaying a
    stored match renders no English nobody reads.

    >>> entry = Entry(said("{player} passes.", player="Ann"), {"changes": {"Ann": 0}})
    >>> entry.read()
    {'text': 'Ann passes.', 'said': Said(msg='{player} passes.', args={'player': 'Ann'}, \
plural=None), 'changes': {'Ann': 0}}
    """

    __slots__ = ("said", "figures", "_text")

    def __init__(self, said: Said, figures: dict[str, Any]) -> None:
        # figures: JSON-like values (numbers, names, their dicts and lists) never changed once the
        # entry is made (the match keeps entries in an append-only list, `_APPEND_ONLY`); a dict,
        # not keywords, because every action of a replay makes one (keywords cost 2x the call)
        self.said = said
        self.figures = figures
        self._text: str | None = None

    @property
    def text(self) -> str:
        if self._text is None:  # the same text whoever asks first: a memo, not a change
            self._text = str(self.said)
        return self._text

    def read(self) -> dict[str, Any]:
        """The entry as `history` gives it: {"text", "said", **figures}, its dicts and lists
        the reader's own copies."""
        return {"text": self.text, "said": self.said,
                **{k: _copied(v) if isinstance(v, _MUTABLE) else v
                   for k, v in self.figures.items()}}

    def __eq__(self, other: object) -> bool:
        return (isinstance(other, Entry) and self.said == other.said
                and self.figures == other.figures)

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"Entry({self.said!r}, {self.figures!r})"


_MUTABLE = (dict, list)


def _copied(value: Any) -> Any:
    """`value` with its dicts and lists copied at every depth (figures hold no other mutable).
    A name or a number is kept without a call: a screen reads a match's history a few times a
    render, and most figures are {player: change}."""
    if isinstance(value, dict):
        return {k: _copied(v) if isinstance(v, _MUTABLE) else v for k, v in value.items()}
    if isinstance(value, list):
        return [_copied(v) if isinstance(v, _MUTABLE) else v for v in value]
    return value


_here = threading.local()  # .published: how many states this thread has swapped in
READ_RETRIES = 50


def _consistent(read: Callable[..., Any]) -> Callable[..., Any]:
    """`read` made to see one version of the match: a read that straddled another thread's swap
    (it saw `_trick` of one state, then `_trick` of the next) is made again on the new state.
    A call that published a state itself (an action) is never repeated."""

    @functools.wraps(read)
    def consistent(self: Match, *args: Any, **kwargs: Any) -> Any:
        for _ in range(READ_RETRIES):
            seen, published = self.__dict__, getattr(_here, "published", 0)
            try:
                result = read(self, *args, **kwargs)
            except Exception:
                if self.__dict__ is seen or getattr(_here, "published", 0) != published:
                    raise
                continue
            if self.__dict__ is seen or getattr(_here, "published", 0) != published:
                return result
        return read(self, *args, **kwargs)  # a writer that never pauses: read as it stands

    return consistent


def _make_reads_consistent(cls: type) -> None:
    """Wrap every public method and property getter that `cls` itself defines (see above)."""
    for name, value in list(vars(cls).items()):
        if name.startswith("_"):
            continue
        if isinstance(value, property) and value.fget is not None:
            setattr(cls, name, property(_consistent(value.fget), value.fset, value.fdel,
                                        value.__doc__))
        elif inspect.isfunction(value):
            setattr(cls, name, _consistent(value))


CLOCK_EVENTS = ("pause", "resume")  # the core's own actions, in every game
PAUSED = said("Match paused.")
RESUMED = said("Match resumed.")


def _check_clock_event(event: Event) -> None:
    if set(event) != {"type"}:
        raise RuleViolation("bad-event", "A {kind} holds nothing but its type.",
                            kind=given_said(event.get("type")))


def _splice_pauses(cls: type) -> None:
    """`history` and `step_groups` of `cls` with an entry for each pause and resume at its place
    (history entry n - 1 is event n), in the part of the match of the step before it: a game
    keeps its own entries and knows nothing of the clock."""
    own = vars(cls)
    history, groups = own.get("history"), own.get("step_groups")
    if isinstance(history, property) and history.fget is not None:
        entries_of = history.fget

        def spliced_history(self: Match) -> list[dict[str, Any]]:
            entries = entries_of(self)
            keys = type(self).GROUPED_BY
            for n, kind in vars(self).get("_pauses", ()):
                before = entries[n - 2] if 0 <= n - 2 < len(entries) else {}
                entry = Entry(PAUSED if kind == "pause" else RESUMED,
                              {"changes": {}, **{k: before[k] for k in keys if k in before}})
                entries.insert(n - 1, entry.read())
            return entries

        cls.history = property(spliced_history, doc=history.__doc__)  # type: ignore[attr-defined]
    if isinstance(groups, property) and groups.fget is not None:
        groups_of = groups.fget

        def spliced_groups(self: Match) -> list[tuple[tuple[str, int | None], ...]]:
            found = groups_of(self)
            for n, _kind in vars(self).get("_pauses", ()):
                found.insert(n - 1, found[n - 2] if 0 <= n - 2 < len(found) else ())
            return found

        cls.step_groups = property(spliced_groups, doc=groups.__doc__)  # type: ignore[attr-defined]


class Match:
    """Base of every game's match: the event log, undo/redo and replay."""

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        _splice_pauses(cls)
        _make_reads_consistent(cls)
        _check_arguments(cls)

    GAME: ClassVar[str] = ""
    TITLE: ClassVar[str] = ""
    PLAYERS: ClassVar[range] = range(2, 3)
    # State attributes that are append-only lists (a history): items are only ever appended, and
    # an item is never changed once appended (a whole new list may replace one). Checkpoints and
    # twins share their items instead of deep-copying them: that keeps replay and every action
    # O(1) in the length of the history. tests/scoring/test_core_history.py holds each game to it.
    _APPEND_ONLY: ClassVar[frozenset[str]] = frozenset()

    def __init__(self, settings: Event) -> None:
        """Start a match from its settings event (a subclass builds it from keyword arguments)."""
        self._log: list[Event] = []
        self._redo: list[Event] = []
        self._checkpoints: dict[int, dict[str, Any]] = {}
        first = {"type": "setup", "game": self.GAME, **settings}
        self._log.append(first)  # `players` reads it; _setup may normalise it (defaults filled in)
        self._setup(first)
        self._checkpoints[1] = self._snapshot()

    # -- for subclasses -------------------------------------------------------------------------

    def _setup(self, settings: Event) -> None:
        """Validate the settings and build the start state (raise `RuleViolation` when bad).

        It may write defaults back into `settings` (a starter left as None becomes a name), which
        is the event logged; every key of it must be a keyword of the subclass's `__init__`.
        """
        raise NotImplementedError

    def _record(self, event: Event) -> None:
        """Validate and apply one action's event, then log it; a new action clears redo."""
        def act(twin: Match) -> None:
            twin._apply(event)
            twin._redo.clear()

        self._write(act)

    def _require_player(self, player: str | None, expected: str | None) -> str:
        """The acting player: `expected` (the current one) unless `player` names someone else."""
        if expected is None:
            raise RuleViolation("not-your-turn", "Nobody is to act now.")
        if player is not None and player != expected:
            if not isinstance(player, str):  # from a log: said as a value, never as Python's
                raise RuleViolation("not-your-turn", "It is {player}'s turn, not {given}.",
                                    player=expected, given=given_said(player))
            raise RuleViolation("not-your-turn", "It is {player}'s turn, not {other}'s.",
                                player=expected, other=player)
        return expected

    # -- the log --------------------------------------------------------------------------------
    #
    # Readers (the screens of several sessions) read a shared live match without a lock; only
    # writers take one. So no writer ever changes the state readers see: every action, undo and
    # redo works on a twin (`_fork`, or `_rebuilt` from a checkpoint) and `_publish` swaps the
    # twin's finished state in with ONE assignment of `__dict__`, which is atomic under the GIL.
    # A reader sees every attribute before or after the change, never a missing or half-made one:
    # the objects of a published state are never mutated afterwards, except that the log, the
    # checkpoints and the append-only lists, shared with the twin so an action costs the same
    # however long the match, gain the action's entries at their end just before the swap (a
    # reader iterating them then sees one entry early, never an error). Two separate reads may
    # straddle a swap (the board of one version, `current` of the next); a screen re-renders on
    # the next change anyway. One read (a property or public method) never does: `_consistent`
    # makes it again if the state was swapped under it. Only `Match.replay` and `__init__` work
    # in place: nobody sees that match yet.

    def _apply(self, event: Event) -> None:
        kind = event.get("type") if isinstance(event, dict) else None
        handler = getattr(self, f"_on_{kind}", None) if isinstance(kind, str) else None
        if handler is None or kind == "setup":
            raise RuleViolation("bad-event", "Unknown action {given} for {game}.",
                                given=given_said(kind), game=self.title_word())
        before = len(self._log)
        try:
            handler(event)
        except RuleViolation:
            raise
        except Exception:
            # A handler must refuse before it mutates; if a bug broke that, put the state back.
            self._publish(self._rebuilt(before))
            raise
        if kind not in CLOCK_EVENTS and vars(self).get("_paused"):
            self._paused = False  # the game went on: the pause ends with this action
        self._log.append(copy.deepcopy(event))
        if len(self._log) % CHECKPOINT_EVERY == 0:
            self._checkpoints[len(self._log)] = self._snapshot()

    def _state(self) -> dict[str, Any]:
        return {k: v for k, v in vars(self).items() if k not in _BASE_FIELDS}

    def _snapshot(self) -> dict[str, Any]:
        """The state as a checkpoint: a deep copy, except that an append-only list is kept as a
        reference and its length (O(1), so replay stays linear however long the history grows)."""
        state = self._state()
        kept = {k: _Prefix(v, len(v)) for k, v in state.items() if self._append_only(k, v)}
        return copy.deepcopy({k: v for k, v in state.items() if k not in kept}) | kept

    def _append_only(self, key: str, value: Any) -> bool:
        return key in self._APPEND_ONLY and type(value) is list

    def _twin(self, state: dict[str, Any], log: list[Event], checkpoints: dict) -> Match:
        """A match of the same game holding `state`: deep-copied, except append-only lists,
        which a twin shares (and a checkpoint's prefix of one is sliced into a list of its own)."""
        twin = object.__new__(type(self))
        prefixes = {k: v.items[: v.length] for k, v in state.items() if isinstance(v, _Prefix)}
        lists = {k: v for k, v in state.items() if self._append_only(k, v)}
        rest = {k: v for k, v in state.items() if k not in prefixes and k not in lists}
        vars(twin).update(copy.deepcopy(rest) | prefixes | lists)
        twin._log, twin._redo, twin._checkpoints = log, list(self._redo), checkpoints
        return twin

    def _fork(self, *, private: bool = False) -> Match:
        """A twin in this match's exact state, for a writer to change and then `_publish`.

        It shares the log, the checkpoints and the append-only lists: one accepted action only
        appends to them (so an action costs the same however long the match), and a refused one
        touches none of them. `private` copies them too, for work over several events that may
        fail halfway."""
        state = self._state()
        if not private:
            return self._twin(state, self._log, self._checkpoints)
        state = {k: list(v) if self._append_only(k, v) else v for k, v in state.items()}
        return self._twin(state, list(self._log), dict(self._checkpoints))

    def _sizes(self) -> tuple[int, ...]:
        shared = [v for k, v in self._state().items() if self._append_only(k, v)]
        return (len(self._log), *map(len, shared))

    def _write(self, work: Callable[[Match], None], *, private: bool = False) -> None:
        """Do `work` on a twin and publish it; if it fails, this match stays as it was."""
        twin = self._fork(private=private)
        length, sizes = len(self._log), self._sizes()
        try:
            work(twin)
        except BaseException:
            if self._sizes() != sizes:  # a handler appended, then failed: rebuild without it
                self._publish(self._rebuilt(length))
            raise
        self._publish(twin)

    def _rebuilt(self, length: int) -> Match:
        """A twin in the state after the first `length` events, from the nearest checkpoint (so
        an undo replays at most CHECKPOINT_EVERY events)."""
        start = max(n for n in self._checkpoints if n <= length)
        checkpoints = {n: c for n, c in self._checkpoints.items() if n <= start}
        twin = self._twin(self._checkpoints[start], self._log[:start], checkpoints)
        for event in self._log[start:length]:
            twin._apply(event)
        return twin

    def _publish(self, twin: Match) -> None:
        """Make `twin`'s state this match's, in one atomic step (see the comment above)."""
        self.__dict__ = twin.__dict__
        _here.published = getattr(_here, "published", 0) + 1

    @property
    def events(self) -> list[Event]:
        """The events in effect, settings first (read-only: copy before changing one)."""
        return list(self._log)

    @classmethod
    def replay(cls, events: Sequence[Event]) -> Match:
        """Rebuild a match from its events, validating each one; nothing is left to redo."""
        if not events or not isinstance(events[0], dict) or events[0].get("type") != "setup":
            raise RuleViolation("bad-event", "A match log must start with its settings.")
        settings = {k: v for k, v in events[0].items() if k not in ("type", "game")}
        if events[0].get("game", cls.GAME) != cls.GAME:
            raise RuleViolation("bad-event", "This log is not a {game} match.",
                                game=cls.title_word())
        with stored_names():
            match = cls(**settings)
        for event in events[1:]:
            match._apply(event)
        return match

    @property
    def can_undo(self) -> bool:
        return len(self._log) > 1

    @property
    def can_redo(self) -> bool:
        return bool(self._redo)

    def undo(self) -> None:
        """Take back the last action."""
        if not self.can_undo:
            raise RuleViolation("nothing-to-undo", "There is nothing to undo.")
        twin = self._rebuilt(len(self._log) - 1)
        twin._redo.append(self._log[-1])
        self._publish(twin)

    def redo(self) -> None:
        """Apply again the last action taken back."""
        if not self.can_redo:
            raise RuleViolation("nothing-to-redo", "There is nothing to redo.")
        self._write(lambda twin: twin._apply(twin._redo.pop()))

    @property
    def redo_events(self) -> list[Event]:
        """The actions taken back that Redo would apply again, the next one last (read-only)."""
        return list(self._redo)

    def restore_redo(self, events: Sequence[Event]) -> None:
        """Make `events` (as `redo_events` gave them) what Redo applies again: a match saved
        after an Undo keeps its Redo when it is loaded. Each is checked by applying them all and
        taking them back; if one is refused, RuleViolation is raised and nothing changes."""
        if self._redo:
            raise RuleViolation("bad-event", "This match has actions to redo already.")

        def apply_then_undo(twin: Match) -> None:
            for event in reversed(events):
                twin._apply(event)
            for _ in events:
                twin.undo()

        self._write(apply_then_undo, private=True)

    # -- the clock's pauses -----------------------------------------------------------------------
    # The scorekeeper pauses a match (a break, a meal) so its length leaves that time out; the
    # app dates every event (storage/played.py), the rules only say where the pauses are. A
    # pause and a resume are actions like any other, in every game: Undo, Redo, the timeline,
    # exports and replay see them. A paused match takes the next action of the game as the end
    # of the pause: at a table the game goes on when someone plays, and a play entered while the
    # clock was forgotten on pause is kept, not refused.

    @property
    def paused(self) -> bool:
        """Whether the scorekeeper paused the match and nobody has acted since."""
        return bool(vars(self).get("_paused", False))

    @property
    def pauses(self) -> list[tuple[int, str]]:
        """Where the pauses are: (index in `events`, "pause" or "resume") for each pause and
        resume in effect, in order (a pause ended by a game's action has no resume)."""
        return list(vars(self).get("_pauses", ()))

    @property
    def can_pause(self) -> bool:
        """Whether `pause` would be taken now (started, not over, not paused): a screen offers
        Pause from this, never from rules of its own."""
        return len(self._log) > 1 and not self.is_over and not self.paused

    def pause(self) -> None:
        """Pause the match's clock (`already-paused`, `not-started` before the first action,
        `match-over` once it is over)."""
        self._record({"type": "pause"})

    def resume(self) -> None:
        """End the pause (`not-paused` when the match is not paused)."""
        self._record({"type": "resume"})

    def _on_pause(self, event: Event) -> None:
        _check_clock_event(event)
        if self.is_over:
            raise RuleViolation("match-over", "The match is over: there is nothing to pause.")
        if len(self._log) < 2:
            raise RuleViolation("not-started", "The clock starts with the first action: there "
                                "is nothing to pause yet.")
        if self.paused:
            raise RuleViolation("already-paused", "The match is paused already.")
        self._paused = True
        self._pauses = (*vars(self).get("_pauses", ()), (len(self._log), "pause"))

    def _on_resume(self, event: Event) -> None:
        _check_clock_event(event)
        if not self.paused:
            raise RuleViolation("not-paused", "The match is not paused.")
        self._paused = False
        self._pauses = (*vars(self).get("_pauses", ()), (len(self._log), "resume"))

    # -- outcome --------------------------------------------------------------------------------
    # What every screen, the store and the exports read from any match. A game overrides what
    # it has; the defaults say "nothing of that kind", so no reader has to probe for a name.

    # Whose turn it is; None when nobody in particular is to act (or the game has no turns).
    # A plain class attribute, so a game may keep it as an instance attribute or a property.
    current: str | None = None
    # What a screen marks `current` with ("to play", beside a name): the one glossary word for
    # whose turn it is; `turn_said` is its sentence.
    CURRENT_WORD: ClassVar[Term] = Term("turn", "to play")  # in the catalogs as POINTS is

    @classmethod
    def turn_said(cls, player: Any) -> Said:
        """Whose turn it is as a headline, `CURRENT_WORD`'s sentence: "Ann to play"."""
        return said("{player} to play", player=player)
    # Does `next_game()` give the next game of a series (Caro: the loser starts, C11)? A game
    # without one is played again from the same settings instead.
    HAS_NEXT_GAME: ClassVar[bool] = False
    # What a history entry's "changes" count, in words for an export's column: "points",
    # "damage", "penalty", "trophies".
    SCORE_UNIT: ClassVar[str] = "points"

    @property
    def score_unit(self) -> str:
        """What this match's history "changes" count (a game whose modes count differently,
        Ratel, answers per match)."""
        return self.SCORE_UNIT

    # -- the game's vocabulary --------------------------------------------------------------------
    # What the screens say of a game they know only through these (timeline, chart, Home, New
    # match, History, Statistics, exports): each a glossary word of the game, which
    # companion/i18n/extract.py puts in the catalogs (`vocabulary`).

    # The parts GROUPED_BY names, as the timeline titles them ({"round": Part(...)}).
    PARTS: ClassVar[Mapping[str, Part]] = {}
    # The units Count, FinalScore and score_unit name ({"points": POINTS, ...}).
    UNITS: ClassVar[Mapping[str, Unit]] = {"points": POINTS}
    # The lowest total leads and wins (Ratel's damage and penalty points): the game's standings,
    # a series' winner in History and Statistics' "lower is better" follow it.
    LOWEST_WINS: ClassVar[bool] = False

    @classmethod
    def title_word(cls) -> Term:
        """The game's name as its players write it in the reader's language, a glossary word
        ("game title"): ラーテル for Ratel in Japanese; the published title where a language has
        no name of its own. `TITLE` is its English.

        >>> Match.title_word().context
        'game title'
        """
        return Term("game title", cls.TITLE)

    @classmethod
    def players_said(cls) -> Said:
        """How many play, as a box says it: "2–4 players", "4 players" for a fixed count.

        >>> str(Match.players_said())
        '2 players'
        """
        least, most = min(cls.PLAYERS), max(cls.PLAYERS)
        if least == most:
            return said_n("{n} player", "{n} players", most)
        return said_n("{least}–{n} player", "{least}–{n} players", most, least=least)

    @classmethod
    def unit_named(cls, code: str) -> Unit | None:
        """The unit this game declares under `code` (a Count's, FinalScore's or score_unit's);
        None for one it does not declare."""
        return cls.UNITS.get(code)

    @classmethod
    def vocabulary(cls) -> list[Term]:
        """Every glossary word the game declares for the screens (title, parts, units, the
        turn's word), for the catalogs to hold."""
        found = [cls.title_word(), cls.CURRENT_WORD]
        for part in cls.PARTS.values():
            found.extend(word for word in part if word is not None)
        for unit in cls.UNITS.values():
            found.extend(word for word in (unit.amount, unit.title, unit.words, unit.team_title)
                         if word is not None)
        return found

    @property
    def players(self) -> list[str]:
        return list(self._log[0]["players"])

    @property
    def history(self) -> list[dict[str, Any]]:
        """One entry per action in effect, in order: at least {"text": what happened,
        "said": the same as data, "changes": {player or side: points added}}; a game adds its
        own keys. A game keeps its entries as `Entry` values and gives `entry.read()` here."""
        return []

    @property
    def final_scores(self) -> dict[str, int] | None:
        """{player: final score} once the match is over, for statistics; None until then, and
        for a game (or mode) whose result has no score worth averaging."""
        return None

    def play_again(self) -> Match:
        """A new match with this one's players and settings ("Play again"). Its names were
        accepted when this match began: rules added since do not refuse them (`stored_names`)."""
        settings = {k: v for k, v in self._log[0].items() if k not in ("type", "game")}
        with stored_names():
            return type(self)(**copy.deepcopy(settings))

    def next_game(self, starter: str | None = None) -> Match:
        """The next game of a series, for a game with `HAS_NEXT_GAME`; `no-next-game` here."""
        raise RuleViolation("no-next-game", "{game} has no next game: play it again.",
                            game=self.title_word())

    @property
    def is_over(self) -> bool:
        raise NotImplementedError

    @property
    def winners(self) -> list[str]:
        raise NotImplementedError

    def standings(self) -> list[tuple[str, str]]:
        """(name, what they have) in seating order (teams in the order given), for every
        scoreboard and the summaries: a scoreboard that re-sorted by score after every action
        made the current player jump about. Who leads is `ahead`. A game gives them as data in
        `standing_figures`; this is their text."""
        return [(str(row.name), row.text) for row in self.standing_figures()]

    def standing_figures(self) -> list[Standing]:
        """The standings as data, in the same order: what a scoreboard draws large and what it
        writes beside it."""
        raise NotImplementedError

    @property
    def placings(self) -> list[Placing]:
        """Every side's place once the match is over, best first (ties share a rank), for
        ratings; [] until then. The winners come first; the rest follow by their standing's
        figure (lower first where `LOWEST_WINS`), so a figure ranks within the winners too (Ratel's
        damage). A game whose sides are not its players (Careta's teams) or whose standings
        do not rank gives its own."""
        if not self.is_over:
            return []
        won = set(self.winners)
        try:
            figures = {row.name: row.value for row in self.standing_figures()}
        except NotImplementedError:
            figures = {}
        sign = 1 if self.LOWEST_WINS else -1
        return placed([
            ((p,), (0 if p in won else 1,
                    sign * figures[p] if isinstance(figures.get(p), int) else 0))
            for p in self.players
        ])

    @property
    def counts(self) -> list[Count]:
        """The scores this match keeps per side, each side's value now: what the chart draws
        over the match and the timeline says each step changed. [] for a game that keeps none."""
        return []

    def side_name(self, side: str) -> Any:
        """How a reader is told `side` (a key of `counts` and of the history's changes): its name
        as it is, or a value a screen says in its reader's language (a `Said`: Careta's team
        left unnamed, "Team A")."""
        return side

    # The keys of a `history` entry that say which part of the match it belongs to, widest
    # first (("set", "game"), ("round", "trick")): the timeline groups the steps by them.
    # () keeps every step in one group.
    GROUPED_BY: ClassVar[tuple[str, ...]] = ()
    # The one of GROUPED_BY whose number the chart counts along instead of steps, for a game
    # whose scores change only when that part ends (Ratel's rounds); "" counts steps.
    CHART_BY: ClassVar[str] = ""
    # What `final_scores` count, or None for a game without a final score worth averaging.
    FINAL_SCORE: ClassVar[FinalScore | None] = None

    @property
    def step_groups(self) -> list[tuple[tuple[str, int | None], ...]]:
        """Which part of the match each `history` entry belongs to, as (part, number) pairs
        widest first: (("round", 2), ("trick", 5)). A number None names a part that is not
        counted (Careta's deal: (("set", 1), ("deal", None)))."""
        keys = self.GROUPED_BY
        return [tuple((k, entry.get(k)) for k in keys) for entry in self.history]

    @classmethod
    def variant_of(cls, settings: Event) -> str:
        """A few words naming the way of play chosen in `settings` (the first event) where a game
        has several ("short game"), for lists that show a match without replaying it; "" when
        the game has one way only. Never raises: odd settings give ""."""
        return ""

    @property
    def variant(self) -> str:
        """`variant_of` this match's settings."""
        return self.variant_of(self._log[0])

    @property
    def ahead(self) -> list[str]:
        """The names (as `standings` gives them) ahead of the rest now, ties included; [] while
        all are level. A scoreboard marks them without reordering."""
        return []

    @property
    def won_by(self) -> list[str]:
        """The names (as `standings` gives them) of who won; [] until over. A scoreboard marks
        these rows: `winners` are players, while a game whose standings name teams (Careta)
        names the winning team here."""
        return self.winners if self.is_over else []

    @property
    def standing_notes(self) -> dict[str, str]:
        """{name as `standings` gives it: a short note} for what the standings leave out that
        the table watches (Ratel's cards in hand, Carrera's momentum), shown beside them on the
        Big scoreboard; {} for a game with nothing more to watch."""
        return {}


_make_reads_consistent(Match)
_check_arguments(Match)

"""Every public engine method, query or action, of every game, and every public function of a
game's module, refuses junk with RuleViolation (API.md): never another exception, a refused call
leaves the match's events as they were, and the refusal says no Python value (no True, no
[None], no b'...'). The callables are found from each game's Match class and module
(`scoring.ENGINES`), not listed by hand: a new method is fuzzed as soon as it is written. Each is
called on a fresh match, mid-game and at the end of a seeded playout, with one argument junk at a
time and the others values the playout used; then hypothesis mixes junk of every kind."""

from __future__ import annotations

import inspect
import math
import random
import re
from collections.abc import Callable
from functools import cache
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import scoring
from scoring.core import Match, RuleViolation
from tests.support.games import games, hook


class Thing:
    """An object of no kind an engine knows."""


JUNK: list[Any] = [
    None, -1, 0, 10**9, -(10**9), 10**100, 1.5, math.nan, math.inf, True, False, 1j,
    "", " ", "x", "zz nobody", "Ann ", "x" * 20_000, b"bytes", bytearray(b"x"),
    [], [None], [[[]]], [1, "a", None], ["x" * 20_000], [{"number": -1}], [{"number": None}],
    {}, {"a": None}, {None: []}, {"x": {"y": [1]}}, {"number": 5, "suit": []},
    (1, 2), {1, 2}, frozenset(), range(10**9), Thing(), object, len,
]

# Two seeded playouts of each game (its test hook's): their events make the fresh, mid-game and
# ended matches, and the values they used are the plausible arguments beside the junk one.
PLAYOUTS: dict[str, Callable[[], list[list[dict[str, Any]]]]] = {
    game: (lambda game=game: [hook(game).playout(seed).events for seed in (1, 2)])
    for game in games()
}


def test_every_game_is_fuzzed() -> None:
    assert set(PLAYOUTS) == set(scoring.ENGINES)  # games() leaves out the tests' stand-ins


@cache
def logs(game: str) -> list[list[dict[str, Any]]]:
    return PLAYOUTS[game]()


def cuts(log: list[dict[str, Any]]) -> list[int]:
    """How many events of a log make the matches fuzzed: fresh, mid-game, ended."""
    return sorted({1, len(log) // 2, len(log)})


def plausible(log: list[dict[str, Any]]) -> list[Any]:
    """The values a playout's events hold (each dict and list too) and the players' names."""
    found: list[Any] = list(log[0]["players"])

    def walk(value: Any) -> None:
        found.append(value)
        if isinstance(value, dict):
            found.extend(k for k in value if isinstance(k, str))
            for v in value.values():
                walk(v)
        elif isinstance(value, list):
            for v in value:
                walk(v)

    for event in log[1:]:
        walk({k: v for k, v in event.items() if k != "type"})
    unique: list[Any] = []
    for value in found:
        if not any(value == u and type(value) is type(u) for u in unique):
            unique.append(value)
    return unique


def targets(game: str) -> list[str]:
    """Every public callable of the game's Match class ("m.play") and of its module ("Card")."""
    engine = scoring.ENGINES[game]
    found = [f"m.{name}" for name in dir(engine.Match) if not name.startswith("_")
             and not isinstance(inspect.getattr_static(engine.Match, name), property)
             and callable(getattr(engine.Match, name))]
    found += [name for name in dir(engine) if not name.startswith("_")
              and callable(getattr(engine, name))
              and getattr(getattr(engine, name), "__module__", "").startswith(engine.__name__)]
    return found


CASES = [(game, name) for game in sorted(scoring.ENGINES) for name in targets(game)]


def resolve(game: str, name: str, m: Match) -> Callable[..., Any]:
    return getattr(m, name[2:]) if name.startswith("m.") else getattr(scoring.ENGINES[game], name)


def parameters(fn: Callable[..., Any]) -> list[inspect.Parameter]:
    return [p for p in inspect.signature(fn).parameters.values()
            if p.kind is not p.VAR_KEYWORD]


def arguments(params: list[inspect.Parameter], values: list[Any]) -> tuple[list, dict]:
    args: list[Any] = []
    kwargs: dict[str, Any] = {}
    for param, value in zip(params, values, strict=True):
        if param.kind is param.KEYWORD_ONLY:
            kwargs[param.name] = value
        else:
            args.append(value)
    return args, kwargs


PYTHON_WORDS = re.compile(r"\b(True|False|None)\b")


def attempt(label: str, m: Match, fn: Callable[..., Any], args: list, kwargs: dict) -> None:
    """Call; a refusal must be a RuleViolation that changed no event and says no Python value."""
    before = list(m.events)
    try:
        fn(*args, **kwargs)
    except RuleViolation as refused:
        assert m.events == before, f"{label}: refused but changed the events"
        text = str(refused)
        typed = " ".join(v for v in [*args, *kwargs.values()] if isinstance(v, str))
        for value in [*args, *kwargs.values()]:
            if not isinstance(value, (str, int, float)) or isinstance(value, bool) or (
                    isinstance(value, float) and not math.isfinite(value)):
                shown = repr(value)
                assert len(shown) < 4 or shown not in text, (label, value, text)
        for word in PYTHON_WORDS.findall(text):  # unless a text given says it
            assert word in typed, (label, text)
    except Exception as error:  # noqa: BLE001 - the point: name the call that crashed
        shown = ", ".join([*(repr(a)[:40] for a in args),
                           *(f"{k}={v!r:.40}" for k, v in kwargs.items())])
        pytest.fail(f"{label}({shown}) raised {type(error).__name__}: {error}")


@pytest.mark.parametrize(("game", "name"), CASES)
def test_each_argument_junk_in_turn(game: str, name: str) -> None:
    """Every junk value in every argument, the others plausible, at three points of a match."""
    rng = random.Random(name)
    for log in logs(game):
        pool = plausible(log)
        for cut in cuts(log):
            m = scoring.replay(log[:cut])
            params = parameters(resolve(game, name, m))
            if not params:
                attempt(f"{game}.{name}", m, resolve(game, name, m), [], {})
            for i in range(len(params)):
                for junk in JUNK:
                    values = [junk if j == i else rng.choice(pool) for j in range(len(params))]
                    attempt(f"{game}.{name}", m, resolve(game, name, m),
                            *arguments(params, values))
                    if len(m.events) != cut:  # an action went through: back to the cut
                        m = scoring.replay(log[:cut])


junk_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=8)
    | st.binary(max_size=4) | st.sampled_from(JUNK),
    lambda inner: st.lists(inner, max_size=4) | st.tuples(inner, inner)
    | st.dictionaries(st.text(max_size=4) | st.integers(), inner, max_size=3),
    max_leaves=8,
)


@pytest.mark.parametrize(("game", "name"), CASES)
@settings(max_examples=12, deadline=None, database=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(data=st.data())
def test_junk_of_every_kind_mixed(game: str, name: str, data: st.DataObject) -> None:
    """Hypothesis draws each argument: junk of any kind, nested, or a value the playout used."""
    log = data.draw(st.sampled_from(logs(game)))
    m = scoring.replay(log[: data.draw(st.sampled_from(cuts(log)))])
    fn = resolve(game, name, m)
    pool = plausible(log)
    values = [data.draw(junk_values | st.sampled_from(pool)) for _ in parameters(fn)]
    attempt(f"{game}.{name}", m, fn, *arguments(parameters(fn), values))

"""One test hook a game: `tests/support/games/<game>.py` for each game of `scoring.GAMES`.

The tests that hold every game to a rule (history, declared data, stored and exported matches,
the languages walk) loop over `scoring.GAMES` and reach each game through its hook, so a fifth
game is covered as soon as it is registered, or fails loudly saying what it lacks. A hook gives:

- `fresh()`: a new match, nothing played (players Ann, Ben, ...; Ann starts where one starts);
- `in_play()`: a match part-way through; `finished()`: one played to its end;
- `playout(seed)`: a seeded random match of legal moves only (undo and redo on the way where the
  game's own playout does them), long enough to say something for most seeds;
- the tables the cross-game tests read: `FIRST_TURN` (`fresh().current`), `HAS_NEXT_GAME`,
  `FINAL_SCORES` (whether a finished match has scores to average), `HISTORY` (the attribute
  holding its `core.Entry` history);
- optionally `OTHER_FINISHED` (more finished matches: other modes, teams) and `WALK` (the states
  the languages walk seeds: name -> (build, whether its timeline, chart, board and rules are
  walked too); by default its in-play and finished matches, the finished one walked around).
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from pathlib import Path
from types import ModuleType

import scoring
from scoring.core import Match

HERE = Path(__file__).resolve().parent
REQUIRED = ("fresh", "in_play", "finished", "playout", "FIRST_TURN", "HAS_NEXT_GAME",
            "FINAL_SCORES", "HISTORY")


def path_of(game: str) -> str:
    """Where the hook of `game` lives, from the repository's root."""
    return f"tests/support/games/{module_of(game)}.py"


def module_of(game: str) -> str:
    return game.replace("-", "_")


def hook(game: str) -> ModuleType:
    """The test hook of `game`; a game without one, or a hook missing one of REQUIRED, fails
    naming the file and what it lacks."""
    if not (HERE / f"{module_of(game)}.py").is_file():
        raise AssertionError(f"{game!r} is in scoring.GAMES but has no test hook: add "
                             f"{path_of(game)} (docs/contributing.md, 'Adding a game')")
    module = importlib.import_module(f"{__name__}.{module_of(game)}")
    lacking = [name for name in REQUIRED if not hasattr(module, name)]
    if lacking:
        raise AssertionError(f"{path_of(game)} lacks {', '.join(lacking)} "
                             f"(tests/support/games/__init__.py says what each is)")
    return module


def games() -> list[str]:
    """Every game of scoring.GAMES in its order, but those a test registers for itself (a class
    of tests/, such as Tally): they are stand-ins, not games the app offers."""
    return [game for game, cls in scoring.GAMES.items() if not cls.__module__.startswith("tests.")]


def other_finished(game: str) -> tuple[Callable[[], Match], ...]:
    return tuple(getattr(hook(game), "OTHER_FINISHED", ()))


def walk(game: str) -> dict[str, tuple[Callable[[], Match], bool]]:
    """The states of `game` the languages walk seeds, named `<game>-<state>`."""
    h = hook(game)
    states = getattr(h, "WALK", None) or {"mid": (h.in_play, False), "over": (h.finished, True)}
    return {f"{game}-{state}": entry for state, entry in states.items()}

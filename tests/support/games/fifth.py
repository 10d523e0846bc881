"""A tiny fifth game, Pips, written part by part as "Adding a game" (docs/contributing.md) lists
them: `WRITERS` maps each path of the recipe to what writes that part into a tree.
tests/companion/test_recipe.py builds it in a copy of the tree and runs the cross-game tests on
it; without any one part, the recipe's check (recipe.lacking) must name that part."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po, write_po

from companion.i18n.extract import TRANSLATED, WIDTH, extracted

GAME, TITLE = "pips", "Pips"

ENGINE = '''"""Pips: players roll a die in turn and add its points; the first to the target wins."""

from __future__ import annotations

from typing import Any, ClassVar

from scoring import core
from scoring.core import Count, FinalScore, RuleViolation, Standing, check_players, next_in_turn
from scoring.said import said


class Match(core.Match):
    GAME: ClassVar[str] = "pips"
    TITLE: ClassVar[str] = "Pips"
    PLAYERS: ClassVar[range] = range(2, 5)
    _APPEND_ONLY: ClassVar[frozenset[str]] = frozenset({"_history"})
    FINAL_SCORE: ClassVar[FinalScore | None] = FinalScore("points")

    def __init__(self, players: list[str], starter: str | None = None, target: int = 10) -> None:
        super().__init__({"players": players, "starter": starter, "target": target})

    def _setup(self, settings: dict[str, Any]) -> None:
        players = check_players(settings["players"], self.PLAYERS)
        settings["starter"] = settings["starter"] or players[0]
        if settings["starter"] not in players:
            raise RuleViolation("unknown-player", "{player} is not playing.",
                                player=settings["starter"])
        target = settings["target"]
        if not isinstance(target, int) or isinstance(target, bool) or not 5 <= target <= 100:
            raise RuleViolation("bad-option", "The target must be 5 to 100 points.")
        self.totals = {p: 0 for p in players}
        self.current: str | None = settings["starter"]
        self._history: list[core.Entry] = []

    def roll(self, points: int) -> None:
        self._record({"type": "roll", "points": points})

    def _on_roll(self, event: dict[str, Any]) -> None:
        points = event.get("points")
        if self.current is None:
            raise RuleViolation("match-over", "The match is over.")
        if not isinstance(points, int) or isinstance(points, bool) or not 1 <= points <= 6:
            raise RuleViolation("bad-roll", "A roll is 1 to 6 points.")  # P1
        player = self.current
        self.totals = {**self.totals, player: self.totals[player] + points}
        self._history.append(core.Entry(said("{player} rolls {points}.", player=player,
                                             points=points),
                                        {"changes": {player: points}, "player": player}))
        over = self.totals[player] >= self._log[0]["target"]  # P2
        self.current = None if over else next_in_turn(self.players, player)

    @property
    def history(self) -> list[dict[str, Any]]:
        return [entry.read() for entry in self._history]

    @property
    def is_over(self) -> bool:
        return self.current is None

    @property
    def winners(self) -> list[str]:
        target = self._log[0]["target"]
        return [p for p, total in self.totals.items() if total >= target]

    def standing_figures(self) -> list[Standing]:
        return [Standing(p, total) for p, total in self.totals.items()]

    @property
    def counts(self) -> list[Count]:
        return [Count("points", dict(self.totals))]

    @property
    def final_scores(self) -> dict[str, int] | None:
        return dict(self.totals) if self.is_over else None
'''

UI = '''"""Pips at the table: one button a roll."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import flet as ft

from companion.games import GameUI
from companion.i18n import N_, _
from scoring import pips


@ft.component
def PipsScreen(match: pips.Match, act: Callable[..., Any], **_kwargs: Any) -> ft.Control:
    return ft.Column([
        ft.Text(_("Points rolled")),
        ft.Row([ft.FilledButton(str(n), on_click=lambda e, n=n: act(lambda m: m.roll(n)))
                for n in range(1, 7)]),
    ])


UI = GameUI(
    match_cls=pips.Match,
    blurb=N_("Roll a die in turn and add its points; the first to ten wins."),
    screen=PipsScreen,
    create=lambda players, first, options: pips.Match(players, starter=first),
)
'''

SHEET = """# Pips

## Pips in short

- 2 to 4 players play a match; the starting player rolls first.
- On their turn a player rolls the die and adds its points to their total.
- The first player whose total reaches the target is the winner.

## A roll

| roll | points |
|---|---|
| 1 to 6 | as rolled |

## How the app decides (rulings)

1. **P1** A roll is 1 to 6 points; any other roll is refused.
2. **P2** The match ends on the turn a total reaches the target: that player is the winner.
"""

# English term -> its translation in es, de, ja (at least 10; 8 or more said by the sheet)
TERMS = {
    "starting player": ("jugador inicial", "Startspieler", "スタートプレイヤー"),
    "player": ("jugador", "Spieler", "プレイヤー"),
    "match": ("partida", "Partie", "マッチ"),
    "turn": ("turno", "Zug", "手番"),
    "roll": ("tirada", "Wurf", "ロール"),
    "die": ("dado", "Würfel", "ダイス"),
    "points": ("puntos", "Punkte", "点数"),
    "total": ("total", "Summe", "合計"),
    "target": ("meta", "Ziel", "目標"),
    "winner": ("ganador", "Gewinner", "勝者"),
    "round": ("ronda", "Runde", "ラウンド"),
}

RULINGS = """
## Pips (`rules/pips.txt`)

- P1 A roll is 1 to 6 points; any other roll is refused.
- P2 The match ends on the turn a total reaches the target: that player is the winner.
"""

HOOK = '''"""Pips's test hook (tests/support/games/__init__.py says what a hook gives)."""

from __future__ import annotations

import random

from scoring import pips

FIRST_TURN = "Ann"
HAS_NEXT_GAME = False
FINAL_SCORES = True
HISTORY = "_history"


def fresh() -> pips.Match:
    return pips.Match(["Ann", "Ben"])


def in_play() -> pips.Match:
    m = fresh()
    m.roll(3)
    return m


def finished() -> pips.Match:
    m = fresh()
    for points in (6, 1, 6):
        m.roll(points)
    return m


def playout(seed: int) -> pips.Match:
    rng = random.Random(seed)
    m = pips.Match(["Ann", "Ben", "Cleo", "Dan"][: rng.randint(2, 4)], target=60)
    while not m.is_over:
        m.roll(rng.randint(1, 6))
        if rng.random() < 0.1:
            m.undo()
            m.redo()
    return m
'''

RULEBOOK_TESTS = '''from scoring import pips


def test_the_first_to_the_target_wins() -> None:
    m = pips.Match(["Ann", "Ben"])
    for points in (6, 1, 6):
        m.roll(points)
    assert m.is_over and m.winners == ["Ann"] and m.totals == {"Ann": 12, "Ben": 1}
'''

PLAYOUT_TESTS = '''import pytest

from tests.support.games import hook


@pytest.mark.parametrize("seed", range(5))
def test_a_playout_replays_as_it_was_played(seed: int) -> None:
    m = hook("pips").playout(seed)
    assert m.is_over and type(m).replay(m.events).totals == m.totals
'''

BROWSER_TEST = '''from tests.support.app.ui import button, open_page, see


def test_a_match_of_pips_at_the_table(app, phone) -> None:
    open_page(phone, app.url)
    button(phone, "New Pips match").click()
    see(phone, "New Pips match")
'''


def _write(root: Path, path: str, text: str) -> None:
    file = root / path
    file.parent.mkdir(parents=True, exist_ok=True)
    file.write_text(text, encoding="utf-8")


def _edit(root: Path, path: str, change: Callable[[str], str]) -> None:
    file = root / path
    before = file.read_text(encoding="utf-8")
    after = change(before)
    assert after != before, f"{path}: nothing to change where the recipe says"
    file.write_text(after, encoding="utf-8")


def _registered(text: str) -> str:
    text = re.sub(r"^(from scoring import [^\n(]*)$", r"\1\nfrom scoring import pips", text,
                  count=1, flags=re.MULTILINE)
    return re.sub(r"(for engine in \([^)]*)\)", r"\1, pips)", text, count=1)


def _listed(text: str) -> str:
    return re.sub(r"(_MODULES = \([^)]*)\)", r'\1, "pips")', text, count=1)


def translated_sheet(lang: str) -> str:
    index = TRANSLATED.index(lang)
    text = SHEET
    for term in sorted(TERMS, key=len, reverse=True):
        text = re.sub(rf"\b{term}s?\b", TERMS[term][index], text, flags=re.IGNORECASE)
    return text


def _glossary(lang: str) -> Callable[[str], str]:
    index = TRANSLATED.index(lang)
    rows = "".join(f"| {term} | {words[index]} | ours |\n" for term, words in TERMS.items())
    return lambda text: f"{text.rstrip()}\n\n## Pips (pips)\n\n| English | {lang} | source |\n" \
                        f"|---|---|---|\n{rows}"


def _template(root: Path) -> Catalog:
    """The tree's template, as `python -m companion.i18n.extract` makes it there: with the
    game's title word (`Match.vocabulary`), which this process's registry does not hold."""
    template = extracted(root)
    if template.get(TITLE, context="game title") is None:
        template.add(TITLE, None, [("scoring/GLOSSARY", 0)], context="game title")
    return template


def _write_template(root: Path) -> None:
    with (root / "companion/locale/messages.pot").open("wb") as out:
        write_po(out, _template(root), width=WIDTH, sort_output=True, no_location=True)


def _translate(root: Path, lang: str) -> None:
    """The language's catalog updated from a fresh extraction (as the extraction does), and each
    message that came in translated (a stand-in translation keeping its placeholders)."""
    path = root / f"companion/locale/{lang}/LC_MESSAGES/messages.po"
    with path.open("rb") as source:
        catalog = read_po(source, locale=lang)
    catalog.update(_template(root), no_fuzzy_matching=True)
    for message in catalog:
        forms = (message.string,) if isinstance(message.string, str | None) else message.string
        if message.id and not all(forms):
            message.string = f"[{lang}] {message.id}" if isinstance(message.id, str) else \
                tuple(f"[{lang}] {message.id[min(n, 1)]}" for n in range(catalog.num_plurals))
    with path.open("wb") as out:
        write_po(out, catalog, width=WIDTH, sort_output=True, no_location=True,
                 ignore_obsolete=True)


def _each(write: Callable[[Path, str], None]) -> Callable[[Path], None]:
    def every(root: Path) -> None:
        for lang in TRANSLATED:
            write(root, lang)
    return every


WRITERS: dict[str, Callable[[Path], None]] = {
    "scoring/<game>.py": lambda root: _write(root, "scoring/pips.py", ENGINE),
    "scoring/__init__.py": lambda root: _edit(root, "scoring/__init__.py", _registered),
    "companion/games/<game>/__init__.py":
        lambda root: _write(root, "companion/games/pips/__init__.py", UI),
    "companion/games/__init__.py": lambda root: _edit(root, "companion/games/__init__.py", _listed),
    "companion/rules/<game>.md": lambda root: _write(root, "companion/rules/pips.md", SHEET),
    "companion/rules/<lang>/<game>.md": _each(
        lambda root, lang: _write(root, f"companion/rules/{lang}/pips.md", translated_sheet(lang))),
    "docs/glossary/<lang>.md": _each(
        lambda root, lang: _edit(root, f"docs/glossary/{lang}.md", _glossary(lang))),
    "docs/rulings.md": lambda root: _edit(root, "docs/rulings.md",
                                          lambda text: text.rstrip() + "\n" + RULINGS),
    "companion/locale/messages.pot": _write_template,
    "companion/locale/<lang>/LC_MESSAGES/messages.po": _each(_translate),
    "tests/support/games/<game>.py": lambda root: _write(root, "tests/support/games/pips.py", HOOK),
    "tests/scoring/test_<game>*.py":
        lambda root: _write(root, "tests/scoring/test_pips.py", RULEBOOK_TESTS),
    "tests/scoring/test_<game>_playout.py":
        lambda root: _write(root, "tests/scoring/test_pips_playout.py", PLAYOUT_TESTS),
    "tests/app/test_<game>.py": lambda root: _write(root, "tests/app/test_pips.py", BROWSER_TEST),
}

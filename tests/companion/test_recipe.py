"""The "Adding a game" (docs/contributing.md) is true (issue 34): it lists the parts the tests check
(tests/support/games/recipe.py), every game of scoring.GAMES has each of them and a test hook,
and a fifth game written into a copy of the tree from that list alone passes the cross-game tests
(run in a subprocess there); without any one part, the check names that part."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from companion.games import GAME_UIS
from scoring import GAMES
from tests.support.games import games, hook
from tests.support.games.fifth import GAME, TITLE, WRITERS
from tests.support.games.recipe import PARTS, lacking

ROOT = Path(__file__).resolve().parents[2]
# What a copy of the tree needs to run the cross-game tests.
TREE = ("scoring", "storage", "companion", "tests", "docs", "pyproject.toml", "README.md")
# The cross-game tests run on the fifth game: those parametrized by game, for it only (and the
# rest of each module, which holds every game to a rule), and its own.
CROSS_GAME = ("tests/scoring/test_declared.py", "tests/scoring/test_core_history.py",
              "tests/scoring/test_lazy_entry.py", "tests/scoring/test_core_concurrent.py",
              "tests/companion/test_rules_sheets.py", "tests/companion/test_catalogs.py",
              "tests/companion/test_recipe.py", f"tests/scoring/test_{GAME}.py",
              f"tests/scoring/test_{GAME}_playout.py")
# Each other game's cases by their parameter ids ("[caro]", "[es-ratel]"), not by a substring
# of any name: a game's id may be a word of other tests' names ("sheet").
OTHERS = " or ".join(f"[{g}] or [{g}- or -{g}] or -{g}-" for g in games())
# Not run in the copy: this module's tests of a tree without a fifth game, and the Rules screen's
# (a Caro match's, on a Flet session: slow, and about no game in particular).
TREE_ONLY = ("built_by_the_recipe", "without_a_hook", "without_one_part", "rules_screen")


def readme_parts() -> list[str]:
    """The paths "Adding a game" (docs/contributing.md) lists, one a bullet, in order."""
    text = (ROOT / "docs" / "contributing.md").read_text(encoding="utf-8")
    section = text.split("\n## Adding a game\n", 1)[1].split("\n## ", 1)[0]
    return re.findall(r"^- `([^`]+)`", section, re.MULTILINE)


def test_the_readme_lists_every_part_the_tests_check() -> None:
    assert readme_parts() == [part.path for part in PARTS]


def test_the_fifth_game_is_written_part_by_part_as_the_readme_lists() -> None:
    assert list(WRITERS) == readme_parts()


@pytest.mark.parametrize("game", games())
def test_every_game_has_every_part_and_a_test_hook(game: str) -> None:
    missing = lacking(ROOT, game, str(GAMES[game].TITLE))
    assert missing == [], f"{game} lacks (docs/contributing.md, 'Adding a game'): " + ", ".join(
        path.replace("<game>", game) for path in missing)
    hook(game)  # its hook gives what the cross-game tests ask


def test_the_games_offered_are_the_games_scored() -> None:
    assert sorted(GAME_UIS) == sorted(games())


def test_a_game_without_a_hook_fails_naming_the_file() -> None:
    with pytest.raises(AssertionError, match=f"no test hook: add tests/support/games/{GAME}.py"):
        hook(GAME)


def test_a_hook_missing_a_table_fails_naming_it(monkeypatch: pytest.MonkeyPatch) -> None:
    import tests.support.games.caro as caro_hook

    monkeypatch.delattr(caro_hook, "FIRST_TURN")
    with pytest.raises(AssertionError, match="tests/support/games/caro.py lacks FIRST_TURN"):
        hook("caro")


# The files the parts write into or read, copied from the tree; the catalogs start empty.
SMALL = ("scoring/__init__.py", "companion/games/__init__.py", "docs/rulings.md",
         "docs/glossary/es.md", "docs/glossary/de.md", "docs/glossary/ja.md")


def small_tree(root: Path) -> Path:
    for path in SMALL:
        (root / path).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(ROOT / path, root / path)
    locale = root / "companion" / "locale"
    for lang in ("es", "de", "ja"):
        (locale / lang / "LC_MESSAGES").mkdir(parents=True)
        (locale / lang / "LC_MESSAGES" / "messages.po").write_text(
            f'msgid ""\nmsgstr ""\n"Language: {lang}\\n"\n', encoding="utf-8")
    (locale / "messages.pot").write_text('msgid ""\nmsgstr ""\n', encoding="utf-8")
    return root


@pytest.mark.parametrize("left_out", list(WRITERS))
def test_without_one_part_the_check_names_it(left_out: str, tmp_path: Path) -> None:
    root = small_tree(tmp_path)
    for path, write in WRITERS.items():
        if path != left_out:
            write(root)
    assert lacking(root, GAME, TITLE) == [left_out]


def test_a_fifth_game_built_by_the_recipe_passes_the_cross_game_tests(tmp_path: Path) -> None:
    """About 30 s on the busy 2-core machine: the copy, the extractions, and the tests in a
    subprocess (every other game's cases left out: they pass in the tree itself)."""
    root = tmp_path / "tree"
    for name in TREE:
        source = ROOT / name
        if source.is_dir():
            shutil.copytree(source, root / name,
                            ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
        else:
            root.mkdir(exist_ok=True)
            shutil.copy(source, root / name)
    for path in readme_parts():
        WRITERS[path](root)
    assert lacking(root, GAME, TITLE) == []
    done = subprocess.run(
        [sys.executable, "-m", "pytest", *CROSS_GAME, "-q", "-o", "addopts=", "-p",
         "no:cacheprovider", "-k", f"not ({OTHERS}) and not ({' or '.join(TREE_ONLY)})"],
        cwd=root, capture_output=True, text=True, timeout=300,
        env={**os.environ, "PYTHONDONTWRITEBYTECODE": "1"})
    assert done.returncode == 0, done.stdout[-6000:] + done.stderr[-3000:]
    ran = re.search(r"(\d+) passed", done.stdout)
    assert ran and int(ran.group(1)) >= 40, done.stdout[-2000:]

"""What a game needs, part by part: "Adding a game" (docs/contributing.md) lists exactly these
paths, and `lacking` says which of them a game is missing in a tree (the real one, or a copy a test
builds a fifth game in). tests/companion/test_recipe.py holds the recipe, every game of
scoring.GAMES and a fifth game built by the list to it; the cross-game tests (tests/support/games)
ask the rest."""

from __future__ import annotations

import ast
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

from babel.messages.extract import extract_from_file
from babel.messages.pofile import read_po

from companion.i18n.extract import COMMENT_TAGS, KEYWORDS, TRANSLATED
from tests.support.games import REQUIRED, module_of

GLOSSARY_TERMS = 10  # at least, a game and language (tests/companion/test_rules_sheets.py)
RULING = re.compile(r"\*\*([A-Z]\d+)\*\*")


@dataclass(frozen=True)
class Part:
    path: str  # as the recipe names it: <game> and <lang> (each of es, de, ja) stand for each
    check: Callable[[Path, str, str], bool]  # (root, game, title): is it there?

    def paths(self, game: str) -> Iterator[str]:
        for lang in TRANSLATED if "<lang>" in self.path else ("",):
            yield self.path.replace("<game>", module_of(game)).replace("<lang>", lang)


def _text(root: Path, path: str) -> str:
    file = root / path
    return file.read_text(encoding="utf-8") if file.is_file() else ""


def _each(check: Callable[[Path, str, str, str], bool]) -> Callable[[Path, str, str], bool]:
    """A check made for every translated language."""
    return lambda root, game, title: all(check(root, game, title, lang) for lang in TRANSLATED)


def _engine_files(root: Path, game: str) -> list[Path]:
    single = root / "scoring" / f"{module_of(game)}.py"
    return [single] if single.is_file() else sorted((root / "scoring" / module_of(game))
                                                    .glob("**/*.py"))


def _engine(root: Path, game: str, title: str) -> bool:
    """A Match class naming the game: `GAME = "<game>"`."""
    named = re.compile(rf"^\s+GAME\b[^=\n]*=\s*[\"']{re.escape(game)}[\"']", re.MULTILINE)
    return any(named.search(f.read_text(encoding="utf-8")) for f in _engine_files(root, game))


def _registered(root: Path, game: str, title: str) -> bool:
    """Its module listed among `ENGINES`' engines (which makes `GAMES`)."""
    listed = re.compile(rf"for engine in \([^)]*\b{module_of(game)}\b[^)]*\)")
    return listed.search(_text(root, "scoring/__init__.py")) is not None


def _ui(root: Path, game: str, title: str) -> bool:
    package = _text(root, f"companion/games/{module_of(game)}/__init__.py")
    return re.search(r"^UI\s*=", package, re.MULTILINE) is not None


def _listed(root: Path, game: str, title: str) -> bool:
    for node in ast.walk(ast.parse(_text(root, "companion/games/__init__.py"))):
        if isinstance(node, ast.Assign) and any(getattr(t, "id", "") == "_MODULES"
                                                for t in node.targets):
            return module_of(game) in ast.literal_eval(node.value)
    return False


def _sheet(root: Path, game: str, title: str) -> bool:
    return RULING.search(_text(root, f"companion/rules/{game}.md")) is not None


def _translated_sheet(root: Path, game: str, title: str, lang: str) -> bool:
    return bool(_text(root, f"companion/rules/{lang}/{game}.md"))


def glossary_terms(text: str, game: str) -> list[str]:
    """The rows of the section `## ... (<game>)` of a glossary, its header row left out."""
    rows: list[str] | None = None
    found: list[str] = []
    for line in text.splitlines():
        if line.startswith("## "):
            rows = found if line.rstrip().endswith(f"({game})") else None
        elif rows is not None and line.startswith("|") and not line.startswith("|---"):
            rows.append(line)
    return found[1:]


def _glossary(root: Path, game: str, title: str, lang: str) -> bool:
    return len(glossary_terms(_text(root, f"docs/glossary/{lang}.md"), game)) >= GLOSSARY_TERMS


def _rulings(root: Path, game: str, title: str) -> bool:
    """A section `## <title>` of docs/rulings.md holding each ruling the English sheet names."""
    sections = re.split(r"^## ", _text(root, "docs/rulings.md"), flags=re.MULTILINE)[1:]
    mine = [s for s in sections if s.startswith(title)]
    named = RULING.findall(_text(root, f"companion/rules/{game}.md"))
    return bool(mine) and all(re.search(rf"^- {r} ", mine[0], re.MULTILINE) for r in named)


def messages(root: Path, game: str) -> set[tuple[str | None, object]]:
    """(context, id) of every message the game's engine and screens say."""
    files = [*_engine_files(root, game),
             *sorted((root / "companion" / "games" / module_of(game)).glob("**/*.py"))]
    return {(context, message) for f in files
            for _, message, _, context in extract_from_file(
                "python", str(f), keywords=KEYWORDS, comment_tags=COMMENT_TAGS)}


def _catalog(root: Path, path: str, locale: str | None = None) -> dict[tuple, object]:
    file = root / path
    if not file.is_file():
        return {}
    with file.open("rb") as source:
        return {(m.context, m.id): m for m in read_po(source, locale=locale) if m.id}


def _template(root: Path, game: str, title: str) -> bool:
    return messages(root, game) <= set(_catalog(root, "companion/locale/messages.pot"))


def _catalog_translated(root: Path, game: str, title: str, lang: str) -> bool:
    held = _catalog(root, f"companion/locale/{lang}/LC_MESSAGES/messages.po", lang)
    return all(key in held and not held[key].fuzzy and (
        held[key].string if isinstance(held[key].string, str) else all(held[key].string))
        for key in messages(root, game))


def _hook(root: Path, game: str, title: str) -> bool:
    text = _text(root, f"tests/support/games/{module_of(game)}.py")
    if not text:
        return False
    tree = ast.parse(text)
    named = {n.id for node in tree.body if isinstance(node, ast.Assign | ast.AnnAssign)
             for n in ast.walk(node.targets[0] if isinstance(node, ast.Assign) else node.target)
             if isinstance(n, ast.Name)}
    named |= {node.name for node in tree.body if isinstance(node, ast.FunctionDef)}
    return set(REQUIRED) <= named


def _exists(path: str) -> Callable[[Path, str, str], bool]:
    return lambda root, game, title: (root / path.replace("<game>", module_of(game))).is_file()


def _rulebook_tests(root: Path, game: str, title: str) -> bool:
    """A test module of the rulebook's examples and rulings (one or more: test_careta_rulings.py,
    test_careta_cards.py ...), besides the playout's."""
    playout = f"test_{module_of(game)}_playout.py"
    found = (root / "tests" / "scoring").glob(f"test_{module_of(game)}*.py")
    return any(p.name != playout for p in found)


# In the recipe's order.
PARTS = (
    Part("scoring/<game>.py", _engine),
    Part("scoring/__init__.py", _registered),
    Part("companion/games/<game>/__init__.py", _ui),
    Part("companion/games/__init__.py", _listed),
    Part("companion/rules/<game>.md", _sheet),
    Part("companion/rules/<lang>/<game>.md", _each(_translated_sheet)),
    Part("docs/glossary/<lang>.md", _each(_glossary)),
    Part("docs/rulings.md", _rulings),
    Part("companion/locale/messages.pot", _template),
    Part("companion/locale/<lang>/LC_MESSAGES/messages.po", _each(_catalog_translated)),
    Part("tests/support/games/<game>.py", _hook),
    Part("tests/scoring/test_<game>*.py", _rulebook_tests),
    Part("tests/scoring/test_<game>_playout.py", _exists("tests/scoring/test_<game>_playout.py")),
    Part("tests/app/test_<game>.py", _exists("tests/app/test_<game>.py")),
)


def lacking(root: Path, game: str, title: str) -> list[str]:
    """The recipe's paths of the parts `game` (whose title is `title`) lacks under `root`."""
    return [part.path for part in PARTS if not part.check(root, game, title)]

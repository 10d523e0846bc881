"""Every helper a test imports lives in tests/support (issue 34): a test module, a conftest, a
helper or a bench script imports nothing from a test module or a conftest, so moving, renaming or
running a test alone never breaks another, and no fixture is imported by hand."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def imports_outside_support(source: str) -> list[tuple[int, str]]:
    """(line, module) of each import of a tests module outside tests.support."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.ImportFrom) and not node.level:
            names = [node.module or ""]
        elif isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        else:
            continue
        found += [(node.lineno, name) for name in names
                  if (name == "tests" or name.startswith("tests."))
                  and not name.startswith("tests.support")]
    return found


def test_tests_import_helpers_only_from_the_support_package() -> None:
    files = [p for folder in ("tests", "bench") for p in (ROOT / folder).rglob("*.py")]
    assert len(files) > 100
    found = [f"{p.relative_to(ROOT)}:{line}: {name}" for p in files
             for line, name in imports_outside_support(p.read_text(encoding="utf-8"))]
    assert found == []


def test_the_check_finds_an_import_from_a_test_module_or_a_conftest() -> None:
    source = ("from tests.app.conftest import PHONE\nimport tests.companion.test_x\n"
              "from tests.support.app.ui import see\nfrom . import sibling\n")
    assert imports_outside_support(source) == [(1, "tests.app.conftest"),
                                               (2, "tests.companion.test_x")]

"""App bar titles whole on a phone (issue 31): a long title takes two lines at a smaller size, never
"…" while two lines hold it; every screen's bar uses it."""

from __future__ import annotations

import ast
from pathlib import Path

from companion.widgets.bar_title import ONE_LINE, SMALLER, bar_title

ROOT = Path(__file__).resolve().parents[2] / "companion"


def test_a_short_title_keeps_one_line_at_the_bars_size() -> None:
    title = bar_title("Statistics")
    assert (title.max_lines, title.size) == (1, None)


def test_a_long_title_takes_two_smaller_lines() -> None:
    for text in ("Nueva partida: Hoja de puntuación", "My Favorite Carrera RS: Regeln",
                 "x" * (ONE_LINE + 1)):
        title = bar_title(text)
        assert (title.max_lines, title.size) == (2, SMALLER), text


def test_every_app_bar_title_is_a_bar_title() -> None:
    plain = []
    for path in sorted(ROOT.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and getattr(node.func, "attr", None) == "AppBar":
                for keyword in node.keywords:
                    value = keyword.value
                    if keyword.arg == "title" and isinstance(value, ast.Call) \
                            and getattr(value.func, "attr", None) == "Text":
                        plain.append(f"{path.relative_to(ROOT)}:{node.lineno}")
    assert not plain, plain

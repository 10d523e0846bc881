"""The layout of companion/ keeps its promises: no import circles, and widgets know no game.

Read from the source with `ast` (nothing is imported), so a circle hidden behind TYPE_CHECKING or
an import inside a function counts too: it is still a knot a reader has to untie.
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = ROOT / "companion"


def _module(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _imports() -> dict[str, set[str]]:
    """Each companion module and the companion modules it imports (a package counts as its
    __init__; `from pkg import name` counts as pkg.name where that is a module)."""
    modules = {_module(p): p for p in PACKAGE.rglob("*.py")}
    graph: dict[str, set[str]] = {}
    for name, path in modules.items():
        found: set[str] = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                targets = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                targets = [f"{node.module}.{alias.name}" for alias in node.names] + [node.module]
            else:
                continue
            found |= {t for t in targets if t in modules and t != name}
        graph[name] = found
    return graph


def _cycle(graph: dict[str, set[str]]) -> list[str]:
    """One import circle (the modules in order, the first repeated at the end), or []."""
    state: dict[str, int] = {}
    stack: list[str] = []

    def visit(node: str) -> list[str]:
        state[node] = 1
        stack.append(node)
        for nxt in sorted(graph[node]):
            # a package's __init__ importing its own submodules is how packages work
            if nxt.startswith(node + "."):
                continue
            if state.get(nxt) == 1:
                return stack[stack.index(nxt):] + [nxt]
            if nxt not in state and (found := visit(nxt)):
                return found
        stack.pop()
        state[node] = 2
        return []

    for node in sorted(graph):
        if node not in state and (found := visit(node)):
            return found
    return []


def test_companion_has_no_import_circles() -> None:
    assert _cycle(_imports()) == []


def test_the_cycle_finder_finds_a_circle() -> None:
    assert _cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert _cycle({"a": {"b"}, "b": set()}) == []


def test_widgets_import_no_game() -> None:
    graph = _imports()
    offenders = {m: sorted(t for t in graph[m] if t.startswith("companion.games"))
                 for m in graph if m.startswith("companion.widgets")}
    assert {m: t for m, t in offenders.items() if t} == {}


def test_pure_helpers_import_no_flet() -> None:
    """companion/describe holds pure helpers: words and figures, no Flet, no session."""
    for path in (PACKAGE / "describe").glob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        names = {a.name.split(".")[0] for n in ast.walk(tree) if isinstance(n, ast.Import)
                 for a in n.names}
        names |= {n.module.split(".")[0] for n in ast.walk(tree)
                  if isinstance(n, ast.ImportFrom) and n.module}
        assert "flet" not in names, path.name

"""Fixtures shared by the tests of companion/ that run no browser."""

from __future__ import annotations

import builtins
import os
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

import companion.i18n


@pytest.fixture
def opened(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> list[str]:
    """Every attempt to open, stat or read a file outside the test's own folder (and the
    import's own modules) is recorded and refused."""
    tried: list[str] = []
    watched = ("/dev/", "/etc/", str(tmp_path / "secret"))

    def guard(real: Any) -> Any:
        def wrapper(path: Any, *args: Any, **kwargs: Any) -> Any:
            if isinstance(path, str | os.PathLike) and str(path).startswith(watched):
                tried.append(str(path))
                raise AssertionError(f"opened {path}")
            return real(path, *args, **kwargs)

        return wrapper

    for owner, name in [(os, "open"), (os, "stat"), (builtins, "open")]:
        monkeypatch.setattr(owner, name, guard(getattr(owner, name)))
    monkeypatch.setattr(Path, "read_bytes", guard(Path.read_bytes))
    return tried


@pytest.fixture
def speaking(monkeypatch: pytest.MonkeyPatch) -> Iterator[Callable[[Any], None]]:
    """`speaking(words)`: from then on in the test, companion.i18n's `words()` is `words` (what the
    screens' `_()` and `say()` ask). A module first imported during the test takes the stand-in
    from companion.i18n (`from companion.i18n import words`) and kept it for every later test of
    the process; at the end every module holding a stand-in gets the real `words` back."""
    real = companion.i18n.words
    stand_ins: list[Callable[[], Any]] = []

    def speak(words: Any) -> None:
        stand_ins.append(lambda: words)
        monkeypatch.setattr(companion.i18n, "words", stand_ins[-1])

    yield speak
    for module in list(sys.modules.values()):
        if any(getattr(module, "words", None) is stand_in for stand_in in stand_ins):
            module.words = real

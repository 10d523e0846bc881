"""Fixtures shared by the tests of companion/ that run no browser."""

from __future__ import annotations

import builtins
import os
from pathlib import Path
from typing import Any

import pytest


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

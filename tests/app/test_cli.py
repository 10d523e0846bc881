"""Starting the app: one clear line, not a traceback, when it cannot start."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
from pathlib import Path

import pytest

from tests.support.app.process import AppProcess, free_port

ROOT = Path(__file__).resolve().parents[2]
pytestmark = pytest.mark.browser  # each test starts the app (no fixture marks it)


def start(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "companion.cli", "--no-browser", *args],
                          cwd=ROOT, capture_output=True, text=True, timeout=60)


def test_a_port_in_use_is_one_clear_line(tmp_path: Path) -> None:
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        result = start("--port", str(port), "--data", str(tmp_path / "data"))
    assert result.returncode == 2
    assert f"port {port} on 127.0.0.1 is already in use" in result.stderr
    assert "Traceback" not in result.stderr and len(result.stderr.strip().splitlines()) == 1


@pytest.mark.skipif(os.geteuid() == 0, reason="root may write anywhere")
def test_an_unwritable_data_folder_is_one_clear_line(tmp_path: Path) -> None:
    locked = tmp_path / "locked"
    locked.mkdir(mode=0o500)
    result = start("--port", str(free_port()), "--data", str(locked / "data"))
    assert result.returncode == 2 and "cannot use the data folder" in result.stderr
    assert "Traceback" not in result.stderr


def test_a_data_folder_that_is_a_file_is_one_clear_line(tmp_path: Path) -> None:
    not_a_folder = tmp_path / "file"
    not_a_folder.write_text("x")
    result = start("--port", str(free_port()), "--data", str(not_a_folder))
    assert result.returncode == 2 and "cannot use the data folder" in result.stderr
    assert "Traceback" not in result.stderr


def test_a_second_app_on_the_same_data_folder_is_refused(tmp_path: Path) -> None:
    first = AppProcess(tmp_path / "data").start()
    try:
        result = start("--port", str(free_port()), "--data", str(first.data))
    finally:
        first.stop()
    assert result.returncode == 2 and "Traceback" not in result.stderr
    assert "in use" in result.stderr or "another" in result.stderr, result.stderr

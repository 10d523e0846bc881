"""docs/flet-message-order.py, the reproduction for an upstream report, still shows Flet's race
on plain flet (none of the app's code imported, so none of its guards), and only in a batch."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

SCRIPT = Path(__file__).resolve().parents[2] / "docs" / "flet-message-order.py"
RUN = f"""
import runpy, sys
sys.argv = [{str(SCRIPT)!r}, "--rounds", "3"]
runpy.run_path(sys.argv[0], run_name="__main__")
print("app code:", sorted({{m.split(".")[0] for m in sys.modules}}
                           & {{"companion", "scoring", "storage"}}))
"""


def test_the_script_finds_the_race_on_plain_flet(tmp_path: Path) -> None:
    done = subprocess.run([sys.executable, "-c", RUN], cwd=tmp_path, capture_output=True,
                          text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[0].startswith("flet 1.0.5: radio set to 'b', then Go tapped")
    assert lines[1:] == ["  read in one batch: 'a' x3", "  read apart: 'b' x3", "app code: []"]

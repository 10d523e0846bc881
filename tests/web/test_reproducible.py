"""The web build is reproducible: the same source makes the same bytes in every file, so a
redeploy of unchanged code changes no hash in sw.js and costs a phone nothing.

The run's build (`web_folder`, built once for tests/web) is compared with a second one made
from another copy of the source, as another checkout would hold it: other file times (a day
apart), other permissions (another umask), built in another process at another time. It costs
one more build (some seconds: no browser), so it runs with the fast tests.
"""

from __future__ import annotations

import gzip
import os
import shutil
import stat
import subprocess
import sys
import tarfile
import time
from pathlib import Path

import pytest

from companion.web_build import ARCHIVES, FIXED_TIME, BuildError, source_time

ROOT = Path(__file__).resolve().parents[2]
SOURCE = ("companion", "scoring", "storage", "assets")


def another_checkout(into: Path) -> Path:
    """A copy of the source with other file times and permissions than the clone's."""
    for name in SOURCE:
        shutil.copytree(ROOT / name, into / name,
                        ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
    later = time.time() + 86_400
    for n, path in enumerate(sorted(into.rglob("*"))):
        if path.is_file():
            path.chmod(0o600 if n % 2 else 0o755)  # another umask; some marked executable
        os.utime(path, (later + n, later + n))
    return into


def files(folder: Path) -> dict[str, bytes]:
    return {p.relative_to(folder).as_posix(): p.read_bytes()
            for p in sorted(folder.rglob("*")) if p.is_file()}


def test_two_builds_from_two_checkouts_are_the_same_bytes(web_folder: Path,
                                                          tmp_path: Path) -> None:
    source = another_checkout(tmp_path / "checkout")
    out = tmp_path / "site"
    built = subprocess.run(
        [sys.executable, "-c",
         "import sys, companion; from companion.web_build import main\n"
         "assert companion.__file__.startswith(sys.argv[1]), companion.__file__\n"
         "main(['build', '--out', sys.argv[2]])", str(source), str(out)],
        cwd=source, capture_output=True, text=True, timeout=600,
        env={**os.environ, "PYTHONDONTWRITEBYTECODE": "1"})
    assert built.returncode == 0, built.stderr
    first, second = files(web_folder), files(out)
    assert sorted(first) == sorted(second)
    differ = [name for name in first if first[name] != second[name]]
    assert differ == [], f"{len(differ)} files differ between two builds of the same source"


def test_the_archives_hold_no_time_owner_or_mode_of_the_checkout(web_folder: Path) -> None:
    for name in (*ARCHIVES, "assets/NOTICES.gz"):
        header = (web_folder / name).read_bytes()[:10]
        assert header[4:8] == b"\0\0\0\0" and not header[3] & 0x08, f"{name}: a time or a name"
    for archive in ARCHIVES:
        with tarfile.open(web_folder / archive) as tar:
            members = tar.getmembers()
        assert [m.name for m in members] == sorted(m.name for m in members), archive
        assert {m.mtime for m in members} == {source_time()}
        assert {(m.uid, m.gid, m.uname, m.gname) for m in members} == {(0, 0, "", "")}
        assert {stat.S_IMODE(m.mode) for m in members} <= {0o644, 0o755}
        assert {m.mode for m in members if m.isdir()} <= {0o755}
        assert {m.mode for m in members if m.isfile()} == {0o644}
    assert gzip.decompress((web_folder / "assets/NOTICES.gz").read_bytes())  # still readable


def test_source_date_epoch_is_the_archives_time(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("SOURCE_DATE_EPOCH", raising=False)
    assert source_time() == FIXED_TIME
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1767225600")
    assert source_time() == 1767225600
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "yesterday")
    with pytest.raises(BuildError):
        source_time()

"""The build takes exactly the pinned msgpack wheel (issue 23, item 10): not the newest name in
the folder, and not a wheel whose bytes differ from the pinned hash. No browser, no build."""

from __future__ import annotations

import hashlib
import io
import zipfile
from pathlib import Path

import pytest

from companion.web_build import (
    MSGPACK_SHA256,
    MSGPACK_WHEEL,
    BuildError,
    cache_folder,
    msgpack_files,
)


def a_wheel(**files: bytes) -> bytes:
    data = io.BytesIO()
    with zipfile.ZipFile(data, "w") as wheel:
        for name, content in files.items():
            wheel.writestr(name.replace("__", "/"), content)
    return data.getvalue()


def test_a_wheel_swapped_in_under_the_pinned_name_is_refused_and_left_as_it_is(
        tmp_path: Path) -> None:
    swapped = a_wheel(msgpack____init____py=b"import os; os.system('evil')")
    (tmp_path / MSGPACK_WHEEL).write_bytes(swapped)
    with pytest.raises(BuildError) as refused:
        msgpack_files(tmp_path)
    says = str(refused.value)
    assert "is not the msgpack wheel this build pins" in says
    assert hashlib.sha256(swapped).hexdigest() in says and MSGPACK_SHA256 in says
    assert (tmp_path / MSGPACK_WHEEL).read_bytes() == swapped


def test_another_version_in_the_folder_is_not_taken(tmp_path: Path) -> None:
    newer = MSGPACK_WHEEL.replace("1.2.4", "9.9.9")
    assert newer != MSGPACK_WHEEL
    (tmp_path / newer).write_bytes(a_wheel(msgpack____init____py=b""))
    with pytest.raises(BuildError, match=f"no {MSGPACK_WHEEL} in"):
        msgpack_files(tmp_path)


def test_the_pinned_wheel_is_taken(tmp_path: Path) -> None:
    cached = cache_folder() / MSGPACK_WHEEL
    if not cached.exists():
        pytest.skip("the pinned wheel is not in this machine's cache (a build fetches it)")
    (tmp_path / MSGPACK_WHEEL).write_bytes(cached.read_bytes())
    names = [name for name, _ in msgpack_files(tmp_path)]
    assert "msgpack/__init__.py" in names

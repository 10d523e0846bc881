"""The app starts only on the Flet and uvicorn whose internals it holds
(companion/flet_internals.py): another version is one line on stderr and exit 2 from
`table-companion`, a sentence on the page from the offline web app, and nothing started."""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

import pytest

from companion import cli, flet_internals
from companion import main as web_entry
from companion.flet_internals import IN_BROWSER, WRITTEN_FOR, mismatch
from tests.support.companion.apart import run_apart

ROOT = Path(__file__).resolve().parents[2]


def versions(**changed: str | None) -> Any:
    """A stand-in for `installed`: the written-for versions, some changed (None: missing)."""
    found = {**WRITTEN_FOR, **{name.replace("_", "-"): v for name, v in changed.items()}}
    return lambda name: found[name]


def test_the_installed_versions_are_the_ones_written_for() -> None:
    assert mismatch() is None and mismatch(IN_BROWSER, flet_internals.reported) is None
    assert {n: flet_internals.installed(n) for n in WRITTEN_FOR} == WRITTEN_FOR


def test_pyproject_pins_the_versions_written_for() -> None:
    pins = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["dependencies"]
    for name, version in WRITTEN_FOR.items():
        assert f"{name}=={version}" in pins, name


def test_a_mismatch_names_what_was_found_and_what_to_install() -> None:
    said = mismatch(version_of=versions(flet_web="1.0.6", uvicorn=None))
    assert said is not None and "\n" not in said
    assert "found flet-web 1.0.6, uvicorn not installed" in said
    assert said.endswith("pip install flet-web==1.0.5 uvicorn==0.55.0")
    assert mismatch(IN_BROWSER, versions(uvicorn="0.1")) is None  # the web app needs flet only


def test_table_companion_refuses_another_flet_in_one_line(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture) -> None:
    monkeypatch.setattr(flet_internals, "installed", versions(flet="1.0.6"))
    data = tmp_path / "data"
    with pytest.raises(SystemExit) as exit_:
        cli.main(["--no-browser", "--port", "1", "--data", str(data)])
    assert exit_.value.code == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("table-companion: this Table Companion")
    assert "found flet 1.0.6" in err and "Traceback" not in err
    assert not data.exists()  # refused before the data folder was made or opened


def test_table_companion_refuses_another_uvicorn(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture) -> None:
    monkeypatch.setattr(flet_internals, "installed", versions(uvicorn="0.56.0"))
    with pytest.raises(SystemExit) as exit_:
        cli.main(["--no-browser", "--data", str(tmp_path / "data")])
    assert exit_.value.code == 2
    assert capsys.readouterr().err.endswith(
        "found uvicorn 0.56.0; pip install uvicorn==0.55.0\n")


class Page:
    """What the web entry may touch on a page before it knows the versions are right."""

    def __init__(self) -> None:
        self.added: list[Any] = []

    def add(self, *controls: Any) -> None:
        self.added.extend(controls)


def test_the_web_app_says_so_on_the_page_and_opens_nothing(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture) -> None:
    import flet.version

    monkeypatch.setattr(flet_internals, "installed", versions(uvicorn=None))
    monkeypatch.setattr(flet.version, "flet_version", "1.1.0")  # what the web app reads

    async def never(page: Any) -> None:
        raise AssertionError("the data folder was opened")

    monkeypatch.setattr(web_entry.browser, "open_data", never)
    page = Page()
    run_apart(web_entry.main(page))  # type: ignore[arg-type]
    (shown,) = page.added
    assert shown.value.startswith("Table Companion cannot start: ")
    assert "found flet 1.1.0;" in shown.value and "uvicorn" not in shown.value.split("found")[1]
    assert capsys.readouterr().err.count("\n") == 1


def test_the_web_build_refuses_another_flet_web_before_building(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture) -> None:
    from companion import web_build

    monkeypatch.setattr(flet_internals, "installed", versions(flet_web="1.0.4"))
    with pytest.raises(SystemExit) as exit_:
        web_build.main(["build", "--out", str(tmp_path / "web")])
    assert exit_.value.code == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "found flet-web 1.0.4" in err
    assert not (tmp_path / "web").exists()

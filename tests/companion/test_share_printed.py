"""What `table-companion --lan` prints for the table: where phones open it, and the PIN."""

from __future__ import annotations

from types import SimpleNamespace

from companion.cli import print_share


def test_the_console_says_the_address_and_that_everyone_else_follows(capsys) -> None:
    print_share(SimpleNamespace(urls=["http://192.168.1.20:8550"]), "2468")
    out = capsys.readouterr().out
    assert "Phones on the same network open: http://192.168.1.20:8550" in out
    # An identifier's rename once turned "everyone" here into "no_one".
    assert "Scorekeeping PIN: 2468  (everyone else can follow the matches)" in out


def test_without_an_address_yet_it_says_how_to_get_one(capsys) -> None:
    print_share(SimpleNamespace(urls=[]), "2468")
    out = capsys.readouterr().out
    assert "join the Wi-Fi, then open Share in the app" in out
    assert "Scorekeeping PIN: 2468" in out

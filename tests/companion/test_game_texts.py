"""The shell's texts about each game (its blurb on Home, the first player's label and hint on New
match, the note under its statistics) are English message ids the catalogs hold, and the shell
says them in the session's language (issue 21)."""

from __future__ import annotations

import importlib

import pytest

from companion.games import GAME_UIS
from companion.i18n.extract import extracted, keys

FIELDS = ("blurb", "first_label", "first_hint", "stats_note")


def test_every_game_text_is_a_message_the_extraction_finds() -> None:
    ids = {message for context, message in keys(extracted()) if context is None}
    for ui in GAME_UIS.values():
        for name in FIELDS:
            text = getattr(ui, name)
            assert not text or text in ids, (ui.game, name, text)


@pytest.mark.parametrize("module", ["companion.screens.home", "companion.screens.new_match",
                                    "companion.screens.stats"])
def test_the_shell_translates_each_game_text_it_shows(module: str) -> None:
    """Where the shell shows a game's text, it asks the catalog for it (`_(ui.blurb)`), never
    shows the id as it is (`say(ui.blurb)` would: a str is said as it stands). Read from the
    source: the pseudo-language walk (test_shell_words) sees a blurb inside its line's brackets."""
    source = importlib.import_module(module).__file__
    assert source is not None
    with open(source, encoding="utf-8") as code:
        text = code.read()
    shown = [name for name in FIELDS if f"ui.{name}" in text]
    assert shown, module
    for name in shown:
        assert f"say(ui.{name})" not in text and f"_(ui.{name})" in text, (module, name)

"""The walk's judge of English left (tests/support/app/english_left.py), without a browser."""

from __future__ import annotations

from tests.support.app.english_left import EnglishCatalog


def test_english_is_found_with_names_and_numbers_in_its_placeholders() -> None:
    german = EnglishCatalog("de")
    assert "{player} to lay: pick a colour" in german.left_in("Cleo to lay: pick a colour")
    assert "Lay {colour}, {n} left" in german.left_in("Lay red, 3 left")
    assert german.left_in("Ann") == [] and german.left_in("Ann 3 · Ben −10") == []


def test_a_sentence_in_the_language_is_not_english_left() -> None:
    assert EnglishCatalog("de").left_in("Die gewählte Sprache gilt nur auf diesem Gerät.") == []
    assert EnglishCatalog("ja").left_in("アンの番です") == []


def test_english_the_catalog_never_saw_is_found_by_its_giveaway_words() -> None:
    assert EnglishCatalog("es").left_in("Ann tapped the wrong tile") == [
        "(not in the catalog) the"]


def test_a_folders_path_and_a_german_was_are_not_english() -> None:
    german = EnglishCatalog("de")
    assert german.left_in("/tmp/pytest-of-root/data") == []
    assert german.left_in("Rückgängig nimmt die letzte Aktion zurück, was immer sie war.") == []


def test_a_german_word_english_shares_does_not_make_a_sentence_english() -> None:
    # German writes "Teams" as English does: "Teams {layout}" is no sign of English in German
    # (the rules sheet's "Teams (2 gegen 2, …)"), while Spanish's "Teams (2 contra 2)" is.
    sentence = "Teams (2 gegen 2, 3 gegen 3). Teampartner sitzen abwechselnd."
    assert "Teams {layout}" not in EnglishCatalog("de").left_in(sentence)
    assert "Teams {layout}" in EnglishCatalog("es").left_in("Teams (2 contra 2)")

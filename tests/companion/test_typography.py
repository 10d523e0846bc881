"""The catalogs read as a native speaker writes (issue 30): Japanese typography and one word for a
match, German du, Spanish tú and its terms, and a count beside a noun always plural-aware.

Each check is a function of a catalog returning what is wrong, so a failure names the messages."""

from __future__ import annotations

import re
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po

from companion.i18n.extract import LOCALE, TEMPLATE

JAPANESE = "\u3040-\u30ff\u3400-\u9fff"
JA = f"[{JAPANESE}]"


def read(path: Path, code: str | None = None) -> Catalog:
    with path.open("rb") as source:
        return read_po(source, locale=code)


def translations(catalog: Catalog) -> list[tuple[object, str]]:
    """(message id, one translated form) for every form of every message."""
    found = []
    for message in catalog:
        if not message.id:
            continue
        forms = message.string if isinstance(message.string, tuple) else (message.string,)
        found.extend((message.id, form) for form in forms)
    return found


def catalog(code: str) -> Catalog:
    return read(LOCALE / code / "LC_MESSAGES" / "messages.po", code)


# Japanese ---------------------------------------------------------------------------------------

JA_RULES = {
    "マッチ: a match is 対戦 (glossary)": re.compile("マッチ"),
    "ASCII comma between Japanese text (use 、)": re.compile(rf"{JA}, |, {JA}"),
    "ASCII bracket in Japanese text (use （）)": re.compile(rf"{JA}\(|\){JA}|\}}\({{|\)$"),
    "a space between a number and its counter": re.compile(rf"(\d|\}}) +{JA}"),
    "a space between a Latin word and Japanese": re.compile(rf"[A-Za-z] +{JA}|{JA} +[A-Za-z]"),
    "two sentences joined by a colon (use 。)": re.compile(rf"(です|ます|ません|ください)：{JA}"),
    "a sentence's points after a colon (in brackets: …でした（{points}）。)": re.compile(
        r"(ました|ません|でした|ます)）?：\{points\}"),
    "plain form beside です/ます": re.compile(
        r"(ない|ある)。.*(です|ます)|(です|ます).*(ない|ある)。"),
}


def japanese_problems(japanese: Catalog) -> list[str]:
    return [f"{why}: {text!r}" for msgid, text in translations(japanese)
            for why, rule in JA_RULES.items() if rule.search(text)]


def test_japanese_typography() -> None:
    assert japanese_problems(catalog("ja")) == []


def test_japanese_rules_sheets_use_the_japanese_comma() -> None:
    for sheet in sorted((Path(LOCALE).parent / "rules" / "ja").glob("*.md")):
        text = sheet.read_text(encoding="utf-8")
        assert not re.search(rf"\d, \d|{JA}, ", text), sheet.name


# German -----------------------------------------------------------------------------------------

DE_RULES = {
    "ihr, not du": re.compile(r"\b(Wählt|Beginnt|Tippt|Wartet|Nehmt|Gebt|Spielt|Legt)\b(?! ihr)"
                              r"|\b(nehmt|ihr seid|ihr spielt|euer|eure)\b"),
    "'spielt an' for leading (one verb: spielt aus)": re.compile(r"\bspielt an\b"),
    "'ausgespielt' for going out (reads as leading)": re.compile(r"\bausgespielt\b"),
    "'Spiele mit Schaden' (one term: Schadensspiel)": re.compile(r"Spiele? mit Schaden"),
}


# A title of one word makes a compound with a hyphen ("Ratel-Partie"); one of several words
# ("My Favorite Carrera RS") has messages of its own (this context), never glued into one.
SEVERAL_WORDS = "title of several words"
GLUED = re.compile(r"\{game\}-\w")


def german_problems(german: Catalog) -> list[str]:
    found = [f"{why}: {text!r}" for msgid, text in translations(german)
             for why, rule in DE_RULES.items() if rule.search(text)]
    for message in german:
        forms = message.string if isinstance(message.string, tuple) else (message.string,)
        if message.context == SEVERAL_WORDS:
            found += [f"a multi-word title hyphenated into a compound: {text!r}"
                      for text in forms if GLUED.search(text)]
    return found


def test_german_speaks_du_and_keeps_one_verb_each() -> None:
    assert german_problems(catalog("de")) == []


# Spanish ----------------------------------------------------------------------------------------

# A vosotros imperative ends in -ad, -ed or -id where a sentence or clause starts; these nouns too.
NOUNS_IN_AD = {"velocidad", "verdad", "mitad", "unidad", "red", "pared", "partida", "habilidad",
               "probabilidad"}
NOT_IMPERATIVE = "|".join(NOUNS_IN_AD)
ES_RULES = {
    "vosotros, not tú": re.compile(
        r"\b(sois|vuestr[oa]s?|os)\b"
        r"|(?<!\{)\b(elegid|jugad|tocad|indicad|empezad|pulsad|pasad|id)\b(?!\})"
        rf"|(^|[:;.¡¿]\s*)(?!(?:{NOT_IMPERATIVE})\b)[a-zñáéíóú]+(ad|ed|id)\s", re.IGNORECASE),
    "reclamar for Cause (a Spanish table canta)": re.compile(r"reclam", re.IGNORECASE),
    "'2 daños pierden' (ungrammatical)": re.compile(r"daños pierden"),
    "'Gráfico de {title}': a capitalised title mid-sentence": re.compile(r"Gráfico de \{title\}"),
}


def spanish_problems(spanish: Catalog) -> list[str]:
    return [f"{why}: {text!r}" for msgid, text in translations(spanish)
            for why, rule in ES_RULES.items() if rule.search(text)]


def test_spanish_speaks_tu_and_sings_cause() -> None:
    assert spanish_problems(catalog("es")) == []


def test_spanish_first_player_of_the_picker_is_not_the_starting_player() -> None:
    spanish = catalog("es")
    picker = spanish.get("First player", context="head-to-head")
    starting = spanish.get("Starting player")
    assert picker is not None and starting is not None
    assert picker.string != starting.string


# Every language: a count beside a noun has plural forms ----------------------------------------

COUNTS = r"n|count|total|most|size|needed|high|low|fresh|stored|played|won|dealt|wins"
NOUNS = (r"played|won|players?|points?|cards?|match(es)?|games?|rounds?|tricks?|troph(y|ies)"
         r"|steps?|events?|actions?|chips?|sets?")
COUNTED = re.compile(rf"\{{({COUNTS})\}} ({NOUNS})\b")
# Counts that are never 1 where the message is said (each a limit or a total over a limit).
NEVER_ONE = {
    "{what} cannot hold more than {n} cards here.",  # MAX_CARDS
    "it has {count} events, more than the {most} a match may have here",
    "one of its {n} actions is refused: {reason}",  # said only past a long log
    "{players} hold {total} cards together: {dealt} were dealt and the trick in which someone "
    "went out discarded at least its winning play, so {most} at most.",
    "Each team needs {size} players: {counts}.",  # a team has 2 to 4 players
    "{layout} is for {needed} players; you have {count}.",
    "{low}–{high} players · {about}",
    "A play is 1 to {most} cards of one value (the deck has six of each), not {count}.",
    "Nothing was imported: this file holds {total} events in all, more than the {most} one "
    "import may bring. Export fewer matches at a time.",
}


def counts_without_plurals(template: Catalog) -> list[str]:
    return [message.id for message in template
            if message.id and isinstance(message.id, str) and COUNTED.search(message.id)
            and message.id not in NEVER_ONE]


def test_every_count_beside_a_noun_is_plural_aware() -> None:
    assert counts_without_plurals(read(TEMPLATE)) == []


def test_no_translation_shows_pythons_true_or_false() -> None:
    shown = [f"{code}: {text!r}" for code in ("es", "de", "ja")
             for msgid, text in translations(catalog(code))
             if re.search(r"(?<!\{)\b(True|False|true|false)\b(?!\})", text)]
    assert shown == []

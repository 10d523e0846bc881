"""Finding English left on a screen that should speak another language (issue 21).

Every English message the app can show is in the catalog template (companion/locale/
messages.pot): the screens' own words and, through the engines' keywords, every sentence and
glossary word an engine says. A text on screen that holds one of those messages, its
placeholders standing for anything (names, numbers, nested sentences), is English left, unless
the language's catalog says that message is written the same there ("OK", a game's name).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po

LOCALE = Path(__file__).resolve().parents[3] / "companion" / "locale"
PLACEHOLDER = re.compile(r"\{[A-Za-z_][A-Za-z0-9_]*\}")
# English words no Spanish, German or Japanese sentence holds: English that never reached the
# catalog (a literal not yet marked with `_`) is found by them.
GIVEAWAYS = frozenset("the and to of is are with for your you from this that has".split())
WORD = re.compile(r"[^\W\d_]{2,}")  # a run of two letters or more: a message worth looking for


@dataclass(frozen=True)
class English:
    """One English form of a message: its text, how it is found, and a word it must contain."""

    text: str
    pattern: re.Pattern[str]
    needle: str  # its longest literal word: a text without it cannot match (a cheap first test)


def _pattern(message: str) -> re.Pattern[str]:
    """`message` with each placeholder standing for any text, whole words at its ends."""
    parts = PLACEHOLDER.split(message)
    body = "(?:.+?)".join(re.escape(part) for part in parts)
    start = r"\b" if parts[0][:1].isalnum() else ""
    end = r"\b" if parts[-1][-1:].isalnum() else ""
    return re.compile(start + body + end, re.DOTALL)


def _forms(catalog: Catalog) -> dict[tuple[str | None, str], tuple[str, ...]]:
    """(context, English form) -> that message's translations (empty when not translated)."""
    found: dict[tuple[str | None, str], tuple[str, ...]] = {}
    for message in catalog:
        if not message.id:
            continue
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        done = tuple(s for s in strings if s) if not message.fuzzy else ()
        for form in ids:
            found[(message.context, form)] = done
    return found


def _read(path: Path) -> Catalog:
    with path.open("rb") as file:
        return read_po(file)


class EnglishCatalog:
    """The English messages a screen in `language` must not show (those not written the same)."""

    def __init__(self, language: str) -> None:
        template = _forms(_read(LOCALE / "messages.pot"))
        po = LOCALE / language / "LC_MESSAGES" / "messages.po"
        translated = _forms(_read(po)) if language != "en" and po.exists() else {}
        self.messages: list[English] = []
        self.kept: list[re.Pattern[str]] = []  # translations that hold an English form as is
        # A game's title beside its translation is the original named, not English left: the
        # rules sheets open with "カロ（Caro）の概要".
        self.titles: dict[str, tuple[str, ...]] = {}
        # Words the language writes as English does (German's "Teams"): a message made of them
        # and placeholders alone ("Teams {layout}") is no sign of English in a text.
        same = {word for (context, form), done in translated.items() if form in done
                for word in WORD.findall(PLACEHOLDER.sub(" ", form))}
        for (context, form), _ in template.items():
            words = WORD.findall(PLACEHOLDER.sub(" ", form))
            if not words:
                continue  # "{a} · {b}", a caro letter: nothing English to find
            done = translated.get((context, form), ())
            if form in done:
                continue  # the language writes it the same
            if PLACEHOLDER.search(form) and set(words) <= same:
                continue
            self.messages.append(English(form, _pattern(form), max(words, key=len)))
            if context == "game title":
                self.titles[form] = done
            self.kept += [_pattern(s) for s in done
                          if s != form and WORD.search(PLACEHOLDER.sub(" ", s))]

    def left_in(self, text: str) -> list[str]:
        """The English messages `text` holds (their English form), none when it speaks the
        language. A text that also reads as a translation holding that English (the catalog
        keeps "SP" in "{n} SP") is not English left. Read as a person reads it: a Japanese
        screen's phrase joiners (companion/i18n/phrases.py) taken out."""
        text = text.replace("\u2060", "")
        hits = [m.text for m in self.messages if m.needle in text and m.pattern.search(text)
                and not any(said in text for said in self.titles.get(m.text, ()))]
        if hits and any(p.fullmatch(text) for p in self.kept):
            return []
        if not hits and self.messages:
            said = " ".join(t for t in text.split() if "/" not in t)  # a folder's path aside
            giveaways = sorted(GIVEAWAYS & {w.lower() for w in WORD.findall(said)})
            hits = [f"(not in the catalog) {' '.join(giveaways)}"] if giveaways else []
        return hits

"""The catalogs' tooling: `python -m companion.i18n.extract` extracts every message of scoring/,
storage/ and companion/ into companion/locale/messages.pot and updates each language's
messages.po from it (new messages come in untranslated, gone ones are dropped), as
`pybabel extract` and `pybabel update` would with the keywords below (README, "Languages").

The keywords are the engines' (scoring/said.py: said, said_n, term, term_n, RuleViolation's
template) and the screens' (companion/i18n: _, ngettext, pgettext, N_). A message's id must be a
literal at the call. Run it after changing any English a person reads, then translate what came
in; tests/companion/test_catalogs.py fails until every language has it.
"""

from __future__ import annotations

import sys
from collections.abc import Iterable
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_dir
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parent.parent.parent
LOCALE = ROOT / "companion" / "locale"
TEMPLATE = LOCALE / "messages.pot"
SOURCES = ("scoring", "storage", "companion")
TRANSLATED = ("es", "de", "ja")
KEYWORDS = {
    **DEFAULT_KEYWORDS,
    "said": None,
    "said_n": (1, 2),
    "term": ((1, "c"), 2),
    "term_n": ((1, "c"), 2, 3),
    "RuleViolation": (2,),
}
COMMENT_TAGS = ("Translators:",)
WIDTH = 100


def extracted(root: Path = ROOT) -> Catalog:
    """A fresh template of every message in the sources under `root`."""
    template = Catalog(project="Table Companion", msgid_bugs_address="",
                       copyright_holder="Table Companion", fuzzy=False)
    for source in SOURCES:
        found = extract_from_dir(root / source, method_map=[("**.py", "python")],
                                 keywords=KEYWORDS, comment_tags=COMMENT_TAGS,
                                 strip_comment_tags=True)
        for filename, lineno, message, comments, context in found:
            template.add(message, None, [(f"{source}/{filename}", lineno)],
                         auto_comments=comments, context=context)
    for context, word, *plural in glossary_words():
        if template.get(word, context=context) is None:  # a literal term(...) names it too
            template.add((word, plural[0]) if plural else word, None,
                         [("scoring/GLOSSARY", 0)], context=context)
    return template


def glossary_words() -> list[tuple[str, ...]]:
    """Every game's glossary words (context, word[, plural]): an engine may name a word by a
    variable (caro.colour_word(colour)), which no extraction finds, so each game lists its
    words in GLOSSARY (a name of its module or package, scoring.ENGINES), and declares the
    words the screens say of it (its title, the parts of a match, its units:
    `Match.vocabulary`); they are all in the catalogs."""
    from scoring import ENGINES  # the engines are pure: importing them costs nothing else

    found: list[tuple[str, ...]] = []
    for engine in ENGINES.values():
        found.extend(getattr(engine, "GLOSSARY", ()))
        found.extend((word.context, word.word, *((word.plural,) if word.plural else ()))
                     for word in engine.Match.vocabulary())
    return found


def keys(catalog: Iterable) -> set[tuple[str | None, object]]:
    """Each message of a catalog as (context, id), the header left out."""
    return {(m.context, m.id) for m in catalog if m.id}


def update(template: Catalog) -> None:
    with TEMPLATE.open("wb") as out:
        write_po(out, template, width=WIDTH, sort_output=True, no_location=True)
    for code in TRANSLATED:
        path = LOCALE / code / "LC_MESSAGES" / "messages.po"
        if path.is_file():
            with path.open("rb") as source:
                catalog = read_po(source, locale=code)
        else:
            path.parent.mkdir(parents=True, exist_ok=True)
            catalog = Catalog(locale=code, project="Table Companion", fuzzy=False)
        # No guessing from similar ids: a near match is a different sentence.
        catalog.update(template, no_fuzzy_matching=True)
        with path.open("wb") as out:
            write_po(out, catalog, width=WIDTH, sort_output=True, no_location=True,
                     ignore_obsolete=True)


def main() -> None:
    template = extracted()
    update(template)
    print(f"{len(keys(template))} messages in {TEMPLATE.relative_to(ROOT)}", file=sys.stderr)


if __name__ == "__main__":
    main()

"""The catalogs: every message the code says is in each language's catalog, translated (not
fuzzy), with the same placeholders and valid plural forms (Babel's checks too), and nothing in a
catalog that the code no longer says; the template is what a fresh extraction gives."""

from __future__ import annotations

import string
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po

from companion.i18n.extract import LOCALE, TEMPLATE, TRANSLATED, extracted, keys

PLURALS = {"es": 2, "de": 2, "ja": 1}  # CLDR's integer plural categories, as gettext counts them


def read(path: Path, code: str | None = None) -> Catalog:
    with path.open("rb") as source:
        return read_po(source, locale=code)


def fields(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name is not None}


@pytest.fixture(scope="module")
def template() -> Catalog:
    return read(TEMPLATE)


def test_template_is_a_fresh_extraction(template: Catalog) -> None:
    fresh = keys(extracted())
    assert fresh - keys(template) == set(), "run `python -m companion.i18n.extract`"
    assert keys(template) - fresh == set(), "run `python -m companion.i18n.extract`"


def test_no_compiled_catalogs_in_the_tree() -> None:
    assert not list(LOCALE.rglob("*.mo"))


@pytest.mark.parametrize("code", TRANSLATED)
def test_every_message_translated(code: str, template: Catalog) -> None:
    catalog = read(LOCALE / code / "LC_MESSAGES" / "messages.po", code)
    assert catalog.num_plurals == PLURALS[code]
    assert keys(template) - keys(catalog) == set(), "missing: run the extraction, translate"
    assert keys(catalog) - keys(template) == set(), "unused: run the extraction"
    untranslated = [m.id for m in catalog if m.id and (
        m.fuzzy or not (m.string if isinstance(m.string, str) else all(m.string)))]
    assert untranslated == []


@pytest.mark.parametrize("code", TRANSLATED)
def test_placeholders_and_plural_forms(code: str) -> None:
    catalog = read(LOCALE / code / "LC_MESSAGES" / "messages.po", code)
    wrong = []
    for message in catalog:
        if not message.id:
            continue
        if isinstance(message.id, str):
            if fields(message.string) != fields(message.id):
                wrong.append(message.id)
            continue
        forms = message.string
        english = fields(message.id[0]) | fields(message.id[1])
        if len(forms) != catalog.num_plurals:
            wrong.append(message.id[0])
        # A form may leave out the number ("one card": "eine Karte"), nothing else.
        wrong += [message.id[0] for form in forms if not english - {"n"} <= fields(form) <= english]
    assert wrong == []
    # Babel's own checks (the plural forms' count, printf-style placeholders)
    assert [(m.id, errors) for m, errors in catalog.check()] == []


@pytest.mark.parametrize("code", TRANSLATED)
def test_every_translation_fills_in(code: str) -> None:
    """A stray brace in a translation would raise where the screen fills it in."""
    catalog = read(LOCALE / code / "LC_MESSAGES" / "messages.po", code)
    for message in catalog:
        if not message.id:
            continue
        ids = (message.id,) if isinstance(message.id, str) else message.id
        values = {name: "x" for text in ids for name in fields(text)}
        if not all(name.isidentifier() for name in values) or any(
                spec for text in ids for _, _, spec, _ in string.Formatter().parse(text)):
            # Braces that are not placeholders (a template has no format spec): such a
            # sentence has no arguments and is never filled in.
            continue
        forms = (message.string,) if isinstance(message.string, str) else message.string
        for form in forms:
            form.format(**values)


def test_no_message_asked_for_both_with_and_without_a_count() -> None:
    """A message the code asks for as one sentence (`said`, `_`) and elsewhere by a count
    (`said_n`, `ngettext`) is one plural entry in the catalogs, which a lookup without a count
    never finds: the screen showed the English ("3 min" on a German PIN wait)."""
    from babel.messages.extract import extract_from_dir

    from companion.i18n.extract import COMMENT_TAGS, KEYWORDS, ROOT, SOURCES

    single: dict[tuple[str | None, str], str] = {}
    counted: dict[tuple[str | None, str], str] = {}
    for source in SOURCES:
        for filename, lineno, message, _comments, context in extract_from_dir(
                ROOT / source, method_map=[("**.py", "python")], keywords=KEYWORDS,
                comment_tags=COMMENT_TAGS):
            where = f"{source}/{filename}:{lineno}"
            if isinstance(message, tuple):
                counted.setdefault((context, message[0]), where)
            else:
                single.setdefault((context, message), where)
    both = {key: (single[key], counted[key]) for key in single.keys() & counted.keys()}
    assert not both, both


def test_every_literal_message_in_the_code_is_extracted(template: Catalog) -> None:
    """Every call of a message keyword with a literal message is in the template: Babel's
    extraction does not see a call nested in another's arguments (Careta's "{player} {n}" inside
    "in hand: {counts}" was in no catalog, so every language read "Ann 3")."""
    import ast

    from companion.i18n.extract import KEYWORDS, ROOT, SOURCES

    have = {m.id if isinstance(m.id, str) else m.id[0] for m in template if m.id}
    missing = []
    for source in SOURCES:
        for path in sorted((ROOT / source).rglob("*.py")):
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                if not isinstance(node, ast.Call):
                    continue
                name = getattr(node.func, "id", getattr(node.func, "attr", None))
                if name not in KEYWORDS or name == "RuleViolation":
                    continue
                spec = KEYWORDS[name] or (1,)
                # the message's place: the first that is not the context's
                first = next(i for i in spec if isinstance(i, int))
                arg = node.args[first - 1] if len(node.args) >= first else None
                if isinstance(arg, ast.Constant) and isinstance(arg.value, str) \
                        and arg.value not in have:
                    missing.append(f"{path.relative_to(ROOT)}:{node.lineno}: {arg.value!r}")
    assert not missing, missing

"""Unicode's confusables skeleton (UTS #39, section 4): strings a reader may take for one another
("Аnn" with a Cyrillic А and "Ann", "Ian" and "lan", "rn" and "m") have the same skeleton.

skeleton(s) = NFD(each character of NFD(s) replaced by its prototype). The prototypes are Unicode's
confusables.txt as the confusable-homoglyphs package ships it (`confusables.json`, pinned in
pyproject.toml's test extra); that package offers no skeleton of its own, so it is computed here
from its data, kept beside this module as `confusables.tsv` (written by `python -m
scoring.confusables`, checked against the package by tests/scoring/test_new_names.py), so that
scoring/ needs nothing beyond the standard library.
The JSON lists each mapping both ways (source -> prototype, prototype -> source), so the direction
is recovered: a source is never a prototype (the data is idempotent), so its list holds exactly its
prototype; a prototype with a single source makes a pair of one-entry lists, and then the source is
the key written first (the JSON keeps confusables.txt's order, each source before its prototype).
The JSON writes characters as confusables.txt's comments show them, right-to-left ones between
U+200E marks, which are dropped. Checked against Unicode 13.0's confusables.txt: the same 6,307
mappings; the 4 others are lost by that form (U+2028, U+2029 and U+3164, which names never hold,
and U+1F16D CIRCLED CC). Loaded on first use, not at import: the web app's start
does not pay for it.
"""

from __future__ import annotations

import functools
import json
import unicodedata
from importlib import resources

DATA_PACKAGE = "confusable_homoglyphs"  # where the table comes from (see `from_package`)
TABLE = "confusables.tsv"  # beside this module: one "source<TAB>prototype" a line, in hex
LRM = "\u200e"


@functools.cache
def prototypes() -> dict[str, str]:
    """{source character: its prototype (one or more characters)}, from the table shipped with
    scoring/ (so the rules need nothing beyond Python's standard library)."""
    text = resources.files(__package__).joinpath(TABLE).read_text(encoding="ascii")
    table: dict[str, str] = {}
    for line in text.splitlines():
        if line and not line.startswith("#"):
            source, target = line.split("\t")
            table[chr(int(source, 16))] = "".join(chr(int(c, 16)) for c in target.split())
    return table


def from_package() -> dict[str, str]:
    """The same table read from the confusable-homoglyphs package's `confusables.json` (a test
    checks the shipped table against it; `python -m scoring.confusables` writes it anew)."""
    text = resources.files(DATA_PACKAGE).joinpath("confusables.json").read_text(encoding="utf-8")
    pairs: dict[str, list[dict[str, str]]] = json.loads(text)
    table: dict[str, str] = {}
    seen: set[str] = set()
    for key, entries in pairs.items():
        seen.add(key)
        source = key.replace(LRM, "")
        if len(source) != 1 or len(entries) != 1:
            continue  # a prototype of several sources, or a string: never a source
        target = entries[0]["c"]
        back = pairs.get(target, [])
        if target in seen and len(back) == 1 and back[0]["c"] == key:
            continue  # the prototype of a one-source pair, whose source came first
        table[source] = target.replace(LRM, "")
    return table


def table_text(table: dict[str, str]) -> str:
    """`table` as the shipped file holds it."""
    lines = ["# Unicode's confusables (UTS #39) as confusable-homoglyphs 3.3.1 ships them:",
             "# source<TAB>prototype, code points in hex.",
             "# Written by `python -m scoring.confusables`: do not edit."]
    for source, target in sorted(table.items()):
        lines.append(f"{ord(source):04X}\t{' '.join(f'{ord(c):04X}' for c in target)}")
    return "\n".join(lines) + "\n"


def skeleton(text: str) -> str:
    """The UTS #39 skeleton: equal skeletons, confusable strings.

    >>> skeleton("\\u0410nn") == skeleton("Ann"), skeleton("Ian") == skeleton("lan")
    (True, True)
    """
    table = prototypes()
    mapped = "".join(table.get(ch, ch) for ch in unicodedata.normalize("NFD", text))
    return unicodedata.normalize("NFD", mapped)


if __name__ == "__main__":  # write the shipped table anew from the package (a maintainer's step)
    from pathlib import Path

    Path(__file__).with_name(TABLE).write_text(table_text(from_package()), encoding="ascii")

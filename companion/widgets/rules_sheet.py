"""A rules sheet (Markdown, companion/rules/) cut into the pieces the Rules screen shows, each
ruling its own piece, so that a "Why?" link (why.py) can open the sheet scrolled to one."""

from __future__ import annotations

import re

import flet as ft

from companion.i18n.phrases import phrased

# A ruling's item: "- **K6** A player may add an ally ...", its lines after the first indented.
_RULING_ITEM = re.compile(r"^- \*\*([A-Z][0-9]{1,2})\*\*")


def sheet_pieces(sheet: str) -> list[tuple[str | None, str]]:
    """`sheet` as (ruling id or None, Markdown) pieces in order: each ruling's list item alone,
    the text between them as it stands.

    >>> sheet_pieces("# R\\n\\n- **K1** One\\n  more.\\n- **K2** Two.\\n\\nEnd.\\n")
    [(None, '# R\\n'), ('K1', '- **K1** One\\n  more.'), ('K2', '- **K2** Two.'), (None, 'End.\\n')]
    """
    pieces: list[tuple[str | None, list[str]]] = [(None, [])]
    for line in sheet.split("\n"):
        found = _RULING_ITEM.match(line)
        if found:
            pieces.append((found.group(1), [line]))
        elif pieces[-1][0] is not None and (line.startswith(" ") and line.strip()):
            pieces[-1][1].append(line)  # the ruling's item goes on
        elif pieces[-1][0] is not None:
            pieces.append((None, [line]))
        else:
            pieces[-1][1].append(line)
    out = []
    for ruling, lines in pieces:
        text = "\n".join(lines)
        if ruling is None:
            text = text.strip("\n") + "\n"
        if text.strip():
            out.append((ruling, text))
    return out


def rulings(sheet: str) -> set[str]:
    """The ruling ids `sheet` names in bold at the start of an item."""
    return {ruling for ruling, _text in sheet_pieces(sheet) if ruling is not None}


def _markdown(text: str) -> ft.Markdown:
    # GitHub-flavoured: the rule sheets hold tables (Caro's pair points). A Japanese sheet's
    # lines break between phrases (i18n/phrases.py; a sheet in another language has no
    # Japanese to join).
    return ft.Markdown(phrased(text), selectable=True,
                       extension_set=ft.MarkdownExtensionSet.GITHUB_FLAVORED)


def sheet_controls(sheet: str, at: str | None) -> list[ft.Control]:
    """The sheet's pieces as controls; each ruling keyed by its id (the scroll target), the one
    `at` names marked."""
    controls: list[ft.Control] = []
    for ruling, text in sheet_pieces(sheet):
        if ruling is None:
            controls.append(_markdown(text))
            continue
        controls.append(ft.Container(
            _markdown(text), key=ft.ScrollKey(ruling),
            bgcolor=ft.Colors.TERTIARY_CONTAINER if ruling == at else None,
            border_radius=8, padding=ft.Padding.symmetric(horizontal=6, vertical=2)))
    return controls

"""The controls of an in-process Flet session, found by walking its tree.

Control ids come from one counter for the whole process, so looking controls up by a range of ids
finds nothing once earlier tests made enough of them; a walk from the page finds them all.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from typing import Any

from flet.controls.base_control import BaseControl


def _inside(value: Any) -> Iterator[BaseControl]:
    """The controls directly inside `value` (a control's field, a list, a dataclass)."""
    if isinstance(value, list | tuple):
        for item in value:
            yield from _inside(item)
    elif isinstance(value, BaseControl):
        yield value
    elif dataclasses.is_dataclass(value) and not isinstance(value, type):
        for field in dataclasses.fields(value):
            yield from _inside(getattr(value, field.name, None))


def children(control: BaseControl) -> Iterator[BaseControl]:
    for field in dataclasses.fields(control):
        if field.name in ("parent", "page") or field.name.startswith("_") and field.name != "_b":
            continue
        yield from _inside(getattr(control, field.name, None))


def every(control: BaseControl) -> Iterator[BaseControl]:
    """The control and all inside it (one walk of the tree)."""
    yield control
    for child in children(control):
        yield from every(child)


def caption(button: BaseControl) -> Any:
    """What a button says: its content, or the value of the text that is its content (a chip
    whose text carries a semantics label of its own, as "Add Ann")."""
    content = getattr(button, "content", None)
    return getattr(content, "value", content) if isinstance(content, BaseControl) else content


def label_of(button: Any) -> str | None:
    """A button's label: its text, or the text in the box that pads it (companion/widgets/
    grows.py's tall_button)."""
    content = getattr(button, "content", None)
    if isinstance(content, str):
        return content
    inner = getattr(content, "content", None)
    return getattr(inner, "value", None) if inner is not None else None

"""What a page sends, checked for shape before Flet or a handler reads it.

Flet 1.0.5 builds an event from whatever a page sends: data that is not a dict becomes a plain
event without the fields its handler reads (a file picker's `result` without `files` raised
AttributeError in the handler), a dict missing a field or holding an enum value that does not
exist raises TypeError or ValueError while Flet builds it, and a dict may even name the event's
`control`. A value a page reports for a control (UPDATE_CONTROL_PROPS) is written into the
control as it comes, so a TextField's `value` can be a list and a Checkbox's a string.

Here both are held to the types the controls and their events declare (Flet's own annotations,
read once per class): every field a handler may read is present and of its type, at any depth
(a file's `id` an int, its `bytes` bytes, a scroll's `event_type` one of ScrollType's values, a
width a number). `event_misfit` and `patch_misfit` say what is wrong in a few words of their own
(field names and type names, never the page's text), or None; the guard
(companion/session/guard.py) refuses such a message whole, before anything runs, and logs that
one line. What the types cannot say (a width of 10**300, a radio's value no radio has) is still
checked where it is used.
"""

from __future__ import annotations

import dataclasses
import enum
import math
import sys
import types
import typing
from collections.abc import Callable
from typing import Any, ForwardRef, Literal, Union, get_args, get_origin

import flet as ft
from flet.controls.control_event import get_event_field_type
from flet.utils.from_dict import from_dict

DEPTH = 8  # deeper than anything a real page sends (a picked file's fields are at depth 3)
_UNKNOWN = object()  # a type that cannot be resolved: Flet skips such a field, and so do we
# Set by Flet itself from its own side, never from the page's data (a page naming `control`
# would hand the handler a number or a dict in its place).
EVENT_OWNED = frozenset({"control", "name"})


def _namespace(cls: type) -> dict[str, Any]:
    names: dict[str, Any] = dict(vars(ft))
    for base in reversed(cls.__mro__):
        module = sys.modules.get(base.__module__)
        if module is not None:
            names.update(vars(module))
    return names


_hints: dict[type, dict[str, tuple[Any, dict[str, Any]]]] = {}
# Where Flet's annotation says another type than it means: FilePickerFile's `bytes: Optional[bytes]
# = None` is read in its class body after the default is set, so it says Optional[None].
CORRECTED: dict[tuple[type, str], Any] = {(ft.FilePickerFile, "bytes"): bytes | None}


def _own_annotations(cls: type) -> dict[str, Any]:
    """The annotations `cls` itself declares, unevaluated where Python can leave them so: from
    Python 3.14 (the offline web app's Pyodide) a class's are made on demand (PEP 649), with a
    name not defined yet kept as a ForwardRef; before, they are in its `__dict__`."""
    if sys.version_info >= (3, 14):
        import annotationlib  # type: ignore[import-not-found,unused-ignore]

        try:
            return dict(annotationlib.get_annotations(
                cls, format=annotationlib.Format.FORWARDREF))
        except Exception:
            return {}
    return dict(vars(cls).get("__annotations__", {}))


def hints(cls: type) -> dict[str, tuple[Any, dict[str, Any]]]:
    """Each annotated field of `cls` (and its bases): (annotation, the names to resolve it in).
    Resolved field by field when read: one annotation Python cannot evaluate (Flet's own
    `get_type_hints` fails on most controls) leaves the others checked."""
    found = _hints.get(cls)
    if found is None:
        found = {}
        names = _namespace(cls)
        for base in cls.__mro__:
            for name, annotation in _own_annotations(base).items():
                found.setdefault(name, (CORRECTED.get((base, name), annotation), names))
        _hints[cls] = found
    return found


_resolved_hints: dict[tuple[Any, int], Any] = {}


def _resolved(hint: Any, names: dict[str, Any]) -> Any:
    if not isinstance(hint, str | ForwardRef):
        return hint
    key = (hint, id(names))  # `names` are kept for good by `hints`, so their id stays theirs
    found = _resolved_hints.get(key)
    if found is None:
        found = _resolved_hints[key] = _evaluated(hint, names)
    return found


def _evaluated(hint: Any, names: dict[str, Any]) -> Any:
    for _ in range(3):  # a string naming a ForwardRef naming a class, at most
        if isinstance(hint, ForwardRef):
            hint = hint.__forward_arg__
        if not isinstance(hint, str):
            return hint
        try:
            hint = eval(hint, names)  # noqa: S307 (Flet's own annotations, never a page's text)
        except Exception:
            return _UNKNOWN
    return _UNKNOWN


def misfit(value: Any, hint: Any, names: dict[str, Any], *, whole: bool = True,
           depth: int = 0) -> str | None:
    """Why `value` is not of type `hint` (a few words naming no part of the value), or None.
    `whole`: a dict for a dataclass must hold every field without a default (it makes a new
    one); else it patches one that exists, and may hold any of them."""
    hint = _resolved(hint, names)
    if hint is _UNKNOWN or hint is Any or isinstance(hint, typing.TypeVar):
        return None
    if depth > DEPTH:
        return "nested too deeply"
    origin, args = get_origin(hint), get_args(hint)
    if origin is typing.Annotated:
        return misfit(value, args[0], names, whole=whole, depth=depth)
    if origin is Union or origin is types.UnionType:
        if value is None and type(None) in args:
            return None
        reasons = [misfit(value, arg, names, whole=whole, depth=depth) for arg in args
                   if arg is not type(None)]
        return None if None in reasons else (reasons[0] if len(reasons) == 1
                                             else f"not one of its types ({_kind(value)})")
    if hint is None or hint is type(None):
        return None if value is None else f"{_kind(value)}, not null"
    if origin is Literal:
        return None if value in args else "not one of its values"
    if origin in (list, tuple, set, frozenset) or hint in (list, tuple):
        if not isinstance(value, list | tuple):
            return f"{_kind(value)}, not a list"
        item = args[0] if args and origin is not tuple else Any
        if origin is tuple and args and args[-1] is not Ellipsis:
            if len(value) != len(args):
                return "a list of another length"
            pairs = zip(value, args, strict=True)
        else:
            pairs = ((v, item) for v in value)
        for number, (v, t) in enumerate(pairs):
            why = misfit(v, t, names, whole=True, depth=depth + 1)
            if why:
                return f"[{number}] {why}"
        return None
    if origin is dict or hint is dict:
        if not isinstance(value, dict):
            return f"{_kind(value)}, not a map"
        key, item = args if len(args) == 2 else (Any, Any)
        for k, v in value.items():
            why = (misfit(k, key, names, depth=depth + 1)
                   or misfit(v, item, names, whole=True, depth=depth + 1))
            if why:
                return f"an entry {why}"
        return None
    if origin is not None:
        if origin is Callable:  # a handler: the server's own, never a page's
            return None if value is None else f"{_kind(value)}, not a handler"
        hint = origin  # Event["Page"], Sequence[str] and the like: the class is what counts
    if not isinstance(hint, type):
        return None
    if hint is bool:
        return None if isinstance(value, bool) else f"{_kind(value)}, not true/false"
    if hint is int:
        return (None if isinstance(value, int) and not isinstance(value, bool)
                else f"{_kind(value)}, not a whole number")
    if hint is float:
        if isinstance(value, bool) or not isinstance(value, int | float):
            return f"{_kind(value)}, not a number"
        return "not a number (NaN)" if isinstance(value, float) and math.isnan(value) else None
    if hint is str:
        return None if isinstance(value, str) else f"{_kind(value)}, not text"
    if hint is bytes:
        if isinstance(value, bytes | bytearray):
            return None
        # Some clients send a file's bytes as a list of numbers.
        if isinstance(value, list) and all(
                type(b) is int and 0 <= b <= 255 for b in value):
            return None
        return f"{_kind(value)}, not bytes"
    if issubclass(hint, enum.Enum):
        if isinstance(value, hint):
            return None
        try:
            hint(value)
        except Exception:
            return "not one of its values"
        return None
    if dataclasses.is_dataclass(hint):
        if isinstance(value, hint):
            return None
        if not isinstance(value, dict):
            return f"{_kind(value)}, not a record"
        return _record_misfit(value, hint, whole=whole, depth=depth) or (
            _unbuilt(hint, value) if whole and depth == 0 else None)
    if hint is object:
        return None
    return None if isinstance(value, hint) else f"{_kind(value)}, not {hint.__name__}"


def _record_misfit(value: dict[Any, Any], cls: type, *, whole: bool, depth: int,
                   skip: frozenset[str] = frozenset()) -> str | None:
    declared = hints(cls)
    for field in dataclasses.fields(cls):
        if field.name in skip or field.name.startswith("_") or not field.init:
            continue
        key = field.metadata.get("data_field", field.name)
        if key not in value:
            required = (field.default is dataclasses.MISSING
                        and field.default_factory is dataclasses.MISSING)
            if whole and required:
                return f"{field.name}: missing"
            continue
        if field.name not in declared:  # a field Python gave no annotation for: not checked
            continue
        annotation, names = declared[field.name]
        why = misfit(value[key], annotation, names, whole=True, depth=depth + 1)
        if why:
            return f"{field.name}: {why}"
    return None


_self_checking: dict[type, bool] = {}


def _checks_itself(kind: type) -> bool:
    """Whether `kind`, or a record any of its fields may hold, checks its values as it is made."""
    found = _self_checking.get(kind)
    if found is None:
        _self_checking[kind] = False  # a record holding its own kind: asked once
        found = _self_checking[kind] = hasattr(kind, "__post_init__") or any(
            _checks_itself(inner) for inner in _records_in(kind))
    return found


def _records_in(kind: type) -> list[type]:
    found: list[type] = []
    for annotation, names in hints(kind).values():
        stack = [_resolved(annotation, names)]
        while stack:
            hint = stack.pop()
            if isinstance(hint, type) and dataclasses.is_dataclass(hint):
                found.append(hint)
            else:
                stack.extend(_resolved(arg, names) for arg in get_args(hint))
    return found


def _kind(value: Any) -> str:
    """The kind of a value, in a word: never any of its text."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true/false"
    if isinstance(value, int | float):
        return "a number"
    if isinstance(value, str):
        return "text"
    if isinstance(value, bytes | bytearray):
        return "bytes"
    if isinstance(value, dict):
        return "a map"
    if isinstance(value, list | tuple):
        return "a list"
    return "another value"


_event_types: dict[tuple[type, str], Any] = {}


def event_type(control: Any, name: str) -> Any:
    """The type Flet builds for event `name` of `control` (None: Flet drops the event). Read
    from the class's annotations once per class and name (Flet reads them at every event, at
    some 0.3 ms a time)."""
    field = f"on_{name}"
    if not isinstance(name, str) or not hasattr(control, field):
        return None
    key = (type(control), name)
    if key not in _event_types:
        try:
            _event_types[key] = get_event_field_type(control, field)
        except Exception:  # Flet raises on the same annotation when it dispatches: it says so
            _event_types[key] = None
    return _event_types[key]


def event_misfit(control: Any, name: Any, data: Any) -> str | None:
    """Why event `name` with `data` cannot be the event `control` declares for it, or None.

    An event with fields of its own (a picked file, a new route, a resize, a scroll) must come
    as a map holding each of them, of its type (Flet builds it from any map, handled or not;
    anything else only reaches a handler, as a plain event without them); a plain one (a tap,
    a change: the handler reads the control's own value, checked as it came) may carry any
    data, which nothing reads."""
    if control is None or not isinstance(name, str):
        return None  # Flet finds no control, or no handler: nothing runs
    kind = event_type(control, name)
    if kind is None or not isinstance(kind, type) or not dataclasses.is_dataclass(kind):
        return None
    if kind in (ft.ControlEvent, ft.Event) or not _has_own_fields(kind):
        return None
    if not isinstance(data, dict):
        # Flet makes it a plain event, which only a handler of the app would read (the page
        # reports a change of brightness as plain text, and nothing here listens).
        if getattr(control, f"on_{name}", None) is None:
            return None
        return f"{_kind(data)}, not a record"
    if EVENT_OWNED & data.keys():
        return "names the control or the event"
    return _record_misfit(data, kind, whole=True, depth=0, skip=EVENT_OWNED | {"data"}) or (
        _unbuilt(kind, {"control": control, "name": name, **data}))


def _unbuilt(kind: type, value: dict[str, Any]) -> str | None:
    """What a type's own checks refuse when Flet builds it from `value` (a Locale's empty
    language code: its types cannot say so), in a word, or None. Built and dropped (Flet builds
    its own after), and only for a type with such checks in it (`__post_init__`)."""
    if not _checks_itself(kind):
        return None
    try:
        from_dict(kind, value)
    except Exception as error:
        return f"refused by {kind.__name__} ({type(error).__name__})"
    return None


def _has_own_fields(kind: type) -> bool:
    return any(f.name not in EVENT_OWNED | {"data"} for f in dataclasses.fields(kind))


def patch_misfit(control: Any, patch: dict[str, Any]) -> str | None:
    """Why `patch`, the values a page reports for `control`, does not fit the control's
    declared types, or None (an unknown name is ignored, by Flet as here)."""
    if control is None:
        return None
    declared = hints(type(control))
    for name, value in patch.items():
        if name not in declared:
            continue
        annotation, names = declared[name]
        current = getattr(control, name, None)
        # A map for a record that exists patches it (any of its fields); else it makes one.
        why = misfit(value, annotation, names, whole=current is None)
        if why:
            return f"{name}: {why}"
    return None


def offered(value: Any, choices: Any) -> str | None:
    """`value` if it is one of `choices` (the values a screen drew as radios or options), else
    None: a radio group's or dropdown's value is text by its type, but only what was offered is
    a choice."""
    return value if isinstance(value, str) and value in choices else None

"""JSON in and out: untrusted text read within bounds, data written the same on every runtime.

``load_text`` reads JSON that came from outside (a save, a lesson, a stored setting) and
raises ``ValueError`` naming what was expected for anything it will not take: text too
long, nesting too deep (a deep enough nest overflows the browser's stack in the JSON
parser itself, so it is measured before parsing), or not JSON at all. ``dump_text`` writes
compact JSON with the keys sorted (MicroPython's dicts keep no order) and non-ASCII
letters as they are, so a save is byte for byte the same on CPython, Pyodide and
MicroPython. ``copy_data`` copies JSON-like data, so that nobody holding a copy can
change the original.

>>> dump_text({"b": [1, 2.5, None, True], "a": "señas \\"x\\"\\n"})
'{"a":"señas \\\\"x\\\\"\\\\n","b":[1,2.5,null,true]}'
>>> load_text('{"a": [1, {"b": null}]}', "a test")
{'a': [1, {'b': None}]}
>>> load_text("[" * 100 + "]" * 100, "a save")
Traceback (most recent call last):
...
ValueError: expected a save nested at most 32 deep, got deeper
>>> for text in ("{oops", "[1,", ""):
...     try:
...         load_text(text, "a save")
...     except ValueError as error:
...         print(error)
expected a save in JSON, got unreadable text
expected a save in JSON, got unreadable text
expected a save in JSON, got unreadable text
"""

from __future__ import annotations

import builtins
import json
from typing import Any

MAX_DEPTH = 32
# What json's parser raises on text it cannot read: a ValueError on every runtime, and, past
# the depth checked first, a RecursionError (CPython) or RuntimeError (MicroPython, which
# has no RecursionError: naming it there would itself fail).
_UNREADABLE: tuple[type[Exception], ...] = (ValueError, getattr(builtins, "RecursionError", RuntimeError))
_ESCAPES = {'"': '\\"', "\\": "\\\\", "\n": "\\n", "\r": "\\r", "\t": "\\t", "\b": "\\b",
            "\f": "\\f"}


def load_text(text: object, what: str, max_length: int = 1_000_000) -> Any:
    """The data in ``text``; ValueError ``expected <what> …`` for anything else."""
    if not isinstance(text, str):
        raise ValueError(f"expected {what} as text, got {type(text).__name__}")
    if len(text) > max_length:
        raise ValueError(f"expected {what} of at most {max_length} characters, got {len(text)}")
    if _too_deep(text, MAX_DEPTH):
        raise ValueError(f"expected {what} nested at most {MAX_DEPTH} deep, got deeper")
    try:
        return json.loads(text)
    except _UNREADABLE:
        raise ValueError(f"expected {what} in JSON, got unreadable text") from None


def _too_deep(text: str, limit: int) -> bool:
    """Whether arrays and objects nest deeper than ``limit``, strings skipped whole. Text is
    walked in pieces between quotes, never by index: MicroPython's strings are UTF-8, and
    indexing one costs its length."""
    depth = 0
    inside = False  # in a string
    for piece in text.split('"'):
        if inside:  # the string ends at the quote after this piece, unless it is escaped
            inside = (len(piece) - len(piece.rstrip("\\"))) % 2 == 1
            continue
        for ch in piece:
            if ch == "[" or ch == "{":
                depth += 1
                if depth > limit:
                    return True
            elif ch == "]" or ch == "}":
                depth -= 1
        inside = True
    return False


def dump_text(value: Any) -> str:
    """Compact JSON of ``value`` with sorted keys and non-ASCII letters kept."""
    out: list[str] = []
    _dump(value, out)
    return "".join(out)


def _dump(value: Any, out: list[str]) -> None:
    if value is None:
        out.append("null")
    elif value is True or value is False:
        out.append("true" if value else "false")
    elif isinstance(value, str):
        out.append(_quoted(value))
    elif isinstance(value, int):
        out.append(str(value))
    elif isinstance(value, float):
        if value != value or value in (float("inf"), float("-inf")):
            raise ValueError(f"expected a finite number, got {value!r}")
        out.append(repr(value))
    elif isinstance(value, dict):
        keys = sorted(str(key) for key in value)
        by_text = {str(key): value[key] for key in value}
        out.append("{")
        for n, key in enumerate(keys):
            if n:
                out.append(",")
            out.append(_quoted(key))
            out.append(":")
            _dump(by_text[key], out)
        out.append("}")
    elif isinstance(value, (list, tuple)):
        out.append("[")
        for n, item in enumerate(value):
            if n:
                out.append(",")
            _dump(item, out)
        out.append("]")
    else:
        raise ValueError(f"expected JSON data, got {type(value).__name__}")


def _quoted(text: str) -> str:
    if text and min(text) >= " " and '"' not in text and "\\" not in text:
        return '"' + text + '"'
    parts = []
    for ch in text:
        if ch in _ESCAPES:
            parts.append(_ESCAPES[ch])
        elif ch < " ":
            parts.append("\\u%04x" % ord(ch))
        else:
            parts.append(ch)
    return '"' + "".join(parts) + '"'


def described(value: object, limit: int = 40) -> str:
    """An untrusted value for an error message: short, and never recursive (a container
    is named by its size; ``repr`` of a deep one would itself fail)."""
    if isinstance(value, (list, tuple, dict, set, frozenset)):
        return f"a {type(value).__name__} of {len(value)}"
    if isinstance(value, int) and not isinstance(value, bool) and not -10**30 < value < 10**30:
        return "a whole number of more than 30 digits"
    text = repr(value)
    return text if len(text) <= limit else text[:limit] + "…"


def copy_data(value: Any) -> Any:
    """A deep copy of JSON-like data (dicts and lists; tuples and scalars are kept)."""
    if isinstance(value, dict):
        return {key: copy_data(item) for key, item in value.items()}
    if isinstance(value, list):
        return [copy_data(item) for item in value]
    return value

"""A fast reader for the flat TOML most PHH files are written in.

Machine-written PHH files are one ``key = value`` per line, the values plain
strings, whole or decimal numbers, booleans, or arrays of those (on one line,
or one item a line).  :func:`loads_flat` reads exactly that subset several
times faster than ``tomllib`` and returns None for anything else (tables,
escapes, dates, comments after a value or inside an array ...), so the caller
falls back to ``tomllib``: either way the result is what ``tomllib.loads(text,
parse_float=Decimal)`` gives.
"""

from __future__ import annotations

import re
from decimal import Decimal
from typing import Any, Final

_KEY: Final = re.compile(r"[A-Za-z0-9_-]+")
_CONTROL: Final = re.compile(r"[\x00-\x08\x0b-\x1f\x7f]")
_SCALAR: Final = re.compile(
    r"'([^'\n]*)'"  # literal string
    r'|"([^"\\\n]*)"'  # basic string without escapes
    r"|([+-]?(?:0|[1-9][0-9]*))(?![0-9.:eE_-])"  # integer
    r"|([+-]?(?:0|[1-9][0-9]*)\.[0-9]+)(?![0-9eE_])"  # decimal
    r"|(true|false)(?![A-Za-z0-9_])"
)
_ARRAY_ITEM: Final = re.compile(r"[ \t]*(?:" + _SCALAR.pattern + r")[ \t]*(,|\])")


def _scalar(m: re.Match[str]) -> Any:
    literal, basic, integer, decimal, boolean = m.group(1, 2, 3, 4, 5)
    if literal is not None:
        return literal
    if basic is not None:
        return basic
    if integer is not None:
        return int(integer)
    if decimal is not None:
        return Decimal(decimal)
    return boolean == "true"


_STRINGS: Final = re.compile(r"\[[ \t]*(?:'[^'\n]*'[ \t]*,[ \t]*)*(?:'[^'\n]*'[ \t]*,?[ \t]*)?\]")
_STRING: Final = re.compile(r"'([^'\n]*)'")
_NUMBER: Final = re.compile(r"[ \t]*([+-]?(?:0|[1-9][0-9]*))(\.[0-9]+)?[ \t]*")


def _numbers(inner: str) -> list[Any] | None:
    """A one-line array of numbers (``inner``: between the brackets), or None."""
    parts = inner.split(",")
    if len(parts) > 1 and not parts[-1].strip():
        parts.pop()  # a trailing comma
    out: list[Any] = []
    for part in parts:
        text = part.strip()
        whole, dot, fraction = text.partition(".")
        if whole.isdigit() and whole.isascii() and (whole[0] != "0" or len(whole) == 1):
            if not dot:
                out.append(int(whole))
                continue
            if fraction.isdigit() and fraction.isascii():
                out.append(Decimal(text))
                continue
        m = _NUMBER.fullmatch(part)
        if m is None:
            return None
        out.append(int(m[1]) if m[2] is None else Decimal(m[1] + m[2]))
    return out


def _array(raw: str) -> list[Any] | None:
    """An array (``raw``: from its ``[`` to its ``]``, on one line), or None."""
    if _STRINGS.fullmatch(raw):
        return _STRING.findall(raw)
    text = raw[1:]
    if text.endswith("]") and "[" not in text and text.strip() != "]":
        numbers = _numbers(text[:-1])
        if numbers is not None:
            return numbers
    out: list[Any] = []
    pos, end = 0, len(text)
    if text.strip() == "]":
        return out
    while pos < end:
        m = _ARRAY_ITEM.match(text, pos)
        if m is None:
            return None
        out.append(_scalar(m))
        pos = m.end()
        if m.group(6) == "]":
            return out if pos == end else None
        if text[pos:].strip() == "]":
            return out  # a trailing comma
    return None


def loads_flat(text: str) -> dict[str, Any] | None:
    """The document's fields, or None when it is not flat TOML (see the module)."""
    if _CONTROL.search(text):
        return None  # control characters (or a CR): tomllib decides what they mean
    out: dict[str, Any] = {}
    lines = text.split("\n")
    i, count = 0, len(lines)
    while i < count:
        stripped = lines[i].strip()
        i += 1
        if not stripped or stripped[0] == "#":
            continue
        key, equals, raw = stripped.partition("=")
        key, raw = key.rstrip(), raw.lstrip()
        if not equals or key in out or _KEY.fullmatch(key) is None:
            return None
        if raw[:1] == "[":
            if not raw.endswith("]"):
                # an array over several lines, one item a line (no comments inside)
                parts = [raw]
                while i < count and not parts[-1].endswith("]"):
                    parts.append(lines[i].strip())
                    i += 1
                # a string cannot run over a line end: each line closes its quotes
                if any(p.count("'") % 2 or p.count('"') % 2 for p in parts):
                    return None
                raw = " ".join(parts)
            value = _array(raw)
            if value is None:
                return None
        else:
            s = _SCALAR.fullmatch(raw)
            if s is None:
                return None
            value = _scalar(s)
        out[key] = value
    return out

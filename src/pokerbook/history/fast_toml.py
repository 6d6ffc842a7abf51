"""A fast reader for the plain TOML that PHH files are written in.

PHH files are ``key = value`` lines whose values are strings, whole or decimal
numbers, booleans, or arrays of those (on one line, or over several lines with
comments between the items); a ``.phhs`` file adds ``[N]`` table headers.
:func:`loads_flat` reads exactly that subset in one pass over the lines, with
``str`` methods for the common forms (an array of single-quoted strings, an
array of numbers, a plain integer) and a small position-based scanner for the
rest.  Anything else (escapes, dates, exponents, inline tables, dotted or
quoted keys, multi-line strings, a repeated key ...) makes it return None, and
the caller falls back to ``tomllib``: either way the result is what
``tomllib.loads(text, parse_float=Decimal)`` gives, and no valid document is
read differently.  Invalid documents are never accepted: they either fall
back, so that ``tomllib`` reports the error, or are refused as a whole.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from decimal import Decimal
from typing import Any, Final

from pokerbook.history.setup_keys import OWN_SETUP_KEYS

#: bare keys (``A-Za-z0-9_-``); dotted and quoted keys are left to ``tomllib``
_KEY: Final = re.compile(r"[A-Za-z0-9_-]+")

#: pokerbook's own set-up fields (:mod:`pokerbook.history.phh` documents them)
POKERBOOK_FIELDS: Final = (
    "_format",
    "_spread",
    "_house",
    "_chip",
    *(row.key for row in OWN_SETUP_KEYS),
)

#: the PHH keys that describe the game played (beside ``variant``)
GAME_KEYS: Final = (
    "ante_trimming_status",
    "antes",
    "blinds_or_straddles",
    "bring_in",
    "small_bet",
    "big_bet",
    "min_bet",
    "starting_stacks",
    "actions",
    "finishing_stacks",
)

#: keys PHH files use, known to be bare keys without a regular expression
_COMMON_KEYS: Final = frozenset(
    {
        "variant",
        *GAME_KEYS,
        "author",
        "event",
        "url",
        "address",
        "city",
        "region",
        "postal_code",
        "country",
        "time",
        "time_zone",
        "time_zone_abbreviation",
        "day",
        "month",
        "year",
        "hand",
        "level",
        "seats",
        "seat_count",
        "table",
        "players",
        "winnings",
        "currency",
        "currency_symbol",
        "venue",
        *POKERBOOK_FIELDS,
    }
)

#: characters TOML forbids outside multi-line strings (tab and newline are fine)
_CONTROL: Final = re.compile(r"[\x00-\x08\x0b-\x1f\x7f]")
_CONTROL_BYTES: Final = bytes([*range(0x00, 0x09), *range(0x0B, 0x20), 0x7F])

_NUMBER: Final = r"[+-]?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?"

#: the inside of a one-line array of numbers (a trailing comma allowed)
_NUMBERS: Final = re.compile(
    rf"[ \t]*{_NUMBER}(?:[ \t]*,[ \t]*{_NUMBER})*[ \t]*(?:,[ \t]*)?",
)

#: one value that is not an array: literal string, basic string without escapes,
#: decimal (a TOML float without exponent), integer, boolean
_SCALAR: Final = re.compile(
    r"[ \t]*(?:"
    r"'([^'\n]*)'"
    r'|"([^"\\\n]*)"'
    r"|([+-]?(?:0|[1-9][0-9]*)\.[0-9]+)"
    r"|([+-]?(?:0|[1-9][0-9]*))"
    r"|(true|false)"
    r")"
)

#: what may come between array items: spaces, tabs, line ends and comments
_GAP: Final = re.compile(r"(?:[ \t\n]+|#[^\n]*)*")
_OPEN: Final = re.compile(r"[ \t]*\[")
_QUOTES: Final = frozenset("'\"")

#: what may follow a value on its line: spaces, tabs and a comment
_LINE_END: Final = re.compile(r"[ \t]*(?:#[^\n]*)?(?:\n|\Z)")


def _skip(text: str, pos: int) -> int:
    """The position after the spaces, line ends and comments at ``pos``."""
    gap = _GAP.match(text, pos)
    return pos if gap is None else gap.end()


def _scan_value(text: str, pos: int) -> tuple[Any, int] | None:
    """The value starting at ``pos`` (after optional spaces and tabs) and the
    position after it, or None when it is not one this module reads."""
    m = _SCALAR.match(text, pos)
    if m is None:
        bracket = _OPEN.match(text, pos)
        return None if bracket is None else _scan_array(text, bracket.end())
    literal, basic, decimal, integer, boolean = m.groups()
    end = m.end()
    if literal is not None:
        return literal, end
    if basic is not None:
        return basic, end
    if decimal is not None:
        return Decimal(decimal), end
    if integer is not None:
        return int(integer), end
    return boolean == "true", end


def _scan_array(text: str, pos: int) -> tuple[list[Any], int] | None:
    """The array whose items start at ``pos`` (just after its ``[``) and the
    position after its ``]``, or None."""
    out: list[Any] = []
    while True:
        pos = _skip(text, pos)
        if text.startswith("]", pos):
            return out, pos + 1  # empty, or after a trailing comma
        found = _scan_value(text, pos)
        if found is None:
            return None
        value, pos = found
        out.append(value)
        pos = _skip(text, pos)
        if text.startswith(",", pos):
            pos += 1
        elif text.startswith("]", pos):
            return out, pos + 1
        else:
            return None


def _one_line_array(raw: str) -> list[Any] | None:
    """The array ``raw`` (stripped, from its ``[`` to its ``]``) in the common
    forms that ``str`` methods read, or None."""
    if len(raw) > 3:
        quote = raw[1]
        if quote in _QUOTES:
            # ['a', 'b']: if the quotes are exactly those of the separators, no
            # item holds a quote, and each is a plain string
            inner = raw[2:-2]
            if raw[-2] == quote and (quote == "'" or "\\" not in inner):
                items = inner.split(quote + ", " + quote)
                if inner.count(quote) == 2 * len(items) - 2:
                    return items
            return None
    inner = raw[1:-1]
    if "." not in inner:
        try:
            numbers = list(map(int, inner.split(", ")))
        except ValueError:
            numbers = []
        # written exactly as Python writes the numbers: plain TOML integers
        if numbers and ", ".join(map(str, numbers)) == inner:
            if len(_WHOLE_ARRAYS) < _WHOLE_ARRAYS_SIZE and len(raw) <= 256:
                _WHOLE_ARRAYS[raw] = tuple(numbers)
            return numbers
    if _NUMBERS.fullmatch(inner) is None:
        return None
    parts = inner.split(",")
    if not parts[-1].strip(" \t"):
        parts.pop()  # a trailing comma
    return [Decimal(p.strip(" \t")) if "." in p else int(p) for p in parts]


#: arrays of whole numbers already read, by their text (the stakes and stacks of
#: a table recur from hand to hand)
_WHOLE_ARRAYS: dict[str, tuple[int, ...]] = {}
_WHOLE_ARRAYS_SIZE: Final = 4096


def _string_lines(lines: list[str], i: int) -> tuple[list[str], int] | None:
    """An array of plain strings written one a line, from line ``i`` (the one
    after its ``[``) to its ``]`` alone on a line; the items and the index of
    the line after the ``]``, or None for any other layout."""
    items: list[str] = []
    closed = False  # an item without a comma: the array must end next
    for j in range(i, len(lines)):
        item = lines[j].strip(" \t")
        if item == "]":
            return items, j + 1
        if not item or item[0] == "#":
            continue
        quote = item[0]
        if closed or quote not in _QUOTES or item.count(quote) != 2:
            return None
        if quote == '"' and "\\" in item:
            return None
        if item[-1] == ",":
            item = item[:-1].rstrip(" \t")
        else:
            closed = True
        if item[-1] != quote or len(item) < 2:
            return None
        items.append(item[1:-1])
    return None


def _long_key(
    line: str, root: dict[str, Any], table: dict[str, Any]
) -> tuple[str, str, dict[str, Any]] | None:
    """A line that does not start with a common key and `` = ``, read the long
    way: its key, its value's text and the table it goes in; the key is "" for a
    line with no value (blank, a comment, or a table header, whose table it
    gives).  None for a line this module does not read."""
    key, equals, raw = line.partition("=")
    if not equals:
        stripped = line.strip(" \t")
        if not stripped or stripped[0] == "#":
            return "", "", table
        name = _header(stripped)
        if name is None or name in root:
            return None
        table = root[name] = {}
        return "", "", table
    key = key.strip(" \t")
    if key not in _COMMON_KEYS and _KEY.fullmatch(key) is None:
        return ("", "", table) if key[:1] == "#" else None  # (a comment with a '=' in it)
    return key, raw.strip(" \t"), table


#: what :meth:`_Lines.value` gives for a value this module does not read
_UNREAD: Final = object()


class _Lines:
    """A document's lines as :func:`loads_flat` reads them, for the values that
    are not in the quick forms: arrays over several lines, double-quoted
    strings, and anything the scanner reads (which may run over several lines).
    ``skipped`` counts the lines read past (a value that runs to the end reads
    past them all, which ends the reading).  The text has its ``\r\n`` line ends
    made ``\n``; ``refused``: it holds a character TOML forbids (a CR anywhere
    else among them), and there are no lines."""

    __slots__ = ("lines", "mark", "mark_offset", "refused", "rows", "skipped", "text")

    def __init__(self, text: str) -> None:
        if "\r" in text:
            text = text.replace("\r\n", "\n")
        if text.isascii():
            refused = len(text.encode("ascii").translate(None, _CONTROL_BYTES)) != len(text)
        else:
            refused = _CONTROL.search(text) is not None
        self.refused = refused
        self.text = text
        self.lines = [] if refused else text.split("\n")
        self.rows = iter(self.lines)
        self.skipped = 0
        self.mark, self.mark_offset = 0, 0  # a line, and where it starts in text

    def value(self, i: int, line: str, raw: str) -> Any:
        """The value of line ``i`` of the rows (``raw``: its text after the '='),
        or :data:`_UNREAD`."""
        if raw == "[":
            multi = _string_lines(self.lines, self.skipped + i + 1)
            if multi is not None:
                items, after = multi
                self.skipped += _read_past(self.rows, after - (self.skipped + i + 1))
                return items
        elif raw[:1] == '"' and raw[-1] == '"' and raw.count('"') == 2 and "\\" not in raw:
            return raw[1:-1]
        return self._scan(i, line)

    def _scan(self, i: int, line: str) -> Any:
        """Scan the value from the '=' (it may run over several lines)."""
        index = self.skipped + i
        lines, text = self.lines, self.text
        start = self.mark_offset + sum(map(len, lines[self.mark : index])) + index - self.mark
        self.mark, self.mark_offset = index, start
        found = _scan_value(text, start + line.index("=") + 1)
        tail = None if found is None else _LINE_END.match(text, found[1])
        if found is None or tail is None:
            return _UNREAD
        end = tail.end()
        if end >= len(text):
            for _ in self.rows:  # the value ran to the end: no lines left to read
                pass
        else:
            self.skipped += _read_past(self.rows, text.count("\n", start, end) - 1)
        return found[0]


def loads_flat(text: str) -> dict[str, Any] | None:
    """The document's fields, or None when it is not in the subset this module
    reads (see the module docs): then ``tomllib`` must read it."""
    rest = _Lines(text)
    if rest.refused:
        return None
    root: dict[str, Any] = {}
    table = root
    whole_arrays = _WHOLE_ARRAYS
    for i, line in enumerate(rest.rows):
        key, equals, raw = line.partition(" = ")
        if not equals or key not in _COMMON_KEYS:
            found = _long_key(line, root, table)
            if found is None:
                return None
            key, raw, table = found
            if not key:
                continue  # a blank line, a comment or a table header
        if key in table:
            return None
        first = raw[:1]
        if first == "[" and raw[-1] == "]":
            numbers = whole_arrays.get(raw)
            if numbers is not None:
                table[key] = list(numbers)
                continue
            # ['a', 'b'] (most arrays of strings), without a call: if the quotes are
            # exactly those of the separators, no item holds one
            if (
                raw[1:2] == "'"
                and raw[-2] == "'"
                and raw.count("'") == 2 * len(items := raw[2:-2].split("', '"))
            ):
                table[key] = items
                continue
            array = _one_line_array(raw)
            if array is not None:
                table[key] = array
                continue
        elif first == "'" and raw[-1] == "'" and raw.count("'") == 2:
            table[key] = raw[1:-1]
            continue
        elif raw.isdigit() and raw.isascii() and (raw[0] != "0" or len(raw) == 1):
            table[key] = int(raw)
            continue
        elif raw == "true" or raw == "false":  # noqa: PLR1714
            table[key] = raw == "true"
            continue
        value = rest.value(i, line, raw)
        if value is _UNREAD:
            return None
        table[key] = value
    return root


def _read_past(rows: Iterator[str], count: int) -> int:
    """Read past ``count`` lines of ``rows``; returns ``count``."""
    for _ in range(count):
        next(rows)
    return count


def _header(stripped: str) -> str | None:
    """The name of a table header line (``[name]``, one level deep), or None."""
    if stripped[0] != "[" or stripped[1:2] == "[":
        return None
    name, bracket, rest = stripped[1:].partition("]")
    name = name.strip(" \t")
    if not bracket or _KEY.fullmatch(name) is None or _LINE_END.match(rest) is None:
        return None
    return name

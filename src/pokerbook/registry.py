"""One shape for every set of named things: games, houses, nights, scales, rules, bots.

A :class:`Registry` holds items by name and alias and finds them whatever the case or
spelling its ``normalise`` forgives.  A name it does not know raises the one
:class:`UnknownNameError`, worded the same everywhere::

    no game named 'omha'; did you mean: F16 Omaha Hold'em, F17 Omaha Hold'em High/Low?
    `pokerbook games` lists them

>>> colours = Registry[str]("colour")
>>> colours.register("red", "#f00", aliases=("scarlet",))
'#f00'
>>> colours.get("Scarlet")
'#f00'
>>> colours.get("rde")
Traceback (most recent call last):
...
pokerbook.registry.UnknownNameError: no colour named 'rde'; did you mean: red? known: red
"""

from __future__ import annotations

import difflib
from collections.abc import Callable, Iterable, Iterator
from typing import Generic, TypeVar

T = TypeVar("T")

#: registries with at most this many names list them all in the error
LIST_ALL_UP_TO = 12
#: how many close names an error suggests
SUGGESTIONS = 4


class UnknownNameError(ValueError, KeyError):
    """A name no item of a registry has.  A ``ValueError`` (bad input) and a ``KeyError``
    (a failed lookup), so callers that caught either keep working; ``str()`` and
    ``args[0]`` are the whole message."""

    def __init__(self, message: str, *, kind: str, name: str, suggestions: tuple[str, ...]):
        super().__init__(message)
        self.kind = kind
        self.name = name
        self.suggestions = suggestions

    def __str__(self) -> str:
        return str(self.args[0])


def plain(name: str) -> str:
    """The default key of a name: trimmed, lower case."""
    return name.strip().lower()


class Registry(Generic[T]):
    """Items of one kind by name and alias.

    ``kind`` names the kind in errors (``"game"``); ``lists`` tells the reader how to
    see every name (``"`pokerbook games` lists them"``) where there are too many to
    list; ``load`` fills the registry the first time it is asked (rule modules
    imported, a data file read); ``describe`` writes an item for a suggestion
    (``F01 Texas Hold'em``); ``error`` is the exception raised, a subclass of
    :class:`UnknownNameError` where callers catch a narrower one.
    """

    def __init__(
        self,
        kind: str,
        *,
        lists: str = "",
        normalise: Callable[[str], str] = plain,
        load: Callable[[], None] | None = None,
        describe: Callable[[str, T], str] | None = None,
        error: type[UnknownNameError] = UnknownNameError,
    ) -> None:
        self.kind = kind
        self.lists = lists
        self._normalise = normalise
        self._load = load
        self._describe = describe
        self._error = error
        self._items: dict[str, T] = {}
        self._keys: dict[str, str] = {}  # a normalised name or alias -> its item's name

    def _ready(self) -> None:
        load, self._load = self._load, None
        if load is not None:
            try:
                load()
            except BaseException:
                self._load = load  # asked again, it tries again (and says what is wrong)
                raise

    def register(self, name: str, item: T, aliases: Iterable[str] = ()) -> T:
        """Add ``item`` as ``name``; a name or alias already taken is an error."""
        if name in self._items:
            raise ValueError(f"{self.kind} {name!r} is registered twice")
        keys = [self._normalise(name)] + [self._normalise(a) for a in aliases]
        for key in keys:
            taken = self._keys.get(key)
            if taken is not None and taken != name:
                raise ValueError(f"{self.kind} name {key!r} of {name!r} is taken by {taken!r}")
        self._items[name] = item
        for key in keys:
            self._keys[key] = name
        return item

    def get(self, name: str) -> T:
        """The item named ``name`` (or an alias), or :class:`UnknownNameError`."""
        self._ready()
        found = self._keys.get(self._normalise(name))
        if found is None:
            raise self.unknown(name)
        return self._items[found]

    def __contains__(self, name: object) -> bool:
        self._ready()
        return isinstance(name, str) and self._normalise(name) in self._keys

    def __iter__(self) -> Iterator[str]:
        return iter(self.names())

    def __len__(self) -> int:
        self._ready()
        return len(self._items)

    def names(self) -> tuple[str, ...]:
        """Every item's own name, in the order they were registered."""
        self._ready()
        return tuple(self._items)

    def items(self) -> tuple[tuple[str, T], ...]:
        self._ready()
        return tuple(self._items.items())

    def values(self) -> tuple[T, ...]:
        self._ready()
        return tuple(self._items.values())

    def close_names(self, name: str) -> tuple[str, ...]:
        """The items' names whose name or an alias reads close to ``name``."""
        self._ready()
        near = difflib.get_close_matches(
            self._normalise(name), self._keys, n=SUGGESTIONS * 3, cutoff=0.6
        )
        found: list[str] = []
        for key in near:
            if self._keys[key] not in found:
                found.append(self._keys[key])
        return tuple(found[:SUGGESTIONS])

    def unknown(self, name: str) -> UnknownNameError:
        """The error for a name this registry does not know: close names, and how to
        see them all."""
        close = self.close_names(name)
        described = [self._describe(n, self._items[n]) if self._describe else n for n in close]
        message = f"no {self.kind} named {name!r}"
        if described:
            message += f"; did you mean: {', '.join(described)}?"
        if len(self._items) <= LIST_ALL_UP_TO or not self.lists:
            message += f"{';' if not described else ''} known: {', '.join(self._items)}"
        else:
            message += f"{';' if not described else ''} {self.lists}"
        return self._error(message, kind=self.kind, name=name, suggestions=close)

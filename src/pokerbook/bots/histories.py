"""Hands written to a ``.phhs`` file as they finish, so a long run keeps none of them."""

from __future__ import annotations

from pathlib import Path
from types import TracebackType
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from pokerbook.engine.hand import Hand


def history(hand: Hand, number: int) -> str:
    """The hand as a ``.phh`` document, its number in the run as the ``hand`` field."""
    from pokerbook.history.phh import write_phh

    return write_phh(hand, fields={"hand": number})


class PhhsFile:
    """A ``.phhs`` file written one document at a time: tables ``[1]``, ``[2]`` ...,
    the same text :func:`pokerbook.history.phh.write_phhs` makes of them all at once.
    Use it as a context manager (the file is closed at the end)."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.count = 0
        self._file = path.open("w", encoding="utf-8")

    def add(self, document: str) -> None:
        """Append one ``.phh`` document as the next table."""
        if self.count:
            self._file.write("\n")
        self.count += 1
        self._file.write(f"[{self.count}]\n{document}")

    def add_hand(self, hand: Hand) -> None:
        """Append a finished hand, numbered as the next table."""
        self.add(history(hand, self.count + 1))

    def close(self) -> None:
        self._file.close()

    def __enter__(self) -> PhhsFile:
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        self.close()

"""PHH variant codes and the catalogue games they name.

The PHH standard (phh-std, "Required fields") names eleven variants; each fixes
both the game and the betting format:

========= ===================================== ====== ===========
Code      Variant                               Game   Format
========= ===================================== ====== ===========
``FT``    fixed-limit Texas hold'em             F01    limit
``NT``    no-limit Texas hold'em                F01    no-limit
``NS``    no-limit short-deck hold'em           F03    no-limit
``PO``    pot-limit Omaha                       F16    pot-limit
``FO/8``  fixed-limit Omaha high/low eight      F17    limit
``F7S``   fixed-limit seven-card stud           S01    limit
``F7S/8`` fixed-limit stud high/low eight       S02    limit
``FR``    fixed-limit razz                      S05    limit
``N2L1D`` no-limit 2-7 lowball single draw      D07    no-limit
``F2L3D`` fixed-limit 2-7 lowball triple draw   D09    limit
``FB``    fixed-limit badugi                    D11    limit
========= ===================================== ====== ===========

Every other pairing of a catalogue game and a format has a pokerbook code,
``PB-<game id>`` (``PB-F28``, ``PB-F01`` for pot-limit hold'em ...), with the
format in the user-defined field ``_format`` (``"limit"``, ``"pot-limit"``,
``"no-limit"`` or ``"spread-limit"``; the spread itself goes in ``_spread``).
PHH reserves names starting with ``_`` for such fields, so other readers skip
them instead of rejecting the file.  A reader also accepts a plain ``format``
field.  Writers use the standard code whenever one exists.
"""

from __future__ import annotations

from typing import Final, get_args

from pokerbook.games.bug import base_id
from pokerbook.games.catalogue import find_game, games
from pokerbook.games.model import Format, Game

#: the standard PHH codes: code -> (catalogue game id, betting format)
STANDARD_CODES: Final[dict[str, tuple[str, Format]]] = {
    "FT": ("F01", "limit"),
    "NT": ("F01", "no-limit"),
    "NS": ("F03", "no-limit"),
    "PO": ("F16", "pot-limit"),
    "FO/8": ("F17", "limit"),
    "F7S": ("S01", "limit"),
    "F7S/8": ("S02", "limit"),
    "FR": ("S05", "limit"),
    "N2L1D": ("D07", "no-limit"),
    "F2L3D": ("D09", "limit"),
    "FB": ("D11", "limit"),
}

#: the prefix of pokerbook's own codes
PB_PREFIX: Final = "PB-"

_BY_GAME: Final[dict[tuple[str, str], str]] = {v: k for k, v in STANDARD_CODES.items()}


class VariantError(ValueError):
    """A variant code (or its format) that names no game we can play."""


def variant_code(game: Game, format: Format) -> tuple[str, Format | None]:
    """The code for ``game`` played ``format``; the second item is the format to
    write in ``_format`` (None for a standard code, which implies it)."""
    code = _BY_GAME.get((game.id, format))
    if code is not None:
        return code, None
    return PB_PREFIX + game.id, format


def resolve_variant(code: str, format: str | None = None) -> tuple[Game, Format]:
    """The game and format a variant code names (``format``: the ``_format`` field)."""
    standard = STANDARD_CODES.get(code)
    if standard is not None:
        game_id, implied = standard
        if format is not None and format != implied:
            raise VariantError(f"variant {code!r} is played {implied}, but the file says {format}")
        return find_game(game_id), implied
    if not code.startswith(PB_PREFIX):
        known = ", ".join(STANDARD_CODES)
        raise VariantError(
            f"unknown variant {code!r}: use a PHH code ({known}) or {PB_PREFIX}<game id>"
        )
    game_id = code[len(PB_PREFIX) :]
    if base_id(game_id) not in games():
        raise VariantError(f"variant {code!r}: no catalogue game {game_id!r}")
    game = find_game(game_id)  # F01+bug: the game dealt with the Bug (004 r.3)
    if format is None:
        raise VariantError(f"variant {code!r} needs a _format field ({', '.join(game.formats)})")
    if format not in get_args(Format):
        raise VariantError(f"variant {code!r}: unknown format {format!r}")
    if format not in game.playable_formats:
        raise VariantError(
            f"variant {code!r}: {game.name} is not played {format} "
            f"(formats: {', '.join(game.playable_formats)})"
        )
    return game, format


def code_table() -> list[tuple[str, str, str, str]]:
    """(code, ``_format`` or "", game id, game name) for every catalogue game and format."""
    rows: list[tuple[str, str, str, str]] = []
    for game in games().values():
        for fmt in game.formats:
            code, extra = variant_code(game, fmt)
            rows.append((code, extra or "", game.id, f"{game.name} ({fmt})"))
    return rows

"""Stakes: the amounts a hand is played for, and the betting format."""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from itertools import pairwise

from pokerbook.games.model import Format, Game


@dataclass(frozen=True)
class Stakes:
    """Amounts for one hand.

    ``blinds`` are posted by the players left of the button in order (small
    blind, big blind, then straddles); ``ante`` by every player (or by the big
    blind for everyone when ``big_blind_ante``, or by the dealer, ``ante`` for each
    player, when ``dealer_ante``: 004 r.4); ``bring_in`` by stud's
    bring-in card.  Limit play uses ``small_bet`` and ``big_bet`` (defaulting
    to the big blind and twice it); spread limit bets between ``spread``'s two
    amounts.  ``min_bet`` is the smallest bet in pot- and no-limit play
    (default: the big blind, or the bring-in in stud).  ``chip`` is the smallest
    chip in play: bets and raises are whole chips unless all in (004 r.7: "Bets
    will be made in the increments of whole chips"), and so are the stakes'
    amounts; the default 1 rounds nothing.
    """

    format: Format = "no-limit"
    blinds: tuple[int, ...] = ()
    ante: int = 0
    big_blind_ante: bool = False
    dealer_ante: bool = False
    bring_in: int = 0
    small_bet: int = 0
    big_bet: int = 0
    spread: tuple[int, int] | None = None
    min_bet: int = 0
    chip: int = 1

    def __post_init__(self) -> None:
        amounts = (*self.blinds, self.ante, self.bring_in, self.small_bet, self.big_bet)
        amounts += (self.min_bet,)
        if min(amounts) < 0:
            names = ("ante", "bring_in", "small_bet", "big_bet", "min_bet")
            negative = ["blinds"] if min(self.blinds, default=0) < 0 else []
            negative += [name for name in names if getattr(self, name) < 0]
            raise StakesError(f"stakes cannot be negative: {', '.join(negative)}")
        if self.format == "spread-limit" and self.spread is None:
            raise ValueError("spread-limit stakes need spread=(minimum, maximum)")
        if self.spread is not None and not 1 <= self.spread[0] <= self.spread[1]:
            raise ValueError(f"a spread runs from 1 chip or more up to its maximum: {self.spread}")
        if self.chip < 1:
            raise ValueError(f"the smallest chip must be at least 1, not {self.chip}")
        if self.chip > 1:
            odd = [a for a in (*amounts, *(self.spread or ())) if a % self.chip]
            if odd:
                raise ValueError(
                    f"stakes must be whole chips of {self.chip}, "
                    f"not {', '.join(map(str, odd))} (004 r.7)"
                )

    @property
    def big_blind(self) -> int:
        return self.blinds[1] if len(self.blinds) > 1 else (self.blinds[0] if self.blinds else 0)

    def bet_size(self, size: str) -> int:
        """The fixed bet of a limit round (``small`` or ``big``)."""
        small = self.small_bet or self.big_blind or self.bring_in * 2 or 1
        if size == "small":
            return small
        return self.big_bet or 2 * small

    def minimum_bet(self) -> int:
        if self.min_bet:
            return self.min_bet
        if self.format == "spread-limit" and self.spread:
            return self.spread[0]
        return self.big_blind or self.bring_in or self.small_bet or 1

    @staticmethod
    def parse(text: str, format: Format = "no-limit") -> Stakes:
        """``"1/2"`` (blinds), ``"1/2/4"`` (with a straddle), ``"10/20 ante 5"``,
        ``"ante 5 bring-in 10"``, ``"ante 1 bets 2/4"`` (limit bets), ``"1/2 spread 2-10"``
        (a spread); limit bets default to the big blind and twice it, and a spread to the
        big blind (or bring-in) up to five times it (004 r.6c: $1 to $5 on $1 blinds)."""
        found = _read_words(text.replace(",", " ").split())
        _check_blinds(found.blinds)
        if found.bets and format != "limit":
            raise StakesError(f"{text!r}: 'bets SMALL/BIG' are limit bets, not {format}")
        if found.spread and format != "spread-limit":
            raise StakesError(f"{text!r}: 'spread MIN-MAX' is for spread-limit, not {format}")
        stakes = Stakes(
            format="limit" if format == "spread-limit" else format,
            blinds=found.blinds,
            ante=found.ante,
            bring_in=found.bring_in,
            small_bet=found.bets[0] if found.bets else 0,
            big_bet=found.bets[1] if found.bets else 0,
        )
        if format != "spread-limit":
            return stakes
        return replace(stakes, format=format, spread=found.spread or default_spread(stakes))


class StakesError(ValueError):
    """Stakes that cannot be read or played; the message says what is accepted."""


#: what a stakes text looks like (for errors)
STAKES_SYNTAX = (
    "stakes are blinds 'SMALL/BIG' (straddles after them: '1/2/4'), 'ante N', "
    "'bring-in N', limit bets 'bets SMALL/BIG' and a spread 'spread MIN-MAX', in whole "
    "chips: e.g. '1/2', '5/10 ante 1', 'ante 1 bring-in 2', 'ante 1 bets 2/4', "
    "'1/2 spread 2-10'"
)
#: 004 r.6c: "Limit Stakes 1-5 ... $1.00 minimum bet & $5.00 maximum bet"
SPREAD_TIMES = 5


@dataclass
class _Words:
    """The amounts a stakes text names (see :meth:`Stakes.parse`)."""

    blinds: tuple[int, ...] = ()
    ante: int = 0
    bring_in: int = 0
    bets: tuple[int, ...] = ()
    spread: tuple[int, int] | None = None
    seen: set[str] = field(default_factory=set)

    def once(self, key: str) -> None:
        if key in self.seen:
            raise StakesError(f"{key} is given twice; {STAKES_SYNTAX}")
        self.seen.add(key)


def _amount(word: str | None, what: str) -> int:
    """A whole number of chips, 0 or more."""
    if word is None:
        raise StakesError(f"{what} needs an amount after it; {STAKES_SYNTAX}")
    if not re.fullmatch(r"[+-]?\d+", word):
        raise StakesError(f"{what} must be a whole number of chips, not {word!r}; {STAKES_SYNTAX}")
    amount = int(word)
    if amount < 0:
        raise StakesError(f"{what} cannot be negative ({word}); amounts are 0 chips or more")
    return amount


def _amounts(word: str | None, what: str, separators: str = "/") -> tuple[int, ...]:
    if word is None:
        raise StakesError(f"{what} needs amounts after it; {STAKES_SYNTAX}")
    return tuple(_amount(part, what) for part in re.split(f"[{separators}]", word))


def _read_words(words: list[str]) -> _Words:
    """The amounts named by the words of a stakes text, or a :class:`StakesError`."""
    if not words:
        raise StakesError(f"no stakes given; {STAKES_SYNTAX}")
    found = _Words()
    i = 0
    while i < len(words):
        word = words[i].lower()
        following = words[i + 1] if i + 1 < len(words) else None
        if word == "bring" and following is not None and following.lower() == "in":
            word, i = "bring-in", i + 1
            following = words[i + 1] if i + 1 < len(words) else None
        if word == "ante":
            found.once("ante")
            found.ante = _amount(following, "the ante")
        elif word in ("bring-in", "bringin", "bring_in"):
            found.once("bring-in")
            found.bring_in = _amount(following, "the bring-in")
        elif word == "bets":
            found.once("bets")
            found.bets = _amounts(following, "bets SMALL/BIG")
            if len(found.bets) != 2 or not 1 <= found.bets[0] <= found.bets[1]:
                raise StakesError(f"bets are SMALL/BIG, 1 chip or more, not {following!r}")
        elif word == "spread":
            found.once("spread")
            low_high = _amounts(following, "spread MIN-MAX", "/-")
            if len(low_high) != 2 or not 1 <= low_high[0] <= low_high[1]:
                raise StakesError(f"a spread is MIN-MAX, 1 chip or more, not {following!r}")
            found.spread = (low_high[0], low_high[1])
        elif re.fullmatch(r"[+-]?\d+(/[+-]?\d+)*", word):
            found.once("blinds")
            found.blinds = _amounts(word, "a blind")
            i -= 1  # (one word, no amount after it)
        else:
            raise StakesError(f"cannot read {words[i]!r}: {STAKES_SYNTAX}")
        i += 2
    return found


def _check_blinds(blinds: tuple[int, ...]) -> None:
    """Blinds of a chip or more, each at least the one before (a straddle at least the
    big blind)."""
    if blinds and min(blinds) < 1:
        shown = "/".join(map(str, blinds))
        raise StakesError(f"blinds are 1 chip or more, not {shown!r} (no blinds: leave them out)")
    for before, after in pairwise(blinds):
        if after < before:
            shown = "/".join(map(str, blinds))
            raise StakesError(
                f"blinds go small to big ({shown!r} has {before} before {after}): "
                "write the small blind first, e.g. '1/2', straddles after it, e.g. '1/2/4'"
            )


def default_spread(stakes: Stakes) -> tuple[int, int]:
    """A spread from the big blind (or the bring-in, or the small bet) to five times it
    (004 r.6c: blinds 50 cents and $1, bets $1 to $5)."""
    unit = stakes.big_blind or stakes.bring_in or stakes.bet_size("small")
    return (unit, SPREAD_TIMES * unit)


def stakes_problem(game: Game, stakes: Stakes) -> str | None:
    """Why ``game`` cannot be dealt at ``stakes``, or None: a format it is not played in,
    or forced money it does not use.  Button games post blinds (or antes); ante games
    antes, and no blinds unless a rule of theirs posts them (Jackson's lowball round);
    stud antes and a bring-in, and no blinds.  The one check of a game's stakes, for
    night files and the command line alike."""
    where = f"{game.id} ({game.name})"
    formats = game.playable_formats
    if stakes.format not in formats:
        return f"{where} is not played {stakes.format}; formats: {', '.join(formats)}"
    if game.is_stud:
        if not stakes.bring_in:
            return f"{where} is a stud game: its stakes need a bring_in"
        if stakes.blinds:
            return f"{where} is a stud game: it posts antes and a bring-in, no blinds"
        return None
    if game.forced == "antes":
        if not stakes.ante:
            return f"{where} is an ante game: its stakes need an ante"
        if stakes.blinds and not posts_blinds_later(game):
            return f"{where} is an ante game: it posts antes only, no blinds"
        return None
    if not stakes.blinds and not stakes.ante:
        return f"{where}: its stakes need blinds or an ante"
    return None


def posts_blinds_later(game: Game) -> bool:
    """Whether a rule of the game posts the stakes' blinds during the hand (an ante
    game's blinds have a use: Jackson's lowball round)."""
    from pokerbook.engine.rules import posts_blinds

    return posts_blinds(game.steps)

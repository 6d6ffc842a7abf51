"""Stakes: the amounts a hand is played for, and the betting format."""

from __future__ import annotations

from dataclasses import dataclass

from pokerbook.games.model import Format


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
        amounts = (
            *self.blinds,
            self.ante,
            self.bring_in,
            self.small_bet,
            self.big_bet,
            self.min_bet,
        )
        if any(a < 0 for a in amounts):
            raise ValueError(f"stakes cannot be negative: {self}")
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
        ``"ante 5 bring-in 10"`` ...; limit bets default to the big blind and twice it."""
        words = text.replace(",", " ").split()
        blinds: tuple[int, ...] = ()
        ante = bring_in = 0
        i = 0
        while i < len(words):
            word = words[i].lower()
            if word == "ante":
                ante = int(words[i + 1])
                i += 2
            elif word in ("bring-in", "bringin", "bring"):
                bring_in = int(words[i + 1 if word != "bring" else i + 2])
                i += 2 if word != "bring" else 3
            else:
                blinds = tuple(int(x) for x in word.split("/"))
                i += 1
        return Stakes(format=format, blinds=blinds, ante=ante, bring_in=bring_in)

"""High/low split variations (000 §2.30): any two games dealt alike, played for both.

"Any two games can be combined into high/low, provided that one game is 'high'
and one game is 'low' ... the high hand gets the odd chip" and the extra cards
do not change how a hand is valued (each scale takes the best hand of its own
size from the cards).  :func:`high_low` builds that game from two declared
games:

* both must deal the same way: the same deck and the same steps (deals, boards,
  draws, discards, betting rounds and rules, with the same conditions), so that
  every player holds one set of cards that plays both halves;
* each must be a one-share game: a game already split cannot be a half;
* the high game's share comes first (it takes the odd chip, 000 §1.2.3), the
  low game's second, each as its game declares it (scale, qualifier, card use,
  wild cards); a pot splits between them, and a half nobody qualifies for goes
  to the other;
* the betting (forced money, bring-in card, who acts first, openers, the open
  pair's big bet, no check-raise) is the high game's unless ``betting`` names
  the low one: Stud High/Low No Qualifier (000 §2.56) is stud high with razz
  low, bet as razz;
* the formats are those both games are played in, and the table is as large as
  the smaller game's.
"""

from __future__ import annotations

from dataclasses import replace

from pokerbook.games.model import Family, Game, Showdown

#: the rulebook section that allows the combination
SOURCE = "000 §2.30"


class CombineError(ValueError):
    """Two games that cannot be played as one high/low game."""


def _check_alike(high: Game, low: Game) -> None:
    """Raise :class:`CombineError` unless the two games deal the same way."""
    if high.deck != low.deck:
        raise CombineError(f"{high.id} and {low.id} use different decks ({high.deck}, {low.deck})")
    if high.steps != low.steps or high.when != low.when:
        raise CombineError(f"{high.id} and {low.id} are not dealt the same way (their steps)")
    for game in (high, low):
        if len(game.showdown.shares) != 1:
            names = ", ".join(s.name for s in game.showdown.shares)
            raise CombineError(f"{game.id} is already split ({names}): a half is a one-share game")


def high_low(
    high: Game,
    low: Game,
    *,
    betting: Game | None = None,
    game_id: str | None = None,
    name: str | None = None,
    aliases: tuple[str, ...] = (),
    family: Family | None = None,
    sources: tuple[str, ...] | None = None,
) -> Game:
    """``high`` and ``low`` played as one high/low split game (see the module).

    ``betting`` is the game whose betting rules the combination keeps (``high``
    by default, or ``low``).  ``game_id``, ``name``, ``aliases``, ``family`` and
    ``sources`` name the result; by default it is ``"HIGH+LOW"`` (the two IDs),
    named after both games, of their family when they share one (else hybrid),
    citing 000 §2.30 and both games' sources.
    """
    _check_alike(high, low)
    rules = high if betting is None else betting
    if rules is not high and rules is not low:
        raise CombineError(f"the betting must be {high.id}'s or {low.id}'s, not {rules.id}'s")
    formats = tuple(f for f in high.formats if f in low.formats)
    if not formats:
        raise CombineError(f"{high.id} and {low.id} share no betting format")
    top, bottom = high.showdown.shares[0], low.showdown.shares[0]
    if top.name == bottom.name:
        top, bottom = replace(top, name="high"), replace(bottom, name="low")
    cited = (SOURCE, *high.sources, *low.sources) if sources is None else sources
    return replace(
        rules,
        id=game_id or f"{high.id}+{low.id}",
        name=name or f"{high.name} (high) / {low.name} (low)",
        family=family or (high.family if high.family == low.family else "hybrid"),
        showdown=Showdown((top, bottom)),
        aliases=aliases,
        formats=formats,
        max_players=min(high.max_players, low.max_players),
        sources=tuple(dict.fromkeys(cited)),
    )

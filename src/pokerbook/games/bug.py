"""The Bug added to a game at the dealer's choice (004 r.3).

"No wild cards are permitted.  If the dealer chooses, the "Bug" (Joker card) may be
added."  :func:`with_bug` gives the game dealt with the joker added to its deck: ID
``F01+bug``, which :func:`~pokerbook.games.catalogue.find_game` knows (``hold'em+bug``
too).  Everything else is the game's own.  The joker plays as each scale plays it:
on high scales a bug ("The Bug pairs with an ace, fills a flush, or fills a
straight. By itself the Bug is an ace"; five aces are possible), on the ace-to-six
low an ace, pairing a natural ace (r.3: "A Bug 3 4 6 would loose to A 2 3 4 6"),
and in a high/low game each half on its own scale.  Only a house that lets the
dealer add the Bug (``bug_at_dealers_choice``) deals it.
"""

from __future__ import annotations

from dataclasses import replace
from functools import cache

from pokerbook.games.model import Game

#: the ID suffix of a game dealt with the Bug
BUG_SUFFIX = "+bug"
#: the decks the Bug may be added to, and the deck with it
_WITH_BUG = {"standard": "standard-joker"}


class BugError(ValueError):
    """The Bug cannot be added to this game."""


@cache
def with_bug(game: Game) -> Game:
    """``game`` dealt with the Bug (004 r.3): the joker added to its 52 cards."""
    if game.bug:
        return game
    deck = _WITH_BUG.get(game.deck)
    if deck is None:
        raise BugError(
            f"the Bug is added to a 52-card deck; {game.id} ({game.name}) uses {game.deck!r}"
        )
    return replace(
        game,
        id=game.id + BUG_SUFFIX,
        name=f"{game.name} with the Bug",
        aliases=(),
        deck=deck,
        bug=True,
        sources=(*game.sources, "004 r.3"),
    )


def base_id(game_id: str) -> str:
    """The catalogue ID of a game, with or without the Bug (``F01+bug`` -> ``F01``)."""
    return game_id.removesuffix(BUG_SUFFIX)

"""Games with openers that change course when nobody opens.

``do jackson-switch [HIGH LOW]`` (004 r.13.02, Jackson, "Jacks-And-Back"): after
the first betting round, if someone opened with jacks or better the hand stays a
high-hand draw; if nobody opened it "changes to Chicago Lowball (Ace to Six);
blinds are then posted" and a lowball betting round follows (steps declared
``"... if lowball"``), led by the player after the big blind.  The same cards are
played on (the seed does not say otherwise).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from pokerbook.engine.events import Event
from pokerbook.engine.rules import BLIND_RULES, Param, effect, takes

if TYPE_CHECKING:
    from pokerbook.engine.state import HandState

#: the note that switches on the lowball round's steps
LOWBALL = "lowball"


@effect("jackson-switch")
def jackson_switch(hand: HandState, args: tuple[str, ...]) -> None:
    """Keep the high hand if the pot was opened, else turn to ace-to-six lowball with blinds."""
    high, low = args if len(args) == 2 else ("high", "low")
    situation = hand.situation
    if hand.opener is not None:
        situation.shares = (high,)
        hand.log(Event("switch", None, detail="opened: the high hand wins"))
        return
    situation.shares = (low,)
    situation.notes[LOWBALL] = True
    hand.log(Event("switch", None, detail="nobody opened: Chicago lowball (ace-to-six)"))
    able = [s for s in hand.from_left if not hand.folded[s] and hand.stacks[s] > 0]
    posts = hand.stakes.blinds[: len(able)]
    for seat, amount in zip(able, posts, strict=False):
        hand.post_blind(seat, amount)
    if posts:
        # "players after the Big Blind must bet or drop in the first round"
        situation.first_to_act = able[len(posts) % len(able)]


BLIND_RULES.add("jackson-switch")

# the words each rule takes, checked when a game is read
takes("do", "jackson-switch", Param("high", "share"), Param("low", "share"))

"""A PHH history exported to each format that can hold it and read back with the
independent readers (:mod:`export_readers`), for the export tests; and simulated
hands of the games the formats cover, as PHH histories."""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass

from export_expected import differences
from export_readers import ReadError, ReadHand, read_ohh, read_pokerstars

from pokerbook.bots.base import get_policy
from pokerbook.bots.simulation import play_checked
from pokerbook.engine.hand import Hand
from pokerbook.engine.setup import NO_SETUP, HandSetup
from pokerbook.games.catalogue import find_game
from pokerbook.games.model import Format
from pokerbook.games.stakes import Stakes
from pokerbook.history import HandHistory, PHHError, play, read_phh, write_phh
from pokerbook.history.export_model import ExportHand, export_hand
from pokerbook.history.export_names import ExportError, holders
from pokerbook.history.export_ohh import ohh_text
from pokerbook.history.export_pokerstars import pokerstars_text

TARGETS = ("pokerstars", "ohh")

#: the first televised million-dollar pot (its stacks and actions as published)
MILLION = """
variant = "NT"
antes = [500, 500, 500]
blinds_or_straddles = [1000, 2000, 0]
min_bet = 2000
starting_stacks = [1125600, 2000000, 553500]
actions = [
  "d dh p1 Ac2d", "d dh p2 ????", "d dh p3 7h6h",
  "p3 cbr 7000", "p1 cbr 23000", "p2 f", "p3 cc",
  "d db Jc3d5c", "p1 cbr 35000", "p3 cc",
  "d db 4h", "p1 cbr 90000", "p3 cbr 232600", "p1 cbr 1067100", "p3 cc",
  "p1 sm Ac2d", "p3 sm 7h6h", "d db Jh",
]
players = ["Phil Ivey", "Patrik Antonius", "Tom Dwan"]
currency = "USD"
year = 2009
"""

NAMES = ("Ann", "Bob Smith", "Chloé", "Dan (2)", "Eve: the dealer", "Fox", "Gil", "Hal")


@dataclass
class Trip:
    """One hand's round trip: what each format gave (``problems`` empty when the
    hand read back as the PHH says), or why the hand was refused."""

    source: str
    refused: str = ""
    problems: dict[str, list[str]] | None = None
    read: dict[str, ReadHand] | None = None
    model: ExportHand | None = None


def round_trip(history: HandHistory, *, hero: str | None = None) -> Trip:
    """Replay ``history`` once, export it to every format that can hold it (for
    ``hero``, if given), read each export back and compare it with the PHH."""
    try:
        replay = play(history)
        model = export_hand(history, replay.hand, hero=hero)
    except (PHHError, ExportError) as exc:
        return Trip(history.source, refused=str(exc))
    can = holders(history.game, history.format)
    problems: dict[str, list[str]] = {}
    read: dict[str, ReadHand] = {}
    draws = history.game.id.startswith("D")
    for target in TARGETS:
        if target not in can:
            continue
        try:
            if target == "pokerstars":
                (hand,) = read_pokerstars(pokerstars_text(model))
            else:
                (hand,) = read_ohh(ohh_text(model))
        except ReadError as exc:
            problems[target] = [f"does not read back: {exc}"]
            continue
        read[target] = hand
        exact = target == "pokerstars" and not draws and hero is None
        problems[target] = differences(hand, history, replay.notes, exact_holes=exact)
    return Trip(history.source, problems=problems, read=read, model=model)


def _stakes(game_id: str, fmt: Format) -> Stakes:
    if find_game(game_id).is_stud:
        return Stakes(fmt, ante=1, bring_in=2, small_bet=4, big_bet=8, min_bet=4)
    if fmt == "limit":
        return Stakes("limit", blinds=(1, 2), small_bet=2, big_bet=4)
    return Stakes(fmt, blinds=(1, 2), min_bet=2)


def _setup(players: int, button: int, *, straddle: bool, bomb: int, twice: bool) -> HandSetup:
    if straddle:
        blinds = [0] * players
        for offset, amount in enumerate((1, 2, 4), start=1):
            blinds[(button + offset) % players] = amount
        return HandSetup(blinds=tuple(blinds), straddles=((button + 3) % players,), run_twice=twice)
    if bomb:
        return HandSetup(blinds=(0,) * players, bomb_pot=bomb, run_twice=twice)
    return HandSetup(run_twice=True) if twice else NO_SETUP


def simulated(
    game_id: str,
    fmt: Format,
    hands: int,
    seed: int,
    *,
    players: int = 5,
    straddle: bool = False,
    bomb: int = 0,
    twice: bool = False,
) -> Iterator[HandHistory]:
    """Bot hands of a game (random play, uneven stacks for side pots), written as
    PHH by pokerbook's writer and read back by its reader."""
    game = find_game(game_id)
    stakes = _stakes(game_id, fmt)
    stacks = (200, 46, 120, 31, 300, 80, 150, 60)[:players]
    policies = [get_policy("random")] * players
    rng = random.Random(seed)
    names = list(NAMES[:players])
    for number in range(hands):
        button = number % players
        setup = _setup(players, button, straddle=straddle, bomb=bomb, twice=twice)
        hand = Hand(game, stakes, stacks, button=button, seed=rng.getrandbits(48), setup=setup)
        play_checked(hand, policies, rng, "none")
        order = hand.order_from(button + 1)
        fields = {"hand": number + 1, "players": [names[s] for s in order]}
        yield read_phh(write_phh(hand, fields=fields), f"{game_id} hand {number + 1}")

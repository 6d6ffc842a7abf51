"""Readers of the export formats, written from the formats' descriptions (the
PokerStars layout tracker parsers read, the OHH 1.4 specification), not from
pokerbook's writers.  The export tests read every exported hand back with these
and compare it with the PHH's own account (:mod:`export_expected`).

Each reader checks what a tracker would refuse: a pot that is not the chips put
in less the uncalled bets, a betting round that ends with a live player short of
the bet, a player acting out of turn, a hand with no summary.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any, Final

Amount = Decimal
ZERO: Final = Decimal(0)
#: the number of cards a draw took, when the export does not say
UNKNOWN = -1


class ReadError(AssertionError):
    """An exported hand that does not read back as its format describes."""


@dataclass
class ReadAction:
    """A betting or drawing action read back: ``kind`` is PHH's (``f``, ``cc``,
    ``cbr``, ``pb``, ``sd``); ``to`` the player's total in the round after a
    ``cbr``; ``count`` the cards a ``sd`` draws."""

    player: int
    kind: str
    to: Amount = ZERO
    count: int = 0


@dataclass
class ReadHand:
    """A hand read back from an export, players in seat order as the file lists them."""

    number: str
    game: str
    names: list[str] = field(default_factory=list)
    seats: list[int] = field(default_factory=list)
    stacks: list[Amount] = field(default_factory=list)
    button: int | None = None
    actions: list[ReadAction] = field(default_factory=list)
    boards: list[list[str]] = field(default_factory=list)
    holes: dict[int, list[str]] = field(default_factory=dict)
    #: each player's chips in the pot: posts and bets less what came back
    put_in: list[Amount] = field(default_factory=list)
    won: list[Amount] = field(default_factory=list)
    total: Amount = ZERO
    pots: list[Amount] = field(default_factory=list)
    straddles: list[int] = field(default_factory=list)

    @property
    def finals(self) -> list[Amount]:
        return [s - p + w for s, p, w in zip(self.stacks, self.put_in, self.won, strict=True)]


class _Round:
    """One betting round's chips, and the turn order inside it."""

    def __init__(self, players: int) -> None:
        self.committed = [Amount(0)] * players
        self.last: int | None = None

    def excess(self) -> tuple[int, Amount] | None:
        """The bet nobody called: the top commitment's excess over the next."""
        order = sorted(range(len(self.committed)), key=lambda p: self.committed[p], reverse=True)
        if len(order) < 2 or self.committed[order[0]] == self.committed[order[1]]:
            return None
        top = order[0]
        return top, self.committed[top] - self.committed[order[1]]


class _Table:
    """Chips and turns as a reader follows them (shared by both formats)."""

    def __init__(self, hand: ReadHand) -> None:
        self.hand = hand
        players = len(hand.names)
        self.folded = [False] * players
        self.all_in = [False] * players
        self.round = _Round(players)
        self.rounds: list[_Round] = []
        hand.put_in = [Amount(0)] * players
        hand.won = [Amount(0)] * players

    def new_round(self) -> None:
        self.close_round()
        self.round = _Round(len(self.hand.names))

    def close_round(self) -> None:
        """A round ends with every live player at the bet or all in."""
        top = max(self.round.committed)
        for p, c in enumerate(self.round.committed):
            if not self.folded[p] and not self.all_in[p] and c < top:
                raise ReadError(f"{self.hand.names[p]} is short of the bet as a round ends")
        self.rounds.append(self.round)

    def add(self, player: int, amount: Amount, *, round_bet: bool = True) -> None:
        if amount < 0:
            raise ReadError(f"{self.hand.names[player]} puts in a negative amount")
        self.hand.put_in[player] += amount
        if round_bet:
            self.round.committed[player] += amount
        if self.hand.put_in[player] > self.hand.stacks[player]:
            raise ReadError(f"{self.hand.names[player]} puts in more than their stack")
        if self.hand.put_in[player] == self.hand.stacks[player]:
            self.all_in[player] = True

    def turn(self, player: int) -> None:
        """A player acts: everybody seated between the last actor and them must be
        out of the betting (folded or all in)."""
        last = self.round.last
        self.round.last = player
        if last is None:
            return
        count = len(self.hand.names)
        between = (last + 1) % count
        while between != player:
            if not self.folded[between] and not self.all_in[between]:
                raise ReadError(
                    f"{self.hand.names[player]} acts before {self.hand.names[between]}, "
                    "whose turn it was"
                )
            between = (between + 1) % count

    def returned(self, player: int, amount: Amount) -> None:
        excess = self.round.excess()
        if excess is None or excess != (player, amount):
            raise ReadError(f"{amount} returned to {self.hand.names[player]} was called")
        self.hand.put_in[player] -= amount
        self.round.committed[player] -= amount

    def finish(self) -> None:
        self.close_round()
        total = sum(self.hand.put_in, Amount(0))
        if total != self.hand.total:
            raise ReadError(f"the pot is {self.hand.total}; the players put in {total}")
        if sum(self.hand.won, Amount(0)) != total:
            raise ReadError(f"{sum(self.hand.won)} won from a pot of {total}")
        if self.hand.pots and sum(self.hand.pots, Amount(0)) != total:
            raise ReadError("the main and side pots do not add up to the total")


# -- PokerStars text ------------------------------------------------------------------------

_MONEY = r"[$€£]?([0-9]+(?:\.[0-9]+)?)"
_HEADER = re.compile(
    r"^PokerStars Hand #(?P<number>\d+):\s+(?:Tournament #(?P<tour>\d+), [^ ]+(?: [A-Z]{3})? )?"
    r"(?:(?P<mix>[^(]+?) \()?(?P<game>.+?) (?P<limit>No Limit|Pot Limit|Limit)\)?"
    r"(?: - Level \S+)?,? \(?[$€£]?[0-9.]+/[$€£]?[0-9.]+(?: [A-Z]{3})?\)\)? - .+$"
)
_TABLE = re.compile(
    r"^Table '(?P<name>.+)' (?P<size>\d+)-max(?: Seat #(?P<button>\d+) is the button)?$"
)
_SEAT = re.compile(rf"^Seat (?P<seat>\d+): (?P<name>.+) \({_MONEY} in chips\)$")
_STREET = re.compile(r"^\*\*\* (?P<title>[A-Za-z0-9 ]+?) \*\*\*(?P<cards>( \[[^]]*\])*)$")
_DEALT = re.compile(r"^Dealt to (?P<name>.+?) \[(?P<first>[^]]*)\](?: \[(?P<second>[^]]*)\])?$")
_UNCALLED = re.compile(rf"^Uncalled bet \({_MONEY}\) returned to (?P<name>.+)$")
_COLLECTED = re.compile(
    rf"^(?P<name>.+) collected {_MONEY} from (?P<pot>pot|main pot|side pot-\d+)$"
)
_TOTAL = re.compile(
    rf"^Total pot {_MONEY}(?P<pots>( (Main|Side) pot(-\d+)? {_MONEY}\.)*) \| Rake {_MONEY}$"
)
_POT_PART = re.compile(rf"(?:Main|Side) pot(?:-\d+)? {_MONEY}\.")
_BOARD = re.compile(r"^(?:(?:FIRST|SECOND) )?Board \[(?P<cards>[^]]*)\]$")
_ACTIONS = [
    (
        "post",
        re.compile(
            rf"^posts (?P<what>the ante|small blind|big blind|straddle) {_MONEY}( and is all-in)?$"
        ),
    ),
    ("f", re.compile(r"^folds$")),
    ("check", re.compile(r"^checks$")),
    ("call", re.compile(rf"^calls {_MONEY}( and is all-in)?$")),
    ("bet", re.compile(rf"^bets {_MONEY}( and is all-in)?$")),
    ("raise", re.compile(rf"^raises {_MONEY} to {_MONEY}( and is all-in)?$")),
    ("complete", re.compile(rf"^completes it to {_MONEY}( and is all-in)?$")),
    ("pb", re.compile(rf"^brings in for {_MONEY}( and is all-in)?$")),
    ("discard", re.compile(r"^discards (?P<n>\d+) cards?(?: \[[^]]*\])?$")),
    ("pat", re.compile(r"^stands pat$")),
    ("show", re.compile(r"^shows \[(?P<cards>[^]]*)\]$")),
    ("muck", re.compile(r"^mucks hand$")),
]
_BOARD_STREETS = ("FLOP", "TURN", "RIVER")


def split_pokerstars(text: str) -> list[str]:
    """The hands of a PokerStars file: blocks separated by blank lines."""
    return [block.strip() for block in re.split(r"\n\s*\n", text) if block.strip()]


class _StarsReader:
    def __init__(self, text: str) -> None:
        self.lines = text.splitlines()
        header = _HEADER.match(self.lines[0])
        if header is None:
            raise ReadError(f"not a PokerStars header: {self.lines[0]!r}")
        self.hand = ReadHand(header["number"], header["game"])
        self.header = header
        self.pos = 1
        self.street = ""
        self.second_run = False

    def player(self, line: str) -> tuple[int, str]:
        """The player a ``NAME: ...`` line is about (the longest seated name that fits)."""
        best = -1
        for i, name in enumerate(self.hand.names):
            if line.startswith(name + ": ") and (
                best < 0 or len(name) > len(self.hand.names[best])
            ):
                best = i
        if best < 0:
            raise ReadError(f"no seated player acts in {line!r}")
        return best, line[len(self.hand.names[best]) + 2 :]

    def index(self, name: str) -> int:
        if name not in self.hand.names:
            raise ReadError(f"{name!r} is not seated")
        return self.hand.names.index(name)

    def read_seats(self) -> None:
        table = _TABLE.match(self.lines[self.pos])
        if table is None:
            raise ReadError(f"no table line: {self.lines[self.pos]!r}")
        self.pos += 1
        while self.pos < len(self.lines) and (seat := _SEAT.match(self.lines[self.pos])):
            self.hand.seats.append(int(seat["seat"]))
            self.hand.names.append(seat["name"])
            self.hand.stacks.append(Amount(seat[3]))
            self.pos += 1
        if table["button"] is not None:
            number = int(table["button"])
            if number not in self.hand.seats:
                raise ReadError("the button is on an empty seat")
            self.hand.button = self.hand.seats.index(number)
        if sorted(self.hand.seats) != self.hand.seats or len(set(self.hand.names)) != len(
            self.hand.names
        ):
            raise ReadError("seats out of order, or a name seated twice")

    def read(self) -> ReadHand:
        self.read_seats()
        self.table = _Table(self.hand)
        summary = False
        while self.pos < len(self.lines):
            line = self.lines[self.pos]
            self.pos += 1
            if line == "*** SUMMARY ***":
                summary = True
                self.read_summary()
                break
            self.read_line(line)
        if not summary:
            raise ReadError("the hand has no *** SUMMARY ***")
        self.table.finish()
        return self.hand

    def read_line(self, line: str) -> None:
        hand = self.hand
        if street := _STREET.match(line):
            self.read_street(street["title"], street["cards"])
        elif dealt := _DEALT.match(line):
            cards = (dealt["first"] + " " + (dealt["second"] or "")).split()
            hand.holes[self.index(dealt["name"])] = cards
        elif uncalled := _UNCALLED.match(line):
            self.table.returned(self.index(uncalled["name"]), Amount(uncalled[1]))
        elif collected := _COLLECTED.match(line):
            hand.won[self.index(collected["name"])] += Amount(collected[2])
        else:
            player, rest = self.player(line)
            self.read_action(player, rest)

    def read_street(self, title: str, cards: str) -> None:
        if "SHOW DOWN" in title:
            self.table.new_round()
            self.street = "showdown"
            return
        words = title.split()
        if words[0] in ("FIRST", "SECOND"):
            self.second_run = words[0] == "SECOND"
            words = words[1:]
        name = " ".join(words)
        self.street = name
        if name in ("HOLE CARDS", "DEALING HANDS", "3rd STREET"):
            if cards:  # a board card dealt with the hole cards (Courchevel)
                self.hand.boards = [re.findall(r"[^][ ]+", cards)]
            return  # the first round: the blinds' round goes on
        self.table.new_round()
        if name in _BOARD_STREETS and cards:
            groups = [g.split() for g in re.findall(r"\[([^]]*)\]", cards)]
            run = 1 if self.second_run else 0
            boards = self.hand.boards
            before, new = (groups[0], groups[-1]) if len(groups) > 1 else ([], groups[0])
            while len(boards) <= run:
                boards.append(list(boards[0][: len(before)]) if boards else [])
            if boards[run] != before:
                raise ReadError(f"*** {title} *** repeats a board that is not the one dealt")
            boards[run].extend(new)

    def read_action(self, player: int, rest: str) -> None:
        for kind, pattern in _ACTIONS:
            match = pattern.match(rest)
            if match is not None:
                self.act(player, kind, match)
                return
        raise ReadError(f"cannot read the action {rest!r}")

    def act(self, player: int, kind: str, match: re.Match[str]) -> None:
        table = self.table
        hand = self.hand
        if kind == "post":
            what = match["what"]
            amount = Amount(match[2])
            table.add(player, amount, round_bet=what != "the ante")
            if what == "straddle":
                hand.straddles.append(player)
            return
        if kind in ("show", "muck"):
            if kind == "show":
                hand.holes[player] = match["cards"].split()
            return
        table.turn(player)
        committed = table.round.committed[player]
        if kind == "f":
            table.folded[player] = True
            hand.actions.append(ReadAction(player, "f"))
        elif kind == "check":
            hand.actions.append(ReadAction(player, "cc"))
        elif kind == "call":
            table.add(player, Amount(match[1]))
            hand.actions.append(ReadAction(player, "cc"))
        elif kind in ("bet", "raise", "complete"):
            to = Amount(match[2] if kind == "raise" else match[1])
            if kind == "raise" and to - Amount(match[1]) != max(table.round.committed):
                raise ReadError(f"a raise of {match[1]} to {to} does not raise the bet")
            table.add(player, to - committed)
            hand.actions.append(ReadAction(player, "cbr", to))
        elif kind == "pb":
            table.add(player, Amount(match[1]))
            hand.actions.append(ReadAction(player, "pb", Amount(match[1])))
        else:
            count = int(match["n"]) if kind == "discard" else 0
            hand.actions.append(ReadAction(player, "sd", count=count))

    def read_summary(self) -> None:
        total = _TOTAL.match(self.lines[self.pos])
        if total is None:
            raise ReadError(f"no Total pot line: {self.lines[self.pos]!r}")
        if Amount(total[total.lastindex or 0]) != 0:
            raise ReadError("the hand takes a rake")
        self.hand.total = Amount(total[1])
        self.hand.pots = [Amount(m) for m in _POT_PART.findall(total["pots"])]
        boards = [
            b["cards"].split() for line in self.lines[self.pos + 1 :] if (b := _BOARD.match(line))
        ]
        if boards and boards != self.hand.boards:
            raise ReadError(f"the summary's board {boards} is not the one dealt {self.hand.boards}")
        seat_lines = [line for line in self.lines[self.pos + 1 :] if line.startswith("Seat ")]
        if len(seat_lines) != len(self.hand.names):
            raise ReadError("the summary does not list every seat")
        for line in seat_lines:
            won = re.search(rf"(?:won|collected) \({_MONEY}\)$", line)
            number = int(line.split(":", 1)[0].split()[1])
            player = self.hand.seats.index(number)
            amount = Amount(won[1]) if won else Amount(0)
            collected = self.hand.won[player]
            if amount != collected:
                raise ReadError(f"the summary gives seat {number} {amount}, not {collected}")


def read_pokerstars(text: str) -> list[ReadHand]:
    """Every hand of a PokerStars hand-history file."""
    return [_StarsReader(block).read() for block in split_pokerstars(text)]


# -- Open Hand History ----------------------------------------------------------------------

OHH_GAME_TYPES = frozenset({"Holdem", "Omaha", "OmahaHiLo", "Stud", "StudHiLo", "Draw"})
OHH_ACTIONS = frozenset(
    {
        "Dealt Cards",
        "Mucks Cards",
        "Shows Cards",
        "Post Ante",
        "Post SB",
        "Post BB",
        "Straddle",
        "Post Dead",
        "Post Extra Blind",
        "Fold",
        "Check",
        "Bet",
        "Raise",
        "Call",
    }
)
_OHH_REQUIRED = (
    "spec_version",
    "game_number",
    "game_type",
    "bet_limit",
    "table_size",
    "dealer_seat",
    "players",
    "rounds",
    "pots",
)
_OHH_POSTS = {"Post SB", "Post BB", "Straddle", "Post Dead", "Post Extra Blind"}
#: the board cards dealt before each board street's (a second run shares them)
_SHARED = {"Flop": 0, "Turn": 3, "River": 4}
_DRAW_ROUNDS = {"First Draw", "Second Draw", "Third Draw"}


def split_ohh(text: str) -> list[dict[str, Any]]:
    """The hands of an ``.ohh`` file: JSON objects separated by a blank line."""
    out = []
    for block in re.split(r"\n\s*\n", text):
        if block.strip():
            document = json.loads(block, parse_float=Decimal)
            if set(document) != {"ohh"}:
                raise ReadError('a block is not one {"ohh": ...} object')
            out.append(document["ohh"])
    return out


def _ohh_hand(body: dict[str, Any]) -> ReadHand:
    for key in _OHH_REQUIRED:
        if key not in body:
            raise ReadError(f"the hand has no {key}")
    if not str(body["spec_version"]).startswith("1.4"):
        raise ReadError(f"spec_version {body['spec_version']} is not 1.4.x")
    if body["game_type"] not in OHH_GAME_TYPES:
        raise ReadError(f"game_type {body['game_type']!r} is not in the specification")
    if body["bet_limit"].get("bet_type") not in ("NL", "PL", "FL"):
        raise ReadError("bet_limit.bet_type is not NL, PL or FL")
    players = sorted(body["players"], key=lambda p: p["seat"])
    hand = ReadHand(str(body["game_number"]), body["game_type"])
    hand.names = [p["name"] for p in players]
    hand.seats = [p["seat"] for p in players]
    hand.stacks = [Amount(p["starting_stack"]) for p in players]
    ids = {p["id"]: i for i, p in enumerate(players)}
    if body["dealer_seat"] in hand.seats:
        hand.button = hand.seats.index(body["dealer_seat"])
    return _ohh_rounds(body, hand, ids)


def _ohh_rounds(body: dict[str, Any], hand: ReadHand, ids: dict[int, int]) -> ReadHand:
    table = _Table(hand)
    number = -1
    board_streets = {"Flop": 0, "Turn": 0, "River": 0}
    for index, rnd in enumerate(body["rounds"]):
        if rnd["id"] != index:
            raise ReadError("round ids are not in order")
        street = rnd["street"]
        if index and street != "Showdown":
            table.new_round()
        if street in board_streets:
            run = board_streets[street]
            board_streets[street] += 1
            while len(hand.boards) <= run:  # a second run shares the cards before it
                shared = _SHARED[street]
                hand.boards.append(list(hand.boards[0][:shared]) if hand.boards else [])
            hand.boards[run].extend(rnd.get("cards", []))
        for action in rnd["actions"]:
            if action["action_number"] <= number:
                raise ReadError("action numbers do not increase")
            number = action["action_number"]
            _ohh_action(action, ids[action["player_id"]], street, table)
    table.close_round()
    excess = [r.excess() for r in table.rounds]
    for found in excess:
        if found is not None:
            player, amount = found
            hand.put_in[player] -= amount  # the bet nobody called comes back
    for pot in body["pots"]:
        hand.pots.append(Amount(pot["amount"]))
        if Amount(pot.get("rake", 0)) != 0:
            raise ReadError("the hand takes a rake")
        wins = sum((Amount(w["win_amount"]) for w in pot["player_wins"]), Amount(0))
        if wins != Amount(pot["amount"]):
            raise ReadError(f"pot {pot['number']} pays {wins} of {pot['amount']}")
        for win in pot["player_wins"]:
            hand.won[ids[win["player_id"]]] += Amount(win["win_amount"])
    hand.total = sum(hand.pots, Amount(0))
    total = sum(hand.put_in, Amount(0))
    if total != hand.total:
        raise ReadError(
            f"the pots hold {hand.total}; the players put in {total} less uncalled bets"
        )
    return hand


def _ohh_action(action: dict[str, Any], player: int, street: str, table: _Table) -> None:
    name = action["action"]
    hand = table.hand
    if name not in OHH_ACTIONS:
        raise ReadError(f"{name!r} is not an action of the specification")
    if name == "Bet" and street == "Preflop":
        raise ReadError("a Bet before the flop")
    amount = Amount(action.get("amount", 0))
    if name == "Post Ante":
        table.add(player, amount, round_bet=False)
    elif name in _OHH_POSTS:
        table.add(player, amount)
        if name == "Straddle":
            hand.straddles.append(player)
    elif name == "Dealt Cards":
        if street in _DRAW_ROUNDS:
            table.turn(player)
            cards = action.get("cards")  # none: cards nobody saw
            count = len(cards) if cards is not None else UNKNOWN
            hand.actions.append(ReadAction(player, "sd", count=count))
        else:
            hand.holes.setdefault(player, []).extend(action.get("cards", []))
    elif name == "Shows Cards":
        hand.holes[player] = list(action.get("cards", []))
    elif name == "Mucks Cards":
        pass
    else:
        _ohh_bet(name, player, amount, action.get("is_allin", False), table)


def _ohh_bet(name: str, player: int, amount: Amount, all_in: bool, table: _Table) -> None:
    hand = table.hand
    table.turn(player)
    if name == "Fold":
        table.folded[player] = True
        hand.actions.append(ReadAction(player, "f"))
        return
    table.add(player, amount)
    if all_in != table.all_in[player]:
        raise ReadError(f"{hand.names[player]}'s is_allin does not match their stack")
    if name in ("Check", "Call"):
        hand.actions.append(ReadAction(player, "cc"))
    else:
        hand.actions.append(ReadAction(player, "cbr", table.round.committed[player]))


def read_ohh(text: str) -> list[ReadHand]:
    """Every hand of an Open Hand History file."""
    return [_ohh_hand(body) for body in split_ohh(text)]

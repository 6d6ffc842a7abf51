"""A PHH history's own account of a hand, made from its fields and action lines
alone (not from the replay), and what a hand read back from an export
(:mod:`export_readers`) says differently."""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal

from export_readers import UNKNOWN, ReadAction, ReadHand

from pokerbook.history.model import HandHistory

Amount = Decimal


@dataclass
class Expected:
    """A PHH history's account, from its fields and action lines alone: each
    player's chips in the pot (less uncalled bets), the betting actions, the board
    of each run and the known hole cards."""

    names: list[str]
    seats: list[int]
    stacks: list[Amount]
    put_in: list[Amount]
    actions: list[ReadAction]
    boards: list[list[str]]
    holes: dict[int, list[str]]
    finishing: list[Amount] | None


def expected(history: HandHistory) -> Expected:
    """The account of ``history`` (see :class:`Expected`)."""
    unit = Amount(history.scale)
    players = history.players
    stacks = [Amount(s) / unit for s in history.starting_stacks]
    bomb = history.setup.bomb_pot
    # heads-up, PHH lists the button's (the second player's) blind and ante first
    order = [1, 0] if players == 2 else list(range(players))
    # a player posts what their stack holds: the ante first, then the blind
    antes = [min(Amount(history.antes[i]) / unit, stacks[p]) for p, i in enumerate(order)]
    committed = [
        min(Amount(history.blinds[i]) / unit, stacks[p] - antes[p]) for p, i in enumerate(order)
    ]
    if bomb:
        antes, committed = [Amount(bomb) / unit] * players, [Amount(0)] * players
    put_in = list(antes)
    put_in = [a + c for a, c in zip(put_in, committed, strict=True)]
    rounds: list[list[Amount]] = []
    actions: list[ReadAction] = []
    boards: list[list[str]] = [[]]
    holes: dict[int, list[str]] = {}
    betting = False
    for step in history.steps:
        text = step.text.split("#", 1)[0].split()
        if betting and step.kind in ("dh", "db", "sd"):
            rounds.append(committed)
            committed = [Amount(0)] * players
            betting = False
        if step.kind == "db":
            run = 1 if "run 2" in step.text else 0
            while len(boards) <= run:
                boards.append([])
            boards[run].extend(_split_cards(text[2]))
        elif step.kind == "dh" and step.seat is not None:
            known = [c for c in _split_cards(text[3]) if c != "??"]
            holes.setdefault(step.seat, []).extend(known)
        elif step.kind == "sm" and step.seat is not None and len(text) > 2:
            shown = [c for c in _split_cards(text[2]) if c != "??"]
            mine = holes.setdefault(step.seat, [])
            mine.extend(c for c in shown if c not in mine)
        elif step.kind in ("f", "cc", "cbr", "pb", "sd"):
            seat = step.seat
            assert seat is not None
            betting = step.kind != "sd"
            left = stacks[seat] - put_in[seat]
            if step.kind == "cc":
                add = min(max(committed) - committed[seat], left)
            elif step.kind == "cbr":
                add = min(Amount(step.amount) / unit - committed[seat], left)
            elif step.kind == "pb":
                add = min(Amount(history.bring_in) / unit, left)
            else:
                add = Amount(0)
            committed[seat] += add
            put_in[seat] += add
            to = committed[seat] if step.kind in ("cbr", "pb") else Amount(0)
            count = len(_split_cards(text[2])) if step.kind == "sd" and len(text) > 2 else 0
            actions.append(ReadAction(seat, step.kind, to, count))
    rounds.append(committed)
    for chips in rounds:
        order = sorted(range(players), key=lambda p: chips[p], reverse=True)
        excess = chips[order[0]] - chips[order[1]]
        put_in[order[0]] -= excess
    if len(boards) > 1:
        boards[1] = boards[0][: len(boards[0]) - len(boards[1])] + boards[1]
    names = history.fields.get("players")
    seats = history.fields.get("seats")
    finishing = history.finishing_stacks
    return Expected(
        names=[str(n) for n in names]
        if isinstance(names, list)
        else [f"p{i + 1}" for i in range(players)],
        seats=[int(s) for s in seats] if isinstance(seats, list) else list(range(1, players + 1)),
        stacks=stacks,
        put_in=put_in,
        actions=actions,
        boards=[b for b in boards if b],
        holes=holes,
        finishing=[Amount(f) for f in finishing] if finishing is not None else None,
    )


def _split_cards(text: str) -> list[str]:
    return [text[i : i + 2] for i in range(0, len(text), 2)]


def differences(
    read: ReadHand, history: HandHistory, notes: list[str], *, exact_holes: bool
) -> list[str]:
    """What a hand read back from an export says differently from its PHH history:
    seats and names, starting stacks, each player's chips in the pot, the actions
    in order, the board of each run, the hole cards and the result.  ``notes``: the
    replay's notes on lenient readings (a fold the history leaves out, a bet written
    as what the others could call), which the export makes explicit.  With
    ``exact_holes`` a player's cards read back must be every card the history shows
    them (else only cards it deals them)."""
    want = expected(history)
    out: list[str] = []
    if sorted(want.seats) != read.seats:
        return [f"seats {read.seats}, the history {sorted(want.seats)}"]
    to_phh = [want.seats.index(s) for s in read.seats]  # reader's player -> PHH player
    from_phh = {j: i for i, j in enumerate(to_phh)}
    if read.button is not None and to_phh[read.button] != history.players - 1:
        out.append("the button is not the history's last player")
    if len(set(want.names)) == len(want.names) and [want.names[j] for j in to_phh] != read.names:
        out.append(f"names {read.names}")
    if [want.stacks[j] for j in to_phh] != read.stacks:
        out.append(f"starting stacks {read.stacks}")
    if [want.put_in[j] for j in to_phh] != read.put_in:
        out.append(f"chips put in {read.put_in}, the history {[want.put_in[j] for j in to_phh]}")
    out += _action_differences(read, want, from_phh, notes)
    if read.boards != want.boards:
        out.append(f"boards {read.boards}, the history {want.boards}")
    for i, cards in read.holes.items():
        dealt = set(want.holes.get(to_phh[i], []))
        if not set(cards) <= dealt or (exact_holes and set(cards) != dealt):
            out.append(f"{read.names[i]} holds {cards}, the history deals {sorted(dealt)}")
    if want.finishing is not None and read.finals != [want.finishing[j] for j in to_phh]:
        out.append(f"final stacks {read.finals}, the history {want.finishing}")
    return out


def _action_differences(
    read: ReadHand, want: Expected, from_phh: dict[int, int], notes: list[str]
) -> list[str]:
    skipped = {int(n.split()[0][1:]) - 1 for n in notes if "has no action where" in n}
    capped = {n.split("'")[1] for n in notes if "bets what the others can call" in n}
    expected_actions = want.actions
    got = list(read.actions)
    i = j = 0
    while i < len(got) or j < len(expected_actions):
        a = got[i] if i < len(got) else None
        b = expected_actions[j] if j < len(expected_actions) else None
        if a is not None and b is not None and _same(a, b, from_phh):
            i, j = i + 1, j + 1
            continue
        if a is not None and a.kind == "f" and a.player in {from_phh[s] for s in skipped}:
            i += 1  # a fold the history leaves out, which the replay supplies
            continue
        if a is not None and b is not None and a.kind == b.kind == "cbr" and capped:
            i, j = i + 1, j + 1  # a bet the history caps at what the others could call
            continue
        return [f"action {i + 1}: {a}, the history {b}"]
    return []


def _same(a: ReadAction, b: ReadAction, from_phh: dict[int, int]) -> bool:
    kind = "cbr" if b.kind == "pb" and a.kind == "cbr" else b.kind
    if a.player != from_phh[b.player] or a.kind != kind:
        return False
    if a.kind in ("cbr", "pb") and a.to != b.to:
        return False
    return not (a.kind == "sd" and a.count not in (UNKNOWN, b.count))

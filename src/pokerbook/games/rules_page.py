"""A game's rules page, written in words from its definition.

:func:`rules_page` turns a :class:`~pokerbook.games.model.Game` and a house
profile into titled sections (overview, streets, showdown, house choices,
sources); :meth:`RulesPage.render` prints them as plain text.
:func:`house_notes` says which choices of a house touch one game.
"""

from __future__ import annotations

import textwrap
from dataclasses import dataclass

from pokerbook.cards.decks import deck
from pokerbook.evaluation.scale import get_scale
from pokerbook.games.bring_in import DESCRIPTIONS as BRING_IN_WORDS
from pokerbook.games.bug import base_id
from pokerbook.games.house import BARGE, House
from pokerbook.games.model import (
    BetRound,
    Choice,
    DealBoard,
    DealHole,
    DiscardRound,
    DrawRound,
    Effect,
    Game,
    Share,
)
from pokerbook.games.stakes import posts_blinds_later

#: the rulebooks a source citation names, by its seed number
RULEBOOKS: dict[str, str] = {
    "000": "BARGE Rulebook",
    "001": "Robert's Rules of Poker",
    "002": "BARGE 26-Game Mix",
    "003": "home-game rules page",
    "004": "Oresteen's Dealer's Choice rules",
}

_ORDINALS = (
    "first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth",
    "tenth",
)  # fmt: skip


@dataclass(frozen=True)
class Section:
    """One titled part of a rules page."""

    title: str
    lines: tuple[str, ...]


@dataclass(frozen=True)
class RulesPage:
    """A game's rules in words: a title and its sections."""

    title: str
    sections: tuple[Section, ...]

    def section(self, title: str) -> Section:
        """The section with this title."""
        for s in self.sections:
            if s.title == title:
                return s
        raise KeyError(f"no section {title!r}; sections: {[s.title for s in self.sections]}")

    def render(self) -> str:
        """The page as plain text."""
        out = [self.title, "=" * len(self.title)]
        for s in self.sections:
            out += ["", s.title, *(f"  {line}" for line in s.lines)]
        return "\n".join(out) + "\n"


def rules_page(game: Game, house: House = BARGE) -> RulesPage:
    """The rules page of a game as played by a house."""
    return RulesPage(
        f"{game.name} ({game.id})",
        (
            Section("Overview", tuple(overview(game))),
            Section("Streets", tuple(f"{i}. {s}" for i, s in enumerate(describe_steps(game), 1))),
            Section("Showdown", tuple(describe_showdown(game))),
            Section(f"House: {house.name}", tuple(describe_house(house, game))),
            Section("Sources", tuple(describe_sources(game.sources)) or ("none recorded",)),
        ),
    )


def overview(game: Game) -> list[str]:
    """Aliases, family, deck, forced money, formats and table size."""
    lines = [f"ID: {game.id}"]
    if game.aliases:
        lines.append(f"Also called: {', '.join(game.aliases)}")
    lines += [
        f"Family: {game.family}",
        f"Deck: {describe_deck(game.deck)}",
        f"Forced money: {forced_money(game)}",
        f"Betting formats: {', '.join(game.formats)}",
        f"Players: up to {game.max_players}",
    ]
    if game.open_pair_double:
        lines.append("Limit: an open pair on fourth street allows the big bet (if the house does)")
    if game.no_check_raise_in_limit:
        lines.append("Limit: no check-raise")
    if game.bug:
        lines.append(
            "The Bug, added at the dealer's choice (004 r.3): an ace, or it fills a straight "
            "or flush; in ace-to-six lowball an ace, pairing a natural ace"
        )
    if game.sevens_rule:
        lines.append(
            "Limit: the Sevens Rule: after the draw a seven or better must bet; checking it "
            "or just calling a short all-in wins none of the action after (000 App.B)"
        )
    if game.no_limping:
        lines.append("No-limit: no limping: enter the first round for a raise (000 App.A)")
    return lines


def describe_deck(name: str) -> str:
    """A deck's name and size, e.g. ``standard (52 cards)``."""
    try:
        found = deck(name)
    except KeyError:
        return f"{name} (not a known deck)"
    size = f"{len(found)} cards"
    if found.description.startswith(size):
        return f"{name} ({found.description})"
    return f"{name} ({size}: {found.description})"


def forced_money(game: Game) -> str:
    """Blinds, antes, or antes and the bring-in, in words."""
    if game.forced == "antes":
        if posts_blinds_later(game):
            return "antes: every player antes; blinds only when the game's rules post them"
        return "antes: every player antes; no blinds"
    if not game.is_stud:
        return "blinds: a small and a big blind left of the button (antes as the stakes say)"
    text = "antes and a bring-in"
    if game.bring_in is not None:
        text += f"; {BRING_IN_WORDS[game.bring_in]}"
    return text


def _plural(count: int, word: str) -> str:
    return f"{count} {word}" if count == 1 else f"{count} {word}s"


def _ordinal(n: int) -> str:
    return _ORDINALS[n - 1] if 0 < n <= len(_ORDINALS) else f"{n}th"


def _deal_words(step: DealHole) -> str:
    if step.down and step.up:
        return f"{_plural(step.down, 'card')} face down and {step.up} face up"
    if step.up:
        return f"{_plural(step.up, 'card')} face up"
    return f"{_plural(step.down, 'card')} face down"


def _board_name(deals_so_far: int, count: int) -> str:
    if deals_so_far == 0 and count > 1:
        return "Flop"
    if deals_so_far == 1 and count == 1:
        return "Turn"
    if deals_so_far == 2 and count == 1:
        return "River"
    return "Board"


def _is_low(scale: str) -> bool | None:
    """Whether a scale is a low scale; None for a scale that is not registered."""
    try:
        return get_scale(scale).is_low
    except (KeyError, ValueError):
        return None


def _showing_first(game: Game) -> str:
    if game.first_to_act is None:
        return ""
    low = _is_low(game.first_to_act)
    if low is None:
        return f", starting with the best {game.first_to_act} hand showing"
    return f", starting with the {'lowest' if low else 'highest'} hand showing"


def _bet_words(step: BetRound, game: Game, index: int) -> str:
    text = f"Betting round ({step.size} bet)"
    if game.is_stud:
        if index == 0 and game.bring_in is not None:
            return text + ", starting with the bring-in"
        return text + _showing_first(game)
    if game.first_to_act is not None and index > 0:
        return text + _showing_first(game)  # stud dealt with blinds
    if index == 0 and game.forced != "antes":
        return text + ", starting left of the big blind"
    return text + ", starting left of the button"


def _rule_words(step: Effect | Choice) -> str:
    """A rule step in words: the first line of the rule's own description."""
    from pokerbook.engine.rules import choice_rule, effect_rule

    try:
        rule: object = (
            effect_rule(step.rule) if isinstance(step, Effect) else choice_rule(step.rule)
        )
    except KeyError:
        rule = None
    paragraph = (getattr(rule, "__doc__", None) or "").strip().split("\n\n")[0]
    doc = " ".join(paragraph.split()).split(". ")[0].rstrip(".")
    kind = "The dealer" if isinstance(step, Effect) else "Each player chooses"
    args = f" ({' '.join(step.args)})" if step.args else ""
    return f"{kind}: {step.rule}{args}" + (f": {doc[0].lower()}{doc[1:]}" if doc else "")


def describe_steps(game: Game) -> list[str]:
    """The streets in order, one line per step."""
    lines: list[str] = []
    cards = 0
    bets = 0
    board_deals: dict[int, int] = {}
    several_boards = game.boards > 1
    for index, step in enumerate(game.steps):
        before = len(lines)
        if isinstance(step, DealHole):
            cards += step.down + step.up
            line = f"Deal {_deal_words(step)} to each player"
            if game.is_stud:
                line = f"{_ordinal(cards).capitalize()} street: {line[0].lower()}{line[1:]}"
            lines.append(line)
        elif isinstance(step, DealBoard):
            seen = board_deals.get(step.board, 0)
            board_deals[step.board] = seen + 1
            where = f"board {step.board + 1}" if several_boards else "the board"
            name = _board_name(seen, step.count)
            lines.append(f"{name}: {_plural(step.count, 'card')} to {where}")
        elif isinstance(step, BetRound):
            lines.append(_bet_words(step, game, bets))
            bets += 1
        elif isinstance(step, DrawRound):
            lines.append(f"Draw: each player may discard up to {step.max_cards} and draw as many")
        elif isinstance(step, DiscardRound):
            which = " of their face-down cards" if step.down_only else ""
            lines.append(
                f"Discard: each player discards {_plural(step.count, 'card')}{which}, not replaced"
            )
        elif isinstance(step, Effect) and step.rule == "roll":
            count = int(step.args[0]) if step.args else 1
            purpose = " ".join(step.args[1:])
            dice = "a die" if count == 1 else f"{count} dice"
            lines.append(f"Roll {dice}" + (f" ({purpose})" if purpose else ""))
        elif isinstance(step, Effect | Choice):
            lines.append(_rule_words(step))
        else:
            lines.append(repr(step))
        note = game.when[index] if game.when else None
        if note is not None and len(lines) > before:
            lines[-1] += f" (only when the hand is {note})"
    lines.append("Showdown")
    return lines


def scale_words(scale: str) -> str:
    """A scale in words: the first clause of its description, e.g. ``Ace-to-five
    (California) low: aces low, straights and flushes ignored``."""
    try:
        description = get_scale(scale).description
    except (KeyError, ValueError):
        return scale
    depth = 0
    for i, ch in enumerate(description):
        if ch == "(":
            depth += 1
        elif ch == ")":
            depth -= 1
        elif depth == 0 and (ch == ";" or description.startswith(". ", i)):
            return description[:i]
    return description.rstrip(".")


def card_usage(share: Share, game: Game) -> str:
    """Which cards a share's hand may use, e.g. ``exactly 2 hole cards and 3 board cards``."""
    if share.cards == "down":
        return "the player's face-down hole cards only"
    if share.cards == "hole":
        return "the player's hole cards only, no board cards"
    boards = game.boards
    try:
        size = get_scale(share.scale).hand_size
    except (KeyError, ValueError):
        size = None
    if share.hole_use is None:
        if not boards:
            return "the best hand from the player's own cards"
        text = "any cards from hole and board"
    else:
        counts = " or ".join(str(n) for n in share.hole_use)
        text = f"exactly {counts} hole {'card' if share.hole_use == (1,) else 'cards'}"
        if boards and size is not None and len(share.hole_use) == 1:
            text += f" and {_plural(size - share.hole_use[0], 'board card')}"
    if boards > 1:
        text += ", on any one board"
    return text


def describe_share(share: Share, game: Game) -> str:
    """One showdown share: name, scale in words, card usage and qualifier."""
    text = f"{share.name.capitalize()}: {scale_words(share.scale)} (scale {share.scale}); "
    text += card_usage(share, game)
    if share.qualifier:
        text += f"; must qualify: {share.qualifier}"
    return text


def describe_showdown(game: Game) -> list[str]:
    """Each share in words, and how a split pot is divided."""
    shares = game.showdown.shares
    lines = [describe_share(s, game) for s in shares]
    if len(shares) > 1:
        lines.append(
            "Split pot: each share with a qualifying hand wins an equal part; "
            "a share with no qualifying hand goes to the others"
        )
    return lines


def odd_chip_rule(house: House, game: Game) -> str:
    """Who gets an odd chip in this game under this house."""
    shares = game.showdown.shares
    if house.odd_chip == "oresteen":
        text = "to the player closest to the dealer's left (004 r.1a)"
    elif game.is_stud:
        text = "to the highest card by suit (000 §1.2.3)"
        if house.odd_chip == "roberts":
            low = any(_is_low(s.scale) for s in shares)
            text = "to the highest card by suit" + (
                ", the lowest card by suit in a low share (001 Ties)" if low else " (001 Ties)"
            )
    else:
        source = "001 Ties" if house.odd_chip == "roberts" else "000 §1.2.3"
        text = f"to the first seat left of the button ({source})"
    if len(shares) > 1:
        text += f"; in a split pot, to the {shares[0].name} share"
    return f"Odd chip: {text}"


def _raise_cap_note(house: House) -> str:
    if house.raise_cap is None:
        return "Limit: no raise cap"
    text = f"Limit: a bet and {house.raise_cap} raises"
    if house.heads_up_uncapped and not house.tournament:
        text += ", unlimited heads-up"
    return text


def _share_notes(house: House, game: Game) -> list[str]:
    notes = []
    for share in game.showdown.shares:
        if _is_low(share.scale) is None:
            continue
        played = house.share(share)
        if played.scale != share.scale:
            notes.append(f"{share.name.capitalize()}: played on {played.scale}, not {share.scale}")
        if played.qualifier != share.qualifier:
            notes.append(
                f"{share.name.capitalize()}: qualifier {played.qualifier}, not {share.qualifier}"
            )
    return notes


def house_notes(house: House, game: Game) -> list[str]:
    """The choices of a house that affect this game, one line each."""
    notes = [odd_chip_rule(house, game)]
    if "limit" in game.formats:
        notes.append(_raise_cap_note(house))
        if house.spread_limit:
            notes.append("Limit is played spread limit: any bet from the minimum to the maximum")
        if not house.half_bet_rule:
            notes.append("Limit: any all-in bet reopens the betting (no half-bet rule)")
        if game.sevens_rule:
            short = "a full bet" if house.sevens_rule_short_bet == "full" else "half a bet"
            notes.append(
                f"The Sevens Rule: a seven or better may just call an all-in of less than {short}"
            )
        if game.open_pair_double:
            notes.append(
                "Limit: an open pair on fourth street allows the big bet"
                if house.open_pair_double
                else "Limit: no big bet on fourth street for an open pair"
            )
    notes += _share_notes(house, game)
    if house.ante_with_blinds and game.forced == "blinds":
        notes.append("Every player antes every hand, in addition to the blinds")
    if house.bug_at_dealers_choice:
        notes.append("The dealer may add the Bug (a joker)")
    if house.max_players is not None and house.max_players < game.max_players:
        notes.append(f"At most {house.max_players} players")
    draws = [s for s in game.steps if isinstance(s, DrawRound)]
    if (
        house.draw_high_max is not None
        and len(draws) == 1
        and draws[0].max_cards > house.draw_high_max
        and all(_is_low(s.scale) is False for s in game.showdown.shares)
    ):
        notes.append(f"Draw: at most {house.draw_high_max} cards")
    catalogue_id = base_id(game.id)  # the same notes with the Bug added (004 r.3)
    if house.stud_high_card_opens and game.is_stud and catalogue_id == "S01":
        notes.append("The highest up card starts the betting on third street")
    if catalogue_id in ("F16", "F17") and house.omaha_default != "F16":
        notes.append(f'A plain "Omaha" means {house.omaha_default} here')
    return notes


def describe_house(house: House, game: Game) -> list[str]:
    """The house's name, its choices for this game, then all its choices."""
    lines = [*textwrap.wrap(house.description, 96), "", "For this game:"]
    lines += [f"- {note}" for note in house_notes(house, game)]
    lines += ["", "All choices:"]
    for row in house.choices():
        lines.append(f"- {row.field} = {_value(row.value)}: {row.doc}")
    return lines


def _value(value: object) -> str:
    if value is None:
        return "none"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, tuple):
        return ", ".join(value) or "none"
    return str(value)


def describe_sources(sources: tuple[str, ...]) -> list[str]:
    """Each source citation with the rulebook it names."""
    lines = []
    for source in sources:
        book = RULEBOOKS.get(source.split(" ", 1)[0])
        lines.append(f"{source} ({book})" if book else source)
    return lines

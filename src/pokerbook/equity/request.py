"""An equity question read and checked: the game (by ID, name or alias, with the house's
rules), the hands, boards and dead cards as card text, and the draws to come.

Every problem is one :class:`EquityError` naming what was wrong: an unknown game, a
card written twice, a card the game's deck does not have, more cards than the game
deals a hand or a board, too few or too many hands.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from pokerbook.cards.card import Card
from pokerbook.cards.notation import format_cards, to_cards
from pokerbook.engine.plan import plan_of
from pokerbook.equity.spot import Spot
from pokerbook.games.catalogue import find_game
from pokerbook.games.house import BARGE, House, find_house
from pokerbook.games.model import DealBoard, DiscardRound, DrawRound, Game

#: how a draw to come is written for one hand: rounds separated by ``/``, each the cards
#: thrown or ``pat`` (``-``) to stand pat: ``"Kh 9c / pat"``
ROUND_SEPARATOR = "/"
#: a game asked by a file's path ends so (``my-game.toml:ID``)
GAME_FILE_SUFFIX = ".toml"
#: the most games and houses remembered between questions
NAMED_LIMIT = 1024
STAND_PAT_WORDS = frozenset({"pat", "-", ""})
#: the named draw policies: ``pat`` stands pat, ``random`` throws a random number of
#: random cards (the ``call`` bot's draws; ``call`` is another name for it)
DRAW_POLICIES = ("pat", "random", "call")

CardText = str | Sequence[str | Card]


class EquityError(ValueError):
    """An equity question that cannot be answered as asked."""


@dataclass(frozen=True)
class Question:
    """What was asked: the cards (``spot``), the house whose rules apply, each hand's
    declared throws for its draw and discard rounds in order (``()``: stand pat), and
    the policy for the draws not declared (None: stand pat)."""

    spot: Spot
    house: House = BARGE
    draws: tuple[tuple[tuple[Card, ...], ...], ...] = ()
    draw_policy: str | None = None

    @property
    def players(self) -> int:
        return len(self.spot.hands)

    @property
    def random_draws(self) -> bool:
        """Whether a policy draws at random (such a question can only be sampled)."""
        return self.draw_policy in ("random", "call")


#: catalogue games found by the text asked (and the house's Omaha): the catalogue does
#: not change while running, so a name finds the same game every time
_NAMED: dict[tuple[str, str], Game] = {}


def read_game(name: str | Game, house: House) -> Game:
    """The game asked about; a plain "Omaha" is the house's (003: high/low).  A game
    asked for with the Bug is dealt with it whatever the house's own habit."""
    if isinstance(name, Game):
        return name
    key = (name, house.omaha_default)
    found = _NAMED.get(key)
    if found is not None:
        return found
    text = name.strip()
    if text.lower() == "omaha":
        text = house.omaha_default
    found = find_game(text)
    if GAME_FILE_SUFFIX not in text.lower() and len(_NAMED) < NAMED_LIMIT:
        _NAMED[key] = found  # a game file is read again: it may have changed
    return found


@dataclass(frozen=True)
class GameFacts:
    """What checking a question reads of a game under a house, the same for every
    question: the house as it deals the game (with the Bug when the game has it), the
    deck, the most players, the cards a hand is dealt, each board's size and the draw
    or discard rounds."""

    game: Game
    house: House
    deck: frozenset[Card]
    most_players: int
    hole_cards: int
    board_sizes: tuple[int, ...]
    rounds: int


#: each (game, house) asked about, with its facts, by the pair's ids
_FACTS: dict[tuple[int, int], tuple[Game, House, GameFacts]] = {}


def game_facts(game: Game, house: House) -> GameFacts:
    """The facts of ``game`` under ``house`` (made on first use: games and houses are
    immutable)."""
    key = (id(game), id(house))
    found = _FACTS.get(key)
    if found is not None and found[0] is game and found[1] is house:
        return found[2]
    dealt = house
    if game.bug and not house.bug_at_dealers_choice:
        dealt = replace(house, bug_at_dealers_choice=True)
    plan = plan_of(game, dealt)
    made = GameFacts(
        game=game,
        house=dealt,
        deck=frozenset(plan.cards),
        most_players=plan.most_players,
        hole_cards=game.hole_cards,
        board_sizes=tuple(_board_sizes(game)),
        rounds=sum(isinstance(step, DrawRound | DiscardRound) for step in game.steps),
    )
    if len(_FACTS) > NAMED_LIMIT:
        _FACTS.clear()
    _FACTS[key] = (game, house, made)
    return made


def read_house(house: str | House | None) -> House:
    if house is None:
        return BARGE
    return house if isinstance(house, House) else find_house(house)


def _cards(text: CardText, what: str) -> tuple[Card, ...]:
    try:
        return to_cards(text)
    except ValueError as exc:
        raise EquityError(f"{what}: {exc}") from None


def _board_sizes(game: Game) -> list[int]:
    sizes = [0] * game.boards
    for step in game.steps:
        if isinstance(step, DealBoard):
            sizes[step.board] += step.count
    return sizes


def _boards(
    board: CardText | Sequence[CardText], game: Game, sizes: tuple[int, ...]
) -> tuple[tuple[Card, ...], ...]:
    texts: Sequence[CardText]
    if isinstance(board, str):
        texts = [board] if board.strip() else []
    elif all(isinstance(b, Card) for b in board):
        texts = [board] if board else []  # type: ignore[list-item]
    else:
        texts = board  # type: ignore[assignment]
    boards = tuple(_cards(text, "board") for text in texts)
    if len(boards) > len(sizes):
        has = f"{len(sizes)} board" + ("s" if len(sizes) != 1 else "") if sizes else "no board"
        raise EquityError(f"{game.name} has {has}, not {len(boards)}")
    for index, (cards, size) in enumerate(zip(boards, sizes, strict=False)):
        if len(cards) > size:
            raise EquityError(
                f"board {index + 1} has {len(cards)} cards ({format_cards(cards)}); "
                f"{game.name} deals it {size}"
            )
    return boards


def _check_cards(
    game: Game, deck: frozenset[Card], groups: list[tuple[str, tuple[Card, ...]]]
) -> None:
    seen: dict[Card, str] = {}
    for what, cards in groups:
        for card in cards:
            if card in seen:
                where = f"in {what}" if seen[card] == what else f"in {seen[card]} and {what}"
                raise EquityError(f"{card} is given twice ({where})")
            if card not in deck:
                raise EquityError(f"{card} ({what}) is not in {game.name}'s deck ({game.deck})")
            seen[card] = what


def _check_given(
    game: Game,
    deck: frozenset[Card],
    held: tuple[tuple[Card, ...], ...],
    boards: tuple[tuple[Card, ...], ...],
    dead: tuple[Card, ...],
) -> None:
    """Every card given once and in the deck: checked at once, and named group by
    group (:func:`_check_cards`) only when one is not."""
    given = [card for cards in (*held, *boards, dead) for card in cards]
    if len(set(given)) == len(given) and deck.issuperset(given):
        return
    groups = [(f"hand {i}", cards) for i, cards in enumerate(held, 1)]
    groups += [(f"board {i}", cards) for i, cards in enumerate(boards, 1)]
    groups.append(("dead", dead))
    _check_cards(game, deck, groups)


def _draws(
    draws: Sequence[str | Sequence[CardText]] | None, hands: int
) -> tuple[tuple[tuple[Card, ...], ...], ...]:
    if not draws:
        return ()
    if len(draws) > hands:
        raise EquityError(f"draws are given for {len(draws)} hands; there are {hands}")
    out: list[tuple[tuple[Card, ...], ...]] = []
    for number, rounds in enumerate(draws, 1):
        texts: Sequence[CardText] = (
            rounds.split(ROUND_SEPARATOR) if isinstance(rounds, str) else rounds
        )
        thrown: list[tuple[Card, ...]] = []
        for text in texts:
            if isinstance(text, str) and text.strip().lower() in STAND_PAT_WORDS:
                thrown.append(())
            else:
                thrown.append(_cards(text, f"hand {number}'s draws"))
        if isinstance(rounds, str) and not rounds.strip():
            thrown = []
        out.append(tuple(thrown))
    out += [()] * (hands - len(out))
    return tuple(out)


def read_question(
    game: str | Game,
    hands: str | Sequence[CardText],
    board: CardText | Sequence[CardText] = "",
    dead: CardText = "",
    *,
    house: str | House | None = None,
    draws: Sequence[str | Sequence[CardText]] | None = None,
    draw_policy: str | None = None,
) -> Question:
    """The question as the engine path and the kernels take it, or an :class:`EquityError`.

    ``hands``: a list of card texts (``["Ah Kh", "Qd Qc"]``), or one text with the hands
    separated by ``|``.  ``board``: one board's cards, or a list of boards
    (board 1 first) for games with several.  ``draws``: per hand, its throws in each
    draw or discard round to come (``"Kh 9c / pat"``); ``draw_policy``: how the rounds
    not declared are drawn (``pat``, the default, or ``random``)."""
    asked_house = read_house(house)
    found = read_game(game, asked_house)
    facts = game_facts(found, asked_house)
    texts: Sequence[CardText] = hands.split("|") if isinstance(hands, str) else hands
    held = tuple(_cards(text, f"hand {i}") for i, text in enumerate(texts, 1))
    most = facts.most_players
    if not 2 <= len(held) <= most:
        raise EquityError(f"{found.name} is played by 2 to {most} players, not {len(held)} hands")
    dealt = facts.hole_cards
    for number, cards in enumerate(held, 1):
        if len(cards) > dealt:
            raise EquityError(
                f"hand {number} has {len(cards)} cards ({format_cards(cards)}); "
                f"{found.name} deals a hand {dealt}"
            )
    boards = _boards(board, found, facts.board_sizes)
    dead_cards = _cards(dead, "dead cards")
    _check_given(found, facts.deck, held, boards, dead_cards)
    if draw_policy is not None and draw_policy not in DRAW_POLICIES:
        raise EquityError(
            f"no draw policy named {draw_policy!r}; known: {', '.join(DRAW_POLICIES)}"
        )
    declared = _draws(draws, len(held))
    rounds = facts.rounds
    most_declared = max(map(len, declared), default=0)
    if most_declared > rounds:
        raise EquityError(
            f"draws are declared for {most_declared} rounds; {found.name} has {rounds} "
            "draw or discard rounds"
        )
    spot = Spot(found, held, boards, dead_cards)
    return Question(spot, facts.house, declared, draw_policy)

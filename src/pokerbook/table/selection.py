"""Game selection: which game each hand of a night is.

Two kinds, both plain data:

* :class:`Rotation`, a fixed order of games with so many hands of each (HORSE,
  the BARGE 26-game mix): the order wraps round, and may start at a game drawn at
  random (002 Preface: "a random game is picked as the starting point");
* :class:`DealersChoice`, a menu from which the dealer of each hand chooses
  (Oresteen's nights, 004 r.13): a :data:`GameChooser` makes the choice, by default
  :func:`random_choice`, as the bots choose.

A :class:`Selector` keeps a night's place in its selection.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import ClassVar

from pokerbook.games.bug import base_id, with_bug
from pokerbook.games.catalogue import find_game
from pokerbook.games.model import Game


@dataclass(frozen=True)
class Rotation:
    """Games in a fixed order, ``hands_per_game`` hands each (``None``: one orbit, a
    hand for each player dealt in when the game comes round), starting with the first
    game or, with ``random_start``, a game drawn at random."""

    games: tuple[str, ...]
    hands_per_game: int | None = None
    random_start: bool = False

    kind: ClassVar[str] = "rotation"

    def describe(self) -> str:
        """``rotation of 26 games, 4 hands each, random start``."""
        count = self.hands_per_game
        each = "one orbit" if count is None else f"{count} hand" + ("" if count == 1 else "s")
        start = ", random start" if self.random_start else ""
        return f"rotation of {len(self.games)} games, {each} each{start}"


@dataclass(frozen=True)
class DealersChoice:
    """The dealer of each hand chooses a game from ``menu``; a bot dealer adds the Bug
    (004 r.3) ``bug`` of the time where the house allows it."""

    menu: tuple[str, ...]
    bug: float = 0.0

    kind: ClassVar[str] = "dealers-choice"

    @property
    def games(self) -> tuple[str, ...]:
        """The menu: every game the night may deal."""
        return self.menu

    def describe(self) -> str:
        """``dealer's choice of 19 games``."""
        return f"dealer's choice of {len(self.menu)} games"


Selection = Rotation | DealersChoice

#: the dealer's choice: ``(dealer seat, menu, rng) -> game``
GameChooser = Callable[[int, tuple[Game, ...], random.Random], Game]


def random_choice(dealer: int, menu: tuple[Game, ...], rng: random.Random) -> Game:
    """A game from the menu, every game equally likely (how bots choose)."""
    return menu[rng.randrange(len(menu))]


def bots_game_choice(bug: float) -> GameChooser:
    """The bots' dealer's choice: a game at random (:func:`random_choice`), with the
    Bug added (004 r.3) ``bug`` of the time when its deck takes one."""
    if not bug:
        return random_choice

    def choose(dealer: int, menu: tuple[Game, ...], rng: random.Random) -> Game:
        game = random_choice(dealer, menu, rng)
        if game.deck == "standard" and rng.random() < bug:
            return with_bug(game)
        return game

    return choose


@dataclass(frozen=True)
class Pick:
    """The game of one hand and who chose it (``None`` in a rotation)."""

    game: Game
    chooser: int | None = None


class Selector:
    """A night's place in its game selection.

    ``next(dealer=..., players=...)`` gives the next hand's game: in a rotation the
    current game until its hands are played (``players`` sets the length of an
    orbit), then the next game in order; in dealer's choice the ``chooser``'s pick
    for ``dealer`` from the menu.  Draws (the random start, bots' choices) use
    ``rng``.
    """

    def __init__(
        self,
        selection: Selection,
        rng: random.Random,
        chooser: GameChooser = random_choice,
    ) -> None:
        self.selection = selection
        self.rng = rng
        self.chooser = chooser
        self._games = tuple(find_game(g) for g in selection.games)
        self.index: int | None = None  # the rotation's current game
        self.left = 0  # hands still to play of it

    def next(self, *, dealer: int, players: int) -> Pick:
        """The game of the next hand, dealt by seat ``dealer`` to ``players`` players."""
        selection = self.selection
        if isinstance(selection, DealersChoice):
            game = self.chooser(dealer, self._games, self.rng)
            if base_id(game.id) not in selection.menu:
                raise ValueError(f"{game.id} ({game.name}) is not on the night's menu")
            return Pick(game, dealer)
        if self.index is None:
            count = len(self._games)
            self.index = self.rng.randrange(count) if selection.random_start else 0
            self.left = selection.hands_per_game or players
        elif self.left == 0:
            self.index = (self.index + 1) % len(self._games)
            self.left = selection.hands_per_game or players
        self.left -= 1
        return Pick(self._games[self.index])

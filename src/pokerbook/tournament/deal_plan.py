"""What each deal of an event is played at: the level in force when it starts, the game,
the stakes and the hand's options.

* The level is the one in force when the deal starts (001 Tournaments r.7, 004 r.104:
  new limits from the next deal), by the event clock or by the hands the table has
  dealt (:class:`~pokerbook.tournament.event_clock.LevelClock`).  A table opened during
  the event (late entrants, a shootout's next round) counts on from the most hands any
  table had dealt, so it plays the level the room is at.
* The game is the level's; with several games a level, the rotation's at that table
  (``hands_per_game`` hands of each, counted by the table: HORSE, the 26-game mix), the
  dealer's choice (bots choose at random), or else one game a level in turn.
* The stakes are the structure's for the game as the structure names it (an alias
  such as ``plo`` names its format).
* The options carry the event's formats: jam-or-fold (000 §1.6), every hand a bomb pot
  at the level's ante (000 §1.4), win the button (000 §1.3.4), and the house's rule for
  absent players' hands (001 r.11 or Explanations #10, 004 r.110).
"""

from __future__ import annotations

import random

from pokerbook.games.catalogue import find_game
from pokerbook.games.model import Game
from pokerbook.games.stakes import Stakes
from pokerbook.tournament.event_clock import LevelClock
from pokerbook.tournament.report import TournamentReport
from pokerbook.tournament.structure import Level, Structure
from pokerbook.tournament.table_play import HandOptions


class DealPlan:
    """The level, game, stakes and options of each deal of one event."""

    def __init__(
        self, structure: Structure, clock: LevelClock, rng: random.Random, *, check: bool
    ) -> None:
        self.structure = structure
        self.clock = clock
        self.rng = rng
        self.check = check
        self._games: dict[str, Game] = {}
        self._stakes: dict[tuple[int, str], Stakes] = {}
        self._options: dict[int, HandOptions] = {}
        self._seen: set[int] = set()
        #: whether any game of the event is a stud game (players then move by position)
        self.any_stud = any(
            self.game(name).family == "stud"
            for level in structure.levels
            for name in structure.game_names(level)
        )

    def level(self, start: float, table_hands: int) -> Level:
        """The level of a deal starting at ``start`` (seconds) at a table that has dealt
        ``table_hands`` hands."""
        return self.clock.level(start, table_hands)

    def game(self, name: str) -> Game:
        """The catalogue's game for a name the structure uses."""
        game = self._games.get(name)
        if game is None:
            game = self._games[name] = find_game(name)
        return game

    def game_name(self, level: Level, table_hands: int) -> str:
        """The game of a table's next deal, as the structure names it."""
        names = self.structure.game_names(level)
        if len(names) == 1:
            return names[0]
        if self.structure.dealers_choice:
            return names[self.rng.randrange(len(names))]
        every = self.structure.hands_per_game
        if every:
            return names[(table_hands // every) % len(names)]
        return names[(level.number - 1) % len(names)]

    def stud_next(self, start: float, table_hands: int) -> bool:
        """Whether a table's next game is a stud game (unknown for a dealer's choice
        until the dealer chooses: then no)."""
        if not self.any_stud or self.structure.dealers_choice:
            return False
        level = self.level(start, table_hands)
        return self.game(self.game_name(level, table_hands)).family == "stud"

    def stakes(self, level: Level, name: str) -> Stakes:
        """The stakes of game ``name`` at ``level``."""
        key = (level.number, name)
        stakes = self._stakes.get(key)
        if stakes is None:
            stakes = self._stakes[key] = self.structure.stakes(level, name)
        return stakes

    def options(self, level: Level) -> HandOptions:
        """The hand options of a deal at ``level``."""
        options = self._options.get(level.number)
        if options is None:
            structure = self.structure
            options = self._options[level.number] = HandOptions(
                jam_or_fold=structure.jam_or_fold,
                bomb_pot=structure.bomb_ante(level),
                win_the_button=structure.win_the_button,
                absent_rule=structure.absent.rule if structure.absent else "dead-facing-bet",
                check=self.check,
            )
        return options

    def note_level(self, level: Level, start: float, hands: int, report: TournamentReport) -> None:
        """Record a level (and any passed over) the first time a table deals it: its
        scheduled minute and the hands finished by then."""
        if level.number in self._seen:
            return
        for earlier in self.structure.levels:
            if earlier.number > level.number:
                break
            if earlier.number not in self._seen:
                self._seen.add(earlier.number)
                report.levels.append(
                    {
                        "level": earlier.number,
                        "minute": round(self.clock.minute(earlier, start), 3),
                        "after_hand": hands,
                    }
                )

"""The game registry: unambiguous names, sources cited, and enough cards for a full table."""

from __future__ import annotations

import pytest

from pokerbook.cards.decks import deck
from pokerbook.games.catalogue import find_game, games
from pokerbook.games.model import DealBoard, DealHole, DiscardRound, Game

GAME_IDS = list(games())


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_every_name_and_alias_finds_its_own_game(game_id: str) -> None:
    game = games()[game_id]
    for key in (game.id, game.name, *game.aliases):
        assert find_game(key) is game, f"{key!r} finds {find_game(key).id}, not {game_id}"


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_every_game_cites_its_rulebooks(game_id: str) -> None:
    game = games()[game_id]
    assert game.sources
    assert all(s[:3] in {"000", "001", "002", "003", "004"} for s in game.sources)


def cards_in_play(game: Game, players: int) -> int:
    """The most cards a full table holds at once: everyone's hole cards and the boards.
    Burns and discards go back into the stub when it runs out (004 r.13.01 for draws,
    the same for board cards), so only these must fit in the deck."""
    held = most = 0
    for step in game.steps:
        if isinstance(step, DealHole):
            held += (step.down + step.up) * players
        elif isinstance(step, DealBoard):
            held += step.count
        elif isinstance(step, DiscardRound):
            held -= step.count * players
        most = max(most, held)
    return most


@pytest.mark.parametrize("game_id", [g for g in GAME_IDS if not games()[g].stud_dealing])
def test_a_full_table_cannot_run_out_of_cards(game_id: str) -> None:
    # stud games deal a common card instead when the stub is short (001 Stud r.11)
    game = games()[game_id]
    assert cards_in_play(game, game.max_players) <= len(deck(game.deck))

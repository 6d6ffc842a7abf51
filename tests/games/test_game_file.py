"""A game file is a contract: keys from the model, rules from the rule registry, each
rule's words from its declared signature, all checked when the file is read."""

from __future__ import annotations

import tomllib
from dataclasses import fields
from importlib import resources
from pathlib import Path

import pytest

from pokerbook.engine.rules import CHOICES, EFFECTS
from pokerbook.engine.rules.arguments import SIGNATURES
from pokerbook.games.catalogue import UnknownGameError, find_game, games
from pokerbook.games.game_file import (
    GameDefinitionError,
    game_keys,
    load_game_file,
    read_game,
    read_games,
    share_keys,
)
from pokerbook.games.model import DERIVED, DealHole, Game, Share, Showdown

HOLDEM = """\
[my-game]
name = "My Game"
family = "flop"
steps = [
    "deal 2 down", "bet small", "board 3", "bet small", "board 1", "bet big", "board 1", "bet big",
]
showdown = [
    { name = "high", scale = "high" },
    { name = "low", scale = "a5-low", qualifier = "8-or-better" },
]
"""


def refusal(text: str, source: str = "my-game.toml") -> str:
    """The message a file's text is refused with."""
    with pytest.raises(GameDefinitionError) as refused:
        read_games(text, source)
    return str(refused.value)


def with_step(step: str, text: str = HOLDEM) -> str:
    """The game with ``step`` after the first betting round."""
    return text.replace('"bet small", "board 3"', f'"bet small", "{step}", "board 3"', 1)


def test_the_example_game_reads_as_declared() -> None:
    (game,) = read_games(HOLDEM, "my-game.toml").values()
    assert game.id == "my-game"
    assert game.steps[0] == DealHole(down=2)
    assert game.showdown.shares[1] == Share("low", "a5-low", qualifier="8-or-better")
    assert game.formats == ("limit", "pot-limit", "no-limit")  # the model's default


def test_a_misspelt_key_is_refused_with_file_game_and_key() -> None:
    # today's silent failure: the low dealt without its qualifier
    message = refusal(HOLDEM.replace("qualifier =", "qualifer ="))
    assert message.startswith("my-game.toml: [my-game] showdown[1]: no key named 'qualifer'")
    assert "did you mean: qualifier?" in message


def test_a_misspelt_game_key_is_refused_and_points_to_the_documented_list() -> None:
    message = refusal(HOLDEM.replace('family = "flop"', 'family = "flop"\nmax_player = 6'))
    assert message.startswith("my-game.toml: [my-game]: no key named 'max_player'")
    assert "did you mean: max_players?" in message
    assert "docs/engine.md lists them" in message


def test_every_model_field_is_a_key_or_says_what_it_is_read_from() -> None:
    # the keys come from the model: a field added there is a key without a second list
    declared = {f.name for model in (Game, Showdown) for f in fields(model)}
    derived = {f.name for model in (Game, Showdown) for f in fields(model) if DERIVED in f.metadata}
    assert set(game_keys()) == declared - derived
    assert set(share_keys()) == {f.name for f in fields(Share)}


@pytest.mark.parametrize(("key", "said"), [("id", "its table's name"), ("bug", "ID+bug")])
def test_a_field_read_from_elsewhere_is_refused_with_where_it_comes_from(
    key: str, said: str
) -> None:
    message = refusal(HOLDEM.replace('family = "flop"', f'family = "flop"\n{key} = "x"'))
    assert f"[my-game]: {key!r} is not a key: " in message
    assert said in message


@pytest.mark.parametrize(
    ("change", "said"),
    [
        ('family = "flop"=>family = "flip"', "family: 'flip' is not one of 'flop', 'stud'"),
        ('family = "flop"=>family = "flop"\nmax_players = "six"', "max_players: should be a whole"),
        ('family = "flop"=>family = "flop"\nformats = ["potlimit"]', "formats[0]: 'potlimit' is"),
        ('family = "flop"=>family = "flop"\nformats = "limit"', "formats: should be a list"),
        ('family = "flop"=>family = "flop"\nsevens_rule = "yes"', "sevens_rule: should be a bool"),
        ('qualifier = "8-or-better"=>hole_use = [2.5]', "showdown[1].hole_use[0]: should be a"),
        ('name = "My Game"\n=>', "[my-game]: missing 'name'"),
        (', scale = "high" }=> }', "showdown[0]: missing 'scale'"),
    ],
)
def test_a_value_of_the_wrong_type_or_a_missing_key_is_refused(change: str, said: str) -> None:
    old, new = change.split("=>")
    assert said in refusal(HOLDEM.replace(old, new, 1))


@pytest.mark.parametrize(
    ("change", "said"),
    [
        ('scale = "a5-low"=>scale = "a5-lo"', "showdown[1].scale: no scale named 'a5-lo'"),
        ("8-or-better=>8-or-beter", "showdown[1].qualifier: no qualifier named '8-or-beter'"),
        ('family = "flop"=>family = "flop"\ndeck = "shrt"', "deck: no deck named 'shrt'"),
        ('family = "flop"=>family = "flop"\nfirst_to_act = "hgh"', "first_to_act: no scale named"),
        ('family = "flop"=>family = "flop"\nopeners = "jacks"', "openers: no qualifier named"),
        ('qualifier = "8-or-better"=>wild = ["Zz"]', "showdown[1].wild: cannot read 'Zz'"),
        ('name = "low"=>name = "high"', "showdown[1].name: the share 'high' is declared twice"),
    ],
)
def test_a_name_that_does_not_exist_is_refused(change: str, said: str) -> None:
    old, new = change.split("=>")
    assert said in refusal(HOLDEM.replace(old, new, 1))


def test_a_step_that_cannot_be_read_is_refused_with_the_steps_there_are() -> None:
    message = refusal(with_step("shuffle"))
    assert "[my-game] steps[2]: cannot read step 'shuffle'" in message
    assert "'do RULE [WORDS]'" in message


def test_an_unknown_rule_name_is_refused_at_load() -> None:
    message = refusal(with_step("do murder-row"))
    assert message.startswith("my-game.toml: [my-game] steps[2] 'do murder-row': ")
    assert "no 'do' rule named 'murder-row'; did you mean: murder-rows?" in message
    assert "no 'choose' rule named 'declar'" in refusal(with_step("choose declar high low"))
    # names are exact, as the words the rule is checked against are
    assert "did you mean: murder-rows?" in refusal(with_step("do Murder-Rows cash"))


@pytest.mark.parametrize(
    ("step", "said"),
    [
        (
            "do pass x",
            "'do pass': seats should be a whole number, not 'x'; it takes: do pass SEATS",
        ),
        ("do pass", "'do pass': seats is missing"),
        ("do pass 0", "seats should be at least 1, not 0"),
        ("do murder-rows cash", "'do murder-rows': too many words: 'cash'"),
        ("choose declare high lo", "second: no share 'lo' (the game's: high, low)"),
        ("choose declare high low pig", "no-pig should be 'no-pig', not 'pig'"),
        ("do chowaha-paths sideways", "paths should be 'by-die', not 'sideways'"),
        ("do wonky-donkey deals=3", "no word 'deals' (it takes red, black, deal)"),
        ("do wonky-donkey red=high black=high deal=x", "deal should be a whole number"),
        ("do roll-next hgh", "scale: no scale named 'hgh'"),
        ("do crayfish-turn-down 1", "board: no board '1' (the game's: 0 to 0)"),
        ("choose pickem holdem gin", "games should be 'holdem' or"),
        ("choose trade 1", "up-for-down is missing"),
        ("roll 2 for fun if lucky", None),  # the purpose is any words, the note is the if
    ],
)
def test_a_bad_rule_argument_is_refused_at_load(step: str, said: str | None) -> None:
    if said is None:
        read_games(with_step(step), "my-game.toml")
        return
    message = refusal(with_step(step))
    assert message.startswith(f"my-game.toml: [my-game] steps[2] {step!r}: ")
    assert said in message


def test_a_rule_default_that_does_not_fit_the_game_is_refused() -> None:
    # omaha-x-qualifier without words plays on the share named "low": there must be one
    text = with_step("do omaha-x-qualifier", HOLDEM.replace('name = "low"', 'name = "lo"'))
    assert "low: no share 'low' (the game's: high, lo), the default when it is left out" in (
        refusal(text)
    )
    read_games(with_step("do omaha-x-qualifier lo", HOLDEM.replace('"low"', '"lo"')), "f.toml")


def test_every_declared_signature_is_of_a_registered_rule() -> None:
    registered = {("do", n) for n in EFFECTS.names()} | {("choose", n) for n in CHOICES.names()}
    assert set(SIGNATURES) <= registered


def test_the_catalogue_reads_under_the_same_contract() -> None:
    # every data file is read by read_games: its tables read one by one are the games
    data = resources.files("pokerbook.data").joinpath("games.toml").read_text(encoding="utf-8")
    raw = tomllib.loads(data)
    assert len(games()) == 99
    for game_id in ("F01", "F16", "S05"):
        assert read_game(game_id, raw[game_id], "games.toml") == games()[game_id]


# -- a user's file, found by path -----------------------------------------------------


def test_a_users_game_file_is_found_by_its_path(tmp_path: Path) -> None:
    path = tmp_path / "my-game.toml"
    path.write_text(HOLDEM, encoding="utf-8")
    game = find_game(str(path))
    assert (game.id, game.name) == ("my-game", "My Game")
    assert find_game(f"{path}+bug").deck == "standard-joker"


def test_a_file_of_several_games_needs_the_game_named(tmp_path: Path) -> None:
    path = tmp_path / "games.toml"
    other = HOLDEM.replace("[my-game]", "[other]").replace("My Game", "Other Game")
    path.write_text(HOLDEM + "\n" + other, encoding="utf-8")
    with pytest.raises(GameDefinitionError, match=r"declares 2 games \(my-game, other\)"):
        find_game(str(path))
    assert find_game(f"{path}:other").id == "other"
    assert find_game(f"{path}:My Game").id == "my-game"  # a name works as in the catalogue
    with pytest.raises(UnknownGameError, match="named 'othr'; did you mean: other Other Game"):
        find_game(f"{path}:othr")


def test_two_games_of_a_file_with_one_name_are_refused(tmp_path: Path) -> None:
    path = tmp_path / "games.toml"
    path.write_text(HOLDEM + "\n" + HOLDEM.replace("[my-game]", "[other]"), encoding="utf-8")
    with pytest.raises(GameDefinitionError, match=r"games\.toml: .*'mygame' of 'other' is taken"):
        find_game(f"{path}:other")


def test_a_missing_or_broken_file_is_refused_with_its_path(tmp_path: Path) -> None:
    with pytest.raises(GameDefinitionError, match=r"nothing\.toml: cannot read the game file"):
        load_game_file(tmp_path / "nothing.toml")
    broken = tmp_path / "broken.toml"
    broken.write_text("[x\n", encoding="utf-8")
    with pytest.raises(GameDefinitionError, match=r"broken\.toml: not valid TOML"):
        load_game_file(broken)
    empty = tmp_path / "empty.toml"
    empty.write_text("# nothing yet\n", encoding="utf-8")
    with pytest.raises(GameDefinitionError, match=r"empty\.toml: declares no game"):
        load_game_file(empty)

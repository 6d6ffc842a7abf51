"""The words a rule takes: each rule's argument signature, checked when a game is read.

A rule module declares what follows the rule's name in a step::

    takes("do", "pass", Param("seats", "count", minimum=1))

and :func:`check_arguments` holds a game's ``do pass 2`` to it.  A rule that declares
nothing takes no words.  Types:

* ``count``: a whole number (at least ``minimum``);
* ``share``: the name of one of the game's showdown shares;
* ``shares``: share names joined by commas (``omaha-high,omaha-low``);
* ``scale``: a hand scale's name (``pokerbook scales``);
* ``board``: a board's number in the game, from 0;
* ``word``: one of the ``choices``;
* ``text``: any word (a note for the log, such as a roll's purpose).

``optional`` words may be left out (the rule then uses ``default``), a ``repeated``
word takes every word left, and a ``keyword`` word is written ``NAME=VALUE`` in any
order.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal

if TYPE_CHECKING:
    from pokerbook.games.model import Game

#: ``do RULE`` (the dealer's rules, and ``roll N``) or ``choose RULE`` (the players')
RuleKind = Literal["do", "choose"]
ArgType = Literal["count", "share", "shares", "scale", "board", "word", "text"]


class RuleArgumentError(ValueError):
    """A step's words that its rule does not take."""


@dataclass(frozen=True)
class Param:
    """One word a rule takes (see the module's description of the types)."""

    name: str
    type: ArgType
    choices: tuple[str, ...] = ()
    optional: bool = False
    repeated: bool = False
    keyword: bool = False
    minimum: int = 0
    #: what the rule does without the word, for the reader
    default: str | None = None

    def usage(self) -> str:
        """The word as a usage line writes it: ``SEATS``, ``[no-pig]``, ``[red=SHARES]``."""
        if self.type == "word" and len(self.choices) == 1:
            text = self.choices[0]
        else:
            text = self.name.upper()
        if self.keyword:
            text = f"{self.name}={self.type.upper()}"
        if self.repeated:
            text += " ..."
        return f"[{text}]" if self.optional else text

    def describe(self) -> str:
        """The word in a sentence, for docs/engine.md."""
        kinds = {
            "count": f"a whole number, at least {self.minimum}",
            "share": "one of the game's showdown shares",
            "shares": "the game's share names joined by commas",
            "scale": "a hand scale",
            "board": "a board's number, from 0",
            "word": ("the word " if len(self.choices) == 1 else "one of ")
            + ", ".join(self.choices),
            "text": "any word",
        }
        text = f"{self.name}: {kinds[self.type]}"
        if self.repeated:
            text += " (any number)"
        if self.default is not None:
            text += f" (default {self.default})"
        return text

    def problem(self, word: str, game: Game) -> str | None:
        """What is wrong with ``word`` for this parameter in ``game``, or None."""
        if self.type == "count":
            if not word.isdigit():
                return f"{self.name} should be a whole number, not {word!r}"
            if int(word) < self.minimum:
                return f"{self.name} should be at least {self.minimum}, not {word}"
        elif self.type in ("share", "shares"):
            known = [share.name for share in game.showdown.shares]
            for name in word.split(",") if self.type == "shares" else [word]:
                if name not in known:
                    return f"{self.name}: no share {name!r} (the game's: {', '.join(known)})"
        elif self.type == "scale":
            from pokerbook.evaluation.scale import SCALES

            if word not in SCALES:
                return f"{self.name}: {SCALES.unknown(word)}"
        elif self.type == "board":
            if not word.isdigit() or int(word) >= game.boards:
                return f"{self.name}: no board {word!r} (the game's: 0 to {game.boards - 1})"
        elif self.type == "word" and word not in self.choices:
            return f"{self.name} should be {' or '.join(map(repr, self.choices))}, not {word!r}"
        return None


#: every rule's parameters, by kind and name
SIGNATURES: dict[tuple[RuleKind, str], tuple[Param, ...]] = {}


def takes(kind: RuleKind, name: str, *params: Param) -> None:
    """Declare the words the rule ``kind name`` takes."""
    if (kind, name) in SIGNATURES:
        raise ValueError(f"the words of {kind} {name!r} are declared twice")
    SIGNATURES[(kind, name)] = params


def usage(kind: RuleKind, name: str) -> str:
    """The rule's step with its words: ``choose declare FIRST SECOND [no-pig]``."""
    words = (p.usage() for p in SIGNATURES.get((kind, name), ()))
    return " ".join((kind, name, *words))


def _keyword_words(
    params: tuple[Param, ...], words: list[str], game: Game
) -> tuple[list[str], str | None]:
    """The words left once the ``NAME=VALUE`` ones are checked, and the first problem."""
    named = {p.name: p for p in params if p.keyword}
    given: dict[str, str] = {}
    rest: list[str] = []
    for word in words:
        key, sep, value = word.partition("=")
        if not sep:
            rest.append(word)
        elif key not in named:
            return rest, f"no word {key!r} (it takes {', '.join(named)})"
        else:
            given[key] = value
    for name, param in named.items():
        problem = param.problem(given[name], game) if name in given else _left_out(param, game)
        if problem is not None:
            return rest, problem
    return rest, None


#: the types whose default depends on the game (a share, a board ...), checked when left out
_GAME_TYPES = ("share", "shares", "board", "scale")


def _left_out(param: Param, game: Game) -> str | None:
    """What is wrong with leaving ``param`` out: it is needed, or its default does not
    fit the game (``do omaha-x-qualifier`` in a game with no ``low`` share)."""
    if not param.optional:
        return f"{param.name} is missing"
    if param.default is not None and param.type in _GAME_TYPES:
        problem = param.problem(param.default, game)
        if problem is not None:
            return f"{problem}, the default when it is left out"
    return None


def _problem(kind: RuleKind, name: str, args: tuple[str, ...], game: Game) -> str | None:
    params = SIGNATURES.get((kind, name), ())
    words, problem = _keyword_words(params, list(args), game)
    if problem is not None:
        return problem
    for param in (p for p in params if not p.keyword):
        taken = words if param.repeated else words[:1]
        if not taken:
            problem = _left_out(param, game)
        for word in taken:
            problem = problem or param.problem(word, game)
        if problem is not None:
            return problem
        words = words[len(taken) :]
    if words:
        return f"too many words: {' '.join(words)!r}"
    return None


def check_arguments(kind: RuleKind, name: str, args: tuple[str, ...], game: Game) -> None:
    """Refuse words the rule does not take, saying what it takes."""
    problem = _problem(kind, name, args, game)
    if problem is not None:
        raise RuleArgumentError(f"'{kind} {name}': {problem}; it takes: {usage(kind, name)}")

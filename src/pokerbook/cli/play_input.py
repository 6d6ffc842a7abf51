"""Reading the player's input at the terminal for ``pokerbook play``: lines, actions."""

from __future__ import annotations

import re
from collections.abc import Callable

import click
from rich.console import Console

from pokerbook.engine.actions import Action, parse_action
from pokerbook.engine.betting import Legal
from pokerbook.engine.errors import IllegalActionError

QUIT_WORDS = frozenset({"q", "quit", "exit"})
HELP_WORDS = frozenset({"?", "h", "help"})
ALL_IN_WORDS = frozenset({"all-in", "allin", "all", "shove", "jam", "max"})
BARE_BET_WORDS = frozenset({"bet", "raise", "b", "r", "min"})
SEAT_PREFIX = re.compile(r"^seat \d+: ")


class QuitError(Exception):
    """The player typed q (or the input ended)."""


def read_line(prompt: str) -> str:
    """A line from the player; ``q`` (or the end of the input) raises :class:`QuitError`."""
    try:
        text: str = click.prompt(prompt, default="", show_default=False, prompt_suffix=" ")
    except click.Abort:
        raise QuitError from None
    text = text.strip()
    if text.lower() in QUIT_WORDS:
        raise QuitError
    return text


def to_action(text: str, legal: Legal) -> Action:
    """The player's words or PHH codes as an action (``all-in`` and bare ``bet`` in
    limit included; at a choice, an option on its own or ``ch OPTION``).  ``call N``
    keeps N: the engine refuses a call of another amount."""
    word = text.lower()
    if legal.choose is not None:
        named = {option.lower(): option for option in legal.choose}
        if word in named:
            return Action("choose", option=named[word])
    if word in ALL_IN_WORDS and legal.max_to is not None:
        return Action("bet", legal.max_to)
    if (
        word in BARE_BET_WORDS
        and legal.min_to is not None
        and (word == "min" or legal.min_to == legal.max_to)
    ):
        return Action("bet", legal.min_to)
    return parse_action(text)


def ask_action(
    console: Console,
    legal: Legal,
    show_options: Callable[[], None],
    act: Callable[[Action], object],
) -> Action:
    """Ask for the player's action until ``act`` takes it: ``?`` shows the options
    again, an illegal action is refused with the engine's reason, an unreadable one
    with what could not be read and the options.  Returns the action taken."""
    while True:
        text = read_line("Your action (q quits) >")
        if not text:
            continue
        if text.lower() in HELP_WORDS:
            show_options()
            continue
        try:
            action = to_action(text, legal)
            act(action)
        except IllegalActionError as exc:
            # the engine's "seat N:" is yours: it is not said to you
            reason = SEAT_PREFIX.sub("", str(exc))
            console.print(f"[red]Not allowed:[/red] {reason}", highlight=False)
            show_options()
            continue
        except ValueError as exc:
            console.print(f"[red]Cannot read that:[/red] {exc}", highlight=False)
            show_options()
            continue
        return action

"""Errors the engine raises.  A refused action changes nothing."""

from __future__ import annotations


class IllegalActionError(ValueError):
    """An action the rules do not allow now.  ``rule`` names the rule; ``legal``
    describes what the player may do instead."""

    def __init__(self, rule: str, message: str, legal: str) -> None:
        super().__init__(f"{message} ({rule}); legal now: {legal}")
        self.rule = rule
        self.legal = legal


class HandConfigurationError(ValueError):
    """A hand that cannot be set up as asked (players, stakes, format, cards)."""

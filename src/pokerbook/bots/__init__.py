"""Bots: simple policies that play any game through ``hand.legal()``.

>>> import random
>>> from pokerbook.bots import get_policy
>>> policy = get_policy("call")
>>> # policy.choose(hand, random.Random(1)) -> an Action for the seat to act
"""

from __future__ import annotations

from pokerbook.bots.base import Policy, get_policy, policy_names
from pokerbook.bots.call import CallPolicy
from pokerbook.bots.random_policy import RandomPolicy

__all__ = ["CallPolicy", "Policy", "RandomPolicy", "get_policy", "policy_names"]

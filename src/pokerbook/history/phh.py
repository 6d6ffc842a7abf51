"""PHH hand histories (phh-std, "PHH: Poker Hand History"): the format, and the names to use.

A ``.phh`` file is one TOML document describing one hand; a ``.phhs`` file holds
several, each in a table named by its number (``[1]``, ``[2]`` ...).  The
fields read here:

* ``variant`` (see :mod:`pokerbook.history.variants`; ``_format`` and
  ``_spread`` for pokerbook's own codes, ``_house`` for a house profile),
* ``_chip``: the smallest chip when bigger than one unit (bets are whole chips,
  and a split pot's odd chip is one of them), and ``_overs``: the players (1 for
  ``p1`` ...) holding an Overs button (004 r.8), both pokerbook's own,
* pokerbook's fields for a hand's table agreements (:class:`HandSetup`; the
  table of keys is :mod:`pokerbook.history.setup_keys`): ``_first_to_act`` and
  ``_last_to_act`` (a player who acts first or last in the first betting round:
  a kill, 004 r.10), ``_kill`` (the player who posted a kill blind),
  ``_straddles`` (the players who straddled, in order), ``_dead_blinds`` (the
  dead part of missed blinds made up, one amount per player, like ``antes``),
  ``_carried_in`` (chips in the pot from an unopened deal), ``_bomb_pot``
  (each player's bomb-pot ante: no first betting round) and ``_run_twice``
  (the players agreed to run it twice: a board run twice has its second run's
  ``d db`` lines after the first run's, marked ``# run 2``),
* ``_deal_seed``, ``_deal_salt`` and ``_deal_commitment``: a deal committed to
  before the hand began (``pokerbook serve``), checked by ``pokerbook phh verify``
  (:mod:`pokerbook.history.deal_check`),
* ``antes``, ``blinds_or_straddles``, ``bring_in``, ``small_bet``, ``big_bet``,
  ``min_bet``, ``starting_stacks``: the stakes, per player where a list,
* ``actions``: ``d dh p1 AcAs`` (hole cards, ``??`` unknown), ``d db 7h8h9h``
  (board), ``p2 f`` / ``cc`` / ``cbr N`` / ``pb`` / ``sd [cards]`` /
  ``sm [cards|-]``; ``# ...`` commentary is dropped; ``pN dc cards`` (discard
  without a replacement) is a pokerbook extension for games PHH lacks,
* ``finishing_stacks``: the result a replay must reproduce (a history without one
  replays, but ``pokerbook phh verify`` fails it unless ``--allow-no-result``).

Player order: players are listed clockwise from the first seat left of the
button (the small blind) to the button; in stud from the dealer's left.  The
lists of antes and blinds are in that order, except heads-up, where the
standard reverses them (the first amount is the small blind, posted by the
button, which is the second player).

Amounts may be decimals (``0.50``): a hand is replayed in whole units of the
finest decimal its stakes, stacks and bets use (``scale``), so ``0.50/1`` is
played as ``50/100``.  Results (``finishing_stacks``) do not set the scale: a
result finer than the stakes is a result the engine's whole chips cannot give.

The model is :mod:`pokerbook.history.model`, the reader
:mod:`pokerbook.history.reader` (action lines: :mod:`pokerbook.history.action_lines`)
and the writer :mod:`pokerbook.history.writer`; this module gathers their names.
"""

from __future__ import annotations

from pokerbook.history.model import GAME_FIELDS, HandHistory, Number, PHHError, Step
from pokerbook.history.reader import load, read_hand, read_phh, read_phhs
from pokerbook.history.writer import hand_actions, write_phh, write_phhs

__all__ = [
    "GAME_FIELDS",
    "HandHistory",
    "Number",
    "PHHError",
    "Step",
    "hand_actions",
    "load",
    "read_hand",
    "read_phh",
    "read_phhs",
    "write_phh",
    "write_phhs",
]

"""Tournaments at any number of tables: structures and clocks, entries, seating and
balancing, chip races, places and prizes, bounties and the other tournament formats,
and a director that runs a whole event with bots (``pokerbook tournament``).

The one-table freezeout of a game night stays in :mod:`pokerbook.table.tournament`.
"""

"""Equity: each hand's share of the pot, for any game, by enumeration or sampling."""

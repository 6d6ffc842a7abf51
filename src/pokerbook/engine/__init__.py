"""The hand engine: one state machine that runs any game declared as data."""

"""The table scales that :func:`pokerbook.evaluate` answers from its fast tables, named
once for the tests of the fast paths (a helper module, not a test module)."""

FAST_SCALES = (
    "high",
    "a5-low",
    "27-low",
    "a6-low",
    "26-low",
    "madison",
    "lowest-straight",
    "quick-quads-high",
)

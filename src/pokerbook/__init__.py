"""pokerbook: an executable poker rulebook.

>>> from pokerbook import evaluate
>>> str(evaluate("high", "As Ad", "Ac Kd Ks 7h 2c"))
'Aces full of kings'
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

from pokerbook import compiled  # noqa: F401  (first: it picks compiled modules or sources)
from pokerbook.cards import Card, parse
from pokerbook.evaluation.quick import evaluate
from pokerbook.evaluation.scale import Scale, get_scale, scale_names
from pokerbook.evaluation.value import HandValue

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

__version__ = "0.1.0"

__all__ = [
    "Card",
    "HandValue",
    "Scale",
    "equity",
    "evaluate",
    "evaluate_batch",
    "get_scale",
    "parse",
    "scale_names",
]


def evaluate_batch(scale: str | Scale, cards: Any, **options: Any) -> npt.NDArray[np.int64]:
    """Evaluate every row of an ``(N, k)`` array of card indices.

    See :func:`pokerbook.evaluation.batch.evaluate_batch` for the options.
    """
    from pokerbook.evaluation.batch import evaluate_batch as run

    return run(scale, cards, **options)


# The equity package is loaded first (it is only its docstring: the work is in its
# modules), so that the function below, not the package, is ``pokerbook.equity``:
# importing a package sets it on its parent once, when it is first loaded.
importlib.import_module("pokerbook.equity")


def equity(
    game: Any, hands: Any, board: Any = "", dead: Any = "", **options: Any
) -> dict[str, Any]:
    """Each hand's share of the pot in any game, exact or sampled.

    See :func:`pokerbook.equity.api.equity` for the options and the answer's shape.
    """
    from pokerbook.equity.api import equity as run

    return run(game, hands, board, dead, **options)

"""``pokerbook eval`` and ``pokerbook scales``."""

from __future__ import annotations

import json

import click

from pokerbook.cards.notation import format_cards, to_cards
from pokerbook.evaluation.scale import all_scales
from pokerbook.evaluation.usage import HoleUse, boards_of, evaluate


def _hole_use(text: str | None) -> HoleUse:
    """``2``, ``0-2`` (a range) or ``2,5`` (a set of counts)."""
    if text is None:
        return None
    try:
        if "-" in text:
            lo, hi = (int(x) for x in text.split("-", 1))
            return range(lo, hi + 1)
        if "," in text:
            return tuple(int(x) for x in text.split(","))
        return int(text)
    except ValueError:
        raise click.BadParameter(
            f"{text!r}: write a count (2), a range (0-2) or a list (2,5)", param_hint="--hole-use"
        ) from None


@click.command("eval")
@click.argument("scale")
@click.argument("cards")
@click.option("--board", "-b", multiple=True, help="Board cards; repeat for several boards.")
@click.option("--hole-use", "-u", help="Hole cards to use: 2, 0-2 or 2,5 (default: any).")
@click.option("--wild", "-w", help="Wild ranks or cards, e.g. '2' or 'Js Jh Kd'.")
@click.option("--joker", "-j", type=click.Choice(["bug", "wild", "ace"]), help="How a joker plays.")
@click.option("--json", "as_json", is_flag=True, help="Print a JSON object.")
def eval_command(
    scale: str,
    cards: str,
    board: tuple[str, ...],
    hole_use: str | None,
    wild: str | None,
    joker: str | None,
    as_json: bool,
) -> None:
    """Value a hand on SCALE: prints the value and its name.

    \b
    pokerbook eval high "Ah Kh" --board "Qh Jh Th 2c 3d"
    pokerbook eval a5-low "7c 5d 4h 2s As"
    pokerbook eval high "As Ks Qd Jd" -b "Ts 9s 2c 3d 4h" -u 2
    """
    hole = to_cards(cards)
    boards = [to_cards(b) for b in board]
    board_arg = boards if len(boards) > 1 else (boards[0] if boards else ())
    value = evaluate(scale, hole, board_arg, hole_use=_hole_use(hole_use), wild=wild, joker=joker)
    if as_json:
        payload = {
            "scale": value.scale.name,
            "hole": format_cards(hole),
            "boards": [format_cards(b) for b in boards_of(board_arg)] if boards else [],
            "value": int(value),
            "name": str(value),
        }
        click.echo(json.dumps(payload))
    else:
        click.echo(f"{int(value)}  {value}")


@click.command("scales")
@click.option("--json", "as_json", is_flag=True, help="Print a JSON list.")
def scales_command(as_json: bool) -> None:
    """List every hand scale with its aliases and rulebook description."""
    scales = all_scales()
    if as_json:
        rows = [
            {
                "name": s.name,
                "aliases": list(s.aliases),
                "low": s.is_low,
                "description": s.description,
            }
            for s in scales
        ]
        click.echo(json.dumps(rows, indent=2))
        return
    for s in scales:
        aliases = f" (also {', '.join(s.aliases)})" if s.aliases else ""
        click.echo(f"{s.name}{aliases}\n    {s.description}")

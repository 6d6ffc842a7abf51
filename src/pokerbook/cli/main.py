"""``pokerbook``: the command-line entry point."""

from __future__ import annotations

import sys

import click

from pokerbook import __version__
from pokerbook.cli.equity_command import equity_command
from pokerbook.cli.eval_command import eval_command, scales_command
from pokerbook.cli.games_command import games_command
from pokerbook.cli.phh_command import phh
from pokerbook.cli.play_command import play_command
from pokerbook.cli.rules_command import rules_command
from pokerbook.cli.serve_command import serve_command
from pokerbook.cli.simulate_command import simulate_command
from pokerbook.cli.tournament_command import tournament_group


@click.group(invoke_without_command=True, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="pokerbook")
@click.pass_context
def cli(ctx: click.Context) -> None:
    """pokerbook: an executable poker rulebook.

    Play any game the engine has against bots, simulate and check thousands of
    hands, verify hand histories, and value hands on every scale the rulebooks
    use.  Try:

    \b
        pokerbook play --game razz
        pokerbook simulate --game plo --hands 1000
        pokerbook phh verify ../shared/phh
        pokerbook eval high "As Ks" --board "Qs Js Ts 2c 3d"
    """
    if ctx.invoked_subcommand is None:
        click.echo(ctx.get_help())


cli.add_command(eval_command)
cli.add_command(scales_command)
cli.add_command(equity_command)
cli.add_command(phh)
cli.add_command(simulate_command)
cli.add_command(play_command)
cli.add_command(games_command)
cli.add_command(rules_command)
cli.add_command(serve_command)
cli.add_command(tournament_group)


def main() -> None:
    """Run the command line, turning expected errors into one readable line."""
    try:
        cli.main(standalone_mode=False)
    except click.exceptions.Abort:
        click.echo("aborted", err=True)
        sys.exit(1)
    except click.ClickException as exc:
        exc.show()
        sys.exit(exc.exit_code)
    except (ValueError, KeyError) as exc:
        message = exc.args[0] if exc.args else str(exc)
        click.echo(f"error: {message}", err=True)
        sys.exit(2)

"""``pokerbook``: the command-line entry point."""

from __future__ import annotations

import importlib
import sys

import click

from pokerbook import __version__

#: every command's name and where it is defined (``module:attribute``): a command's
#: module is imported when the command runs (or help lists it), so starting one
#: command does not load every other's (the server's database layer, the exports ...)
COMMANDS: dict[str, str] = {
    "eval": "pokerbook.cli.eval_command:eval_command",
    "scales": "pokerbook.cli.eval_command:scales_command",
    "equity": "pokerbook.cli.equity_sweep:equity_group",
    "phh": "pokerbook.cli.phh_command:phh",
    "simulate": "pokerbook.cli.simulate_command:simulate_command",
    "play": "pokerbook.cli.play_command:play_command",
    "games": "pokerbook.cli.games_command:games_command",
    "rules": "pokerbook.cli.rules_command:rules_command",
    "serve": "pokerbook.cli.serve_command:serve_command",
    "tournament": "pokerbook.cli.tournament_command:tournament_group",
}


class LazyGroup(click.Group):
    """A group whose commands are imported from :data:`COMMANDS` when first used."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted({*super().list_commands(ctx), *COMMANDS})

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        found = super().get_command(ctx, cmd_name)
        if found is not None or cmd_name not in COMMANDS:
            return found
        module, _, attribute = COMMANDS[cmd_name].partition(":")
        command = getattr(importlib.import_module(module), attribute)
        if not isinstance(command, click.Command):
            raise TypeError(f"{COMMANDS[cmd_name]} is not a click command")
        self.add_command(command, cmd_name)
        return command


@click.group(
    cls=LazyGroup,
    invoke_without_command=True,
    context_settings={"help_option_names": ["-h", "--help"]},
)
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

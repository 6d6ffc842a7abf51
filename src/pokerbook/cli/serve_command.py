"""``pokerbook serve``: the table server (docs/server.md).

On its first run (an empty database) it opens a table of no-limit hold'em and prints
the host's link, which holds the host token, and the link to send to the players.
Every later start resumes every table from the log, mid-hand included.
"""

from __future__ import annotations

import json
from pathlib import Path

import click

from pokerbook.server.store import StoreError

DEFAULT_TABLE = {
    "game": "F01",
    "format": "no-limit",
    "stakes": "1/2",
    "seats": 6,
    "name": "Hold'em",
}


@click.command("serve")
@click.option("--host", default="127.0.0.1", show_default=True, help="Address to listen on.")
@click.option("--port", default=8000, show_default=True, type=click.IntRange(0, 65535))
@click.option(
    "--db",
    default="pokerbook.sqlite",
    show_default=True,
    help="The event log: a SQLite file (made on first run) or a postgresql:// URL.",
)
@click.option(
    "--new-table",
    "new_table",
    type=click.Path(dir_okay=False, exists=True, path_type=Path),
    help="Open a table with these settings (a JSON file, as POST /api/tables takes).",
)
@click.option(
    "--deal-seed",
    "deal_seed",
    type=click.IntRange(0),
    default=None,
    help=(
        "For tests: deals, salts, table ids, tokens and bots' seeds come from N instead "
        "of the OS secure source; never for real games."
    ),
    metavar="N",
)
@click.option(
    "--log-level",
    default="warning",
    show_default=True,
    type=click.Choice(["critical", "error", "warning", "info", "debug"]),
)
def serve_command(
    host: str,
    port: int,
    db: str,
    new_table: Path | None,
    deal_seed: int | None,
    log_level: str,
) -> None:
    """Serve tables for people to play at together, over HTTP and WebSockets."""
    import uvicorn

    from pokerbook.server.app import make_app
    from pokerbook.server.config import ConfigError

    try:
        app = make_app(db, deal_seed=deal_seed)
    except StoreError as exc:
        raise click.ClickException(str(exc)) from None
    server = app.state.server
    settings: object = None
    if new_table is not None:
        try:
            settings = json.loads(new_table.read_text(encoding="utf-8"))
        except ValueError as exc:
            raise click.BadParameter(f"not JSON: {exc}", param_hint="--new-table") from None
    elif not server.store.table_ids():
        settings = DEFAULT_TABLE
    base = f"http://{'localhost' if host in ('127.0.0.1', '0.0.0.0') else host}:{port}"
    click.echo(f"pokerbook serving on {base} (log: {server.store.url})")
    if deal_seed is not None:
        click.echo(f"DEAL SEED {deal_seed}: every card and token can be foretold (tests only)")
    if settings is not None:
        try:
            table, host_token = server.create_offline(settings)
        except ConfigError as exc:
            raise click.BadParameter(str(exc), param_hint="--new-table") from None
        click.echo(f"New table {table.id}: {table.night.name}")
        click.echo(
            f"  host link (keep it: it holds the host token): {base}/t/{table.id}?host={host_token}"
        )
        click.echo(f"  players join at: {base}/t/{table.id}")
        click.echo(f"  host token: {host_token}")
    else:
        count = len(server.store.table_ids())
        click.echo(f"{count} table{'s resume' if count != 1 else ' resumes'} from the log")
    uvicorn.run(
        app,
        host=host,
        port=port,
        log_level=log_level,
        ws="websockets-sansio",
        # a phone between two decisions keeps its connection (uvicorn's own 5 s would
        # make most actions open a new one), as nginx's 75 s default does
        timeout_keep_alive=75,
        # states are a few kilobytes: compressing each for every seat costs the server
        # more CPU and memory than it saves on a network
        ws_per_message_deflate=False,
    )

"""``pokerbook tournament clock``: a director's clock in the terminal.

It shows the level in play and the time left in it, the next level, the next break,
the players left and the average stack (rules.md §7.1; 001 Tournaments r.6-7).  Live,
with keys when stdin is a terminal: space pauses and resumes, ``n`` skips to the next
level, ``b`` records a bust, ``q`` quits.  ``--once`` prints one frame and exits.
"""

from __future__ import annotations

import contextlib
import io
import math
import select
import sys
import time
from collections.abc import Iterator

import click
from rich.console import Console, Group, RenderableType
from rich.live import Live
from rich.panel import Panel
from rich.table import Table

from pokerbook.tournament.clock import Clock, ClockState
from pokerbook.tournament.structure import Level, Structure, StructureError, load_structure

#: screen refreshes a second in the live clock
REFRESH = 4
KEYS_HELP = "space pause/resume · n next level · b bust · q quit"


def duration(seconds: float | None) -> str:
    """``1:02:03``, ``12:05``; ``-`` for none, ``∞`` for no end."""
    if seconds is None:
        return "-"
    if math.isinf(seconds):
        return "∞"
    whole = max(0, math.ceil(seconds))
    hours, rest = divmod(whole, 3600)
    minutes, secs = divmod(rest, 60)
    return f"{hours}:{minutes:02}:{secs:02}" if hours else f"{minutes}:{secs:02}"


def _stakes_line(structure: Structure, level: Level) -> str:
    """The level's forced bets, and its limits in a limit structure."""
    text = level.describe().split(": ", 1)[1].split(";")[0].split(" [")[0]
    if structure.format == "limit" and level.bets is None and level.blinds:
        text += f", limits {level.big_blind}/{2 * level.big_blind}"
    return text


def frame(structure: Structure, state: ClockState) -> RenderableType:
    """One screen of the clock."""
    level = state.level
    title = f"{structure.name} — level {level.number} of {len(structure.levels)}"
    if state.paused:
        title += "  [PAUSED]"
    grid = Table.grid(padding=(0, 2))
    grid.add_column(style="bold")
    grid.add_column()
    if state.on_break:
        grid.add_row("BREAK", f"{duration(state.seconds_left)} left")
        grid.add_row("then", f"level {level.number}: {_stakes_line(structure, level)}")
    else:
        grid.add_row("stakes", _stakes_line(structure, level))
        grid.add_row("time left", duration(state.seconds_left))
    games = structure.game_names(level)
    if len(games) > 1:
        grid.add_row("games", ", ".join(games))
    following = state.next_level
    grid.add_row(
        "next level",
        f"{following.number}: {_stakes_line(structure, following)}"
        if following
        else "none (the last level)",
    )
    grid.add_row("next break", "now" if state.on_break else duration(state.next_break_in))
    grid.add_row("players", f"{state.players_left} of {state.entrants}")
    grid.add_row("average stack", f"{state.average_stack:,}")
    grid.add_row("played", duration(state.minutes * 60))
    return Panel(grid, title=title, subtitle=KEYS_HELP, expand=False)


def frame_text(structure: Structure, state: ClockState, width: int = 100) -> str:
    """The frame as plain text."""
    console = Console(file=io.StringIO(), width=width, record=True, color_system=None)
    console.print(frame(structure, state))
    return console.export_text()


@contextlib.contextmanager
def _keys() -> Iterator[None]:
    """The terminal in cbreak mode (keys without Enter), restored after."""
    import termios
    import tty

    fd = sys.stdin.fileno()
    saved = termios.tcgetattr(fd)
    try:
        tty.setcbreak(fd)
        yield
    finally:
        termios.tcsetattr(fd, termios.TCSADRAIN, saved)


def _key(timeout: float) -> str | None:
    ready, _, _ = select.select([sys.stdin], [], [], timeout)
    return sys.stdin.read(1) if ready else None


def apply_key(clock: Clock, key: str, now: float) -> bool:
    """Do what ``key`` asks; False to quit."""
    if key == "q":
        return False
    if key == " ":
        clock.toggle(now)
    elif key == "n":
        clock.next_level(now)
    elif key == "b" and clock.players_left > 1:
        clock.bust()
    return True


def _run_live(structure: Structure, clock: Clock) -> None:
    interactive = sys.stdin.isatty()
    with Live(refresh_per_second=REFRESH, screen=False) as live:
        context = _keys() if interactive else contextlib.nullcontext()
        with context:
            while True:
                now = time.monotonic()
                live.update(Group(frame(structure, clock.state(now))))
                if not interactive:
                    time.sleep(1 / REFRESH)
                    continue
                key = _key(1 / REFRESH)
                if key is not None and not apply_key(clock, key, time.monotonic()):
                    return


@click.command("clock")
@click.option(
    "--structure",
    "structure_name",
    required=True,
    metavar="NAME|FILE",
    help="A built-in structure (nlhe, oresteen, barge-horse ...) or a structure file.",
)
@click.option("--players", type=click.IntRange(min=1), required=True, help="Entrants.")
@click.option("--once", is_flag=True, help="Print one frame and exit.")
@click.option(
    "--at",
    "at_minutes",
    type=click.FloatRange(min=0),
    default=0.0,
    show_default=True,
    help="Start the clock this many minutes into the event.",
)
def clock_command(structure_name: str, players: int, once: bool, at_minutes: float) -> None:
    """A director's clock: the level, time left, next level, breaks, players left and
    the average stack.

    \b
    pokerbook tournament clock --structure oresteen --players 12
    pokerbook tournament clock --structure nlhe --players 1000 --at 95 --once
    """
    try:
        structure = load_structure(structure_name)
        now = time.monotonic()
        clock = Clock(structure, now - at_minutes * 60, players)
    except StructureError as exc:
        raise click.ClickException(str(exc)) from None
    if once:
        click.echo(frame_text(structure, clock.state(now)), nl=False)
        return
    with contextlib.suppress(KeyboardInterrupt):
        _run_live(structure, clock)

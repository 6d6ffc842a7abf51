"""Chunks of work on a local Ray started by the test (the ``cluster`` extra)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from click.testing import CliRunner

from pokerbook.bots.parallel import run_simulation
from pokerbook.bots.simulation import Table
from pokerbook.cli.main import cli
from pokerbook.cluster import ClusterError, check_address, connect, ray_map, workers
from pokerbook.equity.sweep import sweep
from pokerbook.games.catalogue import find_game
from pokerbook.games.stakes import Stakes

pytestmark = pytest.mark.slow  # a local Ray takes seconds to start


@pytest.fixture(scope="module")
def local_ray() -> Iterator[str]:
    ray = connect("auto")
    yield "auto"
    ray.shutdown()


def square_plus_index(n: int) -> int:
    """A chunk's work: defined here, so the nodes receive it by value."""
    return n * n + 1


def test_results_come_back_in_the_chunks_order(local_ray: str) -> None:
    seen: list[int] = []
    out = ray_map(square_plus_index, list(range(12)), local_ray, lambda i, _r: seen.append(i))
    assert out == [n * n + 1 for n in range(12)]
    assert sorted(seen) == list(range(12))


def test_the_local_cluster_offers_this_machines_cpus(local_ray: str) -> None:
    assert workers(local_ray) >= 1


@pytest.mark.parametrize("address", ["10.0.0.5:10001", "ray://", "ray://host", "ray://:1", "x"])
def test_an_address_that_is_neither_auto_nor_ray_client_is_refused(address: str) -> None:
    with pytest.raises(ClusterError, match="ray://"):
        check_address(address)


def test_a_client_address_is_taken() -> None:
    assert check_address("ray://10.0.0.5:10001") == "ray://10.0.0.5:10001"


def test_a_simulation_on_the_cluster_plays_the_hands_it_plays_here(local_ray: str) -> None:
    razz = Table(
        find_game("S05"), Stakes("limit", ante=1, bring_in=2, small_bet=5, big_bet=10), (100,) * 5
    )
    here: list[str] = []
    there: list[str] = []
    alone = run_simulation(razz, "random", 130, 5, history=here.append, chunk_hands=40)
    spread = run_simulation(
        razz, "random", 130, 5, history=there.append, chunk_hands=40, cluster=local_ray
    )
    assert len(here) == 130
    assert here == there  # every hand, action for action, in order
    assert alone.totals == spread.totals


def test_simulate_on_the_cluster_prints_what_it_prints_here(local_ray: str) -> None:
    args = ["simulate", "--game", "F01", "--policy", "call", "--hands", "1500", "--seed", "2"]
    here = CliRunner().invoke(cli, args)
    there = CliRunner().invoke(cli, [*args, "--cluster", local_ray])
    assert here.exit_code == there.exit_code == 0, there.output
    assert "on the Ray cluster at auto" in there.output
    assert here.output.splitlines()[:-1] == there.output.splitlines()[:-1]


def test_an_equity_sweep_on_the_cluster_gives_the_numbers_it_gives_here(local_ray: str) -> None:
    here = sweep("holdem", trials=3000, classes=8, seed=9)
    there = sweep("holdem", trials=3000, classes=8, seed=9, cluster=local_ray)
    assert len(here.rows) == 8
    assert there.rows == here.rows
    args = ["equity", "sweep", "F01", "-n", "1000", "--classes", "8", "--json"]
    printed = CliRunner().invoke(cli, args)
    spread = CliRunner().invoke(cli, [*args, "--cluster", local_ray])
    assert printed.exit_code == spread.exit_code == 0, spread.output
    assert printed.output == spread.output


@pytest.mark.parametrize(
    ("extra", "message"),
    [
        (["--night", "horse", "--cluster", "auto"], "--cluster applies to --game"),
        (["--game", "F01", "--workers", "2", "--cluster", "auto"], "not both"),
        (["--game", "F01", "--cluster", "head:10001"], "ray://"),
    ],
)
def test_simulate_refuses_a_cluster_it_cannot_use(extra: list[str], message: str) -> None:
    result = CliRunner().invoke(cli, ["simulate", "--hands", "10", *extra])
    assert result.exit_code == 2
    assert message in result.output

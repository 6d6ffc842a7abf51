"""Chunks of work on a local Ray started by the test (the ``cluster`` extra)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from pokerbook.cluster import ClusterError, check_address, connect, ray_map, workers

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

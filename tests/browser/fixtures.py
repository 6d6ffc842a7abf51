"""The fixtures of the real-browser tests of the table page (``conftest.py`` takes them
from here): the server (the real app under uvicorn, in a thread), one headless Chromium
for the session, and a fresh phone-sized or desktop-sized browser context for each test.

Without Chromium (``/usr/bin/chromium``, or the path in ``POKERBOOK_CHROMIUM``) or the
Playwright package the tests are skipped, saying why; with ``CI=1`` or
``POKERBOOK_BROWSER_REQUIRED=1`` they fail instead: CI must run them.
"""

from __future__ import annotations

import importlib.util
import os
import socket
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

if TYPE_CHECKING:
    from playwright.sync_api import Browser, BrowserContext, Playwright
    from starlette.applications import Starlette

HERE = Path(__file__).parent

#: Chromium's flags for a headless run in a container (no GPU, no sandbox, no calls home)
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
]
PHONE: dict[str, Any] = {
    "viewport": {"width": 390, "height": 844},
    "is_mobile": True,
    "has_touch": True,
    "device_scale_factor": 2,
}
DESKTOP: dict[str, Any] = {"viewport": {"width": 1280, "height": 800}}
#: the ports the browser tests' server may listen on
PORTS = range(8200, 8300)


def chromium_path() -> str:
    return os.environ.get("POKERBOOK_CHROMIUM") or "/usr/bin/chromium"


def missing() -> str | None:
    """Why the browser tests cannot run here, or None."""
    if importlib.util.find_spec("playwright") is None:
        return "the Playwright package is not installed (pip install -e '.[test]')"
    path = chromium_path()
    if not os.access(path, os.X_OK):
        return f"no Chromium at {path} (apt-get install chromium, or set POKERBOOK_CHROMIUM)"
    return None


def required() -> bool:
    return os.environ.get("CI") == "1" or os.environ.get("POKERBOOK_BROWSER_REQUIRED") == "1"


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    for item in items:
        if HERE in Path(str(item.path)).parents:
            item.add_marker(pytest.mark.browser)


class Served:
    """The app served over HTTP: its base URL and the app itself (the oracle: the
    server's own tables, ``app.state.server.runners[id].table``)."""

    def __init__(self, base: str, app: Starlette) -> None:
        self.base = base
        self.app = app


def _free_port() -> int:
    for port in PORTS:
        with socket.socket() as probe:
            try:
                probe.bind(("127.0.0.1", port))
            except OSError:
                continue
            return port
    raise RuntimeError(f"no free port in {PORTS.start}-{PORTS.stop - 1}")


@pytest.fixture(scope="session")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Served]:
    reason = missing()
    if reason is not None:
        if required():
            pytest.fail(f"the browser tests must run here (CI): {reason}")
        pytest.skip(reason)
    import uvicorn

    from pokerbook.server.app import make_app

    db = str(tmp_path_factory.mktemp("browser") / "pokerbook.sqlite")
    app = make_app(db, rate=1e9, burst=1e9, deal_seed=7)
    port = _free_port()
    config = uvicorn.Config(
        app,
        host="127.0.0.1",
        port=port,
        loop="asyncio",
        ws="websockets-sansio",
        ws_per_message_deflate=False,
        log_level="warning",
        lifespan="on",
    )
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, name="pokerbook-serve", daemon=True)
    thread.start()
    end = time.monotonic() + 20
    while not server.started:
        if not thread.is_alive() or time.monotonic() > end:
            raise RuntimeError("the server did not start")
        time.sleep(0.01)
    yield Served(f"http://127.0.0.1:{port}", app)
    server.should_exit = True
    thread.join(10)


@pytest.fixture(scope="session")
def playwright_session(served: Served) -> Iterator[Playwright]:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        yield playwright


@pytest.fixture(scope="session")
def browser(playwright_session: Playwright) -> Iterator[Browser]:
    launched = playwright_session.chromium.launch(
        executable_path=chromium_path(), args=CHROMIUM_ARGS, headless=True
    )
    yield launched
    launched.close()


def _context(browser: Browser, options: dict[str, Any]) -> BrowserContext:
    context = browser.new_context(accept_downloads=True, **options)
    context.set_default_timeout(8000)
    return context


@pytest.fixture
def phone(browser: Browser) -> Iterator[BrowserContext]:
    context = _context(browser, PHONE)
    yield context
    context.close()


@pytest.fixture
def phone2(browser: Browser) -> Iterator[BrowserContext]:
    context = _context(browser, PHONE)
    yield context
    context.close()


@pytest.fixture
def desktop(browser: Browser) -> Iterator[BrowserContext]:
    context = _context(browser, DESKTOP)
    yield context
    context.close()


@pytest.fixture(params=["phone", "desktop"])
def screen(browser: Browser, request: pytest.FixtureRequest) -> Iterator[BrowserContext]:
    """A phone in portrait, then a laptop: each family's hands are played at both."""
    context = _context(browser, PHONE if request.param == "phone" else DESKTOP)
    yield context
    context.close()

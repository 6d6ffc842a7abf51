"""The real-browser tests of the table page: their fixtures live in
:mod:`tests.browser.fixtures` (a module of its own, so that it is type-checked as
``tests.browser.fixtures``: mypy cannot tell two files named ``conftest`` apart)."""

from tests.browser.fixtures import (  # noqa: F401
    browser,
    desktop,
    phone,
    phone2,
    playwright_session,
    pytest_collection_modifyitems,
    screen,
    served,
)

"""Shared fixtures: the dev server and booted game pages.

* ``base_url`` (session): ``tools/dev/serve.py`` on a free 127.0.0.1 port serving the repository
  (or ``--base-url URL`` to test another server).
* ``browser`` (session, from pytest-playwright): Debian's Chromium, see ``tests/browser.py``.
* ``booted`` (module): one page booted with ``boot_page`` shared by a test module.

Once collection is over, the commands of ``EARLY`` in the collected modules start (tests/early.py);
the modules that name such commands run last, so their tests that wait on them find them done.
Under pytest-xdist (``./check`` runs two workers, each module whole in one of them) a worker
cannot know which modules it will be sent, so the commands start in the test that needs them,
and their modules go first: the longest tests start while the other worker runs the rest.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from typing import Any

import pytest

from tests import early
from tests.browser import BootState, boot_page
from tools.dev.chromium import CHROMIUM_ARGS, executable
from tests.devserver import ROOT, DevServer


def _in_worker() -> bool:
    return "PYTEST_XDIST_WORKER" in os.environ


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The modules with ``EARLY`` commands go last, or first in an xdist worker (a stable sort:
    the rest keep their order)."""
    items.sort(key=lambda item: bool(getattr(getattr(item, "module", None), "EARLY", None)) != _in_worker())


def pytest_collection_finish(session: pytest.Session) -> None:
    """Start the commands of the modules whose tests will run (tests/early.py)."""
    if _in_worker():
        return
    modules = {getattr(item, "module", None) for item in session.items}
    for module in sorted(modules - {None}, key=lambda m: m.__name__):
        for name, command in getattr(module, "EARLY", {}).items():
            early.start(name, command)


def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    early.stop_all()


@pytest.fixture(scope="session")
def dev_server() -> Iterator[str]:
    """URL of ``tools/dev/serve.py`` serving the repository root."""
    with DevServer(ROOT) as url:
        yield url


@pytest.fixture(scope="session")
def base_url(pytestconfig: pytest.Config, request: pytest.FixtureRequest) -> str:
    """Where the game is served; overrides pytest-playwright's ``base_url``."""
    given = pytestconfig.getoption("--base-url", default=None)
    if not given:
        try:
            given = pytestconfig.getini("base_url")
        except ValueError:  # the ini key is only registered by pytest-playwright/pytest-base-url
            given = None
    if given:
        return str(given)
    return str(request.getfixturevalue("dev_server"))


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict[str, Any]) -> dict[str, Any]:
    return {
        **browser_type_launch_args,
        "executable_path": executable(),
        "args": [*browser_type_launch_args.get("args", []), *CHROMIUM_ARGS],
    }


@pytest.fixture(scope="session")
def browser_context_args(browser_context_args: dict[str, Any]) -> dict[str, Any]:
    return {**browser_context_args, "service_workers": "block"}


@pytest.fixture(scope="module")
def booted(browser: Any, base_url: str) -> Iterator[BootState]:
    """The game page, booted once per test module."""
    state = boot_page(browser, base_url)
    yield state
    state.close()


@pytest.fixture(scope="module")
def instant(browser: Any, base_url: str) -> Iterator[BootState]:
    """The game page at ``?speed=0`` (bots move without pauses), booted once per module."""
    state = boot_page(browser, base_url + "?speed=0")
    yield state
    state.close()

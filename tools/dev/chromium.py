"""Debian's headless Chromium and the page served locally: shared by the tests and tools.

    with served() as url, browser() as chromium:
        page = chromium.new_page(); page.goto(url)

Playwright cannot download browsers here, so it drives ``$CHROMIUM`` or
``/usr/bin/chromium`` (installed by ./check) with flags that keep it off the network.
"""

from __future__ import annotations

import os
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING

from tools.dev.serve import make_server
from tools.build.vendor import ROOT

if TYPE_CHECKING:
    from playwright.sync_api import Browser

# In a page: the name of the service worker's cache once it is active and its precache is
# complete (the worker adds its "__precache__" marker last), else null.
PRECACHED_CACHE_JS = """async () => {
  const registration = await navigator.serviceWorker.getRegistration();
  if (!registration?.active) return null;
  for (const name of await caches.keys()) {
    const cache = await caches.open(name);
    if (await cache.match(new URL("__precache__", registration.scope).href)) return name;
  }
  return null;
}"""

# The pages hand their interpreter to no one; a test or tool that runs Python in a page installs
# this hook before any of the page's scripts runs (``context.add_init_script``), and the page's
# ready hook gives it the interpreter, as ``window.__musTestPython``. A reader's console cannot
# do the same on a normal load: by the time it runs, the hook was asked for and was not there.
PYTHON_HOOK = "window.__musTestHook = (python) => { window.__musTestPython = python; };"

CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-dev-shm-usage",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
]


def executable() -> str:
    """``$CHROMIUM`` if set, else Debian's ``/usr/bin/chromium``."""
    for candidate in (os.environ.get("CHROMIUM"), "/usr/bin/chromium"):
        if candidate and os.path.exists(candidate):
            return candidate
    raise RuntimeError("Chromium not found: set $CHROMIUM or run ./check (installs Debian's chromium)")


@contextmanager
def served(root: Path = ROOT) -> Iterator[str]:
    """``root`` (the repository) served by tools/dev/serve.py on a free 127.0.0.1 port; yields its URL."""
    server = make_server(root, 0, quiet=True)
    host, port = server.server_address[:2]
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        yield f"http://{host}:{port}/"
    finally:
        server.shutdown()
        server.server_close()


@contextmanager
def browser() -> Iterator[Browser]:
    """Headless Chromium launched through Playwright with the project's flags."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=executable(), args=CHROMIUM_ARGS)
        try:
            yield launched
        finally:
            launched.close()

"""Boot the game page in Playwright and record what it did (shared by the browser tests).

    state = boot_page(browser, url)      # waits for <html class="ready">
    state.page                           # the booted page
    state.external_requests              # requests that tried to leave 127.0.0.1 (aborted)
    state.console_errors                 # console.error messages and uncaught page errors

Each boot starts PyScript and MicroPython (a second or so), so share one booted page per test
module: the ``booted`` fixture in ``conftest.py`` does that. Every page opened through
``boot_page`` hands the tests its interpreter (``expose_python``), which ``tests.ui.py`` uses.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any
from urllib.parse import urlsplit

from tools.dev.chromium import PYTHON_HOOK

if TYPE_CHECKING:
    from playwright.sync_api import Browser, BrowserContext, Page, Route

BOOT_TIMEOUT_MS = 120_000
LOCAL_HOSTS = frozenset({"127.0.0.1"})
NON_NETWORK_SCHEMES = frozenset({"data", "blob", "about", "chrome-extension", "devtools"})


def is_local(url: str) -> bool:
    """True for URLs that stay on 127.0.0.1 (or never touch the network)."""
    parts = urlsplit(url)
    if parts.scheme in NON_NETWORK_SCHEMES:
        return True
    return parts.hostname in LOCAL_HOSTS


def expose_python(context: BrowserContext) -> None:
    """Pages opened in ``context`` from now on give the tests their interpreter
    (``window.__musTestPython``, read by ``tests.ui.py``)."""
    context.add_init_script(PYTHON_HOOK)


class BootError(AssertionError):
    """The page did not reach ``html.ready``."""


@dataclass
class BootState:
    page: Page
    context: BrowserContext
    requests: list[str] = field(default_factory=list)
    # the requests of the page itself, not of a Web Worker it started (the bots' worker asks
    # again for files the page has, which the HTTP cache answers): the DevTools session of the
    # page's own target sees only those
    page_requests: list[str] = field(default_factory=list)
    external_requests: list[str] = field(default_factory=list)
    failed_requests: list[str] = field(default_factory=list)
    console_errors: list[str] = field(default_factory=list)
    console: list[str] = field(default_factory=list)
    # local path: Content-Encoding ("" if none) of the bodies the server sent (200s, not from the
    # service worker)
    encodings: dict[str, str] = field(default_factory=dict)
    boot_seconds: float = 0.0
    steps: list[Any] = field(default_factory=list)

    @property
    def local_paths(self) -> list[str]:
        return [urlsplit(u).path for u in self.requests if is_local(u)]

    @property
    def page_paths(self) -> list[str]:
        return [urlsplit(u).path for u in self.page_requests if is_local(u)]

    def describe(self) -> str:
        lines = [f"boot steps: {self.steps}", "console errors:", *self.console_errors,
                 "failed requests:", *self.failed_requests, "external requests:", *self.external_requests]
        return "\n".join(lines)

    def close(self) -> None:
        self.context.close()


def boot_page(
    browser: Browser,
    url: str,
    *,
    timeout_ms: int = BOOT_TIMEOUT_MS,
    wait_ready: bool = True,
    context_args: dict[str, Any] | None = None,
) -> BootState:
    """Open ``url`` in a new context and wait until the game marks ``<html class="ready">``.

    Every request leaving 127.0.0.1 is recorded in ``external_requests`` and aborted. Raises
    ``BootError`` (closing the context) if the page reports ``boot-failed`` or times out.
    With ``wait_ready=False`` it returns right after navigation (for tests of the skeleton).
    """
    context = browser.new_context(**{"service_workers": "block", **(context_args or {})})
    expose_python(context)
    page = context.new_page()
    state = BootState(page=page, context=context)

    def route(route: Route) -> None:
        request_url = route.request.url
        if is_local(request_url):
            route.continue_()
        else:
            state.external_requests.append(request_url)
            route.abort("blockedbyclient")

    context.route("**/*", route)
    page.on("request", lambda r: state.requests.append(r.url))
    cdp = context.new_cdp_session(page)
    cdp.on("Network.requestWillBeSent", lambda e: state.page_requests.append(e["request"]["url"]))
    cdp.send("Network.enable")
    page.on("websocket", lambda ws: None if is_local(ws.url) else state.external_requests.append(ws.url))
    page.on("requestfailed", lambda r: state.failed_requests.append(f"{r.url} ({r.failure})"))

    def on_response(response: Any) -> None:
        if response.status >= 400:
            state.failed_requests.append(f"{response.url} (HTTP {response.status})")
        if is_local(response.url) and response.status == 200 and not response.from_service_worker:  # bodies sent
            state.encodings[urlsplit(response.url).path] = response.headers.get("content-encoding", "")

    page.on("response", on_response)

    def on_console(msg: Any) -> None:
        state.console.append(f"{msg.type}: {msg.text}")
        if msg.type == "error":
            state.console_errors.append(msg.text)

    page.on("console", on_console)
    page.on("pageerror", lambda exc: state.console_errors.append(f"uncaught: {exc}"))

    started = time.perf_counter()
    page.goto(url)
    if not wait_ready:
        return state
    try:
        page.wait_for_selector("html.ready, html.boot-failed", state="attached", timeout=timeout_ms)
    except Exception as exc:
        message = f"{url} did not boot within {timeout_ms / 1000:.0f} s: {exc}\n{state.describe()}"
        context.close()
        raise BootError(message) from None
    state.boot_seconds = time.perf_counter() - started
    state.steps = page.evaluate("() => window.__mus?.steps ?? []")
    failed = page.evaluate("() => document.documentElement.classList.contains('boot-failed') && window.__mus.failed")
    if failed:
        message = f"{url} failed to boot: {failed}\n{state.describe()}"
        context.close()
        raise BootError(message)
    return state

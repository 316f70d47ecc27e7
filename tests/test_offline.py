"""The installable app in real Chromium: service worker, offline play, manifest, updates, and a
cache that heals.

One copy of the site (pages, static files, the vendored runtime linked in) is served from a
sub-folder of a temporary directory (``/juegos/mus/``, as on a host that serves several sites),
so that the update test can change a file and rebuild ``sw.js`` the way a new deploy would.
The tests share one browser context with service workers allowed and run in order: first
visit, offline reload and a whole hand, a new tab offline, the manifest, a damaged copy healed
at the next start, then updates (one of them over a damaged copy).
"""

from __future__ import annotations

import json
import shutil
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urljoin

import pytest

from tests.browser import expose_python, is_local
from tests.devserver import ROOT, DevServer
from tests.ui import play_until_overlay, start_game, wait_for_choice
from tools.build import precache
from tools.dev.chromium import PRECACHED_CACHE_JS

pytestmark = pytest.mark.browser

BOOT_MS = 120_000
SITE_FILES = ("index.html", "lessons.html", "manifest.webmanifest")
GAME = "static/mus-mpy.zip"


def copy_site(dest: Path) -> Path:
    for name in SITE_FILES:
        shutil.copy2(ROOT / name, dest / name)
    shutil.copytree(ROOT / "static", dest / "static", ignore=shutil.ignore_patterns("vendor", "*.tmp"))
    (dest / "static" / "vendor").symlink_to(ROOT / "static" / "vendor", target_is_directory=True)
    precache.write_service_worker(dest)
    return dest


SUB_FOLDER = "juegos/mus/"


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Path]]:
    host_root = tmp_path_factory.mktemp("host")
    site_root = host_root / SUB_FOLDER
    site_root.mkdir(parents=True)
    copy_site(site_root)
    with DevServer(host_root) as url:
        yield url + SUB_FOLDER, site_root


class Pwa:
    def __init__(self, browser: Any, url: str) -> None:
        self.url = url
        self.context = browser.new_context(service_workers="allow")
        expose_python(self.context)
        self.external: list[str] = []
        self.errors: list[str] = []
        self.context.route("**/*", self._route)
        self.page = self.open()

    def _route(self, route: Any) -> None:
        if is_local(route.request.url):
            route.continue_()
        else:
            self.external.append(route.request.url)
            route.abort("blockedbyclient")

    def open(self, query: str = "?speed=0") -> Any:
        page = self.context.new_page()
        page.on("pageerror", lambda exc: self.errors.append(f"uncaught: {exc}"))
        page.on("console", lambda m: self.errors.append(m.text) if m.type == "error" else None)
        page.goto(self.url + query)
        wait_ready(page)
        return page


def wait_ready(page: Any) -> None:
    page.wait_for_selector("html.ready, html.boot-failed", state="attached", timeout=BOOT_MS)
    failed = page.evaluate("() => window.__mus.failed")
    assert failed is None, failed


@pytest.fixture(scope="module")
def pwa(browser: Any, site: tuple[str, Path]) -> Iterator[Pwa]:
    state = Pwa(browser, site[0])
    yield state
    state.context.close()


def precached(page: Any, timeout: float = 60.0) -> str:
    """The name of the complete cache of the active service worker (waits for it)."""
    deadline = time.monotonic() + timeout
    while not (name := page.evaluate(PRECACHED_CACHE_JS)):
        assert time.monotonic() < deadline, "the service worker did not finish its precache"
        page.wait_for_timeout(100)
    return str(name)


# The cached copy of `path` in cache `name`: its bytes' sha256 integrity, or null.
CACHED_HASH_JS = """async ([name, path]) => {
    const response = await (await caches.open(name)).match(new URL(path, location.href).href);
    if (!response) return null;
    const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", await response.arrayBuffer()));
    return "sha256-" + btoa(String.fromCharCode(...digest));
}"""
# Writes other bytes over the cached copy of `path` in cache `name`, as a damaged disk might.
DAMAGE_JS = """async ([name, path]) => {
    const cache = await caches.open(name);
    const url = new URL(path, location.href).href;
    const good = await cache.match(url);
    const bytes = new Uint8Array(await good.arrayBuffer());
    bytes.fill(0x2a, 0, 4096);
    await cache.put(url, new Response(bytes, { headers: good.headers }));
}"""


def test_first_visit_installs_the_service_worker(pwa: Pwa, site: tuple[str, Path]) -> None:
    listed = precache.read_precache(site[1] / "sw.js")
    assert precached(pwa.page) == listed["cache"]
    scope = pwa.page.evaluate("() => navigator.serviceWorker.getRegistration().then((r) => r.scope)")
    assert scope == pwa.url  # the sub-folder the site lives in
    files = listed["files"]
    assert isinstance(files, dict)
    keys = pwa.page.evaluate("""async (name) => (await (await caches.open(name)).keys())
        .map((r) => r.url.slice(location.href.split("?")[0].length))""", listed["cache"])
    assert sorted(keys) == sorted([*files, "__precache__"])


def test_precache_holds_exactly_the_runtime_files_a_boot_loads(pwa: Pwa, site: tuple[str, Path]) -> None:
    """The table's and the lessons' MicroPython: between them, every vendored file precached is
    loaded, and nothing loaded is missing from the precache."""
    loaded: list[str] = []
    for query in ("?speed=0", "lessons.html"):
        page = pwa.context.new_page()
        page.on("request", lambda r: loaded.append(r.url.removeprefix(pwa.url).split("?")[0]))
        page.goto(pwa.url + query)
        wait_ready(page)
        page.wait_for_timeout(300)
        page.close()
    runtime = {p for p in loaded if p.startswith("static/vendor/")}
    files = precache.read_precache(site[1] / "sw.js")["files"]
    assert isinstance(files, dict)
    assert runtime == {p for p in files if p.startswith("static/vendor/")}


def test_installed_files_come_from_the_cache_by_static_routes(pwa: Pwa) -> None:
    """Chromium's static routes (``sw.js``'s install): the precached files but the page come
    from this version's cache with no fetch event in the worker; the page goes through it."""
    precached(pwa.page)
    page = pwa.context.new_page()
    cdp = pwa.context.new_cdp_session(page)
    cdp.send("Network.enable")
    seen: dict[str, dict[str, Any]] = {}
    cdp.on("Network.responseReceived", lambda event: seen.__setitem__(event["response"]["url"], event["response"]))
    page.goto(pwa.url + "?speed=0")
    wait_ready(page)
    cdp.detach()
    page.close()
    for path in (GAME, "static/vendor/micropython/micropython.wasm", "static/style.css"):
        response = seen[urljoin(pwa.url, path)]
        assert response["fromServiceWorker"], (path, response)
        assert response.get("serviceWorkerRouterInfo", {}).get("actualSourceType") == "cache", (path, response)
    document = seen[pwa.url + "?speed=0"]
    assert document["fromServiceWorker"] and "actualSourceType" not in document.get("serviceWorkerRouterInfo", {})


def test_offline_reload_plays_a_whole_hand(pwa: Pwa) -> None:
    page = pwa.page
    served: list[tuple[str, bool]] = []
    page.on("response", lambda r: served.append((r.url, r.from_service_worker)))
    # the page's own requests: the bots' worker asks for the runtime and the zip too
    asked: list[str] = []
    cdp = pwa.context.new_cdp_session(page)
    cdp.on("Network.requestWillBeSent", lambda e: asked.append(e["request"]["url"]))
    cdp.send("Network.enable")
    pwa.context.set_offline(True)
    page.reload()
    wait_ready(page)
    assert served and all(from_sw for url, from_sw in served if is_local(url)), served
    for path in (GAME, "static/vendor/micropython/micropython.wasm"):  # preloaded, asked for once
        assert asked.count(urljoin(pwa.url, path)) == 1, (path, asked)
    start_game(page, level="facil")
    s = play_until_overlay(page, 200)
    assert s["overlay"] and "showdown" in s["overlay"], s
    history = json.loads(page.evaluate("() => localStorage.getItem('mus.save')"))["game"]
    assert history["actions"]


def test_new_tab_opens_offline(pwa: Pwa) -> None:
    page = pwa.open("")
    assert page.evaluate("() => navigator.onLine") is False
    assert page.locator("#table").is_visible()
    page.close()


def test_a_shared_hand_opens_offline(pwa: Pwa) -> None:
    """A ``#mano=`` link works with no network once the app is installed."""
    import mus
    from mus.ai import make_bot

    game = mus.Game.new(mus.Rules(senas=True), seed=8)
    bot = make_bot("normal", seed=8)
    while not game.history:
        assert game.to_play is not None
        game = game.apply(bot.choose(game.observation(game.to_play)))
    code = mus.encode_record(mus.record(game, 0))
    pwa.context.set_offline(True)
    page = pwa.open("?speed=0#mano=" + code)
    page.wait_for_selector("#replay .rp-panel")
    assert page.text_content("#replay-title") == "Jugada compartida"
    assert page.evaluate("() => navigator.onLine") is False
    page.close()


def test_manifest_is_valid_and_its_icons_load(pwa: Pwa) -> None:
    page = pwa.page
    cdp = pwa.context.new_cdp_session(page)
    manifest = cdp.send("Page.getAppManifest")
    assert manifest["errors"] == [], manifest["errors"]
    data = json.loads(manifest["data"])
    assert data["display"] == "standalone" and data["lang"] == "es"
    assert data["start_url"] == data["scope"] == "./"  # relative: works from a sub-folder
    assert urljoin(manifest["url"], data["start_url"]) == pwa.url
    assert {i["purpose"] for i in data["icons"]} == {"any", "maskable"}
    sizes = page.evaluate("""async (icons) => Promise.all(icons.map((icon) => new Promise((ok, fail) => {
        const img = new Image();
        img.onload = () => ok(`${img.naturalWidth}x${img.naturalHeight}`);
        img.onerror = () => fail(new Error(icon.src));
        img.src = icon.src;
    })))""", data["icons"])
    assert sizes == [i["sizes"] for i in data["icons"]]
    # Chromium's own installability check (manifest fields, icons, a worker with a fetch
    # handler); Playwright's contexts are incognito profiles, which it always names.
    errors = cdp.send("Page.getInstallabilityErrors")["installabilityErrors"]
    assert [e["errorId"] for e in errors] == ["in-incognito"], errors
    cdp.detach()


def test_a_damaged_game_in_the_cache_is_healed_at_the_next_start(pwa: Pwa, site: tuple[str, Path]) -> None:
    """Other bytes over the cached zip: the next start fails, the worker checks its copies
    against their hashes, fetches the damaged one again and the page starts over, playing."""
    page = pwa.page
    pwa.context.set_offline(False)
    name = precached(page)
    files = precache.read_precache(site[1] / "sw.js")["files"]
    assert isinstance(files, dict)
    page.evaluate(DAMAGE_JS, [name, GAME])
    assert page.evaluate(CACHED_HASH_JS, [name, GAME]) != files[GAME]
    page.reload()
    page.wait_for_function("() => sessionStorage.getItem('mus.healed')", timeout=BOOT_MS)  # it failed, then healed
    wait_ready(page)
    assert page.evaluate(CACHED_HASH_JS, [name, GAME]) == files[GAME]
    assert page.evaluate("() => document.documentElement.classList.contains('ready')")
    s = wait_for_choice(page)
    assert s["actions"] or s["discard"] or s["overlay"]
    pwa.errors.clear()  # the failed start's own errors


def test_update_waits_for_the_end_of_the_hand(pwa: Pwa, site: tuple[str, Path]) -> None:
    page, root = pwa.page, site[1]
    pwa.context.set_offline(False)
    s = wait_for_choice(page)
    while s["overlay"]:
        page.click('[data-action="continuar"]')
        s = wait_for_choice(page)
    assert not s["overlay"]  # mid-hand: the player is to act
    before = json.loads(page.evaluate("() => localStorage.getItem('mus.save')"))
    old_cache = precached(page)
    style = root / "static" / "style.css"
    style.write_text(style.read_text(encoding="utf-8") + "\n/* build 2 */\n", encoding="utf-8")
    assert precache.write_service_worker(root)  # the new build's sw.js
    # The page registered (or, offline, found) its worker after html.ready: wait for that.
    page.wait_for_function("() => window.__mus.registration", timeout=30_000)
    page.evaluate("() => { window.__sameDocument = true; return window.__mus.registration.update(); }")
    page.wait_for_selector(".notice-update", timeout=60_000)
    notice = page.locator(".notice-update").inner_text()
    assert "Hay una versión nueva" in notice
    assert page.evaluate("() => window.__sameDocument")  # nothing reloaded mid-hand
    assert json.loads(page.evaluate("() => localStorage.getItem('mus.save')"))["game"]["actions"][
        : len(before["game"]["actions"])] == before["game"]["actions"]

    s = play_until_overlay(page, 200)
    assert s["overlay"] and "showdown" in s["overlay"], s
    with page.expect_navigation(timeout=BOOT_MS):
        page.click('[data-action="continuar"]')
    wait_ready(page)
    assert not page.evaluate("() => window.__sameDocument ?? false")
    assert "build 2" in page.evaluate("() => fetch('static/style.css').then((r) => r.text())")
    caches = page.evaluate("() => caches.keys()")
    assert old_cache not in caches and precached(page) in caches
    after = json.loads(page.evaluate("() => localStorage.getItem('mus.save')"))
    assert after["game"]["seed"] == before["game"]["seed"]  # the same partida, on into the next hand
    assert len(after["game"]["actions"]) > len(before["game"]["actions"])
    assert page.evaluate("() => document.documentElement.dataset.phase") is not None
    assert not page.locator(".notice-update").count()


def test_an_update_never_carries_a_damaged_copy_on(pwa: Pwa, site: tuple[str, Path]) -> None:
    """The new version reuses the old cache's copies of unchanged files only where their bytes
    still have their hash: a damaged zip is fetched again, not copied into the new cache."""
    page, root = pwa.page, site[1]
    old_cache = precached(page)
    files = precache.read_precache(root / "sw.js")["files"]
    assert isinstance(files, dict)
    page.evaluate(DAMAGE_JS, [old_cache, GAME])
    style = root / "static" / "style.css"
    style.write_text(style.read_text(encoding="utf-8") + "\n/* build 3 */\n", encoding="utf-8")
    assert precache.write_service_worker(root)
    listed = precache.read_precache(root / "sw.js")
    assert listed["files"][GAME] == files[GAME]  # type: ignore[index]  # the zip did not change
    page.evaluate("() => window.__mus.registration.update()")
    page.wait_for_selector(".notice-update", timeout=60_000)  # the new version installed
    assert page.evaluate(CACHED_HASH_JS, [listed["cache"], GAME]) == files[GAME]
    assert page.evaluate(CACHED_HASH_JS, [old_cache, GAME]) != files[GAME]  # the old one as it was


def test_no_request_left_the_origin(pwa: Pwa) -> None:
    assert pwa.external == []
    assert [e for e in pwa.errors if "Failed to load resource" not in e] == []

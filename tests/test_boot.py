"""The game boots on MicroPython in headless Chromium from this origin only, deals the engine's
hand at once, and leaves no interpreter on ``window``."""

from __future__ import annotations

import ast
import gzip
import json
import re
import zipfile
from pathlib import Path
from typing import Any

import pytest

from tests.browser import BootState, boot_page
from tests.ui import py
from tools.build.precompress import brotli_path
from tools.build.pyscript_modules import pyscript_package
from tools.build.vendor import PYSCRIPT_UNUSED

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parent.parent
CARD = re.compile(r"^[A-Z0-9]{1,2}[oceb]$")  # rank + suit: "Ro", "7b", "Ae", …
GAME = "/static/mus-mpy.zip"


def test_page_marks_itself_ready(booted: BootState) -> None:
    assert booted.page.evaluate("() => document.documentElement.classList.contains('ready')")
    assert not booted.page.is_visible("#loader")


def test_first_visit_shows_the_engines_hand_at_once(booted: BootState) -> None:
    """No form first: the player's four cards, dealt by the engine from the partida's seed at
    the default table (the bots cannot change the player's cards)."""
    from mus import Game
    from mus.web.play.settings import Settings

    page = booted.page
    cards = [c.get_attribute("data-card") for c in page.query_selector_all('[data-hand="0"] [data-card]')]
    assert len(cards) == 4 and all(c and CARD.match(c) for c in cards), cards
    assert page.get_attribute("html", "data-phase") in ("mus", "descarte", "senas", "grande", "chica", "pares",
                                                        "juego", "punto")
    seed = py(page, "import json; from mus.web.dom import play as _a; json.dumps(_a._app.session.game.seed)")
    assert cards == Game.new(Settings().rules(), seed, reseed=True).observation(0)["hand"]


# When the page marked itself ready (its first screen drawn), when static/bots.mjs made the bots'
# worker, and when the worker's script was requested, in ms since navigation.
WORKER_TIMES_JS = """() => {
  const bots = window.__mus.bots;
  const script = performance.getEntriesByType("resource").find((e) => e.name.endsWith("/static/bots-worker.mjs"));
  return { state: bots.state, drawn: bots.drawnAt, created: bots.createdAt, fetched: script ? script.startTime : null };
}"""


def test_the_bots_worker_starts_once_the_first_screen_is_drawn(booted: BootState) -> None:
    """The worker's own start (MicroPython, the game, the bots' tables) does not run beside the
    page's: it is made, and its script requested, only after html.ready and a frame."""
    booted.page.wait_for_function("() => window.__mus.bots.state !== 'starting'", timeout=60_000)
    times = booted.page.evaluate(WORKER_TIMES_JS)
    assert times["state"] == "ready", times
    assert times["drawn"] is not None and times["created"] > times["drawn"], times
    assert times["fetched"] is not None and times["fetched"] >= times["drawn"], times


def test_no_request_leaves_localhost(booted: BootState) -> None:
    assert booted.external_requests == []
    paths = booted.local_paths
    # Proof that the runtime really came from here (so this test can fail).
    for path in ("/static/vendor/pyscript/core.js", "/static/vendor/micropython/micropython.mjs",
                 "/static/vendor/micropython/micropython.wasm", GAME):
        assert path in paths, f"{path} was not requested locally: {paths}"
    assert not [p for p in paths if "pyodide" in p]


def test_unused_pyscript_parts_are_not_loaded(booted: BootState) -> None:
    """The page's config switches off the plugins it does not use and is inline JSON: neither
    their chunks nor a TOML parser are fetched."""
    chunks = [p.rsplit("/", 1)[-1] for p in booted.local_paths if p.startswith("/static/vendor/pyscript/")]
    assert "core.js" in chunks
    unused = ("py-editor", "py-game", "py-terminal", "donkey", "deprecations-manager", "toml", "codemirror", "zip-")
    assert not [c for c in chunks if c.startswith(unused)], chunks
    assert not [p for p in booted.local_paths if p.endswith(".toml")], booted.local_paths


def test_no_failed_requests_or_console_errors(booted: BootState) -> None:
    assert booted.failed_requests == []
    assert booted.console_errors == []


def test_progress_steps_were_shown(booted: BootState) -> None:
    texts = [text for _, text in booted.steps if text.startswith("paso")]
    # The page's own step only when it is parsed before the runtime is on its way (never after).
    assert texts[:-2] in ([], ["paso 1 de 3: abriendo la página"]), texts
    assert texts[-2:] == ["paso 2 de 3: preparando el juego (0,4 MB, solo la primera vez)",
                          "paso 3 de 3: repartiendo las cartas"], texts  # a first visit: a hand is dealt
    assert not [t for t in texts if "Python" in t], texts  # no words a player does not know


def test_download_size_shown_is_what_the_page_fetched(booted: BootState) -> None:
    """The loader's "preparando el juego (0,4 MB…)" is what a first visit transfers: the
    brotli copy the server sends where the build made one, else its gzip (within 10 %)."""
    def wire_size(path: Path) -> int:
        compressed = brotli_path(path)
        return compressed.stat().st_size if compressed.is_file() else len(gzip.compress(path.read_bytes()))

    total = sum(wire_size(ROOT / ("index.html" if p == "/" else p.lstrip("/"))) for p in set(booted.local_paths))
    html = (ROOT / "index.html").read_text(encoding="utf-8")
    shown = [float(m.replace(",", ".")) for m in re.findall(r"\((\d+[.,]\d) MB", html)]
    assert len(shown) == 2 and shown[0] == shown[1], shown  # English and Spanish
    assert abs(shown[0] * 1e6 - total) <= 0.1 * total, (shown, total, sorted(set(booted.local_paths)))


def test_preloaded_files_are_fetched_once_and_used(booted: BootState) -> None:
    """The page preloads PyScript's chunks, MicroPython, the interpreter module and the game, so
    they download at once: each is requested once (the preload is what PyScript then uses)."""
    preloaded = booted.page.evaluate("""() => [...document.querySelectorAll(
        'link[rel=preload], link[rel=modulepreload]')].map((link) => link.getAttribute("href"))""")
    assert "./static/mus-mpy.zip" in preloaded and "./static/vendor/micropython/micropython.wasm" in preloaded
    assert len(preloaded) == 7, preloaded
    for href in preloaded:
        assert booted.page_paths.count(href.removeprefix(".")) == 1, (href, booted.page_paths)
    assert not [m for m in booted.console if "preload" in m.lower()], booted.console


def test_every_file_arrives_brotli_compressed(booted: BootState) -> None:
    """Chromium accepts br, so the build's .br copies are what crossed the wire: of the wasm and
    the game, and of the page itself, its style and scripts (the PNG icons are sent as they are)."""
    for path in ("/static/vendor/micropython/micropython.wasm", GAME, "/", "/static/style.css",
                 "/static/mpy-start.mjs"):
        assert booted.encodings.get(path) == "br", (path, booted.encodings)
    crossed = {p: e for p, e in booted.encodings.items() if not p.endswith(".png")}
    assert crossed == dict.fromkeys(crossed, "br")
    assert len(crossed) >= 10, crossed


def test_the_game_and_pyscript_run_from_bytecode_in_the_rom_image(booted: BootState) -> None:
    """Every module of the game and of PyScript's package the page imported came from the
    zip's .mpy, mounted read-only at /rom as a ROMFS image (static/mpy-start.mjs), which is all
    that is there: nothing compiled in the page, nothing written into /lib, and PyScript's
    prelude wrote no sources (static/prelude.mjs left its writes out: exactly the vendored
    package's files); Python's working folder is the writable root, as before the image."""
    report = py(booted.page, """import json, os, sys
def walk(top):
    for name, kind, *_ in os.ilistdir(top):
        yield from walk(top + "/" + name) if kind == 0x4000 else [top + "/" + name]
json.dumps({"files": sorted(str(getattr(m, "__file__", "")) for n, m in sys.modules.items()
                            if n.split(".")[0] in ("mus", "pyscript") and not n.startswith("pyscript.js_modules")),
            "written": [name for name in os.listdir() if name == "pyscript"], "cwd": os.getcwd(),
            "lib": "lib" in os.listdir("/"), "mounted": sorted(walk("/rom"))})""")
    assert len(report["files"]) > 50
    assert [f for f in report["files"] if not (f.startswith("/rom/") and f.endswith(".mpy"))] == []
    with zipfile.ZipFile(ROOT / "static" / "mus-mpy.zip") as archive:
        assert report["mounted"] == sorted("/rom/" + name for name in archive.namelist())
    assert report["written"] == [] and report["cwd"] == "/" and not report["lib"]
    vendored = pyscript_package(ROOT / "static" / "vendor" / "pyscript")
    assert sorted(booted.page.evaluate("() => window.__mus.skippedWrites")) == sorted(vendored)
    assert not [f for f in report["files"] if f.removeprefix("/rom/").replace(".mpy", ".py") in PYSCRIPT_UNUSED]


def test_tracebacks_in_the_page_name_the_games_source_lines(booted: BootState) -> None:
    """The ``.mpy`` bytecode keeps its file names and line numbers (``tools/build/mpy.py``
    compiles with ``-s mus/….py``): an illegal action's traceback in the page names, frame by
    frame, a file of this repository and a line inside the statement that ran, ending in the
    ``raise`` (MicroPython names a line of a statement written over several lines, not always
    its first: 'ordago' raises from a ``raise`` over five lines)."""
    trace = py(booted.page, """import io, json, sys, mus
out = io.StringIO()
try:
    mus.Game.new(mus.Rules(), seed=1).apply("ordago")
except ValueError as error:
    sys.print_exception(error, out)
json.dumps(out.getvalue())""")
    frames = re.findall(r'File "(mus/[\w/]+\.py)", line (\d+), in (\w+)', trace)
    assert [name for _, _, name in frames] == ["apply", "_play"], trace
    assert trace.rstrip().splitlines()[-1].startswith("IllegalActionError: 'ordago' is not legal"), trace
    for file, line, name in frames:
        tree = ast.parse((ROOT / file).read_text(encoding="utf-8"))
        function = next(node for node in ast.walk(tree) if isinstance(node, ast.FunctionDef) and node.name == name)
        inside = [node for node in ast.walk(function) if isinstance(node, ast.stmt) and node is not function
                  and node.lineno <= int(line) <= (node.end_lineno or node.lineno)]
        assert inside, (file, line, name)
    last = next(node for node in ast.walk(tree) if isinstance(node, ast.Raise)
                and node.lineno <= int(frames[-1][1]) <= (node.end_lineno or node.lineno))
    assert (last.end_lineno or 0) > last.lineno  # the case the docstring names


def test_the_table_starts_without_the_replays_and_a_link_imports_them(booted: BootState) -> None:
    """The replays, the records and the lessons stay unimported until asked for: a shared
    hand's link imports them and opens over the table."""
    import mus
    from mus.ai import make_bot

    page = booted.page
    lazy = ("mus.records", "mus.web.replay.model", "mus.web.dom.replay", "mus.web.lessons.page",
            "mus.web.play.deal_link")
    imported = f"import json, sys; json.dumps(sorted(n for n in {lazy!r} if n in sys.modules))"
    assert py(page, imported) == []
    game = mus.Game.new(mus.Rules(), seed=8)
    bot = make_bot("facil", seed=8)
    while not game.history:
        assert game.to_play is not None
        game = game.apply(bot.choose(game.observation(game.to_play)))
    page.evaluate("code => { location.hash = 'mano=' + code; }", mus.encode_record(mus.record(game, 0)))
    page.wait_for_selector("#replay .rp-panel")
    assert page.text_content("#replay-title") == "Jugada compartida"
    assert py(page, imported) == ["mus.records", "mus.web.dom.replay", "mus.web.replay.model"]
    page.click('#replay [data-ui="close-replay"]')
    page.wait_for_selector("#replay .rp-panel", state="hidden")
    assert page.evaluate("() => location.hash") == ""


def test_prelude_is_left_whole_unless_it_only_writes_the_package(booted: BootState) -> None:
    """Code that is not exactly PyScript's package writer runs as PyScript gave it."""
    results = booted.page.evaluate("""async () => {
        const { preludeWithoutWrites } = await import("./static/prelude.mjs");
        const head = "import os as _os\\nfrom pathlib import Path as _Path\\n_path = None\\n";
        const write = '_path = _Path("./pyscript/a.py")\\n_path.write_text("x = 1\\\\n",encoding="utf-8")\\n';
        const tail = "import pyscript as _pyscript\\ndel _Path\\n";
        return {
            writer: preludeWithoutWrites(head + write + tail),
            other_line: preludeWithoutWrites(head + write + "import os\\n" + tail),
            other_path: preludeWithoutWrites(head + write.replace("./pyscript/", "./elsewhere/") + tail),
            no_writes: preludeWithoutWrites(head + tail),
            script: preludeWithoutWrites("from mus.web.dom.main import start\\nstart()\\n"),
        };
    }""")
    assert results["writer"] == {"code": "import os as _os\nfrom pathlib import Path as _Path\n_path = None\n"
                                         "import pyscript as _pyscript\ndel _Path\n", "written": ["pyscript/a.py"]}
    assert results["other_line"] is None and results["other_path"] is None
    assert results["no_writes"] is None and results["script"] is None


# Every object reachable from window's own properties (and, one level down, window.__mus) that
# could run Python: the interpreter PyScript hands its hooks has runPython.
INTERPRETERS_JS = """() => {
    const found = [];
    const look = (name, value) => {
        try {
            if (value && (typeof value === "object" || typeof value === "function")
                && typeof value.runPython === "function") found.push(name);
        } catch (e) {}
    };
    for (const key of Object.getOwnPropertyNames(window)) {
        let value;
        try { value = window[key]; } catch (e) { continue; }
        look(key, value);
    }
    for (const [key, value] of Object.entries(window.__mus ?? {})) look("__mus." + key, value);
    return found;
}"""


def test_no_interpreter_on_window_on_a_normal_load(browser: Any, base_url: str) -> None:
    """A reader's console finds no live interpreter on ``window``: the page hands it only to a
    hook the tests install before the page's scripts run (``tests.browser.expose_python``)."""
    context = browser.new_context(service_workers="block")
    try:
        page = context.new_page()
        page.goto(base_url + "?speed=0")
        page.wait_for_selector("html.ready", state="attached", timeout=120_000)
        assert page.evaluate(INTERPRETERS_JS) == []
        for other in ("lessons.html", "embed.html?lesson=pares"):
            page.goto(base_url + other)
            page.wait_for_selector("html.ready", state="attached", timeout=120_000)
            assert page.evaluate(INTERPRETERS_JS) == [], other
    finally:
        context.close()


def test_the_tests_hook_is_what_finds_one(booted: BootState) -> None:
    """The scan above can fail: where the hook was installed, it finds the interpreter."""
    assert booted.page.evaluate(INTERPRETERS_JS) == ["__musTestPython"]


def test_skeleton_paints_before_python(browser: Any, base_url: str) -> None:
    state = boot_page(browser, base_url, wait_ready=False)
    try:
        page = state.page
        assert page.locator(".seat").count() == 4
        assert page.is_visible("#boot-progress")
        assert page.text_content("#boot-step")
        assert page.text_content("#boot-title") == "Preparando la mesa…"
        assert page.text_content("#boot-tip")  # a rules tip while it loads
        assert not page.evaluate("() => document.documentElement.classList.contains('ready')")
    finally:
        state.close()


def test_failure_is_reported_on_the_page(browser: Any, base_url: str) -> None:
    """If the runtime cannot load, the page says so instead of spinning forever."""
    state = boot_page(browser, base_url, wait_ready=False)
    try:
        page = state.page
        state.context.route("**/micropython.wasm", lambda route: route.abort())
        page.reload()
        page.wait_for_selector("html.boot-failed", state="attached", timeout=60_000)
        assert "error" in (page.text_content("#boot-step") or "")
    finally:
        state.close()


def test_a_returning_player_is_told_the_partida_comes_back(browser: Any, base_url: str) -> None:
    """The loader's last step says what the start does: deal, or bring the saved partida back."""
    state = boot_page(browser, base_url + "?speed=0")
    try:
        page = state.page
        page.reload()
        page.wait_for_selector("html.ready", state="attached", timeout=120_000)
        steps = [text for _, text in page.evaluate("() => window.__mus.steps")]
        assert steps[-1] == "paso 3 de 3: volviendo a tu partida", steps
        assert json.loads(page.evaluate("() => localStorage.getItem('mus.save')"))["game"]
    finally:
        state.close()

"""The game boots in headless Chromium from this origin only, and shows the engine's deal."""

from __future__ import annotations

import ast
import gzip
import json
import re
from pathlib import Path
from typing import Any

import pytest

from tests.browser import SNAPSHOT_WORKER, BootState, boot_page
from tests.ui import py
from tools.build.precompress import brotli_path
from tools.build.pyscript_modules import pyscript_package
from tools.build.vendor import EXTRA_ZIP_NAME, extra_sources, vendored_pyodide_version

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parent.parent
CARD = re.compile(r"^[A-Z0-9]{1,2}[oceb]$")  # rank + suit: "Ro", "7b", "Ae", …


def test_page_marks_itself_ready(booted: BootState) -> None:
    assert booted.page.evaluate("() => document.documentElement.classList.contains('ready')")
    assert not booted.page.is_visible("#loader")


def test_first_visit_offers_a_new_game_then_shows_the_engines_hand(booted: BootState) -> None:
    page = booted.page
    page.click('[data-action="nueva"]')
    page.wait_for_selector('[data-hand="0"] [data-card]')
    cards = [c.get_attribute("data-card") for c in page.query_selector_all('[data-hand="0"] [data-card]')]
    assert len(cards) == 4, cards
    assert all(c and CARD.match(c) for c in cards), cards
    assert page.get_attribute("html", "data-phase") in ("mus", "descarte", "senas", "grande", "chica", "pares",
                                                        "juego", "punto")


def test_browser_deal_matches_cpython_engine(booted: BootState) -> None:
    """Same seed, same engine: the deal in Pyodide equals the deal in this interpreter."""
    import mus

    seed = py(booted.page, "import json; from mus.web.dom import play as _a; json.dumps(_a._app.session.game.seed)")
    game = mus.Game.new(mus.Rules(), seed=seed)  # the new-game screen's defaults are the default rules
    cards = [c.get_attribute("data-card") for c in booted.page.query_selector_all('[data-hand="0"] [data-card]')]
    assert cards == game.observation(0)["hand"]  # bots cannot change the player's cards


def test_no_request_leaves_localhost(booted: BootState) -> None:
    assert booted.external_requests == []
    paths = booted.local_paths
    # Proof that the runtime really came from here (so this test can fail).
    for path in (
        "/static/vendor/pyscript/core.js",
        "/static/vendor/pyodide/pyodide.mjs",
        "/static/vendor/pyodide/pyodide.asm.wasm",
        "/static/vendor/pyodide/python_stdlib.zip",
        "/static/mus.zip",
    ):
        assert path in paths, f"{path} was not requested locally: {paths}"


def test_unused_pyscript_parts_are_not_loaded(booted: BootState) -> None:
    """The page's config switches off the plugins it does not use and is inline JSON: neither
    their chunks nor a TOML parser are fetched."""
    chunks = [p.rsplit("/", 1)[-1] for p in booted.local_paths if p.startswith("/static/vendor/pyscript/")]
    assert "core.js" in chunks
    unused = ("py-editor", "py-game", "py-terminal", "donkey", "deprecations-manager", "toml", "codemirror")
    assert not [c for c in chunks if c.startswith(unused)], chunks
    assert not [p for p in booted.local_paths if p.endswith(".toml")], booted.local_paths


def test_no_failed_requests(booted: BootState) -> None:
    assert booted.failed_requests == []


def test_no_console_errors(booted: BootState) -> None:
    assert booted.console_errors == []


def test_progress_steps_were_shown(booted: BootState) -> None:
    texts = [text for _, text in booted.steps]
    expected = ["paso 3 de 4: preparando la mesa para jugar", "paso 4 de 4: repartiendo las cartas"]
    assert [t for t in texts if t in expected] == expected, texts
    # (files may start arriving before the page's own step is shown)
    downloading = [t for t in texts[:texts.index(expected[0])] if t != "paso 1 de 4: abriendo la página"]
    assert downloading and all(t.startswith("paso 2 de 4: descargando el juego") for t in downloading), texts
    # while the game downloads, the words say how much has come, file by file, never going back
    got = [t for t in texts if t.startswith("paso 2 de 4: descargando el juego, ")]
    assert got and downloading[downloading.index(got[0]):] == got, texts
    assert got[-1].endswith(" de 4,5 MB"), texts
    amounts = [float(t.split(", ")[1].split(" de ")[0].replace(",", ".")) for t in got]
    assert amounts == sorted(amounts) and amounts[-1] >= 3.5, amounts   # the wasm and the stdlib at least
    assert not [t for t in texts if "Python" in t], texts               # no words a player does not know


def test_download_size_shown_is_what_the_page_fetched(booted: BootState) -> None:
    """The loader's "descargando el juego (4,5 MB…)" is what a first visit transfers: the
    brotli copy the server sends where the build made one, else its gzip (within 10 %)."""
    def wire_size(path: Path) -> int:
        compressed = brotli_path(path)
        return compressed.stat().st_size if compressed.is_file() else len(gzip.compress(path.read_bytes()))

    fetched = {p for p in booted.local_paths if not p.endswith(".whl")}  # micropip: only when asked for
    total = sum(wire_size(ROOT / ("index.html" if p == "/" else p.lstrip("/"))) for p in fetched)
    html = (ROOT / "index.html").read_text(encoding="utf-8")
    shown = [float(m.replace(",", ".")) for m in re.findall(r"\((\d+[.,]\d) MB", html)]
    assert len(shown) == 2 and shown[0] == shown[1], shown  # English and Spanish
    assert abs(shown[0] * 1e6 - total) <= 0.1 * total, (shown, total, sorted(fetched))


def test_micropip_loads_from_this_origin(booted: BootState) -> None:
    manifest = json.loads((ROOT / "static" / "vendor" / "manifest.json").read_text())
    version = booted.page.evaluate(
        """async () => {
            const py = window.__mus.pyodide;
            await py.loadPackage("micropip");
            return py.runPython("import micropip; micropip.__version__");
        }"""
    )
    assert version == manifest["micropip"]["version"]
    assert f"/static/vendor/pyodide/{manifest['micropip']['file_name']}" in booted.local_paths
    assert booted.external_requests == []
    assert booted.console_errors == []


def test_preloaded_files_are_fetched_once_and_used(booted: BootState) -> None:
    """A first visit (no service worker serves it) preloads the runtime's big files, the game
    and the interpreter module: each is requested once (the preload is what Pyodide and
    PyScript then use, not a second download)."""
    preloaded = booted.page.evaluate("""() => [...document.querySelectorAll(
        'link[rel=preload], link[rel=modulepreload]')].map((link) => link.getAttribute("href"))""")
    assert sorted(preloaded) == ["./static/mus.zip", "./static/prelude.mjs", "./static/pyodide-start.mjs",
                                 "./static/vendor/pyodide/pyodide.asm.wasm",
                                 "./static/vendor/pyodide/python_stdlib.zip"], preloaded
    for href in preloaded:
        assert booted.page_paths.count(href.removeprefix(".")) == 1, (href, booted.page_paths)
    assert not [m for m in booted.console if "preload" in m.lower()], booted.console


def test_every_file_arrives_brotli_compressed(booted: BootState) -> None:
    """Chromium accepts br, so the build's .br copies are what crossed the wire: of the wasm, the
    stdlib and the game, and of the page itself, its style and scripts; Pyodide booted from them
    (the page is ready)."""
    for path in ("/static/vendor/pyodide/pyodide.asm.wasm", "/static/vendor/pyodide/python_stdlib.zip",
                 "/static/vendor/pyodide/pyodide.asm.mjs", "/static/mus.zip", "/", "/static/style.css",
                 "/static/pyodide-start.mjs"):
        assert booted.encodings.get(path) == "br", (path, booted.encodings)
    # micropip is asked for later; the snapshot worker is the harness's stub (boot_page).
    crossed = {p: e for p, e in booted.encodings.items() if not p.endswith((".whl", ".png", SNAPSHOT_WORKER))}
    assert crossed == dict.fromkeys(crossed, "br")
    assert len(crossed) >= 12, crossed
    assert booted.page.evaluate("() => window.__mus.pyodide.version") == vendored_pyodide_version(
        ROOT / "static" / "vendor" / "pyodide")


def test_stdlib_runs_from_bytecode(booted: BootState) -> None:
    """The vendored stdlib is byte-compiled for this Python (as -OO: no docstrings): imports
    skip the compiler, and a module the game never imported still loads and works."""
    origins = booted.page.evaluate(
        """() => window.__mus.pyodide.runPython(`
import json, sys
assert "statistics" not in sys.modules
import statistics
assert statistics.mean([1, 2, 6]) == 3
assert json.__doc__ is None and statistics.mean.__doc__ is None  # compiled as python -OO would
json.dumps([sys.modules[m].__spec__.origin for m in ("json", "asyncio.tasks", "random", "statistics")])
`)"""
    )
    assert [o.rsplit("/", 1)[-1] for o in json.loads(origins)] == ["__init__.pyc", "tasks.pyc", "random.pyc",
                                                                  "statistics.pyc"]


def test_game_runs_from_lean_bytecode(booted: BootState) -> None:
    """mus.zip holds the game as bytecode only: the page imported every module of it from the
    zip, without unpacking or compiling, functions' docstrings and annotations left out (classes
    keep both: a class's annotations name its slots, for the type checker and the reader); a traceback still names the
    file, function and line."""
    report = json.loads(booted.page.evaluate(
        """() => window.__mus.pyodide.runPython(`
import json, sys, traceback
import mus
loaders = sorted({type(m.__spec__.loader).__name__ + " " + m.__file__.rsplit(".", 1)[-1]
                  for n, m in sys.modules.items() if n.split(".")[0] == "mus"})
try:
    mus.Game.new(mus.Rules(), seed=1).apply("paso")
except mus.IllegalActionError as error:
    frame = traceback.extract_tb(error.__traceback__)[-1]
from mus.web.dom.page import load_deck_art
json.dumps({"deck": load_deck_art() is not None, "loaders": loaders, "doc": mus.Game.apply.__doc__, "class_doc": bool(mus.Game.__doc__), "modules": len([n for n in sys.modules if n.startswith("mus.")]),
            "annotations": mus.Game.apply.__annotations__, "fields": sorted(mus.Rules.__slots__),
            "rules_annotations": sorted(mus.Rules.__annotations__),
            "file": frame.filename, "line": frame.lineno, "function": frame.name})
`)"""))
    assert report["loaders"] == ["zipimporter pyc"]  # from mus.zip in place, bytecode only
    assert report["deck"]  # the card sprite is read out of the same zip
    assert report["modules"] > 30
    assert report["doc"] is None and report["class_doc"]  # classes keep theirs
    assert report["annotations"] == {}
    assert report["fields"] and report["fields"] == report["rules_annotations"]
    assert report["file"].startswith("/home/pyodide/mus/"), report
    source = (ROOT / report["file"].removeprefix("/home/pyodide/")).read_text(encoding="utf-8").splitlines()
    assert "raise" in source[report["line"] - 1], (report, source[report["line"] - 1])


def test_game_bytecode_puts_each_statement_on_its_first_line(booted: BootState) -> None:
    """The lean line tables: every line the game's bytecode names is a line where a statement
    starts (a statement written over several lines is all on its first)."""
    for module in ("game", "machine"):  # the game's public face and its state machine
        lines = json.loads(booted.page.evaluate(
            """(name) => window.__mus.pyodide.runPython(`
import importlib, json, types
def lines(code):
    yield from (line for _, _, line in code.co_lines() if line is not None)
    for const in code.co_consts:
        if isinstance(const, types.CodeType):
            yield from lines(const)
json.dumps(sorted(set(lines(importlib.import_module("mus." + "${name}").__loader__.get_code("mus.${name}")))))
`)""", module))
        tree = ast.parse((ROOT / "mus" / f"{module}.py").read_text(encoding="utf-8"))
        # 0: where the module's code starts; an `except` clause is not a statement, but its own line
        starts = {0} | {node.lineno for node in ast.walk(tree) if isinstance(node, (ast.stmt, ast.excepthandler))}
        continued = {line for node in ast.walk(tree) if isinstance(node, ast.stmt) and node.end_lineno
                     for line in range(node.lineno + 1, node.end_lineno + 1)} - starts
        assert len(lines) > 200 and continued, module  # each has statements over several lines
        assert set(lines) - starts == set(), module


def test_pyscript_package_comes_compiled_in_mus_zip(booted: BootState) -> None:
    """PyScript's own Python package is imported as bytecode from mus.zip, compiled from the
    very sources PyScript's prelude would have written into the working directory: the page's
    interpreter module (static/pyodide-start.mjs) runs the prelude without those writes."""
    report = json.loads(booted.page.evaluate(
        """() => window.__mus.pyodide.runPython(`
import json, pathlib, sys
modules = {n: type(m.__spec__.loader).__name__ + " " + m.__spec__.origin for n, m in sys.modules.items()
           if n.split(".")[0] == "pyscript" and getattr(m, "__spec__", None) and m.__spec__.origin}
json.dumps({"modules": modules, "written": sorted(map(str, pathlib.Path("pyscript").rglob("*")))})
`)"""))
    assert len(report["modules"]) > 10, report["modules"]
    for name, where in report["modules"].items():
        assert where.startswith("zipimporter /home/pyodide/mus.zip/pyscript/"), (name, where)
    assert report["written"] == []
    vendored = pyscript_package(ROOT / "static" / "vendor" / "pyscript")
    assert sorted(booted.page.evaluate("() => window.__mus.skippedWrites")) == sorted(vendored)


def test_prelude_is_left_whole_unless_it_only_writes_the_package(booted: BootState) -> None:
    """Code that is not exactly PyScript's package writer runs as PyScript gave it."""
    results = booted.page.evaluate("""async () => {
        const { preludeWithoutWrites } = await import("./static/pyodide-start.mjs");
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
        state.context.route("**/pyodide.asm.wasm", lambda route: route.abort())
        page.reload()
        page.wait_for_selector("html.boot-failed", state="attached", timeout=60_000)
        assert "error" in (page.text_content("#boot-step") or "")
    finally:
        state.close()


EXTRA_ZIP_PATH = "/static/" + EXTRA_ZIP_NAME
# The modules of the second zip, by name (mus.web.replay.model for mus/web/replay/__init__.py).
EXTRA_NAMES = {".".join(p.relative_to(ROOT).with_suffix("").parts).removesuffix(".__init__")
               for p in extra_sources()}


def test_the_table_starts_without_the_second_zip_and_a_replay_loads_it(booted: BootState) -> None:
    """The table is ready without mus-extra.zip: not fetched, none of its modules (lessons,
    replays, records, deal links) imported. A shared hand's link then fetches it and imports the
    replay from it in place, as bytecode; the replay opens over the table. When the zip cannot
    be had, the table says so and goes on, and the next link tries again."""
    page = booted.page
    loaded = """() => window.__mus.pyodide.runPython(`
import json, sys
json.dumps({n: type(m.__spec__.loader).__name__ + " " + m.__spec__.origin for n, m in sys.modules.items()
            if n in ${names}})
`)""".replace("${names}", json.dumps(sorted(EXTRA_NAMES)).replace('"', "'"))
    assert EXTRA_ZIP_PATH not in booted.local_paths
    assert json.loads(page.evaluate(loaded)) == {}

    import mus
    from mus.ai import make_bot

    game = mus.Game.new(mus.Rules(), seed=8)
    bot = make_bot("facil", seed=8)
    while not game.history:
        assert game.to_play is not None
        game = game.apply(bot.choose(game.observation(game.to_play)))
    code = mus.encode_record(mus.record(game, 0))
    page.route("**" + EXTRA_ZIP_PATH, lambda route: route.fulfill(status=503, body="down"))
    page.evaluate("code => { location.hash = 'mano=' + code; }", code)
    page.wait_for_selector(".notice-unloaded")
    assert "Sin conexión" in page.text_content(".notice-unloaded")
    assert not page.query_selector("#replay .rp-panel") and json.loads(page.evaluate(loaded)) == {}
    page.click(".notice-unloaded button")
    page.unroute("**" + EXTRA_ZIP_PATH)

    page.evaluate("code => { location.hash = ''; location.hash = 'mano=' + code; }", code)
    page.wait_for_selector("#replay .rp-panel")
    assert page.text_content("#replay-title") == "Jugada compartida"
    assert booted.local_paths.count(EXTRA_ZIP_PATH) == 2  # the one that failed, then this one
    modules = json.loads(page.evaluate(loaded))
    assert {"mus.records", "mus.web.replay.model", "mus.web.replay.model", "mus.web.dom.replay",
            "mus.web.replay.render"} <= set(modules)
    for name, where in modules.items():
        assert where.startswith(f"zipimporter /home/pyodide/{EXTRA_ZIP_NAME}/mus/"), (name, where)
    page.click('#replay [data-ui="close-replay"]')
    page.wait_for_selector("#replay .rp-panel", state="hidden")
    assert page.evaluate("() => location.hash") == ""

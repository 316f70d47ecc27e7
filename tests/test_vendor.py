"""static/vendor/ holds a matching PyScript core and MicroPython (with brotli copies of what a
page loads), and nothing else; the game's zip carries PyScript's package less what no page
imports, and no command-line tool; the build writes the engine's wheel into dist/."""

from __future__ import annotations

import ast
import doctest
import json
import re
import zipfile
from collections.abc import Iterator
from pathlib import Path

import pytest

from tools.build import mpy, page_config, precache, precompress, pyscript_modules, vendor
from tools.build.wheel import project

VENDOR = vendor.VENDOR_DIR
PYSCRIPT = VENDOR / "pyscript"
MICROPYTHON = VENDOR / mpy.VENDOR_SUBDIR


@pytest.fixture(scope="module", autouse=True)
def vendored() -> None:
    if not (VENDOR / "manifest.json").is_file():
        pytest.fail("static/vendor is not populated: run `python3 -m tools.build.vendor --install`")


def test_runtime_files_present_and_nothing_else() -> None:
    for path in [PYSCRIPT / "core.js", PYSCRIPT / "core.css", *(MICROPYTHON / name for name in mpy.RUNTIME_FILES)]:
        assert path.is_file(), path
    assert sorted(p.name for p in VENDOR.iterdir()) == ["manifest.json", "micropython", "pyscript"]


def test_micropython_version_is_the_one_core_expects() -> None:
    manifest = json.loads((VENDOR / "manifest.json").read_text())
    assert manifest["micropython"] == mpy.core_expected_version() == mpy.check_version()
    assert manifest["pyscript_core"] == vendor.package_version(vendor.CORE_DIR)


def test_vendor_fails_on_version_mismatch(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    core, micropython = tmp_path / "core", tmp_path / "micropython"
    (core / "dist").mkdir(parents=True)
    micropython.mkdir()
    (core / "dist" / "core-x.js").write_text('var a={type:"micropython",module:(e="1.2.3-4")=>`x`};')
    (micropython / "package.json").write_text('{"version": "4.5.6-7"}')
    monkeypatch.setattr(vendor, "CORE_DIR", core)
    monkeypatch.setattr(mpy, "PACKAGE_DIR", micropython)
    with pytest.raises(vendor.VendorError, match=r"loads MicroPython 1\.2\.3-4.*has 4\.5\.6-7"):
        mpy.check_version()


def test_no_source_maps_or_docs() -> None:
    files = [p for p in VENDOR.rglob("*") if p.is_file()]
    bad = [p for p in files if p.suffix == ".map" or p.name.endswith(".d.ts")
           or p.name.upper().startswith(("README", "LICENSE", "CHANGELOG")) or p.suffix in {".html", ".md", ".ts"}]
    assert bad == []
    for path in files:
        if path.suffix in {".js", ".mjs", ".css"}:
            assert b"sourceMappingURL=" not in path.read_bytes()[-300:], path


@pytest.mark.parametrize("module", [pyscript_modules, page_config, precache, mpy], ids=lambda m: m.__name__)
def test_doctests(module: object) -> None:
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)  # type: ignore[arg-type]
    assert result.attempted and not result.failed


# A module-level import (at the line's start); its module, and `from`'s names as submodules.
_TOP_LEVEL_IMPORT = re.compile(r"^(?:import ([\w.]+(?:\s*,\s*[\w.]+)*)|from (\.*)([\w.]*) import \(?([\w, ]+))", re.M)


def _top_level_imports(source: str, package: str) -> Iterator[str]:
    for match in _TOP_LEVEL_IMPORT.finditer(source):
        names, dots, base, members = match.groups()
        if names:
            yield from (name.strip() for name in names.split(","))
            continue
        if dots:
            parent = package.split(".")[:len(package.split(".")) - len(dots) + 1]
            base = ".".join([*parent, *([base] if base else [])])
        yield base
        yield from (f"{base}.{member.strip()}" for member in members.split(",") if member.strip())


def _imported_anywhere(source: str, name: str) -> set[str]:
    """Every module ``source`` imports, at any depth (a page's script may ``await`` at its top)."""
    tree = compile(source, name, "exec", ast.PyCF_ONLY_AST | ast.PyCF_ALLOW_TOP_LEVEL_AWAIT)
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            found |= {node.module, *(f"{node.module}.{alias.name}" for alias in node.names)}
    return found


def _zip_names() -> set[str]:
    with zipfile.ZipFile(mpy.MPY_ZIP) as zf:
        return set(zf.namelist())


def test_unused_pyscript_modules_are_imported_nowhere() -> None:
    """The game's zip carries PyScript's package less PYSCRIPT_UNUSED, and nothing imports
    those: not a kept PyScript module at its top level, not the game, not a page's script."""
    package = pyscript_modules.pyscript_package(PYSCRIPT)
    unused = {path.removesuffix(".py").replace("/", ".") for path in vendor.PYSCRIPT_UNUSED}
    assert set(vendor.PYSCRIPT_UNUSED) < set(package)
    carried = {name.removesuffix(".mpy") + ".py" for name in _zip_names() if name.startswith("pyscript/")}
    assert carried == set(package) - set(vendor.PYSCRIPT_UNUSED)
    broken = [(path, target) for path in sorted(carried)
              for target in _top_level_imports(package[path], "pyscript") if target in unused]
    sources = {str(p): p.read_text(encoding="utf-8") for p in sorted(vendor.MUS_SRC.rglob("*.py"))}
    for page in sorted(vendor.ROOT.glob("*.html")):
        scripts = re.findall(r'<script type="m?py"[^>]*>(.*?)</script>', page.read_text(encoding="utf-8"), re.S)
        sources |= {f"{page.name} script {i}": script for i, script in enumerate(scripts)}
    assert sum(" script " in name for name in sources) == 3
    broken += [(name, target) for name, source in sources.items()
               for target in sorted(_imported_anywhere(source, name) & unused)]
    assert broken == []


def test_command_line_tools_stay_out_of_the_zip() -> None:
    """The arena and the benchmarks run under CPython: no page imports them, so the zip, made
    of what the pages import, has none of them (nor the argparse they bring along)."""
    tools = {"mus/bench.mpy", "mus/arena.mpy", "mus/ai/arena.mpy"}
    names = _zip_names()
    assert len(names) > 80 and not tools & names
    assert {"mus/game.mpy", "mus/ai/dificil.mpy", "mus/web/dom/play.mpy", "mus/web/lessons/page.mpy"} <= names


def test_a_page_loads_files_with_current_brotli_copies() -> None:
    vendored = [vendor.ROOT / rel for rel in precache.vendor_files(vendor.ROOT)]  # what the worker precaches
    assert sorted(vendor.boot_files()) == sorted(vendored)
    for path in [*vendored, mpy.MPY_ZIP]:
        assert precompress.is_current(path, precompress.brotli_path(path)), path
    wasm = MICROPYTHON / "micropython.wasm"  # the big one: well under half
    assert precompress.brotli_path(wasm).stat().st_size < 0.5 * wasm.stat().st_size
    assert precompress.decompress(precompress.brotli_path(wasm).read_bytes()) == wasm.read_bytes()
    # Only those: not the runtime files a page never loads.
    made = {p.relative_to(VENDOR) for p in VENDOR.rglob("*.br")}
    assert made == {precompress.brotli_path(p).relative_to(VENDOR) for p in vendored}
    assert not any(rel.endswith(".br") for rel in precache.precache_files(vendor.ROOT))


def test_the_sites_own_files_have_current_brotli_copies() -> None:
    """Every page, style, script and data file the service worker precaches has its .br, made
    from the version on disk (the build writes them), as the runtime's files have."""
    own = vendor.site_files()
    names = {p.relative_to(vendor.ROOT).as_posix() for p in own}
    assert {"index.html", "lessons.html", "embed.html", "manifest.webmanifest", "static/style.css",
            "static/mpy-start.mjs", "static/pwa.js", "static/mus-mpy.zip", "static/lessons/mus.json"} <= names
    precached = set(precache.precache_files(vendor.ROOT))
    assert names == {rel for rel in precached if not rel.startswith("static/vendor/") and not rel.endswith(".png")}
    for path in own:
        assert precompress.is_current(path, precompress.brotli_path(path)), f"{path}: run python -m tools.build.vendor"
    page = vendor.ROOT / "index.html"
    assert precompress.decompress(precompress.brotli_path(page).read_bytes()) == page.read_bytes()


def test_the_build_writes_the_engines_wheel(tmp_path: Path) -> None:
    """``dist/`` gets the wheel other sites install (docs/deploy.md); an unchanged one is kept."""
    wheel = vendor.ensure_wheel(tmp_path)
    assert wheel.name == f"mus-{project()['version']}-py3-none-any.whl"
    written = wheel.stat().st_mtime_ns
    (tmp_path / "mus-0.0.1-py3-none-any.whl").write_bytes(b"an older version")
    assert vendor.ensure_wheel(tmp_path) == wheel and wheel.stat().st_mtime_ns == written
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted([wheel.name, "mus-0.0.1-py3-none-any.whl"])
    wheel.write_bytes(b"stale")
    assert vendor.ensure_wheel(tmp_path).read_bytes() != b"stale"
    assert [p.name for p in tmp_path.iterdir()] == [wheel.name]  # an older one goes with the rebuild

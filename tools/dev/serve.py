#!/usr/bin/env python3
"""Tiny static dev server for the game (standard library only).

    python3 tools/dev/serve.py [PORT] [--root DIR] [--quiet]

* Serves the repository root (or ``--root``) on 127.0.0.1; PORT defaults to 8000, 0 picks a
  free port. The first line printed is ``Serving http://127.0.0.1:PORT/`` (tests read it).
* Every response carries ``Cache-Control: no-cache``, so the browser revalidates each file.
* ``/static/mus-mpy.zip``, the game's zip, is rebuilt from ``<root>/mus/`` whenever a source
  file is newer than it (or one was added or removed), so edits to the game show up on reload.
* ``/static/embed.js`` gets the lessons' catalogue written into it first when a lesson file
  changed (``tools/build/catalogue.py``).
* A page (``*.html`` at the top, or ``/``) gets ``<root>/pyscript.toml`` written into its
  inline PyScript config first when they differ (``tools/build/page_config.py``), so an edit to the
  config shows up on reload too.
* ``/sw.js`` (the service worker) is rewritten first when the files it precaches changed, so
  a reload picks up edits the way a new deploy would (``tools/build/precache.py``). Like the
  other rebuilds, only where ``<root>/mus/`` is: a built site without it (another commit's, for
  the timing tools; a test's copy) is served as its files are.
* Like a real static host, a file with a current precompressed ``NAME.br`` beside it (the
  build writes them for the runtime's boot files and every file of the site's own that the
  service worker precaches but the PNG icons: ``tools/build/precompress.py``)
  is sent as that ``.br`` with ``Content-Encoding: br`` to browsers that accept br; other text
  and binary assets (wasm, js, mjs, css, html, svg, json, zip…), and those files for browsers
  without br, are sent gzip-compressed to browsers that accept it (compressed once per file
  version); else as they are.
* A wheel (``*.whl``: the engine's, ``dist/``) is sent with ``Access-Control-Allow-Origin: *``, as
  ``docs/deploy.md`` asks of hosts: other sites' pages install it with micropip, which fetches it.
* Paths with a segment starting with ``.`` (``.git``, ``.venv``…) are not served.
"""

from __future__ import annotations

import argparse
import email.utils
import functools
import gzip
import http.server
import io
import os
import sys
import threading
from pathlib import Path
from typing import BinaryIO
from urllib.parse import unquote, urlsplit

if __package__ in (None, ""):  # run as a script: make `tools` importable
    sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from tools.build.catalogue import EMBED_JS, write_catalogue  # noqa: E402
from tools.build.mpy import MPY_ZIP  # noqa: E402
from tools.build.page_config import SOURCE as CONFIG_SOURCE, write_page_configs  # noqa: E402
from tools.build.precache import SW_NAME, TEMPLATE, write_service_worker  # noqa: E402
from tools.build.precompress import brotli_path, is_current  # noqa: E402
from tools.build.vendor import ROOT, ensure_game  # noqa: E402

MIME_TYPES = {
    ".html": "text/html; charset=utf-8",
    ".js": "text/javascript; charset=utf-8",
    ".mjs": "text/javascript; charset=utf-8",
    ".css": "text/css; charset=utf-8",
    ".json": "application/json",
    ".webmanifest": "application/manifest+json",
    ".wasm": "application/wasm",
    ".svg": "image/svg+xml",
    ".png": "image/png",
    ".ico": "image/x-icon",
    ".toml": "application/toml; charset=utf-8",
    ".py": "text/x-python; charset=utf-8",
    ".txt": "text/plain; charset=utf-8",
    ".zip": "application/zip",
    ".whl": "application/zip",
    "": "application/octet-stream",
}
GAME_URL = "/static/" + MPY_ZIP.name
EMBED_URL = "/" + EMBED_JS.as_posix()
SW_URL = "/" + SW_NAME
COMPRESSED = frozenset({".wasm", ".js", ".mjs", ".css", ".html", ".svg", ".json", ".webmanifest",
                        ".toml", ".zip", ".whl", ".py", ".txt"})
GZIP_LEVEL = 6  # what static hosts commonly use


@functools.lru_cache(maxsize=64)
def gzipped(path: str, mtime_ns: int, size: int) -> bytes:
    """The gzip body of one version of a file (the key changes when the file does)."""
    with open(path, "rb") as f:
        return gzip.compress(f.read(), GZIP_LEVEL, mtime=0)


def accepted_encodings(header: str) -> set[str]:
    """The codings an ``Accept-Encoding`` value names, less those refused with ``q=0``.

    >>> sorted(accepted_encodings("gzip, deflate, br;q=0, zstd"))
    ['deflate', 'gzip', 'zstd']
    """
    out = set()
    for item in header.split(","):
        coding, *params = (part.strip().lower() for part in item.split(";"))
        weights = [p.removeprefix("q=").strip() for p in params if p.startswith("q=")]
        try:
            refused = bool(weights) and float(weights[0]) == 0
        except ValueError:
            refused = False
        if coding and not refused:
            out.add(coding)
    return out


class Handler(http.server.SimpleHTTPRequestHandler):
    protocol_version = "HTTP/1.1"  # keep-alive: the page makes ~20 requests at boot
    extensions_map = MIME_TYPES
    quiet = False
    zip_lock = threading.Lock()  # one build at a time

    def __init__(self, *args: object, directory: str, **kwargs: object) -> None:
        super().__init__(*args, directory=directory, **kwargs)  # type: ignore[arg-type]

    def _path(self) -> str:
        return unquote(urlsplit(self.path).path)

    def send_head(self):  # type: ignore[no-untyped-def]
        path = self._path()
        if any(part.startswith(".") for part in path.split("/") if part):
            self.send_error(404, "Not found")
            return None
        root = Path(self.directory)
        if path == GAME_URL and (root / "mus").is_dir():
            try:
                with self.zip_lock:
                    rebuilt = ensure_game(root / "mus")
            except Exception as exc:  # show the reason in the browser and the log
                self.send_error(500, f"cannot build {MPY_ZIP.name}: {exc}")
                return None
            if rebuilt:  # send the fresh bytes: a rebuild can land within the same second
                del self.headers["If-Modified-Since"]
        is_page = "/" not in path.strip("/") and (path.endswith(".html") or path == "/")
        if is_page and (root / "mus").is_dir() and (root / CONFIG_SOURCE).is_file():
            try:
                with self.zip_lock:
                    write_page_configs(root)
            except Exception as exc:
                self.send_error(500, f"cannot write {CONFIG_SOURCE} into the pages: {exc}")
                return None
        if path == EMBED_URL and (root / "mus").is_dir():
            try:
                with self.zip_lock:
                    write_catalogue(root)
            except Exception as exc:
                self.send_error(500, f"cannot write the lessons' catalogue into embed.js: {exc}")
                return None
        if path == SW_URL and (root / "mus").is_dir() and (root / "static" / "vendor").is_dir() and TEMPLATE.is_file():
            try:
                with self.zip_lock:
                    ensure_game(root / "mus")
                    write_service_worker(root)
            except Exception as exc:
                self.send_error(500, f"cannot write sw.js: {exc}")
                return None
        accepted = accepted_encodings(self.headers.get("Accept-Encoding", ""))
        file = Path(self.translate_path(self.path))
        if path.endswith("/") and (file / "index.html").is_file():  # "/" is index.html, compressed too
            file = file / "index.html"
        if accepted & {"br", "gzip"} and file.is_file():
            body = self._current_brotli(file) if "br" in accepted else None
            if body is not None:
                return self._send_encoded(file, "br", body)
            if "gzip" in accepted and file.suffix in COMPRESSED:
                return self._send_encoded(file, "gzip", None)
        return super().send_head()

    @staticmethod
    def _current_brotli(file: Path) -> BinaryIO | None:
        """``file``'s ``.br`` opened, if it was made from the version of ``file`` on disk."""
        path = brotli_path(file)
        if not is_current(file, path):
            return None
        try:
            body = path.open("rb")
        except FileNotFoundError:
            return None
        if os.fstat(body.fileno()).st_mtime_ns != file.stat().st_mtime_ns:  # replaced meanwhile
            body.close()
            return None
        return body

    def _send_encoded(self, file: Path, encoding: str, body: BinaryIO | None):  # type: ignore[no-untyped-def]
        """Send ``file`` encoded with ``encoding`` (``body``, or gzip it when None, once per
        version of the file), with ``file``'s type and date; a 304 if the client has it."""
        st = file.stat()
        modified = email.utils.formatdate(st.st_mtime, usegmt=True)
        since = self.headers.get("If-Modified-Since")
        if since and "If-None-Match" not in self.headers:
            try:
                unchanged = email.utils.parsedate_to_datetime(since).timestamp() >= int(st.st_mtime)
            except (TypeError, ValueError):
                unchanged = False
            if unchanged:
                if body is not None:
                    body.close()
                self.send_response(304)
                self.send_header("Last-Modified", modified)
                self.send_header("Vary", "Accept-Encoding")
                self.end_headers()
                return None
        if body is None:
            body = io.BytesIO(gzipped(os.fspath(file), st.st_mtime_ns, st.st_size))
        self.send_response(200)
        self.send_header("Content-Type", self.guess_type(os.fspath(file)))
        self.send_header("Content-Encoding", encoding)
        self.send_header("Content-Length", str(body.seek(0, io.SEEK_END)))
        body.seek(0)
        self.send_header("Last-Modified", modified)
        self.send_header("Vary", "Accept-Encoding")
        self.end_headers()
        return body

    def end_headers(self) -> None:
        self.send_header("Cache-Control", "no-cache")
        if self._path().endswith(".whl"):  # installed by other sites' pages (docs/deploy.md)
            self.send_header("Access-Control-Allow-Origin", "*")
        super().end_headers()

    def log_message(self, format: str, *args: object) -> None:  # noqa: A002
        if not self.quiet:
            super().log_message(format, *args)


class Server(http.server.ThreadingHTTPServer):
    def handle_error(self, request: object, client_address: object) -> None:
        if isinstance(sys.exc_info()[1], ConnectionError):
            return  # the browser closed a connection mid-response (a page closed): not an error
        super().handle_error(request, client_address)  # type: ignore[arg-type]


def make_server(root: Path, port: int = 8000, host: str = "127.0.0.1", quiet: bool = False) -> http.server.ThreadingHTTPServer:
    handler = type("MusHandler", (Handler,), {"quiet": quiet})
    factory = functools.partial(handler, directory=str(root))
    server = Server((host, port), factory)
    server.daemon_threads = True
    return server


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Serve the game on 127.0.0.1 for development.")
    parser.add_argument("port", nargs="?", type=int, default=8000, help="port (default 8000; 0 = any free port)")
    parser.add_argument("--root", type=Path, default=ROOT, help="directory to serve (default: the repository)")
    parser.add_argument("--quiet", "-q", action="store_true", help="do not log requests")
    args = parser.parse_args(argv)
    server = make_server(args.root.resolve(), args.port, quiet=args.quiet)
    host, port = server.server_address[:2]
    if isinstance(host, bytes):
        host = host.decode()
    print(f"Serving http://{host}:{port}/", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""The service worker's precache list, generated from the files on disk. Standard library only.

    python3 -m tools.build.precache          # (re)write sw.js at the site root
    python3 -m tools.build.precache --check  # exit 1 if sw.js is stale or names a missing file

``tools/build/vendor.py`` runs this after vendoring and after every build of the game's zip, and
``tools/dev/serve.py`` refreshes ``sw.js`` when it is requested, so the list is never written by
hand. What is precached, by rule:

* the pages: every top-level ``*.html``, each page's PyScript config (``config="…"``) and
  its web app manifest (``rel="manifest"``);
* ``static/**`` except ``static/vendor/`` (styles, the deck, icons, the game's zip, scripts and
  data files other pages add), and except the precompressed ``NAME.br`` copies, which only a
  server sends (as the encoding of ``NAME``);
* from ``static/vendor/`` only what a page boots: MicroPython's two files and the PyScript core
  chunks reachable from ``core.js`` (static imports, and the core's dynamic imports apart from
  the features the game never loads: the editor, zip and graph helpers, and the plugins and
  TOML parser that no page's config loads, ``tools/build/page_config.py``).

Each entry carries its content hash (``sha256-…``, also used as the fetch's ``integrity``);
the cache name is a hash of all of them, so any changed file makes a new cache.

>>> entries = {"index.html": "sha256-a", "static/style.css": "sha256-b"}
>>> cache_name(entries)
'mus-37a18556d1ba7e49'
"""

from __future__ import annotations

import argparse
import base64
import hashlib
import json
import re
import sys
from pathlib import Path

from tools.build.page_config import unused_core_chunks

ROOT = Path(__file__).resolve().parents[2]
TEMPLATE = Path(__file__).resolve().parent / "sw.template.js"
SW_NAME = "sw.js"
PRECACHE_MARK = "/*PRECACHE*/"
CACHE_PREFIX = "mus-"

MICROPYTHON_BOOT_FILES = ("micropython.mjs", "micropython.wasm")  # every page's runtime
# PyScript core chunks that core-*.js imports on demand only: the py-editor's CodeMirror, the
# zip helper (static/mpy-start.mjs unpacks the game's zip itself) and the pyodide graph tool.
LAZY_CORE_CHUNKS = re.compile(r"^(codemirror|zip-|pyodide_graph)")
_STATIC_IMPORT = re.compile(r'(?:from|import)\s*"\./([^"]+)"')
_DYNAMIC_IMPORT = re.compile(r'import\(\s*"\./([^"]+)"\s*\)')
_CONFIG_ATTR = re.compile(r'<script[^>]*\stype="m?py"[^>]*\sconfig="([^"]+)"')
_MANIFEST_LINK = re.compile(r'<link[^>]*\srel="manifest"[^>]*\shref="([^"]+)"|<link[^>]*\shref="([^"]+)"[^>]*\srel="manifest"')
_SKIPPED = re.compile(r"(^|/)\.|\.tmp$|~$|\.br$")  # .br: a server's copy of a listed file


class PrecacheError(ValueError):
    """The precache list cannot be made: the message names the missing or unexpected file."""


def _local(href: str) -> str | None:
    """``./a/b`` or ``a/b`` as a site path; None for absolute or other-origin URLs."""
    if re.match(r"^[a-z]+:|^/", href):
        return None
    return href[2:] if href.startswith("./") else href


def core_chunks(pyscript_dir: Path, site: Path | None = None) -> list[str]:
    """The PyScript core files a page loads at boot: ``core.js``, ``core.css`` and their chunks;
    with ``site``, less the plugins and the TOML parser none of its pages loads
    (``tools/build/page_config.py``)."""
    wanted, todo = {"core.js", "core.css"}, ["core.js"]
    while todo:
        name = todo.pop()
        path = pyscript_dir / name
        if not path.is_file():
            raise PrecacheError(f"{path} is imported but missing: run `python3 -m tools.build.vendor`")
        text = path.read_text(encoding="utf-8", errors="replace")
        found = set(_STATIC_IMPORT.findall(text))
        if name.startswith("core-"):  # the core's own on-demand imports: plugins, toml, error
            unused = unused_core_chunks(site, text) if site is not None else set()
            found |= {n for n in _DYNAMIC_IMPORT.findall(text) if not LAZY_CORE_CHUNKS.match(n) and n not in unused}
        for chunk in sorted(found - wanted):
            wanted.add(chunk)
            todo.append(chunk)
    return sorted(wanted)


def page_files(root: Path) -> list[str]:
    """Top-level pages with the PyScript configs and manifests they name."""
    out: set[str] = set()
    for page in sorted(root.glob("*.html")):
        out.add(page.name)
        text = page.read_text(encoding="utf-8")
        refs = _CONFIG_ATTR.findall(text) + [a or b for a, b in _MANIFEST_LINK.findall(text)]
        for ref in refs:
            path = _local(ref)
            if path is None:
                continue
            if not (root / path).is_file():
                raise PrecacheError(f"{page.name} names {ref}, which does not exist")
            out.add(path)
    return sorted(out)


def static_files(root: Path) -> list[str]:
    static = root / "static"
    out = []
    for path in sorted(static.rglob("*")):
        rel = path.relative_to(root).as_posix()
        if path.is_file() and not rel.startswith("static/vendor/") and not _SKIPPED.search(rel):
            out.append(rel)
    return out


def vendor_files(root: Path) -> list[str]:
    vendor = root / "static" / "vendor"
    core = [f"static/vendor/pyscript/{n}" for n in core_chunks(vendor / "pyscript", root)]
    runtime = [f"static/vendor/micropython/{n}" for n in MICROPYTHON_BOOT_FILES]
    for rel in runtime:
        if not (root / rel).is_file():
            raise PrecacheError(f"{rel} is missing: run `python3 -m tools.build.vendor`")
    return core + runtime


def precache_files(root: Path = ROOT) -> list[str]:
    """Every site path the service worker precaches, sorted."""
    return sorted({*page_files(root), *static_files(root), *vendor_files(root)})


def integrity(path: Path) -> str:
    digest = hashlib.sha256(path.read_bytes()).digest()
    return "sha256-" + base64.b64encode(digest).decode()


def precache_entries(root: Path = ROOT) -> dict[str, str]:
    """{site path: sha256 integrity} of what is on disk now."""
    return {rel: integrity(root / rel) for rel in precache_files(root)}


def cache_name(entries: dict[str, str]) -> str:
    text = json.dumps(entries, sort_keys=True, separators=(",", ":"))
    return CACHE_PREFIX + hashlib.sha256(text.encode()).hexdigest()[:16]


def service_worker_text(entries: dict[str, str]) -> str:
    template = TEMPLATE.read_text(encoding="utf-8")
    if template.count(PRECACHE_MARK) != 1:
        raise PrecacheError(f"{TEMPLATE} must contain {PRECACHE_MARK} exactly once")
    data = json.dumps({"cache": cache_name(entries), "files": entries}, indent=1, sort_keys=True)
    return template.replace(PRECACHE_MARK, data)


def read_precache(sw: Path) -> dict[str, object]:
    """The ``{"cache", "files"}`` object a generated ``sw.js`` carries."""
    text = sw.read_text(encoding="utf-8")
    match = re.search(r"^const PRECACHE = (\{.*?^\});$", text, re.S | re.M)
    if match is None:
        raise PrecacheError(f"{sw} has no generated PRECACHE object")
    data: dict[str, object] = json.loads(match.group(1))
    return data


def problems(root: Path = ROOT) -> list[str]:
    """Why ``root/sw.js`` does not match the files on disk (empty when it does)."""
    sw = root / SW_NAME
    if not sw.is_file():
        return [f"{sw} is missing: run `python3 -m tools.build.vendor`"]
    listed = read_precache(sw)
    files = listed["files"]
    assert isinstance(files, dict)
    out = [f"sw.js names {rel}, which does not exist" for rel in files if not (root / rel).is_file()]
    try:
        entries = precache_entries(root)
    except PrecacheError as error:
        return [*out, str(error)]
    out += [f"sw.js does not list {rel}" for rel in entries if rel not in files]
    out += [f"sw.js lists an old version of {rel}" for rel in entries
            if rel in files and files[rel] != entries[rel]]
    out += [f"sw.js lists {rel}, which a page does not need" for rel in files
            if rel not in entries and (root / rel).is_file()]
    if not out and listed["cache"] != cache_name(entries):
        out.append("sw.js has a stale cache name")
    return out


def write_service_worker(root: Path = ROOT) -> bool:
    """Write ``root/sw.js`` if it differs from what the files on disk give; True if written."""
    text = service_worker_text(precache_entries(root))
    sw = root / SW_NAME
    if sw.is_file() and sw.read_text(encoding="utf-8") == text:
        return False
    tmp = sw.with_name(sw.name + ".tmp")
    tmp.write_text(text, encoding="utf-8")
    tmp.replace(sw)
    return True


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Write or check the service worker's precache list.")
    parser.add_argument("--check", action="store_true", help="only report whether sw.js is current")
    parser.add_argument("--root", type=Path, default=ROOT)
    args = parser.parse_args(argv)
    if args.check:
        found = problems(args.root)
        for line in found:
            print(line, file=sys.stderr)
        return 1 if found else 0
    written = write_service_worker(args.root)
    print(f"{SW_NAME}: {'written' if written else 'up to date'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

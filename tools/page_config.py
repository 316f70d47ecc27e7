"""Which optional parts of PyScript's core the site's pages load. Standard library only.

PyScript's core loads every plugin of its table (``core-*.js``: ``"py-editor": () =>
import("./py-editor-….js")``, …) once per interpreter type it knows (``py`` and ``mpy``),
unless that type's config switches it off (``"plugins": ["!py-editor"]``), and it loads its
TOML parser (``toml-….js``) only for a TOML config. ``tools/precache.py`` leaves out of the
precache (and ``tools/vendor.py`` out of the brotli copies) the chunks no page loads.

>>> page_plugins_off('<mpy-config>{"plugins": ["!a", "!b"]}</mpy-config>'
...                  '<script type="py" config=\\'{"plugins": ["!b"]}\\'></script>', Path("."))
({'b'}, False)
"""

from __future__ import annotations

import json
import re
import tomllib
from pathlib import Path

# One entry of the core's plugin table whose code is a chunk of its own.
_PLUGIN_CHUNK = re.compile(r"""(?:"([\w-]+)"|\b(\w+)):\(\)=>import\("\./([^"]+)"\)""")
_PY_CONFIG = re.compile(r"""<script[^>]*\stype="py"[^>]*\sconfig=(?:"([^"]*)"|'([^']*)')""")
_MPY_CONFIG = re.compile(r"<mpy-config[^>]*>([^<]*)</mpy-config>")
TOML_CHUNK = re.compile(r"^toml-")


def plugin_chunks(bundle: str) -> dict[str, str]:
    """{plugin name: its chunk's file name} from the core bundle's plugin table."""
    return {quoted or bare: chunk for quoted, bare, chunk in _PLUGIN_CHUNK.findall(bundle)}


def _read_config(value: str, page_dir: Path) -> tuple[dict[str, object], bool]:
    """A config attribute or element: (the parsed config, whether it is TOML)."""
    text = value.strip()
    if not text.startswith("{"):
        path = page_dir / text
        text = path.read_text(encoding="utf-8") if path.is_file() else ""
        if not value.strip().endswith(".json"):
            return tomllib.loads(text), True
    return json.loads(text), False


def _off(config: dict[str, object]) -> set[str]:
    plugins = config.get("plugins", [])
    return {p[1:] for p in plugins if isinstance(p, str) and p.startswith("!")} if isinstance(plugins, list) else set()


def page_plugins_off(html: str, page_dir: Path) -> tuple[set[str], bool] | None:
    """(plugins the page switches off for both interpreter types, whether it reads a TOML
    config), or None for a page without PyScript."""
    py = [a or b for a, b in _PY_CONFIG.findall(html)]
    if not py and 'type="py"' not in html:
        return None
    configs = [_read_config(value, page_dir) for value in py]
    off_py = set.intersection(*(_off(c) for c, _ in configs)) if configs else set()
    mpy = [_read_config(text, page_dir) for text in _MPY_CONFIG.findall(html)]
    off_mpy = set.intersection(*(_off(c) for c, _ in mpy)) if mpy else set()
    return off_py & off_mpy, any(toml for _, toml in [*configs, *mpy])


def unused_core_chunks(root: Path, bundle: str) -> set[str]:
    """The chunks of the core bundle ``bundle`` that no page of the site at ``root`` loads:
    the plugins every page switches off, and the TOML parser if no page has a TOML config."""
    pages = [page_plugins_off(p.read_text(encoding="utf-8"), root) for p in sorted(root.glob("*.html"))]
    found = [p for p in pages if p is not None]
    if not found:
        return set()
    chunks = plugin_chunks(bundle)
    off = set.intersection(*(off for off, _ in found))
    unused = {chunk for name, chunk in chunks.items() if name in off}
    if not any(toml for _, toml in found):
        unused |= {name for name in re.findall(r'import\("\./([^"]+)"\)', bundle) if TOML_CHUNK.match(name)}
    return unused

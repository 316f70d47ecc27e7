"""The pages' PyScript config: written from ``pyscript.toml``, and which optional parts of
PyScript's core the pages load. Standard library only.

``pyscript.toml`` at the top of the site is the single source of the config: ``[mpy]`` for
MicroPython, which every page runs, and ``[py]``, which only switches plugins off for the
interpreter type no page runs (PyScript loads plugins per type it knows).
``write_page_configs`` (run by ``tools/build/vendor.py`` and ``tools/dev/serve.py``) writes it
inline into every top-level page that runs Python, as JSON: each section into the ``config='…'``
attribute of the page's ``<script type="py">`` (or ``"mpy"``), or, for the type the page does
not run, into its ``<py-config hidden>`` (or ``<mpy-config hidden>``: ``hidden`` so that the
text never shows while the page loads). A page therefore fetches no config file and loads no
TOML parser, and ``config_drift`` says which pages differ from the file
(``tests/test_page_config.py``).

>>> inline_config('<mpy-config hidden>{}</mpy-config><script type="py" config=\\'{}\\'>x</script>',
...               {"py": {"interpreter": "./i.mjs"}, "mpy": {"plugins": ["!a"]}})
'<mpy-config hidden>{"plugins": ["!a"]}</mpy-config><script type="py" config=\\'{"interpreter": "./i.mjs"}\\'>x</script>'

PyScript's core loads every plugin of its table (``core-*.js``: ``"py-editor": () =>
import("./py-editor-….js")``, …) once per interpreter type it knows (``py`` and ``mpy``),
unless that type's config switches it off (``"plugins": ["!py-editor"]``), and it loads its
TOML parser (``toml-….js``) only for a TOML config. ``tools/build/precache.py`` leaves out of the
precache (and ``tools/build/vendor.py`` out of the brotli copies) the chunks no page loads.

>>> page_plugins_off('<mpy-config>{"plugins": ["!a", "!b"]}</mpy-config>'
...                  '<script type="py" config=\\'{"plugins": ["!b"]}\\'></script>', Path("."))
({'b'}, False)
>>> page_plugins_off('<mpy-config>plugins = ["!b"]</mpy-config>'
...                  '<script type="py" config=\\'{"plugins": ["!b"]}\\'></script>', Path("."))
({'b'}, True)
"""

from __future__ import annotations

import json
import re
import tomllib
from pathlib import Path

# One entry of the core's plugin table: its own chunk, or code bundled in the core.
_PLUGIN = re.compile(r"""(?:"([\w-]+)"|\b(\w+)):\(\)=>(?:import\("\./([^"]+)"\)|Promise\.resolve\(\))""")
_PY_CONFIG = re.compile(r"""<script[^>]*\stype="py"[^>]*\sconfig=(?:"([^"]*)"|'([^']*)')|<py-config[^>]*>([^<]*)</py-config>""")
_MPY_CONFIG = re.compile(r"""<script[^>]*\stype="mpy"[^>]*\sconfig=(?:"([^"]*)"|'([^']*)')|<mpy-config[^>]*>([^<]*)</mpy-config>""")
# How PyScript tells a config file from inline TOML: one line ending in an extension.
_CONFIG_FILE = re.compile(r"^\S+\.(\w+)(?:\?\S*)?$")
TOML_CHUNK = re.compile(r"^toml-")

Config = tuple[dict[str, object], bool]  # the parsed config, and whether it is TOML
SOURCE = "pyscript.toml"  # at the site's root: the config of every page
SECTIONS = ("py", "mpy")
# The inline configs the build writes, by section: the script's attribute or the element's text.
_INLINE = {section: re.compile(rf"""(<script[^>]*\stype="{section}"[^>]*\sconfig=')([^']*)(')"""
                               rf"|(<{section}-config[^>]*>)([^<]*)(</{section}-config>)") for section in SECTIONS}
_RUNS_PYTHON = re.compile(r'<script[^>]*\stype="m?py"')
# A link to a hashed chunk of the vendored core: its name, up to the 8-character hash.
_HASH = len("-C9KDLldu")
_CHUNK_HREF = re.compile(r'(href="\./static/vendor/pyscript/)([\w-]+)(-[\w-]{8}\.js)"')
PYSCRIPT_DIR = Path("static") / "vendor" / "pyscript"


class PageConfigError(ValueError):
    """``pyscript.toml`` cannot be written into a page: the message says why."""


def source_config(root: Path) -> dict[str, dict[str, object]]:
    """``pyscript.toml``'s sections, {"py": {...}, "mpy": {...}}."""
    data = tomllib.loads((root / SOURCE).read_text(encoding="utf-8"))
    if sorted(data) != sorted(SECTIONS) or not all(isinstance(data[s], dict) for s in SECTIONS):
        raise PageConfigError(f"{SOURCE}: expected the sections [py] and [mpy], got {sorted(data)}")
    return {section: data[section] for section in SECTIONS}


def _json(config: dict[str, object]) -> str:
    text = json.dumps(config, ensure_ascii=False, sort_keys=True)
    if "'" in text or "<" in text or "&" in text:  # it goes into an attribute and an element as is
        raise PageConfigError(f"{SOURCE}: a value with ', < or & cannot be written inline: {text}")
    return text


def inline_config(html: str, config: dict[str, dict[str, object]]) -> str:
    """``html`` with its inline PyScript configs replaced by ``config``'s sections."""
    for section in SECTIONS:
        text = _json(config[section])
        html = _INLINE[section].sub(lambda m: (m.group(1) or m.group(4)) + text + (m.group(3) or m.group(6)), html)
    return html


def chunk_links(html: str, pyscript_dir: Path) -> str:
    """``html`` with each link to a chunk of PyScript's core (``core-….js``, named by a hash of
    its content, such as a ``modulepreload`` of the chunk ``core.js`` imports) pointing at the
    vendored file of that name; left as it is where nothing is vendored yet."""
    if not pyscript_dir.is_dir():
        return html
    files = {p.name[:-len(".js") - _HASH]: p.name for p in pyscript_dir.glob("*.js")}
    return _CHUNK_HREF.sub(lambda m: m.group(1) + files.get(m.group(2), m.group(2) + m.group(3)) + '"', html)


def _has_configs(html: str) -> bool:
    return all(len(_INLINE[section].findall(html)) == 1 for section in SECTIONS)


def python_pages(root: Path) -> list[Path]:
    """The top-level pages that run Python (a ``<script type="py">`` or ``"mpy"``)."""
    return [p for p in sorted(root.glob("*.html")) if _RUNS_PYTHON.search(p.read_text(encoding="utf-8"))]


def config_drift(root: Path) -> list[str]:
    """The pages whose inline config is not ``pyscript.toml``'s, or that have none to write."""
    config = source_config(root)
    out = []
    for page in python_pages(root):
        html = page.read_text(encoding="utf-8")
        if not _has_configs(html) or chunk_links(inline_config(html, config), root / PYSCRIPT_DIR) != html:
            out.append(page.name)
    return out


def write_page_configs(root: Path) -> list[str]:
    """Write ``pyscript.toml`` into every page that runs Python, and the vendored names into
    its links to the core's chunks (``chunk_links``); return the pages changed.
    A page without exactly one place to write each section (a script's ``config='…'`` or a
    ``<py-config>`` / ``<mpy-config>``) is an error: it would boot without our interpreter."""
    config = source_config(root)
    changed = []
    for page in python_pages(root):
        html = page.read_text(encoding="utf-8")
        if not _has_configs(html):
            raise PageConfigError(f"{page.name}: expected one <script type=\"py\" config='…'> or <py-config>, "
                                  f"and one of mpy, to write {SOURCE} into")
        written = chunk_links(inline_config(html, config), root / PYSCRIPT_DIR)
        if written != html:
            page.write_text(written, encoding="utf-8")
            changed.append(page.name)
    return changed


def plugins(bundle: str) -> dict[str, str | None]:
    """{plugin name: its chunk's file name, or None if bundled} from the core's plugin table."""
    return {quoted or bare: chunk or None for quoted, bare, chunk in _PLUGIN.findall(bundle)}


def _read_config(value: str, page_dir: Path) -> Config:
    """A config attribute or element: inline JSON, a file's name, or inline TOML."""
    text = value.strip()
    if text.startswith("{") and text.endswith("}"):
        return json.loads(text), False
    file = _CONFIG_FILE.match(text)
    if file is None:
        return tomllib.loads(text), True
    path = page_dir / text.split("?")[0]
    content = path.read_text(encoding="utf-8") if path.is_file() else ""
    if file.group(1) == "json":
        return (json.loads(content) if content else {}), False
    return tomllib.loads(content), True


def page_configs(html: str, page_dir: Path) -> tuple[list[Config], list[Config]]:
    """The page's PyScript configs: those of its ``py`` scripts and its ``<mpy-config>``s."""
    py = [_read_config(a or b or c, page_dir) for a, b, c in _PY_CONFIG.findall(html)]
    return py, [_read_config(a or b or c, page_dir) for a, b, c in _MPY_CONFIG.findall(html)]


def _off(config: dict[str, object]) -> set[str]:
    names = config.get("plugins", [])
    return {p[1:] for p in names if isinstance(p, str) and p.startswith("!")} if isinstance(names, list) else set()


def page_plugins_off(html: str, page_dir: Path) -> tuple[set[str], bool] | None:
    """(plugins the page switches off for both interpreter types, whether it reads a TOML
    config), or None for a page without PyScript."""
    py, mpy = page_configs(html, page_dir)
    if not py and not mpy and not _RUNS_PYTHON.search(html):
        return None
    off_py = set.intersection(*(_off(c) for c, _ in py)) if py else set()
    off_mpy = set.intersection(*(_off(c) for c, _ in mpy)) if mpy else set()
    return off_py & off_mpy, any(toml for _, toml in [*py, *mpy])


def unused_core_chunks(root: Path, bundle: str) -> set[str]:
    """The chunks of the core bundle ``bundle`` that no page of the site at ``root`` loads:
    the plugins every page switches off, and the TOML parser if no page has a TOML config."""
    pages = [page_plugins_off(p.read_text(encoding="utf-8"), root) for p in sorted(root.glob("*.html"))]
    found = [p for p in pages if p is not None]
    if not found:
        return set()
    off = set.intersection(*(off for off, _ in found))
    unused = {chunk for name, chunk in plugins(bundle).items() if name in off and chunk is not None}
    if not any(toml for _, toml in found):
        unused |= {name for name in re.findall(r'import\("\./([^"]+)"\)', bundle) if TOML_CHUNK.match(name)}
    return unused

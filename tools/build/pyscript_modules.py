"""PyScript's own Python package, read out of the vendored core bundle. Standard library only.

At every start PyScript writes its ``pyscript`` package into Python's working directory from
sources bundled in its JavaScript (``core-*.js`` calls ``wo(".", {pyscript: {"__init__.py":
"…", …}})``) and imports it: compiling those modules costs a phone's start a few hundred ms.
``tools/build/mpy.py`` compiles the same sources into the game's zip of ``.mpy``, unpacked
into MicroPython's ``/lib``, so the import finds them as bytecode, and the pages' interpreter
module (``static/mpy-start.mjs``) runs PyScript's prelude without the writes
(``static/prelude.mjs``). Built from the vendored bundle, they are always its version.

>>> parse_package('x;wo(".",{pyscript:{"__init__.py":"A=1\\\\n",sub:{"b.py":"B=\\\\"2\\\\""}}});y')
{'pyscript/__init__.py': 'A=1\\n', 'pyscript/sub/b.py': 'B="2"'}
"""

from __future__ import annotations

import json
import re
from pathlib import Path

CALL = 'wo(".",{'  # the bundle's call that writes the package, minified as in @pyscript/core
_KEY = re.compile(r"\s*([A-Za-z_$][\w$]*)\s*:")
_DECODER = json.JSONDecoder()


class PyScriptModulesError(ValueError):
    """The core bundle does not hold the package in the expected form; says what was found."""


def parse_package(bundle: str) -> dict[str, str]:
    """{path: source} of the files the bundle writes (``pyscript/__init__.py``, …)."""
    start = bundle.find(CALL)
    if start < 0 or bundle.find(CALL, start + 1) >= 0:
        raise PyScriptModulesError(f"expected one {CALL!r} in PyScript's core bundle, found {bundle.count(CALL)}")
    files: dict[str, str] = {}
    end = _parse_object(bundle, start + len(CALL) - 1, "", files)
    if not bundle.startswith(")", end) or "pyscript/__init__.py" not in files:
        raise PyScriptModulesError(f"PyScript's package is not where expected: {sorted(files)[:5]}")
    return files


def _parse_object(text: str, pos: int, prefix: str, files: dict[str, str]) -> int:
    """Read the object literal at ``text[pos] == "{"`` into ``files``; return the index after it."""
    pos += 1
    while True:
        if text.startswith("}", pos):
            return pos + 1
        if text.startswith('"', pos):
            key, pos = _DECODER.raw_decode(text, pos)
            if not text.startswith(":", pos):
                raise PyScriptModulesError(f"expected ':' after {key!r} at {pos}")
            pos += 1
        else:
            match = _KEY.match(text, pos)
            if not match:
                raise PyScriptModulesError(f"expected a key at {pos}: {text[pos:pos + 40]!r}")
            key, pos = match.group(1), match.end()
        if text.startswith("{", pos):
            pos = _parse_object(text, pos, f"{prefix}{key}/", files)
        elif text.startswith('"', pos):
            files[prefix + key], pos = _DECODER.raw_decode(text, pos)
        else:
            raise PyScriptModulesError(f"expected a string or an object for {prefix}{key} at {pos}")
        if text.startswith(",", pos):
            pos += 1


def core_bundle(pyscript_dir: Path) -> Path:
    """The core chunk that holds the package: the one ``core-*.js``."""
    bundles = sorted(pyscript_dir.glob("core-*.js"))
    if len(bundles) != 1:
        raise PyScriptModulesError(f"expected one core-*.js in {pyscript_dir}, found {[p.name for p in bundles]}")
    return bundles[0]


def pyscript_package(pyscript_dir: Path) -> dict[str, str]:
    """The ``.py`` files of the package bundled in the vendored core at ``pyscript_dir``."""
    files = parse_package(core_bundle(pyscript_dir).read_text(encoding="utf-8"))
    return {path: source for path, source in files.items() if path.endswith(".py")}

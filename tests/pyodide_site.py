"""Another site's Pyodide PyScript page, for the test that installs the engine's wheel there.

No page of ours runs Pyodide; other people's pages do, and install ``dist/mus-*.whl`` with
micropip (``docs/engine.md``). ``pyodide_site(dest)`` makes such a site in ``dest``: the page
``tests/pages/wheel.html``, PyScript's core and the Pyodide PyScript loads by default, both from
``node_modules`` (the npm packages, pinned in ``package-lock.json``), and micropip, which the
``pyodide`` package does not ship: the wheel its lock names, downloaded with ``pip download``
and checked against ``PINNED_WHEELS`` (``tools/build/vendor.py``). That file is not
byte-identical to the one Pyodide built, whose hash its lock lists, so the site's lock lists
micropip alone, with the pinned hash (Pyodide checks the download against it).
"""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

from tools.build.vendor import CORE_DIR, NODE_MODULES, VendorError, fetch_wheel, package_version, pinned_sha256

PYODIDE_DIR = NODE_MODULES / "pyodide"
PAGE = Path(__file__).resolve().parent / "pages" / "wheel.html"
BOOT_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip")
# The core's registry of interpreters: {type:"pyodide",module:(e="314.0.2")=>`…`}
_CORE_PYODIDE_RE = re.compile(r'type:"pyodide",module:\(\s*\w+\s*=\s*"([^"]+)"\s*\)\s*=>')


def core_expected_pyodide_version(dist: Path = CORE_DIR / "dist") -> str:
    """The Pyodide version PyScript's core loads by default."""
    found = {version for path in sorted(dist.glob("*.js"))
             for version in _CORE_PYODIDE_RE.findall(path.read_text(encoding="utf-8", errors="replace"))}
    if len(found) != 1:
        raise VendorError(f"expected one default Pyodide version in {dist}/*.js, found {sorted(found)}")
    return found.pop()


def served_lock_text(lock_text: str, name: str, sha256: str) -> str:
    """Pyodide's lock file listing only package ``name``, with ``sha256`` as its hash."""
    lock = json.loads(lock_text)
    package = lock["packages"].get(name)
    if package is None:
        raise VendorError(f"pyodide-lock.json does not list {name}")
    return json.dumps({**lock, "packages": {name: {**package, "sha256": sha256}}}, indent=2, sort_keys=True) + "\n"


def pyodide_site(dest: Path) -> Path:
    """The site in ``dest``: ``index.html``, ``pyscript/`` and ``pyodide/``."""
    expected, installed = core_expected_pyodide_version(), package_version(PYODIDE_DIR)
    if installed != expected:
        raise VendorError(f"PyScript's core loads Pyodide {expected}, node_modules has {installed}: "
                          f"pin \"pyodide\": \"{expected}\" in package.json")
    lock_text = (PYODIDE_DIR / "pyodide-lock.json").read_text(encoding="utf-8")
    lock = json.loads(lock_text)
    micropip = lock["packages"]["micropip"]
    sha256 = pinned_sha256(micropip["file_name"])
    wheel = fetch_wheel({**micropip, "python": lock["info"]["python"]}, sha256)
    dest.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(PAGE, dest / "index.html")
    (dest / "pyscript").symlink_to(CORE_DIR / "dist", target_is_directory=True)
    runtime = dest / "pyodide"
    runtime.mkdir()
    for name in BOOT_FILES:
        (runtime / name).symlink_to(PYODIDE_DIR / name)
    (runtime / micropip["file_name"]).symlink_to(wheel)
    (runtime / "pyodide-lock.json").write_text(served_lock_text(lock_text, "micropip", sha256), encoding="utf-8")
    return dest

"""Built sites for the timing tools: this tree's, an earlier commit's, each served as files only.

* ``built_site(commit)``: the tree of ``commit``, exported with ``git archive`` into
  ``.cache/sites/<commit>``, beside this tree's ``node_modules`` (the same pinned PyScript,
  Pyodide and MicroPython packages) and its downloaded wheels, and built there by its own
  ``tools/build/vendor.py``: its own runtime in its own ``static/vendor`` (an earlier table's
  Pyodide, with the stdlib that commit's build compiled). Built once, then kept.
* ``as_static_host(root, name)``: a built site with no ``mus/`` beside it: the dev server then
  rebuilds and checks nothing on a request, as a static host.
* ``serving(root)``: ``root`` served by this tree's ``tools/dev/serve.py``, which sends the
  build's ``.br`` copies as a static host would.
"""

from __future__ import annotations

import contextlib
import io
import shutil
import subprocess
import sys
import tarfile
import threading
from collections.abc import Iterator
from pathlib import Path

from tools.build.vendor import CACHE_DIR, ROOT

CACHE = ROOT / ".cache" / "sites"
BUILT = ".built"  # written once a site's build has finished


def built_site(commit: str) -> Path:
    """The tree of ``commit``, built (minutes the first time: an old Pyodide build compiles its
    stdlib and compresses its wasm)."""
    full = subprocess.run(["git", "rev-parse", commit], cwd=ROOT, capture_output=True, text=True, check=True).stdout.strip()
    dest = CACHE / full[:12]
    if (dest / BUILT).is_file():
        return dest
    if dest.exists():  # a build that did not finish
        shutil.rmtree(dest)
    archive = subprocess.run(["git", "archive", full], cwd=ROOT, capture_output=True, check=True).stdout
    with tarfile.open(fileobj=io.BytesIO(archive)) as tar:
        tar.extractall(dest, filter="data")
    (dest / "node_modules").symlink_to((ROOT / "node_modules").resolve(), target_is_directory=True)
    (dest / ".cache").mkdir()
    (dest / ".cache" / "vendor").symlink_to(CACHE_DIR.resolve(), target_is_directory=True)
    print(f"building {full[:12]} in {dest} (once)", flush=True)
    subprocess.run([sys.executable, "-m", "tools.build.vendor", "--quiet"], cwd=dest, check=True)
    (dest / BUILT).write_text(full + "\n")
    return dest


def as_static_host(root: Path, name: str) -> Path:
    """The built site of ``root`` with no ``mus/`` beside it: the dev server then rebuilds and
    checks nothing. With ``mus/`` it checks the zips' freshness on each request for one, which
    took seconds on the shared machine, more than a lesson's whole start."""
    dest = CACHE / f"static-{name}"
    if dest.exists():
        shutil.rmtree(dest)
    dest.mkdir(parents=True)
    for item in root.iterdir():
        if item.name == "static" or item.suffix in (".html", ".js", ".webmanifest"):
            (dest / item.name).symlink_to(item.resolve(), target_is_directory=item.is_dir())
    return dest


@contextlib.contextmanager
def serving(root: Path) -> Iterator[str]:
    """``root`` served by this tree's ``tools/dev/serve.py``, as files only."""
    server = subprocess.Popen([sys.executable, str(ROOT / "tools" / "dev" / "serve.py"), "0", "--quiet", "--root", str(root)],
                              cwd=root, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    try:
        first = server.stdout.readline() if server.stdout else ""
        if not first.startswith("Serving http://"):
            raise RuntimeError(f"{root}: the server did not start: {first}")
        threading.Thread(target=server.stdout.read, daemon=True).start()  # never let its pipe fill
        yield first.split()[1]
    finally:
        server.terminate()
        server.wait(timeout=10)

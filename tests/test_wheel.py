"""The engine as a wheel: ``python -m tools.build.wheel`` builds it; another site's page installs it.

The browser test serves another site (``tests/pyodide_site.py``: a Pyodide PyScript page, on
another port, so another origin) whose page installs the wheel with micropip from our site's
``dist/``, served with the one header ``docs/deploy.md`` asks for, and plays a whole partida;
the same wheel from a host without that header is refused.
"""

from __future__ import annotations

import base64
import contextlib
import functools
import hashlib
import http.server
import json
import subprocess
import sys
import threading
import zipfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urlencode, urlsplit

import pytest

from tests.browser import BootError, BootState, boot_page
from tests.devserver import DevServer
from tests.pyodide_site import pyodide_site
from tools.build.vendor import ensure_wheel
from tools.build.wheel import build_wheel, project


def test_wheel_holds_the_engine_and_bots_with_metadata(tmp_path: Path) -> None:
    path = build_wheel(tmp_path)
    version = project()["version"]
    assert path.name == f"mus-{version}-py3-none-any.whl"
    with zipfile.ZipFile(path) as zf:
        names = zf.namelist()
        files = {name: zf.read(name) for name in names}
    assert {"mus/__init__.py", "mus/game.py", "mus/ai/__init__.py", "mus/py.typed"} <= set(names)
    assert not [n for n in names if n.startswith("mus/web/") or "__pycache__" in n]
    meta = files[f"mus-{version}.dist-info/METADATA"].decode()
    assert "Name: mus\n" in meta and f"Version: {version}\n" in meta
    assert "Tag: py3-none-any" in files[f"mus-{version}.dist-info/WHEEL"].decode()
    record = files[f"mus-{version}.dist-info/RECORD"].decode().splitlines()
    assert len(record) == len(names)
    for line in record:
        name, digest, size = line.rsplit(",", 2)
        if name.endswith("RECORD"):
            continue
        data = files[name]
        expected = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
        assert (digest, int(size)) == (f"sha256={expected}", len(data))
    assert build_wheel(tmp_path / "again").read_bytes() == path.read_bytes()  # reproducible


def test_wheel_installs_and_imports_outside_the_repository(tmp_path: Path) -> None:
    path = build_wheel(tmp_path / "dist")
    target = tmp_path / "site"
    subprocess.run([sys.executable, "-m", "pip", "install", "-q", "--no-index", "--no-deps",
                    "--disable-pip-version-check", "--target", str(target), str(path)], check=True)
    code = ("import mus, mus.ai; g = mus.Game.new(seed=1); "
            "print(mus.__file__, mus.compare('pares', 'RR77', '33AA'), mus.ai.LEVELS)")
    out = subprocess.run([sys.executable, "-c", code], cwd=tmp_path, env={"PYTHONPATH": str(target)},
                         capture_output=True, text=True, check=True).stdout
    assert out.startswith(str(target)) and " 1 " in out


SENT: list[str] = []  # what the headerless host sent: "<status> <path>"


class Headerless(http.server.SimpleHTTPRequestHandler):
    def log_request(self, code: int | str = "-", size: int | str = "-") -> None:
        SENT.append(f"{code} {self.path}")


@contextlib.contextmanager
def headerless(root: Path) -> Iterator[str]:
    """``root`` served by Python's plain file server, which sends no CORS header."""
    handler = functools.partial(Headerless, directory=str(root))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/"
    finally:
        server.shutdown()
        server.server_close()


@pytest.fixture(scope="module")
def wheel_page(browser: Any, base_url: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[BootState]:
    path = ensure_wheel()  # what the build makes and docs/deploy.md says to copy
    site = pyodide_site(tmp_path_factory.mktemp("elsewhere") / "site")
    with DevServer(site) as other, headerless(path.parent) as refusing:
        assert urlsplit(other).netloc != urlsplit(base_url).netloc  # another origin
        query = urlencode({"wheel": f"{base_url}dist/{path.name}", "refused": f"{refusing}{path.name}"})
        try:
            state = boot_page(browser, f"{other}?{query}")
        except BootError as error:
            # Pyodide's wasm compiled in a cold renderer crashed it on fresh clones (the other
            # site's runtime, not a page of ours; Playwright says "Target crashed" or "Page
            # crashed"): a new context, once; any other failure fails the test.
            if "Target crashed" not in str(error) and "Page crashed" not in str(error):
                raise
            state = boot_page(browser, f"{other}?{query}")
        yield state
        state.close()


@pytest.mark.browser
def test_another_sites_pyodide_page_installs_the_wheel_with_micropip_and_plays(wheel_page: BootState) -> None:
    result = json.loads(wheel_page.page.inner_text("#result"))
    assert result["version"] == project()["version"]
    assert "site-packages" in result["file"]  # from the wheel, not from the repository
    assert result["winner"] in (0, 1) and result["hands"] >= 2
    assert result["compare"] == 1
    # The same wheel from a host without Access-Control-Allow-Origin: sent, and not installed.
    assert result["refused"] != "installed"
    assert [line for line in SENT if line.endswith(".whl")] == [f"200 /mus-{project()['version']}-py3-none-any.whl"]
    assert wheel_page.external_requests == []
    assert any("/micropip-" in u and u.endswith(".whl") for u in wheel_page.requests)
    assert any(u.endswith("/dist/mus-" + project()["version"] + "-py3-none-any.whl") for u in wheel_page.requests)
    assert [e for e in wheel_page.console_errors if "CORS" not in e and "Failed to" not in e] == []

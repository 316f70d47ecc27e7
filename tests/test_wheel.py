"""The engine as a wheel: ``python -m tools.build.wheel`` builds it; a PyScript page installs it.

The browser test serves ``tests/pages/wheel.html``, which installs the wheel through the
vendored micropip (same origin, nothing leaves 127.0.0.1) and plays a whole partida.
"""

from __future__ import annotations

import base64
import hashlib
import json
import subprocess
import sys
import zipfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.browser import BootState, boot_page
from tools.build.wheel import ROOT, build_wheel, project


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


@pytest.fixture(scope="module")
def wheel_page(browser: Any, base_url: str) -> Iterator[BootState]:
    path = build_wheel(ROOT / "dist")
    state = boot_page(browser, f"{base_url}tests/pages/wheel.html?wheel=/dist/{path.name}")
    yield state
    state.close()


@pytest.mark.browser
def test_a_pyscript_page_installs_the_wheel_with_micropip_and_plays(wheel_page: BootState) -> None:
    result = json.loads(wheel_page.page.inner_text("#result"))
    assert result["version"] == project()["version"]
    assert "site-packages" in result["file"]  # from the wheel, not from the repository
    assert result["winner"] in (0, 1) and result["hands"] >= 2
    assert result["compare"] == 1
    assert wheel_page.external_requests == []
    assert any("/micropip-" in u and u.endswith(".whl") for u in wheel_page.requests)
    assert wheel_page.console_errors == []

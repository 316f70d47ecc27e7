"""``mypy --strict`` is clean on all of ``mus``: the engine and the web packages (config in
pyproject.toml; the browser layer sees PyScript's modules as Any)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path


ROOT = Path(__file__).resolve().parent.parent


def test_mypy_strict_is_clean() -> None:
    engine = [p for p in (ROOT / "mus").rglob("*.py") if "web" not in p.relative_to(ROOT / "mus").parts[:1]]
    assert engine, "expected the engine's sources under mus/"
    result = subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", "--config-file", str(ROOT / "pyproject.toml")],
        cwd=ROOT, capture_output=True, text=True, check=False,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert result.stdout.startswith("Success: no issues found"), result.stdout

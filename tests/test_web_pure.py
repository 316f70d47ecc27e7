"""The browser-free half of mus/web: no browser imports, doctests run, mypy --strict clean."""

from __future__ import annotations

import ast
import doctest
import importlib
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
WEB = ROOT / "mus" / "web"
PURE = ("i18n", "settings", "saves", "session", "view", "render", "deckart", "coaching", "replay",
        "replay_render", "faces", "lesson", "lesson_player", "lesson_view", "deal_link", "links")
BROWSER_ONLY = {"pyscript", "js", "pyodide", "pyodide_js"}


def test_every_web_module_is_either_pure_or_known_browser_code() -> None:
    modules = {p.stem for p in WEB.glob("*.py")} - {"__init__"}
    assert modules == set(PURE) | {"app", "dom", "extra", "main", "replay_dom", "lesson_app", "embed"}


@pytest.mark.parametrize("name", PURE)
def test_pure_module_imports_nothing_from_the_browser(name: str) -> None:
    tree = ast.parse((WEB / f"{name}.py").read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            tops = {alias.name.split(".")[0] for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            tops = {node.module.split(".")[0]}
        else:
            continue
        assert not tops & BROWSER_ONLY, f"mus/web/{name}.py:{node.lineno} imports {tops}"


@pytest.mark.parametrize("name", PURE)
def test_pure_module_doctests(name: str) -> None:
    module = importlib.import_module(f"mus.web.{name}")
    assert doctest.testmod(module, optionflags=doctest.ELLIPSIS).failed == 0


def test_pure_web_modules_are_mypy_strict_clean() -> None:
    files = [str(WEB / f"{name}.py") for name in PURE]
    result = subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", "--follow-imports=silent", *files],
        cwd=ROOT, capture_output=True, text=True, check=False,
    )
    assert result.returncode == 0, result.stdout + result.stderr

"""The engine (``mus/`` minus ``mus/web/``) is pure standard-library Python.

It must run unchanged in CPython (tests, benchmarks, AI arena) and in Pyodide, so it may not
import browser modules or third-party packages, and all randomness must come from explicit
``random.Random`` instances (seeded games are reproducible).
"""

from __future__ import annotations

import ast
import sys
from pathlib import Path


ROOT = Path(__file__).resolve().parent.parent
MUS = ROOT / "mus"
BROWSER_ONLY = {"pyscript", "js", "pyodide", "pyodide_js", "micropip"}
ALLOWED_RANDOM = {"Random", "SystemRandom"}


def py_files(*, include_web: bool) -> list[Path]:
    files = sorted(p for p in MUS.rglob("*.py") if "__pycache__" not in p.parts)
    if not include_web:
        files = [p for p in files if (MUS / "web") not in p.parents]
    return files


def parse(path: Path) -> ast.Module:
    return ast.parse(path.read_text(encoding="utf-8"), filename=str(path))


def imported_modules(tree: ast.Module) -> list[tuple[int, str]]:
    out = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            out += [(node.lineno, alias.name) for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            out.append((node.lineno, node.module))
    return out


def engine_files() -> list[Path]:
    files = py_files(include_web=False)
    assert files, "expected the engine's sources under mus/"
    return files


def test_engine_imports_only_stdlib_and_itself() -> None:
    problems = []
    for path in engine_files():
        for lineno, module in imported_modules(parse(path)):
            top = module.split(".")[0]
            if top in BROWSER_ONLY:
                problems.append(f"{path.relative_to(ROOT)}:{lineno}: browser-only import {module!r}")
            elif top != "mus" and top not in sys.stdlib_module_names:
                problems.append(f"{path.relative_to(ROOT)}:{lineno}: non-stdlib import {module!r}")
    assert problems == []


def random_misuse(tree: ast.Module) -> list[tuple[int, str]]:
    """Uses of the module-level ``random`` functions (shared global state)."""
    aliases = set()  # names bound to the random module
    problems = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            aliases |= {a.asname or a.name for a in node.names if a.name == "random"}
        elif isinstance(node, ast.ImportFrom) and node.module == "random" and node.level == 0:
            problems += [(node.lineno, f"from random import {a.name}")
                         for a in node.names if a.name not in ALLOWED_RANDOM]
    for node in ast.walk(tree):
        if (isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name)
                and node.value.id in aliases and node.attr not in ALLOWED_RANDOM):
            problems.append((node.lineno, f"{node.value.id}.{node.attr}"))
    return problems


def test_no_global_random_functions() -> None:
    # mus/web/ is left out: it only runs in Pyodide (Python 3.14) and may use syntax that
    # this interpreter cannot parse; the engine is what must stay reproducible.
    files = engine_files()
    problems = [f"{p.relative_to(ROOT)}:{line}: {what} (use a random.Random instance)"
                for p in files for line, what in random_misuse(parse(p))]
    assert problems == []


def test_random_check_catches_misuse() -> None:
    bad = ast.parse("import random as r\nfrom random import shuffle\nr.shuffle(x)\nr.Random(1).shuffle(x)\n")
    assert random_misuse(bad) == [(2, "from random import shuffle"), (3, "r.shuffle")]

"""The engine (``mus/`` minus ``mus/web/``) is pure standard-library Python.

It must run unchanged in CPython (tests, benchmarks, AI arena), Pyodide and MicroPython, so
it may not import browser modules or third-party packages, and all randomness must come from
``mus.rng.Random`` instances (seeded games are reproducible on every runtime): only
``mus/rng.py`` touches the ``random`` and ``secrets`` modules.
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


def test_randomness_comes_from_mus_rng() -> None:
    problems = [f"{p.relative_to(ROOT)}:{line}: imports {module} (use mus.rng.Random)"
                for p in engine_files() if p != MUS / "rng.py"
                for line, module in imported_modules(parse(p))
                if module.split(".")[0] in ("random", "secrets")]
    assert problems == []


def test_rng_draws_from_the_global_generator_only_for_a_fresh_seed() -> None:
    # MicroPython has no secrets module: a fresh seed comes from its own generator.
    tree = parse(MUS / "rng.py")
    uses = [what for _, what in random_misuse(tree)]
    assert uses == ["random.getrandbits"]
    fresh = next(node for node in ast.walk(tree) if isinstance(node, ast.FunctionDef)
                 and node.name == "fresh_seed")
    assert [what for _, what in random_misuse(ast.Module(body=[fresh], type_ignores=[]))] == uses


def test_random_check_catches_misuse() -> None:
    bad = ast.parse("import random as r\nfrom random import shuffle\nr.shuffle(x)\nr.Random(1).shuffle(x)\n")
    assert random_misuse(bad) == [(2, "from random import shuffle"), (3, "r.shuffle")]


# --- the Python that runs on CPython, Pyodide and MicroPython alike ------------------------

COMMAND_LINE = {MUS / "bench.py", MUS / "arena.py", MUS / "ai" / "arena.py"}   # CPython only
NOT_ON_MICROPYTHON = {"dataclasses", "functools", "itertools", "random", "secrets", "statistics",
                      "enum", "abc", "copy", "collections"}


def subset_problems(tree: ast.Module) -> list[tuple[int, str]]:
    """What MicroPython cannot run, or runs differently, in one module."""
    problems = []
    for lineno, module in imported_modules(tree):
        if module.split(".")[0] in NOT_ON_MICROPYTHON:
            problems.append((lineno, f"imports {module}"))
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module == "typing":
            problems += [(node.lineno, "typing.NamedTuple") for a in node.names if a.name == "NamedTuple"]
        if isinstance(node, (ast.List, ast.Tuple, ast.Set)) and any(
                isinstance(e, ast.Starred) for e in node.elts):
            problems.append((node.lineno, "star-unpacking in a literal"))
        if isinstance(node, ast.Dict) and None in node.keys:
            problems.append((node.lineno, "** in a dict literal"))
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.args.posonlyargs:
            problems.append((node.lineno, "positional-only parameters"))
        if (isinstance(node, ast.Attribute) and node.attr in ("bit_length", "isascii", "comb")):
            problems.append((node.lineno, f".{node.attr} (missing on MicroPython)"))
        if (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "round"
                and len(node.args) > 1):
            problems.append((node.lineno, "round(x, n) (rounds differently on MicroPython)"))
        if isinstance(node, ast.FormattedValue) and node.format_spec is not None and any(
                isinstance(part, ast.Constant) and "." in str(part.value)
                for part in ast.walk(node.format_spec)):
            problems.append((node.lineno, "float format with decimals (rounds differently)"))
    for node in tree.body:   # a subscripted builtin evaluated at run time (aliases: quote them)
        if (isinstance(node, ast.Assign) and isinstance(node.value, ast.Subscript)
                and isinstance(node.value.value, ast.Name)
                and node.value.value.id in ("tuple", "list", "dict", "set", "type")):
            problems.append((node.lineno, "subscripted builtin at run time"))
    return problems


def test_engine_is_written_in_the_common_subset() -> None:
    problems = [f"{p.relative_to(ROOT)}:{line}: {what}"
                for p in engine_files() if p not in COMMAND_LINE and p != MUS / "rng.py"
                for line, what in subset_problems(parse(p))]
    assert problems == []


def test_subset_check_catches_what_micropython_lacks() -> None:
    bad = ast.parse("from dataclasses import dataclass\nx = [*a]\ny = {**b}\n"
                    "def f(a, /): return a.bit_length()\nz = round(1.5, 1)\nT = tuple[int, int]\n"
                    "w = f'{z:.1f}'\n")
    assert sorted(line for line, _ in subset_problems(bad)) == [1, 2, 3, 4, 4, 5, 6, 7]

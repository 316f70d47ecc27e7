"""What each part of ``mus`` may import, and how it is written.

* The engine (``mus/`` minus ``mus/web/``) is pure standard-library Python: it runs unchanged in
  CPython (tests, benchmarks, the arena), Pyodide and MicroPython, imports no browser module and
  no third-party package, and takes all randomness from ``mus.rng.Random`` instances: only
  ``mus/rng.py`` touches the ``random`` and ``secrets`` modules.
* ``mus/web/`` is split as its ``__init__`` lists (``mus.web.KIT``, ``PAGES``, ``PURE``,
  ``BROWSER``): the pure packages import no browser module and nothing of ``dom``; ``kit``
  imports no page; a page imports ``mus``, ``mus.ai``, ``kit`` and itself, never another page.
  Their doctests run here, in CPython.
* The engine and all of ``mus/web/`` are written in the Python that MicroPython runs too
  (``SUBSET_RULES``; ``tests/test_differential.py`` is the judge, this is the quick check).
"""

from __future__ import annotations

import ast
import doctest
import importlib
import sys
import tomllib
from pathlib import Path

import pytest

import mus.web

ROOT = Path(__file__).resolve().parent.parent
MUS = ROOT / "mus"
WEB = MUS / "web"
BROWSER_ONLY = {"pyscript", "js", "pyodide", "pyodide_js", "micropip"}
# What the pages may use of the engine: the package itself, the bots, the options table, the
# typed contracts, the bounded JSON reader, the game's phases and bounds, secret seeds, and
# numbers written alike on every runtime.
ENGINE_API = ("mus", "mus.ai", "mus.rules", "mus.observation", "mus.jsondata", "mus.game", "mus.rng",
              "mus.numbers")
ALLOWED_RANDOM = {"Random", "SystemRandom"}


def py_files(*, include_web: bool) -> list[Path]:
    files = sorted(p for p in MUS.rglob("*.py") if "__pycache__" not in p.parts)
    if not include_web:
        files = [p for p in files if WEB not in p.parents]
    return files


def parse(path: Path) -> ast.Module:
    return ast.parse(path.read_text(encoding="utf-8"), filename=str(path))


def module_name(path: Path) -> str:
    return ".".join(path.relative_to(ROOT).with_suffix("").parts).removesuffix(".__init__")


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
                for p in engine_files() + pure_files() if p != MUS / "rng.py"
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


# --- mus/web: the packages mus/web/__init__.py lists ---------------------------------------------


def package_of(path: Path) -> str:
    """The ``mus.web`` package a file belongs to (``kit``, ``play``, ``dom``…), or "" for the
    package's own ``__init__``."""
    rel = path.relative_to(WEB).parts
    return rel[0] if len(rel) > 1 else ""


def web_files() -> list[Path]:
    return sorted(p for p in WEB.rglob("*.py") if "__pycache__" not in p.parts)


def pure_files() -> list[Path]:
    return [p for p in web_files() if package_of(p) in mus.web.PURE]


def test_the_lists_name_every_package_once() -> None:
    assert mus.web.KIT in mus.web.PURE and set(mus.web.PAGES) < set(mus.web.PURE)
    assert not set(mus.web.PURE) & set(mus.web.BROWSER)
    listed = {*mus.web.PURE, *mus.web.BROWSER}
    found = {package_of(p) for p in web_files()}
    assert found == listed | {""}, "every module of mus/web is in one listed package"
    assert [p.name for p in web_files() if package_of(p) == ""] == ["__init__.py"]
    for name in listed:
        assert (WEB / name / "__init__.py").is_file(), name


def web_imports(path: Path) -> list[tuple[int, str, str]]:
    """(line, imported module, the mus.web package it is in or "") of every import in ``path``."""
    out = []
    name = module_name(path)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    for node in ast.walk(parse(path)):
        modules: list[str] = []
        if isinstance(node, ast.Import):
            modules = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                parts = package.split(".")
                base = ".".join(parts[:len(parts) - node.level + 1] + ([node.module] if node.module else []))
            else:
                base = node.module or ""
            modules = [base] if node.module else [f"{base}.{alias.name}" for alias in node.names]
        for module in modules:
            parts = module.split(".")
            inside = parts[2] if parts[:2] == ["mus", "web"] and len(parts) > 2 else ""
            out.append((node.lineno, module, inside))
    return out


@pytest.mark.parametrize("path", pure_files(), ids=lambda p: str(p.relative_to(WEB)))
def test_pure_module_imports_no_browser_and_no_other_page(path: Path) -> None:
    own = package_of(path)
    problems = []
    for line, module, inside in web_imports(path):
        top = module.split(".")[0]
        where = f"{path.relative_to(ROOT)}:{line} imports {module}"
        if top in BROWSER_ONLY:
            problems.append(f"{where}: a browser module")
        elif inside in mus.web.BROWSER:
            problems.append(f"{where}: the browser layer")
        elif inside and inside not in (own, mus.web.KIT):
            problems.append(f"{where}: another page" if own != mus.web.KIT else f"{where}: a page, from kit")
        elif top == "mus" and not inside and module not in ENGINE_API:
            problems.append(f"{where}: only the engine's public modules, {', '.join(ENGINE_API)}")
        elif top not in ("mus", "") and top not in sys.stdlib_module_names:
            problems.append(f"{where}: not the standard library")
    assert problems == []


def test_the_import_check_sees_relative_imports() -> None:
    imports = {module for _, module, _ in web_imports(WEB / "lessons" / "render.py")}
    assert {"mus.web.kit.html", "mus.web.lessons.player"} <= imports and "mus.web.lessons.page" not in imports
    imports = {(module, inside) for _, module, inside in web_imports(WEB / "dom" / "play.py")}
    assert ("mus.web.play.session", "play") in imports and ("pyscript", "") in imports


@pytest.mark.parametrize("path", pure_files(), ids=lambda p: str(p.relative_to(WEB)))
def test_pure_module_doctests(path: Path) -> None:
    module = importlib.import_module(module_name(path))
    assert doctest.testmod(module, optionflags=doctest.ELLIPSIS).failed == 0


def test_mypy_covers_all_of_mus() -> None:
    """pyproject.toml's mypy config checks every package of mus, the web ones too (the browser
    layer with PyScript's modules as Any); tests/test_typing.py runs it."""
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["mypy"]
    assert config["files"] == ["mus"] and "exclude" not in config
# --- the Python MicroPython runs too -----------------------------------------------------------

COMMAND_LINE = {MUS / "bench.py", MUS / "arena.py", MUS / "ai" / "arena.py", MUS / "ai" / "panel.py"}   # CPython only
NOT_ON_MICROPYTHON = {"dataclasses", "functools", "itertools", "random", "secrets", "statistics",
                      "enum", "abc", "copy", "collections", "urllib"}


def subset_problems(tree: ast.Module) -> list[tuple[int, str]]:
    """Constructs of ``tree`` that MicroPython does not run, or runs differently (``SUBSET_RULES``)."""
    out = []
    for lineno, module in imported_modules(tree):
        if module.split(".")[0] in NOT_ON_MICROPYTHON:
            out.append((lineno, f"imports {module}"))
    for node in ast.walk(tree):
        if isinstance(node, ast.Dict) and None in node.keys:
            out.append((node.lineno, "{**a} dict unpacking"))
        elif isinstance(node, (ast.List, ast.Tuple, ast.Set)) and any(isinstance(e, ast.Starred) for e in node.elts) \
                and not isinstance(getattr(node, "ctx", None), ast.Store):
            out.append((node.lineno, "[*a] unpacking in a literal"))
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)) and node.args.posonlyargs:
            out.append((node.lineno, "positional-only parameters"))
        elif isinstance(node, ast.ClassDef) and any("NamedTuple" in ast.unparse(base) for base in node.bases):
            out.append((node.lineno, "a typing.NamedTuple class"))
        elif isinstance(node, ast.Attribute) and node.attr in ("bit_length", "isascii", "comb"):
            out.append((node.lineno, f".{node.attr} (missing on MicroPython)"))
        elif (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "round"
                and len(node.args) > 1):
            out.append((node.lineno, "round(x, n) (rounds halves differently on MicroPython)"))
        elif isinstance(node, ast.FormattedValue) and node.format_spec is not None and any(
                isinstance(part, ast.Constant) and "." in str(part.value) for part in ast.walk(node.format_spec)):
            out.append((node.lineno, "a float format with decimals (rounds halves differently)"))
    for node in tree.body:   # a subscripted builtin evaluated at run time (aliases: quote them)
        if (isinstance(node, ast.Assign) and isinstance(node.value, ast.Subscript)
                and isinstance(node.value.value, ast.Name)
                and node.value.value.id in ("tuple", "list", "dict", "set", "type")):
            out.append((node.lineno, "a subscripted builtin at run time"))
    return out


SUBSET_RULES = """no dataclasses (plain classes with __slots__), no {**a} dict unpacking, no [*a] or
(*a, b) in literals, no positional-only parameters, no functools (mus.memo), itertools
(mus.combos), random (mus.rng), collections or urllib, no typing.NamedTuple at run time, no
int.bit_length / str.isascii / math.comb, no round(x, n) or '.1f' formats for what is shown
(mus.numbers.fixed), no module-level tuple[...] aliases at run time (X: TypeAlias = "...")"""


def test_subset_check_catches_each_rule() -> None:
    bad = ast.parse("from dataclasses import dataclass\nx = {**a}\ny = [*a, 1]\ndef f(a, /): pass\n"
                    "import functools\nclass P(typing.NamedTuple): pass\na, *b = c\nn = c.bit_length()\n"
                    "z = round(1.5, 1)\nT = tuple[int, int]\nw = f'{z:.1f}'\n")
    assert sorted(line for line, _ in subset_problems(bad)) == [1, 2, 3, 4, 5, 6, 8, 9, 10, 11]


SUBSET_FILES = [p for p in engine_files() if p not in COMMAND_LINE and p != MUS / "rng.py"] + [
    p for p in web_files() if package_of(p) in mus.web.PURE]
SYNTAX_ONLY = [p for p in web_files() if package_of(p) not in mus.web.PURE]


@pytest.mark.parametrize("path", SUBSET_FILES + SYNTAX_ONLY, ids=lambda p: str(p.relative_to(MUS)))
def test_code_is_in_the_micropython_subset(path: Path) -> None:
    problems = [f"{path.relative_to(ROOT)}:{line}: {what}" for line, what in subset_problems(parse(path))
                if path in SUBSET_FILES or not what.startswith("imports ")]
    assert problems == [], SUBSET_RULES

"""The service worker's precache list (tools/build/precache.py): generated, current, and checked."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from tools.build import precache
from tools.build.vendor import ROOT


def test_repository_sw_is_current() -> None:
    assert precache.problems(ROOT) == []


def test_precache_lists_pages_static_files_and_the_boot_runtime_only() -> None:
    files = precache.precache_files(ROOT)
    for page in ROOT.glob("*.html"):
        assert page.name in files
    assert {"manifest.webmanifest", "static/mus-mpy.zip", "static/deck.svg",
            "static/style.css", "static/pwa.js", "static/icons/maskable-512.png"} <= set(files)
    vendored = [f for f in files if f.startswith("static/vendor/")]
    assert "static/vendor/micropython/micropython.wasm" in vendored
    assert "static/vendor/pyscript/core.js" in vendored
    never_loaded = ("codemirror", "xterm", "zip-", "pyodide_graph", "micropip", "storage.js", "service-worker.js")
    assert not [f for f in vendored if any(word in f for word in never_loaded)]


@pytest.fixture
def site(tmp_path: Path) -> Path:
    for name in ("index.html", "manifest.webmanifest"):
        shutil.copy2(ROOT / name, tmp_path / name)
    shutil.copytree(ROOT / "static", tmp_path / "static", ignore=shutil.ignore_patterns("vendor"))
    (tmp_path / "static" / "vendor").symlink_to(ROOT / "static" / "vendor", target_is_directory=True)
    assert precache.write_service_worker(tmp_path)
    assert precache.problems(tmp_path) == []
    assert not precache.write_service_worker(tmp_path)  # nothing changed: nothing written
    return tmp_path


def test_a_changed_file_makes_the_list_stale(site: Path) -> None:
    name = precache.read_precache(site / "sw.js")["cache"]
    (site / "static" / "style.css").write_text("body { color: red }\n")
    assert precache.problems(site) == ["sw.js lists an old version of static/style.css"]
    assert precache.main(["--check", "--root", str(site)]) == 1
    precache.write_service_worker(site)
    assert precache.problems(site) == []
    assert precache.read_precache(site / "sw.js")["cache"] != name  # a new cache for the new build


def test_a_missing_file_fails(site: Path) -> None:
    (site / "static" / "deck.svg").unlink()
    assert precache.problems(site) == ["sw.js names static/deck.svg, which does not exist"]


def test_new_pages_and_their_files_are_picked_up_by_rule(site: Path) -> None:
    (site / "lessons.html").write_text('<script type="mpy" config="./lessons.toml"></script>')
    (site / "lessons.toml").write_text('interpreter = "./static/mpy-start.mjs"\n')
    (site / "static" / "lessons").mkdir(exist_ok=True)  # the lessons may already be there
    (site / "static" / "lessons" / "one.json").write_text("{}")
    problems = sorted(precache.problems(site))
    assert problems[:3] == ["sw.js does not list lessons.html", "sw.js does not list lessons.toml",
                            "sw.js does not list static/lessons/one.json"]
    # A TOML config that switches no plugin off: the core's plugins and TOML parser load there.
    chunks = sorted(p.removeprefix("sw.js does not list static/vendor/pyscript/") for p in problems[3:])
    assert [c.split("-")[0] for c in chunks] == ["deprecations", "donkey", "py", "py", "py", "toml"], chunks
    precache.write_service_worker(site)
    assert precache.problems(site) == []


def test_a_page_naming_a_missing_config_fails(site: Path) -> None:
    (site / "broken.html").write_text('<script type="py" config="./nowhere.toml"></script>')
    with pytest.raises(precache.PrecacheError, match="broken.html names ./nowhere.toml"):
        precache.write_service_worker(site)

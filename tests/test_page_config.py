"""Every page boots PyScript with one inline config, written from ``pyscript.toml``: our
MicroPython interpreter module, and the PyScript plugins no page uses switched off for both
interpreter types PyScript knows (they would be fetched and run at every start)."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest

from tools.build.page_config import (
    PYSCRIPT_DIR, SOURCE, Config, PageConfigError, chunk_links, config_drift, page_configs, plugins, python_pages,
    source_config, write_page_configs,
)
from tools.build.precache import core_chunks
from tools.build.pyscript_modules import core_bundle
from tools.build.vendor import ROOT, VENDOR_DIR

PAGES = ("index.html", "lessons.html", "embed.html")


def configs_by_page() -> dict[str, tuple[list[Config], list[Config]]]:
    return {name: page_configs((ROOT / name).read_text(encoding="utf-8"), ROOT) for name in PAGES}


RUNS = {"index.html": "mpy", "lessons.html": "mpy", "embed.html": "mpy"}


def test_pages_share_one_config_with_our_interpreters() -> None:
    assert [p.name for p in python_pages(ROOT)] == sorted(PAGES)
    seen: dict[str, set[str]] = {"py": set(), "mpy": set()}
    for name, both in configs_by_page().items():
        for section, configs in zip(("py", "mpy"), both):
            assert len(configs) == 1, (name, section, configs)
            config, toml = configs[0]
            assert not toml, name  # inline JSON: no config file, no TOML parser to fetch
            seen[section].add(json.dumps(config, sort_keys=True))
        html = (ROOT / name).read_text(encoding="utf-8")
        assert f'<script type="{RUNS[name]}" config=' in html, name
        other = "mpy" if RUNS[name] == "py" else "py"
        assert f"<{other}-config hidden>" in html, name  # its text never shows while the page loads
    assert all(len(configs) == 1 for configs in seen.values()), seen
    source = source_config(ROOT)
    assert "interpreter" not in source["py"]  # no page runs Pyodide
    assert source["mpy"]["interpreter"] == "./static/mpy-start.mjs"


def test_each_pages_inline_config_is_pyscript_toml() -> None:
    """pyscript.toml is the one source: a page whose inline config differs fails here (run
    `python3 -m tools.build.vendor`, which writes it into the pages)."""
    assert config_drift(ROOT) == [], f"run `python3 -m tools.build.vendor` to write {SOURCE} into these pages"
    source = source_config(ROOT)
    for name, (py, mpy) in configs_by_page().items():
        assert py == [(source["py"], False)], name
        assert mpy == [(source["mpy"], False)], name


def test_the_build_writes_pyscript_toml_into_the_pages(tmp_path: Path) -> None:
    for name in (*PAGES, SOURCE, "article.html"):
        shutil.copy2(ROOT / name, tmp_path / name)
    toml = tmp_path / SOURCE
    toml.write_text(toml.read_text(encoding="utf-8").replace('"!py-game", ', ""), encoding="utf-8")
    assert config_drift(tmp_path) == sorted(PAGES)  # article.html runs no Python
    assert write_page_configs(tmp_path) == sorted(PAGES)
    assert config_drift(tmp_path) == [] and write_page_configs(tmp_path) == []
    for name in PAGES:
        py, mpy = page_configs((tmp_path / name).read_text(encoding="utf-8"), tmp_path)
        assert "!py-game" not in py[0][0]["plugins"] and "!py-game" not in mpy[0][0]["plugins"]  # type: ignore[operator]
        # only the configs changed: the rest of the page is as it was
        before, after = (ROOT / name).read_text(encoding="utf-8"), (tmp_path / name).read_text(encoding="utf-8")
        assert before.replace('"!py-game", ', "") == after
    (tmp_path / "index.html").write_text("<script type=\"py\">print(1)</script>", encoding="utf-8")
    with pytest.raises(PageConfigError, match="index.html: expected"):
        write_page_configs(tmp_path)


def test_unused_plugins_are_off_and_exist() -> None:
    """Each "!name" names a plugin of the vendored core (a renamed one would silently load);
    only the error plugin, which shows Python errors on the page, stays on."""
    names = set(plugins(core_bundle(VENDOR_DIR / "pyscript").read_text(encoding="utf-8")))
    assert {"error", "py-editor", "py-terminal", "codemirror"} <= names, names
    for name, (py, mpy) in configs_by_page().items():
        off = {plugin.removeprefix("!") for plugin in py[0][0]["plugins"]}  # type: ignore[union-attr]
        assert off == names - {"error"}, name
        # The core loads plugins for each interpreter type it knows, as that type's config says.
        assert mpy[0][0]["plugins"] == py[0][0]["plugins"], name


def test_the_pages_preload_the_chunks_the_core_imports() -> None:
    """The pages name PyScript's hashed chunks in their preloads; the build writes the
    vendored names (tools/build/page_config.py chunk_links)."""
    vendored = core_chunks(ROOT / PYSCRIPT_DIR, ROOT)
    for name in PAGES:
        html = (ROOT / name).read_text(encoding="utf-8")
        chunks = re.findall(r'rel="modulepreload" href="\./static/vendor/pyscript/([^"]+)"', html)
        assert len(chunks) == 2 and set(chunks) <= set(vendored), (name, chunks, vendored)
        assert chunk_links(html.replace(chunks[0], "core-00000000.js"), ROOT / PYSCRIPT_DIR) == html

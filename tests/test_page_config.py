"""Every page boots PyScript with one inline config: our interpreter module, and the PyScript
plugins no page uses switched off (they would be fetched and run at every start)."""

from __future__ import annotations

import json

from tools.page_config import Config, page_configs, plugins
from tools.pyscript_modules import core_bundle
from tools.vendor import ROOT, VENDOR_DIR

PAGES = ("index.html", "lessons.html", "embed.html")


def configs_by_page() -> dict[str, tuple[list[Config], list[Config]]]:
    return {name: page_configs((ROOT / name).read_text(encoding="utf-8"), ROOT) for name in PAGES}


def test_pages_share_one_config_with_our_interpreter() -> None:
    py = {}
    for name, (configs, _) in configs_by_page().items():
        assert len(configs) == 1, (name, configs)
        py[name], toml = configs[0]
        assert not toml, name  # inline JSON: no config file, no TOML parser to fetch
    assert len({json.dumps(c, sort_keys=True) for c in py.values()}) == 1, py
    assert py["index.html"]["interpreter"] == "./static/pyodide-start.mjs"
    assert not (ROOT / "pyscript.toml").exists()


def test_unused_plugins_are_off_and_exist() -> None:
    """Each "!name" names a plugin of the vendored core (a renamed one would silently load);
    only the error plugin, which shows Python errors on the page, stays on."""
    names = set(plugins(core_bundle(VENDOR_DIR / "pyscript").read_text(encoding="utf-8")))
    assert {"error", "py-editor", "py-terminal", "codemirror"} <= names, names
    for name, (py, mpy) in configs_by_page().items():
        off = {plugin.removeprefix("!") for plugin in py[0][0]["plugins"]}  # type: ignore[union-attr]
        assert off == names - {"error"}, name
        # The core loads plugins for each interpreter type it knows, as that type's config says.
        assert mpy == [({"plugins": py[0][0]["plugins"]}, False)], name

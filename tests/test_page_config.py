"""Every page boots PyScript with one inline config: our interpreter module, and the PyScript
plugins no page uses switched off (they would be fetched and run at every start)."""

from __future__ import annotations

import json
import re

from tools.pyscript_modules import core_bundle
from tools.vendor import ROOT, VENDOR_DIR

PY_SCRIPT_CONFIG = re.compile(r"""<script type="py" config='([^']*)'>""")
MPY_CONFIG = re.compile(r"<mpy-config>([^<]*)</mpy-config>")
# The core bundle's plugin table: name: () => import("./chunk.js") (or the bundled codemirror).
PLUGIN = re.compile(r"""(?:"([\w-]+)"|\b(\w+)):\(\)=>(?:import\("\./[^"]+"\)|Promise\.resolve\(\))""")
PAGES = ("index.html", "lessons.html", "embed.html")


def page_configs(pattern: re.Pattern[str] = PY_SCRIPT_CONFIG) -> dict[str, dict[str, object]]:
    configs = {}
    for name in PAGES:
        found = pattern.findall((ROOT / name).read_text(encoding="utf-8"))
        assert len(found) == 1, (name, found)
        configs[name] = json.loads(found[0])
    return configs


def test_pages_share_one_config_with_our_interpreter() -> None:
    configs = page_configs()
    assert len({json.dumps(c, sort_keys=True) for c in configs.values()}) == 1, configs
    assert configs["index.html"]["interpreter"] == "./static/pyodide-start.mjs"
    assert not (ROOT / "pyscript.toml").exists()  # inline: no config file, no TOML parser to fetch


def test_unused_plugins_are_off_and_exist() -> None:
    """Each "!name" names a plugin of the vendored core (a renamed one would silently load);
    only the error plugin, which shows Python errors on the page, stays on."""
    bundle = core_bundle(VENDOR_DIR / "pyscript").read_text(encoding="utf-8")
    plugins = {quoted or bare for quoted, bare in PLUGIN.findall(bundle)}
    assert {"error", "py-editor", "py-terminal"} <= plugins, plugins
    off = {name.removeprefix("!") for name in page_configs()["index.html"]["plugins"]}  # type: ignore[union-attr]
    assert off == plugins - {"error"}
    # The core loads plugins for each interpreter type it knows, as that type's config says.
    for name, config in page_configs(MPY_CONFIG).items():
        assert config == {"plugins": page_configs()[name]["plugins"]}, name

// Makes Pyodide's memory snapshot away from the page, once the game is ready (pwa.js starts
// this worker): Pyodide booted with `_makeSnapshot` wraps the JS globals in a proxy the DOM
// rejects, so the page's own interpreter cannot be the one snapshotted.
//
// Before the snapshot, the game's modules that need no browser (the engine, the bots, the pure
// web modules) are imported from the same mus.zip the page imports from: the next start finds them
// compiled, with their tables built, instead of compiling them from source. The snapshot records
// which mus.zip it holds, and a page with another one boots normally (snapshot.mjs).
import { loadPyodide } from "./vendor/pyodide/pyodide.mjs";
import { PYODIDE_INDEX, fetchGame, gameHash, installGame, writeSnapshot } from "./snapshot.mjs";

// Modules that need the page (`js`, `pyscript`, `pyodide.http`) fail to import here and are
// left for the page to import.
const PRELOAD = `
import importlib
import pkgutil
import sys

page_only = ("js", "pyscript", "pyodide.http")
saved = {name: sys.modules.get(name) for name in page_only}
sys.modules.update(dict.fromkeys(page_only))
try:
    import mus
    for module in pkgutil.walk_packages(mus.__path__, "mus."):
        try:
            importlib.import_module(module.name)
        except ImportError:
            pass
finally:
    for name, module in saved.items():
        if module is None:
            del sys.modules[name]
        else:
            sys.modules[name] = module
`;

try {
  const pyodide = await loadPyodide({ indexURL: PYODIDE_INDEX, _makeSnapshot: true });
  const game = await fetchGame();
  installGame(pyodide, game);
  pyodide.runPython(PRELOAD);
  const snapshot = pyodide.makeMemorySnapshot();
  await writeSnapshot(snapshot, await gameHash(game));
  postMessage({ kept: snapshot.length });
} catch (error) {
  postMessage({ error: String(error) });
}

// The interpreter module PyScript loads (pyscript.toml: interpreter = this file): Pyodide's own
// loadPyodide, restoring Python's memory from a snapshot when this browser keeps one, so
// that a start after the first skips Python's bootstrap and the stdlib imports it makes.
// snapshot-worker.mjs makes the snapshot (started by pwa.js); snapshot.mjs keeps it and gives
// it only to a page with the same runtime and game; one that fails to restore is dropped and
// Pyodide boots normally.
import { loadPyodide as loadPlainPyodide, version } from "./vendor/pyodide/pyodide.mjs";
import { PYODIDE_INDEX, dropSnapshot, readSnapshot } from "./snapshot.mjs";

export { version };

const boot = (window.__mus ??= {});

export async function loadPyodide(options) {
  const settings = { ...options, indexURL: PYODIDE_INDEX };
  const snapshot = await readSnapshot().catch(() => null);
  if (snapshot) {
    try {
      const pyodide = await loadPlainPyodide({ ...settings, _loadSnapshot: snapshot });
      boot.snapshot = "restored";
      return pyodide;
    } catch (error) {
      boot.snapshotError = String(error);
      await dropSnapshot();
    }
  }
  return loadPlainPyodide(settings);
}

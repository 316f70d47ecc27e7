// Makes Pyodide's memory snapshot away from the page, once the app is installed (pwa.js starts
// this worker): Pyodide booted with `_makeSnapshot` wraps the JS globals in a proxy the DOM
// rejects, so the page's own interpreter cannot be the one snapshotted. The snapshot is taken
// right after loadPyodide, before anything else runs, and kept for the next start.
import { loadPyodide } from "./vendor/pyodide/pyodide.mjs";
import { writeSnapshot } from "./snapshot.mjs";

try {
  const pyodide = await loadPyodide({
    indexURL: new URL("./vendor/pyodide/", import.meta.url).href,
    _makeSnapshot: true,
  });
  const snapshot = pyodide.makeMemorySnapshot();
  await writeSnapshot(snapshot);
  postMessage({ kept: snapshot.length });
} catch (error) {
  postMessage({ error: String(error) });
}

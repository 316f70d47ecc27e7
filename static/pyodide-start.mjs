// The interpreter module PyScript loads (each page's config: interpreter = this file): Pyodide's own
// loadPyodide, restoring Python's memory from a snapshot when this browser keeps one, so
// that a start after the first skips Python's bootstrap and the stdlib imports it makes.
// snapshot-worker.mjs makes the snapshot (started by pwa.js); snapshot.mjs keeps it and gives
// it only to a page with the same runtime and game; one that fails to restore is dropped and
// Pyodide boots normally.
//
// It also gives Python the game (mus.zip, imported in place: snapshot.mjs installGame): the one
// request for it serves both the snapshot's check and Python (the pages' PyScript configs list
// no files), and spares PyScript's prelude the writing of a package mus.zip already holds
// (skipPackageWrites).
import { loadPyodide as loadPlainPyodide, version } from "./vendor/pyodide/pyodide.mjs";
import { skipPackageWrites } from "./prelude.mjs";
import { PYODIDE_INDEX, dropSnapshot, fetchGame, installGame, readSnapshot } from "./snapshot.mjs";

export { version };
export { preludeWithoutWrites } from "./prelude.mjs";

const boot = (window.__mus ??= {});

async function startPyodide(settings, game) {
  const snapshot = await readSnapshot(game).catch(() => null);
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

export async function loadPyodide(options) {
  const game = fetchGame();
  game.catch(() => {}); // reported below, once Pyodide is up to take it
  const pyodide = await startPyodide({ ...options, indexURL: PYODIDE_INDEX }, game);
  installGame(pyodide, await game);
  skipPackageWrites(pyodide, boot);
  return pyodide;
}

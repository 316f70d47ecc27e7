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
import { PYODIDE_INDEX, dropSnapshot, fetchGame, installGame, readSnapshot } from "./snapshot.mjs";

export { version };

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

// Before the page's first script PyScript runs a prelude that writes its own Python package
// into the working directory (pyscript/*.py: 33 KB of sources inside a Python program to parse
// and run) and then imports it. mus.zip holds that package compiled, first on sys.path
// (tools/build/pyscript_modules.py), so the import never reads those files: the prelude runs without
// the writes, which cost a phone start (CPU 4×) about 0.3 s.
const PRELUDE_HEAD = "import os as _os\nfrom pathlib import Path as _Path\n_path = None\n";
const PRELUDE_IMPORT = "import pyscript as _pyscript\n";
const PACKAGE_WRITE = new RegExp([
  String.raw`_path = _Path\("(\./pyscript(?:/[^"]*)?)"\)`,
  String.raw`_path\.write_text\(".*",encoding="utf-8"\)`,
  String.raw`if not _os\.path\.exists\("\./pyscript(?:/[^"]*)?"\):`,
  String.raw` {4}_path\.mkdir\(parents=True, exist_ok=True\)`,
].map((line) => `^${line}$`).join("|"));

/** `code` without the package writes if it is PyScript's prelude: {code, written} (the paths of
 * the files it would have written), else null. Anything else between the prelude's head and its
 * import leaves it whole. */
export function preludeWithoutWrites(code) {
  const head = code.indexOf(PRELUDE_HEAD);
  const end = code.indexOf(PRELUDE_IMPORT, head);
  if (head < 0 || end < 0) return null;
  const start = head + PRELUDE_HEAD.length;
  const lines = code.slice(start, end).split("\n").filter(Boolean);
  const written = [];
  for (const [i, line] of lines.entries()) {
    const match = PACKAGE_WRITE.exec(line);
    if (!match) return null;
    if (match[1] && lines[i + 1]?.startsWith("_path.write_text(")) written.push(match[1].slice(2));
  }
  return written.length ? { code: code.slice(0, start) + code.slice(end), written } : null;
}

function skipPackageWrites(pyodide) {
  const runners = { runPython: pyodide.runPython, runPythonAsync: pyodide.runPythonAsync };
  for (const [name, run] of Object.entries(runners)) {
    pyodide[name] = function (code, ...rest) {
      const prelude = typeof code === "string" ? preludeWithoutWrites(code) : null;
      if (prelude) {
        Object.assign(pyodide, runners); // the prelude runs once: unwrap
        boot.skippedWrites = prelude.written;
        code = prelude.code;
      }
      return run.call(this, code, ...rest);
    };
  }
}

export async function loadPyodide(options) {
  const game = fetchGame();
  game.catch(() => {}); // reported below, once Pyodide is up to take it
  const pyodide = await startPyodide({ ...options, indexURL: PYODIDE_INDEX }, game);
  installGame(pyodide, await game);
  skipPackageWrites(pyodide);
  return pyodide;
}

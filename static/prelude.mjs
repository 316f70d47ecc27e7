// PyScript's prelude without its package writes, for the pages' interpreter module
// (static/mpy-start.mjs): it gives Python PyScript's own package compiled, in the game's zip,
// so the sources the prelude would write are never read.
//
// Before the page's first script PyScript runs a prelude that writes its own Python package
// into the working directory (pyscript/*.py: 33 KB of sources inside a Python program to parse
// and run) and then imports it. The game's zip holds that package compiled
// (tools/build/pyscript_modules.py), so the import never reads those files: the prelude runs
// without the writes, which cost a phone start (CPU 4×) a few hundred ms.
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

/** Runs PyScript's prelude on `interpreter` without its package writes, once; the paths it
 * left out go to `report.skippedWrites`. */
export function skipPackageWrites(interpreter, report) {
  const runners = { runPython: interpreter.runPython, runPythonAsync: interpreter.runPythonAsync };
  for (const [name, run] of Object.entries(runners)) {
    interpreter[name] = function (code, ...rest) {
      const prelude = typeof code === "string" ? preludeWithoutWrites(code) : null;
      if (prelude) {
        Object.assign(interpreter, runners); // the prelude runs once: unwrap
        report.skippedWrites = prelude.written;
        code = prelude.code;
      }
      return run.call(this, code, ...rest);
    };
  }
}

// Byte-compiles the Python sources of a zip with the vendored Pyodide, whose Python is the one
// the browser runs, so the bytecode matches it (CPython here is another version). Importing
// from source costs the browser seconds at every start; loading .pyc skips the compiler.
//
//   node tools/compile_pyc.mjs IN.zip OUT.zip PREFIX
//
// Every NAME.py becomes NAME.pyc (no source kept: zipimport then checks only the magic
// number); other entries and the zip comment are copied. OUT's entries are stored, whatever
// IN's were: zipimport reads them without inflating, and the server's brotli copy of the whole
// zip compresses across files (2.08 MB, against 3.29 MB deflated entry by entry). PREFIX is
// prepended to NAME in the code objects' file names, which tracebacks show.
import { readFileSync, writeFileSync } from "node:fs";
import { loadPyodide } from "../node_modules/pyodide/pyodide.mjs";

const [input, output, prefix] = process.argv.slice(2);
if (!input || !output || prefix === undefined) {
  console.error("usage: node tools/compile_pyc.mjs IN.zip OUT.zip PREFIX");
  process.exit(2);
}
// A fixed hash seed: frozenset constants are marshalled in hash order, and the same sources
// should give the same bytes (the service worker's precache names files by content hash).
const pyodide = await loadPyodide({ env: { PYTHONHASHSEED: "0" } });
pyodide.FS.writeFile("/tmp/in.zip", readFileSync(input));
pyodide.globals.set("prefix", prefix);
pyodide.runPython(`
import importlib.util
import marshal
import zipfile

with zipfile.ZipFile("/tmp/in.zip") as source, \\
        zipfile.ZipFile("/tmp/out.zip", "w", zipfile.ZIP_STORED) as out:
    for info in source.infolist():
        data = source.read(info)
        if not info.filename.endswith(".py"):
            out.writestr(info, data, compress_type=zipfile.ZIP_STORED)
            continue
        code = compile(data, prefix + info.filename, "exec", dont_inherit=True)
        header = importlib.util.MAGIC_NUMBER + bytes(12)  # flags, mtime, size: unchecked
        out.writestr(zipfile.ZipInfo(info.filename + "c", info.date_time), header + marshal.dumps(code),
                     compress_type=zipfile.ZIP_STORED)
    out.comment = source.comment
`);
writeFileSync(output, pyodide.FS.readFile("/tmp/out.zip"));

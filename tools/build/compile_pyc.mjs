// Byte-compiles the Python sources of a zip with the vendored Pyodide, whose Python is the one
// the browser runs, so the bytecode matches it (CPython here is another version). Importing
// from source costs the browser seconds at every start; loading .pyc skips the compiler.
//
//   node tools/build/compile_pyc.mjs IN.zip OUT.zip PREFIX [--lean | --optimize]
//
// Every NAME.py becomes NAME.pyc (no source kept: zipimport then checks only the magic
// number); other entries and the zip comment are copied. OUT's entries are stored, whatever
// IN's were: zipimport reads them without inflating, and the server's brotli copy of the whole
// zip compresses across files (the -OO stdlib: 1.77 MB, against 3.29 MB when deflated entry
// by entry). PREFIX is prepended to NAME in the code objects' file names, which tracebacks
// show. --lean (the game's own mus.zip) leaves out the docstrings of modules and functions,
// functions' annotations (nothing in the game reads them at run time; classes keep theirs:
// dataclass() and NamedTuple read their fields from them) and column positions, and puts all
// of a statement on its first line (asserts stay): tracebacks still name the file, function
// and the line where the statement starts, the bytecode is a quarter smaller and the line
// tables, which change line in the middle of every statement written over several lines, are
// a third of what they were (mus.zip: 8 KB less over the wire). --optimize (the stdlib) compiles
// as `python -OO` would: without docstrings and asserts, which CPython supports for its stdlib
// (Pyodide's own modules there handle a missing docstring).
import { readFileSync, writeFileSync } from "node:fs";
import { loadPyodide } from "../../node_modules/pyodide/pyodide.mjs";

const [input, output, prefix, ...options] = process.argv.slice(2);
const lean = options.includes("--lean");
const optimize = options.includes("--optimize") ? 2 : 0;
if (!input || !output || prefix === undefined || options.length > 1
    || options.some((o) => o !== "--lean" && o !== "--optimize")) {
  console.error("usage: node tools/build/compile_pyc.mjs IN.zip OUT.zip PREFIX [--lean | --optimize]");
  process.exit(2);
}
// A fixed hash seed: frozenset constants are marshalled in hash order, and the same sources
// should give the same bytes (the service worker's precache names files by content hash).
// Column positions are left out by the interpreter's own switch (python -X no_debug_ranges).
const env = lean ? { PYTHONHASHSEED: "0", PYTHONNODEBUGRANGES: "1" } : { PYTHONHASHSEED: "0" };
const pyodide = await loadPyodide({ env });
pyodide.FS.writeFile("/tmp/in.zip", readFileSync(input));
pyodide.globals.set("prefix", prefix);
pyodide.globals.set("lean", lean);
pyodide.globals.set("optimize", optimize);
pyodide.runPython(`
import ast
import importlib.util
import marshal
import zipfile


def lean_tree(tree):
    # Classes keep their docstrings: dataclass() makes one from the signature (slow) when there
    # is none.
    for node in ast.walk(tree):
        if isinstance(node, ast.arg):  # a parameter's annotation
            node.annotation = None
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            node.returns = None
        if isinstance(node, (ast.Module, ast.FunctionDef, ast.AsyncFunctionDef)):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant) \\
                    and isinstance(body[0].value.value, str):
                node.body = body[1:] or [ast.copy_location(ast.Pass(), body[0])]
    for statement in ast.walk(tree):  # its expressions on its first line: short line tables
        if isinstance(statement, ast.stmt):
            for _, value in ast.iter_fields(statement):
                for child in value if isinstance(value, list) else [value]:
                    if isinstance(child, ast.expr):
                        for node in ast.walk(child):
                            node.lineno = node.end_lineno = statement.lineno
                            node.col_offset = node.end_col_offset = 0
    return tree


with zipfile.ZipFile("/tmp/in.zip") as source, \\
        zipfile.ZipFile("/tmp/out.zip", "w", zipfile.ZIP_STORED) as out:
    for info in source.infolist():
        data = source.read(info)
        if not info.filename.endswith(".py"):
            out.writestr(info, data, compress_type=zipfile.ZIP_STORED)
            continue
        filename = prefix + info.filename
        code = compile(lean_tree(ast.parse(data, filename)) if lean else data, filename, "exec",
                       dont_inherit=True, optimize=optimize)
        header = importlib.util.MAGIC_NUMBER + bytes(12)  # flags, mtime, size: unchecked
        out.writestr(zipfile.ZipInfo(info.filename + "c", info.date_time), header + marshal.dumps(code),
                     compress_type=zipfile.ZIP_STORED)
    out.comment = source.comment
`);
writeFileSync(output, pyodide.FS.readFile("/tmp/out.zip"));

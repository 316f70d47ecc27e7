// Run a Python script on MicroPython (the build PyScript's core loads) under Node.
//   node tools/dev/mpy_run.mjs [--heap MB] [--zip static/mus-mpy.zip] [--memory] script.py
// The repository's mus/, static/lessons/, static/deck.svg and the fuzz tests are copied into
// MicroPython's file system under /app (the working directory), static/mpy/ into /lib. With --zip, the game comes
// from the pages' zip of .mpy bytecode instead, mounted at /rom as a ROMFS image as the pages
// do it (static/mpy-start.mjs), and the sources are not copied.
// Exits 1 with the Python traceback on stderr if the script raises. A script that defines
// __steps__ (a list of callables) has each called afterwards in a call of its own: this
// MicroPython frees memory only between calls into Python. With --memory, the runtime's wasm
// memory at the end is said on stderr (it never shrinks).
import { loadMicroPython } from "@micropython/micropython-webassembly-pyscript";
import { mountGame } from "../../static/mpy-start.mjs";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const MOUNTS = [["mus", "/app/mus"], ["static/lessons", "/app/static/lessons"], ["static/deck.svg", "/app/static/deck.svg"],
                ["static/mpy", "/lib"],
                // the fuzz commands, which run on both runtimes (tests/test_fuzz.py)
                ...["__init__.py", "test_fuzz.py", "test_web_fuzz.py"].map((name) => [`tests/${name}`, `/app/tests/${name}`])];

let args = process.argv.slice(2);
let heap = 0;  // 0: the interpreter's default, as in the page
let zip = null;
let memory = false;
for (;;) {
  if (args[0] === "--memory") {
    memory = true;
    args = args.slice(1);
    continue;
  }
  if (args[0] === "--heap") heap = Number(args[1]) * 1024 * 1024;
  else if (args[0] === "--zip") zip = args[1];
  else break;
  args = args.slice(2);
}
const [script] = args;
if (!script || args.length > 1) {
  console.error("usage: node tools/dev/mpy_run.mjs [--heap MB] [--zip FILE] [--memory] script.py");
  process.exit(2);
}

const options = { stdout: (line) => process.stdout.write(line + "\n"),
                  stderr: (line) => process.stderr.write(line + "\n"), linebuffer: true };
if (heap) options.heapsize = heap;
const mp = await loadMicroPython(options);
if (zip) { // mounted at /rom as the pages mount it (static/mpy-start.mjs)
  const data = fs.readFileSync(zip);
  mountGame(mp, data.buffer.slice(data.byteOffset, data.byteOffset + data.length));
}

function mkdirs(dir) {
  let at = "";
  for (const part of dir.split("/").filter(Boolean)) {
    at += "/" + part;
    try { mp.FS.mkdir(at); } catch { /* exists */ }
  }
}
function copy(src, dst) {
  if (fs.statSync(src).isFile()) {
    mkdirs(path.posix.dirname(dst));
    mp.FS.writeFile(dst, fs.readFileSync(src));
    return;
  }
  mkdirs(dst);
  for (const name of fs.readdirSync(src)) {
    const from = path.join(src, name);
    if (fs.statSync(from).isDirectory()) {
      if (name !== "__pycache__") copy(from, `${dst}/${name}`);
    } else if (/\.(py|json)$/.test(name)) {
      mp.FS.writeFile(`${dst}/${name}`, fs.readFileSync(from));
    }
  }
}
for (const [src, dst] of MOUNTS) {
  if (!zip || !(dst.startsWith("/app/mus") || dst === "/lib")) copy(path.join(ROOT, src), dst);  // the zip has them
}
mp.FS.chdir("/app");
try {
  mp.runPython("import sys\nsys.path[:0] = ['/app', '/lib']");
  mp.runPython(fs.readFileSync(path.resolve(script), "utf8"));
  // A script may leave its work as steps, each run in a call of its own: this MicroPython
  // frees memory only between calls into Python (tests/test_fuzz.py).
  mp.runPython("__step_count__ = len(globals().get('__steps__', ()))");
  const steps = mp.globals.get("__step_count__");
  for (let i = 0; i < steps; i++) mp.runPython(`__steps__[${i}]()`);
} catch (error) {
  if (error.name !== "PythonError") throw error;
  if (error.type !== "SystemExit") { console.error(error.message); process.exitCode = 1; }
}
if (memory) console.error(`wasm memory: ${mp._module.HEAPU8.length} bytes`);

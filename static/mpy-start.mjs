// The interpreter module of every page (pyscript.toml [mpy]: interpreter = this file): the
// vendored MicroPython, with the game's modules as bytecode (static/mus-mpy.zip, built by
// tools/build/mpy.py) written into /lib, which is on MicroPython's sys.path, before the page's
// script runs. The zip is fetched while the runtime downloads and starts. It also holds
// PyScript's own package compiled, so PyScript's prelude runs without writing its sources
// (static/prelude.mjs): compiling them cost every start a few hundred ms on a phone.
// The page hears "mus:boot" events (detail "runtime": the runtime and the game are on their way;
// "game": both are in) for its loading screen and the timing tools.
import { skipPackageWrites } from "./prelude.mjs";
import { loadMicroPython as loadRuntime } from "./vendor/micropython/micropython.mjs";

const RUNTIME = new URL("./vendor/micropython/micropython.wasm", import.meta.url).href;
const GAME = new URL("./mus-mpy.zip", import.meta.url).href;
const LIB = "/lib/";
const LOCAL_FILE = 0x04034b50; // a zip entry's header; the central directory follows the last
const CENTRAL_FILE = 0x02014b50; // the central directory's first record

/** [name, bytes] of each entry of a zip whose entries are stored (the build writes no other);
 * an Error if the entries do not end where the central directory starts (a damaged copy: the
 * page then fails, and static/pwa.js asks the service worker to check its copies). */
export function storedEntries(buffer) {
  const view = new DataView(buffer);
  const names = new TextDecoder();
  const out = [];
  let at = 0;
  while (at + 30 <= view.byteLength && view.getUint32(at, true) === LOCAL_FILE) {
    if (view.getUint16(at + 8, true) !== 0) throw new Error(`${GAME}: a compressed entry`);
    const size = view.getUint32(at + 18, true);
    const nameLength = view.getUint16(at + 26, true);
    const start = at + 30 + nameLength + view.getUint16(at + 28, true);
    out.push([names.decode(new Uint8Array(buffer, at + 30, nameLength)), new Uint8Array(buffer, start, size)]);
    at = start + size;
  }
  if (!out.length || at + 4 > view.byteLength || view.getUint32(at, true) !== CENTRAL_FILE) {
    throw new Error(`${GAME}: damaged (${out.length} entries read)`);
  }
  return out;
}

/** Makes the folders above `path` that `made` does not hold yet. Known folders are skipped
 * rather than tried: each failed mkdir throws an Emscripten ErrnoError, an Error with a stack
 * trace and a message looked up in the runtime, and trying every folder of every entry threw
 * a few hundred of them, 0.1 s of a phone's start. (The bots' worker, static/bots-worker.mjs,
 * unpacks the same zip with it.) */
export function makeDirs(FS, path, made) {
  let dir = "";
  for (const part of path.split("/").slice(1, -1)) {
    dir += "/" + part;
    if (made.has(dir)) continue;
    made.add(dir);
    try { FS.mkdir(dir); } catch { /* it exists: /lib comes with the runtime */ }
  }
}

async function fetchGame() {
  const response = await fetch(GAME);
  if (!response.ok) throw new Error(`${GAME}: HTTP ${response.status}`);
  return response.arrayBuffer();
}

const booting = (detail) => dispatchEvent(new CustomEvent("mus:boot", { detail }));

export async function loadMicroPython(options) {
  booting("runtime");
  const game = fetchGame();
  game.catch(() => {}); // reported below, once the runtime is up
  const interpreter = await loadRuntime({ ...options, url: RUNTIME });
  const made = new Set();
  for (const [name, bytes] of storedEntries(await game)) {
    makeDirs(interpreter.FS, LIB + name, made);
    interpreter.FS.writeFile(LIB + name, bytes);
  }
  skipPackageWrites(interpreter, (window.__mus ??= {}));
  booting("game");
  return interpreter;
}

// The interpreter module of every page (pyscript.toml [mpy]: interpreter = this file): the
// vendored MicroPython, with the game's modules as bytecode (static/mus-mpy.zip, built by
// tools/build/mpy.py) mounted read-only at /rom, on MicroPython's path, before the page's script
// runs: the zip's entries are laid out as a ROMFS image (romfsImage, mountGame), which the
// runtime imports from in place. The zip is fetched while the runtime downloads and starts. It also holds PyScript's own package compiled, so PyScript's prelude runs without
// writing its sources (static/prelude.mjs): compiling them cost every start a few hundred ms on
// a phone.
// The page hears "mus:boot" events (detail "runtime": the runtime and the game are on their way;
// "game": both are in) for its loading screen and the timing tools.
import { skipPackageWrites } from "./prelude.mjs";
import { loadMicroPython as loadRuntime } from "./vendor/micropython/micropython.mjs";

const RUNTIME = new URL("./vendor/micropython/micropython.wasm", import.meta.url).href;
const GAME = new URL("./mus-mpy.zip", import.meta.url).href;
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

const ROMFS = 0x14a6b1; // the record kind of a whole ROMFS image: its first bytes are "RM1"
const ROMFS_DIRECTORY = 4;
const ROMFS_FILE = 5;
const ROMFS_DATA = 2;
const names = new TextEncoder();

/** `value` as a ROMFS varuint: big-endian groups of 7 bits, the high bit on all but the last. */
function varuint(value) {
  const out = [value & 0x7f];
  for (value = Math.floor(value / 128); value; value = Math.floor(value / 128)) out.unshift(0x80 | (value & 0x7f));
  return Uint8Array.from(out);
}

const size = (parts) => parts.reduce((total, part) => total + part.length, 0);
const record = (kind, parts) => [varuint(kind), varuint(size(parts)), ...parts];
const named = (kind, name, parts) => {
  const bytes = names.encode(name);
  return record(kind, [varuint(bytes.length), bytes, ...parts]);
};

/** The zip's entries ([name, bytes], storedEntries) as one ROMFS image (the format of
 * MicroPython's extmod/vfs_rom.c: nested records of directories and files): the runtime mounts
 * it at /rom, and imports a module's bytecode from it in place, where from /lib it would first
 * read the file into its heap (imports took about a quarter more). */
export function romfsImage(entries) {
  const root = new Map();
  for (const [name, bytes] of entries) {
    const path = name.split("/");
    let folder = root;
    for (const part of path.slice(0, -1)) {
      if (!folder.has(part)) folder.set(part, new Map());
      folder = folder.get(part);
    }
    folder.set(path.at(-1), bytes);
  }
  const encode = (folder) => [...folder].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).flatMap(([name, item]) =>
    item instanceof Map ? named(ROMFS_DIRECTORY, name, encode(item)) : named(ROMFS_FILE, name, record(ROMFS_DATA, [item])));
  const parts = encode(root);
  let length = varuint(size(parts));
  // The image's length must be even: a varuint may start with 0x80 bytes that add nothing.
  if ((3 + length.length + size(parts)) % 2) length = Uint8Array.from([0x80, ...length]);
  const image = new Uint8Array(3 + length.length + size(parts));
  let at = 0;
  for (const part of [varuint(ROMFS), length, ...parts]) {
    image.set(part, at);
    at += part.length;
  }
  return image;
}

/** Mounts the game's zip (its bytes) in the started MicroPython `python`: its entries as one
 * ROMFS image, read-only at /rom, on sys.path before /lib; throws if the zip is damaged. The
 * image is registered as the runtime's ROM (what loadMicroPython's `romfs` option does before
 * the start, which would make the start wait for the zip) and mounted as MicroPython mounts its
 * ROM; Python's working folder stays the writable root. */
export function mountGame(python, buffer) {
  const image = romfsImage(storedEntries(buffer));
  const runtime = python._module;
  const at = runtime._malloc(image.length); // outside Python's heap: its collector never scans it
  runtime.HEAPU8.set(image, at);
  runtime.ccall("mp_js_register_romfs", "null", ["pointer", "number"], [at, image.length]);
  python.runPython("import sys as _sys, vfs as _vfs\n_vfs.mount(_vfs.VfsRom(_vfs.rom_ioctl(2, 0)), '/rom')\n"
    + "_sys.path.insert(_sys.path.index('/lib') if '/lib' in _sys.path else len(_sys.path), '/rom')\ndel _sys, _vfs");
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
  const python = await loadRuntime({ ...options, url: RUNTIME });
  mountGame(python, await game);
  skipPackageWrites(python, (window.__mus ??= {}));
  booting("game");
  return python;
}

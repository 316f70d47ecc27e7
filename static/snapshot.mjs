// Where Pyodide's memory snapshot is kept (Cache Storage, beside the service worker's precache):
// shared by the page, which restores it (pyodide-start.mjs), and the worker that makes it
// (snapshot-worker.mjs). The entry is named after Pyodide's version and carries the SHA-256 of
// the mus.zip whose modules it holds: it is restored only into the same runtime with the same
// game. The service worker also deletes the whole cache when a new version activates (sw.js).
import { version } from "./vendor/pyodide/pyodide.mjs";

export const SNAPSHOT_CACHE = "mus-snapshot";
/** Where the vendored Pyodide lives: what the page and the worker pass as `indexURL`. */
export const PYODIDE_INDEX = new URL("./vendor/pyodide/", import.meta.url).href;
const ENTRY = new URL(`./vendor/pyodide/snapshot-${version}.bin`, import.meta.url).href;
const GAME = new URL("./mus.zip", import.meta.url).href;
const GAME_HASH = "X-Mus-Zip-Sha256";
// In Python's working directory (tracebacks name /home/pyodide/mus/game.py: tools/build/vendor.py).
const GAME_PATH = "/home/pyodide/mus.zip";

/** The SHA-256 of mus.zip's bytes, in hex: what a snapshot records of the game it holds. */
export async function gameHash(bytes) {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
  return Array.from(digest, (b) => b.toString(16).padStart(2, "0")).join("");
}

/** The game's mus.zip as this page or worker gets it (one request: bytes for Python and the
 * snapshot's check alike). */
export async function fetchGame() {
  const response = await fetch(GAME);
  if (!response.ok) throw new Error(`mus.zip: HTTP ${response.status}`);
  return new Uint8Array(await response.arrayBuffer());
}

/** Puts mus.zip where Python imports the game from: the zip itself on `sys.path` (zipimport
 * reads it in place: nothing to unpack); the page reads deck.svg out of it the same way. */
export function installGame(pyodide, game) {
  pyodide.FS.writeFile(GAME_PATH, game);
  pyodide.runPython(`import sys\nif ${JSON.stringify(GAME_PATH)} not in sys.path: sys.path.insert(0, ${JSON.stringify(GAME_PATH)})`);
}

/** The cached response for `url`, or null; throws where there is no Cache Storage. */
async function lookup(url) {
  return (await (await caches.open(SNAPSHOT_CACHE)).match(url)) ?? null;
}

function entry() {
  return lookup(ENTRY).catch(() => null); // no Cache Storage here: boot normally
}

export async function hasSnapshot() {
  return Boolean(await entry());
}

// A browser where making one failed is not asked again until the next version of the game
// (the service worker deletes this cache then): each attempt boots a second Pyodide.
const FAILED = `${ENTRY}.failed`;

export function failedBefore() {
  return lookup(FAILED).then(Boolean, () => true); // no Cache Storage: nowhere to keep one anyway
}

export async function rememberFailure(reason) {
  try {
    await (await caches.open(SNAPSHOT_CACHE)).put(FAILED, new Response(String(reason)));
  } catch {
    // then it is tried again at the next start
  }
}

/** The kept snapshot if it was made from `game` (a promise of mus.zip's bytes), else null. */
export async function readSnapshot(game) {
  const response = await entry();
  if (!response) return null;
  if (response.headers.get(GAME_HASH) !== (await gameHash(await game))) {
    await dropSnapshot();
    return null;
  }
  return new Uint8Array(await response.arrayBuffer());
}

export async function writeSnapshot(bytes, gameHash) {
  const cache = await caches.open(SNAPSHOT_CACHE);
  const headers = { "Content-Type": "application/octet-stream", [GAME_HASH]: gameHash };
  await cache.put(ENTRY, new Response(bytes, { headers }));
}

export async function dropSnapshot() {
  await caches.delete(SNAPSHOT_CACHE).catch(() => {});
}

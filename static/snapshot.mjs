// Where Pyodide's memory snapshot is kept (Cache Storage, beside the service worker's precache):
// shared by the page, which restores it (pyodide-start.mjs), and the worker that makes it
// (snapshot-worker.mjs). The entry is named after Pyodide's version and build, so a snapshot is
// never restored into another runtime; the service worker deletes the whole cache when a new
// version of the game activates (sw.js), and the next start makes a new one.
import { version } from "./vendor/pyodide/pyodide.mjs";

export const SNAPSHOT_CACHE = "mus-snapshot";
const ENTRY = new URL(`./vendor/pyodide/snapshot-${version}.bin`, import.meta.url).href;

export async function readSnapshot() {
  try {
    const response = await (await caches.open(SNAPSHOT_CACHE)).match(ENTRY);
    return response ? new Uint8Array(await response.arrayBuffer()) : null;
  } catch {
    return null; // no Cache Storage here: boot normally
  }
}

export async function hasSnapshot() {
  try {
    return Boolean(await (await caches.open(SNAPSHOT_CACHE)).match(ENTRY));
  } catch {
    return false;
  }
}

export async function writeSnapshot(bytes) {
  const cache = await caches.open(SNAPSHOT_CACHE);
  await cache.put(ENTRY, new Response(bytes, { headers: { "Content-Type": "application/octet-stream" } }));
}

export async function dropSnapshot() {
  await caches.delete(SNAPSHOT_CACHE).catch(() => {});
}

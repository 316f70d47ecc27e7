// Mus service worker: keeps the game's files so that it starts and plays with no network.
// sw.js is written from tools/build/sw.template.js by tools/build/precache.py (run by tools/build/vendor.py):
// PRECACHE is generated from the files on disk, never edited by hand.
//
// install   fills a new cache named after the content hashes; files whose hash did not change
//           are copied from the previous cache, the rest fetched (revalidated against the HTTP
//           cache and checked against their hash with `integrity`).
// activate  deletes every older cache of ours, and then the memory snapshot. A new version
//           waits until the page asks for it between hands ({type: "skip-waiting"}) or until
//           every window has closed.
// fetch     precached files come from the cache; anything else goes to the network, uncached.
"use strict";
const PRECACHE = /*PRECACHE*/;
const PREFIX = "mus-";
const SNAPSHOT = "mus-snapshot"; // static/snapshot.mjs: SNAPSHOT_CACHE
const INDEX = "__precache__"; // each cache's own {path: hash}, written once the cache is complete
const scope = new URL(self.registration.scope);
const absolute = (path) => new URL(path, scope).href;

async function reusable() {
  // {path: response} from older complete caches that hold the same bytes.
  const found = {};
  for (const name of await caches.keys()) {
    if (!name.startsWith(PREFIX) || name === PRECACHE.cache) continue;
    const cache = await caches.open(name);
    const index = await cache.match(absolute(INDEX));
    if (!index) continue;
    const hashes = await index.json();
    for (const [path, hash] of Object.entries(hashes)) {
      if (PRECACHE.files[path] === hash && !(path in found)) {
        const response = await cache.match(absolute(path));
        if (response) found[path] = response;
      }
    }
  }
  return found;
}

self.addEventListener("install", (event) => {
  event.waitUntil((async () => {
    const cache = await caches.open(PRECACHE.cache);
    const old = await reusable();
    await Promise.all(Object.entries(PRECACHE.files).map(async ([path, hash]) => {
      const url = absolute(path);
      if (await cache.match(url)) return; // an install that was interrupted
      let response = old[path];
      if (!response) {
        response = await fetch(url, { cache: "no-cache", integrity: hash });
        if (!response.ok) throw new Error(`${path}: HTTP ${response.status}`);
      }
      await cache.put(url, response);
    }));
    await cache.put(absolute(INDEX), new Response(JSON.stringify(PRECACHE.files),
      { headers: { "Content-Type": "application/json" } }));
  })());
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    const older = (await caches.keys()).filter((name) =>
      name.startsWith(PREFIX) && name !== PRECACHE.cache && name !== SNAPSHOT);
    for (const name of older) await caches.delete(name);
    // Pyodide's memory snapshot (static/snapshot.mjs) was made from the files of the version
    // that goes: the next start makes a new one.
    if (older.length) await caches.delete(SNAPSHOT);
  })());
});

self.addEventListener("message", (event) => {
  if (event.data?.type === "skip-waiting") self.skipWaiting();
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== scope.origin || !url.pathname.startsWith(scope.pathname)) return;
  let path = decodeURIComponent(url.pathname.slice(scope.pathname.length));
  if (path === "" || path.endsWith("/")) path += "index.html";
  if (!(path in PRECACHE.files)) return;
  event.respondWith((async () => {
    const cache = await caches.open(PRECACHE.cache);
    return (await cache.match(absolute(path))) || fetch(request);
  })());
});

// Mus service worker: keeps the game's files so that it starts and plays with no network.
// sw.js is written from tools/build/sw.template.js by tools/build/precache.py (run by tools/build/vendor.py):
// PRECACHE is generated from the files on disk, never edited by hand.
//
// install   fills a new cache named after the content hashes; a file whose hash did not change
//           is copied from the previous cache if its bytes there still have that hash, the
//           rest fetched (revalidated against the HTTP cache and checked against their hash
//           with `integrity`). A copy damaged on the device is so never carried into a new
//           version.
// activate  deletes every older cache of ours. A new version waits until the page asks for
//           it between hands ({type: "skip-waiting"}) or until every window has closed.
// heal      ({type: "heal"}, from a page whose start failed: static/pwa.js) checks every file
//           of the cache against its hash, fetches again what does not match and answers
//           {type: "healed", repaired: [paths], failed: [paths it could not fetch]}.
// fetch     precached files come from the cache; anything else goes to the network, uncached.
"use strict";
const PRECACHE = /*PRECACHE*/;
const PREFIX = "mus-";
const INDEX = "__precache__"; // each cache's own {path: hash}, written once the cache is complete
const scope = new URL(self.registration.scope);
const absolute = (path) => new URL(path, scope).href;

/** Whether `response`'s body has `hash` ("sha256-" and the digest in base64), as `integrity` says. */
async function intact(response, hash) {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", await response.clone().arrayBuffer()));
  let text = "";
  for (const byte of digest) text += String.fromCharCode(byte);
  return `sha256-${btoa(text)}` === hash;
}

async function fetched(path, hash) {
  const response = await fetch(absolute(path), { cache: "no-cache", integrity: hash });
  if (!response.ok) throw new Error(`${path}: HTTP ${response.status}`);
  return response;
}

async function reusable() {
  // {path: response} from older complete caches that list the same hash; their bytes are
  // checked before they are kept.
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
      const had = await cache.match(url); // an install that was interrupted
      if (had && await intact(had, hash)) return;
      const kept = old[path];
      await cache.put(url, kept && await intact(kept, hash) ? kept : await fetched(path, hash));
    }));
    await cache.put(absolute(INDEX), new Response(JSON.stringify(PRECACHE.files),
      { headers: { "Content-Type": "application/json" } }));
  })());
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    const older = (await caches.keys()).filter((name) => name.startsWith(PREFIX) && name !== PRECACHE.cache);
    for (const name of older) await caches.delete(name);
  })());
});

/** {repaired, failed}: the paths of this version's cache whose bytes were missing or damaged,
 * fetched again, and those that could not be (offline). */
async function heal() {
  const cache = await caches.open(PRECACHE.cache);
  const out = { repaired: [], failed: [] };
  for (const [path, hash] of Object.entries(PRECACHE.files)) {
    const response = await cache.match(absolute(path));
    if (response && await intact(response, hash)) continue;
    try {
      await cache.put(absolute(path), await fetched(path, hash));
      out.repaired.push(path);
    } catch {
      out.failed.push(path);
    }
  }
  return out;
}

self.addEventListener("message", (event) => {
  if (event.data?.type === "skip-waiting") self.skipWaiting();
  if (event.data?.type === "heal") {
    event.waitUntil(heal().then((found) => event.source?.postMessage({ type: "healed", ...found })));
  }
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

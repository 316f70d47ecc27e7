// Installable app: registers the service worker (sw.js, at the site root) once the game is
// ready, so that its precache never competes with the boot, and reports a new version.
// window.__mus.update is the waiting worker once a new version has installed; the page
// (mus/web/dom/play.py) hears "mus:update", shows the notice and calls window.__mus.applyUpdate()
// between hands, which activates the new version and reloads.
// A start that fails (<html class="boot-failed">) while the worker serves the page asks it to
// check its copies against their hashes; if it fetched some again, the page reloads once.
const mus = (window.__mus ??= {});
mus.update = null;
const HEALED = "mus.healed"; // sessionStorage: when this tab last reloaded after a repair
const HEAL_AGAIN_MS = 60_000; // no second reload within this: a repair did not help

function waiting(worker) {
  mus.update = worker;
  document.documentElement.dataset.update = "ready";
  dispatchEvent(new CustomEvent("mus:update"));
}

function track(registration) {
  // Blocked service workers (e.g. by a test harness) give none; the same one may come twice.
  if (!registration || mus.registration === registration) return;
  mus.registration = registration;
  if (registration.waiting && navigator.serviceWorker.controller) waiting(registration.waiting);
  registration.addEventListener("updatefound", () => {
    const worker = registration.installing;
    worker?.addEventListener("statechange", () => {
      if (worker.state === "installed" && navigator.serviceWorker.controller) waiting(worker);
    });
  });
}

mus.applyUpdate = () => {
  const worker = mus.update;
  if (!worker) return false;
  let reloading = false;
  navigator.serviceWorker.addEventListener("controllerchange", () => {
    if (reloading) return;
    reloading = true;
    location.reload();
  });
  worker.postMessage({ type: "skip-waiting" });
  return true;
};

async function register() {
  if (!("serviceWorker" in navigator)) return;
  // The installed worker at once: register() may wait on the network (started offline).
  navigator.serviceWorker.getRegistration().then(track);
  try {
    track(await navigator.serviceWorker.register(new URL("../sw.js", import.meta.url)));
  } catch (error) {
    // Offline, the update check fails; the installed version keeps working.
    mus.registerError = String(error);
    navigator.serviceWorker.getRegistration().then(track);
  }
}

/** The failed start's repair: the worker's answer is kept in mus.healed. */
async function heal() {
  const worker = navigator.serviceWorker?.controller;
  if (!worker) return;
  const answer = new Promise((resolve) => navigator.serviceWorker.addEventListener("message", ({ data }) => {
    if (data?.type === "healed") resolve(data);
  }));
  worker.postMessage({ type: "heal" });
  mus.healed = await answer;
  if (!mus.healed.repaired.length) return;
  let last = 0;
  try {
    last = Number(sessionStorage.getItem(HEALED)) || 0;
    if (Date.now() - last < HEAL_AGAIN_MS) return;
    sessionStorage.setItem(HEALED, String(Date.now()));
  } catch {
    return; // no way to know whether this tab reloaded already: it does not reload
  }
  location.reload();
}

const root = document.documentElement;
const done = (name) => root.classList.contains(name);
function settle() {
  if (done("ready")) register();
  else if (done("boot-failed")) heal();
  else return false;
  return true;
}
if (!settle()) new MutationObserver((_, observer) => {
  if (settle()) observer.disconnect();
}).observe(root, { attributes: true, attributeFilter: ["class"] });

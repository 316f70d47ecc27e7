// Installable app: registers the service worker (sw.js, at the site root) once the game is
// ready, so that its precache never competes with the boot, and reports a new version.
// window.__mus.update is the waiting worker once a new version has installed; the page
// (mus/web/dom/play.py) hears "mus:update", shows the notice and calls window.__mus.applyUpdate()
// between hands, which activates the new version and reloads.
// Then a worker makes the memory snapshot the next start restores (pyodide-start.mjs), with or
// without a service worker: it is kept in Cache Storage, which a page has either way.
const mus = (window.__mus ??= {});
mus.update = null;

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

async function makeSnapshot(installed) {
  // After the service worker's precache, which it would compete with for the network and CPU.
  await installed;
  const { failedBefore, hasSnapshot, rememberFailure } = await import("./snapshot.mjs");
  if (mus.snapshot || (await hasSnapshot()) || (await failedBefore())) return;
  // A second Pyodide while it is made and 31.5 MB kept: not on a nearly full device.
  const { quota = 0, usage = 0 } = (await navigator.storage?.estimate?.()) ?? {};
  if (quota - usage < 200e6) {
    mus.snapshot = "skipped";
    return;
  }
  mus.snapshot = "making";
  const worker = new Worker(new URL("./snapshot-worker.mjs", import.meta.url), { type: "module" });
  const done = (state, error) => {
    mus.snapshot = state;
    if (error) {
      mus.snapshotError = error;
      rememberFailure(error);
    }
    worker.terminate();
  };
  worker.addEventListener("message", ({ data }) => done(data.error ? "failed" : "kept", data.error));
  worker.addEventListener("error", (event) => done("failed", event.message || "worker error"));
}

/** Resolves once the service worker is active, or at once where there is none. */
async function register() {
  if (!("serviceWorker" in navigator)) return;
  // The installed worker at once: register() may wait on the network (started offline).
  navigator.serviceWorker.getRegistration().then(track);
  try {
    const registration = await navigator.serviceWorker.register(new URL("../sw.js", import.meta.url));
    track(registration);
    // Blocked service workers give no registration, and `ready` would never resolve.
    if (registration) await navigator.serviceWorker.ready;
  } catch (error) {
    // Offline, the update check fails; the installed version keeps working.
    mus.registerError = String(error);
    navigator.serviceWorker.getRegistration().then(track);
  }
}

function whenReady() {
  makeSnapshot(register()).catch((error) => {
    mus.snapshot = "failed";
    mus.snapshotError = String(error);
  });
}

const root = document.documentElement;
if (root.classList.contains("ready")) whenReady();
else new MutationObserver((_, observer) => {
  if (!root.classList.contains("ready")) return;
  observer.disconnect();
  whenReady();
}).observe(root, { attributes: true, attributeFilter: ["class"] });

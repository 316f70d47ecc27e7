// Starts the table's bots' worker (static/bots-worker.mjs; a shared hand's frame loads this
// script too, for the replay's coach: load_worker in mus/web/dom/bots.py) once the page's
// first screen is drawn (html.ready and the frame after it): its start (MicroPython, the
// game's modules, the bots' tables: about a second of a phone's CPU) would otherwise run beside
// the page's own boot and slow it where cores are few; its files are by then in the browser's
// cache. Hands the page's Python window.__mus.bots (mus/web/dom/bots.py):
//   ask(text, first) → a promise of the answer's JSON text, or "" when the worker cannot answer
//     (it never rejects: MicroPython in the page cannot catch what JavaScript throws); one
//     request at a time goes to the worker, the bots' ("first") before the coach's; requests
//     made before the worker starts wait for it;
//   state: "starting", "ready" or "failed" (then failure says why, and the page thinks itself);
//   drawnAt (ms since navigation: when the page marked itself ready, its first screen drawn),
//   createdAt (when the worker was made, a frame later), startMs (its start inside),
//   readyAt (ms since navigation), asked, answered, last ({ms, memory} of the last answer): for
//   tests and benches.
const bots = { state: "starting", failure: "", drawnAt: null, createdAt: null, startMs: null, readyAt: null, asked: 0, answered: 0, last: null, ask };
(window.__mus ??= {}).bots = bots;

const queue = []; // [text, resolve, first], the bots' first
let busy = null; // [id, resolve] of the request at the worker
let nextId = 1;
let worker = null;

function fail(why) {
  if (bots.state === "failed") return;
  bots.state = "failed";
  bots.failure = String(why || "unknown");
  worker?.terminate();
  for (const [, resolve] of [...(busy ? [busy] : []), ...queue.splice(0)]) resolve("");
  busy = null;
}

function send() {
  if (!worker || busy || !queue.length || bots.state === "failed") return;
  const [text, resolve] = queue.shift();
  busy = [nextId++, resolve];
  worker.postMessage({ id: busy[0], text });
}

function ask(text, first) {
  if (bots.state === "failed") return Promise.resolve("");
  bots.asked += 1;
  return new Promise((resolve) => {
    const item = [String(text), resolve, Boolean(first)];
    const at = first ? queue.findIndex((queued) => !queued[2]) : -1;
    queue.splice(at < 0 ? queue.length : at, 0, item);
    send();
  });
}

function start() {
  if (worker || bots.state === "failed") return;
  try {
    worker = new Worker(new URL("./bots-worker.mjs", import.meta.url), { type: "module", name: "mus-bots" });
    bots.createdAt = performance.now();
    worker.addEventListener("message", ({ data }) => {
      if (data.ready) {
        bots.state = "ready";
        bots.startMs = data.ms;
        bots.readyAt = performance.now();
      } else if (data.failed) {
        fail(data.failed);
      } else if (busy && data.id === busy[0]) {
        const [, resolve] = busy;
        busy = null;
        bots.answered += 1;
        bots.last = { ms: data.ms, memory: data.memory };
        resolve(data.text);
        send();
      }
    });
    worker.addEventListener("error", (event) => { // its script did not load, or threw at the top
      event.preventDefault();
      fail(event.message || "the worker's script could not run");
    });
    worker.addEventListener("messageerror", () => fail("a message could not be read"));
  } catch (error) { // no module workers, or refused (a Content-Security-Policy)
    fail(error?.message || error);
  }
  send();
}

// The first screen is drawn once <html> has the class "ready" and a frame has gone by (a page
// in a hidden tab draws no frame: the timer starts the worker there); a start that failed
// needs no bots.
const root = document.documentElement;
const afterFirstFrame = () => {
  bots.drawnAt = performance.now();
  requestAnimationFrame(() => setTimeout(start, 0));
  setTimeout(start, 1000);
};
if (root.classList.contains("ready")) afterFirstFrame();
else new MutationObserver((_, observer) => {
  if (!root.classList.contains("ready")) return;
  observer.disconnect();
  afterFirstFrame();
}).observe(root, { attributes: true, attributeFilter: ["class"] });

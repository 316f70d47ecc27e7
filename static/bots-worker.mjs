// The table's bots and coach, thinking beside the page: a module Web Worker running the vendored
// MicroPython with the game's modules as bytecode (static/mus-mpy.zip, mounted as a ROMFS image
// as static/mpy-start.mjs does it for a page). static/bots.mjs starts it and posts {id, text}, a
// request of mus/web/play/brain.py in JSON; each is answered by one call into Python,
// Brain.answer_text, so MicroPython's garbage collector (which frees memory only between calls
// into Python) runs between decisions. Posts back:
//   {ready: true, ms}                     once the runtime is up, the game imported and warm;
//   {failed: "why"}                       if it could not start (the page then thinks itself);
//   {id, text, ms, memory}                each answer: JSON text, the call's time, wasm bytes.
// Plain data only: no SharedArrayBuffer, no COOP/COEP headers needed.
import { loadMicroPython } from "./vendor/micropython/micropython.mjs";
import { mountGame } from "./mpy-start.mjs";

const RUNTIME = new URL("./vendor/micropython/micropython.wasm", import.meta.url).href;
const GAME = new URL("./mus-mpy.zip", import.meta.url).href;
// Built ahead, as the worker's own first call: the tables the bots build on first use at the
// default table (a second of a phone's time and more), before a bot of the partida is asked.
const WARM = JSON.stringify({ kind: "warm", rules: {} });

async function fetchGame() {
  const response = await fetch(GAME);
  if (!response.ok) throw new Error(`${GAME}: HTTP ${response.status}`);
  return response.arrayBuffer();
}

async function start() {
  const began = performance.now();
  const game = fetchGame();
  game.catch(() => {}); // reported below, once the runtime is up
  const python = await loadMicroPython({
    url: RUNTIME, linebuffer: true,
    stdout: (line) => console.log(line), stderr: (line) => console.error(line),
  });
  mountGame(python, await game);
  const brain = python.pyimport("mus.web.play.brain").Brain();
  const answer = (text) => brain.answer_text(text);
  const warmed = JSON.parse(answer(WARM));
  if (!warmed.warm) throw new Error(`the bots could not warm up: ${warmed.error}`);
  // Collect only once 16 MB were allocated since the last collection, not at each call's end
  // over the whole heap: a dificil decision costs about half (tools/bench/table_runtimes.py
  // --gc-threshold), and the heap stays bounded (tools/bench/bot_memory.py).
  python.runPython("import gc; gc.threshold(16 * 1024 * 1024)");
  postMessage({ ready: true, ms: performance.now() - began });
  return { answer, memory: () => python._module.HEAPU8.byteLength };
}

const starting = start();
starting.catch((error) => postMessage({ failed: String(error?.message || error) }));

addEventListener("message", async ({ data }) => {
  const { id, text } = data;
  let brain;
  try {
    brain = await starting;
  } catch {
    return; // said once, above
  }
  const began = performance.now();
  let answer;
  try {
    answer = brain.answer(text);
  } catch (error) { // Brain answers errors itself: this is the runtime failing
    answer = JSON.stringify({ error: String(error?.message || error) });
  }
  postMessage({ id, text: answer, ms: performance.now() - began, memory: brain.memory() });
});

// A bot's decisions on MicroPython under Node, each its own call as the bots' worker makes them.
//   node tools/bench/node_decisions.mjs ZIP POSITIONS.json LEVEL SEED [GC_THRESHOLD]
// ZIP is a zip of the game's .mpy modules (tools/bench/table_runtimes.py builds the table's);
// POSITIONS.json {"warm": [...], "timed": [...]} holds observations. The bot plays the warm-up
// positions, each its own call, then the timed ones; printed as JSON: per decision the wall
// time of the call (performance.now) and the process's CPU time (process.cpuUsage), in ms, and
// the heap's size at the end. Each call ends with MicroPython's collection when the call
// allocated past its threshold: 16 KB in this build, or GC_THRESHOLD bytes if given.
import { loadMicroPython } from "@micropython/micropython-webassembly-pyscript";
import { storedEntries } from "../../static/mpy-start.mjs";
import fs from "node:fs";

const [zip, positions, level, seed, threshold] = process.argv.slice(2);
if (!positions || !level || !seed) {
  console.error("usage: node tools/bench/node_decisions.mjs ZIP POSITIONS.json LEVEL SEED [GC_THRESHOLD]");
  process.exit(2);
}
const mp = await loadMicroPython({ stdout: (line) => console.error(line), stderr: (line) => console.error(line), linebuffer: true });
const data = fs.readFileSync(zip);
for (const [name, bytes] of storedEntries(data.buffer.slice(data.byteOffset, data.byteOffset + data.length))) {
  let at = "";
  for (const part of ("/lib/" + name).split("/").slice(1, -1)) {
    at += "/" + part;
    try { mp.FS.mkdir(at); } catch { /* exists */ }
  }
  mp.FS.writeFile("/lib/" + name, bytes);
}
mp.runPython(`import gc, json\nfrom mus.ai import make_bot\nbot = make_bot(${JSON.stringify(level)}, ${Number(seed)})\nobs = []`);
const { warm, timed } = JSON.parse(fs.readFileSync(positions, "utf8"));
const decide = (o) => mp.runPython(`bot.choose(json.loads(${JSON.stringify(JSON.stringify(o))}))`);
for (const o of warm) decide(o);
mp.runPython("obs = []");
for (const o of timed) mp.runPython(`obs.append(json.loads(${JSON.stringify(JSON.stringify(o))}))`);
if (threshold) mp.runPython(`gc.collect()\ngc.threshold(${Number(threshold)})`);
const wall = [], cpu = [];
for (let k = 0; k < timed.length; k++) {
  const started = performance.now(), used = process.cpuUsage();
  mp.runPython(`bot.choose(obs[${k}])`);
  const spent = process.cpuUsage(used);
  wall.push(performance.now() - started);
  cpu.push((spent.user + spent.system) / 1000);
}
mp.runPython("heap = gc.mem_alloc() + gc.mem_free()");
console.log(JSON.stringify({ wall, cpu, heap: mp.globals.get("heap") }));

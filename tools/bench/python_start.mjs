// The table's own Python at a start, phase by phase, in CPU time (not wall time: the machine
// may be shared), on the pages' MicroPython under Node, from the game's zip as the page loads it
// (static/mpy-start.mjs: a ROMFS image), each phase its own call into Python, each run a fresh Node (as a
// page, nothing compiled yet):
//
//   node tools/bench/python_start.mjs [--runs 5]
//
// MUS_ZIP=other.zip times another build's zip of the game (a before/after, side by side);
// MUS_LIB=1 writes the zip's files into /lib instead of mounting them as a ROMFS image (as the
// pages did before the image).
//
// the runtime and the game: MicroPython's start, the zip laid out as a ROMFS image and mounted
// or, with MUS_LIB, its files written into /lib; the imports of the engine,
// of the bots and the coach, and of the table's pure modules; the rules' lance tables; a first
// visit's deal (a partida, its bots, its talk) and its view and HTML; the bots' first four moves;
// then a returning player's: the save read back (the partida replayed) with its bots and talk,
// and its view and HTML; and a returning player's restore twelve hands into a partida (the save
// made once by CPython, ``LONG_SAVE``: tests/test_web_restore.py's partida of facil bots) with
// its view and HTML. Prints the median of each phase in ms, unthrottled (the phone profile's
// CPU is four times slower). Browser work (the DOM, layout, paint) is not in it:
// tools/bench/boot_trace.py traces that.
import { execFileSync } from "node:child_process";
import { loadMicroPython } from "@micropython/micropython-webassembly-pyscript";
import { mountGame, storedEntries } from "../../static/mpy-start.mjs";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const runs = process.argv[2] === "--runs" ? Number(process.argv[3]) : 5;
const PHASES = [
  ["import the engine", "import mus"],
  ["import the bots and coach", "import mus.ai"],
  ["import the table", "import mus.web.play.session, mus.web.play.view, mus.web.play.render, mus.web.play.commands"],
  ["lance tables", "from mus.lances import table_for\nfrom mus.web.play.settings import Settings\ntable_for(Settings().rules())"],
  ["deal (first visit)", "from mus.web.kit.storage import MemoryStorage, SafeStorage\n"
    + "from mus.web.play.session import Session\nseeds = [0x9E3779B97F4A7C15]  # secret seeds are 64 bits\n"
    + "def seed():\n    seeds[0] += 1\n    return seeds[0]\n"
    + "s = Session(SafeStorage(MemoryStorage()), seeds=seed)\ns.deal_first()"],
  ["view and HTML", "from mus.web.play.view import build_view\nfrom mus.web.play import render\nr = render.regions(build_view(s))"],
  ["the bots' first four moves", "for _ in range(4):\n    c = s.bot_choice()\n    if c is None: break\n    s.bot_play(*c)"],
  ["restore (returning)", "s2 = Session(SafeStorage(s.storage.backend), seeds=seed)\ns2.restore()"],
  ["its view and HTML", "r = render.regions(build_view(s2))"],
  ["restore 12 hands in (returning)", "import json\nfrom mus.web.kit.storage import MemoryStorage\n"
    + "s3 = Session(SafeStorage(MemoryStorage(json.load(open('/long-save.json')))), seeds=seed)\ns3.restore()"],
  ["its view and HTML (12 hands in)", "r = render.regions(build_view(s3))"],
];
// Twelve hands of a partida as the page saves it: the storage's keys and texts, as JSON.
const LONG_SAVE = `
import json, sys
from tests.test_web_restore import partida_at
json.dump(partida_at(12).storage.data, sys.stdout)
`;
const cpu = () => { const u = process.cpuUsage(); return (u.user + u.system) / 1000; };

/** One start: {phase: CPU ms}. */
async function once() {
  const out = {};
  let at = cpu();
  const lap = (name) => { const now = cpu(); out[name] = now - at; at = now; };
  const mp = await loadMicroPython({ stdout: (line) => console.log(line), linebuffer: true });
  lap("runtime");
  const data = fs.readFileSync(process.env.MUS_ZIP || path.join(ROOT, "static", "mus-mpy.zip"));
  const buffer = data.buffer.slice(data.byteOffset, data.byteOffset + data.length);
  if (!process.env.MUS_LIB) mountGame(mp, buffer);
  lap("the game: a ROMFS image");
  if (process.env.MUS_LIB) { // the zip's files written into /lib, as the pages did before the image
    const made = new Set();
    for (const [name, bytes] of storedEntries(buffer)) {
      let dir = "";
      for (const part of ("/lib/" + name).split("/").slice(1, -1)) {
        dir += "/" + part;
        if (!made.has(dir)) { made.add(dir); try { mp.FS.mkdir(dir); } catch { /* /lib is there */ } }
      }
      mp.FS.writeFile("/lib/" + name, bytes);
    }
  }
  lap("the game: files in /lib");
  mp.FS.writeFile("/long-save.json", process.env.MUS_LONG_SAVE);
  at = cpu();
  for (const [name, code] of PHASES) {
    mp.runPython(code);
    lap(name);
  }
  return out;
}

if (process.argv[2] === "--once") {
  console.log(JSON.stringify(await once()));
} else {
  const times = {};
  const python = fs.existsSync(path.join(ROOT, ".venv", "bin", "python")) ? path.join(ROOT, ".venv", "bin", "python") : "python3";
  const env = { ...process.env, MUS_LONG_SAVE: execFileSync(python, ["-c", LONG_SAVE], { cwd: ROOT, encoding: "utf8" }) };
  for (let run = 0; run < runs; run++) {
    const out = JSON.parse(execFileSync(process.execPath, [fileURLToPath(import.meta.url), "--once"], { encoding: "utf8", env }));
    for (const [name, ms] of Object.entries(out)) (times[name] ??= []).push(ms);
  }
  const median = (values) => values.slice().sort((a, b) => a - b)[Math.floor(values.length / 2)];
  console.log(`| phase (CPU ms, unthrottled, median of ${runs} fresh starts) | ms |\n| --- | --- |`);
  for (const [name, values] of Object.entries(times)) console.log(`| ${name} | ${median(values).toFixed(1)} |`);
}

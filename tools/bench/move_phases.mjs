// The page's own Python for each bot move, phase by phase, in CPU time, on the pages'
// MicroPython under Node (the DOM's part is not in it: tools/bench/bot_pacing.py measures the
// page as a whole):
//
//   node tools/bench/move_phases.mjs [--hands 1,12,30] [--moves 40] [--gc-threshold BYTES]
//
// For each --hands N, a partida of dificil bots as the page stores it N hands in (3 juegos and 3
// vacas, so that it lasts; made by CPython, the player taking the first action on offer: the
// one of tools/bench/bot_pacing.py --from-hand) is
// restored into a Session at normal speed, and then --moves bot moves are played as the page
// plays them (mus/web/dom/play.py, App._bots), each phase its own call into Python:
//   answer  the worker's answer read (JSON) and taken (Session.bot_answered), the next bot's
//           request made ahead (Session.bot_request_after) and put in JSON for the worker;
//   play    the move played (Session.bot_play(write=False)) and staged (Session.stage);
//   write   the partida saved (Session.write), a call of its own as in the page;
//   view    build_view; html: render.regions and the log's lines;
//   request the next turn's request (Session.bot_request) and its match with the one sent ahead;
//   empty   an empty call: what the garbage collection left pending by the calls before costs.
// The player's moves (the first action on offer) and counts (dismissed) between are not timed.
// The decisions themselves are the worker's: made here untimed. MicroPython's browser build
// collects at the end of a call that allocated past its threshold (16 KB unless
// --gc-threshold): each phase's time includes its collection. Prints per phase the median,
// p95 and max CPU ms, and the request's JSON length.
import { execFileSync } from "node:child_process";
import { loadMicroPython } from "@micropython/micropython-webassembly-pyscript";
import { mountGame } from "../../static/mpy-start.mjs";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const args = process.argv.slice(2);
const option = (name, fallback) => { const i = args.indexOf(name); return i < 0 ? fallback : args[i + 1]; };
const HANDS = option("--hands", "1,12,30").split(",").map(Number);
const MOVES = Number(option("--moves", "40"));
const THRESHOLD = Number(option("--gc-threshold", "0"));
const ZIP = option("--zip", path.join(ROOT, "static", "mus-mpy.zip"));

// The partida N hands in: tools/bench/bot_pacing.py's (its --from-hand).
const SAVE = "import sys; from tools.bench.bot_pacing import LONG_SAVE; exec(LONG_SAVE)";

const SETUP = `
import gc, json
from mus.web.kit.storage import MemoryStorage, SafeStorage
from mus.web.play.session import Session
from mus.web.play.view import build_view
from mus.web.play import render
seeds = [0x9E3779B97F4A7C15]
def seed():
    seeds[0] += 1
    return seeds[0]
s = Session(SafeStorage(MemoryStorage(json.loads(open('/save.json').read()))), seeds=seed)
s.restore()
state = {"ahead": None}

def untimed_player():
    # the player's moves and the counts, until a bot is to play; then its request, as the page's
    while s.bot_to_play() is None:
        if s.game.is_over:
            return False
        if s.showdown_index() is not None:
            s.ack()
        else:
            s.play(s.human_legal()[0])
        s.stage(None)
        s.hold_count, s.muted = False, 0
    state["ahead"] = None
    request()
    return True

def request():
    asked = s.bot_request()
    ahead = state["ahead"]
    state["asked"] = asked
    state["text"] = None if ahead is not None and ahead == asked.data else json.dumps(asked.data)
    state["length"] = len(json.dumps(asked.data))

def think():  # the worker's part: untimed
    state["answer"] = json.dumps(s.brain.answer(state["asked"].data))

def answer():
    asked = state["asked"]
    choice = s.bot_answered(asked, json.loads(state["answer"]))
    following = s.bot_request_after(asked, choice[1])
    state["ahead"] = following
    state["sent"] = None if following is None else json.dumps(following)
    state["choice"] = choice

def play():
    before = s.game
    s.bot_play(*state["choice"], write=False)
    s.stage(before)
    s.hold_count, s.muted = False, 0

def write():
    s.write()

def view():
    state["view"] = build_view(s)

def html():
    v = state["view"]
    render.regions(v, None)
    render.log_lines(v)

def empty():
    pass

def length():
    return state["length"]

def bot_next():
    return s.bot_to_play() is not None
`;

const cpu = () => { const u = process.cpuUsage(); return (u.user + u.system) / 1000; };
const python = fs.existsSync(path.join(ROOT, ".venv", "bin", "python")) ? path.join(ROOT, ".venv", "bin", "python") : "python3";
const pct = (values, q) => { const v = values.slice().sort((a, b) => a - b); return v[Math.min(v.length - 1, Math.floor(q * v.length))]; };

const mp = await loadMicroPython({ stdout: (line) => console.log(line), linebuffer: true });
const data = fs.readFileSync(ZIP);
mountGame(mp, data.buffer.slice(data.byteOffset, data.byteOffset + data.length));  // at /rom, as the pages do
const PHASES = ["answer", "play", "write", "view", "html", "request", "empty"];
console.log(`| hands in | phase | CPU ms median | p95 | max |\n| --- | --- | --- | --- | --- |`);
for (const hands of HANDS) {
  const save = execFileSync(python, ["-c", SAVE, String(hands), "5"], { cwd: ROOT, encoding: "utf8", maxBuffer: 1 << 28 });
  mp.FS.writeFile("/save.json", save);
  mp.runPython(SETUP);
  if (THRESHOLD) mp.runPython(`gc.collect()\ngc.threshold(${THRESHOLD})`);
  const g = mp.globals;
  const call = (name) => g.get(name)();
  const times = Object.fromEntries(PHASES.map((p) => [p, []]));
  const lengths = [];
  call("untimed_player");
  for (let m = 0; m < MOVES; m++) {
    call("think");
    for (const phase of PHASES.slice(0, -2)) {
      const at = cpu();
      call(phase);
      times[phase].push(cpu() - at);
    }
    let at = cpu();
    if (call("bot_next")) {
      call("request");
      times.request.push(cpu() - at);
    } else if (!call("untimed_player")) break;
    lengths.push(call("length"));
    at = cpu();
    call("empty");
    times.empty.push(cpu() - at);
  }
  for (const phase of PHASES) {
    const v = times[phase];
    console.log(`| ${hands} | ${phase} | ${pct(v, 0.5).toFixed(1)} | ${pct(v, 0.95).toFixed(1)} | ${Math.max(...v).toFixed(1)} |`);
  }
  console.log(`| ${hands} | request JSON, characters | ${pct(lengths, 0.5)} | ${pct(lengths, 0.95)} | ${Math.max(...lengths)} |`);
}

// The table's sounds, made in the page with Web Audio: no files to download. The table's
// Python (mus/web/dom/sound.py) imports this module only once the player has turned the
// sounds on, and calls play(name) at the deal, a bet, an órdago and a juego won
// (mus/web/play/sounds.py says when). Python in the page (MicroPython) cannot catch what
// JavaScript throws, so nothing here throws: a page without Web Audio, or whose audio the
// browser keeps suspended until a tap, just stays quiet.

// How many times each sound was asked for (the browser tests read it).
export const played = { deal: 0, bet: 0, ordago: 0, juego: 0 };

// Each sound: notes of [start s, frequency Hz, length s, wave, volume].
const SOUNDS = {
  deal: [[0, 1400, 0.035, "triangle", 0.12], [0.07, 1250, 0.035, "triangle", 0.1],
         [0.14, 1500, 0.035, "triangle", 0.1], [0.21, 1300, 0.035, "triangle", 0.1]],
  bet: [[0, 520, 0.09, "sine", 0.2], [0.08, 780, 0.12, "sine", 0.16]],
  ordago: [[0, 196, 0.28, "sawtooth", 0.12], [0, 294, 0.28, "square", 0.05], [0.22, 147, 0.4, "sawtooth", 0.13]],
  juego: [[0, 523, 0.12, "triangle", 0.18], [0.12, 659, 0.12, "triangle", 0.18],
          [0.24, 784, 0.12, "triangle", 0.18], [0.36, 1047, 0.3, "triangle", 0.2]],
};

let context = null;

function audio() {
  try {
    if (!context) {
      const Context = globalThis.AudioContext || globalThis.webkitAudioContext;
      if (!Context) return null;
      context = new Context();
    }
    if (context.state === "suspended") context.resume().catch(() => {});
    return context;
  } catch {
    return null;
  }
}

function note(ctx, [start, frequency, length, wave, volume]) {
  const at = ctx.currentTime + start;
  const osc = ctx.createOscillator(), gain = ctx.createGain();
  osc.type = wave;
  osc.frequency.setValueAtTime(frequency, at);
  gain.gain.setValueAtTime(0.0001, at);
  gain.gain.exponentialRampToValueAtTime(volume, at + 0.01);
  gain.gain.exponentialRampToValueAtTime(0.0001, at + length);
  osc.connect(gain).connect(ctx.destination);
  osc.start(at);
  osc.stop(at + length + 0.02);
}

// Make sound `name`; true when Web Audio took it.
export function play(name) {
  try {
    if (!Object.hasOwn(SOUNDS, name)) return false;
    played[name] += 1;
    const ctx = audio();
    if (!ctx || ctx.state !== "running") return false;
    for (const n of SOUNDS[name]) note(ctx, n);
    return true;
  } catch {
    return false;
  }
}

// The player turned the sounds on (a tap: the browser lets audio start now).
export function wake() {
  return audio() !== null;
}

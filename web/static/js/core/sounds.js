// The table's sounds, generated with WebAudio (no sound files, nothing to download): the wheel's
// ticks, the dice's rattle, a card's flip, a short fanfare for a win and a falling tone for a
// bankruptcy. Sound can be switched off; the choice is kept in local storage.

const KEY = "cashrun.sound";
let audio = null;

function soundOn() { return localStorage.getItem(KEY) !== "off"; }
// Switched off, the audio stops running (its thread would run on through a silent game).
function setSound(on) {
  localStorage.setItem(KEY, on ? "on" : "off");
  if (on) wake();
  else if (audio && audio.state === "running") audio.suspend();
}

// The audio is made ready at a tap or a key on the page: a browser lets it sound only after one, and
// making it takes tens of milliseconds (45 at full speed in Chromium), which the first big moment's
// frame would otherwise wait for. One made before any tap (a screen reloaded mid-game) waits for one.
function wake() {
  if (!soundOn()) return;
  try {
    audio ||= new AudioContext();
    if (audio.state === "suspended") audio.resume();
  } catch { /* no audio here */ }
}
addEventListener("pointerdown", wake, { capture: true, passive: true });
addEventListener("keydown", wake, { capture: true });

// One tone: frequency, length (s), volume, wave, start offset (s) and an optional slide to `to` Hz.
function tone(freq, len, vol = 0.06, type = "square", at = 0, to = null) {
  if (!soundOn()) return;
  try {
    audio ||= new AudioContext();
    const start = audio.currentTime + at;
    const o = audio.createOscillator(), g = audio.createGain();
    o.type = type;
    o.frequency.setValueAtTime(freq, start);
    if (to) o.frequency.exponentialRampToValueAtTime(to, start + len);
    g.gain.setValueAtTime(vol, start);
    g.gain.exponentialRampToValueAtTime(0.0001, start + len);
    o.connect(g).connect(audio.destination);
    o.start(start); o.stop(start + len);
  } catch { /* no audio here (or not yet allowed: browsers play sound only after a first click) */ }
}

const SOUNDS = {
  tick: () => tone(1200, 0.015, 0.04),
  stop: () => tone(500, 0.08),
  rattle: () => tone(300 + Math.random() * 300, 0.02, 0.06),
  flip: () => tone(2000, 0.05, 0.03, "triangle", 0, 600),
  won: () => [523, 659, 784].forEach((f, i) => tone(f, 0.16, 0.05, "triangle", i * 0.12)),
  lost: () => tone(440, 0.35, 0.05, "sawtooth", 0, 220),
  win: () => [523, 659, 784, 1047, 784, 1047].forEach((f, i) => tone(f, 0.22, 0.06, "triangle", i * 0.14)),
  bankrupt: () => [392, 330, 262, 196].forEach((f, i) => tone(f, 0.3, 0.05, "sawtooth", i * 0.22)),
  banner: () => tone(880, 0.12, 0.04, "sine", 0, 1320),
};

function play(name) { const f = SOUNDS[name]; if (f) f(); }

export { play, soundOn, setSound };

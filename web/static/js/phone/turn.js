// Your turn, felt: when the game starts waiting for this phone it vibrates, chimes (switchable) and
// the title says so. The screen stays awake while a game runs (wakelock.js, loaded only once a
// game is seen: the join page does without it).

import { t } from "../core/i18n.js";
import { stayAwake } from "../core/common.js";

const CHIME = "cashrun.chime";
const TITLE = document.title;
let shownTitle = TITLE;
let waiting = false;
let nudged = null; // the title of the nudge halfway through a stake's draw I spin for, while it waits
let awake = false; // whether the screen is kept on (asked only when that changes)
let audio = null;

let chimes = localStorage.getItem(CHIME) !== "off"; // read once: the header asks at every render

function chimeOn() { return chimes; }
function toggleChime() { chimes = !chimes; localStorage.setItem(CHIME, chimes ? "on" : "off"); }

// Two soft notes from WebAudio (no sound file); browsers allow it after the first touch.
function notes(ctx, start) {
  [660, 880].forEach((freq, i) => {
    const at = start + i * 0.16;
    const osc = ctx.createOscillator();
    const gain = ctx.createGain();
    osc.frequency.value = freq;
    gain.gain.setValueAtTime(0.0001, at);
    gain.gain.exponentialRampToValueAtTime(0.25, at + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, at + 0.3);
    osc.connect(gain).connect(ctx.destination);
    osc.start(at);
    osc.stop(at + 0.32);
  });
}

// The notes rendered once into a buffer (an offline context renders them on a thread of its own), in a
// task after the touch that unlocks sound: the update that brings a turn then starts one node instead
// of building two oscillators with their gains and ramps (1.8 to 4.7 ms at 1x at a page's first chime,
// a one-time cost that now falls in that task; 0.2 to 0.8 ms at each chime after, against 0.1 to 0.2
// now). Resolves to the buffer, or null where that cannot be done.
let tone = null;
function drawTone(rate) {
  try {
    const ctx = new OfflineAudioContext(1, Math.ceil(rate * 0.48), rate);
    notes(ctx, 0);
    return ctx.startRendering().then((buf) => (tone = buf), () => null);
  } catch { return Promise.resolve(null); } // no offline context here, or not at this rate: notes as before
}

function chime() {
  if (!chimeOn() || !audio) return;
  if (!tone) { notes(audio, audio.currentTime); return; } // not drawn yet
  const src = audio.createBufferSource();
  src.buffer = tone;
  src.connect(audio.destination);
  src.start();
}

// Called after every message: vibrate and chime when the phone starts waiting for its player. The
// other side of a stake's draw, whose phone gives its part by itself, is not called: it is not its turn.
function feelTurn(msg) {
  const inGame = !!msg && msg.kind === "game" && !msg.view.over;
  const drawing = inGame && msg.view.phase === "opponent_draw";
  const now = inGame && (msg.legal_actions || []).length > 0 && (!drawing || msg.view.waiting.spinner === msg.seat);
  if (now && !waiting) buzz();
  waiting = now;
  if (!drawing || !now) nudged = null;
  const title = nudged ? `${nudged} · ${TITLE}` : now ? `${t("turn.title")} · ${TITLE}` : TITLE;
  if (shownTitle !== title) document.title = shownTitle = title;
  if (inGame !== awake) stayAwake(inGame);
  awake = inGame;
}

function buzz() {
  if (navigator.vibrate) navigator.vibrate([180, 90, 180]);
  chime();
}

// Halfway through the time of a stake's draw I spin for: the phone buzzes again and its title says
// so (nothing here needs a secure context); the next message that is no longer that draw ends it.
function nudge(title) {
  nudged = title;
  buzz();
  document.title = shownTitle = `${title} · ${TITLE}`;
}

// The first touch unlocks sound.
function armTurnSignals() {
  window.addEventListener("pointerdown", () => {
    if (!audio && window.AudioContext) {
      audio = new AudioContext();
      setTimeout(() => drawTone(audio.sampleRate)); // in a task of its own, not the touch's
    }
    if (audio && audio.state === "suspended") audio.resume();
  }, { capture: true });
}

export { feelTurn, armTurnSignals, chimeOn, toggleChime, nudge };

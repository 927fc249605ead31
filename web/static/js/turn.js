// Your turn, felt: when the game starts waiting for this phone it vibrates, chimes (switchable) and
// the title says so. The screen stays awake while a game runs (wakelock.js, loaded only once a
// game is seen: the join page does without it).

import { t } from "./i18n.js";
import { stayAwake } from "./common.js";

const CHIME = "cashrun.chime";
const TITLE = document.title;
let waiting = false;
let awake = false; // whether the screen is kept on (asked only when that changes)
let audio = null;

function chimeOn() { return localStorage.getItem(CHIME) !== "off"; }
function toggleChime() { localStorage.setItem(CHIME, chimeOn() ? "off" : "on"); }

// Two soft notes from WebAudio (no sound file); browsers allow it after the first touch.
function chime() {
  if (!chimeOn() || !audio) return;
  const start = audio.currentTime;
  [660, 880].forEach((freq, i) => {
    const at = start + i * 0.16;
    const osc = audio.createOscillator();
    const gain = audio.createGain();
    osc.frequency.value = freq;
    gain.gain.setValueAtTime(0.0001, at);
    gain.gain.exponentialRampToValueAtTime(0.25, at + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, at + 0.3);
    osc.connect(gain).connect(audio.destination);
    osc.start(at);
    osc.stop(at + 0.32);
  });
}

// Called after every message: vibrate and chime when the phone starts waiting for its player.
function feelTurn(msg) {
  const inGame = !!msg && msg.kind === "game" && !msg.view.over;
  const now = inGame && (msg.legal_actions || []).length > 0;
  if (now && !waiting) {
    if (navigator.vibrate) navigator.vibrate([180, 90, 180]);
    chime();
  }
  waiting = now;
  const title = now ? `${t("turn.title")} · ${TITLE}` : TITLE;
  if (document.title !== title) document.title = title;
  if (inGame !== awake) stayAwake(inGame);
  awake = inGame;
}

// The first touch unlocks sound.
function armTurnSignals() {
  window.addEventListener("pointerdown", () => {
    if (!audio && window.AudioContext) audio = new AudioContext();
    if (audio && audio.state === "suspended") audio.resume();
  }, { capture: true });
}

export { feelTurn, armTurnSignals, chimeOn, toggleChime };

// Your turn, felt: when the game starts waiting for this phone it vibrates, chimes (switchable) and
// the title says so. Over plain HTTP there is no Wake Lock API: a tiny muted looping video
// (tools/make_awake_video.py) keeps the screen awake while a game runs.

import { t } from "./i18n.js";

const CHIME = "cashrun.chime";
const TITLE = document.title;
let waiting = false;
let audio = null;
let video = null;

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

function keepAwake(on) {
  if (on && !video) {
    video = document.createElement("video");
    Object.assign(video, { muted: true, loop: true, playsInline: true });
    video.setAttribute("playsinline", "");
    video.setAttribute("aria-hidden", "true");
    video.className = "awake";
    for (const [src, type] of [["/static/media/awake.mp4", "video/mp4"], ["/static/media/awake.webm", "video/webm"]]) {
      const s = document.createElement("source");
      Object.assign(s, { src, type });
      video.append(s);
    }
    document.body.append(video);
  }
  if (!video) return;
  if (on && video.paused) video.play().catch(() => {});
  if (!on && !video.paused) video.pause();
}

let inGame = false;

// Called after every message: vibrate and chime when the phone starts waiting for its player.
function feelTurn(msg) {
  inGame = !!msg && msg.kind === "game" && !msg.view.over;
  const now = inGame && (msg.legal_actions || []).length > 0;
  if (now && !waiting) {
    if (navigator.vibrate) navigator.vibrate([180, 90, 180]);
    chime();
  }
  waiting = now;
  document.title = now ? `${t("turn.title")} · ${TITLE}` : TITLE;
  keepAwake(inGame);
}

// The first touch unlocks sound and video playback; a phone brought back to the front plays again.
function armTurnSignals() {
  window.addEventListener("pointerdown", () => {
    if (!audio && window.AudioContext) audio = new AudioContext();
    if (audio && audio.state === "suspended") audio.resume();
    keepAwake(inGame);
  }, { capture: true });
  document.addEventListener("visibilitychange", () => { if (!document.hidden) keepAwake(inGame); });
}

export { feelTurn, armTurnSignals, chimeOn, toggleChime };

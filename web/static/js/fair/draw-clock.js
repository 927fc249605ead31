// A stake's draw's clock (docs/protocol.md, `draw`): the host sends the seconds the sides have left
// for their links; each screen counts them down itself, as a ring with the seconds in it, and hears
// once when half the time is gone (the phone's nudge) and when none is left (the spin button goes
// inactive at once, before the host's forfeit arrives).

import { h, s, setText } from "../core/dom.js";
import { t } from "../core/i18n.js";

const R = 44; // the ring's radius in its 100-unit box
const ROUND = 2 * Math.PI * R;

let clock = null; // {end: local ms, seconds} | {paused: seconds left, seconds}
let halfDone = null; // the `end` whose half-time was told
const halves = [];
const ends = [];

// After every message: the clock of the draw the game waits for, or none.
function setDrawClock(msg) {
  const d = msg && msg.kind !== "lobby" && msg.view && msg.view.phase === "opponent_draw" ? msg.draw : null;
  if (!d) clock = null;
  else if (d.paused) clock = { paused: d.remaining, seconds: d.seconds };
  else {
    const end = Date.now() + d.remaining * 1000;
    // The same deadline told again keeps its end (a message's own delay would move it back and forth).
    if (!clock || clock.end === undefined || Math.abs(clock.end - end) > 400) clock = { end, seconds: d.seconds };
  }
  tick();
}

// The seconds left (the stage's time before the sides' counts too), or null without a clock.
function drawLeft() {
  if (!clock) return null;
  if (clock.paused !== undefined) return clock.paused;
  return Math.max(0, (clock.end - Date.now()) / 1000);
}

// `fn()` once per draw when half its time is gone; `fn()` at each tick with none left.
function onHalfTime(fn) { halves.push(fn); }
function onTimeUp(fn) { ends.push(fn); }

// The ring: its arc is the share of the sides' full time left, the seconds in its middle.
function drawRing(label) {
  const left = drawLeft();
  if (left === null) return null;
  const arc = s("circle", { class: "draw-arc", cx: "50", cy: "50", r: String(R), "stroke-dasharray": String(ROUND) });
  const box = h("div", { class: "draw-ring", role: "timer", "aria-label": label, "data-out": "draw-clock" },
    s("svg", { viewBox: "0 0 100 100", "aria-hidden": "true" }, s("circle", { class: "draw-track", cx: "50", cy: "50", r: String(R) }), arc),
    h("span", { class: "draw-secs", "data-out": "draw-secs" }));
  paint(box, left);
  return box;
}

function paint(box, left) {
  const share = clock ? Math.min(1, left / clock.seconds) : 0;
  box.querySelector(".draw-arc").setAttribute("stroke-dashoffset", String(ROUND * (1 - share)));
  const n = Math.ceil(Math.min(left, clock ? clock.seconds : left));
  setText(box.querySelector('[data-out="draw-secs"]'), String(n));
  box.dataset.left = String(n);
  box.title = t("draw.seconds_left", { n });
}

function tick() {
  const left = drawLeft();
  if (left === null) return;
  document.querySelectorAll('[data-out="draw-clock"]').forEach((box) => paint(box, left));
  if (clock.end !== undefined && left <= clock.seconds / 2 && halfDone !== clock.end) {
    halfDone = clock.end;
    halves.forEach((fn) => fn());
  }
  if (left <= 0) ends.forEach((fn) => fn());
}

setInterval(tick, 200);

export { setDrawClock, drawLeft, drawRing, onHalfTime, onTimeUp };

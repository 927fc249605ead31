// The one place that decides what the stage tells, and when: one thing at a time, always the newest
// (docs/pages.md, "The story on the stage").
//
// 1. An outcome the stage plays (a reveal) ends the banner at its first frame.
// 2. When the table shows new events (after their reveal), the newest big moment among them gets
//    the banner and replaces any banner still up: a replay after a bluff reply comes after the reply
//    in the same events, so the replay's result is what the banner says.
// 3. Events that arrive while the stage still plays (a host without the reveal clock) wait: their
//    banner shows when the stage is idle.
// 4. A question that waits on the stage (the lap's confirm) takes the stage: no banner while it waits.
// 5. A banner lasts 4.5 s; the lap's start takes the whole stage for 7 s; a tap ends either.
//    The banner sits in the stage's lower part, over no control, and the outcome moves up out of its way.
// 6. A banner stays inside the stage: when the stage is short (a pad for a seat without a phone
//    takes the column's room), it drops its money lines (the history has them), then draws smaller.

import { h } from "../core/dom.js";
import { play } from "../core/sounds.js";
import { isMoment, soundOf, kindOf, bannerContent } from "./banners.js";

const SECONDS = 4.5;
const GRAND_SECONDS = 7;
const GRAND = new Set(["lap_started"]);

const el = h("div", { class: "moment", role: "status", "aria-live": "assertive", hidden: true });
let stage = null;
let timer = null;
let waiting = null; // events told while the stage played: [events, view]

const STEPS = ["tight", "tighter"];

// Each step of point 6 until the banner's content fits its box (read after one layout). A stage
// that short has no room for the outcome above the banner: the banner, which tells it, stands
// in for it (data-short hides it).
function fit() {
  if (el.hidden) return;
  el.classList.remove(...STEPS);
  for (const step of STEPS) {
    if (el.scrollHeight <= el.clientHeight + 1) break;
    el.classList.add(step);
  }
  if (stage) stage.el.toggleAttribute("data-short", el.classList.contains(STEPS[0]));
}

// The stage's size changes when a pad opens or closes beside it; the banner is fitted again.
const resized = new ResizeObserver(() => fit());

// The stage the banners belong to (a new one after a change of language).
function mount(s) {
  if (stage) resized.unobserve(stage.el);
  stage = s;
  resized.observe(stage.el);
  stage.el.append(el);
  if (!el.hidden) stage.el.dataset.moment = el.dataset.kind;
  stage.el.addEventListener("stage-play", () => { waiting = null; end(); });
  stage.el.addEventListener("stage-idle", () => { if (waiting) { const [events, view] = waiting; waiting = null; tell(events, view); } });
}

// The newest big moment among the events the table now shows.
function newest(events) {
  return [...events].reverse().find(isMoment) || null;
}

// New events are shown on the table: the banner for the newest moment among them, if any.
function tell(events, view) {
  const best = newest(events);
  if (!best) return;
  if (stage && !stage.idle) { waiting = [events, view]; return; }
  play(soundOf(best));
  if (best.type === "game_won") { end(); return; } // the end screen itself celebrates the win
  const kind = kindOf(best);
  el.replaceChildren(...bannerContent(best, events, view));
  el.dataset.kind = kind;
  el.classList.toggle("grand", GRAND.has(kind));
  el.hidden = false;
  requestAnimationFrame(fit); // in the frame, after the render: no layout in the middle of the update
  if (stage) stage.el.dataset.moment = kind;
  if (!matchMedia("(prefers-reduced-motion: reduce)").matches) {
    el.animate([{ opacity: 0, transform: "translateY(.6em)" }, { opacity: 1, transform: "none" }], { duration: 300, easing: "ease-out" });
  }
  clearTimeout(timer);
  timer = setTimeout(end, (GRAND.has(kind) ? GRAND_SECONDS : SECONDS) * 1000);
}

// A question waits on the stage: nothing covers it.
function question() { waiting = null; end(); }

function end() {
  clearTimeout(timer);
  el.hidden = true;
  if (stage) {
    delete stage.el.dataset.moment;
    stage.el.removeAttribute("data-short");
  }
}

el.addEventListener("click", (ev) => { ev.stopPropagation(); end(); });

export { mount, tell, question };

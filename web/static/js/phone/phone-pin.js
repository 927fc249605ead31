// The phone's decision kept in view. When the phone faces a new question, turns or changes language, bring the decision into view
// (whole, or its top when taller) and keep it there through every change of size that follows (a
// turned phone's media queries can apply a frame after its new size, a screenshot or the browser's
// bars can change the height), until the person takes over. What it keeps (which decision is
// pinned) is where the page is scrolled, not the game's state, so it stays here, not in the store.
//
// A render never reads the layout (that would lay the page out in the middle of the update, and the
// frame after it again): where the decision is is looked at once per frame, in an animation frame
// callback, where the frame lays the page out anyway, and only after a render, a scroll or a resize.

import { root } from "./phone-shared.js";

let shownDecision = "";
let pinned = false;
let shown = false; // whether the decision was whole on screen when last looked at (the screen the person saw)
let before = null; // `shown` before the renders since the last look, or null: none since
let force = false; // bring the decision into view at the next look, new or not (the phone turned, other words)
let queued = false;
let watched = null; // the decision whose size is watched

function inView(el) {
  const r = el.getBoundingClientRect();
  return r.height <= innerHeight ? r.top >= 0 && r.bottom <= innerHeight + 0.5 : r.top > -1 && r.top < 6; // a taller one: its top (scroll-margin 4px)
}

function bringIn(el) {
  el.scrollIntoView({ block: el.getBoundingClientRect().height <= innerHeight ? "nearest" : "start", behavior: "instant" });
}

function watch(el) {
  if (el === watched) return;
  if (watched) sizes.unobserve(watched);
  watched = el;
  if (el) sizes.observe(el);
}

// Once per frame, after a render, a scroll or a resize: a new question comes into view, a decision
// that was whole on screen before the renders is again, and what is on screen now is noted.
function look() {
  queued = false;
  const el = root.querySelector("[data-decision]");
  watch(el);
  if (!el) { shownDecision = ""; shown = false; before = null; force = false; return; }
  if (force || el.dataset.decision !== shownDecision) {
    shownDecision = el.dataset.decision;
    pinned = true;
    bringIn(el);
  } else if (before && !inView(el)) bringIn(el);
  force = false;
  before = null;
  shown = inView(el);
}

function lookSoon() {
  if (!queued) { queued = true; requestAnimationFrame(look); }
}

// A change of size (the page is laid out when these are told): a pinned decision is brought back.
function keepPinned() {
  const el = root.querySelector("[data-decision]");
  if (pinned && el && !inView(el)) bringIn(el);
  shown = !!el && inView(el);
}

const sizes = new ResizeObserver(keepPinned);
sizes.observe(document.documentElement);
addEventListener("resize", keepPinned);
addEventListener("scroll", lookSoon, { passive: true });
// The person takes over: a scroll of their own, or a text field (the browser keeps it above the keyboard).
const letGo = () => { pinned = false; };
for (const ev of ["wheel", "touchmove", "keydown"]) addEventListener(ev, letGo, { passive: true, capture: true });
addEventListener("focusin", (ev) => { if (ev.target.matches("input, textarea")) letGo(); });

// After a render (`now`: bring the decision into view even if it is not new): looked at in the next frame.
function keepInView(now = false) {
  force ||= now;
  if (before === null) before = shown;
  if (watched || force || root.querySelector("[data-decision]")) lookSoon();
}

// The phone turned: once the page is laid out at its new width.
let width = 0;
addEventListener("resize", () => {
  if (innerWidth !== width) { width = innerWidth; keepInView(true); }
});

export { keepInView };

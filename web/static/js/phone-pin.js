// The phone's decision kept in view. When the phone faces a new question, turns or changes language, bring the decision into view
// (whole, or its top when taller) and keep it there through every change of size that follows (a
// turned phone's media queries can apply a frame after its new size, a screenshot or the browser's
// bars can change the height), until the person takes over. What it keeps (which decision is
// pinned) is where the page is scrolled, not the game's state, so it stays here, not in the store.

import { root } from "./phone-shared.js";

let shownDecision = "";
let pinned = false;
let watched = null; // the decision whose size is watched: each render makes a new one

function inView(el) {
  const r = el.getBoundingClientRect();
  return r.height <= innerHeight ? r.top >= 0 && r.bottom <= innerHeight + 0.5 : r.top > -1 && r.top < 6; // a taller one: its top (scroll-margin 4px)
}

function bringIn(el) {
  el.scrollIntoView({ block: el.getBoundingClientRect().height <= innerHeight ? "nearest" : "start", behavior: "instant" });
}

function keepPinned() {
  const el = root.querySelector("[data-decision]");
  if (pinned && el && !inView(el)) bringIn(el);
}

const sizes = new ResizeObserver(keepPinned);
sizes.observe(document.documentElement);
addEventListener("resize", keepPinned);
// The person takes over: a scroll of their own, or a text field (the browser keeps it above the keyboard).
const letGo = () => { pinned = false; };
for (const ev of ["wheel", "touchmove", "keydown"]) addEventListener(ev, letGo, { passive: true, capture: true });
addEventListener("focusin", (ev) => { if (ev.target.matches("input, textarea")) letGo(); });

function showDecision(force) {
  const el = root.querySelector("[data-decision]");
  if (el !== watched) {
    if (watched) sizes.unobserve(watched);
    watched = el;
    if (el) sizes.observe(el);
  }
  if (!el) { shownDecision = ""; return; }
  if (!force && el.dataset.decision === shownDecision) return;
  shownDecision = el.dataset.decision;
  pinned = true;
  bringIn(el);
}

// The phone turned: once the page is laid out at its new width.
let width = 0;
addEventListener("resize", () => {
  if (innerWidth !== width) { width = innerWidth; showDecision(true); }
});

// Whether the decision is whole on screen now: asked before a render, so a render (which replaces
// the page) never leaves the decision less visible than it was.
function decisionShown() {
  const el = root.querySelector("[data-decision]");
  return !!el && inView(el);
}

// After a render: a new question comes into view, and a decision that was whole on screen before
// it (`shown`, from decisionShown) is again.
function keepInView(shown) {
  showDecision(false);
  const el = root.querySelector("[data-decision]");
  if (shown && el && !inView(el)) bringIn(el);
}

export { decisionShown, keepInView, showDecision };

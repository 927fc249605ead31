// My bluff cards, face down. A card shows its face only while a finger (or a key) holds it; the
// face hides when the finger lifts, the page loses focus or goes to the background.

import { h, icon } from "./dom.js";
import { t } from "./i18n.js";

function cardTile(card, n) {
  return h("div", { class: "bluff", "data-card": card.id, "data-hold": "card", tabindex: "0", role: "button" },
    h("span", { class: "face" }, icon(card.symbol === "blank" ? "bl-blank" : card.symbol), h("span", { text: t(`bluff.${card.symbol}`) })),
    h("span", { class: "back" }, h("span", { "aria-hidden": "true", text: String(n) }), h("span", { class: "sr", text: t("cards.hold_n", { n }) })));
}

let held = null; // {card, by}: by is the pointer id, or "key"

function showFace(root) {
  for (const el of root.querySelectorAll("[data-card]")) el.classList.toggle("up", !!held && el.dataset.card === held.card);
}

// Wires the listeners once; returns the function that puts the held face back after a render.
function holdToLook(root) {
  const hold = (el, by) => { held = { card: el.dataset.card, by }; showFace(root); };
  const lift = (by) => { if (held && (by === undefined || by === held.by)) { held = null; showFace(root); } };
  root.addEventListener("pointerdown", (ev) => {
    const el = ev.target.closest("[data-hold]");
    if (el) { ev.preventDefault(); hold(el, ev.pointerId); }
  });
  for (const type of ["pointerup", "pointercancel"]) window.addEventListener(type, (ev) => lift(ev.pointerId));
  window.addEventListener("blur", () => lift());
  document.addEventListener("visibilitychange", () => { if (document.hidden) lift(); });
  root.addEventListener("contextmenu", (ev) => { if (ev.target.closest("[data-hold]")) ev.preventDefault(); });
  root.addEventListener("keydown", (ev) => {
    const el = ev.target.closest && ev.target.closest("[data-hold]");
    if (el && (ev.key === " " || ev.key === "Enter") && !ev.repeat) { ev.preventDefault(); hold(el, "key"); }
  });
  window.addEventListener("keyup", (ev) => { if (ev.key === " " || ev.key === "Enter") lift("key"); });
  return () => showFace(root);
}

export { cardTile, holdToLook };

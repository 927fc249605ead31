// "Set up your box", once: while the lobby's box is still the example (the host's `box_example`),
// the lobby says so and offers a walk through the family's casino cards (box-walk.js, loaded the
// first time it opens). The host keeps the saved box for every later game (the box profile); the
// board map may follow.

import { h } from "../core/dom.js";
import { t } from "../core/i18n.js";
import { store, rerender } from "../table/table-shared.js";
import { lazy } from "../core/lazy.js";

let walk = null;
const loadWalk = lazy(["../board/box-walk.js"], (m) => { walk = m; rerender(); walk.focusName(); }, rerender);

// The lobby's word while the box is the example, with the button that starts the walk.
export function exampleNote(v, offered) {
  if (!v.box_example || !offered) return null;
  return h("section", { class: "note box-example", role: "note", "data-out": "box-example" },
    h("h2", { text: t("firstrun.box_title") }),
    h("p", { text: t("firstrun.box_example") }),
    h("button", { type: "button", class: "btn primary big", "data-act": "setup-open", text: t("firstrun.box_start") }));
}

// After the save: the box is the family's now; the board map if they want it.
export function savedNote(st) {
  if (!st.ui.setupDone) return null;
  return h("section", { class: "note", role: "status", "data-out": "box-saved" },
    h("p", { text: t("firstrun.box_saved") }),
    h("button", { type: "button", class: "btn", "data-act": "setup-board", text: t("firstrun.box_board") }));
}

// The walk's screen, once its module is here.
export function setupScreen(st) {
  loadWalk();
  return walk ? walk.setupScreen(st) : h("main", { class: "box-setup", "aria-busy": "true" });
}

// A tap of the walk; false when the tap is not the walk's.
export function setupClick(act, el) {
  if (act === "setup-open") {
    const box = (store.state.msg.view.settings.box || []).map((c) => ({ ...c }));
    store.ui({ setup: { at: 0, box }, setupDone: false });
    if (walk) walk.focusName();
    return true;
  }
  if (act === "setup-board") { store.ui({ setupDone: false, boardOpen: true }); return true; }
  return walk ? walk.setupClick(act, el) : false;
}

// Typing a card's name; false when the field is not the walk's.
export function setupInput(el) { return walk ? walk.setupInput(el) : false; }

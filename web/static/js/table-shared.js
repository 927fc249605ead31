// The table screen's shared parts: its store and socket, what it shows while a reveal runs, the
// banker's and phoneless seats' actions, and the small pieces every part of the screen draws with.

import { h, Parts } from "./dom.js";
import { t } from "./i18n.js";
import { Store } from "./store.js";
import { Net } from "./net.js";
import { group, isSimple, actionLabel } from "./actions.js";
import { quickBid } from "./table-bid.js";
import { renderChooser } from "./chooser.js";
import { errorText } from "./common.js";

export const KEY = document.body.dataset.key;
export const store = new Store();
export const net = new Net(store);
// The reveal clock (docs/protocol.md): while the host's `reveal` runs, the stage plays the new
// outcomes and everything else keeps showing `scene.held`, the message from before them.
export const scene = { stage: null, ring: null, held: null };
// The parts of the screen kept from one render to the next while their data is the same.
export const parts = new Parts();
export const shown = () => scene.held || store.state.msg;
export const revealing = () => { const m = store.state.msg; return !!(m && m.kind === "game" && m.reveal); };
const busy = () => !!store.state.pending || revealing();

export function send(action, as) { return net.act(action, as); }

// The listed actions of the banker, or of a seat without a phone (`as`).
export function actionsOf(as) {
  const msg = shown();
  if (!msg) return [];
  return as !== null && as !== "" && as !== undefined ? ((msg.table || {}).phoneless || {})[as] || [] : msg.legal_actions;
}

export function findAction(type, as, pred = () => true) {
  return actionsOf(as).find((a) => a.type === type && pred(a));
}

export function problem() {
  return store.state.error ? h("p", { class: "problem", role: "alert", text: errorText(store.state.error) }) : null;
}

function chooserFor(actions, choice, view, extra = {}) {
  return renderChooser(actions, choice, { view, pending: busy(), pad: false, ...extra });
}

// A group of actions as one control: a button, or a chooser when open.
export function controls(actions, view, as = null, cls = "") {
  const groups = group(actions);
  const wrap = h("div", { class: `controls ${cls}` });
  const choice = store.state.ui.choice;
  const pending = busy();
  for (const [type, list] of groups) {
    if (choice && choice.type === type && (choice.as ?? null) === as) { wrap.append(chooserFor(list, choice, view)); continue; }
    // A bidder without a phone: the lowest bid in one tap first, any other amount behind the pad.
    const now = type === "bid" && as !== null ? quickBid(list[0], as, pending) : null;
    if (now) wrap.append(now);
    wrap.append(h("button", { type: "button", class: `btn${type === "start" || type === "roll" ? " primary" : ""}`,
      "data-act": isSimple(list) ? "do" : "open", "data-type": type, "data-as": as ?? "", disabled: pending,
      text: now ? t("table.bid_other") : actionLabel(type) }));
  }
  return wrap;
}

// What every part of the table screen shares: its store and socket, the stage, the parts kept
// between renders, the actions of the banker and of the seats without a phone and their controls.

import { h, Parts } from "../core/dom.js";
import { t } from "../core/i18n.js";
import { Store } from "../core/store.js";
import { Net } from "../core/net.js";
import { group, isSimple, actionLabel } from "../core/actions.js";
import { quickBid } from "./table-bid.js";
import { renderChooser } from "../core/chooser.js";
import { errorText } from "../core/common.js";
import { fragment } from "../core/seal.js";

// The table key: only in the address's fragment (`/table#key=...&k=...`), which the browser never sends.
export const KEY = fragment().get("key");
// The reveal clock (docs/protocol.md): while the host's `reveal` runs, the stage plays the new
// outcomes and everything else keeps showing `held`, the message from before them.
export const store = new Store({ choice: null, drawer: false, games: null, settings: null, box: null, saved: false });
store.settle({ held: null });
export const net = new Net(store);
// The stage and the board's ring: components with elements of their own.
export const scene = { stage: null, ring: null };
// The parts of the screen kept from one render to the next while their data is the same.
export const parts = new Parts();
export const shown = (st) => st.held || st.msg;
export const revealing = (st) => { const m = st.msg; return !!(m && m.kind === "game" && m.reveal); };
export const busy = (st) => !!st.pending || revealing(st);

export function send(action, as) { return net.act(action, as); }
export const rerender = () => store.set({}); // for the fairness panel, when its check moved on

// A game's export, asked over the sealed socket (an address with the key would travel in plain text).
export function exportOf(gameId) {
  return net.request("export", { game_id: gameId }, 20000).then((a) => { if (!a.ok) throw new Error(a.error.code); return a; });
}

// A file the page made, downloaded.
export function saveFile(name, text) {
  const url = URL.createObjectURL(new Blob([text], { type: "application/json" }));
  const a = h("a", { href: url, download: name });
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

// A game's export saved as a file; a refusal is shown as the screen's problem.
export async function saveExport(gameId) {
  const a = await exportOf(gameId).catch((e) => { store.set({ error: { code: e.message } }); return null; });
  if (a) saveFile(a.name, a.json);
}

// Another table's screen (Play again, a new game, a saved game): its key in the fragment, and a load
// (a new fragment alone does not load the page).
export function openTable(key) {
  const to = new URLSearchParams(location.hash.slice(1));
  to.set("key", key);
  location.hash = to.toString();
  location.reload();
}

// The listed actions in `msg` of the banker, or of a seat without a phone (`as`).
export function actionsOf(msg, as) {
  if (!msg) return [];
  return as !== null && as !== "" && as !== undefined ? ((msg.table || {}).phoneless || {})[as] || [] : msg.legal_actions;
}

export function findAction(msg, type, as, pred = () => true) {
  return actionsOf(msg, as).find((a) => a.type === type && pred(a));
}

export function problem(st) {
  return st.error ? h("p", { class: "problem", role: "alert", text: errorText(st.error) }) : null;
}

// A group of actions as one control: a button, or a chooser when open.
export function controls(actions, view, st, as = null, cls = "") {
  const groups = group(actions);
  const wrap = h("div", { class: `controls ${cls}` });
  const choice = st.ui.choice;
  const pending = busy(st);
  for (const [type, list] of groups) {
    if (choice && choice.type === type && (choice.as ?? null) === as) {
      wrap.append(renderChooser(list, choice, { view, pending, pad: false }));
      continue;
    }
    // A bidder without a phone: the lowest bid in one tap first, any other amount behind the pad.
    const now = type === "bid" && as !== null ? quickBid(list[0], as, pending) : null;
    if (now) wrap.append(now);
    wrap.append(h("button", { type: "button", class: `btn${type === "start" || type === "roll" ? " primary" : ""}`,
      "data-act": isSimple(list) ? "do" : "open", "data-type": type, "data-as": as ?? "", disabled: pending,
      text: now ? t("table.bid_other") : actionLabel(type) }));
  }
  return wrap;
}

// What every part of the phone shares: the store, the socket, the page's root and its token.

import { h, $, Parts } from "./dom.js";
import { Store } from "./store.js";
import { Net } from "./net.js";
import { errorText } from "./common.js";

const TOKEN = "cashrun.token";
const WATCH = "cashrun.watch";
const store = new Store();
const net = new Net(store);
const root = $("#app");
const parts = new Parts(); // the parts of the screen kept from one render to the next while their data is the same

const token = () => localStorage.getItem(TOKEN);
const btn = (attrs, ...kids) => h("button", { type: "button", ...attrs }, ...kids);

// The last refusal in words (for `kind`: only while joining that way), or nothing.
const problem = (kind) => (store.state.error && (!kind || kind === (store.state.ui.joining === "claim" ? "claim" : "join"))
  ? h("p", { class: "problem", role: "alert", "data-out": "refusal", text: errorText(store.state.error) }) : null);

// Back to the join page: the seat is gone (or left), the socket starts again without a token.
function forget(note) {
  localStorage.removeItem(TOKEN);
  store.set({ msg: null });
  store.ui({ note, choice: null });
  net.connect({});
}

export { TOKEN, WATCH, store, net, root, parts, token, btn, problem, forget };

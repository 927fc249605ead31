// What every part of the phone shares: the store, the socket, the page's root and its token, the
// parts kept between renders, and the small pieces its screens draw with from the state they are given.

import { h, $, Parts } from "../core/dom.js";
import { Store } from "../core/store.js";
import { Net } from "../core/net.js";
import { errorText } from "../core/common.js";
import { fragment } from "../core/seal.js";

const TOKEN = "cashrun.token";
const WATCH = "cashrun.watch";
const body = document.body;
// A claim link: /#c=CODE keeps the code off the air (the fragment is never sent); /c/CODE still works.
const claimed = body.dataset.claim || fragment().get("c") || "";
const store = new Store({
  choice: null, code: body.dataset.code || "", name: "", claim: claimed,
  claimLink: !!claimed, note: null, joining: false, showing: null,
});
const net = new Net(store);
const root = $("#app");
const parts = new Parts(); // the parts of the screen kept from one render to the next while their data is the same

const token = () => localStorage.getItem(TOKEN);
// What the socket sends at each connect: the token this phone holds then (a join saves it while connected).
const credentials = () => (token() ? { token: token() } : {});
const btn = (attrs, ...kids) => h("button", { type: "button", ...attrs }, ...kids);

// The last refusal in words (for `kind`: only while joining that way), or nothing.
const problem = (st, kind) => (st.error && (!kind || kind === (st.ui.joining === "claim" ? "claim" : "join"))
  ? h("p", { class: "problem", role: "alert", "data-out": "refusal", text: errorText(st.error) }) : null);

// What the fairness panel (fair-view.js) needs from the page: the game's export, and a render
// when its check moved on.
const fairExport = () => net.request("fair", {}, 20000).then((a) => { if (!a.ok) throw new Error(a.error.code); return a.export; });
const rerender = () => store.set({});

// Back to the join page: the seat is gone (or left), the socket starts again without a token.
function forget(note) {
  localStorage.removeItem(TOKEN);
  store.set({ msg: null, conn: "connecting", refusal: null });
  store.ui({ note, choice: null });
  net.connect(credentials);
}

export { TOKEN, WATCH, store, net, root, parts, token, credentials, btn, problem, fairExport, rerender, forget };

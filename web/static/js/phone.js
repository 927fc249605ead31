// The phone: join, wait, then play my seat. Everything offered comes from my legal_actions.
// The join page loads only what it needs; the screens with a seat (phone-play.js) come with the
// first view, or at once when this phone already holds a seat.

import { h, patch } from "./dom.js";
import { loadLang, setLang, currentLang, t } from "./i18n.js";
import { rememberDetails, themeButton, langButton, applyTheme, toggleTheme, keepFocus, restoreFocus, markState } from "./common.js";
import { WATCH, store, net, root, parts, token, forget } from "./phone-shared.js";
import { joinScreen, refusedScreen, joinClick, join, peek, watch } from "./phone-join.js";

const body = document.body;
store.state.ui = {
  choice: null, code: body.dataset.code || "", name: "", claim: body.dataset.claim || "",
  claimLink: !!body.dataset.claim, note: null, joining: false, showing: null,
};

let play = null;
let loading = null;
let announce = () => {}; // what a screen reader hears (announce.js), loaded with the screens with a seat
function loadPlay() {
  loading ||= Promise.all([import("./phone-play.js"), import("./announce.js")]).then(([m, a]) => {
    play = m;
    announce = a.announce;
    play.onChange(store.state);
    render();
    announce(store.state.msg);
  });
}

// The app's name is the page's heading when the screen has none of its own (the game's screen).
function header(heading) {
  return h("header", { class: "bar" },
    h(heading ? "h1" : "span", { class: "brand", text: t("app.name") }),
    h("span", { class: "spacer" }),
    play ? play.header() : null,
    langButton(), themeButton());
}

function banner() {
  const c = store.state.conn;
  if (c === "offline" || (c === "connecting" && store.state.msg)) {
    return h("div", { class: "banner quiet", role: "status", "data-banner": "reconnecting", text: t("conn.reconnecting") });
  }
  return null;
}

function waitingScreen() {
  return h("main", { class: "screen", "aria-busy": store.state.conn !== "offline" ? "true" : null }, h("p", { class: "lead", text: t("conn.connecting") }));
}

function render() {
  const st = store.state;
  const focus = keepFocus();
  const shown = !!play && play.decisionShown();
  let screen;
  if (st.conn === "refused") screen = refusedScreen();
  else if (st.msg && play) screen = play.screen(st.msg);
  else if (st.msg || token()) { if (st.msg) loadPlay(); screen = waitingScreen(); }
  else screen = joinScreen();
  patch(root, [header(!screen.querySelector("h1")), banner(), screen]);
  parts.sweep();
  markState(root, play ? st : { ...st, msg: null }); // a view is "shown" once its screen is
  if (play && st.msg) play.afterRender(st.msg, shown);
  restoreFocus(focus);
}

root.addEventListener("click", (ev) => {
  const el = ev.target.closest("[data-act]");
  if (!el || el.disabled) return;
  const act = el.dataset.act;
  // Other words move the decision: bring it back into view.
  if (act === "lang") setLang(currentLang() === "nl" ? "en" : "nl").then(() => { render(); if (play) play.showDecision(true); });
  else if (act === "theme") { toggleTheme(); render(); }
  else if (!joinClick(el, act) && play) play.click(el, act, render);
});

root.addEventListener("input", (ev) => {
  const el = ev.target;
  if (el.dataset.input) {
    store.state.ui[el.dataset.input] = el.value;
    if (el.dataset.input === "code") peek();
  } else if (play) play.input(el);
});

root.addEventListener("keydown", (ev) => {
  const el = ev.target;
  if (ev.key === "Enter" && el.dataset.input) join(el.dataset.input === "claim" ? "claim" : "join");
});

rememberDetails(root, store);

store.addEventListener("change", () => {
  const st = store.state;
  if (st.conn === "refused" && ["bad_token", "removed", "claimed"].includes(st.refusal)) {
    const why = st.refusal;
    store.state.conn = "connecting";
    store.state.refusal = null;
    forget(why);
    return;
  }
  if (play) play.onChange(st);
  render();
  announce(st.msg);
});

applyTheme();
if (token()) loadPlay(); // a seat already: fetch the game's screens while connecting
await loadLang();
// A phone that watches asks again after every (re)connect; one without a seat looks up its code.
net.onConnect = () => {
  if (token()) return;
  if (localStorage.getItem(WATCH)) { store.ui({ code: localStorage.getItem(WATCH) }); watch(); } else peek();
};
net.connect(token() ? { token: token() } : {});
render();

// The phone: join, wait, then play my seat. Everything offered comes from my legal_actions. This
// module is the page's shell: on every change of the store it renders the screen from the state. The
// join page loads only what it needs; the screens with a seat (phone-play.js, their taps in
// phone-play-input.js) come with the first view, or at once when this phone already holds a seat.

import { h, patch } from "../core/dom.js";
import { loadLang, t } from "../core/i18n.js";
import { themeButton, langButton, isDark, applyTheme, keepFocus, restoreFocus, markState } from "../core/common.js";
import { store, net, root, parts, token, credentials, forget } from "./phone-shared.js";
import { joinScreen, refusedScreen } from "./phone-join.js";
import { listen } from "./phone-input.js";
import { lazy } from "../core/lazy.js";

let play = null;   // the screens with a seat, once loaded
let seated = null; // and their taps
let announce = () => {}; // what a screen reader hears (announce.js), loaded with the screens with a seat
const loadPlay = lazy(["../phone/phone-play.js", "../phone/phone-play-input.js", "../phone/announce.js"], (m, i, a) => {
  play = m;
  seated = i;
  announce = a.announce;
  seated.onChange(store.state);
  render();
  announce(store.state.msg);
}, render);

// The app's name is the page's heading when the screen has none of its own (the game's screen).
// Built again only when what it shows changes (the language, the theme, the chime).
function header(heading, st) {
  const chime = play ? play.chime(st) : null;
  return parts.use("header", [heading, chime, isDark()], () => h("header", { class: "bar" },
    h(heading ? "h1" : "span", { class: "brand", text: t("app.name") }),
    h("span", { class: "spacer" }),
    play ? play.header(st) : null,
    langButton(), themeButton()));
}

function banner(st) {
  const c = st.conn;
  if (st.msg && st.msg.paused) return h("div", { class: "banner quiet", role: "status", "data-banner": "paused", text: t("pause.phone") });
  if (c === "offline" || (c === "connecting" && st.msg)) {
    return h("div", { class: "banner quiet", role: "status", "data-banner": "reconnecting", text: t("conn.reconnecting") });
  }
  return null;
}

function waitingScreen(st) {
  return h("main", { class: "screen", "aria-busy": st.conn !== "offline" ? "true" : null }, h("p", { class: "lead", text: t("conn.connecting") }));
}

function render() {
  const st = store.state;
  const focus = keepFocus();
  let screen;
  if (st.conn === "refused") screen = refusedScreen(st);
  else if (st.msg && play) screen = play.screen(st.msg, st);
  else if (st.msg || token()) { if (st.msg) loadPlay(); screen = waitingScreen(st); }
  else screen = joinScreen(st);
  patch(root, [header(!screen.querySelector("h1"), st), banner(st), screen]);
  parts.sweep();
  markState(root, play ? st : { ...st, msg: null }); // a view is "shown" once its screen is
  if (play && st.msg) seated.afterRender(st.msg);
  restoreFocus(focus);
}

listen(root, { render, play: () => seated });

store.addEventListener("change", () => {
  const st = store.state;
  // The seat is gone (or left): back to the join page, saying why.
  if (st.conn === "refused" && ["bad_token", "left_out", "removed", "claimed"].includes(st.refusal)) {
    forget(st.refusal);
    return;
  }
  if (seated) seated.onChange(st);
  render();
  announce(st.msg);
});

applyTheme();
if (token()) loadPlay(); // a seat already: fetch the game's screens while connecting
await loadLang();
net.connect(credentials);
render();

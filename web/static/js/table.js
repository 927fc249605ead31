// The table screen: lobby with the QR code, then the game as the family watches it, the banker's
// drawer, and the end. Everything it offers comes from the table's legal_actions. This module
// draws the frame, dispatches taps and keys, and holds what is shown while a reveal runs.

import { h, icon, $, patch } from "./dom.js";
import { loadLang, setLang, currentLang, t } from "./i18n.js";
import { newId } from "./net.js";
import { group, isSimple, OPEN } from "./actions.js";
import { newChoice, chooserClick, chooserInput } from "./chooser.js";
import { rememberDetails, setData, setCountdown, themeButton, langButton, applyTheme, toggleTheme, keepFocus, restoreFocus, markState } from "./common.js";
import { Stage } from "./stage.js";
import { soundOn, setSound } from "./sounds.js";
import { needsConfirm, confirmBox } from "./confirm.js";
import { keepAwake } from "./wakelock.js";
import { mount as mountStory, tell } from "./story.js";
import { boardClick, boardFile, closeSheet } from "./board-editor.js";
import { KEY, store, net, scene, parts, shown, revealing, send, actionsOf, findAction } from "./table-shared.js";
import { quickBidAction } from "./table-bid.js";
import { lobby, lobbyClick, lobbyInput } from "./table-lobby.js";
import { game, fitStatus } from "./table-game.js";
import { drawer, drawerClick } from "./table-drawer.js";

const root = $("#app");
let lastShown = null;
let fed = null;

store.state.ui = { choice: null, drawer: false, games: null, settings: null, box: null, saved: false };

// ---------- the frame ----------

// The app's name is the page's heading when the screen has none of its own (the game's screen).
function bar(msg, heading) {
  const inGame = msg && msg.kind === "game";
  const on = soundOn();
  return h("header", { class: "bar" },
    h(heading ? "h1" : "span", { class: "brand", text: t("app.name") }),
    inGame ? h("span", { class: "turn-no", text: t("table.turn", { n: msg.view.turn_number }) }) : null,
    h("span", { class: "spacer" }),
    inGame ? h("button", { type: "button", class: "tool", "data-act": "sound", "aria-pressed": on ? "true" : "false",
      "aria-label": on ? t("ui.sound_off") : t("ui.sound_on"), title: on ? t("ui.sound_off") : t("ui.sound_on") }, icon(on ? "sound" : "mute")) : null,
    langButton(), themeButton(),
    msg ? h("button", { type: "button", class: "tool drawer-btn", "data-act": "drawer", "aria-expanded": store.state.ui.drawer ? "true" : "false",
      "aria-controls": "drawer" }, icon("coins"), h("span", { text: ` ${t("ui.drawer")}` })) : null);
}

// Saving that stopped (the host's table.saving, from its latest message even while a reveal
// holds what is shown), and a lost connection.
function banners() {
  const c = store.state.conn;
  const saving = ((store.state.msg || {}).table || {}).saving;
  return [
    saving ? h("div", { class: "banner alert", role: "alert", "data-banner": "saving", text: t("table.saving_stopped", { file: saving.file }) }) : null,
    c === "offline" || (c === "connecting" && store.state.msg) ? h("div", { class: "banner quiet", role: "status", "data-banner": "reconnecting", text: t("conn.reconnecting") }) : null,
  ].filter(Boolean);
}

// ---------- render ----------

function render() {
  const st = store.state;
  const msg = shown();
  const focus = keepFocus();
  let screen;
  if (st.conn === "refused") screen = h("main", { class: "screen refused" }, h("h1", { text: t(`refused.${st.refusal}_title`) }), h("p", { text: t(`refused.${st.refusal}`) }));
  else if (!msg) screen = h("main", { class: "screen" }, h("p", { class: "lead", text: t("conn.connecting") }));
  else if (msg.kind === "lobby") screen = lobby(msg);
  else screen = game(msg);
  patch(root, [bar(msg, !screen.querySelector("h1")), ...banners(), screen, msg && st.conn !== "refused" ? drawer(msg) : null, confirmBox(st.ui.confirm)]);
  // The game is one screen sized by the viewport: nothing to scroll, not even what the lobby scrolled.
  // (Only when that changes: reading the scroll position would lay the page out in the middle of the script.)
  const fill = !!msg && msg.kind === "game" && st.conn !== "refused";
  if (document.body.classList.contains("fill") !== fill) {
    document.body.classList.toggle("fill", fill);
    if (fill) document.scrollingElement.scrollTop = 0;
  }
  // The middle column starts at its top, the status, at each render (a click can scroll it to a
  // control); the history and the casinos for sale keep where the family scrolled them.
  if (scrolled) { scrolled.scrollTop = 0; scrolled = null; }
  parts.sweep();
  fitStatus();
  markState(root, { ...st, msg });
  setData(root, "reveal", revealing() ? "1" : "");
  if (scene.stage) setData(scene.stage.el, "reveal", revealing() ? "1" : "");
  restoreFocus(focus);
  moveFocus(st.ui);
}

let scrolled = null; // the middle column, once it was scrolled from its top
root.addEventListener("scroll", (ev) => {
  if (ev.target.classList && ev.target.classList.contains("col-center") && ev.target.scrollTop > 0) scrolled = ev.target;
}, true);

// The drawer and the question take the focus when they open and give it back when they close.
let opened = { drawer: false, confirm: false };
function moveFocus(ui) {
  const now = { drawer: !!ui.drawer, confirm: !!ui.confirm };
  if (now.confirm && !opened.confirm) $('[data-act="confirm-no"]')?.focus();
  else if (now.drawer && !opened.drawer) $('#drawer .drawer-head [data-act="drawer"]')?.focus();
  else if (!now.drawer && opened.drawer && !now.confirm) $('.bar [data-act="drawer"]')?.focus();
  opened = now;
}


document.addEventListener("keydown", (ev) => {
  if (ev.key !== "Escape") return;
  if (store.state.ui.confirm) store.ui({ confirm: null });
  else if (store.state.ui.drawer) store.ui({ drawer: false });
  else if (store.state.ui.boardOpen) closeSheet(store);
});

// ---------- input ----------

function actionsFor(choice) {
  return group(actionsOf(choice.as)).get(choice.type) || [];
}

root.addEventListener("click", async (ev) => {
  const el = ev.target.closest("[data-act]");
  if (!el || el.disabled) return;
  const act = el.dataset.act;
  if (chooserClick(el, store, actionsFor, send)) return;
  if (boardClick(el, { store, send, view: shown().view })) return;
  const as = el.dataset.as === undefined || el.dataset.as === "" ? null : Number(el.dataset.as);
  if (act === "do") {
    const a = findAction(el.dataset.type, as);
    if (a && needsConfirm(a.type)) ask(a, as);
    else if (a) doAction(a, as);
  } else if (act === "bid-now") {
    const a = quickBidAction(findAction("bid", as), el);
    if (a) doAction(a, as);
  } else if (act === "confirm-yes") {
    const c = store.state.ui.confirm;
    store.ui({ confirm: null });
    if (c) doAction(c.action, c.as);
  } else if (act === "confirm-no") store.ui({ confirm: null });
  else if (act === "open") store.ui({ choice: newChoice(el.dataset.type, as) });
  else if (act === "sound") { setSound(!soundOn()); render(); }
  else if (act === "lang") setLang(currentLang() === "nl" ? "en" : "nl").then(() => { scene.stage = null; scene.ring = null; received(store.state.msg); render(); });
  else if (act === "theme") { toggleTheme(); render(); }
  else if (!lobbyClick(act, el, ask)) await drawerClick(act, el);
});

// An action that cannot be taken back waits for the banker's yes.
function ask(action, as) {
  const msg = shown();
  const v = msg.view;
  const vars = { n: (v.players || []).length, name: action.seat !== undefined ? (v.players.find((p) => p.seat === action.seat) || {}).name : "" };
  store.ui({ confirm: { action, as, vars } });
}

async function doAction(action, as) {
  const ans = await send(action, as);
  if (ans && ans.ok && ans.table_key) goTo(ans.table_key);
}

// Another table: the answer to new game or play again, or `moved` from the host when any table
// screen of this finished game pressed Play again (so the television follows the laptop). The
// screen that pressed hears both: it goes once, since a second start would abort the first.
let leavingFor = null;
function goTo(key) {
  if (leavingFor === key) return;
  leavingFor = key;
  location.href = `/table?key=${encodeURIComponent(key)}`;
}

root.addEventListener("input", (ev) => {
  const el = ev.target;
  if (!lobbyInput(el)) chooserInput(el, store, actionsFor);
});
root.addEventListener("change", (ev) => {
  const el = ev.target;
  if (el.tagName === "SELECT") el.dispatchEvent(new Event("input", { bubbles: true }));
  else if (el.dataset.boardFile !== undefined) boardFile(el, { store, send, view: shown().view });
});
rememberDetails(root, store);

// A new message from the host: hold what is shown while a reveal runs, feed the stage.
function received(msg) {
  const reveal = msg.kind === "game" && msg.reveal ? msg.reveal : null;
  if (!reveal) {
    scene.held = null;
    if (scene.stage) scene.stage.finish();
  } else if (!scene.held && lastShown) scene.held = lastShown.kind === "game" ? lastShown : opening(msg, reveal);
  const { held } = scene;
  if (msg.kind === "game") {
    if (!scene.stage) {
      scene.stage = new Stage();
      mountStory(scene.stage);
      // Watching the start (or switching language mid-reveal): play what follows the held state.
      if (held) scene.stage.seen = (held.view.log_start || 0) + held.view.log.length;
    }
    scene.stage.feed(msg.view, reveal);
  }
  if (!held) {
    if (msg.kind === "game" && lastShown && lastShown.kind === "game") tell(freshSince(lastShown.view, msg.view), msg.view);
    lastShown = msg;
  }
}

// The game as it stands before its opening rolls: dealt, but nobody knows yet who starts.
function opening(msg, reveal) {
  const v = msg.view;
  const first = reveal.steps[0][0] - (v.log_start || 0);
  return { ...msg, view: { ...v, log: v.log.slice(0, first), turn: null, waiting: { seats: [] }, opening: true },
    table: { ...msg.table, phoneless: {} } };
}

// The events of `view` after the end of `before`'s log (none after an undo).
function freshSince(before, view) {
  const from = (before.log_start || 0) + (before.log || []).length;
  return (view.log || []).slice(Math.max(0, from - (view.log_start || 0)));
}

// The banker's skip: a tap on the stage, the space bar. Nothing else ends a reveal: a screen
// without motion waits for the host's clock like every other.
function skipReveal() {
  const msg = store.state.msg;
  if (revealing() && msg.legal_actions.some((a) => a.type === "skip_reveal")) {
    net.request("act", { id: newId(), action: { type: "skip_reveal" } });
  }
}

// During a reveal the space bar (or Enter) skips it wherever the focus is, except in a text field
// or while a question is open.
document.addEventListener("keydown", (ev) => {
  if (!revealing() || store.state.ui.confirm || !(ev.key === " " || ev.key === "Enter")) return;
  if (ev.target.closest("input, textarea, select")) return;
  ev.preventDefault();
  if (!ev.repeat) skipReveal();
}, true);

store.addEventListener("change", () => {
  const st = store.state;
  if (st.msg && st.msg !== fed) { fed = st.msg; received(st.msg); }
  const msg = shown();
  if (msg && st.ui.choice && actionsFor(st.ui.choice).length === 0) st.ui.choice = null;
  if (msg && msg.kind === "game" && !st.ui.choice) {
    // The one seat without a phone that must choose: open its main choice right away. When several
    // must (an auction's bidders), each keeps its buttons and the banker opens the one that bids. A
    // bidder keeps its buttons even alone: the lowest bid is one tap (table-bid.js).
    const open = Object.entries((msg.table || {}).phoneless || {}).map(([seat, actions]) => {
      const g = group(actions);
      return [seat, [...g.keys()].find((k) => OPEN.includes(k) && k !== "bid" && !isSimple(g.get(k)))];
    }).filter(([, first]) => first);
    if (open.length === 1) st.ui.choice = newChoice(open[0][1], Number(open[0][0]));
  }
  setCountdown(msg);
  keepAwake(!!msg && msg.kind === "game" && !msg.view.over);
  render();
});

applyTheme();
await loadLang();
if (!KEY) store.set({ conn: "refused", refusal: "bad_key" });
else {
  net.connect({ table_key: KEY });
  net.socket.on("moved", (m) => { if (m && typeof m.table_key === "string") goTo(m.table_key); });
}
render();

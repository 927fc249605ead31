// The table screen: lobby with the QR code, then the game as the family watches it, the banker's
// drawer, and the end. Everything it offers comes from the table's legal_actions. The page's shell:
// on each change of the store it feeds the stage and renders from the state (taps: table-input.js).

import { h, icon, $, patch, setText, nodeOf } from "../core/dom.js";
import { loadLang, t } from "../core/i18n.js";
import { group, isSimple, OPEN } from "../core/actions.js";
import { newChoice } from "../core/chooser.js";
import { setData, setCountdown, stayAwake, themeButton, langButton, applyTheme, keepFocus, restoreFocus, markState } from "../core/common.js";
import { Stage } from "./stage.js";
import { setDrawClock } from "../fair/draw-clock.js";
import { soundOn } from "../core/sounds.js";
import { confirmBox } from "../core/confirm.js";
import { mount as mountStory, tell } from "./story.js";
import { KEY, store, net, scene, parts, shown, revealing, actionsOf } from "./table-shared.js";
import { listen } from "./table-input.js";
import { lobby } from "./table-lobby.js";
import { drawer } from "./table-drawer.js";
import { lazy } from "../core/lazy.js";

const root = $("#app");
let fed = null; // the message last fed to the stage
let lastShown = null;

// ---------- the frame ----------

// The app's name is the page's heading when the screen has none of its own (the game's screen).
const darkOS = matchMedia("(prefers-color-scheme: dark)");
function bar(msg, heading, st) {
  const inGame = msg && msg.kind === "game";
  const on = soundOn();
  const canPause = !!st.msg && (st.msg.legal_actions || []).some((a) => a.type === "pause_game");
  const talk = inGame && speech && speech.canSpeak() ? [speech.speechOn(), !!speech.voice()] : null;
  const el = parts.use("bar", [!!msg, inGame, on, heading, !!st.ui.drawer, document.documentElement.dataset.theme, darkOS.matches, canPause, ...(talk || [])],
    () => barOf(msg, heading, st, inGame, on, canPause, talk));
  // The turn's number in its own text: a new turn keeps the bar (a new bar lays out the whole page).
  if (inGame) setText(nodeOf(el).querySelector(".turn-no"), t("table.turn", { n: msg.view.turn_number }));
  return el;
}

function barOf(msg, heading, st, inGame, on, canPause, talk) {
  return h("header", { class: "bar" },
    h(heading ? "h1" : "span", { class: "brand", text: t("app.name") }),
    inGame ? h("span", { class: "turn-no", text: t("table.turn", { n: msg.view.turn_number }) }) : null,
    h("span", { class: "spacer" }),
    canPause ? h("button", { type: "button", class: "tool pause-btn", "data-act": "pause-game", title: t("pause.button_title"), text: t("pause.button") }) : null,
    inGame ? h("button", { type: "button", class: "tool", "data-act": "sound", "aria-pressed": on ? "true" : "false",
      "aria-label": on ? t("ui.sound_off") : t("ui.sound_on"), title: on ? t("ui.sound_off") : t("ui.sound_on") }, icon(on ? "sound" : "mute")) : null,
    talk ? speechButton(...talk) : null,
    langButton(), themeButton(),
    msg ? h("button", { type: "button", class: "tool drawer-btn", "data-act": "drawer", "aria-expanded": st.ui.drawer ? "true" : "false",
      "aria-controls": "drawer" }, icon("coins"), h("span", { text: ` ${t("ui.drawer")}` })) : null);
}

// Spoken results: on or off; without a voice for the page's language the switch says so.
function speechButton(talking, hasVoice) {
  const say = !hasVoice ? t("table.speech_no_voice") : talking ? t("table.speech_off") : t("table.speech_on");
  return h("button", { type: "button", class: "tool speech-btn", "data-act": "speech", "aria-pressed": talking ? "true" : "false",
    "aria-label": say, title: say, text: t("table.speech") });
}

// Saving that stopped (the host's table.saving, from its latest message even while a reveal
// holds what is shown), and a lost connection.
function banners(st) {
  const c = st.conn;
  const saving = ((st.msg || {}).table || {}).saving;
  return [
    saving ? h("div", { class: "banner alert", role: "alert", "data-banner": "saving", text: t("table.saving_stopped", { file: saving.file }) }) : null,
    c === "offline" || (c === "connecting" && st.msg) ? h("div", { class: "banner quiet", role: "status", "data-banner": "reconnecting", text: t("conn.reconnecting") }) : null,
  ].filter(Boolean);
}

// ---------- render ----------

function render() {
  const st = store.state;
  const msg = shown(st);
  const focus = keepFocus();
  let screen;
  if (st.conn === "refused") screen = h("main", { class: "screen refused" }, h("h1", { text: t(`refused.${st.refusal}_title`) }), h("p", { text: t(`refused.${st.refusal}`) }));
  else if (!msg) screen = h("main", { class: "screen" }, h("p", { class: "lead", text: t("conn.connecting") }));
  else if (msg.kind === "lobby") screen = lobby(msg, st);
  else if (st.msg.paused) screen = pauseScreen(msg, st);
  else screen = gameScreen(msg, st);
  patch(root, [bar(msg, !screen.querySelector("h1"), st), ...banners(st), screen, msg && st.conn !== "refused" ? drawer(msg, st) : null, confirmBox(st.ui.confirm)]);
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
  if (playing) playing.fitStatus();
  markState(root, { ...st, msg });
  setData(root, "reveal", revealing(st) ? "1" : "");
  if (scene.stage) setData(scene.stage.el, "reveal", revealing(st) ? "1" : "");
  restoreFocus(focus);
  moveFocus(st.ui);
}

// The game's screen (table-game.js, and what only it imports: the history, the board's ring, the
// lap's finale), loaded once the lobby has players enough to start, or with the first game message:
// the lobby's first load does without it.
let playing = null;
const loadPlaying = lazy(["../table/table-game.js"], (m) => { playing = m; render(); }, render);
function gameScreen(msg, st) {
  loadPlaying();
  return playing ? playing.game(msg, st) : h("main", { class: "game-grid", "aria-busy": "true" });
}

// The break's screen and the spoken results, loaded the first time a game needs them.
let pausing = null;
let speech = null;
const loadPause = lazy(["../table/table-pause.js"], (m) => { pausing = m; render(); }, render);
const loadSpeech = lazy(["../table/speech.js"], (m) => { speech = m; m.onVoices(render); render(); }, render);
function pauseScreen(msg, st) {
  loadPause();
  return pausing ? pausing.pauseScreen(msg, st.msg, st) : h("main", { class: "pause-screen", "aria-busy": "true" });
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

// A new message from the host: hold what is shown while a reveal runs, feed the stage.
function received(msg) {
  const reveal = msg.kind === "game" && msg.reveal ? msg.reveal : null;
  if (!reveal) {
    store.settle({ held: null });
    if (scene.stage) scene.stage.finish();
  } else if (!store.state.held && lastShown) store.settle({ held: lastShown.kind === "game" ? lastShown : opening(msg, reveal) });
  const { held } = store.state;
  if (msg.kind === "game") {
    loadSpeech();
    if (!scene.stage) {
      scene.stage = new Stage();
      mountStory(scene.stage);
      // Watching the start (or switching language mid-reveal): play what follows the held state.
      if (held) scene.stage.seen = (held.view.log_start || 0) + held.view.log.length;
    }
    scene.stage.feed(msg.view, reveal);
  }
  if (!held) {
    if (msg.kind === "game" && lastShown && lastShown.kind === "game") {
      const fresh = freshSince(lastShown.view, msg.view);
      tell(fresh, msg.view);
      if (speech) speech.speak(fresh);
    }
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

// What a change leaves to correct before its render: a choice whose actions are gone, a seat's choice
// to open, the lobby's box and board editors to start from the settings' box and board.
function corrections(st) {
  const msg = shown(st);
  if (!msg) return null;
  const ui = {};
  let choice = st.ui.choice;
  if (choice && (group(actionsOf(msg, choice.as)).get(choice.type) || []).length === 0) choice = ui.choice = null;
  if (msg.kind === "game" && !choice) {
    // The one seat without a phone that must choose: its main choice opens. When several must (an
    // auction's bidders), each keeps its buttons; a bidder even alone (table-bid.js).
    const open = Object.entries((msg.table || {}).phoneless || {}).map(([seat, actions]) => {
      const g = group(actions);
      return [seat, [...g.keys()].find((k) => OPEN.includes(k) && k !== "bid" && !isSimple(g.get(k)))];
    }).filter(([, first]) => first);
    if (open.length === 1) ui.choice = newChoice(open[0][1], Number(open[0][0]));
  }
  const offered = msg.kind === "lobby" ? group(msg.legal_actions) : new Map();
  if (!st.ui.box && offered.has("set_box")) ui.box = (msg.view.settings.box || []).map((c) => ({ ...c }));
  if (!st.ui.boardDraft && offered.has("set_settings")) ui.boardDraft = ((msg.view.settings.board || {}).spaces || []).map((sp) => ({ ...sp }));
  return Object.keys(ui).length ? { ui } : null;
}

store.addEventListener("change", () => {
  const st = store.state;
  if (st.msg && st.msg !== fed) { fed = st.msg; received(st.msg); }
  const fix = corrections(store.state);
  if (fix) store.settle(fix);
  const msg = shown(store.state);
  if (msg && msg.kind === "lobby" && msg.view.players.length >= (msg.view.min_players || 3)) loadPlaying();
  setCountdown(msg);
  setDrawClock(msg);
  stayAwake(!!msg && msg.kind === "game" && !msg.view.over);
  render();
});

applyTheme();
await loadLang();
if (!KEY) store.set({ conn: "refused", refusal: "bad_key" });
else net.connect(() => ({ table_key: KEY }));
listen(root, { render, restage: () => { scene.stage = null; scene.ring = null; received(store.state.msg); render(); } });
render();

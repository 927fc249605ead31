// What a phone with a seat (or watching) does: its taps and typing, what it sends, and what every
// change of the store leaves to correct before the render. Loaded with the screens (phone-play.js).

import { group } from "../core/actions.js";
import { newChoice, chooserClick, chooserInput } from "../core/chooser.js";
import { noteResult, dismissResult } from "./results.js";
import { feelTurn, armTurnSignals, toggleChime, nudge } from "./turn.js";
import { t } from "../core/i18n.js";
import { setDrawClock, onHalfTime, onTimeUp } from "../fair/draw-clock.js";
import { setCountdown } from "../core/common.js";
import { store, net, root, forget } from "./phone-shared.js";
import { stopWatching } from "./phone-input.js";
import { showingNow, shownKind, firstChoice, rememberStake } from "./phone-decision.js";
import { keepSeed, revealStart, nextLink, headFor, giveLink } from "../fair/fair-seat.js";
import { keepInView } from "./phone-pin.js";

// Send one of my actions. If its answer holds an outcome the table now shows (and no newer view came
// meanwhile), the phone says so until the next view; a tap refused because the table is showing one
// does the same, without a red refusal.
function send(a) {
  const before = store.state.msg;
  rememberStake(a);
  // Only a spin for an opponent waits for its link: every other tap leaves in the same task.
  const sent = a.type === "draw_for" ? withLink(a, before).then((ready) => net.act(ready)) : net.act(a);
  return sent.then((answer) => {
    if (!answer) return answer;
    const kind = answer.ok ? shownKind(answer.events) : answer.error.code === "revealing" ? "table" : null;
    if (kind && store.state.msg === before) store.set({ error: null, ui: { showing: kind } });
    return answer;
  });
}

// My tap for a stake's draw (draw_for) carries the next link of my chain: the one whose hash is the
// head the draw needs from my seat.
async function withLink(a, msg) {
  if (a.type !== "draw_for") return a;
  return { ...a, link: await nextLink(msg.game_id, headFor(msg.view, msg.seat)) };
}

const logEnd = (m) => (m && m.kind !== "lobby" ? (m.view.log_start || 0) + (m.view.log || []).length : -1);

// The game's screen shows the decision (phone-play.js, gameScreen): not on the lobby, watching, the
// win, a bankruptcy, nor while the table shows an outcome.
function deciding(st) {
  const msg = st.msg;
  if (!msg || msg.kind === "lobby" || msg.kind === "watch") return false;
  const v = msg.view;
  const me = v.players.find((p) => p.seat === msg.seat) || {};
  return !(v.over && v.winner === msg.seat) && !me.out && !showingNow(msg, st);
}

// Every change of the store, before the render: a new view ends what the table was showing, and a
// refusal from before it is gone once the game has moved on; a choice whose actions are gone closes,
// and a decision with no choice open opens its first.
let seen = null; // the view of the last change
function onChange(st) {
  const msg = st.msg;
  if (msg !== seen) {
    if (msg) store.settle({ ui: { showing: null } });
    if (seen && msg && logEnd(seen) !== logEnd(msg)) store.settle({ error: null });
    seen = msg;
  }
  setCountdown(msg);
  setDrawClock(msg);
  noteResult(msg);
  keepSeed(msg, (fair) => net.request("seed", fair));
  revealStart(msg, (value) => net.request("start_value", { start_value: value }));
  giveLink(msg, (a) => net.act(a));
  const { choice } = store.state.ui;
  if (msg && choice && !group(msg.legal_actions).has(choice.type)) store.settle({ ui: { choice: null } });
  const first = !store.state.ui.choice && deciding(store.state) ? firstChoice(msg) : null;
  if (first) store.settle({ ui: { choice: newChoice(first) } });
}

const actionsFor = () => group(store.state.msg && store.state.msg.legal_actions);
// No game action leaves the phone while the table shows an outcome (or my last tap is on its way).
const locked = () => !!(store.state.msg && showingNow(store.state.msg, store.state));

function click(el, act, render) {
  if (act === "do" || act === "confirm") {
    if (locked()) return;
    dismissResult(); // acting again: the last result has been seen
  }
  const groups = actionsFor();
  if (chooserClick(el, store, (c) => groups.get(c.type) || [], send)) return;
  if (act === "do") {
    const list = groups.get(el.dataset.type) || [];
    const a = el.dataset.at ? list.find((x) => x.at === Number(el.dataset.at)) : list.length === 1 && list[0];
    if (a && a.type === "draw_for") el.disabled = true; // once: the draw is made with it
    if (a) send(a);
  } else if (act === "leave-ask") store.ui({ leaving: true });
  else if (act === "leave-no") store.ui({ leaving: false });
  else if (act === "leave-yes") {
    if (store.state.msg && store.state.msg.kind === "watch") stopWatching();
    else if (groups.has("leave")) net.act(groups.get("leave")[0]).then((ans) => { if (ans && ans.ok) { store.ui({ leaving: false }); forget(null); } });
  } else if (act === "dismiss") { dismissResult(); render(); }
  else if (act === "chime") { toggleChime(); render(); }
  else if (act === "open") store.ui({ choice: newChoice(el.dataset.type) });
}

function input(el) {
  chooserInput(el, store, (c) => actionsFor().get(c.type) || []);
}

// My bluff cards: a card shows its face only while a finger (or a key) holds it; the face hides
// when the finger lifts, the page loses focus or goes to the background.
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

// A stake's draw I spin for: halfway through its time the phone is nudged; at its end the control
// goes inactive at once (the host's forfeit follows).
const spinning = () => {
  const msg = store.state.msg;
  return msg && msg.kind === "game" && msg.view.phase === "opponent_draw" && msg.view.waiting.spinner === msg.seat
    && actionsFor().has("draw_for") ? msg.view.waiting : null;
};
onHalfTime(() => { const w = spinning(); if (w) nudge(t(`spin.nudge_${w.symbol}`)); });
onTimeUp(() => { root.querySelectorAll('[data-out="spin"]').forEach((b) => { b.disabled = true; }); });

const showHeldFace = holdToLook(root);
armTurnSignals(); // the turn is felt (a vibration, a chime)

// After each render: a card held still shows its face, a new turn is felt, the decision kept in view.
function afterRender(msg) {
  showHeldFace();
  feelTurn(msg);
  keepInView();
}

export { onChange, click, input, afterRender, keepInView };

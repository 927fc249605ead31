// Everything a person does on the phone: the page's listeners, and what the join, claim, watch and
// refused pages' taps and typing do. The handlers change the state only through the store (or ask
// the host); the page renders from it. A phone with a seat adds its own (phone-play-input.js).

import { setLang, currentLang } from "../core/i18n.js";
import { rememberDetails, toggleTheme } from "../core/common.js";
import { TOKEN, WATCH, store, net, credentials, forget } from "./phone-shared.js";
import { keep } from "../fair/fair-keep.js";
import { newFair, sent } from "../fair/fair-seat.js";

const codeOf = (ui) => ui.code.trim().toUpperCase();

// The one place that builds what `join` and `claim` send: with this phone's new randomness for the
// game (docs/fairness.md): a client seed, the commitment to its start value, its chain's head.
function joinPayload(kind, ui, fair) {
  if (kind === "claim") return { code: ui.claim.trim(), ...sent(fair) };
  return { code: codeOf(ui), name: ui.name.trim(), ...(ui.pawn ? { pawn: ui.pawn } : {}), ...sent(fair) };
}

async function join(kind) {
  store.set({ pending: "join", error: null, ui: { joining: kind } });
  // The seed's fingerprint comes first (peek): the phone keeps it before it sends its own seed.
  if (kind === "join" && !(store.state.ui.peek && store.state.ui.peek.seed_hash)) await peek();
  const peeked = store.state.ui.peek;
  const fair = await newFair();
  const answer = await net.request(kind, joinPayload(kind, store.state.ui, fair));
  if (answer.ok) {
    // A claim once the banker started: the game keeps the seeds and start values it started with,
    // and takes only this phone's chain.
    const seeded = answer.seeded !== false;
    keep(answer.game_id, { seed_hash: seeded ? (peeked && peeked.seed_hash) || null : null,
      ...(seeded ? fair : { chain_seed: fair.chain_seed, chain: fair.chain }) });
    localStorage.setItem(TOKEN, answer.token);
    store.ui({ note: null });
    store.set({ pending: null, error: null });
  } else {
    store.set({ pending: null, error: answer.error });
    if (answer.error.code === "pawn_taken" || answer.error.code === "game_started") peek();
  }
}

// What the join address offers for the code typed: a seat with a pawn, or watching a game in play.
async function peek() {
  const code = codeOf(store.state.ui);
  if (code.length !== 4 || store.state.conn !== "online") return;
  const answer = await net.request("peek", { code });
  if (!answer.ok || code !== codeOf(store.state.ui)) { store.ui({ peek: null }); return; }
  let pawn = store.state.ui.pawn;
  if (answer.status === "lobby") {
    const free = answer.pawns.colours.filter((c) => !answer.pawns.taken.includes(c));
    // The first free colour and, unless the player chose one, the first sign nobody has.
    const sign = answer.pawns.emoji.find((e) => !(answer.pawns.signs_taken || []).includes(e)) || answer.pawns.emoji[0];
    if (!pawn || !free.includes(pawn.colour)) pawn = { colour: free[0], emoji: (pawn && pawn.emoji) || sign };
  }
  store.ui({ peek: answer, pawn });
}

async function watch() {
  const code = codeOf(store.state.ui);
  store.set({ pending: "watch", error: null });
  const answer = await net.request("watch", { code });
  if (answer.ok) localStorage.setItem(WATCH, code);
  else if (answer.error.code === "bad_code") localStorage.removeItem(WATCH);
  store.set({ pending: null, error: answer.ok ? null : answer.error });
}

function stopWatching() {
  localStorage.removeItem(WATCH);
  store.ui({ leaving: false, peek: null });
  store.set({ msg: null });
  net.connect(credentials);
}

// A tap on the join or refused page; true when it was one.
function joinClick(el, act) {
  if (act.startsWith("pawn-")) { const k = act.slice(5); store.ui({ pawn: { ...store.state.ui.pawn, [k]: el.dataset[k] } }); }
  else if (act === "watch") watch();
  else if (act === "join" || act === "claim") join(act);
  else if (act === "reclaim") net.connect(credentials);
  else if (act === "forget") forget(null);
  else return false;
  return true;
}

// After every (re)connect: a phone that watches asks again; one without a seat looks up its code.
function connected() {
  if (localStorage.getItem(TOKEN)) return;
  if (localStorage.getItem(WATCH)) { store.ui({ code: localStorage.getItem(WATCH) }); watch(); } else peek();
}

// `page.render()` draws the screen again; `page.play()` gives the seat's handlers once loaded, or null.
function listen(root, page) {
  root.addEventListener("click", (ev) => {
    const el = ev.target.closest("[data-act]");
    if (!el || el.disabled) return;
    const act = el.dataset.act;
    const play = page.play();
    // Other words move the decision: bring it back into view.
    if (act === "lang") setLang(currentLang() === "nl" ? "en" : "nl").then(() => { page.render(); if (page.play()) page.play().keepInView(true); });
    else if (act === "theme") { toggleTheme(); page.render(); }
    else if (!joinClick(el, act) && play) play.click(el, act, page.render);
  });

  // A button does not take the focus from a finger or a mouse (as in Safari): a tap that sends takes its
  // button off the screen with the next view, and the focus leaving with it cost that update 1.7 to 2.4
  // ms at 1x (a trace of the seeded game). The keyboard's focus is the keyboard's, as before.
  root.addEventListener("mousedown", (ev) => {
    if (ev.target.closest("button[data-act]")) ev.preventDefault();
  });

  // Typing: kept without a render (the field shows it already).
  root.addEventListener("input", (ev) => {
    const el = ev.target;
    if (el.dataset.input) {
      store.settle({ ui: { [el.dataset.input]: el.value } });
      if (el.dataset.input === "code") peek();
    } else if (page.play()) page.play().input(el);
  });

  root.addEventListener("keydown", (ev) => {
    const el = ev.target;
    if (ev.key === "Enter" && el.dataset.input) join(el.dataset.input === "claim" ? "claim" : "join");
  });

  rememberDetails(root, store);
  net.onConnect = connected;
}

export { listen, stopWatching };

// The banker's taps, typing and keys on the table screen, and the host's `moved`: they change the
// state only through the store (or ask the host); the page renders from it.

import { $ } from "../core/dom.js";
import { setLang, currentLang, t } from "../core/i18n.js";
import { newId } from "../core/net.js";
import { group } from "../core/actions.js";
import { newChoice, chooserClick, chooserInput } from "../core/chooser.js";
import { rememberDetails, toggleTheme } from "../core/common.js";
import { soundOn, setSound } from "../core/sounds.js";
import { load } from "../core/lazy.js";
import { needsConfirm } from "../core/confirm.js";
import { VERSION, spaceOf, put, removeAt } from "../board/board-draft.js";
import { howToClick } from "../core/howto.js";
import { KEY, store, net, shown, revealing, send, actionsOf, findAction, openTable, saveExport, saveFile } from "./table-shared.js";
import { quickBidAction } from "./table-bid.js";
import { SETTINGS } from "./table-lobby.js";
import { setupClick, setupInput } from "../board/box-setup.js";

const actionsFor = (choice) => group(actionsOf(shown(store.state), choice.as)).get(choice.type) || [];
const find = (type, as, pred) => findAction(shown(store.state), type, as, pred);

// An action that cannot be taken back waits for the banker's yes.
function ask(action, as) {
  const v = shown(store.state).view;
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
  openTable(key);
}

function saveSettings() {
  const cur = store.state.msg.view.settings || {};
  const draft = store.state.ui.settings || {};
  const edit = {};
  for (const [k, kind] of SETTINGS) {
    if (!(k in draft)) continue;
    let x = draft[k];
    if (Array.isArray(kind)) x = typeof kind[0] === "number" ? Number(x) : x;
    else if (kind === "money_or_none") x = x === "" ? null : Number(x);
    else x = Number(x);
    if (x !== cur[k]) edit[k] = x;
  }
  if (draft.bluff_deck) edit.bluff_deck = draft.bluff_deck;
  if (!Object.keys(edit).length) return;
  send({ type: "set_settings", settings: edit }).then((ans) => { if (ans && ans.ok) store.ui({ settings: null, saved: true }); });
}

// A tap on one of the lobby's own controls; false when the tap is not the lobby's.
function lobbyClick(act, el) {
  const ui = store.state.ui, box = ui.box || [];
  const card = howToClick(act, ui.howto);
  if (card !== undefined) {
    store.ui({ howto: card });
    // The card's title takes the focus (a screen reader reads it); closed, the focus goes back to the button.
    document.querySelector(card === null ? ".howto-open" : "#howto-title")?.focus();
  } else if (act === "move") {
    const a = find("move_seat", null, (x) => x.seat === Number(el.dataset.seat) && x.to === Number(el.dataset.to));
    if (a) send(a);
  } else if (act === "remove") {
    const a = find("remove_player", null, (x) => x.seat === Number(el.dataset.seat));
    if (a) ask(a, null);
  } else if (act === "save-settings") saveSettings();
  else if (act === "box-add") store.ui({ box: [...box, { name: `${t("space.casino")} ${box.length + 1}`, colour: "blue", symbol: "roulette" }], boxOpen: true });
  else if (act === "box-del") store.ui({ box: box.filter((_, i) => i !== Number(el.dataset.i)), boxOpen: true });
  else if (act === "save-box") {
    if (find("set_box", null)) send({ type: "set_box", box: ui.box }).then((ans) => { if (ans && ans.ok) store.ui({ box: null, saved: true }); });
  } else return false;
  return true;
}

// Typing in the settings, the bluff deck or the box: a draft until saved, kept without a render.
function lobbyInput(el) {
  const ui = store.state.ui;
  if (el.dataset.set) { store.settle({ ui: { settings: { ...(ui.settings || {}), [el.dataset.set]: el.value } } }); return true; }
  if (el.dataset.deck) {
    const deck = { ...((ui.settings && ui.settings.bluff_deck) || store.state.msg.view.settings.bluff_deck) };
    deck[el.dataset.deck] = Number(el.value || 0);
    store.settle({ ui: { settings: { ...(ui.settings || {}), bluff_deck: deck } } });
    return true;
  }
  if (el.dataset.box !== undefined) {
    const at = Number(el.dataset.box);
    store.settle({ ui: { box: ui.box.map((c, i) => (i === at ? { ...c, [el.dataset.k]: el.value } : c)) } });
    return true;
  }
  return false;
}

// A tap on one of the drawer's own controls; false when the tap is not the drawer's.
async function drawerClick(act, el) {
  if (act === "claim-show") {
    const shownClaims = { ...(store.state.ui.claimShown || {}) };
    shownClaims[el.dataset.seat] = !shownClaims[el.dataset.seat];
    store.ui({ claimShown: shownClaims });
  } else if (act === "claim") {
    const a = find("claim_code", null, (x) => x.seat === Number(el.dataset.seat));
    if (a) send(a);
  } else if (act === "drawer") store.ui({ drawer: !store.state.ui.drawer });
  else if (act === "games") {
    const ans = await net.request("games", {});
    if (ans.ok) store.ui({ games: ans.games }); else store.set({ error: ans.error });
  } else if (act === "resume") {
    const ans = await net.request("resume", { game: el.dataset.game });
    if (ans.ok) openTable(ans.table_key); else store.set({ error: ans.error });
  } else if (act === "export") saveExport(el.dataset.game);
  else return false;
  return true;
}

// Send a board (or null) as the lobby's setting; the host (the engine) accepts or refuses it. Taken,
// the sheet closes: the lobby says what happened.
async function sendBoard(board, note) {
  const ans = await send({ type: "set_settings", settings: { board } });
  if (ans && ans.ok) closeSheet({ boardDraft: null, boardAt: null, boardInsert: false, boardProblem: null, boardNote: note });
  return ans;
}

// The sheet closes (Close, Esc, a board taken); the focus goes back to the lobby's "Board map".
function closeSheet(more = {}) {
  store.ui({ ...more, boardOpen: false });
  $(".board-edit summary")?.focus();
}

// A tap in the board map's editor; true when it was one.
function boardClick(el) {
  const act = el.dataset.act;
  if (!act || !act.startsWith("bd-")) return false;
  const ui = store.state.ui;
  const spaces = ui.boardDraft;
  const at = ui.boardAt ?? null;
  const fresh = { boardAt: null, boardInsert: false, boardProblem: null, boardNote: null };
  if (act === "bd-put") store.ui({ ...fresh, boardDraft: put(spaces, spaceOf(el.dataset), at, !!ui.boardInsert) });
  else if (act === "bd-at") {
    const n = Number(el.dataset.at);
    store.ui({ boardAt: n < spaces.length && n !== at ? n : null, boardInsert: false });
  } else if (act === "bd-insert") store.ui({ boardInsert: !ui.boardInsert });
  else if (act === "bd-remove-at") store.ui({ ...fresh, boardDraft: removeAt(spaces, at) });
  else if (act === "bd-end") store.ui({ boardAt: null, boardInsert: false });
  else if (act === "bd-undo") store.ui({ ...fresh, boardDraft: spaces.slice(0, -1) });
  else if (act === "bd-clear") store.ui({ ...fresh, boardDraft: [] });
  else if (act === "bd-close") closeSheet();
  else if (act === "bd-save") sendBoard({ version: VERSION, spaces }, "saved");
  else if (act === "bd-remove") sendBoard(null, null);
  else if (act === "bd-export") download({ version: VERSION, spaces });
  return true;
}

function download(board) {
  saveFile("cashrun-board.json", `${JSON.stringify(board, null, 1)}\n`);
}

// A chosen file: read, parsed, and sent; the host's refusal is shown in words.
async function boardFile(input) {
  const file = input.files && input.files[0];
  input.value = "";
  if (!file) return;
  let board;
  try { board = JSON.parse(await file.text()); } catch {
    store.ui({ boardProblem: t("boardedit.not_json"), boardNote: null });
    return;
  }
  store.ui({ boardProblem: null });
  await sendBoard(board, "imported");
}

// The banker's skip: a tap on the stage, the space bar. Nothing else ends a reveal: a screen
// without motion waits for the host's clock like every other.
function skipReveal() {
  const msg = store.state.msg;
  if (revealing(store.state) && msg.legal_actions.some((a) => a.type === "skip_reveal")) {
    net.request("act", { id: newId(), action: { type: "skip_reveal" } });
  }
}

// The break's start and end: taken from the newest message (a reveal may hold what is shown).
function breakAction(type) {
  const msg = store.state.msg;
  if (msg && (msg.legal_actions || []).some((a) => a.type === type)) send({ type }, null);
}

// `page.render()` draws the screen again; `page.restage()` builds the stage again in a new language.
export function listen(root, page) {
  root.addEventListener("click", async (ev) => {
    const el = ev.target.closest("[data-act]");
    if (!el || el.disabled) return;
    const act = el.dataset.act;
    if (chooserClick(el, store, actionsFor, send)) return;
    if (boardClick(el)) return;
    if (setupClick(act, el)) return;
    const as = el.dataset.as === undefined || el.dataset.as === "" ? null : Number(el.dataset.as);
    if (act === "do") {
      const a = find(el.dataset.type, as);
      if (a && needsConfirm(a.type)) ask(a, as);
      else if (a) doAction(a, as);
    } else if (act === "bid-now") {
      const a = quickBidAction(find("bid", as), el);
      if (a) doAction(a, as);
    } else if (act === "confirm-yes") {
      const c = store.state.ui.confirm;
      store.ui({ confirm: null });
      if (c) doAction(c.action, c.as);
    } else if (act === "confirm-no") store.ui({ confirm: null });
    else if (act === "skip") skipReveal();
    else if (act === "pause-game" || act === "resume-game") breakAction(act === "pause-game" ? "pause_game" : "resume_game");
    else if (act === "open") store.ui({ choice: newChoice(el.dataset.type, as) });
    else if (act === "sound") { setSound(!soundOn()); page.render(); }
    else if (act === "speech") load("../table/speech.js").then((m) => { m.setSpeech(!m.speechOn()); page.render(); });
    else if (act === "lang") setLang(currentLang() === "nl" ? "en" : "nl").then(page.restage);
    else if (act === "theme") { toggleTheme(); page.render(); }
    else if (!lobbyClick(act, el)) await drawerClick(act, el);
  });

  root.addEventListener("input", (ev) => {
    const el = ev.target;
    if (!setupInput(el) && !lobbyInput(el)) chooserInput(el, store, actionsFor);
  });
  root.addEventListener("change", (ev) => {
    const el = ev.target;
    if (el.tagName === "SELECT") el.dispatchEvent(new Event("input", { bubbles: true }));
    else if (el.dataset.boardFile !== undefined) boardFile(el);
  });
  rememberDetails(root, store);

  // Escape closes the question, the drawer or the board's sheet; and the cards.
  document.addEventListener("keydown", (ev) => {
    if (ev.key !== "Escape") return;
    const ui = store.state.ui;
    if (ui.confirm) store.ui({ confirm: null });
    else if (ui.drawer) store.ui({ drawer: false });
    else if (ui.boardOpen) closeSheet();
    if (store.state.ui.howto === null || store.state.ui.howto === undefined) return;
    store.ui({ howto: null });
    document.querySelector(".howto-open")?.focus();
  });
  // During a reveal the space bar (or Enter) skips it wherever the focus is, except in a text field
  // or while a question is open.
  document.addEventListener("keydown", (ev) => {
    if (!revealing(store.state) || store.state.ui.confirm || !(ev.key === " " || ev.key === "Enter")) return;
    if (ev.target.closest("input, textarea, select")) return;
    ev.preventDefault();
    if (!ev.repeat) skipReveal();
  }, true);

  if (KEY) net.on("moved", (m) => { if (m && typeof m.table_key === "string") goTo(m.table_key); });
}

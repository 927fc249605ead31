// The phone: join, wait, then play my seat. Everything offered comes from my legal_actions.

import { h, icon, $ } from "./dom.js";
import { loadLang, setLang, currentLang, t, has, money } from "./i18n.js";
import { Store } from "./store.js";
import { Net } from "./net.js";
import { group, isSimple, OPEN, actionLabel, casinoById, playerName, describe } from "./actions.js";
import { newChoice, renderChooser, chooserClick, chooserInput } from "./chooser.js";
import { eventText, waitingText, quiet } from "./words.js";
import { pawnClass, pawnMark } from "./pawn.js";
import { cardTile, holdToLook } from "./bluffs.js";
import { noteResult, resultCard, dismissResult } from "./results.js";
import { feelTurn, armTurnSignals, chimeOn, toggleChime } from "./turn.js";
import { rememberDetails, setCountdown, countdownLine, themeButton, langButton, applyTheme, toggleTheme, keepFocus, restoreFocus, errorText, markState } from "./common.js";

const TOKEN = "cashrun.token";
const store = new Store();
const net = new Net(store);
const root = $("#app");
const body = document.body;

store.state.ui = {
  choice: null, code: body.dataset.code || "", name: "", claim: body.dataset.claim || "",
  note: null, joining: false,
};

const token = () => localStorage.getItem(TOKEN);
const btn = (attrs, ...kids) => h("button", { type: "button", ...attrs }, ...kids);
// The last refusal in words (for `kind`: only while joining that way), or nothing.
const problem = (kind) => (store.state.error && (!kind || kind === (store.state.ui.joining === "claim" ? "claim" : "join"))
  ? h("p", { class: "problem", role: "alert", text: errorText(store.state.error) }) : null);

function forget(note) {
  localStorage.removeItem(TOKEN);
  store.set({ msg: null });
  store.ui({ note, choice: null });
  net.connect({});
}

// ---------- screens ----------

function header() {
  const inGame = store.state.msg && store.state.msg.kind === "game";
  const on = chimeOn();
  const say = t(on ? "turn.chime_off" : "turn.chime_on");
  return h("header", { class: "bar" },
    h("span", { class: "brand", text: t("app.name") }),
    h("span", { class: "spacer" }),
    inGame ? btn({ class: "tool", "data-act": "chime", "aria-pressed": String(on), "aria-label": say, title: say }, icon(on ? "sound" : "mute")) : null,
    langButton(), themeButton());
}

function banner() {
  const c = store.state.conn;
  if (c === "offline" || (c === "connecting" && store.state.msg)) {
    return h("div", { class: "banner quiet", role: "status", "data-banner": "reconnecting", text: t("conn.reconnecting") });
  }
  return null;
}

function joinScreen() {
  const ui = store.state.ui;
  const note = ui.note ? h("p", { class: "note", role: "alert", text: t(`refused.${ui.note}`) }) : null;
  const busy = !!store.state.pending || store.state.conn !== "online";
  const peek = ui.peek;
  const started = peek && peek.status !== "lobby";
  return h("main", { class: "screen join" },
    h("h1", { text: t("join.title") }),
    note,
    h("p", { class: "lead", text: t("join.intro") }),
    h("label", { class: "field" }, h("span", { text: t("join.code") }),
      h("input", { "data-input": "code", value: ui.code, maxlength: 8, autocapitalize: "characters", autocomplete: "off", spellcheck: "false", class: "code-input" })),
    started ? [
      h("p", { class: "note", "data-out": "started", text: t(peek.status === "over" ? "watch.over" : "watch.started") }),
      problem("join"),
      btn({ class: "btn primary big", "data-act": "watch", disabled: busy, text: t("watch.go") }),
    ] : [
      h("label", { class: "field" }, h("span", { text: t("join.name") }),
        h("input", { "data-input": "name", value: ui.name, maxlength: 24, autocomplete: "nickname", enterkeyhint: "go" })),
      peek ? pawnPicker(peek.pawns, ui.pawn) : null,
      problem("join"),
      btn({ class: "btn primary big", "data-act": "join", disabled: busy, text: t("join.go") }),
    ],
    h("details", { class: "claim", open: ui.claim || ui.claimOpen ? true : null, "data-details": "claimOpen" },
      h("summary", { text: t("claim.title") }),
      h("p", { class: "hint", text: t("claim.intro") }),
      h("label", { class: "field" }, h("span", { text: t("claim.code") }),
        h("input", { "data-input": "claim", value: ui.claim, inputmode: "numeric", maxlength: 6, autocomplete: "off" })),
      problem("claim"),
      btn({ class: "btn", "data-act": "claim", disabled: busy, text: t("claim.go") })));
}

// The colour of my physical pawn (a colour another player took is not on offer) and an emoji.
function pawnPicker(offer, pawn) {
  const pick = (kind, value, kids, extra) => btn({ class: `${kind}-btn${extra || ""}`, "data-act": `pawn-${kind}`,
    [`data-${kind}`]: value, "aria-pressed": pawn && pawn[kind] === value ? "true" : "false", disabled: kind === "colour" && offer.taken.includes(value) }, kids);
  return h("fieldset", { class: "pawn-pick" },
    h("legend", { text: t("pawn.colour") }),
    h("div", { class: "swatches" }, offer.colours.map((c) => pick("colour", c, [h("span", { class: "swatch-dot", "aria-hidden": "true" }),
      h("span", { text: t(`pawn.${c}`) }), offer.taken.includes(c) ? h("span", { class: "taken", text: t("pawn.taken") }) : null], ` pawn-${c}`))),
    h("p", { class: "pawn-q", text: t("pawn.emoji") }),
    h("div", { class: "emoji-pick", role: "group", "aria-label": t("pawn.emoji") }, offer.emoji.map((e) => pick("emoji", e, e))));
}

function refusedScreen() {
  const code = store.state.refusal;
  return h("main", { class: "screen refused" },
    h("h1", { text: t(`refused.${code}_title`) }),
    h("p", { class: "lead", text: t(`refused.${code}`) }),
    code === "replaced" ? btn({ class: "btn primary big", "data-act": "reclaim", text: t("refused.use_here") }) : null,
    btn({ class: "btn", "data-act": "forget", text: t("refused.join_again") }));
}

function lobbyScreen(msg) {
  const v = msg.view;
  const me = v.players.find((p) => p.seat === msg.seat);
  const groups = group(msg.legal_actions);
  const list = h("ol", { class: "players", "aria-label": t("lobby.players") });
  for (const p of v.players) {
    list.append(h("li", { class: `player ${pawnClass(p)}${p.seat === msg.seat ? " me" : ""}` },
      dot(p.connected), pawnMark(p), h("span", { class: "pname", text: p.name }),
      p.seat === msg.seat ? h("span", { class: "tag", text: t("lobby.you") }) : null));
  }
  const choice = store.state.ui.choice;
  return h("main", { class: "screen lobby" },
    h("h1", { text: t("lobby.welcome", { name: me ? me.name : "" }) }),
    h("p", { class: "lead", text: v.locked ? t("lobby.locked") : t("lobby.waiting") }),
    list,
    choice && groups.has(choice.type) ? renderChooser(groups.get(choice.type), choice, chooserOpts(msg)) : null,
    h("div", { class: "row" },
      groups.has("rename") ? btn({ class: "btn", "data-act": "open", "data-type": "rename", text: actionLabel("rename") }) : null,
      groups.has("leave") && !store.state.ui.leaving ? btn({ class: "btn danger", "data-act": "leave-ask", text: actionLabel("leave") }) : null),
    groups.has("leave") ? leaveConfirm() : null);
}

function dot(on) {
  return h("span", { class: `dot ${on ? "on" : "off"}`, role: "img", "aria-label": on ? t("conn.on") : t("conn.off") });
}

function casinoChip(c) {
  return h("li", { class: `casino-chip c-${c.colour}`, title: `${c.name}` },
    h("span", { class: "swatch", "aria-hidden": "true" }), icon(c.symbol),
    h("span", { text: c.name }),
    h("span", { class: "sr", text: ` (${t(`colour.${c.colour}`)}, ${t(`symbol.${c.symbol}`)})` }));
}

function bluffCards(you) {
  const cards = (you && you.bluff_cards) || [];
  return h("section", { class: "card-row", "aria-label": t("me.bluffs") },
    h("h2", { text: t("me.bluffs_n", { n: cards.length }) }),
    cards.length ? h("div", { class: "bluffs" }, cards.map((c, i) => cardTile(c, i + 1))) : h("p", { class: "hint", text: t("me.no_bluffs") }),
    cards.length ? h("p", { class: "hint", text: t("cards.hold_hint") }) : null);
}

function chooserOpts(msg, extra) {
  return { view: msg.view, pending: !!store.state.pending, pad: true, extra };
}

// What a decision needs on its own pad: the owner's money under a stake (rules: told before the
// stake is chosen), the highest bid and the seconds left on a bid.
function decisionExtra(v) {
  return (a) => {
    if (a.type === "bid") return auctionLine(v);
    if (a.type !== "bet") return null;
    const w = v.waiting || {};
    const owner = w.owner ?? (casinoById(v, w.casino) || {}).owner;
    const p = v.players.find((q) => q.seat === owner);
    return p ? h("p", { class: "owner-money", text: t("chooser.owner_has", { name: p.name, amount: money(p.money) }) }) : null;
  };
}

// The newest thing that happened, so a result is seen on the phone too.
function lastLine(v) {
  const e = [...(v.log || [])].reverse().find((x) => !quiet(x) && x.type !== "turn");
  return e ? h("p", { class: "last", "aria-live": "polite", "data-out": "last", text: eventText(e, v) }) : null;
}

// During an auction every phone sees what is on offer and the highest bid.
function auctionLine(v) {
  if (v.phase !== "auction") return null;
  const w = v.waiting || {};
  const c = casinoById(v, w.casino);
  const bid = w.bidder !== null && w.bidder !== undefined
    ? t("me.high_bid", { amount: money(w.high), name: playerName(v, w.bidder) }) : t("me.no_bid");
  return h("div", { class: "auction-line", role: "status" },
    h("p", { text: t("me.auction_of", { casino: c ? c.name : "", name: playerName(v, w.seller) }) }),
    h("p", { class: "high", "data-out": "high-bid", text: bid }),
    countdownLine());
}

// The decision: the open chooser and the buttons of this phone's legal actions. The page brings it
// into view; the rules help sits under it.
function actionsArea(msg) {
  const v = msg.view;
  const groups = group(msg.legal_actions);
  if (groups.size === 0) return null;
  const pending = !!store.state.pending;
  const ui = store.state.ui;
  let choice = ui.choice;
  if (choice && !groups.has(choice.type)) choice = null;
  if (!choice) {
    const first = [...groups.keys()].find((k) => OPEN.includes(k) && !isSimple(groups.get(k)));
    if (first) { choice = newChoice(first); ui.choice = choice; }
  }
  const decision = h("div", { class: "decision", "data-decision": decisionKey(msg, choice) });
  const buttons = [];
  for (const [type, list] of groups) {
    if (choice && choice.type === type) continue;
    const simple = isSimple(list);
    buttons.push(btn({ class: `btn${choice ? "" : " big"}${simple && PRIMARY.includes(type) ? " primary" : ""}`,
      "data-act": simple ? "do" : "open", "data-type": type, disabled: pending, text: buttonLabel(type, v) }));
  }
  const w = v.waiting || {};
  if (w.symbol && (v.phase === "bluff_offer" || v.phase === "bluff_response")) {
    decision.append(h("p", { class: "game-was", "data-out": "game-was", text: t("cards.game_was", { symbol: t(`symbol.${w.symbol}`) }) }));
  }
  // With a board: where the dice lead comes first, one tap; the chooser below for a pawn moved otherwise.
  const sug = choice && choice.type === "land" && !choice.steps.length && w.suggested && groups.get("land").find((a) => a.at === w.suggested.at);
  if (sug) decision.append(btn({ class: "btn primary big", "data-act": "do", "data-type": "land", "data-at": sug.at, disabled: pending, text: describe(sug, v) }));
  // The other choices of this moment sit beside the open chooser's confirm (an auto-opened chooser needs no cancel).
  if (choice) {
    decision.append(renderChooser(groups.get(choice.type), choice,
      { ...chooserOpts(msg, decisionExtra(v)), cancel: !OPEN.includes(choice.type), aside: buttons }));
  } else decision.append(h("div", { class: "buttons" }, buttons));
  const helpKey = `help.${v.phase}`;
  return h("section", { class: "actions", "aria-label": t("me.your_move") },
    h("p", { class: "status mine", role: "status", text: t("me.your_turn") }),
    decision,
    problem(),
    has(helpKey) ? h("p", { class: "explain", text: t(helpKey, helpVars(v)) }) : null);
}

const PRIMARY = ["roll", "draw", "accept_bluff", "buy"];

// Grand Slam's buttons say what they pay and what comes next (the ladder's words are in the translations).
function buttonLabel(type, v) {
  const step = (v.waiting || {}).step || 0;
  if (type === "collect") return t("slam.collect");
  if (type === "try_slam") return t("slam.next_1");
  if (type === "continue_slam") return t(`slam.next_${step + 1}`);
  if (type === "stop_slam") return t(`slam.stop_${step}`);
  return actionLabel(type);
}

// Changes whenever the phone faces a new question: the page then brings the decision into view.
function decisionKey(msg, choice) {
  const v = msg.view;
  return [v.phase, (v.log_start || 0) + (v.log || []).length, choice ? choice.type : "", choice ? choice.steps.length : 0].join(":");
}

function helpVars(v) {
  const w = v.waiting || {};
  const out = {};
  if (w.casino !== undefined && w.casino !== null) { const c = casinoById(v, w.casino); if (c) out.casino = c.name; }
  if (typeof w.owner === "number") out.owner = playerName(v, w.owner);
  out.pot = money(v.pot);
  return out;
}

function recent(v) {
  const log = (v.log || []).filter((e) => !quiet(e)).slice(-4);
  const ul = h("ul", { class: "recent", "aria-label": t("me.recent") });
  for (const e of log) ul.append(h("li", { class: e.type === "correction" || e.type === "undone" ? "corr" : "", text: eventText(e, v) }));
  return ul;
}

// A count with its icon, read out in words ("3 casinos").
function count(name, key, n) {
  return h("span", { class: "count", title: t(key, { n }) }, icon(name),
    h("span", { class: "sr", text: t(key, { n }) }), h("span", { "aria-hidden": "true", text: String(n) }));
}

// The players with their money, casinos and bluff cards; `skip`: my own seat.
function playerList(msg, skip) {
  const v = msg.view;
  const ul = h("ul", { class: "others", "aria-label": t("me.others") });
  for (const p of v.players) {
    if (p.seat === skip) continue;
    ul.append(h("li", { class: `other ${pawnClass(p)}${p.out ? " out" : ""}${p.seat === v.turn && !v.over ? " turn" : ""}` },
      dot(msg.connected && msg.connected[p.seat]), pawnMark(p),
      h("span", { class: "pname", text: p.name }),
      h("span", { class: "pmoney", text: p.out ? t("player.out") : money(p.money) }),
      count("sp-casino", "player.casinos_n", p.casinos.length), count("bl-blank", "player.bluffs_n", p.bluff_count)));
  }
  return ul;
}

// My state: one line while I decide, the full panel otherwise.
function meSection(msg, me, acting) {
  const mine = (msg.view.casinos || []).filter((c) => c.owner === msg.seat);
  const moneyEl = h("span", { class: "money", "data-out": "money", "aria-label": t("me.money_is", { amount: money(me.money) }), text: money(me.money) });
  const tags = [me.on_lap ? h("span", { class: "tag lap", text: t("player.on_lap") }) : null,
    me.out ? h("span", { class: "tag", text: t("player.out") }) : null];
  if (acting) {
    const bluffs = ((msg.view.you || {}).bluff_cards || []).length;
    return h("section", { class: "me line", "aria-label": t("me.title") },
      pawnMark(me), h("span", { class: "pname", text: me.name }), moneyEl,
      count("sp-casino", "player.casinos_n", mine.length), count("bl-blank", "player.bluffs_n", bluffs));
  }
  return h("section", { class: "me", "aria-label": t("me.title") },
    h("div", { class: "me-top" }, pawnMark(me), h("span", { class: "pname", text: me.name }), tags),
    h("p", { class: "money-big" }, moneyEl),
    mine.length ? h("ul", { class: "casinos", "aria-label": t("me.casinos") }, mine.map(casinoChip))
      : h("p", { class: "hint", text: t("me.no_casinos") }));
}

function gameScreen(msg) {
  const v = msg.view;
  const me = v.players.find((p) => p.seat === msg.seat) || { seat: msg.seat, name: "", money: 0, casinos: [] };
  if (v.over && v.winner === msg.seat) return wonScreen(msg, me);
  if (me.out) return watchScreen(msg, bankruptCard(me));
  const acting = (msg.legal_actions || []).length > 0;
  const choice = acting ? store.state.ui.choice : null;
  const bidding = choice && choice.type === "bid";
  const choosingCard = choice && (group(msg.legal_actions).get(choice.type) || []).some((a) => "card" in a || "swap" in a);
  const status = h("p", { class: `status${v.over ? " over" : ""}`, role: "status", text: waitingText(v) });
  return h("main", { class: `screen game ${pawnClass(me)}${acting ? " acting" : ""}` },
    meSection(msg, me, acting),
    acting ? actionsArea(msg) : [v.over ? null : resultCard(), status, v.over ? null : lastLine(v)],
    bidding ? null : auctionLine(v),
    choosingCard ? null : bluffCards(v.you),
    acting ? [resultCard(), lastLine(v)] : null,
    acting ? null : problem(),
    tableInfo(msg));
}

function tableInfo(msg) {
  return h("details", { class: "table-info", open: store.state.ui.infoOpen ? true : null, "data-details": "infoOpen" },
    h("summary", { text: t("me.table", { pot: money(msg.view.pot) }) }),
    playerList(msg, msg.seat), recent(msg.view));
}

// The win gets a screen of its own.
function wonScreen(msg, me) {
  return h("main", { class: `screen won ${pawnClass(me)}`, "data-screen": "won" },
    h("section", { class: "big-news", role: "status" },
      pawnMark(me), h("h1", { text: t("end.you_won") }),
      h("p", { class: "money-big" }, h("span", { class: "money", "data-out": "money", text: money(me.money) }))),
    tableInfo(msg));
}

function bankruptCard(me) {
  return h("section", { class: "big-news out", role: "status", "data-screen": "bankrupt" },
    pawnMark(me), h("h1", { text: t("watch.bankrupt", { name: me.name }) }),
    h("p", { class: "lead", text: t("watch.bankrupt_more") }));
}

// Watching: the public view, read only. For a phone that watches, and for a bankrupt player.
function watchScreen(msg, top) {
  const v = msg.view;
  return h("main", { class: "screen watch", "data-screen": "watch" },
    top || h("h1", { text: t("watch.title") }),
    h("p", { class: "status", role: "status", text: waitingText(v) }),
    lastLine(v), auctionLine(v),
    playerList(msg, null),
    h("p", { class: "hint", text: t("me.table", { pot: money(v.pot) }) }),
    recent(v),
    msg.kind === "watch" ? btn({ class: "btn danger", "data-act": "leave-ask", text: t("watch.stop") }) : null,
    leaveConfirm());
}

// "Leave the table" asks first.
function leaveConfirm() {
  if (!store.state.ui.leaving) return null;
  return h("div", { class: "confirm-leave", role: "alertdialog", "aria-label": t("leave.title") },
    h("p", { class: "lead", text: t("leave.title") }),
    h("div", { class: "row" },
      btn({ class: "btn danger big", "data-act": "leave-yes", disabled: !!store.state.pending, text: t("leave.yes") }),
      btn({ class: "btn big", "data-act": "leave-no", text: t("leave.no") })));
}

// When the phone faces a new question, bring the decision into view (whole, or its top when taller).
let shownDecision = "";
function showDecision(force) {
  const el = root.querySelector("[data-decision]");
  if (!el) { shownDecision = ""; return; }
  if (!force && el.dataset.decision === shownDecision) return;
  shownDecision = el.dataset.decision;
  const fits = el.getBoundingClientRect().height <= window.innerHeight;
  el.scrollIntoView({ block: fits ? "nearest" : "start", behavior: "instant" });
}
window.addEventListener("resize", () => showDecision(true));

function render() {
  const st = store.state;
  const focus = keepFocus();
  let screen;
  if (st.conn === "refused") screen = refusedScreen();
  else if (!st.msg) screen = token() ? h("main", { class: "screen", "aria-busy": st.conn !== "offline" ? "true" : null }, h("p", { class: "lead", text: t("conn.connecting") })) : joinScreen();
  else if (st.msg.kind === "lobby") screen = lobbyScreen(st.msg);
  else if (st.msg.kind === "watch") screen = watchScreen(st.msg);
  else screen = gameScreen(st.msg);
  root.replaceChildren(header(), banner() || "", screen);
  markState(root, st);
  showHeldFace();
  feelTurn(st.msg);
  restoreFocus(focus);
  showDecision(false);
}

// ---------- input ----------

async function join(kind) {
  const ui = store.state.ui;
  const data = kind === "claim" ? { code: ui.claim.trim() }
    : { code: ui.code.trim().toUpperCase(), name: ui.name.trim(), ...(ui.pawn ? { pawn: ui.pawn } : {}) };
  ui.joining = kind;
  store.set({ pending: "join", error: null });
  const answer = await net.request(kind, data);
  if (answer.ok) {
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
  const code = store.state.ui.code.trim().toUpperCase();
  if (code.length !== 4 || store.state.conn !== "online") return;
  const answer = await net.request("peek", { code });
  if (!answer.ok || code !== store.state.ui.code.trim().toUpperCase()) { store.ui({ peek: null }); return; }
  const ui = store.state.ui;
  let pawn = ui.pawn;
  if (answer.status === "lobby") {
    const free = answer.pawns.colours.filter((c) => !answer.pawns.taken.includes(c));
    if (!pawn || !free.includes(pawn.colour)) pawn = { colour: free[0], emoji: (pawn && pawn.emoji) || answer.pawns.emoji[0] };
  }
  store.ui({ peek: answer, pawn });
}

const WATCH = "cashrun.watch";

async function watch() {
  const code = store.state.ui.code.trim().toUpperCase();
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
  net.connect({});
}

function actionsFor() { return group(store.state.msg && store.state.msg.legal_actions); }

root.addEventListener("click", (ev) => {
  const el = ev.target.closest("[data-act]");
  if (!el || el.disabled) return;
  const act = el.dataset.act;
  if (act === "do" || act === "confirm") dismissResult(); // acting again: the last result has been seen
  const groups = actionsFor();
  if (chooserClick(el, store, (c) => groups.get(c.type) || [], (a) => net.act(a))) return;
  if (act === "do") {
    const list = groups.get(el.dataset.type) || [];
    const a = el.dataset.at ? list.find((x) => x.at === Number(el.dataset.at)) : list.length === 1 && list[0];
    if (a) net.act(a);
  } else if (act === "leave-ask") store.ui({ leaving: true });
  else if (act === "leave-no") store.ui({ leaving: false });
  else if (act === "leave-yes") {
    if (store.state.msg && store.state.msg.kind === "watch") stopWatching();
    else if (groups.has("leave")) net.act(groups.get("leave")[0]).then((ans) => { if (ans && ans.ok) { store.ui({ leaving: false }); forget(null); } });
  } else if (act.startsWith("pawn-")) { const k = act.slice(5); store.ui({ pawn: { ...store.state.ui.pawn, [k]: el.dataset[k] } }); }
  else if (act === "watch") watch();
  else if (act === "dismiss") { dismissResult(); render(); }
  else if (act === "chime") { toggleChime(); render(); }
  else if (act === "open") store.ui({ choice: newChoice(el.dataset.type) });
  else if (act === "join") join("join");
  else if (act === "claim") join("claim");
  else if (act === "reclaim") net.connect({ token: token() });
  else if (act === "forget") { store.set({ conn: "connecting", refusal: null }); forget(null); }
  else if (act === "lang") setLang(currentLang() === "nl" ? "en" : "nl").then(render);
  else if (act === "theme") { toggleTheme(); render(); }
});

root.addEventListener("input", (ev) => {
  const el = ev.target;
  if (el.dataset.input) {
    store.state.ui[el.dataset.input] = el.value;
    if (el.dataset.input === "code") peek();
    return;
  }
  chooserInput(el, store, (c) => actionsFor().get(c.type) || []);
});

root.addEventListener("keydown", (ev) => {
  const el = ev.target;
  if (ev.key === "Enter" && el.dataset.input) join(el.dataset.input === "claim" ? "claim" : "join");
});

rememberDetails(root, store);

const showHeldFace = holdToLook(root);
armTurnSignals();

store.addEventListener("change", () => {
  const st = store.state;
  if (st.conn === "refused" && ["bad_token", "removed", "claimed"].includes(st.refusal)) {
    const why = st.refusal;
    store.state.conn = "connecting";
    store.state.refusal = null;
    forget(why);
    return;
  }
  const msg = st.msg;
  setCountdown(msg);
  noteResult(msg);
  if (msg && st.ui.choice && !group(msg.legal_actions).has(st.ui.choice.type)) st.ui.choice = null;
  render();
});

applyTheme();
await loadLang();
// A phone that watches asks again after every (re)connect; one without a seat looks up its code.
net.onConnect = () => {
  if (token()) return;
  if (localStorage.getItem(WATCH)) { store.ui({ code: localStorage.getItem(WATCH) }); watch(); } else peek();
};
net.connect(token() ? { token: token() } : {});
render();

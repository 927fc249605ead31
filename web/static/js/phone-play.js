// The phone with a seat (or watching): the lobby, my game screen, the win, watching. Loaded once
// the first view arrives, so the join page does without it.

import { h, icon } from "./dom.js";
import { t, money } from "./i18n.js";
import { group, actionLabel } from "./actions.js";
import { newChoice, renderChooser, chooserClick, chooserInput } from "./chooser.js";
import { eventText, waitingText, quiet } from "./words.js";
import { pawnClass, pawnMark } from "./pawn.js";
import { dot, casinoChip } from "./marks.js";
import { cardTile, holdToLook } from "./bluffs.js";
import { noteResult, resultCard, dismissResult } from "./results.js";
import { feelTurn, armTurnSignals, chimeOn, toggleChime } from "./turn.js";
import { setCountdown } from "./common.js";
import { store, net, root, parts, btn, problem, forget } from "./phone-shared.js";
import { stopWatching } from "./phone-join.js";
import { actionsArea, auctionLine, chooserOpts, showingPanel, shownKind, rememberStake } from "./phone-decision.js";
import { fairPanel, fingerprint } from "./fair-view.js";
import { keepSeed, revealStart, nextLink } from "./fair-keep.js";

// What the table is showing, in words for this phone, or null: my tap on its way, the outcome my own
// act drew (until the next view), or a view the host held for me (I connected during a reveal).
function showingNow(msg) {
  const st = store.state;
  if (msg.reveal) return msg.kind === "lobby" ? "opening" : "table";
  if (st.ui.showing) return st.ui.showing;
  return st.pending ? "sending" : null;
}

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
    if (kind && store.state.msg === before) {
      store.state.error = null;
      store.ui({ showing: kind });
    }
    return answer;
  });
}

// My spin for an opponent (draw_for) carries the next link of my chain: the one whose hash is my
// seat's head in the view.
async function withLink(a, msg) {
  if (a.type !== "draw_for") return a;
  const me = msg.view.players.find((p) => p.seat === msg.seat) || {};
  return { ...a, link: await nextLink(msg.game_id, me.chain) };
}

function header() {
  if (!store.state.msg || store.state.msg.kind !== "game") return null;
  const on = chimeOn();
  const say = t(on ? "turn.chime_off" : "turn.chime_on");
  return btn({ class: "tool", "data-act": "chime", "aria-pressed": String(on), "aria-label": say, title: say }, icon(on ? "sound" : "mute"));
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
  const showing = msg.reveal ? "opening" : null;
  return h("main", { class: "screen lobby" },
    h("h1", { text: t("lobby.welcome", { name: me ? me.name : "" }) }),
    showing ? showingPanel(showing) : h("p", { class: "lead", "data-out": "lobby-lead",
      text: t(v.starting ? "lobby.starting_phone" : v.locked ? "lobby.locked" : "lobby.waiting") }),
    list, fingerprint(msg, "phone"),
    choice && groups.has(choice.type) ? renderChooser(groups.get(choice.type), choice, chooserOpts(msg)) : null,
    h("div", { class: "row" },
      groups.has("rename") ? btn({ class: "btn", "data-act": "open", "data-type": "rename", text: actionLabel("rename") }) : null,
      groups.has("leave") && !store.state.ui.leaving ? btn({ class: "btn danger", "data-act": "leave-ask", text: actionLabel("leave") }) : null),
    groups.has("leave") ? leaveConfirm() : null);
}

function bluffCards(you) {
  const cards = (you && you.bluff_cards) || [];
  return h("section", { class: "card-row", "aria-label": t("me.bluffs") },
    h("h2", { text: t("me.bluffs_n", { n: cards.length }) }),
    cards.length ? h("div", { class: "bluffs" }, cards.map((c, i) => cardTile(c, i + 1))) : h("p", { class: "hint", text: t("me.no_bluffs") }),
    cards.length ? h("p", { class: "hint", text: t("cards.hold_hint") }) : null);
}

// The newest thing that happened, so a result is seen on the phone too.
function lastLine(v) {
  const e = [...(v.log || [])].reverse().find((x) => !quiet(x) && x.type !== "turn");
  return e ? h("p", { class: "last", "aria-live": "polite", "data-out": "last", text: eventText(e, v) }) : null;
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
    mine.length ? h("ul", { class: "casinos", "aria-label": t("me.casinos") }, mine.map((c) => casinoChip(c)))
      : h("p", { class: "hint", text: t("me.no_casinos") }));
}

// While I act: my state on one line, what just happened, then the decision at the bottom of the
// first screenful, under the thumb; my cards and the table below it. Otherwise: my state, the
// status (or what the table shows), my cards.
function gameScreen(msg) {
  const v = msg.view;
  const me = v.players.find((p) => p.seat === msg.seat) || { seat: msg.seat, name: "", money: 0, casinos: [] };
  if (v.over && v.winner === msg.seat) return wonScreen(msg, me);
  if (me.out) return watchScreen(msg, bankruptCard(me));
  const showing = showingNow(msg);
  const acting = !showing && (msg.legal_actions || []).length > 0;
  const choice = acting ? store.state.ui.choice : null;
  const bidding = choice && choice.type === "bid";
  const choosingCard = choice && (group(msg.legal_actions).get(choice.type) || []).some((a) => "card" in a || "swap" in a);
  const status = showing ? showingPanel(showing) : h("p", { class: `status${v.over ? " over" : ""}`, role: "status", text: waitingText(v) });
  const mine = parts.use("me", [me, v.casinos, v.you, acting], () => meSection(msg, me, acting));
  const cards = parts.use("bluffs", [v.you], () => bluffCards(v.you));
  const last = lastPart(v);
  if (acting) {
    return h("main", { class: `screen game ${pawnClass(me)} acting` },
      h("div", { class: "reach" }, mine, resultCard(), last,
        bidding ? null : auctionLine(v), actionsArea(msg)),
      choosingCard ? null : cards, tableInfo(msg));
  }
  return h("main", { class: `screen game ${pawnClass(me)}` },
    mine, v.over ? null : resultCard(), status, fairLine(msg), v.over ? null : last,
    auctionLine(v), cards, showing ? null : problem(), tableInfo(msg));
}

// The table's players and its recent history, under a summary; built only while open.
function tableInfo(msg) {
  const open = !!store.state.ui.infoOpen;
  return h("details", { class: "table-info", open: open ? true : null, "data-details": "infoOpen" },
    h("summary", { text: t("me.table", { pot: money(msg.view.pot) }) }),
    open ? players(msg, msg.seat) : null, open ? recentPart(msg.view) : null);
}

const players = (msg, skip) => parts.use(`players-${skip}`, [msg.view.players, msg.connected, msg.view.turn, msg.view.over],
  () => playerList(msg, skip));
const recentPart = (v) => parts.use("recent", [v.log], () => recent(v));
const lastPart = (v) => parts.use("last", [v.log], () => lastLine(v));

// The win gets a screen of its own.
function wonScreen(msg, me) {
  return h("main", { class: `screen won ${pawnClass(me)}`, "data-screen": "won" },
    h("section", { class: "big-news", role: "status" },
      pawnMark(me), h("h1", { text: t("end.you_won") }),
      h("p", { class: "money-big" }, h("span", { class: "money", "data-out": "money", text: money(me.money) }))),
    fairLine(msg), tableInfo(msg));
}

// The game is over: this phone checks every draw itself (a phone that watches, without a seed of its own).
function fairLine(msg) {
  if (!msg.view.over) return null;
  const fetchExport = () => net.request("fair", {}, 20000).then((a) => { if (!a.ok) throw new Error(a.error.code); return a.export; });
  return fairPanel(msg.game_id, { kind: "phone", seat: msg.kind === "watch" ? null : msg.seat, fetchExport,
    rerender: () => store.set({}), open: !!store.state.ui.fairOpen });
}

function bankruptCard(me) {
  return h("section", { class: "big-news out", role: "status", "data-screen": "bankrupt" },
    pawnMark(me), h("h1", { text: t("watch.bankrupt", { name: me.name }) }),
    h("p", { class: "lead", text: t("watch.bankrupt_more") }));
}

// Watching: the public view, read only. For a phone that watches, and for a bankrupt player.
function watchScreen(msg, top) {
  const v = msg.view;
  const showing = msg.reveal ? showingPanel("table") : null;
  return h("main", { class: "screen watch", "data-screen": "watch" },
    top || h("h1", { text: t("watch.title") }), fairLine(msg),
    showing || h("p", { class: "status", role: "status", text: waitingText(v) }),
    showing ? null : lastPart(v), auctionLine(v),
    players(msg, null),
    h("p", { class: "hint", text: t("me.table", { pot: money(v.pot) }) }),
    recentPart(v),
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

function screen(msg) {
  if (msg.kind === "lobby") return lobbyScreen(msg);
  if (msg.kind === "watch") return watchScreen(msg);
  return gameScreen(msg);
}

// When the phone faces a new question, turns or changes language, bring the decision into view
// (whole, or its top when taller) and keep it there through every change of size that follows (a
// turned phone's media queries can apply a frame after its new size, a screenshot or the browser's
// bars can change the height), until the person takes over.
let shownDecision = "";
let pinned = false;
let watched = null; // the decision whose size is watched: each render makes a new one

function inView(el) {
  const r = el.getBoundingClientRect();
  return r.height <= innerHeight ? r.top >= 0 && r.bottom <= innerHeight + 0.5 : r.top > -1 && r.top < 6; // a taller one: its top (scroll-margin 4px)
}

function bringIn(el) {
  el.scrollIntoView({ block: el.getBoundingClientRect().height <= innerHeight ? "nearest" : "start", behavior: "instant" });
}

function keepPinned() {
  const el = root.querySelector("[data-decision]");
  if (pinned && el && !inView(el)) bringIn(el);
}

const sizes = new ResizeObserver(keepPinned);
sizes.observe(document.documentElement);
addEventListener("resize", keepPinned);
// The person takes over: a scroll of their own, or a text field (the browser keeps it above the keyboard).
const letGo = () => { pinned = false; };
for (const ev of ["wheel", "touchmove", "keydown"]) addEventListener(ev, letGo, { passive: true, capture: true });
addEventListener("focusin", (ev) => { if (ev.target.matches("input, textarea")) letGo(); });

function showDecision(force) {
  const el = root.querySelector("[data-decision]");
  if (el !== watched) {
    if (watched) sizes.unobserve(watched);
    watched = el;
    if (el) sizes.observe(el);
  }
  if (!el) { shownDecision = ""; return; }
  if (!force && el.dataset.decision === shownDecision) return;
  shownDecision = el.dataset.decision;
  pinned = true;
  bringIn(el);
}

// The phone turned: once the page is laid out at its new width.
let width = 0;
addEventListener("resize", () => {
  if (innerWidth !== width) { width = innerWidth; showDecision(true); }
});

const showHeldFace = holdToLook(root);
armTurnSignals();

// Whether the decision is whole on screen now: asked before a render, so a render (which replaces
// the page) never leaves the decision less visible than it was.
function decisionShown() {
  const el = root.querySelector("[data-decision]");
  return !!el && inView(el);
}

function afterRender(msg, shown) {
  showHeldFace();
  feelTurn(msg);
  showDecision(false);
  const el = root.querySelector("[data-decision]");
  if (shown && el && !inView(el)) bringIn(el);
}

const logEnd = (m) => (m && m.kind !== "lobby" ? (m.view.log_start || 0) + (m.view.log || []).length : -1);

// Every change of the store, before the render: a new view ends what the table was showing, and a
// refusal from before it is gone once the game has moved on.
let seen = null;
function onChange(st) {
  const msg = st.msg;
  if (msg !== seen) {
    if (msg) st.ui.showing = null;
    if (seen && msg && logEnd(seen) !== logEnd(msg)) st.error = null;
    seen = msg;
  }
  setCountdown(msg);
  noteResult(msg);
  keepSeed(msg, (fair) => net.request("seed", fair));
  revealStart(msg, (value) => net.request("start_value", { start_value: value }));
  if (msg && st.ui.choice && !group(msg.legal_actions).has(st.ui.choice.type)) st.ui.choice = null;
}

const actionsFor = () => group(store.state.msg && store.state.msg.legal_actions);
// No game action leaves the phone while the table shows an outcome (or my last tap is on its way).
const locked = () => !!(store.state.msg && showingNow(store.state.msg));

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

export { screen, header, decisionShown, afterRender, showDecision, onChange, click, input };

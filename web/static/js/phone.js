// The phone: join, wait, then play my seat. Everything offered comes from my legal_actions.

import { h, icon, $ } from "./dom.js";
import { loadLang, setLang, currentLang, t, has, money } from "./i18n.js";
import { Store } from "./store.js";
import { Net } from "./net.js";
import { group, isSimple, OPEN, actionLabel, casinoById, playerName } from "./actions.js";
import { newChoice, renderChooser, chooserClick, chooserInput } from "./chooser.js";
import { eventText, waitingText, QUIET } from "./words.js";
import { pawnClass, pawnMark } from "./pawn.js";
import { rememberDetails, setCountdown, countdownLine, themeButton, langButton, applyTheme, toggleTheme, keepFocus, restoreFocus, errorText, markState } from "./common.js";

const TOKEN = "cashrun.token";
const store = new Store();
const net = new Net(store);
const root = $("#app");
const body = document.body;

store.state.ui = {
  choice: null, look: false, code: body.dataset.code || "", name: "", claim: body.dataset.claim || "",
  note: null, joining: false,
};

const token = () => localStorage.getItem(TOKEN);

function forget(note) {
  localStorage.removeItem(TOKEN);
  store.set({ msg: null });
  store.ui({ note, choice: null });
  net.connect({});
}

// ---------- screens ----------

function header() {
  return h("header", { class: "bar" },
    h("span", { class: "brand", text: t("app.name") }),
    h("span", { class: "spacer" }),
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
  const err = store.state.error && ui.joining !== "claim" ? h("p", { class: "problem", role: "alert", text: errorText(store.state.error) }) : null;
  const busy = !!store.state.pending || store.state.conn !== "online";
  return h("main", { class: "screen join" },
    h("h1", { text: t("join.title") }),
    note,
    h("p", { class: "lead", text: t("join.intro") }),
    h("label", { class: "field" }, h("span", { text: t("join.code") }),
      h("input", { "data-input": "code", value: ui.code, maxlength: 8, autocapitalize: "characters", autocomplete: "off", spellcheck: "false", class: "code-input" })),
    h("label", { class: "field" }, h("span", { text: t("join.name") }),
      h("input", { "data-input": "name", value: ui.name, maxlength: 24, autocomplete: "nickname", enterkeyhint: "go" })),
    err,
    h("button", { type: "button", class: "btn primary big", "data-act": "join", disabled: busy, text: t("join.go") }),
    h("details", { class: "claim", open: ui.claim || ui.claimOpen ? true : null, "data-details": "claimOpen" },
      h("summary", { text: t("claim.title") }),
      h("p", { class: "hint", text: t("claim.intro") }),
      h("label", { class: "field" }, h("span", { text: t("claim.code") }),
        h("input", { "data-input": "claim", value: ui.claim, inputmode: "numeric", maxlength: 6, autocomplete: "off" })),
      store.state.error && ui.joining === "claim" ? h("p", { class: "problem", role: "alert", text: errorText(store.state.error) }) : null,
      h("button", { type: "button", class: "btn", "data-act": "claim", disabled: busy, text: t("claim.go") })));
}

function refusedScreen() {
  const code = store.state.refusal;
  return h("main", { class: "screen refused" },
    h("h1", { text: t(`refused.${code}_title`) }),
    h("p", { class: "lead", text: t(`refused.${code}`) }),
    code === "replaced" ? h("button", { type: "button", class: "btn primary big", "data-act": "reclaim", text: t("refused.use_here") }) : null,
    h("button", { type: "button", class: "btn", "data-act": "forget", text: t("refused.join_again") }));
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
      groups.has("rename") ? h("button", { type: "button", class: "btn", "data-act": "open", "data-type": "rename", text: actionLabel("rename") }) : null,
      groups.has("leave") ? h("button", { type: "button", class: "btn danger", "data-act": "do", "data-type": "leave", disabled: !!store.state.pending, text: actionLabel("leave") }) : null));
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
  const look = store.state.ui.look;
  const row = h("ul", { class: "bluffs", "aria-live": "polite" });
  for (const c of cards) {
    row.append(h("li", { class: `bluff ${look ? "up" : "down"}` },
      look ? [icon(c.symbol === "blank" ? "bl-blank" : c.symbol), h("span", { text: t(`bluff.${c.symbol}`) })]
        : h("span", { class: "back", role: "img", "aria-label": t("bluff.hidden") })));
  }
  return h("section", { class: "card-row", "aria-label": t("me.bluffs") },
    h("h2", { text: t("me.bluffs_n", { n: cards.length }) }),
    cards.length ? row : h("p", { class: "hint", text: t("me.no_bluffs") }),
    cards.length ? h("button", { type: "button", class: "btn hold", "data-hold": "look", "aria-pressed": look ? "true" : "false",
      text: look ? t("me.release") : t("me.hold") }) : null);
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
  const e = [...(v.log || [])].reverse().find((x) => !QUIET.has(x.type) && x.type !== "turn");
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
    buttons.push(h("button", { type: "button", class: `btn${choice ? "" : " big"}${simple && PRIMARY.includes(type) ? " primary" : ""}`,
      "data-act": simple ? "do" : "open", "data-type": type, disabled: pending, text: actionLabel(type) }));
  }
  // The other choices of this moment sit beside the open chooser's confirm (an auto-opened chooser needs no cancel).
  if (choice) {
    decision.append(renderChooser(groups.get(choice.type), choice,
      { ...chooserOpts(msg, decisionExtra(v)), cancel: !OPEN.includes(choice.type), aside: buttons }));
  } else decision.append(h("div", { class: "buttons" }, buttons));
  const helpKey = `help.${v.phase}`;
  return h("section", { class: "actions", "aria-label": t("me.your_move") },
    h("p", { class: "status mine", role: "status", text: t("me.your_turn") }),
    decision,
    store.state.error ? h("p", { class: "problem", role: "alert", text: errorText(store.state.error) }) : null,
    has(helpKey) ? h("p", { class: "explain", text: t(helpKey, helpVars(v)) }) : null);
}

const PRIMARY = ["roll", "draw", "accept_bluff", "buy"];

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
  const log = (v.log || []).filter((e) => !QUIET.has(e.type)).slice(-4);
  const ul = h("ul", { class: "recent", "aria-label": t("me.recent") });
  for (const e of log) ul.append(h("li", { class: e.type === "correction" || e.type === "undone" ? "corr" : "", text: eventText(e, v) }));
  return ul;
}

function others(msg) {
  const v = msg.view;
  const ul = h("ul", { class: "others", "aria-label": t("me.others") });
  for (const p of v.players) {
    if (p.seat === msg.seat) continue;
    ul.append(h("li", { class: `other ${pawnClass(p)}${p.out ? " out" : ""}` },
      dot(msg.connected && msg.connected[p.seat]), pawnMark(p),
      h("span", { class: "pname", text: p.name }),
      h("span", { class: "pmoney", text: p.out ? t("player.out") : money(p.money) }),
      h("span", { class: "pcas", title: t("player.casinos_n", { n: p.casinos.length }) }, icon("sp-casino"),
        h("span", { class: "sr", text: t("player.casinos_n", { n: p.casinos.length }) }), h("span", { "aria-hidden": "true", text: String(p.casinos.length) })),
      h("span", { class: "pbl", title: t("player.bluffs_n", { n: p.bluff_count }) }, icon("bl-blank"),
        h("span", { class: "sr", text: t("player.bluffs_n", { n: p.bluff_count }) }), h("span", { "aria-hidden": "true", text: String(p.bluff_count) }))));
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
      h("span", { class: "count", title: t("player.casinos_n", { n: mine.length }) }, icon("sp-casino"),
        h("span", { class: "sr", text: t("player.casinos_n", { n: mine.length }) }), h("span", { "aria-hidden": "true", text: String(mine.length) })),
      h("span", { class: "count", title: t("player.bluffs_n", { n: bluffs }) }, icon("bl-blank"),
        h("span", { class: "sr", text: t("player.bluffs_n", { n: bluffs }) }), h("span", { "aria-hidden": "true", text: String(bluffs) })));
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
  const acting = (msg.legal_actions || []).length > 0;
  const bidding = acting && store.state.ui.choice && store.state.ui.choice.type === "bid";
  const status = v.over
    ? h("p", { class: "status over", role: "status", text: v.winner === msg.seat ? t("end.you_won") : waitingText(v) })
    : h("p", { class: "status", role: "status", text: waitingText(v) });
  return h("main", { class: `screen game ${pawnClass(me)}${acting ? " acting" : ""}` },
    meSection(msg, me, acting),
    acting ? actionsArea(msg) : status,
    acting ? null : lastLine(v),
    bidding ? null : auctionLine(v),
    bluffCards(v.you),
    acting ? lastLine(v) : null,
    acting ? null : (store.state.error ? h("p", { class: "problem", role: "alert", text: errorText(store.state.error) }) : null),
    h("details", { class: "table-info", open: store.state.ui.infoOpen ? true : null, "data-details": "infoOpen" },
      h("summary", { text: t("me.table", { pot: money(v.pot) }) }),
      others(msg), recent(v)));
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
  else if (!st.msg) screen = token() && st.conn !== "offline" ? h("main", { class: "screen", "aria-busy": "true" }, h("p", { class: "lead", text: t("conn.connecting") })) : (token() ? h("main", { class: "screen" }, h("p", { class: "lead", text: t("conn.connecting") })) : joinScreen());
  else if (st.msg.kind === "lobby") screen = lobbyScreen(st.msg);
  else screen = gameScreen(st.msg);
  root.replaceChildren(header(), banner() || "", screen);
  markState(root, st);
  root.classList.toggle("look", !!st.ui.look);
  restoreFocus(focus);
  showDecision(false);
}

// ---------- input ----------

async function join(kind) {
  const ui = store.state.ui;
  const data = kind === "claim" ? { code: ui.claim.trim() } : { code: ui.code.trim().toUpperCase(), name: ui.name.trim() };
  ui.joining = kind;
  store.set({ pending: "join", error: null });
  const answer = await net.request(kind, data);
  if (answer.ok) {
    localStorage.setItem(TOKEN, answer.token);
    store.ui({ note: null });
    store.set({ pending: null, error: null });
  } else store.set({ pending: null, error: answer.error });
}

function actionsFor() { return group(store.state.msg && store.state.msg.legal_actions); }

root.addEventListener("click", (ev) => {
  const el = ev.target.closest("[data-act]");
  if (!el || el.disabled) return;
  const act = el.dataset.act;
  const groups = actionsFor();
  if (chooserClick(el, store, (c) => groups.get(c.type) || [], (a) => net.act(a))) return;
  if (act === "do") {
    const list = groups.get(el.dataset.type);
    if (list && list.length === 1) net.act(list[0]).then((ans) => {
      if (ans && ans.ok && el.dataset.type === "leave") forget(null);
    });
  } else if (act === "open") store.ui({ choice: newChoice(el.dataset.type) });
  else if (act === "join") join("join");
  else if (act === "claim") join("claim");
  else if (act === "reclaim") net.connect({ token: token() });
  else if (act === "forget") { store.set({ conn: "connecting", refusal: null }); forget(null); }
  else if (act === "lang") setLang(currentLang() === "nl" ? "en" : "nl").then(render);
  else if (act === "theme") { toggleTheme(); render(); }
});

root.addEventListener("input", (ev) => {
  const el = ev.target;
  if (el.dataset.input) { store.state.ui[el.dataset.input] = el.value; return; }
  chooserInput(el, store, (c) => actionsFor().get(c.type) || []);
});

root.addEventListener("keydown", (ev) => {
  const el = ev.target;
  if (ev.key === "Enter" && el.dataset.input) { join(el.dataset.input === "claim" ? "claim" : "join"); return; }
  if (el.dataset && el.dataset.hold && (ev.key === " " || ev.key === "Enter") && !ev.repeat) { ev.preventDefault(); look(true); }
});
window.addEventListener("keyup", (ev) => {
  if (store.state.ui.look && (ev.key === " " || ev.key === "Enter")) look(false);
});

rememberDetails(root, store);

// Bluff cards show only while the button is held down.
function look(on) { if (store.state.ui.look !== on) store.ui({ look: on }); if (on) $("[data-hold]")?.focus(); }
let holder = null; // the pointer holding the button: another finger may tap a card meanwhile
root.addEventListener("pointerdown", (ev) => {
  if (ev.target.closest("[data-hold]")) { ev.preventDefault(); holder = ev.pointerId; look(true); }
});
for (const type of ["pointerup", "pointercancel"]) {
  window.addEventListener(type, (ev) => {
    if (store.state.ui.look && (holder === null || ev.pointerId === holder)) { holder = null; look(false); }
  });
}
root.addEventListener("contextmenu", (ev) => { if (ev.target.closest("[data-hold]")) ev.preventDefault(); });
document.addEventListener("visibilitychange", () => { if (document.hidden) look(false); });

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
  if (msg && st.ui.choice && !group(msg.legal_actions).has(st.ui.choice.type)) st.ui.choice = null;
  render();
});

applyTheme();
await loadLang();
net.connect(token() ? { token: token() } : {});
render();

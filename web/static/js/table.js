// The table screen: lobby with the QR code, then the game as the family watches it, the banker's
// drawer, and the end. Everything it offers comes from the table's legal_actions.

import { h, icon, $ } from "./dom.js";
import { loadLang, setLang, currentLang, t, money } from "./i18n.js";
import { Store } from "./store.js";
import { Net, newId } from "./net.js";
import { group, isSimple, OPEN, actionLabel, playerName } from "./actions.js";
import { newChoice, renderChooser, chooserClick, chooserInput } from "./chooser.js";
import { eventText, waitingText, quiet, casinoName } from "./words.js";
import { rememberDetails, setCountdown, countdownLine, themeButton, langButton, applyTheme, toggleTheme, keepFocus, restoreFocus, errorText, markState } from "./common.js";
import { Stage } from "./stage.js";
import { soundOn, setSound } from "./sounds.js";
import { moneyChart } from "./chart.js";
import { firstRunHelp } from "./firstrun.js";
import { versionLine } from "./about.js";
import { needsConfirm, confirmBox } from "./confirm.js";
import { keepAwake } from "./wakelock.js";
import { pawnClass, pawnMark } from "./pawn.js";
import { offer as offerMoment } from "./banners.js";
import { boardEditor, boardClick, boardFile } from "./board-editor.js";
import { BoardRing, lapLine } from "./board-ring.js";

const KEY = document.body.dataset.key;
const store = new Store();
const net = new Net(store);
const root = $("#app");
let stage = null;
let ring = null;
// The reveal clock (docs/protocol.md): while the host's `reveal` runs, the stage plays the new
// outcomes and everything else keeps showing `held`, the message from before them.
let held = null;
let lastShown = null;
let fed = null;
const shown = () => held || store.state.msg;
const revealing = () => { const m = store.state.msg; return !!(m && m.kind === "game" && m.reveal); };

store.state.ui = { choice: null, drawer: false, games: null, settings: null, box: null, saved: false };

// ---------- pieces ----------

function bar(msg) {
  const inGame = msg && msg.kind === "game";
  const on = soundOn();
  return h("header", { class: "bar" },
    h("span", { class: "brand", text: t("app.name") }),
    inGame ? h("span", { class: "turn-no", text: t("table.turn", { n: msg.view.turn_number }) }) : null,
    h("span", { class: "spacer" }),
    inGame ? h("button", { type: "button", class: "tool", "data-act": "sound", "aria-pressed": on ? "true" : "false",
      "aria-label": on ? t("ui.sound_off") : t("ui.sound_on"), title: on ? t("ui.sound_off") : t("ui.sound_on") }, icon(on ? "sound" : "mute")) : null,
    langButton(), themeButton(),
    msg ? h("button", { type: "button", class: "tool drawer-btn", "data-act": "drawer", "aria-expanded": store.state.ui.drawer ? "true" : "false",
      "aria-controls": "drawer" }, icon("coins"), h("span", { text: ` ${t("ui.drawer")}` })) : null);
}

function banner() {
  const c = store.state.conn;
  if (c === "offline" || (c === "connecting" && store.state.msg)) return h("div", { class: "banner quiet", role: "status", "data-banner": "reconnecting", text: t("conn.reconnecting") });
  return null;
}

function dot(on, phone = true) {
  if (!phone) return h("span", { class: "dot none", role: "img", "aria-label": t("table.no_phone"), title: t("table.no_phone") });
  return h("span", { class: `dot ${on ? "on" : "off"}`, role: "img", "aria-label": on ? t("conn.on") : t("conn.off"), title: on ? t("conn.on") : t("conn.off") });
}

function casinoChip(c, small = false) {
  return h("li", { class: `casino-chip c-${c.colour}${small ? " small" : ""}`, "data-casino": c.id },
    h("span", { class: "swatch", "aria-hidden": "true" }), icon(c.symbol),
    h("span", { text: c.name }),
    h("span", { class: "sr", text: ` (${t(`colour.${c.colour}`)}, ${t(`symbol.${c.symbol}`)})` }));
}

function chooserFor(actions, choice, view, extra = {}) {
  return renderChooser(actions, choice, { view, pending: !!store.state.pending || revealing(), pad: false, ...extra });
}

// A group of actions as one control: a button, or a chooser when open.
function controls(actions, view, as = null, cls = "") {
  const groups = group(actions);
  const wrap = h("div", { class: `controls ${cls}` });
  const choice = store.state.ui.choice;
  const pending = !!store.state.pending || revealing();
  for (const [type, list] of groups) {
    if (choice && choice.type === type && (choice.as ?? null) === as) { wrap.append(chooserFor(list, choice, view)); continue; }
    wrap.append(h("button", { type: "button", class: `btn${type === "start" || type === "roll" ? " primary" : ""}`,
      "data-act": isSimple(list) ? "do" : "open", "data-type": type, "data-as": as ?? "", disabled: pending, text: actionLabel(type) }));
  }
  return wrap;
}

// ---------- lobby ----------

// How phones join: the QR code, the code, the addresses. Help for a phone that cannot open the
// page belongs at the end of this box.
function joinBox(v, tb) {
  return h("section", { class: "join-box", "aria-label": t("lobby.scan") },
    h("h1", { text: t("lobby.scan") }),
    tb.qr_svg ? h("img", { class: "qr", src: tb.qr_svg, alt: t("lobby.scan"), width: 320, height: 320 }) : null,
    h("p", { class: "code-line" }, h("span", { text: t("join.code") }), h("strong", { class: "join-code", "data-out": "code", text: v.code || tb.code || "" })),
    h("p", { class: "addr" }, h("span", { text: `${t("lobby.or_open")} ` }), h("strong", { "data-out": "join-url", text: tb.join_url || "" })),
    (tb.join_urls || []).length > 1 ? h("details", {}, h("summary", { text: t("lobby.other_addresses") }),
      h("ul", {}, tb.join_urls.slice(1).map((u) => h("li", { text: u })))) : null);
}

function lobby(msg) {
  const v = msg.view, tb = msg.table || {};
  const groups = group(msg.legal_actions);
  const moves = groups.get("move_seat") || [];
  const removes = new Set((groups.get("remove_player") || []).map((a) => a.seat));
  const list = h("ol", { class: "lobby-players", "aria-label": t("lobby.order") });
  v.players.forEach((p, i) => {
    const up = moves.find((a) => a.seat === p.seat && a.to === i - 1);
    const down = moves.find((a) => a.seat === p.seat && a.to === i + 1);
    list.append(h("li", { class: `lp ${pawnClass(p)}`, "data-seat": p.seat },
      dot(p.connected, p.phone), pawnMark(p), h("span", { class: "pname", text: p.name }),
      p.phone ? null : h("span", { class: "tag", text: t("lobby.no_phone") }),
      h("span", { class: "spacer" }),
      h("button", { type: "button", class: "tool", "data-act": "move", "data-seat": p.seat, "data-to": i - 1, disabled: !up || !!store.state.pending, "aria-label": `${t("ui.up")}: ${p.name}` }, "↑"),
      h("button", { type: "button", class: "tool", "data-act": "move", "data-seat": p.seat, "data-to": i + 1, disabled: !down || !!store.state.pending, "aria-label": `${t("ui.down")}: ${p.name}` }, "↓"),
      removes.has(p.seat) ? h("button", { type: "button", class: "tool danger", "data-act": "remove", "data-seat": p.seat, "aria-label": `${t("ui.remove")}: ${p.name}` }, "✕") : null));
  });
  const n = v.players.length;
  const need = Math.max(0, (v.min_players || 3) - n);
  const other = ["add_player", "lock", "unlock", "start"].filter((k) => groups.has(k));
  const main = [];
  for (const k of other) main.push(...groups.get(k));
  return h("main", { class: "lobby-grid" },
    joinBox(v, tb),
    h("section", { class: "lobby-side" },
      h("h2", { text: t("lobby.order") }),
      h("p", { class: "hint", text: `${t("lobby.count", { n })} · ${need ? t("lobby.need", { n: need }) : t("lobby.ready")}` }),
      list,
      firstRunHelp(v),
      v.locked ? h("p", { class: "note", text: t("lobby.locked") }) : null,
      controls(main, v, null, "lobby-controls"),
      store.state.error ? h("p", { class: "problem", role: "alert", text: errorText(store.state.error) }) : null,
      groups.has("set_settings") ? settingsForm(v) : null,
      groups.has("set_box") ? boxEditor(v) : null,
      groups.has("set_settings") ? boardEditor(v, store.state.ui, !!store.state.pending, store.state.error) : null));
}

const SETTINGS = [
  ["starting_money", "money"], ["starting_casinos", [1, 2]], ["starting_bluff_cards", [0, 1]],
  ["bank_reserve", "money_or_none"], ["unit", "money"], ["combination_by", ["start", "playing"]],
  ["everybody_ties", ["replay", "nobody"]], ["auction_seconds", "int"],
];

function settingsForm(v) {
  const s = v.settings || {};
  const draft = store.state.ui.settings || {};
  const val = (k) => (k in draft ? draft[k] : s[k]);
  const rows = SETTINGS.map(([k, kind]) => {
    let input;
    if (Array.isArray(kind)) {
      input = h("select", { "data-set": k }, kind.map((o) => h("option", { value: o, selected: String(val(k)) === String(o) ? true : null,
        text: typeof o === "number" ? String(o) : t(`settings.${k}_${o}`) })));
    } else {
      const x = val(k);
      input = h("input", { type: "number", "data-set": k, min: 0, step: kind === "int" ? 1 : s.unit || 10000, value: x === null || x === undefined ? "" : x });
    }
    return h("label", { class: "field" }, h("span", { text: t(`settings.${k}`) }), input);
  });
  const deck = s.bluff_deck || {};
  const ddraft = draft.bluff_deck || deck;
  const deckRow = h("fieldset", { class: "deck" }, h("legend", { text: t("settings.bluff_deck") }),
    ["blank", "roulette", "dice", "cards"].map((k) => h("label", { class: "field small" }, h("span", { text: t(`bluff.${k}`) }),
      h("input", { type: "number", min: 0, max: 40, "data-deck": k, value: ddraft[k] ?? 0 }))));
  return h("details", { class: "settings", open: store.state.ui.settingsOpen ? true : null, "data-details": "settingsOpen" },
    h("summary", { text: t("lobby.settings") }),
    h("div", { class: "settings-grid" }, rows, deckRow),
    h("button", { type: "button", class: "btn", "data-act": "save-settings", disabled: !!store.state.pending, text: t("settings.save") }));
}

function boxEditor(v) {
  const box = store.state.ui.box || (v.settings.box || []).map((c) => ({ ...c }));
  store.state.ui.box = box;
  const colours = ["blue", "red", "green", "yellow"];
  const rows = box.map((c, i) => h("tr", {},
    h("td", {}, h("input", { "data-box": i, "data-k": "name", value: c.name, maxlength: 40, "aria-label": `${t("settings.name")} ${i + 1}` })),
    h("td", {}, h("select", { "data-box": i, "data-k": "colour", "aria-label": `${t("settings.colour")} ${i + 1}` },
      [...new Set([...colours, c.colour])].map((o) => h("option", { value: o, selected: o === c.colour ? true : null, text: t(`colour.${o}`) })))),
    h("td", {}, h("select", { "data-box": i, "data-k": "symbol", "aria-label": `${t("settings.symbol")} ${i + 1}` },
      ["roulette", "dice", "cards"].map((o) => h("option", { value: o, selected: o === c.symbol ? true : null, text: t(`symbol.${o}`) })))),
    h("td", {}, h("button", { type: "button", class: "tool", "data-act": "box-del", "data-i": i, "aria-label": `${t("ui.remove")}: ${c.name}` }, "✕"))));
  return h("details", { class: "box", open: store.state.ui.boxOpen ? true : null, "data-details": "boxOpen" },
    h("summary", { text: t("lobby.box") }),
    h("table", { class: "box-table" },
      h("thead", {}, h("tr", {}, h("th", { text: t("settings.name") }), h("th", { text: t("settings.colour") }), h("th", { text: t("settings.symbol") }), h("th", {}))),
      h("tbody", {}, rows)),
    h("div", { class: "row" },
      h("button", { type: "button", class: "btn", "data-act": "box-add", text: t("settings.add_casino") }),
      h("button", { type: "button", class: "btn primary", "data-act": "save-box", disabled: !!store.state.pending, text: t("settings.save_box") })),
    store.state.ui.saved ? h("p", { class: "hint", role: "status", text: t("settings.saved") }) : null);
}

// ---------- game ----------

// Every player in seat order: the panels keep their places, the current player is highlighted.
function playersPanel(msg) {
  const v = msg.view, tb = msg.table || {};
  const waiting = new Set((v.waiting && v.waiting.seats) || []);
  const ul = h("ul", { class: "tplayers", "data-n": v.players.length, "aria-label": t("table.players") });
  for (const p of [...v.players].sort((x, y) => x.seat - y.seat)) {
    const seat = p.seat;
    const phone = tb.phones ? tb.phones[seat] : true;
    const cas = v.casinos.filter((c) => c.owner === seat);
    const backs = h("span", { class: "backs", role: "img", "aria-label": t("player.bluffs_n", { n: p.bluff_count }), title: t("player.bluffs_n", { n: p.bluff_count }) },
      Array.from({ length: p.bluff_count }, () => h("span", { class: "back-mini", "aria-hidden": "true" })));
    ul.append(h("li", { class: `tplayer ${pawnClass(p)}${v.turn === seat ? " turn" : ""}${waiting.has(seat) ? " waiting" : ""}${p.out ? " out" : ""}`, "data-seat": seat },
      h("div", { class: "tp-top" }, dot(msg.connected && msg.connected[seat], phone), pawnMark(p), h("span", { class: "pname", text: p.name }),
        p.on_lap ? h("span", { class: "tag lap", text: t("player.on_lap") }) : null,
        p.out ? h("span", { class: "tag", text: t("player.out") }) : null,
        h("span", { class: "tp-money", "data-out": `money-${seat}`, text: money(p.money) })),
      h("div", { class: "tp-own" },
        cas.length ? h("ul", { class: "chips" }, cas.map((c) => casinoChip(c, true))) : h("span", { class: "hint", text: t("me.no_casinos") }),
        backs)));
  }
  return ul;
}

// The auction takes the stage: the casino, the highest bid and bidder, who is still in, a large countdown.
function auctionStage(msg) {
  const v = msg.view, w = v.waiting || {};
  const passed = new Set(w.passed || []);
  const casino = (v.casinos || []).find((c) => c.id === w.casino);
  const bidders = v.players.filter((p) => !p.out && !passed.has(p.seat) && p.seat !== w.seller);
  const hasBid = w.bidder !== null && w.bidder !== undefined;
  return h("section", { class: "stage auction", "aria-label": t("table.auction") },
    h("h2", { text: t("table.auction") }),
    casino ? h("ul", { class: "chips auction-casino" }, casinoChip(casino)) : null,
    h("p", { class: "auction-title", text: t("table.auction_of", { casino: casinoName(v, w.casino) }) }),
    h("p", { class: "high", "data-out": "high-bid", text: hasBid ? t("table.high_bid", { amount: money(w.high), name: playerName(v, w.bidder) }) : t("table.no_bid") }),
    countdownLine(),
    h("p", { class: "still-in" }, h("span", { text: `${t("show.still_in")}: ` }),
      bidders.map((p) => h("span", { class: `who ${pawnClass(p)}${hasBid && p.seat === w.bidder ? " leads" : ""}` }, pawnMark(p), h("span", { text: p.name })))),
    h("p", { class: "hint", text: t("table.seller", { name: playerName(v, w.seller) }) }),
    w.forced && w.creditor !== null && w.creditor !== undefined ? h("p", { class: "hint", text: t("table.creditor", { name: playerName(v, w.creditor) }) }) : null);
}

function phonelessPanel(msg) {
  const tb = msg.table || {};
  const v = msg.view;
  const out = [];
  for (const [seat, actions] of Object.entries(tb.phoneless || {})) {
    if (!actions || !actions.length) continue;
    const s = Number(seat);
    out.push(h("section", { class: "phoneless", "data-seat": s, "aria-label": t("table.act_for", { name: playerName(v, s) }) },
      h("h3", { text: t("table.act_for", { name: playerName(v, s) }) }),
      controls(actions, v, s)));
  }
  return out.length ? h("div", { class: "phoneless-box" }, out) : null;
}

function history(msg) {
  const v = msg.view, tb = msg.table || {};
  const times = tb.log_times || [];
  const ol = h("ol", { class: "history", reversed: true, start: (v.log_start || 0) + (v.log || []).length });
  const entries = (v.log || []).map((e, i) => [e, times[i]]).filter(([e]) => !quiet(e)).reverse();
  for (const [e, time] of entries.slice(0, 80)) {
    const corr = e.type === "correction" || e.type === "undone";
    ol.append(h("li", { class: `ev ev-${e.type}${corr ? " corr" : ""}`, "data-ev": e.type },
      time ? h("time", { text: new Date(time * 1000).toLocaleTimeString(currentLang(), { hour: "2-digit", minute: "2-digit" }) }) : null,
      h("span", { text: eventText(e, v) })));
  }
  return h("section", { class: "hist-box", "aria-label": t("table.history") }, h("h2", { text: t("table.history") }), ol);
}

function forSale(v) {
  const free = v.casinos.filter((c) => c.owner === null || c.owner === undefined);
  return h("section", { class: "for-sale", "aria-label": t("table.for_sale") },
    h("h2", { text: t("table.for_sale") }),
    free.length ? h("ul", { class: "chips" }, free.map((c) => casinoChip(c))) : h("p", { class: "hint", text: t("table.none_for_sale") }));
}

function money2(v) {
  return h("div", { class: "purse" },
    h("div", { class: "pot" }, h("span", { class: "label", text: t("table.pot") }), h("strong", { "data-out": "pot", text: money(v.pot) })),
    h("div", { class: "bank" }, h("span", { class: "label", text: t("table.bank") }), h("strong", { "data-out": "bank", text: money(v.bank) })),
    v.debt ? h("p", { class: "debt", text: t("table.debt", { debtor: playerName(v, v.debt.debtor), creditor: v.debt.creditor === null ? t("place.bank") : playerName(v, v.debt.creditor), amount: money(v.debt.amount) }) }) : null);
}

function game(msg) {
  const v = msg.view;
  if (v.over) return endScreen(msg);
  const status = h("p", { class: "big-status", role: "status", "aria-live": "polite", "data-out": "status", text: v.opening ? t("show.opening") : waitingText(v) });
  return h("main", { class: "game-grid" },
    h("aside", { class: "col-players" }, playersPanel(msg)),
    h("section", { class: "col-center" }, status, v.phase === "auction" ? auctionStage(msg) : boardStage(msg), money2(v), phonelessPanel(msg),
      store.state.error ? h("p", { class: "problem", role: "alert", text: errorText(store.state.error) }) : null),
    h("aside", { class: "col-history" }, history(msg), forSale(v)));
}

const RING_EM = 3; // the largest space on the stage's ring; the stage keeps as much room (table.css)

// The stage; with a board map, the ring of its spaces round it with the pawns and the lap.
function boardStage(msg) {
  const board = (msg.table || {}).board;
  stage.el.classList.toggle("has-board", !!board);
  if (!board) { if (ring) ring.el.remove(); return stage.el; }
  if (!ring) ring = new BoardRing("on-stage", RING_EM);
  if (!ring.el.isConnected) stage.el.prepend(ring.el);
  ring.draw(board.spaces, msg.view.casinos);
  ring.update(msg.view);
  stage.el.querySelector(".lap-line")?.remove();
  const lap = lapLine(msg.view, board.spaces);
  if (lap) stage.el.append(lap);
  return stage.el;
}

// The end: the winner, everyone's place, the money chart, and Play again; the seed and the export below.
function endScreen(msg) {
  const v = msg.view;
  const winner = v.winner !== null && v.winner !== undefined ? v.players.find((p) => p.seat === v.winner) : null;
  const again = msg.legal_actions.find((a) => a.type === "play_again");
  return h("main", { class: "end-grid" },
    h("section", { class: "end-main" },
      h("div", { class: `celebrate${winner ? ` ${pawnClass(winner)}` : ""}` },
        h("p", { class: "confetti", "aria-hidden": "true" }, Array.from({ length: 14 }, (_, i) => h("span", { class: `bit b${i % 7}` }))),
        h("h1", { class: "winner", "data-out": "winner" }, winner ? pawnMark(winner) : null, h("span", { text: winner ? t("end.winner", { name: winner.name }) : t("end.title") })),
        again ? h("button", { type: "button", class: "btn primary big", "data-act": "do", "data-type": "play_again", disabled: !!store.state.pending, text: t("act.play_again") }) : null),
      h("h2", { text: t("show.ranking") }), ranking(v),
      store.state.error ? h("p", { class: "problem", role: "alert", text: errorText(store.state.error) }) : null),
    h("section", { class: "end-side" },
      h("h2", { text: t("end.chart") }), moneyChart(v),
      h("details", { class: "check" }, h("summary", { text: t("show.check") }),
        h("p", {}, h("code", { class: "seed", "data-out": "seed", text: v.seed || "" })),
        h("p", { class: "hint", text: t("end.seed_help") }),
        h("a", { class: "btn", href: `/export/${encodeURIComponent(msg.game_id)}.json?key=${encodeURIComponent(KEY)}`, download: `cashrun-${msg.game_id}.json`, "data-out": "export", text: t("end.export") }))));
}

// Everyone's place: the winner first, then the players still in by money, then the bankrupt, last out first.
function ranking(v) {
  const outAt = new Map();
  (v.log || []).forEach((e, i) => { if (e.type === "bankrupt") outAt.set(e.seat, i); });
  const place = (p) => (p.seat === v.winner ? [0, 0] : p.out ? [2, -(outAt.get(p.seat) ?? -1)] : [1, -p.money]);
  const order = [...v.players].sort((a, b) => { const x = place(a), y = place(b); return x[0] - y[0] || x[1] - y[1]; });
  return h("ol", { class: "ranking", "data-out": "ranking" }, order.map((p, i) => h("li", { class: `rank ${pawnClass(p)}${p.seat === v.winner ? " first" : ""}`, "data-seat": p.seat },
    h("span", { class: "place", text: String(i + 1) }), pawnMark(p), h("span", { class: "pname", text: p.name }),
    p.out ? h("span", { class: "tag", text: t("player.out") }) : null,
    h("span", { class: "spacer" }),
    h("span", { class: "hint", text: t("show.casinos_n", { n: v.casinos.filter((c) => c.owner === p.seat).length }) }),
    h("strong", { class: "rank-money", text: money(p.money) }))));
}

// ---------- the banker's drawer ----------

// A claim code stays covered until the banker shows it: whoever types it gets the seat and its cards.
function claimLine(v, seat, code) {
  const name = playerName(v, seat);
  const open = !!(store.state.ui.claimShown || {})[seat];
  return h("li", { class: "claim", "data-seat": seat },
    h("p", { class: "claim-warning", role: "note", text: t("show.claim_warning", { name }) }),
    h("div", { class: "row" },
      open ? h("strong", { class: "claim-code", "data-out": `claim-${seat}`, text: t("table.claim_code", { name, code }) })
        : h("span", { class: "claim-code covered", "data-out": `claim-${seat}`, "aria-label": t("show.claim_hidden"), text: `${name}: ••••••` }),
      h("button", { type: "button", class: "btn", "data-act": "claim-show", "data-seat": seat, "aria-pressed": open ? "true" : "false",
        text: open ? t("show.claim_hide") : t("show.claim_show", { name }) })));
}

const CORRECTIONS = ["transfer", "move_casino", "give_bluff", "take_bluff", "move_pawn"];

function drawer(msg) {
  if (!store.state.ui.drawer) return null;
  const v = msg.view, tb = msg.table || {};
  const groups = group(msg.legal_actions);
  const pick = (types) => types.flatMap((k) => groups.get(k) || []);
  const claims = Object.entries(tb.claims || {});
  const games = store.state.ui.games;
  const sections = [
    h("p", { class: "hint", text: t("table.drawer_hint") }),
    pick(["undo", "close_auction", "confirm_lap", "reject_lap"]).length ? controls(pick(["undo", "close_auction", "confirm_lap", "reject_lap"]), v, null, "quick-banker") : null,
    pick(CORRECTIONS).length ? h("section", { "aria-label": t("table.corrections") },
      h("h3", { text: t("table.corrections") }), controls(pick(CORRECTIONS), v)) : null,
    groups.has("claim_code") ? h("section", { "aria-label": t("table.claim_codes") },
      h("h3", { text: t("table.claim_codes") }),
      h("div", { class: "row" }, groups.get("claim_code").map((a) => h("button", { type: "button", class: "btn", "data-act": "claim", "data-seat": a.seat,
        disabled: !!store.state.pending, text: t("table.claim_for", { name: playerName(v, a.seat) }) }))),
      claims.length ? h("ul", { class: "claims" }, claims.map(([seat, c]) => claimLine(v, Number(seat), c.code))) : null,
      h("p", { class: "hint", text: t("table.claim_help") })) : null,
    h("section", { "aria-label": t("table.saved_games") },
      h("h3", { text: t("table.saved_games") }),
      h("button", { type: "button", class: "btn", "data-act": "games", text: t("table.load_games") }),
      games ? h("ul", { class: "games" }, games.map((g) => h("li", {},
        h("span", { text: `${g.code} · ${(g.players || []).join(", ")} · ${t(`table.status_${g.status}`)}${g.current ? ` (${t("table.current")})` : ""}` }),
        g.current ? null : h("button", { type: "button", class: "btn", "data-act": "resume", "data-game": g.id, text: t("table.resume") }),
        h("a", { class: "link", href: `/export/${encodeURIComponent(g.id)}.json?key=${encodeURIComponent(KEY)}`, text: t("table.export") })))) : null,
      groups.has("new_game") ? controls(groups.get("new_game"), v) : null),
    versionLine(),
  ];
  return h("aside", { id: "drawer", class: "drawer", "aria-label": t("ui.drawer") },
    h("div", { class: "drawer-head" }, h("h2", { text: t("ui.drawer") }),
      h("button", { type: "button", class: "tool", "data-act": "drawer", "aria-label": t("ui.drawer_close") }, "✕")),
    sections);
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
  root.replaceChildren(bar(msg), banner() || "", screen, msg && st.conn !== "refused" ? drawer(msg) || "" : "",
    confirmBox(st.ui.confirm) || "");
  // The game is one screen sized by the viewport: nothing to scroll, not even what the lobby scrolled.
  const fill = !!msg && msg.kind === "game" && st.conn !== "refused";
  document.body.classList.toggle("fill", fill);
  if (fill && document.scrollingElement.scrollTop) document.scrollingElement.scrollTop = 0;
  markState(root, { ...st, msg });
  root.dataset.reveal = revealing() ? "1" : "";
  if (stage) stage.el.dataset.reveal = revealing() ? "1" : "";
  restoreFocus(focus);
  moveFocus(st.ui);
}

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
});

// ---------- input ----------

function actionsFor(choice) {
  const msg = shown();
  if (!msg) return [];
  const list = choice.as !== null && choice.as !== undefined ? ((msg.table || {}).phoneless || {})[choice.as] || [] : msg.legal_actions;
  return group(list).get(choice.type) || [];
}

function send(action, as) { return net.act(action, as); }

function findAction(type, as, pred = () => true) {
  const msg = shown();
  const list = as !== null && as !== "" && as !== undefined ? ((msg.table || {}).phoneless || {})[as] || [] : msg.legal_actions;
  return list.find((a) => a.type === type && pred(a));
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
  } else if (act === "confirm-yes") {
    const c = store.state.ui.confirm;
    store.ui({ confirm: null });
    if (c) doAction(c.action, c.as);
  } else if (act === "confirm-no") store.ui({ confirm: null });
  else if (act === "claim-show") {
    const shownClaims = { ...(store.state.ui.claimShown || {}) };
    shownClaims[el.dataset.seat] = !shownClaims[el.dataset.seat];
    store.ui({ claimShown: shownClaims });
  } else if (act === "open") store.ui({ choice: newChoice(el.dataset.type, as) });
  else if (act === "move") {
    const a = findAction("move_seat", null, (x) => x.seat === Number(el.dataset.seat) && x.to === Number(el.dataset.to));
    if (a) send(a);
  } else if (act === "remove") {
    const a = findAction("remove_player", null, (x) => x.seat === Number(el.dataset.seat));
    if (a) ask(a, null);
  } else if (act === "claim") {
    const a = findAction("claim_code", null, (x) => x.seat === Number(el.dataset.seat));
    if (a) send(a);
  } else if (act === "drawer") store.ui({ drawer: !store.state.ui.drawer });
  else if (act === "sound") { setSound(!soundOn()); render(); }
  else if (act === "lang") setLang(currentLang() === "nl" ? "en" : "nl").then(() => { stage = null; ring = null; received(store.state.msg); render(); });
  else if (act === "theme") { toggleTheme(); render(); }
  else if (act === "games") {
    const ans = await net.request("games", {});
    if (ans.ok) store.ui({ games: ans.games }); else store.set({ error: ans.error });
  } else if (act === "resume") {
    const ans = await net.request("resume", { game: el.dataset.game });
    if (ans.ok) location.href = `/table?key=${encodeURIComponent(ans.table_key)}`; else store.set({ error: ans.error });
  } else if (act === "save-settings") saveSettings();
  else if (act === "box-add") { const box = store.state.ui.box || []; box.push({ name: `${t("space.casino")} ${box.length + 1}`, colour: "blue", symbol: "roulette" }); store.ui({ box, boxOpen: true }); }
  else if (act === "box-del") { const box = store.state.ui.box || []; box.splice(Number(el.dataset.i), 1); store.ui({ box, boxOpen: true }); }
  else if (act === "save-box") {
    const a = findAction("set_box", null);
    if (a) { const ans = await send({ type: "set_box", box: store.state.ui.box }); if (ans && ans.ok) store.ui({ box: null, saved: true }); }
  }
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
  if (ans && ans.ok && ans.table_key) location.href = `/table?key=${encodeURIComponent(ans.table_key)}`;
}

function saveSettings() {
  const msg = shown();
  const cur = msg.view.settings || {};
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

root.addEventListener("input", (ev) => {
  const el = ev.target;
  const ui = store.state.ui;
  if (el.dataset.set) { ui.settings = { ...(ui.settings || {}), [el.dataset.set]: el.value }; return; }
  if (el.dataset.deck) {
    const deck = { ...((ui.settings && ui.settings.bluff_deck) || store.state.msg.view.settings.bluff_deck) };
    deck[el.dataset.deck] = Number(el.value || 0);
    ui.settings = { ...(ui.settings || {}), bluff_deck: deck };
    return;
  }
  if (el.dataset.box !== undefined) { ui.box[Number(el.dataset.box)][el.dataset.k] = el.value; return; }
  chooserInput(el, store, actionsFor);
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
    held = null;
    if (stage) stage.finish();
  } else if (!held && lastShown) held = lastShown.kind === "game" ? lastShown : opening(msg, reveal);
  if (!held) {
    if (msg.kind === "game" && lastShown && lastShown.kind === "game") offerMoment(freshSince(lastShown.view, msg.view), msg.view);
    lastShown = msg;
  }
  if (msg.kind === "game") {
    if (!stage) {
      stage = new Stage();
      stage.onIdle = () => { if (revealing() && reduced()) skipReveal(); };
      // Watching the start (or switching language mid-reveal): play what follows the held state.
      if (held) stage.seen = (held.view.log_start || 0) + held.view.log.length;
    }
    stage.feed(msg.view, reveal);
  }
}

const reduced = () => matchMedia("(prefers-reduced-motion: reduce)").matches;

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

// The banker's skip (a tap on the stage, the space bar), or the end of a shortened animation.
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
    // A seat without a phone: open its main choice right away.
    for (const [seat, actions] of Object.entries((msg.table || {}).phoneless || {})) {
      const g = group(actions);
      const first = [...g.keys()].find((k) => OPEN.includes(k) && !isSimple(g.get(k)));
      if (first) { st.ui.choice = newChoice(first, Number(seat)); break; }
    }
  }
  setCountdown(msg);
  keepAwake(!!msg && msg.kind === "game" && !msg.view.over);
  render();
});

applyTheme();
await loadLang();
if (!KEY) store.set({ conn: "refused", refusal: "bad_key" });
else net.connect({ table_key: KEY });
render();

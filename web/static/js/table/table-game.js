// The table screen during a game: every player's money and casinos, the stage (wheel, dice, card,
// the auction, the board's ring), pot and bank, the seats without a phone and the history.

import { h, own, setText, nodeOf } from "../core/dom.js";
import { currentLang, t, has, money } from "../core/i18n.js";
import { History } from "./table-history.js";
import { playerName } from "../core/actions.js";
import { waitingText, casinoName, eventText } from "../core/words.js";
import { drawRing } from "../fair/draw-clock.js";
import { countdownLine } from "../core/common.js";
import { pawnClass, pawnMark } from "../core/pawn.js";
import { BoardRing, lapLine } from "../board/board-ring.js";
import { dot, casinoChip } from "../core/marks.js";
import { scene, parts, problem, controls, busy, rerender, store, shown } from "./table-shared.js";
import { finaleStage } from "./finale.js";
import { lazy } from "../core/lazy.js";

// Every player in seat order: the panels keep their places, the current player is highlighted.
function playersPanel(msg) {
  const v = msg.view, tb = msg.table || {};
  const waiting = new Set((v.waiting && v.waiting.seats) || []);
  const acting = actingSeat(v);
  const panels = [...v.players].sort((x, y) => x.seat - y.seat).map((p) => {
    const seat = p.seat;
    const phone = tb.phones ? tb.phones[seat] : true;
    const connected = msg.connected && msg.connected[seat];
    const cas = v.casinos.filter((c) => c.owner === seat);
    return parts.use(`player-${seat}`, [p, acting === seat, waiting.has(seat), connected, phone, needs, ...cas],
      () => playerPanel(p, acting === seat, cas, waiting.has(seat), connected, phone));
  });
  return h("ul", { class: "tplayers", "data-n": v.players.length, "aria-label": t("table.players") }, panels);
}

// The seat whose panel is framed: the one who spins, rolls or draws while a stake's draw waits for
// a tap, else the player whose turn it is.
function actingSeat(v) {
  const w = v.waiting || {};
  return v.phase === "opponent_draw" && typeof w.spinner === "number" ? w.spinner : v.turn;
}

// One player's panel; `cas`: their casinos; `waits`: the game waits for them (the pulsing dot).
function playerPanel(p, turn, cas, waits, connected, phone) {
  const seat = p.seat;
  const backs = h("span", { class: "backs", role: "img", "aria-label": t("player.bluffs_n", { n: p.bluff_count }), title: t("player.bluffs_n", { n: p.bluff_count }) },
    Array.from({ length: p.bluff_count }, () => h("span", { class: "back-mini", "aria-hidden": "true" })));
  // The money never gives way: the name does (an ellipsis, the whole name in its title), and
  // the tags take a line of their own.
  const tags = [p.on_lap ? h("span", { class: "tag lap", text: t("player.on_lap") }) : null,
    p.out ? h("span", { class: "tag", text: t("player.out") }) : null].filter(Boolean);
  return h("li", { class: `tplayer ${pawnClass(p)}${turn ? " turn" : ""}${waits ? " waiting" : ""}${p.out ? " out" : ""}`, "data-seat": seat },
    h("div", { class: "tp-top" }, dot(connected, phone), pawnMark(p),
      h("span", { class: "pname", title: p.name, text: p.name }),
      h("span", { class: "wait-dot", "aria-hidden": "true", hidden: !waits }),
      h("span", { class: "tp-money", "data-out": `money-${seat}`, text: money(p.money) })),
    tags.length ? h("div", { class: "tp-tags" }, tags) : null,
    h("div", { class: "tp-own" },
      // Kept while the player's casinos are the same: a new amount of money does not build them again.
      parts.use(`chips-${seat}`, cas, () => cas.length ? h("ul", { class: "chips", "data-many": cas.length > 12 ? "2" : cas.length > 4 ? "1" : null }, cas.map((c) => casinoChip(c, true)))
        : h("span", { class: "hint", text: t("me.no_casinos") })),
      needs ? needs.needMark(p) : null, backs));
}

// The auction takes the stage: the casino, the highest bid and bidder, who is still in, a large countdown.
function auctionStage(msg, st) {
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
    h("div", { class: "clock-row" }, countdownLine(), clockControls(msg, st)),
    h("p", { class: "still-in" }, h("span", { text: `${t("show.still_in")}: ` }),
      bidders.map((p) => h("span", { class: `who ${pawnClass(p)}${hasBid && p.seat === w.bidder ? " leads" : ""}` }, pawnMark(p), h("span", { text: p.name, title: p.name })))),
    h("p", { class: "hint", text: t("table.seller", { name: playerName(v, w.seller) }) }),
    w.forced && w.creditor !== null && w.creditor !== undefined ? h("p", { class: "hint", text: t("table.creditor", { name: playerName(v, w.creditor) }) }) : null);
}

// The banker's hand on the auction's clock, on the stage where the family looks: more time, pause
// or resume (host actions, listed while the countdown runs or stands still).
const CLOCK = ["auction_more_time", "auction_pause", "auction_resume"];
function clockControls(msg, st) {
  const mine = (msg.legal_actions || []).filter((a) => CLOCK.includes(a.type));
  return mine.length ? controls(mine, msg.view, st, null, "auction-clock") : null;
}

// The seats without a phone that must act. One alone says "Play for …"; several side by side
// (an auction's bidders, Everybody Plays) show each seat's pawn and name, the name in full
// where the tile has room.
function phonelessPanel(msg, st) {
  const tb = msg.table || {};
  const v = msg.view;
  const seats = Object.entries(tb.phoneless || {}).filter(([, actions]) => actions && actions.length);
  const out = seats.map(([seat, actions]) => {
    const s = Number(seat), p = v.players.find((q) => q.seat === s);
    const choice = st.ui.choice && st.ui.choice.as === s ? st.ui.choice : null;
    // An open chooser names players and casinos and counts in the game's unit: kept while those are the same.
    return parts.use(`seat-${s}`, [actions, p, choice, busy(st), seats.length > 1, ...(choice ? [v.players, v.casinos, v.unit] : [])],
      () => seatPanel(v, st, s, p, actions, seats.length));
  });
  const box = out.length ? h("div", { class: "phoneless-box" }, h("h2", { class: "sr", text: t("table.act_for_title") }), out) : null;
  return [box, out.map((panel) => nodeOf(panel).dataset.chooser)];
}

// A seat's panel; its data-chooser says what its chooser asks: "" (none open), "choosing" or "amount".
function seatPanel(v, st, s, p, actions, n) {
  const title = t("table.act_for", { name: playerName(v, s) });
  const ctl = controls(actions, v, st, s);
  const chooser = ctl.querySelector(".chooser");
  const asks = chooser ? (chooser.classList.contains("has-amount") ? "amount" : "choosing") : "";
  const passes = actions.some((a) => a.type === "pass_bid") ? " passes" : "";
  return h("section", { class: `phoneless${p ? ` ${pawnClass(p)}` : ""}${chooser ? " choosing" : ""}${passes}`, "data-seat": s, "data-chooser": asks, "aria-label": title },
    n > 1 && p ? h("h3", { class: "named", title }, pawnMark(p), h("span", { class: "pname", text: p.name })) : h("h3", { text: title, title }),
    ctl);
}

const historyBox = new History();
const NO_TIMES = [];

// The history, its lines built only for new events.
function history(msg) {
  historyBox.update(msg.view, (msg.table || {}).log_times || NO_TIMES);
  return historyBox.el;
}

function forSale(v) {
  const free = v.casinos.filter((c) => c.owner === null || c.owner === undefined);
  return h("section", { class: "for-sale", "aria-label": t("table.for_sale"), tabindex: "0" },
    h("h2", { text: t("table.for_sale") }),
    free.length ? h("ul", { class: "chips" }, free.map((c) => casinoChip(c))) : h("p", { class: "hint", text: t("table.none_for_sale") }),
    colourLegend(v.casinos));
}

// Each colour of the box with its shape and its word: three of a colour win with four to six players.
function colourLegend(casinos) {
  const colours = [...new Set(casinos.map((c) => c.colour))];
  return h("ul", { class: "legend", "aria-label": t("table.legend") },
    colours.map((c) => h("li", { class: `c-${c}` }, h("span", { class: "swatch", "aria-hidden": "true" }),
      h("span", { text: has(`colour.${c}`) ? t(`colour.${c}`) : c }))));
}

function money2(v) {
  return h("div", { class: "purse" },
    h("div", { class: "pot" }, h("span", { class: "label", text: t("table.pot") }), h("strong", { "data-out": "pot", text: money(v.pot) })),
    h("div", { class: "bank" }, h("span", { class: "label", text: t("table.bank") }), h("strong", { "data-out": "bank", text: money(v.bank) })),
    v.debt ? h("p", { class: "debt", text: t("table.debt", { debtor: playerName(v, v.debt.debtor), creditor: v.debt.creditor === null ? t("place.bank") : playerName(v, v.debt.creditor), amount: money(v.debt.amount) }) }) : null);
}

// The status keeps to two lines: a long sentence steps its type down (.big-status[data-long]).
// Fitted in the frame after new words or another size (not in the observer's callback: its new size
// would go undelivered), on hidden copies out of the column's flow; words fitted before take their
// step in the render (stepFor).
let unfitted = false; // new words since the last fit
let watched = null;
let fitted = null; // the size the last fit gave: a resize to it is the fit's own
let queued = false;
// A copy of the status at each step, in a box of its own size: one layout of the box alone tries
// every step (a step at a time took a layout each, up to four).
const STEPS = 5; // .big-status[data-long] 0 to 4; the last is taken when none before it keeps to two lines
const probes = Array.from({ length: STEPS }, (_, step) => h("p", { class: "big-status fit-probe", "data-long": String(step) }));
const probeBox = own(h("div", { class: "fit-box", "aria-hidden": "true" }, probes));
const sizes = new ResizeObserver(([e]) => {
  const { inlineSize: w, blockSize: ht } = e.borderBoxSize[0];
  if (!fitted || Math.abs(w - fitted[0]) > 0.5 || Math.abs(ht - fitted[1]) > 0.5) fitSoon(true);
});

function fitSoon(again) {
  unfitted ||= again;
  if (queued || !unfitted) return;
  queued = true;
  requestAnimationFrame(() => { queued = false; fit(); });
}

export function fitStatus() {
  const el = document.querySelector('.big-status[data-out="status"]');
  if (el !== watched) {
    if (watched) sizes.unobserve(watched);
    watched = el;
    fitted = null;
    if (el) sizes.observe(el);
  }
  if (el) fitSoon(false);
}

function fit() {
  const el = watched;
  if (!el || !el.isConnected || !unfitted) return;
  unfitted = false;
  const { width } = el.getBoundingClientRect();
  if (!width) return;
  const text = el.textContent;
  for (const probe of probes) {
    probe.style.width = `${width}px`;
    setText(probe, text);
  }
  const step = probes.findIndex((probe, k) => {
    if (k === STEPS - 1) return true;
    const cs = getComputedStyle(probe);
    return (probe.clientHeight - parseFloat(cs.paddingTop) - parseFloat(cs.paddingBottom)) / parseFloat(cs.lineHeight) < 2.5;
  });
  fitted = [width, probes[step].getBoundingClientRect().height];
  lastWidth = width;
  if (fits.size >= 500) fits.clear();
  fits.set(fitKey(text), [step, fitted[1]]);
  if ((el.dataset.long || "0") !== String(step)) el.dataset.long = step;
}

// Words fitted before at the same width (and window height, and language) take the same step at
// once, in the render: no fit after it, so no layout forced in the frame and none done twice.
const fits = new Map(); // fitKey -> [step, the status's height at that step]
let lastWidth = 0; // the status's width at the last fit; a new width is observed and fitted again
let windowHeight = innerHeight; // the type's size follows it too (--u); read when it changes, not in a render
addEventListener("resize", () => { windowHeight = innerHeight; });
const fitKey = (text) => `${currentLang()} ${lastWidth} ${windowHeight} ${text}`;

// The step for new words: a fit's from before, else the step before (the likeliest) till fitted.
function stepFor(text) {
  const known = fits.get(fitKey(text));
  if (!known) { unfitted = true; return watched?.dataset.long; }
  fitted = [lastWidth, known[1]];
  return String(known[0]);
}

// The end's screen and chart, loaded once a game is shown: the first load (the lobby) does without them.
let ending = null;
// Each player's progress mark (needs.js), loaded with the game.
let needs = null;
const loadNeeds = lazy(["./needs.js"], (m) => { needs = m; rerender(); }, rerender);
const loadEnd = lazy(["../table/table-end.js"], (m) => { ending = m; if (shown(store.state).view.over) rerender(); }, rerender);

export function game(msg, st) {
  const v = msg.view;
  loadEnd();
  loadNeeds();
  if (v.over) return ending ? ending.endScreen(msg, st) : h("main", { class: "end-grid" });
  const forfeit = freshForfeit(v, (msg.table || {}).log_times || NO_TIMES);
  const drawing = v.phase === "opponent_draw";
  const text = v.opening ? t("show.opening") : forfeit ? t("show.forfeit_then", { forfeit, next: waitingText(v) }) : waitingText(v);
  scene.stage?.setNote(drawing ? waitingText(v) : forfeit, drawing ? v.waiting.symbol : null);
  // Kept while its words are the same.
  const status = parts.use("status", [text], () =>
    h("p", { class: "big-status", role: "status", "aria-live": "polite", "data-out": "status", "data-long": stepFor(text), text }));
  const [seats, chooser] = phonelessPanel(msg, st);
  return h("main", { class: "game-grid" },
    column(parts.use("players", [v.players, v.turn, (v.waiting || {}).seats, msg.connected, (msg.table || {}).phones, v.casinos, needs],
      () => h("aside", { class: "col-players", "aria-label": t("table.players") }, playersPanel(msg)))),
    column(h("section", { class: `col-center${centreState(v.phase, chooser)}` }, status, drawing ? drawWho(v) : null, probeBox, centreStage(msg, st), parts.use("purse", [v.pot, v.bank, v.debt], () => money2(v)), seats,
      problem(st))),
    column(h("aside", { class: "col-history", "aria-label": t("table.history") }, history(msg), parts.use("for-sale", [v.casinos], () => forSale(v)))));
}

// Whose hand acts in a stake's draw (the one who spins, rolls or draws; none when only the phones
// give their parts) and the ring of the seconds the phones have left (draw-clock.js).
function drawWho(v) {
  const w = v.waiting || {};
  const p = typeof w.spinner === "number" ? v.players.find((q) => q.seat === w.spinner) : null;
  return h("div", { class: "draw-who", "data-out": "draw-who", "data-seat": p ? p.seat : null },
    p ? h("span", { class: `who ${pawnClass(p)}` }, pawnMark(p), h("span", { class: "pname", text: p.name, title: p.name })) : null,
    drawRing(t("draw.clock")));
}

// The text of a `forfeit` that came with the table's last action (a stake's draw whose time ran
// out), or null: the headline and the stage's caption both name the phone that did not answer.
function freshForfeit(v, times) {
  const log = v.log || [];
  const i = log.findLastIndex((e) => e.type === "forfeit");
  if (i < 0 || !times[i] || times[i] !== times[log.length - 1]) return null;
  return eventText(log[i], v);
}

// A column in its grid cell: a grid item cannot be where a layout starts (Chromium lays out a grid
// item only with its grid), so each column sits in a cell of its own and, side by side, is sized by
// it (table.css): a change inside a column is laid out from the column, not from the document.
function column(col) {
  return h("div", { class: "col-cell" }, col);
}

// The middle column's state as classes (a :has() rule restyled it at any change inside).
function centreState(phase, chooser) {
  const on = { auction: phase === "auction", finale: phase === "lap_claim", seats: chooser.length, "seats-2": chooser.length > 1,
    choosing: chooser.some(Boolean), amount: chooser.includes("amount") };
  return Object.keys(on).filter((k) => on[k]).map((k) => ` shows-${k}`).join(""); // prefixed: `.auction` is the stage
}

// What takes the stage: the auction, the lap's finale, or the randomisers (with the board's ring).
function centreStage(msg, st) {
  const { phase } = msg.view;
  if (phase === "auction") return auctionStage(msg, st);
  if (phase === "lap_claim") return finaleStage(msg, st);
  return boardStage(msg);
}

const RING_EM = 3; // the largest space on the stage's ring; the stage keeps as much room (table.css)

// The stage; with a board map, the ring of its spaces round it with the pawns and the lap.
function boardStage(msg) {
  const board = (msg.table || {}).board;
  const { stage } = scene;
  stage.el.classList.toggle("has-board", !!board);
  if (!board) { if (scene.ring) scene.ring.el.remove(); return stage.el; }
  scene.ring ||= new BoardRing("on-stage", RING_EM);
  const { ring } = scene;
  if (!ring.el.isConnected) stage.el.prepend(ring.el);
  ring.draw(board.spaces, msg.view.casinos);
  ring.update(msg.view);
  stage.el.querySelector(".lap-line")?.remove();
  const lap = lapLine(msg.view, board.spaces);
  if (lap) stage.el.append(lap);
  return stage.el;
}

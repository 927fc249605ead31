// The phone's decision: the open chooser and the buttons of my legal actions, or, while the table
// shows an outcome, the words that say so instead of any control; drawn from the message and the
// state they are given.

import { h, icon } from "../core/dom.js";
import { drawLeft, drawRing } from "../fair/draw-clock.js";
import { t, has, money } from "../core/i18n.js";
import { group, isSimple, OPEN, actionLabel, casinoById, playerName, describe, valueLabel } from "../core/actions.js";
import { renderChooser } from "../core/chooser.js";
import { countdownLine } from "../core/common.js";
import { btn, problem, parts } from "./phone-shared.js";

const PRIMARY = ["roll", "draw", "accept_bluff", "buy"];
// Amounts that are a stake: the pad offers the last stake and the usual amounts, one tap each.
const STAKES = ["bet", "play_pot", "buy_back"];
const LAST_STAKE = "cashrun.stake";
// The outcomes the table's stage plays (wording only: which words the phone shows meanwhile).
const SHOWN = ["spin", "dice", "die", "card", "bluff_challenged"];

let stakeNow = Number(localStorage.getItem(LAST_STAKE)) || null; // read once: every render of a stake asks
function lastStake() { return stakeNow; }
function rememberStake(a) {
  if (!STAKES.includes(a.type) || !Number.isInteger(a.amount)) return;
  stakeNow = a.amount;
  localStorage.setItem(LAST_STAKE, String(a.amount));
}

// The kind of outcome among an answer's events that the table now shows, or null.
function shownKind(events) {
  const e = (events || []).find((x) => SHOWN.includes(x.type));
  return e ? e.type : null;
}

// What the table is showing, in words for this phone, or null: my tap on its way, the outcome my own
// act drew (until the next view), or a view the host held for me (I connected during a reveal).
function showingNow(msg, st) {
  if (msg.reveal) return msg.kind === "lobby" ? "opening" : "table";
  if (st.ui.showing) return st.ui.showing;
  return st.pending ? "sending" : null;
}

// Instead of the decision while my tap is on its way or the table shows an outcome: no control.
function showingPanel(kind) {
  return h("section", { class: "showing", role: "status", "aria-live": "polite", "data-out": "showing" },
    h("p", { text: t(`phone.${kind}`) }));
}

const keep = (key, deps, build) => parts.use(key, deps, build);

function chooserOpts(msg, st, extra) {
  return { view: msg.view, pending: !!st.pending, pad: true, extra, together: true,
    stake: { types: STAKES, last: lastStake() }, keep };
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

// The roller's own dice, next to "Where did your pawn land?".
function rolledLine(msg) {
  const v = msg.view;
  if (!["land", "choose_space"].includes(v.phase) || !Array.isArray(v.dice) || v.turn !== msg.seat) return null;
  const [a, b] = v.dice;
  return h("p", { class: "rolled", "data-out": "rolled", text: t("phone.rolled", { a, b, total: a + b }) });
}

// The choice a decision opens by itself when none is open: the first that needs more than a tap.
// The page opens it in the store before it renders the decision (phone-play-input.js).
function firstChoice(msg) {
  const groups = group(msg.legal_actions);
  if (groups.size === 0 || groups.has("draw_for")) return null;
  return [...groups.keys()].find((k) => OPEN.includes(k) && !isSimple(groups.get(k))) || null;
}

// The decision, built again only when something it shows changed (kept between renders otherwise:
// an update that does not touch it, a tap elsewhere): my actions, the parts of the view it names
// (the phase, the waiting, the players, casinos and my cards, the dice, the pot, the log's end that
// marks a new question), my open choice, a tap on its way, a refusal, the auction's clock, the last stake.
function actionsArea(msg, st) {
  const v = msg.view;
  if (!(msg.legal_actions || []).length) return null;
  const logEnd = (v.log_start || 0) + (v.log || []).length;
  return parts.use("decision", [msg.legal_actions, msg.seat, msg.auction, v.phase, v.waiting, v.players, v.casinos, v.you,
    v.dice, v.turn, v.pot, v.unit, logEnd, st.ui.choice, st.pending, st.error, lastStake()], () => decisionArea(msg, st));
}

// The decision: the help first, then the open chooser or the buttons, so the main control sits low,
// under the thumb. A chooser I opened myself shows nothing but its own controls and a way back.
function decisionArea(msg, st) {
  const v = msg.view;
  const groups = group(msg.legal_actions);
  if (groups.has("draw_for")) return spinArea(v, st, msg.seat);
  const helpKey = `help.${v.phase}`;
  const choice = st.ui.choice && groups.has(st.ui.choice.type) ? st.ui.choice : null;
  const opened = choice && !OPEN.includes(choice.type);
  const decision = h("div", { class: "decision", "data-decision": decisionKey(msg, choice) });
  const buttons = [];
  for (const [type, list] of groups) {
    if (opened || (choice && choice.type === type)) continue;
    const simple = isSimple(list);
    buttons.push(btn({ class: `btn${choice ? "" : " big"}${simple && PRIMARY.includes(type) ? " primary" : ""}`,
      "data-act": simple ? "do" : "open", "data-type": type, text: buttonLabel(type, v) }));
  }
  const w = v.waiting || {};
  if (w.symbol && (v.phase === "bluff_offer" || v.phase === "bluff_response")) {
    decision.append(h("p", { class: "game-was", "data-out": "game-was", text: t("cards.game_was", { symbol: t(`symbol.${w.symbol}`) }) }));
  }
  // With a board: where the dice lead comes first, one tap; the chooser below for a pawn moved otherwise.
  const sug = choice && choice.type === "land" && !choice.steps.length && w.suggested && groups.get("land").find((a) => a.at === w.suggested.at);
  if (sug) decision.append(btn({ class: "btn primary big", "data-act": "do", "data-type": "land", "data-at": sug.at, text: describe(sug, v) }));
  // The other choices of this moment sit beside the open chooser's confirm (an auto-opened chooser needs no cancel).
  if (choice) {
    decision.append(renderChooser(groups.get(choice.type), choice,
      { ...chooserOpts(msg, st, decisionExtra(v)), cancel: opened, aside: buttons }));
  } else decision.append(h("div", { class: "buttons" }, buttons));
  return h("section", { class: "actions", "aria-label": t("me.your_move") },
    h("h2", { class: "sr", text: t("me.your_move") }),
    h("p", { class: "status mine", role: "status", text: t("me.your_turn") }),
    has(helpKey) ? h("p", { class: "explain", text: t(helpKey, helpVars(v)) }) : null,
    whyLines(groups), rolledLine(msg), decision, spaceGuide(groups, choice), problem(st));
}

// What each space does, under the question "Where did your pawn land?": a phone under 700 px tall
// has no room for it on the space buttons (phone.css), so it is folded here, one tap away.
function spaceGuide(groups, choice) {
  if (!choice || choice.type !== "land" || choice.steps.length) return null;
  const spaces = [...new Set(groups.get("land").map((a) => a.space))].filter((k) => has(`space_does.${k}`));
  return h("details", { class: "space-guide", "data-out": "space-guide" },
    h("summary", { text: t("phone.space_guide") }),
    h("dl", {}, spaces.map((k) => [h("dt", { text: `${valueLabel("space", k).no} ${t(`space.${k}`)}` }), h("dd", { text: t(`space_does.${k}`) })])));
}

// The choices a turn may start with besides rolling, each with why a player would take it.
const WHY = ["announce", "auction"];
function whyLines(groups) {
  const why = WHY.filter((k) => groups.has(k) && groups.has("roll"));
  return why.length ? h("ul", { class: "why-lines" }, why.map((k) => h("li", { text: t(`help.why_${k}`) }))) : null;
}

// A stake's draw waits for my phone's part. The one who spins, rolls or draws (the rulebook's) is
// told what to do in its own verb ("Spin the roulette for Ann", "Roll the die") and gets one big
// control, the wheel, the die or the card, with the ring of the sides' time under it; the control
// goes inactive once the time is up (draw-clock.js) or at the tap. The link of my chain it sends is
// added when it leaves (phone-play-input.js). The other side's phone gives its part by itself.
function spinArea(v, st, seat) {
  const w = v.waiting || {};
  if (w.spinner !== seat) {
    return h("section", { class: "actions", "aria-label": t("me.your_move") },
      h("p", { class: "status", role: "status", "data-out": "giving", text: t("spin.giving") }));
  }
  const self = w.bettor === seat;
  const todo = t(`spin.you_${w.symbol}${self ? "_self" : ""}`, { bettor: playerName(v, w.bettor) });
  const over = drawLeft() === 0;
  // The whole area is the decision the page keeps in view: what to do comes into view with the control.
  return h("section", { class: "actions spin-area", "aria-label": todo, "data-decision": decisionKey({ view: v }, null) },
    h("p", { class: "status mine", role: "status", "data-out": "spin-todo", text: todo }),
    h("p", { class: "explain", text: self ? t("spin.help_self") : t("spin.help", { bettor: playerName(v, w.bettor) }) }),
    h("div", { class: "decision" },
      btn({ class: "btn big primary spin-control", "data-act": "do", "data-type": "draw_for", "data-out": "spin", "data-symbol": w.symbol,
        disabled: over }, icon(w.symbol, "icon spin-icon"), h("span", { text: t(`spin.${w.symbol}`) })),
      drawRing(t("draw.clock"))),
    problem(st));
}

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

export { actionsArea, auctionLine, chooserOpts, showingNow, showingPanel, shownKind, firstChoice, rememberStake };

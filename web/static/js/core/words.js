// Events and waiting states as sentences: data in, translated words out.

import { t, has, money, list } from "./i18n.js";
import { casinoById, playerName, placeName, pickLabel } from "./actions.js";

const SUIT_SIGN = { hearts: "♥", diamonds: "♦", spades: "♠", clubs: "♣" };
const RED = new Set([1, 3, 5, 7, 9, 12, 14, 16, 18, 19, 21, 23, 25, 27, 30, 32, 34, 36]);
const PLACES = ["seat", "to", "from", "by", "owner", "winner", "loser", "debtor", "creditor", "seller", "buyer", "lowest", "bidder", "challenger", "source", "spinner", "bettor"];
const MONEY = ["amount", "price", "cancelled", "credit"];
const BANKER = -1; // the engine's seat for the banker (a confirm, a rejected lap, an undo)

function cardText(rank, suit) {
  return `${t(`rank.${rank}`)}${SUIT_SIGN[suit] || ""}`;
}
// A face card in words: "schoppenboer", "jack of spades"; a number card: "schoppen 6", "6 of spades".
function cardLong(rank, suit) {
  if (has(`rank_name.${rank}`)) return t("card.face", { rank: t(`rank_name.${rank}`), suit: t(`suit.${suit}`) });
  return t("card.long", { rank: t(`rank.${rank}`), suit: t(`suit.${suit}`) });
}
function numberColour(n) { return n === 0 ? "green" : RED.has(n) ? "red" : "black"; }

function casinoName(view, id) { const c = casinoById(view, id); return c ? c.name : String(id); }

// The fields of an event, ready for a translation's {placeholders}.
function eventVars(e, view) {
  const v = {};
  for (const [k, x] of Object.entries(e)) {
    if (k === "type") continue;
    if (PLACES.includes(k) && x === BANKER) v[k] = t("ev.banker");
    else if (PLACES.includes(k) && (typeof x === "number" || x === "bank" || x === "pot")) v[k] = placeName(view, x);
    else if (MONEY.includes(k) && typeof x === "number") v[k] = money(x);
    else if (k === "casino" && x !== null && x !== undefined) v.casino = casinoName(view, x);
    else if (k === "symbol" && typeof x === "string") v.symbol = t(`symbol.${x}`);
    else if (k === "game") v.game = t(`game.${x}`);
    else if (k === "combination" || k === "casinos") v[k] = (x || []).map((id) => casinoName(view, id)).join(", ");
    else if (k === "seats") v.seats = (x || []).map((s) => playerName(view, s)).join(", ");
    else if (typeof x !== "object") v[k] = x;
  }
  if ("pick" in e && e.game && e.game !== "honours") v.pick = pickLabel(e.game, e.pick);
  if (e.game === "honours") v.pick = t("pick.honours");
  if (e.type === "dice") { v.a = e.values[0]; v.b = e.values[1]; v.total = e.values[0] + e.values[1]; }
  if (e.type === "spin") v.colour = t(`colour.${numberColour(e.number)}`);
  if (e.type === "bluff_challenged") { v.card = t(`bluff.${e.symbol}`); v.played = t(`symbol.${e.played}`); }
  if (e.type === "card") v.card = cardLong(e.rank, e.suit);
  if (e.why) v.why = has(`why.${e.why}`) ? t(`why.${e.why}`) : "";
  if (e.type === "correction") v.what = correctionWhat(e, view);
  if (e.type === "undone") v.action = t(`act.${e.action}`);
  if (e.type === "declined") v.phase = has(`phase.${e.phase}`) ? t(`phase.${e.phase}`) : e.phase;
  if (e.type === "phase") v.phase = t(`phase.${e.phase}`);
  if (e.type === "everybody_result" && e.scores) v.scores = e.scores.map(([s, sc]) => `${playerName(view, Number(s))} ${sc}`).join(", ");
  if (e.type === "shuffle") v.deck = t(`deck.${e.deck}`);
  if (e.type === "landed") v.space = t(`space.${e.space}`);
  if (typeof e.at === "number") v.space_no = e.at + 1;
  if (typeof e.dice_at === "number") v.dice_no = e.dice_at + 1;
  if (e.type === "landed") v.where = e.casino !== undefined && e.casino !== null ? v.casino : e.symbol ? `${v.space} (${v.symbol})` : v.space;
  if (e.type === "game_started") v.players = (e.players || []).join(", ");
  return v;
}

function correctionWhat(e, view) {
  const v = { ...e };
  for (const k of ["from", "to", "seat"]) if (k in e) v[k] = placeName(view, e[k]);
  if (typeof e.amount === "number") v.amount = money(e.amount);
  if ("casino" in e) v.casino = casinoName(view, e.casino);
  if (typeof e.at === "number") v.at = e.at + 1;
  return t(`corr.${e.kind}`, v);
}

// Which translation an event takes: some have variants.
function eventKey(e) {
  switch (e.type) {
    case "pot_game": return e.won ? "ev.pot_won" : "ev.pot_lost";
    case "grand_slam_step": return e.won ? "ev.slam_won" : "ev.slam_lost";
    case "bluff_challenged": return e.valid ? "ev.challenge_true" : "ev.challenge_false";
    case "auction_closed": return e.buyer === "bank" ? "ev.auction_bank" : e.credit > 0 ? "ev.auction_sold_credit" : "ev.auction_sold";
    case "auction_started": return e.forced ? "ev.auction_forced" : "ev.auction_started";
    case "lap_lost": return e.casino === null ? "ev.lap_lost_rule" : "ev.lap_lost";
    case "everybody_result": return e.lowest !== null && e.lowest !== undefined ? "ev.everybody_result" : e.winner !== null && e.winner !== undefined ? "ev.everybody_bank" : "ev.everybody_nobody";
    case "landed": return typeof e.dice_at === "number" ? "ev.landed_named" : e.casino !== undefined && e.casino !== null ? "ev.landed_casino" : e.symbol ? "ev.landed_symbol" : "ev.landed";
    default: return `ev.${e.type}`;
  }
}

function eventText(e, view) {
  const key = eventKey(e);
  if (!has(key)) return t("ev.unknown", { type: e.type });
  // A stake's draw without an opponent's tap, said where phones could spin (not at a table of none).
  const alone = e.alone && view && (view.players || []).some((p) => p.chain);
  const text = t(key, eventVars(e, view)) + (alone ? ` ${t("ev.alone")}` : "");
  return text.charAt(0).toUpperCase() + text.slice(1);
}

const QUIET = new Set(["shuffle", "tuck"]);

// An event the history leaves out: a shuffle, a seen bluff card going back into the pile, and the parts of a purchase or an auction sale that
// its own line already says (the casino moving to the buyer, the price paid).
function quiet(e) {
  return QUIET.has(e.type) || (e.type === "casino_moved" && (e.why === "bought" || e.why === "auction"))
    || (e.type === "paid" && (e.why === "casino" || e.why === "auction"));
}

// "Bob chooses a bet at Las Vegas": what the game waits for, in words.
function waitingText(view) {
  if (!view) return "";
  if (view.over) return view.winner !== null && view.winner !== undefined ? t("wait.over", { name: playerName(view, view.winner) }) : t("wait.over_none");
  const w = view.waiting || {};
  const seats = w.seats || [];
  // "Ann and Bob may bid" (the lap's confirmers: "Ann, Bob or the banker"); `n` picks the verb's form.
  const named = seats.map((s) => playerName(view, s));
  const names = seats.length > 3 ? t("wait.n_players", { n: seats.length }) : view.phase === "lap_claim" ? named.join(", ") : list(named);
  const vars = { name: names, n: seats.length };
  for (const [k, x] of Object.entries(w)) {
    if (k === "seats") continue;
    if (k === "casino" && x !== null) vars.casino = casinoName(view, x);
    else if (PLACES.includes(k) && typeof x === "number") vars[k] = playerName(view, x);
    else if (k === "symbol" && typeof x === "string") vars.symbol = t(`symbol.${x}`);
    else if (MONEY.includes(k) || k === "high" || k === "highest") vars[k] = typeof x === "number" ? money(x) : x;
    else if (typeof x !== "object") vars[k] = x;
  }
  if (vars.casino === undefined) vars.casino = "";
  const phase = view.phase === "opponent_draw" ? drawKey(w) : view.phase;
  const key = seats.length === 0 && has(`wait.${phase}_banker`) ? `wait.${phase}_banker` : `wait.${phase}`;
  return has(key) ? t(key, vars) : t("wait.generic", vars);
}

// Who a stake's draw waits for, by the game's symbol: an opponent spins the roulette, the player
// rolls and draws himself, or only the phones give their parts (no side taps).
function drawKey(w) {
  if (w.spinner === null || w.spinner === undefined) return "opponent_draw_phones";
  return w.spinner === w.bettor ? `opponent_draw_${w.symbol}_self` : `opponent_draw_${w.symbol}`;
}

export { eventText, waitingText, cardText, cardLong, numberColour, SUIT_SIGN, RED, quiet, casinoName };

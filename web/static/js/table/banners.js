// What a big moment's banner says: the event in words, the money that moved, and for some moments
// more (every player's draw in Everybody Plays, the Grand Slam ladder, the lap's set and card).
// When a banner shows and for how long is story.js's to decide; this module only builds it.

import { h } from "../core/dom.js";
import { t, money } from "../core/i18n.js";
import { eventText, cardText, numberColour } from "../core/words.js";
import { placeName } from "../core/actions.js";
import { pawnClass, pawnMark } from "../core/pawn.js";
import { casinoChip } from "../core/marks.js";

// The events that are a big moment, with the sound each plays.
const SOUNDS = {
  game_won: () => "win",
  bankrupt: () => "bankrupt",
  lap_started: () => "won",
  lap_lost: () => "lost",
  auction_closed: () => "banner",
  everybody_result: () => "won",
  grand_slam_step: (e) => (e.won ? "won" : "lost"),
  bluff_challenged: () => "banner",
  bluff_accepted: () => "banner",
  pot_game: (e) => (e.won ? "won" : "lost"),
  game_result: () => "banner",
  landed: () => "banner",
};
const OUTCOMES = new Set(["card", "die", "spin"]);
const STEPS = [1, 2, 3];

// A landing is a moment only when the player named another space than the dice led to.
function isMoment(e) {
  return e.type in SOUNDS && (e.type !== "landed" || typeof e.dice_at === "number");
}
function soundOf(e) { return SOUNDS[e.type](e); }
function kindOf(e) { return e.type === "landed" ? "landed_named" : e.type; }

function person(view, seat) {
  const p = view.players.find((q) => q.seat === seat);
  return p ? h("span", { class: `who ${pawnClass(p)}` }, pawnMark(p), h("span", { text: p.name, title: p.name })) : h("span", { text: placeName(view, seat) });
}

// What one draw shows: a card's rank and suit, a die's face, the wheel's number in its colour.
function outcomeFace(e) {
  if (e.type === "card") {
    const red = e.suit === "hearts" || e.suit === "diamonds";
    return h("strong", { class: `face card-face${red ? " red" : ""}`, text: cardText(e.rank, e.suit) });
  }
  if (e.type === "spin") return h("strong", { class: `face number ${numberColour(e.number)}`, text: String(e.number) });
  return h("strong", { class: "face die-face", text: String(e.value) });
}

// Everybody Plays, from the log before its result: the draws of each round (a tie's replay is a
// round of its own), back to the landing that started it.
function rounds(result, view) {
  const log = view.log || [];
  const at = log.lastIndexOf(result);
  const out = [];
  let round = [];
  for (let i = (at < 0 ? log.length : at) - 1; i >= 0; i--) {
    const e = log[i];
    if (OUTCOMES.has(e.type) && typeof e.seat === "number") round.unshift(e);
    else if (e.type === "everybody_plays") { out.unshift(round); round = []; }
    else if (e.type === "landed" || e.type === "turn") break;
  }
  return out;
}

// Every player's draw side by side, the winner marked; a replay's draws in a row under them.
function draws(e, view) {
  const [first = [], ...again] = rounds(e, view);
  const drawOf = (round, seat) => round.find((d) => d.seat === seat);
  const row = (round, seats, label = null) => h("ol", { class: "draws", "data-round": label ? "again" : "first" },
    label ? h("li", { class: "again", text: label }) : null,
    seats.map((seat) => {
      const d = drawOf(round, seat);
      const top = seat === e.winner, low = seat === e.lowest;
      return h("li", { class: `draw${top ? " top" : ""}${low ? " low" : ""}`, "data-seat": seat },
        d ? outcomeFace(d) : h("strong", { class: "face", text: "?" }), person(view, seat),
        top ? h("span", { class: "mark", "aria-label": t("show.winner_mark"), text: "★" }) : null);
    }));
  const seats = (e.scores || []).map(([seat]) => Number(seat));
  return [row(first, seats), ...again.map((r) => row(r, r.map((d) => d.seat), t("show.again")))];
}

// The Grand Slam ladder: the steps won so far, the one just played, the ones above.
function ladder(e) {
  return h("ol", { class: "ladder" }, STEPS.map((n) => {
    const state = n < e.step || (n === e.step && e.won) ? "won" : n === e.step ? "lost" : "";
    return h("li", { class: `rung ${state}`, "data-step": n, text: t(`show.slam_${n}`) });
  }).reverse());
}

// The lap's start takes the whole stage: who runs, the card that started it, the set that runs.
function lapStart(e, events, view) {
  const card = [...events].reverse().find((x) => x.type === "card" && x.seat === e.seat);
  const set = (e.combination || []).map((id) => view.casinos.find((c) => c.id === id)).filter(Boolean);
  return [
    h("p", { class: "moment-title grand-title", text: t("show.lap_title") }),
    h("p", { class: "grand-who" }, person(view, e.seat), h("span", { text: ` ${t("show.lap_runs")}` })),
    card ? h("p", { class: "grand-card" }, h("span", { text: `${t("show.lap_card")} ` }), outcomeFace(card)) : null,
    set.length ? h("ul", { class: "chips grand-set" }, set.map((c) => casinoChip(c))) : null,
  ];
}

// Each line is said as a sentence (who pays what to whom): its names, arrow and amount are for the eye.
function moneyLines(events, view) {
  const paid = events.filter((e) => e.type === "paid" && e.amount > 0).slice(0, 4);
  const forTheEye = (el) => { el.setAttribute("aria-hidden", "true"); return el; };
  return paid.length ? h("ul", { class: "moved" }, paid.map((e) => h("li", {},
    h("span", { class: "sr", text: t("show.money_moved", { from: placeName(view, e.from), to: placeName(view, e.to), amount: money(e.amount) }) }),
    ...[person(view, e.from), h("span", { class: "arrow", text: "→" }), person(view, e.to), h("strong", { text: money(e.amount) })].map(forTheEye)))) : null;
}

// The banner's children for the moment `e` among `events`.
function bannerContent(e, events, view) {
  if (e.type === "lap_started") return lapStart(e, events, view).filter(Boolean);
  return [
    h("p", { class: "moment-title", text: eventText(e, view) }),
    ...(e.type === "everybody_result" ? draws(e, view) : []),
    e.type === "grand_slam_step" ? ladder(e) : null,
    moneyLines(events, view)].filter(Boolean);
}

export { isMoment, soundOf, kindOf, bannerContent };

// Big moments on the stage: a banner of about four and a half seconds that says what happened and
// the money that moved, with a sound. Shown when the table shows the events (after the reveal); the
// win gets its sound and the end screen's celebration instead.

import { h } from "./dom.js";
import { t, money } from "./i18n.js";
import { eventText } from "./words.js";
import { playerName, placeName } from "./actions.js";
import { pawnClass, pawnMark } from "./pawn.js";
import { play } from "./sounds.js";

const SECONDS = 4.5;
// Which events are a big moment, how much each weighs when one action gives several, and the sound.
const MOMENTS = {
  game_won: [9, () => "win"],
  bankrupt: [8, () => "bankrupt"],
  lap_started: [7, () => "won"],
  lap_lost: [7, () => "lost"],
  auction_closed: [6, () => "banner"],
  everybody_result: [5, () => "won"],
  grand_slam_step: [5, (e) => (e.won ? "won" : "lost")],
  bluff_challenged: [4, () => "banner"],
  bluff_accepted: [4, () => "banner"],
  pot_game: [3, (e) => (e.won ? "won" : "lost")],
  game_result: [3, () => "banner"],
};
const STEPS = [1, 2, 3];

const el = h("div", { class: "moment", role: "status", "aria-live": "assertive", hidden: true });
document.body.append(el);
let timer = null;

function person(view, seat) {
  const p = view.players.find((q) => q.seat === seat);
  return p ? h("span", { class: `who ${pawnClass(p)}` }, pawnMark(p), h("span", { text: p.name })) : h("span", { text: placeName(view, seat) });
}

// Everybody Plays: every draw side by side, the winner marked.
function draws(e, view) {
  return h("ol", { class: "draws" }, (e.scores || []).map(([seat, score]) => {
    const top = Number(seat) === e.winner, low = Number(seat) === e.lowest;
    return h("li", { class: `draw${top ? " top" : ""}${low ? " low" : ""}` },
      h("strong", { class: "score", text: String(score) }), person(view, Number(seat)), top ? h("span", { class: "mark", text: "★" }) : null);
  }));
}

// The Grand Slam ladder: the steps won so far, the one just played, the ones above.
function ladder(e) {
  return h("ol", { class: "ladder" }, STEPS.map((n) => {
    const state = n < e.step || (n === e.step && e.won) ? "won" : n === e.step ? "lost" : "";
    return h("li", { class: `rung ${state}`, "data-step": n, text: t(`show.slam_${n}`) });
  }).reverse());
}

function moneyLines(events, view) {
  const paid = events.filter((e) => e.type === "paid" && e.amount > 0).slice(0, 4);
  return paid.length ? h("ul", { class: "moved" }, paid.map((e) => h("li", {},
    person(view, e.from), h("span", { class: "arrow", "aria-hidden": "true", text: "→" }), person(view, e.to),
    h("strong", { text: money(e.amount) })))) : null;
}

// The new events since the table last showed the game: a banner for the biggest moment among them.
function offer(events, view) {
  let best = null;
  for (const e of events) {
    const m = MOMENTS[e.type];
    if (m && (!best || m[0] >= MOMENTS[best.type][0])) best = e;
  }
  if (!best) return;
  play(MOMENTS[best.type][1](best));
  if (best.type === "game_won") { hide(); return; } // the end screen itself celebrates the win
  el.replaceChildren(...[
    h("p", { class: "moment-title", text: eventText(best, view) }),
    best.type === "everybody_result" ? draws(best, view) : null,
    best.type === "grand_slam_step" ? ladder(best) : null,
    moneyLines(events, view)].filter(Boolean));
  el.dataset.kind = best.type;
  el.hidden = false;
  clearTimeout(timer);
  timer = setTimeout(hide, SECONDS * 1000);
}

function hide() { el.hidden = true; }

el.addEventListener("click", hide);

export { offer, hide };

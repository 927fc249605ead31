// Results you feel: after an outcome that moved my money, a full-width card says what happened and
// "+150,000" or "−150,000". The host sends a view only once the table has revealed its outcome.

import { h } from "../core/dom.js";
import { t, money } from "../core/i18n.js";
import { eventText, quiet } from "../core/words.js";

const WHO = ["seat", "from", "to", "winner", "loser", "debtor", "creditor", "buyer", "by"];
let last = null;   // {seat, money, end} of the previous game view
let result = null; // {delta, text, end, turn}

const logEnd = (v) => (v.log_start || 0) + (v.log || []).length;

// Called with every message: a change of my money since the last view becomes the result shown.
// It lasts the turn it happened in: a new turn brings new decisions, and an old "−100,000" above
// them would be read as theirs.
function noteResult(msg) {
  if (!msg || msg.kind !== "game") { last = null; return; }
  const v = msg.view;
  if (result && v.turn_number !== result.turn) result = null;
  const me = v.players.find((p) => p.seat === msg.seat);
  if (!me) return;
  const end = logEnd(v);
  if (last && last.seat === msg.seat && end > last.end && me.money !== last.money) {
    const fresh = v.log.slice(Math.max(0, last.end - (v.log_start || 0))).filter((e) => !quiet(e));
    const mine = fresh.filter((e) => WHO.some((k) => e[k] === msg.seat));
    const e = mine.find((x) => x.type !== "paid") || mine[mine.length - 1] || fresh[fresh.length - 1];
    result = { delta: me.money - last.money, text: e ? eventText(e, v) : "", end, turn: v.turn_number };
  }
  last = { seat: msg.seat, money: me.money, end };
}

function dismissResult() { result = null; }

// The result shown now (a new object for each new result), or null.
function shownResult() { return result; }

function resultCard() {
  if (!result) return null;
  const gain = result.delta > 0;
  return h("section", { class: `result ${gain ? "gain" : "loss"}`, role: "status", "data-out": "result" },
    h("p", { class: "delta", text: `${gain ? "+" : "−"}${money(Math.abs(result.delta))}` }),
    h("p", { class: "what", text: result.text }),
    h("button", { type: "button", class: "btn", "data-act": "dismiss", text: t("result.ok") }));
}

export { noteResult, resultCard, dismissResult, shownResult };

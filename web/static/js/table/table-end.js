// The end of a game on the table screen: the winner, everyone's place, the money chart, Play again,
// and the seed with the export to check the game.

import { h } from "../core/dom.js";
import { t, has, money } from "../core/i18n.js";
import { moneyChart } from "./chart.js";
import { pawnClass, pawnMark } from "../core/pawn.js";
import { exportOf, problem, rerender } from "./table-shared.js";
import { fairPanel } from "../fair/fair-view.js";
import { tonightBoard } from "../core/tonight.js";

// The end: the winner, everyone's place, the money chart, and Play again; the seed and the export below.
export function endScreen(msg, st) {
  const v = msg.view;
  const winner = v.winner !== null && v.winner !== undefined ? v.players.find((p) => p.seat === v.winner) : null;
  const again = msg.legal_actions.find((a) => a.type === "play_again");
  return h("main", { class: "end-grid" },
    h("section", { class: "end-main" },
      h("div", { class: `celebrate${winner ? ` ${pawnClass(winner)}` : ""}` },
        h("p", { class: "confetti", "aria-hidden": "true" }, Array.from({ length: 14 }, (_, i) => h("span", { class: `bit b${i % 7}` }))),
        h("h1", { class: "winner", "data-out": "winner" }, winner ? pawnMark(winner) : null, h("span", { text: winner ? t("end.winner", { name: winner.name }) : t("end.title") })),
        whyWon(v, winner),
        again ? h("button", { type: "button", class: "btn primary big", "data-act": "do", "data-type": "play_again", disabled: !!st.pending, text: t("act.play_again") }) : null),
      h("h2", { text: t("show.ranking") }), ranking(v),
      tonightBoard(msg),
      problem(st)),
    h("section", { class: "end-side" },
      h("h2", { text: t("end.chart") }), moneyChart(v),
      fairPanel(msg.game_id, { kind: "table", fetchExport: () => exportOf(msg.game_id).then((a) => a.json), rerender, open: !!st.ui.fairOpen }),
      h("details", { class: "check", open: st.ui.checkOpen ? true : null, "data-details": "checkOpen" }, h("summary", { text: t("show.check") }),
        h("p", {}, h("code", { class: "seed", "data-out": "seed", text: v.seed || "" })),
        h("p", { class: "hint", text: t("end.seed_help") }),
        h("button", { type: "button", class: "btn", "data-act": "export", "data-game": msg.game_id, "data-out": "export", text: t("end.export") }))));
}

// Why the winner won, in a sentence: the last one not bankrupt, or the set they held round the lap
// (the lap's combination when the log still holds its start, else their largest set).
function whyWon(v, winner) {
  if (!winner) return null;
  const name = winner.name;
  if (v.players.every((p) => p.seat === winner.seat || p.out)) return h("p", { class: "why-won", "data-out": "why-won", text: t("end.why_last", { name }) });
  const lap = [...(v.log || [])].reverse().find((e) => e.type === "lap_started" && e.seat === winner.seat);
  const ids = lap ? lap.combination : v.casinos.filter((c) => c.owner === winner.seat).map((c) => c.id);
  const held = ids.map((id) => v.casinos.find((c) => c.id === id)).filter(Boolean);
  const text = held.length ? t("end.why_lap", { name, set: setWords(held) }) : t("end.why_lap_only", { name });
  return h("p", { class: "why-won", "data-out": "why-won", text });
}

// "3 green casinos" or "4 roulette casinos": the largest group of one colour or one game.
function setWords(casinos) {
  const largest = (key) => {
    const counts = new Map();
    for (const c of casinos) counts.set(c[key], (counts.get(c[key]) || 0) + 1);
    return [...counts.entries()].sort((a, b) => b[1] - a[1])[0] || [null, 0];
  };
  const [colour, byColour] = largest("colour");
  const [symbol, bySymbol] = largest("symbol");
  return byColour >= bySymbol ? t("end.set_colour", { n: byColour, colour: has(`colour.${colour}`) ? t(`colour.${colour}`) : colour })
    : t("end.set_symbol", { n: bySymbol, symbol: t(`symbol.${symbol}`) });
}

// Everyone's place: the winner first, then the players still in by money, then the bankrupt, last out first.
function ranking(v) {
  const outAt = new Map();
  (v.log || []).forEach((e, i) => { if (e.type === "bankrupt") outAt.set(e.seat, i); });
  const place = (p) => (p.seat === v.winner ? [0, 0] : p.out ? [2, -(outAt.get(p.seat) ?? -1)] : [1, -p.money]);
  const order = [...v.players].sort((a, b) => { const x = place(a), y = place(b); return x[0] - y[0] || x[1] - y[1]; });
  return h("ol", { class: "ranking", "data-out": "ranking" }, order.map((p, i) => h("li", { class: `rank ${pawnClass(p)}${p.seat === v.winner ? " first" : ""}`, "data-seat": p.seat },
    h("span", { class: "place", text: String(i + 1) }), pawnMark(p),
    h("span", { class: "rank-who" }, h("span", { class: "pname", text: p.name }),
      p.out ? h("span", { class: "tag", text: t("player.out") }) : null),
    h("span", { class: "spacer" }),
    h("span", { class: "hint", text: t("show.casinos_n", { n: v.casinos.filter((c) => c.owner === p.seat).length }) }),
    h("strong", { class: "rank-money", text: money(p.money) }))));
}

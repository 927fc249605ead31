// Everyone's money over the game, as an SVG line chart (view.money_history).

import { s, h } from "../core/dom.js";
import { t, money } from "../core/i18n.js";
import { pawnClass, pawnMark } from "../core/pawn.js";

function moneyChart(view) {
  // The chart is drawn 640 units wide and shown as wide as its column, so its type grows with the
  // screen like the rest: 22 units are about 0.95 of the table's --u at 1366×768 and at 1920×1080.
  // The left margin holds the longest axis label (eight digits).
  const W = 640, H = 320, F = 22, R = 16, T = 14, B = 2.2 * F;
  const hist = view.money_history || [];
  const ys = hist.flatMap((p) => p[1]);
  const top = Math.max(...ys, 1);
  const mag = 10 ** Math.floor(Math.log10(top / 4));
  const tick = [1, 2, 2.5, 5, 10].map((m) => m * mag).find((st) => st * 4 >= top);
  const y1 = tick * 4;
  const L = 12 + 0.6 * F * money(y1).length;
  const svg = s("svg", { viewBox: `0 0 ${W} ${H}`, class: "chart", role: "img", "aria-label": t("end.chart") });
  if (hist.length === 0) return svg;
  const xs = hist.map((p) => p[0]);
  const x0 = Math.min(...xs), x1 = Math.max(...xs, x0 + 1);
  const X = (x) => L + (x - x0) / (x1 - x0) * (W - L - R);
  const Y = (y) => T + (1 - y / y1) * (H - T - B);
  for (let k = 0; k <= 4; k++) {
    const v = tick * k;
    svg.append(s("line", { x1: L, x2: W - R, y1: Y(v), y2: Y(v), class: "grid" }),
      s("text", { x: L - 6, y: Y(v), class: "axis", "font-size": F, "text-anchor": "end", "dominant-baseline": "central" }, money(v)));
  }
  svg.append(s("text", { x: (L + W - R) / 2, y: H - 8, class: "axis", "font-size": F, "text-anchor": "middle" }, `${t("end.turn")} ${x0}–${x1}`));
  view.players.forEach((p, i) => {
    const pts = hist.map(([x, m]) => `${X(x).toFixed(1)},${Y(m[i] || 0).toFixed(1)}`).join(" ");
    svg.append(s("polyline", { points: pts, class: `line ${pawnClass(p)}${view.winner === p.seat ? " winner" : ""}` },
      s("title", {}, p.name)));
  });
  const legend = h("ul", { class: "legend" }, view.players.map((p) =>
    h("li", { class: pawnClass(p) }, h("span", { class: "legend-key", "aria-hidden": "true" }), pawnMark(p), h("span", { text: `${p.name}: ${money(p.money)}` }))));
  return h("figure", { class: "chart-box" }, svg, h("figcaption", {}, legend));
}

export { moneyChart };

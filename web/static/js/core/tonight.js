// The evening's scoreboard (the host's `tonight`: games won per player since the first game of the
// evening, across Play again): most wins first, shown from the evening's first win on.

import { h } from "./dom.js";
import { t } from "./i18n.js";

export function tonightBoard(msg) {
  const rows = msg.tonight;
  if (!rows || !rows.length) return null;
  const order = [...rows].sort((a, b) => b.wins - a.wins || a.seat - b.seat);
  return h("section", { class: "tonight", "aria-label": t("tonight.title"), "data-out": "tonight" },
    h("h2", { text: t("tonight.title") }),
    h("ol", {}, order.map((r) => h("li", { "data-seat": r.seat },
      h("span", { class: "pname", text: r.name }), h("strong", { text: t("tonight.wins", { n: r.wins }) })))));
}

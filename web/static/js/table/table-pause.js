// The table's break (the pizza break): every clock stands still, the table shows the standings, and
// the banker's one button plays on. The standings are those of the screen as shown (held while a
// reveal runs), so a break never shows an outcome before the stage has.

import { h } from "../core/dom.js";
import { t, money } from "../core/i18n.js";
import { pawnClass, pawnMark } from "../core/pawn.js";
import { needMark } from "../core/needs.js";
import { problem } from "./table-shared.js";
import { tonightBoard } from "../core/tonight.js";

// Nearest to a winning combination first, then the most money; the bankrupt last.
function standings(v) {
  const key = (p) => [p.out ? 1 : 0, p.needs && p.needs.length ? p.needs[0].missing : 99, -p.money];
  return [...v.players].sort((a, b) => {
    const x = key(a), y = key(b);
    return x[0] - y[0] || x[1] - y[1] || x[2] - y[2];
  });
}

export function pauseScreen(shownMsg, latest, st) {
  const v = shownMsg.view;
  const resume = (latest.legal_actions || []).some((a) => a.type === "resume_game");
  return h("main", { class: "pause-screen", "data-screen": "pause" },
    h("h1", { text: t("pause.title") }),
    h("p", { class: "lead", text: t("pause.lead") }),
    h("h2", { text: t("pause.standings") }),
    h("ol", { class: "ranking", "data-out": "standings" }, standings(v).map((p, i) =>
      h("li", { class: `rank ${pawnClass(p)}`, "data-seat": p.seat },
        h("span", { class: "place", text: String(i + 1) }), pawnMark(p),
        h("span", { class: "rank-who" }, h("span", { class: "pname", text: p.name }),
          p.out ? h("span", { class: "tag", text: t("player.out") }) : null),
        h("span", { class: "spacer" }),
        needMark(p),
        h("span", { class: "hint", text: t("show.casinos_n", { n: v.casinos.filter((c) => c.owner === p.seat).length }) }),
        h("strong", { class: "rank-money", text: money(p.money) })))),
    tonightBoard(latest),
    resume ? h("button", { type: "button", class: "btn primary big", "data-act": "resume-game", disabled: !!st.pending, text: t("pause.resume") }) : null,
    problem(st));
}

// The lap's finale on the stage: the runner says the pawn is back on the Cash & Run space, and the
// stage holds that moment: who, the set that ran, and the banker's two answers, large. The drawer
// keeps the same two answers; no banner covers them (story.question).

import { h } from "../core/dom.js";
import { t } from "../core/i18n.js";
import { playerName } from "../core/actions.js";
import { pawnClass, pawnMark } from "../core/pawn.js";
import { casinoChip } from "../core/marks.js";
import { controls, actionsOf } from "./table-shared.js";
import { question } from "./story.js";

const ANSWERS = ["confirm_lap", "reject_lap"];

export function finaleStage(msg, st) {
  const v = msg.view, w = v.waiting || {};
  question();
  const runner = v.players.find((p) => p.seat === w.seat);
  const set = ((runner && runner.lap_combination) || []).map((id) => v.casinos.find((c) => c.id === id)).filter(Boolean);
  const answers = actionsOf(msg, null).filter((a) => ANSWERS.includes(a.type)).sort((a, b) => ANSWERS.indexOf(a.type) - ANSWERS.indexOf(b.type));
  const others = (w.seats || []).filter((s) => s !== w.seat).map((s) => playerName(v, s));
  return h("section", { class: "stage finale", "data-stage": "finale", "aria-label": t("show.finale_title") },
    h("h2", { class: "finale-title", text: t("show.finale_title") }),
    runner ? h("p", { class: "finale-who" },
      h("span", { class: `who ${pawnClass(runner)}` }, pawnMark(runner), h("span", { "data-out": "runner", text: runner.name })),
      h("span", { text: ` ${t("show.finale_claim")}` })) : null,
    set.length ? h("ul", { class: "chips finale-set", "aria-label": t("show.finale_set") }, set.map((c) => casinoChip(c))) : null,
    h("p", { class: "finale-check", text: t("show.finale_check") }),
    answers.length ? controls(answers, v, st, null, "finale-answers") : null,
    others.length ? h("p", { class: "hint", text: t("show.finale_phones", { names: others.join(", ") }) }) : null);
}

// "What do I still need?": the engine's nearest winning combinations of a player (`needs` in each
// player of the public view) in words for the phone, and as a small mark for the table screen.
// The engine counts them from public state only (who owns which casino), so no screen learns a secret.

import { h, icon } from "./dom.js";
import { t, has } from "./i18n.js";
import { casinoById, playerName } from "./actions.js";

// "blauw casino", "rode casino's", "dobbelsteencasino's"; a family's own colour word as they wrote it.
function what(need, n) {
  if (need.kind === "symbol") return t(`needs.symbol.${need.of}`, { n });
  const colour = has(`needs.colour.${need.of}`) ? t(`needs.colour.${need.of}`, { n }) : need.of;
  return t("needs.of_colour", { n, colour });
}

// The combination's sign: its symbol, or its colour's swatch (each colour has its shape).
function sign(need) {
  return need.kind === "symbol" ? icon(need.of) : h("span", { class: `c-${need.of}` }, h("span", { class: "swatch", "aria-hidden": "true" }));
}

// "Nog 1 blauw casino: Atlantic City (van Bob)".
function needLine(need, view) {
  if (need.missing === 0) return t("needs.done", { n: need.size, what: what(need, need.size) });
  const names = need.casinos.map((id) => {
    const c = casinoById(view, id);
    const name = c ? c.name : String(id);
    return c && c.owner !== null && c.owner !== undefined ? t("needs.owned", { casino: name, name: playerName(view, c.owner) }) : name;
  });
  return t("needs.more", { n: need.missing, what: what(need, need.missing), casinos: names.join(", ") });
}

// The phone's own list, nearest first; nothing for a player without needs (out of the game).
function needsSection(me, view) {
  const needs = me.needs || [];
  if (!needs.length) return null;
  return h("section", { class: "needs", "aria-label": t("needs.title") },
    h("h2", { text: t("needs.title") }),
    h("ul", {}, needs.map((n) => h("li", { "data-need": `${n.kind}-${n.of}` }, sign(n), h("span", { text: needLine(n, view) })))));
}

// The table's mark: the nearest combination's sign and "2/3", read out in words.
function needMark(p) {
  const need = (p.needs || [])[0];
  if (!need || p.out) return null;
  const said = need.missing === 0 ? t("needs.done", { n: need.size, what: what(need, need.size) })
    : t("needs.short", { n: need.missing, what: what(need, need.missing) });
  return h("span", { class: `need-mark${need.missing === 0 ? " done" : ""}`, role: "img", "aria-label": said, title: said,
    "data-need": `${need.have}/${need.size}` },
  sign(need), h("span", { "aria-hidden": "true", text: `${need.have}/${need.size}` }));
}

export { needsSection, needMark, needLine };
